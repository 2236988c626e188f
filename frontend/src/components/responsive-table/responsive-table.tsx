import type { Key, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Breakpoint, type SxProps, type Theme } from '@mui/material/styles';
import { RowLayoutContext } from '@/components/responsive-table/row-layout';

export type Column<T> = {
  /** The column header, and the field's label on a card. */
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * How the column shows on a card: as its heading (bold, first, without a label), as a labelled
   * field (the default), or not at all (when a heading already says it).
   */
  card?: 'heading' | 'field' | 'hidden';
  width?: number | string;
  minWidth?: number;
  nowrap?: boolean;
  /** Long unbroken text (e-mail addresses, file names) may wrap at any point rather than widen the row. */
  wrapAnywhere?: boolean;
};

type Props<T> = {
  /** Names the table (or the list on a phone) for assistive technology. */
  caption: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  columns: Column<T>[];
  /** A row's controls: the last column of the table, a wrapping bar at the foot of a card. */
  actions?: (row: T) => ReactNode;
  /** The actions column's header, read by screen readers only. */
  actionsHeader?: string;
  /** The actions column's width in a fixed-layout table. */
  actionsWidth?: number;
  /** Below this breakpoint rows become cards: `sm` by default; wide rows (many columns) use `md`. */
  cardsBelow?: Breakpoint;
  tableSx?: SxProps<Theme>;
};

const cellSx = <T,>(column: Column<T>): SxProps<Theme> => ({
  ...(column.width !== undefined && { width: column.width }),
  ...(column.minWidth !== undefined && { minWidth: column.minWidth }),
  ...(column.nowrap && { whiteSpace: 'nowrap' }),
  ...(column.wrapAnywhere && { overflowWrap: 'anywhere' }),
});

/**
 * The one data table of the portal (spec §2, "Tables on a phone"). On wide screens it is a table; below
 * `cardsBelow` each row is a card listing its fields with their labels and every control, so nothing
 * is hidden off to the right of a phone's screen and no row scrolls sideways.
 */
export function ResponsiveTable<T>({
  caption,
  rows,
  rowKey,
  columns,
  actions,
  actionsHeader = 'Actions',
  actionsWidth,
  cardsBelow = 'sm',
  tableSx,
}: Props<T>) {
  const theme = useTheme();
  // noSsr reads the query on the first render: no table drawn and then swapped for cards (layout shift).
  const cards = useMediaQuery(theme.breakpoints.down(cardsBelow), { noSsr: true });

  if (cards) {
    const headings = columns.filter((c) => c.card === 'heading');
    const fields = columns.filter((c) => (c.card ?? 'field') === 'field');
    return (
      <RowLayoutContext.Provider value="card">
        <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => (
            <Box
              component="li"
              key={rowKey(row)}
              sx={{
                display: 'grid',
                gap: 1,
                px: 2,
                py: 1.5,
                borderTop: 1,
                borderColor: 'divider',
                minWidth: 0,
              }}
            >
              {headings.map((column) => (
                <Box key={column.header} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {column.cell(row)}
                </Box>
              ))}
              {fields.length > 0 && (
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(80px, max-content) minmax(0, 1fr)',
                    columnGap: 1.5,
                    rowGap: 0.75,
                    alignItems: 'center',
                    m: 0,
                  }}
                >
                  {fields.map((column) => (
                    <Box key={column.header} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {column.header}
                      </Typography>
                      <Box
                        component="dd"
                        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}
                      >
                        {column.cell(row)}
                      </Box>
                    </Box>
                  ))}
                </Box>
              )}
              {actions && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                  {actions(row)}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      </RowLayoutContext.Provider>
    );
  }

  return (
    <RowLayoutContext.Provider value="table">
      <TableContainer>
        <Table size="small" aria-label={caption} sx={tableSx}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.header} sx={cellSx(column)}>
                  {column.header}
                </TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ width: actionsWidth }}>
                  <span className="visually-hidden">{actionsHeader}</span>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell key={column.header} sx={cellSx(column)}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Box
                      sx={{
                        display: 'inline-flex',
                        gap: 0.5,
                        alignItems: 'center',
                        justifyContent: 'flex-end',
                      }}
                    >
                      {actions(row)}
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </RowLayoutContext.Provider>
  );
}
