//! `/api/committees`: creation by admins and chairs, listing by role and membership, archive and delete
//! by the committee's chair, admins and chairs (spec §6).

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn create(app: &TestApp, who: &Session, name: &str) -> Response {
    app.post("/api/committees")
        .auth(who)
        .json(&json!({"name": name, "description": "About it"}))
        .send()
        .unwrap()
}

fn committee(app: &TestApp, who: &Session, name: &str) -> i64 {
    json_of(create(app, who, name), StatusCode::CREATED)["id"].as_i64().unwrap()
}

fn list(app: &TestApp, who: &Session, query: &str) -> Vec<Value> {
    let body = json_of(app.get(&format!("/api/committees{query}")).auth(who).send().unwrap(), StatusCode::OK);
    body.as_array().unwrap().clone()
}

fn names(committees: &[Value]) -> Vec<&str> {
    committees.iter().map(|c| c["name"].as_str().unwrap()).collect()
}

fn archive(app: &TestApp, who: &Session, id: i64) -> Response {
    app.patch(&format!("/api/committees/{id}/archive")).auth(who).send().unwrap()
}

fn delete(app: &TestApp, who: &Session, id: i64) -> Response {
    app.delete(&format!("/api/committees/{id}")).auth(who).send().unwrap()
}

#[test]
fn admins_and_chairs_create_committees_and_chair_them() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);

    let body = json!({"name": "  Finance & Audit ", "description": " Accounts and audit "});
    let created =
        json_of(app.post("/api/committees").auth(&admin).json(&body).send().unwrap(), StatusCode::CREATED);
    assert_eq!(created["name"], "Finance & Audit");
    assert_eq!(created["description"], "Accounts and audit");
    assert_eq!(created["archived"], false);
    assert_eq!(created["memberCount"], 1);
    assert_eq!(created["role"], "committee_chair");
    assert!(created["createdAt"].as_str().unwrap().ends_with('Z'));
    let id = created["id"].as_i64().unwrap();
    assert_eq!(
        app.scalar_text(&format!(
            "SELECT role AS value FROM committee_members WHERE committee_id = {id} AND user_id = {}",
            admin.id
        )),
        Some("committee_chair".to_string())
    );

    // Description is optional.
    let bare =
        app.post("/api/committees").auth(&chair).json(&json!({"name": "Safeguarding"})).send().unwrap();
    assert_eq!(json_of(bare, StatusCode::CREATED)["description"], "");

    let message = error_of(create(&app, &trustee, "Mine"), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only admins and chairs can create committees.");
    error_of(
        app.post("/api/committees").json(&json!({"name": "x"})).send().unwrap(),
        StatusCode::UNAUTHORIZED,
    );
    error_of(app.get("/api/committees").send().unwrap(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM committees"), 2);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM committee_members"), 2);
}

#[test]
fn committee_creation_checks_its_fields() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let body = json_of(create(&app, &admin, " "), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["name"], "Name is required");
    let long = json!({"name": "n".repeat(101), "description": "d".repeat(2001)});
    let body = json_of(
        app.post("/api/committees").auth(&admin).json(&long).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["name"], "Name must be at most 100 characters");
    assert_eq!(body["errors"]["description"], "Description must be at most 2000 characters");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM committees"), 0);
}

#[test]
fn officers_see_every_committee_and_others_only_their_own() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let audit = committee(&app, &admin, "Audit");
    let buildings = committee(&app, &admin, "Buildings");
    committee(&app, &chair, "Care");
    app.add_committee_member(&admin, buildings, member.id, "member");

    let seen = list(&app, &admin, "");
    assert_eq!(names(&seen), vec!["Audit", "Buildings", "Care"]);
    assert_eq!(seen[0]["role"], "committee_chair");
    assert_eq!(seen[1]["memberCount"], 2);
    assert_eq!(seen[2]["role"], Value::Null);
    assert_eq!(names(&list(&app, &chair, "")), vec!["Audit", "Buildings", "Care"]);

    let own = list(&app, &member, "");
    assert_eq!(names(&own), vec!["Buildings"]);
    assert_eq!(own[0]["role"], "member");
    assert_eq!(own[0]["memberCount"], 2);
    assert!(list(&app, &outsider, "").is_empty());

    // Archived committees appear only when asked for, and for trustees only their own.
    json_of(archive(&app, &admin, buildings), StatusCode::OK);
    json_of(archive(&app, &admin, audit), StatusCode::OK);
    assert_eq!(names(&list(&app, &admin, "")), vec!["Care"]);
    let all = list(&app, &admin, "?includeArchived=true");
    assert_eq!(names(&all), vec!["Audit", "Buildings", "Care"]);
    assert_eq!((all[0]["archived"].clone(), all[2]["archived"].clone()), (json!(true), json!(false)));
    assert!(list(&app, &member, "").is_empty());
    assert_eq!(names(&list(&app, &member, "?includeArchived=true")), vec!["Buildings"]);
    assert!(list(&app, &outsider, "?includeArchived=true").is_empty());
}

#[test]
fn archiving_is_for_the_committee_chair_admins_and_chairs() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let committee_chair = app.signed_in_named(Role::Trustee, "Cora Committee-Chair");
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let first = committee(&app, &admin, "First");
    let second = committee(&app, &admin, "Second");
    let third = committee(&app, &admin, "Third");
    app.add_committee_member(&admin, first, committee_chair.id, "committee_chair");
    app.add_committee_member(&admin, first, member.id, "member");

    assert_eq!(
        error_of(archive(&app, &member, first), StatusCode::FORBIDDEN),
        "Only this committee's chair, admins and chairs can manage it."
    );
    error_of(archive(&app, &outsider, first), StatusCode::FORBIDDEN);
    let archived = json_of(archive(&app, &committee_chair, first), StatusCode::OK);
    assert_eq!(archived["archived"], true);
    assert_eq!(archived["role"], "committee_chair");
    assert_eq!(archived["memberCount"], 3);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM committees \
             WHERE id = {first} AND archived AND archived_at IS NOT NULL"
        )),
        1
    );
    assert_eq!(
        error_of(archive(&app, &committee_chair, first), StatusCode::CONFLICT),
        "This committee is already archived."
    );
    error_of(archive(&app, &admin, first), StatusCode::CONFLICT);

    // A chair-role user manages committees they do not belong to; so does any admin.
    assert_eq!(json_of(archive(&app, &chair, second), StatusCode::OK)["role"], Value::Null);
    json_of(archive(&app, &admin, third), StatusCode::OK);
    assert_eq!(error_of(archive(&app, &admin, 424_242), StatusCode::NOT_FOUND), "Committee not found");
    error_of(archive(&app, &outsider, 424_242), StatusCode::NOT_FOUND);
}

#[test]
fn only_archived_committees_are_deleted_with_everything_in_them() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let committee_chair = app.signed_in_named(Role::Trustee, "Cora Committee-Chair");
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let doomed = committee(&app, &admin, "Doomed");
    let kept = committee(&app, &admin, "Kept");
    app.add_committee_member(&admin, doomed, committee_chair.id, "committee_chair");
    app.add_committee_member(&admin, doomed, member.id, "member");
    app.add_committee_member(&admin, kept, member.id, "member");
    let say = |who: &Session, id: i64| {
        let body = json!({"message": "Hello"});
        json_of(
            app.post(&format!("/api/committees/{id}/messages")).auth(who).json(&body).send().unwrap(),
            StatusCode::CREATED,
        );
    };
    say(&member, doomed);
    say(&member, kept);

    let message = error_of(delete(&app, &committee_chair, doomed), StatusCode::CONFLICT);
    assert_eq!(message, "Only archived committees can be deleted. Archive it first.");
    assert_eq!(app.scalar_i64(&format!("SELECT count(*) AS value FROM committees WHERE id = {doomed}")), 1);

    json_of(archive(&app, &committee_chair, doomed), StatusCode::OK);
    error_of(delete(&app, &member, doomed), StatusCode::FORBIDDEN);
    let body = json_of(delete(&app, &committee_chair, doomed), StatusCode::OK);
    assert_eq!(body["message"], "Committee deleted successfully");
    for table in [
        "committees WHERE id",
        "committee_members WHERE committee_id",
        "committee_messages WHERE committee_id",
    ] {
        assert_eq!(
            app.scalar_i64(&format!("SELECT count(*) AS value FROM {table} = {doomed}")),
            0,
            "{table}"
        );
    }
    // The other committee is untouched.
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM committee_members WHERE committee_id = {kept}"
        )),
        2
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM committee_messages WHERE committee_id = {kept}"
        )),
        1
    );
    error_of(delete(&app, &admin, doomed), StatusCode::NOT_FOUND);

    // Admins and chair-role users delete archived committees they are not part of.
    json_of(archive(&app, &admin, kept), StatusCode::OK);
    json_of(delete(&app, &chair, kept), StatusCode::OK);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM committees"), 0);
}
