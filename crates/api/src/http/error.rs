//! The one place where errors become HTTP answers.

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use std::collections::BTreeMap;

use domain::shared::input::validation::FieldErrors;
use domain::shared::refusal::{Answer, Refusal, RefusalKind};
use domain::DomainError;

pub const INTERNAL_ERROR: &str = "Something went wrong on our side. Please try again.";

/// The `Retry-After` of a 503 while the database cannot be reached: a restart takes seconds.
const UNAVAILABLE_RETRY_AFTER_SECS: u64 = 10;

/// A domain error, or a problem the framework found before any use case ran.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// Malformed JSON, a wrong path id, an unknown route: a status and a message for the user.
    #[error("{1}")]
    Http(StatusCode, String),
}

/// Every area's refusal enum becomes an answer here: its own kind, message and field, or the shared
/// error it wraps.
macro_rules! answer_area_refusals {
    ($($area:ty),+ $(,)?) => {$(
        impl From<$area> for ApiError {
            fn from(refusal: $area) -> Self {
                ApiError::refused(refusal.answer())
            }
        }
    )+};
}

answer_area_refusals!(
    domain::actions::ActionsRefusal,
    domain::audit::AuditRefusal,
    domain::committees::CommitteesRefusal,
    domain::dashboard::DashboardRefusal,
    domain::governance::GovernanceRefusal,
    domain::governance::SkillsRefusal,
    domain::identity::IdentityRefusal,
    domain::library::LibraryRefusal,
    domain::meetings::MeetingsRefusal,
    domain::notices::NoticesRefusal,
    domain::notifications::NotificationsRefusal,
    domain::reading::ReadingRefusal,
    domain::search::SearchRefusal,
    domain::signing::SigningRefusal,
    domain::governance::evaluation::refusal::EvaluationRefusal,
);

/// The status of each kind of area refusal.
fn status_of(kind: RefusalKind) -> StatusCode {
    match kind {
        RefusalKind::Invalid | RefusalKind::BadRequest => StatusCode::BAD_REQUEST,
        RefusalKind::Unauthorized => StatusCode::UNAUTHORIZED,
        RefusalKind::Forbidden => StatusCode::FORBIDDEN,
        RefusalKind::NotFound => StatusCode::NOT_FOUND,
        RefusalKind::Conflict => StatusCode::CONFLICT,
        RefusalKind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
    }
}

impl ApiError {
    fn refused(answer: Answer) -> Self {
        match answer {
            Answer::Common(error) => ApiError::Domain(error),
            Answer::Own { kind: RefusalKind::Invalid, message, field: Some(field) } => {
                ApiError::Domain(DomainError::Invalid(FieldErrors::single(field, message)))
            }
            Answer::Own { kind, message, .. } => ApiError::Http(status_of(kind), message),
        }
    }

    pub fn http(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError::Http(status, message.into())
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        ApiError::Domain(DomainError::Unauthorized(message.into()))
    }
}

/// Every error: a message for the user and, for a 400 on form fields, one message per field keyed by the
/// field's JSON name.
#[derive(Debug, Serialize, PartialEq, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub errors: Option<BTreeMap<String, String>>,
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Http(status, _) => *status,
            ApiError::Domain(error) => match error {
                DomainError::Invalid(_) | DomainError::BadRequest(_) => StatusCode::BAD_REQUEST,
                DomainError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
                DomainError::Forbidden(_) => StatusCode::FORBIDDEN,
                DomainError::NotFound(_) => StatusCode::NOT_FOUND,
                DomainError::Conflict(_) => StatusCode::CONFLICT,
                DomainError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
                DomainError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
                DomainError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
                DomainError::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
            },
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        let body = match self {
            ApiError::Domain(DomainError::Unexpected(cause)) => {
                tracing::error!(error = ?cause, "unexpected error");
                ErrorBody { message: INTERNAL_ERROR.into(), errors: None }
            }
            ApiError::Domain(DomainError::Invalid(fields)) => {
                ErrorBody { message: fields.to_string(), errors: Some(fields.fields().clone()) }
            }
            other => ErrorBody { message: other.to_string(), errors: None },
        };
        let mut response = HttpResponse::build(status);
        if let ApiError::Domain(DomainError::RateLimited { retry_after_secs }) = self {
            response.insert_header((header::RETRY_AFTER, retry_after_secs.to_string()));
        }
        if let ApiError::Domain(DomainError::Unavailable) = self {
            // Logged with its cause where the connection failed (persistence's `pool_error`).
            response.insert_header((header::RETRY_AFTER, UNAVAILABLE_RETRY_AFTER_SECS.to_string()));
        }
        if status == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        response.json(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::to_bytes;
    use domain::actions::ActionsRefusal;
    use domain::meetings::written_minutes::WrittenMinutesStatus;
    use domain::meetings::MeetingsRefusal;

    async fn render(error: ApiError) -> (StatusCode, serde_json::Value) {
        let response = error.error_response();
        let status = response.status();
        let bytes = to_bytes(response.into_body()).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[actix_web::test]
    async fn validation_errors_carry_fields() {
        let mut fields = FieldErrors::new();
        fields.add("email", "Please enter a valid email address");
        let (status, body) = render(DomainError::Invalid(fields).into()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            body,
            serde_json::json!({
                "message": "Please enter a valid email address",
                "errors": {"email": "Please enter a valid email address"}
            })
        );
    }

    #[actix_web::test]
    async fn unexpected_errors_hide_their_cause() {
        let (status, body) =
            render(DomainError::Unexpected(anyhow::anyhow!("password=hunter2 leaked")).into()).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(body, serde_json::json!({ "message": INTERNAL_ERROR }));
    }

    #[actix_web::test]
    async fn statuses_follow_the_domain() {
        let cases: Vec<(DomainError, u16)> = vec![
            (DomainError::Unauthorized("x".into()), 401),
            (DomainError::Forbidden("x".into()), 403),
            (DomainError::NotFound("User"), 404),
            (DomainError::Conflict("x".into()), 409),
            (DomainError::TooLarge("x".into()), 413),
            (DomainError::RateLimited { retry_after_secs: 9 }, 429),
        ];
        for (error, code) in cases {
            let (status, body) = render(error.into()).await;
            assert_eq!(status.as_u16(), code);
            assert!(body["message"].is_string());
        }
        let response = ApiError::from(DomainError::RateLimited { retry_after_secs: 9 }).error_response();
        assert_eq!(response.headers().get(header::RETRY_AFTER).unwrap(), "9");
    }

    #[actix_web::test]
    async fn area_refusals_answer_their_own_kind_message_and_field() {
        let (status, body) = render(ActionsRefusal::NotFound.into()).await;
        assert_eq!((status.as_u16(), body), (404, serde_json::json!({ "message": "Action not found" })));
        let (status, body) = render(ActionsRefusal::AlreadyComplete.into()).await;
        assert_eq!(status.as_u16(), 409);
        assert_eq!(body["message"], domain::actions::refusal::ACTION_COMPLETE);
        let (status, body) = render(ActionsRefusal::AssigneeNotActive.into()).await;
        assert_eq!(status.as_u16(), 400);
        assert_eq!(body["errors"]["assignedTo"], domain::actions::refusal::ASSIGNEE_NOT_ACTIVE);
        let (status, _) = render(ActionsRefusal::Common(DomainError::forbidden("no")).into()).await;
        assert_eq!(status.as_u16(), 403);
    }

    #[actix_web::test]
    async fn meetings_refusals_answer_as_their_mappers_did() {
        use domain::meetings::refusal;
        let (status, body) = render(MeetingsRefusal::AgendaItemNotFound.into()).await;
        assert_eq!((status.as_u16(), body), (404, serde_json::json!({ "message": "Agenda item not found" })));
        let (status, body) = render(MeetingsRefusal::PaperNotFound.into()).await;
        assert_eq!((status.as_u16(), body), (404, serde_json::json!({ "message": "Paper not found" })));
        let (status, body) = render(MeetingsRefusal::StaleOrder.into()).await;
        assert_eq!((status.as_u16(), body), (409, serde_json::json!({ "message": refusal::STALE_ORDER })));
        let (status, body) = render(MeetingsRefusal::NoSuchPresenter.into()).await;
        assert_eq!(status.as_u16(), 400);
        assert_eq!(body["errors"]["presenterUserId"], refusal::NO_SUCH_PRESENTER);
        let (status, body) = render(MeetingsRefusal::NoSuchCommittee.into()).await;
        assert_eq!(status.as_u16(), 400);
        assert_eq!(body["errors"]["committeeId"], refusal::NO_SUCH_COMMITTEE);
        let (status, body) = render(MeetingsRefusal::minutes_are(WrittenMinutesStatus::Locked).into()).await;
        assert_eq!(status.as_u16(), 409);
        assert_eq!(
            body["message"],
            "These minutes are locked: they can no longer be edited. Record a correction as a new version."
        );
        let (status, body) = render(MeetingsRefusal::minutes_are(WrittenMinutesStatus::Draft).into()).await;
        assert_eq!(status.as_u16(), 409);
        assert_eq!(body["message"], "These minutes are draft: that step does not apply.");
    }

    /// Each refusal is answered exactly as the `DomainError` the use case answered before it had its own.
    #[actix_web::test]
    async fn governance_and_committee_refusals_answer_as_before() {
        use domain::committees::refusal as committees;
        use domain::committees::CommitteesRefusal;
        use domain::governance::refusal as governance;
        use domain::governance::GovernanceRefusal;

        let cases: Vec<(ApiError, DomainError)> = vec![
            (GovernanceRefusal::ConflictNotFound.into(), DomainError::NotFound("Declaration")),
            (
                GovernanceRefusal::ConflictAlreadyDeclared.into(),
                DomainError::conflict(governance::CONFLICT_ALREADY_DECLARED),
            ),
            (
                GovernanceRefusal::RoundExists(2026).into(),
                DomainError::conflict("A declarations round for 2026 already exists."),
            ),
            (
                GovernanceRefusal::NotAskedToDeclare.into(),
                DomainError::forbidden(governance::NOT_ASKED_TO_DECLARE),
            ),
            (
                GovernanceRefusal::NoSuchCodeOfConduct.into(),
                DomainError::invalid("codeOfConductDocumentId", "No such document in the library"),
            ),
            (
                GovernanceRefusal::ThresholdOutOfReach(3).into(),
                DomainError::invalid(
                    "thresholdCount",
                    "The threshold cannot be reached: 3 trustees are eligible to vote",
                ),
            ),
            (GovernanceRefusal::ResolutionNotFound.into(), DomainError::NotFound("Resolution")),
            (GovernanceRefusal::VotingClosed.into(), DomainError::conflict(governance::VOTING_CLOSED)),
            (
                GovernanceRefusal::MeetingCancelled.into(),
                DomainError::conflict("This meeting has been cancelled."),
            ),
            (
                GovernanceRefusal::Meetings(MeetingsRefusal::MeetingNotFound).into(),
                DomainError::NotFound("Meeting"),
            ),
            (
                GovernanceRefusal::Meetings(MeetingsRefusal::AgendaItemNotFound).into(),
                DomainError::NotFound("Agenda item"),
            ),
            (
                GovernanceRefusal::ResolutionStillOpen.into(),
                DomainError::conflict(
                    "This resolution is still open: it goes on an agenda once it is decided.",
                ),
            ),
            (
                GovernanceRefusal::BoardMeetingsOnly.into(),
                DomainError::conflict(
                    "Written resolutions are reported to board meetings: add it to a board meeting's agenda.",
                ),
            ),
            (CommitteesRefusal::NotFound.into(), DomainError::NotFound("Committee")),
            (CommitteesRefusal::NotMember.into(), DomainError::NotFound("Committee member")),
            (CommitteesRefusal::Archived.into(), DomainError::conflict(committees::ARCHIVED_READ_ONLY)),
            (
                CommitteesRefusal::UserNotActive.into(),
                DomainError::invalid("userId", committees::USER_NOT_ACTIVE),
            ),
        ];
        for (refusal, before) in cases {
            assert_eq!(render(refusal).await, render(before.into()).await);
        }
        let (status, body) = render(GovernanceRefusal::NotEligible.into()).await;
        assert_eq!(
            (status.as_u16(), body),
            (403, serde_json::json!({ "message": "You are not eligible to vote on this resolution." }))
        );
        let (status, body) = render(CommitteesRefusal::AlreadyMember.into()).await;
        assert_eq!(
            (status.as_u16(), &body["message"]),
            (409, &serde_json::json!(committees::ALREADY_MEMBER))
        );
    }

    /// Each permission refusal of an area is answered exactly as the `DomainError::forbidden` literal
    /// its use case answered before (403, the same message).
    #[actix_web::test]
    async fn permission_refusals_answer_as_before() {
        use domain::actions::ActionsRefusal as Actions;
        use domain::audit::AuditRefusal as Audit;
        use domain::committees::CommitteesRefusal as Committees;
        use domain::dashboard::DashboardRefusal as Dashboard;
        use domain::governance::GovernanceRefusal as Governance;
        use domain::library::LibraryRefusal as Library;
        use domain::meetings::MeetingsRefusal as Meetings;
        use domain::notices::NoticesRefusal as Notices;
        use domain::notifications::NotificationsRefusal as Notifications;

        let cases: Vec<(ApiError, &str)> = vec![
            (
                Governance::DeclareForOthersForbidden.into(),
                "Only admins and chairs can declare a conflict for someone else.",
            ),
            (
                Governance::HandlingForbidden.into(),
                "Only admins and chairs record how a conflict was handled.",
            ),
            (
                Governance::WithdrawForbidden.into(),
                "Only admins and chairs can withdraw someone else's declaration.",
            ),
            (
                Governance::RegisterLimited.into(),
                "The register of interests is open to admins and chairs only.",
            ),
            (
                Governance::NotYourInterest.into(),
                "Only admins and chairs can change another trustee's interests.",
            ),
            (
                Governance::SettingsOfficersOnly.into(),
                "Only admins and chairs can change governance settings.",
            ),
            (Governance::RoundsOfficersOnly.into(), "Only admins and chairs can run declarations rounds."),
            (Governance::TermsOfficersOnly.into(), "Only admins and chairs can record terms of office."),
            (
                Governance::ProposeOfficersOnly.into(),
                "Only admins and chairs can propose written resolutions.",
            ),
            (Governance::WarningsOfficersOnly.into(), "Only admins and chairs see the board's warnings."),
            (Actions::CannotRead.into(), "You cannot read actions."),
            (Actions::OnlyOfficersCreate.into(), "Only admins and chairs can create actions."),
            (Actions::NotAssignee.into(), "You can only change the status of actions assigned to you."),
            (Actions::OnlyOfficersDelete.into(), "Only admins and chairs can delete actions."),
            (Committees::OnlyOfficersCreate.into(), "Only admins and chairs can create committees."),
            (Committees::CannotOpen.into(), "Only members of this committee, admins and chairs can open it."),
            (
                Committees::CannotManage.into(),
                "Only this committee's chair, admins and chairs can manage it.",
            ),
            (Library::CannotReadDocuments.into(), "You cannot read documents."),
            (
                Library::OnlyOfficersManageDocuments.into(),
                "Only admins and chairs can upload or delete documents.",
            ),
            (Library::CannotReadMinutes.into(), "You cannot read minutes."),
            (Library::OnlyOfficersUploadMinutes.into(), "Only admins and chairs can upload minutes."),
            (Library::PasswordChangeRequired.into(), "You must set a new password before using the portal."),
            (
                Library::MfaEnrolmentRequired.into(),
                "You must set up two-factor sign-in before using the portal.",
            ),
            (Meetings::CannotRead.into(), "You cannot read meetings."),
            (Meetings::OnlyOfficersSchedule.into(), "Only admins and chairs can schedule meetings."),
            (
                Meetings::OnlyOfficersEdit.into(),
                "Only admins and chairs can edit, cancel or delete meetings.",
            ),
            (Meetings::NotInvited.into(), "Only the meeting's members can answer its invitation."),
            (Meetings::OnlyOfficersRecordAttendance.into(), "Only admins and chairs can record attendance."),
            (
                Meetings::OnlyOfficersWriteMinutes.into(),
                "Only admins and chairs can write, circulate, approve or correct minutes.",
            ),
            (Notices::CannotRead.into(), "You cannot read notices."),
            (Notices::OnlyOfficersPost.into(), "Only admins and chairs can post notices."),
            (Notices::OnlyOfficersDelete.into(), "Only admins and chairs can delete notices."),
            (Notifications::OnlyAdminsMail.into(), "Only admins can see the mail log and send test e-mail."),
            (Notifications::OnlyAdminsMailSettings.into(), "Only admins can see the mail settings."),
            (Audit::AdminsOnly.into(), "Only admins can read the audit log."),
            (Dashboard::CannotRead.into(), "You cannot read the dashboard."),
        ];
        for (refusal, message) in cases {
            let answered = render(refusal).await;
            assert_eq!(answered, render(DomainError::forbidden(message).into()).await, "{message}");
            assert_eq!(answered, (StatusCode::FORBIDDEN, serde_json::json!({ "message": message })));
        }
        // What the areas' enums wrap is answered as before, too.
        let invalid = || DomainError::invalid("from", "x");
        assert_eq!(render(Audit::Common(invalid()).into()).await, render(invalid().into()).await);
        assert_eq!(
            render(Dashboard::Common(DomainError::Unexpected(anyhow::anyhow!("down"))).into()).await,
            render(DomainError::Unexpected(anyhow::anyhow!("down")).into()).await
        );
    }

    /// Each identity refusal is answered exactly as the `DomainError` the use case answered before.
    #[actix_web::test]
    async fn identity_refusals_answer_as_before() {
        use domain::identity::password_policy::SAME_AS_CURRENT;
        use domain::identity::refusal as identity;
        use domain::identity::role::Role;
        use domain::identity::IdentityRefusal as R;

        let unauthorized = |message: &str| DomainError::Unauthorized(message.into());
        let cases: Vec<(R, DomainError)> = vec![
            (R::InvalidCredentials, unauthorized("Invalid email or password")),
            (
                R::TemporaryPasswordExpired,
                unauthorized("Your temporary password has expired. Ask an admin or chair for a new one."),
            ),
            (R::SessionExpired, unauthorized("Your session has expired. Please sign in again.")),
            (R::SignInExpired, unauthorized("Your sign-in has expired. Please sign in again.")),
            (R::ConfirmItIsYou, DomainError::forbidden("Confirm your password to continue.")),
            (
                R::PasswordChangeRequired,
                DomainError::forbidden("You must set a new password before using the portal."),
            ),
            (
                R::MfaEnrolmentRequired,
                DomainError::forbidden("You must set up two-factor sign-in before using the portal."),
            ),
            (R::RegistrationDisabled, DomainError::forbidden("Registration is disabled")),
            (R::SessionNotFound, DomainError::NotFound("Session")),
            (R::PasswordRequired, DomainError::invalid("password", "Password is required")),
            (
                R::CurrentPasswordWrong { field: "password" },
                DomainError::invalid("password", "Current password is incorrect"),
            ),
            (
                R::CurrentPasswordWrong { field: "currentPassword" },
                DomainError::invalid("currentPassword", "Current password is incorrect"),
            ),
            (R::SameAsCurrent, DomainError::invalid("newPassword", SAME_AS_CURRENT)),
            (R::NotTemporary, DomainError::forbidden("Your password is not a temporary one.")),
            (
                R::OnlyOfficersSeeResetRequests,
                DomainError::forbidden("Only admins and chairs can see password reset requests."),
            ),
            (
                R::CannotResetPasswords,
                DomainError::forbidden("You do not have permission to reset passwords."),
            ),
            (
                R::CannotResetThisPassword,
                DomainError::forbidden("You do not have permission to reset this user's password."),
            ),
            (
                R::ResetLinkUnknown,
                DomainError::BadRequest(
                    "This reset link is not valid. Ask for a new one from the sign-in page.".into(),
                ),
            ),
            (R::ResetLinkUsed, DomainError::BadRequest(identity::LINK_USED.into())),
            (R::ResetLinkExpired, DomainError::BadRequest(identity::LINK_EXPIRED.into())),
            (R::UserNotFound, DomainError::NotFound("User")),
            (R::OnlyOfficersManageUsers, DomainError::forbidden("Only admins and chairs can manage users.")),
            (R::OnlyAdminsCreateUsers, DomainError::forbidden("Only admins can create users.")),
            (R::ChairsEditTrusteesOnly, DomainError::forbidden("Chairs can only edit trustees.")),
            (R::ChairsDeleteTrusteesOnly, DomainError::forbidden("Chairs can only delete trustees.")),
            (R::CannotGiveRole(Role::Admin), DomainError::forbidden("You cannot give the role 'admin'.")),
            (R::CannotDeactivateSelf, DomainError::conflict("You cannot deactivate your own account.")),
            (R::CannotDeleteSelf, DomainError::forbidden("You cannot delete your own account.")),
            (R::EmailTaken, DomainError::conflict("A user with this email already exists")),
            (R::CannotReadDirectory, DomainError::forbidden("You cannot read the directory.")),
            (R::OnlyAdminsSendInvitations, DomainError::forbidden("Only admins can send invitations.")),
            (
                R::InviteeDeactivated,
                DomainError::conflict(
                    "This account is deactivated. Activate it before sending an invitation.",
                ),
            ),
            (R::AlreadyHasPassword, DomainError::conflict(identity::ALREADY_HAS_PASSWORD)),
            (
                R::InviteWithPassword,
                DomainError::invalid("password", "Leave the password empty when sending an invitation."),
            ),
            (R::InvitationUnknown, DomainError::BadRequest(identity::INVITATION_UNKNOWN.into())),
            (R::InvitationUsed, DomainError::BadRequest(identity::INVITATION_USED.into())),
            (R::InvitationExpired, DomainError::BadRequest(identity::INVITATION_EXPIRED.into())),
            (R::CodeRequired, DomainError::invalid("code", "Enter the code from your authenticator app")),
            (
                R::CodeWrong,
                DomainError::invalid(
                    "code",
                    "That code is not right. Check the time on your phone, or use a recovery code.",
                ),
            ),
            (
                R::EnrolCodeWrong,
                DomainError::invalid(
                    "code",
                    "That code is not right. Check the time on your phone and try again.",
                ),
            ),
            (R::AlreadyOn, DomainError::conflict("Two-factor sign-in is already on.")),
            (R::NotOn, DomainError::conflict("Two-factor sign-in is not on.")),
            (R::SetUpFirst, DomainError::conflict("Start two-factor set-up first.")),
            (R::RequiredForRole, DomainError::forbidden("Two-factor sign-in is required for your role.")),
            (R::OnlyAdminsReset, DomainError::forbidden("Only admins can reset two-factor sign-in.")),
            (R::OnlyAdminsSettings, DomainError::forbidden("Only admins can change security settings.")),
            (
                R::Common(DomainError::RateLimited { retry_after_secs: 9 }),
                DomainError::RateLimited { retry_after_secs: 9 },
            ),
        ];
        for (refusal, before) in cases {
            let name = format!("{refusal:?}");
            assert_eq!(render(refusal.into()).await, render(before.into()).await, "{name}");
        }
        // A 401 still asks for a bearer token.
        let response = ApiError::from(R::SessionExpired).error_response();
        assert_eq!(response.headers().get(header::WWW_AUTHENTICATE).unwrap(), "Bearer");
    }

    /// The library's, the noticeboard's, notifications' and the register's and terms' refusals answer
    /// exactly as the `DomainError` each use case answered before.
    #[actix_web::test]
    async fn library_notices_notifications_interest_and_term_refusals_answer_as_before() {
        use domain::committees::CommitteesRefusal;
        use domain::governance::GovernanceRefusal;
        use domain::library::files::TOO_LARGE_MESSAGE;
        use domain::library::refusal::{NO_SUCH_MEETING, VIEW_LINK_INVALID};
        use domain::library::LibraryRefusal;
        use domain::meetings::MeetingsRefusal;
        use domain::notices::NoticesRefusal;
        use domain::notifications::refusal::UNSUBSCRIBE_INVALID;
        use domain::notifications::NotificationsRefusal;

        let cases: Vec<(ApiError, DomainError)> = vec![
            (LibraryRefusal::DocumentNotFound.into(), DomainError::NotFound("Document")),
            (LibraryRefusal::MinutesNotFound.into(), DomainError::NotFound("Minutes")),
            (LibraryRefusal::MinutesFileNotFound.into(), DomainError::NotFound("Minutes file")),
            (LibraryRefusal::NoSuchMeeting.into(), DomainError::invalid("meetingId", NO_SUCH_MEETING)),
            (LibraryRefusal::FileTooLarge.into(), DomainError::TooLarge(TOO_LARGE_MESSAGE.into())),
            (
                MeetingsRefusal::Library(LibraryRefusal::FileTooLarge).into(),
                DomainError::TooLarge(TOO_LARGE_MESSAGE.into()),
            ),
            (
                CommitteesRefusal::Library(LibraryRefusal::FileTooLarge).into(),
                DomainError::TooLarge(TOO_LARGE_MESSAGE.into()),
            ),
            (LibraryRefusal::ViewLinkInvalid.into(), DomainError::Unauthorized(VIEW_LINK_INVALID.into())),
            (NoticesRefusal::NotFound.into(), DomainError::NotFound("Notice")),
            (
                NotificationsRefusal::UnsubscribeInvalid.into(),
                DomainError::BadRequest(UNSUBSCRIBE_INVALID.into()),
            ),
            (GovernanceRefusal::InterestNotFound.into(), DomainError::NotFound("Interest")),
            (GovernanceRefusal::TermNotFound.into(), DomainError::NotFound("Term")),
            (GovernanceRefusal::NoSuchTrustee.into(), DomainError::invalid("userId", "No such trustee")),
        ];
        for (refusal, before) in cases {
            let headers = |error: &ApiError| {
                let response = error.error_response();
                let header = response.headers().get(header::WWW_AUTHENTICATE).cloned();
                header
            };
            let before = ApiError::from(before);
            assert_eq!(headers(&refusal), headers(&before));
            assert_eq!(render(refusal).await, render(before).await);
        }
        let (status, body) = render(LibraryRefusal::ViewLinkInvalid.into()).await;
        assert_eq!((status.as_u16(), body), (401, serde_json::json!({ "message": VIEW_LINK_INVALID })));
        let (status, body) = render(NoticesRefusal::NotFound.into()).await;
        assert_eq!((status.as_u16(), body), (404, serde_json::json!({ "message": "Notice not found" })));
        let (status, body) = render(LibraryRefusal::NoSuchMeeting.into()).await;
        assert_eq!(status.as_u16(), 400);
        assert_eq!(body["errors"]["meetingId"], NO_SUCH_MEETING);
    }
}
