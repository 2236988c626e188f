// The texts of issue 10 (accounts and sessions) as agreed with the back end. They live here, not in
// server-messages.ts, until the server's source has them (server-messages.test.ts checks that file
// against crates/): after merging the back end, move each into server-messages.ts and delete this file.
export const issueTenMessages = {
  tempPasswordExpired: 'Your temporary password has expired. Ask an admin or chair for a new one.',
  wrongCode: 'That code is not right. Check the time on your phone, or use a recovery code.',
  mfaTokenExpired: 'Your sign-in has expired. Please sign in again.',
  enrolmentRequired: 'You must set up two-factor sign-in before using the portal.',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 72 bytes',
  passwordTooCommon: 'This password is too common. Choose a less predictable one.',
  passwordHasName: 'Password must not contain your name or email address',
  passwordUnchanged: 'Choose a password different from your current password',
  passwordSameAsTemporary: 'Choose a password different from your temporary password',
  mfaAlreadyOn: 'Two-factor sign-in is already on.',
  mfaSetupFirst: 'Start two-factor set-up first.',
  mfaOff: 'Two-factor sign-in is off.',
  mfaRequiredForRole: 'Two-factor sign-in is required for your role.',
  sessionSignedOut: 'Session signed out',
  sessionNotFound: 'Session not found',
  otherSessionsSignedOut: 'Other sessions signed out',
  mfaReset: 'Two-factor sign-in reset. They will set it up again at their next sign-in.',
} as const;
