// The kinds of record search finds (docs/spec.md §2 Search), in the order the results page shows their
// groups: the papers and minutes people look for most first, the board's smaller records after them.
import type { SearchKind } from '@/types/api';

export const kindOrder: SearchKind[] = [
  'agendaPaper',
  'document',
  'uploadedMinutes',
  'writtenMinutes',
  'decision',
  'agendaItem',
  'committeeDocument',
  'action',
  'notice',
  'resolution',
  'interest',
  'chatMessage',
];

/** One result's kind, as a label beside it. */
export const kindLabel: Record<SearchKind, string> = {
  agendaPaper: 'Meeting paper',
  document: 'Library document',
  uploadedMinutes: 'Minutes (file)',
  writtenMinutes: 'Minutes',
  decision: 'Decision',
  agendaItem: 'Agenda item',
  committeeDocument: 'Committee document',
  action: 'Action',
  notice: 'Notice',
  resolution: 'Written resolution',
  interest: 'Register of interests',
  chatMessage: 'Committee chat',
};

/** A group of results of one kind: its heading and its filter chip. */
export const kindPlural: Record<SearchKind, string> = {
  agendaPaper: 'Meeting papers',
  document: 'Library documents',
  uploadedMinutes: 'Uploaded minutes',
  writtenMinutes: 'Written minutes',
  decision: 'Decisions',
  agendaItem: 'Agenda items',
  committeeDocument: 'Committee documents',
  action: 'Actions',
  notice: 'Notices',
  resolution: 'Written resolutions',
  interest: 'Register of interests',
  chatMessage: 'Committee chat',
};

export const isSearchKind = (value: string): value is SearchKind =>
  (kindOrder as string[]).includes(value);
