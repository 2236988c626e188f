import type { Components, Theme } from '@mui/material/styles';

export const dataDisplayCustomizations: Components<Theme> = {
  MuiChip: {
    defaultProps: { size: 'small' },
    styleOverrides: { root: { fontWeight: 600 } },
  },
  MuiTooltip: {
    // Radix-like timing of the original: open after 700 ms, 300 ms when moving between tooltips.
    defaultProps: { enterDelay: 700, enterNextDelay: 300, arrow: true },
  },
  MuiTableContainer: {
    // The containing block of the absolutely positioned `.visually-hidden` column headers: without it
    // they escape the horizontal scroll and widen the whole page on a phone.
    styleOverrides: { root: { position: 'relative' } },
  },
  MuiTableCell: {
    styleOverrides: {
      head: ({ theme }) => ({ fontWeight: 600, color: theme.palette.text.secondary }),
    },
  },
  MuiAvatar: { styleOverrides: { root: { fontWeight: 700 } } },
};
