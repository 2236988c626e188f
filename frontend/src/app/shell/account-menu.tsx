// The account menu (spec §2 "Sidebar"): the user block at the foot of the sidebar is a button with the
// user's name and role that opens the signed-in user's own pages and Sign Out, so that the navigation
// above keeps its room. The same menu opens inside the drawer on a phone.
import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import Logout from '@mui/icons-material/Logout';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import { paths } from '@/config/paths';
import { useAuth, useUser } from '@/lib/auth';
import { initials } from '@/lib/format';
import { roleLabel } from '@/lib/permissions';

const accountLinks = [
  { label: 'Account security', to: paths.accountSecurity, icon: <SecurityOutlined /> },
  {
    label: 'Notification settings',
    to: paths.notificationSettings,
    icon: <NotificationsOutlined />,
  },
];

export function AccountMenu() {
  const user = useUser();
  const { signOut } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const buttonId = useId();
  const menuId = useId();
  const role = roleLabel(user.role);

  return (
    <>
      <ButtonBase
        id={buttonId}
        // The visible name and role begin the label (WCAG 2.5.3), which says what the button opens.
        aria-label={`${user.name}, ${role}: account menu`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          p: 1,
          borderRadius: 2,
          textAlign: 'left',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }} aria-hidden>
          {initials(user.name)}
        </Avatar>
        <Box component="span" sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            component="span"
            noWrap
            title={user.name}
            sx={{ display: 'block', fontWeight: 600 }}
          >
            {user.name}
          </Typography>
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            {role}
          </Typography>
        </Box>
        <ExpandLess aria-hidden sx={{ color: 'text.secondary' }} />
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {accountLinks.map(({ to, label, icon }) => (
          <MenuItem key={to} component={NavLink} to={to} onClick={close}>
            <ListItemIcon>{icon}</ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            signOut({ revoke: true });
          }}
        >
          <ListItemIcon>
            <Logout />
          </ListItemIcon>
          <ListItemText>Sign Out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
