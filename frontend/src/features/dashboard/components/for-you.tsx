// "For you": the signed-in person's open tasks, soonest first, each one tap from what does it
// (spec §2 Dashboard, For you).
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ButtonBase from '@mui/material/ButtonBase';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HourglassBottomOutlined from '@mui/icons-material/HourglassBottomOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { ClampedText } from '@/components/clamped-text';
import { ErrorBlock } from '@/components/query-state';
import { formatDate, formatDateTime } from '@/lib/format';
import type { Task, TaskKind } from '@/types/api';
import { useMyTasks } from '@/features/dashboard/api/get-my-tasks';
import { ListSkeleton } from '@/features/dashboard/components/dashboard-skeletons';

const icons: Record<TaskKind, ReactNode> = {
  'answer-attendance': <EventAvailableOutlined />,
  'read-papers': <MenuBookOutlined />,
  'vote-resolution': <HowToVoteOutlined />,
  'declare-interests': <AssignmentIndOutlined />,
  'do-action': <TaskAltOutlined />,
  'read-minutes': <ArticleOutlined />,
  'publish-agenda': <PublishOutlined />,
  'record-attendance': <FactCheckOutlined />,
  'circulate-minutes': <SendOutlined />,
  'chase-declarations': <GroupsOutlined />,
  'term-ending': <HourglassBottomOutlined />,
  'handle-conflict': <GavelOutlined />,
};

/** When the task falls due, in the spec's formats: a meeting's or a closing's date and time, else a date. */
function when(task: Task): string | null {
  if (task.dueAt) {
    const at = formatDateTime(task.dueAt);
    // Only open resolutions are tasks.
    if (task.kind === 'vote-resolution') return `Closes ${at}`;
    return at;
  }
  if (task.dueDate) {
    const on = formatDate(task.dueDate);
    if (task.kind === 'term-ending') return `Ends ${on}`;
    return task.overdue ? `Overdue: was due ${on}` : `Due ${on}`;
  }
  return null;
}

function TaskRow({ task }: { task: Task }) {
  const date = when(task);
  return (
    <li>
      <ButtonBase
        component={RouterLink}
        to={task.link}
        focusRipple
        sx={{
          width: '100%',
          minHeight: 48,
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'flex-start',
          textAlign: 'left',
          px: 1,
          py: 1,
          borderRadius: 1,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', flexShrink: 0 }}>
          {icons[task.kind]}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <ClampedText text={task.text} sx={{ fontWeight: 600 }} />
          {date && (
            <Typography
              variant="body2"
              color={task.overdue ? 'error' : 'text.secondary'}
              sx={{ fontWeight: task.overdue ? 600 : undefined }}
            >
              {date}
            </Typography>
          )}
        </Box>
        <ChevronRight aria-hidden sx={{ color: 'text.secondary', flexShrink: 0 }} />
      </ButtonBase>
    </li>
  );
}

/** Tasks shown before 'Show all': a phone's first screen keeps room for the board's figures. */
export const FIRST_TASKS = 5;

/** The For-you card: right under the welcome text, above the board's figures. */
export function ForYou() {
  const { data, error, isLoading } = useMyTasks();
  const [all, setAll] = useState(false);
  let body;
  if (isLoading) body = <ListSkeleton rows={2} />;
  else if (error || !data) body = <ErrorBlock error={error} />;
  else if (data.length === 0)
    body = <Typography color="text.secondary">Nothing for you to do.</Typography>;
  else
    body = (
      <Box
        component="ul"
        aria-labelledby="for-you-heading"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
      >
        {(all ? data : data.slice(0, FIRST_TASKS)).map((task) => (
          <TaskRow key={task.id} task={task} />
        ))}
      </Box>
    );
  const more = data && data.length > FIRST_TASKS;
  return (
    <Card component="section" aria-labelledby="for-you-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="for-you-heading" variant="h2" sx={{ mb: 1 }}>
          For you
          {data && data.length > 0 && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1, fontWeight: 400 }}>
              ({data.length})
            </Typography>
          )}
        </Typography>
        {body}
        {more && (
          <Button onClick={() => setAll((shown) => !shown)} aria-expanded={all} sx={{ mt: 1 }}>
            {all ? 'Show fewer' : `Show all ${data.length}`}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
