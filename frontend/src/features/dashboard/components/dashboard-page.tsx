import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import AddTaskOutlined from '@mui/icons-material/AddTaskOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { paths, userGuideUrl } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { LoadingBlock } from '@/components/query-state';
import { ActionStatusChip, CategoryChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { browser } from '@/lib/browser';
import {
  formatDate,
  formatDateTime,
  formatDayOfMonth,
  formatKb,
  formatMonthShort,
  truncate,
} from '@/lib/format';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard-stats';
import {
  GovernanceToDo,
  GovernanceWarnings,
} from '@/features/dashboard/components/governance-warnings';
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

const listSx = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 } as const;

export function DashboardPage() {
  const user = useUser();
  const stats = useDashboardStats();
  const notices = useRecentNotices();
  const meetings = useUpcomingMeetings();
  const actions = useRecentActions();
  const documents = useRecentDocuments();

  const s = stats.data;
  const placeholder = stats.isLoading ? '…' : '—';

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={`Welcome back, ${user.name}. Here is what is happening across the board.`}
      />
      <GovernanceToDo />
      <GovernanceWarnings officer={user.role === 'admin' || user.role === 'chair'} />

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
          to={paths.calendar}
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
          gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' },
          mb: 3,
        }}
      >
        <Section title="Recent Notices">
          {notices.isLoading ? (
            <LoadingBlock />
          ) : !notices.data?.length ? (
            <EmptyState title="No notices found" />
          ) : (
            <Box component="ul" sx={listSx}>
              {notices.data.slice(0, 3).map((n) => (
                <li key={n.id}>
                  <Typography sx={{ fontWeight: 600 }}>{n.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {truncate(n.content, 100)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    Posted {formatDate(n.publishedAt)}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Section>

        <Section title="Upcoming Meetings">
          {meetings.isLoading ? (
            <LoadingBlock />
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
                    <Typography sx={{ fontWeight: 600 }}>{m.title}</Typography>
                    <Typography variant="body2" color="text.secondary">
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
            <LoadingBlock />
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
                    <Typography sx={{ fontWeight: 600 }}>{a.title}</Typography>
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
            <Button
              component={RouterLink}
              to={paths.documents}
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              sx={{ justifyContent: 'flex-start' }}
            >
              Upload Document
            </Button>
            <Button
              component={RouterLink}
              to={paths.actions}
              variant="outlined"
              startIcon={<AddTaskOutlined />}
              sx={{ justifyContent: 'flex-start' }}
            >
              Create Action
            </Button>
            <Button
              component={RouterLink}
              to={paths.notices}
              variant="outlined"
              startIcon={<CampaignOutlined />}
              sx={{ justifyContent: 'flex-start' }}
            >
              Post Notice
            </Button>
            <Button
              component={RouterLink}
              to={paths.trustees}
              variant="outlined"
              startIcon={<PeopleOutline />}
              sx={{ justifyContent: 'flex-start' }}
            >
              View Trustees
            </Button>
            <Button
              variant="outlined"
              startIcon={<MenuBookOutlined />}
              sx={{ justifyContent: 'flex-start' }}
              onClick={() => browser.open(userGuideUrl, '_blank', 'noopener')}
            >
              User Guide
            </Button>
          </Box>
        </Section>

        <Section title="Recently Updated Documents">
          {documents.isLoading ? (
            <LoadingBlock />
          ) : !documents.data?.length ? (
            <EmptyState title="No documents found" />
          ) : (
            <TableContainer tabIndex={0} aria-label="Recently updated documents table">
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Document</TableCell>
                    <TableCell>Category</TableCell>
                    <TableCell>Updated</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {documents.data.slice(0, 3).map((d) => (
                    <TableRow key={d.id}>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {d.title}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {formatKb(d.fileSize)}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <CategoryChip category={d.category} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.updatedAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Section>
      </Box>
    </>
  );
}
