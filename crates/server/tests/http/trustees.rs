//! `/api/trustees/active`: the trustee directory, readable by everyone signed in.

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn committee(app: &TestApp, admin: &Session, name: &str, members: &[(i32, &str)]) -> i64 {
    let id = app.create_committee(admin, name);
    for (user, role) in members {
        app.add_committee_member(admin, id, *user, role);
    }
    id
}

fn directory(app: &TestApp, who: &Session) -> Vec<Value> {
    json_of(app.get("/api/trustees/active").auth(who).send().unwrap(), StatusCode::OK)
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn the_directory_lists_active_users_with_their_active_committees() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_named(Role::Trustee, "Bea Board-Member");
    let (inactive, _) = app.create_user(Role::Trustee, "Ina Inactive");
    app.execute(&format!("UPDATE users SET phone = '07700 900123' WHERE id = {}", trustee.id));

    let audit = committee(&app, &admin, "Audit", &[(trustee.id, "committee_chair"), (inactive, "member")]);
    let welfare = committee(&app, &chair, "Welfare", &[(trustee.id, "member")]);
    let old = committee(&app, &admin, "Old Projects", &[(trustee.id, "member")]);
    json_of(
        app.patch(&format!("/api/committees/{old}/archive")).auth(&admin).send().unwrap(),
        StatusCode::OK,
    );
    // A member who has left the board drops out of the directory.
    app.execute(&format!("UPDATE users SET active = false WHERE id = {inactive}"));

    let entries = directory(&app, &trustee);
    let names: Vec<&str> = entries.iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Ada Admin", "Bea Board-Member", "Chris Chair"]);

    let bea = &entries[1];
    assert_eq!(bea["id"], trustee.id);
    assert_eq!(bea["email"], trustee.email.as_str());
    assert_eq!(bea["phone"], "07700 900123");
    assert_eq!(bea["role"], "trustee");
    // Archived committees are left out; committee_chair reads "chair".
    assert_eq!(
        bea["committees"],
        json!([
            {"id": audit, "name": "Audit", "role": "chair"},
            {"id": welfare, "name": "Welfare", "role": "member"}
        ])
    );
    assert_eq!(entries[0]["phone"], Value::Null);
    assert_eq!(entries[0]["role"], "admin");
    assert_eq!(entries[0]["committees"], json!([{"id": audit, "name": "Audit", "role": "chair"}]));
    assert_eq!(entries[2]["committees"], json!([{"id": welfare, "name": "Welfare", "role": "chair"}]));

    // joinedDate is the account's creation time, as user management shows it.
    let users = json_of(app.get("/api/users").auth(&admin).send().unwrap(), StatusCode::OK);
    let created_at =
        users.as_array().unwrap().iter().find(|u| u["id"] == trustee.id).unwrap()["createdAt"].clone();
    assert_eq!(bea["joinedDate"], created_at);
    assert!(bea["joinedDate"].as_str().unwrap().ends_with('Z'));
}

#[test]
fn everyone_signed_in_reads_the_directory() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    for who in [&admin, &chair, &trustee] {
        assert_eq!(directory(&app, who).len(), 3);
    }
    error_of(app.get("/api/trustees/active").send().unwrap(), StatusCode::UNAUTHORIZED);
}
