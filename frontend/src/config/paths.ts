// Every route of the application, in one place.
export const paths = {
  login: '/login',
  changePassword: '/change-password',
  resetPassword: '/reset-password',
  acceptInvitation: '/accept-invitation',
  unsubscribe: '/unsubscribe',
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
  calendar: '/calendar',
  meeting: '/meetings/:id',
  notices: '/notices',
  governance: '/governance',
  readDocument: '/read/documents/:id',
  readMinutes: '/read/minutes/:id',
  readPack: '/meetings/:id/pack',
  readAgendaPaper: '/meetings/:id/papers/:paperId',
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
