//! Configuration from the environment (see the table in README.md).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use rand::Rng;

#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    pub port: u16,
    pub jwt_secret: Vec<u8>,
    pub data_dir: PathBuf,
    pub admin_email: Option<String>,
    pub admin_password: Option<String>,
    pub bcrypt_cost: u32,
    pub allow_registration: bool,
    pub static_dir: Option<PathBuf>,
    pub trust_proxy: bool,
    pub session_hours: i64,
    pub development: bool,
}

pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/trustee_portal";

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

fn flag(name: &str) -> bool {
    var(name).is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "1" | "true" | "yes"))
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
        let jwt_secret = match var("JWT_SECRET") {
            Some(secret) if secret.len() >= 32 => secret.into_bytes(),
            Some(_) => bail!("JWT_SECRET must be at least 32 characters long"),
            None if development => development_secret(&data_dir)?,
            None => bail!("JWT_SECRET is required (or set APP_ENV=development to generate one)"),
        };
        Ok(Self {
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into()),
            port,
            jwt_secret,
            data_dir,
            admin_email: var("ADMIN_EMAIL"),
            admin_password: var("ADMIN_PASSWORD"),
            bcrypt_cost,
            allow_registration: flag("ALLOW_REGISTRATION"),
            static_dir: var("STATIC_DIR").map(PathBuf::from),
            trust_proxy: flag("TRUST_PROXY"),
            session_hours,
            development,
        })
    }
}

/// In development a random secret is made once and kept in the data folder, so sessions survive restarts.
fn development_secret(data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    let path = data_dir.join(".jwt-secret");
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
