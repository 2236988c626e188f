//! One-click unsubscribe (spec §11 Bulk mail is polite): the `List-Unsubscribe` link of a notification
//! switches that notification kind off for its recipient, without signing in; the weekly digest's link
//! switches every kind off. The link carries a signed token (`crate::notifications::unsubscribe`), so it works for that user
//! and kind only. What it changes is the user's Notification settings (`NotificationRepository`), the one
//! record of which e-mails a person wants: the settings page shows it, and they can turn the kind back on
//! there. Password resets, invitations and test messages are not notification kinds: no link or setting stops
//! them.

use std::sync::Arc;

use crate::notifications::mail::MailKind;
use crate::notifications::notification::NotificationKind;
use crate::notifications::unsubscribe::UnsubscribeKey;
use crate::notifications::{NotificationRepository, NotificationsRefusal};
use crate::shared::Clock;
use crate::UserId;

pub use crate::notifications::refusal::UNSUBSCRIBE_INVALID;
/// Follows what was switched off, in every answer.
pub const TURN_BACK_ON: &str = "You can turn them back on under Notification settings when you sign in.";

#[derive(Clone)]
pub struct UnsubscribeService {
    pub key: UnsubscribeKey,
    pub notifications: Arc<dyn NotificationRepository>,
    pub clock: Arc<dyn Clock>,
}

impl UnsubscribeService {
    /// Switches the token's kind (the digest's: every kind) off for its user; the same answer however
    /// often it is used. Answers the user, the kinds and the sentence to show.
    pub fn unsubscribe(
        &self,
        token: &str,
    ) -> Result<(UserId, Vec<NotificationKind>, String), NotificationsRefusal> {
        let (user, mail) = self.key.verify(token).ok_or(NotificationsRefusal::UnsubscribeInvalid)?;
        let kinds = NotificationKind::switched_off_by(mail);
        if kinds.is_empty() {
            return Err(NotificationsRefusal::UnsubscribeInvalid);
        }
        self.notifications.switch_off(user, &kinds, self.clock.now())?;
        Ok((user, kinds, unsubscribed_message(mail)))
    }
}

/// "You will no longer receive ..." for the mail whose link was used.
pub fn unsubscribed_message(mail: MailKind) -> String {
    let what = match mail {
        MailKind::ActionAssigned => "e-mails when an action is assigned to you",
        MailKind::ActionDueSoon => "e-mails when your action is due in 3 days",
        MailKind::ActionOverdue => "e-mails when your action is overdue",
        MailKind::MeetingScheduled => "e-mails when a meeting is scheduled or changed",
        MailKind::MeetingReminder => "meeting reminders",
        MailKind::NoticeHigh => "e-mails about high-priority notices",
        MailKind::DocumentNew => "e-mails about new documents",
        MailKind::CommitteeUnread => "e-mails about committee messages you have not read",
        MailKind::NotificationDigest => {
            "notification e-mails of any kind (password resets and invitations still reach you)"
        }
        MailKind::PasswordReset
        | MailKind::Invitation
        | MailKind::Test
        | MailKind::DeclarationReminder
        | MailKind::EvaluationReminder => "these e-mails",
    };
    format!("You will no longer receive {what}. {TURN_BACK_ON}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_names_what_was_switched_off() {
        assert_eq!(
            unsubscribed_message(MailKind::NoticeHigh),
            "You will no longer receive e-mails about high-priority notices. You can turn them back on under \
             Notification settings when you sign in."
        );
        assert!(unsubscribed_message(MailKind::NotificationDigest).contains("of any kind"));
    }
}
