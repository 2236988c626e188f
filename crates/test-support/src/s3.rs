//! The S3-compatible server of the tests: `TEST_S3_ENDPOINT_URL` and `TEST_S3_BUCKET` when set, else
//! whatever `scripts/ensure-s3.sh` finds or starts (moto, as `make test` does).

use std::sync::OnceLock;

pub struct S3Server {
    pub endpoint_url: String,
    pub bucket: String,
    pub access_key_id: String,
    pub secret_access_key: String,
}

impl S3Server {
    /// The `AWS_*` settings a store needs to reach this server.
    pub fn options(&self) -> Vec<(String, String)> {
        vec![
            ("AWS_ENDPOINT_URL".into(), self.endpoint_url.clone()),
            ("AWS_ACCESS_KEY_ID".into(), self.access_key_id.clone()),
            ("AWS_SECRET_ACCESS_KEY".into(), self.secret_access_key.clone()),
            ("AWS_REGION".into(), "us-east-1".into()),
        ]
    }

    /// A `FILE_STORE_URL` under a prefix no other test uses.
    pub fn fresh_url(&self) -> String {
        format!("s3://{}/test-{}", self.bucket, uuid::Uuid::new_v4().simple())
    }
}

pub fn server() -> &'static S3Server {
    static SERVER: OnceLock<S3Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        let env = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_string());
        if let (Ok(endpoint_url), Ok(bucket)) =
            (std::env::var("TEST_S3_ENDPOINT_URL"), std::env::var("TEST_S3_BUCKET"))
        {
            return S3Server {
                endpoint_url,
                bucket,
                access_key_id: env("TEST_AWS_ACCESS_KEY_ID", "test"),
                secret_access_key: env("TEST_AWS_SECRET_ACCESS_KEY", "test"),
            };
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let out = std::process::Command::new(root.join("scripts/ensure-s3.sh"))
            .current_dir(&root)
            .output()
            .unwrap_or_else(|e| panic!("cannot run scripts/ensure-s3.sh: {e}"));
        assert!(out.status.success(), "ensure-s3.sh failed: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let value = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key))
                .unwrap_or_else(|| panic!("ensure-s3.sh printed no {key}"))
                .trim()
                .to_string()
        };
        S3Server {
            endpoint_url: value("S3_ENDPOINT_URL="),
            bucket: value("S3_BUCKET="),
            access_key_id: "test".into(),
            secret_access_key: "test".into(),
        }
    })
}
