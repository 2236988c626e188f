import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type Props = { title: string; description?: ReactNode; icon?: ReactNode; action?: ReactNode };

export function EmptyState({ title, description, icon, action }: Props) {
  return (
    <Box sx={{ textAlign: 'center', py: 5, px: 2, color: 'text.secondary' }}>
      {icon && <Box sx={{ mb: 1, '& svg': { fontSize: 40 } }}>{icon}</Box>}
      <Typography variant="h3" component="p" color="text.primary">
        {title}
      </Typography>
      {description && <Typography sx={{ mt: 0.5 }}>{description}</Typography>}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
