//! The iCalendar adapter: writes the domain's `CalendarEvent`s as an RFC 5545 calendar with the
//! `icalendar` crate, in the board's time zone (`BOARD_TIME_ZONE`, an IANA name from `chrono-tz`).
//!
//! Events carry `DTSTART;TZID=...`/`DTEND;TZID=...` local times, and the calendar a `VTIMEZONE` for that
//! zone. `icalendar` 0.17 has no builder for `VTIMEZONE`, so its observances are worked out here from
//! chrono-tz's offsets (every change of offset in the years the events span) and the crate's own parser
//! turns them into the component it writes.

use chrono::{DateTime, Datelike, Duration, FixedOffset, NaiveDate, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::{OffsetComponents, OffsetName, Tz};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};

use domain::meetings::{CalendarEvent, CalendarWriter};

pub const PRODUCT_ID: &str = "-//Trustee Portal//Meetings//EN";

/// Writes calendars in one time zone.
#[derive(Debug, Clone, Copy)]
pub struct IcalWriter {
    zone: Tz,
}

impl IcalWriter {
    pub fn new(zone: Tz) -> Self {
        Self { zone }
    }

    /// `BOARD_TIME_ZONE`'s value: an IANA zone name such as `Europe/London`.
    pub fn parse_zone(name: &str) -> Result<Tz, String> {
        name.trim()
            .parse::<Tz>()
            .map_err(|_| format!("'{name}' is not an IANA time zone name (e.g. Europe/London)"))
    }

    fn local(&self, at: DateTime<Utc>) -> NaiveDateTime {
        at.with_timezone(&self.zone).naive_local()
    }

    fn event(&self, source: &CalendarEvent) -> Event {
        let mut event = Event::new();
        event
            .uid(&clean_text(&source.uid))
            .sequence(source.sequence)
            .summary(&clean_text(&source.summary))
            .starts((self.local(source.starts_at), self.zone))
            .ends((self.local(source.ends_at), self.zone))
            .status(if source.cancelled { EventStatus::Cancelled } else { EventStatus::Confirmed });
        if !source.description.is_empty() {
            event.description(&clean_text(&source.description));
        }
        if let Some(location) = &source.location {
            event.location(&clean_text(location));
        }
        if let Some(url) = &source.url {
            event.url(&clean_text(url));
        }
        event.done()
    }
}

impl CalendarWriter for IcalWriter {
    fn calendar(&self, name: &str, events: &[CalendarEvent]) -> String {
        let mut calendar = Calendar::empty();
        calendar.append_property(("VERSION", "2.0"));
        calendar.append_property(("PRODID", PRODUCT_ID));
        calendar.append_property(("CALSCALE", "GREGORIAN"));
        calendar.append_property(("METHOD", "PUBLISH"));
        // `Calendar::name` would write NAME raw (the crate knows no value type for it, so it does not escape
        // it): a meeting's title in the name of its .ics could start lines of its own. NAME is escaped
        // here; X-WR-CALNAME the crate escapes, as it does SUMMARY, LOCATION and DESCRIPTION.
        calendar.append_property(Property::new("NAME", escaped_text(name)));
        calendar.append_property(Property::new("X-WR-CALNAME", clean_text(name)));
        calendar.timezone(self.zone.name());
        let years = events.iter().flat_map(|e| [e.starts_at.year(), e.ends_at.year()]);
        let (first, last) = years
            .fold(None, |span: Option<(i32, i32)>, year| match span {
                None => Some((year, year)),
                Some((low, high)) => Some((low.min(year), high.max(year))),
            })
            .unwrap_or_else(|| {
                let now = Utc::now().year();
                (now, now)
            });
        for event in events {
            calendar.push(self.event(event));
        }
        // The VTIMEZONE goes before the first event (or the end), as calendar apps expect it.
        let text = calendar.done().to_string();
        let at = text.find("BEGIN:VEVENT\r\n").or_else(|| text.find("END:VCALENDAR")).unwrap_or(text.len());
        let mut out = String::with_capacity(text.len() + 1024);
        out.push_str(&text[..at]);
        out.push_str(&vtimezone(self.zone, first, last));
        out.push_str(&text[at..]);
        refold(&out)
    }
}

/// The longest content line RFC 5545 (3.1) allows, in octets, line break excluded; a continuation line's
/// leading space counts.
const LINE_OCTETS: usize = 75;

/// Folds the calendar's lines again (spec: §2 Calendar feed; RFC 5545 3.1). `icalendar` 0.17 folds a long
/// line into a first line of 75 octets and further lines of 74, but lets the last one run to 75 octets
/// after its leading space: 76, one more than the RFC allows, which a long title of multibyte characters
/// reaches. Its folds are undone here (values hold no line breaks: `clean_text` and the crate's escaping
/// see to that, so CRLF followed by a space is only ever a fold) and every line folded so that it is at
/// most 75 octets with its leading space, never inside a UTF-8 character.
fn refold(text: &str) -> String {
    let unfolded = text.replace("\r\n ", "");
    let mut out = String::with_capacity(unfolded.len() + unfolded.len() / 24);
    for line in unfolded.split_terminator("\r\n") {
        fold_line(line, &mut out);
        out.push_str("\r\n");
    }
    out
}

/// One content line, folded into lines of at most `LINE_OCTETS` octets (continuations: a space and at most
/// 74 octets), each break on a character boundary.
fn fold_line(line: &str, out: &mut String) {
    let mut rest = line;
    let mut room = LINE_OCTETS;
    while rest.len() > room {
        let mut end = room;
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        // A continuation that starts with white space reads the same to the RFC's unfolding, but some
        // readers trim it: break a character earlier when the line keeps something.
        if rest[end..].starts_with(char::is_whitespace) {
            if let Some((before, _)) = rest[..end].char_indices().last().filter(|(at, _)| *at > 0) {
                end = before;
            }
        }
        out.push_str(&rest[..end]);
        out.push_str("\r\n ");
        rest = &rest[end..];
        room = LINE_OCTETS - 1;
    }
    out.push_str(rest);
}

/// A text as `icalendar` may take it (spec: §2 Calendar feed; RFC 5545 3.3.11). The crate escapes
/// backslash, comma, semicolon and line feed, but passes a carriage return and other control characters
/// through: a bare CR ends a line for many readers, so "Board\r\nATTENDEE:..." would forge a property.
/// Line breaks become line feeds (written `\n`); other control characters, which TEXT does not allow
/// (TAB aside), become spaces: C0, DEL and C1 (NEXT LINE, U+0085, among them), and so do the Unicode line
/// and paragraph separators U+2028/U+2029, which readers may take for line breaks as well (spec: §5
/// One-line texts).
fn clean_text(value: &str) -> String {
    value
        .replace("\r\n", "\n")
        .chars()
        .map(|c| match c {
            '\r' => '\n',
            '\n' | '\t' => c,
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => ' ',
            c => c,
        })
        .collect()
}

/// RFC 5545's TEXT escaping (3.3.11), for a property the crate writes as given.
fn escaped_text(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 8);
    for c in clean_text(value).chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// One change of offset: the instant, the offsets before and after, and the zone's name after it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Transition {
    at: DateTime<Utc>,
    from: FixedOffset,
    to: FixedOffset,
    daylight: bool,
    name: String,
}

fn offset_at(zone: Tz, at: DateTime<Utc>) -> (FixedOffset, bool, String) {
    let offset = zone.offset_from_utc_datetime(&at.naive_utc());
    let name = offset.abbreviation().map(str::to_string).unwrap_or_else(|| format_offset(offset.fix()));
    (offset.fix(), !offset.dst_offset().is_zero(), name)
}

/// Every change of offset from the start of `first` to the end of `last` (hour steps, then to the second).
fn transitions(zone: Tz, first: i32, last: i32) -> Vec<Transition> {
    let start = NaiveDate::from_ymd_opt(first, 1, 1).map(|d| d.and_time(chrono::NaiveTime::MIN).and_utc());
    let end = NaiveDate::from_ymd_opt(last.saturating_add(1), 1, 1)
        .map(|d| d.and_time(chrono::NaiveTime::MIN).and_utc());
    let (Some(start), Some(end)) = (start, end) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut at = start;
    let mut before = offset_at(zone, at).0;
    while at < end {
        let next = at + Duration::hours(1);
        let after = offset_at(zone, next).0;
        if after != before {
            // The first second with the new offset.
            let (mut low, mut high) = (at, next);
            while high - low > Duration::seconds(1) {
                let middle = low + (high - low) / 2;
                if offset_at(zone, middle).0 == before {
                    low = middle;
                } else {
                    high = middle;
                }
            }
            let (to, daylight, name) = offset_at(zone, high);
            found.push(Transition { at: high, from: before, to, daylight, name });
            before = after;
        }
        at = next;
    }
    found
}

fn format_offset(offset: FixedOffset) -> String {
    let seconds = offset.local_minus_utc();
    let sign = if seconds < 0 { '-' } else { '+' };
    let seconds = seconds.abs();
    let (hours, minutes, rest) = (seconds / 3600, (seconds % 3600) / 60, seconds % 60);
    if rest == 0 {
        format!("{sign}{hours:02}{minutes:02}")
    } else {
        format!("{sign}{hours:02}{minutes:02}{rest:02}")
    }
}

/// The VTIMEZONE of `zone` for the years `first..=last`: the offset in force at the start of `first`,
/// then one observance per change.
fn vtimezone(zone: Tz, first: i32, last: i32) -> String {
    let mut lines = vec!["BEGIN:VTIMEZONE".to_string(), format!("TZID:{}", zone.name())];
    let start =
        NaiveDate::from_ymd_opt(first, 1, 1).unwrap_or(NaiveDate::MIN).and_time(chrono::NaiveTime::MIN);
    let (offset, daylight, name) = offset_at(zone, start.and_utc());
    let mut observance =
        |kind: &str, local_start: NaiveDateTime, from: FixedOffset, to: FixedOffset, name: &str| {
            lines.push(format!("BEGIN:{kind}"));
            lines.push(format!("DTSTART:{}", local_start.format("%Y%m%dT%H%M%S")));
            lines.push(format!("TZOFFSETFROM:{}", format_offset(from)));
            lines.push(format!("TZOFFSETTO:{}", format_offset(to)));
            lines.push(format!("TZNAME:{name}"));
            lines.push(format!("END:{kind}"));
        };
    // In force before the first change in range (or all the time, for a zone without changes).
    let kind = if daylight { "DAYLIGHT" } else { "STANDARD" };
    observance(kind, start + Duration::seconds(i64::from(offset.local_minus_utc())), offset, offset, &name);
    for change in transitions(zone, first, last) {
        // DTSTART is the local time of the change, read with the offset before it (RFC 5545 3.6.5).
        let local = change.at.naive_utc() + Duration::seconds(i64::from(change.from.local_minus_utc()));
        let kind = if change.daylight { "DAYLIGHT" } else { "STANDARD" };
        observance(kind, local, change.from, change.to, &change.name);
    }
    lines.push("END:VTIMEZONE".to_string());
    lines.join("\r\n") + "\r\n"
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn meeting(uid: &str, starts: &str, cancelled: bool) -> CalendarEvent {
        let starts_at: DateTime<Utc> = starts.parse().unwrap();
        CalendarEvent {
            uid: uid.into(),
            sequence: 3,
            summary: "Board meeting, with a long title that goes past the seventy-five octets of one line"
                .into(),
            description: "Quarterly review\n\nJoin online: https://meet.example.org/board".into(),
            starts_at,
            ends_at: starts_at + Duration::hours(2),
            location: Some("Community Hall; Room 2".into()),
            url: Some("https://portal.example.org/meetings/7".into()),
            cancelled,
        }
    }

    #[test]
    fn london_changes_twice_a_year() {
        let changes = transitions(chrono_tz::Europe::London, 2026, 2026);
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[0].at.to_rfc3339(), "2026-03-29T01:00:00+00:00");
        assert!(changes[0].daylight);
        assert_eq!(changes[0].name, "BST");
        assert_eq!(changes[1].at.to_rfc3339(), "2026-10-25T01:00:00+00:00");
        assert_eq!(changes[1].name, "GMT");
    }

    #[test]
    fn events_are_local_times_in_the_boards_zone_with_its_vtimezone() {
        let writer = IcalWriter::new(IcalWriter::parse_zone("Europe/London").unwrap());
        let text = writer.calendar(
            "Test Charity",
            &[
                meeting("meeting-7@portal.example.org", "2026-06-10T17:30:00Z", false),
                meeting("meeting-8@portal.example.org", "2026-12-01T18:00:00Z", true),
            ],
        );
        assert!(text.starts_with("BEGIN:VCALENDAR\r\n"), "{text}");
        assert!(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n"), "{text}");
        assert!(text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T010000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nTZNAME:BST"), "{text}");
        assert!(text.contains("DTSTART;TZID=Europe/London:20260610T183000"), "summer: BST, {text}");
        assert!(text.contains("DTEND;TZID=Europe/London:20260610T203000"), "{text}");
        assert!(text.contains("DTSTART;TZID=Europe/London:20261201T180000"), "winter: GMT, {text}");
        assert!(text.contains("UID:meeting-7@portal.example.org\r\n"));
        assert!(text.contains("SEQUENCE:3\r\n"));
        assert!(text.contains("STATUS:CANCELLED\r\n"));
        assert!(text.contains("STATUS:CONFIRMED\r\n"));
        assert!(text.contains(&format!("PRODID:{PRODUCT_ID}\r\n")));
        assert!(text.lines().all(|line| line.len() <= 75), "lines are folded: {text}");
        assert!(text.find("BEGIN:VTIMEZONE") < text.find("BEGIN:VEVENT"), "the zone comes first");
        // It reads back.
        let parsed: Calendar = text.parse().unwrap();
        assert_eq!(parsed.events().count(), 2);
    }

    /// A title, place or description with line breaks, commas and semicolons stays one property of one
    /// event, and reads back as it was (line breaks as line feeds).
    #[test]
    fn text_cannot_start_lines_of_its_own() {
        let writer = IcalWriter::new(IcalWriter::parse_zone("Europe/London").unwrap());
        let mut forged = meeting("meeting-9@portal.example.org", "2026-06-10T17:30:00Z", false);
        let title = "Board, finance; audit \\ review\r\nEND:VEVENT\r\nBEGIN:VEVENT\nATTENDEE:mailto:x@evil.test\rURL:https://evil.test";
        forged.summary = title.into();
        forged.location = Some("Hall\r\nORGANIZER:mailto:x@evil.test".into());
        forged.description = "Agenda:\r\nBEGIN:VALARM\u{7}\u{0}".into();
        let text = writer.calendar(&format!("Test Charity - {title}"), &[forged]);
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert!(!text.replace("\r\n", "").contains(['\r', '\n', '\u{7}', '\u{0}']), "{text}");
        for forged in
            ["BEGIN:VEVENT", "END:VEVENT", "ATTENDEE", "URL:https://evil", "ORGANIZER", "BEGIN:VALARM"]
        {
            let count = lines.iter().filter(|l| l.starts_with(forged)).count();
            assert!(count <= 1, "{forged} starts {count} lines: {text}");
        }
        assert!(lines.iter().all(|line| line.len() <= 75), "lines are folded: {text}");
        let parsed: Calendar = text.parse().unwrap();
        assert_eq!(parsed.events().count(), 1);
        let expected = "Board, finance; audit \\ review\nEND:VEVENT\nBEGIN:VEVENT\nATTENDEE:mailto:x@evil.test\nURL:https://evil.test";
        let event = parsed.events().next().unwrap();
        assert_eq!(event.get_summary(), Some(expected));
        assert_eq!(event.get_location(), Some("Hall\nORGANIZER:mailto:x@evil.test"));
        assert_eq!(event.get_description(), Some("Agenda:\nBEGIN:VALARM  "));
        assert!(text.contains("\r\nNAME:Test Charity - Board\\, finance\\; audit"), "{text}");
        assert_eq!(
            parsed.property_value("X-WR-CALNAME"),
            Some(format!("Test Charity - {expected}").as_str())
        );
        // The crate's reader keeps NAME as written (escaped): one line, nothing after it forged.
        assert!(parsed
            .get_name()
            .is_some_and(|name| name.ends_with("ATTENDEE:mailto:x@evil.test\\nURL:https://evil.test")));
    }

    /// Long titles of multibyte characters fold into lines of at most 75 octets, the continuation's
    /// leading space included, each break between characters, and read back whole.
    #[test]
    fn multibyte_text_folds_within_75_octets() {
        let writer = IcalWriter::new(IcalWriter::parse_zone("Europe/London").unwrap());
        // Every offset of the multibyte run against the fold points, so that a line's last piece lands on
        // exactly 75 octets (where the crate's folding wrote 76) as well as on a split character.
        let titles = (0..6).flat_map(|pad| {
            let pad = "x".repeat(pad);
            [
                format!("{pad}{}", "ŵ李".repeat(40)),
                format!("{pad}{}", "ŵ李".repeat(100)),
                format!("{pad}{}", "李".repeat(100)),
                "x".repeat(148 + pad.len()),
            ]
        });
        for title in titles {
            let mut event = meeting("meeting-10@portal.example.org", "2026-06-10T17:30:00Z", false);
            event.summary = title.clone();
            event.description = format!("{title} {title}");
            let text = writer.calendar(&title, &[event]);
            assert!(text.ends_with("END:VCALENDAR\r\n"), "{text}");
            for line in text.split_terminator("\r\n") {
                assert!(line.len() <= 75, "{} octets: {line:?}", line.len());
            }
            let parsed: Calendar = text.parse().unwrap();
            let event = parsed.events().next().unwrap();
            assert_eq!(event.get_summary(), Some(title.as_str()));
            assert_eq!(event.get_description(), Some(format!("{title} {title}").as_str()));
            assert_eq!(parsed.property_value("X-WR-CALNAME"), Some(title.as_str()));
        }
    }

    /// C1 controls and the Unicode line and paragraph separators become spaces, as C0 controls do.
    #[test]
    fn c1_controls_and_unicode_separators_become_spaces() {
        let writer = IcalWriter::new(IcalWriter::parse_zone("Europe/London").unwrap());
        let mut event = meeting("meeting-11@portal.example.org", "2026-06-10T17:30:00Z", false);
        event.summary = "Bad\u{85}next\u{2028}line\u{2029}para\u{9b}2J".into();
        event.location = Some("Hall\u{2028}URL:https://evil.test".into());
        let text = writer.calendar("Board\u{85}NAME:x", &[event]);
        assert!(!text.contains(['\u{85}', '\u{9b}', '\u{2028}', '\u{2029}']), "{text:?}");
        assert!(text.contains("SUMMARY:Bad next line para 2J\r\n"), "{text}");
        assert!(text.contains("LOCATION:Hall URL:https://evil.test\r\n"), "{text}");
        assert!(text.contains("\r\nNAME:Board NAME:x\r\n"), "{text}");
    }

    #[test]
    fn a_zone_without_changes_has_one_standard_observance() {
        let text = vtimezone(chrono_tz::Asia::Tokyo, 2026, 2026);
        assert_eq!(text.matches("BEGIN:STANDARD").count(), 1);
        assert!(text.contains("TZOFFSETTO:+0900"));
        assert!(!text.contains("DAYLIGHT"));
        assert!(IcalWriter::parse_zone("Mars/Olympus").is_err());
    }
}
