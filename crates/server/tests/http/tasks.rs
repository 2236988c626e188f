//! The "For you" list, `GET /api/me/tasks` (spec §2 Dashboard, "For you"): for every kind, who gets it,
//! when it appears and that doing the thing takes it away; and the weekly digest listing it (spec §11).

use chrono::{Duration, Months, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use domain::identity::role::Role;

use crate::common::files::pdf;
use crate::common::mail::{self, unique_name};
use crate::common::{error_of, item, json_of, utc, Authed, Session, TestApp};
use crate::declarations::code_of_conduct;

fn tasks(app: &TestApp, who: &Session) -> Vec<Value> {
    json_of(app.get("/api/me/tasks").auth(who).send().unwrap(), StatusCode::OK).as_array().unwrap().clone()
}

/// The ids of the tasks of one kind, in the list's order.
fn of_kind(app: &TestApp, who: &Session, kind: &str) -> Vec<Value> {
    tasks(app, who).into_iter().filter(|t| t["kind"] == kind).collect()
}

fn ids(list: &[Value]) -> Vec<String> {
    list.iter().map(|t| t["id"].as_str().unwrap().to_string()).collect()
}

fn texts(list: &[Value]) -> Vec<String> {
    list.iter().map(|t| t["text"].as_str().unwrap().to_string()).collect()
}

fn in_days(days: i64) -> String {
    (Utc::now() + Duration::days(days)).to_rfc3339()
}

fn meeting(app: &TestApp, who: &Session, title: &str, days: i64) -> i64 {
    app.schedule_meeting(who, &json!({"title": title, "meetingDate": in_days(days)}))
}

fn committee_meeting(app: &TestApp, who: &Session, title: &str, days: i64, committee: i64) -> i64 {
    app.schedule_meeting(
        who,
        &json!({"title": title, "meetingDate": in_days(days), "kind": "committee", "committeeId": committee}),
    )
}

fn ok(response: reqwest::blocking::Response) -> Value {
    json_of(response, StatusCode::OK)
}

fn answer(app: &TestApp, who: &Session, meeting: i64) {
    let body = json!({"response": "attending"});
    ok(app.put(&format!("/api/meetings/{meeting}/attendance/me")).auth(who).json(&body).send().unwrap());
}

fn record(app: &TestApp, who: &Session, meeting: i64, user: i32, status: &str) {
    let body = json!({"status": status});
    ok(app.put(&format!("/api/meetings/{meeting}/attendance/{user}")).auth(who).json(&body).send().unwrap());
}

/// `who` registers a directorship of Acme Housing Ltd and declares it on the item; the declaration's id.
fn declare_directorship(app: &TestApp, who: &Session, meeting: i64, item: i64) -> i64 {
    let body = json!({"kind": "directorship", "organisation": "Acme Housing Ltd", "nature": "Director",
                      "startedOn": "2024-01-01"});
    let interest =
        json_of(app.post("/api/interests").auth(who).json(&body).send().unwrap(), StatusCode::CREATED)["id"]
            .as_i64()
            .unwrap();
    let url = format!("/api/meetings/{meeting}/agenda-items/{item}/conflicts");
    let declared = json_of(
        app.post(&url).auth(who).json(&json!({"interestId": interest})).send().unwrap(),
        StatusCode::CREATED,
    );
    declared["id"].as_i64().unwrap()
}

#[test]
fn invited_members_answer_attendance_and_officers_publish_agendas_and_record_attendance() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let audit = app.committee_with(&chair, "Audit", &[&olly]);
    let board = meeting(&app, &chair, "Board meeting", 5);
    let committee = committee_meeting(&app, &chair, "Audit meeting", 3, audit);
    let cancelled = meeting(&app, &chair, "Called-off meeting", 2);
    ok(app.post(&format!("/api/meetings/{cancelled}/cancel")).auth(&chair).send().unwrap());
    meeting(&app, &chair, "Far meeting", 40);
    let past = meeting(&app, &chair, "Last week's meeting", -7);

    // Only the meetings they are invited to in the next 30 days, soonest first; no cancelled meeting.
    let board_task = format!("answer-attendance:{board}");
    assert_eq!(ids(&of_kind(&app, &tina, "answer-attendance")), [board_task.as_str()]);
    assert_eq!(
        ids(&of_kind(&app, &olly, "answer-attendance")),
        [format!("answer-attendance:{committee}"), board_task.clone()]
    );
    let task = &of_kind(&app, &tina, "answer-attendance")[0];
    assert_eq!(task["text"], "Are you coming to Board meeting?");
    assert_eq!(task["link"], format!("/meetings/{board}#next-steps"));
    assert_eq!(task["meetingId"], board);
    assert_eq!(task["overdue"], false);
    assert!(task["dueAt"].is_string() && task["dueDate"].is_null(), "{task}");
    // An admin sees the committee's meeting but is not invited to it; the chair made the committee and
    // sits on it.
    let admin = app.signed_in_named(Role::Admin, "Ada Admin");
    assert_eq!(ids(&of_kind(&app, &admin, "answer-attendance")), [board_task.as_str()]);
    assert_eq!(of_kind(&app, &chair, "answer-attendance").len(), 2);
    answer(&app, &tina, board);
    assert!(of_kind(&app, &tina, "answer-attendance").is_empty(), "answered: gone");
    assert_eq!(of_kind(&app, &olly, "answer-attendance").len(), 2, "another trustee's answer is theirs");

    // Officers: agendas to publish within 14 days (not the far one, not the cancelled one).
    assert_eq!(
        ids(&of_kind(&app, &chair, "publish-agenda")),
        [format!("publish-agenda:{committee}"), format!("publish-agenda:{board}")]
    );
    assert!(of_kind(&app, &tina, "publish-agenda").is_empty());
    app.publish_agenda(&chair, board);
    assert_eq!(ids(&of_kind(&app, &chair, "publish-agenda")), [format!("publish-agenda:{committee}")]);

    // Officers: a past meeting with no attendance recorded; about a past meeting, not overdue.
    let to_record = of_kind(&app, &chair, "record-attendance");
    assert_eq!(ids(&to_record), [format!("record-attendance:{past}")]);
    assert_eq!(to_record[0]["text"], "Record attendance at Last week's meeting");
    assert_eq!(to_record[0]["overdue"], false);
    assert!(of_kind(&app, &tina, "record-attendance").is_empty());
    record(&app, &chair, past, tina.id, "present");
    assert!(of_kind(&app, &chair, "record-attendance").is_empty(), "recorded: gone");

    // Soonest first across kinds.
    let dues: Vec<String> =
        tasks(&app, &chair).iter().filter_map(|t| t["dueAt"].as_str().map(str::to_string)).collect();
    let mut sorted = dues.clone();
    sorted.sort_by_key(|d| chrono::DateTime::parse_from_rfc3339(d).unwrap());
    assert_eq!(dues, sorted);
    // Signed out: refused.
    error_of(app.get("/api/me/tasks").send().unwrap(), StatusCode::UNAUTHORIZED);
}

#[test]
fn the_next_meetings_unopened_papers_are_to_read_until_each_is_downloaded() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let audit = app.committee_with(&chair, "Audit", &[&olly]);
    // A sooner committee meeting with a paper: never Tina's, who is not on the committee.
    let committee = committee_meeting(&app, &chair, "Audit meeting", 2, audit);
    let audit_item = app.add_agenda_item(&chair, committee, &item("Audit report"));
    app.upload_agenda_pdf(&chair, committee, audit_item, "audit.pdf", pdf());
    app.publish_agenda(&chair, committee);
    let board = meeting(&app, &chair, "Board meeting", 5);
    let budget = app.add_agenda_item(&chair, board, &item("Budget"));
    let paper = app.upload_agenda_pdf(&chair, board, budget, "budget.pdf", pdf());
    let library = code_of_conduct(&app, &chair);
    let link = json!({"documentId": library});
    json_of(
        app.post(&format!("/api/meetings/{board}/agenda-items/{budget}/papers/link"))
            .auth(&chair)
            .json(&link)
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );

    // A draft agenda gives trustees nothing to read.
    assert!(of_kind(&app, &tina, "read-papers").is_empty());
    app.publish_agenda(&chair, board);
    let read = of_kind(&app, &tina, "read-papers");
    assert_eq!(ids(&read), [format!("read-papers:{board}")]);
    assert_eq!(read[0]["text"], "Read 2 papers for Board meeting");
    assert_eq!(read[0]["link"], format!("/meetings/{board}#agenda"));
    assert_eq!(texts(&of_kind(&app, &olly, "read-papers")), ["Read 1 paper for Audit meeting"]);
    // An admin or chair who does not sit on the committee sees its meeting but is not invited: its papers
    // are not theirs to read, and its sooner meeting does not hide the board meeting's papers.
    let admin = app.signed_in_named(Role::Admin, "Ada Admin");
    let other_chair = app.signed_in_named(Role::Chair, "Cora Chair");
    for officer in [&admin, &other_chair] {
        assert_eq!(texts(&of_kind(&app, officer, "read-papers")), ["Read 2 papers for Board meeting"]);
    }

    let download = app
        .get(&format!("/api/meetings/{board}/agenda-items/{budget}/papers/{paper}/download"))
        .auth(&tina)
        .send()
        .unwrap();
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(texts(&of_kind(&app, &tina, "read-papers")), ["Read 1 paper for Board meeting"]);
    // The linked paper opened in the library counts too.
    let download = app.get(&format!("/api/documents/{library}/download")).auth(&tina).send().unwrap();
    assert_eq!(download.status(), StatusCode::OK);
    assert!(of_kind(&app, &tina, "read-papers").is_empty(), "all opened: gone");
    assert_eq!(texts(&of_kind(&app, &chair, "read-papers")), ["Read 1 paper for Audit meeting"]);
}

#[test]
fn open_resolutions_are_to_vote_on_until_voted() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let body = json!({"title": "Adopt the reserves policy", "text": "That the board adopts it.",
                      "closesAt": in_days(7), "threshold": "unanimous"});
    let id =
        json_of(app.post("/api/resolutions").auth(&chair).json(&body).send().unwrap(), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap();
    let vote = of_kind(&app, &tina, "vote-resolution");
    assert_eq!(ids(&vote), [format!("vote-resolution:{id}")]);
    assert_eq!(vote[0]["text"], "Vote on the written resolution: Adopt the reserves policy");
    assert_eq!(vote[0]["link"], "/governance?tab=resolutions");
    assert!(vote[0]["dueAt"].is_string());
    let cast = json!({"vote": "for"});
    json_of(
        app.post(&format!("/api/resolutions/{id}/votes")).auth(&tina).json(&cast).send().unwrap(),
        StatusCode::CREATED,
    );
    assert!(of_kind(&app, &tina, "vote-resolution").is_empty(), "voted: gone");
    assert_eq!(of_kind(&app, &olly, "vote-resolution").len(), 1, "not Tina's vote");
}

fn propose(app: &TestApp, who: &Session, title: &str, conflicted: &[i32]) -> i64 {
    let body = json!({"title": title, "text": "That the board agrees.", "closesAt": in_days(7),
                      "threshold": "majority", "conflictedUserIds": conflicted});
    json_of(app.post("/api/resolutions").auth(who).json(&body).send().unwrap(), StatusCode::CREATED)["id"]
        .as_i64()
        .unwrap()
}

#[test]
fn only_eligible_voters_are_asked_to_vote_and_only_while_the_resolution_is_open() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let lease = propose(&app, &chair, "Sign the lease", &[tina.id]);
    let closed = propose(&app, &chair, "Adopt the budget", &[]);
    let lapsed = propose(&app, &chair, "Buy a van", &[]);
    // A trustee who joined after the proposals is not one of their voters.
    let newcomer = app.signed_in_named(Role::Trustee, "Nell Newcomer");
    assert_eq!(
        ids(&of_kind(&app, &olly, "vote-resolution")),
        [
            format!("vote-resolution:{lease}"),
            format!("vote-resolution:{closed}"),
            format!("vote-resolution:{lapsed}")
        ]
    );
    // Conflicted on the lease: listed as a voter, not eligible.
    assert_eq!(
        ids(&of_kind(&app, &tina, "vote-resolution")),
        [format!("vote-resolution:{closed}"), format!("vote-resolution:{lapsed}")]
    );
    assert!(of_kind(&app, &newcomer, "vote-resolution").is_empty(), "not serving when proposed");

    // Decided, or past its closing time though not yet decided: nothing to vote on.
    app.execute(&format!("UPDATE resolutions SET status = 'passed', decided_at = now() WHERE id = {closed}"));
    app.execute(&format!(
        "UPDATE resolutions SET closes_at = now() - interval '1 minute' WHERE id = {lapsed}"
    ));
    assert_eq!(ids(&of_kind(&app, &olly, "vote-resolution")), [format!("vote-resolution:{lease}")]);
    assert!(of_kind(&app, &tina, "vote-resolution").is_empty());
}

#[test]
fn a_declarations_round_asks_each_trustee_to_declare_and_officers_to_chase() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let code = code_of_conduct(&app, &chair);
    let deadline = (Utc::now().date_naive() + Duration::days(30)).to_string();
    let body = json!({"year": 2026, "deadline": deadline, "codeOfConductDocumentId": code});
    let round = json_of(
        app.post("/api/declaration-rounds").auth(&chair).json(&body).send().unwrap(),
        StatusCode::CREATED,
    );
    let id = round["id"].as_i64().unwrap();
    let members =
        app.scalar_i64(&format!("SELECT count(*) AS value FROM declarations WHERE round_id = {id}"));

    let declare = of_kind(&app, &tina, "declare-interests");
    assert_eq!(ids(&declare), [format!("declare-interests:{id}")]);
    assert_eq!(declare[0]["dueDate"], deadline);
    assert_eq!(declare[0]["link"], "/governance?tab=declarations");
    assert!(of_kind(&app, &tina, "chase-declarations").is_empty(), "officers only");
    let chase = of_kind(&app, &chair, "chase-declarations");
    assert_eq!(
        texts(&chase),
        [format!("{members} of {members} trustees have not made their 2026 declaration")]
    );
    assert_eq!(chase[0]["overdue"], false);

    let clear =
        json!({"registerComplete": true, "over18": true, "noDisqualification": true, "acceptsCode": true});
    let url = format!("/api/declaration-rounds/{id}/declaration");
    for who in [&tina, &chair] {
        assert!(app.post(&url).auth(who).json(&clear).send().unwrap().status().is_success());
    }
    assert!(of_kind(&app, &tina, "declare-interests").is_empty(), "declared: gone");
    let outstanding = members - 2;
    if outstanding > 0 {
        assert_eq!(
            texts(&of_kind(&app, &chair, "chase-declarations")),
            [format!("{outstanding} of {members} trustees have not made their 2026 declaration")]
        );
        // Everyone else declares: the round is complete.
        app.execute(&format!(
            "UPDATE declarations SET declared_at = now(), declared_name = 'x' WHERE round_id = {id}"
        ));
    }
    assert!(of_kind(&app, &chair, "chase-declarations").is_empty(), "complete: gone");
}

#[test]
fn own_open_actions_are_to_do_until_complete() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let yesterday = (Utc::now().date_naive() - Duration::days(2)).to_string();
    let create = |title: &str, due: Option<&str>| {
        let body = json!({"title": title, "description": "", "assignedTo": tina.id, "dueDate": due});
        json_of(app.post("/api/actions").auth(&chair).json(&body).send().unwrap(), StatusCode::CREATED)["id"]
            .as_i64()
            .unwrap()
    };
    let late = create("Send the accounts", Some(&yesterday));
    let open = create("Book the hall", None);
    let list = of_kind(&app, &tina, "do-action");
    // Dated first, undated last.
    assert_eq!(ids(&list), [format!("do-action:{late}"), format!("do-action:{open}")]);
    assert_eq!(list[0]["text"], "Do your action: Send the accounts");
    assert_eq!((list[0]["overdue"].clone(), list[0]["dueDate"].clone()), (json!(true), json!(yesterday)));
    assert_eq!((list[1]["overdue"].clone(), list[1]["dueDate"].clone()), (json!(false), Value::Null));
    assert_eq!(list[0]["link"], "/actions");
    assert!(of_kind(&app, &olly, "do-action").is_empty(), "not another trustee's");
    assert!(of_kind(&app, &chair, "do-action").is_empty(), "not the creator's");
    let done = json!({"status": "complete"});
    ok(app.patch(&format!("/api/actions/{late}")).auth(&tina).json(&done).send().unwrap());
    assert_eq!(ids(&of_kind(&app, &tina, "do-action")), [format!("do-action:{open}")]);
}

#[test]
fn minutes_are_to_circulate_after_14_days_then_to_read_by_those_present_until_approved() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let held = meeting(&app, &chair, "March board", -20);
    let recent = meeting(&app, &chair, "Recent board", -3);
    let next = meeting(&app, &chair, "Next board", 10);
    record(&app, &chair, held, tina.id, "present");
    record(&app, &chair, held, olly.id, "absent");
    record(&app, &chair, recent, tina.id, "present");

    // 14 days after the meeting, not before.
    let circulate = of_kind(&app, &chair, "circulate-minutes");
    assert_eq!(ids(&circulate), [format!("circulate-minutes:{held}")]);
    assert_eq!(circulate[0]["text"], "Circulate the minutes of March board");
    assert_eq!(circulate[0]["overdue"], false, "about a past meeting, not overdue");
    assert!(of_kind(&app, &tina, "circulate-minutes").is_empty(), "officers only");
    let path = |rest: &str| format!("/api/meetings/{held}/written-minutes{rest}");
    json_of(app.post(&path("")).auth(&chair).json(&json!({})).send().unwrap(), StatusCode::CREATED);
    assert_eq!(of_kind(&app, &chair, "circulate-minutes").len(), 1, "a draft is not circulated");
    assert!(of_kind(&app, &tina, "read-minutes").is_empty(), "a draft is not to read");
    ok(app.post(&path("/circulate")).auth(&chair).send().unwrap());
    assert!(of_kind(&app, &chair, "circulate-minutes").is_empty(), "circulated: gone");

    let read = of_kind(&app, &tina, "read-minutes");
    assert_eq!(ids(&read), [format!("read-minutes:{held}")]);
    assert_eq!(read[0]["text"], "Read the circulated minutes of March board");
    assert_eq!(read[0]["link"], format!("/meetings/{held}#minutes"));
    assert!(of_kind(&app, &olly, "read-minutes").is_empty(), "recorded absent");
    let approval = json!({"approvedOn": Utc::now().date_naive().to_string(), "approvedAtMeetingId": next});
    ok(app.post(&path("/approve")).auth(&chair).json(&approval).send().unwrap());
    assert!(of_kind(&app, &tina, "read-minutes").is_empty(), "approved: gone");
}

#[test]
fn minutes_are_to_circulate_only_for_meetings_held_14_to_104_days_ago() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let recent = meeting(&app, &chair, "Spring board", -100);
    meeting(&app, &chair, "Old board", -105);
    meeting(&app, &chair, "Last week's board", -7);
    assert_eq!(ids(&of_kind(&app, &chair, "circulate-minutes")), [format!("circulate-minutes:{recent}")]);
}

fn timed_meeting(app: &TestApp, who: &Session, title: &str, starts: Duration, minutes: i64) -> i64 {
    let at = (Utc::now() + starts).to_rfc3339();
    app.schedule_meeting(who, &json!({"title": title, "meetingDate": at, "durationMinutes": minutes}))
}

#[test]
fn attendance_is_to_record_once_a_meeting_has_ended_as_planned_and_for_90_days() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    // An hour into its two hours: still being held.
    let held = timed_meeting(&app, &chair, "Meeting in progress", -Duration::minutes(60), 120);
    // Ended a minute ago.
    let ended = timed_meeting(&app, &chair, "Meeting just ended", -Duration::minutes(91), 90);
    timed_meeting(&app, &chair, "Meeting long ago", -Duration::days(91), 120);
    let recent = timed_meeting(&app, &chair, "Meeting 89 days ago", -Duration::days(89), 120);
    assert_eq!(
        ids(&of_kind(&app, &chair, "record-attendance")),
        [format!("record-attendance:{recent}"), format!("record-attendance:{ended}")]
    );
    app.execute(&format!(
        "UPDATE meetings SET meeting_date = now() - interval '121 minutes' WHERE id = {held}"
    ));
    assert_eq!(of_kind(&app, &chair, "record-attendance").len(), 3, "now ended too");
}

fn cancel(app: &TestApp, meeting: i64) {
    // Past meetings too: cancelled in the database, as the kinds are read whatever the meeting's date.
    app.execute(&format!(
        "UPDATE meetings SET status = 'cancelled', cancelled_at = now() WHERE id = {meeting}"
    ));
}

#[test]
fn a_cancelled_meeting_gives_no_papers_attendance_minutes_or_conflict_task() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    // To come: papers to read and a conflict to handle.
    let coming = meeting(&app, &chair, "Board meeting", 5);
    let grant = app.add_agenda_item(&chair, coming, &item("Grant to Acme Housing"));
    app.upload_agenda_pdf(&chair, coming, grant, "grant.pdf", pdf());
    app.publish_agenda(&chair, coming);
    declare_directorship(&app, &tina, coming, grant);
    // Held 20 days ago: nothing recorded, no minutes.
    let unrecorded = meeting(&app, &chair, "March board", -20);
    // Held 20 days ago: Tina present, minutes circulated.
    let minuted = meeting(&app, &chair, "February board", -20);
    record(&app, &chair, minuted, tina.id, "present");
    let path = format!("/api/meetings/{minuted}/written-minutes");
    json_of(app.post(&path).auth(&chair).json(&json!({})).send().unwrap(), StatusCode::CREATED);
    ok(app.post(&format!("{path}/circulate")).auth(&chair).send().unwrap());

    let kinds = |who: &Session| -> Vec<String> {
        let mut kinds: Vec<String> = tasks(&app, who)
            .iter()
            .filter(|t| t["meetingId"].is_i64())
            .map(|t| t["kind"].as_str().unwrap().to_string())
            .collect();
        kinds.sort();
        kinds
    };
    assert_eq!(kinds(&tina), ["answer-attendance", "read-minutes", "read-papers"]);
    assert_eq!(
        kinds(&chair),
        ["answer-attendance", "circulate-minutes", "handle-conflict", "read-papers", "record-attendance"]
    );
    for id in [coming, unrecorded, minuted] {
        cancel(&app, id);
    }
    assert!(kinds(&tina).is_empty(), "{:?}", kinds(&tina));
    assert!(kinds(&chair).is_empty(), "{:?}", kinds(&chair));
}

#[test]
fn a_committees_actions_and_minutes_are_never_a_non_members_tasks() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let mia = app.signed_in_named(Role::Trustee, "Mia Member");
    let max = app.signed_in_named(Role::Trustee, "Max Member");
    let olly = app.signed_in_named(Role::Trustee, "Olly Outsider");
    let audit = app.committee_with(&chair, "Audit", &[&mia, &max]);
    let held = committee_meeting(&app, &chair, "Audit meeting", -20, audit);
    record(&app, &chair, held, mia.id, "present");
    record(&app, &chair, held, max.id, "present");
    let path = format!("/api/meetings/{held}/written-minutes");
    json_of(app.post(&path).auth(&chair).json(&json!({})).send().unwrap(), StatusCode::CREATED);
    ok(app.post(&format!("{path}/circulate")).auth(&chair).send().unwrap());
    let body =
        json!({"title": "Chase the auditors", "description": "", "assignedTo": mia.id, "dueDate": null});
    let action =
        json_of(app.post("/api/actions").auth(&chair).json(&body).send().unwrap(), StatusCode::CREATED)["id"]
            .as_i64()
            .unwrap();
    // Recorded in the committee meeting's minutes.
    app.execute(&format!("UPDATE actions SET meeting_id = {held} WHERE id = {action}"));

    assert_eq!(ids(&of_kind(&app, &mia, "do-action")), [format!("do-action:{action}")]);
    assert_eq!(ids(&of_kind(&app, &max, "read-minutes")), [format!("read-minutes:{held}")]);
    for who in [&olly, &max] {
        assert!(of_kind(&app, who, "do-action").is_empty(), "only the assignee's");
    }
    // Olly, outside the committee, recorded present all the same (a line the sheet no longer offers,
    // written straight into the table): the minutes still are not his to read.
    app.execute(&format!(
        "INSERT INTO meeting_attendance (meeting_id, user_id, name, recorded, recorded_at) \
         VALUES ({held}, {}, 'Olly Outsider', 'present', now())",
        olly.id
    ));
    assert!(of_kind(&app, &olly, "read-minutes").is_empty(), "not a member");
    // Max leaves the committee: the committee's minutes are no longer his to read.
    let left =
        app.delete(&format!("/api/committees/{audit}/members/{}", max.id)).auth(&chair).send().unwrap();
    assert!(left.status().is_success(), "{}", left.status());
    assert!(of_kind(&app, &max, "read-minutes").is_empty(), "not a member any more");
    assert_eq!(of_kind(&app, &mia, "read-minutes").len(), 1);
}

#[test]
fn officers_are_told_of_terms_ending_within_three_months_until_the_term_is_changed() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let today = Utc::now().date_naive();
    let started = (today + Duration::days(30)).checked_sub_months(Months::new(36)).unwrap();
    let term = json!({"userId": tina.id, "startedOn": started.to_string(), "termYears": 3});
    let id = json_of(app.post("/api/terms").auth(&chair).json(&term).send().unwrap(), StatusCode::CREATED)
        ["id"]
        .as_i64()
        .unwrap();
    let ending = of_kind(&app, &chair, "term-ending");
    assert_eq!(ids(&ending), [format!("term-ending:{}", tina.id)]);
    assert_eq!(ending[0]["text"], "Tina Trustee's term of office is ending");
    assert_eq!(ending[0]["dueDate"], (today + Duration::days(30)).to_string());
    assert!(of_kind(&app, &tina, "term-ending").is_empty(), "officers only");
    let left = json!({"startedOn": started.to_string(), "termYears": 3,
                      "endedOn": (today - Duration::days(1)).to_string()});
    ok(app.put(&format!("/api/terms/{id}")).auth(&chair).json(&left).send().unwrap());
    assert!(of_kind(&app, &chair, "term-ending").is_empty(), "ended: gone");
}

#[test]
fn a_declared_conflict_is_for_officers_to_handle_until_handling_is_recorded() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let board = meeting(&app, &chair, "Board meeting", 5);
    let grant = app.add_agenda_item(&chair, board, &item("Grant to Acme Housing"));
    app.publish_agenda(&chair, board);
    let conflict = declare_directorship(&app, &tina, board, grant);

    let handle = of_kind(&app, &chair, "handle-conflict");
    assert_eq!(ids(&handle), [format!("handle-conflict:{conflict}")]);
    assert_eq!(
        handle[0]["text"],
        "Record how Tina Trustee's conflict on Grant to Acme Housing at Board meeting is handled"
    );
    assert_eq!(handle[0]["meetingId"], board);
    assert_eq!(handle[0]["overdue"], false);
    assert!(of_kind(&app, &tina, "handle-conflict").is_empty(), "officers only");
    ok(app
        .put(&format!("/api/meetings/{board}/agenda-items/{grant}/conflicts/{conflict}/handling"))
        .auth(&chair)
        .json(&json!({"handling": "left"}))
        .send()
        .unwrap());
    assert!(of_kind(&app, &chair, "handle-conflict").is_empty(), "handled: gone");
}

#[test]
fn the_weekly_digest_lists_the_tasks_of_a_subscriber_even_without_entries() {
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Cid Chair"));
    let busy = app.signed_in_named(Role::Trustee, &unique_name("Bea Busy"));
    let idle = app.signed_in_named(Role::Trustee, &unique_name("Ivy Idle"));
    let digest = json!({"disabledKinds": [], "weeklyDigest": true, "followedCategories": []});
    for who in [&busy, &idle] {
        ok(app.put("/api/notification-settings").auth(who).json(&digest).send().unwrap());
    }
    let body = json!({"title": "Renew the lease", "description": "", "assignedTo": busy.id, "dueDate": null});
    json_of(app.post("/api/actions").auth(&chair).json(&body).send().unwrap(), StatusCode::CREATED);
    // The assignment itself goes into the digest as an entry; this test is about a digest of tasks alone.
    app.wait_for_zero("SELECT count(*) AS value FROM notification_events WHERE processed_at IS NULL");
    app.execute("UPDATE notification_digest_items SET sent_at = now()");

    let monday = utc("2027-06-07T07:30:00Z");
    let run = app.state.notifications.run_scheduled(monday).unwrap();
    assert_eq!(run.digests, 1, "the busy trustee only");
    let messages = mail::wait_for(&busy.email, 1);
    let text = messages[0]["text"].as_str().unwrap();
    for line in ["For you (1 thing to do):", "Do your action: Renew the lease", "https://portal.test/actions"]
    {
        assert!(text.contains(line), "{line} in {text}");
    }
    assert!(messages[0]["html"].as_str().unwrap().contains("Do your action: Renew the lease"));
    assert_eq!(
        app.scalar_i64(&format!("SELECT count(*) AS value FROM mail_outbox WHERE user_id = {}", idle.id)),
        0,
        "nothing to tell, nothing to do: no digest"
    );
}
