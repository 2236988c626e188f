//! The scheduled work on open evaluation rounds (spec §17, Scheduling): one reminder to those who have not
//! answered when the closing date is near, and the round closed once its closing date has passed. The
//! server runs it with the other scheduled work (`run-scheduled`, and every server's scheduler).

use anyhow::anyhow;
use chrono::{DateTime, Days, NaiveDate, Timelike, Utc};
use chrono_tz::Tz;

use crate::governance::evaluation::refusal::EvaluationRefusal;
use crate::governance::evaluation::repository::{EvaluationNudge, OpenRound};
use crate::governance::evaluation::service::EvaluationService;

/// Those who have not answered are reminded from this many days before the closing date (spec §17).
pub const REMINDER_DAYS_BEFORE: u64 = 3;

/// The ledger's occasion of the scheduled reminder: one per round and person, however often the
/// scheduler runs and however many servers run it (a chair's own reminders are dated, so apart).
pub const CLOSING_SOON: &str = "closing-soon";

/// Reminders go out from this hour of the board's day, as the other daily reminders do (spec §11), so
/// nobody is e-mailed at midnight.
pub const SEND_HOUR: u32 = 8;

/// What one scheduled run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ScheduledEvaluations {
    /// Reminders queued.
    pub reminded: usize,
    /// Rounds closed.
    pub closed: usize,
}

/// What is due for a round on the board's `today` at `hour`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    Nothing,
    Remind,
    Close,
}

/// A round is closed the day after its closing date (answers are taken all through that day), and
/// reminded in the last `REMINDER_DAYS_BEFORE` days before it, from `SEND_HOUR`.
pub fn due(round: &OpenRound, today: NaiveDate, hour: u32) -> Due {
    if round.closes_on < today {
        return Due::Close;
    }
    let reminding_from = round.closes_on.checked_sub_days(Days::new(REMINDER_DAYS_BEFORE));
    if hour >= SEND_HOUR && reminding_from.is_some_and(|from| from <= today) {
        Due::Remind
    } else {
        Due::Nothing
    }
}

impl EvaluationService {
    /// Reminds and closes the open rounds due at `at`, by the board's calendar (`zone`). Safe to run
    /// from several processes at once: a reminder is recorded in the ledger with its mail, and closing
    /// locks the round (a second close finds it closed and does nothing).
    pub fn run_scheduled(&self, at: DateTime<Utc>, zone: Tz) -> anyhow::Result<ScheduledEvaluations> {
        let local = at.with_timezone(&zone);
        let (today, hour) = (local.date_naive(), local.hour());
        let mut run = ScheduledEvaluations::default();
        for round in self.repo.open_rounds()? {
            match due(&round, today, hour) {
                Due::Nothing => {}
                Due::Close => match self.repo.close(round.id, at) {
                    Ok(()) => run.closed += 1,
                    // Closed meanwhile, by an officer or another server.
                    Err(EvaluationRefusal::AlreadyClosed) => {}
                    Err(refusal) => return Err(anyhow!("cannot close evaluation {}: {refusal}", round.id)),
                },
                Due::Remind => {
                    let people = self.repo.unanswered(round.id)?;
                    if people.is_empty() {
                        continue;
                    }
                    let closes_on = round.closes_on.format("%-d %B %Y").to_string();
                    let queued = self.mail.remind(
                        round.id,
                        &round.title,
                        &closes_on,
                        CLOSING_SOON,
                        EvaluationNudge::Reminder,
                        &people,
                    )?;
                    run.reminded += queued.unwrap_or(0);
                }
            }
        }
        Ok(run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(closes_on: &str) -> OpenRound {
        OpenRound { id: 1, title: "Board evaluation".into(), closes_on: closes_on.parse().unwrap() }
    }

    fn day(date: &str) -> NaiveDate {
        date.parse().unwrap()
    }

    #[test]
    fn reminded_in_the_last_three_days_from_the_send_hour_and_closed_the_day_after() {
        let r = round("2027-03-20");
        assert_eq!(due(&r, day("2027-03-16"), 12), Due::Nothing, "four days before");
        assert_eq!(due(&r, day("2027-03-17"), 7), Due::Nothing, "three days before, before the send hour");
        assert_eq!(due(&r, day("2027-03-17"), 8), Due::Remind);
        assert_eq!(due(&r, day("2027-03-20"), 23), Due::Remind, "answers are taken all the closing day");
        assert_eq!(due(&r, day("2027-03-21"), 0), Due::Close);
    }
}
