import {
  pendingBeforeWipe,
  registerBeforeWipe,
  runBeforeWipe,
  wipeOfflineData,
  type BrowserStorage,
} from '@/features/offline/wipe';

function fakeStorage(caches: string[], databases: string[] | null) {
  const deleted = { caches: [] as string[], databases: [] as string[] };
  const storage: BrowserStorage = {
    cacheNames: async () => caches,
    deleteCache: async (name) => deleted.caches.push(name),
    databaseNames: async () => databases,
    deleteDatabase: async (name) => {
      deleted.databases.push(name);
    },
  };
  return { storage, deleted };
}

describe('wipeOfflineData', () => {
  it('deletes every tp- cache and database and nothing else', async () => {
    const { storage, deleted } = fakeStorage(
      ['tp-meeting-4', 'workbox-precache-v2-x', 'tp-meeting-9'],
      ['tp-offline', 'tp-notes-outbox', 'other-app'],
    );
    await wipeOfflineData(storage);
    expect(deleted.caches.sort()).toEqual(['tp-meeting-4', 'tp-meeting-9']);
    expect(deleted.databases.sort()).toEqual(['tp-notes-outbox', 'tp-offline']);
  });

  it('deletes the known databases where the browser cannot list them', async () => {
    const { storage, deleted } = fakeStorage([], null);
    await wipeOfflineData(storage);
    expect(deleted.databases.sort()).toEqual(['tp-notes-outbox', 'tp-offline']);
  });

  it('goes on when one deletion fails', async () => {
    const { storage, deleted } = fakeStorage(['tp-a', 'tp-b'], []);
    storage.deleteCache = async (name) => {
      if (name === 'tp-a') throw new Error('busy');
      deleted.caches.push(name);
    };
    await wipeOfflineData(storage);
    expect(deleted.caches).toEqual(['tp-b']);
  });
});

describe('before-wipe registry', () => {
  it('sums the pending counts and runs every flush, a failing one included', async () => {
    const flushed: string[] = [];
    const offA = registerBeforeWipe('a', {
      flush: async () => {
        flushed.push('a');
      },
      pending: async () => 2,
    });
    const offB = registerBeforeWipe('b', {
      flush: async () => {
        flushed.push('b');
        throw new Error('offline');
      },
      pending: async () => {
        throw new Error('no db');
      },
    });
    expect(await pendingBeforeWipe()).toBe(2);
    await runBeforeWipe();
    expect(flushed.sort()).toEqual(['a', 'b']);
    offA();
    offB();
    expect(await pendingBeforeWipe()).toBe(0);
  });

  it('stops waiting for a flush that hangs', async () => {
    const off = registerBeforeWipe('slow', {
      flush: () => new Promise<void>(() => {}),
      pending: async () => 1,
    });
    const started = Date.now();
    await runBeforeWipe(50);
    expect(Date.now() - started).toBeLessThan(2000);
    off();
  });
});
