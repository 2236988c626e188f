//! Sub-committees: listing, creation, archive and delete, membership and chat (spec §2 Committees, §4, §6).

use std::sync::Arc;

use crate::committees::{
    Committee, CommitteeDocument, CommitteeMember, CommitteeMessage, CommitteeRole, CommitteeScope,
    NewCommittee, NewCommitteeDocument,
};
use crate::committees::{CommitteeDocumentRepository, CommitteeRepository, CommitteesRefusal};
use crate::identity::permissions;
use crate::identity::user::User;
use crate::library::files::DOCUMENT_KINDS;
use crate::library::stored_files::{self, checked_file, file_size};
use crate::library::{FileStore, ReceivedFile};
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::{Clock, FieldLimits, Limit, Received};
use crate::{CommitteeDocumentId, CommitteeId, MessageId, UserId};

pub const NAME_MAX: usize = 100;
pub const DESCRIPTION_MAX: usize = 2000;
pub const MESSAGE_MAX: usize = 4000;
pub const DOCUMENT_TITLE_MAX: usize = 255;
/// The smallest id a member can have (ids are serials from 1).
pub const USER_ID_MIN: i64 = 1;
/// The chat answers with at most this many messages: the latest ones.
pub const MESSAGES_LIMIT: i64 = 200;

pub use crate::committees::refusal::{
    ALREADY_ARCHIVED, ALREADY_MEMBER, ARCHIVED_READ_ONLY, NOT_ARCHIVED, USER_NOT_ACTIVE,
};
pub const USER_REQUIRED: &str = "User is required";
pub const ROLE_INVALID: &str = "Role must be member or committee_chair";

/// A new committee's fields; every field may be absent or null, the use case says which are required.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateCommitteeRequest {
    /// Required, at most 100 characters.
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = String)]
    pub name: Option<String>,
    /// At most 2000 characters.
    #[serde(default)]
    pub description: Option<String>,
}

impl FieldLimits for CreateCommitteeRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("name", Limit::RequiredText { max: NAME_MAX }),
        ("description", Limit::Text { max: DESCRIPTION_MAX }),
    ];
}

/// A user to add to a committee, and their role in it.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddMemberRequest {
    /// Required: the id of an active user (a string of digits is accepted too).
    #[serde(default, deserialize_with = "crate::shared::input::received::optional_id")]
    #[schema(required = true, nullable = false, value_type = i32)]
    pub user_id: Option<UserId>,
    /// Default `member`.
    #[serde(default)]
    #[schema(value_type = Option<CommitteeRole>)]
    pub role: Received<CommitteeRole>,
}

impl FieldLimits for AddMemberRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("userId", Limit::AtLeast { min: USER_ID_MIN })];
}

/// Input of "Upload committee document", as received: `title` is `None` when absent.
#[derive(Debug)]
pub struct UploadCommitteeDocument {
    pub title: Option<String>,
    pub file: Option<ReceivedFile>,
}

#[derive(Clone)]
pub struct CommitteeService {
    pub committees: Arc<dyn CommitteeRepository>,
    pub documents: Arc<dyn CommitteeDocumentRepository>,
    pub files: Arc<dyn FileStore>,
    pub clock: Arc<dyn Clock>,
}

impl CommitteeService {
    /// Admins and chairs see every committee, others the ones they belong to; archived ones only when
    /// asked for.
    pub fn list(&self, actor: &User, include_archived: bool) -> Result<Vec<Committee>, CommitteesRefusal> {
        let scope = CommitteeScope { all: permissions::can_see_all_committees(actor.role), include_archived };
        Ok(self.committees.list(actor.id, scope)?)
    }

    /// The creator becomes the committee's chair, in the same transaction.
    pub fn create(
        &self,
        actor: &User,
        input: CreateCommitteeRequest,
    ) -> Result<Committee, CommitteesRefusal> {
        if !permissions::can_create_committees(actor.role) {
            return Err(CommitteesRefusal::OnlyOfficersCreate);
        }
        let mut errors = FieldErrors::new();
        let name = validation::required_line(
            &mut errors,
            "name",
            "Name",
            input.name.as_deref().unwrap_or(""),
            NAME_MAX,
        );
        let description = validation::optional_text(
            &mut errors,
            "description",
            "Description",
            input.description.as_deref(),
            DESCRIPTION_MAX,
        )
        .unwrap_or_default();
        errors.into_result()?;
        let new_committee =
            NewCommittee { name, description, created_by: actor.id, created_at: self.clock.now() };
        Ok(self.committees.create(new_committee)?)
    }

    pub fn archive(&self, actor: &User, id: CommitteeId) -> Result<Committee, CommitteesRefusal> {
        let committee = self.manageable(actor, id)?;
        if committee.archived {
            return Err(CommitteesRefusal::AlreadyArchived);
        }
        self.committees.archive(id, self.clock.now())?;
        self.committee(actor, id)
    }

    /// Deletes an archived committee with its members, chat and documents. The documents' files are
    /// removed once the rows are gone (after the transaction has committed), so a failure can never leave
    /// a record without its file.
    pub fn delete(&self, actor: &User, id: CommitteeId) -> Result<(), CommitteesRefusal> {
        let committee = self.manageable(actor, id)?;
        if !committee.archived {
            return Err(CommitteesRefusal::NotArchived);
        }
        let keys = self.committees.delete_archived(id)?;
        for key in &keys {
            stored_files::remove_after_row(self.files.as_ref(), key);
        }
        Ok(())
    }

    pub fn members(&self, actor: &User, id: CommitteeId) -> Result<Vec<CommitteeMember>, CommitteesRefusal> {
        self.accessible(actor, id)?;
        Ok(self.committees.members(id)?)
    }

    pub fn add_member(
        &self,
        actor: &User,
        id: CommitteeId,
        input: AddMemberRequest,
    ) -> Result<CommitteeMember, CommitteesRefusal> {
        self.manageable(actor, id)?;
        let mut errors = FieldErrors::new();
        if input.user_id.is_none() {
            errors.add("userId", USER_REQUIRED);
        }
        let role = input.role.read(&mut errors, "role", ROLE_INVALID).unwrap_or(CommitteeRole::Member);
        errors.into_result()?;
        let user = input.user_id.ok_or_else(|| DomainError::invalid("userId", USER_REQUIRED))?;
        self.committees.add_member(id, user, role, self.clock.now())
    }

    pub fn remove_member(
        &self,
        actor: &User,
        id: CommitteeId,
        user: UserId,
    ) -> Result<(), CommitteesRefusal> {
        self.manageable(actor, id)?;
        self.committees.remove_member(id, user)
    }

    /// The latest messages (at most `MESSAGES_LIMIT`), oldest first; with `after`, only newer ones; with
    /// `before`, only older ones (how the whole history is paged through, newest page first).
    pub fn messages(
        &self,
        actor: &User,
        id: CommitteeId,
        after: Option<MessageId>,
        before: Option<MessageId>,
    ) -> Result<Vec<CommitteeMessage>, CommitteesRefusal> {
        self.accessible(actor, id)?;
        let messages = self.committees.messages(id, after, before, MESSAGES_LIMIT)?;
        // The chat shows them: they are read (the "unread for an hour" mails skip them, spec §11).
        if let Some(last) = messages.last() {
            self.committees.mark_read(id, actor.id, last.id)?;
        }
        Ok(messages)
    }

    /// Whether `actor` may open a live stream of this chat: access, and the committee is not archived
    /// (nothing more can arrive).
    pub fn check_stream(&self, actor: &User, id: CommitteeId) -> Result<(), CommitteesRefusal> {
        if self.accessible(actor, id)?.archived {
            return Err(CommitteesRefusal::Archived);
        }
        Ok(())
    }

    /// The earliest messages after `after` (at most `MESSAGES_LIMIT`), oldest first: a chat stream catching
    /// up from its `Last-Event-ID`. Also where a stream's access is checked.
    pub fn messages_since(
        &self,
        actor: &User,
        id: CommitteeId,
        after: MessageId,
    ) -> Result<Vec<CommitteeMessage>, CommitteesRefusal> {
        self.accessible(actor, id)?;
        let messages = self.committees.messages_since(id, after, MESSAGES_LIMIT)?;
        if let Some(last) = messages.last() {
            self.committees.mark_read(id, actor.id, last.id)?;
        }
        Ok(messages)
    }

    pub fn post_message(
        &self,
        actor: &User,
        id: CommitteeId,
        message: &str,
    ) -> Result<CommitteeMessage, CommitteesRefusal> {
        self.accessible(actor, id)?;
        let message = validate_message(message)?;
        self.committees.post_message(id, actor.id, &message, self.clock.now())
    }

    /// The committee's documents, newest first.
    pub fn documents(
        &self,
        actor: &User,
        id: CommitteeId,
    ) -> Result<Vec<CommitteeDocument>, CommitteesRefusal> {
        self.accessible(actor, id)?;
        Ok(self.documents.list(id)?)
    }

    /// Whether `actor` may upload to this committee now; asked before the upload is read, so a refused
    /// caller's file never reaches the disk.
    pub fn check_upload(&self, actor: &User, id: CommitteeId) -> Result<(), CommitteesRefusal> {
        let committee = self.accessible(actor, id)?;
        if committee.archived {
            return Err(CommitteesRefusal::Archived);
        }
        Ok(())
    }

    /// Everyone with access uploads, unless the committee is archived. The title defaults to the file name.
    /// A refused or failed upload leaves no file and no row (`stored_files::commit_then_record`).
    pub fn upload_document(
        &self,
        actor: &User,
        id: CommitteeId,
        input: UploadCommitteeDocument,
    ) -> Result<CommitteeDocument, CommitteesRefusal> {
        self.check_upload(actor, id)?;
        let mut errors = FieldErrors::new();
        let title = validation::optional_line(
            &mut errors,
            "title",
            "Title",
            input.title.as_deref(),
            DOCUMENT_TITLE_MAX,
        );
        let file = checked_file(&mut errors, input.file, DOCUMENT_KINDS)?;
        errors.into_result()?;
        let Some(ReceivedFile { pending, file_name, kind, size }) = file else {
            return Err(DomainError::Unexpected(anyhow::anyhow!("validated upload lacks its file")).into());
        };

        let documents = self.documents.clone();
        let uploaded_at = self.clock.now();
        stored_files::commit_then_record(self.files.as_ref(), pending, move |storage_key| {
            let new = NewCommitteeDocument {
                committee_id: id,
                title: title.unwrap_or_else(|| file_name.clone()),
                file_name,
                mime_type: kind.mime_type().to_string(),
                file_size: file_size(size)?,
                storage_key,
                uploaded_by: actor.id,
                uploaded_at,
            };
            documents.create(new)
        })
    }

    /// A document of this committee and its content.
    pub fn download_document(
        &self,
        actor: &User,
        id: CommitteeId,
        document: CommitteeDocumentId,
    ) -> Result<(CommitteeDocument, Vec<u8>), CommitteesRefusal> {
        self.accessible(actor, id)?;
        let document = self.documents.find(id, document)?.ok_or(CommitteesRefusal::DocumentNotFound)?;
        let bytes = self.files.read(&document.storage_key).map_err(DomainError::Unexpected)?;
        Ok((document, bytes))
    }

    /// The committee as `actor` sees it; unknown ids are 404 for everyone.
    fn committee(&self, actor: &User, id: CommitteeId) -> Result<Committee, CommitteesRefusal> {
        self.committees.find(id, actor.id)?.ok_or(CommitteesRefusal::NotFound)
    }

    /// Chat, documents and members: its members, admins and chairs.
    fn accessible(&self, actor: &User, id: CommitteeId) -> Result<Committee, CommitteesRefusal> {
        let committee = self.committee(actor, id)?;
        if !permissions::can_access_committee(actor.role, committee.viewer_role) {
            return Err(CommitteesRefusal::CannotOpen);
        }
        Ok(committee)
    }

    /// Archive, delete and membership: its own chair, admins and chairs.
    fn manageable(&self, actor: &User, id: CommitteeId) -> Result<Committee, CommitteesRefusal> {
        let committee = self.committee(actor, id)?;
        if !permissions::can_manage_committee(actor.role, committee.viewer_role) {
            return Err(CommitteesRefusal::CannotManage);
        }
        Ok(committee)
    }
}

/// A chat message: trimmed, not empty, at most `MESSAGE_MAX` characters.
pub fn validate_message(raw: &str) -> Result<String, DomainError> {
    let mut errors = FieldErrors::new();
    let message = validation::required_text(&mut errors, "message", "Message", raw, MESSAGE_MAX);
    errors.into_result()?;
    Ok(message)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use chrono::{DateTime, Utc};

    use super::*;
    use crate::identity::role::Role;
    use crate::testing::{self, received_pdf, MemoryFileStore};
    use crate::RepoError;

    /// One active committee with the test user as a member; only what an upload reaches is implemented.
    struct OneCommittee;

    impl CommitteeRepository for OneCommittee {
        fn list(&self, _: UserId, _: CommitteeScope) -> Result<Vec<Committee>, RepoError> {
            unreachable!("not used in this test")
        }
        fn find(&self, id: CommitteeId, _: UserId) -> Result<Option<Committee>, RepoError> {
            Ok(Some(Committee {
                id,
                name: "Finance".into(),
                description: String::new(),
                archived: false,
                created_at: testing::clock().0,
                member_count: 1,
                viewer_role: Some(CommitteeRole::Member),
            }))
        }
        fn create(&self, _: NewCommittee) -> Result<Committee, RepoError> {
            unreachable!("not used in this test")
        }
        fn archive(&self, _: CommitteeId, _: DateTime<Utc>) -> Result<(), CommitteesRefusal> {
            unreachable!("not used in this test")
        }
        fn delete_archived(
            &self,
            _: CommitteeId,
        ) -> Result<Vec<crate::library::files::StorageKey>, CommitteesRefusal> {
            unreachable!("not used in this test")
        }
        fn members(&self, _: CommitteeId) -> Result<Vec<CommitteeMember>, RepoError> {
            unreachable!("not used in this test")
        }
        fn add_member(
            &self,
            _: CommitteeId,
            _: UserId,
            _: CommitteeRole,
            _: DateTime<Utc>,
        ) -> Result<CommitteeMember, CommitteesRefusal> {
            unreachable!("not used in this test")
        }
        fn remove_member(&self, _: CommitteeId, _: UserId) -> Result<(), CommitteesRefusal> {
            unreachable!("not used in this test")
        }
        fn messages(
            &self,
            _: CommitteeId,
            _: Option<MessageId>,
            _: Option<MessageId>,
            _: i64,
        ) -> Result<Vec<CommitteeMessage>, RepoError> {
            unreachable!("not used in this test")
        }
        fn messages_since(
            &self,
            _: CommitteeId,
            _: MessageId,
            _: i64,
        ) -> Result<Vec<CommitteeMessage>, RepoError> {
            unreachable!("not used in this test")
        }
        fn post_message(
            &self,
            _: CommitteeId,
            _: UserId,
            _: &str,
            _: DateTime<Utc>,
        ) -> Result<CommitteeMessage, CommitteesRefusal> {
            unreachable!("not used in this test")
        }
    }

    /// A committee archived by someone else between the use case's check and the insert.
    struct ArchivedMeanwhile(Mutex<Vec<NewCommitteeDocument>>);

    impl CommitteeDocumentRepository for ArchivedMeanwhile {
        fn list(&self, _: CommitteeId) -> Result<Vec<CommitteeDocument>, RepoError> {
            Ok(Vec::new())
        }
        fn find(
            &self,
            _: CommitteeId,
            _: CommitteeDocumentId,
        ) -> Result<Option<CommitteeDocument>, RepoError> {
            Ok(None)
        }
        fn create(&self, document: NewCommitteeDocument) -> Result<CommitteeDocument, CommitteesRefusal> {
            self.0.lock().unwrap().push(document);
            Err(CommitteesRefusal::Archived)
        }
    }

    #[test]
    fn an_upload_refused_at_the_insert_leaves_no_file() {
        let files = Arc::new(MemoryFileStore::default());
        let documents = Arc::new(ArchivedMeanwhile(Mutex::new(Vec::new())));
        let service = CommitteeService {
            committees: Arc::new(OneCommittee),
            documents: documents.clone(),
            files: files.clone(),
            clock: testing::clock(),
        };
        let input = UploadCommitteeDocument { title: None, file: Some(received_pdf(&files)) };
        let refused = service.upload_document(&testing::user(Role::Trustee), CommitteeId(3), input);
        assert!(matches!(refused, Err(CommitteesRefusal::Archived)));
        // The file was committed for the insert, which was refused: it is gone again.
        let attempted = documents.0.lock().unwrap();
        assert_eq!((attempted.len(), attempted[0].title.as_str()), (1, "a.pdf"));
        assert_eq!(files.count(), 0);
    }

    #[test]
    fn messages_are_trimmed_and_bounded() {
        assert_eq!(validate_message("  hello \n").unwrap(), "hello");
        assert_eq!(validate_message(&"é".repeat(MESSAGE_MAX)).unwrap().chars().count(), MESSAGE_MAX);
        let message_error = |raw: &str| match validate_message(raw) {
            Err(DomainError::Invalid(fields)) => fields.fields()["message"].clone(),
            other => panic!("expected a field error, got {other:?}"),
        };
        assert_eq!(message_error(" \n\t "), "Message is required");
        assert_eq!(message_error(&"a".repeat(MESSAGE_MAX + 1)), "Message must be at most 4000 characters");
    }
}
