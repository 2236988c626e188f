//! The user repository against a real, fresh PostgreSQL database.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use domain::identity::role::Role;
use domain::identity::user::{NewUser, UserChanges};
use domain::identity::UserRepository;
use domain::RepoError;
use persistence::PgUserRepository;
use test_support::TestDatabase;

fn repo(db: &TestDatabase) -> PgUserRepository {
    let pool = persistence::connect(db.url(), 4).unwrap();
    persistence::run_migrations(&pool).unwrap();
    PgUserRepository::new(pool)
}

fn new_user(email: &str, role: Role) -> NewUser {
    NewUser {
        name: "Person".into(),
        email: email.into(),
        role,
        phone: None,
        password_hash: "$2b$04$hash".into(),
        require_password_change: false,
        temp_password_expires_at: None,
    }
}

#[test]
fn emails_are_unique_whatever_their_case() {
    let db = TestDatabase::empty();
    let repo = repo(&db);
    repo.create(new_user("a@example.org", Role::Trustee)).unwrap();
    let duplicate = repo.create(new_user("A@Example.org", Role::Trustee));
    assert!(matches!(duplicate, Err(RepoError::Duplicate(c)) if c == "users_email_lower_key"));
    let (found, hash) = repo.find_with_password_by_email("A@EXAMPLE.ORG").unwrap().unwrap();
    assert_eq!(found.email, "a@example.org");
    assert_eq!(hash, "$2b$04$hash");
}

#[test]
fn the_last_active_admin_is_guarded_in_the_transaction() {
    let db = TestDatabase::empty();
    let repo = repo(&db);
    let admin = repo.create(new_user("admin@example.org", Role::Admin)).unwrap();
    assert!(matches!(repo.delete(admin.id), Err(RepoError::LastAdmin)));
    let demote = UserChanges {
        name: "Person".into(),
        email: "admin@example.org".into(),
        role: Role::Chair,
        active: true,
        phone: None,
    };
    assert!(matches!(repo.update(admin.id, demote.clone(), true), Err(RepoError::LastAdmin)));
    let deactivate = UserChanges { role: Role::Admin, active: false, ..demote.clone() };
    assert!(matches!(repo.update(admin.id, deactivate, true), Err(RepoError::LastAdmin)));
    // Nothing was written by the refused calls.
    let unchanged = repo.find(admin.id).unwrap().unwrap();
    assert_eq!((unchanged.role, unchanged.active, unchanged.token_version), (Role::Admin, true, 0));

    let second = repo.create(new_user("second@example.org", Role::Admin)).unwrap();
    repo.delete(admin.id).unwrap();
    assert!(repo.find(admin.id).unwrap().is_none());
    assert!(matches!(repo.delete(second.id), Err(RepoError::LastAdmin)));
}

#[test]
fn password_changes_bump_the_token_version() {
    let db = TestDatabase::empty();
    let repo = repo(&db);
    let user = repo.create(new_user("t@example.org", Role::Trustee)).unwrap();
    let until = chrono::Utc::now() + chrono::Duration::hours(72);
    let updated = repo.set_password(user.id, "$2b$04$other", Some(until), None).unwrap();
    assert_eq!(updated.token_version, user.token_version + 1);
    assert!(updated.require_password_change);
    assert_eq!(updated.temp_password_expires_at.map(|t| t.timestamp()), Some(until.timestamp()));
    repo.revoke_sessions(user.id).unwrap();
    assert_eq!(repo.find(user.id).unwrap().unwrap().token_version, user.token_version + 2);
    assert!(matches!(repo.delete(domain::UserId(9999)), Err(RepoError::NotFound)));
}

#[test]
fn reset_requests_are_pending_once_per_email_until_resolved() {
    use domain::identity::ResetRequestRepository;
    use persistence::PgResetRequestRepository;
    let db = TestDatabase::empty();
    let pool = persistence::connect(db.url(), 4).unwrap();
    persistence::run_migrations(&pool).unwrap();
    let users = PgUserRepository::new(pool.clone());
    let requests = PgResetRequestRepository::new(pool);
    let user = users.create(new_user("t@example.org", Role::Trustee)).unwrap();
    let now = chrono::Utc::now();
    requests.record("t@example.org", Some(user.id), now).unwrap();
    requests.record("t@example.org", Some(user.id), now).unwrap();
    requests.record("ghost@example.org", None, now).unwrap();
    let pending = requests.pending().unwrap();
    assert_eq!(pending.len(), 2);
    assert_eq!(pending[0].user_name.as_deref(), Some("Person"));
    assert_eq!(pending[1].user_id, None);
    requests.resolve_for_user(user.id, now).unwrap();
    assert_eq!(requests.pending().unwrap().len(), 1);
    // Once resolved, a new request for the same e-mail is pending again.
    requests.record("t@example.org", Some(user.id), now).unwrap();
    assert_eq!(requests.pending().unwrap().len(), 2);
}
