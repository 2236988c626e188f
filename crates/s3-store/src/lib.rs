//! Uploaded files in S3-compatible object storage (AWS S3, MinIO, Ceph, R2, ...), chosen with
//! `FILE_STORE_URL=s3://bucket/prefix` (README.md).
//!
//! The `FileStore` port is synchronous: the use cases call it from blocking threads (`web::block`). This
//! adapter owns a small tokio runtime for the S3 client and waits on it. An upload is spooled to an
//! unnamed temporary file on the local disk while it streams in (the 10 MB limit and the type checks work
//! exactly as with the local store), and is PUT under its key only on commit: until then nothing exists
//! in the bucket, and an upload dropped uncommitted (or a crash) leaves nothing anywhere, because an
//! unnamed temporary file has no name to leave behind.

use std::fs::File;
use std::future::Future;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path as FsPath, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use futures_util::TryStreamExt;
use object_store::aws::{AmazonS3, AmazonS3Builder, AmazonS3ConfigKey};
use object_store::path::Path;
use object_store::{ClientOptions, ObjectStore, ObjectStoreExt, RetryConfig};

use domain::library::files::{StorageKey, MAX_UPLOAD_BYTES};
use domain::library::{FileStore, PendingFile};

/// Where the files live: `s3://bucket` or `s3://bucket/some/prefix`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Location {
    pub bucket: String,
    /// Without leading or trailing slashes; empty for the bucket's root.
    pub prefix: String,
}

impl S3Location {
    pub fn parse(url: &str) -> anyhow::Result<Self> {
        let Some(rest) = url.strip_prefix("s3://") else {
            bail!("FILE_STORE_URL must look like s3://bucket/prefix, got '{url}'");
        };
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        let valid_bucket = (3..=63).contains(&bucket.len())
            && bucket.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
        if !valid_bucket {
            bail!("FILE_STORE_URL names no valid bucket (3-63 of a-z 0-9 . -), got '{url}'");
        }
        let prefix = prefix.trim_matches('/').to_string();
        if prefix.split('/').any(|part| part.is_empty() || part == "." || part == "..") && !prefix.is_empty()
        {
            bail!("FILE_STORE_URL's prefix must be plain folder names, got '{url}'");
        }
        Ok(Self { bucket: bucket.to_string(), prefix })
    }
}

impl std::fmt::Display for S3Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.prefix.is_empty() {
            write!(f, "s3://{}", self.bucket)
        } else {
            write!(f, "s3://{}/{}", self.bucket, self.prefix)
        }
    }
}

/// The tokio runtime of the S3 client. Shut down in the background when dropped, so that the last
/// clone of the application state may be dropped anywhere (even on an async worker thread).
struct Runtime(Option<tokio::runtime::Runtime>);

impl Runtime {
    fn new() -> anyhow::Result<Self> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("s3-file-store")
            .enable_all()
            .build()
            .context("cannot start the S3 client's runtime")?;
        Ok(Self(Some(runtime)))
    }

    /// Runs `future` on the runtime and waits for it; callable from any thread, async or not (a
    /// blocking wait, as the port is synchronous: callers are on blocking threads).
    fn wait<T: Send + 'static>(&self, future: impl Future<Output = T> + Send + 'static) -> anyhow::Result<T> {
        let runtime = self.0.as_ref().context("the S3 client's runtime is gone")?;
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        runtime.spawn(async move {
            let _ = tx.send(future.await);
        });
        rx.recv().context("the S3 request was abandoned")
    }
}

impl Drop for Runtime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

/// Uploaded files as objects `<prefix>/<uuid>` in one bucket.
pub struct S3FileStore {
    location: S3Location,
    client: Arc<AmazonS3>,
    runtime: Arc<Runtime>,
    spool: PathBuf,
}

impl S3FileStore {
    /// `options` are the `AWS_*` settings (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`,
    /// `AWS_ENDPOINT_URL`, `AWS_SESSION_TOKEN`, `AWS_ALLOW_HTTP`, ...), as the environment names them;
    /// unknown names are ignored. A plain `http://` endpoint (MinIO on the same host) is allowed without
    /// `AWS_ALLOW_HTTP`. Uploads are spooled under `spool_dir` (created when missing).
    pub fn new(
        location: S3Location,
        options: &[(String, String)],
        spool_dir: &FsPath,
    ) -> anyhow::Result<Self> {
        // A user waits on each request: give up on an unreachable store within seconds, not minutes (the
        // crate's defaults retry for up to three minutes). The AWS_* options below may still override these.
        let client_options = ClientOptions::new()
            .with_connect_timeout(Duration::from_secs(5))
            .with_timeout(Duration::from_secs(30));
        let retry =
            RetryConfig { max_retries: 3, retry_timeout: Duration::from_secs(20), ..RetryConfig::default() };
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&location.bucket)
            .with_client_options(client_options)
            .with_retry(retry);
        let mut http_endpoint = false;
        for (name, value) in options {
            let Ok(key) = name.to_ascii_lowercase().parse::<AmazonS3ConfigKey>() else { continue };
            if matches!(key, AmazonS3ConfigKey::Endpoint | AmazonS3ConfigKey::S3Endpoint) {
                http_endpoint |= value.starts_with("http://");
            }
            builder = builder.with_config(key, value);
        }
        let explicit_allow_http = options.iter().any(|(name, _)| name.eq_ignore_ascii_case("AWS_ALLOW_HTTP"));
        if http_endpoint && !explicit_allow_http {
            builder = builder.with_allow_http(true);
        }
        let client =
            builder.build().with_context(|| format!("cannot configure the object store {location}"))?;
        std::fs::create_dir_all(spool_dir)
            .with_context(|| format!("cannot create the upload spool folder {}", spool_dir.display()))?;
        Ok(Self {
            location,
            client: Arc::new(client),
            runtime: Arc::new(Runtime::new()?),
            spool: spool_dir.into(),
        })
    }

    pub fn location(&self) -> &S3Location {
        &self.location
    }

    fn path_of(&self, key: &str) -> Path {
        if self.location.prefix.is_empty() {
            Path::from(key)
        } else {
            Path::from(format!("{}/{key}", self.location.prefix))
        }
    }

    /// Lists the prefix (one page of names): proves at start-up that the endpoint answers, the bucket exists
    /// and the credentials are accepted, rather than at the first upload. (A HEAD of a missing object
    /// could not tell a missing bucket from a missing object.)
    pub fn check(&self) -> anyhow::Result<()> {
        let client = self.client.clone();
        let prefix = (!self.location.prefix.is_empty()).then(|| Path::from(self.location.prefix.as_str()));
        self.runtime
            .wait(async move { client.list_with_delimiter(prefix.as_ref()).await })?
            .map(|_| ())
            .with_context(|| format!("the object store {} cannot be reached", self.location))
    }

    /// The keys of every stored file under the prefix (for tests and operators).
    pub fn keys(&self) -> anyhow::Result<Vec<String>> {
        let client = self.client.clone();
        let prefix = (!self.location.prefix.is_empty()).then(|| Path::from(self.location.prefix.as_str()));
        let objects = self.runtime.wait(async move {
            client
                .list(prefix.as_ref())
                .map_ok(|meta| meta.location.to_string())
                .try_collect::<Vec<_>>()
                .await
        })??;
        Ok(objects.into_iter().map(|path| path.rsplit('/').next().unwrap_or_default().to_string()).collect())
    }
}

impl FileStore for S3FileStore {
    fn begin(&self) -> anyhow::Result<Box<dyn PendingFile>> {
        let key = StorageKey::parse(&uuid::Uuid::new_v4().to_string())
            .ok_or_else(|| anyhow::anyhow!("generated key rejected"))?;
        let spool = tempfile::tempfile_in(&self.spool)
            .with_context(|| format!("cannot create an upload spool file in {}", self.spool.display()))?;
        Ok(Box::new(S3PendingFile {
            spool,
            written: 0,
            path: self.path_of(key.as_str()),
            key,
            client: self.client.clone(),
            runtime: self.runtime.clone(),
        }))
    }

    fn read(&self, key: &StorageKey) -> anyhow::Result<Vec<u8>> {
        let client = self.client.clone();
        let path = self.path_of(key.as_str());
        let bytes = self
            .runtime
            .wait(async move {
                let object = client.get(&path).await?;
                object.bytes().await
            })?
            .with_context(|| format!("cannot read stored file {key}"))?;
        Ok(bytes.to_vec())
    }

    fn delete(&self, key: &StorageKey) -> anyhow::Result<()> {
        let client = self.client.clone();
        let path = self.path_of(key.as_str());
        match self.runtime.wait(async move { client.delete(&path).await })? {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => {
                Err(anyhow::Error::new(error)).with_context(|| format!("cannot delete stored file {key}"))
            }
        }
    }
}

/// An upload spooled to an unnamed temporary file; it reaches the bucket only on commit.
struct S3PendingFile {
    spool: File,
    written: u64,
    key: StorageKey,
    path: Path,
    client: Arc<AmazonS3>,
    runtime: Arc<Runtime>,
}

impl Write for S3PendingFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.spool.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.spool.flush()
    }
}

impl PendingFile for S3PendingFile {
    fn commit(mut self: Box<Self>) -> anyhow::Result<StorageKey> {
        // The use cases refuse larger uploads before this; the check keeps one PUT's memory bounded.
        if self.written > MAX_UPLOAD_BYTES {
            bail!("an upload of {} bytes is over the limit", self.written);
        }
        let mut content = Vec::with_capacity(usize::try_from(self.written).unwrap_or_default());
        self.spool.seek(SeekFrom::Start(0)).context("cannot rewind the upload spool")?;
        self.spool.read_to_end(&mut content).context("cannot read the upload spool")?;
        let client = self.client.clone();
        let path = self.path.clone();
        self.runtime
            .wait(async move { client.put(&path, content.into()).await })?
            .with_context(|| format!("cannot store the upload as {}", self.key))?;
        Ok(self.key.clone())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn store_on_test_server(spool: &FsPath) -> S3FileStore {
        let server = test_support::s3::server();
        let location = S3Location::parse(&server.fresh_url()).unwrap();
        S3FileStore::new(location, &server.options(), spool).unwrap()
    }

    fn spooled_files(dir: &FsPath) -> usize {
        std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
    }

    /// The same suite as the local folder's, against a real S3-compatible server (scripts/ensure-s3.sh).
    #[test]
    fn the_s3_store_passes_the_file_store_conformance_suite() {
        let spool = tempfile::tempdir().unwrap();
        let store = store_on_test_server(spool.path());
        store.check().unwrap();
        test_support::file_store::conformance(&store, &|| {
            store.keys().unwrap().len() + spooled_files(spool.path())
        });
    }

    #[test]
    fn uploads_are_invisible_in_the_bucket_until_committed() {
        let spool = tempfile::tempdir().unwrap();
        let store = store_on_test_server(spool.path());
        let mut pending = store.begin().unwrap();
        pending.write_all(b"%PDF-1.4 pending").unwrap();
        assert!(store.keys().unwrap().is_empty());
        let key = pending.commit().unwrap();
        assert_eq!(store.keys().unwrap(), vec![key.as_str().to_string()]);
    }

    #[test]
    fn an_unreachable_store_fails_within_seconds() {
        let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let spool = tempfile::tempdir().unwrap();
        let options = vec![
            ("AWS_ENDPOINT_URL".to_string(), format!("http://127.0.0.1:{closed}")),
            ("AWS_ACCESS_KEY_ID".to_string(), "test".to_string()),
            ("AWS_SECRET_ACCESS_KEY".to_string(), "test".to_string()),
        ];
        let store = S3FileStore::new(S3Location::parse("s3://portal-files").unwrap(), &options, spool.path())
            .unwrap();
        let started = std::time::Instant::now();
        assert!(store.check().is_err());
        let key = StorageKey::parse("0123abcd-0000-4000-8000-000000000000").unwrap();
        assert!(store.read(&key).is_err());
        assert!(started.elapsed() < Duration::from_secs(30), "took {:?}", started.elapsed());
    }

    #[test]
    fn a_bucket_that_does_not_exist_fails_the_start_up_check() {
        let server = test_support::s3::server();
        let spool = tempfile::tempdir().unwrap();
        let location = S3Location::parse("s3://no-such-bucket-here/x").unwrap();
        let store = S3FileStore::new(location, &server.options(), spool.path()).unwrap();
        let error = format!("{:#}", store.check().unwrap_err());
        assert!(error.contains("s3://no-such-bucket-here/x cannot be reached"), "{error}");
    }

    #[test]
    fn locations_are_parsed_and_refused() {
        let parsed = S3Location::parse("s3://portal-files/prod/uploads/").unwrap();
        assert_eq!(parsed, S3Location { bucket: "portal-files".into(), prefix: "prod/uploads".into() });
        assert_eq!(parsed.to_string(), "s3://portal-files/prod/uploads");
        assert_eq!(S3Location::parse("s3://bucket").unwrap().prefix, "");
        for bad in ["/data/files", "s3://", "s3://Bad_Bucket/x", "s3://ok-bucket/a//b", "s3://ok-bucket/../x"]
        {
            assert!(S3Location::parse(bad).is_err(), "{bad} should be refused");
        }
    }
}
