import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ActionStatusChip } from '@/components/status-chips';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useActionsArising } from '@/features/meetings/minutes/api/actions-arising';

/**
 * After the meeting, under its minutes (spec §2 Meeting page): the actions arising, each with its
 * assignee, due date and status. Nothing while none was recorded (or the list did not load: the
 * action tracker says why).
 */
export function ActionsArising({ meetingId }: { meetingId: number }) {
  const { actions } = useActionsArising(meetingId);
  if (!actions || actions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="actions-arising" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="actions-arising" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        Actions arising
      </Typography>
      <Box component="ul" aria-labelledby="actions-arising" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {actions.map((action) => (
          <Box
            component="li"
            key={action.id}
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              justifyContent: 'space-between',
              py: 0.75,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{action.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {action.assignedToName ?? 'Unassigned'} ·{' '}
                {action.dueDate ? `Due ${formatDate(action.dueDate)}` : 'No deadline'}
              </Typography>
            </Box>
            <ActionStatusChip status={action.status} />
          </Box>
        ))}
      </Box>
      <Link component={RouterLink} to={paths.actions} variant="body2">
        Open the action tracker
      </Link>
    </Box>
  );
}
