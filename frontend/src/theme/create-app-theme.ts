import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { themePrimitives } from '@/theme/theme-primitives';
import { inputsCustomizations } from '@/theme/customizations/inputs';
import { dataDisplayCustomizations } from '@/theme/customizations/data-display';
import { baselineCustomizations, surfacesCustomizations } from '@/theme/customizations/surfaces';
import { navigationCustomizations } from '@/theme/customizations/navigation';

export function createAppTheme(mode: PaletteMode): Theme {
  return createTheme({
    ...themePrimitives(mode),
    components: {
      ...inputsCustomizations,
      ...dataDisplayCustomizations,
      ...surfacesCustomizations,
      ...navigationCustomizations,
      ...baselineCustomizations,
    },
  });
}
