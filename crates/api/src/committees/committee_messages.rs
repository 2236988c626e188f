//! `/api/committees/{id}/messages`: a committee's chat, live by Server-Sent Events (spec §7, Live chat), with
//! the list for the history and for clients that cannot stream (spec §2, §9).

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::time::Duration;
use tokio::sync::mpsc;

use domain::committees::{ChatEvent, ChatSubscription, CommitteeMessage, CommitteesRefusal};
use domain::{CommitteeId, DomainError, MessageId, SessionId, UserId};

use super::committees::AuthorBody;
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{bearer_token, CurrentUser};
use crate::http::state::AppState;

/// How often an open stream sends a comment (keeping proxies from closing it) and checks again that its
/// session and access still hold. A change to its session, its user or the security settings (a sign-out,
/// a password change, a deactivation) makes it check at once instead (spec §7, Live chat).
pub const STREAM_CHECK_EVERY: Duration = Duration::from_secs(15);

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only messages with a higher id: a poll asks for what is new since the last one it has.
    #[serde(default, deserialize_with = "crate::http::body::input::empty_as_absent")]
    after: Option<i64>,
    /// Only messages with a lower id: scrolling up asks for the page before the oldest one it has.
    #[serde(default, deserialize_with = "crate::http::body::input::empty_as_absent")]
    before: Option<i64>,
}

/// The chat, oldest first: at most the latest 200 messages (of those between `after` and `before`).
#[utoipa::path(
    get,
    path = "/api/committees/{id}/messages",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The committee's id"),
        ListQuery,
    ),
    responses(
        (status = 200, description = "Messages, oldest first", body = Vec<CommitteeMessageBody>),
        (status = 403, body = ErrorBody,
            description = "Not a member of the committee, an admin or a chair (or a temporary password must \
                           be replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    let after = query.after.map(MessageId);
    let before = query.before.map(MessageId);
    let messages = blocking(move || committees.messages(&user.0, id, after, before)).await?;
    Ok(HttpResponse::Ok().json(messages.into_iter().map(CommitteeMessageBody::from).collect::<Vec<_>>()))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct PostMessageRequest {
    /// Required, at most 4000 characters (trimmed).
    #[serde(default)]
    #[schema(required = true)]
    message: Option<String>,
}

/// Posts a chat message.
#[utoipa::path(
    post,
    path = "/api/committees/{id}/messages",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The committee's id")),
    responses(
        (status = 201, description = "Posted", body = CommitteeMessageBody),
        (status = 400, body = ErrorBody,
            description = "`errors.message`: missing or too long, or a malformed body"),
        (status = 403, body = ErrorBody,
            description = "Not a member of the committee, an admin or a chair (or a temporary password must \
                           be replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
        (status = 409, description = "This committee is archived and read-only", body = ErrorBody),
    ),
)]
pub async fn post(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
    body: Json<PostMessageRequest>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    let text = body.into_inner().message.unwrap_or_default();
    let message = blocking(move || committees.post_message(&user.0, id, &text)).await?;
    // Never the message itself: committee chat may concern safeguarding.
    tracing::info!(committee_id = %id, message_id = %message.id, "committee message posted");
    Ok(HttpResponse::Created().json(CommitteeMessageBody::from(message)))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StreamQuery {
    /// Start after this message id (the last one the client has); the `Last-Event-ID` header wins.
    /// Without either, only messages posted from now on are sent.
    #[serde(default, deserialize_with = "crate::http::body::input::empty_as_absent")]
    after: Option<i64>,
}

/// The chat, live: a `text/event-stream` of `message` events (`id` is the message id, `data` the message
/// as in the list), sent as they are posted on any server process. A client reconnecting with
/// `Last-Event-ID` (or `?after=`) first gets every message after that id, in order, none twice. The stream
/// ends with a `closed` event when the caller is removed from the committee, the committee is archived or
/// deleted, or the caller's session or access ends (a sign-out, sign-out-others, a password change or
/// reset, a deactivation, a role change: within a second, on every server process; what only time ends,
/// such as the idle limit, is checked every 15 seconds); clients then reload.
#[utoipa::path(
    get,
    path = "/api/committees/{id}/messages/stream",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The committee's id"),
        ("Last-Event-ID" = Option<i64>, Header, description = "The last message id the client has"),
        StreamQuery,
    ),
    responses(
        (status = 200, description = "Server-Sent Events: `message` (id = message id, data = the message \
                                      JSON) and a final `closed`", content_type = "text/event-stream", body = String),
        (status = 400, description = "`Last-Event-ID` or `after` is not a message id", body = ErrorBody),
        (status = 403, body = ErrorBody,
            description = "Not a member of the committee, an admin or a chair (or a temporary password must \
                           be replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
        (status = 409, description = "This committee is archived: nothing more can arrive", body = ErrorBody),
        (status = 503, description = "This server is not listening for changes just now (poll the list)",
            body = ErrorBody),
    ),
)]
pub async fn stream(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    path: web::Path<CommitteeId>,
    query: web::Query<StreamQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    if !state.chat.is_listening() {
        return Err(ApiError::http(
            actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
            "Live chat is unavailable just now; the chat is refreshed every few seconds instead.",
        ));
    }
    let from_header =
        match req.headers().get("last-event-id") {
            None => None,
            Some(value) => {
                Some(value.to_str().ok().and_then(|v| v.trim().parse::<i64>().ok()).ok_or_else(|| {
                    DomainError::invalid("lastEventId", "Last-Event-ID must be a message id")
                })?)
            }
        };
    let last = from_header.or(query.after).map(MessageId);
    let token = bearer_token(&req).unwrap_or_default();
    let (events, received) = mpsc::unbounded_channel::<ChatEvent>();
    let committees = state.committees.clone();
    let hub = state.chat.clone();
    let caller = user.0.clone();
    let (subscription, backlog, last) = blocking(move || {
        committees.check_stream(&caller, id)?;
        // Subscribe first, then catch up: a message committed in between is both read and heard, and
        // the id check below sends it once.
        let subscription = hub.subscribe(id, Box::new(move |event| events.send(event).is_ok()));
        let mut backlog = Vec::new();
        // Without a position, the stream starts after the latest message now: a notification of an
        // earlier one still on its way must not be sent.
        let last = match last {
            Some(last) => Some(last),
            None => committees.messages(&caller, id, None, None)?.last().map(|m| m.id),
        };
        if let Some(mut after) = last {
            loop {
                let page = committees.messages_since(&caller, id, after)?;
                let full = page.len() as i64 >= domain::committees::service::MESSAGES_LIMIT;
                if let Some(newest) = page.last() {
                    after = newest.id;
                }
                backlog.extend(page);
                if !full {
                    break;
                }
            }
        }
        Ok::<_, CommitteesRefusal>((subscription, backlog, last))
    })
    .await?;
    let mut pending = VecDeque::from([Bytes::from_static(b"retry: 2000\n\n")]);
    let mut last_sent = last;
    for message in backlog {
        last_sent = Some(message.id);
        pending.push_back(message_frame(message));
    }
    let open = OpenStream {
        state: state.into_inner(),
        token,
        committee: id,
        user: user.0.id,
        session: user.1,
        received,
        _subscription: subscription,
        pending,
        last_sent,
        check: tokio::time::interval_at(tokio::time::Instant::now() + STREAM_CHECK_EVERY, STREAM_CHECK_EVERY),
        ended: false,
    };
    let body = futures_util::stream::unfold(open, |mut open| async move {
        let chunk = open.next().await?;
        Some((Ok::<_, actix_web::Error>(chunk), open))
    });
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        // Never compressed or buffered on the way: each event must leave at once.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}

struct OpenStream {
    state: std::sync::Arc<AppState>,
    token: String,
    committee: CommitteeId,
    user: UserId,
    session: SessionId,
    received: mpsc::UnboundedReceiver<ChatEvent>,
    /// Unsubscribes when the client goes away (the body is dropped).
    _subscription: ChatSubscription,
    pending: VecDeque<Bytes>,
    last_sent: Option<MessageId>,
    check: tokio::time::Interval,
    ended: bool,
}

impl OpenStream {
    async fn next(&mut self) -> Option<Bytes> {
        if let Some(chunk) = self.pending.pop_front() {
            return Some(chunk);
        }
        if self.ended {
            return None;
        }
        loop {
            tokio::select! {
                event = self.received.recv() => match event {
                    Some(ChatEvent::Message(message)) => {
                        if self.last_sent.is_some_and(|last| message.id <= last) {
                            continue;
                        }
                        self.last_sent = Some(message.id);
                        return Some(message_frame(message));
                    }
                    Some(ChatEvent::MemberRemoved(user)) if user != self.user => continue,
                    Some(ChatEvent::MemberRemoved(_)) => return Some(self.close("removed")),
                    Some(ChatEvent::Closed) | None => return Some(self.close("closed")),
                    Some(ChatEvent::AccessChanged(change)) => {
                        if !change.concerns(self.session, self.user) || self.still_allowed().await {
                            continue;
                        }
                        return Some(self.close("forbidden"));
                    }
                },
                _ = self.check.tick() => {
                    if self.still_allowed().await {
                        return Some(Bytes::from_static(b": keep-alive\n\n"));
                    }
                    return Some(self.close("forbidden"));
                }
            }
        }
    }

    /// The session is still open and the caller may still stream this chat.
    async fn still_allowed(&self) -> bool {
        let state = self.state.clone();
        let token = self.token.clone();
        let committee = self.committee;
        blocking(move || {
            let caller = state.auth.authenticate_quietly(&token).map_err(ApiError::from)?;
            if caller.user.require_password_change || caller.mfa_enrolment_required {
                return Err(DomainError::forbidden("no longer allowed").into());
            }
            state.committees.check_stream(&caller.user, committee).map_err(ApiError::from)
        })
        .await
        .is_ok()
    }

    fn close(&mut self, reason: &str) -> Bytes {
        self.ended = true;
        Bytes::from(format!("event: closed\ndata: {}\n\n", serde_json::json!({ "reason": reason })))
    }
}

/// One `message` event; JSON has no raw newlines, so `data` is one line.
fn message_frame(message: CommitteeMessage) -> Bytes {
    let id = message.id;
    let data = serde_json::to_string(&CommitteeMessageBody::from(message)).unwrap_or_else(|_| "{}".into());
    Bytes::from(format!("id: {id}\nevent: message\ndata: {data}\n\n"))
}

/// A chat message; `user` is null once the author's account has been deleted.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CommitteeMessage)]
pub struct CommitteeMessageBody {
    pub id: i64,
    pub message: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub sent_at: DateTime<Utc>,
    #[schema(required = true)]
    pub user: Option<AuthorBody>,
}

impl From<CommitteeMessage> for CommitteeMessageBody {
    fn from(message: CommitteeMessage) -> Self {
        Self {
            id: message.id.0,
            message: message.message,
            sent_at: message.sent_at,
            user: message.user.map(|author| AuthorBody { id: author.id.0, name: author.name }),
        }
    }
}
