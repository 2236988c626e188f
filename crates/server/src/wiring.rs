//! Concrete adapters plugged into the use cases.

use std::sync::Arc;

use api::AppState;
use auth::{BcryptHasher, JwtTokenService, MemoryLoginThrottle};
use domain::ports::clock::SystemClock;
use domain::ports::{Clock, FileStore};
use domain::services::{
    ActionService, AuthService, CommitteeService, DashboardService, DeclarationService, DirectoryService,
    DocumentService, InterestService, MeetingService, MinutesService, NoticeService, ResolutionService,
    TermService, UserService, ViewTickets,
};
use persistence::{
    LocalFileStore, PgActionRepository, PgCommitteeDocumentRepository, PgCommitteeRepository,
    PgDashboardRepository, PgDeclarationRepository, PgDirectoryRepository, PgDocumentRepository,
    PgGovernanceSettingsRepository, PgInterestRepository, PgMeetingRepository, PgMinutesRepository,
    PgNoticeRepository, PgPool, PgReadiness, PgResetRequestRepository, PgResolutionRepository,
    PgTermRepository, PgUserRepository,
};

use crate::config::Config;

pub fn build_state(config: &Config, pool: PgPool) -> anyhow::Result<AppState> {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let users = Arc::new(PgUserRepository::new(pool.clone()));
    let hasher = Arc::new(BcryptHasher::new(config.bcrypt_cost)?);
    let tokens =
        Arc::new(JwtTokenService::new(&config.jwt_secret, chrono::Duration::hours(config.session_hours)));
    let auth = AuthService {
        users: users.clone(),
        reset_requests: Arc::new(PgResetRequestRepository::new(pool.clone())),
        hasher: hasher.clone(),
        tokens,
        clock: clock.clone(),
        throttle: Arc::new(MemoryLoginThrottle::standard()),
    };
    let files: Arc<dyn FileStore> = Arc::new(LocalFileStore::new(&config.data_dir)?);
    let tickets = ViewTickets { auth: auth.clone() };
    let documents = DocumentService {
        documents: Arc::new(PgDocumentRepository::new(pool.clone())),
        files: files.clone(),
        tickets: tickets.clone(),
        clock: clock.clone(),
    };
    let minutes = MinutesService {
        minutes: Arc::new(PgMinutesRepository::new(pool.clone())),
        files: files.clone(),
        tickets,
        clock: clock.clone(),
    };
    let meetings =
        MeetingService { meetings: Arc::new(PgMeetingRepository::new(pool.clone())), clock: clock.clone() };
    Ok(AppState {
        auth,
        users: UserService { users, hasher },
        documents,
        minutes,
        meetings,
        actions: ActionService {
            actions: Arc::new(PgActionRepository::new(pool.clone())),
            clock: clock.clone(),
        },
        notices: NoticeService {
            notices: Arc::new(PgNoticeRepository::new(pool.clone())),
            clock: clock.clone(),
        },
        committees: CommitteeService {
            committees: Arc::new(PgCommitteeRepository::new(pool.clone())),
            documents: Arc::new(PgCommitteeDocumentRepository::new(pool.clone())),
            files: files.clone(),
            clock: clock.clone(),
        },
        directory: DirectoryService { directory: Arc::new(PgDirectoryRepository::new(pool.clone())) },
        dashboard: DashboardService {
            dashboard: Arc::new(PgDashboardRepository::new(pool.clone())),
            clock: clock.clone(),
        },
        interests: InterestService {
            interests: Arc::new(PgInterestRepository::new(pool.clone())),
            settings: Arc::new(PgGovernanceSettingsRepository::new(pool.clone())),
            typesetter: Arc::new(typesetting::PdfTypesetter),
            clock: clock.clone(),
        },
        terms: TermService { terms: Arc::new(PgTermRepository::new(pool.clone())), clock: clock.clone() },
        declarations: DeclarationService {
            rounds: Arc::new(PgDeclarationRepository::new(pool.clone())),
            // The one place governance mail is sent from: swap in the mail outbox when it lands.
            mail: Arc::new(crate::governance_mail::LogOnlyGovernanceMail),
            clock: clock.clone(),
        },
        resolutions: ResolutionService {
            resolutions: Arc::new(PgResolutionRepository::new(pool.clone())),
            clock,
        },
        readiness: Arc::new(PgReadiness::new(pool)),
        files,
        registration_enabled: config.allow_registration,
        trust_proxy: config.trust_proxy,
    })
}
