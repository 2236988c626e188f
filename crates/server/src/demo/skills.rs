//! The demo board's skills matrix (spec §18): every trustee's self-ratings against the default skill list,
//! so that the matrix shows strong cover, gaps (legal and fundraising held only at "some", nobody with a
//! clinical background) and one succession warning: finance rests on the Treasurer, whose term ends within
//! 12 months (see `governance::TERMS`).

use std::collections::HashMap;

use anyhow::Context;

use domain::governance::skills::service::{RatingInput, RatingsRequest};
// `Fair` is the level "some", renamed so as not to read as `Option::Some`.
use domain::governance::skills::SkillLevel::{self, Some as Fair, Strong};
use domain::shared::Received;

use super::data::Who;
use super::Seeder;

/// Each trustee's ratings by skill name (the default list's names); skills left out read "none".
const RATINGS: &[(Who, &[(&str, SkillLevel)])] = &[
    (Who::Secretary, &[("Governance", Strong), ("Legal", Fair), ("Digital and data", Fair)]),
    (
        Who::Chair,
        &[("Governance", Strong), ("Communications", Strong), ("People and HR", Strong), ("Legal", Fair)],
    ),
    (Who::ViceChair, &[("Governance", Strong), ("Finance", Fair), ("Legal", Fair), ("Fundraising", Fair)]),
    // The Treasurer alone is strong in finance, and his term ends within the year.
    (Who::Treasurer, &[("Finance", Strong), ("Digital and data", Fair), ("Governance", Fair)]),
    (Who::Safeguarding, &[("Safeguarding", Strong), ("People and HR", Fair), ("Communications", Fair)]),
    (Who::LivedExperience, &[("Lived experience of recovery", Strong), ("Safeguarding", Fair)]),
    (Who::People, &[("People and HR", Strong), ("Fundraising", Fair), ("Communications", Fair)]),
    (Who::NewTrustee, &[("Digital and data", Strong), ("Safeguarding", Strong), ("Finance", Fair)]),
];

impl Seeder<'_> {
    /// Each trustee saves their own ratings, as they would on the Skills tab (a rating names no one else).
    pub(super) fn skills(&mut self) -> anyhow::Result<()> {
        let chair = self.person(Who::Chair)?.clone();
        let skills: HashMap<String, _> = self
            .state
            .skills
            .list(&chair, false)
            .context("cannot list the skills")?
            .into_iter()
            .map(|skill| (skill.name, skill.id))
            .collect();
        for (who, ratings) in RATINGS {
            // A skill renamed or retired on a portal seeded with --force is left out.
            let ratings = ratings
                .iter()
                .filter_map(|(name, level)| {
                    skills.get(*name).map(|id| RatingInput { skill_id: *id, level: Received::Given(*level) })
                })
                .collect();
            let trustee = self.person(*who)?.clone();
            self.state
                .skills
                .rate(&trustee, RatingsRequest { ratings })
                .with_context(|| format!("cannot rate the skills of {who:?}"))?;
        }
        Ok(())
    }
}
