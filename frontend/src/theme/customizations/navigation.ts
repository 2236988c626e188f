import type { Components, Theme } from '@mui/material/styles';

export const navigationCustomizations: Components<Theme> = {
  MuiLink: { defaultProps: { underline: 'always' } },
  MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 44 } } },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: 8,
        '&.active': {
          backgroundColor: theme.palette.primary.light,
          color:
            theme.palette.mode === 'light'
              ? theme.palette.primary.dark
              : theme.palette.text.primary,
        },
        '&:focus-visible': {
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: -2,
        },
      }),
    },
  },
};
