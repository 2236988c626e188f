//! `/api/committees/{id}/members`: who may see and change a committee's membership (spec §6).

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn add(app: &TestApp, who: &Session, id: i64, body: Value) -> Response {
    app.post(&format!("/api/committees/{id}/members")).auth(who).json(&body).send().unwrap()
}

fn remove(app: &TestApp, who: &Session, id: i64, user: i32) -> Response {
    app.delete(&format!("/api/committees/{id}/members/{user}")).auth(who).send().unwrap()
}

fn members(app: &TestApp, who: &Session, id: i64) -> Response {
    app.get(&format!("/api/committees/{id}/members")).auth(who).send().unwrap()
}

fn member_count(app: &TestApp, id: i64) -> i64 {
    app.scalar_i64(&format!("SELECT count(*) AS value FROM committee_members WHERE committee_id = {id}"))
}

/// A committee made by an admin, with a trustee as its committee chair and another as a member.
struct Board {
    admin: Session,
    chair: Session,
    committee_chair: Session,
    member: Session,
    outsider: Session,
    id: i64,
}

fn board(app: &TestApp) -> Board {
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let committee_chair = app.signed_in_named(Role::Trustee, "Cora Committee-Chair");
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let id = app.create_committee(&admin, "Finance");
    for (user, role) in [(committee_chair.id, "committee_chair"), (member.id, "member")] {
        json_of(add(app, &admin, id, json!({"userId": user, "role": role})), StatusCode::CREATED);
    }
    Board { admin, chair, committee_chair, member, outsider, id }
}

#[test]
fn members_admins_and_chairs_see_the_members_and_outsiders_may_not() {
    let app = TestApp::spawn();
    let b = board(&app);
    let list = json_of(members(&app, &b.member, b.id), StatusCode::OK);
    let list = list.as_array().unwrap();
    let names: Vec<&str> = list.iter().map(|m| m["name"].as_str().unwrap()).collect();
    // Committee chairs first, then by name.
    assert_eq!(names, vec!["Ada Admin", "Cora Committee-Chair", "Mia Member"]);
    assert_eq!(list[1]["userId"], b.committee_chair.id);
    assert_eq!(list[1]["email"], b.committee_chair.email.as_str());
    assert_eq!(list[1]["role"], "committee_chair");
    assert_eq!(list[2]["role"], "member");
    assert!(list[2]["joinedAt"].as_str().unwrap().ends_with('Z'));

    json_of(members(&app, &b.admin, b.id), StatusCode::OK);
    json_of(members(&app, &b.chair, b.id), StatusCode::OK);
    json_of(members(&app, &b.committee_chair, b.id), StatusCode::OK);
    let message = error_of(members(&app, &b.outsider, b.id), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only members of this committee, admins and chairs can open it.");
    error_of(members(&app, &b.outsider, 424_242), StatusCode::NOT_FOUND);
    error_of(app.get(&format!("/api/committees/{}/members", b.id)).send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn the_committee_chair_admins_and_chairs_add_members() {
    let app = TestApp::spawn();
    let b = board(&app);
    let (newcomer, newcomer_email) = app.create_user(Role::Trustee, "Nia Newcomer");
    let (second, _) = app.create_user(Role::Trustee, "Sam Second");
    let (third, _) = app.create_user(Role::Chair, "Tia Third");

    let refused = json!({"userId": newcomer, "role": "member"});
    let message = error_of(add(&app, &b.member, b.id, refused.clone()), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only this committee's chair, admins and chairs can manage it.");
    error_of(add(&app, &b.outsider, b.id, refused.clone()), StatusCode::FORBIDDEN);
    assert_eq!(member_count(&app, b.id), 3);

    let added = json_of(add(&app, &b.committee_chair, b.id, refused), StatusCode::CREATED);
    assert_eq!(added["userId"], newcomer);
    assert_eq!(added["name"], "Nia Newcomer");
    assert_eq!(added["email"], newcomer_email.as_str());
    assert_eq!(added["role"], "member");
    assert!(added["joinedAt"].is_string());

    // A chair-role user who is not a member, and an admin, may add too; role defaults to member.
    let added = json_of(add(&app, &b.chair, b.id, json!({"userId": second})), StatusCode::CREATED);
    assert_eq!(added["role"], "member");
    json_of(
        add(&app, &b.admin, b.id, json!({"userId": third, "role": "committee_chair"})),
        StatusCode::CREATED,
    );
    assert_eq!(member_count(&app, b.id), 6);
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT role AS value FROM committee_members WHERE committee_id = {} AND user_id = {third}",
            b.id
        )),
        Some("committee_chair".to_string())
    );
}

#[test]
fn adding_checks_the_user_role_and_duplicates() {
    let app = TestApp::spawn();
    let b = board(&app);
    let (inactive, _) = app.create_user(Role::Trustee, "Ina Inactive");
    app.execute(&format!("UPDATE users SET active = false WHERE id = {inactive}"));

    let body = json_of(add(&app, &b.admin, b.id, json!({"role": "member"})), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["userId"], "User is required");
    let body = json_of(
        add(&app, &b.admin, b.id, json!({"userId": b.outsider.id, "role": "boss"})),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["role"], "Role must be member or committee_chair");
    for user in [inactive, 424_242] {
        let body = json_of(add(&app, &b.admin, b.id, json!({"userId": user})), StatusCode::BAD_REQUEST);
        assert_eq!(body["errors"]["userId"], "User must be an active user");
    }
    let message = error_of(add(&app, &b.admin, b.id, json!({"userId": b.member.id})), StatusCode::CONFLICT);
    assert_eq!(message, "This user is already a member of the committee.");
    error_of(add(&app, &b.admin, 424_242, json!({"userId": b.outsider.id})), StatusCode::NOT_FOUND);
    assert_eq!(member_count(&app, b.id), 3);
}

#[test]
fn the_committee_chair_admins_and_chairs_remove_members() {
    let app = TestApp::spawn();
    let b = board(&app);
    error_of(remove(&app, &b.member, b.id, b.member.id), StatusCode::FORBIDDEN);
    error_of(remove(&app, &b.outsider, b.id, b.member.id), StatusCode::FORBIDDEN);
    let body = json_of(remove(&app, &b.committee_chair, b.id, b.member.id), StatusCode::OK);
    assert_eq!(body["message"], "Member removed successfully");
    assert_eq!(
        error_of(remove(&app, &b.admin, b.id, b.member.id), StatusCode::NOT_FOUND),
        "Committee member not found"
    );
    json_of(remove(&app, &b.chair, b.id, b.committee_chair.id), StatusCode::OK);
    error_of(remove(&app, &b.admin, 424_242, b.admin.id), StatusCode::NOT_FOUND);
    assert_eq!(member_count(&app, b.id), 1);

    // A removed member loses access at once.
    error_of(members(&app, &b.member, b.id), StatusCode::FORBIDDEN);
}

#[test]
fn an_archived_committees_membership_is_frozen() {
    let app = TestApp::spawn();
    let b = board(&app);
    json_of(
        app.patch(&format!("/api/committees/{}/archive", b.id)).auth(&b.admin).send().unwrap(),
        StatusCode::OK,
    );
    let message = error_of(add(&app, &b.admin, b.id, json!({"userId": b.outsider.id})), StatusCode::CONFLICT);
    assert_eq!(message, "This committee is archived and read-only.");
    error_of(remove(&app, &b.committee_chair, b.id, b.member.id), StatusCode::CONFLICT);
    assert_eq!(member_count(&app, b.id), 3);
    // Still readable.
    json_of(members(&app, &b.member, b.id), StatusCode::OK);
}
