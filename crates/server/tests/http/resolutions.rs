//! `/api/resolutions`: written resolutions (spec §10 Governance): who may vote, one vote each, the hidden
//! tally, and each way to a result: passed early, failed early, and closed without reaching the threshold.

use chrono::{Duration, Utc};
use diesel::RunQueryDsl;

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::blocking::Response;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn in_a_week() -> String {
    (Utc::now() + Duration::days(7)).to_rfc3339()
}

fn propose(app: &TestApp, who: &Session, body: Value) -> Response {
    app.post("/api/resolutions").auth(who).json(&body).send().unwrap()
}

fn proposal(threshold: &str) -> Value {
    json!({"title": "Adopt the reserves policy", "text": "That the board adopts the reserves policy.",
           "closesAt": in_a_week(), "threshold": threshold})
}

fn vote(app: &TestApp, who: &Session, id: i64, choice: &str) -> Response {
    app.post(&format!("/api/resolutions/{id}/votes")).auth(who).json(&json!({"vote": choice})).send().unwrap()
}

fn show(app: &TestApp, who: &Session, id: i64) -> Value {
    json_of(app.get(&format!("/api/resolutions/{id}")).auth(who).send().unwrap(), StatusCode::OK)
}

/// A chair and four trustees: five serving trustees.
fn board(app: &TestApp) -> (Session, Vec<Session>) {
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let trustees =
        ["Ann", "Bob", "Cat", "Dan"].iter().map(|n| app.signed_in_named(Role::Trustee, n)).collect();
    (chair, trustees)
}

#[test]
fn a_majority_passes_as_soon_as_it_cannot_change_and_votes_are_kept_as_cast() {
    let app = TestApp::spawn();
    let (chair, t) = board(&app);
    let trustee = &t[0];
    error_of(propose(&app, trustee, proposal("majority")), StatusCode::FORBIDDEN);
    let created = json_of(propose(&app, &chair, proposal("majority")), StatusCode::CREATED);
    assert_eq!(created["status"], "open");
    assert_eq!(created["eligibleCount"], 5);
    assert_eq!(created["canVote"], true);
    assert_eq!(created["tally"], Value::Null);
    let id = created["id"].as_i64().unwrap();

    let after_vote = json_of(
        app.post(&format!("/api/resolutions/{id}/votes"))
            .auth(&t[0])
            .json(&json!({"vote": "for", "comment": "Long overdue"}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    assert_eq!(after_vote["myVote"], "for");
    assert_eq!(after_vote["tally"]["for"], 1);
    assert_eq!(after_vote["tally"]["needed"], 3);
    assert_eq!(after_vote["votes"][0]["comment"], "Long overdue");
    // Someone who has not voted sees only how many have.
    let unseen = show(&app, &t[3], id);
    assert_eq!(
        (unseen["tally"].clone(), unseen["votes"].clone(), unseen["votedCount"].clone()),
        (Value::Null, Value::Null, json!(1))
    );

    let message = error_of(vote(&app, &t[0], id, "against"), StatusCode::CONFLICT);
    assert_eq!(message, "You have already voted on this resolution.");
    json_of(vote(&app, &t[1], id, "for"), StatusCode::CREATED);
    let passed = json_of(vote(&app, &t[2], id, "for"), StatusCode::CREATED);
    assert_eq!(passed["status"], "passed");
    assert_eq!(passed["decidedEarly"], true);
    assert!(passed["decidedAt"].is_string());
    // Decided: everyone sees the tally; no more votes.
    assert_eq!(show(&app, &t[3], id)["tally"]["for"], 3);
    error_of(vote(&app, &t[3], id, "for"), StatusCode::CONFLICT);

    // The record of who voted how cannot be changed, even in the database.
    let mut conn = app.pool.get().unwrap();
    assert!(diesel::sql_query("UPDATE resolution_votes SET vote = 'against'").execute(&mut conn).is_err());
    assert!(diesel::sql_query("DELETE FROM resolution_votes").execute(&mut conn).is_err());
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM resolution_votes WHERE vote = 'for'"), 3);
}

#[test]
fn conflicted_and_late_trustees_may_not_vote() {
    let app = TestApp::spawn();
    let (chair, t) = board(&app);
    let mut body = proposal("unanimous");
    body["conflictedUserIds"] = json!([t[0].id]);
    let created = json_of(propose(&app, &chair, body), StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["eligibleCount"], 4);
    let message = error_of(vote(&app, &t[0], id, "for"), StatusCode::FORBIDDEN);
    assert_eq!(message, "You are not eligible to vote on this resolution.");
    let newcomer = app.signed_in_named(Role::Trustee, "Nia New");
    error_of(vote(&app, &newcomer, id, "for"), StatusCode::FORBIDDEN);
    // A trustee may declare a conflict themselves before voting.
    let declared = json_of(
        app.post(&format!("/api/resolutions/{id}/conflict")).auth(&t[1]).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(declared["eligibleCount"], 3);
    error_of(vote(&app, &t[1], id, "for"), StatusCode::FORBIDDEN);

    // Unanimity: one abstention fails it at once.
    json_of(vote(&app, &t[2], id, "for"), StatusCode::CREATED);
    let failed = json_of(vote(&app, &t[3], id, "abstain"), StatusCode::CREATED);
    assert_eq!((failed["status"].as_str(), failed["decidedEarly"].as_bool()), (Some("failed"), Some(true)));
}

#[test]
fn a_resolution_without_a_majority_at_closing_time_fails_and_later_votes_are_refused() {
    let app = TestApp::spawn();
    let (chair, t) = board(&app);
    let id =
        json_of(propose(&app, &chair, proposal("majority")), StatusCode::CREATED)["id"].as_i64().unwrap();
    json_of(vote(&app, &t[0], id, "for"), StatusCode::CREATED);
    json_of(vote(&app, &t[1], id, "against"), StatusCode::CREATED);
    let open = json_of(vote(&app, &t[2], id, "for"), StatusCode::CREATED);
    assert_eq!(open["status"], "open", "two outstanding votes could still pass it");

    // Its closing time passes; the background step decides it (as any read would).
    app.execute(&format!("UPDATE resolutions SET closes_at = now() - interval '1 minute' WHERE id = {id}"));
    let decided = app.state.resolutions.decide_due().unwrap();
    assert_eq!(decided.len(), 1);
    assert!(app.state.resolutions.decide_due().unwrap().is_empty(), "decided once, never again");
    let closed = show(&app, &t[3], id);
    assert_eq!(closed["status"], "failed");
    assert_eq!(closed["decidedEarly"], false);
    assert_eq!(closed["tally"]["for"], 2);
    assert_eq!(closed["votes"].as_array().unwrap().len(), 3);
    assert_eq!(closed["canVote"], false);
    error_of(vote(&app, &t[3], id, "for"), StatusCode::CONFLICT);
}

#[test]
fn a_set_number_fails_early_once_out_of_reach_and_reads_decide_due_resolutions() {
    let app = TestApp::spawn();
    let (chair, t) = board(&app);
    let mut body = proposal("count");
    body["thresholdCount"] = json!(4);
    let id = json_of(propose(&app, &chair, body), StatusCode::CREATED)["id"].as_i64().unwrap();
    json_of(vote(&app, &t[0], id, "against"), StatusCode::CREATED);
    let failed = json_of(vote(&app, &t[1], id, "against"), StatusCode::CREATED);
    assert_eq!((failed["status"].as_str(), failed["decidedEarly"].as_bool()), (Some("failed"), Some(true)));

    // Another that nobody votes on: the list decides it once its closing time has passed.
    let other =
        json_of(propose(&app, &chair, proposal("majority")), StatusCode::CREATED)["id"].as_i64().unwrap();
    app.execute(&format!(
        "UPDATE resolutions SET closes_at = now() - interval '1 second' WHERE id = {other}"
    ));
    let list = json_of(app.get("/api/resolutions").auth(&t[0]).send().unwrap(), StatusCode::OK);
    let listed = list.as_array().unwrap().iter().find(|r| r["id"] == other).unwrap().clone();
    assert_eq!(listed["status"], "failed");
}

#[test]
fn proposing_checks_each_field() {
    let app = TestApp::spawn();
    let (chair, _) = board(&app);
    let bad = json!({"title": " ", "text": "", "closesAt": "2000-01-01T00:00:00Z", "threshold": "most"});
    let body = json_of(propose(&app, &chair, bad), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["title"], "Title is required");
    assert_eq!(body["errors"]["text"], "Text is required");
    assert_eq!(body["errors"]["closesAt"], "Closing time must be in the future");
    assert_eq!(body["errors"]["threshold"], "Threshold must be majority, count or unanimous");
    let mut too_many = proposal("count");
    too_many["thresholdCount"] = json!(6);
    let body = json_of(propose(&app, &chair, too_many), StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["thresholdCount"],
        "The threshold cannot be reached: 5 trustees are eligible to vote"
    );
    let mut no_paper = proposal("majority");
    no_paper["paperDocumentIds"] = json!([999]);
    let body = json_of(propose(&app, &chair, no_paper), StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["paperDocumentIds"],
        "Every supporting paper must be a document of the library"
    );
    let bad_vote =
        app.post("/api/resolutions/1/votes").auth(&chair).json(&json!({"vote": "maybe"})).send().unwrap();
    assert_eq!(
        json_of(bad_vote, StatusCode::BAD_REQUEST)["errors"]["vote"],
        "Vote must be for, against or abstain"
    );
    error_of(vote(&app, &chair, 999, "for"), StatusCode::NOT_FOUND);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM resolutions"), 0);
}

#[test]
fn two_processes_deciding_at_once_decide_each_resolution_once() {
    let app = TestApp::spawn();
    let (chair, _) = board(&app);
    for _ in 0..6 {
        json_of(propose(&app, &chair, proposal("majority")), StatusCode::CREATED);
    }
    app.execute("UPDATE resolutions SET closes_at = now() - interval '1 minute'");
    // Two deciders (as two server processes would run them) race over the same due rows.
    let (a, b) = (app.state.resolutions.clone(), app.state.resolutions.clone());
    let first = std::thread::spawn(move || a.decide_due().unwrap());
    let second = std::thread::spawn(move || b.decide_due().unwrap());
    let mut decided: Vec<i32> =
        first.join().unwrap().into_iter().chain(second.join().unwrap()).map(|id| id.0).collect();
    assert_eq!(decided.len(), 6, "six decisions in all: {decided:?}");
    decided.sort();
    decided.dedup();
    assert_eq!(decided.len(), 6, "none decided twice");
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM resolutions WHERE status = 'failed'"), 6);
}
