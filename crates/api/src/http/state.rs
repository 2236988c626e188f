use std::sync::Arc;

use domain::actions::ActionService;
use domain::audit::AuditService;
use domain::committees::{ChatStreams, CommitteeService};
use domain::dashboard::tasks::TasksService;
use domain::dashboard::DashboardService;
use domain::governance::SkillService;
use domain::governance::{
    ConflictService, DeclarationService, InterestService, ResolutionService, TermService,
};
use domain::identity::{
    AuthService, DirectoryService, InvitationService, PasswordResetService, SessionService, TwoFactorService,
    UserService,
};
use domain::library::{DocumentListKey, DocumentService, FileStore, MinutesService};
use domain::meetings::meeting::MeetingScope;
use domain::meetings::{
    AttendanceService, BoardPackService, CalendarService, MeetingService, WrittenMinutesService,
};
use domain::notices::NoticeService;
use domain::notifications::{MailService, NotificationService, UnsubscribeService};
use domain::reading::notes::NoteService;
use domain::reading::records::ReadingRecordsService;
use domain::reading::Papers;
use domain::search::SearchService;
use domain::shared::{ChangeSink, ReadCache, Readiness};
use domain::signing::SigningService;

/// Everything the handlers need, shared by all workers.
#[derive(Clone)]
pub struct AppState {
    /// The audit trail (spec §12 Audit log): recorded by the handlers, read by admins.
    pub audit: AuditService,
    pub auth: AuthService,
    pub password_reset: PasswordResetService,
    /// Two-factor sign-in and the security settings (spec §13 Account security).
    pub two_factor: TwoFactorService,
    /// Single sign-on with the operator's OpenID provider (spec §13 Single sign-on).
    pub sso: domain::identity::SsoService,
    /// The caller's signed-in devices (spec §13 Account security).
    pub sessions: SessionService,
    /// The Mail page: delivery log and test message.
    pub mail: MailService,
    /// `SMTP_URL` is set: invitations are the default, and the front end may say mail is sent.
    pub mail_configured: bool,
    /// E-mail notifications: the settings page and the scheduler (spec §11 Notifications and reminders).
    pub notifications: NotificationService,
    /// Invitations to new users (spec §11 Invitations).
    pub invitations: InvitationService,
    /// Guests' passes (spec §6 Guests).
    pub guests: domain::identity::GuestService,
    /// One-click unsubscribe links of bulk mail (spec §11 Bulk mail is polite).
    pub unsubscribe: UnsubscribeService,
    pub users: UserService,
    pub documents: DocumentService,
    pub minutes: MinutesService,
    pub meetings: MeetingService,
    /// Who chaired each meeting (docs/spec.md §16 Signing).
    pub meeting_chairs: domain::meetings::MeetingChairService,
    /// Attendance and quorum (spec §2 Attendance section).
    pub attendance: AttendanceService,
    /// Calendar feeds and .ics downloads (spec §2 Calendar feed).
    pub calendar: CalendarService,
    /// Board packs (spec §2 Board pack).
    pub board_packs: BoardPackService,
    /// Minutes written in the portal and the decisions register (spec §2 Written minutes and the decisions
    /// register).
    pub written_minutes: WrittenMinutesService,
    /// The step of the account-wide delay of password and code checks (a second in service).
    pub throttle_delay_step: std::time::Duration,
    /// `PORTAL_NAME`, on printed documents.
    pub portal_name: String,
    pub actions: ActionService,
    pub notices: NoticeService,
    /// The encoded notices list (with and without expired ones), the same for every reader, kept until a
    /// notice is written on any process or the next one expires (spec §9, Notices list). Fed by the change
    /// feed.
    pub notices_cache: Arc<dyn ReadCache<bool, crate::http::body::cached::EncodedJson>>,
    /// The encoded documents list per category filter (the same for every reader), kept until a document
    /// or an uploader's name is written on any process (spec §9, Documents list). Fed by the change feed.
    pub documents_cache: Arc<dyn ReadCache<DocumentListKey, crate::http::body::cached::EncodedJson>>,
    /// The encoded dashboard figures per meeting scope (admins and chairs share one; each other reader
    /// has their own), kept until an action, document, meeting, membership or account is written on any
    /// process, the day turns or the next meeting starts (spec §9, Dashboard stats). Fed by the change feed.
    pub dashboard_cache: Arc<dyn ReadCache<MeetingScope, crate::http::body::cached::EncodedJson>>,
    pub committees: CommitteeService,
    /// The open live chat streams of this process (spec §7, Live chat).
    pub chat: Arc<dyn ChatStreams>,
    /// Everything the change feed tells (the chat streams, the session cache). The feed holds it weakly:
    /// it stops listening once the last clone of the state is dropped.
    pub live: Arc<dyn ChangeSink>,
    pub directory: DirectoryService,
    pub dashboard: DashboardService,
    /// The "For you" list (spec §2 Dashboard).
    pub tasks: TasksService,
    /// The register of interests and the governance settings (spec §10 Governance).
    pub interests: InterestService,
    /// Conflicts of interest declared at meetings (spec §10 Rules).
    pub conflicts: ConflictService,
    /// Terms of office (spec §10 Governance).
    pub terms: TermService,
    /// Annual declarations rounds (spec §10 Governance).
    pub declarations: DeclarationService,
    /// Board evaluation (spec §17).
    pub evaluations: domain::governance::evaluation::service::EvaluationService,
    /// Written resolutions (spec §10 Governance).
    pub resolutions: ResolutionService,
    /// The skills matrix (docs/spec.md §18 Skills matrix).
    pub skills: SkillService,
    /// Who may read which paper in the reader (spec §2 Pack reader).
    pub papers: Papers,
    /// The pages each person has shown in the reader (docs/spec.md "Reading records").
    pub reading_records: ReadingRecordsService,
    /// Notes on papers (spec §2 Pack reader, Notes).
    pub notes: NoteService,
    /// One search over the board's records (docs/spec.md "Search").
    pub search: SearchService,
    /// Signatures on approved minutes and the public check (docs/spec.md §16 Signatures and checking).
    pub signing: SigningService,
    pub readiness: Arc<dyn Readiness>,
    /// Uploaded files (documents, minutes, committee documents).
    pub files: Arc<dyn FileStore>,
    /// `ALLOW_REGISTRATION`: the portal is members-only unless an operator opts in.
    pub registration_enabled: bool,
    /// Take the client address from `X-Forwarded-For` (set it only behind a proxy that overwrites it).
    pub trust_proxy: bool,
}

impl AppState {
    /// Drops every read cache of this process, as after a write it made (or a test made behind the API).
    pub fn forget_read_caches(&self) {
        self.notices_cache.forget_all();
        self.documents_cache.forget_all();
        self.dashboard_cache.forget_all();
    }
}
