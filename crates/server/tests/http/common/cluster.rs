//! `Cluster`: two (or more) real `trustee-portal serve` processes on one fresh database, with the files in
//! one S3-compatible bucket (scripts/ensure-s3.sh), as behind a load balancer. Each process has its own
//! data folder, so nothing can pass between them except through PostgreSQL and the bucket.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::blocking::{Client, RequestBuilder};
use reqwest::StatusCode;
use serde_json::json;

use test_support::TestDatabase;

use super::{free_port, json_of, Session, PASSWORD};

pub const ADMIN_EMAIL: &str = "first.admin@example.org";
const JWT_SECRET: &str = "a cluster secret that both processes share!";

/// One server process; killed when dropped.
pub struct ServerProcess {
    pub base: String,
    child: Child,
    log: PathBuf,
    _data_dir: tempfile::TempDir,
}

impl ServerProcess {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// What the process has logged so far (for failure messages).
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl ServerProcess {
    /// Waits (up to 60 s) for the process to end, and returns whether it succeeded.
    pub fn wait_for_exit(&mut self) -> Option<bool> {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(60) {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status.success());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        None
    }

    fn wait_until_ready(&mut self, n: usize) {
        let client = Client::builder().timeout(Duration::from_secs(2)).build().expect("client");
        let start = Instant::now();
        loop {
            if client.get(self.url("/readyz")).send().is_ok_and(|r| r.status() == StatusCode::OK) {
                return;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("server {n} exited with {status}:\n{}", self.log());
            }
            assert!(start.elapsed() < Duration::from_secs(60), "server {n} did not start:\n{}", self.log());
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Cluster {
    pub servers: Vec<ServerProcess>,
    pub client: Client,
    /// The `FILE_STORE_URL` every process uses (a fresh prefix in the test bucket).
    pub file_store_url: String,
    // Dropped after the processes (fields drop in order).
    db: TestDatabase,
}

impl Cluster {
    /// Starts `count` processes at the same moment on an empty database, as `docker compose up` does with
    /// replicas (they take turns to migrate, and one of them makes the first admin), and waits until each
    /// answers `/readyz`.
    pub fn start(count: usize) -> Self {
        Self::start_with(count, |_| Vec::new())
    }

    /// `start`, with the settings `env(n)` added to process `n`'s environment.
    pub fn start_with(count: usize, env: impl Fn(usize) -> Vec<(&'static str, &'static str)>) -> Self {
        let db = TestDatabase::empty();
        let s3 = test_support::s3::server();
        let file_store_url = s3.fresh_url();
        let mut servers: Vec<ServerProcess> =
            (0..count).map(|n| Self::spawn_with(&db, &file_store_url, &s3.options(), &env(n))).collect();
        for (n, server) in servers.iter_mut().enumerate() {
            server.wait_until_ready(n);
        }
        Self { servers, client: super::client(), file_store_url, db }
    }

    /// One `trustee-portal serve` process on `db` with its own data folder, not waited for.
    pub fn spawn(db: &TestDatabase, file_store_url: &str, s3_options: &[(String, String)]) -> ServerProcess {
        Self::spawn_with(db, file_store_url, s3_options, &[])
    }

    /// `spawn`, with these settings added to the environment.
    pub fn spawn_with(
        db: &TestDatabase,
        file_store_url: &str,
        s3_options: &[(String, String)],
        extra: &[(&str, &str)],
    ) -> ServerProcess {
        let data_dir = tempfile::tempdir().expect("temp dir");
        let port = free_port();
        let log = data_dir.path().join("server.log");
        let log_file = std::fs::File::create(&log).expect("log file");
        let mut command = Command::new(env!("CARGO_BIN_EXE_trustee-portal"));
        command.arg("serve");
        // Only what is set here: nothing of the developer's own configuration leaks in.
        command.env_clear();
        for keep in ["PATH", "HOME", "TMPDIR"] {
            if let Ok(value) = std::env::var(keep) {
                command.env(keep, value);
            }
        }
        command
            .env("DATABASE_URL", db.url())
            .env("PORT", port.to_string())
            .env("JWT_SECRET", JWT_SECRET)
            .env("SECRETS_KEY", "a cluster secrets key that both processes share")
            .env("DATA_DIR", data_dir.path())
            .env("ADMIN_EMAIL", ADMIN_EMAIL)
            .env("ADMIN_PASSWORD", PASSWORD)
            .env("BCRYPT_COST", "4")
            .env("PUBLIC_URL", "https://portal.test")
            .env("LOG_LEVEL", "warn")
            .env("FILE_STORE_URL", file_store_url);
        for (name, value) in s3_options {
            command.env(name, value);
        }
        for (name, value) in extra {
            command.env(name, value);
        }
        let child = command
            .stdin(Stdio::null())
            .stdout(log_file.try_clone().expect("log file"))
            .stderr(log_file)
            .spawn()
            .expect("start trustee-portal");
        ServerProcess { base: format!("http://127.0.0.1:{port}"), child, log, _data_dir: data_dir }
    }

    pub fn get(&self, server: usize, path: &str) -> RequestBuilder {
        self.client.get(self.servers[server].url(path))
    }

    pub fn post(&self, server: usize, path: &str) -> RequestBuilder {
        self.client.post(self.servers[server].url(path))
    }

    pub fn delete(&self, server: usize, path: &str) -> RequestBuilder {
        self.client.delete(self.servers[server].url(path))
    }

    /// Signs in on `server` with e-mail and password.
    pub fn sign_in(&self, server: usize, email: &str, password: &str) -> Session {
        let body = json_of(
            self.post(server, "/api/auth/login")
                .json(&json!({"email": email, "password": password}))
                .send()
                .unwrap(),
            StatusCode::OK,
        );
        Session {
            id: body["user"]["id"].as_i64().expect("user id") as i32,
            email: email.to_string(),
            password: password.to_string(),
            token: body["token"].as_str().expect("token").to_string(),
        }
    }

    /// The first admin (from `ADMIN_EMAIL`/`ADMIN_PASSWORD`), signed in on `server`.
    pub fn admin_on(&self, server: usize) -> Session {
        self.sign_in(server, ADMIN_EMAIL, PASSWORD)
    }

    /// The database both processes use.
    pub fn database_url(&self) -> &str {
        self.db.url()
    }
}

/// Polls `check` until it holds or `within` has passed; true when it held. For what one process learns
/// from another asynchronously (a cache fed by LISTEN/NOTIFY, an event stream).
pub fn eventually(within: Duration, mut check: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    loop {
        if check() {
            return true;
        }
        if start.elapsed() > within {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
