//! The adapters of `GovernanceMail`: through the mail outbox when mail is configured (`SMTP_URL`), and
//! a log-only one otherwise, which records who would have been reminded and answers "not configured" so
//! the page can say that nothing was sent.

use std::sync::Arc;

use chrono::NaiveDate;

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
