//! Helpers for the file tests: fixtures, multipart forms, and counting what is left on disk.

use std::path::{Path, PathBuf};

use reqwest::blocking::multipart::{Form, Part};
use reqwest::blocking::Response;
use reqwest::StatusCode;

use super::{json_of, Authed, Session, TestApp};

pub const PDF_MIME: &str = "application/pdf";
pub const TEN_MB: usize = 10 * 1024 * 1024;

pub fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("fixture {}: {e}", path.display()))
}

pub fn pdf() -> Vec<u8> {
    fixture("minutes.pdf")
}

/// A PDF header followed by filler up to `size` bytes: what counts for the limit is the size.
pub fn pdf_of_size(size: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(size, b'a');
    bytes
}

pub fn file_part(bytes: Vec<u8>, file_name: &str, mime: &str) -> Part {
    Part::bytes(bytes).file_name(file_name.to_string()).mime_str(mime).expect("mime")
}

/// A form of text fields and an optional file part named `file`.
pub fn form(fields: &[(&str, &str)], file: Option<Part>) -> Form {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(name.to_string(), value.to_string());
    }
    match file {
        Some(part) => form.part("file", part),
        None => form,
    }
}

fn count_files_in(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .filter_map(Result::ok)
        .map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                count_files_in(&path)
            } else {
                1
            }
        })
        .sum()
}

impl TestApp {
    /// Every stored file, committed or pending: those under `DATA_DIR/files` (and the S3 store's spool
    /// folder), plus the objects under the test's prefix when it runs on S3 (`TEST_FILE_STORE=s3`).
    pub fn stored_files(&self) -> usize {
        let local = count_files_in(&self.data_dir.path().join("files"))
            + count_files_in(&self.data_dir.path().join("spool"));
        let remote = self.s3.as_ref().map_or(0, |s3| s3.keys().expect("list the test's objects").len());
        local + remote
    }

    /// The content of a stored file, read through the app's own store; `None` when it is not there.
    pub fn stored_file(&self, key: &str) -> Option<Vec<u8>> {
        let key = domain::library::files::StorageKey::parse(key).expect("a storage key");
        self.state.files.read(&key).ok()
    }

    /// The session a token belongs to, read from the token with the test app's secret.
    pub fn session_id_of_token(&self, token: &str) -> i32 {
        use domain::identity::TokenService;
        let secret = super::test_config("", Path::new("")).jwt_secret;
        let tokens = auth::JwtTokenService::new(&secret, chrono::Duration::hours(12));
        tokens.verify_session(token).expect("a session token").session_id.0
    }

    /// The newest session of the user.
    pub fn session_id_of(&self, user_id: i32) -> i32 {
        let id = self
            .scalar_i64(&format!("SELECT max(id)::bigint AS value FROM sessions WHERE user_id = {user_id}"));
        i32::try_from(id).expect("session id")
    }

    pub fn rows(&self, table: &str) -> i64 {
        self.scalar_i64(&format!("SELECT count(*) AS value FROM {table}"))
    }

    /// Uploads the fixture PDF as `file_name` with these fields to `path` (`/api/documents`, say); answers
    /// its id.
    pub fn upload_pdf_to(&self, who: &Session, path: &str, fields: &[(&str, &str)], file_name: &str) -> i64 {
        let upload = form(fields, Some(file_part(pdf(), file_name, PDF_MIME)));
        let response = self.post(path).auth(who).multipart(upload).send().unwrap();
        json_of(response, StatusCode::CREATED)["id"].as_i64().unwrap()
    }

    /// Asks for a view ticket to the file at `path` (`/api/documents/7`, say) and answers the view address
    /// it gives, which holds the ticket.
    pub fn view_ticket_url(&self, who: &Session, path: &str) -> String {
        let body =
            json_of(self.post(&format!("{path}/view-ticket")).auth(who).send().unwrap(), StatusCode::OK);
        let url = body["url"].as_str().unwrap().to_string();
        assert!(url.starts_with(&format!("{path}/view?ticket=")), "{url}");
        url
    }

    /// The view at a ticket's address shows the fixture PDF inline, without any bearer header.
    pub fn assert_shows_pdf_inline(&self, url: &str) {
        let response = self.get(url).send().unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(header(&response, "content-type"), PDF_MIME);
        assert!(header(&response, "content-disposition").starts_with("inline;"));
        assert_eq!(header(&response, "x-content-type-options"), "nosniff");
        assert_eq!(response.bytes().unwrap().to_vec(), pdf());
    }
}

/// A response header's text, or "" when it is missing.
pub fn header(response: &Response, name: &str) -> String {
    response.headers().get(name).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default()
}

/// A view ticket signed with the test app's secret as if issued at `issued` (to make expired ones).
pub fn ticket_issued_at(
    issued: fn() -> chrono::DateTime<chrono::Utc>,
    user_id: i32,
    session_id: i32,
    resource: domain::identity::ViewResource,
) -> String {
    use domain::identity::TokenService;
    let secret = super::test_config("", Path::new("")).jwt_secret;
    let claims = domain::identity::SessionClaims {
        user_id: domain::UserId(user_id),
        token_version: 0,
        session_id: domain::SessionId(session_id),
    };
    auth::JwtTokenService::new(&secret, chrono::Duration::hours(12))
        .with_clock(issued)
        .issue_view_ticket(claims, resource)
        .expect("ticket")
}

/// A ticket for the right resource, signed with another secret.
pub fn forged_ticket(user_id: i32, session_id: i32, resource: domain::identity::ViewResource) -> String {
    use domain::identity::TokenService;
    let claims = domain::identity::SessionClaims {
        user_id: domain::UserId(user_id),
        token_version: 0,
        session_id: domain::SessionId(session_id),
    };
    auth::JwtTokenService::new(b"some other secret, equally long!!", chrono::Duration::hours(12))
        .issue_view_ticket(claims, resource)
        .expect("ticket")
}

/// The UTF-8 file name of a `Content-Disposition` header's `filename*` parameter, percent-decoded.
pub fn disposition_file_name(header: &str) -> String {
    let encoded = header.split("filename*=UTF-8''").nth(1).expect("filename*").split(';').next().unwrap();
    let mut bytes = Vec::new();
    let mut rest = encoded.as_bytes();
    while let Some((&byte, tail)) = rest.split_first() {
        if byte == b'%' && tail.len() >= 2 {
            let hex = std::str::from_utf8(&tail[..2]).unwrap();
            bytes.push(u8::from_str_radix(hex, 16).expect("hex"));
            rest = &tail[2..];
        } else {
            bytes.push(byte);
            rest = tail;
        }
    }
    String::from_utf8(bytes).expect("UTF-8 file name")
}

/// An upload the server refuses before reading its body (the permission is checked first): it may answer
/// and close the connection while a large body is still being sent, so the client sees either the
/// answer or a send cut short. Either is a refusal; the caller then checks that nothing was stored.
pub fn refused_before_body(sent: reqwest::Result<reqwest::blocking::Response>, status: reqwest::StatusCode) {
    match sent {
        Ok(response) => {
            super::error_of(response, status);
        }
        Err(error) => assert!(error.is_body() || error.is_request(), "unexpected client error: {error}"),
    }
}
