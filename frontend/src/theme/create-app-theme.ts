import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { themePrimitives } from '@/theme/theme-primitives';
import { inputsCustomizations } from '@/theme/customizations/inputs';
import { dataDisplayCustomizations } from '@/theme/customizations/data-display';
import { baselineCustomizations, surfacesCustomizations } from '@/theme/customizations/surfaces';
import { navigationCustomizations } from '@/theme/customizations/navigation';
import { focusCustomizations } from '@/theme/customizations/focus';
import { mergeCustomizations } from '@/theme/merge-customizations';

export function createAppTheme(mode: PaletteMode): Theme {
  return createTheme({
    ...themePrimitives(mode),
    components: mergeCustomizations(
      inputsCustomizations,
      dataDisplayCustomizations,
      surfacesCustomizations,
      navigationCustomizations,
      baselineCustomizations,
      focusCustomizations,
    ),
  });
}
