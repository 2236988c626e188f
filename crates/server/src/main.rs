//! `trustee-portal [serve | migrate | seed-demo [--force] | reset-mfa EMAIL | run-scheduled [--at TIME] |
//! openapi]`: run the portal, apply migrations, fill an empty portal with demo data, clear the second factor
//! of a user who lost it (an admin locked out, with no other admin to reset it), queue the scheduled
//! notifications due at a time (now by default; for tests and operators), or print the OpenAPI document
//! (the wire format's one source).
//! See README.md for the configuration.

use std::time::Duration;

use anyhow::Context;
use tracing_subscriber::EnvFilter;

use server::config::Config;
use server::{background, demo, first_admin, http, wiring};

/// `seed-demo`'s exit code when the database already has content and `--force` was not given.
const EXIT_HAS_CONTENT: i32 = 2;

fn init_logging() {
    let filter = EnvFilter::try_from_env("LOG_LEVEL").unwrap_or_else(|_| EnvFilter::new("info"));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|f| f.eq_ignore_ascii_case("json"));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_target(false).with_ansi(ansi);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

/// Waits for PostgreSQL for up to a minute: under docker compose the database may start after us.
/// Database connections per process (issue 15): `DB_POOL_SIZE`, or four per core, at least 10 and at
/// most 40 (each process also keeps one for the change feed).
fn pool_size() -> u32 {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2) as u32;
    std::env::var("DB_POOL_SIZE")
        .ok()
        .and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|n| *n > 0)
        .unwrap_or_else(|| (cores * 4).clamp(10, 40))
}

fn connect_with_retry(url: &str) -> anyhow::Result<persistence::PgPool> {
    let mut attempts = 0;
    loop {
        match persistence::connect(url, pool_size()) {
            Ok(pool) => return Ok(pool),
            Err(e) if attempts < 12 => {
                attempts += 1;
                tracing::warn!(error = %e, "database not reachable yet, retrying in 5 s");
                std::thread::sleep(Duration::from_secs(5));
            }
            Err(e) => return Err(e),
        }
    }
}

fn main() -> anyhow::Result<()> {
    init_logging();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = args.first().map_or("serve", String::as_str);
    // The wire format needs no configuration: `make api-types` runs this on a fresh clone.
    if command == "openapi" {
        let mut out = std::io::stdout().lock();
        std::io::Write::write_all(&mut out, api::openapi::document_json().as_bytes())?;
        std::io::Write::write_all(&mut out, b"\n")?;
        return Ok(());
    }
    let config = Config::from_env()?;
    match command {
        "serve" => serve(config),
        "migrate" => {
            let pool = connect_with_retry(&config.database_url)?;
            for name in persistence::run_migrations(&pool)? {
                tracing::info!(migration = %name, "applied");
            }
            Ok(())
        }
        "seed-demo" => {
            let force = match &args[1..] {
                [] => false,
                [flag] if flag == "--force" => true,
                _ => anyhow::bail!("usage: trustee-portal seed-demo [--force]"),
            };
            seed_demo(config, force)
        }
        "reset-mfa" => match &args[1..] {
            [email] => reset_mfa(config, email),
            _ => anyhow::bail!("usage: trustee-portal reset-mfa EMAIL"),
        },
        "run-scheduled" => {
            let at = match &args[1..] {
                [] => chrono::Utc::now(),
                [flag, time] if flag == "--at" => chrono::DateTime::parse_from_rfc3339(time)
                    .with_context(|| {
                        format!("--at must be an RFC 3339 time such as 2026-03-30T08:00:00Z, got '{time}'")
                    })?
                    .with_timezone(&chrono::Utc),
                _ => anyhow::bail!("usage: trustee-portal run-scheduled [--at RFC3339-TIME]"),
            };
            run_scheduled(config, at)
        }
        other => anyhow::bail!(
            "unknown command '{other}'; use: serve | migrate | seed-demo [--force] | reset-mfa EMAIL | \
             run-scheduled [--at TIME] | openapi"
        ),
    }
}

fn seed_demo(config: Config, force: bool) -> anyhow::Result<()> {
    let pool = connect_with_retry(&config.database_url)?;
    match demo::run(&config, pool, force)? {
        demo::Outcome::Seeded(summary) => {
            println!("{summary}");
            Ok(())
        }
        demo::Outcome::Refused(existing) => {
            eprintln!(
                "Not seeding: the database already has content ({existing}).\n\
                 Demo data goes into an empty portal. To add it on top of this content anyway (nothing is \
                 deleted), run: trustee-portal seed-demo --force"
            );
            std::process::exit(EXIT_HAS_CONTENT);
        }
    }
}

/// The operator's recovery for a user (usually the only admin) who lost their second factor: it is cleared
/// and their sessions end; they sign in with their password and enrol again.
fn reset_mfa(config: Config, email: &str) -> anyhow::Result<()> {
    let pool = connect_with_retry(&config.database_url)?;
    persistence::run_migrations(&pool)?;
    let state = wiring::build_state(&config, pool)?;
    let user = first_admin::reset_second_factor(&state, email)?;
    println!("Two-factor sign-in cleared for {} ({}); their sessions have ended.", user.name, user.email);
    Ok(())
}

/// Queues the scheduled notifications due at `at` (reminders, overdue actions, unread committee messages,
/// the weekly digest) and expands pending events; the running server's outbox worker sends them. Each goes
/// out once however often this runs, alongside running servers or not.
fn run_scheduled(config: Config, at: chrono::DateTime<chrono::Utc>) -> anyhow::Result<()> {
    let pool = connect_with_retry(&config.database_url)?;
    persistence::run_migrations(&pool)?;
    let state = wiring::build_state(&config, pool)?;
    let events = state.notifications.expand_pending()?;
    let run = state.notifications.run_scheduled(at)?;
    println!(
        "Scheduled run at {}: {} notification(s) and {} digest(s) queued; {} event(s) expanded.",
        at.to_rfc3339(),
        run.notifications,
        run.digests,
        events
    );
    Ok(())
}

fn serve(config: Config) -> anyhow::Result<()> {
    let pool = connect_with_retry(&config.database_url)?;
    for name in persistence::run_migrations(&pool)? {
        tracing::info!(migration = %name, "migration applied");
    }
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("cannot create the data folder {}", config.data_dir.display()))?;
    let state = wiring::build_state(&config, pool.clone())?;
    wiring::reseal_secrets(&state)?;
    let _mail_worker = server::mail_worker::start(
        wiring::build_mail_worker(&config, pool)?,
        Duration::from_millis(config.mail.poll_milliseconds),
    );
    let _notifications = background::start_notifications(
        state.notifications.clone(),
        Duration::from_millis(config.mail.poll_milliseconds),
        config.mail.run_scheduler,
    );
    tracing::info!(time_zone = %config.mail.board_time_zone, scheduler = config.mail.run_scheduler,
        "notifications: reminders are computed in BOARD_TIME_ZONE");
    match &config.mail.smtp_url {
        Some(_) => tracing::info!(public_url = %config.mail.public_url, "mail goes out through SMTP_URL"),
        None => tracing::warn!(dir = %config.data_dir.join("outbox-files").display(),
            "SMTP_URL is not set: mail is written as .eml files and its links logged"),
    }
    if let Some(admin) = first_admin::ensure_first_admin(&config, &state.users)? {
        match admin.generated_password {
            Some(password) => tracing::warn!(
                "First admin created: {} with temporary password {} (it must be changed at first sign-in; shown only once)",
                admin.email,
                password
            ),
            None => tracing::warn!("First admin created: {} with the password from ADMIN_PASSWORD", admin.email),
        }
    }
    tracing::info!(port = config.port, "Trustee Portal listening on http://localhost:{}", config.port);
    actix_web::rt::System::new().block_on(async {
        background::start(&state, config.audit_retention_days);
        http::serve(state, config.static_dir.clone(), config.port).await
    })?;
    tracing::info!("stopped");
    Ok(())
}
