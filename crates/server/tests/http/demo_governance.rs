//! The demo board's governance (spec §10 Governance): a register with current and past interests, a closed
//! declarations round with one trustee outstanding, a trustee past nine years, one passed and one open
//! written resolution.

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
}
