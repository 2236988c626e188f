//! The e-mail templates (minijinja), compiled into the binary: a plain-text and an HTML part per kind,
//! sharing one footer. HTML parts are auto-escaped, so names and titles cannot inject markup. They word
//! what the domain's `MailTemplates` composes (the domain's `MailRenderer` port).

use minijinja::{context, Environment, Value};

use domain::notifications::mail::renderer::{
    BulkFooter, MailContent, MailParts, MailRenderer, MailSettings, Recipient,
};

const TEMPLATES: &[(&str, &str)] = &[
    ("footer.txt", include_str!("../templates/mail/footer.txt")),
    ("footer.html", include_str!("../templates/mail/footer.html")),
    ("password-reset.txt", include_str!("../templates/mail/password-reset.txt")),
    ("password-reset.html", include_str!("../templates/mail/password-reset.html")),
    ("invitation.txt", include_str!("../templates/mail/invitation.txt")),
    ("invitation.html", include_str!("../templates/mail/invitation.html")),
    ("test.txt", include_str!("../templates/mail/test.txt")),
    ("test.html", include_str!("../templates/mail/test.html")),
    ("notification.txt", include_str!("../templates/mail/notification.txt")),
    ("notification.html", include_str!("../templates/mail/notification.html")),
    ("digest.txt", include_str!("../templates/mail/digest.txt")),
    ("digest.html", include_str!("../templates/mail/digest.html")),
    ("declaration-reminder.txt", include_str!("../templates/mail/declaration-reminder.txt")),
    ("declaration-reminder.html", include_str!("../templates/mail/declaration-reminder.html")),
];

pub struct TemplateRenderer {
    env: Environment<'static>,
}

impl TemplateRenderer {
    /// Compiles the templates (a broken one stops the start, not the first mail).
    pub fn new() -> anyhow::Result<Self> {
        let mut env = Environment::new();
        for (name, source) in TEMPLATES {
            env.add_template(name, source)?;
        }
        Ok(Self { env })
    }

    fn parts(
        &self,
        template: &str,
        settings: &MailSettings,
        to: &Recipient<'_>,
        subject: String,
        extra: Value,
    ) -> anyhow::Result<MailParts> {
        let ctx = context! {
            name => to.name,
            to => to.email,
            portal_name => settings.portal_name,
            public_url => settings.public_url,
            ..extra
        };
        let text = self.env.get_template(&format!("{template}.txt"))?.render(&ctx)?;
        let html = self.env.get_template(&format!("{template}.html"))?.render(&ctx)?;
        Ok(MailParts { subject, text, html })
    }
}

/// Bulk mail's footer: the settings link and the link that turns this kind off, with its label.
fn footer(footer: &BulkFooter, unsubscribe_label: &str, extra: Value) -> Value {
    context! {
        settings_link => footer.settings_link,
        unsubscribe_link => footer.unsubscribe_link,
        unsubscribe_label => unsubscribe_label,
        ..extra
    }
}

impl MailRenderer for TemplateRenderer {
    fn render(
        &self,
        settings: &MailSettings,
        to: &Recipient<'_>,
        content: &MailContent<'_>,
    ) -> anyhow::Result<MailParts> {
        let portal = &settings.portal_name;
        match content {
            MailContent::PasswordReset { link } => {
                let subject = format!("Reset your {portal} password");
                self.parts("password-reset", settings, to, subject, context! { link })
            }
            MailContent::Invitation { link, inviter } => {
                let subject = format!("You are invited to {portal}");
                self.parts("invitation", settings, to, subject, context! { link, inviter })
            }
            MailContent::Test => {
                let subject = format!("Test message from {portal}");
                self.parts("test", settings, to, subject, context! {})
            }
            MailContent::Notification { subject, body, footer: links } => {
                let extra = context! {
                    intro => body.intro,
                    title => body.title,
                    details => body.details,
                    link => body.link,
                    link_label => body.link_label,
                };
                let extra = footer(links, "Stop e-mails like this one", extra);
                self.parts("notification", settings, to, subject.clone(), extra)
            }
            MailContent::Digest { entries, tasks, footer: links } => {
                let subject = format!("Your weekly {portal} digest");
                let entries: Vec<Value> =
                    entries.iter().map(|e| context! { summary => e.summary, link => e.link }).collect();
                let tasks: Vec<Value> =
                    tasks.iter().map(|t| context! { text => t.text, link => t.link }).collect();
                let extra = footer(
                    links,
                    "Stop all notification e-mails",
                    context! { entries => entries, tasks => tasks },
                );
                self.parts("digest", settings, to, subject, extra)
            }
            MailContent::DeclarationReminder { year, deadline, link } => {
                let subject = format!("Reminder: your {year} trustee declaration for {portal}");
                self.parts("declaration-reminder", settings, to, subject, context! { year, deadline, link })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use domain::notifications::mail::templates::MailTemplates;
    use domain::notifications::mail::MailKind;
    use domain::UserId;

    use super::*;

    fn templates() -> MailTemplates {
        MailTemplates::new(
            MailSettings {
                public_url: "https://portal.example.org/".into(),
                portal_name: "Hope & Recovery".into(),
            },
            Arc::new(TemplateRenderer::new().unwrap()),
        )
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
    fn a_notification_escapes_its_title_and_links_its_settings_and_unsubscribe_pages() {
        let t = templates().with_unsubscribe_key(domain::notifications::unsubscribe::UnsubscribeKey::new(
            b"0123456789abcdef0123456789abcdef",
        ));
        let to = Recipient { user_id: Some(UserId(7)), name: "Ann", email: "ann@example.org" };
        let body = domain::notifications::mail::templates::NotificationBody {
            intro: "A new document is in the library.".into(),
            title: "<Budget>".into(),
            details: vec!["Category: Finance".into()],
            link: t.link("/documents"),
            link_label: "Open the library".into(),
        };
        let mail =
            t.notification(MailKind::DocumentNew, &to, "New document: <Budget>".into(), &body).unwrap();
        assert_eq!(mail.subject, "New document: <Budget>");
        assert!(mail.html.contains("&lt;Budget&gt;"));
        assert!(mail.text.contains("Open the library: https://portal.example.org/documents"));
        assert!(mail
            .text
            .contains("Choose which e-mails you get: https://portal.example.org/notification-settings"));
        assert!(mail
            .text
            .contains("Stop e-mails like this one: https://portal.example.org/unsubscribe?token="));
        assert!(mail.list_unsubscribe.is_some());
    }
}
