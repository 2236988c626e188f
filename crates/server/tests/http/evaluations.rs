//! `/api/evaluation-rounds`: board evaluation (spec §17): anonymous answers, one per person, results from
//! three answers, the chair's appraisal and the CSV.

use chrono::{Duration, Utc};

use crate::common::{error_of, json_of, Authed, Session, TestApp};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn create(app: &TestApp, who: &Session, body: Value) -> reqwest::blocking::Response {
    app.post("/api/evaluation-rounds").auth(who).json(&body).send().unwrap()
}

/// A round created and opened by `officer`; answers the round.
fn opened(app: &TestApp, officer: &Session, body: Value) -> Value {
    let round = json_of(create(app, officer, body), StatusCode::CREATED);
    let id = round["id"].as_i64().unwrap();
    let closes_on = (Utc::now().date_naive() + Duration::days(14)).to_string();
    json_of(
        app.post(&format!("/api/evaluation-rounds/{id}/open"))
            .auth(officer)
            .json(&json!({"closesOn": closes_on}))
            .send()
            .unwrap(),
        StatusCode::OK,
    )
}

/// Every statement scored `score` (the first one "don't know"), every question answered with `text`.
fn answers(round: &Value, score: i64, text: &str) -> Value {
    let answers: Vec<Value> = round["questions"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(index, q)| match q["kind"].as_str().unwrap() {
            "scale" if index == 0 => json!({"questionId": q["id"], "dontKnow": true}),
            "scale" => json!({"questionId": q["id"], "score": score}),
            _ => json!({"questionId": q["id"], "text": text}),
        })
        .collect();
    json!({ "answers": answers })
}

fn answer(app: &TestApp, who: &Session, round: &Value, body: &Value) -> reqwest::blocking::Response {
    let id = round["id"].as_i64().unwrap();
    app.post(&format!("/api/evaluation-rounds/{id}/answers")).auth(who).json(body).send().unwrap()
}

fn results(app: &TestApp, who: &Session, round: &Value) -> reqwest::blocking::Response {
    let id = round["id"].as_i64().unwrap();
    app.get(&format!("/api/evaluation-rounds/{id}/results")).auth(who).send().unwrap()
}

#[test]
fn a_draft_is_built_from_the_code_and_edited_until_it_opens() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    error_of(create(&app, &tina, json!({"title": "2026"})), StatusCode::FORBIDDEN);
    let body = json_of(create(&app, &chair, json!({"title": ""})), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["title"], "Title must be 1 to 200 characters");

    let draft = json_of(create(&app, &chair, json!({"title": "Board evaluation 2026"})), StatusCode::CREATED);
    let questions = draft["questions"].as_array().unwrap();
    assert_eq!(questions.iter().filter(|q| q["kind"] == "scale").count(), 35);
    assert_eq!(questions.iter().filter(|q| q["kind"] == "text").count(), 3);
    assert_eq!(questions[0]["principle"], "Organisational purpose");
    assert_eq!(draft["status"], "draft");
    let id = draft["id"].as_i64().unwrap();
    // Trustees do not see drafts.
    error_of(
        app.get(&format!("/api/evaluation-rounds/{id}")).auth(&tina).send().unwrap(),
        StatusCode::NOT_FOUND,
    );
    let listed = json_of(app.get("/api/evaluation-rounds").auth(&tina).send().unwrap(), StatusCode::OK);
    assert_eq!(listed.as_array().unwrap().len(), 0);

    // Reorder, edit, remove and add in one replacement.
    let edited = json!({"title": "Board evaluation 2026 (short)", "questions": [
        {"principle": "Leadership", "kind": "scale", "text": questions[5]["text"]},
        {"principle": "Integrity", "kind": "scale", "text": "We declare our interests."},
        {"principle": "General", "kind": "text", "text": "Anything else?"},
    ]});
    let url = format!("/api/evaluation-rounds/{id}");
    let after = json_of(app.put(&url).auth(&chair).json(&edited).send().unwrap(), StatusCode::OK);
    let texts: Vec<&str> =
        after["questions"].as_array().unwrap().iter().map(|q| q["text"].as_str().unwrap()).collect();
    assert_eq!(texts[1..], ["We declare our interests.", "Anything else?"]);
    assert_eq!(after["title"], "Board evaluation 2026 (short)");
    let empty = json!({"title": "x", "questions": [{"principle": "P", "kind": "scale", "text": ""}]});
    let body = json_of(app.put(&url).auth(&chair).json(&empty).send().unwrap(), StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["questions[0].text"], "Text must be 1 to 500 characters");

    let past = json!({"closesOn": "2020-01-01"});
    let body = json_of(
        app.post(&format!("{url}/open")).auth(&chair).json(&past).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["closesOn"], "Closing date must not be in the past");
    let closes_on = (Utc::now().date_naive() + Duration::days(7)).to_string();
    let open = json_of(
        app.post(&format!("{url}/open")).auth(&chair).json(&json!({"closesOn": closes_on})).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(open["status"], "open");
    assert_eq!(open["closesOn"], closes_on);
    error_of(app.put(&url).auth(&chair).json(&edited).send().unwrap(), StatusCode::CONFLICT);
}

#[test]
fn answers_carry_no_ones_id_a_second_answer_is_refused_and_results_wait_for_three() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let ann = app.signed_in_named(Role::Trustee, "Ann Answer");
    let ben = app.signed_in_named(Role::Trustee, "Ben Answer");
    let round = opened(&app, &chair, json!({"title": "Board evaluation 2026"}));

    // A statement left unscored is a field error.
    let body = json_of(answer(&app, &ann, &round, &json!({"answers": []})), StatusCode::BAD_REQUEST);
    assert!(body["errors"]["answers[1]"].as_str().unwrap().contains("from 1 to 5"), "{body}");

    assert_eq!(
        answer(&app, &ann, &round, &answers(&round, 4, "Ann's view")).status(),
        StatusCode::NO_CONTENT
    );
    error_of(answer(&app, &ann, &round, &answers(&round, 1, "again")), StatusCode::CONFLICT);
    assert_eq!(
        answer(&app, &ben, &round, &answers(&round, 2, "Ben's view")).status(),
        StatusCode::NO_CONTENT
    );

    // The answers table has no column naming a person and no time finer than the day.
    let id = round["id"].as_i64().unwrap();
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS value FROM information_schema.columns WHERE table_name = 'evaluation_answers' \
             AND column_name NOT IN ('id', 'round_id', 'question_id', 'score', 'text', 'answered_on')"
        ),
        0
    );
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS value FROM information_schema.columns WHERE table_name = 'evaluation_answers' \
             AND (data_type LIKE 'timestamp%' OR data_type LIKE 'time %' OR column_name LIKE '%user%')"
        ),
        0
    );
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM evaluation_answers WHERE round_id = {id} \
             AND answered_on = CURRENT_DATE"
        )),
        2 * 38
    );
    // Who answered is recorded apart, with nothing else.
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM evaluation_respondents WHERE round_id = {id}"
        )),
        2
    );

    // Two answers: no results yet, for anyone.
    let message = error_of(results(&app, &chair, &round), StatusCode::FORBIDDEN);
    assert!(message.contains("at least 3 trustees"), "{message}");
    error_of(results(&app, &ann, &round), StatusCode::FORBIDDEN);
    let csv_url = format!("/api/evaluation-rounds/{id}/results/csv");
    error_of(app.get(&csv_url).auth(&chair).send().unwrap(), StatusCode::FORBIDDEN);

    assert_eq!(
        answer(&app, &chair, &round, &answers(&round, 5, "=Chair's view")).status(),
        StatusCode::NO_CONTENT
    );
    // Three answers, but still open: results that moved with each answer would tell what it said.
    let message = error_of(results(&app, &chair, &round), StatusCode::FORBIDDEN);
    assert!(message.contains("once the evaluation has closed"), "{message}");
    error_of(app.get(&csv_url).auth(&chair).send().unwrap(), StatusCode::FORBIDDEN);
    json_of(
        app.post(&format!("/api/evaluation-rounds/{id}/close")).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    let shown = json_of(results(&app, &chair, &round), StatusCode::OK);
    assert_eq!(shown["round"]["answered"], 3);
    let first = &shown["statements"][0];
    assert_eq!(first["dontKnow"], 3);
    assert_eq!(first["median"], Value::Null);
    let second = &shown["statements"][1];
    assert_eq!(second["counts"], json!([0, 1, 0, 1, 1]));
    assert_eq!(second["median"], 4.0);
    assert_eq!(second["previousMedian"], Value::Null);
    let mut texts: Vec<&str> =
        shown["texts"][0]["answers"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    texts.sort_unstable();
    assert_eq!(texts, ["=Chair's view", "Ann's view", "Ben's view"]);
    // Trustees do not read the board's results.
    error_of(results(&app, &ann, &round), StatusCode::FORBIDDEN);

    let response = app.get(&csv_url).auth(&chair).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let csv = response.text().unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next().unwrap(), "Principle,Statement,1,2,3,4,5,Don't know,Median,Previous median");
    assert!(
        csv.contains(&format!("Organisational purpose,{},0,0,0,0,0,3,-,-", first["text"].as_str().unwrap())),
        "{csv}"
    );
    assert!(csv.contains(",0,1,0,1,1,0,4.0,-"), "{csv}");
    // Free text is guarded against spreadsheet formulas.
    assert!(csv.contains("'=Chair's view"), "{csv}");
    assert!(!csv.contains("Ann Answer") && !csv.contains("Ben Answer"), "no names in the export");

    let pdf = app.get(&format!("/api/evaluation-rounds/{id}/results/pdf")).auth(&chair).send().unwrap();
    assert_eq!(pdf.status(), StatusCode::OK);
    assert!(pdf.bytes().unwrap().starts_with(b"%PDF"));

    // Closed: no more answers; the next round shows this one's median beside its own.
    let late = app.signed_in_named(Role::Trustee, "Lee Late");
    error_of(answer(&app, &late, &round, &answers(&round, 3, "")), StatusCode::CONFLICT);
    let next = opened(&app, &chair, json!({"title": "Board evaluation 2027"}));
    for who in [&ann, &ben, &late] {
        assert_eq!(answer(&app, who, &next, &answers(&next, 3, "")).status(), StatusCode::NO_CONTENT);
    }
    let close = |round: &Value| {
        let url = format!("/api/evaluation-rounds/{}/close", round["id"]);
        json_of(app.post(&url).auth(&chair).send().unwrap(), StatusCode::OK);
    };
    close(&next);
    let shown = json_of(results(&app, &chair, &next), StatusCode::OK);
    assert_eq!(shown["previousTitle"], "Board evaluation 2026");
    assert_eq!(shown["statements"][1]["median"], 3.0);
    assert_eq!(shown["statements"][1]["previousMedian"], 4.0);
    assert_eq!(shown["texts"][0]["answers"], json!([]));

    // A closed round answered by fewer than 3 is never compared with: its median would be one person's.
    let small = opened(&app, &chair, json!({"title": "Small round"}));
    for who in [&ann, &ben] {
        assert_eq!(answer(&app, who, &small, &answers(&small, 1, "")).status(), StatusCode::NO_CONTENT);
    }
    close(&small);
    let later = opened(&app, &chair, json!({"title": "Board evaluation 2028"}));
    for who in [&ann, &ben, &late] {
        assert_eq!(answer(&app, who, &later, &answers(&later, 5, "")).status(), StatusCode::NO_CONTENT);
    }
    close(&later);
    let shown = json_of(results(&app, &chair, &later), StatusCode::OK);
    assert_eq!(shown["previousTitle"], "Board evaluation 2027");
    assert_eq!(shown["statements"][1]["previousMedian"], 3.0);
}

#[test]
fn a_chairs_appraisal_leaves_the_chair_out_and_shows_the_vice_chair_the_results() {
    let app = TestApp::spawn();
    let admin = app.signed_in_named(Role::Admin, "Ada Admin");
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let vice = app.signed_in_named(Role::Trustee, "Vic Vice");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let body = json_of(
        create(&app, &admin, json!({"title": "Chair's appraisal", "kind": "chair"})),
        StatusCode::BAD_REQUEST,
    );
    assert_eq!(body["errors"]["appraisedUserId"], "Choose the chair being appraised");
    let appraisal = json!({"title": "Chair's appraisal", "kind": "chair", "appraisedUserId": chair.id, "resultsUserId": vice.id});
    // The chair appraised, though an officer, does not run their own appraisal.
    let draft = json_of(create(&app, &admin, appraisal.clone()), StatusCode::CREATED);
    let draft_url = format!("/api/evaluation-rounds/{}", draft["id"]);
    let message = error_of(
        app.put(&draft_url)
            .auth(&chair)
            .json(&json!({"title": "Mine", "questions": draft["questions"]}))
            .send()
            .unwrap(),
        StatusCode::FORBIDDEN,
    );
    assert!(message.contains("another admin or chair runs this appraisal"), "{message}");
    let open = app.post(&format!("{draft_url}/open")).auth(&chair).json(&json!({"closesOn": "2099-01-01"}));
    error_of(open.send().unwrap(), StatusCode::FORBIDDEN);
    // Its statements are about the chair, not the board.
    let statements: Vec<&str> =
        draft["questions"].as_array().unwrap().iter().filter_map(|q| q["text"].as_str()).collect();
    assert!(statements.iter().all(|t| t.starts_with("The chair") || t.contains("chair")), "{statements:?}");
    assert!(statements.contains(&"What does the chair do particularly well?"), "{statements:?}");

    let round = opened(&app, &admin, appraisal);
    assert_eq!(round["appraised"]["name"], "Chris Chair");
    assert_eq!(round["resultsReader"]["name"], "Vic Vice");

    let seen_by_chair = json_of(
        app.get(&format!("/api/evaluation-rounds/{}", round["id"])).auth(&chair).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(seen_by_chair["asked"], false);
    assert_eq!(seen_by_chair["canReadResults"], false);
    let message = error_of(answer(&app, &chair, &round, &answers(&round, 5, "")), StatusCode::FORBIDDEN);
    assert!(message.contains("being appraised"), "{message}");
    for who in [&admin, &vice, &tina] {
        assert_eq!(answer(&app, who, &round, &answers(&round, 4, "")).status(), StatusCode::NO_CONTENT);
    }
    let close = format!("/api/evaluation-rounds/{}/close", round["id"]);
    error_of(app.post(&close).auth(&chair).send().unwrap(), StatusCode::FORBIDDEN);
    json_of(app.post(&close).auth(&admin).send().unwrap(), StatusCode::OK);
    // The chair appraised never reads them, though a chair; the vice-chair does, though a trustee.
    error_of(results(&app, &chair, &round), StatusCode::FORBIDDEN);
    error_of(results(&app, &tina, &round), StatusCode::FORBIDDEN);
    let shown = json_of(results(&app, &vice, &round), StatusCode::OK);
    assert_eq!(shown["statements"][1]["median"], 4.0);
    // Nor does an admin: the appraisal's results are the vice-chair's alone.
    error_of(results(&app, &admin, &round), StatusCode::FORBIDDEN);
}

#[test]
fn reminders_reach_those_who_have_not_answered_once_a_day() {
    use crate::common::mail::unique_name;
    let app = TestApp::spawn_with_smtp();
    let chair = app.signed_in_named(Role::Chair, &unique_name("Evaluating Chair"));
    let done = app.signed_in_named(Role::Trustee, &unique_name("Done Trustee"));
    app.signed_in_named(Role::Trustee, &unique_name("Late Trustee"));
    let round = opened(&app, &chair, json!({"title": "Board evaluation 2026"}));
    // Opening tells everyone asked, once each.
    let announced = "SELECT count(*) AS value FROM mail_outbox WHERE kind = 'evaluation-reminder' \
                     AND subject = 'Board evaluation 2026' AND text_body LIKE '%is open: please answer it%'";
    assert_eq!(app.scalar_i64(announced), 3);
    assert_eq!(answer(&app, &done, &round, &answers(&round, 3, "")).status(), StatusCode::NO_CONTENT);
    let url = format!("/api/evaluation-rounds/{}/reminders", round["id"]);
    let reminded = json_of(app.post(&url).auth(&chair).send().unwrap(), StatusCode::OK);
    // The chair and the late trustee.
    assert_eq!(reminded, json!({"reminded": 2, "mailConfigured": true}));
    let again = json_of(app.post(&url).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(again, json!({"reminded": 0, "mailConfigured": true}), "the ledger keeps it to once a day");
    assert_eq!(
        app.scalar_i64(
            "SELECT count(*) AS value FROM mail_outbox WHERE kind = 'evaluation-reminder' \
             AND subject = 'Reminder: Board evaluation 2026'"
        ),
        2
    );
    assert_eq!(app.scalar_i64(announced), 3, "the announcement is not repeated");
    error_of(app.post(&url).auth(&done).send().unwrap(), StatusCode::FORBIDDEN);
}
