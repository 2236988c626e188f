//! The demo board's governance (spec §10 Governance): a register with current and past interests, a closed
//! declarations round with one trustee outstanding, a trustee past nine years, one passed and one open
//! written resolution; a skills matrix with gaps and one succession warning; last year's board evaluation
//! closed with results, this year's open.

use chrono::Datelike;

use crate::common::{json_of, Authed, Session, TestApp};
use reqwest::StatusCode;
use serde_json::Value;
use server::demo::{self, Outcome, DEMO_PASSWORD};

fn get(app: &TestApp, who: &Session, path: &str) -> Value {
    json_of(app.get(path).auth(who).send().unwrap(), StatusCode::OK)
}

#[test]
fn the_demo_board_has_its_governance() {
    let app = TestApp::spawn();
    assert!(matches!(demo::seed(&app.state, &app.pool, false).unwrap(), Outcome::Seeded(_)));
    let chair = app.sign_in("margaret.okafor@example.org", DEMO_PASSWORD);

    let register = get(&app, &chair, "/api/interests");
    let register = register.as_array().unwrap();
    assert!(register.iter().filter(|e| e["current"] == true).count() >= 3);
    assert!(register.iter().filter(|e| e["current"] == false).count() >= 2);
    let ended = register.iter().find(|e| e["organisation"] == "Recovery Café CIC").unwrap();
    let history = get(&app, &chair, &format!("/api/interests/{}/history", ended["id"]));
    assert_eq!(history.as_array().unwrap().len(), 2, "added, then ended");

    let rounds = get(&app, &chair, "/api/declaration-rounds");
    assert_eq!(rounds.as_array().unwrap().len(), 1);
    assert!(rounds[0]["closedAt"].is_string());
    assert_eq!(rounds[0]["members"].as_i64().unwrap() - rounds[0]["declared"].as_i64().unwrap(), 1);
    let round = get(&app, &chair, &format!("/api/declaration-rounds/{}", rounds[0]["id"]));
    let outstanding: Vec<&Value> =
        round["members"].as_array().unwrap().iter().filter(|m| m["declared"] == false).collect();
    assert_eq!(outstanding[0]["name"], "Liam Doyle");

    let warnings = get(&app, &chair, "/api/terms/warnings");
    let long = warnings.as_array().unwrap().iter().find(|t| t["pastNineYears"] == true).unwrap();
    assert_eq!(long["name"], "Margaret Okafor");
    assert!(warnings
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["name"] == "Sandeep Gill" && t["termEndingSoon"] == true));

    let resolutions = get(&app, &chair, "/api/resolutions");
    let statuses: Vec<&str> =
        resolutions.as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["open", "passed"]);
    assert_eq!(resolutions[1]["decidedEarly"], true);
    assert_eq!(resolutions[1]["papers"][0]["title"], "Budget and Cash-flow Forecast");
    assert_eq!(resolutions[0]["eligibleCount"], 7, "the Treasurer is conflicted");

    // The skills matrix: every serving trustee rated themselves; gaps; finance rests on the Treasurer alone,
    // whose term ends within the year.
    let matrix = get(&app, &chair, "/api/skills/matrix");
    let skills = matrix["skills"].as_array().unwrap();
    let column = |name: &str| skills.iter().find(|s| s["name"] == name).unwrap_or_else(|| panic!("{name}"));
    let warned: Vec<&str> = skills
        .iter()
        .filter(|s| s["successionWarning"] == true)
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(warned, ["Finance"], "{matrix}");
    assert_eq!(
        (column("Finance")["strongCount"].as_i64(), column("Finance")["cover"].as_str()),
        (Some(1), Some("strong"))
    );
    assert_eq!(column("Legal")["cover"], "some-only");
    assert_eq!(column("Fundraising")["cover"], "some-only");
    assert_eq!(column("Clinical or health")["cover"], "nobody");
    let finance = skills.iter().position(|s| s["name"] == "Finance").unwrap();
    let sandeep =
        matrix["trustees"].as_array().unwrap().iter().find(|t| t["name"] == "Sandeep Gill").unwrap();
    assert_eq!(
        (sandeep["levels"][finance].as_str(), sandeep["leavingWithinAYear"].as_bool()),
        (Some("strong"), Some(true))
    );
    for trustee in matrix["trustees"].as_array().unwrap() {
        let rated = trustee["levels"].as_array().unwrap().iter().any(|level| level != "none");
        assert!(rated, "every serving trustee rated themselves: {trustee}");
    }

    // Last year's evaluation, closed with results; this year's open, with two answers so far.
    let year = chrono::Utc::now().date_naive().year();
    let rounds = get(&app, &chair, "/api/evaluation-rounds");
    let rounds = rounds.as_array().unwrap();
    assert_eq!(rounds.len(), 2, "{rounds:?}");
    let round = |title: String| rounds.iter().find(|r| r["title"] == title.as_str()).unwrap().clone();
    let last = round(format!("Board evaluation {}", year - 1));
    assert_eq!((last["status"].as_str(), last["answered"].as_i64()), (Some("closed"), Some(6)));
    assert!(last["closesOn"].as_str().unwrap().starts_with(&format!("{}-10-", year - 1)));
    let results = get(&app, &chair, &format!("/api/evaluation-rounds/{}/results", last["id"]));
    let statements = results["statements"].as_array().unwrap();
    assert_eq!(statements.len(), 35);
    assert!(statements.iter().all(|s| s["median"].is_number()), "every statement has a median");
    let answers: Vec<&Value> =
        results["texts"].as_array().unwrap().iter().flat_map(|t| t["answers"].as_array().unwrap()).collect();
    assert!(answers.len() >= 8, "{answers:?}");
    let this = round(format!("Board evaluation {year}"));
    assert_eq!((this["status"].as_str(), this["answered"].as_i64()), (Some("open"), Some(2)));
    assert!(this["closesOn"].as_str().unwrap() > chrono::Utc::now().date_naive().to_string().as_str());
}
