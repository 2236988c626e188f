use crate::{DocumentId, MinutesId, UserId};

/// What a verified session token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionClaims {
    pub user_id: UserId,
    pub token_version: i32,
}

/// The one file a view ticket opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewResource {
    Document(DocumentId),
    Minutes(MinutesId),
}

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("token expired")]
    Expired,
    #[error("token invalid")]
    Invalid,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Signed, expiring tokens: sessions (bearer header) and short-lived view tickets (query string of a new tab).
pub trait TokenService: Send + Sync {
    fn issue_session(&self, user_id: UserId, token_version: i32) -> Result<String, TokenError>;
    fn verify_session(&self, token: &str) -> Result<SessionClaims, TokenError>;
    /// A ticket for one file, valid about a minute; it cannot be used as a session token.
    fn issue_view_ticket(
        &self,
        user_id: UserId,
        token_version: i32,
        resource: ViewResource,
    ) -> Result<String, TokenError>;
    fn verify_view_ticket(&self, ticket: &str, resource: ViewResource) -> Result<SessionClaims, TokenError>;
}
