// An idb-keyval store whose connection lets go as soon as something deletes its database: signing out
// deletes every `tp-` database (docs/spec.md §2 Pack reader, Offline on a phone), and a connection kept
// open would hold that deletion back until the tab closes. The next use opens the database afresh.
import { promisifyRequest, type UseStore } from 'idb-keyval';

export function createClosingStore(dbName: string, storeName: string): UseStore {
  let connection: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    const opened = promisifyRequest(request).then((db) => {
      db.onversionchange = () => {
        db.close();
        if (connection === opened) connection = null;
      };
      return db;
    });
    opened.catch(() => {
      if (connection === opened) connection = null;
    });
    return opened;
  };
  return (txMode, callback) =>
    (connection ??= open()).then((db) =>
      callback(db.transaction(storeName, txMode).objectStore(storeName)),
    );
}
