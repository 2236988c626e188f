//! The "For you" list (spec §2 Dashboard, "For you"): one service for the dashboard and the weekly
//! digest (spec §11), so both list the same tasks.

use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;

use crate::actions::ActionStatus;
use crate::dashboard::tasks::{
    MeetingToDo, Task, TaskDue, TaskKind, TaskReader, TaskWindows, TasksRepository,
};
use crate::dashboard::DashboardRefusal;
use crate::governance::{DeclarationRepository, ResolutionRepository, TermRepository};
use crate::identity::permissions;
use crate::identity::user::User;
use crate::identity::UserRepository;
use crate::meetings::rules::scope_of;
use crate::shared::error::DomainError;
use crate::shared::Clock;
use crate::UserId;

/// Meetings starting within this many days ask for an answer to the invitation.
pub const ANSWER_WITHIN_DAYS: i64 = 30;
/// Officers are asked to publish the agenda of a meeting starting within this many days.
pub const PUBLISH_WITHIN_DAYS: i64 = 14;
/// Minutes are to be circulated within this many days of the meeting.
pub const CIRCULATE_WITHIN_DAYS: i64 = 14;
/// Officers are asked to circulate the minutes of a meeting held up to this many days ago (a further
/// 90 days after `CIRCULATE_WITHIN_DAYS`); older meetings no longer ask.
pub const CIRCULATE_ASKED_UNTIL_DAYS: i64 = 104;
/// Officers are asked to record attendance at a meeting that started up to this many days ago.
pub const RECORD_WITHIN_DAYS: i64 = 90;
/// Officers are asked to handle conflicts at a meeting that started up to this many days ago, or is to come.
pub const CONFLICTS_WITHIN_DAYS: i64 = 90;

/// The list for a person named by id, for callers outside a request (the weekly digest).
pub trait TasksOf: Send + Sync {
    /// The person's tasks as of `at`; none for an inactive or unknown account or a role that may not
    /// read the board.
    fn tasks_of(&self, user: UserId, at: DateTime<Utc>) -> Result<Vec<Task>, DomainError>;
}

#[derive(Clone)]
pub struct TasksService {
    pub tasks: Arc<dyn TasksRepository>,
    pub resolutions: Arc<dyn ResolutionRepository>,
    pub declarations: Arc<dyn DeclarationRepository>,
    pub terms: Arc<dyn TermRepository>,
    pub users: Arc<dyn UserRepository>,
    pub clock: Arc<dyn Clock>,
    /// `BOARD_TIME_ZONE`: a task due on a day is listed from that day's midnight there.
    pub time_zone: Tz,
}

impl TasksService {
    /// The signed-in person's tasks, soonest first (spec §2 Dashboard, "For you").
    pub fn list(&self, actor: &User) -> Result<Vec<Task>, DashboardRefusal> {
        if !actor.active || !permissions::can_read_board_content(actor.role) {
            return Err(DashboardRefusal::CannotRead);
        }
        Ok(self.gather(actor, self.clock.now())?)
    }

    fn gather(&self, actor: &User, now: DateTime<Utc>) -> Result<Vec<Task>, DomainError> {
        let today = now.date_naive();
        let officer = actor.role.is_officer();
        let reader = TaskReader { user: actor.id, scope: scope_of(actor), officer };
        let windows = TaskWindows {
            now,
            answer_until: now + Duration::days(ANSWER_WITHIN_DAYS),
            publish_until: now + Duration::days(PUBLISH_WITHIN_DAYS),
            record_since: now - Duration::days(RECORD_WITHIN_DAYS),
            circulate_since: now - Duration::days(CIRCULATE_ASKED_UNTIL_DAYS),
            circulate_before: now - Duration::days(CIRCULATE_WITHIN_DAYS),
            conflicts_since: now - Duration::days(CONFLICTS_WITHIN_DAYS),
        };
        let facts = self.tasks.facts(reader, windows)?;
        // Dated by the meeting's start; never overdue: only an action past its due date and a declarations
        // round past its deadline are (spec §2 Dashboard, "For you").
        let at = |kind: TaskKind, m: &MeetingToDo, text: String, link: &str| Task {
            id: format!("{}:{}", kind.as_str(), m.id.0),
            kind,
            text,
            due: Some(TaskDue::At(m.starts_at)),
            overdue: false,
            meeting_id: Some(m.id),
            link: format!("/meetings/{}#{link}", m.id.0),
        };
        let mut tasks = Vec::new();
        for m in &facts.to_answer {
            let text = format!("Are you coming to {}?", m.title);
            tasks.push(at(TaskKind::AnswerAttendance, m, text, "next-steps"));
        }
        if let Some(papers) = facts.papers.as_ref().filter(|p| p.unopened > 0) {
            let noun = if papers.unopened == 1 { "paper" } else { "papers" };
            let text = format!("Read {} {noun} for {}", papers.unopened, papers.meeting.title);
            tasks.push(at(TaskKind::ReadPapers, &papers.meeting, text, "agenda"));
        }
        // Written resolutions still open (spec §10 Governance), by the rules of the resolution itself: the
        // reader eligible (a voter not conflicted) and not yet voted.
        for r in self.resolutions.open_at(now)? {
            if r.is_eligible(actor.id) && r.vote_of(actor.id).is_none() {
                tasks.push(Task {
                    id: format!("{}:{}", TaskKind::VoteResolution.as_str(), r.id.0),
                    kind: TaskKind::VoteResolution,
                    text: format!("Vote on the written resolution: {}", r.title),
                    due: Some(TaskDue::At(r.closes_at)),
                    overdue: false,
                    meeting_id: None,
                    link: "/governance?tab=resolutions".into(),
                });
            }
        }
        // Declarations rounds as the rounds list counts them (spec §10 Governance): open rounds only.
        for round in self.declarations.list(actor.id)? {
            if round.round.closed_at.is_some() {
                continue;
            }
            let id = round.round.id.0;
            let due = Some(TaskDue::On(round.round.deadline));
            let overdue = round.round.deadline < today;
            if round.mine == Some(false) {
                tasks.push(Task {
                    id: format!("{}:{id}", TaskKind::DeclareInterests.as_str()),
                    kind: TaskKind::DeclareInterests,
                    text: format!("Make your {} declaration", round.round.year),
                    due,
                    overdue,
                    meeting_id: None,
                    link: "/governance?tab=declarations".into(),
                });
            }
            let outstanding = round.members - round.declared;
            if officer && outstanding > 0 {
                tasks.push(Task {
                    id: format!("{}:{id}", TaskKind::ChaseDeclarations.as_str()),
                    kind: TaskKind::ChaseDeclarations,
                    text: format!(
                        "{outstanding} of {} trustees have not made their {} declaration",
                        round.members, round.round.year
                    ),
                    due,
                    overdue,
                    meeting_id: None,
                    link: "/governance?tab=declarations".into(),
                });
            }
        }
        for a in &facts.actions {
            let overdue = a.due_date.is_some_and(|due| due < today);
            let verb = if a.status == ActionStatus::InProgress { "Finish" } else { "Do" };
            tasks.push(Task {
                id: format!("{}:{}", TaskKind::DoAction.as_str(), a.id.0),
                kind: TaskKind::DoAction,
                text: format!("{verb} your action: {}", a.title),
                due: a.due_date.map(TaskDue::On),
                overdue,
                meeting_id: a.meeting_id,
                link: "/actions".into(),
            });
        }
        for m in &facts.minutes {
            let text = format!("Read the circulated minutes of {}", m.meeting.title);
            tasks.push(Task {
                due: None,
                overdue: false,
                ..at(TaskKind::ReadMinutes, &m.meeting, text, "minutes")
            });
        }
        if officer {
            for m in &facts.to_publish {
                let text = format!("Publish the agenda of {}", m.title);
                tasks.push(at(TaskKind::PublishAgenda, m, text, "agenda"));
            }
            // Once the meeting has ended, as planned (not while it is held).
            for m in facts.to_record.iter().filter(|m| m.planned_end() <= now) {
                let text = format!("Record attendance at {}", m.title);
                tasks.push(at(TaskKind::RecordAttendance, m, text, "attendance"));
            }
            for m in &facts.to_circulate {
                let text = format!("Circulate the minutes of {}", m.title);
                tasks.push(at(TaskKind::CirculateMinutes, m, text, "minutes"));
            }
            // Terms of office: the warning of the board overview (spec §10 Governance, terms ending within
            // three months), from the same summary.
            for trustee in self.terms.overview()? {
                let summary = trustee.summary(today);
                let Some(ends) = summary.current_term_ends_on.filter(|_| summary.term_ending_soon) else {
                    continue;
                };
                tasks.push(Task {
                    id: format!("{}:{}", TaskKind::TermEnding.as_str(), trustee.user_id.0),
                    kind: TaskKind::TermEnding,
                    text: format!("{}'s term of office is ending", trustee.name),
                    due: Some(TaskDue::On(ends)),
                    overdue: false,
                    meeting_id: None,
                    link: "/governance?tab=terms".into(),
                });
            }
            for c in &facts.conflicts {
                tasks.push(Task {
                    id: format!("{}:{}", TaskKind::HandleConflict.as_str(), c.id),
                    text: format!(
                        "Record how {}'s conflict on {} at {} is handled",
                        c.trustee_name, c.item_title, c.meeting.title
                    ),
                    ..at(TaskKind::HandleConflict, &c.meeting, String::new(), "agenda")
                });
            }
        }
        tasks.sort_by_cached_key(|t| t.sort_key(|day| self.start_of(day)));
        Ok(tasks)
    }

    /// Midnight of `day` in the board's time zone (or the first hour of it that exists).
    fn start_of(&self, day: NaiveDate) -> DateTime<Utc> {
        (0..3)
            .find_map(|hour| self.time_zone.from_local_datetime(&day.and_hms_opt(hour, 0, 0)?).earliest())
            .map_or_else(|| day.and_time(chrono::NaiveTime::MIN).and_utc(), |t| t.with_timezone(&Utc))
    }
}

impl TasksOf for TasksService {
    fn tasks_of(&self, user: UserId, at: DateTime<Utc>) -> Result<Vec<Task>, DomainError> {
        match self.users.find(user)? {
            Some(user) if user.active && permissions::can_read_board_content(user.role) => {
                self.gather(&user, at)
            }
            _ => Ok(Vec::new()),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::dashboard::tasks::{ActionToDo, ConflictToHandle, PapersToRead, TaskFacts};
    use crate::governance::declaration::{DeclarationAnswers, DeclarationRound, RoundMember, RoundSummary};
    use crate::governance::resolution::{Resolution, ResolutionStatus, Threshold, Vote, VoteChoice, Voter};
    use crate::governance::term::{Term, TermFields, TrusteeTerms};
    use crate::governance::{GovernanceRefusal, NewResolution, NewRound};
    use crate::identity::role::Role;
    use crate::testing::{user, FixedClock, Unused};
    use crate::{ActionId, DeclarationRoundId, MeetingId, RepoError, ResolutionId, TermId};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 9, 0, 0).unwrap()
    }

    fn meeting(id: i32, days: i64) -> MeetingToDo {
        MeetingToDo {
            id: MeetingId(id),
            title: format!("Meeting {id}"),
            starts_at: now() + Duration::days(days),
            duration_minutes: 120,
        }
    }

    /// A meeting that started `minutes` ago and is planned to last two hours.
    fn started(id: i32, minutes: i64) -> MeetingToDo {
        MeetingToDo { starts_at: now() - Duration::minutes(minutes), ..meeting(id, 0) }
    }

    /// One answer for every read: a board where the reader (user 7) has something of every kind.
    struct Board;

    impl TasksRepository for Board {
        fn facts(&self, _: TaskReader, _: TaskWindows) -> Result<TaskFacts, RepoError> {
            Ok(TaskFacts {
                to_answer: vec![meeting(1, 5)],
                papers: Some(PapersToRead { meeting: meeting(1, 5), unopened: 1 }),
                actions: vec![ActionToDo {
                    id: ActionId(3),
                    title: "Book the hall".into(),
                    status: ActionStatus::InProgress,
                    due_date: Some(now().date_naive() - Duration::days(1)),
                    meeting_id: None,
                }],
                minutes: Vec::new(),
                to_publish: vec![meeting(1, 5)],
                to_record: vec![meeting(2, -3), started(5, 60), started(6, 120)],
                to_circulate: Vec::new(),
                conflicts: vec![ConflictToHandle {
                    id: 4,
                    meeting: meeting(1, 5),
                    item_title: "Grant".into(),
                    trustee_name: "Tina".into(),
                }],
            })
        }
    }

    fn resolution(id: i32, closes_in: i64, voters: &[(i32, bool)], voted: &[i32]) -> Resolution {
        Resolution {
            id: ResolutionId(id),
            title: format!("Resolution {id}"),
            text: String::new(),
            closes_at: now() + Duration::days(closes_in),
            threshold: Threshold::Majority,
            proposed_by_name: "Chris".into(),
            proposed_at: now() - Duration::days(1),
            status: ResolutionStatus::Open,
            decided_at: None,
            decided_early: false,
            papers: Vec::new(),
            voters: voters
                .iter()
                .map(|&(id, conflicted)| Voter { user_id: UserId(id), name: String::new(), conflicted })
                .collect(),
            votes: voted
                .iter()
                .map(|&id| Vote {
                    user_id: UserId(id),
                    voter_name: String::new(),
                    choice: VoteChoice::For,
                    comment: None,
                    voted_at: now(),
                })
                .collect(),
        }
    }

    impl ResolutionRepository for Board {
        fn list(&self) -> Result<Vec<Resolution>, RepoError> {
            unreachable!()
        }
        fn open_at(&self, at: DateTime<Utc>) -> Result<Vec<Resolution>, RepoError> {
            assert_eq!(at, now());
            Ok(vec![
                resolution(1, 3, &[(7, false)], &[]),
                resolution(2, 3, &[(7, true)], &[]),
                resolution(3, 3, &[(7, false)], &[7]),
                resolution(5, 3, &[(8, false)], &[]),
            ])
        }
        fn get(&self, _: ResolutionId) -> Result<Resolution, RepoError> {
            unreachable!()
        }
        fn propose(&self, _: NewResolution) -> Result<Resolution, GovernanceRefusal> {
            unreachable!()
        }
        fn vote(
            &self,
            _: ResolutionId,
            _: UserId,
            _: VoteChoice,
            _: Option<String>,
            _: DateTime<Utc>,
        ) -> Result<Resolution, GovernanceRefusal> {
            unreachable!()
        }
        fn declare_conflict(
            &self,
            _: ResolutionId,
            _: UserId,
            _: DateTime<Utc>,
        ) -> Result<Resolution, GovernanceRefusal> {
            unreachable!()
        }
        fn decided_off_agenda(
            &self,
            _: Option<DateTime<Utc>>,
            _: Option<DateTime<Utc>>,
        ) -> Result<Vec<Resolution>, RepoError> {
            unreachable!()
        }
        fn decide_due(
            &self,
            _: DateTime<Utc>,
            _: Option<ResolutionId>,
        ) -> Result<Vec<ResolutionId>, RepoError> {
            unreachable!()
        }
    }

    impl DeclarationRepository for Board {
        fn list(&self, _: UserId) -> Result<Vec<RoundSummary>, RepoError> {
            let round = |id, closed: bool| DeclarationRound {
                id: DeclarationRoundId(id),
                year: 2026,
                deadline: now().date_naive() + Duration::days(20),
                code_of_conduct_document_id: None,
                code_of_conduct_title: String::new(),
                opened_at: now(),
                closed_at: closed.then(now),
            };
            Ok(vec![
                RoundSummary {
                    round: round(1, false),
                    members: 8,
                    declared: 5,
                    flagged: 0,
                    mine: Some(false),
                },
                RoundSummary {
                    round: round(2, true),
                    members: 8,
                    declared: 1,
                    flagged: 0,
                    mine: Some(false),
                },
            ])
        }
        fn get(&self, _: DeclarationRoundId) -> Result<(DeclarationRound, Vec<RoundMember>), RepoError> {
            unreachable!()
        }
        fn open(&self, _: NewRound) -> Result<DeclarationRound, GovernanceRefusal> {
            unreachable!()
        }
        fn declare(
            &self,
            _: DeclarationRoundId,
            _: UserId,
            _: &str,
            _: DeclarationAnswers,
            _: DateTime<Utc>,
        ) -> Result<(), GovernanceRefusal> {
            unreachable!()
        }
        fn close(
            &self,
            _: DeclarationRoundId,
            _: DateTime<Utc>,
        ) -> Result<DeclarationRound, GovernanceRefusal> {
            unreachable!()
        }
    }

    impl TermRepository for Board {
        fn overview(&self) -> Result<Vec<TrusteeTerms>, RepoError> {
            let started =
                |years_ago: i32| NaiveDate::from_ymd_opt(2026 - years_ago, 12, 31).unwrap_or(NaiveDate::MIN);
            let trustee = |id, started_on| TrusteeTerms {
                user_id: UserId(id),
                name: format!("Trustee {id}"),
                email: String::new(),
                role: Role::Trustee,
                terms: vec![Term {
                    id: TermId(id),
                    user_id: UserId(id),
                    started_on,
                    term_years: 3,
                    reappointment: false,
                    ended_on: None,
                }],
            };
            // Ends on 31 December 2026 (within three months), and on 31 December 2027.
            Ok(vec![trustee(8, started(3)), trustee(9, started(2))])
        }
        fn get(&self, _: TermId) -> Result<Term, GovernanceRefusal> {
            unreachable!()
        }
        fn create(&self, _: UserId, _: TermFields) -> Result<Term, GovernanceRefusal> {
            unreachable!()
        }
        fn update(&self, _: TermId, _: TermFields) -> Result<Term, GovernanceRefusal> {
            unreachable!()
        }
        fn delete(&self, _: TermId) -> Result<(), GovernanceRefusal> {
            unreachable!()
        }
    }

    fn service() -> TasksService {
        let board = Arc::new(Board);
        TasksService {
            tasks: board.clone(),
            resolutions: board.clone(),
            declarations: board.clone(),
            terms: board,
            users: Arc::new(Unused),
            clock: Arc::new(FixedClock(now())),
            time_zone: chrono_tz::Europe::London,
        }
    }

    fn ids(tasks: &[Task]) -> Vec<&str> {
        tasks.iter().map(|t| t.id.as_str()).collect()
    }

    #[test]
    fn a_trustee_gets_their_own_kinds_only_and_votes_only_where_eligible_and_not_yet_voted() {
        let tasks = service().list(&user(Role::Trustee)).unwrap();
        assert_eq!(
            ids(&tasks),
            [
                // Overdue yesterday, then the meeting in 5 days, the resolution closing in 3 days...
                "do-action:3",
                "vote-resolution:1",
                "answer-attendance:1",
                "read-papers:1",
                "declare-interests:1",
            ]
        );
        assert_eq!(tasks[0].text, "Finish your action: Book the hall");
        assert!(tasks[0].overdue);
        assert_eq!(tasks[3].text, "Read 1 paper for Meeting 1");
    }

    #[test]
    fn officers_also_get_the_officers_kinds() {
        let tasks = service().list(&user(Role::Chair)).unwrap();
        let kinds: Vec<&str> = tasks.iter().map(|t| t.kind.as_str()).collect();
        for kind in
            ["publish-agenda", "record-attendance", "chase-declarations", "term-ending", "handle-conflict"]
        {
            assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
        }
        let chase = tasks.iter().find(|t| t.kind == TaskKind::ChaseDeclarations).unwrap();
        assert_eq!(chase.text, "3 of 8 trustees have not made their 2026 declaration");
        assert_eq!(
            ids(&tasks.iter().filter(|t| t.kind == TaskKind::TermEnding).cloned().collect::<Vec<_>>()),
            ["term-ending:8"]
        );
        // Attendance once a meeting has ended as planned: not the one an hour into its two hours.
        let record: Vec<&Task> = tasks.iter().filter(|t| t.kind == TaskKind::RecordAttendance).collect();
        assert_eq!(
            record.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(),
            ["record-attendance:2", "record-attendance:6"]
        );
        assert_eq!(record[0].link, "/meetings/2#attendance");
        // Only actions and declarations rounds are ever overdue; meeting tasks keep the meeting's date.
        assert!(tasks.iter().filter(|t| t.overdue).all(|t| t.kind == TaskKind::DoAction));
        assert_eq!(record[0].due, Some(TaskDue::At(now() - Duration::days(3))));
    }

    #[test]
    fn an_inactive_account_is_refused() {
        let inactive = User { active: false, ..user(Role::Trustee) };
        assert!(matches!(service().list(&inactive), Err(DashboardRefusal::CannotRead)));
    }
}
