import type { ReactElement } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useRowLayout } from '@/components/responsive-table/row-layout';

type Props = {
  /** The visible word on a card and the tooltip in a table, e.g. 'Download'. */
  label: string;
  /** The accessible name naming the row, e.g. 'Download Board paper'; it starts with `label`. */
  accessibleLabel: string;
  icon: ReactElement;
  onClick: () => void;
  color?: 'primary' | 'error' | 'inherit';
};

/**
 * One control of a row. In a table an icon with a tooltip keeps rows short; on a phone's card the same
 * control is a labelled button, so that a trustee sees what each one does without hovering.
 */
export function RowAction({ label, accessibleLabel, icon, onClick, color }: Props) {
  const layout = useRowLayout();
  if (layout === 'card')
    return (
      <Button
        size="small"
        variant="outlined"
        color={color ?? 'primary'}
        startIcon={icon}
        aria-label={accessibleLabel}
        onClick={onClick}
      >
        {label}
      </Button>
    );
  return (
    <Tooltip title={label}>
      <IconButton aria-label={accessibleLabel} color={color} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
