//! `GET /api/search` (docs/spec.md "Search"): every kind found by a word inside it, the words' syntax,
//! filters, orders and pages, bad parameters, and every visibility rule as a trustee outside the
//! committee, a member trustee and an officer, checking that a hidden record leaks through neither a
//! result, a snippet, a count nor the total.

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use domain::identity::role::Role;

use crate::common::{error_of, files, item, json_of, Authed, Session, TestApp};

/// The search's answer (200).
fn search(app: &TestApp, who: &Session, query: &[(&str, &str)]) -> Value {
    let response = app.get("/api/search").query(query).auth(who).send().unwrap();
    json_of(response, StatusCode::OK)
}

/// `(kind, id)` of each result, in order.
fn found(body: &Value) -> Vec<(String, i64)> {
    body["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["kind"].as_str().unwrap().to_string(), r["id"].as_i64().unwrap()))
        .collect()
}

/// The words of the result's snippet marked as hits.
fn hits(result: &Value) -> Vec<String> {
    let runs = result["snippet"].as_array().unwrap();
    runs.iter()
        .filter(|run| run["hit"] == true)
        .map(|run| run["text"].as_str().unwrap().to_lowercase())
        .collect()
}

/// The whole snippet's text.
fn snippet_text(result: &Value) -> String {
    let runs = result["snippet"].as_array().unwrap();
    runs.iter().map(|run| run["text"].as_str().unwrap()).collect()
}

/// Nothing of the search leaks: no result, no count, a total of 0.
fn finds_nothing(app: &TestApp, who: &Session, q: &str) {
    let body = search(app, who, &[("q", q)]);
    assert_eq!(body["results"], json!([]), "{q}: {body}");
    assert_eq!(body["counts"], json!({}), "{q}: {body}");
    assert_eq!(body["total"], 0, "{q}: {body}");
    assert_eq!(body["nextCursor"], Value::Null);
}

/// Of this kind, the search finds exactly this one record, counted once.
fn finds_one(app: &TestApp, who: &Session, q: &str, kind: &str, id: i64) -> Value {
    let body = search(app, who, &[("q", q), ("kind", kind)]);
    assert_eq!(found(&body), [(kind.to_string(), id)], "{q}: {body}");
    assert_eq!(body["counts"][kind], 1, "{q}: {body}");
    assert_eq!(body["total"], 1, "{q}");
    body["results"][0].clone()
}

/// Asserts a status without a body to read.
fn status(response: reqwest::blocking::Response, expected: StatusCode) {
    assert_eq!(response.status(), expected);
}

/// Inserts a row by SQL and answers its id (`RETURNING id`).
fn insert(app: &TestApp, sql: &str) -> i64 {
    app.scalar_i64(&format!("{sql} RETURNING id::int8 AS value"))
}

/// The text extraction recorded for a file-bearing record, as its worker would (under a storage key of
/// the test's own, so no extraction worker overwrites it).
fn extracted(app: &TestApp, kind: &str, id: i64, text: &str) {
    app.execute(&format!(
        "INSERT INTO file_texts (kind, record_id, storage_key, status, text) \
         VALUES ('{kind}', {id}, 'extracted-by-the-search-test', 'indexed', '{text}') \
         ON CONFLICT (kind, record_id) DO UPDATE SET storage_key = EXCLUDED.storage_key, \
         status = 'indexed', text = EXCLUDED.text"
    ));
}

fn library_document(app: &TestApp, title: &str, category: &str) -> i64 {
    insert(
        app,
        &format!(
            "INSERT INTO documents (title, category, version, file_name, mime_type, file_size, storage_key) \
             VALUES ('{title}', '{category}', '1.0', 'paper.pdf', 'application/pdf', 10, 'search-doc-{title}')"
        ),
    )
}

fn committee_meeting(app: &TestApp, who: &Session, title: &str, committee: i64) -> i64 {
    let body = json!({"title": title, "meetingDate": "2026-03-05T18:00:00Z", "kind": "committee",
                      "committeeId": committee});
    app.schedule_meeting(who, &body)
}

fn board_meeting(app: &TestApp, who: &Session, title: &str, at: &str) -> i64 {
    app.schedule_meeting(who, &json!({"title": title, "meetingDate": at}))
}

fn minutes_path(meeting: i64, rest: &str) -> String {
    format!("/api/meetings/{meeting}/written-minutes{rest}")
}

/// Starts the meeting's written minutes (a draft) and records these entries; answers their ids.
fn write_minutes(app: &TestApp, chair: &Session, meeting: i64, entries: &[Value]) -> Vec<i64> {
    json_of(
        app.post(&minutes_path(meeting, "")).auth(chair).json(&json!({})).send().unwrap(),
        StatusCode::CREATED,
    );
    entries
        .iter()
        .map(|body| {
            let sent = app.post(&minutes_path(meeting, "/entries")).auth(chair).json(body).send().unwrap();
            json_of(sent, StatusCode::CREATED)["id"].as_i64().unwrap()
        })
        .collect()
}

fn circulate(app: &TestApp, chair: &Session, meeting: i64) {
    json_of(app.post(&minutes_path(meeting, "/circulate")).auth(chair).send().unwrap(), StatusCode::OK);
}

fn written_minutes_id(app: &TestApp, meeting: i64) -> i64 {
    app.scalar_i64(&format!(
        "SELECT max(id)::int8 AS value FROM written_minutes WHERE meeting_id = {meeting}"
    ))
}

fn post_json(app: &TestApp, who: &Session, path: &str, body: Value) -> Value {
    json_of(app.post(path).auth(who).json(&body).send().unwrap(), StatusCode::CREATED)
}

fn notice(app: &TestApp, who: &Session, title: &str, content: &str) -> i64 {
    let body =
        json!({"title": title, "content": content, "priority": "normal", "pinned": false, "expiresAt": null});
    post_json(app, who, "/api/notices", body)["id"].as_i64().unwrap()
}

#[test]
fn every_kind_is_found_by_a_word_inside_it() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);

    let document = library_document(&app, "Reserves policy", "finance");
    extracted(&app, "document", document, "The reserves should cover six months of zirconium spending.");

    let committee = app.committee_with(&chair, "Finance", &[&trustee]);
    let committee_document = insert(
        &app,
        &format!(
            "INSERT INTO committee_documents (committee_id, title, file_name, mime_type, file_size, storage_key) \
             VALUES ({committee}, 'Bank statements', 'bank.xlsx', \
             'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 10, 'search-bank')"
        ),
    );
    extracted(&app, "committee_document", committee_document, "Account balances and the quokka fund.");

    let meeting = board_meeting(&app, &chair, "March board", "2026-03-05T18:00:00Z");
    let uploaded = insert(
        &app,
        &format!(
            "INSERT INTO minutes (title, meeting_date, meeting_id, file_name, file_size, storage_key) \
             VALUES ('Minutes of the AGM', '2026-03-05T18:00:00Z', {meeting}, 'agm.pdf', 10, 'search-agm')"
        ),
    );
    extracted(
        &app,
        "uploaded_minutes",
        uploaded,
        "The members elected the treasurer by narwhal acclamation.",
    );

    let agenda_item = app.add_agenda_item(
        &chair,
        meeting,
        &json!({"title": "Premises", "purpose": "discussion", "durationMinutes": 10,
                "description": "Whether to take the flamingo room on the second floor."}),
    );
    let paper = app.upload_agenda_pdf(&chair, meeting, agenda_item, "budget.pdf", files::pdf());
    extracted(&app, "agenda_paper", paper, "Income from the pangolin appeal rose by a tenth.");
    app.publish_agenda(&chair, meeting);

    let entries = write_minutes(
        &app,
        &chair,
        meeting,
        &[
            json!({"kind": "note", "text": "The chair welcomed the axolotl volunteers."}),
            json!({"kind": "decision", "text": "The board chose the marmoset supplier.", "agendaItemId": agenda_item}),
        ],
    );
    circulate(&app, &chair, meeting);
    let minutes = written_minutes_id(&app, meeting);

    let notice = notice(&app, &chair, "Office closed", "The office shuts for the wombat census.");
    let action = post_json(
        &app,
        &chair,
        "/api/actions",
        json!({"title": "Renew insurance", "description": "Ask the ocelot broker for quotes.",
               "assignedTo": trustee.id, "dueDate": null}),
    )["id"]
        .as_i64()
        .unwrap();
    let resolution = post_json(
        &app,
        &chair,
        "/api/resolutions",
        json!({"title": "Adopt the reserves policy", "text": "That the board adopts the capybara reserve.",
               "closesAt": (Utc::now() + Duration::days(7)).to_rfc3339(), "threshold": "majority"}),
    )["id"]
        .as_i64()
        .unwrap();
    let interest = post_json(
        &app,
        &trustee,
        "/api/interests",
        json!({"kind": "directorship", "organisation": "Acme Ltd", "nature": "Director of the lemur sanctuary",
               "startedOn": "2023-04-01"}),
    )["id"]
        .as_i64()
        .unwrap();
    let message = post_json(
        &app,
        &trustee,
        &format!("/api/committees/{committee}/messages"),
        json!({"message": "Has anyone read the tapir report?"}),
    )["id"]
        .as_i64()
        .unwrap();

    let expected = [
        ("zirconium", "document", document),
        ("quokka", "committeeDocument", committee_document),
        ("narwhal", "uploadedMinutes", uploaded),
        ("axolotl", "writtenMinutes", minutes),
        ("marmoset", "decision", entries[1]),
        ("flamingo", "agendaItem", agenda_item),
        ("pangolin", "agendaPaper", paper),
        ("wombat", "notice", notice),
        ("ocelot", "action", action),
        ("capybara", "resolution", resolution),
        ("lemur", "interest", interest),
        ("tapir", "chatMessage", message),
    ];
    for (word, kind, id) in expected {
        // The minutes' written text holds the decision's word too: that one has two results.
        let body = search(&app, &trustee, &[("q", word)]);
        let result = body["results"].as_array().unwrap().iter().find(|r| r["kind"] == kind && r["id"] == id);
        let result = result.unwrap_or_else(|| panic!("{word}: no {kind} {id} in {body}"));
        assert_eq!(hits(result), [word.to_string()], "{word}: {result}");
    }

    // What each result shows and opens.
    let body = finds_one(&app, &trustee, "pangolin", "agendaPaper", paper);
    assert_eq!(body["title"], "budget.pdf");
    assert_eq!(body["meeting"], json!({"id": meeting, "title": "March board"}));
    assert_eq!(body["date"], "2026-03-05T18:00:00Z");
    assert_eq!(
        body["open"]["fileUrl"],
        format!("/api/meetings/{meeting}/agenda-items/{agenda_item}/papers/{paper}/download")
    );
    assert_eq!((body["open"]["pdf"].as_bool(), body["open"]["paperId"].as_i64()), (Some(true), Some(paper)));
    let body = finds_one(&app, &trustee, "zirconium", "document", document);
    assert_eq!(
        (body["category"].as_str(), body["open"]["documentId"].as_i64()),
        (Some("finance"), Some(document))
    );
    assert_eq!(body["open"]["fileUrl"], format!("/api/documents/{document}/download"));
    let body = finds_one(&app, &trustee, "tapir", "chatMessage", message);
    assert_eq!(body["committee"], json!({"id": committee, "name": "Finance"}));
    assert_eq!(
        (body["open"]["committeeId"].as_i64(), body["open"]["messageId"].as_i64()),
        (Some(committee), Some(message))
    );
    assert_eq!(body["open"]["fileUrl"], Value::Null);
    let body = finds_one(&app, &trustee, "quokka", "committeeDocument", committee_document);
    assert_eq!(
        body["open"]["fileUrl"],
        format!("/api/committees/{committee}/documents/{committee_document}/download")
    );
    assert_eq!(body["open"]["pdf"], false, "a spreadsheet downloads");

    // The trigger on file_texts follows the text: replaced, and gone while a new file waits.
    extracted(&app, "document", document, "Now about the ibex instead.");
    finds_nothing(&app, &trustee, "zirconium");
    finds_one(&app, &trustee, "ibex", "document", document);
    app.execute(&format!("UPDATE file_texts SET status = 'pending', text = '' WHERE kind = 'document' AND record_id = {document}"));
    finds_nothing(&app, &trustee, "ibex");
    // The source tables' triggers follow edits and deletes.
    app.execute(&format!(
        "UPDATE notices SET content = 'The office shuts for the okapi census.' WHERE id = {notice}"
    ));
    finds_nothing(&app, &trustee, "wombat");
    finds_one(&app, &trustee, "okapi", "notice", notice);
    status(app.delete(&format!("/api/notices/{notice}")).auth(&chair).send().unwrap(), StatusCode::OK);
    finds_nothing(&app, &trustee, "okapi");
    app.execute(&format!("UPDATE meetings SET title = 'Spring board' WHERE id = {meeting}"));
    let body = search(&app, &trustee, &[("q", "axolotl"), ("kind", "writtenMinutes")]);
    assert_eq!(body["results"][0]["title"], "Minutes: Spring board");
}

#[test]
fn words_are_stemmed_phrased_excluded_ored_prefixed_and_misspelt() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let renewal = notice(&app, &admin, "Lease", "The renewal of the lease is due in May.");
    let decided = notice(&app, &admin, "Boiler", "The board decided to replace the boiler.");
    let safety = library_document(&app, "Safety policy", "policies");
    let cafe = notice(&app, &admin, "Café opening", "The café opens on Monday.");

    let ids = |q: &str| {
        let mut ids: Vec<i64> =
            found(&search(&app, &admin, &[("q", q)])).into_iter().map(|(_, id)| id).collect();
        ids.sort();
        ids
    };
    // Stemming: other forms of the same word.
    assert_eq!(ids("renewed"), [renewal]);
    assert_eq!(ids("deciding"), [decided]);
    let body = search(&app, &admin, &[("q", "renewed")]);
    assert_eq!(hits(&body["results"][0]), ["renewal"]);
    // A quoted phrase: the words together, in order.
    assert_eq!(ids("\"renewal of the lease\""), [renewal]);
    assert_eq!(ids("\"lease renewal\""), Vec::<i64>::new());
    // An exclusion, and `or`.
    assert_eq!(ids("board -boiler"), Vec::<i64>::new());
    assert_eq!(ids("lease -boiler"), [renewal]);
    let mut both = vec![renewal, decided];
    both.sort();
    assert_eq!(ids("renewal or boiler"), both);
    // As one types: the last word is also the start of a word.
    assert_eq!(ids("lease renew"), [renewal]);
    assert_eq!(ids("boi"), [decided]);
    // Accents do not matter.
    assert_eq!(ids("cafe"), [cafe]);
    // A misspelt title that nothing contains still finds the title.
    let body = search(&app, &admin, &[("q", "saftey")]);
    assert_eq!(found(&body), [("document".to_string(), safety)]);
    assert_eq!(body["total"], 1);
    // Titles weigh more than the text: a title match comes first.
    let in_text = notice(&app, &admin, "Heating", "Ask about the boiler.");
    let order: Vec<i64> =
        found(&search(&app, &admin, &[("q", "boiler")])).into_iter().map(|(_, id)| id).collect();
    assert_eq!(order, [decided, in_text]);
    // Stop words alone find nothing, and are no error.
    assert_eq!(ids("the"), Vec::<i64>::new());
}

#[test]
fn filters_orders_and_cursor_pages() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let mut notices = Vec::new();
    for day in 1..=7 {
        let id = notice(&app, &admin, &format!("Harvest {day}"), "About the harvest supper.");
        app.execute(&format!(
            "UPDATE notices SET published_at = '2026-05-{day:02}T12:00:00Z' WHERE id = {id}"
        ));
        notices.push(id);
    }
    let policy = library_document(&app, "Harvest policy", "policies");
    let finance = library_document(&app, "Harvest accounts", "finance");
    let meeting = board_meeting(&app, &admin, "June board", "2026-06-04T18:00:00Z");
    let item = app.add_agenda_item(&admin, meeting, &item("Harvest supper"));
    let committee = app.create_committee(&admin, "Events");
    let message = post_json(
        &app,
        &admin,
        &format!("/api/committees/{committee}/messages"),
        json!({"message": "Harvest rota"}),
    )["id"]
        .as_i64()
        .unwrap();

    let body = search(&app, &admin, &[("q", "harvest")]);
    assert_eq!(body["counts"], json!({"document": 2, "agendaItem": 1, "notice": 7, "chatMessage": 1}));
    assert_eq!(body["total"], 11);

    // Kinds: repeated or comma-separated; the counts still cover every kind.
    let body = search(&app, &admin, &[("q", "harvest"), ("kind", "document,agendaItem")]);
    assert_eq!(body["total"], 3);
    assert_eq!(body["counts"]["notice"], 7);
    let body = search(&app, &admin, &[("q", "harvest"), ("kind", "document"), ("kind", "chatMessage")]);
    assert_eq!(body["total"], 3);
    // Dates (board time zone days, both ends included), meeting, committee, category.
    let body = search(&app, &admin, &[("q", "harvest"), ("from", "2026-05-02"), ("to", "2026-05-04")]);
    let mut ids: Vec<i64> = found(&body).into_iter().map(|(_, id)| id).collect();
    ids.sort();
    assert_eq!(ids, notices[1..4]);
    assert_eq!(
        found(&search(&app, &admin, &[("q", "harvest"), ("meetingId", &meeting.to_string())])),
        [("agendaItem".to_string(), item)]
    );
    assert_eq!(
        found(&search(&app, &admin, &[("q", "harvest"), ("committeeId", &committee.to_string())])),
        [("chatMessage".to_string(), message)]
    );
    assert_eq!(
        found(&search(&app, &admin, &[("q", "harvest"), ("category", "finance")])),
        [("document".to_string(), finance)]
    );
    assert_ne!(policy, finance);

    // Newest first.
    let body = search(&app, &admin, &[("q", "harvest"), ("kind", "notice"), ("order", "date")]);
    let ids: Vec<i64> = found(&body).into_iter().map(|(_, id)| id).collect();
    assert_eq!(ids, notices.iter().rev().copied().collect::<Vec<_>>());

    // Pages of 3 in either order: every result once, none skipped, the same as one big page.
    for order in ["relevance", "date"] {
        let whole = found(&search(&app, &admin, &[("q", "harvest"), ("order", order), ("limit", "50")]));
        assert_eq!(whole.len(), 11);
        let mut paged = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let mut query = vec![("q", "harvest"), ("order", order), ("limit", "3")];
            if let Some(cursor) = cursor.as_deref() {
                query.push(("cursor", cursor));
            }
            let body = search(&app, &admin, &query);
            assert_eq!(body["total"], 11);
            paged.extend(found(&body));
            match body["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_string()),
                None => break,
            }
        }
        assert_eq!(paged, whole, "{order}");
    }
}

#[test]
fn bad_parameters_are_400_and_signed_out_is_401() {
    let app = TestApp::spawn();
    let trustee = app.signed_in_as(Role::Trustee);
    let long = "a".repeat(201);
    let bad: [(&[(&str, &str)], &str); 13] = [
        (&[], "q"),
        (&[("q", "   ")], "q"),
        (&[("q", "-draft")], "q"),
        (&[("q", "-draft or -budget")], "q"),
        (&[("q", &long)], "q"),
        (&[("q", "x"), ("kind", "papers")], "kind"),
        (&[("q", "x"), ("from", "2026-13-01")], "from"),
        (&[("q", "x"), ("to", "yesterday")], "to"),
        (&[("q", "x"), ("from", "2026-05-02"), ("to", "2026-05-01")], "to"),
        (&[("q", "x"), ("cursor", "not-a-cursor")], "cursor"),
        (&[("q", "x"), ("limit", "0")], "limit"),
        (&[("q", "x"), ("limit", "51")], "limit"),
        (&[("q", "x"), ("order", "title")], "order"),
    ];
    for (query, field) in bad {
        let response = app.get("/api/search").query(query).auth(&trustee).send().unwrap();
        let body = json_of(response, StatusCode::BAD_REQUEST);
        assert!(body["errors"][field].is_string(), "{query:?}: {body}");
        assert!(body["message"].is_string());
    }
    let ok = search(&app, &trustee, &[("q", &"a".repeat(200)), ("limit", "50")]);
    assert_eq!(ok["total"], 0);
    error_of(app.get("/api/search?q=budget").send().unwrap(), StatusCode::UNAUTHORIZED);
}

/// A committee with a member trustee, a trustee outside it and an officer, and everything of a committee
/// meeting holding its own word: agenda, paper, minutes, decision, action, uploaded minutes; and the
/// committee's chat and documents.
#[test]
fn committee_records_are_found_by_members_and_officers_only_even_once_archived() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let member = app.signed_in_named(Role::Trustee, "Mia Member");
    let outsider = app.signed_in_named(Role::Trustee, "Otto Outsider");
    let committee = app.committee_with(&chair, "Audit", &[&member]);
    let meeting = committee_meeting(&app, &chair, "Audit committee", committee);
    let item = app.add_agenda_item(
        &chair,
        meeting,
        &json!({"title": "Fraud review", "purpose": "discussion", "durationMinutes": 10, "description": "The gazelle case."}),
    );
    let paper = app.upload_agenda_pdf(&chair, meeting, item, "inv.pdf", files::pdf());
    extracted(&app, "agenda_paper", paper, "Findings about the jackal account.");
    app.publish_agenda(&chair, meeting);
    let entries = write_minutes(
        &app,
        &chair,
        meeting,
        &[
            json!({"kind": "decision", "text": "Refer the hyena matter to the police.", "agendaItemId": item}),
            json!({"kind": "action", "text": "Brief the walrus auditors.", "agendaItemId": item,
                 "assignedTo": member.id, "dueDate": "2099-01-31"}),
        ],
    );
    circulate(&app, &chair, meeting);
    let uploaded = insert(
        &app,
        &format!(
            "INSERT INTO minutes (title, meeting_date, meeting_id, file_name, file_size, storage_key) \
             VALUES ('Audit minutes', '2026-03-05T18:00:00Z', {meeting}, 'audit.pdf', 10, 'search-audit')"
        ),
    );
    extracted(&app, "uploaded_minutes", uploaded, "Signed by the bison chair.");
    let message = post_json(
        &app,
        &member,
        &format!("/api/committees/{committee}/messages"),
        json!({"message": "The badger figures are in."}),
    )["id"]
        .as_i64()
        .unwrap();
    let document = insert(
        &app,
        &format!(
            "INSERT INTO committee_documents (committee_id, title, file_name, mime_type, file_size, storage_key) \
             VALUES ({committee}, 'Auditor letter', 'letter.pdf', 'application/pdf', 10, 'search-letter')"
        ),
    );
    extracted(&app, "committee_document", document, "The falcon auditors wrote.");
    // A notice outside the committee shares a word with the hidden paper: only the notice is counted.
    let public = notice(&app, &chair, "Jackal sightings", "Seen near the office.");

    let action = app.scalar_i64(&format!(
        "SELECT action_id::int8 AS value FROM minute_entries WHERE id = {}",
        entries[1]
    ));
    let secrets = [
        ("gazelle", "agendaItem", item),
        ("hyena", "decision", entries[0]),
        ("walrus", "action", action),
        ("bison", "uploadedMinutes", uploaded),
        ("badger", "chatMessage", message),
        ("falcon", "committeeDocument", document),
    ];
    let check = |app: &TestApp| {
        for (word, kind, id) in secrets {
            finds_nothing(app, &outsider, word);
            finds_one(app, &member, word, kind, id);
            finds_one(app, &chair, word, kind, id);
        }
        // The minutes: the decision's and action's words are in the written minutes too.
        finds_nothing(app, &outsider, "hyena walrus");
        assert_eq!(search(app, &member, &[("q", "hyena walrus")])["counts"], json!({"writtenMinutes": 1}));
        // The paper: the outsider finds only the public notice, and its snippet holds no word of the paper.
        let body = search(app, &outsider, &[("q", "jackal")]);
        assert_eq!(found(&body), [("notice".to_string(), public)]);
        assert_eq!((body["counts"].clone(), body["total"].clone()), (json!({"notice": 1}), json!(1)));
        assert!(!snippet_text(&body["results"][0]).contains("account"));
        let body = search(app, &member, &[("q", "jackal")]);
        assert_eq!(body["counts"], json!({"agendaPaper": 1, "notice": 1}));
        // A committee filter does not open it either.
        let body = search(app, &outsider, &[("q", "badger"), ("committeeId", &committee.to_string())]);
        assert_eq!(body["total"], 0);
    };
    check(&app);
    // The member's result names its committee and meeting.
    let result = finds_one(&app, &member, "gazelle", "agendaItem", item);
    assert_eq!(result["meeting"], json!({"id": meeting, "title": "Audit committee"}));
    assert_eq!(result["committee"], json!({"id": committee, "name": "Audit"}));

    // Archived, the committee stays searchable by its members (and no one else).
    status(
        app.patch(&format!("/api/committees/{committee}/archive")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    check(&app);

    // An action of the committee's minutes assigned to the outsider: they see their own action, nothing else.
    app.execute(&format!("UPDATE actions SET assigned_to = {} WHERE id = {action}", outsider.id));
    let result = finds_one(&app, &outsider, "walrus", "action", action);
    assert_eq!(result["meeting"], Value::Null, "the meeting stays hidden");
    assert_eq!(result["committee"], Value::Null);
    finds_nothing(&app, &outsider, "hyena");
    // Nor do the filters tell where it came from: the meeting's and the committee's ids find nothing.
    for (filter, id) in [("meetingId", meeting), ("committeeId", committee)] {
        let body = search(&app, &outsider, &[("q", "walrus"), (filter, &id.to_string())]);
        assert_eq!((body["total"].clone(), body["counts"].clone()), (json!(0), json!({})), "{filter}");
        let body = search(&app, &member, &[("q", "walrus"), (filter, &id.to_string())]);
        assert_eq!(body["counts"]["action"], 1, "{filter}");
    }
    // Once the meeting is deleted its actions stay with the committee (committee_only).
    app.execute(&format!("UPDATE actions SET assigned_to = {} WHERE id = {action}", member.id));
    status(app.delete(&format!("/api/meetings/{meeting}")).auth(&chair).send().unwrap(), StatusCode::OK);
    finds_nothing(&app, &outsider, "walrus");
    finds_one(&app, &member, "walrus", "action", action);
    finds_nothing(&app, &member, "gazelle");
}

#[test]
fn a_draft_agenda_and_draft_minutes_are_found_by_officers_only() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    let meeting = board_meeting(&app, &chair, "May board", "2026-05-07T18:00:00Z");
    let item = app.add_agenda_item(&chair, meeting, &item("Heron sanctuary"));
    let paper = app.upload_agenda_pdf(&chair, meeting, item, "survey.pdf", files::pdf());
    extracted(&app, "agenda_paper", paper, "Counting the stork nests.");

    for officer in [&admin, &chair] {
        finds_one(&app, officer, "heron", "agendaItem", item);
        finds_one(&app, officer, "stork", "agendaPaper", paper);
    }
    finds_nothing(&app, &trustee, "heron");
    finds_nothing(&app, &trustee, "stork");
    app.publish_agenda(&chair, meeting);
    finds_one(&app, &trustee, "heron", "agendaItem", item);
    finds_one(&app, &trustee, "stork", "agendaPaper", paper);

    let entries = write_minutes(
        &app,
        &chair,
        meeting,
        &[json!({"kind": "decision", "text": "Buy the puffin boxes.", "agendaItemId": item})],
    );
    let minutes = written_minutes_id(&app, meeting);
    finds_nothing(&app, &trustee, "puffin");
    for officer in [&admin, &chair] {
        let body = search(&app, officer, &[("q", "puffin")]);
        assert_eq!(body["counts"], json!({"writtenMinutes": 1, "decision": 1}));
    }
    circulate(&app, &chair, meeting);
    let body = search(&app, &trustee, &[("q", "puffin")]);
    let mut got = found(&body);
    got.sort();
    assert_eq!(got, [("decision".to_string(), entries[0]), ("writtenMinutes".to_string(), minutes)]);

    // A correction drafts a new version: trustees keep reading the circulated one, and the register
    // (current version only) hides the draft's decisions from them, as the decisions register does.
    app.execute(&format!("UPDATE written_minutes SET status = 'approved', approved_on = '2026-06-01', approved_at_meeting_title = 'June' WHERE id = {minutes}"));
    json_of(
        app.post(&minutes_path(meeting, "/corrections"))
            .auth(&chair)
            .json(&json!({"reason": "Typo"}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let draft = written_minutes_id(&app, meeting);
    assert_ne!(draft, minutes);
    assert_eq!(
        found(&search(&app, &trustee, &[("q", "puffin"), ("kind", "writtenMinutes")])),
        [("writtenMinutes".to_string(), minutes)]
    );
    assert_eq!(
        found(&search(&app, &chair, &[("q", "puffin"), ("kind", "writtenMinutes")])),
        [("writtenMinutes".to_string(), draft)]
    );
    let register = json_of(app.get("/api/decisions").auth(&trustee).send().unwrap(), StatusCode::OK);
    assert_eq!(register, json!([]));
    assert_eq!(search(&app, &trustee, &[("q", "puffin"), ("kind", "decision")])["total"], 0);
}

#[test]
fn the_register_of_interests_follows_its_visibility_setting() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let owner = app.signed_in_named(Role::Trustee, "Olive Owner");
    let other = app.signed_in_named(Role::Trustee, "Theo Other");
    let interest = post_json(
        &app,
        &owner,
        "/api/interests",
        json!({"kind": "trusteeship", "organisation": "Kestrel Trust", "nature": "Trustee", "startedOn": "2024-01-01"}),
    )["id"]
        .as_i64()
        .unwrap();
    for who in [&chair, &owner, &other] {
        finds_one(&app, who, "kestrel", "interest", interest);
    }
    // Found under the trustee's name too.
    finds_one(&app, &other, "olive", "interest", interest);

    let limit = json!({"registerVisibility": "officers"});
    json_of(app.put("/api/governance/settings").auth(&chair).json(&limit).send().unwrap(), StatusCode::OK);
    finds_nothing(&app, &other, "kestrel");
    finds_one(&app, &owner, "kestrel", "interest", interest);
    finds_one(&app, &chair, "kestrel", "interest", interest);
}

#[test]
fn an_agenda_item_is_found_by_the_name_of_the_trustee_presenting_it() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let presenter = app.signed_in_named(Role::Trustee, "Priya Quennell");
    let meeting = board_meeting(&app, &chair, "Board", "2026-06-02T18:00:00Z");
    let item = app.add_agenda_item(
        &chair,
        meeting,
        &json!({"title": "Reserves policy", "purpose": "decision", "durationMinutes": 10,
               "presenterUserId": presenter.id}),
    );
    app.publish_agenda(&chair, meeting);
    finds_one(&app, &chair, "quennell", "agendaItem", item);
    // Renamed, the presenter is found by the new name only.
    app.execute(&format!("UPDATE users SET name = 'Priya Rowntree' WHERE id = {}", presenter.id));
    finds_one(&app, &chair, "rowntree", "agendaItem", item);
    finds_nothing(&app, &chair, "quennell");
}

/// Real files uploaded through the API (a PDF, a DOCX and an XLSX made here) are found by a word inside
/// them once the background worker has read them (spec §15, Text from files).
#[test]
fn uploaded_files_are_found_by_a_word_inside_them_once_read() {
    use text_extract::fixtures;
    let app = TestApp::spawn_with_file_texts();
    let admin = app.signed_in_as(Role::Admin);
    let trustee = app.signed_in_as(Role::Trustee);
    let upload = |title: &str, name: &str, bytes: Vec<u8>| {
        let form = files::form(
            &[("title", title), ("category", "policies")],
            Some(files::file_part(bytes, name, "application/octet-stream")),
        );
        json_of(app.post("/api/documents").auth(&admin).multipart(form).send().unwrap(), StatusCode::CREATED)
            ["id"]
            .as_i64()
            .unwrap()
    };
    let pdf = upload(
        "Premises paper",
        "premises.pdf",
        fixtures::pdf(&["The dilapidations schedule for the lease."]),
    );
    let docx =
        upload("Staff handbook", "handbook.docx", fixtures::docx(&["Lone working needs a buddy system."]));
    let xlsx = upload(
        "Budget sheet",
        "budget.xlsx",
        fixtures::xlsx("Budget", &[&["Line", "Amount"], &["Honoraria", "900"]]),
    );
    for (word, id, is_pdf) in
        [("dilapidations", pdf, true), ("buddy", docx, false), ("honoraria", xlsx, false)]
    {
        let started = std::time::Instant::now();
        let result = loop {
            let body = search(&app, &trustee, &[("q", word)]);
            if body["total"] == 1 {
                break body["results"][0].clone();
            }
            assert!(
                started.elapsed() < std::time::Duration::from_secs(20),
                "{word} not found within 20 s: {body}"
            );
            std::thread::sleep(std::time::Duration::from_millis(100));
        };
        assert_eq!((result["kind"].as_str(), result["id"].as_i64()), (Some("document"), Some(id)), "{word}");
        assert_eq!(result["open"]["pdf"], is_pdf, "{word}");
        assert_eq!(hits(&result), [word], "{word}");
    }
}
