//! Background steps of the server. Each keeps its state in PostgreSQL and claims its rows with
//! `FOR UPDATE SKIP LOCKED` (or, for pruning, one idempotent DELETE under an advisory lock), so two
//! server processes (or a restart) neither skip nor repeat work.

use std::time::Duration;

use api::AppState;
use domain::governance::evaluation::schedule::ScheduledEvaluations;
use domain::governance::evaluation::service::EvaluationService;

/// How often written resolutions past their closing time are decided. Reads decide a due resolution
/// themselves, so this only bounds how late the decision is recorded when nobody looks.
const RESOLUTION_CHECK_EVERY: Duration = Duration::from_secs(30);

/// How often old sign-in attempts and ended sessions are deleted.
const PRUNE_EVERY: Duration = Duration::from_secs(10 * 60);

/// How often audit events past `AUDIT_RETENTION_DAYS` are pruned (and once at start).
const AUDIT_PRUNE_EVERY: Duration = Duration::from_secs(60 * 60);

/// Starts the background steps on the current actix system.
pub fn start(state: &AppState, audit_retention_days: i64) {
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

    let audit = state.audit.clone();
    actix_web::rt::spawn(async move {
        // The first tick is immediate: a server started after a long stop prunes at once.
        let mut ticks = actix_web::rt::time::interval(AUDIT_PRUNE_EVERY);
        loop {
            ticks.tick().await;
            let service = audit.clone();
            match actix_web::web::block(move || service.prune(audit_retention_days)).await {
                Ok(Ok(0)) => {}
                Ok(Ok(pruned)) => tracing::info!(pruned, audit_retention_days, "old audit events pruned"),
                Ok(Err(error)) => tracing::error!(error = ?error, "pruning the audit log failed"),
                Err(error) => tracing::error!(%error, "pruning the audit log did not run"),
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

/// How often the scheduled notifications (reminders, unread messages, digests) are looked for. Each is
/// recorded in a ledger with its message, so running more often never sends one twice.
pub const SCHEDULER_EVERY: Duration = Duration::from_secs(60);

/// Stops the notification worker when dropped.
pub struct NotificationWorkerHandle {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Drop for NotificationWorkerHandle {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The notification worker, on its own thread (every server process runs one): every `poll` it expands
/// the events recorded by the database into messages (claimed with `FOR UPDATE SKIP LOCKED`), and with
/// `scheduler` every `SCHEDULER_EVERY` it runs the scheduled kinds at the clock's time (under an advisory
/// lock, each sent once thanks to the ledger) and the evaluation rounds' reminders and closing
/// (`run_scheduled_evaluations`).
pub fn start_notifications(
    service: domain::notifications::NotificationService,
    evaluations: EvaluationService,
    poll: Duration,
    scheduler: bool,
) -> NotificationWorkerHandle {
    use std::sync::atomic::Ordering;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = stop.clone();
    std::thread::Builder::new()
        .name("notifications".into())
        .spawn(move || {
            let mut last_scheduled: Option<std::time::Instant> = None;
            while !flag.load(Ordering::Relaxed) {
                match service.expand_pending() {
                    Ok(0) => {}
                    Ok(events) => tracing::info!(events, "notification events expanded into mail"),
                    Err(e) => {
                        tracing::error!(error = format!("{e:#}"), "expanding notification events failed")
                    }
                }
                if scheduler && last_scheduled.is_none_or(|at| at.elapsed() >= SCHEDULER_EVERY) {
                    last_scheduled = Some(std::time::Instant::now());
                    match service.run_scheduled(service.clock.now()) {
                        Ok(run) if run.notifications + run.digests + run.documents > 0 => tracing::info!(
                            notifications = run.notifications,
                            digests = run.digests,
                            documents = run.documents,
                            "scheduled notifications queued"
                        ),
                        Ok(_) => {}
                        Err(e) => tracing::error!(error = format!("{e:#}"), "scheduled notifications failed"),
                    }
                    if let Err(e) =
                        run_scheduled_evaluations(&evaluations, service.clock.now(), service.time_zone)
                    {
                        tracing::error!(error = format!("{e:#}"), "scheduled evaluation work failed");
                    }
                }
                std::thread::sleep(poll);
            }
        })
        .map(|_| ())
        .unwrap_or_else(|e| tracing::error!(error = %e, "cannot start the notification worker"));
    NotificationWorkerHandle { stop }
}

/// The evaluation rounds' scheduled work at `at` (spec §17, Scheduling): the reminder before the closing
/// date, and closing once it has passed, by the board's calendar (`zone`). Logs what it did.
pub fn run_scheduled_evaluations(
    evaluations: &EvaluationService,
    at: chrono::DateTime<chrono::Utc>,
    zone: chrono_tz::Tz,
) -> anyhow::Result<ScheduledEvaluations> {
    let run = evaluations.run_scheduled(at, zone)?;
    if run != ScheduledEvaluations::default() {
        tracing::info!(reminded = run.reminded, closed = run.closed, "scheduled evaluation work done");
    }
    Ok(run)
}
