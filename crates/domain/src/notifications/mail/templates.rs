//! The e-mail templates (minijinja), compiled into the binary: a plain-text and an HTML part per kind,
//! sharing one footer. HTML parts are auto-escaped, so names and titles cannot inject markup.

use minijinja::{context, Environment, Value};

use crate::notifications::mail::{MailKind, OutgoingMail};
use crate::notifications::notification::DigestEntry;
use crate::notifications::unsubscribe::UnsubscribeKey;
use crate::UserId;

/// Where links point and whose name is on the mail.
#[derive(Debug, Clone)]
pub struct MailSettings {
    /// `PUBLIC_URL`, without a trailing slash.
    pub public_url: String,
    /// `PORTAL_NAME`: the charity's name in subjects and footers.
    pub portal_name: String,
}

pub struct MailTemplates {
    env: Environment<'static>,
    settings: MailSettings,
    /// Signs one-click unsubscribe links (`unsubscribe_link`); `None` in tests that send no bulk mail.
    unsubscribe: Option<UnsubscribeKey>,
}

const TEMPLATES: &[(&str, &str)] = &[
    ("footer.txt", include_str!("../../../templates/mail/footer.txt")),
    ("footer.html", include_str!("../../../templates/mail/footer.html")),
    ("password-reset.txt", include_str!("../../../templates/mail/password-reset.txt")),
    ("password-reset.html", include_str!("../../../templates/mail/password-reset.html")),
    ("invitation.txt", include_str!("../../../templates/mail/invitation.txt")),
    ("invitation.html", include_str!("../../../templates/mail/invitation.html")),
    ("test.txt", include_str!("../../../templates/mail/test.txt")),
    ("test.html", include_str!("../../../templates/mail/test.html")),
    ("notification.txt", include_str!("../../../templates/mail/notification.txt")),
    ("notification.html", include_str!("../../../templates/mail/notification.html")),
    ("digest.txt", include_str!("../../../templates/mail/digest.txt")),
    ("digest.html", include_str!("../../../templates/mail/digest.html")),
    ("declaration-reminder.txt", include_str!("../../../templates/mail/declaration-reminder.txt")),
    ("declaration-reminder.html", include_str!("../../../templates/mail/declaration-reminder.html")),
];

/// The front-end route where a trustee makes their annual declaration.
pub const GOVERNANCE_PATH: &str = "/governance";

/// The front-end route of the Notification settings page (every notification's footer links to it).
pub const NOTIFICATION_SETTINGS_PATH: &str = "/notification-settings";

/// The body of one notification: an opening sentence, the item and a link to it.
#[derive(Debug, Clone)]
pub struct NotificationBody {
    pub intro: String,
    pub title: String,
    pub details: Vec<String>,
    pub link: String,
    pub link_label: String,
}

/// The recipient of a message.
pub struct Recipient<'a> {
    pub user_id: Option<UserId>,
    pub name: &'a str,
    pub email: &'a str,
}

impl MailTemplates {
    pub fn new(mut settings: MailSettings) -> anyhow::Result<Self> {
        settings.public_url = settings.public_url.trim_end_matches('/').to_string();
        let mut env = Environment::new();
        for (name, source) in TEMPLATES {
            env.add_template(name, source)?;
        }
        Ok(Self { env, settings, unsubscribe: None })
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
        let subject = format!("Reset your {} password", self.settings.portal_name);
        self.render(MailKind::PasswordReset, "password-reset", to, subject, context! { link })
    }

    /// An invitation to set a first password; `inviter` is the admin's name.
    pub fn invitation(&self, to: &Recipient<'_>, link: &str, inviter: &str) -> anyhow::Result<OutgoingMail> {
        let subject = format!("You are invited to {}", self.settings.portal_name);
        self.render(MailKind::Invitation, "invitation", to, subject, context! { link, inviter })
    }

    pub fn test(&self, to: &Recipient<'_>) -> anyhow::Result<OutgoingMail> {
        let subject = format!("Test message from {}", self.settings.portal_name);
        self.render(MailKind::Test, "test", to, subject, context! {})
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
        let extra = context! {
            intro => body.intro,
            title => body.title,
            details => body.details,
            link => body.link,
            link_label => body.link_label,
        };
        self.bulk(kind, "notification", to, subject, extra, "Stop e-mails like this one")
    }

    /// The weekly digest: one line and link per entry. Its unsubscribe link turns every notification off.
    pub fn digest(&self, to: &Recipient<'_>, entries: &[DigestEntry]) -> anyhow::Result<OutgoingMail> {
        let subject = format!("Your weekly {} digest", self.settings.portal_name);
        let entries: Vec<Value> =
            entries.iter().map(|e| context! { summary => e.summary, link => e.link }).collect();
        let extra = context! { entries => entries };
        self.bulk(MailKind::NotificationDigest, "digest", to, subject, extra, "Stop all notification e-mails")
    }

    /// Bulk mail: the settings link and the unsubscribe links (footer and header).
    fn bulk(
        &self,
        kind: MailKind,
        template: &str,
        to: &Recipient<'_>,
        subject: String,
        extra: Value,
        unsubscribe_label: &str,
    ) -> anyhow::Result<OutgoingMail> {
        let settings_link = self.link(NOTIFICATION_SETTINGS_PATH);
        let unsubscribe_page = to.user_id.and_then(|user| self.unsubscribe_page_link(user, kind));
        let extra = context! {
            settings_link => settings_link,
            unsubscribe_link => unsubscribe_page,
            unsubscribe_label => unsubscribe_label,
            ..extra
        };
        let mut mail = self.render(kind, template, to, subject, extra)?;
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
        let subject = format!("Reminder: your {year} trustee declaration for {}", self.settings.portal_name);
        let extra = context! { year, deadline, link => self.link(GOVERNANCE_PATH) };
        self.render(MailKind::DeclarationReminder, "declaration-reminder", to, subject, extra)
    }

    fn render(
        &self,
        kind: MailKind,
        template: &str,
        to: &Recipient<'_>,
        subject: String,
        extra: Value,
    ) -> anyhow::Result<OutgoingMail> {
        let ctx = context! {
            name => to.name,
            to => to.email,
            portal_name => self.settings.portal_name,
            public_url => self.settings.public_url,
            ..extra
        };
        let text = self.env.get_template(&format!("{template}.txt"))?.render(&ctx)?;
        let html = self.env.get_template(&format!("{template}.html"))?.render(&ctx)?;
        Ok(OutgoingMail {
            kind,
            to: to.email.to_string(),
            user_id: to.user_id,
            subject,
            text,
            html,
            list_unsubscribe: None,
            attachments: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn templates() -> MailTemplates {
        MailTemplates::new(MailSettings {
            public_url: "https://portal.example.org/".into(),
            portal_name: "Hope & Recovery".into(),
        })
        .unwrap()
    }

    #[test]
    fn reset_mail_has_the_link_in_both_parts_and_escapes_html() {
        let t = templates();
        let to = Recipient { user_id: Some(UserId(3)), name: "<Ann>", email: "ann@example.org" };
        let link = t.link("/reset-password?token=abc");
        assert_eq!(link, "https://portal.example.org/reset-password?token=abc");
        let mail = t.password_reset(&to, &link).unwrap();
        assert_eq!(mail.subject, "Reset your Hope & Recovery password");
        assert!(mail.text.contains("https://portal.example.org/reset-password?token=abc"));
        assert!(
            mail.html.contains("href=\"https:&#x2f;&#x2f;portal.example.org&#x2f;reset-password?token=abc\"")
                || mail.html.contains("href=\"https://portal.example.org/reset-password?token=abc\"")
        );
        assert!(mail.html.contains("&lt;Ann&gt;"));
        assert!(mail.text.contains("Hello <Ann>"));
        assert!(mail.html.contains("Hope &amp; Recovery"));
    }

    #[test]
    fn invitation_names_the_inviter_and_carries_the_link_and_no_unsubscribe() {
        let t = templates();
        let to = Recipient { user_id: None, name: "Nia", email: "nia@example.org" };
        let link = t.link("/accept-invitation?token=xyz");
        let mail = t.invitation(&to, &link, "Alice Admin").unwrap();
        assert_eq!(mail.kind, MailKind::Invitation);
        assert_eq!(mail.subject, "You are invited to Hope & Recovery");
        assert!(mail.text.contains("Alice Admin has invited you"));
        assert!(mail.text.contains("https://portal.example.org/accept-invitation?token=xyz"));
        assert!(mail.text.contains("7 days"));
        assert!(mail.html.contains("Accept the invitation"));
        assert_eq!(mail.list_unsubscribe, None);
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
