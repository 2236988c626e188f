//! The adapter of `GovernanceMail` until the portal can send mail: it records in the log who would have
//! been reminded and answers "not configured", so the page can say that nothing was sent.

use chrono::NaiveDate;

use domain::ports::{GovernanceMail, ReminderRecipient};

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
