//! Timestamps go out as RFC 3339 in UTC to the second (`2026-03-05T18:30:00Z`).

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use serde::Serializer;

pub fn rfc3339<S: Serializer>(value: &DateTime<Utc>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&value.to_rfc3339_opts(SecondsFormat::Secs, true))
}

/// `null`, or RFC 3339 as `rfc3339`.
pub fn rfc3339_option<S: Serializer>(
    value: &Option<DateTime<Utc>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(at) => rfc3339(at, serializer),
        None => serializer.serialize_none(),
    }
}

/// A calendar date as `YYYY-MM-DD`, or `null`.
pub fn date_option<S: Serializer>(value: &Option<NaiveDate>, serializer: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(date) => serializer.serialize_str(&date.format("%Y-%m-%d").to_string()),
        None => serializer.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    #[test]
    fn seconds_and_z() {
        let at = chrono::Utc.with_ymd_and_hms(2026, 3, 5, 18, 30, 0).unwrap();
        let mut out = Vec::new();
        super::rfc3339(&at, &mut serde_json::Serializer::new(&mut out)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "\"2026-03-05T18:30:00Z\"");
    }

    #[test]
    fn optional_timestamps_and_dates() {
        #[derive(serde::Serialize)]
        struct Probe {
            #[serde(serialize_with = "super::rfc3339_option")]
            at: Option<chrono::DateTime<chrono::Utc>>,
            #[serde(serialize_with = "super::date_option")]
            day: Option<chrono::NaiveDate>,
        }
        let full = Probe {
            at: chrono::Utc.with_ymd_and_hms(2026, 3, 5, 18, 30, 0).single(),
            day: chrono::NaiveDate::from_ymd_opt(2026, 3, 5),
        };
        assert_eq!(
            serde_json::to_string(&full).unwrap(),
            r#"{"at":"2026-03-05T18:30:00Z","day":"2026-03-05"}"#
        );
        let empty = Probe { at: None, day: None };
        assert_eq!(serde_json::to_string(&empty).unwrap(), r#"{"at":null,"day":null}"#);
    }
}
