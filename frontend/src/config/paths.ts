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
} as const;

/** The page of one meeting. */
export const meetingPath = (id: number): string => `/meetings/${id}`;

export const userGuideUrl = '/api/user-guide';
