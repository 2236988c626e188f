// Every route of the application, in one place.
export const paths = {
  login: '/login',
  changePassword: '/change-password',
  resetPassword: '/reset-password',
  acceptInvitation: '/accept-invitation',
  unsubscribe: '/unsubscribe',
  verify: '/verify',
  twoFactorSetup: '/two-factor-setup',
  accountSecurity: '/account-security',
  notificationSettings: '/notification-settings',
  dashboard: '/',
  documents: '/documents',
  actions: '/actions',
  committees: '/committees',
  users: '/users',
  mail: '/mail',
  auditLog: '/audit-log',
  trustees: '/trustees',
  minutes: '/minutes',
  decisions: '/decisions',
  /** An auditor's register of interests (spec §6 Guests). */
  auditedRegister: '/register-of-interests',
  calendar: '/calendar',
  meeting: '/meetings/:id',
  notices: '/notices',
  governance: '/governance',
  readDocument: '/read/documents/:id',
  readMinutes: '/read/minutes/:id',
  readPack: '/meetings/:id/pack',
  readAgendaPaper: '/meetings/:id/papers/:paperId',
  search: '/search',
} as const;

/** The page of one meeting. */
export const meetingPath = (id: number): string => `/meetings/${id}`;

export const userGuideUrl = '/api/user-guide';

/** The reader (docs/spec.md §2 Pack reader): `page` opens at that page. */
const atPage = (path: string, page?: number) => (page && page > 1 ? `${path}?page=${page}` : path);
export const readDocumentPath = (id: number, page?: number): string =>
  atPage(`/read/documents/${id}`, page);
export const readMinutesPath = (id: number, page?: number): string =>
  atPage(`/read/minutes/${id}`, page);
export const readPackPath = (meetingId: number, page?: number): string =>
  atPage(`/meetings/${meetingId}/pack`, page);
export const readAgendaPaperPath = (meetingId: number, paperId: number, page?: number): string =>
  atPage(`/meetings/${meetingId}/papers/${paperId}`, page);

/** The reader opening its own search at `q` (docs/spec.md §2 Pack reader): a search result's file. */
export const withReaderQuery = (path: string, q: string): string => {
  const words = q.trim();
  if (!words) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ q: words }).toString()}`;
};

/** The results page of a query (docs/spec.md §2 Search). */
export const searchPath = (q: string): string =>
  q.trim() ? `/search?${new URLSearchParams({ q: q.trim() }).toString()}` : '/search';

/** The Sub Committees page with one committee selected, on one of its tabs. */
export const committeePath = (id: number, tab: 'chat' | 'documents' | 'members' = 'chat'): string =>
  `/committees?${new URLSearchParams({ committee: String(id), tab }).toString()}`;

/** The Governance page on one of its tabs (`?tab=`). */
export const governancePath = (
  tab: 'interests' | 'terms' | 'declarations' | 'resolutions',
): string => `/governance?tab=${tab}`;
