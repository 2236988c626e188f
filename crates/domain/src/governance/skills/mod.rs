//! The skills matrix (docs/spec.md §18 Skills matrix; Charity Governance Code 5.3: the board knows the
//! skills it has and recruits for those it lacks). The board keeps its own list of skills; each serving
//! trustee rates themselves on each; the matrix sets the ratings beside the terms of office (§10), so a
//! skill held only by trustees about to leave is seen in time.

pub mod refusal;
pub mod repository;
pub mod service;

use chrono::{Months, NaiveDate};

use crate::governance::term::TrusteeTerms;
use crate::identity::role::Role;
use crate::{SkillId, UserId};

/// A skill whose every strong holder's term ends within this many months is warned of (§18).
pub const SUCCESSION_WARNING_MONTHS: u32 = 12;
/// The longest name of a skill, in characters.
pub const SKILL_NAME_MAX: usize = 100;

string_enum!(
    /// How a trustee rates themselves on a skill; a skill they have not rated reads `none`.
    SkillLevel {
        None => "none",
        Some => "some",
        Strong => "strong",
    }
);

string_enum!(
    /// How well the serving trustees cover a skill: someone strong, only `some`, or nobody at all.
    SkillCover {
        Strong => "strong",
        SomeOnly => "some-only",
        Nobody => "nobody",
    }
);

/// One skill of the board's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skill {
    pub id: SkillId,
    pub name: String,
    /// The list's order, ascending.
    pub position: i32,
    /// Retired skills leave the list, the matrix and the directory; their ratings are kept.
    pub retired: bool,
}

/// One self-rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating {
    pub user_id: UserId,
    pub skill_id: SkillId,
    pub level: SkillLevel,
}

/// One skill of the matrix with what the board's ratings add up to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillColumn {
    pub skill: Skill,
    pub strong_count: u32,
    pub some_count: u32,
    pub cover: SkillCover,
    /// Someone is strong, but every strong holder's current term ends within
    /// [`SUCCESSION_WARNING_MONTHS`].
    pub succession_warning: bool,
}

/// One serving trustee's line of the matrix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatrixRow {
    pub user_id: UserId,
    pub name: String,
    pub role: Role,
    /// The end of the term running today (§10), if any.
    pub current_term_ends_on: Option<NaiveDate>,
    /// That end falls within [`SUCCESSION_WARNING_MONTHS`] of today.
    pub leaving_soon: bool,
    /// One level per column, in the columns' order.
    pub levels: Vec<SkillLevel>,
}

/// Every serving trustee against every current skill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillMatrix {
    pub skills: Vec<SkillColumn>,
    pub trustees: Vec<MatrixRow>,
}

/// Whether a trustee's current term ends within the warning period: a trustee with no current term
/// (none recorded, or only past ones) has no known end and is counted as staying, and so is one already
/// reappointed, with a recorded term starting on or after the current one's end (§18 Rules).
pub fn leaving_within(trustee: &TrusteeTerms, today: NaiveDate, months: u32) -> (Option<NaiveDate>, bool) {
    let ends_on = trustee.summary(today).current_term_ends_on;
    let horizon = today.checked_add_months(Months::new(months)).unwrap_or(NaiveDate::MAX);
    let reappointed = |end: NaiveDate| trustee.terms.iter().any(|t| t.started_on >= end);
    (ends_on, ends_on.is_some_and(|end| end <= horizon && !reappointed(end)))
}

impl SkillMatrix {
    /// The matrix of `skills` (current ones, in order) over `trustees` (the serving ones, by name) on
    /// `today`.
    pub fn build(
        skills: Vec<Skill>,
        trustees: &[TrusteeTerms],
        ratings: &[Rating],
        today: NaiveDate,
    ) -> Self {
        let level_of = |user: UserId, skill: SkillId| {
            ratings
                .iter()
                .find(|r| r.user_id == user && r.skill_id == skill)
                .map_or(SkillLevel::None, |r| r.level)
        };
        let rows: Vec<MatrixRow> = trustees
            .iter()
            .map(|t| {
                let (current_term_ends_on, leaving_soon) =
                    leaving_within(t, today, SUCCESSION_WARNING_MONTHS);
                MatrixRow {
                    user_id: t.user_id,
                    name: t.name.clone(),
                    role: t.role,
                    current_term_ends_on,
                    leaving_soon,
                    levels: skills.iter().map(|s| level_of(t.user_id, s.id)).collect(),
                }
            })
            .collect();
        let columns = skills
            .into_iter()
            .enumerate()
            .map(|(index, skill)| {
                let at = |row: &&MatrixRow| row.levels.get(index).copied();
                let strong: Vec<&MatrixRow> =
                    rows.iter().filter(|row| at(row) == Some(SkillLevel::Strong)).collect();
                let some_count = rows.iter().filter(|row| at(row) == Some(SkillLevel::Some)).count();
                let cover = if !strong.is_empty() {
                    SkillCover::Strong
                } else if some_count > 0 {
                    SkillCover::SomeOnly
                } else {
                    SkillCover::Nobody
                };
                SkillColumn {
                    skill,
                    strong_count: u32::try_from(strong.len()).unwrap_or(u32::MAX),
                    some_count: u32::try_from(some_count).unwrap_or(u32::MAX),
                    cover,
                    succession_warning: !strong.is_empty() && strong.iter().all(|row| row.leaving_soon),
                }
            })
            .collect();
        SkillMatrix { skills: columns, trustees: rows }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::governance::term::Term;
    use crate::TermId;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn trustee(id: i32, started_on: Option<NaiveDate>) -> TrusteeTerms {
        TrusteeTerms {
            user_id: UserId(id),
            name: format!("T{id}"),
            email: format!("t{id}@example.org"),
            role: Role::Trustee,
            terms: started_on
                .map(|started_on| Term {
                    id: TermId(id),
                    user_id: UserId(id),
                    started_on,
                    term_years: 3,
                    reappointment: false,
                    ended_on: None,
                })
                .into_iter()
                .collect(),
        }
    }

    fn skill(id: i32) -> Skill {
        Skill { id: SkillId(id), name: format!("S{id}"), position: id, retired: false }
    }

    fn rate(user: i32, skill: i32, level: SkillLevel) -> Rating {
        Rating { user_id: UserId(user), skill_id: SkillId(skill), level }
    }

    #[test]
    fn gaps_and_the_succession_warning_follow_ratings_and_terms() {
        let today = day(2026, 6, 1);
        // T1's term ends 2027-05-01 (11 months), T2's 2027-07-01 (13 months), T3 has no term.
        let trustees =
            vec![trustee(1, Some(day(2024, 5, 1))), trustee(2, Some(day(2024, 7, 1))), trustee(3, None)];
        let ratings = [
            rate(1, 1, SkillLevel::Strong),
            rate(2, 2, SkillLevel::Strong),
            rate(1, 3, SkillLevel::Strong),
            rate(3, 3, SkillLevel::Strong),
            rate(2, 4, SkillLevel::Some),
        ];
        let matrix = SkillMatrix::build((1..=5).map(skill).collect(), &trustees, &ratings, today);
        let cols = &matrix.skills;
        assert_eq!((cols[0].cover, cols[0].succession_warning), (SkillCover::Strong, true));
        assert_eq!((cols[1].cover, cols[1].succession_warning), (SkillCover::Strong, false));
        assert_eq!((cols[2].strong_count, cols[2].succession_warning), (2, false));
        assert_eq!((cols[3].cover, cols[3].some_count), (SkillCover::SomeOnly, 1));
        assert_eq!((cols[4].cover, cols[4].succession_warning), (SkillCover::Nobody, false));
        assert_eq!(matrix.trustees[0].levels[0], SkillLevel::Strong);
        assert_eq!(matrix.trustees[2].levels[0], SkillLevel::None);
        assert!(matrix.trustees[0].leaving_soon && !matrix.trustees[1].leaving_soon);
    }

    #[test]
    fn a_trustee_already_reappointed_is_not_leaving() {
        let today = day(2026, 6, 1);
        let mut t1 = trustee(1, Some(day(2024, 5, 1)));
        assert_eq!(leaving_within(&t1, today, 12), (Some(day(2027, 5, 1)), true));
        // A term recorded from the day the current one ends: staying, though the current one still ends.
        let next =
            Term { id: TermId(9), started_on: day(2027, 5, 1), reappointment: true, ..t1.terms[0].clone() };
        t1.terms.push(next);
        assert_eq!(leaving_within(&t1, today, 12), (Some(day(2027, 5, 1)), false));
    }
}
