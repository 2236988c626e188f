//! What the log never contains (spec: §14 Security > What the logs never contain; docs/operations.md): the
//! real binary serves with its log captured to a file; a private feed is fetched, a reset link, an
//! invitation link and an unsubscribe link are mailed without SMTP_URL, and a token is sent in a query
//! string. None of those tokens is in the log; the request and the mail are.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::blocking::Client;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::free_port;

const ADMIN: &str = "ada.admin@example.org";
const PASSWORD: &str = "a long enough admin password";

/// The child server, stopped when the test ends however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(30), "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn token_after<'a>(text: &'a str, marker: &str) -> &'a str {
    let start = text.find(marker).unwrap_or_else(|| panic!("{marker} in {text}")) + marker.len();
    let rest = &text[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.'))
        .unwrap_or(rest.len());
    &rest[..end]
}

#[test]
fn tokens_and_mailed_links_never_reach_the_log() {
    let db = test_support::TestDatabase::empty();
    let folder = tempfile::tempdir().unwrap();
    let data = folder.path().join("data");
    let log_path = folder.path().join("server.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let port = free_port();
    let _server = Server(
        Command::new(env!("CARGO_BIN_EXE_trustee-portal"))
            .arg("serve")
            .env_clear()
            .env("DATABASE_URL", db.url())
            .env("JWT_SECRET", "a test secret that is long enough to use")
            .env("SECRETS_KEY", "a test secrets key that is long enough to use")
            .env("DATA_DIR", &data)
            .env("PORT", port.to_string())
            .env("PUBLIC_URL", "https://portal.test")
            .env("ADMIN_EMAIL", ADMIN)
            .env("ADMIN_PASSWORD", PASSWORD)
            .env("BCRYPT_COST", "4")
            .env("MAIL_POLL_MILLISECONDS", "100")
            .env("LOG_LEVEL", "info")
            .stdout(Stdio::from(log.try_clone().unwrap()))
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap(),
    );
    let base = format!("http://127.0.0.1:{port}");
    let client = Client::new();
    wait_until("the server", || {
        client.get(format!("{base}/healthz")).send().is_ok_and(|r| r.status().is_success())
    });

    let signed_in: Value = client
        .post(format!("{base}/api/auth/login"))
        .json(&json!({"email": ADMIN, "password": PASSWORD}))
        .send()
        .unwrap()
        .json()
        .unwrap();
    let bearer = format!("Bearer {}", signed_in["token"].as_str().unwrap());

    // The private feed: its token is in the path.
    let body: Value = client
        .get(format!("{base}/api/calendar/feed-url"))
        .header("Authorization", &bearer)
        .send()
        .unwrap()
        .json()
        .unwrap();
    let url = body["url"].as_str().unwrap();
    let feed_token = token_after(url, "/api/calendar/feed/").trim_end_matches(".ics").to_string();
    assert_eq!(feed_token.len(), 64);
    let feed = client.get(url.replace("https://portal.test", &base)).send().unwrap();
    assert_eq!(feed.status(), StatusCode::OK);

    // A token in a query string (a view ticket, say).
    let ticket = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
    client.get(format!("{base}/api/documents/1/view?ticket={ticket}")).send().unwrap();

    // Mail without SMTP_URL: a reset link, an invitation link, and a bulk mail's unsubscribe link.
    let forgot = client
        .post(format!("{base}/api/auth/forgot-password"))
        .json(&json!({"email": ADMIN}))
        .send()
        .unwrap();
    assert_eq!(forgot.status(), StatusCode::OK);
    let invited =
        json!({"name": "Nia Newcomer", "email": "nia@example.org", "role": "trustee", "invite": true});
    let created = client
        .post(format!("{base}/api/users"))
        .header("Authorization", &bearer)
        .json(&invited)
        .send()
        .unwrap();
    assert_eq!(created.status(), StatusCode::CREATED);
    let tom = json!({"name": "Tom Treasurer", "email": "tom@example.org", "role": "trustee",
                      "password": "Ledgers balance every quarter 2026!"});
    let created =
        client.post(format!("{base}/api/users")).header("Authorization", &bearer).json(&tom).send().unwrap();
    assert_eq!(created.status(), StatusCode::CREATED, "{}", created.text().unwrap());
    let notice = json!({"title": "Urgent: read me", "content": "Please read.", "priority": "high", "pinned": false,
                        "expiresAt": null});
    let posted = client
        .post(format!("{base}/api/notices"))
        .header("Authorization", &bearer)
        .json(&notice)
        .send()
        .unwrap();
    assert_eq!(posted.status(), StatusCode::CREATED);

    let outbox = data.join("outbox-files");
    let emls = || -> Vec<String> {
        std::fs::read_dir(&outbox)
            .map(|dir| dir.filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok()).collect())
            .unwrap_or_default()
    };
    wait_until("three mails", || {
        let all = emls().join("\n");
        all.contains("reset-password?token=")
            && all.contains("accept-invitation?token=")
            && all.contains("unsubscribe?token=")
    });
    // Quoted-printable bodies: soft line breaks out, "=3D" back to "=".
    let all = emls().join("\n").replace("=\r\n", "").replace("=\n", "").replace("=3D", "=");
    let reset_token = token_after(&all, "reset-password?token=").to_string();
    let invitation_token = token_after(&all, "accept-invitation?token=").to_string();
    let unsubscribe_token = token_after(&all, "unsubscribe?token=").to_string();

    let mut text = String::new();
    wait_until("the mail log lines", || {
        text.clear();
        std::fs::File::open(&log_path).unwrap().read_to_string(&mut text).unwrap();
        text.matches("no SMTP_URL: mail written to a file").count() >= 3
    });
    for (what, secret) in [
        ("feed token", feed_token.as_str()),
        ("view ticket", ticket),
        ("reset token", reset_token.as_str()),
        ("invitation token", invitation_token.as_str()),
        ("unsubscribe token", unsubscribe_token.as_str()),
    ] {
        assert!(secret.len() >= 16, "{what}: {secret}");
        assert!(!text.contains(secret), "the log holds the {what}:\n{text}");
    }
    assert!(!text.contains("token="), "{text}");
    // What it does hold: the request, with the token redacted, and each mail's subject and recipient.
    assert!(text.contains("/api/calendar/feed/[redacted].ics"), "{text}");
    assert!(text.contains("/api/documents/1/view"), "{text}");
    assert!(
        text.contains("nia@example.org") && text.contains(ADMIN) && text.contains("tom@example.org"),
        "{text}"
    );
}
