//! `trustee-portal seed-demo [--force]`: fills an empty portal with a realistic board to try it with.
//!
//! Everything is created through the use cases, so every validation and permission applies, each
//! action taken by the demo person who would take it (the Chair schedules meetings, the Company
//! Secretary uploads papers). Files go through the same checks as an HTTP upload.
//!
//! A board has a past: papers uploaded months ago, minutes of meetings already held, a notice that has
//! expired, a committee archived once its work was done. Rather than writing those rows behind the use
//! cases' backs, each step runs the use case with a clock set to the moment it happened: the notice that
//! has now expired was posted 45 days ago with an expiry 35 days later, which was valid on the day.

mod data;
mod evaluation;
pub mod files;
mod governance;
mod meeting_cycle;
mod skills;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use anyhow::{anyhow, Context};
use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};
use diesel::RunQueryDsl;

use api::AppState;
use domain::actions::{ActionStatus, CreateActionRequest};
use domain::committees::{
    AddMemberRequest, Committee, CommitteeService, CreateCommitteeRequest, UploadCommitteeDocument,
};
use domain::identity::user::User;
use domain::identity::CreateUser;
use domain::library::{DocumentService, MinutesService, UploadDocument, UploadMinutes};
use domain::meetings::meeting::Meeting;
use domain::meetings::{CreateMeetingRequest, MeetingService};
use domain::notices::{CreateNoticeRequest, NoticeService};
use domain::shared::{Clock, IsoDate, Received, ReceivedTime};
use domain::CommitteeId;
use persistence::PgPool;

use crate::config::Config;

use data::{Content, Record, Who};

/// The password of every demo account. Demo data is for trying the portal, never for real use.
pub const DEMO_PASSWORD: &str = "demo-password";

/// Rows already in the database, counted before seeding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, diesel::QueryableByName)]
pub struct ExistingContent {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub users: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub documents: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub actions: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub meetings: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub minutes: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub notices: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub committees: i64,
}

impl ExistingContent {
    /// A new portal: nothing but, at most, the first admin made at the first start.
    pub fn is_empty_portal(&self) -> bool {
        self.users <= 1
            && [self.documents, self.actions, self.meetings, self.minutes, self.notices, self.committees]
                .iter()
                .all(|&n| n == 0)
    }
}

impl fmt::Display for ExistingContent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counts = [
            ("users", self.users),
            ("documents", self.documents),
            ("actions", self.actions),
            ("meetings", self.meetings),
            ("minutes", self.minutes),
            ("notices", self.notices),
            ("committees", self.committees),
        ];
        let parts: Vec<String> =
            counts.iter().filter(|(_, n)| *n > 0).map(|(name, n)| format!("{name}: {n}")).collect();
        if parts.is_empty() {
            f.write_str("nothing")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

pub fn existing_content(pool: &PgPool) -> anyhow::Result<ExistingContent> {
    let mut conn = pool.get().context("cannot connect to the database")?;
    let counts = diesel::sql_query(
        "SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM documents) AS documents, \
         (SELECT count(*) FROM actions) AS actions, (SELECT count(*) FROM meetings) AS meetings, \
         (SELECT count(*) FROM minutes) AS minutes, (SELECT count(*) FROM notices) AS notices, \
         (SELECT count(*) FROM committees) AS committees",
    )
    .get_result::<ExistingContent>(&mut conn)
    .context("cannot count the portal's content")?;
    Ok(counts)
}

/// A demo account, to print.
#[derive(Debug, Clone)]
pub struct Account {
    pub name: &'static str,
    pub email: &'static str,
    pub role: String,
    pub position: &'static str,
    pub must_change_password: bool,
    /// False when an account with this e-mail existed already (with `--force`) and was used as it is.
    pub created: bool,
}

/// What seeding made.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub accounts: Vec<Account>,
    pub documents: usize,
    pub actions: usize,
    pub meetings: usize,
    pub minutes: usize,
    pub notices: usize,
    pub committees: usize,
    pub messages: usize,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Demo data created: {} documents, {} actions, {} meetings, {} minutes, {} notices, \
             {} committees with {} chat messages.",
            self.documents,
            self.actions,
            self.meetings,
            self.minutes,
            self.notices,
            self.committees,
            self.messages
        )?;
        writeln!(f)?;
        writeln!(f, "Demo accounts (password: {DEMO_PASSWORD}):")?;
        for account in &self.accounts {
            let mut note = String::new();
            if account.must_change_password {
                note.push_str(", must choose a new password at first sign-in");
            }
            if !account.created {
                note.push_str(", an existing account left as it was");
            }
            writeln!(
                f,
                "  {:<30} {:<8} {}: {}{note}",
                account.email, account.role, account.name, account.position
            )?;
        }
        Ok(())
    }
}

pub enum Outcome {
    Seeded(Summary),
    /// The database has content and `force` was not given: nothing was changed.
    Refused(ExistingContent),
}

/// The `seed-demo` command once connected: applies pending migrations, makes the data folder, wires the
/// use cases as `serve` does, then `seed`s.
pub fn run(config: &Config, pool: PgPool, force: bool) -> anyhow::Result<Outcome> {
    for name in persistence::run_migrations(&pool)? {
        tracing::info!(migration = %name, "migration applied");
    }
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("cannot create the data folder {}", config.data_dir.display()))?;
    let state = crate::wiring::build_state(config, pool.clone())?;
    seed(&state, &pool, force)
}

/// Seeds the demo board unless the portal already has content; with `force`, adds it on top of what is
/// there (nothing is deleted; accounts whose e-mail exists are used as they are).
///
/// Not one transaction: should a step fail, what was made before it stays, and the error says which step.
pub fn seed(state: &AppState, pool: &PgPool, force: bool) -> anyhow::Result<Outcome> {
    let existing = existing_content(pool)?;
    if !existing.is_empty_portal() && !force {
        return Ok(Outcome::Refused(existing));
    }
    let now = state.notices.clock.now();
    let mut seeder = Seeder {
        state,
        now,
        people: HashMap::new(),
        committees: HashMap::new(),
        summary: Summary::default(),
    };
    seeder.accounts()?;
    seeder.papers()?;
    seeder.tasks()?;
    // Committees first: committee meetings name theirs.
    seeder.committees()?;
    let meetings = seeder.meetings()?;
    seeder.minutes(&meetings)?;
    seeder.meeting_cycle(&meetings)?;
    seeder.notices()?;
    seeder.governance()?;
    // The demo board is history: nobody is e-mailed about what was seeded (the triggers recorded events).
    diesel::sql_query("UPDATE notification_events SET processed_at = now() WHERE processed_at IS NULL")
        .execute(&mut pool.get()?)?;
    Ok(Outcome::Seeded(seeder.summary))
}

/// A clock stopped at one moment: the use case runs as it would have then.
struct At(DateTime<Utc>);

impl Clock for At {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

struct Seeder<'a> {
    state: &'a AppState,
    now: DateTime<Utc>,
    people: HashMap<Who, User>,
    /// The demo's committees by name, for the committee meetings.
    committees: HashMap<&'static str, i32>,
    summary: Summary,
}

impl Seeder<'_> {
    fn today(&self) -> NaiveDate {
        self.now.date_naive()
    }

    /// `days` from now; never later than now, since that is when the demo is made.
    fn clock(&self, days: i64) -> Arc<dyn Clock> {
        Arc::new(At((self.now + Duration::days(days)).min(self.now)))
    }

    fn clock_at(&self, at: DateTime<Utc>) -> Arc<dyn Clock> {
        Arc::new(At(at.min(self.now)))
    }

    fn person(&self, who: Who) -> anyhow::Result<&User> {
        self.people.get(&who).ok_or_else(|| anyhow!("the demo person {who:?} was not created"))
    }

    fn accounts(&mut self) -> anyhow::Result<()> {
        for person in data::PEOPLE {
            let existing = self
                .state
                .users
                .users
                .find_with_password_by_email(person.email)
                .with_context(|| format!("cannot look up {}", person.email))?;
            let created = existing.is_none();
            let user = match existing {
                Some((user, _)) => user,
                None => self
                    .state
                    .users
                    .create_unchecked(CreateUser {
                        name: person.name.into(),
                        email: person.email.into(),
                        password: DEMO_PASSWORD.into(),
                        role: person.role,
                        phone: Some(person.phone.into()),
                        require_password_change: person.must_change_password,
                    })
                    .with_context(|| format!("cannot create the demo account {}", person.email))?,
            };
            self.summary.accounts.push(Account {
                name: person.name,
                email: person.email,
                role: user.role.to_string(),
                position: person.position,
                must_change_password: user.require_password_change,
                created,
            });
            self.people.insert(person.who, user);
        }
        Ok(())
    }

    fn papers(&mut self) -> anyhow::Result<()> {
        for paper in data::PAPERS {
            let bytes = match paper.content {
                Content::Pdf(paragraphs) => files::typeset_pdf(paper.title, paragraphs)?,
                Content::Text(text) => text.as_bytes().to_vec(),
            };
            let service =
                DocumentService { clock: self.clock(paper.uploaded_days), ..self.state.documents.clone() };
            let file = files::received_file(service.files.as_ref(), paper.file_name, &bytes)?;
            let input = UploadDocument {
                title: Some(paper.title.into()),
                category: Received::parse(Some(paper.category)),
                version: Some(paper.version.into()),
                file: Some(file),
            };
            service
                .upload(self.person(paper.uploaded_by)?, input)
                .with_context(|| format!("cannot upload the document '{}'", paper.title))?;
            self.summary.documents += 1;
        }
        Ok(())
    }

    fn tasks(&mut self) -> anyhow::Result<()> {
        let actions = &self.state.actions;
        for task in data::TASKS {
            let input = CreateActionRequest {
                title: Some(task.title.into()),
                description: Some(task.description.into()),
                assigned_to: Some(self.person(task.assigned_to)?.id),
                due_date: task.due_days.map(|days| IsoDate(self.today() + Duration::days(days))).into(),
                priority: Received::Given(task.priority),
            };
            let creator = self.person(task.created_by)?;
            let action =
                actions.create(creator, input).with_context(|| format!("cannot create '{}'", task.title))?;
            if task.status != ActionStatus::Pending {
                // The assignee moves their own action on.
                actions
                    .set_status(self.person(task.assigned_to)?, action.id, Received::Given(task.status))
                    .with_context(|| format!("cannot set the status of '{}'", task.title))?;
            }
            self.summary.actions += 1;
        }
        Ok(())
    }

    fn meetings(&mut self) -> anyhow::Result<Vec<Meeting>> {
        let mut meetings = Vec::new();
        for gathering in data::GATHERINGS {
            let date = uk_time(self.today() + Duration::days(gathering.days), gathering.at)?;
            // Scheduled four weeks ahead; meetings further off than that were scheduled today.
            let service = MeetingService {
                clock: self.clock_at(date - Duration::days(28)),
                ..self.state.meetings.clone()
            };
            let input = CreateMeetingRequest {
                title: Some(gathering.title.into()),
                description: Some(gathering.description.into()),
                meeting_date: ReceivedTime::Given(date),
                location: gathering.location.map(Into::into),
                meeting_link: gathering.meeting_link.map(Into::into),
                agenda_link: gathering.agenda_link.map(Into::into),
                kind: Received::Given(gathering.kind),
                duration_minutes: None,
                committee_id: gathering
                    .committee
                    .and_then(|name| self.committees.get(name).copied())
                    .map(CommitteeId),
            };
            let meeting = service
                .create(self.person(gathering.created_by)?, input)
                .with_context(|| format!("cannot schedule '{}'", gathering.title))?;
            meetings.push(meeting);
            self.summary.meetings += 1;
        }
        Ok(meetings)
    }

    fn minutes(&mut self, meetings: &[Meeting]) -> anyhow::Result<()> {
        for paper in data::MINUTES {
            let meeting =
                meetings.get(paper.meeting).ok_or_else(|| anyhow!("no meeting for '{}'", paper.title))?;
            let service = MinutesService {
                clock: self.clock_at(meeting.meeting_date + Duration::days(paper.uploaded_after_days)),
                ..self.state.minutes.clone()
            };
            let (file, external_link) = match &paper.record {
                Record::Pdf { file_name, paragraphs } => {
                    let bytes = files::typeset_pdf(paper.title, paragraphs)?;
                    (Some(files::received_file(service.files.as_ref(), file_name, &bytes)?), None)
                }
                Record::Link(link) => (None, Some((*link).to_string())),
            };
            let input = UploadMinutes {
                title: Some(paper.title.into()),
                meeting_date: ReceivedTime::Given(meeting.meeting_date),
                meeting_id: Received::Given(meeting.id),
                external_link,
                file,
            };
            service
                .upload(self.person(Who::Secretary)?, input)
                .with_context(|| format!("cannot upload the minutes '{}'", paper.title))?;
            self.summary.minutes += 1;
        }
        Ok(())
    }

    fn notices(&mut self) -> anyhow::Result<()> {
        for notice in data::NOTICES {
            // Posted on its day: an expiry now past was still ahead then, as the use case requires.
            let service =
                NoticeService { clock: self.clock(notice.posted_days), ..self.state.notices.clone() };
            let input = CreateNoticeRequest {
                title: Some(notice.title.into()),
                content: Some(notice.content.into()),
                priority: Received::Given(notice.priority),
                pinned: Some(notice.pinned),
                expires_at: notice.expires_days.map_or(ReceivedTime::Absent, |days| {
                    ReceivedTime::Given(self.now + Duration::days(days))
                }),
            };
            service
                .create(self.person(notice.posted_by)?, input)
                .with_context(|| format!("cannot post the notice '{}'", notice.title))?;
            self.summary.notices += 1;
        }
        Ok(())
    }

    fn committees(&mut self) -> anyhow::Result<()> {
        for group in data::GROUPS {
            let committee = self.committee(group)?;
            self.committees.insert(group.name, committee.id.0);
            let creator = self.person(group.created_by)?.clone();
            let creator = &creator;
            for membership in group.members {
                let service = self.committee_service(self.clock(membership.joined_days));
                let input = AddMemberRequest {
                    user_id: Some(self.person(membership.who)?.id),
                    role: Received::Given(membership.role),
                };
                service
                    .add_member(creator, committee.id, input)
                    .with_context(|| format!("cannot add {:?} to '{}'", membership.who, group.name))?;
            }
            for chat in group.chat {
                let at = uk_time(self.today() + Duration::days(chat.days), chat.at)?;
                let service = self.committee_service(self.clock_at(at));
                service
                    .post_message(self.person(chat.from)?, committee.id, chat.text)
                    .with_context(|| format!("cannot post a message in '{}'", group.name))?;
                self.summary.messages += 1;
            }
            // Each committee keeps its terms of reference, uploaded by its creator before any archiving.
            let service = self.committee_service(self.clock(group.created_days));
            let terms = files::typeset_pdf(
                &format!("{} - Terms of reference", group.name),
                &[group.description, "Agreed by the board. Reviewed every year."],
            )?;
            let file = files::received_file(service.files.as_ref(), "Terms of reference.pdf", &terms)?;
            service
                .upload_document(
                    creator,
                    committee.id,
                    UploadCommitteeDocument { title: Some("Terms of reference".into()), file: Some(file) },
                )
                .with_context(|| format!("cannot upload a document to '{}'", group.name))?;
            if let Some(days) = group.archived_days {
                self.committee_service(self.clock(days))
                    .archive(creator, committee.id)
                    .with_context(|| format!("cannot archive '{}'", group.name))?;
            }
            self.summary.committees += 1;
        }
        Ok(())
    }

    fn committee(&self, group: &data::Group) -> anyhow::Result<Committee> {
        let input = CreateCommitteeRequest {
            name: Some(group.name.into()),
            description: Some(group.description.into()),
        };
        self.committee_service(self.clock(group.created_days))
            .create(self.person(group.created_by)?, input)
            .with_context(|| format!("cannot create the committee '{}'", group.name))
    }

    fn committee_service(&self, clock: Arc<dyn Clock>) -> CommitteeService {
        CommitteeService { clock, ..self.state.committees.clone() }
    }
}

/// `date` at `(hour, minute)` in the UK: GMT in winter, BST (UTC+1) from the last Sunday of March to the
/// last Sunday of October.
fn uk_time(date: NaiveDate, (hour, minute): (u32, u32)) -> anyhow::Result<DateTime<Utc>> {
    let local = date.and_hms_opt(hour, minute, 0).ok_or_else(|| anyhow!("bad time {hour}:{minute}"))?;
    let offset = if british_summer_time(date) { 1 } else { 0 };
    Ok(Utc.from_utc_datetime(&(local - Duration::hours(offset))))
}

fn british_summer_time(date: NaiveDate) -> bool {
    match (last_sunday(date.year(), 3), last_sunday(date.year(), 10)) {
        (Some(start), Some(end)) => date >= start && date < end,
        _ => false,
    }
}

fn last_sunday(year: i32, month: u32) -> Option<NaiveDate> {
    let last_day = NaiveDate::from_ymd_opt(year, month + 1, 1)?.pred_opt()?;
    Some(last_day - Duration::days(i64::from(last_day.weekday().num_days_from_sunday())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn uk_times_follow_british_summer_time() {
        assert_eq!(last_sunday(2026, 3), Some(date(2026, 3, 29)));
        assert_eq!(last_sunday(2026, 10), Some(date(2026, 10, 25)));
        let winter = uk_time(date(2026, 1, 15), (18, 30)).unwrap();
        let summer = uk_time(date(2026, 7, 15), (18, 30)).unwrap();
        assert_eq!(winter.to_rfc3339(), "2026-01-15T18:30:00+00:00");
        assert_eq!(summer.to_rfc3339(), "2026-07-15T17:30:00+00:00");
        assert!(british_summer_time(date(2026, 3, 29)) && !british_summer_time(date(2026, 10, 25)));
    }

    #[test]
    fn only_a_new_portal_counts_as_empty() {
        let empty = ExistingContent {
            users: 1,
            documents: 0,
            actions: 0,
            meetings: 0,
            minutes: 0,
            notices: 0,
            committees: 0,
        };
        assert!(empty.is_empty_portal());
        assert_eq!(empty.to_string(), "users: 1");
        assert!(!ExistingContent { users: 2, ..empty }.is_empty_portal());
        let with_notice = ExistingContent { notices: 3, ..empty };
        assert!(!with_notice.is_empty_portal());
        assert_eq!(with_notice.to_string(), "users: 1, notices: 3");
    }

    #[test]
    fn the_data_covers_every_kind() {
        use domain::library::document::DocumentCategory;
        for category in DocumentCategory::ALL {
            assert!(data::PAPERS.iter().any(|p| p.category == category.as_str()), "{category}");
        }
        for who in data::PEOPLE.iter().map(|p| p.who) {
            assert_eq!(data::PEOPLE.iter().filter(|p| p.who == who).count(), 1);
        }
        assert!(data::MINUTES.iter().all(|m| data::GATHERINGS.get(m.meeting).is_some_and(|g| g.days < 0)));
    }
}
