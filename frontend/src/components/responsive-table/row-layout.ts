import { createContext, useContext } from 'react';

/** Whether a row is drawn as a table row (wide screens) or as a card in a list (phones). */
export type RowLayout = 'table' | 'card';

export const RowLayoutContext = createContext<RowLayout>('table');

/** Lets a row's controls choose their form: compact icons in a table, labelled buttons on a card. */
export const useRowLayout = (): RowLayout => useContext(RowLayoutContext);
