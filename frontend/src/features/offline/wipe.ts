// What must happen before the offline copy is deleted (docs/spec.md §2 Pack reader, Offline on a
// phone): features that keep unsent work on the device (the notes' outbox) register here, so that
// deleting the copy first tries to send that work and can say how much would be lost.
type WipeHooks = { flush: () => Promise<void>; pending: () => Promise<number> };

const registry = new Map<string, WipeHooks>();

/** Registers (or replaces) a feature's hooks under its name. */
export function registerBeforeWipe(name: string, hooks: WipeHooks): void {
  registry.set(name, hooks);
}

/** Tries every registered flush; a failing one does not stop the others or the wipe. */
export async function runBeforeWipe(): Promise<void> {
  await Promise.allSettled(Array.from(registry.values(), (hooks) => hooks.flush()));
}

/** How many items the registered features still hold unsent. */
export async function pendingBeforeWipe(): Promise<number> {
  const counts = await Promise.allSettled(Array.from(registry.values(), (h) => h.pending()));
  return counts.reduce((sum, c) => sum + (c.status === 'fulfilled' ? c.value : 0), 0);
}
