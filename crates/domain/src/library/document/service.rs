//! The document library (spec §2 Documents, §6): everyone signed in reads; admins and chairs upload and delete.

use std::sync::Arc;

use crate::identity::guests::GuestPass;
use crate::identity::permissions;
use crate::identity::role::Role;
use crate::identity::user::User;
use crate::identity::GuestRepository;
use crate::identity::ViewResource;
use crate::library::document::{Document, DocumentCategory, NewDocument};
use crate::library::files::DOCUMENT_KINDS;
use crate::library::stored_files::{self, checked_file, file_size};
use crate::library::view_tickets::ViewTickets;
use crate::library::{DocumentRepository, FileStore, LibraryRefusal, ReceivedFile};
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::ports::read_cache::ReadCache;
use crate::shared::{Clock, Received};
use crate::{DocumentId, SessionId};

pub const DEFAULT_VERSION: &str = "1.0";
pub const TITLE_MAX: usize = 200;
pub const VERSION_MAX: usize = 20;

/// Input of "Upload document", as received: text fields are `None` when absent; the category is read
/// where the form is (`Received::parse`).
#[derive(Debug)]
pub struct UploadDocument {
    pub title: Option<String>,
    pub category: Received<DocumentCategory>,
    pub version: Option<String>,
    pub file: Option<ReceivedFile>,
}

#[derive(Clone)]
pub struct DocumentService {
    pub documents: Arc<dyn DocumentRepository>,
    pub files: Arc<dyn FileStore>,
    pub tickets: ViewTickets,
    pub clock: Arc<dyn Clock>,
    /// Guests' passes: a guest reads the documents theirs names (spec §6 Guests).
    pub guests: Arc<dyn GuestRepository>,
}

fn category_message() -> String {
    let names: Vec<&str> = DocumentCategory::ALL.iter().map(|c| c.as_str()).collect();
    format!("Category must be one of: {}", names.join(", "))
}

/// What decides the documents list a reader gets (the read cache of spec §9, Documents list): only the
/// category filter. The library is the same for every reader: every role may read it
/// (`permissions::can_read_board_content`) and no library document is limited to a committee (committee
/// papers are `committee_documents`, listed per committee and not cached), so neither the role nor the
/// committees are part of the key. Made only by `DocumentService::list_key`, after the permission check,
/// which runs on every request, hit or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DocumentListKey {
    category: Option<DocumentCategory>,
}

impl DocumentService {
    /// Checks that `actor` may read the library and reads the filter (`errors.category` when unknown).
    pub fn list_key(
        &self,
        actor: &User,
        category: Received<DocumentCategory>,
    ) -> Result<DocumentListKey, LibraryRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(LibraryRefusal::CannotReadDocuments);
        }
        let mut errors = FieldErrors::new();
        let category = category.read(&mut errors, "category", category_message());
        errors.into_result()?;
        Ok(DocumentListKey { category })
    }

    pub fn list(
        &self,
        actor: &User,
        category: Option<DocumentCategory>,
    ) -> Result<Vec<Document>, LibraryRefusal> {
        let key = self.list_key(actor, category.into())?;
        Ok(self.documents.list(key.category)?)
    }

    /// The list as `cache` holds it for `key`, without the database; `None` when it holds none.
    pub fn cached_list<V>(
        &self,
        key: DocumentListKey,
        cache: &dyn ReadCache<DocumentListKey, V>,
    ) -> Option<Arc<V>> {
        cache.get(&key, self.clock.now())
    }

    /// Reads the list, makes `encode` of it and keeps that in `cache` until a document or an uploader's
    /// name is written on any process (nothing in the list changes with time alone).
    pub fn list_into_cache<V>(
        &self,
        key: DocumentListKey,
        cache: &dyn ReadCache<DocumentListKey, V>,
        encode: impl FnOnce(Vec<Document>) -> anyhow::Result<V>,
    ) -> Result<Arc<V>, DomainError> {
        let ticket = cache.ticket(None);
        let documents = self.documents.list(key.category)?;
        let value = Arc::new(encode(documents).map_err(DomainError::Unexpected)?);
        cache.store(key, ticket, value.clone());
        Ok(value)
    }

    /// Validates the fields, then commits the file and inserts the row; a refused or failed upload leaves
    /// no file and no row.
    pub fn upload(&self, actor: &User, input: UploadDocument) -> Result<Document, LibraryRefusal> {
        if !permissions::can_manage_documents(actor.role) {
            return Err(LibraryRefusal::OnlyOfficersManageDocuments);
        }
        let mut errors = FieldErrors::new();
        let title = validation::required_line(
            &mut errors,
            "title",
            "Title",
            input.title.as_deref().unwrap_or(""),
            TITLE_MAX,
        );
        if input.category.is_absent() {
            errors.add("category", "Category is required");
        }
        let category = input.category.read(&mut errors, "category", category_message());
        let version = validation::optional_line(
            &mut errors,
            "version",
            "Version",
            input.version.as_deref(),
            VERSION_MAX,
        )
        .unwrap_or_else(|| DEFAULT_VERSION.to_string());
        let file = checked_file(&mut errors, input.file, DOCUMENT_KINDS)?;
        errors.into_result()?;
        let (Some(category), Some(file)) = (category, file) else {
            return Err(DomainError::Unexpected(anyhow::anyhow!(
                "validated upload lacks a category or file"
            ))
            .into());
        };

        let ReceivedFile { pending, file_name, kind, size } = file;
        let documents = self.documents.clone();
        let uploaded_at = self.clock.now();
        stored_files::commit_then_record(self.files.as_ref(), pending, move |storage_key| {
            let new = NewDocument {
                title,
                category,
                version,
                file_name,
                mime_type: kind.mime_type().to_string(),
                file_size: file_size(size)?,
                storage_key,
                uploaded_by: actor.id,
                uploaded_at,
            };
            Ok(documents.create(new)?)
        })
    }

    /// Deletes the row first, then the file, so no row ever points to a missing file.
    /// Answers the deleted document (for the audit log).
    pub fn delete(&self, actor: &User, id: DocumentId) -> Result<Document, LibraryRefusal> {
        if !permissions::can_manage_documents(actor.role) {
            return Err(LibraryRefusal::OnlyOfficersManageDocuments);
        }
        let document = self.documents.find(id)?.ok_or(LibraryRefusal::DocumentNotFound)?;
        let key = self.documents.delete(id)?;
        stored_files::remove_after_row(self.files.as_ref(), &key);
        Ok(document)
    }

    /// A guest's list (spec §6 Guests): the documents their pass names, and for an auditor those added in
    /// the audit period. Never cached: the shared list's key has no reader in it.
    pub fn guest_list(
        &self,
        guest: &User,
        category: Received<DocumentCategory>,
    ) -> Result<Vec<Document>, LibraryRefusal> {
        let pass = self.pass(guest)?;
        let mut errors = FieldErrors::new();
        let category = category.read(&mut errors, "category", category_message());
        errors.into_result()?;
        let documents = self.documents.list(category)?;
        Ok(documents.into_iter().filter(|d| opens(&pass, d)).collect())
    }

    /// The document and its bytes, for a download.
    pub fn download(&self, actor: &User, id: DocumentId) -> Result<(Document, Vec<u8>), LibraryRefusal> {
        let document = self.documents.find(id)?.ok_or(LibraryRefusal::DocumentNotFound)?;
        self.may_open(actor, &document)?;
        let bytes = self.files.read(&document.storage_key).map_err(DomainError::Unexpected)?;
        Ok((document, bytes))
    }

    /// Members of the board read every document; a guest the ones their pass opens, and for any other a
    /// guest gets the same 404 as for a document that does not exist.
    fn may_open(&self, reader: &User, document: &Document) -> Result<(), LibraryRefusal> {
        if reader.role == Role::Guest {
            let pass = self.pass(reader)?;
            return if opens(&pass, document) { Ok(()) } else { Err(LibraryRefusal::DocumentNotFound) };
        }
        if !permissions::can_read_board_content(reader.role) {
            return Err(LibraryRefusal::CannotReadDocuments);
        }
        Ok(())
    }

    fn pass(&self, guest: &User) -> Result<GuestPass, LibraryRefusal> {
        self.guests.pass(guest.id)?.ok_or(LibraryRefusal::CannotReadDocuments)
    }

    /// A one-minute ticket to open this document in a new tab.
    pub fn view_ticket(
        &self,
        actor: &User,
        session: SessionId,
        id: DocumentId,
    ) -> Result<String, LibraryRefusal> {
        let document = self.documents.find(id)?.ok_or(LibraryRefusal::DocumentNotFound)?;
        self.may_open(actor, &document)?;
        self.tickets.issue(actor, session, ViewResource::Document(id))
    }

    /// The viewer, and the document a ticket opens. The ticket is checked before anything about the
    /// document is looked up.
    pub fn view(
        &self,
        ticket: Option<&str>,
        id: DocumentId,
    ) -> Result<(User, Document, Vec<u8>), LibraryRefusal> {
        let viewer = self.tickets.redeem(ticket, ViewResource::Document(id))?;
        let document = self.documents.find(id)?.ok_or(LibraryRefusal::DocumentNotFound)?;
        self.may_open(&viewer, &document)?;
        let bytes = self.files.read(&document.storage_key).map_err(DomainError::Unexpected)?;
        Ok((viewer, document, bytes))
    }
}

/// Whether a guest's pass opens a library document: named on it, or added in an auditor's period.
fn opens(pass: &GuestPass, document: &Document) -> bool {
    pass.scope.documents.contains(&document.id)
        || pass.scope.audit_period.is_some_and(|p| p.covers(document.created_at.date_naive()))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::identity::role::Role;
    use crate::library::files::StorageKey;
    use crate::testing::{clock, received_pdf, unused_tickets, user, MemoryFileStore};
    use crate::RepoError;

    /// Refuses every insert, as a database that fails would; counts the calls.
    #[derive(Default)]
    struct FailingDocuments {
        creates: AtomicUsize,
        lists: AtomicUsize,
    }

    impl DocumentRepository for FailingDocuments {
        fn list(&self, _: Option<DocumentCategory>) -> Result<Vec<Document>, RepoError> {
            self.lists.fetch_add(1, Ordering::SeqCst);
            Ok(Vec::new())
        }
        fn find(&self, _: DocumentId) -> Result<Option<Document>, RepoError> {
            Ok(None)
        }
        fn create(&self, _: NewDocument) -> Result<Document, RepoError> {
            self.creates.fetch_add(1, Ordering::SeqCst);
            Err(RepoError::Unexpected(anyhow::anyhow!("database went away")))
        }
        fn delete(&self, _: DocumentId) -> Result<StorageKey, LibraryRefusal> {
            Err(LibraryRefusal::DocumentNotFound)
        }
    }

    fn service(store: Arc<MemoryFileStore>, documents: Arc<FailingDocuments>) -> DocumentService {
        DocumentService {
            documents,
            files: store,
            tickets: unused_tickets(),
            clock: clock(),
            guests: Arc::new(crate::testing::NoGuests),
        }
    }

    fn input(store: &MemoryFileStore) -> UploadDocument {
        UploadDocument {
            title: Some("Policy".into()),
            category: Received::Given(DocumentCategory::Policies),
            version: None,
            file: Some(received_pdf(store)),
        }
    }

    #[test]
    fn the_use_case_checks_the_permission_itself() {
        let store = Arc::new(MemoryFileStore::default());
        let documents = Arc::new(FailingDocuments::default());
        let service = service(store.clone(), documents.clone());
        let result = service.upload(&user(Role::Trustee), input(&store));
        assert!(matches!(result, Err(LibraryRefusal::OnlyOfficersManageDocuments)));
        assert_eq!((store.count(), documents.creates.load(Ordering::SeqCst)), (0, 0));
        assert!(matches!(
            service.delete(&user(Role::Trustee), DocumentId(1)),
            Err(LibraryRefusal::OnlyOfficersManageDocuments)
        ));
    }

    #[test]
    fn a_failed_insert_leaves_no_file() {
        let store = Arc::new(MemoryFileStore::default());
        let documents = Arc::new(FailingDocuments::default());
        let service = service(store.clone(), documents.clone());
        let result = service.upload(&user(Role::Chair), input(&store));
        assert!(matches!(result, Err(LibraryRefusal::Common(DomainError::Unexpected(_)))));
        assert_eq!(documents.creates.load(Ordering::SeqCst), 1);
        assert_eq!(store.count(), 0);
    }

    #[test]
    fn deleting_a_missing_document_is_not_found() {
        let store = Arc::new(MemoryFileStore::default());
        let service = service(store, Arc::new(FailingDocuments::default()));
        let result = service.delete(&user(Role::Admin), DocumentId(9));
        assert!(matches!(result, Err(LibraryRefusal::DocumentNotFound)));
    }

    #[test]
    fn the_list_key_is_the_filter_alone_and_every_reader_shares_it() {
        let service = service(Arc::new(MemoryFileStore::default()), Arc::new(FailingDocuments::default()));
        let key = |role, filter: Option<&str>| {
            let filter = filter.map_or(Received::Absent, |raw| {
                serde_json::from_value(serde_json::Value::from(raw)).unwrap_or_default()
            });
            service.list_key(&user(role), filter)
        };
        let all = key(Role::Trustee, None).unwrap();
        // Every role reads the whole library: the same answer, so the same key.
        for role in [Role::Admin, Role::Chair, Role::Trustee] {
            assert_eq!(key(role, None).unwrap(), all);
            assert_eq!(key(role, Some("")).unwrap(), all, "an empty filter is no filter");
            assert_eq!(key(role, Some(" finance ")).unwrap(), key(Role::Trustee, Some("finance")).unwrap());
        }
        assert_ne!(key(Role::Admin, Some("finance")).unwrap(), all);
        assert_ne!(key(Role::Admin, Some("finance")).unwrap(), key(Role::Admin, Some("policies")).unwrap());
        let unknown = key(Role::Admin, Some("secret"));
        assert!(
            matches!(unknown, Err(LibraryRefusal::Common(DomainError::Invalid(ref e))) if e.fields().contains_key("category"))
        );
    }

    #[test]
    fn the_cached_list_is_read_once_until_a_document_or_an_uploader_changes() {
        use crate::shared::ports::read_cache::CacheTopic;
        use crate::shared::{Change, ChangeSink};

        let documents = Arc::new(FailingDocuments::default());
        let service = service(Arc::new(MemoryFileStore::default()), documents.clone());
        let cache: crate::testing::MemoryReadCache<DocumentListKey, usize> =
            crate::testing::MemoryReadCache::new(CacheTopic::Documents);
        cache.listening();
        let reads = || documents.lists.load(Ordering::SeqCst);
        let all = service.list_key(&user(Role::Trustee), Received::Absent).unwrap();
        let finance =
            service.list_key(&user(Role::Trustee), Received::Given(DocumentCategory::Finance)).unwrap();

        assert_eq!(service.cached_list(all, &cache), None);
        assert_eq!(*service.list_into_cache(all, &cache, |list| Ok(list.len())).unwrap(), 0);
        assert_eq!(service.cached_list(all, &cache).as_deref(), Some(&0));
        assert_eq!(service.cached_list(finance, &cache), None, "each filter is apart");
        assert_eq!(reads(), 1);

        for change in [Change::DocumentsChanged, Change::PeopleChanged] {
            service.list_into_cache(all, &cache, |list| Ok(list.len())).unwrap();
            assert!(service.cached_list(all, &cache).is_some());
            cache.change(change);
            assert_eq!(service.cached_list(all, &cache), None, "{change:?} drops it");
        }
        service.list_into_cache(all, &cache, |list| Ok(list.len())).unwrap();
        cache.change(Change::NoticesChanged);
        assert!(service.cached_list(all, &cache).is_some(), "a notice leaves it");
    }
}
