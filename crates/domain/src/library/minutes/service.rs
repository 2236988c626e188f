//! The minutes archive (spec §2 Minutes, §6): everyone signed in reads; admins and chairs upload.

use std::sync::Arc;

use crate::identity::permissions;
use crate::identity::role::Role;
use crate::identity::user::User;
use crate::identity::ViewResource;
use crate::identity::{records_reader, GuestRepository, RecordsReader};
use crate::library::files::MINUTES_KINDS;
use crate::library::minutes::{Minutes, MinutesSource, NewMinutes};
use crate::library::stored_files::{self, checked_file, file_size};
use crate::library::view_tickets::ViewTickets;
use crate::library::{FileStore, LibraryRefusal, MinutesRepository, ReceivedFile};
use crate::meetings::meeting::MeetingScope;
use crate::meetings::rules::scope_of;
use crate::shared::error::DomainError;
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::timestamps::ReceivedTime;
use crate::shared::{Clock, Received};
use crate::{MeetingId, MinutesId, SessionId};

pub const TITLE_MAX: usize = 200;
pub const SEARCH_MAX: usize = 200;
pub const FILE_OR_LINK: &str = "Upload a PDF file or give an external link.";
pub const NOT_BOTH: &str = "Upload a PDF file or give an external link, not both.";
pub const MEETING_ID_NOT_A_NUMBER: &str = "Meeting ID must be a whole number";

/// Input of "Upload minutes", as received: text fields are `None` when absent; the meeting's date and id
/// are read where the form is (`ReceivedTime::parse`, `meeting_id_field`).
#[derive(Debug)]
pub struct UploadMinutes {
    pub title: Option<String>,
    pub meeting_date: ReceivedTime,
    pub meeting_id: Received<MeetingId>,
    pub external_link: Option<String>,
    pub file: Option<ReceivedFile>,
}

#[derive(Clone)]
pub struct MinutesService {
    pub minutes: Arc<dyn MinutesRepository>,
    pub files: Arc<dyn FileStore>,
    pub tickets: ViewTickets,
    pub clock: Arc<dyn Clock>,
    /// Guests' passes: an auditor reads the minutes of their period (spec §6 Guests).
    pub guests: Arc<dyn GuestRepository>,
}

impl MinutesService {
    pub fn list(&self, actor: &User, search: Option<&str>) -> Result<Vec<Minutes>, LibraryRefusal> {
        let reader = self.reader(actor)?;
        let mut errors = FieldErrors::new();
        let search = validation::optional_text(&mut errors, "search", "Search", search, SEARCH_MAX);
        errors.into_result()?;
        let found = self.minutes.list(search.as_deref(), minutes_scope(actor))?;
        Ok(found.into_iter().filter(|m| reads(reader, m)).collect())
    }

    /// How `actor` reads minutes; refused for a guest who is not an auditor (`records_reader` gives them
    /// none).
    fn reader(&self, actor: &User) -> Result<RecordsReader, LibraryRefusal> {
        records_reader(self.guests.as_ref(), actor)?.ok_or(LibraryRefusal::CannotReadMinutes)
    }

    /// The minutes, if `actor` may read them (404 otherwise).
    fn readable(&self, actor: &User, id: MinutesId) -> Result<Minutes, LibraryRefusal> {
        let reader = self.reader(actor)?;
        let minutes = self.minutes.find(id, minutes_scope(actor))?.ok_or(LibraryRefusal::MinutesNotFound)?;
        if !reads(reader, &minutes) {
            return Err(LibraryRefusal::MinutesNotFound);
        }
        Ok(minutes)
    }

    /// Exactly one of a PDF or an http(s) link. A refused or failed upload leaves no file and no row.
    pub fn upload(&self, actor: &User, input: UploadMinutes) -> Result<Minutes, LibraryRefusal> {
        if !permissions::can_publish(actor.role) {
            return Err(LibraryRefusal::OnlyOfficersUploadMinutes);
        }
        let mut errors = FieldErrors::new();
        let title = validation::required_line(
            &mut errors,
            "title",
            "Title",
            input.title.as_deref().unwrap_or(""),
            TITLE_MAX,
        );
        let meeting_date = input.meeting_date.required(&mut errors, "meetingDate", "Meeting date");
        let meeting_id = input.meeting_id.read(&mut errors, "meetingId", MEETING_ID_NOT_A_NUMBER);
        let link = validation::optional_web_link(
            &mut errors,
            "externalLink",
            "External link",
            input.external_link.as_deref(),
        );
        let file = match (input.file, &link) {
            (Some(_), Some(_)) => {
                errors.add("file", NOT_BOTH);
                None
            }
            (None, None) => {
                errors.add("file", FILE_OR_LINK);
                None
            }
            (None, Some(_)) => None,
            (file, None) => checked_file(&mut errors, file, MINUTES_KINDS)?,
        };
        errors.into_result()?;
        let Some(meeting_date) = meeting_date else {
            return Err(
                DomainError::Unexpected(anyhow::anyhow!("validated minutes lack a meeting date")).into()
            );
        };

        let created_at = self.clock.now();
        let new = |source| NewMinutes {
            title,
            meeting_date,
            meeting_id,
            source,
            uploaded_by: actor.id,
            created_at,
        };
        match (file, link) {
            (Some(ReceivedFile { pending, file_name, size, .. }), None) => {
                let minutes = self.minutes.clone();
                stored_files::commit_then_record(self.files.as_ref(), pending, move |storage_key| {
                    let source = MinutesSource::File { file_name, file_size: file_size(size)?, storage_key };
                    minutes.create(new(source))
                })
            }
            (None, Some(link)) => self.minutes.create(new(MinutesSource::Link(link))),
            _ => {
                Err(DomainError::Unexpected(anyhow::anyhow!("validated minutes lack exactly one source"))
                    .into())
            }
        }
    }

    /// The minutes and their PDF; 404 for minutes kept as a link.
    pub fn download(
        &self,
        actor: &User,
        id: MinutesId,
    ) -> Result<(Minutes, String, Vec<u8>), LibraryRefusal> {
        let minutes = self.readable(actor, id)?;
        self.read(minutes)
    }

    pub fn view_ticket(
        &self,
        actor: &User,
        session: SessionId,
        id: MinutesId,
    ) -> Result<String, LibraryRefusal> {
        let minutes = self.readable(actor, id)?;
        if !matches!(minutes.source, MinutesSource::File { .. }) {
            return Err(LibraryRefusal::MinutesFileNotFound);
        }
        self.tickets.issue(actor, session, ViewResource::Minutes(id))
    }

    /// The viewer, and the minutes a ticket opens; the ticket is checked first.
    pub fn view(
        &self,
        ticket: Option<&str>,
        id: MinutesId,
    ) -> Result<(User, Minutes, String, Vec<u8>), LibraryRefusal> {
        let viewer = self.tickets.redeem(ticket, ViewResource::Minutes(id))?;
        let minutes = self.readable(&viewer, id)?;
        let (minutes, file_name, bytes) = self.read(minutes)?;
        Ok((viewer, minutes, file_name, bytes))
    }

    /// The minutes, their file name and their bytes.
    fn read(&self, minutes: Minutes) -> Result<(Minutes, String, Vec<u8>), LibraryRefusal> {
        let MinutesSource::File { file_name, storage_key, .. } = &minutes.source else {
            return Err(LibraryRefusal::MinutesFileNotFound);
        };
        let bytes = self.files.read(storage_key).map_err(DomainError::Unexpected)?;
        let file_name = file_name.clone();
        Ok((minutes, file_name, bytes))
    }
}

/// The form's optional meeting id: a whole number above zero, or blank for none.
pub fn meeting_id_field(raw: Option<&str>) -> Received<MeetingId> {
    Received::from_text(raw, |text| text.parse::<i32>().ok().filter(|id| *id > 0).map(MeetingId))
}

/// The meetings whose minutes `actor` may see: a guest (an auditor) as a trustee of no committee.
fn minutes_scope(actor: &User) -> MeetingScope {
    if actor.role == Role::Guest {
        MeetingScope::VisibleTo(actor.id)
    } else {
        scope_of(actor)
    }
}

/// Whether a reader reads these minutes: a member as the scope allows, an auditor those of their period.
fn reads(reader: RecordsReader, minutes: &Minutes) -> bool {
    match reader {
        RecordsReader::Member => true,
        RecordsReader::Auditor(period) => period.covers(minutes.meeting_date.date_naive()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::role::Role;
    use crate::library::refusal::NO_SUCH_MEETING;
    use crate::testing::{clock, received_pdf, unused_tickets, user, MemoryFileStore};
    use crate::RepoError;

    /// Answers every insert as the database does for an unknown meeting id.
    struct NoMeetings;

    impl MinutesRepository for NoMeetings {
        fn list(&self, _: Option<&str>, _: MeetingScope) -> Result<Vec<Minutes>, RepoError> {
            Ok(Vec::new())
        }
        fn find(&self, _: MinutesId, _: MeetingScope) -> Result<Option<Minutes>, RepoError> {
            Ok(None)
        }
        fn create(&self, _: NewMinutes) -> Result<Minutes, LibraryRefusal> {
            Err(LibraryRefusal::NoSuchMeeting)
        }
    }

    fn input(store: &MemoryFileStore) -> UploadMinutes {
        UploadMinutes {
            title: Some("March".into()),
            meeting_date: ReceivedTime::parse(Some("2026-03-05T18:30:00Z")),
            meeting_id: meeting_id_field(Some("12")),
            external_link: None,
            file: Some(received_pdf(store)),
        }
    }

    #[test]
    fn the_use_case_checks_the_permission_and_an_unknown_meeting_leaves_no_file() {
        let store = Arc::new(MemoryFileStore::default());
        let service = MinutesService {
            minutes: Arc::new(NoMeetings),
            files: store.clone(),
            tickets: unused_tickets(),
            clock: clock(),
            guests: Arc::new(crate::testing::NoGuests),
        };
        let refused = service.upload(&user(Role::Trustee), input(&store));
        assert!(matches!(refused, Err(LibraryRefusal::OnlyOfficersUploadMinutes)));
        assert_eq!(store.count(), 0);

        let unknown = service.upload(&user(Role::Admin), input(&store));
        assert!(matches!(unknown, Err(LibraryRefusal::NoSuchMeeting)));
        assert_eq!(LibraryRefusal::NoSuchMeeting.to_string(), NO_SUCH_MEETING);
        assert_eq!(store.count(), 0);
    }
}
