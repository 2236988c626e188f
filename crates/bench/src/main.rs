//! The ceiling of `make bench` (docs/performance.md): a minimal actix-web server that answers `GET /<name>`
//! with the bytes of `<dir>/<name>.json`, read once at start. What the framework can do on this machine with
//! the same response bytes as the portal, and nothing else (no authentication, no database).
//!
//! Usage: `bench-ceiling <port> <dir>`.

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let port: u16 =
        args.next().ok_or_else(|| anyhow::anyhow!("usage: bench-ceiling <port> <dir>"))?.parse()?;
    let dir = args.next().ok_or_else(|| anyhow::anyhow!("usage: bench-ceiling <port> <dir>"))?;
    let mut bodies = HashMap::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        if let (Some(stem), Some("json")) =
            (path.file_stem().and_then(|s| s.to_str()), path.extension().and_then(|s| s.to_str()))
        {
            bodies.insert(format!("/{stem}"), web::Bytes::from(std::fs::read(&path)?));
        }
    }
    let bodies = Arc::new(bodies);
    HttpServer::new(move || {
        let bodies = bodies.clone();
        App::new().default_service(web::to(move |req: HttpRequest| {
            let body = bodies.get(req.path()).cloned();
            async move {
                match body {
                    Some(body) => HttpResponse::Ok().content_type("application/json").body(body),
                    None => HttpResponse::NotFound().finish(),
                }
            }
        }))
    })
    .bind(("127.0.0.1", port))?
    .run()
    .await?;
    Ok(())
}
