import type { Components, Theme } from '@mui/material/styles';

export const inputsCustomizations: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { borderRadius: 8 } },
  },
  MuiTextField: { defaultProps: { fullWidth: true } },
  MuiToggleButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
};
