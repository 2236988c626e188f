import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { paths } from '@/config/paths';
import {
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

/**
 * The governance warnings of admins and chairs that are not a task of their own (terms ending and
 * declarations outstanding are, in For you): nothing when all is well.
 */
export function GovernanceWarnings({ officer }: { officer: boolean }) {
  const { data: service } = useServiceWarnings(officer);
  const { data: rounds } = useRoundCounts(officer);
  if (!officer) return null;
  const lines: string[] = [];
  for (const t of service ?? []) {
    if (t.pastNineYears)
      lines.push(`${t.name} has served ${t.serviceYears} years, more than nine in total.`);
  }
  for (const r of rounds ?? []) {
    if (r.flagged)
      lines.push(`${r.flagged} declaration(s) in ${r.year} say a trustee may be disqualified.`);
  }
  return <GovernanceAlert severity="warning" label="Governance warnings" lines={lines} />;
}
