//! The first admin is made on an empty database only.

use crate::common::{json_of, TestApp};
use reqwest::StatusCode;
use server::first_admin::{ensure_first_admin, DEFAULT_ADMIN_EMAIL};

#[test]
fn a_generated_first_admin_must_change_the_password() {
    let app = TestApp::spawn();
    let config = crate::common::test_config("unused", app.data_dir.path());
    let admin = ensure_first_admin(&config, &app.state.users).unwrap().unwrap();
    assert_eq!(admin.email, DEFAULT_ADMIN_EMAIL);
    let password = admin.generated_password.unwrap();
    let body = json_of(app.login(DEFAULT_ADMIN_EMAIL, &password), StatusCode::OK);
    assert_eq!(body["user"]["role"], "admin");
    assert_eq!(body["user"]["requirePasswordChange"], true);
    // Not again once a user exists.
    assert!(ensure_first_admin(&config, &app.state.users).unwrap().is_none());
    assert_eq!(app.scalar_i64("SELECT count(*) AS value FROM users"), 1);
}

#[test]
fn a_chosen_first_admin_password_is_used_as_is() {
    let app = TestApp::spawn();
    let mut config = crate::common::test_config("unused", app.data_dir.path());
    config.admin_email = Some("Chair.Person@Example.org".into());
    config.admin_password = Some("chosen-password".into());
    let admin = ensure_first_admin(&config, &app.state.users).unwrap().unwrap();
    assert!(admin.generated_password.is_none());
    let body = json_of(app.login("chair.person@example.org", "chosen-password"), StatusCode::OK);
    assert_eq!(body["user"]["requirePasswordChange"], false);
}
