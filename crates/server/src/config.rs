//! Configuration from the environment (see the table in README.md).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use rand::Rng;

#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    pub port: u16,
    pub jwt_secret: Vec<u8>,
    /// `SECRETS_KEY`: seals second-factor secrets at rest (docs/operations.md).
    pub secrets_key: Vec<u8>,
    /// `SECRETS_KEY_PREVIOUS`: the key before a rotation, only to open what it sealed.
    pub secrets_key_previous: Option<Vec<u8>>,
    pub data_dir: PathBuf,
    pub admin_email: Option<String>,
    pub admin_password: Option<String>,
    pub bcrypt_cost: u32,
    pub allow_registration: bool,
    pub static_dir: Option<PathBuf>,
    pub trust_proxy: bool,
    pub session_hours: i64,
    /// `SESSION_IDLE_MINUTES`: a session ends after this long without a request.
    pub session_idle_minutes: i64,
    /// `TEMP_PASSWORD_HOURS`: how long a temporary password signs in.
    pub temp_password_hours: i64,
    /// The step of the account-wide delay of password and code checks under attack (1, 2, 4 ... steps,
    /// spec: Account security > Throttling): one second. Not read from the environment; the tests shorten
    /// it so that the timed throttling tests wait a fraction as long.
    pub throttle_delay_step: std::time::Duration,
    pub development: bool,
    pub mail: MailConfig,
    /// `AUDIT_RETENTION_DAYS`: audit events older than this are pruned (default 2555, seven years).
    pub audit_retention_days: i64,
    /// `FILE_STORE_URL`: where uploaded files live.
    pub file_store: FileStoreConfig,
    /// The worker that reads the text out of uploaded files for search (docs/spec.md "Text from files").
    pub file_texts: FileTextConfig,
    /// `OIDC_*`: single sign-on with an OpenID provider (docs/operations.md "Single sign-on"); `None` when
    /// `OIDC_ISSUER_URL` is unset.
    pub sso: Option<SsoConfig>,
}

/// The file-text worker's settings (docs/operations.md, "Text from files").
#[derive(Debug, Clone)]
pub struct FileTextConfig {
    /// `FILE_TEXT_WORKER` (default on): this process reads files' text. Any number of processes may; at
    /// least one should.
    pub worker: bool,
    /// `FILE_TEXT_POLL_SECONDS` (default 5): how often the worker looks for due files when it hears of
    /// none (it hears of uploads at once through LISTEN/NOTIFY; a file waiting to be tried again is only
    /// found by looking).
    pub poll: std::time::Duration,
    /// The wait before a file that could not be read is tried again (doubling after that): 30 s in
    /// service, not read from the environment; the tests shorten it.
    pub retry_base: std::time::Duration,
}

impl FileTextConfig {
    fn from_env() -> anyhow::Result<Self> {
        let worker = var("FILE_TEXT_WORKER")
            .is_none_or(|v| !matches!(v.to_ascii_lowercase().as_str(), "0" | "false" | "no" | "off"));
        let poll = number("FILE_TEXT_POLL_SECONDS", 5, 1..=3600)?;
        Ok(Self {
            worker,
            poll: std::time::Duration::from_secs(poll.unsigned_abs()),
            retry_base: std::time::Duration::from_secs(30),
        })
    }
}

/// Where uploaded files live (README.md's table).
#[derive(Clone, Default)]
pub enum FileStoreConfig {
    /// `FILE_STORE_URL` unset: the folder `DATA_DIR/files` of this server.
    #[default]
    Local,
    /// `FILE_STORE_URL=s3://bucket/prefix`: S3-compatible object storage, shared by every server process.
    S3 {
        url: String,
        /// The `AWS_*` variables of the environment (credentials, region, endpoint), by name.
        options: Vec<(String, String)>,
    },
}

impl std::fmt::Debug for FileStoreConfig {
    /// Names only: the options hold credentials.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Local => f.write_str("Local"),
            Self::S3 { url, options } => f
                .debug_struct("S3")
                .field("url", url)
                .field("options", &options.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>())
                .finish(),
        }
    }
}

impl FileStoreConfig {
    fn from_env() -> anyhow::Result<Self> {
        match var("FILE_STORE_URL") {
            None => Ok(Self::Local),
            Some(url) if url.starts_with("s3://") => {
                let options = std::env::vars()
                    .filter(|(name, value)| name.starts_with("AWS_") && !value.trim().is_empty())
                    .collect();
                Ok(Self::S3 { url, options })
            }
            Some(other) => bail!(
                "FILE_STORE_URL must be s3://bucket/prefix (or unset for the folder DATA_DIR/files), got '{other}'"
            ),
        }
    }
}

/// E-mail settings (spec §11; README.md's table).
#[derive(Debug, Clone)]
pub struct MailConfig {
    /// `SMTP_URL`; without it messages become `.eml` files under `DATA_DIR/outbox-files`.
    pub smtp_url: Option<String>,
    /// `MAIL_FROM`: the sender, `Name <address>` or a bare address.
    pub from: String,
    /// `PUBLIC_URL`: the portal's address, used in every link.
    pub public_url: String,
    /// `PORTAL_NAME`: the charity's name in subjects and footers.
    pub portal_name: String,
    /// `MAIL_RETRY_SECONDS`: the first retry's delay after a failed send (doubling after that). Whole
    /// seconds in service; the test servers' is a fraction of a second.
    pub retry_delay: std::time::Duration,
    /// `MAIL_POLL_MILLISECONDS`: how often the outbox worker looks for due messages.
    pub poll_milliseconds: u64,
    /// `BOARD_TIME_ZONE` (IANA name, default `Europe/London`): reminders are computed and times written in it.
    pub board_time_zone: chrono_tz::Tz,
    /// `SCHEDULED_NOTIFICATIONS` (default on): this process runs the scheduled reminders and digests.
    /// Tests switch it off and run the scheduler at chosen times instead.
    pub run_scheduler: bool,
}

impl MailConfig {
    fn from_env(port: u16) -> anyhow::Result<Self> {
        let retry_seconds: i64 = match var("MAIL_RETRY_SECONDS") {
            Some(s) => {
                s.parse().with_context(|| format!("MAIL_RETRY_SECONDS must be a number, got '{s}'"))?
            }
            None => 30,
        };
        let poll_milliseconds: u64 = match var("MAIL_POLL_MILLISECONDS") {
            Some(s) => {
                s.parse().with_context(|| format!("MAIL_POLL_MILLISECONDS must be a number, got '{s}'"))?
            }
            None => 2000,
        };
        if !(1..=86_400).contains(&retry_seconds) || !(50..=600_000).contains(&poll_milliseconds) {
            bail!("MAIL_RETRY_SECONDS must be 1..86400 and MAIL_POLL_MILLISECONDS 50..600000");
        }
        let public_url = var("PUBLIC_URL").unwrap_or_else(|| format!("http://localhost:{port}"));
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            bail!("PUBLIC_URL must start with http:// or https://, got '{public_url}'");
        }
        let board_time_zone = board_time_zone(var("BOARD_TIME_ZONE"))?;
        let run_scheduler = var("SCHEDULED_NOTIFICATIONS")
            .is_none_or(|v| !matches!(v.to_ascii_lowercase().as_str(), "0" | "false" | "no" | "off"));
        Ok(Self {
            board_time_zone,
            run_scheduler,
            smtp_url: var("SMTP_URL"),
            from: var("MAIL_FROM").unwrap_or_else(|| "Trustee Portal <no-reply@localhost>".into()),
            public_url,
            portal_name: var("PORTAL_NAME").unwrap_or_else(|| "Trustee Portal".into()),
            retry_delay: std::time::Duration::from_secs(retry_seconds.unsigned_abs()),
            poll_milliseconds,
        })
    }
}

/// `BOARD_TIME_ZONE`: an IANA zone name such as `Europe/London` (the default).
fn board_time_zone(raw: Option<String>) -> anyhow::Result<chrono_tz::Tz> {
    let name = raw.unwrap_or_else(|| "Europe/London".into());
    name.parse::<chrono_tz::Tz>().map_err(|_| {
        anyhow::anyhow!("BOARD_TIME_ZONE must be an IANA time zone such as Europe/London, got '{name}'")
    })
}

pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/trustee_portal";

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

/// A whole number from the environment, `default` when unset, refused outside `range`.
fn number(name: &str, default: i64, range: std::ops::RangeInclusive<i64>) -> anyhow::Result<i64> {
    let value = match var(name) {
        Some(v) => v.parse().with_context(|| format!("{name} must be a number, got '{v}'"))?,
        None => default,
    };
    if !range.contains(&value) {
        bail!("{name} must be between {} and {}, got {value}", range.start(), range.end());
    }
    Ok(value)
}

fn flag(name: &str) -> bool {
    var(name).is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "1" | "true" | "yes"))
}

/// DATABASE_URL, or the default for a local PostgreSQL: all `migrate` needs (docs/operations.md,
/// "Commands"), so that it runs without the secrets the portal itself needs.
pub fn database_url_from_env() -> String {
    var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into())
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let development = var("APP_ENV").is_some_and(|v| v.eq_ignore_ascii_case("development"));
        let data_dir = PathBuf::from(var("DATA_DIR").unwrap_or_else(|| "./data".into()));
        let port = match var("PORT") {
            Some(p) => p.parse().with_context(|| format!("PORT must be a number, got '{p}'"))?,
            None => 8080,
        };
        let bcrypt_cost: u32 = match var("BCRYPT_COST") {
            Some(c) => c.parse().with_context(|| format!("BCRYPT_COST must be a number, got '{c}'"))?,
            None => 12,
        };
        if !(4..=31).contains(&bcrypt_cost) {
            bail!("BCRYPT_COST must be between 4 and 31, got {bcrypt_cost}");
        }
        let session_hours: i64 = match var("SESSION_HOURS") {
            Some(h) => h.parse().with_context(|| format!("SESSION_HOURS must be a number, got '{h}'"))?,
            None => 12,
        };
        if !(1..=24 * 30).contains(&session_hours) {
            bail!("SESSION_HOURS must be between 1 and 720, got {session_hours}");
        }
        let audit_retention_days = audit_retention_days(var("AUDIT_RETENTION_DAYS"))?;
        let jwt_secret = match var("JWT_SECRET") {
            Some(secret) if secret.len() >= 32 => secret.into_bytes(),
            Some(_) => bail!("JWT_SECRET must be at least 32 characters long"),
            None if development => development_secret(&data_dir, ".jwt-secret")?,
            None => bail!("JWT_SECRET is required (or set APP_ENV=development to generate one)"),
        };
        let secrets_key = match var("SECRETS_KEY") {
            Some(key) if key.len() >= 32 => key.into_bytes(),
            Some(_) => bail!("SECRETS_KEY must be at least 32 characters long"),
            None if development => development_secret(&data_dir, ".secrets-key")?,
            None => bail!("SECRETS_KEY is required (or set APP_ENV=development to generate one)"),
        };
        let secrets_key_previous = match var("SECRETS_KEY_PREVIOUS") {
            Some(key) if key.len() >= 32 => Some(key.into_bytes()),
            Some(_) => bail!("SECRETS_KEY_PREVIOUS must be at least 32 characters long"),
            None => None,
        };
        if secrets_key_previous.as_deref() == Some(secrets_key.as_slice()) {
            bail!("SECRETS_KEY_PREVIOUS must differ from SECRETS_KEY");
        }
        Ok(Self {
            database_url: database_url_from_env(),
            port,
            jwt_secret,
            secrets_key,
            secrets_key_previous,
            data_dir,
            admin_email: var("ADMIN_EMAIL"),
            admin_password: var("ADMIN_PASSWORD"),
            bcrypt_cost,
            allow_registration: flag("ALLOW_REGISTRATION"),
            static_dir: var("STATIC_DIR").map(PathBuf::from),
            trust_proxy: flag("TRUST_PROXY"),
            session_hours,
            session_idle_minutes: number("SESSION_IDLE_MINUTES", 60, 5..=24 * 60)?,
            temp_password_hours: number("TEMP_PASSWORD_HOURS", 72, 1..=24 * 30)?,
            throttle_delay_step: std::time::Duration::from_secs(1),
            development,
            mail: MailConfig::from_env(port)?,
            audit_retention_days,
            file_store: FileStoreConfig::from_env()?,
            file_texts: FileTextConfig::from_env()?,
            sso: SsoConfig::from_env()?,
        })
    }
}

/// Single sign-on (docs/operations.md "Single sign-on").
#[derive(Debug, Clone)]
pub struct SsoConfig {
    /// `OIDC_ISSUER_URL`: the provider's issuer (its discovery document is under
    /// `/.well-known/openid-configuration`).
    pub issuer_url: String,
    /// `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`: the portal's registration with the provider.
    pub client_id: String,
    pub client_secret: String,
    /// `OIDC_BUTTON_LABEL`: 'Sign in with {label}' (default 'single sign-on').
    pub label: String,
    /// `OIDC_ALLOWED_DOMAINS`: e-mail domains, separated by commas; empty allows any.
    pub allowed_domains: Vec<String>,
    /// `OIDC_CREATE_UNKNOWN`: people with no account are made trustees (default no).
    pub create_unknown: bool,
    /// `OIDC_EMAIL_VERIFIED_WHEN_UNSTATED`: an e-mail without `email_verified` counts as verified (Entra ID).
    pub unstated_email_verified: bool,
}

impl SsoConfig {
    fn from_env() -> anyhow::Result<Option<Self>> {
        let Some(issuer_url) = var("OIDC_ISSUER_URL") else { return Ok(None) };
        if !(issuer_url.starts_with("https://") || issuer_url.starts_with("http://")) {
            bail!("OIDC_ISSUER_URL must start with https:// (or http:// for a local test provider)");
        }
        let client_id = var("OIDC_CLIENT_ID").context("OIDC_CLIENT_ID is required with OIDC_ISSUER_URL")?;
        let client_secret =
            var("OIDC_CLIENT_SECRET").context("OIDC_CLIENT_SECRET is required with OIDC_ISSUER_URL")?;
        Ok(Some(Self {
            issuer_url,
            client_id,
            client_secret,
            label: var("OIDC_BUTTON_LABEL").unwrap_or_else(|| "single sign-on".into()),
            allowed_domains: parse_domains(var("OIDC_ALLOWED_DOMAINS").as_deref().unwrap_or("")),
            create_unknown: flag("OIDC_CREATE_UNKNOWN"),
            unstated_email_verified: flag("OIDC_EMAIL_VERIFIED_WHEN_UNSTATED"),
        }))
    }
}

/// `example.org, @Example.COM` -> `["example.org", "example.com"]`.
pub fn parse_domains(raw: &str) -> Vec<String> {
    raw.split(',')
        .map(|d| d.trim().trim_start_matches('@').to_lowercase())
        .filter(|d| !d.is_empty())
        .collect()
}

/// Seven years, the usual period for a charity's records.
pub const DEFAULT_AUDIT_RETENTION_DAYS: i64 = 2555;

/// `AUDIT_RETENTION_DAYS`: whole days, at least 30 (so a typo cannot wipe the trail) and at most 36500.
fn audit_retention_days(raw: Option<String>) -> anyhow::Result<i64> {
    let days: i64 = match raw {
        Some(d) => d.parse().with_context(|| format!("AUDIT_RETENTION_DAYS must be a number, got '{d}'"))?,
        None => DEFAULT_AUDIT_RETENTION_DAYS,
    };
    if !(30..=36_500).contains(&days) {
        bail!("AUDIT_RETENTION_DAYS must be between 30 and 36500, got {days}");
    }
    Ok(days)
}

/// In development a random secret is made once and kept in the data folder (`file`), so sessions and
/// sealed secrets survive restarts.
fn development_secret(data_dir: &Path, file: &str) -> anyhow::Result<Vec<u8>> {
    let path = data_dir.join(file);
    if let Ok(existing) = std::fs::read_to_string(&path) {
        if existing.trim().len() >= 32 {
            return Ok(existing.trim().as_bytes().to_vec());
        }
    }
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("cannot create the data folder {}", data_dir.display()))?;
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    std::fs::write(&path, &secret).with_context(|| format!("cannot write {}", path.display()))?;
    restrict_permissions(&path);
    Ok(secret.into_bytes())
}

#[cfg(unix)]
fn restrict_permissions(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
}

#[cfg(not(unix))]
fn restrict_permissions(_path: &Path) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_time_zone_defaults_to_london_and_refuses_unknown_names() {
        assert_eq!(board_time_zone(None).unwrap(), chrono_tz::Europe::London);
        assert_eq!(board_time_zone(Some("Europe/Dublin".into())).unwrap(), chrono_tz::Europe::Dublin);
        assert!(board_time_zone(Some("Mars/Olympus".into())).is_err());
    }

    #[test]
    fn audit_retention_defaults_to_seven_years_and_is_bounded() {
        assert_eq!(audit_retention_days(None).unwrap(), DEFAULT_AUDIT_RETENTION_DAYS);
        assert_eq!(audit_retention_days(Some("365".into())).unwrap(), 365);
        for bad in ["29", "36501", "-1", "seven years"] {
            assert!(audit_retention_days(Some(bad.into())).is_err(), "{bad}");
        }
    }
}
