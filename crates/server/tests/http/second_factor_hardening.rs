//! Second factors under the same brakes as passwords, single-use challenges, confirming it is you before
//! changing how you sign in, secrets sealed at rest, and view tickets closed to a user who must enrol
//! (spec: Account security).

use std::time::{Duration, Instant};

use crate::common::files::{file_part, form, pdf};
use crate::common::{error_of, json_of, totp_code, Authed, Session, TestApp, PASSWORD, THROTTLE_STEP};
use domain::identity::role::Role;
use reqwest::blocking::{RequestBuilder, Response};
use reqwest::StatusCode;
use serde_json::{json, Value};

const CONFIRM: &str = "Confirm your password to continue.";

/// Turns two-factor sign-in on for the session's user (just signed in, so no extra confirmation);
/// answers the secret and the recovery codes.
fn enrol(app: &TestApp, session: &Session) -> (String, Vec<String>) {
    let setup = json_of(app.post("/api/auth/mfa/setup").auth(session).send().unwrap(), StatusCode::OK);
    let secret = setup["secret"].as_str().unwrap().to_string();
    let enable = app.post("/api/auth/mfa/enable").auth(session).json(&json!({"code": totp_code(&secret, 0)}));
    let body = json_of(enable.send().unwrap(), StatusCode::OK);
    let codes =
        body["recoveryCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    (secret, codes)
}

fn mfa_token(app: &TestApp, email: &str) -> String {
    let body = json_of(app.login(email, PASSWORD), StatusCode::OK);
    body["mfaToken"].as_str().unwrap().to_string()
}

fn from(request: RequestBuilder, address: &str) -> Response {
    request.header("X-Forwarded-For", address).send().unwrap()
}

fn verify(app: &TestApp, token: &str, code: &str) -> RequestBuilder {
    app.post("/api/auth/mfa/verify").json(&json!({"mfaToken": token, "code": code}))
}

/// Sends the request and answers how long it took, asserting the status.
fn timed(response: impl FnOnce() -> Response, expected: StatusCode) -> Duration {
    let started = Instant::now();
    let answer = response();
    let took = started.elapsed();
    json_of(answer, expected);
    took
}

/// Makes the session's last password or code `minutes` old.
fn age_confirmation(app: &TestApp, session: &Session, minutes: i64) {
    let id = app.session_id_of_token(&session.token);
    let changed = app.execute(&format!(
        "UPDATE sessions SET reauthenticated_at = now() - interval '{minutes} minutes' WHERE id = {id}"
    ));
    assert_eq!(changed, 1);
}

#[test]
fn wrong_codes_from_many_addresses_slow_every_code_check_of_the_account() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true);
    let trustee = app.signed_in_as(Role::Trustee);
    let (_, codes) = enrol(&app, &trustee);
    let challenge = mfa_token(&app, &trustee.email);
    // Five wrong codes, each from its own address: none of them is held back...
    for n in 0..5 {
        let took = timed(
            || from(verify(&app, &challenge, "111111"), &format!("192.0.2.{n}")),
            StatusCode::BAD_REQUEST,
        );
        assert!(took < Duration::from_millis(900), "attempt {n} took {took:?}");
    }
    // ...then the account is slowed, from any address and for every kind of code check: 1, 2, 4 steps
    // (seconds in service).
    let took = timed(|| from(verify(&app, &challenge, "111111"), "192.0.2.50"), StatusCode::BAD_REQUEST);
    assert!(took >= THROTTLE_STEP, "sign-in code: {took:?}");
    let off = app.post("/api/auth/mfa/disable").auth(&trustee).json(&json!({"code": "222222"}));
    let took = timed(|| from(off, "192.0.2.51"), StatusCode::BAD_REQUEST);
    assert!(took >= THROTTLE_STEP * 2, "disable: {took:?}");
    let again = app.post("/api/auth/mfa/recovery-codes").auth(&trustee).json(&json!({"code": "bbbbb-ccccc"}));
    let took = timed(|| from(again, "192.0.2.52"), StatusCode::BAD_REQUEST);
    assert!(took >= THROTTLE_STEP * 4, "recovery codes: {took:?}");
    assert!(took < Duration::from_secs(20), "bounded: {took:?}");
    // The right code still works (after its wait): the owner is slowed, never locked out.
    let took = timed(|| from(verify(&app, &challenge, &codes[0]), "198.51.100.7"), StatusCode::OK);
    assert!(took >= THROTTLE_STEP * 8, "sign-in with the right code: {took:?}");

    // Confirming set-up is slowed the same way.
    let chair = app.signed_in_as(Role::Chair);
    json_of(app.post("/api/auth/mfa/setup").auth(&chair).send().unwrap(), StatusCode::OK);
    for n in 0..5 {
        let wrong = app.post("/api/auth/mfa/enable").auth(&chair).json(&json!({"code": "333333"}));
        timed(|| from(wrong, &format!("203.0.113.{n}")), StatusCode::BAD_REQUEST);
    }
    let wrong = app.post("/api/auth/mfa/enable").auth(&chair).json(&json!({"code": "333333"}));
    let took = timed(|| from(wrong, "203.0.113.99"), StatusCode::BAD_REQUEST);
    assert!(took >= THROTTLE_STEP, "enable: {took:?}");
}

#[test]
fn a_challenge_is_exchanged_for_one_session_only() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let (_, codes) = enrol(&app, &trustee);
    let challenge = mfa_token(&app, &trustee.email);
    let unused = || {
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM mfa_recovery_codes WHERE user_id = {} AND used_at IS NULL",
            trustee.id
        ))
    };
    json_of(verify(&app, &challenge, &codes[0]).send().unwrap(), StatusCode::OK);
    assert_eq!(unused(), 9);
    // The replayed challenge is refused, and the recovery code sent with it is not used up.
    let message = error_of(verify(&app, &challenge, &codes[1]).send().unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!(message, "Your sign-in has expired. Please sign in again.");
    assert_eq!(unused(), 9);
    assert_eq!(
        app.scalar_i64(&format!("SELECT count(*) AS value FROM sessions WHERE user_id = {}", trustee.id)),
        2
    );
    // Replayed at once with several codes: one signs in, the others burn nothing.
    let replayed = std::thread::scope(|scope| {
        let challenge = mfa_token(&app, &trustee.email);
        let sent: Vec<_> = codes[2..6]
            .iter()
            .map(|code| {
                let request = verify(&app, &challenge, code);
                scope.spawn(move || request.send().unwrap().status())
            })
            .collect();
        sent.into_iter().map(|s| s.join().unwrap()).collect::<Vec<_>>()
    });
    assert_eq!(replayed.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{replayed:?}");
    assert_eq!(unused(), 8, "{replayed:?}");
    // A wrong code does not use the challenge up: the right one after it signs in (the code refused
    // with the replay above still works).
    let challenge = mfa_token(&app, &trustee.email);
    json_of(verify(&app, &challenge, "zzzzz-zzzzz").send().unwrap(), StatusCode::BAD_REQUEST);
    json_of(verify(&app, &challenge, &codes[1]).send().unwrap(), StatusCode::OK);
    assert_eq!(unused(), 7);
}

#[test]
fn view_tickets_refuse_a_user_who_must_first_enrol() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let upload = app
        .post("/api/documents")
        .auth(&admin)
        .multipart(form(
            &[("title", "Pack"), ("category", "governance")],
            Some(file_part(pdf(), "pack.pdf", "application/pdf")),
        ))
        .send()
        .unwrap();
    let id = json_of(upload, StatusCode::CREATED)["id"].as_i64().unwrap();
    let ticket = json_of(
        app.post(&format!("/api/documents/{id}/view-ticket")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    let url = ticket["url"].as_str().unwrap().to_string();
    // Admins and chairs must now enrol before anything else opens; the ticket issued before does not.
    let on = app.put("/api/security/settings").auth(&admin).json(&json!({"requireMfaForOfficers": true}));
    json_of(on.send().unwrap(), StatusCode::OK);
    let message = error_of(app.get(&url).send().unwrap(), StatusCode::FORBIDDEN);
    assert_eq!(message, "You must set up two-factor sign-in before using the portal.");
    enrol(&app, &chair);
    let ticket = json_of(
        app.post(&format!("/api/documents/{id}/view-ticket")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    let response = app.get(ticket["url"].as_str().unwrap()).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.bytes().unwrap().to_vec(), pdf());
}

#[test]
fn changing_how_one_signs_in_needs_a_recent_password_or_code() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    // Signed in six minutes ago: a stolen session cannot start set-up.
    age_confirmation(&app, &trustee, 6);
    let message =
        error_of(app.post("/api/auth/mfa/setup").auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);
    assert_eq!(message, CONFIRM);
    let reauth =
        |body: Value| app.post("/api/auth/reauthenticate").auth(&trustee).json(&body).send().unwrap();
    let body = json_of(reauth(json!({"password": "not-my-password"})), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["password"], "Current password is incorrect");
    let refused = app.scalar_i64(
        "SELECT count(*) AS value FROM audit_events WHERE kind = 'sign_in_failed' \
         AND details = 'confirming it is you refused with 400'",
    );
    assert_eq!(refused, 1);
    let body = json_of(reauth(json!({})), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["password"], "Password is required");
    json_of(reauth(json!({"password": PASSWORD})), StatusCode::OK);
    let setup = json_of(app.post("/api/auth/mfa/setup").auth(&trustee).send().unwrap(), StatusCode::OK);
    let secret = setup["secret"].as_str().unwrap().to_string();

    // Enabling needs it too.
    age_confirmation(&app, &trustee, 6);
    let enable =
        app.post("/api/auth/mfa/enable").auth(&trustee).json(&json!({"code": totp_code(&secret, 0)}));
    assert_eq!(error_of(enable.send().unwrap(), StatusCode::FORBIDDEN), CONFIRM);
    age_confirmation(&app, &trustee, 4);
    let enable =
        app.post("/api/auth/mfa/enable").auth(&trustee).json(&json!({"code": totp_code(&secret, 0)}));
    let codes = json_of(enable.send().unwrap(), StatusCode::OK)["recoveryCodes"].clone();

    // With two-factor sign-in on, a code confirms too (and regenerating or turning off carry their own).
    age_confirmation(&app, &trustee, 60);
    json_of(reauth(json!({"code": codes[0]})), StatusCode::OK);
    let recent = app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM sessions WHERE id = {} AND reauthenticated_at > now() - interval '1 minute'",
        app.session_id_of_token(&trustee.token)
    ));
    assert_eq!(recent, 1);
    age_confirmation(&app, &trustee, 60);
    let again = app.post("/api/auth/mfa/recovery-codes").auth(&trustee).json(&json!({"code": codes[1]}));
    json_of(again.send().unwrap(), StatusCode::OK);

    // One's own e-mail: an admin's edit of their own account.
    let admin = app.signed_in_as(Role::Admin);
    age_confirmation(&app, &admin, 6);
    let me = |email: &str| {
        app.put(&format!("/api/users/{}", admin.id))
            .auth(&admin)
            .json(&json!({"name": "Renamed Admin", "email": email, "role": "admin", "active": true}))
            .send()
            .unwrap()
    };
    assert_eq!(error_of(me("new.admin@example.org"), StatusCode::FORBIDDEN), CONFIRM);
    // The same address (in another case) or another person's e-mail needs nothing more.
    json_of(me(&admin.email.to_uppercase()), StatusCode::OK);
    let other = app.put(&format!("/api/users/{}", trustee.id)).auth(&admin).json(
        &json!({"name": "Trustee", "email": "moved.trustee@example.org", "role": "trustee", "active": true}),
    );
    json_of(other.send().unwrap(), StatusCode::OK);
    let confirm = app.post("/api/auth/reauthenticate").auth(&admin).json(&json!({"password": PASSWORD}));
    json_of(confirm.send().unwrap(), StatusCode::OK);
    assert_eq!(json_of(me("new.admin@example.org"), StatusCode::OK)["email"], "new.admin@example.org");

    // A stolen admin session cannot hand itself a temporary password: an admin is refused on themselves
    // as a chair is, and the password stays as it was.
    let reset_self = |who: &Session| {
        app.post("/api/auth/admin-reset-password").auth(who).json(&json!({"userId": who.id})).send().unwrap()
    };
    let refused = "You do not have permission to reset this user's password.";
    assert_eq!(error_of(reset_self(&admin), StatusCode::FORBIDDEN), refused);
    let chair = app.signed_in_as(Role::Chair);
    assert_eq!(error_of(reset_self(&chair), StatusCode::FORBIDDEN), refused);
    let temporary = app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM users WHERE id = {} AND require_password_change",
        admin.id
    ));
    assert_eq!(temporary, 0);
    json_of(app.login("new.admin@example.org", PASSWORD), StatusCode::OK);
}

#[test]
fn wrong_current_passwords_from_many_addresses_slow_changing_the_password() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true);
    let trustee = app.signed_in_as(Role::Trustee);
    let change = |current: &str| {
        app.post("/api/auth/change-password")
            .auth(&trustee)
            .json(&json!({"currentPassword": current, "newPassword": "violet-harbour-lanterns-42"}))
    };
    // Five wrong current passwords, each from its own address: none of them is held back...
    for n in 0..5 {
        let took =
            timed(|| from(change("not-my-password"), &format!("192.0.2.{n}")), StatusCode::BAD_REQUEST);
        assert!(took < Duration::from_millis(900), "attempt {n} took {took:?}");
    }
    // ...then the account is slowed from any address, 1, 2 steps, like signing in.
    let took = timed(|| from(change("not-my-password"), "192.0.2.50"), StatusCode::BAD_REQUEST);
    assert!(took >= THROTTLE_STEP, "sixth: {took:?}");
    let took = timed(|| from(change("still-not-it"), "192.0.2.51"), StatusCode::BAD_REQUEST);
    assert!(took >= THROTTLE_STEP * 2, "seventh: {took:?}");
    // The owner is slowed, never locked out: the right password changes it (after its wait).
    let took = timed(|| from(change(PASSWORD), "198.51.100.7"), StatusCode::OK);
    assert!(took >= THROTTLE_STEP * 4, "right password: {took:?}");
    assert!(took < Duration::from_secs(20), "bounded: {took:?}");
    json_of(app.login(&trustee.email, "violet-harbour-lanterns-42"), StatusCode::OK);
}

#[test]
fn totp_secrets_are_sealed_and_recovery_codes_salted() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let (secret, codes) = enrol(&app, &trustee);
    let stored =
        app.scalar_text(&format!("SELECT mfa_secret AS value FROM users WHERE id = {}", trustee.id)).unwrap();
    assert!(stored.starts_with("sealed:v1:"), "{stored}");
    assert!(!stored.contains(&secret));
    let salted =
        app.scalar_i64("SELECT count(*) AS value FROM mfa_recovery_codes WHERE code_hash LIKE '$2%'");
    assert_eq!(salted, 10);
    let digest = domain::shared::secret_token::hash(&codes[0].replace('-', ""));
    let unsalted = app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM mfa_recovery_codes WHERE code_hash = '{digest}'"
    ));
    assert_eq!(unsalted, 0);
    // The sealed secret still signs in.
    let challenge = mfa_token(&app, &trustee.email);
    json_of(verify(&app, &challenge, &totp_code(&secret, 30)).send().unwrap(), StatusCode::OK);
}

#[test]
fn secrets_stored_before_sealing_are_sealed_at_start_and_rotate_to_a_new_key() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    // As stored before sealing: the secret in plain text, a recovery code as unsalted SHA-256.
    let secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    let legacy_code = "abcde-fghjk";
    let digest = domain::shared::secret_token::hash("abcdefghjk");
    app.execute(&format!("UPDATE users SET mfa_secret = '{secret}' WHERE id = {}", trustee.id));
    app.execute(&format!(
        "INSERT INTO mfa_recovery_codes (user_id, code_hash) VALUES ({}, '{digest}'), ({}, '{}')",
        trustee.id,
        trustee.id,
        domain::shared::secret_token::hash("zzzzzzzzzz")
    ));
    server::wiring::reseal_secrets(&app.state).unwrap();
    let stored =
        app.scalar_text(&format!("SELECT mfa_secret AS value FROM users WHERE id = {}", trustee.id)).unwrap();
    assert!(stored.starts_with("sealed:v1:") && !stored.contains(secret), "{stored}");
    // No bare unsalted digest stays on disk: each is wrapped in bcrypt.
    let bare = "SELECT count(*) AS value FROM mfa_recovery_codes WHERE code_hash ~ '^[0-9a-f]{64}$'";
    assert_eq!(app.scalar_i64(bare), 0);
    let wrapped = format!(
        "SELECT count(*) AS value FROM mfa_recovery_codes WHERE user_id = {} AND code_hash LIKE 'legacy-bcrypt:$2%'",
        trustee.id
    );
    assert_eq!(app.scalar_i64(&wrapped), 2);
    let wrapped_hashes = "SELECT string_agg(code_hash, ',' ORDER BY id) AS value FROM mfa_recovery_codes";
    let wrapped_before = app.scalar_text(wrapped_hashes);
    // A second start changes nothing.
    server::wiring::reseal_secrets(&app.state).unwrap();
    let again = app.scalar_text(&format!("SELECT mfa_secret AS value FROM users WHERE id = {}", trustee.id));
    assert_eq!(again.as_deref(), Some(stored.as_str()));
    assert_eq!(app.scalar_text(wrapped_hashes), wrapped_before);
    // The user's authenticator and their old recovery code (kept until used) still work.
    json_of(
        verify(&app, &mfa_token(&app, &trustee.email), &totp_code(secret, 0)).send().unwrap(),
        StatusCode::OK,
    );
    json_of(verify(&app, &mfa_token(&app, &trustee.email), legacy_code).send().unwrap(), StatusCode::OK);
    json_of(
        verify(&app, &mfa_token(&app, &trustee.email), legacy_code).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );

    // Rotation: a process with a new SECRETS_KEY and the old one as SECRETS_KEY_PREVIOUS seals anew.
    let mut config = crate::common::test_config("", app.data_dir.path());
    let old_key = config.secrets_key.clone();
    config.secrets_key = b"a brand new secrets key, thirty-two characters".to_vec();
    config.secrets_key_previous = Some(old_key);
    let rotated = server::wiring::build_state(&config, app.pool.clone()).unwrap();
    let report = rotated.two_factor.reseal_secrets().unwrap();
    assert_eq!((report.resealed, report.unreadable.len()), (1, 0));
    let resealed =
        app.scalar_text(&format!("SELECT mfa_secret AS value FROM users WHERE id = {}", trustee.id));
    assert_ne!(resealed.as_deref(), Some(stored.as_str()));
    // The old key alone no longer opens it.
    let report = app.state.two_factor.reseal_secrets().unwrap();
    assert_eq!(report.unreadable, vec![domain::UserId(trustee.id)]);
}
