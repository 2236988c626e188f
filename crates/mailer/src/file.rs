use std::path::PathBuf;

use lettre::message::Mailbox;

use domain::notifications::mail::OutgoingMail;
use domain::notifications::{MailError, Mailer};

use crate::message::build_message;

/// Without a mail server: each message is written as an `.eml` file under the data folder, and its
/// subject, recipient and file logged. Never its links: reset, invitation and unsubscribe links carry
/// tokens, and the log is read by more people than the mail (spec: §14 Security > What the logs never
/// contain). A developer opens the file to follow a link.
pub struct FileMailer {
    dir: PathBuf,
    from: Mailbox,
}

impl FileMailer {
    pub fn new(dir: PathBuf, from: Mailbox) -> anyhow::Result<Self> {
        std::fs::create_dir_all(&dir)?;
        Ok(Self { dir, from })
    }
}

impl Mailer for FileMailer {
    fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        let message = build_message(&self.from, mail)?;
        let name = format!("{}-{}.eml", chrono::Utc::now().format("%Y%m%dT%H%M%S"), uuid::Uuid::new_v4());
        let path = self.dir.join(name);
        std::fs::write(&path, message.formatted())
            .map_err(|e| MailError(format!("cannot write {}: {e}", path.display())))?;
        tracing::info!(file = %path.display(), subject = %mail.subject, to = %mail.to,
            "no SMTP_URL: mail written to a file (open it to follow its links)");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use domain::notifications::mail::MailKind;

    #[test]
    fn writes_an_eml_with_both_parts_and_the_unsubscribe_header() {
        let dir = tempfile::tempdir().unwrap();
        let mailer =
            FileMailer::new(dir.path().join("outbox-files"), "Portal <portal@example.org>".parse().unwrap())
                .unwrap();
        let mail = OutgoingMail {
            kind: MailKind::Test,
            to: "ann@example.org".into(),
            user_id: None,
            subject: "Hello".into(),
            text: "Open https://portal.example.org/x now".into(),
            html: "<p>Open</p>".into(),
            list_unsubscribe: Some("https://portal.example.org/api/mail/unsubscribe?token=1.test.ab".into()),
            attachments: Vec::new(),
        };
        mailer.send(&mail).unwrap();
        let files: Vec<_> = std::fs::read_dir(dir.path().join("outbox-files")).unwrap().collect();
        assert_eq!(files.len(), 1);
        let eml = std::fs::read_to_string(files[0].as_ref().unwrap().path()).unwrap();
        assert!(eml.contains("To: ann@example.org"));
        assert!(eml.contains("Subject: Hello"));
        assert!(eml
            .contains("List-Unsubscribe: <https://portal.example.org/api/mail/unsubscribe?token=1.test.ab>"));
        assert!(eml.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
        // One recipient, and no copies to anyone else.
        assert_eq!(eml.matches("ann@example.org").count(), 1);
        assert!(!eml.contains("\nCc:") && !eml.contains("\nBcc:"));
        assert!(eml.contains("multipart/alternative"));
        assert!(eml.contains("text/html"));
    }

    #[test]
    fn attachments_go_in_a_mixed_message_after_both_parts() {
        let dir = tempfile::tempdir().unwrap();
        let mailer =
            FileMailer::new(dir.path().join("outbox-files"), "Portal <portal@example.org>".parse().unwrap())
                .unwrap();
        let mail = OutgoingMail {
            kind: MailKind::MeetingScheduled,
            to: "ann@example.org".into(),
            user_id: None,
            subject: "Meeting".into(),
            text: "See the invitation".into(),
            html: "<p>See the invitation</p>".into(),
            list_unsubscribe: None,
            attachments: vec![domain::notifications::mail::Attachment {
                filename: "meeting.ics".into(),
                content_type: "text/calendar; method=REQUEST; charset=utf-8".into(),
                content: b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".to_vec(),
            }],
        };
        mailer.send(&mail).unwrap();
        let files: Vec<_> = std::fs::read_dir(dir.path().join("outbox-files")).unwrap().collect();
        let eml = std::fs::read_to_string(files[0].as_ref().unwrap().path()).unwrap();
        assert!(eml.contains("multipart/mixed"));
        assert!(eml.contains("multipart/alternative"));
        assert!(eml.contains("Content-Disposition: attachment; filename=\"meeting.ics\""));
        assert!(eml.contains("text/calendar"));
    }
}
