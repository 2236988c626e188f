// The frame of the pages that set a password outside the app shell: centred, the logo and the title.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from '@/components/logo';

export function PasswordPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, py: 4 }}
    >
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Logo size={40} />
          <Typography variant="h1">{title}</Typography>
        </Box>
        {children}
      </Box>
    </Box>
  );
}
