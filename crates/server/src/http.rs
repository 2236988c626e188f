//! The HTTP server: the API, and optionally the built front end (`STATIC_DIR`) for a one-process setup.

use std::path::PathBuf;

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::middleware::{from_fn, Compress, DefaultHeaders};
use actix_web::{web, App, HttpServer};

use api::AppState;

/// Registers the API and, when given, the front end with its fallback to `index.html` for client routes.
pub fn configure(state: AppState, static_dir: Option<PathBuf>) -> impl Fn(&mut web::ServiceConfig) + Clone {
    let state = web::Data::new(state);
    move |cfg: &mut web::ServiceConfig| {
        cfg.app_data(state.clone()).configure(api::configure).configure(crate::no_index::configure);
        if let Some(dir) = &static_dir {
            let index = dir.join("index.html");
            // The service worker and the manifest decide which app version a device runs: always
            // revalidated, as nginx serves them (deploy/nginx.conf).
            for name in ["service-worker.js", "manifest.webmanifest"] {
                let file = dir.join(name);
                cfg.route(
                    &format!("/{name}"),
                    web::get().to(move |req: actix_web::HttpRequest| {
                        let file = file.clone();
                        async move { NamedFile::open(file).map(|file| no_cache(file.into_response(&req))) }
                    }),
                );
            }
            cfg.service(Files::new("/", dir).index_file("index.html").default_handler(fn_service(
                move |req: ServiceRequest| {
                    let index = index.clone();
                    async move {
                        let (req, _) = req.into_parts();
                        let file = NamedFile::open(index)?;
                        // The shell names the hashed bundles: it must never be cached stale.
                        let res = no_cache(file.into_response(&req));
                        Ok(ServiceResponse::new(req, res))
                    }
                },
            )));
        }
    }
}

fn no_cache(mut res: actix_web::HttpResponse) -> actix_web::HttpResponse {
    res.headers_mut().insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("no-cache"),
    );
    res
}

/// The application's Content-Security-Policy, the same as deploy/nginx.conf's default: no inline or
/// foreign scripts; inline styles are needed by MUI/emotion.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Features the portal never uses (deploy/nginx.conf sends the same).
pub const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/// HTTP Strict Transport Security: a year, subdomains included (spec: §14 Security > HTTPS). deploy/nginx.conf
/// sends the same on its TLS connections.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000; includeSubDomains";

/// Whether answers carry `Strict-Transport-Security`: when the portal's public address (`PUBLIC_URL`) is
/// https. Over plain http the header would be ignored by browsers, and it would pin a portal that has
/// no certificate to https.
pub fn sends_hsts(public_url: &str) -> bool {
    public_url.trim().get(..8).is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"))
}

/// Headers every answer carries. When the server serves the front end itself (`STATIC_DIR`), these are
/// the same as behind nginx (deploy/security-headers.conf), the Content-Security-Policy included;
/// behind nginx, nginx adds that policy (it passes the other headers through without repeating them).
/// `DefaultHeaders` adds a header only when the answer has none: a file's own policy (`sandbox` on
/// downloads and views, the user guide's) stays. `hsts` (see `sends_hsts`) adds Strict-Transport-Security.
pub fn security_headers(serves_front_end: bool, hsts: bool) -> DefaultHeaders {
    let mut headers = DefaultHeaders::new()
        .add(crate::no_index::ROBOTS_TAG)
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "same-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Permissions-Policy", PERMISSIONS_POLICY));
    if hsts {
        headers = headers.add(("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY));
    }
    if serves_front_end {
        headers.add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
    } else {
        headers
    }
}

/// Serves until SIGINT/SIGTERM; in-flight requests get 30 seconds to finish. `hsts`: see `sends_hsts`.
pub async fn serve(
    state: AppState,
    static_dir: Option<PathBuf>,
    port: u16,
    hsts: bool,
) -> std::io::Result<()> {
    let serves_front_end = static_dir.is_some();
    let routes = configure(state, static_dir);
    HttpServer::new(move || {
        App::new()
            // Behind nginx this is unused (nginx compresses); serving STATIC_DIR alone, it keeps the
            // sign-in bundle small on the wire.
            .wrap(Compress::default())
            .wrap(security_headers(serves_front_end, hsts))
            .wrap(from_fn(api::http::middleware::request_log::log_request))
            .configure(routes.clone())
    })
    // nginx keeps idle upstream connections open for its `keepalive_timeout` (60 s, deploy/nginx.conf)
    // and reuses them. actix's default of 5 s closed them first, so a request nginx sent on a connection
    // the server was closing failed with 502 ("upstream prematurely closed connection"). The server
    // therefore keeps idle connections longer than nginx does.
    .keep_alive(std::time::Duration::from_secs(75))
    .shutdown_timeout(30)
    .bind(("0.0.0.0", port))?
    .run()
    .await
}
