use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use serde::Deserialize;

use crate::identity::guests::repository::{GuestRepository, NewGuest};
use crate::identity::guests::{AuditPeriod, GuestListing, GuestPass, GuestScope};
use crate::identity::invitations::service::{invitation_link, INVITATION_DAYS, NO_PASSWORD};
use crate::identity::permissions;
use crate::identity::refusal::IdentityRefusal;
use crate::identity::role::Role;
use crate::identity::user::service::{duplicate_email, email_field};
use crate::identity::user::{NewUser, User};
use crate::notifications::mail::templates::{MailTemplates, Recipient};
use crate::shared::input::received::{IsoDate, Received};
use crate::shared::input::validation::{self, FieldErrors};
use crate::shared::secret_token;
use crate::shared::Clock;
use crate::{DocumentId, MeetingId, UserId};

/// The longest a pass may run: a guest is let in for a while, not for good.
pub const LONGEST_PASS_DAYS: i64 = 366;

const ENDS_ON_REQUIRED: &str = "Choose the last day of the guest's access";
const ENDS_ON_PAST: &str = "The last day cannot be before today";
const ENDS_ON_TOO_FAR: &str = "A guest's access can last at most a year; extend it later if needed";
const SCOPE_EMPTY: &str = "Name at least one meeting or document, or an audit period";
const MEETING_UNKNOWN: &str = "One of the meetings named does not exist";
const DOCUMENT_UNKNOWN: &str = "One of the documents named does not exist";
const DATE_INVALID: &str = "Enter a date as YYYY-MM-DD";
const PERIOD_HALF: &str = "Give both the first and the last day of the audit period";
const PERIOD_BACKWARDS: &str = "The period's last day cannot be before its first";

/// "Invite a guest" as received (spec §6 Guests).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteGuestRequest {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    /// Why they are let in: shown on the Users page and to the guest.
    #[serde(default)]
    pub purpose: String,
    /// The last day of access (`YYYY-MM-DD`, the board's time zone): it ends at midnight after it.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub ends_on: Received<IsoDate>,
    #[serde(default)]
    #[schema(value_type = Vec<i32>)]
    pub meeting_ids: Vec<MeetingId>,
    #[serde(default)]
    #[schema(value_type = Vec<i32>)]
    pub document_ids: Vec<DocumentId>,
    /// For an auditor: the first day of the period they may read (with `auditTo`).
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub audit_from: Received<IsoDate>,
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub audit_to: Received<IsoDate>,
}

/// A change of a guest's purpose, end date or scope (extending, narrowing, re-scoping): the whole pass.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeGuestRequest {
    /// Absent: unchanged.
    #[serde(default)]
    pub purpose: Option<String>,
    /// The last day of access (`YYYY-MM-DD`, the board's time zone): it ends at midnight after it.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub ends_on: Received<IsoDate>,
    #[serde(default)]
    #[schema(value_type = Vec<i32>)]
    pub meeting_ids: Vec<MeetingId>,
    #[serde(default)]
    #[schema(value_type = Vec<i32>)]
    pub document_ids: Vec<DocumentId>,
    /// For an auditor: the first day of the period they may read (with `auditTo`).
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub audit_from: Received<IsoDate>,
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub audit_to: Received<IsoDate>,
}

/// A pass's end and scope as received, from either request.
struct PassInput {
    ends_on: Received<IsoDate>,
    meeting_ids: Vec<MeetingId>,
    document_ids: Vec<DocumentId>,
    audit_from: Received<IsoDate>,
    audit_to: Received<IsoDate>,
}

#[derive(Clone)]
pub struct GuestService {
    pub guests: Arc<dyn GuestRepository>,
    pub templates: Arc<MailTemplates>,
    pub clock: Arc<dyn Clock>,
    /// `BOARD_TIME_ZONE`: a pass ends at midnight after its last day there.
    pub zone: Tz,
}

impl GuestService {
    /// Creates the guest's account and pass and sends the invitation to choose a password.
    pub fn invite(&self, actor: &User, input: InviteGuestRequest) -> Result<GuestListing, IdentityRefusal> {
        may_manage(actor)?;
        let mut errors = FieldErrors::new();
        let name = validation::required_line(&mut errors, "name", "Name", &input.name, 100);
        let email = email_field(&mut errors, &input.email);
        let purpose = validation::required_line(&mut errors, "purpose", "Purpose", &input.purpose, 200);
        let pass = self.read_pass(
            &mut errors,
            PassInput {
                ends_on: input.ends_on,
                meeting_ids: input.meeting_ids,
                document_ids: input.document_ids,
                audit_from: input.audit_from,
                audit_to: input.audit_to,
            },
        )?;
        errors.into_result()?;
        let (ends_at, scope) = pass.ok_or_else(|| {
            IdentityRefusal::Common(crate::DomainError::invalid("endsOn", ENDS_ON_REQUIRED))
        })?;

        let token = secret_token::generate();
        let to = Recipient { user_id: None, name: &name, email: &email };
        let link = invitation_link(&self.templates, &token);
        let invitation = self.templates.invitation(&to, &link, &actor.name)?;
        let now = self.clock.now();
        let user = NewUser {
            name,
            email,
            role: Role::Guest,
            phone: None,
            password_hash: NO_PASSWORD.to_string(),
            require_password_change: false,
            temp_password_expires_at: None,
        };
        let created = self
            .guests
            .create(
                NewGuest {
                    user,
                    ends_at,
                    purpose,
                    scope,
                    invited_by: actor.id,
                    invitation_hash: secret_token::hash(&token),
                    invitation_expires_at: now + Duration::days(INVITATION_DAYS),
                    invitation,
                },
                now,
            )
            .map_err(duplicate_email)?;
        self.listing(created.id)
    }

    /// Every guest, for the Users page.
    pub fn list(&self, actor: &User) -> Result<Vec<GuestListing>, IdentityRefusal> {
        may_manage(actor)?;
        Ok(self.guests.list()?.into_iter().map(|g| self.dated(g)).collect())
    }

    /// Extends, shortens or re-scopes a guest's pass; answers the guest as before and after.
    pub fn change(
        &self,
        actor: &User,
        id: UserId,
        input: ChangeGuestRequest,
    ) -> Result<(GuestListing, GuestListing), IdentityRefusal> {
        may_manage(actor)?;
        let before = self.listing(id)?;
        let mut errors = FieldErrors::new();
        let purpose = match input.purpose {
            Some(purpose) => validation::required_line(&mut errors, "purpose", "Purpose", &purpose, 200),
            None => before.purpose.clone(),
        };
        let pass = self.read_pass(
            &mut errors,
            PassInput {
                ends_on: input.ends_on,
                meeting_ids: input.meeting_ids,
                document_ids: input.document_ids,
                audit_from: input.audit_from,
                audit_to: input.audit_to,
            },
        )?;
        errors.into_result()?;
        let (ends_at, scope) = pass.ok_or_else(|| {
            IdentityRefusal::Common(crate::DomainError::invalid("endsOn", ENDS_ON_REQUIRED))
        })?;
        // A pass that ends at once ends the guest's sessions for good.
        let ended = ends_at <= self.clock.now();
        if !self.guests.change(id, ends_at, &purpose, &scope, ended)? {
            return Err(IdentityRefusal::UserNotFound);
        }
        Ok((before, self.listing(id)?))
    }

    /// Ends a guest's access now: their sessions end and sign-in is refused from now on.
    pub fn end_now(&self, actor: &User, id: UserId) -> Result<(GuestListing, GuestListing), IdentityRefusal> {
        may_manage(actor)?;
        let before = self.listing(id)?;
        let pass = self.guests.pass(id)?.ok_or(IdentityRefusal::UserNotFound)?;
        let now = self.clock.now();
        let ends_at = pass.ends_at.min(now);
        if !self.guests.change(id, ends_at, &pass.purpose, &pass.scope, true)? {
            return Err(IdentityRefusal::UserNotFound);
        }
        Ok((before, self.listing(id)?))
    }

    /// The caller's own pass (a guest's "what I can open").
    pub fn own_pass(&self, caller: &User) -> Result<GuestListing, IdentityRefusal> {
        if caller.role != Role::Guest {
            return Err(IdentityRefusal::UserNotFound);
        }
        self.listing(caller.id)
    }

    /// The pass a guest's request is read under; a member of the board has none.
    pub fn pass_of(&self, caller: &User) -> Result<Option<GuestPass>, IdentityRefusal> {
        if caller.role != Role::Guest {
            return Ok(None);
        }
        // A guest account always has its pass (one transaction made both); without it, nothing opens.
        let pass = self.guests.pass(caller.id)?.ok_or(IdentityRefusal::GuestsSeeTheirPassOnly)?;
        Ok(Some(pass))
    }

    fn listing(&self, id: UserId) -> Result<GuestListing, IdentityRefusal> {
        let guest = self.guests.listing(id)?.ok_or(IdentityRefusal::UserNotFound)?;
        Ok(self.dated(guest))
    }

    /// The listing with whether it has ended and its last day, by the clock and the board's time zone.
    fn dated(&self, guest: GuestListing) -> GuestListing {
        let last_moment = guest.ends_at - Duration::nanoseconds(1);
        GuestListing {
            ended: guest.ends_at <= self.clock.now(),
            last_day: last_moment.with_timezone(&self.zone).date_naive(),
            ..guest
        }
    }

    /// The end and scope of a pass, or the fields' errors (added to `errors`). `None` when an error was
    /// found.
    fn read_pass(
        &self,
        errors: &mut FieldErrors,
        input: PassInput,
    ) -> Result<Option<(DateTime<Utc>, GuestScope)>, IdentityRefusal> {
        let today = self.clock.now().with_timezone(&self.zone).date_naive();
        let ends_on = match input.ends_on.read(errors, "endsOn", DATE_INVALID) {
            None if !errors.fields().contains_key("endsOn") => {
                errors.add("endsOn", ENDS_ON_REQUIRED);
                None
            }
            None => None,
            Some(IsoDate(day)) if day < today => {
                errors.add("endsOn", ENDS_ON_PAST);
                None
            }
            Some(IsoDate(day)) if day > today + Duration::days(LONGEST_PASS_DAYS) => {
                errors.add("endsOn", ENDS_ON_TOO_FAR);
                None
            }
            Some(IsoDate(day)) => Some(day),
        };
        let from = input.audit_from.read(errors, "auditFrom", DATE_INVALID);
        let to = input.audit_to.read(errors, "auditTo", DATE_INVALID);
        let audit_period = match (from, to) {
            (None, None) => None,
            (Some(IsoDate(from)), Some(IsoDate(to))) if to < from => {
                errors.add("auditTo", PERIOD_BACKWARDS);
                None
            }
            (Some(IsoDate(from)), Some(IsoDate(to))) => Some(AuditPeriod { from, to }),
            (None, Some(_)) => {
                errors.add("auditFrom", PERIOD_HALF);
                None
            }
            (Some(_), None) => {
                errors.add("auditTo", PERIOD_HALF);
                None
            }
        };
        let mut meetings = input.meeting_ids;
        meetings.sort_unstable();
        meetings.dedup();
        let mut documents = input.document_ids;
        documents.sort_unstable();
        documents.dedup();
        if meetings.len() > 200 || self.guests.existing_meetings(&meetings)?.len() != meetings.len() {
            errors.add("meetingIds", MEETING_UNKNOWN);
        }
        if documents.len() > 500 || self.guests.existing_documents(&documents)?.len() != documents.len() {
            errors.add("documentIds", DOCUMENT_UNKNOWN);
        }
        let scope = GuestScope { meetings, documents, audit_period };
        let period_errors = ["auditFrom", "auditTo"].iter().any(|f| errors.fields().contains_key(*f));
        if scope.is_empty() && !period_errors {
            errors.add("scope", SCOPE_EMPTY);
        }
        Ok(ends_on.map(|day| (self.end_of(day), scope)))
    }

    /// Midnight after `day` in the board's time zone.
    fn end_of(&self, day: NaiveDate) -> DateTime<Utc> {
        let next = day + Duration::days(1);
        let midnight = next.and_hms_opt(0, 0, 0).unwrap_or_default();
        self.zone
            .from_local_datetime(&midnight)
            .earliest()
            .map_or_else(|| midnight.and_utc(), |at| at.with_timezone(&Utc))
    }
}

fn may_manage(actor: &User) -> Result<(), IdentityRefusal> {
    if permissions::can_manage_guests(actor.role) {
        Ok(())
    } else {
        Err(IdentityRefusal::OnlyOfficersManageUsers)
    }
}
