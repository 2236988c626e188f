// What the sign-in page says when single sign-on signed nobody in: the server sends the browser back with
// `?sso_error=<key>` (docs/spec.md §13 Single sign-on); the messages are the server's.
const messages: Record<string, string> = {
  not_configured: 'Single sign-on is not set up on this portal.',
  expired: 'That sign-in link has expired or was already used. Please try again.',
  provider_refused: 'The identity provider did not sign you in.',
  unavailable: 'The identity provider could not be reached. Please try again later.',
  rejected:
    "The identity provider's answer could not be verified. Nothing was signed in; please try again.",
  unverified_email: 'Your identity provider has not verified your e-mail address.',
  domain_not_allowed: 'Accounts from your e-mail domain cannot sign in to this portal.',
  no_account:
    'There is no portal account for your e-mail address. Ask an admin of the portal to add you.',
  deactivated: 'Your account is deactivated. Ask an admin of the portal to activate it.',
};

export const ssoFailureMessage = (key: string): string =>
  messages[key] ?? 'Single sign-on did not sign you in. Please try again.';
