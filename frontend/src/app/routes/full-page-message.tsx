import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function FullPageMessage({ children }: { children: ReactNode }) {
  return (
    <Box
      role="status"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', color: 'text.secondary' }}
    >
      <Typography>{children}</Typography>
    </Box>
  );
}
