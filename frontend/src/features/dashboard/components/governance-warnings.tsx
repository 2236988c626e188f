import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import {
  useResolutionsToVote,
  useRoundCounts,
  useServiceWarnings,
} from '@/features/dashboard/api/get-governance-warnings';

type GovernanceAlertProps = {
  severity: 'info' | 'warning';
  label: string;
  lines: string[];
};

/** One line per thing to do or to know, and the way to the governance page; nothing without lines. */
function GovernanceAlert({ severity, label, lines }: GovernanceAlertProps) {
  if (lines.length === 0) return null;
  return (
    <Alert severity={severity} sx={{ mb: 3 }} aria-label={label}>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
      <Link component={RouterLink} to={paths.governance}>
        Open governance
      </Link>
    </Alert>
  );
}

/** What the signed-in trustee has to do: a declaration due, resolutions awaiting their vote. */
export function GovernanceToDo() {
  const { data: rounds } = useRoundCounts();
  const { data: resolutions } = useResolutionsToVote();
  const lines: string[] = [];
  for (const r of rounds ?? []) {
    if (r.closedAt === null && r.asked && !r.declaredByMe)
      lines.push(`Your ${r.year} annual declaration is due by ${formatDate(r.deadline)}.`);
  }
  const toVote = (resolutions ?? []).filter((r) => r.canVote).length;
  if (toVote > 0) lines.push(`${toVote} written resolution(s) await your vote.`);
  return <GovernanceAlert severity="info" label="Governance to do" lines={lines} />;
}

/** The governance warnings of admins and chairs; nothing when all is well. */
export function GovernanceWarnings({ officer }: { officer: boolean }) {
  const { data: service } = useServiceWarnings(officer);
  const { data: rounds } = useRoundCounts();
  if (!officer) return null;
  const lines: string[] = [];
  for (const t of service ?? []) {
    if (t.termEndingSoon && t.currentTermEndsOn)
      lines.push(`${t.name}'s term ends on ${formatDate(t.currentTermEndsOn)}.`);
    if (t.pastNineYears)
      lines.push(`${t.name} has served ${t.serviceYears} years, more than nine in total.`);
  }
  for (const r of rounds ?? []) {
    if (r.flagged)
      lines.push(`${r.flagged} declaration(s) in ${r.year} say a trustee may be disqualified.`);
    if (r.closedAt === null && r.declared < r.members)
      lines.push(`${r.members - r.declared} trustee(s) have not made their ${r.year} declaration.`);
  }
  return <GovernanceAlert severity="warning" label="Governance warnings" lines={lines} />;
}
