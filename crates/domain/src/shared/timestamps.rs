//! Date-times as the API accepts them: RFC 3339 with a time zone, stored and answered in UTC.
//!
//! A time without a zone, such as the browser's `datetime-local` value `2026-03-05T18:30`, is refused rather
//! than read as UTC: in British Summer Time that guess would move every meeting by an hour. The browser,
//! which knows the trustee's zone, converts (`new Date(value).toISOString()`).

use chrono::{DateTime, Datelike, NaiveDateTime, Utc};

use crate::shared::input::validation::FieldErrors;

pub const EXAMPLE: &str = "2026-03-05T18:30:00Z";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimestampError {
    /// A valid date and time, but no `Z` or offset saying which zone it is in.
    MissingZone,
    Invalid,
}

/// RFC 3339 (`2026-03-05T18:30:00Z`, `2026-03-05T19:30:00+01:00`, fractional seconds allowed), in UTC.
/// A time whose UTC value falls outside the years 1 to 9999 (`9999-12-31T23:59:59-23:59`) is refused:
/// it could not be answered again as RFC 3339, which has four-digit years.
pub fn parse(raw: &str) -> Result<DateTime<Utc>, TimestampError> {
    let value = raw.trim();
    if let Ok(at) = DateTime::parse_from_rfc3339(value) {
        let utc = at.with_timezone(&Utc);
        if !(1..=9999).contains(&utc.year()) {
            return Err(TimestampError::Invalid);
        }
        return Ok(utc);
    }
    let local_forms = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M"];
    if local_forms.iter().any(|form| NaiveDateTime::parse_from_str(value, form).is_ok()) {
        return Err(TimestampError::MissingZone);
    }
    Err(TimestampError::Invalid)
}

/// A date-time field as it arrived: left out (or blank), a time in UTC, or text that is not one and why.
/// A request reads its RFC 3339 fields as this, so the text is parsed where the request is read and the use
/// case only reports the field's message beside the others (spec §8). In a JSON body it is a string or
/// `null`; any other JSON type makes the body unreadable, as for any text field.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ReceivedTime {
    #[default]
    Absent,
    Given(DateTime<Utc>),
    Unreadable(TimestampError),
}

impl ReceivedTime {
    /// The field from its text: `Absent` when absent or blank.
    pub fn parse(raw: Option<&str>) -> Self {
        match raw.map(str::trim).filter(|v| !v.is_empty()) {
            None => ReceivedTime::Absent,
            Some(value) => parse(value).map_or_else(ReceivedTime::Unreadable, ReceivedTime::Given),
        }
    }

    /// A required date-time; adds the user-facing message and answers `None` when it is missing or bad.
    pub fn required(self, errors: &mut FieldErrors, field: &str, label: &str) -> Option<DateTime<Utc>> {
        if self == ReceivedTime::Absent {
            errors.add(field, format!("{label} is required"));
        }
        self.optional(errors, field, label)
    }

    /// An optional date-time: `None` when absent, else as `required`.
    pub fn optional(self, errors: &mut FieldErrors, field: &str, label: &str) -> Option<DateTime<Utc>> {
        match self {
            ReceivedTime::Absent => None,
            ReceivedTime::Given(at) => Some(at),
            ReceivedTime::Unreadable(TimestampError::MissingZone) => {
                errors.add(field, format!("{label} must include a time zone (for example {EXAMPLE})"));
                None
            }
            ReceivedTime::Unreadable(TimestampError::Invalid) => {
                errors.add(field, format!("{label} must be a date and time (for example {EXAMPLE})"));
                None
            }
        }
    }
}

impl From<Option<&str>> for ReceivedTime {
    fn from(raw: Option<&str>) -> Self {
        ReceivedTime::parse(raw)
    }
}

/// Written back as RFC 3339 when given (`null` otherwise): the API document shows a request's defaults this
/// way.
impl serde::Serialize for ReceivedTime {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ReceivedTime::Given(at) => serializer.serialize_str(&at.to_rfc3339()),
            ReceivedTime::Absent | ReceivedTime::Unreadable(_) => serializer.serialize_none(),
        }
    }
}

impl<'de> serde::Deserialize<'de> for ReceivedTime {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Option::<String>::deserialize(deserializer)?;
        Ok(ReceivedTime::parse(raw.as_deref()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(h: u32, m: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 5, h, m, 0).single().unwrap_or_default()
    }

    #[test]
    fn times_whose_utc_value_leaves_years_1_to_9999_are_refused() {
        for raw in ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+00:01", "0000-06-01T00:00:00Z"] {
            assert_eq!(parse(raw), Err(TimestampError::Invalid), "{raw}");
        }
        assert!(parse("9999-12-31T23:59:59Z").is_ok());
        assert!(parse("0001-01-01T00:00:00Z").is_ok());
        assert!(parse("9999-12-31T20:00:00-03:59").is_ok());
    }

    #[test]
    fn rfc3339_in_any_zone_becomes_utc() {
        assert_eq!(parse("2026-03-05T18:30:00Z"), Ok(at(18, 30)));
        assert_eq!(parse(" 2026-03-05T19:30:00+01:00 "), Ok(at(18, 30)));
        assert_eq!(parse("2026-03-05T18:30:00.000Z"), Ok(at(18, 30)));
    }

    #[test]
    fn times_without_a_zone_are_refused_with_their_own_message() {
        assert_eq!(parse("2026-03-05T18:30"), Err(TimestampError::MissingZone));
        assert_eq!(parse("2026-03-05T18:30:00"), Err(TimestampError::MissingZone));
        let mut errors = FieldErrors::new();
        assert_eq!(
            ReceivedTime::from(Some("2026-03-05T18:30")).required(&mut errors, "meetingDate", "Meeting date"),
            None
        );
        assert_eq!(
            errors.fields()["meetingDate"],
            "Meeting date must include a time zone (for example 2026-03-05T18:30:00Z)"
        );
    }

    #[test]
    fn optional_values_may_be_absent_but_not_malformed() {
        let mut errors = FieldErrors::new();
        assert_eq!(ReceivedTime::from(None).optional(&mut errors, "expiresAt", "Expiry"), None);
        assert_eq!(ReceivedTime::from(Some("  ")).optional(&mut errors, "expiresAt", "Expiry"), None);
        assert_eq!(
            ReceivedTime::from(Some("2026-03-05T19:30:00+01:00")).optional(
                &mut errors,
                "expiresAt",
                "Expiry"
            ),
            Some(at(18, 30))
        );
        assert!(errors.is_empty());
        assert_eq!(
            ReceivedTime::from(Some("2026-03-05T18:30")).optional(&mut errors, "expiresAt", "Expiry"),
            None
        );
        assert_eq!(
            errors.fields()["expiresAt"],
            "Expiry must include a time zone (for example 2026-03-05T18:30:00Z)"
        );
        let mut errors = FieldErrors::new();
        assert_eq!(ReceivedTime::from(Some("next week")).optional(&mut errors, "expiresAt", "Expiry"), None);
        assert_eq!(
            errors.fields()["expiresAt"],
            "Expiry must be a date and time (for example 2026-03-05T18:30:00Z)"
        );
    }

    #[test]
    fn missing_and_malformed_values() {
        for bad in ["tomorrow", "2026-02-30T10:00:00Z", "05/03/2026 18:30", "2026-03-05"] {
            assert_eq!(parse(bad), Err(TimestampError::Invalid), "{bad}");
        }
        let mut errors = FieldErrors::new();
        assert_eq!(ReceivedTime::from(Some(" ")).required(&mut errors, "meetingDate", "Meeting date"), None);
        assert_eq!(errors.fields()["meetingDate"], "Meeting date is required");
        let mut errors = FieldErrors::new();
        assert_eq!(
            ReceivedTime::from(Some("soon")).required(&mut errors, "meetingDate", "Meeting date"),
            None
        );
        assert_eq!(
            errors.fields()["meetingDate"],
            "Meeting date must be a date and time (for example 2026-03-05T18:30:00Z)"
        );
    }
}
