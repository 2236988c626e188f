//! `/api/users` with the permission table of spec §6 and the last-admin rule.

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn new_user(email: &str, role: &str) -> Value {
    json!({"name": "New Person", "email": email, "password": "secret-123", "role": role, "phone": "07700 900123"})
}

fn edit(app: &TestApp, who: &Session, id: i32, role: &str, active: bool) -> reqwest::blocking::Response {
    let body = json!({"name": "Edited Name", "email": format!("edited{id}@example.org"), "role": role, "active": active});
    app.put(&format!("/api/users/{id}")).auth(who).json(&body).send().unwrap()
}

#[test]
fn admins_and_chairs_list_users_and_trustees_may_not() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let list = json_of(app.get("/api/users").auth(&admin).send().unwrap(), StatusCode::OK);
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|u| u["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Ada Admin", "Chris Chair", "Tina Trustee"]);
    json_of(app.get("/api/users").auth(&chair).send().unwrap(), StatusCode::OK);
    error_of(app.get("/api/users").auth(&trustee).send().unwrap(), StatusCode::FORBIDDEN);
    error_of(app.get("/api/users").send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn only_admins_create_users() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let created = json_of(
        app.post("/api/users").auth(&admin).json(&new_user("New@Example.org", "chair")).send().unwrap(),
        StatusCode::CREATED,
    );
    assert_eq!(created["email"], "new@example.org");
    assert_eq!(created["role"], "chair");
    assert_eq!(created["phone"], "07700 900123");
    assert_eq!(created["active"], true);
    json_of(app.login("new@example.org", "secret-123"), StatusCode::OK);

    error_of(
        app.post("/api/users").auth(&chair).json(&new_user("c@example.org", "trustee")).send().unwrap(),
        StatusCode::FORBIDDEN,
    );
    error_of(
        app.post("/api/users").auth(&trustee).json(&new_user("t@example.org", "trustee")).send().unwrap(),
        StatusCode::FORBIDDEN,
    );
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM users"), 4);
}

#[test]
fn create_validates_and_refuses_duplicate_emails() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let bad = json!({"name": " ", "email": "nope", "password": "123", "role": "trustee"});
    let body =
        json_of(app.post("/api/users").auth(&admin).json(&bad).send().unwrap(), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["name"], "Name is required");
    assert_eq!(body["errors"]["email"], "Please enter a valid email address");
    assert_eq!(body["errors"]["password"], "Password must be at least 8 characters long.");

    let bad_role = json!({"name": "X", "email": "x@example.org", "password": "123456", "role": "superuser"});
    error_of(app.post("/api/users").auth(&admin).json(&bad_role).send().unwrap(), StatusCode::BAD_REQUEST);

    json_of(
        app.post("/api/users").auth(&admin).json(&new_user("dup@example.org", "trustee")).send().unwrap(),
        StatusCode::CREATED,
    );
    let message = error_of(
        app.post("/api/users").auth(&admin).json(&new_user("DUP@example.org", "trustee")).send().unwrap(),
        StatusCode::CONFLICT,
    );
    assert_eq!(message, "A user with this email already exists");
}

#[test]
fn chairs_edit_trustees_only_and_give_chair_or_trustee() {
    let app = TestApp::spawn();
    let _admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let (trustee, _) = app.create_user(Role::Trustee, "Some Trustee");
    let (other_chair, _) = app.create_user(Role::Chair, "Other Chair");
    let (an_admin, _) = app.create_user(Role::Admin, "Second Admin");

    let edited = json_of(edit(&app, &chair, trustee, "trustee", true), StatusCode::OK);
    assert_eq!(edited["name"], "Edited Name");
    error_of(edit(&app, &chair, trustee, "admin", true), StatusCode::FORBIDDEN);
    json_of(edit(&app, &chair, trustee, "chair", true), StatusCode::OK);
    // Now a chair, the former trustee is out of the chair's reach.
    error_of(edit(&app, &chair, trustee, "trustee", true), StatusCode::FORBIDDEN);
    error_of(edit(&app, &chair, other_chair, "chair", true), StatusCode::FORBIDDEN);
    error_of(edit(&app, &chair, an_admin, "admin", true), StatusCode::FORBIDDEN);
}

#[test]
fn admins_edit_everyone_and_trustees_no_one() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let (chair, _) = app.create_user(Role::Chair, "A Chair");
    let (second_admin, _) = app.create_user(Role::Admin, "Second Admin");
    json_of(edit(&app, &admin, chair, "admin", true), StatusCode::OK);
    json_of(edit(&app, &admin, second_admin, "trustee", true), StatusCode::OK);
    error_of(edit(&app, &trustee, chair, "trustee", true), StatusCode::FORBIDDEN);
    error_of(edit(&app, &admin, 424_242, "trustee", true), StatusCode::NOT_FOUND);
    let no_name = json!({"name": "", "email": "x@example.org", "role": "trustee", "active": true});
    let body = json_of(
        app.put(&format!("/api/users/{chair}")).auth(&admin).json(&no_name).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["name"], "Name is required");
}

#[test]
fn role_change_and_deactivation_revoke_sessions() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    json_of(edit(&app, &admin, chair.id, "trustee", true), StatusCode::OK);
    error_of(app.get("/api/auth/me").auth(&chair).send().unwrap(), StatusCode::UNAUTHORIZED);

    let trustee = app.signed_in_as(Role::Trustee);
    json_of(edit(&app, &admin, trustee.id, "trustee", false), StatusCode::OK);
    error_of(app.get("/api/auth/me").auth(&trustee).send().unwrap(), StatusCode::UNAUTHORIZED);

    // A plain edit keeps the session.
    let other = app.signed_in_as(Role::Trustee);
    json_of(edit(&app, &admin, other.id, "trustee", true), StatusCode::OK);
    json_of(app.get("/api/auth/me").auth(&other).send().unwrap(), StatusCode::OK);
}

#[test]
fn deleting_users_follows_the_table_and_nobody_deletes_themselves() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let (t2, _) = app.create_user(Role::Trustee, "Trustee Two");
    let (c2, _) = app.create_user(Role::Chair, "Chair Two");
    let del = |who: &Session, id: i32| app.delete(&format!("/api/users/{id}")).auth(who).send().unwrap();

    error_of(del(&admin, admin.id), StatusCode::FORBIDDEN);
    error_of(del(&chair, chair.id), StatusCode::FORBIDDEN);
    error_of(del(&trustee, t2), StatusCode::FORBIDDEN);
    error_of(del(&chair, c2), StatusCode::FORBIDDEN);
    error_of(del(&chair, admin.id), StatusCode::FORBIDDEN);
    let body = json_of(del(&chair, t2), StatusCode::OK);
    assert_eq!(body["message"], "User deleted successfully");
    json_of(del(&admin, c2), StatusCode::OK);
    error_of(del(&admin, c2), StatusCode::NOT_FOUND);
    // The deleted user's session dies with the account.
    json_of(del(&admin, trustee.id), StatusCode::OK);
    error_of(app.get("/api/auth/me").auth(&trustee).send().unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM users"), 2);
}

#[test]
fn the_last_active_admin_cannot_be_demoted() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let expected = "The last active admin cannot be demoted, deactivated or deleted.";
    assert_eq!(error_of(edit(&app, &admin, admin.id, "chair", true), StatusCode::CONFLICT), expected);

    // With two admins one may go; then the other is the last.
    let second = app.signed_in_named(Role::Admin, "Second Admin");
    json_of(edit(&app, &admin, second.id, "trustee", true), StatusCode::OK);
    assert_eq!(error_of(edit(&app, &admin, admin.id, "trustee", true), StatusCode::CONFLICT), expected);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM users WHERE role = 'admin' AND active"), 1);
}

#[test]
fn nobody_deactivates_their_own_account() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let _second = app.signed_in_named(Role::Admin, "Second Admin");
    let message = error_of(edit(&app, &admin, admin.id, "admin", false), StatusCode::CONFLICT);
    assert_eq!(message, "You cannot deactivate your own account.");
}

#[test]
fn an_edit_without_phone_keeps_it_and_null_removes_it() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let created = json_of(
        app.post("/api/users").auth(&admin).json(&new_user("phone@example.org", "trustee")).send().unwrap(),
        StatusCode::CREATED,
    );
    let id = created["id"].as_i64().unwrap();
    let without =
        json!({"name": "New Person", "email": "phone@example.org", "role": "trustee", "active": true});
    let kept = json_of(
        app.put(&format!("/api/users/{id}")).auth(&admin).json(&without).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(kept["phone"], "07700 900123");
    let cleared = json!({"name": "New Person", "email": "phone@example.org", "role": "trustee", "active": true, "phone": null});
    let gone = json_of(
        app.put(&format!("/api/users/{id}")).auth(&admin).json(&cleared).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(gone["phone"], Value::Null);
}
