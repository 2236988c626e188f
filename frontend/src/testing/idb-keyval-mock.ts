// jsdom has no IndexedDB: in Jest, idb-keyval keeps each store in memory (reset between tests by
// resetIdbKeyval in setup-tests), with the same calls the portal uses.
type Store = Map<IDBValidKey, unknown>;
const stores = new Map<string, Store>();
const fallback = 'keyval-store/keyval';

export type UseStore = string;

export function createStore(dbName: string, storeName: string): UseStore {
  return `${dbName}/${storeName}`;
}

const storeOf = (name: UseStore = fallback): Store => {
  let store = stores.get(name);
  if (!store) {
    store = new Map();
    stores.set(name, store);
  }
  return store;
};

export async function get<T>(key: IDBValidKey, store?: UseStore): Promise<T | undefined> {
  return storeOf(store).get(key) as T | undefined;
}

export async function set(key: IDBValidKey, value: unknown, store?: UseStore): Promise<void> {
  storeOf(store).set(key, value);
}

export async function del(key: IDBValidKey, store?: UseStore): Promise<void> {
  storeOf(store).delete(key);
}

export async function update<T>(
  key: IDBValidKey,
  updater: (old: T | undefined) => T,
  store?: UseStore,
): Promise<void> {
  const target = storeOf(store);
  target.set(key, updater(target.get(key) as T | undefined));
}

export async function values<T>(store?: UseStore): Promise<T[]> {
  return [...storeOf(store).values()] as T[];
}

export async function keys(store?: UseStore): Promise<IDBValidKey[]> {
  return [...storeOf(store).keys()];
}

export async function clear(store?: UseStore): Promise<void> {
  storeOf(store).clear();
}

export function resetIdbKeyval(): void {
  stores.clear();
}
