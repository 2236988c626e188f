import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useUser } from '@/lib/auth';
import { isGuest } from '@/lib/permissions';

export function NotFoundPage() {
  // A guest's home is "My access" (spec §6 Guests).
  const home = isGuest(useUser()) ? 'My access' : 'Dashboard';
  return (
    <Box>
      <PageHeader title="Page Not Found" />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to={paths.dashboard} variant="contained">
        Back to {home}
      </Button>
    </Box>
  );
}
