// A guest's sidebar (spec §6 Guests): only what their pass lets them open. "My access" is their home;
// "Meetings" when the pass names meetings; "Documents" when it names documents or an audit period; and
// for an auditor "Minutes", "Decisions" and "Interests" (the register of interests). The account menu keeps Account security and Sign Out.
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { paths } from '@/config/paths';
import type { GuestScope } from '@/features/identity/guest-pass/api/get-guest-pass';
import { SidebarFrame, type SidebarEntry } from '@/app/shell/sidebar';

export const guestEntries = (scope: GuestScope): SidebarEntry[] => [
  { label: 'My access', to: paths.dashboard, icon: <VerifiedUserOutlined /> },
  ...(scope.meetings
    ? [{ label: 'Meetings', to: paths.calendar, icon: <CalendarMonthOutlined /> }]
    : []),
  ...(scope.documents
    ? [{ label: 'Documents', to: paths.documents, icon: <FolderOutlined /> }]
    : []),
  ...(scope.audit
    ? [
        { label: 'Minutes', to: paths.minutes, icon: <DescriptionOutlined /> },
        { label: 'Decisions', to: paths.decisions, icon: <FactCheckOutlined /> },
        { label: 'Interests', to: paths.auditedRegister, icon: <BadgeOutlined /> },
      ]
    : []),
];

export function GuestSidebar({ scope }: { scope: GuestScope }) {
  return <SidebarFrame entries={guestEntries(scope)} />;
}
