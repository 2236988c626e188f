//! The port that words e-mail (spec §11): the domain decides who gets which mail and what it carries (the
//! facts, the links, the signed unsubscribe links); a renderer turns that into a subject, a plain-text and
//! an HTML part. The mail adapter implements it with templates.

use crate::notifications::notification::DigestEntry;
use crate::UserId;

/// A task of the reader's "For you" list, as the weekly digest lists it (spec §11).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestTask {
    pub text: String,
    /// The whole URL of the page where it is done.
    pub link: String,
}

/// Where links point and whose name is on the mail.
#[derive(Debug, Clone)]
pub struct MailSettings {
    /// `PUBLIC_URL`, without a trailing slash.
    pub public_url: String,
    /// `PORTAL_NAME`: the charity's name in subjects and footers.
    pub portal_name: String,
}

/// The recipient of a message.
pub struct Recipient<'a> {
    pub user_id: Option<UserId>,
    pub name: &'a str,
    pub email: &'a str,
}

/// The body of one notification: an opening sentence, the item and a link to it.
#[derive(Debug, Clone)]
pub struct NotificationBody {
    pub intro: String,
    pub title: String,
    pub details: Vec<String>,
    pub link: String,
    pub link_label: String,
}

/// The footer of bulk mail: where to choose which e-mails one gets, and the page that turns this kind off
/// (`None` without an unsubscribe key, or for a recipient without an account).
#[derive(Debug, Clone)]
pub struct BulkFooter {
    pub settings_link: String,
    pub unsubscribe_link: Option<String>,
}

/// What one message says, by kind.
#[derive(Debug)]
pub enum MailContent<'a> {
    PasswordReset {
        link: &'a str,
    },
    /// An invitation to set a first password; `inviter` is the admin's name.
    Invitation {
        link: &'a str,
        inviter: &'a str,
    },
    Test,
    /// A notification with the subject its use case words.
    Notification {
        subject: String,
        body: &'a NotificationBody,
        footer: BulkFooter,
    },
    /// The weekly digest: one line and link per entry; its unsubscribe link turns every notification off.
    /// With the reader's "For you" tasks (spec §2 Dashboard), each with its link.
    Digest {
        entries: &'a [DigestEntry],
        tasks: &'a [DigestTask],
        footer: BulkFooter,
    },
    /// The reminder of an annual declarations round (spec §10 Governance).
    DeclarationReminder {
        year: i32,
        deadline: &'a str,
        link: String,
    },
}

/// A rendered message's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailParts {
    pub subject: String,
    pub text: String,
    /// Names and titles in it are escaped: they cannot inject markup.
    pub html: String,
}

/// Words mail. Fails only on a template that does not render (a bug, answered as unexpected).
pub trait MailRenderer: Send + Sync {
    fn render(
        &self,
        settings: &MailSettings,
        to: &Recipient<'_>,
        content: &MailContent<'_>,
    ) -> anyhow::Result<MailParts>;
}
