// Light/dark mode: defaults to the system preference, kept in localStorage under `theme`.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import type { PaletteMode } from '@mui/material/styles';
// @mui/material's ThemeProvider also carries the CSS-variables provider (and its colour-scheme script),
// which this theme does not use; for a theme without CSS variables it hands over to this one with
// `vars: null`, as below. About 3 KB less on the sign-in page (docs/performance.md).
import { ThemeProvider } from '@mui/system';
import { createAppTheme } from '@/theme/create-app-theme';

export const THEME_KEY = 'theme';

function initialMode(): PaletteMode {
  try {
    const stored = window.localStorage.getItem(THEME_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // storage unavailable
  }
  const prefersDark =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

type ColorModeValue = { mode: PaletteMode; toggle: () => void };

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => {} });

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<PaletteMode>(initialMode);
  const toggle = useCallback(() => {
    setMode((current) => {
      const next = current === 'light' ? 'dark' : 'light';
      try {
        window.localStorage.setItem(THEME_KEY, next);
      } catch {
        // storage unavailable: the choice lasts for this page only
      }
      return next;
    });
  }, []);
  const theme = useMemo(() => ({ ...createAppTheme(mode), vars: null }), [mode]);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export const useColorMode = (): ColorModeValue => useContext(ColorModeContext);
