import type { ReactElement } from 'react';
import { NavLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { paths } from '@/config/paths';
import { Logo } from '@/components/logo';
import { useUser } from '@/lib/auth';
import { canManageMail, canOpenUserManagement, canReadAuditLog } from '@/lib/permissions';
import { useColorMode } from '@/theme/color-mode';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard-stats';
import { AccountMenu } from '@/app/shell/account-menu';

export type SidebarEntry = {
  label: string;
  to: string;
  icon: ReactElement;
  extra?: ReactElement | null;
};

function CountBadge({ count }: { count: number }) {
  return (
    <Box
      component="span"
      aria-label={`${count} pending`}
      sx={{
        minWidth: 22,
        height: 22,
        px: 0.75,
        borderRadius: 11,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: 12,
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {count}
    </Box>
  );
}

function Dot() {
  return (
    <Box
      component="span"
      aria-hidden
      data-testid="notices-dot"
      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main' }}
    />
  );
}

export function Sidebar() {
  const user = useUser();
  const { data: stats } = useDashboardStats();
  const pending = stats?.pendingActions ?? 0;

  // In the order of a meeting's life (spec §2 "Sidebar"): the board's work first, then its people, then
  // the administrators' pages.
  const entries: SidebarEntry[] = [
    { label: 'Dashboard', to: paths.dashboard, icon: <DashboardOutlined /> },
    { label: 'Calendar', to: paths.calendar, icon: <CalendarMonthOutlined /> },
    { label: 'Documents', to: paths.documents, icon: <FolderOutlined /> },
    {
      label: 'Actions',
      to: paths.actions,
      icon: <TaskAltOutlined />,
      extra: pending > 0 ? <CountBadge count={pending} /> : null,
    },
    { label: 'Minutes', to: paths.minutes, icon: <DescriptionOutlined /> },
    { label: 'Decisions', to: paths.decisions, icon: <FactCheckOutlined /> },
    { label: 'Governance', to: paths.governance, icon: <GavelOutlined /> },
    { label: 'Notices', to: paths.notices, icon: <CampaignOutlined />, extra: <Dot /> },
    { label: 'Sub Committees', to: paths.committees, icon: <GroupsOutlined /> },
    { label: 'Trustee Directory', to: paths.trustees, icon: <PeopleOutline /> },
    ...(canOpenUserManagement(user)
      ? [{ label: 'User Management', to: paths.users, icon: <ManageAccountsOutlined /> }]
      : []),
    ...(canManageMail(user) ? [{ label: 'Mail', to: paths.mail, icon: <MailOutlined /> }] : []),
    ...(canReadAuditLog(user)
      ? [{ label: 'Audit log', to: paths.auditLog, icon: <HistoryOutlined /> }]
      : []),
  ];

  return <SidebarFrame entries={entries} />;
}

/** The sidebar around its entries: the portal's name, the navigation, the account menu and the theme. */
export function SidebarFrame({ entries }: { entries: SidebarEntry[] }) {
  const { mode, toggle } = useColorMode();
  const nextMode = mode === 'light' ? 'dark' : 'light';

  // Compact rows (36 px, still above the 24 px target size) so that every entry of the longest list, an
  // admin's, shows without scrolling on a 1280 x 720 screen (spec §2 "Sidebar").
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 3, py: 1.5 }}>
        <Logo size={36} />
        <Typography variant="h2" component="p">
          Trustee Portal
        </Typography>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main navigation" sx={{ flex: 1, overflowY: 'auto', p: 1 }}>
        <List disablePadding sx={{ display: 'grid', gap: 0.25 }}>
          {entries.map((entry) => (
            <li key={entry.to}>
              <ListItemButton
                component={NavLink}
                to={entry.to}
                end={entry.to === '/'}
                sx={{ minHeight: 36, py: 0.5 }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} sx={{ my: 0 }} />
                {entry.extra}
              </ListItemButton>
            </li>
          ))}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <AccountMenu />
        <Tooltip title={`Switch to ${nextMode} mode`}>
          <IconButton onClick={toggle} aria-label={`Switch to ${nextMode} mode`}>
            {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
