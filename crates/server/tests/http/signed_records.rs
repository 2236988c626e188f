//! Signatures beyond approved minutes (docs/spec.md §16 Signing): a passed written resolution certified
//! by the chair, each trustee's own declaration, and the trustee the board names to sign a meeting's
//! minutes. Each with the password in the request; refusals before it; the signed PDF checked by
//! `pdfsig` and `/api/verify` (a changed byte is not signed); every signature and wrong password audited.

use chrono::{Duration, Utc};
use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::signed_files::check_signed_pdf;
use crate::common::{error_of, json_of, Authed, Session, TestApp, PASSWORD};
use crate::declarations::code_of_conduct;
use crate::signatures::{circulated_minutes, path, post};

fn audit_count(app: &TestApp, kind: &str, object_type: &str, actor: i32) -> i64 {
    app.scalar_i64(&format!(
        "SELECT count(*) AS value FROM audit_events WHERE kind = '{kind}' AND object_type = '{object_type}' \
         AND actor_id = {actor}"
    ))
}

fn propose(app: &TestApp, chair: &Session, threshold: &str) -> i64 {
    let body = json!({"title": "Adopt the reserves policy", "text": "That the board adopts the reserves policy.",
                      "closesAt": (Utc::now() + Duration::days(7)).to_rfc3339(), "threshold": threshold});
    let created =
        json_of(app.post("/api/resolutions").auth(chair).json(&body).send().unwrap(), StatusCode::CREATED);
    created["id"].as_i64().unwrap()
}

fn vote(app: &TestApp, who: &Session, id: i64, choice: &str) {
    let response = app
        .post(&format!("/api/resolutions/{id}/votes"))
        .auth(who)
        .json(&json!({"vote": choice}))
        .send()
        .unwrap();
    json_of(response, StatusCode::CREATED);
}

#[test]
fn the_chair_certifies_a_passed_resolution_and_no_one_else_nor_an_open_or_failed_one() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let admin = app.signed_in_named(Role::Admin, "Ada Admin");
    let trustee = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let id = propose(&app, &chair, "majority");
    let certify = format!("/api/resolutions/{id}/certify");

    // Open: 409, whatever the password; no password at all: 400 before anything else.
    let refused = json_of(post(&app, &chair, &certify, json!({})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["password"].is_string(), "{refused}");
    let message = error_of(post(&app, &chair, &certify, json!({"password": PASSWORD})), StatusCode::CONFLICT);
    assert_eq!(message, "This resolution is still open: it can be certified once it has passed.");

    vote(&app, &chair, id, "for");
    vote(&app, &trustee, id, "for");
    let shown =
        json_of(app.get(&format!("/api/resolutions/{id}")).auth(&chair).send().unwrap(), StatusCode::OK);
    assert_eq!(shown["status"], "passed");

    // The wrong person (an admin, a trustee): 403, and no password attempt is spent.
    let message =
        error_of(post(&app, &admin, &certify, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only the chair can certify a written resolution.");
    error_of(post(&app, &trustee, &certify, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    assert_eq!(audit_count(&app, "signing_refused", "resolution", admin.id), 0);
    // A wrong password: 400 under the field, audited.
    let refused = json_of(
        post(&app, &chair, &certify, json!({"password": "not-my-password"})),
        StatusCode::BAD_REQUEST,
    );
    assert!(refused["errors"]["password"].is_string(), "{refused}");
    assert_eq!(audit_count(&app, "signing_refused", "resolution", chair.id), 1);
    error_of(
        app.get(&format!("/api/resolutions/{id}/signature")).auth(&trustee).send().unwrap(),
        StatusCode::NOT_FOUND,
    );

    let signed = json_of(post(&app, &chair, &certify, json!({"password": PASSWORD})), StatusCode::CREATED);
    assert_eq!(
        (signed["kind"].as_str(), signed["role"].as_str(), signed["method"].as_str()),
        (Some("resolution"), Some("Chair of the board"), Some("password"))
    );
    error_of(post(&app, &chair, &certify, json!({"password": PASSWORD})), StatusCode::CONFLICT);
    assert_eq!(audit_count(&app, "record_signed", "resolution", chair.id), 1);
    let row = app.scalar_text(
        "SELECT concat_ws(' ', kind, record_id, record_version, signer_id, method) AS value FROM signatures \
         WHERE kind = 'resolution'",
    );
    assert_eq!(row, Some(format!("resolution {id} 1 {} password", chair.id)));

    // Every member reads the certificate and downloads the certified PDF.
    let seen = json_of(
        app.get(&format!("/api/resolutions/{id}/signature")).auth(&trustee).send().unwrap(),
        StatusCode::OK,
    );
    assert_eq!(seen["verificationCode"], signed["verificationCode"]);
    check_signed_pdf(
        &app,
        &trustee,
        &format!("/api/resolutions/{id}/signed-pdf"),
        &signed,
        "Chair of the board",
    );

    // A resolution that failed has nothing to certify.
    let failed = propose(&app, &chair, "unanimous");
    vote(&app, &trustee, failed, "against");
    let message = error_of(
        post(&app, &chair, &format!("/api/resolutions/{failed}/certify"), json!({"password": PASSWORD})),
        StatusCode::CONFLICT,
    );
    assert_eq!(message, "Only a resolution that passed can be certified.");
    error_of(
        post(&app, &chair, "/api/resolutions/9999/certify", json!({"password": PASSWORD})),
        StatusCode::NOT_FOUND,
    );
}

#[test]
fn each_trustee_signs_their_own_declaration_which_they_and_the_officers_download() {
    let app = TestApp::spawn();
    let chair = app.signed_in_named(Role::Chair, "Chris Chair");
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let code = code_of_conduct(&app, &chair);
    let deadline = (Utc::now().date_naive() + Duration::days(30)).to_string();
    let round = json_of(
        app.post("/api/declaration-rounds")
            .auth(&chair)
            .json(&json!({"year": 2026, "deadline": deadline, "codeOfConductDocumentId": code}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    )["id"]
        .as_i64()
        .unwrap();
    let base = |who: &Session| format!("/api/declaration-rounds/{round}/declarations/{}", who.id);
    let sign = base(&tina) + "/sign";

    // Not declared yet: 409.
    let message = error_of(post(&app, &tina, &sign, json!({"password": PASSWORD})), StatusCode::CONFLICT);
    assert_eq!(message, "This declaration has not been made yet: make it before signing it.");
    let answers =
        json!({"registerComplete": true, "over18": true, "noDisqualification": true, "acceptsCode": true});
    json_of(
        app.post(&format!("/api/declaration-rounds/{round}/declaration"))
            .auth(&tina)
            .json(&answers)
            .send()
            .unwrap(),
        StatusCode::OK,
    );

    // Someone else's declaration, even for the chair: 403.
    let message = error_of(post(&app, &olly, &sign, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    assert_eq!(message, "Only the trustee who made a declaration can sign it.");
    error_of(post(&app, &chair, &sign, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    // No password, then a wrong one.
    let refused = json_of(post(&app, &tina, &sign, json!({})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["password"].is_string(), "{refused}");
    json_of(post(&app, &tina, &sign, json!({"password": "wrong-password"})), StatusCode::BAD_REQUEST);
    assert_eq!(audit_count(&app, "signing_refused", "declaration", tina.id), 1);
    error_of(
        post(
            &app,
            &tina,
            &format!("/api/declaration-rounds/9999/declarations/{}/sign", tina.id),
            json!({"password": PASSWORD}),
        ),
        StatusCode::NOT_FOUND,
    );

    let signed = json_of(post(&app, &tina, &sign, json!({"password": PASSWORD})), StatusCode::CREATED);
    assert_eq!(
        (signed["kind"].as_str(), signed["role"].as_str()),
        (Some("declaration"), Some("Trustee making the declaration"))
    );
    error_of(post(&app, &tina, &sign, json!({"password": PASSWORD})), StatusCode::CONFLICT);
    assert_eq!(audit_count(&app, "record_signed", "declaration", tina.id), 1);
    assert_eq!(
        app.scalar_i64(&format!(
            "SELECT count(*) AS value FROM signatures WHERE kind = 'declaration' AND record_id = {round} \
             AND record_user_id = {id} AND signer_id = {id}",
            id = tina.id
        )),
        1
    );

    // The trustee and the officers read it; another trustee gets 403; an unsigned one is 404.
    for who in [&tina, &chair] {
        let seen = json_of(app.get(&(base(&tina) + "/signature")).auth(who).send().unwrap(), StatusCode::OK);
        assert_eq!(seen["signedSha256"], signed["signedSha256"]);
    }
    error_of(app.get(&(base(&tina) + "/signature")).auth(&olly).send().unwrap(), StatusCode::FORBIDDEN);
    error_of(app.get(&(base(&tina) + "/signed-pdf")).auth(&olly).send().unwrap(), StatusCode::FORBIDDEN);
    error_of(app.get(&(base(&olly) + "/signature")).auth(&chair).send().unwrap(), StatusCode::NOT_FOUND);
    check_signed_pdf(&app, &chair, &(base(&tina) + "/signed-pdf"), &signed, "Trustee making the declaration");
}

#[test]
fn a_trustee_the_board_names_signs_the_minutes_besides_the_chair() {
    let app = TestApp::spawn();
    let chair = app.signed_in_as(Role::Chair);
    let admin = app.signed_in_as(Role::Admin);
    let tina = app.signed_in_named(Role::Trustee, "Tina Trustee");
    let olly = app.signed_in_named(Role::Trustee, "Olly Other");
    let (march, april) = circulated_minutes(&app, &chair);
    let signer = path(march, "/signer");
    let sign = path(march, "/sign");

    // Unapproved minutes: 409 even for the named trustee.
    let name = |who: &Session, body: Value| app.put(&signer).auth(who).json(&body).send().unwrap();
    error_of(name(&tina, json!({"userId": tina.id})), StatusCode::FORBIDDEN);
    let refused = json_of(name(&admin, json!({"userId": 999_999})), StatusCode::BAD_REQUEST);
    assert!(refused["errors"]["userId"].is_string(), "{refused}");
    let named = json_of(name(&admin, json!({"userId": tina.id})), StatusCode::OK);
    assert_eq!(named["signer"]["name"], "Tina Trustee");
    assert_eq!(audit_count(&app, "minutes_signer_named", "minutes", admin.id), 1);
    let seen = json_of(app.get(&signer).auth(&tina).send().unwrap(), StatusCode::OK);
    assert_eq!(seen["signer"]["userId"], tina.id);
    error_of(post(&app, &tina, &sign, json!({"password": PASSWORD})), StatusCode::CONFLICT);

    json_of(
        post(
            &app,
            &chair,
            &path(march, "/approve"),
            json!({"approvedOn": "2026-04-02", "approvedAtMeetingId": april.0}),
        ),
        StatusCode::OK,
    );
    // Another trustee and an admin are not the named signer.
    error_of(post(&app, &olly, &sign, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    error_of(post(&app, &admin, &sign, json!({"password": PASSWORD})), StatusCode::FORBIDDEN);
    let signed = json_of(post(&app, &tina, &sign, json!({"password": PASSWORD})), StatusCode::CREATED);
    assert_eq!(signed["role"], "Trustee named by the board to sign the minutes");
    // One signature per version: the chair cannot sign it again.
    error_of(post(&app, &chair, &sign, json!({"password": PASSWORD})), StatusCode::CONFLICT);
    check_signed_pdf(
        &app,
        &olly,
        &path(march, "/signed-pdf"),
        &signed,
        "Trustee named by the board to sign the minutes",
    );

    // Naming nobody leaves the chair.
    let cleared = json_of(name(&chair, json!({"userId": null})), StatusCode::OK);
    assert_eq!(cleared["signer"], Value::Null);
}
