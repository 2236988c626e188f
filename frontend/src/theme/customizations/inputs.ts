import type { Components, CSSObject, Theme } from '@mui/material/styles';

// Placeholder text in the secondary text colour at full opacity (light #4a5466 on white 7.6:1, dark #b3bccb
// on #171e28 8.8:1) instead of MUI's 42-50 % of the text colour (about 2.5:1): a hint is text too (WCAG
// 1.4.3). MUI still hides it while a label sits inside the empty field, and shows it on focus.
const readablePlaceholder = (theme: Theme): CSSObject => {
  const visible = { color: theme.palette.text.secondary, opacity: 1 };
  return {
    '&::placeholder': visible,
    '&::-webkit-input-placeholder': visible,
    '&::-moz-placeholder': visible,
    'label[data-shrink=false] + .MuiInputBase-formControl &:focus::-webkit-input-placeholder': {
      opacity: 1,
    },
    'label[data-shrink=false] + .MuiInputBase-formControl &:focus::-moz-placeholder': {
      opacity: 1,
    },
  };
};

export const inputsCustomizations: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { borderRadius: 8 } },
  },
  MuiTextField: { defaultProps: { fullWidth: true } },
  MuiInputBase: { styleOverrides: { input: ({ theme }) => readablePlaceholder(theme) } },
  MuiToggleButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
};
