//! Fresh caches after a write.

use actix_web::web;

/// After a write through this process, its session cache and read caches start afresh (spec §9, Session cache): a
/// sign-out, a role change or a revocation holds for the caller's very next request, and so does a new
/// notice, document or action, without waiting for the change feed (which tells the other processes within milliseconds).
pub async fn forget_sessions_after_writes(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    let write = !matches!(*req.method(), actix_web::http::Method::GET | actix_web::http::Method::HEAD);
    let state = if write { req.app_data::<web::Data<crate::http::state::AppState>>().cloned() } else { None };
    let response = next.call(req).await;
    if let Some(state) = state {
        state.auth.session_cache.forget_all();
        state.forget_read_caches();
    }
    response
}
