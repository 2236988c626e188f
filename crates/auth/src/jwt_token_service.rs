use chrono::{DateTime, Duration, Utc};
use jsonwebtoken::{
    decode, encode, errors::ErrorKind, Algorithm, DecodingKey, EncodingKey, Header, Validation,
};
use serde::{Deserialize, Serialize};

use domain::identity::{ChallengeClaims, SessionClaims, TokenError, TokenService, ViewResource};
use domain::{SessionId, UserId};

const ISSUER: &str = "trustee-portal";
const SESSION_AUDIENCE: &str = "session";
const VIEW_AUDIENCE: &str = "view";
const CHALLENGE_AUDIENCE: &str = "second-factor";

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The user id; a string, as RFC 7519 wants.
    sub: String,
    ver: i32,
    /// The session (signed-in device); absent on second-factor challenges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sid: Option<i32>,
    iat: i64,
    exp: i64,
    iss: String,
    aud: String,
    /// The file a view ticket opens, e.g. `document:12`; absent on session tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    res: Option<String>,
    /// A second-factor challenge's id (32 hex digits), so it can be used once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    jti: Option<String>,
}

impl Claims {
    fn user_id(&self) -> Result<UserId, TokenError> {
        self.sub.parse().map(UserId).map_err(|_| TokenError::Invalid)
    }

    fn session(&self) -> Result<SessionClaims, TokenError> {
        let session_id = self.sid.map(SessionId).ok_or(TokenError::Invalid)?;
        Ok(SessionClaims { user_id: self.user_id()?, token_version: self.ver, session_id })
    }
}

/// The claims only some tokens carry.
#[derive(Default)]
struct Tags {
    res: Option<String>,
    jti: Option<String>,
}

pub struct JwtTokenService {
    encoding: EncodingKey,
    decoding: DecodingKey,
    session_lifetime: Duration,
    view_lifetime: Duration,
    challenge_lifetime: Duration,
    now: fn() -> DateTime<Utc>,
}

impl JwtTokenService {
    pub fn new(secret: &[u8], session_lifetime: Duration) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            session_lifetime,
            view_lifetime: Duration::seconds(60),
            challenge_lifetime: Duration::minutes(5),
            now: Utc::now,
        }
    }

    /// The same service on another clock: tests use it to make tokens that have already expired.
    pub fn with_clock(mut self, now: fn() -> DateTime<Utc>) -> Self {
        self.now = now;
        self
    }

    fn issue(
        &self,
        user_id: UserId,
        version: i32,
        sid: Option<SessionId>,
        audience: &str,
        lifetime: Duration,
        Tags { res, jti }: Tags,
    ) -> Result<String, TokenError> {
        let now = (self.now)();
        let claims = Claims {
            sub: user_id.0.to_string(),
            ver: version,
            sid: sid.map(|id| id.0),
            iat: now.timestamp(),
            exp: (now + lifetime).timestamp(),
            iss: ISSUER.into(),
            aud: audience.into(),
            res,
            jti,
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| TokenError::Unexpected(e.into()))
    }

    fn verify(&self, token: &str, audience: &str) -> Result<Claims, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256];
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[audience]);
        validation.set_required_spec_claims(&["exp", "iat", "iss", "aud", "sub"]);
        validation.leeway = 5;
        decode::<Claims>(token, &self.decoding, &validation).map(|data| data.claims).map_err(|e| {
            match e.kind() {
                ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            }
        })
    }
}

fn resource_key(resource: ViewResource) -> String {
    match resource {
        ViewResource::Document(id) => format!("document:{id}"),
        ViewResource::Minutes(id) => format!("minutes:{id}"),
    }
}

impl TokenService for JwtTokenService {
    fn issue_session(&self, claims: SessionClaims) -> Result<String, TokenError> {
        let SessionClaims { user_id, token_version, session_id } = claims;
        let lifetime = self.session_lifetime;
        self.issue(user_id, token_version, Some(session_id), SESSION_AUDIENCE, lifetime, Tags::default())
    }

    fn verify_session(&self, token: &str) -> Result<SessionClaims, TokenError> {
        self.verify(token, SESSION_AUDIENCE)?.session()
    }

    fn issue_view_ticket(&self, claims: SessionClaims, resource: ViewResource) -> Result<String, TokenError> {
        let SessionClaims { user_id, token_version, session_id } = claims;
        let tags = Tags { res: Some(resource_key(resource)), jti: None };
        self.issue(user_id, token_version, Some(session_id), VIEW_AUDIENCE, self.view_lifetime, tags)
    }

    fn verify_view_ticket(&self, ticket: &str, resource: ViewResource) -> Result<SessionClaims, TokenError> {
        let claims = self.verify(ticket, VIEW_AUDIENCE)?;
        if claims.res.as_deref() != Some(resource_key(resource).as_str()) {
            return Err(TokenError::Invalid);
        }
        claims.session()
    }

    fn issue_challenge(&self, claims: ChallengeClaims) -> Result<String, TokenError> {
        let ChallengeClaims { user_id, token_version, id } = claims;
        let lifetime = self.challenge_lifetime;
        let tags = Tags { res: None, jti: Some(format!("{id:032x}")) };
        self.issue(user_id, token_version, None, CHALLENGE_AUDIENCE, lifetime, tags)
    }

    fn verify_challenge(&self, token: &str) -> Result<ChallengeClaims, TokenError> {
        let claims = self.verify(token, CHALLENGE_AUDIENCE)?;
        // A challenge without an id (from before challenges were single-use) is refused.
        let id = claims.jti.as_deref().and_then(|jti| u128::from_str_radix(jti, 16).ok());
        let id = id.ok_or(TokenError::Invalid)?;
        Ok(ChallengeClaims { user_id: claims.user_id()?, token_version: claims.ver, id })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::DocumentId;

    fn service() -> JwtTokenService {
        JwtTokenService::new(b"a test secret of enough length!!", Duration::hours(12))
    }

    fn claims(user: i32, version: i32) -> SessionClaims {
        SessionClaims { user_id: UserId(user), token_version: version, session_id: SessionId(40 + user) }
    }

    #[test]
    fn session_tokens_round_trip() {
        let tokens = service();
        let token = tokens.issue_session(claims(7, 3)).unwrap();
        assert_eq!(tokens.verify_session(&token).unwrap(), claims(7, 3));
    }

    #[test]
    fn expired_and_foreign_tokens_are_refused() {
        let mut tokens = service();
        tokens.now = || Utc::now() - Duration::hours(13);
        let old = tokens.issue_session(claims(1, 0)).unwrap();
        assert!(matches!(service().verify_session(&old), Err(TokenError::Expired)));

        let other = JwtTokenService::new(b"another secret entirely, long!!!", Duration::hours(1));
        let forged = other.issue_session(claims(1, 0)).unwrap();
        assert!(matches!(service().verify_session(&forged), Err(TokenError::Invalid)));
        assert!(matches!(service().verify_session("garbage"), Err(TokenError::Invalid)));
    }

    #[test]
    fn view_tickets_are_not_sessions_and_open_one_file() {
        let tokens = service();
        let doc = ViewResource::Document(DocumentId(5));
        let ticket = tokens.issue_view_ticket(claims(2, 0), doc).unwrap();
        assert!(tokens.verify_view_ticket(&ticket, doc).is_ok());
        assert!(tokens.verify_view_ticket(&ticket, ViewResource::Document(DocumentId(6))).is_err());
        assert!(tokens.verify_session(&ticket).is_err());
        let session = tokens.issue_session(claims(2, 0)).unwrap();
        assert!(tokens.verify_view_ticket(&session, doc).is_err());
    }

    #[test]
    fn challenges_open_nothing_but_the_second_step() {
        let tokens = service();
        let challenge =
            tokens.issue_challenge(ChallengeClaims { user_id: UserId(3), token_version: 1, id: 77 }).unwrap();
        let claims_back = tokens.verify_challenge(&challenge).unwrap();
        assert_eq!(claims_back, ChallengeClaims { user_id: UserId(3), token_version: 1, id: 77 });
        assert!(tokens.verify_session(&challenge).is_err());
        let doc = ViewResource::Document(domain::DocumentId(1));
        assert!(tokens.verify_view_ticket(&challenge, doc).is_err());
        let session = tokens.issue_session(claims(3, 1)).unwrap();
        assert!(tokens.verify_challenge(&session).is_err());
    }

    #[test]
    fn unsigned_tokens_are_refused() {
        // header {"alg":"none","typ":"JWT"} with valid-looking claims and no signature
        let tokens = service();
        let token = tokens.issue_session(claims(1, 0)).unwrap();
        let mut parts = token.split('.');
        let _header = parts.next();
        let payload = parts.next().unwrap();
        let forged = format!("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{payload}.");
        assert!(tokens.verify_session(&forged).is_err());
    }
}
