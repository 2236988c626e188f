use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use domain::actions::{Action, ActionPriority, ActionStatus};

/// An action as the API shows it; `status` is the reported one (overdue included).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Action)]
pub struct ActionBody {
    pub id: i32,
    pub title: String,
    pub description: String,
    #[schema(required = true)]
    pub assigned_to: Option<i32>,
    #[schema(required = true)]
    pub assigned_to_name: Option<String>,
    #[serde(serialize_with = "super::time::date_option")]
    #[schema(required = true)]
    pub due_date: Option<NaiveDate>,
    #[schema(value_type = crate::schemas::ActionPrioritySchema)]
    pub priority: ActionPriority,
    #[schema(value_type = crate::schemas::ActionStatusSchema)]
    pub status: ActionStatus,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub created_at: DateTime<Utc>,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub updated_at: DateTime<Utc>,
    /// The meeting whose written minutes recorded this action (open it at `/meetings/{id}`), or null.
    #[schema(required = true)]
    pub meeting_id: Option<i32>,
}

impl From<Action> for ActionBody {
    fn from(action: Action) -> Self {
        Self {
            id: action.id.0,
            title: action.title,
            description: action.description,
            assigned_to: action.assigned_to.map(|id| id.0),
            assigned_to_name: action.assigned_to_name,
            due_date: action.due_date,
            priority: action.priority,
            status: action.status,
            created_at: action.created_at,
            updated_at: action.updated_at,
            meeting_id: action.meeting_id.map(|id| id.0),
        }
    }
}
