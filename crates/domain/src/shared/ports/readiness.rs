/// Whether the service's dependencies answer (the database), for `GET /readyz`.
pub trait Readiness: Send + Sync {
    fn check(&self) -> anyhow::Result<()>;
}
