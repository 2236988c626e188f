//! `TestApp`: the real server on a free port, over a fresh PostgreSQL database cloned from the migrated
//! template (`TestDatabase::migrated`), with helpers to sign in
//! as each role. Every test gets its own app and database, so tests never share state.

#![allow(dead_code, clippy::expect_used, clippy::unwrap_used)]

pub mod cluster;
pub mod files;
pub mod mail;
pub mod oidc;
pub mod signed_files;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use actix_web::{middleware::from_fn, App, HttpServer};
use reqwest::blocking::{Client, RequestBuilder, Response};
use reqwest::StatusCode;
use serde_json::{json, Value};

use domain::identity::role::Role;
use domain::identity::CreateUser;
use domain::{AgendaItemId, MeetingId};
use server::config::{Config, FileStoreConfig, FileTextConfig, MailConfig};
use server::{http, wiring};
use test_support::TestDatabase;

pub const PASSWORD: &str = "correct-horse-battery";
/// The test apps' SECRETS_KEY: a command run against a test app's database needs the same one, since the
/// portal's signing key is sealed with it (spec §16).
pub const TEST_SECRETS_KEY: &str = "test secrets key that is long enough";
/// The test servers' step of the account-wide delay (a second in service): the throttling tests check
/// that the delay grows 1, 2, 4 ... steps without waiting whole seconds.
pub const THROTTLE_STEP: std::time::Duration = std::time::Duration::from_millis(150);

/// The test servers' first mail retry (half a minute in service): the outage test sees a failed send
/// retried, with the delay doubling, within a second or two of the mail server's coming back.
pub const MAIL_RETRY: std::time::Duration = std::time::Duration::from_millis(100);

/// How long a test waits to see that nothing more arrives (a second delivery, a message to someone who
/// should get none): many polls of the test servers' workers (`poll_milliseconds`, 100 ms).
pub const QUIET: std::time::Duration = std::time::Duration::from_millis(500);

pub struct TestApp {
    pub base: String,
    pub client: Client,
    pub pool: persistence::PgPool,
    pub state: api::AppState,
    pub data_dir: tempfile::TempDir,
    /// The app's S3 store when the tests run on S3 (`TEST_FILE_STORE=s3`), to count what it holds.
    pub s3: Option<s3_store::S3FileStore>,
    handle: actix_web::dev::ServerHandle,
    _mail_worker: server::mail_worker::MailWorkerHandle,
    _notification_worker: server::background::NotificationWorkerHandle,
    _file_text_worker: Option<server::file_text_worker::FileTextWorkerHandle>,
    // Dropped last: the server's connections go first, then the database.
    _db: TestDatabase,
}

/// A signed-in user.
pub struct Session {
    pub id: i32,
    pub email: String,
    pub password: String,
    pub token: String,
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

pub fn test_config(database_url: &str, data_dir: &std::path::Path) -> Config {
    Config {
        database_url: database_url.to_string(),
        port: 0,
        jwt_secret: b"test secret that is long enough!!".to_vec(),
        secrets_key: TEST_SECRETS_KEY.as_bytes().to_vec(),
        secrets_key_previous: None,
        data_dir: data_dir.to_path_buf(),
        admin_email: None,
        admin_password: None,
        bcrypt_cost: 4,
        allow_registration: false,
        static_dir: None,
        trust_proxy: false,
        session_hours: 12,
        session_idle_minutes: 60,
        temp_password_hours: 72,
        throttle_delay_step: THROTTLE_STEP,
        development: false,
        // Without SMTP (files under the data folder) unless a test asks for the mail server: `with_smtp`.
        mail: MailConfig {
            smtp_url: None,
            from: "Test Portal <portal@example.org>".into(),
            public_url: "https://portal.test".into(),
            portal_name: "Test Charity".into(),
            retry_delay: MAIL_RETRY,
            poll_milliseconds: 100,
            board_time_zone: chrono_tz::Europe::London,
            // Tests run the scheduler at chosen times (`state.notifications.run_scheduled(at)`).
            run_scheduler: false,
        },
        audit_retention_days: 2555,
        file_store: FileStoreConfig::Local,
        // Off unless a test asks (`spawn_with_file_texts`): most tests upload files whose text they never
        // search, and reading each in the background would only slow the suite down.
        file_texts: FileTextConfig {
            worker: false,
            poll: std::time::Duration::from_millis(250),
            retry_base: std::time::Duration::from_millis(100),
        },
        // Off unless a test asks (`sso::spawn`): the local OpenID provider of scripts/ensure-oidc.sh.
        sso: None,
    }
}

/// `TEST_FILE_STORE=s3` runs the tests' apps on the S3-compatible test server (each under its own prefix),
/// so that the file tests prove both stores (Makefile `test-rust` runs them both ways).
pub fn files_on_s3() -> bool {
    std::env::var("TEST_FILE_STORE").is_ok_and(|v| v.eq_ignore_ascii_case("s3"))
}

/// A file store setting on the S3 test server, under a fresh prefix.
pub fn s3_file_store() -> FileStoreConfig {
    let server = test_support::s3::server();
    FileStoreConfig::S3 { url: server.fresh_url(), options: server.options() }
}

impl TestApp {
    pub fn spawn() -> Self {
        Self::spawn_with(|_| {})
    }

    /// An app that runs the file-text worker (docs/spec.md "Text from files"), as a server does.
    pub fn spawn_with_file_texts() -> Self {
        Self::spawn_with(|c| c.file_texts.worker = true)
    }

    /// An app whose mail goes out to the tests' MailDev (`mail::server()`) instead of files.
    pub fn spawn_with_smtp() -> Self {
        let smtp = mail::server().smtp_url.clone();
        Self::spawn_with(move |c| c.mail.smtp_url = Some(smtp))
    }

    pub fn spawn_with(adjust: impl FnOnce(&mut Config)) -> Self {
        let db = TestDatabase::migrated();
        let data_dir = tempfile::tempdir().expect("temp dir");
        let mut config = test_config(db.url(), data_dir.path());
        if files_on_s3() {
            config.file_store = s3_file_store();
        }
        adjust(&mut config);
        let s3 = match &config.file_store {
            FileStoreConfig::Local => None,
            FileStoreConfig::S3 { url, options } => Some(
                s3_store::S3FileStore::new(
                    s3_store::S3Location::parse(url).expect("S3 location"),
                    options,
                    &data_dir.path().join("spool"),
                )
                .expect("S3 store"),
            ),
        };
        let pool = test_pool(db.url());
        let state = wiring::build_state(&config, pool.clone()).expect("state");
        let mail_worker = server::mail_worker::start(
            wiring::build_mail_worker(&config, pool.clone()).expect("mail worker"),
            std::time::Duration::from_millis(config.mail.poll_milliseconds),
        );

        let notification_worker = server::background::start_notifications(
            state.notifications.clone(),
            state.evaluations.clone(),
            std::time::Duration::from_millis(config.mail.poll_milliseconds),
            config.mail.run_scheduler,
        );

        let file_text_worker = config.file_texts.worker.then(|| {
            server::file_text_worker::start(
                wiring::build_file_text_service(&config, pool.clone(), state.files.clone()),
                db.url(),
                config.file_texts.poll,
            )
        });

        let hsts = http::sends_hsts(&config.mail.public_url);
        let (port, handle) = serve(state.clone(), config.static_dir.clone(), hsts);
        wait_for_the_change_feed(&state);
        Self {
            base: format!("http://127.0.0.1:{port}"),
            client: client(),
            pool,
            state,
            data_dir,
            s3,
            handle,
            _mail_worker: mail_worker,
            _notification_worker: notification_worker,
            _file_text_worker: file_text_worker,
            _db: db,
        }
    }

    /// The test database's URL (for running the binary's commands against it).
    pub fn database_url(&self) -> &str {
        self._db.url()
    }

    /// Another server process on the same database (spec §9a): its own state, pool, change feed and port.
    pub fn second_process(&self) -> SecondProcess {
        let config = test_config(self.database_url(), self.data_dir.path());
        let pool = test_pool(self.database_url());
        let state = wiring::build_state(&config, pool).expect("state");
        let (port, handle) = serve(state.clone(), None, http::sends_hsts(&config.mail.public_url));
        wait_for_the_change_feed(&state);
        SecondProcess { base: format!("http://127.0.0.1:{port}"), state, handle }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn get(&self, path: &str) -> RequestBuilder {
        self.client.get(self.url(path))
    }

    pub fn post(&self, path: &str) -> RequestBuilder {
        self.client.post(self.url(path))
    }

    pub fn put(&self, path: &str) -> RequestBuilder {
        self.client.put(self.url(path))
    }

    pub fn patch(&self, path: &str) -> RequestBuilder {
        self.client.patch(self.url(path))
    }

    pub fn delete(&self, path: &str) -> RequestBuilder {
        self.client.delete(self.url(path))
    }

    /// Creates a user straight through the use case (no HTTP), active, with `PASSWORD`.
    pub fn create_user(&self, role: Role, name: &str) -> (i32, String) {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        // A name in another script (Łukasz, Ελένη) gets a plain address: e-mail local parts here are ASCII.
        let local = if name.is_ascii() { name.to_lowercase().replace(' ', ".") } else { "user".to_string() };
        let email = format!("{local}.{n}@example.org");
        let user = self
            .state
            .users
            .create_unchecked(CreateUser {
                name: name.to_string(),
                email: email.clone(),
                password: PASSWORD.to_string(),
                role,
                phone: None,
                require_password_change: false,
            })
            .expect("create user");
        (user.id.0, email)
    }

    pub fn login(&self, email: &str, password: &str) -> Response {
        self.post("/api/auth/login")
            .json(&json!({ "email": email, "password": password }))
            .send()
            .expect("request")
    }

    pub fn signed_in_as(&self, role: Role) -> Session {
        let name = match role {
            Role::Admin => "Ada Admin",
            Role::Chair => "Chris Chair",
            Role::Trustee => "Tina Trustee",
            Role::Guest => "Gail Guest",
        };
        self.signed_in_named(role, name)
    }

    pub fn signed_in_named(&self, role: Role, name: &str) -> Session {
        let (_, email) = self.create_user(role, name);
        self.sign_in(&email, PASSWORD)
    }

    /// Signs in an existing account (a demo user, say).
    pub fn sign_in(&self, email: &str, password: &str) -> Session {
        self.sign_in_with_user(email, password).0
    }

    /// Signs in an existing account: the session, and the user as the sign-in answer shows it.
    pub fn sign_in_with_user(&self, email: &str, password: &str) -> (Session, Value) {
        let body = json_of(self.login(email, password), StatusCode::OK);
        let session = Session {
            id: body["user"]["id"].as_i64().and_then(|id| i32::try_from(id).ok()).expect("user id"),
            email: email.to_string(),
            password: password.to_string(),
            token: body["token"].as_str().expect("token").to_string(),
        };
        (session, body["user"].clone())
    }

    /// Another session of the same account, as from a second device.
    pub fn another_session(&self, who: &Session) -> Session {
        self.sign_in(&who.email, &who.password)
    }

    /// Schedules a meeting (`POST /api/meetings` with this body) and answers its id.
    pub fn schedule_meeting(&self, who: &Session, body: &Value) -> i64 {
        let response = self.post("/api/meetings").auth(who).json(body).send().expect("request");
        json_of(response, StatusCode::CREATED)["id"].as_i64().expect("meeting id")
    }

    /// `schedule_meeting`, answering the id as the domain types it (for tests that reach the repositories).
    pub fn schedule_meeting_id(&self, who: &Session, body: &Value) -> MeetingId {
        MeetingId(i32::try_from(self.schedule_meeting(who, body)).expect("a meeting id"))
    }

    /// Adds these items at the end of a meeting's agenda through the API, in order; answers their ids.
    pub fn add_agenda_items(&self, who: &Session, meeting: MeetingId, items: &[Value]) -> Vec<AgendaItemId> {
        let add = |body| self.add_agenda_item(who, meeting.0.into(), body);
        items.iter().map(|body| AgendaItemId(i32::try_from(add(body)).expect("an agenda item id"))).collect()
    }

    /// Adds an item at the end of a meeting's agenda (`POST /api/meetings/{id}/agenda-items` with this
    /// body, `item(title)` say) and answers its id.
    pub fn add_agenda_item(&self, who: &Session, meeting: i64, body: &Value) -> i64 {
        let response =
            self.post(&format!("/api/meetings/{meeting}/agenda-items")).auth(who).json(body).send();
        json_of(response.expect("request"), StatusCode::CREATED)["id"].as_i64().expect("agenda item id")
    }

    /// Publishes a meeting's agenda (`POST /api/meetings/{id}/publish`).
    pub fn publish_agenda(&self, who: &Session, meeting: i64) {
        let response = self.post(&format!("/api/meetings/{meeting}/publish")).auth(who).send();
        json_of(response.expect("request"), StatusCode::OK);
    }

    /// Uploads a PDF paper named `name` to an agenda item and answers its id.
    pub fn upload_agenda_pdf(
        &self,
        who: &Session,
        meeting: i64,
        item: i64,
        name: &str,
        bytes: Vec<u8>,
    ) -> i64 {
        let body = files::form(&[], Some(files::file_part(bytes, name, "application/pdf")));
        let response = self
            .post(&format!("/api/meetings/{meeting}/agenda-items/{item}/papers"))
            .auth(who)
            .multipart(body)
            .send();
        json_of(response.expect("request"), StatusCode::CREATED)["id"].as_i64().expect("paper id")
    }

    /// Creates a committee (its chair is `who`) and answers its id.
    pub fn create_committee(&self, who: &Session, name: &str) -> i64 {
        let response = self.post("/api/committees").auth(who).json(&json!({ "name": name })).send();
        json_of(response.expect("request"), StatusCode::CREATED)["id"].as_i64().expect("committee id")
    }

    /// Adds a member to a committee with this role (`member` or `chair`).
    pub fn add_committee_member(&self, who: &Session, committee: i64, user: i32, role: &str) {
        let body = json!({ "userId": user, "role": role });
        let response =
            self.post(&format!("/api/committees/{committee}/members")).auth(who).json(&body).send();
        json_of(response.expect("request"), StatusCode::CREATED);
    }

    /// A committee made by `who` with these members (role `member`); answers its id.
    pub fn committee_with(&self, who: &Session, name: &str, members: &[&Session]) -> i64 {
        let id = self.create_committee(who, name);
        for member in members {
            self.add_committee_member(who, id, member.id, "member");
        }
        id
    }

    /// Runs SQL for a scalar answer, to check rows behind the API.
    pub fn scalar_i64(&self, sql: &str) -> i64 {
        use diesel::RunQueryDsl;
        #[derive(diesel::QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            value: i64,
        }
        let mut conn = self.pool.get().expect("conn");
        let value = diesel::sql_query(sql).get_result::<Row>(&mut conn).expect("query").value;
        self.changed_behind_the_api();
        value
    }

    /// Runs SQL that changes rows behind the API (a due date in the past, say); returns the rows touched.
    pub fn execute(&self, sql: &str) -> usize {
        use diesel::RunQueryDsl;
        let mut conn = self.pool.get().expect("conn");
        let rows = diesel::sql_query(sql).execute(&mut conn).expect("statement");
        self.changed_behind_the_api();
        rows
    }

    /// Runs SQL behind the API and leaves the caches to the change feed alone (tests of the feed itself:
    /// what follows must wait for the notification).
    pub fn execute_heard_by_the_feed(&self, sql: &str) -> usize {
        use diesel::RunQueryDsl;
        let mut conn = self.pool.get().expect("conn");
        diesel::sql_query(sql).execute(&mut conn).expect("statement")
    }

    /// SQL run by a test reaches the session and read caches through the change feed within milliseconds;
    /// tests that look at once must not race it, so the server's caches start afresh here, as the notification
    /// would make it (`session_cache.rs` tests the feed itself).
    fn changed_behind_the_api(&self) {
        self.state.auth.session_cache.forget_all();
        self.state.forget_read_caches();
    }

    /// Waits (20 s at most) until the count this SQL answers is above zero: work of the background workers.
    pub fn wait_until(&self, sql: &str) {
        let start = std::time::Instant::now();
        while self.scalar_i64(sql) == 0 {
            assert!(start.elapsed() < std::time::Duration::from_secs(20), "timed out waiting for: {sql}");
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }

    /// Waits (20 s at most) until the count this SQL answers is zero.
    pub fn wait_for_zero(&self, sql: &str) {
        let start = std::time::Instant::now();
        while self.scalar_i64(sql) != 0 {
            assert!(
                start.elapsed() < std::time::Duration::from_secs(20),
                "timed out waiting for zero: {sql}"
            );
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }

    /// Runs SQL for a text answer (NULL as `None`), to check rows behind the API.
    pub fn scalar_text(&self, sql: &str) -> Option<String> {
        use diesel::RunQueryDsl;
        #[derive(diesel::QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
            value: Option<String>,
        }
        let mut conn = self.pool.get().expect("conn");
        diesel::sql_query(sql).get_result::<Row>(&mut conn).expect("query").value
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        drop(self.handle.stop(false));
    }
}

pub trait Authed {
    fn auth(self, session: &Session) -> Self;
}

impl Authed for RequestBuilder {
    fn auth(self, session: &Session) -> Self {
        self.bearer_auth(&session.token)
    }
}

/// An agenda item's body as the API takes it: a decision, 15 minutes.
pub fn item(title: &str) -> Value {
    json!({"title": title, "purpose": "decision", "durationMinutes": 15})
}

/// A JSON list as a test holds it: an answer's body, or the entries taken out of it.
pub trait Entries {
    fn entries(&self) -> &[Value];
}

impl Entries for Value {
    fn entries(&self) -> &[Value] {
        self.as_array().unwrap_or_else(|| panic!("not a list: {self}"))
    }
}

impl Entries for [Value] {
    fn entries(&self) -> &[Value] {
        self
    }
}

impl Entries for Vec<Value> {
    fn entries(&self) -> &[Value] {
        self
    }
}

/// The `title` of each entry of a list (actions, agenda items, documents, meetings, notices ...), in order.
pub fn titles(list: &(impl Entries + ?Sized)) -> Vec<String> {
    list.entries().iter().map(|entry| entry["title"].as_str().expect("a title").to_string()).collect()
}

/// Asserts the status and returns the JSON body (or Null for an empty one).
pub fn json_of(response: Response, expected: StatusCode) -> Value {
    let status = response.status();
    let text = response.text().expect("body");
    assert_eq!(status, expected, "unexpected status; body: {text}");
    if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
    }
}

/// Asserts an error answer: the status, and a JSON `message` that is returned.
pub fn error_of(response: Response, expected: StatusCode) -> String {
    let body = json_of(response, expected);
    body["message"].as_str().unwrap_or_else(|| panic!("no message in {body}")).to_string()
}

/// A second server process over a `TestApp`'s database.
pub struct SecondProcess {
    pub base: String,
    pub state: api::AppState,
    handle: actix_web::dev::ServerHandle,
}

impl SecondProcess {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }
}

impl Drop for SecondProcess {
    fn drop(&mut self) {
        drop(self.handle.stop(false));
    }
}

/// Serves `state` on a free port on its own thread, as `trustee-portal serve` does.
fn serve(
    server_state: api::AppState,
    static_dir: Option<std::path::PathBuf>,
    hsts: bool,
) -> (u16, actix_web::dev::ServerHandle) {
    let (tx, rx) = mpsc::channel();
    let serves_front_end = static_dir.is_some();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let routes = http::configure(server_state, static_dir);
            let server = HttpServer::new(move || {
                App::new()
                    .wrap(http::security_headers(serves_front_end, hsts))
                    .wrap(from_fn(api::http::middleware::request_log::log_request))
                    .configure(routes.clone())
            })
            .workers(1)
            .disable_signals()
            .bind(("127.0.0.1", 0))
            .expect("bind");
            let port = server.addrs()[0].port();
            let running = server.run();
            tx.send((port, running.handle())).expect("send");
            running.await
        })
    });
    rx.recv().expect("server started")
}

/// One HTTP client for every test app of the process: a client reads the system's root certificates when
/// made, which took longer than many tests.
pub fn client() -> Client {
    static CLIENT: std::sync::OnceLock<Client> = std::sync::OnceLock::new();
    CLIENT.get_or_init(Client::new).clone()
}

/// The app's pool: as the server's, but opening one connection at start and the rest when first needed,
/// since most tests use two or three (the server opens them all at start).
fn test_pool(url: &str) -> persistence::PgPool {
    use diesel::r2d2::{ConnectionManager, Pool};
    Pool::builder()
        .max_size(8)
        .min_idle(Some(1))
        .connection_timeout(persistence::CONNECTION_WAIT)
        .build(ConnectionManager::new(url))
        .expect("pool")
}

/// The change feed connects in the background at start; tests begin once it listens.
fn wait_for_the_change_feed(state: &api::AppState) {
    let start = std::time::Instant::now();
    while !state.chat.is_listening() {
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "the change feed does not listen");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The moment `offset` from now, as the API takes it (RFC 3339, whole seconds, UTC).
pub fn at(offset: chrono::Duration) -> String {
    (chrono::Utc::now() + offset).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// An RFC 3339 time in UTC.
pub fn utc(text: &str) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(text).expect("an RFC 3339 time").with_timezone(&chrono::Utc)
}

/// A port nobody listens on now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port()
}

/// The code an authenticator app shows `offset` seconds from now.
pub fn totp_code(secret: &str, offset: i64) -> String {
    let totp = totp_rs::Builder::new()
        .with_secret(totp_rs::Secret::try_from_base32(secret).unwrap())
        .with_account_name("test")
        .build()
        .unwrap();
    let time = u64::try_from(chrono::Utc::now().timestamp() + offset).unwrap();
    totp.generate(time).to_string()
}
