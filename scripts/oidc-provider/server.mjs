// A local OpenID provider for the tests and `make run` (scripts/ensure-oidc.sh starts it): panva's certified
// `oidc-provider`, two issuers in one process (the second for "a token from another issuer"), each on its own
// 127.0.0.1 port.
//
// Accounts: any login name that is an e-mail signs in, with no password; its subject is `sub-<e-mail>`.
// The login form (GET /interaction/<uid>, POST /interaction/<uid>/login) takes, besides `login`:
//   mfa=1          the ID token says a second factor was used (`amr: ["pwd", "mfa"]`; otherwise `["pwd"]`)
//   unverified=1   the e-mail is not verified (`email_verified: false`)
//   tamper=audience|issuer|expired|unsigned
//                  the ID token of this login is rewritten on its way out of the token endpoint: for another
//                  audience, signed by the second issuer as that issuer, expired, or unsigned (`alg: none`).
//                  A test of the portal's checks of the ID token against a real provider otherwise.
// Clients (both issuers): `trustee-portal` / `portal-secret` and `another-client` / `another-secret`; any
// redirect URI ending in /api/auth/sso/callback is accepted (the portal's address changes from run to run).
//
// Usage: node server.mjs <port> <second-port>
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import Provider from 'oidc-provider';
import * as jose from 'jose';

const [port, secondPort] = process.argv.slice(2).map(Number);
if (!port || !secondPort) {
  console.error('usage: node server.mjs <port> <second-port>');
  process.exit(2);
}

const clients = [
  { client_id: 'trustee-portal', client_secret: 'portal-secret' },
  { client_id: 'another-client', client_secret: 'another-secret' },
].map((c) => ({
  ...c,
  redirect_uris: ['https://portal.test/api/auth/sso/callback'],
  response_types: ['code'],
  grant_types: ['authorization_code'],
}));

/** Per login (subject): how its ID token is to be rewritten, and whether its e-mail is verified. */
const tamper = new Map();
const unverified = new Set();

async function signingKey() {
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const jwk = await jose.exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

async function makeProvider(issuer, key) {
  const provider = new Provider(issuer, {
    clients,
    jwks: { keys: [key] },
    pkce: { required: () => true },
    // The ID token carries the e-mail and name, as Entra ID, Google, Keycloak and Authentik send them.
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile'],
    // `amr` with the openid scope: Entra ID and Keycloak send it in every ID token too.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'], amr: null },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['local-test-provider-cookie-key'] },
    ttl: { AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 600, Grant: 600 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => {
        const email = id.replace(/^sub-/, '');
        return { sub: id, email, email_verified: !unverified.has(id), name: email.split('@')[0] };
      },
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The tests' and demos' provider runs on plain http on 127.0.0.1.
    clientBasedCORS: () => true,
  });
  provider.proxy = false;
  // Any portal address: the redirect URI must end with the portal's callback path.
  provider.Client.prototype.redirectUriAllowed = (uri) => uri.endsWith('/api/auth/sso/callback');
  return provider;
}

const key = await signingKey();
const otherKey = await signingKey();
const issuer = `http://127.0.0.1:${port}`;
const otherIssuer = `http://127.0.0.1:${secondPort}`;
const provider = await makeProvider(issuer, key);
const other = await makeProvider(otherIssuer, otherKey);

// Rewrites an ID token on its way out of the token endpoint, when its login asked for it.
async function rewrite(idToken) {
  const claims = jose.decodeJwt(idToken);
  const mode = tamper.get(claims.sub);
  if (!mode) return idToken;
  const sign = async (payload, jwk, iss) =>
    new jose.SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(iss)
      .sign(await jose.importJWK(jwk, 'RS256'));
  switch (mode) {
    case 'audience':
      return sign({ ...claims, aud: 'another-client' }, key, issuer);
    case 'issuer':
      return sign({ ...claims }, otherKey, otherIssuer);
    case 'expired': {
      const past = Math.floor(Date.now() / 1000) - 3600;
      return sign({ ...claims, iat: past - 60, exp: past }, key, issuer);
    }
    case 'unsigned': {
      const part = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
    }
    default:
      return idToken;
  }
}

provider.use(async (ctx, next) => {
  await next();
  if (ctx.path === '/token' && ctx.body && typeof ctx.body.id_token === 'string') {
    ctx.body = { ...ctx.body, id_token: await rewrite(ctx.body.id_token) };
  }
});

const page = (uid, clientId) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local OpenID provider</title></head>
<body><main><h1>Local OpenID provider</h1><p>Signing in to ${clientId}. Any e-mail address signs in.</p>
<form method="post" action="/interaction/${uid}/login">
<label>E-mail <input name="login" type="email" autofocus required></label>
<label><input type="checkbox" name="mfa" value="1"> Used a second factor</label>
<button type="submit">Sign in</button></form></main></body></html>`;

async function readForm(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function interactions(prov) {
  const handler = prov.callback();
  return async (req, res) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!match) return handler(req, res);
    try {
      const details = await prov.interactionDetails(req, res);
      if (!match[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page(details.uid, details.params.client_id));
      }
      const form = await readForm(req);
      const email = (form.get('login') ?? '').trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        return res.end('login must be an e-mail address');
      }
      const accountId = `sub-${email}`;
      if (form.get('unverified') === '1') unverified.add(accountId);
      else unverified.delete(accountId);
      const mode = form.get('tamper');
      if (mode) tamper.set(accountId, mode);
      else tamper.delete(accountId);
      const grant = new prov.Grant({ accountId, clientId: details.params.client_id });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      const amr = form.get('mfa') === '1' ? ['pwd', 'mfa'] : ['pwd'];
      return prov.interactionFinished(
        req,
        res,
        { login: { accountId, amr }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end(String(error?.message ?? error));
    }
  };
}

http.createServer(interactions(provider)).listen(port, '127.0.0.1');
http.createServer(interactions(other)).listen(secondPort, '127.0.0.1');
console.log(`issuer ${issuer}, second issuer ${otherIssuer}`);
