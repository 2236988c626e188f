use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::audit::{AuditEvent, AuditKind, AuditPage};

/// One entry of the audit log.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEvent)]
pub struct AuditEventBody {
    pub id: i64,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub occurred_at: DateTime<Utc>,
    #[schema(value_type = crate::schemas::AuditKindSchema)]
    pub kind: AuditKind,
    /// `null` for an anonymous event (a failed sign-in) or once the account is deleted.
    #[schema(required = true)]
    pub actor_id: Option<i32>,
    /// The actor's name and e-mail when the event was recorded.
    #[schema(required = true)]
    pub actor_name: Option<String>,
    #[schema(required = true)]
    pub actor_email: Option<String>,
    /// `user`, `document`, `minutes`, `committee_document`, `committee`, `notice`, `settings`.
    #[schema(required = true)]
    pub object_type: Option<String>,
    #[schema(required = true)]
    pub object_id: Option<String>,
    /// The object as it read when the event was recorded (a title, a name and e-mail).
    #[schema(required = true)]
    pub object_label: Option<String>,
    #[schema(required = true)]
    pub details: Option<String>,
    #[schema(required = true)]
    pub client_address: Option<String>,
}

impl From<AuditEvent> for AuditEventBody {
    fn from(event: AuditEvent) -> Self {
        Self {
            id: event.id,
            occurred_at: event.occurred_at,
            kind: event.kind,
            actor_id: event.actor_id.map(|id| id.0),
            actor_name: event.actor_name,
            actor_email: event.actor_email,
            object_type: event.object_type,
            object_id: event.object_id,
            object_label: event.object_label,
            details: event.details,
            client_address: event.client_address,
        }
    }
}

/// One page of the audit log, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEventPage)]
pub struct AuditPageBody {
    pub items: Vec<AuditEventBody>,
    /// How many events match the filters in all.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

impl From<AuditPage> for AuditPageBody {
    fn from(page: AuditPage) -> Self {
        Self {
            items: page.items.into_iter().map(AuditEventBody::from).collect(),
            total: page.total,
            page: page.page,
            limit: page.limit,
        }
    }
}
