//! `/api/user-guide`: a self-contained HTML guide, opened in a new tab without signing in.

use crate::common::{error_of, TestApp};
use reqwest::StatusCode;

const HEADINGS: &[&str] = &[
    "Signing in",
    "Forgotten your password",
    "Changing a temporary password",
    "Getting started: what to do next",
    "Dashboard",
    "Minutes",
    "Actions",
    "Trustee Directory",
    "Documents",
    "Sub Committees",
    "User Management",
    "Calendar",
    "The meeting cycle",
    "Notices",
    "Who can do what",
    "Staying safe with safeguarding papers",
    "Governance: interests, terms, declarations and written resolutions",
    "Reading papers in the portal",
    "Reading papers without a connection",
    "Notes on papers",
    "Searching",
    "Board evaluation",
    "The skills matrix",
    "Signing minutes, resolutions and declarations, and checking a signed file",
    "Signing out on shared devices",
];

#[test]
fn the_guide_is_html_with_every_section_and_needs_no_token() {
    let app = TestApp::spawn();
    let response = app.get("/api/user-guide").send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let header = |name: &str| response.headers().get(name).unwrap().to_str().unwrap().to_string();
    assert_eq!(header("content-type"), "text/html; charset=utf-8");
    assert_eq!(
        header("content-security-policy"),
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'"
    );
    assert_eq!(header("x-content-type-options"), "nosniff");
    let html = response.text().unwrap();

    assert!(html.starts_with("<!doctype html>"));
    assert!(html.contains("<html lang=\"en-GB\">"));
    assert!(html.contains("<h1>Trustee Portal user guide</h1>"));
    for heading in HEADINGS {
        let found =
            html.lines().any(|line| line.starts_with("<h2") && line.contains(&format!(">{heading}</h2>")));
        assert!(found, "missing section heading '{heading}'");
    }
}

#[test]
fn the_guide_is_self_contained_and_holds_nothing_private() {
    let app = TestApp::spawn();
    let html = app.get("/api/user-guide").send().unwrap().text().unwrap();
    // Links to the official guidance the governance features follow (spec §10: the Charity Commission's
    // and the Charity Governance Code) are the only links out; they load nothing.
    let official = ["href=\"https://www.gov.uk/", "href=\"https://www.charitygovernancecode.org/"];
    let lower = official.iter().fold(html.to_lowercase(), |text, link| text.replace(link, "href=\"#"));
    // Its pictures are the portal's own, each with a text alternative; nothing else is loaded.
    let pictures = lower.matches("<img ").count();
    assert!(pictures >= 2, "the guide shows the For-you list and a meeting's next steps");
    assert_eq!(lower.matches("<img src=\"/api/user-guide/images/").count(), pictures);
    assert_eq!(lower.matches(" alt=\"").count(), pictures);
    let lower = lower.replace("<img src=\"/api/user-guide/images/", "<picture-of-the-portal ");
    for forbidden in
        ["<script", "<link", "<img", "<iframe", "src=", "@import", "url(", "href=\"http", "javascript:"]
    {
        assert!(!lower.contains(forbidden), "the guide must not contain '{forbidden}'");
    }
    // No e-mail addresses, tokens or other personal data (CSS at-rules such as `@media` are fine).
    let chars: Vec<char> = html.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if *c == '@' {
            let before = i.checked_sub(1).map(|j| chars[j]).unwrap_or(' ');
            assert!(!before.is_alphanumeric(), "the guide must not contain an e-mail address");
        }
    }
    assert!(!lower.contains("bearer"));
}

#[test]
fn only_get_is_allowed() {
    let app = TestApp::spawn();
    error_of(app.post("/api/user-guide").send().unwrap(), StatusCode::METHOD_NOT_ALLOWED);
}

#[test]
fn the_guides_pictures_are_served_and_nothing_else_is() {
    let app = TestApp::spawn();
    for name in ["for-you-phone.png", "meeting-next-steps-phone.png"] {
        let response = app.get(&format!("/api/user-guide/images/{name}")).send().unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{name}");
        assert_eq!(response.headers()["content-type"], "image/png");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        let expected =
            std::fs::read(format!("{}/../../docs/guide-images/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert_eq!(response.bytes().unwrap().as_ref(), expected.as_slice(), "{name}: the file's bytes");
    }
    let html = app.get("/api/user-guide").send().unwrap().text().unwrap();
    for name in ["for-you-phone.png", "meeting-next-steps-phone.png"] {
        assert!(html.contains(&format!("src=\"/api/user-guide/images/{name}\"")), "{name} is shown");
    }
    for unknown in ["missing.png", "..%2Fuser-guide.html", "for-you-phone.PNG"] {
        let error = error_of(
            app.get(&format!("/api/user-guide/images/{unknown}")).send().unwrap(),
            StatusCode::NOT_FOUND,
        );
        assert_eq!(error, "Picture not found");
    }
}
