import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { LoadingBlock } from '@/components/query-state';
import { formatDateTime } from '@/lib/format';
import type { User } from '@/types/api';
import { useResetRequests } from '@/features/identity/users/api/get-reset-requests';

type Props = {
  users: User[];
  canReset: (user: User) => boolean;
  onReset: (user: User) => void;
};

/** Pending password-reset requests, oldest first, each with a reset action when allowed. */
export function ResetRequests({ users, canReset, onReset }: Props) {
  const { data, isLoading } = useResetRequests(true);
  return (
    <Card component="section" aria-labelledby="reset-requests-title" sx={{ mb: 3 }}>
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="h2" id="reset-requests-title">
          Password Reset Requests
        </Typography>
      </CardContent>
      {isLoading ? (
        <LoadingBlock />
      ) : !data?.length ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          No pending reset requests
        </Typography>
      ) : (
        <List>
          {data.map((r) => {
            const user = users.find((u) => u.id === r.userId);
            return (
              <ListItem key={r.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={r.userName ? `${r.userName} (${r.email})` : r.email}
                  secondary={`Requested ${formatDateTime(r.requestedAt)}${
                    r.userId === null ? ' · no account with this email' : ''
                  }`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                <Box>
                  {user && canReset(user) && (
                    <Button
                      variant="outlined"
                      size="small"
                      startIcon={<LockResetOutlined />}
                      aria-label={`Reset password for ${user.name}`}
                      onClick={() => onReset(user)}
                    >
                      Reset Password
                    </Button>
                  )}
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
    </Card>
  );
}
