// GET /api/signing/certificate (public): the portal's signing certificate (PEM), for offline checks. A
// plain link downloads it: no session is needed.
export const certificateUrl = '/api/signing/certificate';
