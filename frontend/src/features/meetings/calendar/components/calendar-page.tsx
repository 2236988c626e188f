import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import RssFeedOutlined from '@mui/icons-material/RssFeedOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { EmptyState } from '@/components/empty-state';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ToneChip } from '@/components/status-chips';
import { meetingPath } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { downloadMeetingIcs, openExternal } from '@/lib/download';
import { formatLongDate, formatTime } from '@/lib/format';
import { canManageContent, isGuest } from '@/lib/permissions';
import type { Meeting } from '@/types/api';
import { useMeetings } from '@/features/meetings/calendar/api/get-meetings';
import { viewMinutes } from '@/features/meetings/minutes/api/view-minutes';
import { meetingTag } from '@/features/meetings/calendar/meeting-kind';
import { ScheduleMeetingDialog } from '@/features/meetings/calendar/components/schedule-meeting-dialog';
import { SubscribeDialog } from '@/features/meetings/calendar/components/subscribe-dialog';

function MeetingCard({ meeting, upcoming }: { meeting: Meeting; upcoming: boolean }) {
  const notify = useNotify();
  const hasMinutes = !!meeting.minutesLink || meeting.minutesId !== null;
  const openMinutes = () => {
    if (meeting.minutesLink) openExternal(meeting.minutesLink);
    else if (meeting.minutesId !== null)
      viewMinutes(meeting.minutesId).catch((e) => notify(errorToast(e, 'Failed to open minutes')));
  };
  return (
    <Card
      component="article"
      aria-label={meeting.title}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          {meeting.status === 'cancelled' ? (
            <ToneChip label="Cancelled" tone="error" />
          ) : (
            <ToneChip
              label={upcoming ? 'Upcoming' : 'Completed'}
              tone={upcoming ? 'success' : 'default'}
            />
          )}
          <Chip variant="outlined" label={meetingTag(meeting)} />
        </Box>
        <Typography variant="h2" component="h3">
          <Link
            component={RouterLink}
            to={meetingPath(meeting.id)}
            underline="hover"
            color="inherit"
          >
            {meeting.title}
          </Link>
        </Typography>
        {meeting.description && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {meeting.description}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 0.5, mt: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <EventOutlined fontSize="small" aria-hidden />
            <Typography variant="body2">{formatLongDate(meeting.meetingDate)}</Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <ScheduleOutlined fontSize="small" aria-hidden />
            <Typography variant="body2">{formatTime(meeting.meetingDate)}</Typography>
          </Box>
          {meeting.location && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <PlaceOutlined fontSize="small" aria-hidden />
              <Typography variant="body2">{meeting.location}</Typography>
            </Box>
          )}
        </Box>
      </CardContent>
      {
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {meeting.agendaLink && (
            <Button
              variant="outlined"
              size="small"
              onClick={() => openExternal(meeting.agendaLink as string)}
            >
              Agenda
            </Button>
          )}
          {upcoming && meeting.status !== 'cancelled' && meeting.meetingLink && (
            <Button
              variant="contained"
              size="small"
              onClick={() => openExternal(meeting.meetingLink as string)}
            >
              Join Meeting
            </Button>
          )}
          {!upcoming && hasMinutes && (
            <Button variant="outlined" size="small" onClick={openMinutes}>
              Minutes
            </Button>
          )}
          <Button
            variant="outlined"
            size="small"
            component={RouterLink}
            to={meetingPath(meeting.id)}
            aria-label={`Attendance of ${meeting.title}`}
          >
            Attendance
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={<EventAvailableOutlined />}
            aria-label={`Add to calendar: ${meeting.title}`}
            onClick={() =>
              downloadMeetingIcs(meeting.id).catch((e) =>
                notify(errorToast(e, 'Failed to download the calendar file')),
              )
            }
          >
            Add to calendar
          </Button>
        </CardActions>
      }
    </Card>
  );
}

export function CalendarPage() {
  const user = useUser();
  const canManage = canManageContent(user);
  // A guest's meetings are the ones their pass names; they have no calendar feed (spec §6 Guests).
  const guest = isGuest(user);
  const [tab, setTab] = useState<'upcoming' | 'past'>('upcoming');
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const upcoming = tab === 'upcoming';
  const { data, error, isLoading } = useMeetings(upcoming);

  let body;
  if (isLoading) body = <LoadingBlock />;
  else if (error) body = <ErrorBlock error={error} />;
  else if (!data?.length)
    body = upcoming ? (
      <EmptyState
        icon={<EventOutlined />}
        title="No upcoming meetings"
        action={
          canManage && (
            <Button variant="contained" onClick={() => setScheduleOpen(true)}>
              Schedule First Meeting
            </Button>
          )
        }
      />
    ) : (
      <EmptyState icon={<EventOutlined />} title="No past meetings" />
    );
  else
    body = (
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}
      >
        {data.map((m) => (
          <MeetingCard key={m.id} meeting={m} upcoming={upcoming} />
        ))}
      </Box>
    );

  return (
    <>
      <PageHeader
        title={guest ? 'Meetings' : 'Board Calendar'}
        subtitle={
          guest
            ? 'The meetings you were invited to, with their agendas and papers'
            : 'Board meetings, agendas and links to join'
        }
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {!guest && (
              <Button
                variant="outlined"
                startIcon={<RssFeedOutlined />}
                onClick={() => setSubscribeOpen(true)}
              >
                Subscribe
              </Button>
            )}
            {canManage && (
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                onClick={() => setScheduleOpen(true)}
              >
                Schedule Meeting
              </Button>
            )}
          </Box>
        }
      />
      <Tabs
        value={tab}
        onChange={(_, value: 'upcoming' | 'past') => setTab(value)}
        aria-label="Meetings"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="upcoming" label="Upcoming Meetings" />
        <Tab value="past" label="Past Events" />
      </Tabs>
      {body}
      {scheduleOpen && <ScheduleMeetingDialog open onClose={() => setScheduleOpen(false)} />}
      {subscribeOpen && <SubscribeDialog open onClose={() => setSubscribeOpen(false)} />}
    </>
  );
}
