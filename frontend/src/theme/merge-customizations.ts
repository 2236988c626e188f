import type { Components, CSSObject, Theme } from '@mui/material/styles';

type Style = CSSObject | ((props: { theme: Theme }) => CSSObject) | undefined;
type Entry = { defaultProps?: object; styleOverrides?: Record<string, unknown> | BaselineStyle };
// CssBaseline takes one style function of the theme instead of slots.
type BaselineStyle = (theme: Theme) => CSSObject;

const resolve = (style: Style, props: { theme: Theme }): CSSObject =>
  typeof style === 'function' ? style(props) : (style ?? {});

/**
 * Joins customisation sets that may style the same component (the focus ring and a component's own
 * look), where a plain object spread would let the last set drop the others' rules. Slot styles are
 * merged one level deep: distinct selectors from each set survive.
 */
export function mergeCustomizations(...sets: Components<Theme>[]): Components<Theme> {
  const merged: Record<string, Entry> = {};
  for (const set of sets) {
    for (const [name, value] of Object.entries(set) as [string, Entry][]) {
      const before = merged[name];
      if (!before) {
        merged[name] = value;
        continue;
      }
      if (
        typeof before.styleOverrides === 'function' ||
        typeof value.styleOverrides === 'function'
      ) {
        const first = before.styleOverrides as BaselineStyle | undefined;
        const second = value.styleOverrides as BaselineStyle | undefined;
        merged[name] = {
          ...before,
          styleOverrides: (theme: Theme) => ({ ...first?.(theme), ...second?.(theme) }),
        };
        continue;
      }
      const slots: Record<string, unknown> = { ...before.styleOverrides };
      for (const [slot, style] of Object.entries(value.styleOverrides ?? {})) {
        const earlier = slots[slot] as Style;
        slots[slot] = earlier
          ? (props: { theme: Theme }) => ({
              ...resolve(earlier, props),
              ...resolve(style as Style, props),
            })
          : style;
      }
      merged[name] = {
        defaultProps: { ...before.defaultProps, ...value.defaultProps },
        styleOverrides: slots,
      };
    }
  }
  return merged as Components<Theme>;
}
