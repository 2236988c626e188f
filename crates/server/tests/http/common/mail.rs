//! The real mail server of the tests: MailDev, found or started by `scripts/ensure-mail.sh` (as
//! `make test` does), read back through its REST API. Tests share it, so each uses its own addresses.

use std::io::ErrorKind;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use serde_json::Value;

pub struct MailServer {
    pub smtp_url: String,
    /// MailDev's web address; its API is under `/api/email`.
    pub web_url: String,
}

/// `TEST_SMTP_URL` and `TEST_MAILDEV_URL` when set, else whatever `scripts/ensure-mail.sh` prints.
pub fn server() -> &'static MailServer {
    static SERVER: OnceLock<MailServer> = OnceLock::new();
    SERVER.get_or_init(|| {
        if let (Ok(smtp_url), Ok(web_url)) =
            (std::env::var("TEST_SMTP_URL"), std::env::var("TEST_MAILDEV_URL"))
        {
            return MailServer { smtp_url, web_url };
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let out = std::process::Command::new(root.join("scripts/ensure-mail.sh"))
            .current_dir(&root)
            .output()
            .expect("run scripts/ensure-mail.sh");
        assert!(out.status.success(), "ensure-mail.sh failed: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).expect("utf-8");
        let value = |key: &str| {
            text.lines().find_map(|l| l.strip_prefix(key)).expect("ensure-mail.sh output").trim().to_string()
        };
        MailServer { smtp_url: value("SMTP_URL="), web_url: value("MAILDEV_URL=") }
    })
}

/// A fresh address nobody else's test uses (the mail server is shared).
pub fn unique_name(prefix: &str) -> String {
    format!("{prefix} {}", &uuid::Uuid::new_v4().simple().to_string()[..12])
}

/// Every message delivered to `address` on the MailDev at `web_url`. MailDev filters on `to.address`
/// itself, so a wait does not fetch the whole shared inbox every 100 ms.
pub fn messages_at(web_url: &str, address: &str) -> Vec<Value> {
    let all: Value = super::client()
        .get(format!("{web_url}/api/email"))
        .query(&[("to.address", address)])
        .send()
        .and_then(|r| r.json())
        .expect("MailDev API");
    all.as_array()
        .expect("a list of messages")
        .iter()
        .filter(|m| {
            m["to"].as_array().is_some_and(|to| to.iter().any(|t| t["address"].as_str() == Some(address)))
        })
        .cloned()
        .collect()
}

pub fn messages_to(address: &str) -> Vec<Value> {
    messages_at(&server().web_url, address)
}

/// Waits (up to 20 s) until `count` messages reached `address` and returns them.
pub fn wait_for_at(web_url: &str, address: &str, count: usize) -> Vec<Value> {
    let start = Instant::now();
    loop {
        let messages = messages_at(web_url, address);
        if messages.len() >= count || start.elapsed() > Duration::from_secs(20) {
            return messages;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

pub fn wait_for(address: &str, count: usize) -> Vec<Value> {
    wait_for_at(&server().web_url, address, count)
}

/// The `token` parameter of the first link in a plain-text body.
pub fn token_in(text: &str) -> String {
    let start = text.find("token=").expect("a link with a token") + "token=".len();
    text[start..].chars().take_while(char::is_ascii_hexdigit).collect()
}

/// The attachments of a message read back from MailDev: (file name, content type, bytes).
pub fn attachments(message: &Value) -> Vec<(String, String, Vec<u8>)> {
    let id = message["id"].as_str().expect("a MailDev message id");
    message["attachments"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|file| {
            let stored =
                file["generatedFileName"].as_str().or(file["filename"].as_str()).expect("a file name");
            let name = file["filename"].as_str().or(file["fileName"].as_str()).unwrap_or(stored).to_string();
            let content_type = file["contentType"].as_str().unwrap_or_default().to_string();
            let bytes =
                reqwest::blocking::get(format!("{}/api/email/{id}/attachment/{stored}", server().web_url))
                    .and_then(|r| r.error_for_status())
                    .and_then(|r| r.bytes())
                    .unwrap_or_else(|e| panic!("attachment {stored} of {message}: {e}"));
            (name, content_type, bytes.to_vec())
        })
        .collect()
}

/// The raw source of a message read back from MailDev (headers and every MIME part).
pub fn source(message: &Value) -> String {
    let id = message["id"].as_str().expect("a MailDev message id");
    reqwest::blocking::get(format!("{}/api/email/{id}/source", server().web_url))
        .and_then(|r| r.error_for_status())
        .and_then(|r| r.text())
        .unwrap_or_else(|e| panic!("source of {message}: {e}"))
}

/// The shared MailDev answering SMTP on a port of the test's choosing, from now until dropped: every
/// connection to `127.0.0.1:port` is passed through to it. A test has "the mail server come back" on a
/// port nothing listened on before without starting a MailDev of its own (several seconds of Node).
pub struct SmtpRelay {
    port: u16,
    stop: Arc<AtomicBool>,
}

impl SmtpRelay {
    pub fn start(port: u16) -> Self {
        let listener = TcpListener::bind(("127.0.0.1", port)).expect("bind the relay's port");
        let target = smtp_address();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        std::thread::spawn(move || {
            for client in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    return;
                }
                let Ok(client) = client else { continue };
                let Ok(server) = TcpStream::connect(&target) else { continue };
                pipe(client.try_clone().expect("socket"), server.try_clone().expect("socket"));
                pipe(server, client);
            }
        });
        Self { port, stop }
    }
}

impl Drop for SmtpRelay {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accepting thread so that it sees the flag and lets the port go.
        drop(TcpStream::connect(("127.0.0.1", self.port)));
    }
}

/// Copies `from` into `to` on a thread of its own until either side closes.
fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        if let Err(e) = std::io::copy(&mut from, &mut to) {
            assert!(matches!(e.kind(), ErrorKind::ConnectionReset | ErrorKind::BrokenPipe), "relay: {e}");
        }
        drop(to.shutdown(Shutdown::Write));
    });
}

/// `host:port` of the shared MailDev's SMTP (`smtp://host:port`).
fn smtp_address() -> String {
    let url = &server().smtp_url;
    let rest = url.split_once("://").map_or(url.as_str(), |(_, rest)| rest);
    rest.split(['/', '?']).next().expect("an SMTP address").to_string()
}
