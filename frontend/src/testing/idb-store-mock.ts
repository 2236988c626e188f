// In Jest the closing store is idb-keyval's own (itself kept in memory: src/testing/idb-keyval-mock.ts,
// or a test's jest.mock), since jsdom has no IndexedDB to close.
import { createStore, type UseStore } from 'idb-keyval';

export const createClosingStore = (dbName: string, storeName: string): UseStore =>
  createStore(dbName, storeName);
