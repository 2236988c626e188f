// The wire types of GET /api/search (docs/api.md, Search), written from the search contract while the
// server's OpenAPI document does not have them yet. Each name matches the schema the server will publish, so
// that the integrator swaps these for `@/types/api` names without touching their users.

/** A kind of record search finds, as the API spells it. */
export type SearchKind =
  | 'document'
  | 'committeeDocument'
  | 'uploadedMinutes'
  | 'writtenMinutes'
  | 'decision'
  | 'agendaItem'
  | 'agendaPaper'
  | 'notice'
  | 'action'
  | 'resolution'
  | 'interest'
  | 'chatMessage';

/** A piece of a snippet: plain text, `hit` when it is a matched word. Never HTML. */
export type SnippetRun = { text: string; hit: boolean };

/** What a result opens: the ids a link needs, and its file when it is one. */
export type SearchOpen = {
  meetingId: number | null;
  paperId: number | null;
  itemId: number | null;
  documentId: number | null;
  minutesId: number | null;
  committeeId: number | null;
  noticeId: number | null;
  actionId: number | null;
  resolutionId: number | null;
  interestId: number | null;
  messageId: number | null;
  /** The file's download, when the result is a file. */
  fileUrl: string | null;
  /** The file opens in the portal's reader. */
  pdf: boolean;
};

export type SearchResult = {
  kind: SearchKind;
  id: number;
  title: string;
  date: string;
  meeting: { id: number; title: string } | null;
  committee: { id: number; name: string } | null;
  category: string | null;
  snippet: SnippetRun[];
  open: SearchOpen;
};

export type SearchResponse = {
  results: SearchResult[];
  /** Visible matches per kind for the query and the other filters (the kind filter ignored). */
  counts: Partial<Record<SearchKind, number>>;
  /** Visible matches under all filters. */
  total: number;
  nextCursor: string | null;
};
