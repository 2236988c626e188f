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
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { isOnline } from '@/lib/online';
import { hasBeforeWipe, pendingBeforeWipe, runBeforeWipe } from '@/features/offline/wipe';
import { useAuth, useUser } from '@/lib/auth';
import { initials } from '@/lib/format';
import { isGuest, roleLabel } from '@/lib/permissions';

const securityLink = {
  label: 'Account security',
  to: paths.accountSecurity,
  icon: <SecurityOutlined />,
};
const notificationsLink = {
  label: 'Notification settings',
  to: paths.notificationSettings,
  icon: <NotificationsOutlined />,
};

export const unsentText = (n: number) =>
  n === 1
    ? '1 note made offline has not been sent yet'
    : `${n} notes made offline have not been sent yet`;

export function AccountMenu() {
  const user = useUser();
  const { signOut } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const buttonId = useId();
  const menuId = useId();
  const role = roleLabel(user.role);
  const [unsent, setUnsent] = useState(0);
  // A guest gets no mail from the board: no notification settings (spec §6 Guests).
  const accountLinks = isGuest(user) ? [securityLink] : [securityLink, notificationsLink];

  // Signing out deletes what is kept on this device (docs/spec.md §2 Pack reader, Offline on a
  // phone): online, work made offline (notes) is sent first; offline, the person is told what would be
  // lost and asked.
  const startSignOut = async () => {
    if (isOnline()) {
      if (hasBeforeWipe()) await runBeforeWipe();
      signOut({ revoke: true });
      return;
    }
    const pending = await pendingBeforeWipe();
    if (pending > 0) setUnsent(pending);
    else signOut({ revoke: true });
  };

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
            void startSignOut();
          }}
        >
          <ListItemIcon>
            <Logout />
          </ListItemIcon>
          <ListItemText>Sign Out</ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={unsent > 0}
        title="Sign out while offline?"
        message={`${unsentText(unsent)} and will be lost. Signing out deletes everything kept on this device.`}
        confirmLabel="Sign out"
        busyLabel="Signing out..."
        onConfirm={() => signOut({ revoke: true })}
        onClose={() => setUnsent(0)}
      />
    </>
  );
}
