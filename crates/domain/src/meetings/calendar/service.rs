//! Calendar feeds and .ics downloads (spec §2 Calendar feed).
//!
//! Each user has one private feed URL that calendar apps subscribe to without signing in. Its token is
//! `HMAC-SHA256(feed key, "calendar-feed:<user id>:<nonce>")`: the nonce is random and stored, the key is a
//! server secret, and only the token's SHA-256 is stored, so the portal can show the URL again while the
//! table alone opens nothing. Regenerating draws a new nonce; the old URL then answers 404.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::identity::user::User;
use crate::identity::UserRepository;
use crate::meetings::attendance::may_see_meeting;
use crate::meetings::calendar::MeetingItem;
use crate::meetings::meeting::{Meeting, MeetingKind};
use crate::meetings::{
    AttendanceRepository, CalendarEvent, CalendarFacts, CalendarFeedRepository, CalendarWriter, FeedToken,
};
use crate::meetings::{MeetingService, MeetingsRefusal};
use crate::shared::error::DomainError;
use crate::shared::secret_token;
use crate::shared::Clock;
use crate::{MeetingId, UserId};

#[derive(Clone)]
pub struct CalendarService {
    pub feeds: Arc<dyn CalendarFeedRepository>,
    pub attendance: Arc<dyn AttendanceRepository>,
    pub meetings: MeetingService,
    pub users: Arc<dyn UserRepository>,
    pub writer: Arc<dyn CalendarWriter>,
    pub clock: Arc<dyn Clock>,
    /// The HMAC key of feed tokens (derived from a server secret).
    pub feed_key: Arc<Vec<u8>>,
    /// `PUBLIC_URL`, without a trailing slash.
    pub public_url: String,
    pub portal_name: String,
}

/// The key of feed tokens, derived from a server secret (`JWT_SECRET`) so the two are never the same key.
pub fn feed_key(server_secret: &[u8]) -> Vec<u8> {
    match Hmac::<Sha256>::new_from_slice(server_secret) {
        Ok(mut mac) => {
            mac.update(b"trustee-portal calendar feed key");
            mac.finalize().into_bytes().to_vec()
        }
        // HMAC takes a key of any length; kept total all the same.
        Err(_) => server_secret.to_vec(),
    }
}

impl CalendarService {
    fn token(&self, user: UserId, nonce: &str) -> Result<String, DomainError> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.feed_key)
            .map_err(|e| DomainError::Unexpected(anyhow::anyhow!("feed key: {e}")))?;
        mac.update(format!("calendar-feed:{}:{nonce}", user.0).as_bytes());
        Ok(mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect())
    }

    fn new_feed(&self, user: UserId) -> Result<(FeedToken, String), DomainError> {
        let nonce = secret_token::generate();
        let token = self.token(user, &nonce)?;
        Ok((FeedToken { nonce, token_hash: secret_token::hash(&token) }, token))
    }

    fn url(&self, token: &str) -> String {
        format!("{}/api/calendar/feed/{token}.ics", self.public_url.trim_end_matches('/'))
    }

    /// The caller's private feed URL, made on first use.
    pub fn feed_url(&self, actor: &User) -> Result<String, MeetingsRefusal> {
        let stored = match self.feeds.find(actor.id)? {
            Some(stored) => stored,
            None => {
                let (fresh, _) = self.new_feed(actor.id)?;
                self.feeds.create_if_absent(actor.id, fresh, self.clock.now())?
            }
        };
        let token = self.token(actor.id, &stored.nonce)?;
        let token_hash = secret_token::hash(&token);
        if token_hash != stored.token_hash {
            // The server key changed since: the URL shown from now on is the one that works.
            self.feeds.replace(actor.id, FeedToken { nonce: stored.nonce, token_hash }, self.clock.now())?;
        }
        Ok(self.url(&token))
    }

    /// A new feed URL for the caller; the old one stops working.
    pub fn regenerate(&self, actor: &User) -> Result<String, MeetingsRefusal> {
        let (fresh, token) = self.new_feed(actor.id)?;
        self.feeds.replace(actor.id, fresh, self.clock.now())?;
        Ok(self.url(&token))
    }

    /// The feed behind a token (no sign-in): the meetings its active owner may see. 404 for an unknown
    /// token or a deactivated user.
    pub fn feed(&self, token: &str) -> Result<String, MeetingsRefusal> {
        let well_formed = token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit());
        if !well_formed {
            return Err(MeetingsRefusal::FeedNotFound);
        }
        let owner = self
            .feeds
            .active_user_by_token_hash(&secret_token::hash(&token.to_ascii_lowercase()))?
            .ok_or(MeetingsRefusal::FeedNotFound)?;
        let user = self.users.find(owner)?.filter(|u| u.active).ok_or(MeetingsRefusal::FeedNotFound)?;
        let meetings = self.visible_meetings(&user)?;
        let events = self.events(&meetings)?;
        Ok(self.writer.calendar(&self.portal_name, &events))
    }

    /// One meeting as an .ics file (signed in, same visibility as the calendar): (file name, text).
    pub fn meeting_ics(&self, actor: &User, id: MeetingId) -> Result<(String, String), MeetingsRefusal> {
        let meeting = self
            .visible_meetings(actor)?
            .into_iter()
            .find(|m| m.id == id)
            .ok_or(MeetingsRefusal::MeetingNotFound)?;
        let events = self.events(std::slice::from_ref(&meeting))?;
        let name = format!("{} - {}", self.portal_name, meeting.title);
        Ok((format!("meeting-{}.ics", meeting.id), self.writer.calendar(&name, &events)))
    }

    /// The meetings listing for this user (so its visibility rules apply), and committee meetings only
    /// for their members, admins and chairs.
    fn visible_meetings(&self, user: &User) -> Result<Vec<Meeting>, MeetingsRefusal> {
        let memberships = self.attendance.committees_of(user.id)?;
        Ok(self
            .meetings
            .list(user, None)?
            .into_iter()
            .filter(|m| {
                // A guest's list is already their pass's meetings, committee meetings among them.
                !user.role.is_board_member()
                    || may_see_meeting(
                        user.role,
                        m.kind == MeetingKind::Committee,
                        m.committee.as_ref().map(|c| c.id),
                        &memberships,
                    )
            })
            .collect())
    }

    fn events(&self, meetings: &[Meeting]) -> Result<Vec<CalendarEvent>, DomainError> {
        let ids: Vec<MeetingId> = meetings.iter().map(|m| m.id).collect();
        let facts = self.feeds.calendar_facts(&ids)?;
        let host = host_of(&self.public_url);
        Ok(meetings
            .iter()
            .map(|meeting| {
                let fact = facts
                    .get(&meeting.id)
                    .copied()
                    .unwrap_or(CalendarFacts { sequence: 0, cancelled: false });
                event(meeting, fact, &host, self.public_url.trim_end_matches('/'))
            })
            .collect())
    }
}

/// The host of `PUBLIC_URL` (the right-hand side of UIDs).
pub fn host_of(public_url: &str) -> String {
    let rest = public_url.split_once("://").map_or(public_url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    let host = if host.starts_with('[') { host } else { host.split(':').next().unwrap_or(host) };
    if host.is_empty() {
        "trustee-portal".to_string()
    } else {
        host.to_ascii_lowercase()
    }
}

fn event(meeting: &Meeting, facts: CalendarFacts, host: &str, public_url: &str) -> CalendarEvent {
    EventFacts {
        id: meeting.id,
        title: &meeting.title,
        description: &meeting.description,
        committee: meeting.committee.as_ref().map(|c| c.name.as_str()),
        location: meeting.location.as_deref(),
        meeting_link: meeting.meeting_link.as_deref(),
        starts_at: meeting.meeting_date,
        ends_at: meeting.planned_end(),
        facts,
    }
    .event(host, public_url)
}

/// The calendar event of a meeting mail's `.ics` attachment (spec §11): the same UID, SEQUENCE, times and
/// words as the meeting's event in the feed and its `.ics` download, so calendars treat them as one event.
pub fn meeting_item_event(meeting: &MeetingItem, public_url: &str) -> CalendarEvent {
    let public_url = public_url.trim_end_matches('/');
    EventFacts {
        id: meeting.id,
        title: &meeting.title,
        description: &meeting.description,
        committee: meeting.committee.as_deref(),
        location: meeting.location.as_deref(),
        meeting_link: meeting.meeting_link.as_deref(),
        starts_at: meeting.starts_at,
        ends_at: meeting.ends_at,
        facts: CalendarFacts { sequence: meeting.sequence, cancelled: meeting.cancelled },
    }
    .event(&host_of(public_url), public_url)
}

/// What a calendar event is made of, from a meeting or a notification's meeting.
struct EventFacts<'a> {
    id: MeetingId,
    title: &'a str,
    description: &'a str,
    committee: Option<&'a str>,
    location: Option<&'a str>,
    meeting_link: Option<&'a str>,
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    facts: CalendarFacts,
}

impl EventFacts<'_> {
    fn event(&self, host: &str, public_url: &str) -> CalendarEvent {
        let mut description = self.description.trim().to_string();
        let mut extra = Vec::new();
        if let Some(committee) = self.committee {
            extra.push(format!("Committee: {committee}"));
        }
        if let Some(link) = self.meeting_link {
            extra.push(format!("Join online: {link}"));
        }
        let page = format!("{public_url}/meetings/{}", self.id);
        extra.push(format!("Meeting page: {page}"));
        if !description.is_empty() {
            description.push_str("\n\n");
        }
        description.push_str(&extra.join("\n"));
        CalendarEvent {
            uid: format!("meeting-{}@{host}", self.id),
            sequence: self.facts.sequence,
            summary: self.title.to_string(),
            description,
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            location: self.location.or(self.meeting_link).map(str::to_string),
            url: Some(page),
            cancelled: self.facts.cancelled,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::host_of;

    #[test]
    fn the_uid_host_is_the_public_urls_host() {
        assert_eq!(host_of("https://portal.example.org"), "portal.example.org");
        assert_eq!(host_of("https://Portal.Example.org:8443/board/"), "portal.example.org");
        assert_eq!(host_of("http://localhost:8080"), "localhost");
        assert_eq!(host_of("https://"), "trustee-portal");
    }
}
