import type { Components, Theme } from '@mui/material/styles';

export const surfacesCustomizations: Components<Theme> = {
  MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  MuiCard: { defaultProps: { variant: 'outlined' } },
  MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  MuiDialog: { defaultProps: { fullWidth: true, maxWidth: 'sm' } },
};

export const baselineCustomizations: Components<Theme> = {
  MuiCssBaseline: {
    styleOverrides: (theme) => ({
      '.skip-link': {
        position: 'absolute',
        left: -9999,
        top: 8,
        zIndex: theme.zIndex.tooltip + 1,
        padding: '8px 16px',
        borderRadius: 8,
        background: theme.palette.primary.main,
        color: theme.palette.primary.contrastText,
        fontWeight: 600,
      },
      '.skip-link:focus': { left: 8 },
      '.visually-hidden': {
        position: 'absolute',
        width: 1,
        height: 1,
        padding: 0,
        margin: -1,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
      },
    }),
  },
};
