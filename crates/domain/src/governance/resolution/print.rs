//! A decided written resolution as a printed document: what the chair certifies (docs/spec.md §16
//! Signing). Its wording, who proposed it and when, the threshold, the outcome with the votes and the
//! dates, in the board's time zone.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::governance::resolution::{Resolution, ResolutionStatus, Threshold, VoteChoice};
use crate::meetings::{PrintBlock, PrintDocument};

/// The file name and the document of a resolution.
pub fn print_document(resolution: &Resolution, portal_name: &str, time_zone: Tz) -> (String, PrintDocument) {
    let at = |t: DateTime<Utc>| t.with_timezone(&time_zone).format("%-d %B %Y at %H:%M %Z").to_string();
    let tally = resolution.tally();
    let mut blocks = vec![
        PrintBlock::Note(portal_name.to_string()),
        PrintBlock::Paragraph(format!(
            "Proposed by {} on {}; voting closing {}.",
            resolution.proposed_by_name,
            at(resolution.proposed_at),
            at(resolution.closes_at)
        )),
        PrintBlock::Gap,
        PrintBlock::Heading("Resolution".into()),
    ];
    blocks.extend(
        resolution
            .text
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| PrintBlock::Paragraph(line.into())),
    );
    blocks.push(PrintBlock::Gap);
    blocks.push(PrintBlock::Heading("Outcome".into()));
    let outcome = match resolution.status {
        ResolutionStatus::Open => "Open: voting has not closed.".to_string(),
        ResolutionStatus::Passed | ResolutionStatus::Failed => {
            let word = if resolution.status == ResolutionStatus::Passed { "Passed" } else { "Not passed" };
            let when = resolution.decided_at.map(|t| format!(" on {}", at(t))).unwrap_or_default();
            let early = if resolution.decided_early {
                ", before closing, as the result could not change"
            } else {
                ""
            };
            format!("{word}{when}{early}.")
        }
    };
    blocks.push(PrintBlock::Paragraph(outcome));
    let needed = resolution.threshold.votes_needed(tally.eligible);
    let rule = match resolution.threshold {
        Threshold::Majority => "a majority of the eligible trustees",
        Threshold::Count(_) => "a set number of votes for",
        Threshold::Unanimous => "every eligible trustee",
    };
    blocks
        .push(PrintBlock::Paragraph(format!("Passes with {rule}: {needed} of {} eligible.", tally.eligible)));
    blocks.push(PrintBlock::Paragraph(format!(
        "For {} - Against {} - Abstain {} - Not voted {}",
        tally.for_votes,
        tally.against,
        tally.abstain,
        tally.outstanding()
    )));
    blocks.push(PrintBlock::Gap);
    blocks.push(PrintBlock::Heading("Votes".into()));
    for voter in &resolution.voters {
        let line = match resolution.vote_of(voter.user_id) {
            Some(vote) => {
                let choice = match vote.choice {
                    VoteChoice::For => "for",
                    VoteChoice::Against => "against",
                    VoteChoice::Abstain => "abstained",
                };
                format!("{}: {choice} ({})", voter.name, at(vote.voted_at))
            }
            None if voter.conflicted => {
                format!("{}: not eligible (declared a conflict of interest)", voter.name)
            }
            None => format!("{}: did not vote", voter.name),
        };
        blocks.push(PrintBlock::Paragraph(line));
    }
    if !resolution.papers.is_empty() {
        blocks.push(PrintBlock::Gap);
        blocks.push(PrintBlock::Heading("Supporting papers".into()));
        blocks.extend(resolution.papers.iter().map(|p| PrintBlock::Paragraph(p.title.clone())));
    }
    let title = format!("Written resolution: {}", resolution.title);
    let file_name =
        format!("Written resolution - {}.pdf", resolution.title.replace(['/', '\\', ':', '"'], "-"));
    (file_name, PrintDocument { title, blocks })
}
