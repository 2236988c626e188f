pub mod repository;
pub mod service;
pub mod token_repository;

use chrono::{DateTime, Utc};

use crate::{ResetRequestId, UserId};

/// A "forgot password" request waiting for an admin or chair to reset the password by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResetRequest {
    pub id: ResetRequestId,
    pub email: String,
    pub user_id: Option<UserId>,
    pub user_name: Option<String>,
    pub requested_at: DateTime<Utc>,
}
