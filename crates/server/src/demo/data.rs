//! What the demo board holds: people, papers, actions, meetings, minutes, notices and committees of a
//! small UK recovery-support charity. All names are invented; e-mail addresses use the reserved
//! `example.org` domain and phone numbers Ofcom's range kept for drama (07700 900xxx).
//!
//! Times are relative to today: `days` below zero are in the past.

use domain::actions::{ActionPriority, ActionStatus};
use domain::committees::CommitteeRole;
use domain::identity::role::Role;
use domain::meetings::meeting::MeetingKind;
use domain::notices::NoticePriority;

/// The demo's people; each is one account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Who {
    Secretary,
    Chair,
    ViceChair,
    Treasurer,
    Safeguarding,
    LivedExperience,
    People,
    NewTrustee,
}

pub struct Person {
    pub who: Who,
    pub name: &'static str,
    pub email: &'static str,
    pub role: Role,
    pub phone: &'static str,
    /// Their place on the board, for the printed list and the README.
    pub position: &'static str,
    /// The new trustee has a temporary password, as an admin would set it.
    pub must_change_password: bool,
}

pub const PEOPLE: &[Person] = &[
    Person {
        who: Who::Secretary,
        name: "Priya Shah",
        email: "priya.shah@example.org",
        role: Role::Admin,
        phone: "07700 900101",
        position: "Company Secretary, runs the portal",
        must_change_password: false,
    },
    Person {
        who: Who::Chair,
        name: "Margaret Okafor",
        email: "margaret.okafor@example.org",
        role: Role::Chair,
        phone: "07700 900102",
        position: "Chair of Trustees",
        must_change_password: false,
    },
    Person {
        who: Who::ViceChair,
        name: "David Hughes",
        email: "david.hughes@example.org",
        role: Role::Chair,
        phone: "07700 900103",
        position: "Vice-Chair",
        must_change_password: false,
    },
    Person {
        who: Who::Treasurer,
        name: "Sandeep Gill",
        email: "sandeep.gill@example.org",
        role: Role::Trustee,
        phone: "07700 900104",
        position: "Treasurer",
        must_change_password: false,
    },
    Person {
        who: Who::Safeguarding,
        name: "Fiona MacLeod",
        email: "fiona.macleod@example.org",
        role: Role::Trustee,
        phone: "07700 900105",
        position: "Safeguarding Lead",
        must_change_password: false,
    },
    Person {
        who: Who::LivedExperience,
        name: "Liam Doyle",
        email: "liam.doyle@example.org",
        role: Role::Trustee,
        phone: "07700 900106",
        position: "Lived Experience Trustee",
        must_change_password: false,
    },
    Person {
        who: Who::People,
        name: "Aisha Rahman",
        email: "aisha.rahman@example.org",
        role: Role::Trustee,
        phone: "07700 900107",
        position: "Trustee for people and volunteering",
        must_change_password: false,
    },
    Person {
        who: Who::NewTrustee,
        name: "Tom Barker",
        email: "tom.barker@example.org",
        role: Role::Trustee,
        phone: "07700 900108",
        position: "New trustee",
        must_change_password: true,
    },
];

pub enum Content {
    Pdf(&'static [&'static str]),
    Text(&'static str),
}

pub struct Paper {
    pub title: &'static str,
    pub category: &'static str,
    pub version: &'static str,
    pub file_name: &'static str,
    pub uploaded_days: i64,
    pub uploaded_by: Who,
    pub content: Content,
}

pub const PAPERS: &[Paper] = &[
    Paper {
        title: "Articles of Association",
        category: "governance",
        version: "3.1",
        file_name: "Articles of Association v3.1.pdf",
        uploaded_days: -300,
        uploaded_by: Who::Secretary,
        content: Content::Pdf(&[
            "The charity is a company limited by guarantee and registered with the Charity Commission \
             for England and Wales.",
            "Objects: to relieve the needs of people affected by drug and alcohol dependency, and of \
             their families, by providing peer support, recovery cafés, mentoring and signposting to \
             treatment services.",
            "Trustees: not fewer than five and not more than twelve. Trustees serve terms of three \
             years and may serve at most three consecutive terms.",
            "Quorum: one third of the trustees, or three trustees, whichever is greater.",
            "Amended by special resolution at the Annual General Meeting.",
        ]),
    },
    Paper {
        title: "Board Terms of Reference",
        category: "governance",
        version: "2.0",
        file_name: "board-terms-of-reference.txt",
        uploaded_days: -150,
        uploaded_by: Who::Secretary,
        content: Content::Text(
            "BOARD TERMS OF REFERENCE (version 2.0)\n\n\
             1. The board meets at least six times a year, one meeting being the Annual General Meeting.\n\
             2. Papers are published in the Trustee Portal at least seven days before each meeting.\n\
             3. Declarations of interest are the first item of every agenda and are minuted.\n\
             4. Decisions are taken by a simple majority; the Chair has a casting vote.\n\
             5. The Finance, Audit & Risk Committee reports to every board meeting.\n\
             6. Urgent decisions between meetings may be taken by the Chair and one other trustee and\n   \
             are reported to the next meeting.\n",
        ),
    },
    Paper {
        title: "Management Accounts – Quarter 2",
        category: "finance",
        version: "1.0",
        file_name: "Management Accounts Q2.pdf",
        uploaded_days: -40,
        uploaded_by: Who::Secretary,
        content: Content::Pdf(&[
            "Income for the quarter: £148,200 against a budget of £141,500. The National Lottery \
             Community Fund grant instalment was received in full.",
            "Expenditure: £139,750 against a budget of £144,000. Savings come from a vacant peer \
             mentor coordinator post, now recruited.",
            "Unrestricted reserves: £212,400, which is 4.1 months of running costs against a \
             policy target of 3 to 6 months.",
            "Restricted funds are held for the family support project and the recovery café.",
        ]),
    },
    Paper {
        title: "Budget and Cash-flow Forecast",
        category: "finance",
        version: "1.2",
        file_name: "budget-and-cashflow-notes.txt",
        uploaded_days: -95,
        uploaded_by: Who::Secretary,
        content: Content::Text(
            "BUDGET AND CASH-FLOW FORECAST: NOTES FOR TRUSTEES\n\n\
             - Total budgeted income: £578,000 (grants 71%, contracts 18%, donations and events 11%).\n\
             - Total budgeted expenditure: £566,500, including a 4% cost-of-living pay award.\n\
             - The lowest cash point is forecast for the third month, at £96,000.\n\
             - Key risk: the local authority contract renewal, decision expected before the year end.\n",
        ),
    },
    Paper {
        title: "Safeguarding Adults and Children Policy",
        category: "safeguarding",
        version: "4.0",
        file_name: "Safeguarding Policy v4.pdf",
        uploaded_days: -60,
        uploaded_by: Who::Secretary,
        content: Content::Pdf(&[
            "Everyone who works or volunteers with the charity has a duty to report concerns about \
             the safety of an adult at risk or a child.",
            "Designated Safeguarding Lead: the trustee named as Safeguarding Lead, supported by the \
             Operations Manager as deputy.",
            "Concerns are reported the same day and recorded on the incident log. Where a person is \
             in immediate danger, call 999.",
            "All staff, volunteers and trustees hold a current enhanced DBS check and complete \
             safeguarding training every two years.",
        ]),
    },
    Paper {
        title: "Safeguarding Report to the Board",
        category: "safeguarding",
        version: "1.0",
        file_name: "safeguarding-report.txt",
        uploaded_days: -30,
        uploaded_by: Who::Secretary,
        content: Content::Text(
            "SAFEGUARDING REPORT TO THE BOARD\n\n\
             Concerns raised this quarter: 7 (5 adults, 2 children of people we support).\n\
             Referred to the local authority: 3. All were acknowledged within 24 hours.\n\
             Training: 92% of volunteers are in date; the rest are booked on the next course.\n\
             No serious incidents to report to the Charity Commission.\n",
        ),
    },
    Paper {
        title: "Organisational Risk Register",
        category: "risk-register",
        version: "2.3",
        file_name: "Risk Register v2.3.pdf",
        uploaded_days: -35,
        uploaded_by: Who::Secretary,
        content: Content::Pdf(&[
            "1. Loss of the local authority contract. Likelihood: medium. Impact: high. Owner: \
             Treasurer. Mitigation: early talks with commissioners; diversify grant income.",
            "2. Safeguarding incident involving a volunteer. Likelihood: low. Impact: high. Owner: \
             Safeguarding Lead. Mitigation: DBS checks, training, supervision.",
            "3. Data breach of client records. Likelihood: low. Impact: high. Owner: Company \
             Secretary. Mitigation: access controls, staff training, annual review.",
            "4. Burnout of peer mentors. Likelihood: medium. Impact: medium. Owner: Trustee for \
             people and volunteering. Mitigation: supervision, reflective practice, rota limits.",
        ]),
    },
    Paper {
        title: "Lone Working Policy",
        category: "policies",
        version: "1.4",
        file_name: "Lone Working Policy.pdf",
        uploaded_days: -200,
        uploaded_by: Who::Secretary,
        content: Content::Pdf(&[
            "Staff and volunteers who visit people at home or run evening groups alone follow a \
             buddy system: they log their visit and check in when it ends.",
            "If a check-in is missed by 30 minutes, the buddy calls; after 60 minutes the manager \
             on call escalates.",
            "Review: this policy is due for review by the board.",
        ]),
    },
    Paper {
        title: "Data Protection and Confidentiality Policy",
        category: "policies",
        version: "2.1",
        file_name: "data-protection-policy.txt",
        uploaded_days: -120,
        uploaded_by: Who::Secretary,
        content: Content::Text(
            "DATA PROTECTION AND CONFIDENTIALITY POLICY (UK GDPR)\n\n\
             We keep only what we need to support people in recovery, for as long as we need it.\n\
             Client records are kept for six years after the last contact, then securely destroyed.\n\
             Trustees never take client information away from the portal or the office systems.\n\
             Data breaches are reported to the Company Secretary at once; notifiable breaches are\n\
             reported to the ICO within 72 hours.\n",
        ),
    },
    Paper {
        title: "Trustee Induction Pack",
        category: "misc",
        version: "1.0",
        file_name: "Trustee Induction Pack.pdf",
        uploaded_days: -20,
        uploaded_by: Who::Secretary,
        content: Content::Pdf(&[
            "Welcome to the board. This pack explains what the charity does, how the board works \
             and what we ask of trustees.",
            "• Read The Essential Trustee (CC3) from the Charity Commission.",
            "• Visit a recovery café and meet the peer mentors.",
            "• Complete your DBS check and safeguarding training.",
            "• Sign the code of conduct and the declaration of interests.",
        ]),
    },
    Paper {
        title: "Volunteer Expenses Guidance",
        category: "misc",
        version: "1.1",
        file_name: "volunteer-expenses.txt",
        uploaded_days: -10,
        uploaded_by: Who::Secretary,
        content: Content::Text(
            "VOLUNTEER EXPENSES\n\n\
             Volunteers can claim travel (45p a mile, or public transport fares) and lunch up to £6\n\
             on days of four hours or more. Claims go to the finance officer with receipts by the\n\
             fifth working day of the month.\n",
        ),
    },
];

pub struct Task {
    pub title: &'static str,
    pub description: &'static str,
    pub assigned_to: Who,
    pub created_by: Who,
    pub due_days: Option<i64>,
    pub priority: ActionPriority,
    /// The stored status the action is given after it is created; "overdue" comes from a past due date.
    pub status: ActionStatus,
}

pub const TASKS: &[Task] = &[
    Task {
        title: "Renew the public liability and trustee indemnity insurance",
        description: "Get three quotes through the broker and bring a recommendation to the board.",
        assigned_to: Who::Treasurer,
        created_by: Who::Chair,
        due_days: Some(21),
        priority: ActionPriority::High,
        status: ActionStatus::Pending,
    },
    Task {
        title: "Draft a social media policy",
        description: "Cover how staff, volunteers and people in recovery are shown online, and consent.",
        assigned_to: Who::People,
        created_by: Who::ViceChair,
        due_days: None,
        priority: ActionPriority::Low,
        status: ActionStatus::Pending,
    },
    Task {
        title: "Prepare the annual report and accounts",
        description: "Work with the independent examiner; the trustees' report needs the impact figures \
                      from the recovery cafés.",
        assigned_to: Who::Treasurer,
        created_by: Who::Chair,
        due_days: Some(12),
        priority: ActionPriority::High,
        status: ActionStatus::InProgress,
    },
    Task {
        title: "Recruit two trustees with lived experience of recovery",
        description: "Advertise through the peer mentor network and the local recovery community.",
        assigned_to: Who::LivedExperience,
        created_by: Who::Chair,
        due_days: Some(45),
        priority: ActionPriority::Medium,
        status: ActionStatus::InProgress,
    },
    Task {
        title: "Renew trustee DBS checks",
        description: "Enhanced checks for every trustee whose certificate is over three years old.",
        assigned_to: Who::Safeguarding,
        created_by: Who::Secretary,
        due_days: Some(-40),
        priority: ActionPriority::Medium,
        status: ActionStatus::Complete,
    },
    Task {
        title: "Update the safeguarding policy after the local authority training",
        description: "Add the new referral pathway and the deputy lead's contact details.",
        assigned_to: Who::Safeguarding,
        created_by: Who::Chair,
        due_days: Some(-55),
        priority: ActionPriority::High,
        status: ActionStatus::Complete,
    },
    Task {
        title: "Review the lone working policy",
        description: "The policy is past its review date; check it against the new evening groups.",
        assigned_to: Who::ViceChair,
        created_by: Who::Chair,
        due_days: Some(-8),
        priority: ActionPriority::Medium,
        status: ActionStatus::Pending,
    },
    Task {
        title: "Submit the grant monitoring report",
        description: "Year two report to the National Lottery Community Fund, with case studies.",
        assigned_to: Who::Treasurer,
        created_by: Who::Chair,
        due_days: Some(-3),
        priority: ActionPriority::High,
        status: ActionStatus::InProgress,
    },
    Task {
        title: "Book the venue for the Annual General Meeting",
        description: "The community hub's main hall, with step-free access and a hearing loop.",
        assigned_to: Who::NewTrustee,
        created_by: Who::ViceChair,
        due_days: Some(30),
        priority: ActionPriority::Low,
        status: ActionStatus::Pending,
    },
];

pub struct Gathering {
    pub title: &'static str,
    pub description: &'static str,
    pub days: i64,
    /// UK local time.
    pub at: (u32, u32),
    pub location: Option<&'static str>,
    pub meeting_link: Option<&'static str>,
    pub agenda_link: Option<&'static str>,
    /// The calendar's tag.
    pub kind: MeetingKind,
    /// The committee (one of `GROUPS`, by name) of a committee meeting.
    pub committee: Option<&'static str>,
    pub created_by: Who,
}

/// Past meetings first; `MINUTES` refer to them by position.
pub const GATHERINGS: &[Gathering] = &[
    Gathering {
        title: "Board Meeting",
        description: "Quarterly board meeting: finance report, safeguarding report, risk register review.",
        days: -84,
        at: (18, 30),
        location: Some("Community Hub, Room 2"),
        meeting_link: None,
        agenda_link: Some("https://docs.example.org/board/agenda-q1"),
        kind: MeetingKind::Board,
        committee: None,
        created_by: Who::Chair,
    },
    Gathering {
        title: "Trustee Away Day: Strategy",
        description:
            "A day to agree the three-year strategy, with staff and peer mentors joining after lunch.",
        days: -56,
        at: (10, 0),
        location: Some("The Old Library, Meeting Room"),
        meeting_link: None,
        agenda_link: None,
        kind: MeetingKind::Other,
        committee: None,
        created_by: Who::ViceChair,
    },
    Gathering {
        title: "Board Meeting",
        description: "Quarterly board meeting: management accounts, annual report timetable, recruitment.",
        days: -28,
        at: (18, 30),
        location: Some("Online"),
        meeting_link: Some("https://meet.example.org/board-quarterly"),
        agenda_link: Some("https://docs.example.org/board/agenda-q2"),
        kind: MeetingKind::Board,
        committee: None,
        created_by: Who::Chair,
    },
    Gathering {
        title: "Board Meeting",
        description: "Quarterly board meeting: annual report and accounts for approval, insurance renewal.",
        days: 14,
        at: (18, 30),
        location: Some("Community Hub, Room 2 and online"),
        meeting_link: Some("https://meet.example.org/board-quarterly"),
        agenda_link: Some("https://docs.example.org/board/agenda-q3"),
        kind: MeetingKind::Board,
        committee: None,
        created_by: Who::Chair,
    },
    Gathering {
        title: "Finance, Audit & Risk Committee",
        description: "Review of the management accounts and the risk register before the board.",
        days: 35,
        at: (17, 30),
        location: None,
        meeting_link: Some("https://meet.example.org/finance-committee"),
        agenda_link: None,
        kind: MeetingKind::Committee,
        committee: Some("Finance, Audit & Risk Committee"),
        created_by: Who::ViceChair,
    },
    Gathering {
        title: "Annual General Meeting",
        description: "Open to members. Annual report, accounts, election of trustees, and stories from \
                      people in recovery.",
        days: 70,
        at: (18, 0),
        location: Some("Community Hub, Main Hall"),
        meeting_link: None,
        agenda_link: Some("https://docs.example.org/agm/notice-and-agenda"),
        kind: MeetingKind::Agm,
        committee: None,
        created_by: Who::Secretary,
    },
];

pub enum Record {
    Pdf { file_name: &'static str, paragraphs: &'static [&'static str] },
    Link(&'static str),
}

pub struct MinutesPaper {
    pub title: &'static str,
    /// Position in `GATHERINGS`.
    pub meeting: usize,
    pub uploaded_after_days: i64,
    pub record: Record,
}

pub const MINUTES: &[MinutesPaper] = &[
    MinutesPaper {
        title: "Board Meeting minutes (quarter 1)",
        meeting: 0,
        uploaded_after_days: 9,
        record: Record::Pdf {
            file_name: "Board minutes Q1.pdf",
            paragraphs: &[
                "Present: the Chair (in the chair), the Vice-Chair, the Treasurer, the Safeguarding \
                 Lead, three trustees. In attendance: the Chief Officer and the Company Secretary.",
                "1. Declarations of interest: none.",
                "2. Finance: the board received the management accounts and noted reserves of 4.1 \
                 months of running costs.",
                "3. Safeguarding: seven concerns were raised in the quarter, all handled within \
                 policy. The board thanked the Safeguarding Lead.",
                "4. Risk register: the board agreed to raise the likelihood of losing the local \
                 authority contract to medium.",
                "Actions: renew trustee DBS checks (Safeguarding Lead); update the safeguarding \
                 policy (Safeguarding Lead).",
            ],
        },
    },
    MinutesPaper {
        title: "Board Meeting minutes (quarter 2)",
        meeting: 2,
        uploaded_after_days: 6,
        record: Record::Link("https://docs.example.org/board/minutes-q2"),
    },
];

pub struct Notice {
    pub title: &'static str,
    pub content: &'static str,
    pub priority: NoticePriority,
    pub pinned: bool,
    pub posted_days: i64,
    /// Relative to today; below zero the notice has expired.
    pub expires_days: Option<i64>,
    pub posted_by: Who,
}

pub const NOTICES: &[Notice] = &[
    Notice {
        title: "Safeguarding concerns: who to contact",
        content: "If you are worried about someone we support, contact the Safeguarding Lead, Fiona \
                  MacLeod, on 07700 900105 the same day. If anyone is in immediate danger, call 999 \
                  first.",
        priority: NoticePriority::High,
        pinned: true,
        posted_days: -90,
        expires_days: None,
        posted_by: Who::Chair,
    },
    Notice {
        title: "Board papers are in the document library",
        content: "Papers for every meeting are published in the Documents section at least seven days \
                  before. Please read them before the meeting and send questions to the Company \
                  Secretary.",
        priority: NoticePriority::Normal,
        pinned: true,
        posted_days: -150,
        expires_days: None,
        posted_by: Who::Secretary,
    },
    Notice {
        title: "Annual return due to the Charity Commission",
        content: "The annual return must be filed within ten months of the year end. The Treasurer \
                  will circulate the figures for sign-off at the next board meeting.",
        priority: NoticePriority::High,
        pinned: false,
        posted_days: -5,
        expires_days: Some(40),
        posted_by: Who::Chair,
    },
    Notice {
        title: "Welcome to our new trustee",
        content: "Please welcome Tom Barker, who joins the board with twenty years' experience in \
                  community housing. Tom will shadow the Finance, Audit & Risk Committee.",
        priority: NoticePriority::Normal,
        pinned: false,
        posted_days: -3,
        expires_days: None,
        posted_by: Who::Chair,
    },
    Notice {
        title: "Recovery café hours on bank holidays",
        content: "The recovery cafés close on bank holiday Mondays. The Monday evening group meets on \
                  the Tuesday instead, at the same time and place.",
        priority: NoticePriority::Low,
        pinned: false,
        posted_days: -12,
        expires_days: Some(60),
        posted_by: Who::ViceChair,
    },
    Notice {
        title: "Volunteer celebration evening: please reply",
        content: "Join staff, volunteers and peer mentors for our thank-you evening. Please reply to \
                  the office so we can order food.",
        priority: NoticePriority::Normal,
        pinned: false,
        posted_days: -45,
        expires_days: Some(-10),
        posted_by: Who::Secretary,
    },
];

pub struct Membership {
    pub who: Who,
    pub role: CommitteeRole,
    pub joined_days: i64,
}

pub struct Chat {
    pub from: Who,
    pub days: i64,
    /// UK local time.
    pub at: (u32, u32),
    pub text: &'static str,
}

pub struct Group {
    pub name: &'static str,
    pub description: &'static str,
    /// Becomes its committee chair.
    pub created_by: Who,
    pub created_days: i64,
    pub members: &'static [Membership],
    /// Oldest first.
    pub chat: &'static [Chat],
    pub archived_days: Option<i64>,
}

pub const GROUPS: &[Group] = &[
    Group {
        name: "Finance, Audit & Risk Committee",
        description: "Oversees the budget, management accounts, reserves, the annual accounts and the \
                      risk register, and reports to every board meeting.",
        created_by: Who::Chair,
        created_days: -400,
        members: &[
            Membership { who: Who::Treasurer, role: CommitteeRole::Member, joined_days: -400 },
            Membership { who: Who::ViceChair, role: CommitteeRole::Member, joined_days: -390 },
            Membership { who: Who::People, role: CommitteeRole::Member, joined_days: -200 },
            Membership { who: Who::NewTrustee, role: CommitteeRole::Member, joined_days: -3 },
        ],
        chat: &[
            Chat {
                from: Who::Treasurer,
                days: -9,
                at: (9, 12),
                text: "The draft accounts are back from the independent examiner. Two small queries on \
                       restricted funds, nothing worrying.",
            },
            Chat {
                from: Who::Chair,
                days: -9,
                at: (10, 3),
                text: "Thanks Sandeep. Can we have them in the library a week before the board?",
            },
            Chat {
                from: Who::Treasurer,
                days: -8,
                at: (18, 40),
                text: "Yes, I'll upload them with a covering note by Friday.",
            },
            Chat {
                from: Who::ViceChair,
                days: -4,
                at: (12, 15),
                text: "On the risk register: should the contract renewal go to high likelihood now the \
                       tender has been delayed?",
            },
            Chat {
                from: Who::People,
                days: -4,
                at: (13, 2),
                text: "I'd keep it at medium until we hear from the commissioners, but note the delay.",
            },
            Chat {
                from: Who::Treasurer,
                days: -1,
                at: (8, 55),
                text: "Agreed. I've added a note, and welcome to Tom, who joins us from the next meeting.",
            },
        ],
        archived_days: None,
    },
    Group {
        name: "Premises Working Group",
        description: "Found and fitted out the new recovery café premises. Its work is done: kept for \
                      the record.",
        created_by: Who::ViceChair,
        created_days: -260,
        members: &[
            Membership { who: Who::LivedExperience, role: CommitteeRole::Member, joined_days: -260 },
            Membership { who: Who::Safeguarding, role: CommitteeRole::Member, joined_days: -250 },
        ],
        chat: &[
            Chat {
                from: Who::ViceChair,
                days: -240,
                at: (19, 5),
                text: "Viewed the old bank on the high street today. Step-free, two rooms, a kitchen. \
                       The landlord would agree a five-year lease.",
            },
            Chat {
                from: Who::LivedExperience,
                days: -239,
                at: (8, 30),
                text: "People at the café said they'd like somewhere away from the pubs on the main \
                       road. This is a good spot for that.",
            },
            Chat {
                from: Who::Safeguarding,
                days: -238,
                at: (14, 45),
                text: "We need a private room for one-to-ones and a separate way out. Both look possible.",
            },
            Chat {
                from: Who::ViceChair,
                days: -120,
                at: (17, 20),
                text: "Keys collected and the fit-out is finished. Opening day is booked!",
            },
        ],
        archived_days: Some(-90),
    },
];
