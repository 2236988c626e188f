//! Concrete adapters plugged into the use cases.

use std::sync::Arc;

use api::AppState;
use auth::{BcryptHasher, ChaChaSealer, JwtTokenService, TotpSecondFactor};
use domain::actions::ActionService;
use domain::audit::AuditService;
use domain::committees::{CommitteeRepository, CommitteeService};
use domain::dashboard::tasks::TasksService;
use domain::dashboard::DashboardService;
use domain::governance::{
    ConflictService, DeclarationService, InterestService, ResolutionService, TermService,
};
use domain::identity::session::SessionPolicy;
use domain::identity::{
    AuthService, DirectoryService, GuestRepository, GuestService, InvitationService, PasswordResetService,
    SessionService, SsoService, SsoSettings, TwoFactorService, UserService,
};
use domain::library::{DocumentService, FileStore, MinutesService, PageCounts, ViewTickets};
use domain::meetings::{
    AttendanceService, BoardPackService, CalendarService, CalendarWriter, MeetingService,
    WrittenMinutesService,
};
use domain::notices::NoticeService;
use domain::notifications::mail::templates::{MailSettings, MailTemplates};
use domain::notifications::unsubscribe::UnsubscribeKey;
use domain::notifications::{MailService, Mailer, NotificationService, UnsubscribeService};
use domain::reading::notes::NoteService;
use domain::reading::records::ReadingRecordsService;
use domain::reading::Papers;
use domain::search::SearchService;
use domain::shared::ports::clock::SystemClock;
use domain::shared::{CacheTopic, ChangeFeed, ChangeSink, ChangeSinks, Clock};
use domain::signing::SigningService;
use persistence::{
    LocalFileStore, PgActionRepository, PgAgendaPaperMeetings, PgAttendanceRepository, PgAuditTrail,
    PgBoardPackCache, PgCalendarFeedRepository, PgChangeFeed, PgCommitteeDocumentRepository,
    PgCommitteeRepository, PgConflictRepository, PgDashboardRepository, PgDeclarationRepository,
    PgDirectoryRepository, PgDocumentRepository, PgGovernanceSettingsRepository, PgGuestRepository,
    PgInterestRepository, PgInvitationRepository, PgLoginThrottle, PgMeetingRepository, PgMinutesRepository,
    PgNoteRepository, PgNoticeRepository, PgNotificationRepository, PgOutboxRepository, PgPageCountCache,
    PgPasswordTokenRepository, PgPool, PgReadiness, PgReadingRecordRepository, PgResetRequestRepository,
    PgResolutionRepository, PgSearchRepository, PgSecuritySettingsRepository, PgSessionRepository,
    PgTasksRepository, PgTermRepository, PgTwoFactorRepository, PgUserRepository, PgWrittenMinutesRepository,
};
use runtime::{ChatHub, OutboxWorker, ProcessReadCache, ProcessSessionCache};

use crate::config::{Config, FileStoreConfig};

pub fn build_state(config: &Config, pool: PgPool) -> anyhow::Result<AppState> {
    let committee_repository: Arc<dyn CommitteeRepository> =
        Arc::new(PgCommitteeRepository::new(pool.clone()));
    let chat = ChatHub::new(committee_repository.clone());
    let session_cache = Arc::new(ProcessSessionCache::new());
    let notices_cache = Arc::new(ProcessReadCache::new(CacheTopic::Notices));
    let documents_cache = Arc::new(ProcessReadCache::new(CacheTopic::Documents));
    let dashboard_cache = Arc::new(ProcessReadCache::new(CacheTopic::Dashboard));
    // The session cache before the chat: a stream told that its session or user changed checks again
    // at once, and that check must not find the session still cached.
    let live: Arc<dyn ChangeSink> = Arc::new(ChangeSinks(vec![
        session_cache.clone(),
        chat.clone(),
        notices_cache.clone(),
        documents_cache.clone(),
        dashboard_cache.clone(),
    ]));
    // One dedicated connection per process listens for committed changes; it stops with the state.
    PgChangeFeed::new(&config.database_url).start(Arc::downgrade(&live))?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let users = Arc::new(PgUserRepository::new(pool.clone()));
    let hasher = Arc::new(BcryptHasher::new(config.bcrypt_cost)?);
    let tokens =
        Arc::new(JwtTokenService::new(&config.jwt_secret, chrono::Duration::hours(config.session_hours)));
    let policy = session_policy(config);
    let auth = AuthService {
        users: users.clone(),
        reset_requests: Arc::new(PgResetRequestRepository::new(pool.clone())),
        hasher: hasher.clone(),
        tokens,
        clock: clock.clone(),
        throttle: Arc::new(PgLoginThrottle::new(pool.clone())),
        sessions: Arc::new(PgSessionRepository::new(pool.clone())),
        two_factor: Arc::new(PgTwoFactorRepository::new(pool.clone())),
        second_factor: Arc::new(TotpSecondFactor::new(config.mail.portal_name.clone())),
        sealer: Arc::new(ChaChaSealer::new(&config.secrets_key, config.secrets_key_previous.as_deref())),
        security_settings: Arc::new(PgSecuritySettingsRepository::new(pool.clone())),
        policy,
        session_cache,
    };
    let unsubscribe_key = UnsubscribeKey::new(&config.jwt_secret);
    let templates = Arc::new(
        MailTemplates::new(
            MailSettings {
                public_url: config.mail.public_url.clone(),
                portal_name: config.mail.portal_name.clone(),
            },
            Arc::new(mailer::TemplateRenderer::new()?),
        )
        .with_unsubscribe_key(unsubscribe_key.clone()),
    );
    let invitations = InvitationService {
        users: users.clone(),
        invitations: Arc::new(PgInvitationRepository::new(pool.clone())),
        hasher: hasher.clone(),
        templates: templates.clone(),
        clock: clock.clone(),
    };
    let guest_passes: Arc<dyn GuestRepository> = Arc::new(PgGuestRepository::new(pool.clone()));
    let guests = GuestService {
        guests: guest_passes.clone(),
        templates: templates.clone(),
        clock: clock.clone(),
        zone: config.mail.board_time_zone,
    };
    let notification_repo = Arc::new(PgNotificationRepository::new(pool.clone()));
    // One-click unsubscribes write the same Notification settings the settings page edits.
    let unsubscribe = UnsubscribeService {
        key: unsubscribe_key,
        notifications: notification_repo.clone(),
        clock: clock.clone(),
    };
    let password_reset = PasswordResetService {
        auth: auth.clone(),
        users: users.clone(),
        tokens: Arc::new(PgPasswordTokenRepository::new(pool.clone())),
        hasher: hasher.clone(),
        templates: templates.clone(),
    };
    let calendar_writer: Arc<dyn CalendarWriter> =
        Arc::new(ical::IcalWriter::new(config.mail.board_time_zone));
    // The "For you" list (spec §2 Dashboard): the dashboard shows it, the weekly digest mails it (spec §11).
    let tasks = TasksService {
        tasks: Arc::new(PgTasksRepository::new(pool.clone())),
        resolutions: Arc::new(PgResolutionRepository::new(pool.clone())),
        declarations: Arc::new(PgDeclarationRepository::new(pool.clone())),
        terms: Arc::new(PgTermRepository::new(pool.clone())),
        users: users.clone(),
        clock: clock.clone(),
        time_zone: config.mail.board_time_zone,
    };
    let notifications = NotificationService {
        tasks: Arc::new(tasks.clone()),
        repo: notification_repo,
        templates: templates.clone(),
        clock: clock.clone(),
        time_zone: config.mail.board_time_zone,
        calendar: calendar_writer.clone(),
    };
    let outbox: Arc<dyn domain::notifications::OutboxRepository> =
        Arc::new(PgOutboxRepository::new(pool.clone()));
    // Governance reminders go through the mail outbox once mail is configured; without it, the log.
    let governance_mail: Arc<dyn domain::governance::GovernanceMail> = if config.mail.smtp_url.is_some() {
        Arc::new(crate::governance_mail::OutboxGovernanceMail {
            outbox: outbox.clone(),
            templates: templates.clone(),
        })
    } else {
        Arc::new(crate::governance_mail::LogOnlyGovernanceMail)
    };
    // Board evaluation (spec §17): reminders go through the outbox once mail is configured.
    let evaluation_repo = Arc::new(persistence::PgEvaluationRepository::new(pool.clone()));
    let evaluation_mail: Arc<dyn domain::governance::evaluation::repository::EvaluationMail> =
        if config.mail.smtp_url.is_some() {
            Arc::new(crate::governance_mail::OutboxEvaluationMail {
                repo: evaluation_repo.clone(),
                templates: templates.clone(),
            })
        } else {
            Arc::new(crate::governance_mail::LogOnlyEvaluationMail)
        };
    let evaluations = domain::governance::evaluation::service::EvaluationService {
        repo: evaluation_repo,
        mail: evaluation_mail,
        typesetter: Arc::new(typesetting::PdfTypesetter),
        clock: clock.clone(),
    };
    let mail = MailService { outbox, templates };
    let files = build_file_store(config)?;
    let tickets = ViewTickets { auth: auth.clone() };
    let documents = DocumentService {
        documents: Arc::new(PgDocumentRepository::new(pool.clone())),
        files: files.clone(),
        tickets: tickets.clone(),
        clock: clock.clone(),
        guests: guest_passes.clone(),
    };
    let minutes = MinutesService {
        minutes: Arc::new(PgMinutesRepository::new(pool.clone())),
        files: files.clone(),
        tickets,
        clock: clock.clone(),
        guests: guest_passes.clone(),
    };
    let meetings = MeetingService {
        meetings: Arc::new(PgMeetingRepository::new(pool.clone())),
        files: files.clone(),
        clock: clock.clone(),
    };
    let meeting_chairs = domain::meetings::MeetingChairService {
        meetings: meetings.clone(),
        chairs: Arc::new(persistence::PgMeetingChairs::new(pool.clone())),
        users: users.clone(),
    };
    let attendance_repository = Arc::new(PgAttendanceRepository::new(pool.clone()));
    let attendance = AttendanceService {
        attendance: attendance_repository.clone(),
        settings: Arc::new(PgGovernanceSettingsRepository::new(pool.clone())),
        users: users.clone(),
        clock: clock.clone(),
    };
    let calendar = CalendarService {
        feeds: Arc::new(PgCalendarFeedRepository::new(pool.clone())),
        attendance: attendance_repository.clone(),
        meetings: meetings.clone(),
        users: users.clone(),
        writer: calendar_writer,
        clock: clock.clone(),
        feed_key: Arc::new(domain::meetings::calendar::service::feed_key(&config.jwt_secret)),
        public_url: config.mail.public_url.trim_end_matches('/').to_string(),
        portal_name: config.mail.portal_name.clone(),
    };
    let board_packs = BoardPackService {
        meetings: Arc::new(PgMeetingRepository::new(pool.clone())),
        files: files.clone(),
        builder: Arc::new(typesetting::PdfBoardPackBuilder),
        cache: Arc::new(PgBoardPackCache::new(pool.clone())),
        clock: clock.clone(),
        portal_name: config.mail.portal_name.clone(),
        time_zone: config.mail.board_time_zone,
    };
    let interests = InterestService {
        interests: Arc::new(PgInterestRepository::new(pool.clone())),
        settings: Arc::new(PgGovernanceSettingsRepository::new(pool.clone())),
        users: users.clone(),
        typesetter: Arc::new(typesetting::PdfTypesetter),
        clock: clock.clone(),
        guests: guest_passes.clone(),
    };
    let written_minutes_repository = Arc::new(PgWrittenMinutesRepository::new(pool.clone()));
    let conflicts = ConflictService {
        conflicts: Arc::new(PgConflictRepository::new(pool.clone())),
        meetings: Arc::new(PgMeetingRepository::new(pool.clone())),
        attendance: attendance_repository.clone(),
        settings: Arc::new(PgGovernanceSettingsRepository::new(pool.clone())),
        register: interests.interests.clone(),
        minutes: written_minutes_repository.clone(),
        clock: clock.clone(),
    };
    let written_minutes = WrittenMinutesService {
        minutes: written_minutes_repository,
        declarations: Some(Arc::new(conflicts.clone())),
        meetings: Arc::new(PgMeetingRepository::new(pool.clone())),
        typesetter: Arc::new(typesetting::PdfTypesetter),
        attendance: Some(Arc::new(domain::meetings::attendance::service::RecordedAttendanceLines {
            attendance: attendance_repository.clone(),
        })),
        clock: clock.clone(),
        time_zone: config.mail.board_time_zone,
        papers_read: None,
        guests: guest_passes.clone(),
    };
    let papers = Papers {
        documents: documents.documents.clone(),
        minutes: minutes.minutes.clone(),
        agenda_papers: Arc::new(PgAgendaPaperMeetings::new(pool.clone())),
        board_packs: board_packs.clone(),
    };
    let reading_records = ReadingRecordsService {
        papers: papers.clone(),
        records: Arc::new(PgReadingRecordRepository::new(pool.clone())),
        page_counts: PageCounts {
            files: files.clone(),
            cache: Arc::new(PgPageCountCache::new(pool.clone())),
            pdf: Arc::new(typesetting::LopdfPageCounter),
        },
        attendance: attendance_repository.clone(),
        clock: clock.clone(),
    };
    // The minutes' draft starts with the reading line (docs/spec.md "Reading records").
    let written_minutes =
        WrittenMinutesService { papers_read: Some(Arc::new(reading_records.clone())), ..written_minutes };
    let notes = NoteService {
        notes: Arc::new(PgNoteRepository::new(pool.clone())),
        papers: papers.clone(),
        typesetter: Arc::new(typesetting::PdfTypesetter),
        clock: clock.clone(),
        committees: committee_repository.clone(),
    };
    let audit = AuditService { trail: Arc::new(PgAuditTrail::new(pool.clone())), clock: clock.clone() };
    let declarations = DeclarationService {
        rounds: Arc::new(PgDeclarationRepository::new(pool.clone())),
        mail: governance_mail,
        clock: clock.clone(),
    };
    let resolutions = ResolutionService {
        resolutions: Arc::new(PgResolutionRepository::new(pool.clone())),
        meetings: meetings.clone(),
        time_zone: config.mail.board_time_zone,
        clock: clock.clone(),
    };
    let signing = SigningService {
        signatures: Arc::new(persistence::PgSignatureRepository::new(pool.clone())),
        records: domain::signing::SignedRecords {
            minutes: written_minutes.clone(),
            minutes_signers: Arc::new(persistence::PgMinutesSigners::new(pool.clone())),
            meeting_chairs: meeting_chairs.chairs.clone(),
            governance: Arc::new(PgGovernanceSettingsRepository::new(pool.clone())),
            resolutions: resolutions.clone(),
            declarations: declarations.clone(),
            portal_name: config.mail.portal_name.clone(),
        },
        users: users.clone(),
        typesetter: Arc::new(typesetting::PdfTypesetter),
        sealer: Arc::new(signing_key(config, &pool)?),
        files: files.clone(),
        throttle: Arc::new(PgLoginThrottle::new(pool.clone())),
        clock: clock.clone(),
        verify_url: format!("{}/verify", config.mail.public_url.trim_end_matches('/')),
    };
    let sso = SsoService {
        auth: auth.clone(),
        provider: match &config.sso {
            Some(sso) => Some(Arc::new(oidc::OidcProvider::new(oidc::OidcSettings {
                issuer_url: sso.issuer_url.clone(),
                client_id: sso.client_id.clone(),
                client_secret: sso.client_secret.clone(),
                redirect_url: format!(
                    "{}/api/auth/sso/callback",
                    config.mail.public_url.trim_end_matches('/')
                ),
            })?) as Arc<dyn domain::identity::OpenIdProvider>),
            None => None,
        },
        repo: Arc::new(persistence::PgSsoRepository::new(pool.clone())),
        settings: config
            .sso
            .as_ref()
            .map(|sso| SsoSettings {
                label: sso.label.clone(),
                allowed_domains: sso.allowed_domains.clone(),
                create_unknown: sso.create_unknown,
                unstated_email_verified: sso.unstated_email_verified,
            })
            .unwrap_or_default(),
    };
    Ok(AppState {
        guests,
        signing,
        sso,
        two_factor: TwoFactorService { auth: auth.clone() },
        sessions: SessionService { auth: auth.clone() },
        users: UserService { users, hasher, clock: clock.clone(), policy },
        audit,
        auth,
        password_reset,
        mail,
        notifications,
        mail_configured: config.mail.smtp_url.is_some(),
        invitations,
        unsubscribe,
        documents,
        minutes,
        meetings: meetings.clone(),
        meeting_chairs,
        attendance,
        calendar,
        board_packs,
        papers,
        reading_records,
        notes,
        search: SearchService {
            repository: Arc::new(PgSearchRepository::new(pool.clone())),
            clock: clock.clone(),
            time_zone: config.mail.board_time_zone,
        },
        written_minutes,
        throttle_delay_step: config.throttle_delay_step,
        portal_name: config.mail.portal_name.clone(),
        actions: ActionService {
            actions: Arc::new(PgActionRepository::new(pool.clone())),
            clock: clock.clone(),
        },
        notices: NoticeService {
            notices: Arc::new(PgNoticeRepository::new(pool.clone())),
            clock: clock.clone(),
        },
        notices_cache,
        documents_cache,
        dashboard_cache,
        chat: chat.clone(),
        live,
        committees: CommitteeService {
            committees: committee_repository,
            documents: Arc::new(PgCommitteeDocumentRepository::new(pool.clone())),
            files: files.clone(),
            clock: clock.clone(),
        },
        directory: DirectoryService { directory: Arc::new(PgDirectoryRepository::new(pool.clone())) },
        dashboard: DashboardService {
            dashboard: Arc::new(PgDashboardRepository::new(pool.clone())),
            clock: clock.clone(),
        },
        tasks,
        interests,
        conflicts,
        terms: TermService { terms: Arc::new(PgTermRepository::new(pool.clone())), clock: clock.clone() },
        skills: domain::governance::SkillService {
            skills: Arc::new(persistence::PgSkillRepository::new(pool.clone())),
            terms: Arc::new(PgTermRepository::new(pool.clone())),
            clock: clock.clone(),
        },
        declarations,
        evaluations,
        resolutions,
        readiness: Arc::new(PgReadiness::new(pool)),
        files,
        registration_enabled: config.allow_registration,
        trust_proxy: config.trust_proxy,
    })
}

/// The local folder `DATA_DIR/files` by default, or S3-compatible object storage with `FILE_STORE_URL`
/// (then checked now, so a wrong bucket or credentials stop the start rather than the first upload).
pub fn build_file_store(config: &Config) -> anyhow::Result<Arc<dyn FileStore>> {
    match &config.file_store {
        FileStoreConfig::Local => Ok(Arc::new(LocalFileStore::new(&config.data_dir)?)),
        FileStoreConfig::S3 { url, options } => {
            let location = s3_store::S3Location::parse(url)?;
            // Uploads stream into a local spool file first (DATA_DIR/spool), then go to the bucket on commit.
            let store = s3_store::S3FileStore::new(location, options, &config.data_dir.join("spool"))?;
            store.check()?;
            tracing::info!(file_store = %store.location(), "uploaded files live in object storage");
            Ok(Arc::new(store))
        }
    }
}

pub fn session_policy(config: &Config) -> SessionPolicy {
    SessionPolicy {
        idle: chrono::Duration::minutes(config.session_idle_minutes),
        absolute: chrono::Duration::hours(config.session_hours),
        temporary_password: chrono::Duration::hours(config.temp_password_hours),
    }
}

/// The use case of the file-text worker (docs/spec.md "Text from files"), reading files through `files`
/// (the state's store). DOC files are read when `antiword` or `catdoc` is on `PATH`.
pub fn build_file_text_service(
    config: &Config,
    pool: PgPool,
    files: Arc<dyn FileStore>,
) -> domain::search::file_text::FileTextService {
    let extractor = text_extract::FileTextExtractor::from_environment();
    match extractor.doc_converter() {
        Some(converter) => {
            tracing::info!(converter = %converter.program().display(), "file texts: DOC files are read")
        }
        None => tracing::info!(
            "file texts: no antiword or catdoc on PATH; DOC files are recorded as 'unsupported type'"
        ),
    }
    domain::search::file_text::FileTextService {
        queue: Arc::new(persistence::PgFileTextQueue::new(pool)),
        files,
        extractor: Arc::new(extractor),
        retry_base: config.file_texts.retry_base,
    }
}

/// The outbox worker: SMTP when `SMTP_URL` is set, else `.eml` files under `DATA_DIR/outbox-files`.
pub fn build_mail_worker(config: &Config, pool: PgPool) -> anyhow::Result<OutboxWorker> {
    let from = config
        .mail
        .from
        .parse()
        .map_err(|e| anyhow::anyhow!("MAIL_FROM '{}' is not an e-mail address: {e}", config.mail.from))?;
    let mailer: Arc<dyn Mailer> = match &config.mail.smtp_url {
        Some(url) => Arc::new(mailer::SmtpMailer::new(url, from)?),
        None => Arc::new(mailer::FileMailer::new(config.data_dir.join("outbox-files"), from)?),
    };
    Ok(OutboxWorker {
        outbox: Arc::new(PgOutboxRepository::new(pool)),
        mailer,
        clock: Arc::new(SystemClock),
        retry_base: chrono::Duration::from_std(config.mail.retry_delay)
            .map_err(|e| anyhow::anyhow!("MAIL_RETRY_SECONDS is out of range: {e}"))?,
    })
}

/// At start: seals second-factor secrets still in plain text (from before sealing) or under
/// `SECRETS_KEY_PREVIOUS`, so every one ends up under `SECRETS_KEY` (docs/operations.md, rotating
/// `SECRETS_KEY`), and wraps recovery codes still stored as unsalted SHA-256 (from before salting) in
/// bcrypt. Secrets that open under neither key are reported, never changed.
pub fn reseal_secrets(state: &AppState) -> anyhow::Result<()> {
    let report = state.two_factor.reseal_secrets()?;
    if report.resealed > 0 {
        tracing::info!(users = report.resealed, "two-factor secrets sealed under SECRETS_KEY");
    }
    if report.recovery_codes_wrapped > 0 {
        tracing::info!(
            codes = report.recovery_codes_wrapped,
            "unsalted recovery code digests wrapped in bcrypt"
        );
    }
    if !report.unreadable.is_empty() {
        let users: Vec<String> = report.unreadable.iter().map(ToString::to_string).collect();
        tracing::error!(
            users = %users.join(","),
            "two-factor secrets that open under neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: check the keys, \
             or reset these users' two-factor sign-in"
        );
    }
    Ok(())
}

/// The portal's signing key and certificate (docs/spec.md §16): made by the first server to start and
/// kept in the database, the key sealed under `SECRETS_KEY` like two-factor secrets; every other server
/// reads the same one.
fn signing_key(config: &Config, pool: &PgPool) -> anyhow::Result<pdf_sign::PortalPdfSigner> {
    use domain::identity::two_factor::second_factor::SecretSealer;
    const CONTEXT: &str = "signing-key";
    let sealer = ChaChaSealer::new(&config.secrets_key, config.secrets_key_previous.as_deref());
    let keys = persistence::PgSigningKeys::new(pool.clone());
    let stored = match keys.load()? {
        Some(stored) => stored,
        None => {
            let identity = pdf_sign::generate_identity(&config.mail.portal_name)?;
            tracing::info!("made the portal's signing key and certificate");
            keys.keep_first(persistence::StoredSigningKey {
                sealed_key: sealer.seal(&identity.key_pem, CONTEXT)?,
                certificate_pem: identity.certificate_pem,
            })?
        }
    };
    let key = sealer.open(&stored.sealed_key, CONTEXT).map_err(|error| {
        anyhow::anyhow!("the signing key does not open under SECRETS_KEY or SECRETS_KEY_PREVIOUS: {error}")
    })?;
    pdf_sign::PortalPdfSigner::from_pem(&key.plaintext, &stored.certificate_pem)
}
