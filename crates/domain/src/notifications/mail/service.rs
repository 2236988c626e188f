//! The admins' Mail page: the delivery log and a test message.

use std::sync::Arc;

use crate::identity::permissions;
use crate::identity::user::User;
use crate::notifications::mail::templates::{MailTemplates, Recipient};
use crate::notifications::mail::QueuedMail;
use crate::notifications::NotificationsRefusal;
use crate::notifications::OutboxRepository;
use crate::shared::error::DomainError;

/// How many log rows the page shows.
pub const DELIVERY_LOG_LIMIT: i64 = 200;

#[derive(Clone)]
pub struct MailService {
    pub outbox: Arc<dyn OutboxRepository>,
    pub templates: Arc<MailTemplates>,
}

impl MailService {
    pub fn delivery_log(&self, actor: &User) -> Result<Vec<QueuedMail>, NotificationsRefusal> {
        require_admin(actor)?;
        Ok(self.outbox.recent(DELIVERY_LOG_LIMIT)?)
    }

    /// Queues a test message to the admin who asks; returns its outbox id.
    pub fn send_test(&self, actor: &User) -> Result<i64, NotificationsRefusal> {
        require_admin(actor)?;
        let to = Recipient { user_id: Some(actor.id), name: &actor.name, email: &actor.email };
        let mail = self.templates.test(&to).map_err(DomainError::Unexpected)?;
        Ok(self.outbox.enqueue(&mail)?)
    }
}

fn require_admin(actor: &User) -> Result<(), NotificationsRefusal> {
    if permissions::can_manage_mail(actor.role) {
        Ok(())
    } else {
        Err(NotificationsRefusal::OnlyAdminsMail)
    }
}
