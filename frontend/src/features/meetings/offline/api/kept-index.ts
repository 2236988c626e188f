// Which meetings are kept for offline on this device (docs/spec.md §2 Pack reader, Offline on a
// phone): a small index in IndexedDB (database `tp-offline`), beside the kept answers themselves in
// Cache Storage (`tp-meeting-{id}`).
import { del, get, set, values } from 'idb-keyval';
import { createClosingStore } from '@/lib/idb-store';

export type KeptMeeting = {
  meetingId: number;
  title: string;
  /** RFC 3339. */
  keptAt: string;
  /** Bytes kept, all files together. */
  size: number;
  /** Each kept URL's ETag (files), or null (JSON answers). */
  etags: Record<string, string | null>;
};

export type KeptIndex = {
  get: (meetingId: number) => Promise<KeptMeeting | undefined>;
  put: (kept: KeptMeeting) => Promise<void>;
  remove: (meetingId: number) => Promise<void>;
  all: () => Promise<KeptMeeting[]>;
};

// Opened on first use; signing out deletes the database, and the next use opens it again.
const store = createClosingStore('tp-offline', 'kept-meetings');
const keptStore = () => store;

export const keptIndex: KeptIndex = {
  get: (meetingId) => get<KeptMeeting>(meetingId, keptStore()),
  put: (kept) => set(kept.meetingId, kept, keptStore()),
  remove: (meetingId) => del(meetingId, keptStore()),
  all: () => values<KeptMeeting>(keptStore()),
};
