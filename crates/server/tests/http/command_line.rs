//! The command line (docs/operations.md, "Commands"): `--help` and `--version` of the program and of each
//! command answer without any configuration; a mistake is one line on standard error and a non-zero exit.

use std::process::{Command, Output};

/// The built binary with an empty environment: no DATABASE_URL, no JWT_SECRET, nothing.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_trustee-portal")).args(args).env_clear().output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn help_and_version_answer_without_configuration() {
    let help = run(&["--help"]);
    assert_eq!(help.status.code(), Some(0), "{}", text(&help.stderr));
    let out = text(&help.stdout);
    assert!(out.contains("Usage: trustee-portal [COMMAND]"), "{out}");
    for command in ["serve", "migrate", "seed-demo", "reset-mfa", "run-scheduled", "openapi"] {
        assert!(out.contains(&format!("  {command} ")), "{command} is listed: {out}");
    }
    assert!(text(&help.stderr).is_empty());

    let version = run(&["--version"]);
    assert_eq!(version.status.code(), Some(0));
    assert_eq!(text(&version.stdout).trim(), format!("trustee-portal {}", env!("CARGO_PKG_VERSION")));

    for command in ["serve", "migrate", "seed-demo", "reset-mfa", "run-scheduled", "openapi"] {
        let help = run(&[command, "--help"]);
        assert_eq!(help.status.code(), Some(0), "{command}: {}", text(&help.stderr));
        assert!(text(&help.stdout).contains(&format!("Usage: trustee-portal {command}")), "{command}");
        let version = run(&[command, "--version"]);
        assert_eq!(version.status.code(), Some(0), "{command}: {}", text(&version.stderr));
        assert!(text(&version.stdout).contains(env!("CARGO_PKG_VERSION")), "{command}");
    }
    let seed = text(&run(&["seed-demo", "--help"]).stdout);
    assert!(seed.contains("--force"), "{seed}");
    let scheduled = text(&run(&["run-scheduled", "--help"]).stdout);
    assert!(scheduled.contains("--at <TIME>"), "{scheduled}");
    assert!(text(&run(&["help", "reset-mfa"]).stdout).contains("<EMAIL>"));
}

/// Standard error of a refused command line: exactly one line, starting "error: ".
fn one_error_line(output: &Output) -> String {
    assert!(!output.status.success());
    assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
    let err = text(&output.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    err
}

#[test]
fn mistakes_are_one_line_and_a_non_zero_exit() {
    let unknown = run(&["frobnicate"]);
    assert_eq!(unknown.status.code(), Some(2));
    let err = one_error_line(&unknown);
    assert!(err.contains("unrecognized subcommand 'frobnicate'") && err.contains("--help"), "{err}");

    let misspelt = run(&["seed-demo", "--forse"]);
    assert_eq!(misspelt.status.code(), Some(2));
    assert!(one_error_line(&misspelt).contains("'--force'"));

    let missing = run(&["reset-mfa"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(one_error_line(&missing).contains("<EMAIL>"));

    let bad_time = run(&["run-scheduled", "--at", "next monday"]);
    assert_eq!(bad_time.status.code(), Some(2));
    assert!(one_error_line(&bad_time).contains("--at must be an RFC 3339 time"));

    // Well formed but unconfigured: the configuration's error, on one line, exit 1.
    let unconfigured = run(&["reset-mfa", "jo@example.org"]);
    assert_eq!(unconfigured.status.code(), Some(1));
    assert!(one_error_line(&unconfigured).contains("JWT_SECRET is required"));
}

/// `migrate` needs DATABASE_URL and nothing else: no JWT_SECRET, no SECRETS_KEY.
#[test]
fn migrate_needs_only_the_database() {
    use diesel::{Connection, RunQueryDsl};
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        value: i64,
    }
    let database = test_support::TestDatabase::empty();
    let migrate = || {
        Command::new(env!("CARGO_BIN_EXE_trustee-portal"))
            .arg("migrate")
            .env_clear()
            .env("DATABASE_URL", database.url())
            .output()
            .unwrap()
    };
    let first = migrate();
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    assert!(!text(&first.stderr).contains("error"), "{}", text(&first.stderr));
    let mut conn = diesel::pg::PgConnection::establish(database.url()).unwrap();
    let tables = diesel::sql_query(
        "SELECT count(*) AS value FROM information_schema.tables WHERE table_name IN ('users', 'meetings')",
    )
    .get_result::<Row>(&mut conn)
    .unwrap();
    assert_eq!(tables.value, 2, "the migrations ran");
    // Again: nothing left to apply, still a success.
    let again = migrate();
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
}

/// `openapi | head -c 50`: the reader closing the pipe early ends the command quietly, status 0.
#[test]
fn openapi_ends_quietly_when_the_reader_stops() {
    use std::process::Stdio;
    let document = run(&["openapi"]).stdout;
    assert!(document.len() > 128 * 1024, "more than a pipe buffers: {} bytes", document.len());
    let mut child = Command::new(env!("CARGO_BIN_EXE_trustee-portal"))
        .arg("openapi")
        .env_clear()
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end at once, before the document can fit in the pipe.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
}

#[test]
fn openapi_needs_no_configuration() {
    let output = run(&["openapi"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
}
