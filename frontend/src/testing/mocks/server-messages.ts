// The texts the server sends, as the mocks send them: one place, checked against the server's source by
// server-messages.test.ts, so a mock never answers a text the server does not have.
export const serverMessages = {
  authenticationRequired: 'Authentication required. Please sign in.',
  invalidCredentials: 'Invalid email or password',
  signedOut: 'Signed out',
  passwordChanged: 'Password changed',
  forgotPassword:
    'If an account with this email exists, password reset instructions would be sent to that email address.',
  resetRequestsForbidden: 'Only admins and chairs can see password reset requests.',
  usersForbidden: 'Only admins and chairs can manage users.',
  duplicateEmail: 'A user with this email already exists',
  userNotFound: 'User not found',
  userDeleted: 'User deleted successfully',
  documentDeleted: 'Document deleted successfully',
  actionNotFound: 'Action not found',
  actionComplete: 'This action is complete and can no longer be changed.',
  actionDeleted: 'Action deleted successfully',
  noticeDeleted: 'Notice deleted successfully',
  committeeNotFound: 'Committee not found',
  committeeDeleted: 'Committee deleted successfully',
  memberRemoved: 'Member removed successfully',
  boardWarningsForbidden: "Only admins and chairs see the board's warnings.",
  auditLogForbidden: 'Only admins can read the audit log.',
} as const;
