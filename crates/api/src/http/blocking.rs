use actix_web::web;
use domain::DomainError;

use crate::http::error::ApiError;

/// Runs a use case on actix's blocking pool: diesel and bcrypt must never stall the async workers.
pub async fn blocking<T, E, F>(work: F) -> Result<T, ApiError>
where
    F: FnOnce() -> Result<T, E> + Send + 'static,
    T: Send + 'static,
    E: Send + 'static,
    ApiError: From<E>,
{
    match web::block(work).await {
        Ok(result) => result.map_err(ApiError::from),
        Err(e) => {
            Err(ApiError::Domain(DomainError::Unexpected(anyhow::anyhow!("blocking task failed: {e}"))))
        }
    }
}
