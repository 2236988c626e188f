//! The local OpenID provider of the tests: panva's `oidc-provider`, found or started by
//! `scripts/ensure-oidc.sh` (as `make test` does), with `TEST_OIDC_*` when set. A "browser" that goes
//! through its sign-in form with reqwest, holding cookies by hand and following no redirect, so a test
//! sees the callback the provider sends to the portal.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use reqwest::blocking::{Client, Response};
use reqwest::header::{COOKIE, LOCATION, SET_COOKIE};
use reqwest::StatusCode;

use server::config::SsoConfig;

use super::TestApp;

pub struct Provider {
    pub issuer: String,
    /// Another issuer with its own keys (for "a token from another issuer").
    pub second_issuer: String,
    pub client_id: String,
    pub client_secret: String,
    /// Another client of the same issuer (for "a code for another audience").
    pub other_client_id: String,
}

/// `TEST_OIDC_ISSUER_URL` (and the rest) when set, else whatever `scripts/ensure-oidc.sh` prints.
pub fn provider() -> &'static Provider {
    static PROVIDER: OnceLock<Provider> = OnceLock::new();
    PROVIDER.get_or_init(|| {
        let from_env = |key: &str| std::env::var(format!("TEST_{key}")).ok();
        if let Some(issuer) = from_env("OIDC_ISSUER_URL") {
            return Provider {
                issuer,
                second_issuer: from_env("OIDC_SECOND_ISSUER_URL").expect("TEST_OIDC_SECOND_ISSUER_URL"),
                client_id: from_env("OIDC_CLIENT_ID").unwrap_or_else(|| "trustee-portal".into()),
                client_secret: from_env("OIDC_CLIENT_SECRET").unwrap_or_else(|| "portal-secret".into()),
                other_client_id: from_env("OIDC_OTHER_CLIENT_ID").unwrap_or_else(|| "another-client".into()),
            };
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let out = std::process::Command::new(root.join("scripts/ensure-oidc.sh"))
            .current_dir(&root)
            .output()
            .expect("run scripts/ensure-oidc.sh");
        assert!(out.status.success(), "ensure-oidc.sh failed: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).expect("utf-8");
        let value = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("{key}=")).map(str::to_string))
                .unwrap_or_else(|| panic!("ensure-oidc.sh printed no {key}"))
        };
        Provider {
            issuer: value("OIDC_ISSUER_URL"),
            second_issuer: value("OIDC_SECOND_ISSUER_URL"),
            client_id: value("OIDC_CLIENT_ID"),
            client_secret: value("OIDC_CLIENT_SECRET"),
            other_client_id: value("OIDC_OTHER_CLIENT_ID"),
        }
    })
}

/// The portal's single sign-on settings for the local provider.
pub fn sso_config() -> SsoConfig {
    let p = provider();
    SsoConfig {
        issuer_url: p.issuer.clone(),
        client_id: p.client_id.clone(),
        client_secret: p.client_secret.clone(),
        label: "Local ID".into(),
        allowed_domains: Vec::new(),
        create_unknown: false,
        unstated_email_verified: false,
    }
}

impl TestApp {
    /// An app with single sign-on through the local provider; `adjust` changes its settings.
    pub fn spawn_with_sso(adjust: impl FnOnce(&mut SsoConfig)) -> Self {
        let mut sso = sso_config();
        adjust(&mut sso);
        Self::spawn_with(move |c| c.sso = Some(sso))
    }
}

/// What the person does on the provider's sign-in form.
#[derive(Debug, Clone, Default)]
pub struct Login {
    pub email: String,
    /// The provider says it used a second factor (`amr` has `mfa`).
    pub mfa: bool,
    /// The provider has not verified the e-mail.
    pub unverified: bool,
    /// How the provider's ID token is spoilt on its way out: `audience`, `issuer`, `expired`, `unsigned`.
    pub tamper: Option<&'static str>,
}

impl Login {
    pub fn as_(email: &str) -> Self {
        Self { email: email.to_string(), ..Self::default() }
    }
}

/// A browser: cookies kept by hand (by name, for the provider), no redirect followed.
pub struct Browser {
    client: Client,
    cookies: BTreeMap<String, String>,
}

impl Default for Browser {
    fn default() -> Self {
        Self::new()
    }
}

impl Browser {
    pub fn new() -> Self {
        let client =
            Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("a reqwest client");
        Self { client, cookies: BTreeMap::new() }
    }

    fn keep_cookies(&mut self, response: &Response) {
        for value in response.headers().get_all(SET_COOKIE) {
            let Ok(text) = value.to_str() else { continue };
            let pair = text.split(';').next().unwrap_or_default();
            if let Some((name, value)) = pair.split_once('=') {
                if value.is_empty() {
                    self.cookies.remove(name.trim());
                } else {
                    self.cookies.insert(name.trim().to_string(), value.to_string());
                }
            }
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    pub fn get(&mut self, url: &str) -> Response {
        let response = self.client.get(url).header(COOKIE, self.cookie_header()).send().expect("GET");
        self.keep_cookies(&response);
        response
    }

    fn post_form(&mut self, url: &str, form: &[(&str, &str)]) -> Response {
        let response =
            self.client.post(url).header(COOKIE, self.cookie_header()).form(form).send().expect("POST");
        self.keep_cookies(&response);
        response
    }

    /// Starts at the portal (`/api/auth/sso/start`): the provider's authorization address.
    pub fn start(&mut self, app: &TestApp) -> String {
        let response = self.get(&app.url("/api/auth/sso/start"));
        assert_eq!(response.status(), StatusCode::FOUND, "start redirects to the provider");
        location(&response)
    }

    /// From the provider's authorization address through its sign-in form to the redirect back to the
    /// portal: the query of the callback (`code=...&state=...`).
    pub fn sign_in_at_provider(&mut self, authorize: &str, login: &Login) -> String {
        let issuer = origin(authorize);
        let mut response = self.get(authorize);
        let mut form_sent = false;
        for _ in 0..10 {
            assert!(response.status().is_redirection(), "the provider answered {}", response.status());
            let next = absolute(&issuer, &location(&response));
            if next.contains("/api/auth/sso/callback") {
                return next.split_once('?').map(|(_, q)| q.to_string()).expect("a callback query");
            }
            if next.contains("/interaction/") && !form_sent {
                let form_page = self.get(&next);
                assert_eq!(form_page.status(), StatusCode::OK, "the provider's sign-in form");
                let mut fields = vec![("login", login.email.as_str())];
                if login.mfa {
                    fields.push(("mfa", "1"));
                }
                if login.unverified {
                    fields.push(("unverified", "1"));
                }
                if let Some(tamper) = login.tamper {
                    fields.push(("tamper", tamper));
                }
                response = self.post_form(&format!("{next}/login"), &fields);
                form_sent = true;
            } else {
                response = self.get(&next);
            }
        }
        panic!("the provider never sent the browser back");
    }

    /// Sends the provider's callback to the portal: where the portal sends the browser
    /// (`/login?sso_code=...` or `/login?sso_error=...`).
    pub fn callback(&mut self, app: &TestApp, query: &str) -> String {
        let response = self.get(&app.url(&format!("/api/auth/sso/callback?{query}")));
        assert_eq!(response.status(), StatusCode::FOUND, "the callback redirects to the sign-in page");
        location(&response)
    }

    /// The whole way from the portal's button to the sign-in page: where it lands.
    pub fn sso(&mut self, app: &TestApp, login: &Login) -> String {
        let authorize = self.start(app);
        let query = self.sign_in_at_provider(&authorize, login);
        self.callback(app, &query)
    }
}

pub fn location(response: &Response) -> String {
    response.headers().get(LOCATION).and_then(|v| v.to_str().ok()).expect("a Location header").to_string()
}

fn origin(url: &str) -> String {
    let after_scheme = url.find("://").map(|i| i + 3).unwrap_or(0);
    let end = url[after_scheme..].find('/').map(|i| i + after_scheme).unwrap_or(url.len());
    url[..end].to_string()
}

fn absolute(origin: &str, location: &str) -> String {
    if location.starts_with("http://") || location.starts_with("https://") {
        location.to_string()
    } else {
        format!("{origin}{location}")
    }
}

/// The `sso_code` or `sso_error` of where the portal sent the browser.
pub fn query_value(landing: &str, key: &str) -> Option<String> {
    let query = landing.split_once('?')?.1;
    query.split('&').find_map(|pair| pair.strip_prefix(&format!("{key}=")).map(str::to_string))
}
