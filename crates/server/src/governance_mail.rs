//! The adapters of `GovernanceMail`: through the mail outbox when mail is configured (`SMTP_URL`), and
//! a log-only one otherwise, which records who would have been reminded and answers "not configured" so
//! the page can say that nothing was sent.

use std::sync::Arc;

use chrono::NaiveDate;

use domain::governance::evaluation::repository::{EvaluationMail, EvaluationNudge, Unanswered};
use domain::governance::{GovernanceMail, ReminderRecipient};
use domain::notifications::mail::templates::{MailTemplates, Recipient};
use domain::notifications::OutboxRepository;

#[derive(Debug, Default, Clone, Copy)]
pub struct LogOnlyGovernanceMail;

impl GovernanceMail for LogOnlyGovernanceMail {
    fn remind_declaration(
        &self,
        recipients: &[ReminderRecipient],
        year: i32,
        deadline: NaiveDate,
    ) -> anyhow::Result<bool> {
        tracing::info!(
            year,
            %deadline,
            recipients = recipients.len(),
            "declaration reminders not sent: no mail is configured"
        );
        Ok(false)
    }
}

/// Queues one reminder per recipient in the mail outbox; the mail worker sends them.
pub struct OutboxGovernanceMail {
    pub outbox: Arc<dyn OutboxRepository>,
    pub templates: Arc<MailTemplates>,
}

impl GovernanceMail for OutboxGovernanceMail {
    fn remind_declaration(
        &self,
        recipients: &[ReminderRecipient],
        year: i32,
        deadline: NaiveDate,
    ) -> anyhow::Result<bool> {
        let deadline = deadline.format("%-d %B %Y").to_string();
        for recipient in recipients {
            let to = Recipient { user_id: None, name: &recipient.name, email: &recipient.email };
            let mail = self.templates.declaration_reminder(&to, year, &deadline)?;
            self.outbox.enqueue(&mail)?;
        }
        Ok(true)
    }
}

/// Board evaluation reminders (spec §17) through the outbox, each recorded in the notification ledger in the
/// same transaction as its mail, so a second click the same day (or a second server) queues nothing more.
pub struct OutboxEvaluationMail {
    pub repo: Arc<persistence::PgEvaluationRepository>,
    pub templates: Arc<MailTemplates>,
}

impl EvaluationMail for OutboxEvaluationMail {
    fn remind(
        &self,
        round: i32,
        title: &str,
        closes_on: &str,
        occasion: &str,
        nudge: EvaluationNudge,
        people: &[Unanswered],
    ) -> anyhow::Result<Option<usize>> {
        let mails = people
            .iter()
            .map(|person| {
                let to =
                    Recipient { user_id: Some(person.user_id), name: &person.name, email: &person.email };
                Ok((person.user_id, self.templates.evaluation_reminder(&to, title, closes_on, nudge)?))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Some(self.repo.queue_reminders(round, occasion, &mails)?))
    }
}

/// Without mail, evaluation reminders are only logged, and the page says nothing was sent.
#[derive(Debug, Default, Clone, Copy)]
pub struct LogOnlyEvaluationMail;

impl EvaluationMail for LogOnlyEvaluationMail {
    fn remind(
        &self,
        round: i32,
        _title: &str,
        _closes_on: &str,
        _occasion: &str,
        _nudge: EvaluationNudge,
        people: &[Unanswered],
    ) -> anyhow::Result<Option<usize>> {
        tracing::info!(round, people = people.len(), "evaluation reminders not sent: no mail is configured");
        Ok(None)
    }
}
