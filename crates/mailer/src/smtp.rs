use lettre::message::Mailbox;
use lettre::{SmtpTransport, Transport};

use domain::notifications::mail::OutgoingMail;
use domain::notifications::{MailError, Mailer};

use crate::message::build_message;

/// Sends through an SMTP server. lettre's blocking transport keeps a small connection pool.
pub struct SmtpMailer {
    transport: SmtpTransport,
    from: Mailbox,
}

impl SmtpMailer {
    /// `url` in lettre's form: `smtp://host:port`, `smtp://user:pass@host:587?tls=required`, `smtps://...`.
    pub fn new(url: &str, from: Mailbox) -> anyhow::Result<Self> {
        let transport = SmtpTransport::from_url(url)
            .map_err(|e| anyhow::anyhow!("SMTP_URL is not a valid SMTP URL: {e}"))?
            .timeout(Some(std::time::Duration::from_secs(20)))
            .build();
        Ok(Self { transport, from })
    }
}

impl Mailer for SmtpMailer {
    fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        let message = build_message(&self.from, mail)?;
        self.transport.send(&message).map(|_| ()).map_err(|e| MailError(format!("SMTP: {e}")))
    }
}
