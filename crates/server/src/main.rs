//! `trustee-portal [serve | migrate | seed-demo [--force] | reset-mfa EMAIL | run-scheduled [--at TIME] |
//! openapi]`: run the portal, apply migrations, fill an empty portal with demo data, clear the second factor
//! of a user who lost it (an admin locked out, with no other admin to reset it), queue the scheduled
//! notifications due at a time (now by default; for tests and operators), or print the OpenAPI document
//! (the wire format's one source).
//!
//! The command line is parsed with clap before any configuration is read, so `--help` and `--version`
//! (of the program and of every command) answer without a database or a secret; a mistake is one line on
//! standard error and a non-zero exit code (docs/operations.md, "Commands").
//! See README.md for the configuration.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use server::config::{self, Config};
use server::{background, demo, first_admin, http, wiring};

/// `seed-demo`'s exit code when the database already has content and `--force` was not given.
const EXIT_HAS_CONTENT: u8 = 2;

/// The Trustee Portal: a board portal for a charity's trustees. Configured by environment variables
/// (README.md, "Configuration"); with no command, it serves.
#[derive(Debug, Parser)]
#[command(name = "trustee-portal", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Apply pending migrations, then serve the API (and STATIC_DIR, when set) on PORT (the default)
    Serve,
    /// Apply pending migrations and exit
    Migrate,
    /// Fill an empty portal with demo data (exits 2, changing nothing, when it already has content)
    SeedDemo {
        /// Add the demo data on top of existing content (nothing is deleted)
        #[arg(long)]
        force: bool,
    },
    /// Clear the second factor of a user who lost it and end their sessions
    ResetMfa {
        /// The user's e-mail address
        email: String,
    },
    /// Queue the scheduled work due at a time (reminders, overdue actions, digests, evaluation closing)
    RunScheduled {
        /// An RFC 3339 time such as 2026-03-30T08:00:00Z (default: now)
        #[arg(long, value_name = "TIME", value_parser = parse_time)]
        at: Option<chrono::DateTime<chrono::Utc>>,
    },
    /// Print the OpenAPI document (needs no configuration)
    Openapi,
}

fn parse_time(value: &str) -> Result<chrono::DateTime<chrono::Utc>, String> {
    chrono::DateTime::parse_from_rfc3339(value)
        .map(|at| at.with_timezone(&chrono::Utc))
        .map_err(|_| format!("--at must be an RFC 3339 time such as 2026-03-30T08:00:00Z, got '{value}'"))
}

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
/// Database connections per process (docs/operations.md, Configuration): `DB_POOL_SIZE`, or four per core, at
/// least 10 and at most 40 (each process also keeps one for the change feed).
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

/// Parses the command line; help, version and usage mistakes answer here, before any configuration.
/// A mistake is one line on standard error (clap's message, its tip, and where to read more), exit 2.
fn parse_command_line() -> Result<Cli, ExitCode> {
    match Cli::try_parse() {
        Ok(cli) => Ok(cli),
        Err(e) => match e.kind() {
            clap::error::ErrorKind::DisplayHelp
            | clap::error::ErrorKind::DisplayVersion
            | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
            _ => {
                eprintln!("{}", one_line(&e.render().to_string()));
                Err(ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)))
            }
        },
    }
}

/// clap's error text on one line: its first paragraph ("error: ..." and any names listed under it), any
/// "tip: ...", and where to read more, without the usage block.
fn one_line(rendered: &str) -> String {
    let mut paragraphs = rendered.split("\n\n");
    let mut parts: Vec<String> = Vec::new();
    if let Some(first) = paragraphs.next() {
        let words: Vec<&str> = first.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        parts.push(words.join(" "));
    }
    for line in paragraphs.flat_map(str::lines).map(str::trim) {
        if line.starts_with("tip:") {
            parts.push(line.to_string());
        } else if let Some(rest) = line.strip_prefix("For more information, ") {
            parts.push(rest.trim_end_matches('.').to_string());
        }
    }
    parts.join("; ")
}

fn main() -> ExitCode {
    let cli = match parse_command_line() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    init_logging();
    match run(cli.command.unwrap_or(Command::Serve)) {
        Ok(code) => code,
        Err(e) => {
            // The error and its causes, joined by ": ", on one line.
            eprintln!("error: {}", format!("{e:#}").replace('\n', " "));
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    // The wire format needs no configuration: `make api-types` runs this on a fresh clone.
    if let Command::Openapi = command {
        return print_openapi();
    }
    // Migrations need the database and nothing else: no secrets (docs/operations.md, "Commands").
    if let Command::Migrate = command {
        let pool = connect_with_retry(&config::database_url_from_env())?;
        for name in persistence::run_migrations(&pool)? {
            tracing::info!(migration = %name, "applied");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let config = Config::from_env()?;
    match command {
        Command::Serve => serve(config),
        Command::Migrate => Ok(()),
        Command::SeedDemo { force } => return seed_demo(config, force),
        Command::ResetMfa { email } => reset_mfa(config, &email),
        Command::RunScheduled { at } => run_scheduled(config, at.unwrap_or_else(chrono::Utc::now)),
        Command::Openapi => Ok(()),
    }?;
    Ok(ExitCode::SUCCESS)
}

/// The OpenAPI document on standard output. A reader that stops early (`| head`) closes the pipe: that
/// is the reader's choice, not a failure, so it ends quietly with status 0 (docs/operations.md,
/// "Commands").
fn print_openapi() -> anyhow::Result<ExitCode> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let written = out
        .write_all(api::openapi::document_json().as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
    match written {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
    }
}

fn seed_demo(config: Config, force: bool) -> anyhow::Result<ExitCode> {
    let pool = connect_with_retry(&config.database_url)?;
    match demo::run(&config, pool, force)? {
        demo::Outcome::Seeded(summary) => {
            println!("{summary}");
            Ok(ExitCode::SUCCESS)
        }
        demo::Outcome::Refused(existing) => {
            eprintln!(
                "Not seeding: the database already has content ({existing}).\n\
                 Demo data goes into an empty portal. To add it on top of this content anyway (nothing is \
                 deleted), run: trustee-portal seed-demo --force"
            );
            Ok(ExitCode::from(EXIT_HAS_CONTENT))
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
/// the weekly digest), reminds and closes evaluation rounds (spec §17, Scheduling) and expands pending
/// events; the running server's outbox worker sends them. Each goes out once however often this runs,
/// alongside running servers or not.
fn run_scheduled(config: Config, at: chrono::DateTime<chrono::Utc>) -> anyhow::Result<()> {
    let pool = connect_with_retry(&config.database_url)?;
    persistence::run_migrations(&pool)?;
    let state = wiring::build_state(&config, pool)?;
    let events = state.notifications.expand_pending()?;
    let run = state.notifications.run_scheduled(at)?;
    let evaluations =
        background::run_scheduled_evaluations(&state.evaluations, at, state.notifications.time_zone)?;
    println!(
        "Scheduled run at {}: {} notification(s), {} digest(s) and {} new-document mail(s) queued; {} \
         event(s) expanded; {} evaluation reminder(s) queued, {} evaluation(s) closed.",
        at.to_rfc3339(),
        run.notifications,
        run.digests,
        run.documents,
        events,
        evaluations.reminded,
        evaluations.closed
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
    // Text from files for search (docs/spec.md "Text from files"), unless FILE_TEXT_WORKER=off.
    let _file_texts = config.file_texts.worker.then(|| {
        server::file_text_worker::start(
            wiring::build_file_text_service(&config, pool.clone(), state.files.clone()),
            &config.database_url,
            config.file_texts.poll,
        )
    });
    let _mail_worker = server::mail_worker::start(
        wiring::build_mail_worker(&config, pool)?,
        Duration::from_millis(config.mail.poll_milliseconds),
    );
    let _notifications = background::start_notifications(
        state.notifications.clone(),
        state.evaluations.clone(),
        Duration::from_millis(config.mail.poll_milliseconds),
        config.mail.run_scheduler,
    );
    tracing::info!(time_zone = %config.mail.board_time_zone, scheduler = config.mail.run_scheduler,
        "notifications: reminders are computed in BOARD_TIME_ZONE");
    match &config.mail.smtp_url {
        Some(_) => tracing::info!(public_url = %config.mail.public_url, "mail goes out through SMTP_URL"),
        None => tracing::warn!(dir = %config.data_dir.join("outbox-files").display(),
            "SMTP_URL is not set: mail is written as .eml files (their subjects and recipients are logged)"),
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
        http::serve(state, config.static_dir.clone(), config.port, http::sends_hsts(&config.mail.public_url))
            .await
    })?;
    tracing::info!("stopped");
    Ok(())
}
