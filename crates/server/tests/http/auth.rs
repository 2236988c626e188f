//! `/api/auth/...` against the real app and a real database.

use crate::common::{error_of, json_of, Authed, TestApp, PASSWORD};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::json;

#[test]
fn login_returns_a_token_and_the_user() {
    let app = TestApp::spawn();
    let (id, email) = app.create_user(Role::Chair, "Chris Chair");
    let body = json_of(app.login(&email.to_uppercase(), PASSWORD), StatusCode::OK);
    assert!(body["token"].as_str().is_some_and(|t| t.split('.').count() == 3));
    let user = &body["user"];
    assert_eq!(user["id"], id);
    assert_eq!(user["name"], "Chris Chair");
    assert_eq!(user["email"], email);
    assert_eq!(user["role"], "chair");
    assert_eq!(user["active"], true);
    assert_eq!(user["requirePasswordChange"], false);
    assert!(user["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')));
    assert!(user.get("passwordHash").is_none() && user.get("password_hash").is_none());
}

#[test]
fn wrong_email_and_wrong_password_get_the_same_answer() {
    let app = TestApp::spawn();
    let (_, email) = app.create_user(Role::Trustee, "Tina Trustee");
    let wrong_password = error_of(app.login(&email, "not-the-password"), StatusCode::UNAUTHORIZED);
    let unknown = error_of(app.login("nobody@example.org", PASSWORD), StatusCode::UNAUTHORIZED);
    assert_eq!(wrong_password, "Invalid email or password");
    assert_eq!(unknown, wrong_password);
}

#[test]
fn login_validates_its_fields() {
    let app = TestApp::spawn();
    let body = json_of(app.login("not-an-email", ""), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["email"], "Please enter a valid email address");
    assert_eq!(body["errors"]["password"], "Password is required");
}

#[test]
fn an_inactive_user_cannot_sign_in() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let (id, email) = app.create_user(Role::Trustee, "Gone Trustee");
    let update = json!({"name": "Gone Trustee", "email": email, "role": "trustee", "active": false});
    json_of(app.put(&format!("/api/users/{id}")).auth(&admin).json(&update).send().unwrap(), StatusCode::OK);
    let message = error_of(app.login(&email, PASSWORD), StatusCode::UNAUTHORIZED);
    assert_eq!(message, "Invalid email or password");
}

#[test]
fn me_needs_a_valid_bearer_token() {
    let app = TestApp::spawn();
    let session = app.signed_in_as(Role::Trustee);
    let me = json_of(app.get("/api/auth/me").auth(&session).send().unwrap(), StatusCode::OK);
    assert_eq!(me["id"], session.id);
    assert_eq!(me["role"], "trustee");
    assert_eq!(me["requirePasswordChange"], false);

    error_of(app.get("/api/auth/me").send().unwrap(), StatusCode::UNAUTHORIZED);
    error_of(app.get("/api/auth/me").bearer_auth("garbage").send().unwrap(), StatusCode::UNAUTHORIZED);
    // A token in the URL is never accepted.
    let url = format!("/api/auth/me?token={}", session.token);
    error_of(app.get(&url).send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn logout_revokes_the_token_at_once() {
    let app = TestApp::spawn();
    let session = app.signed_in_as(Role::Chair);
    json_of(app.post("/api/auth/logout").auth(&session).send().unwrap(), StatusCode::OK);
    let message = error_of(app.get("/api/auth/me").auth(&session).send().unwrap(), StatusCode::UNAUTHORIZED);
    assert!(message.contains("sign in"), "{message}");
    error_of(app.get("/api/users").auth(&session).send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn a_temporary_password_must_be_changed_before_anything_else() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let (id, email) = app.create_user(Role::Trustee, "New Trustee");
    let reset = json_of(
        app.post("/api/auth/admin-reset-password").auth(&admin).json(&json!({"userId": id})).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(reset["userName"], "New Trustee");
    let temp = reset["tempPassword"].as_str().unwrap().to_string();
    assert!(temp.len() >= 12);

    // The old password no longer works; the temporary one does, with the flag set.
    error_of(app.login(&email, PASSWORD), StatusCode::UNAUTHORIZED);
    let body = json_of(app.login(&email, &temp), StatusCode::OK);
    assert_eq!(body["user"]["requirePasswordChange"], true);
    let token = body["token"].as_str().unwrap().to_string();

    // Everything but me, logout and change-password-temp is refused.
    let blocked = app.get("/api/users").bearer_auth(&token).send().unwrap();
    let message = error_of(blocked, StatusCode::FORBIDDEN);
    assert!(message.contains("new password"), "{message}");
    json_of(app.get("/api/auth/me").bearer_auth(&token).send().unwrap(), StatusCode::OK);

    // Too short: the spec's message.
    let short =
        app.post("/api/auth/change-password-temp").bearer_auth(&token).json(&json!({"newPassword": "12345"}));
    assert_eq!(
        error_of(short.send().unwrap(), StatusCode::BAD_REQUEST),
        "Password must be at least 8 characters long."
    );

    let changed = json_of(
        app.post("/api/auth/change-password-temp")
            .bearer_auth(&token)
            .json(&json!({"newPassword": "a-new-password"}))
            .send()
            .unwrap(),
        StatusCode::OK,
    );
    assert_eq!(changed["user"]["requirePasswordChange"], false);
    let fresh = changed["token"].as_str().unwrap();
    // The old token is revoked; the fresh one works everywhere it may.
    error_of(app.get("/api/auth/me").bearer_auth(&token).send().unwrap(), StatusCode::UNAUTHORIZED);
    json_of(app.get("/api/auth/me").bearer_auth(fresh).send().unwrap(), StatusCode::OK);
    json_of(app.login(&email, "a-new-password"), StatusCode::OK);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM users WHERE id = {id} AND require_password_change"
        )),
        0
    );
}

#[test]
fn change_password_temp_is_only_for_temporary_passwords() {
    let app = TestApp::spawn();
    let session = app.signed_in_as(Role::Trustee);
    let response = app
        .post("/api/auth/change-password-temp")
        .auth(&session)
        .json(&json!({"newPassword": "whatever-new"}))
        .send()
        .unwrap();
    error_of(response, StatusCode::FORBIDDEN);
    json_of(app.login(&session.email, PASSWORD), StatusCode::OK);
}

#[test]
fn forgot_password_never_tells_whether_the_account_exists() {
    let app = TestApp::spawn();
    let (id, email) = app.create_user(Role::Trustee, "Forgetful Trustee");
    let known = json_of(
        app.post("/api/auth/forgot-password").json(&json!({"email": email})).send().unwrap(),
        StatusCode::OK,
    );
    let unknown = json_of(
        app.post("/api/auth/forgot-password").json(&json!({"email": "ghost@example.org"})).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(known, unknown);
    assert_eq!(
        known["message"],
        "If an account with this email exists, password reset instructions would be sent to that email address."
    );

    // Both are recorded for review; admins and chairs see them, trustees do not.
    let chair = app.signed_in_as(Role::Chair);
    let pending = json_of(app.get("/api/auth/reset-requests").auth(&chair).send().unwrap(), StatusCode::OK);
    let pending = pending.as_array().unwrap();
    assert_eq!(pending.len(), 2);
    assert_eq!(pending[0]["email"], email);
    assert_eq!(pending[0]["userId"], id);
    assert_eq!(pending[0]["userName"], "Forgetful Trustee");
    assert_eq!(pending[1]["userId"], serde_json::Value::Null);
    let trustee = app.signed_in_as(Role::Trustee);
    error_of(app.get("/api/auth/reset-requests").auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);

    // Resetting the password resolves the request.
    json_of(
        app.post("/api/auth/admin-reset-password").auth(&chair).json(&json!({"userId": id})).send().unwrap(),
        StatusCode::OK,
    );
    let pending = json_of(app.get("/api/auth/reset-requests").auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(pending.as_array().unwrap().len(), 1);
}

#[test]
fn admin_reset_follows_the_permission_table() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let (other_admin, _) = app.create_user(Role::Admin, "Other Admin");
    let (other_chair, _) = app.create_user(Role::Chair, "Other Chair");
    let (other_trustee, _) = app.create_user(Role::Trustee, "Other Trustee");
    let reset = |who: &crate::common::Session, id: i32| {
        app.post("/api/auth/admin-reset-password")
            .auth(who)
            .json(&json!({"userId": id}))
            .send()
            .unwrap()
            .status()
    };
    assert_eq!(reset(&admin, other_admin), StatusCode::OK);
    assert_eq!(reset(&admin, other_chair), StatusCode::OK);
    assert_eq!(reset(&admin, other_trustee), StatusCode::OK);
    assert_eq!(reset(&chair, other_admin), StatusCode::FORBIDDEN);
    assert_eq!(reset(&chair, other_chair), StatusCode::FORBIDDEN);
    assert_eq!(reset(&chair, other_trustee), StatusCode::OK);
    assert_eq!(reset(&trustee, other_trustee), StatusCode::FORBIDDEN);
    assert_eq!(reset(&admin, 999_999), StatusCode::NOT_FOUND);
    // The reset revoked the target's sessions.
    let target = app.signed_in_named(Role::Trustee, "Target Trustee");
    assert_eq!(reset(&admin, target.id), StatusCode::OK);
    error_of(app.get("/api/auth/me").auth(&target).send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn registration_is_disabled_by_default() {
    let app = TestApp::spawn();
    let body = json!({"name": "Walk In", "email": "walk@example.org", "password": "secret-123"});
    let message = error_of(app.post("/api/auth/register").json(&body).send().unwrap(), StatusCode::FORBIDDEN);
    assert_eq!(message, "Registration is disabled");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM users"), 0);
}

#[test]
fn registration_makes_a_trustee_when_enabled() {
    let app = TestApp::spawn_with(|c| c.allow_registration = true);
    let body = json!({"name": "Walk In", "email": "walk@example.org", "password": "secret-123"});
    let created = json_of(app.post("/api/auth/register").json(&body).send().unwrap(), StatusCode::CREATED);
    assert_eq!(created["user"]["role"], "trustee");
    assert!(created["token"].is_string());
}

#[test]
fn repeated_failures_are_throttled_per_email() {
    let app = TestApp::spawn();
    let (_, email) = app.create_user(Role::Trustee, "Target");
    for _ in 0..5 {
        error_of(app.login(&email, "wrong-password"), StatusCode::UNAUTHORIZED);
    }
    // Even the right password waits now, so guessing cannot go on.
    let response = app.login(&email, PASSWORD);
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry_after > 0 && retry_after <= 15 * 60, "{retry_after}");
    let message = error_of(response, StatusCode::TOO_MANY_REQUESTS);
    assert!(message.contains("Too many"), "{message}");
    // Another account from the same address is not locked by five failures.
    let (_, other) = app.create_user(Role::Trustee, "Bystander");
    json_of(app.login(&other, PASSWORD), StatusCode::OK);
}

#[test]
fn repeated_failures_are_throttled_per_client_address() {
    let app = TestApp::spawn();
    for n in 0..20 {
        error_of(app.login(&format!("guess{n}@example.org"), "x"), StatusCode::UNAUTHORIZED);
    }
    error_of(app.login("guess-more@example.org", "x"), StatusCode::TOO_MANY_REQUESTS);
}

#[test]
fn parallel_guesses_are_throttled_too() {
    let app = TestApp::spawn();
    let (_, email) = app.create_user(Role::Trustee, "Parallel Target");
    let statuses: Vec<StatusCode> = std::thread::scope(|scope| {
        let handles: Vec<_> =
            (0..20).map(|_| scope.spawn(|| app.login(&email, "wrong-password").status())).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let unauthorized = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let throttled = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((unauthorized, throttled), (5, 15), "{statuses:?}");
}

#[test]
fn a_forged_forwarded_header_does_not_change_the_client_address() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true);
    for n in 0..20 {
        let response = app
            .post("/api/auth/login")
            .header("Forwarded", format!("for=198.51.100.{n}"))
            .json(&json!({"email": format!("guess{n}@example.org"), "password": "x"}))
            .send()
            .unwrap();
        error_of(response, StatusCode::UNAUTHORIZED);
    }
    let response = app
        .post("/api/auth/login")
        .header("Forwarded", "for=198.51.100.250")
        .json(&json!({"email": "guess-more@example.org", "password": "x"}))
        .send()
        .unwrap();
    error_of(response, StatusCode::TOO_MANY_REQUESTS);
}

#[test]
fn reset_requests_are_kept_once_per_email_and_throttled_per_address() {
    let app = TestApp::spawn();
    let (_, email) = app.create_user(Role::Trustee, "Repeating Trustee");
    let ask = |address: &str| {
        app.post("/api/auth/forgot-password").json(&json!({ "email": address })).send().unwrap().status()
    };
    assert_eq!(ask(&email), StatusCode::OK);
    assert_eq!(ask(&email.to_uppercase()), StatusCode::OK);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM password_reset_requests"), 1);
    for n in 0..8 {
        assert_eq!(ask(&format!("someone{n}@example.org")), StatusCode::OK);
    }
    // Ten requests from this address in the window; the eleventh waits.
    assert_eq!(ask("one-more@example.org"), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM password_reset_requests"), 9);
}

#[test]
fn trustees_cannot_probe_user_ids_through_admin_reset() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let (real, _) = app.create_user(Role::Trustee, "Real Trustee");
    for id in [real, 987_654] {
        let response = app
            .post("/api/auth/admin-reset-password")
            .auth(&trustee)
            .json(&json!({"userId": id}))
            .send()
            .unwrap();
        error_of(response, StatusCode::FORBIDDEN);
    }
}

#[test]
fn passwords_longer_than_bcrypt_reads_are_refused() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let body =
        json!({"name": "Long", "email": "long@example.org", "password": "p".repeat(73), "role": "trustee"});
    let errors =
        json_of(app.post("/api/users").auth(&admin).json(&body).send().unwrap(), StatusCode::BAD_REQUEST);
    assert_eq!(errors["errors"]["password"], domain::identity::password_policy::PASSWORD_TOO_LONG);
    assert!(domain::identity::password_policy::PASSWORD_TOO_LONG.contains("72 bytes"));
}

#[test]
fn auth_answers_are_never_cached() {
    let app = TestApp::spawn();
    let (_, email) = app.create_user(Role::Trustee, "Cached Trustee");
    let response = app.login(&email, PASSWORD);
    assert_eq!(response.headers()["cache-control"], "no-store");
}
