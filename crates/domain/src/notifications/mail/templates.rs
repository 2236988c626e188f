//! E-mail as the portal composes it: who it goes to, the links in it (absolute, into `PUBLIC_URL`), the
//! signed one-click unsubscribe links of bulk mail, and the finished `OutgoingMail`. The words themselves
//! come from the `MailRenderer` port (the mail adapter's templates).

use std::sync::Arc;

use crate::dashboard::tasks::Task;
use crate::governance::evaluation::repository::EvaluationNudge;
use crate::notifications::mail::renderer::{BulkFooter, DigestTask, MailContent, MailRenderer};
pub use crate::notifications::mail::renderer::{MailSettings, NotificationBody, Recipient};
use crate::notifications::mail::{MailKind, OutgoingMail};
use crate::notifications::notification::DigestEntry;
use crate::notifications::unsubscribe::UnsubscribeKey;
use crate::UserId;

pub struct MailTemplates {
    renderer: Arc<dyn MailRenderer>,
    settings: MailSettings,
    /// Signs one-click unsubscribe links (`unsubscribe_link`); `None` in tests that send no bulk mail.
    unsubscribe: Option<UnsubscribeKey>,
}

/// The front-end route where a trustee makes their annual declaration.
pub const GOVERNANCE_PATH: &str = "/governance";

/// The front-end route of the Notification settings page (every notification's footer links to it).
pub const NOTIFICATION_SETTINGS_PATH: &str = "/notification-settings";

impl MailTemplates {
    pub fn new(mut settings: MailSettings, renderer: Arc<dyn MailRenderer>) -> Self {
        settings.public_url = settings.public_url.trim_end_matches('/').to_string();
        Self { renderer, settings, unsubscribe: None }
    }

    /// With the key that signs unsubscribe links.
    pub fn with_unsubscribe_key(mut self, key: UnsubscribeKey) -> Self {
        self.unsubscribe = Some(key);
        self
    }

    /// For bulk mail: the one-click unsubscribe URL (`OutgoingMail::list_unsubscribe`): a POST to it
    /// turns `kind` off for `user` without signing in. `None` without a key.
    pub fn unsubscribe_link(&self, user: UserId, kind: MailKind) -> Option<String> {
        let token = self.unsubscribe.as_ref()?.token(user, kind);
        Some(self.link(&format!("/api/mail/unsubscribe?token={token}")))
    }

    /// For the footer of bulk mail: the page a person opens to turn `kind` off (it confirms, then POSTs
    /// to the `unsubscribe_link`). `None` without a key.
    pub fn unsubscribe_page_link(&self, user: UserId, kind: MailKind) -> Option<String> {
        let token = self.unsubscribe.as_ref()?.token(user, kind);
        Some(self.link(&format!("/unsubscribe?token={token}")))
    }

    pub fn settings(&self) -> &MailSettings {
        &self.settings
    }

    /// An absolute link into the portal.
    pub fn link(&self, path: &str) -> String {
        format!("{}{}", self.settings.public_url, path)
    }

    pub fn password_reset(&self, to: &Recipient<'_>, link: &str) -> anyhow::Result<OutgoingMail> {
        self.render(MailKind::PasswordReset, to, &MailContent::PasswordReset { link })
    }

    /// An invitation to set a first password; `inviter` is the admin's name.
    pub fn invitation(&self, to: &Recipient<'_>, link: &str, inviter: &str) -> anyhow::Result<OutgoingMail> {
        self.render(MailKind::Invitation, to, &MailContent::Invitation { link, inviter })
    }

    pub fn test(&self, to: &Recipient<'_>) -> anyhow::Result<OutgoingMail> {
        self.render(MailKind::Test, to, &MailContent::Test)
    }

    /// A notification: both parts, the item's link, and in the footer the Notification settings link and a
    /// link to turn this kind off. `List-Unsubscribe` carries the signed one-click link
    /// (`unsubscribe_link`; without a key, no header).
    pub fn notification(
        &self,
        kind: MailKind,
        to: &Recipient<'_>,
        subject: String,
        body: &NotificationBody,
    ) -> anyhow::Result<OutgoingMail> {
        let footer = self.bulk_footer(kind, to);
        self.bulk(kind, to, &MailContent::Notification { subject, body, footer })
    }

    /// The weekly digest: one line and link per entry, then the reader's tasks (spec §11), each linking to
    /// the page where it is done. Its unsubscribe link turns every notification off.
    pub fn digest(
        &self,
        to: &Recipient<'_>,
        entries: &[DigestEntry],
        tasks: &[Task],
    ) -> anyhow::Result<OutgoingMail> {
        let kind = MailKind::NotificationDigest;
        let footer = self.bulk_footer(kind, to);
        let tasks: Vec<DigestTask> =
            tasks.iter().map(|t| DigestTask { text: t.text.clone(), link: self.link(&t.link) }).collect();
        self.bulk(kind, to, &MailContent::Digest { entries, tasks: &tasks, footer })
    }

    /// Bulk mail's footer links: the settings page and the page that turns `kind` off.
    fn bulk_footer(&self, kind: MailKind, to: &Recipient<'_>) -> BulkFooter {
        BulkFooter {
            settings_link: self.link(NOTIFICATION_SETTINGS_PATH),
            unsubscribe_link: to.user_id.and_then(|user| self.unsubscribe_page_link(user, kind)),
        }
    }

    /// Bulk mail: with the one-click unsubscribe link in its header.
    fn bulk(
        &self,
        kind: MailKind,
        to: &Recipient<'_>,
        content: &MailContent<'_>,
    ) -> anyhow::Result<OutgoingMail> {
        let mut mail = self.render(kind, to, content)?;
        mail.list_unsubscribe = to.user_id.and_then(|user| self.unsubscribe_link(user, kind));
        Ok(mail)
    }

    /// The reminder of an annual declarations round (spec §10 Governance) to a trustee who has not declared.
    pub fn declaration_reminder(
        &self,
        to: &Recipient<'_>,
        year: i32,
        deadline: &str,
    ) -> anyhow::Result<OutgoingMail> {
        let link = self.link(GOVERNANCE_PATH);
        self.render(
            MailKind::DeclarationReminder,
            to,
            &MailContent::DeclarationReminder { year, deadline, link },
        )
    }

    /// The announcement of an opened board evaluation to everyone asked, or the reminder to a trustee who
    /// has not answered (spec §17): a plain notification with no unsubscribe link, like the declaration
    /// reminder.
    pub fn evaluation_reminder(
        &self,
        to: &Recipient<'_>,
        title: &str,
        closes_on: &str,
        nudge: EvaluationNudge,
    ) -> anyhow::Result<OutgoingMail> {
        let (intro, subject) = match nudge {
            EvaluationNudge::Opened => {
                ("The board's evaluation is open: please answer it.".to_string(), title.to_string())
            }
            EvaluationNudge::Reminder => (
                "The board's evaluation is open and you have not answered it yet.".to_string(),
                format!("Reminder: {title}"),
            ),
        };
        let body = NotificationBody {
            intro,
            title: title.to_string(),
            details: vec![format!("It closes on {closes_on}. Your answers are anonymous.")],
            link: self.link(GOVERNANCE_PATH),
            link_label: "Answer the evaluation".to_string(),
        };
        let footer =
            BulkFooter { settings_link: self.link(NOTIFICATION_SETTINGS_PATH), unsubscribe_link: None };
        self.render(
            MailKind::EvaluationReminder,
            to,
            &MailContent::Notification { subject, body: &body, footer },
        )
    }

    fn render(
        &self,
        kind: MailKind,
        to: &Recipient<'_>,
        content: &MailContent<'_>,
    ) -> anyhow::Result<OutgoingMail> {
        let parts = self.renderer.render(&self.settings, to, content)?;
        Ok(OutgoingMail {
            kind,
            to: to.email.to_string(),
            user_id: to.user_id,
            subject: parts.subject,
            text: parts.text,
            html: parts.html,
            list_unsubscribe: None,
            attachments: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words nothing: these tests are about what the domain composes (the mailer tests the words).
    struct Blank;

    impl MailRenderer for Blank {
        fn render(
            &self,
            _: &MailSettings,
            _: &Recipient<'_>,
            _: &MailContent<'_>,
        ) -> anyhow::Result<crate::notifications::mail::renderer::MailParts> {
            Ok(crate::notifications::mail::renderer::MailParts {
                subject: String::new(),
                text: String::new(),
                html: String::new(),
            })
        }
    }

    fn templates() -> MailTemplates {
        MailTemplates::new(
            MailSettings {
                public_url: "https://portal.example.org/".into(),
                portal_name: "Hope & Recovery".into(),
            },
            Arc::new(Blank),
        )
    }

    #[test]
    fn links_are_absolute_whatever_the_public_url_ends_with() {
        let t = templates();
        assert_eq!(
            t.link("/reset-password?token=abc"),
            "https://portal.example.org/reset-password?token=abc"
        );
        let to = Recipient { user_id: None, name: "Nia", email: "nia@example.org" };
        let mail = t.invitation(&to, &t.link("/accept-invitation?token=xyz"), "Alice Admin").unwrap();
        assert_eq!(
            (mail.kind, mail.to.as_str(), mail.list_unsubscribe),
            (MailKind::Invitation, "nia@example.org", None)
        );
    }

    #[test]
    fn unsubscribe_links_are_signed_for_one_user_and_kind() {
        let t = templates();
        assert_eq!(t.unsubscribe_link(UserId(3), MailKind::Test), None);
        let t = t.with_unsubscribe_key(UnsubscribeKey::new(b"0123456789abcdef0123456789abcdef"));
        let link = t.unsubscribe_link(UserId(3), MailKind::Test).unwrap();
        let token = link.strip_prefix("https://portal.example.org/api/mail/unsubscribe?token=").unwrap();
        let key = UnsubscribeKey::new(b"0123456789abcdef0123456789abcdef");
        assert_eq!(key.verify(token), Some((UserId(3), MailKind::Test)));
    }
}
