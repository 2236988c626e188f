import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from '@/testing/mocks/server';
import { resetDb } from '@/testing/mocks/db';
import { resetNotes } from '@/testing/mocks/notes';
import { resetSearch } from '@/testing/mocks/search';
import { resetSkills } from '@/testing/mocks/skills';
import { resetSigning } from '@/testing/mocks/signing';
import { resetGuests } from '@/testing/mocks/guests';
import { resetIdbKeyval } from '@/testing/idb-keyval-mock';

// jsdom has no matchMedia: width queries match (the desktop layout), the dark-scheme query does not.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// The first render of a test file loads the lazy pages (and MUI) cold: allow for a slow machine.
configure({ asyncUtilTimeout: 10000 });

// jsdom lacks PointerEvent, so fireEvent.pointer* would drop clientX.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {}
  Object.defineProperty(window, 'PointerEvent', { value: PointerEventPolyfill, writable: true });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  resetDb();
  resetNotes();
  resetSearch();
  resetSkills();
  resetSigning();
  resetGuests();
  resetIdbKeyval();
});
afterAll(() => server.close());
