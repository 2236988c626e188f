//! The audit log (spec §12 Audit log): events are recorded where they happen, admins read and export
//! them, and neither the API nor SQL can change them; old ones are pruned.

use std::collections::BTreeSet;

use domain::identity::role::Role;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::files::{file_part, form, pdf};
use crate::common::{error_of, json_of, Authed, Session, TestApp, PASSWORD};

const PDF_MIME: &str = "application/pdf";

fn events(app: &TestApp, admin: &Session, query: &str) -> Value {
    json_of(app.get(&format!("/api/audit-events{query}")).auth(admin).send().unwrap(), StatusCode::OK)
}

fn kinds(page: &Value) -> Vec<String> {
    page["items"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap().to_string()).collect()
}

fn of_kind(app: &TestApp, admin: &Session, kind: &str) -> Vec<Value> {
    events(app, admin, &format!("?kind={kind}&limit=200"))["items"].as_array().unwrap().clone()
}

/// Runs SQL and answers the database's error message, if any.
fn sql_error(app: &TestApp, sql: &str) -> Option<String> {
    use diesel::RunQueryDsl;
    let mut conn = app.pool.get().unwrap();
    diesel::sql_query(sql).execute(&mut conn).err().map(|e| e.to_string())
}

/// Uploads a PDF with these fields to `path` (`/api/documents`, say) as `uploader`, then downloads it and
/// opens it by a view ticket as `reader`: answers its id.
fn upload_download_and_view(
    app: &TestApp,
    uploader: &Session,
    reader: &Session,
    path: &str,
    fields: &[(&str, &str)],
    file_name: &str,
) -> i64 {
    let id = app.upload_pdf_to(uploader, path, fields, file_name);
    assert_eq!(
        app.get(&format!("{path}/{id}/download")).auth(reader).send().unwrap().status(),
        StatusCode::OK
    );
    let url = app.view_ticket_url(reader, &format!("{path}/{id}"));
    assert_eq!(app.get(&url).send().unwrap().status(), StatusCode::OK);
    id
}

#[test]
fn each_wired_event_is_recorded_with_who_what_and_the_address() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);

    // Sign-in failure and success, sign-out.
    let (trustee_id, trustee_email) = app.create_user(Role::Trustee, "Tom Trustee");
    assert_eq!(app.login(&trustee_email, "wrong-password").status(), StatusCode::UNAUTHORIZED);
    let token =
        json_of(app.login(&trustee_email, PASSWORD), StatusCode::OK)["token"].as_str().unwrap().to_string();
    json_of(app.post("/api/auth/logout").bearer_auth(&token).send().unwrap(), StatusCode::OK);

    // Accounts: create, edit (role and status apart), officer's password reset, temporary password
    // replaced, delete.
    let created = json_of(
        app.post("/api/users")
            .auth(&admin)
            .json(&json!({"name": "Nina New", "email": "nina@example.org", "password": "a-long-password", "role": "trustee"}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    );
    let nina = created["id"].as_i64().unwrap();
    let edit = json!({"name": "Nina N", "email": "nina@example.org", "role": "chair", "active": false});
    json_of(app.put(&format!("/api/users/{nina}")).auth(&admin).json(&edit).send().unwrap(), StatusCode::OK);
    let reset = json_of(
        app.post("/api/auth/admin-reset-password")
            .auth(&admin)
            .json(&json!({"userId": trustee_id}))
            .send()
            .unwrap(),
        StatusCode::OK,
    );
    let temp = reset["tempPassword"].as_str().unwrap();
    let temp_token =
        json_of(app.login(&trustee_email, temp), StatusCode::OK)["token"].as_str().unwrap().to_string();
    json_of(
        app.post("/api/auth/change-password-temp")
            .bearer_auth(&temp_token)
            .json(&json!({"newPassword": "another-long-password"}))
            .send()
            .unwrap(),
        StatusCode::OK,
    );
    json_of(app.delete(&format!("/api/users/{nina}")).auth(&admin).send().unwrap(), StatusCode::OK);

    // Documents: upload, download, view, delete.
    let doc_fields = [("title", "Safeguarding case"), ("category", "safeguarding")];
    let doc = upload_download_and_view(&app, &chair, &admin, "/api/documents", &doc_fields, "case.pdf");
    json_of(app.delete(&format!("/api/documents/{doc}")).auth(&chair).send().unwrap(), StatusCode::OK);

    // Minutes: upload, download, view.
    let minutes_fields = [("title", "March board"), ("meetingDate", "2026-03-05T18:30:00Z")];
    upload_download_and_view(&app, &chair, &admin, "/api/minutes", &minutes_fields, "m.pdf");

    // Committees: members in and out, a document up and down.
    let committee = app.create_committee(&admin, "Finance");
    app.add_committee_member(&admin, committee, trustee_id, "member");
    json_of(
        app.delete(&format!("/api/committees/{committee}/members/{trustee_id}")).auth(&admin).send().unwrap(),
        StatusCode::OK,
    );
    let cdoc_form = form(&[("title", "Budget")], Some(file_part(pdf(), "budget.pdf", PDF_MIME)));
    let cdoc = json_of(
        app.post(&format!("/api/committees/{committee}/documents"))
            .auth(&admin)
            .multipart(cdoc_form)
            .send()
            .unwrap(),
        StatusCode::CREATED,
    )["id"]
        .as_i64()
        .unwrap();
    let download = app
        .get(&format!("/api/committees/{committee}/documents/{cdoc}/download"))
        .auth(&admin)
        .send()
        .unwrap();
    assert_eq!(download.status(), StatusCode::OK);

    // A notice deleted, a setting changed.
    let notice = json_of(
        app.post("/api/notices")
            .auth(&chair)
            .json(&json!({"title": "AGM", "content": "Moved"}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    )["id"]
        .as_i64()
        .unwrap();
    json_of(app.delete(&format!("/api/notices/{notice}")).auth(&chair).send().unwrap(), StatusCode::OK);
    json_of(
        app.put("/api/governance/settings")
            .auth(&admin)
            .json(&json!({"registerVisibility": "officers"}))
            .send()
            .unwrap(),
        StatusCode::OK,
    );

    let all = events(&app, &admin, "?limit=200");
    let recorded: BTreeSet<String> = kinds(&all).into_iter().collect();
    for kind in [
        "sign_in_succeeded",
        "sign_in_failed",
        "signed_out",
        "password_changed",
        "password_reset",
        "user_created",
        "user_updated",
        "user_role_changed",
        "user_status_changed",
        "user_deleted",
        "document_uploaded",
        "document_downloaded",
        "document_viewed",
        "document_deleted",
        "minutes_uploaded",
        "minutes_downloaded",
        "minutes_viewed",
        "committee_member_added",
        "committee_member_removed",
        "committee_document_uploaded",
        "committee_document_downloaded",
        "notice_deleted",
        "settings_changed",
    ] {
        assert!(recorded.contains(kind), "no {kind} event in {recorded:?}");
    }
    assert_eq!(all["total"].as_i64().unwrap(), all["items"].as_array().unwrap().len() as i64);

    // Who, what, which object, from where.
    let failed = &of_kind(&app, &admin, "sign_in_failed")[0];
    assert_eq!(failed["actorId"], Value::Null);
    assert_eq!(failed["objectLabel"], trustee_email.as_str());
    assert_eq!(failed["clientAddress"], "127.0.0.1");
    assert_eq!(failed["details"], "refused with 401");
    let viewed = &of_kind(&app, &admin, "document_viewed")[0];
    assert_eq!(viewed["actorId"], admin.id);
    assert_eq!(viewed["actorEmail"], admin.email.as_str());
    assert_eq!(
        (viewed["objectType"].as_str(), viewed["objectId"].as_str()),
        (Some("document"), Some(doc.to_string().as_str()))
    );
    assert_eq!(viewed["objectLabel"], "Safeguarding case");
    let role = &of_kind(&app, &admin, "user_role_changed")[0];
    assert_eq!(role["details"], "role: trustee -> chair");
    assert_eq!(role["objectLabel"], "Nina N <nina@example.org>");
    let deleted = &of_kind(&app, &admin, "user_deleted")[0];
    assert_eq!(deleted["objectLabel"], "Nina N <nina@example.org>");
    let removed = &of_kind(&app, &admin, "committee_member_removed")[0];
    assert!(removed["objectLabel"].as_str().unwrap().starts_with("Tom Trustee <"), "{removed}");
    let occurred = viewed["occurredAt"].as_str().unwrap();
    assert!(chrono::DateTime::parse_from_rfc3339(occurred).is_ok() && occurred.ends_with('Z'), "{occurred}");
}

#[test]
fn admins_filter_and_page_newest_first_and_others_are_refused() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let trustee = app.signed_in_as(Role::Trustee);
    for who in [&chair, &trustee] {
        let message = error_of(app.get("/api/audit-events").auth(who).send().unwrap(), StatusCode::FORBIDDEN);
        assert_eq!(message, "Only admins can read the audit log.");
        error_of(app.get("/api/audit-events.csv").auth(who).send().unwrap(), StatusCode::FORBIDDEN);
    }
    error_of(app.get("/api/audit-events").send().unwrap(), StatusCode::UNAUTHORIZED);

    // Three sign-ins (admin, chair, trustee) so far; newest first.
    let all = events(&app, &admin, "");
    assert_eq!(all["total"], 3);
    assert_eq!((all["page"].as_i64(), all["limit"].as_i64()), (Some(1), Some(50)));
    let actors: Vec<_> =
        all["items"].as_array().unwrap().iter().map(|e| e["actorId"].as_i64().unwrap()).collect();
    assert_eq!(actors, [trustee.id as i64, chair.id as i64, admin.id as i64]);

    let second = events(&app, &admin, "?page=2&limit=1");
    assert_eq!(second["total"], 3);
    assert_eq!(second["items"][0]["actorId"], chair.id);
    assert_eq!(events(&app, &admin, "?page=4&limit=1")["items"], json!([]));

    let by_person = events(&app, &admin, &format!("?userId={}", chair.id));
    assert_eq!(
        (by_person["total"].as_i64(), by_person["items"][0]["actorId"].as_i64()),
        (Some(1), Some(chair.id as i64))
    );
    assert_eq!(events(&app, &admin, "?kind=signed_out")["total"], 0);
    assert_eq!(events(&app, &admin, "?kind=sign_in_succeeded&userId=&from=")["total"], 3);

    let today = chrono::Utc::now().date_naive();
    let tomorrow = today.succ_opt().unwrap();
    assert_eq!(events(&app, &admin, &format!("?from={today}&to={today}"))["total"], 3);
    assert_eq!(events(&app, &admin, &format!("?from={tomorrow}"))["total"], 0);
    assert_eq!(events(&app, &admin, &format!("?to={}", today.pred_opt().unwrap()))["total"], 0);

    for bad in [
        "?kind=sign_in",
        "?from=2026-02-30",
        "?from=2026-03-05&to=2026-03-04",
        "?limit=0",
        "?limit=201",
        "?page=0",
    ] {
        let response = app.get(&format!("/api/audit-events{bad}")).auth(&admin).send().unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    error_of(app.get("/api/audit-events?userId=abc").auth(&admin).send().unwrap(), StatusCode::BAD_REQUEST);
}

#[test]
fn the_csv_export_holds_the_filtered_events_with_formulas_neutralised() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let notice = json_of(
        app.post("/api/notices")
            .auth(&admin)
            .json(&json!({"title": "=HYPERLINK(\"http://x\")", "content": "x"}))
            .send()
            .unwrap(),
        StatusCode::CREATED,
    )["id"]
        .as_i64()
        .unwrap();
    json_of(app.delete(&format!("/api/notices/{notice}")).auth(&admin).send().unwrap(), StatusCode::OK);

    let response = app.get("/api/audit-events.csv?kind=notice_deleted").auth(&admin).send().unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("audit-log.csv"));
    let text = response.text().unwrap();
    let lines: Vec<_> = text.lines().collect();
    assert_eq!(lines[0], "Time (UTC),Event,Actor,Actor e-mail,Object type,Object id,Object,Details,Address");
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[1].contains(",notice_deleted,Ada Admin,"), "{}", lines[1]);
    assert!(lines[1].contains("\"'=HYPERLINK(\"\"http://x\"\")\""), "{}", lines[1]);
    let everything = app.get("/api/audit-events.csv").auth(&admin).send().unwrap().text().unwrap();
    assert_eq!(everything.lines().count(), 3, "header, sign-in, notice deleted: {everything}");
    error_of(
        app.get("/api/audit-events.csv?kind=nope").auth(&admin).send().unwrap(),
        StatusCode::BAD_REQUEST,
    );
}

#[test]
fn neither_the_api_nor_sql_can_change_an_event() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    let chair = app.signed_in_as(Role::Chair);
    let id = events(&app, &admin, "")["items"][0]["id"].as_i64().unwrap();

    for method in
        [reqwest::Method::PUT, reqwest::Method::PATCH, reqwest::Method::DELETE, reqwest::Method::POST]
    {
        let response =
            app.client.request(method.clone(), app.url("/api/audit-events")).auth(&admin).send().unwrap();
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{method}");
        assert_eq!(response.headers()["allow"], "GET");
        let one = app
            .client
            .request(method.clone(), app.url(&format!("/api/audit-events/{id}")))
            .auth(&admin)
            .send()
            .unwrap();
        assert_eq!(one.status(), StatusCode::NOT_FOUND, "{method}");
    }

    let refused = sql_error(&app, &format!("UPDATE audit_events SET details = 'rewritten' WHERE id = {id}"));
    assert!(refused.unwrap().contains("append-only"));
    let refused = sql_error(&app, "UPDATE audit_events SET actor_id = NULL");
    assert!(refused.unwrap().contains("append-only"));
    let refused = sql_error(&app, &format!("DELETE FROM audit_events WHERE id = {id}"));
    assert!(refused.unwrap().contains("append-only"));
    assert!(sql_error(&app, "TRUNCATE audit_events").unwrap().contains("append-only"));
    assert_eq!(app.rows("audit_events"), 2);

    // Deleting an account keeps its history, still naming who it was.
    json_of(app.delete(&format!("/api/users/{}", chair.id)).auth(&admin).send().unwrap(), StatusCode::OK);
    let sign_in = &events(&app, &admin, "?kind=sign_in_succeeded")["items"][0];
    assert_eq!(sign_in["actorId"], Value::Null);
    assert_eq!(sign_in["actorName"], "Chris Chair");
    assert_eq!(sign_in["actorEmail"], chair.email.as_str());
}

#[test]
fn pruning_removes_only_events_past_the_retention_period() {
    let app = TestApp::spawn();
    let admin = app.signed_in_as(Role::Admin);
    app.execute(
        "INSERT INTO audit_events (occurred_at, kind, details) VALUES \
         (now() - interval '2556 days', 'signed_out', 'too old'), \
         (now() - interval '2554 days', 'signed_out', 'kept')",
    );
    assert_eq!(app.rows("audit_events"), 3);
    assert_eq!(app.state.audit.prune(2555).unwrap(), 1);
    assert_eq!(app.rows("audit_events"), 2);
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM audit_events WHERE details = 'too old'"), 0);
    // Pruning again finds nothing; the guard does not outlive the pruning transaction.
    assert_eq!(app.state.audit.prune(2555).unwrap(), 0);
    assert!(sql_error(&app, "DELETE FROM audit_events").unwrap().contains("append-only"));
    assert_eq!(events(&app, &admin, "")["total"], 2);
}

#[test]
fn a_reset_by_the_mailed_link_and_a_self_registration_are_recorded() {
    use crate::common::mail::{self, token_in, unique_name};
    let smtp = mail::server().smtp_url.clone();
    let app = TestApp::spawn_with(move |c| {
        c.mail.smtp_url = Some(smtp);
        c.allow_registration = true;
    });
    let admin = app.signed_in_as(Role::Admin);
    let (id, email) = app.create_user(Role::Trustee, &unique_name("Linked"));
    json_of(
        app.post("/api/auth/forgot-password").json(&json!({ "email": email })).send().unwrap(),
        StatusCode::OK,
    );
    let token = token_in(mail::wait_for(&email, 1)[0]["text"].as_str().unwrap());
    let reset = json!({ "token": token, "newPassword": "a brand new password" });
    json_of(app.post("/api/auth/reset-password").json(&reset).send().unwrap(), StatusCode::OK);
    let event = &of_kind(&app, &admin, "password_reset")[0];
    assert_eq!(event["actorId"], id);
    assert_eq!(event["objectId"], id.to_string());
    assert_eq!(event["details"], "reset with an e-mailed link");

    let register =
        json!({ "name": "Rita Registered", "email": "rita@example.org", "password": "a long password 1" });
    let registered =
        json_of(app.post("/api/auth/register").json(&register).send().unwrap(), StatusCode::CREATED);
    let created = &of_kind(&app, &admin, "user_created")[0];
    assert_eq!(created["actorId"], registered["user"]["id"]);
    assert_eq!(created["details"], "self-registered");
}
