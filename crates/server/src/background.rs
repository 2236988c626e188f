//! Background steps of the server. Each keeps its state in PostgreSQL and claims its rows with
//! `FOR UPDATE SKIP LOCKED`, so two server processes (or a restart) neither skip nor repeat work.

use std::time::Duration;

use api::AppState;

/// How often written resolutions past their closing time are decided. Reads decide a due resolution
/// themselves, so this only bounds how late the decision is recorded when nobody looks.
const RESOLUTION_CHECK_EVERY: Duration = Duration::from_secs(30);

/// How often old sign-in attempts and ended sessions are deleted.
const PRUNE_EVERY: Duration = Duration::from_secs(10 * 60);

/// Starts the background steps on the current actix system.
pub fn start(state: &AppState) {
    let auth = state.auth.clone();
    actix_web::rt::spawn(async move {
        let mut ticks = actix_web::rt::time::interval(PRUNE_EVERY);
        loop {
            ticks.tick().await;
            let service = auth.clone();
            match actix_web::web::block(move || service.prune()).await {
                Ok(Ok((attempts, sessions))) if attempts + sessions > 0 => {
                    tracing::info!(attempts, sessions, "old sign-in attempts and sessions pruned");
                }
                Ok(Ok(_)) => {}
                Ok(Err(error)) => tracing::error!(error = ?error, "pruning sign-in records failed"),
                Err(error) => tracing::error!(%error, "pruning sign-in records did not run"),
            }
        }
    });

    let resolutions = state.resolutions.clone();
    actix_web::rt::spawn(async move {
        let mut ticks = actix_web::rt::time::interval(RESOLUTION_CHECK_EVERY);
        loop {
            ticks.tick().await;
            let service = resolutions.clone();
            match actix_web::web::block(move || service.decide_due()).await {
                Ok(Ok(decided)) if !decided.is_empty() => {
                    tracing::info!(
                        count = decided.len(),
                        "written resolutions decided at their closing time"
                    );
                }
                Ok(Ok(_)) => {}
                Ok(Err(error)) => tracing::error!(error = ?error, "deciding due resolutions failed"),
                Err(error) => tracing::error!(%error, "deciding due resolutions did not run"),
            }
        }
    });
}
