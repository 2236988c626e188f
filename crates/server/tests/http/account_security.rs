//! Account security (spec §13): throttling that cannot lock the owner out, the password policy, changing
//! one's own password, temporary passwords that expire, two-factor sign-in, and sessions one can see and end.

use std::time::{Duration, Instant};

use crate::common::{error_of, json_of, totp_code, Authed, Session, TestApp, PASSWORD, THROTTLE_STEP};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn login_from(app: &TestApp, address: &str, email: &str, password: &str) -> Response {
    app.post("/api/auth/login")
        .header("X-Forwarded-For", address)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .unwrap()
}

/// Sets up two-factor sign-in for the session's user; answers the secret and the recovery codes.
pub(crate) fn enrol(app: &TestApp, session: &Session) -> (String, Vec<String>) {
    let setup = json_of(app.post("/api/auth/mfa/setup").auth(session).send().unwrap(), StatusCode::OK);
    let secret = setup["secret"].as_str().unwrap().to_string();
    assert!(setup["otpauthUrl"].as_str().unwrap().starts_with("otpauth://totp/"));
    let wrong = app.post("/api/auth/mfa/enable").auth(session).json(&json!({"code": "000000"}));
    let body = json_of(wrong.send().unwrap(), StatusCode::BAD_REQUEST);
    assert!(body["errors"]["code"].as_str().unwrap().contains("not right"));
    let enable = app.post("/api/auth/mfa/enable").auth(session).json(&json!({"code": totp_code(&secret, 0)}));
    let body = json_of(enable.send().unwrap(), StatusCode::OK);
    let codes: Vec<String> =
        body["recoveryCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    (secret, codes)
}

fn mfa_token(app: &TestApp, email: &str) -> String {
    let body = json_of(app.login(email, PASSWORD), StatusCode::OK);
    assert_eq!(body["mfaRequired"], true, "{body}");
    assert!(body.get("token").is_none(), "no session before the code: {body}");
    body["mfaToken"].as_str().unwrap().to_string()
}

fn verify(app: &TestApp, token: &str, code: &str) -> Response {
    app.post("/api/auth/mfa/verify").json(&json!({"mfaToken": token, "code": code})).send().unwrap()
}

/// How many audit events of this kind name this actor.
fn audited(app: &TestApp, kind: &str, actor: i32) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM audit_events WHERE kind = '{kind}' AND actor_id = {actor}"
    ))
}

fn bearer(body: &Value) -> String {
    body["token"].as_str().unwrap().to_string()
}

#[test]
fn wrong_passwords_from_one_address_never_block_the_right_one_from_another() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true);
    let (_, email) = app.create_user(Role::Admin, "Target Admin");
    for _ in 0..5 {
        error_of(login_from(&app, "203.0.113.9", &email, "wrong-password"), StatusCode::UNAUTHORIZED);
    }
    // The attacker's address is refused for this account, with a Retry-After...
    let refused = login_from(&app, "203.0.113.9", &email, PASSWORD);
    assert!(refused.headers()["retry-after"].to_str().unwrap().parse::<u64>().unwrap() > 0);
    error_of(refused, StatusCode::TOO_MANY_REQUESTS);
    // ...the owner, elsewhere, signs in (after a short delay: the account has five recent failures).
    let started = Instant::now();
    let body = json_of(login_from(&app, "198.51.100.20", &email, PASSWORD), StatusCode::OK);
    assert!(body["token"].is_string());
    assert!(started.elapsed() >= THROTTLE_STEP, "slowed by a step: {:?}", started.elapsed());
    // The counts are rows in PostgreSQL, shared by every server process.
    assert_eq!(
        app.scalar_i64("SELECT count(*) AS value FROM sign_in_attempts WHERE client = '203.0.113.9'"),
        5
    );
}

#[test]
fn failures_spread_over_many_addresses_slow_the_account_but_never_lock_it() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true);
    let (_, email) = app.create_user(Role::Chair, "Spread Target");
    for n in 0..7 {
        let address = format!("192.0.2.{n}");
        error_of(login_from(&app, &address, &email, "wrong-password"), StatusCode::UNAUTHORIZED);
    }
    // Seven failures: the next attempt waits 4 steps (1, 2, 4, ... seconds in service, at most 60), then
    // the password is checked.
    let started = Instant::now();
    json_of(login_from(&app, "198.51.100.77", &email, PASSWORD), StatusCode::OK);
    let waited = started.elapsed();
    assert!(waited >= THROTTLE_STEP * 4 && waited < Duration::from_secs(20), "waited {waited:?}");
}

#[test]
fn new_passwords_follow_the_policy() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let cases = [
        ("1234567", "Password must be at least 8 characters long."),
        ("password1", "This password is too common. Choose a less predictable one."),
        ("Qwerty123", "This password is too common. Choose a less predictable one."),
        ("okonkwo-rules-99", "Password must not contain your name or email address."),
        ("n.okonkwo@example.org", "Password must not contain your name or email address."),
    ];
    for (password, message) in cases {
        let body = json!({"name": "Nneka Okonkwo", "email": "n.okonkwo@example.org", "password": password,
            "role": "trustee"});
        let answer =
            json_of(app.post("/api/users").auth(&admin).json(&body).send().unwrap(), StatusCode::BAD_REQUEST);
        assert_eq!(answer["errors"]["password"], message, "{password}");
    }
    let long = "a sentence of sixty-four characters is fine for a pass phrase ok";
    assert_eq!(long.len(), 64);
    let body = json!({"name": "Nneka Okonkwo", "email": "n.okonkwo@example.org", "password": long, "role": "trustee"});
    json_of(app.post("/api/users").auth(&admin).json(&body).send().unwrap(), StatusCode::CREATED);
}

#[test]
fn changing_ones_own_password_ends_the_other_sessions_only() {
    let app = TestApp::spawn();
    let here = app.signed_in_as(Role::Trustee);
    let other = json_of(app.login(&here.email, PASSWORD), StatusCode::OK);
    let other_token = bearer(&other);

    let wrong = json!({"currentPassword": "not-my-password", "newPassword": "a-brand-new-phrase-7"});
    let body = json_of(
        app.post("/api/auth/change-password").auth(&here).json(&wrong).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["currentPassword"], "Current password is incorrect");
    let same = json!({"currentPassword": PASSWORD, "newPassword": PASSWORD});
    let body = json_of(
        app.post("/api/auth/change-password").auth(&here).json(&same).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["newPassword"], "Choose a password different from your current password.");

    let change = json!({"currentPassword": PASSWORD, "newPassword": "a-brand-new-phrase-7"});
    let body = json_of(
        app.post("/api/auth/change-password").auth(&here).json(&change).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(body["message"], "Password changed");
    let new_token = bearer(&body);
    // This session goes on with its new token; the other device is signed out.
    json_of(app.get("/api/auth/me").bearer_auth(&new_token).send().unwrap(), StatusCode::OK);
    error_of(app.get("/api/auth/me").bearer_auth(&other_token).send().unwrap(), StatusCode::UNAUTHORIZED);
    json_of(app.login(&here.email, "a-brand-new-phrase-7"), StatusCode::OK);
    assert_eq!(audited(&app, "password_changed", here.id), 1);
}

#[test]
fn temporary_passwords_expire_and_must_be_replaced_by_another() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let (id, email) = app.create_user(Role::Trustee, "Temp Trustee");
    let reset = app.post("/api/auth/admin-reset-password").auth(&admin).json(&json!({"userId": id}));
    let temp = json_of(reset.send().unwrap(), StatusCode::OK)["tempPassword"].as_str().unwrap().to_string();
    let hours = app.scalar_i64(&format!(
        "SELECT round(extract(epoch FROM temp_password_expires_at - now()) / 3600)::bigint AS value FROM users WHERE id = {id}"
    ));
    assert_eq!(hours, 72);

    let token = bearer(&json_of(app.login(&email, &temp), StatusCode::OK));
    let same =
        app.post("/api/auth/change-password-temp").bearer_auth(&token).json(&json!({"newPassword": temp}));
    let body = json_of(same.send().unwrap(), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["newPassword"], "Choose a password different from your temporary password.");

    // Past its 72 hours, the temporary password no longer signs in.
    app.scalar_i64(&format!(
        "WITH u AS (UPDATE users SET temp_password_expires_at = now() - interval '1 minute' WHERE id = {id} RETURNING 1) SELECT count(*) AS value FROM u"
    ));
    let message = error_of(app.login(&email, &temp), StatusCode::UNAUTHORIZED);
    assert_eq!(message, "Your temporary password has expired. Ask an admin or chair for a new one.");
}

#[test]
fn two_factor_codes_sign_in_once_each_and_recovery_codes_once_each() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let (secret, codes) = enrol(&app, &trustee);
    assert_eq!(codes.len(), 10);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM mfa_recovery_codes WHERE used_at IS NULL"), 10);
    let me = json_of(app.get("/api/auth/me").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(me["mfaEnabled"], true);

    // The password alone opens nothing; the challenge token is not a session.
    let challenge = mfa_token(&app, &trustee.email);
    error_of(app.get("/api/auth/me").bearer_auth(&challenge).send().unwrap(), StatusCode::UNAUTHORIZED);

    // The code used to enrol belongs to a used time step; the next step's code works once.
    let code = totp_code(&secret, 30);
    let signed_in = json_of(verify(&app, &challenge, &code), StatusCode::OK);
    json_of(app.get("/api/auth/me").bearer_auth(bearer(&signed_in)).send().unwrap(), StatusCode::OK);
    let replay = json_of(verify(&app, &mfa_token(&app, &trustee.email), &code), StatusCode::BAD_REQUEST);
    assert!(replay["errors"]["code"].as_str().unwrap().contains("not right"));
    let refused_codes = app.scalar_i64(
        "SELECT count(*) AS value FROM audit_events WHERE kind = 'sign_in_failed' \
         AND details = 'second step refused with 400'",
    );
    assert_eq!(refused_codes, 1);

    // A recovery code works once, typed in any case.
    let recovery = codes[3].to_uppercase();
    json_of(verify(&app, &mfa_token(&app, &trustee.email), &recovery), StatusCode::OK);
    json_of(verify(&app, &mfa_token(&app, &trustee.email), &codes[3]), StatusCode::BAD_REQUEST);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM mfa_recovery_codes WHERE used_at IS NULL"), 9);

    assert_eq!(audited(&app, "mfa_enabled", trustee.id), 1);
    // The password step alone records no sign-in; each completed second step does.
    assert_eq!(audited(&app, "sign_in_succeeded", trustee.id), 3);

    // A forged or stale challenge is a 401.
    let message = error_of(verify(&app, "garbage", &codes[4]), StatusCode::UNAUTHORIZED);
    assert_eq!(message, "Your sign-in has expired. Please sign in again.");
}

#[test]
fn wrong_codes_are_throttled_like_passwords() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    enrol(&app, &chair);
    let challenge = mfa_token(&app, &chair.email);
    for _ in 0..5 {
        json_of(verify(&app, &challenge, "111111"), StatusCode::BAD_REQUEST);
    }
    let refused = verify(&app, &challenge, "111111");
    assert!(refused.headers().contains_key("retry-after"));
    error_of(refused, StatusCode::TOO_MANY_REQUESTS);
}

#[test]
fn recovery_codes_regenerate_and_two_factor_turns_off_with_a_code() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let (_, codes) = enrol(&app, &trustee);
    let again = app.post("/api/auth/mfa/recovery-codes").auth(&trustee).json(&json!({"code": codes[0]}));
    let fresh = json_of(again.send().unwrap(), StatusCode::OK);
    assert_eq!(fresh["recoveryCodes"].as_array().unwrap().len(), 10);
    // The old set is gone.
    let off = app.post("/api/auth/mfa/disable").auth(&trustee).json(&json!({"code": codes[1]}));
    json_of(off.send().unwrap(), StatusCode::BAD_REQUEST);
    let new_code = fresh["recoveryCodes"][0].as_str().unwrap();
    let off = app.post("/api/auth/mfa/disable").auth(&trustee).json(&json!({"code": new_code}));
    assert_eq!(json_of(off.send().unwrap(), StatusCode::OK)["message"], "Two-factor sign-in is off.");
    assert_eq!(audited(&app, "recovery_codes_regenerated", trustee.id), 1);
    assert_eq!(audited(&app, "mfa_disabled", trustee.id), 1);
    assert!(json_of(app.login(&trustee.email, PASSWORD), StatusCode::OK)["token"].is_string());
}

#[test]
fn the_setting_makes_admins_and_chairs_enrol_before_anything_else() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let forbidden =
        app.put("/api/security/settings").auth(&trustee).json(&json!({"requireMfaForOfficers": true}));
    error_of(forbidden.send().unwrap(), StatusCode::FORBIDDEN);
    let on = app.put("/api/security/settings").auth(&admin).json(&json!({"requireMfaForOfficers": true}));
    assert_eq!(json_of(on.send().unwrap(), StatusCode::OK)["requireMfaForOfficers"], true);
    // The admin who turned it on must enrol too before anything else.
    let message = error_of(app.get("/api/users").auth(&admin).send().unwrap(), StatusCode::FORBIDDEN);
    assert_eq!(message, "You must set up two-factor sign-in before using the portal.");
    enrol(&app, &admin);

    let chair = app.signed_in_as(Role::Chair);
    let me = json_of(app.get("/api/auth/me").auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(me["mfaEnrolmentRequired"], true);
    let message = error_of(app.get("/api/documents").auth(&chair).send().unwrap(), StatusCode::FORBIDDEN);
    assert_eq!(message, "You must set up two-factor sign-in before using the portal.");
    // Trustees are not concerned.
    json_of(app.get("/api/documents").auth(&trustee).send().unwrap(), StatusCode::OK);

    enrol(&app, &chair);
    json_of(app.get("/api/documents").auth(&chair).send().unwrap(), StatusCode::OK);
    // While required, it cannot be turned off.
    let off = app.post("/api/auth/mfa/disable").auth(&chair).json(&json!({"code": "123456"}));
    error_of(off.send().unwrap(), StatusCode::FORBIDDEN);

    // An admin resets the chair's second factor: sessions end, and enrolment is due again.
    let reset = app.post(&format!("/api/users/{}/mfa-reset", chair.id)).auth(&admin).send().unwrap();
    assert!(json_of(reset, StatusCode::OK)["message"]
        .as_str()
        .unwrap()
        .starts_with("Two-factor sign-in reset"));
    error_of(app.get("/api/auth/me").auth(&chair).send().unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!(audited(&app, "mfa_reset", admin.id), 1);
    assert_eq!(audited(&app, "settings_changed", admin.id), 1);
    let again = json_of(app.login(&chair.email, PASSWORD), StatusCode::OK);
    assert_eq!(again["user"]["mfaEnrolmentRequired"], true);
    assert_eq!(again["user"]["mfaEnabled"], false);
    let by_chair = app.post(&format!("/api/users/{}/mfa-reset", trustee.id)).bearer_auth(bearer(&again));
    error_of(by_chair.send().unwrap(), StatusCode::FORBIDDEN);
}

#[test]
fn sessions_are_listed_and_ended_one_by_one_or_all_but_this_one() {
    let app = TestApp::spawn();
    let phone = app.signed_in_as(Role::Trustee);
    let laptop = bearer(&json_of(
        app.post("/api/auth/login")
            .header(
                "User-Agent",
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
            )
            .json(&json!({"email": phone.email, "password": PASSWORD}))
            .send()
            .unwrap(),
        StatusCode::OK,
    ));
    let tablet = bearer(&json_of(app.login(&phone.email, PASSWORD), StatusCode::OK));

    let list = json_of(app.get("/api/auth/sessions").bearer_auth(&laptop).send().unwrap(), StatusCode::OK);
    let sessions = list.as_array().unwrap();
    assert_eq!(sessions.len(), 3);
    let current: Vec<&Value> = sessions.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0]["device"], "Firefox on Windows 10");
    assert_eq!(current[0]["address"], "127.0.0.1");
    assert!(current[0]["lastActiveAt"].as_str().unwrap().ends_with('Z'));

    // Ending the phone's session from the laptop: the phone gets 401 at its next request.
    let phone_id = app.session_id_of_token(&phone.token);
    let ended = app.delete(&format!("/api/auth/sessions/{phone_id}")).bearer_auth(&laptop).send().unwrap();
    assert_eq!(json_of(ended, StatusCode::OK)["message"], "Session signed out");
    error_of(app.get("/api/auth/me").auth(&phone).send().unwrap(), StatusCode::UNAUTHORIZED);
    // Someone else's session is not found.
    let stranger = app.signed_in_as(Role::Chair);
    let stranger_id = app.session_id_of_token(&stranger.token);
    let foreign =
        app.delete(&format!("/api/auth/sessions/{stranger_id}")).bearer_auth(&laptop).send().unwrap();
    error_of(foreign, StatusCode::NOT_FOUND);
    json_of(app.get("/api/auth/me").auth(&stranger).send().unwrap(), StatusCode::OK);

    let others = app.post("/api/auth/sessions/sign-out-others").bearer_auth(&laptop).send().unwrap();
    assert_eq!(json_of(others, StatusCode::OK)["count"], 1);
    assert_eq!(audited(&app, "session_revoked", phone.id), 2);
    error_of(app.get("/api/auth/me").bearer_auth(&tablet).send().unwrap(), StatusCode::UNAUTHORIZED);
    json_of(app.get("/api/auth/me").bearer_auth(&laptop).send().unwrap(), StatusCode::OK);

    // Signing out ends only this session.
    let second = bearer(&json_of(app.login(&phone.email, PASSWORD), StatusCode::OK));
    json_of(app.post("/api/auth/logout").bearer_auth(&laptop).send().unwrap(), StatusCode::OK);
    error_of(app.get("/api/auth/me").bearer_auth(&laptop).send().unwrap(), StatusCode::UNAUTHORIZED);
    json_of(app.get("/api/auth/me").bearer_auth(&second).send().unwrap(), StatusCode::OK);
}

#[test]
fn an_idle_session_ends() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    json_of(app.get("/api/auth/me").auth(&trustee).send().unwrap(), StatusCode::OK);
    let id = app.session_id_of_token(&trustee.token);
    app.scalar_i64(&format!(
        "WITH s AS (UPDATE sessions SET last_active_at = now() - interval '61 minutes' WHERE id = {id} RETURNING 1) SELECT count(*) AS value FROM s"
    ));
    let message = error_of(app.get("/api/auth/me").auth(&trustee).send().unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!(message, "Your session has expired. Please sign in again.");
}

#[test]
fn activity_keeps_a_session_open() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let id = app.session_id_of_token(&trustee.token);
    app.scalar_i64(&format!(
        "WITH s AS (UPDATE sessions SET last_active_at = now() - interval '59 minutes' WHERE id = {id} RETURNING 1) SELECT count(*) AS value FROM s"
    ));
    json_of(app.get("/api/auth/me").auth(&trustee).send().unwrap(), StatusCode::OK);
    let idle_seconds = app.scalar_i64(&format!(
        "SELECT extract(epoch FROM now() - last_active_at)::bigint AS value FROM sessions WHERE id = {id}"
    ));
    assert!(idle_seconds < 5, "the request counted as activity: {idle_seconds} s");
}

#[test]
fn a_second_server_process_on_the_database_shares_the_counts() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true);
    let (_, email) = app.create_user(Role::Trustee, "Shared Target");
    for _ in 0..5 {
        error_of(login_from(&app, "203.0.113.50", &email, "wrong-password"), StatusCode::UNAUTHORIZED);
    }
    // Another process: its own state (adapters, pools) over the same database.
    let config = crate::common::test_config("", app.data_dir.path());
    let other = server::wiring::build_state(&config, app.pool.clone()).unwrap();
    let refused = other.auth.begin_sign_in(&email, "203.0.113.50");
    assert!(
        matches!(
            refused,
            Err(domain::identity::IdentityRefusal::Common(domain::DomainError::RateLimited { .. }))
        ),
        "{refused:?}"
    );
    assert!(other.auth.begin_sign_in(&email, "198.51.100.1").is_ok());
}

#[test]
fn stale_attempts_and_old_sessions_are_pruned() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    error_of(app.login(&trustee.email, "wrong-password"), StatusCode::UNAUTHORIZED);
    app.scalar_i64(
        "WITH a AS (INSERT INTO sign_in_attempts (scope, account, client, attempted_at) \
         VALUES ('password', 'old@example.org', '192.0.2.1', now() - interval '2 hours') RETURNING 1) \
         SELECT count(*) AS value FROM a",
    );
    let ended = app.session_id_of_token(&trustee.token);
    app.scalar_i64(&format!(
        "WITH s AS (UPDATE sessions SET ended_at = now() - interval '2 days' WHERE id = {ended} RETURNING 1) \
         SELECT count(*) AS value FROM s"
    ));
    let (attempts, sessions) = app.state.auth.prune().unwrap();
    assert_eq!((attempts, sessions), (1, 1));
    // The recent failure stays counted.
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM sign_in_attempts"), 1);
}
