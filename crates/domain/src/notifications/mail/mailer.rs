use crate::notifications::mail::OutgoingMail;

/// Why a message could not be handed to the mail server; kept as the outbox row's last error.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct MailError(pub String);

/// Hands one message to the mail system (SMTP, or files when no server is configured). Blocking: the
/// outbox worker calls it from its own thread.
pub trait Mailer: Send + Sync {
    fn send(&self, mail: &OutgoingMail) -> Result<(), MailError>;
}
