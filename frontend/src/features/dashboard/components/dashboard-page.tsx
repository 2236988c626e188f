import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import AddTaskOutlined from '@mui/icons-material/AddTaskOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { meetingPath, paths, userGuideUrl } from '@/config/paths';
import { ClampedText } from '@/components/clamped-text';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { documentTitleColumn } from '@/components/document-title-column';
import { ActionStatusChip, CategoryChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { browser } from '@/lib/browser';
import { isAdminOrChair } from '@/lib/permissions';
import {
  formatDate,
  formatDateTime,
  formatDayOfMonth,
  formatMonthShort,
  truncate,
} from '@/lib/format';
import type { PortalDocument } from '@/types/api';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard-stats';
import { FigureSkeleton, ListSkeleton } from '@/features/dashboard/components/dashboard-skeletons';
import { quickActionsFor, type QuickActionKey } from '@/features/dashboard/quick-actions';
import { GovernanceWarnings } from '@/features/dashboard/components/governance-warnings';
import { ForYou } from '@/features/dashboard/components/for-you';
import { useMyTasks } from '@/features/dashboard/api/get-my-tasks';
import {
  useRecentActions,
  useRecentDocuments,
  useRecentNotices,
  useUpcomingMeetings,
} from '@/features/dashboard/api/get-recent-lists';

export const ACTIVE_TRUSTEES_FALLBACK = 6;

function StatCard({
  label,
  value,
  to,
  icon,
}: {
  label: string;
  value: ReactNode;
  to: string;
  icon: ReactNode;
}) {
  return (
    <Card>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box
            aria-hidden
            sx={{
              width: 48,
              height: 48,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.light',
              color: 'primary.dark',
              flexShrink: 0,
            }}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3 }}>
              {value}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}
        >
          <Typography variant="h2">{title}</Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

const quickActionIcons: Record<QuickActionKey, ReactNode> = {
  'upload-document': <UploadFileOutlined />,
  'create-action': <AddTaskOutlined />,
  'post-notice': <CampaignOutlined />,
  'browse-documents': <FolderOutlined />,
  'read-minutes': <ArticleOutlined />,
  'view-trustees': <PeopleOutline />,
  'user-guide': <MenuBookOutlined />,
};

const recentDocumentColumns: Column<PortalDocument>[] = [
  documentTitleColumn,
  { header: 'Category', cell: (d) => <CategoryChip category={d.category} /> },
  { header: 'Updated', nowrap: true, cell: (d) => formatDate(d.updatedAt) },
];

// One column that may be narrower than its content: titles wrap to two lines before they are cut with an
// ellipsis (spec §2 "Lists"; the full title is in the DOM, in its tooltip and on the item's own page).
const listSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 1.5,
} as const;

export function DashboardPage() {
  const user = useUser();
  const stats = useDashboardStats();
  const notices = useRecentNotices();
  const meetings = useUpcomingMeetings();
  const actions = useRecentActions();
  const documents = useRecentDocuments();

  const tasks = useMyTasks();

  const s = stats.data;
  const placeholder = stats.isLoading ? <FigureSkeleton /> : '—';

  const top = (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={`Welcome back, ${user.name}. Here is what is happening across the board.`}
      />
      <ForYou />
    </>
  );
  // Nothing below For you is laid out until its list has arrived: its height is the number of tasks,
  // which no placeholder can know, and whatever it pushed down would jump as the reader looks at it
  // (spec §2 On a phone and by keyboard, Steady pages). The other reads are already under way.
  // (The same outer fragment either way, so that For you is not mounted afresh when the rest arrives.)
  if (tasks.isLoading) return <>{top}</>;

  return (
    <>
      {top}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          mb: 3,
        }}
      >
        <StatCard
          label="Pending Actions"
          value={s ? s.pendingActions : placeholder}
          to={paths.actions}
          icon={<TaskAltOutlined />}
        />
        <StatCard
          label="Documents"
          value={s ? s.documents : placeholder}
          to={paths.documents}
          icon={<FolderOutlined />}
        />
        <StatCard
          label="Next Meeting"
          value={s ? (s.nextMeeting ? formatDate(s.nextMeeting) : 'None scheduled') : placeholder}
          to={s?.nextMeetingId ? meetingPath(s.nextMeetingId) : paths.calendar}
          icon={<EventOutlined />}
        />
        <StatCard
          label="Active Trustees"
          value={s ? (s.trustees ?? ACTIVE_TRUSTEES_FALLBACK) : placeholder}
          to={paths.trustees}
          icon={<PeopleOutline />}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
          mb: 3,
        }}
      >
        <Section title="Recent Notices">
          {notices.isLoading ? (
            <ListSkeleton rows={3} lines={2} />
          ) : !notices.data?.length ? (
            <EmptyState title="No notices found" />
          ) : (
            <Box component="ul" sx={listSx}>
              {notices.data.slice(0, 3).map((n) => (
                <li key={n.id}>
                  <ClampedText text={n.title} sx={{ fontWeight: 600 }} />
                  <ClampedText
                    text={truncate(n.content, 100)}
                    variant="body2"
                    color="text.secondary"
                  />
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    Posted {formatDate(n.publishedAt)}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Section>

        <Section title="Upcoming Meetings">
          {meetings.isLoading ? (
            <ListSkeleton rows={3} />
          ) : !meetings.data?.length ? (
            <EmptyState title="No upcoming meetings" />
          ) : (
            <Box component="ul" sx={listSx}>
              {meetings.data.slice(0, 3).map((m) => (
                <Box component="li" key={m.id} sx={{ display: 'flex', gap: 1.5 }}>
                  <Box
                    aria-hidden
                    sx={{
                      width: 48,
                      flexShrink: 0,
                      textAlign: 'center',
                      borderRadius: 2,
                      bgcolor: 'primary.light',
                      color: 'primary.dark',
                      py: 0.5,
                    }}
                  >
                    <Typography variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
                      {formatMonthShort(m.meetingDate)}
                    </Typography>
                    <Typography sx={{ fontWeight: 700, lineHeight: 1 }}>
                      {formatDayOfMonth(m.meetingDate)}
                    </Typography>
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <ClampedText text={m.title} sx={{ fontWeight: 600 }}>
                      <Link component={RouterLink} to={meetingPath(m.id)} color="inherit">
                        {m.title}
                      </Link>
                    </ClampedText>
                    <Typography variant="body2" color="text.secondary">
                      {m.status === 'cancelled' ? 'Cancelled • ' : ''}
                      {formatDateTime(m.meetingDate)}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </Section>

        <Section title="Recent Actions">
          {actions.isLoading ? (
            <ListSkeleton rows={4} />
          ) : !actions.data?.length ? (
            <EmptyState title="No actions found" />
          ) : (
            <Box component="ul" sx={listSx}>
              {actions.data.slice(0, 4).map((a) => (
                <Box
                  component="li"
                  key={a.id}
                  sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
                >
                  <ActionStatusChip status={a.status} />
                  <Box sx={{ minWidth: 0 }}>
                    <ClampedText text={a.title} sx={{ fontWeight: 600 }} />
                    <Typography variant="body2" color="text.secondary">
                      {a.dueDate ? `Due ${formatDate(a.dueDate)}` : 'No deadline'}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </Section>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' },
        }}
      >
        <Section title="Quick Actions">
          <Box sx={{ display: 'grid', gap: 1 }}>
            {quickActionsFor(user).map((action) =>
              action.to ? (
                <Button
                  key={action.key}
                  component={RouterLink}
                  to={action.to}
                  variant="outlined"
                  startIcon={quickActionIcons[action.key]}
                  sx={{ justifyContent: 'flex-start' }}
                >
                  {action.label}
                </Button>
              ) : (
                <Button
                  key={action.key}
                  variant="outlined"
                  startIcon={quickActionIcons[action.key]}
                  sx={{ justifyContent: 'flex-start' }}
                  onClick={() => browser.open(userGuideUrl, '_blank', 'noopener')}
                >
                  {action.label}
                </Button>
              ),
            )}
          </Box>
        </Section>

        <Section title="Recently Updated Documents">
          {documents.isLoading ? (
            <ListSkeleton rows={3} lines={1} />
          ) : !documents.data?.length ? (
            <EmptyState title="No documents found" />
          ) : (
            <ResponsiveTable
              caption="Recently updated documents"
              rows={documents.data.slice(0, 3)}
              rowKey={(d) => d.id}
              columns={recentDocumentColumns}
            />
          )}
        </Section>
      </Box>
      {/* At the foot of the page: these appear only once their data says so, and anything they
          pushed down would jump as the trustee reads it. */}
      <Box sx={{ mt: 3, '& > .MuiAlert-root:last-child': { mb: 0 } }}>
        <GovernanceWarnings officer={isAdminOrChair(user)} />
      </Box>
    </>
  );
}
