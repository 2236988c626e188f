// The keyboard focus indicator, set once for every control (WCAG 2.4.7, and 2.4.13 as the measure): a
// 2 px solid outline in the primary colour, which contrasts at least 3:1 with the page and paper in
// both modes (light #1d4f91 on white 8.6:1, dark #9cc2ff on #171e28 9.4:1). The outline sits 2 px
// outside the control, so it changes background pixels, not the control's own fill: a contained button
// gets the same visible ring as a text button. Controls inside a clipping box (tabs in their scroller,
// cards, switches, menu entries) draw it just inside their edge instead.
import type { CSSObject } from '@mui/material/styles';
import type { Components, Theme } from '@mui/material/styles';

export const focusRing = (theme: Theme, offset = 2): CSSObject => ({
  outline: `2px solid ${theme.palette.primary.main}`,
  outlineOffset: offset,
});

/**
 * Inside the edge, for controls whose parent clips what is drawn outside them: 3 px thick, so that the
 * ring's area still matches a 2 px perimeter around the control (WCAG 2.4.13).
 */
const insetRing = (theme: Theme): CSSObject => ({
  outline: `3px solid ${theme.palette.primary.main}`,
  outlineOffset: -3,
});

export const focusCustomizations: Components<Theme> = {
  MuiButtonBase: {
    defaultProps: { disableRipple: false },
    styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme) }) },
  },
  MuiTab: {
    styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': insetRing(theme) }) },
  },
  MuiCardActionArea: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&.Mui-focusVisible': insetRing(theme),
        // MUI's own focus tint would only darken the card by a few percent: the ring says it.
        '&.Mui-focusVisible .MuiCardActionArea-focusHighlight': { opacity: 0 },
      }),
    },
  },
  MuiListItemButton: {
    styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': insetRing(theme) }) },
  },
  MuiMenuItem: {
    styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': insetRing(theme) }) },
  },
  MuiSwitch: {
    // The thumb's focus lives in a box that the switch clips: ring the whole switch instead.
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: 19,
        '&:has(.Mui-focusVisible)': insetRing(theme),
        '& .Mui-focusVisible': { outline: 'none' },
      }),
    },
  },
  MuiOutlinedInput: {
    // Text fields and selects: the ring joins the thicker border MUI draws on focus.
    styleOverrides: { root: ({ theme }) => ({ '&.Mui-focused': focusRing(theme) }) },
  },
  MuiCssBaseline: {
    // Plain links and anything else focusable that is not an MUI control.
    styleOverrides: (theme: Theme) => ({ ':focus-visible': focusRing(theme) }),
  },
};
