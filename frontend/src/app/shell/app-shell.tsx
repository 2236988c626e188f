import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { LoadingBlock } from '@/components/query-state';
import { Logo } from '@/components/logo';
import { sidebarWidth } from '@/theme/theme-primitives';
import { Sidebar } from '@/app/shell/sidebar';
import { useTasksFollowWrites } from '@/features/dashboard/api/get-my-tasks';
import { OfflineBanner } from '@/features/offline/offline-banner';
import { useRefreshKeptMeetings } from '@/features/meetings/offline/api/use-kept-meeting';
import { ShellSearch } from '@/features/search/components/search-box';

type Props = {
  /** The navigation: the board's sidebar, or a guest's (spec §6 Guests). */
  sidebar?: ReactNode;
  /**
   * The members' tools: the search box and the re-check of meetings kept for offline. A guest has
   * neither (spec §6 Guests).
   */
  boardTools?: boolean;
};

export function AppShell({ sidebar = <Sidebar />, boardTools = true }: Props) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  // Every write may finish one of the person's tasks (spec §2 Dashboard, For you).
  useTasksFollowWrites();
  // Meetings kept for offline are re-checked when the app starts online (spec §2 Pack reader).
  useRefreshKeptMeetings(boardTools);

  // The mobile sidebar closes on every route change.
  useEffect(() => setMobileOpen(false), [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      {desktop ? (
        <Drawer
          variant="permanent"
          sx={{
            width: sidebarWidth,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: sidebarWidth, boxSizing: 'border-box' },
          }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <>
          <AppBar
            position="fixed"
            sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <Toolbar sx={{ gap: 1 }}>
              <IconButton
                edge="start"
                aria-label="Open navigation menu"
                aria-expanded={mobileOpen}
                onClick={() => setMobileOpen(true)}
              >
                <MenuIcon />
              </IconButton>
              <Logo size={28} />
              <Typography variant="h2" component="p" noWrap>
                Trustee Portal
              </Typography>
              {boardTools && <ShellSearch phone />}
            </Toolbar>
          </AppBar>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            sx={{
              '& .MuiDrawer-paper': {
                width: sidebarWidth,
                maxWidth: '85vw',
                boxSizing: 'border-box',
              },
            }}
          >
            {sidebar}
          </Drawer>
        </>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {desktop && boardTools && (
          // The top bar of a wider screen: the search box (docs/spec.md §2 Search).
          <Box component="header" sx={{ px: 4, pt: 2 }}>
            <Box sx={{ maxWidth: 1280, mx: 'auto', display: 'flex', justifyContent: 'flex-end' }}>
              <Box sx={{ width: 'min(100%, 480px)' }}>
                <ShellSearch phone={false} />
              </Box>
            </Box>
          </Box>
        )}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{
            flexGrow: 1,
            minWidth: 0,
            px: { xs: 2, sm: 3, md: 4 },
            pt: { xs: 2, md: 2 },
            pb: { xs: 2, md: 4 },
            mt: desktop ? 0 : 7,
            outline: 'none',
          }}
        >
          <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
            <OfflineBanner />
            <Suspense fallback={<LoadingBlock />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
