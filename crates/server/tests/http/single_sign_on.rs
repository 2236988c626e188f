//! Single sign-on (spec §13 Single sign-on) end to end through a real OpenID provider (panva's
//! `oidc-provider`, `scripts/ensure-oidc.sh`): linked accounts, unknown, unverified and deactivated
//! people, forged and replayed callbacks, ID tokens for another audience or from another issuer, expired
//! or unsigned, the `amr` setting, and password sign-in turned off but for the break-glass admin.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::oidc::{provider, query_value, Browser, Login};
use crate::common::{json_of, totp_code, Authed, Session, TestApp, PASSWORD};
use domain::identity::role::Role;

fn count(app: &TestApp, sql: &str) -> i64 {
    app.scalar_i64(&format!("SELECT count(*) AS value FROM {sql}"))
}

fn audit(app: &TestApp, kind: &str) -> i64 {
    count(app, &format!("audit_events WHERE kind = '{kind}'"))
}

fn sessions_of(app: &TestApp, user: i32) -> i64 {
    count(app, &format!("sessions WHERE user_id = {user}"))
}

/// Exchanges the sign-in page's one-time code.
fn exchange(app: &TestApp, code: &str) -> reqwest::blocking::Response {
    app.post("/api/auth/sso/exchange").json(&json!({ "code": code })).send().expect("request")
}

/// The whole way through the provider and the exchange: the exchange's answer.
fn sso_sign_in(app: &TestApp, login: &Login) -> Value {
    let landing = Browser::new().sso(app, login);
    let code = query_value(&landing, "sso_code").unwrap_or_else(|| panic!("no sso_code in {landing}"));
    json_of(exchange(app, &code), StatusCode::OK)
}

/// Where a refused sign-in lands: its `sso_error`.
fn sso_error(app: &TestApp, login: &Login) -> String {
    let landing = Browser::new().sso(app, login);
    assert!(landing.starts_with("/login?"), "{landing}");
    query_value(&landing, "sso_error").unwrap_or_else(|| panic!("no sso_error in {landing}"))
}

fn session_of(body: &Value, email: &str) -> Session {
    Session {
        id: body["user"]["id"].as_i64().and_then(|id| i32::try_from(id).ok()).expect("user id"),
        email: email.to_string(),
        password: PASSWORD.to_string(),
        token: body["token"].as_str().expect("a session token").to_string(),
    }
}

#[test]
fn the_sign_in_page_learns_whether_single_sign_on_is_set_up() {
    let off = TestApp::spawn();
    let body = json_of(off.get("/api/auth/sso").send().unwrap(), StatusCode::OK);
    assert_eq!(body, json!({ "enabled": false, "label": null, "passwordSignIn": true }));
    let start = Browser::new().get(&off.url("/api/auth/sso/start"));
    assert_eq!(crate::common::oidc::location(&start), "/login?sso_error=not_configured");
    let exchange = exchange(&off, "anything");
    assert_eq!(exchange.status(), StatusCode::NOT_FOUND);

    let on = TestApp::spawn_with_sso(|_| {});
    let body = json_of(on.get("/api/auth/sso").send().unwrap(), StatusCode::OK);
    assert_eq!(body, json!({ "enabled": true, "label": "Local ID", "passwordSignIn": true }));
}

#[test]
fn a_person_whose_verified_e_mail_matches_an_active_account_signs_in_and_is_linked() {
    let app = TestApp::spawn_with_sso(|_| {});
    let (id, email) = app.create_user(Role::Trustee, "Sam Sso");
    let mut browser = Browser::new();
    let authorize = browser.start(&app);
    assert!(authorize.starts_with(&provider().issuer), "{authorize}");
    for part in ["code_challenge=", "code_challenge_method=S256", "state=", "nonce=", "scope=openid"] {
        assert!(authorize.contains(part), "{part} in {authorize}");
    }
    let query = browser.sign_in_at_provider(&authorize, &Login::as_(&email));
    let landing = browser.callback(&app, &query);
    let code = query_value(&landing, "sso_code").expect("a one-time code");
    assert!(!landing.contains("token"), "no session token in a URL: {landing}");
    assert_eq!(sessions_of(&app, id), 0, "nothing signed in before the exchange");

    let body = json_of(exchange(&app, &code), StatusCode::OK);
    assert_eq!(body["user"]["email"], email.as_str());
    assert_eq!(body["idleMinutes"], 60);
    let session = session_of(&body, &email);
    json_of(app.get("/api/auth/me").auth(&session).send().unwrap(), StatusCode::OK);
    assert_eq!(sessions_of(&app, id), 1);
    // The one-time code works once.
    assert_eq!(exchange(&app, &code).status(), StatusCode::UNAUTHORIZED);

    let links = json_of(app.get("/api/auth/sso/links").auth(&session).send().unwrap(), StatusCode::OK);
    assert_eq!(links.as_array().unwrap().len(), 1, "{links}");
    assert_eq!(links[0]["issuer"], provider().issuer.as_str());
    assert_eq!(links[0]["email"], email.as_str());
    assert_eq!(audit(&app, "sso_linked"), 1);
    assert_eq!(audit(&app, "sso_sign_in_succeeded"), 1);

    // The link, not the e-mail, finds the account next time: the portal's e-mail may change.
    app.execute(&format!("UPDATE users SET email = 'renamed.{id}@example.org' WHERE id = {id}"));
    let again = sso_sign_in(&app, &Login::as_(&email));
    assert_eq!(again["user"]["id"], id);
    assert_eq!(audit(&app, "sso_linked"), 1, "no second link");

    // Removed on Account security: then the provider's e-mail must match an account again, and does not.
    let link_id = links[0]["id"].as_i64().unwrap();
    let removed = app.delete(&format!("/api/auth/sso/links/{link_id}")).auth(&session).send().unwrap();
    assert_eq!(json_of(removed, StatusCode::OK)["message"], "Sign-in link removed");
    assert_eq!(audit(&app, "sso_unlinked"), 1);
    let links = json_of(app.get("/api/auth/sso/links").auth(&session).send().unwrap(), StatusCode::OK);
    assert_eq!(links, json!([]));
    let gone = app.delete(&format!("/api/auth/sso/links/{link_id}")).auth(&session).send().unwrap();
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    assert_eq!(sso_error(&app, &Login::as_(&email)), "no_account");
}

#[test]
fn an_unknown_e_mail_is_refused_unless_the_operator_lets_people_in_as_trustees() {
    let app = TestApp::spawn_with_sso(|_| {});
    let email = format!("stranger.{}@example.org", uuid::Uuid::new_v4().simple());
    assert_eq!(sso_error(&app, &Login::as_(&email)), "no_account");
    assert_eq!(count(&app, &format!("users WHERE email = '{email}'")), 0);
    assert_eq!(count(&app, "sessions"), 0, "nothing signed in");
    assert_eq!(
        count(&app, &format!("audit_events WHERE kind = 'sso_sign_in_failed' AND object_label = '{email}'")),
        1
    );

    let open = TestApp::spawn_with_sso(|c| c.create_unknown = true);
    let body = sso_sign_in(&open, &Login::as_(&email));
    assert_eq!(body["user"]["email"], email.as_str());
    assert_eq!(body["user"]["role"], "trustee");
    let id = body["user"]["id"].as_i64().unwrap();
    assert_eq!(count(&open, &format!("sso_links WHERE user_id = {id}")), 1);
    // No password opens the account made this way.
    assert_eq!(open.login(&email, "").status(), StatusCode::BAD_REQUEST);
    assert_eq!(open.login(&email, "!invited").status(), StatusCode::UNAUTHORIZED);
}

#[test]
fn unverified_e_mails_and_other_domains_are_refused() {
    let app = TestApp::spawn_with_sso(|c| c.allowed_domains = vec!["example.org".into()]);
    let (_, email) = app.create_user(Role::Trustee, "Una Verified");
    assert_eq!(sso_error(&app, &Login { unverified: true, ..Login::as_(&email) }), "unverified_email");
    let elsewhere = format!("someone.{}@elsewhere.test", uuid::Uuid::new_v4().simple());
    assert_eq!(sso_error(&app, &Login::as_(&elsewhere)), "domain_not_allowed");
    assert_eq!(count(&app, "sessions"), 0);
    assert_eq!(count(&app, "sso_links"), 0);
    assert_eq!(audit(&app, "sso_sign_in_failed"), 2);
}

#[test]
fn a_deactivated_account_is_refused_linked_or_not() {
    let app = TestApp::spawn_with_sso(|_| {});
    let (id, email) = app.create_user(Role::Trustee, "Dee Activated");
    app.execute(&format!("UPDATE users SET active = false WHERE id = {id}"));
    assert_eq!(sso_error(&app, &Login::as_(&email)), "deactivated");
    assert_eq!(sessions_of(&app, id), 0);

    // Linked while active, then deactivated: still refused.
    app.execute(&format!("UPDATE users SET active = true WHERE id = {id}"));
    sso_sign_in(&app, &Login::as_(&email));
    app.execute(&format!("UPDATE users SET active = false WHERE id = {id}"));
    assert_eq!(sso_error(&app, &Login::as_(&email)), "deactivated");
    assert_eq!(
        count(&app, &format!("audit_events WHERE kind = 'sso_sign_in_failed' AND actor_id = {id}")),
        2
    );
}

#[test]
fn forged_and_replayed_callbacks_sign_nobody_in() {
    let app = TestApp::spawn_with_sso(|_| {});
    let (id, email) = app.create_user(Role::Trustee, "Rita Replay");
    let mut browser = Browser::new();
    let authorize = browser.start(&app);
    let query = browser.sign_in_at_provider(&authorize, &Login::as_(&email));
    let code = query.split('&').find_map(|p| p.strip_prefix("code=")).unwrap().to_string();

    // A state the portal never issued.
    let forged = browser.callback(&app, &format!("code={code}&state=forged-state"));
    assert_eq!(query_value(&forged, "sso_error").as_deref(), Some("expired"));
    // No state at all.
    let stateless = browser.callback(&app, &format!("code={code}"));
    assert_eq!(query_value(&stateless, "sso_error").as_deref(), Some("expired"));

    // The real callback works once; the same callback again is refused.
    let first = browser.callback(&app, &query);
    assert!(query_value(&first, "sso_code").is_some(), "{first}");
    let replayed = browser.callback(&app, &query);
    assert_eq!(query_value(&replayed, "sso_error").as_deref(), Some("expired"));

    // The used code with a fresh state of the portal's: the provider refuses it.
    let fresh = browser.start(&app);
    let state = fresh.split(['?', '&']).find_map(|p| p.strip_prefix("state=")).unwrap().to_string();
    let replayed_code = browser.callback(&app, &format!("code={code}&state={state}"));
    assert_eq!(query_value(&replayed_code, "sso_error").as_deref(), Some("rejected"));

    // The provider's own refusal.
    let fresh = browser.start(&app);
    let state = fresh.split(['?', '&']).find_map(|p| p.strip_prefix("state=")).unwrap().to_string();
    let denied = browser.callback(&app, &format!("error=access_denied&state={state}"));
    assert_eq!(query_value(&denied, "sso_error").as_deref(), Some("provider_refused"));

    assert_eq!(sessions_of(&app, id), 0, "nothing signed in");
    assert_eq!(audit(&app, "sso_sign_in_failed"), 5);
}

#[test]
fn tokens_for_another_audience_from_another_issuer_expired_or_unsigned_are_refused() {
    let app = TestApp::spawn_with_sso(|_| {});
    let (id, email) = app.create_user(Role::Trustee, "Tom Tamper");
    for tamper in ["audience", "issuer", "expired", "unsigned"] {
        let login = Login { tamper: Some(tamper), ..Login::as_(&email) };
        assert_eq!(sso_error(&app, &login), "rejected", "an ID token spoilt by {tamper}");
    }
    // A code the provider issued to another client (another audience) is not the portal's.
    let mut browser = Browser::new();
    let authorize = browser.start(&app);
    let other = authorize.replace(
        &format!("client_id={}", provider().client_id),
        &format!("client_id={}", provider().other_client_id),
    );
    let query = browser.sign_in_at_provider(&other, &Login::as_(&email));
    let landing = browser.callback(&app, &query);
    assert_eq!(query_value(&landing, "sso_error").as_deref(), Some("rejected"));

    // A portal configured for the other issuer does not accept this issuer's sign-ins either.
    let elsewhere = TestApp::spawn_with_sso(|c| c.issuer_url = provider().second_issuer.clone());
    let mut browser = Browser::new();
    let authorize = browser.start(&elsewhere);
    assert!(authorize.starts_with(&provider().second_issuer), "{authorize}");
    let query = browser.sign_in_at_provider(&authorize, &Login::as_(&email));
    let mut to_first = Browser::new();
    let landing = to_first.callback(&app, &query);
    assert_eq!(query_value(&landing, "sso_error").as_deref(), Some("expired"), "its state is not ours");

    assert_eq!(sessions_of(&app, id), 0, "nothing signed in");
    assert_eq!(count(&app, "sso_links"), 0);
}

fn put_settings(app: &TestApp, admin: &Session, body: Value) -> reqwest::blocking::Response {
    app.put("/api/security/settings").auth(admin).json(&body).send().unwrap()
}

#[test]
fn the_providers_second_factor_counts_only_when_the_setting_says_so() {
    let app = TestApp::spawn_with_sso(|_| {});
    let admin = app.signed_in_as(Role::Admin);
    let (_, chair) = app.create_user(Role::Chair, "Cora Chair");
    let settings = |trust: bool| {
        json!({ "requireMfaForOfficers": true, "trustProviderMfa": trust, "passwordSignInOff": false,
                "breakGlassAdminId": null })
    };
    // On: the provider's second factor meets the requirement, for that session only.
    let saved = json_of(put_settings(&app, &admin, settings(true)), StatusCode::OK);
    assert_eq!(saved["trustProviderMfa"], true);
    let body = sso_sign_in(&app, &Login { mfa: true, ..Login::as_(&chair) });
    assert_eq!(body["user"]["mfaEnrolmentRequired"], false, "{body}");
    let session = session_of(&body, &chair);
    json_of(app.get("/api/dashboard/stats").auth(&session).send().unwrap(), StatusCode::OK);
    // Without `mfa` in `amr`, enrolment is still required.
    let body = sso_sign_in(&app, &Login::as_(&chair));
    assert_eq!(body["user"]["mfaEnrolmentRequired"], true, "{body}");
    // A password session of the same chair must enrol too.
    let password = json_of(app.login(&chair, PASSWORD), StatusCode::OK);
    assert_eq!(password["user"]["mfaEnrolmentRequired"], true);

    // The setting off (the admin, who must enrol now, cannot reach the settings): `amr` counts for nothing.
    app.execute("UPDATE security_settings SET trust_provider_mfa = false");
    let body = sso_sign_in(&app, &Login { mfa: true, ..Login::as_(&chair) });
    assert_eq!(body["user"]["mfaEnrolmentRequired"], true, "{body}");
    app.execute("UPDATE security_settings SET trust_provider_mfa = true");

    // An account with the portal's own second factor: the code step follows, unless the provider's counts.
    let setup = json_of(app.post("/api/auth/mfa/setup").auth(&admin).send().unwrap(), StatusCode::OK);
    let secret = setup["secret"].as_str().unwrap().to_string();
    let enable =
        app.post("/api/auth/mfa/enable").auth(&admin).json(&json!({ "code": totp_code(&secret, 0) }));
    json_of(enable.send().unwrap(), StatusCode::OK);
    let body = sso_sign_in(&app, &Login::as_(&admin.email));
    assert_eq!(body["mfaRequired"], true, "{body}");
    assert!(body.get("token").is_none());
    let verify = app
        .post("/api/auth/mfa/verify")
        .json(&json!({ "mfaToken": body["mfaToken"], "code": totp_code(&secret, 30) }))
        .send()
        .unwrap();
    json_of(verify, StatusCode::OK);
    let body = sso_sign_in(&app, &Login { mfa: true, ..Login::as_(&admin.email) });
    assert!(body["token"].is_string(), "the provider's second factor counts: {body}");
}

#[test]
fn password_sign_in_can_be_turned_off_for_everyone_but_the_break_glass_admin() {
    let plain = TestApp::spawn();
    let admin = plain.signed_in_as(Role::Admin);
    let off = json!({ "requireMfaForOfficers": false, "trustProviderMfa": false, "passwordSignInOff": true,
                      "breakGlassAdminId": admin.id });
    let refused = json_of(put_settings(&plain, &admin, off), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["passwordSignInOff"].as_str().unwrap().contains("not set up"), "{refused}");

    let app = TestApp::spawn_with_sso(|_| {});
    let admin = app.signed_in_as(Role::Admin);
    let (trustee_id, trustee) = app.create_user(Role::Trustee, "Pat Password");
    let without = json!({ "requireMfaForOfficers": false, "trustProviderMfa": false, "passwordSignInOff": true,
                          "breakGlassAdminId": null });
    let refused = json_of(put_settings(&app, &admin, without), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["breakGlassAdminId"].is_string(), "{refused}");
    let not_admin = json!({ "requireMfaForOfficers": false, "trustProviderMfa": false,
                            "passwordSignInOff": true, "breakGlassAdminId": trustee_id });
    json_of(put_settings(&app, &admin, not_admin), StatusCode::BAD_REQUEST);
    // A missing account is refused as a field error even with password sign-in on (not a 500 from the
    // database's foreign key).
    for missing in [0, 999_999] {
        let named = json!({ "requireMfaForOfficers": false, "trustProviderMfa": true,
                            "passwordSignInOff": false, "breakGlassAdminId": missing });
        let refused = json_of(put_settings(&app, &admin, named), StatusCode::BAD_REQUEST);
        assert!(refused["errors"]["breakGlassAdminId"].is_string(), "{refused}");
    }

    let off = json!({ "requireMfaForOfficers": false, "trustProviderMfa": false, "passwordSignInOff": true,
                      "breakGlassAdminId": admin.id });
    json_of(put_settings(&app, &admin, off), StatusCode::OK);
    let info = json_of(app.get("/api/auth/sso").send().unwrap(), StatusCode::OK);
    assert_eq!(info["passwordSignIn"], false);

    let body = json_of(app.login(&trustee, PASSWORD), StatusCode::FORBIDDEN);
    assert!(body["message"].as_str().unwrap().contains("Password sign-in is turned off"), "{body}");
    // A wrong password answers as ever: the setting tells nothing to someone without the password.
    assert_eq!(app.login(&trustee, "wrong-password-here").status(), StatusCode::UNAUTHORIZED);
    json_of(app.login(&admin.email, PASSWORD), StatusCode::OK);
    // Single sign-on still opens the trustee's account.
    let body = sso_sign_in(&app, &Login::as_(&trustee));
    assert_eq!(body["user"]["id"], trustee_id);
}
