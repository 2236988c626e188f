import type { Components, Theme } from '@mui/material/styles';

export const navigationCustomizations: Components<Theme> = {
  MuiLink: { defaultProps: { underline: 'always' } },
  MuiTabs: {
    // Tabs that do not fit scroll, with arrows shown on phones too, so that a cut-off label such as
    // 'Membe' never hides that more tabs follow.
    defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true },
  },
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
      }),
    },
  },
};
