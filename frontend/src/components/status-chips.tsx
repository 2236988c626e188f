// Badges shared by several pages: action status and priority, document category.
import Chip from '@mui/material/Chip';
import type { ActionPriority, ActionStatus, DocumentCategory } from '@/types/api';

export const actionStatusLabels: Record<ActionStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  complete: 'Complete',
  overdue: 'Overdue',
};

/** pending outline, in-progress default, complete secondary, overdue destructive. */
export function ActionStatusChip({ status }: { status: ActionStatus }) {
  const label = actionStatusLabels[status] ?? status;
  switch (status) {
    case 'pending':
      return <Chip label={label} variant="outlined" />;
    case 'complete':
      return <Chip label={label} color="secondary" />;
    case 'overdue':
      return <Chip label={label} color="error" />;
    default:
      return <Chip label={label} />;
  }
}

const priorityTone = { low: 'success', medium: 'warning', high: 'error', normal: 'info' } as const;

/** A soft badge: tinted background, strong text (AA in both themes). */
export function ToneChip({
  label,
  tone,
}: {
  label: string;
  tone: 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info' | 'default';
}) {
  if (tone === 'default') return <Chip label={label} variant="outlined" />;
  return (
    <Chip
      label={label}
      sx={{
        bgcolor: `${tone}.light`,
        color: `${tone}.dark`,
        border: 1,
        borderColor: `${tone}.main`,
      }}
    />
  );
}

export function PriorityChip({ priority }: { priority: ActionPriority | 'normal' }) {
  const label = priority.charAt(0).toUpperCase() + priority.slice(1);
  return <ToneChip label={label} tone={priorityTone[priority] ?? 'default'} />;
}

export const categoryLabels: Record<DocumentCategory, string> = {
  governance: 'Governance',
  finance: 'Finance',
  safeguarding: 'Safeguarding',
  'risk-register': 'Risk Register',
  policies: 'Policies',
  misc: 'Misc',
};

const categoryTone = {
  governance: 'primary',
  finance: 'success',
  safeguarding: 'error',
  'risk-register': 'warning',
  policies: 'secondary',
  misc: 'default',
} as const;

export function CategoryChip({ category }: { category: DocumentCategory }) {
  return (
    <ToneChip
      label={categoryLabels[category] ?? category}
      tone={categoryTone[category] ?? 'default'}
    />
  );
}
