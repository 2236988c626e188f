//! With STATIC_DIR the server also serves the built front end, falling back to index.html for client
//! routes, while /api keeps answering JSON.

use crate::common::{error_of, TestApp};
use reqwest::StatusCode;

#[test]
fn client_routes_fall_back_to_index_html() {
    let site = tempfile::tempdir().unwrap();
    std::fs::write(site.path().join("index.html"), "<!doctype html><title>Trustee Portal</title>").unwrap();
    std::fs::create_dir(site.path().join("assets")).unwrap();
    std::fs::write(site.path().join("assets/main.abc123.js"), "console.log('hi')").unwrap();
    let dir = site.path().to_path_buf();
    let app = TestApp::spawn_with(move |c| c.static_dir = Some(dir));

    for path in ["/", "/documents", "/committees/3"] {
        let response = app.get(path).send().unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        if path != "/" {
            // The fallback shell must never be cached stale (nginx does the same for "/" in production).
            assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        }
        assert!(response.text().unwrap().contains("<title>Trustee Portal</title>"), "{path}");
    }
    let asset = app.get("/assets/main.abc123.js").send().unwrap();
    assert_eq!(asset.text().unwrap(), "console.log('hi')");
    assert_eq!(error_of(app.get("/api/not-a-route").send().unwrap(), StatusCode::NOT_FOUND), "Not found");
    let traversal = app.get("/../Cargo.toml").send().unwrap();
    assert!(!traversal.text().unwrap().contains("[package]"));
}
