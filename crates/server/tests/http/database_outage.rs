//! While the database cannot be reached, every request is answered at once with 503 and a clear message
//! (docs/spec.md §13 "When the database is unavailable"), never a 10-second hang or a 500; once it is back,
//! the same requests succeed without a restart.

use std::time::{Duration, Instant};

use diesel::{Connection, PgConnection, RunQueryDsl};
use domain::identity::role::Role;
use domain::shared::error::UNAVAILABLE_MESSAGE;
use reqwest::StatusCode;

use crate::common::{error_of, Authed, TestApp};

/// The database's name and a URL of the same server's `postgres` database.
fn names(url: &str) -> (String, String) {
    let (head, query) = url.split_once('?').unwrap_or((url, ""));
    let (server, name) = head.rsplit_once('/').expect("a database in the URL");
    (name.to_string(), format!("{server}/postgres?{query}"))
}

/// Refuses new connections to the app's database and ends its open ones, as a stopped server would.
fn take_down(admin: &mut PgConnection, name: &str) {
    diesel::sql_query(format!("ALTER DATABASE \"{name}\" ALLOW_CONNECTIONS false"))
        .execute(admin)
        .expect("alter");
    diesel::sql_query(format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    ))
    .execute(admin)
    .expect("terminate");
}

#[test]
fn a_stopped_database_is_answered_503_within_two_seconds_and_service_resumes_when_it_is_back() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    assert_eq!(app.get("/api/users").auth(&admin).send().expect("users").status(), StatusCode::OK);

    let (name, admin_url) = names(app.database_url());
    let mut server = PgConnection::establish(&admin_url).expect("admin connection");
    take_down(&mut server, &name);

    for path in ["/api/users", "/api/actions", "/api/meetings"] {
        let started = Instant::now();
        let response = app.get(path).auth(&admin).send().expect("request");
        let took = started.elapsed();
        assert!(took < Duration::from_secs(2), "{path} answered after {took:?}");
        let retry_after =
            response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_string);
        assert_eq!(error_of(response, StatusCode::SERVICE_UNAVAILABLE), UNAVAILABLE_MESSAGE, "{path}");
        assert_eq!(retry_after.as_deref(), Some("10"), "{path}");
    }
    // A write is refused the same way and leaves nothing half done.
    let response = app
        .post("/api/notices")
        .auth(&admin)
        .json(&serde_json::json!({ "title": "During the outage", "content": "Written while down", "priority": "normal" }))
        .send()
        .expect("post");
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);

    diesel::sql_query(format!("ALTER DATABASE \"{name}\" ALLOW_CONNECTIONS true"))
        .execute(&mut server)
        .expect("alter");
    let started = Instant::now();
    loop {
        let status = app.get("/api/users").auth(&admin).send().expect("users").status();
        if status == StatusCode::OK {
            break;
        }
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(started.elapsed() < Duration::from_secs(10), "the portal did not recover");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM notices WHERE title = 'During the outage'"), 0);
}
