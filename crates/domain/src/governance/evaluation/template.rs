//! The templates a new round starts from (spec §17): for the board's evaluation, statements built on the
//! seven principles of the Charity Governance Code; for the chair's appraisal, statements about the chair
//! under the principles that speak of the chair's part; then a few free-text questions. Officers edit
//! them while the round is a draft.

/// The Code's seven principles, in its order.
pub const PRINCIPLES: [&str; 7] = [
    "Organisational purpose",
    "Leadership",
    "Integrity",
    "Decision-making, risk and control",
    "Board effectiveness",
    "Equality, diversity and inclusion",
    "Openness and accountability",
];

/// The principle free-text questions are listed under.
pub const GENERAL: &str = "General";

/// Five statements per principle, scored 1 (strongly disagree) to 5 (strongly agree) or "don't know".
pub const STATEMENTS: [(&str, &str); 35] = [
    (PRINCIPLES[0], "The board is clear about the charity's purposes and how they benefit the public."),
    (PRINCIPLES[0], "Our strategy is agreed by the board and follows from our purposes."),
    (PRINCIPLES[0], "The board regularly reviews whether the charity is achieving its purposes."),
    (PRINCIPLES[0], "We consider how the outside world is changing and what that means for our work."),
    (PRINCIPLES[0], "Our resources are used effectively to deliver our purposes."),
    (PRINCIPLES[1], "The chair leads the board well and helps every trustee contribute."),
    (PRINCIPLES[1], "Trustees understand and accept their collective responsibility for the charity."),
    (PRINCIPLES[1], "The board and senior staff work together with clear and respected roles."),
    (PRINCIPLES[1], "The board sets and models the charity's values and culture."),
    (PRINCIPLES[1], "The board supports, challenges and appraises the chief executive appropriately."),
    (PRINCIPLES[2], "Trustees act in the best interests of the charity, not of any group or person."),
    (PRINCIPLES[2], "Conflicts of interest are declared and handled well."),
    (PRINCIPLES[2], "Safeguarding of the people we work with is taken seriously at board level."),
    (PRINCIPLES[2], "Trustees' expenses and any benefits are handled transparently."),
    (PRINCIPLES[2], "The board would act promptly on any concern about conduct or wrongdoing."),
    (PRINCIPLES[3], "Board papers give us the information we need to make good decisions."),
    (PRINCIPLES[3], "Delegation to committees and staff is clear and documented."),
    (PRINCIPLES[3], "The board regularly reviews the charity's main risks and how they are managed."),
    (PRINCIPLES[3], "We have effective financial controls and understand the accounts."),
    (PRINCIPLES[3], "The charity complies with the law and regulation that applies to it."),
    (PRINCIPLES[4], "The board has the right mix of skills, experience and knowledge."),
    (PRINCIPLES[4], "Meetings are well run and focus on the most important matters."),
    (PRINCIPLES[4], "New trustees are properly inducted and all trustees can keep learning."),
    (PRINCIPLES[4], "The board reviews its own performance and acts on what it finds."),
    (PRINCIPLES[4], "We plan for the succession of trustees and officers."),
    (PRINCIPLES[5], "The board reflects on how diverse it is and what that means for its decisions."),
    (PRINCIPLES[5], "We take steps to remove barriers to joining and taking part in the board."),
    (
        PRINCIPLES[5],
        "The voices of the people we serve, including those with lived experience, inform our decisions.",
    ),
    (PRINCIPLES[5], "Equality, diversity and inclusion are monitored and reported to the board."),
    (PRINCIPLES[5], "Every trustee feels able to speak and is listened to."),
    (PRINCIPLES[6], "The charity communicates openly with the people it serves and its supporters."),
    (PRINCIPLES[6], "We publish clear information about our work, our finances and our governance."),
    (PRINCIPLES[6], "Complaints and feedback are welcomed and acted upon."),
    (PRINCIPLES[6], "The board consults stakeholders on significant changes."),
    (PRINCIPLES[6], "We meet our reporting duties to the Charity Commission and others on time."),
];

/// The free-text questions that close the form.
pub const QUESTIONS: [&str; 3] = [
    "What does the board do particularly well?",
    "What one change would most improve how the board works?",
    "Is there anything else you would like the board to know?",
];

/// The chair's appraisal: statements about the chair, under the principles whose recommended practice
/// names the chair's part (leadership, integrity, decision-making, board effectiveness, inclusion).
pub const CHAIR_STATEMENTS: [(&str, &str); 15] = [
    (
        PRINCIPLES[1],
        "The chair gives the board clear leadership and keeps it focused on the charity's purposes.",
    ),
    (PRINCIPLES[1], "The chair has a constructive working relationship with the chief executive."),
    (PRINCIPLES[1], "The chair represents the charity well with its partners, funders and the public."),
    (PRINCIPLES[2], "The chair sets a good example of the charity's values and of ethical conduct."),
    (PRINCIPLES[2], "The chair makes sure conflicts of interest are declared and dealt with properly."),
    (PRINCIPLES[3], "The chair makes sure the board has the information it needs before deciding."),
    (PRINCIPLES[3], "The chair gives enough time to the charity's main risks, safeguarding included."),
    (PRINCIPLES[4], "Meetings chaired by the chair are well prepared, well run and keep to time."),
    (PRINCIPLES[4], "The chair makes sure decisions are clear, recorded and followed up."),
    (PRINCIPLES[4], "The chair helps each trustee to contribute and to develop in their role."),
    (PRINCIPLES[4], "The chair leads the board's review of its own performance and acts on it."),
    (PRINCIPLES[4], "The chair plans for the succession of trustees, officers and the chair."),
    (PRINCIPLES[5], "The chair encourages different views and makes sure every trustee is heard."),
    (PRINCIPLES[5], "The chair handles disagreement fairly and respectfully."),
    (PRINCIPLES[5], "The chair champions equality, diversity and inclusion on the board."),
];

/// The free-text questions that close the chair's appraisal.
pub const CHAIR_QUESTIONS: [&str; 3] = [
    "What does the chair do particularly well?",
    "What one change would most help the chair lead the board?",
    "Is there anything else you would like the vice-chair to pass on?",
];
