// Colour, type and shape primitives for the light and dark themes. Every foreground/background pair
// used by the components meets WCAG 2.2 AA (4.5:1 for text) in both modes.
import type { PaletteMode, ThemeOptions } from '@mui/material/styles';

export const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

export const sidebarWidth = 320;

const light = {
  primary: { main: '#1d4f91', light: '#dbe6f5', dark: '#143a6b', contrastText: '#ffffff' },
  secondary: { main: '#5b3a8c', light: '#ece4f7', dark: '#432a69', contrastText: '#ffffff' },
  error: { main: '#b3261e', light: '#fbe9e7', dark: '#8c1d18', contrastText: '#ffffff' },
  warning: { main: '#8a4b00', light: '#fff3e0', dark: '#663800', contrastText: '#ffffff' },
  success: { main: '#2b6b2f', light: '#e6f4e7', dark: '#1e4d21', contrastText: '#ffffff' },
  info: { main: '#0b5c85', light: '#e1f1fa', dark: '#084462', contrastText: '#ffffff' },
  background: { default: '#f4f6fa', paper: '#ffffff' },
  text: { primary: '#1a2230', secondary: '#4a5466', disabled: '#6b7385' },
  divider: '#d9dee7',
};

const dark = {
  primary: { main: '#9cc2ff', light: '#1f3354', dark: '#c3dafd', contrastText: '#0b1626' },
  secondary: { main: '#d0b4f7', light: '#352a49', dark: '#e6d6fb', contrastText: '#1c1229' },
  error: { main: '#ff9d94', light: '#4a1f1c', dark: '#ffc4be', contrastText: '#2a0a08' },
  warning: { main: '#f5c46b', light: '#45341a', dark: '#fad89a', contrastText: '#2a1c00' },
  success: { main: '#8fd694', light: '#1f3b22', dark: '#b9e8bc', contrastText: '#0b240e' },
  info: { main: '#7fc8f0', light: '#173445', dark: '#b1ddf6', contrastText: '#04202f' },
  background: { default: '#0f141b', paper: '#171e28' },
  text: { primary: '#e8ecf2', secondary: '#b3bccb', disabled: '#8d96a6' },
  divider: '#2e3846',
};

export function themePrimitives(mode: PaletteMode): ThemeOptions {
  return {
    palette: { mode, contrastThreshold: 4.5, ...(mode === 'light' ? light : dark) },
    typography: {
      fontFamily,
      h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
      h2: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.3 },
      h3: { fontSize: '1.0625rem', fontWeight: 600, lineHeight: 1.35 },
      h4: { fontSize: '1rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 10 },
  };
}
