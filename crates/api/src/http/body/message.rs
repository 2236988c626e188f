use serde::Serialize;

/// `{"message": "..."}`: the answer of calls that have nothing else to say (deletes, logout).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Message)]
pub struct MessageBody {
    pub message: String,
}

impl MessageBody {
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into() }
    }
}
