//! A request field as it arrived: left out, a value of its type, or something that is not.
//!
//! Request types deserialize straight into typed values (enums, dates, ids), but a field of the wrong
//! shape must not stop the rest of the body from being read: the form's answer names every bad field at
//! once, each with its own message (spec §8). So a typed field is read as [`Received`], and the use case
//! that validates the request turns [`Received::Unreadable`] into that field's error beside the others.

use serde::{Deserialize, Deserializer};

use crate::shared::input::validation::FieldErrors;

/// One field of a request body. `null`, a missing field and a blank string are all [`Received::Absent`]
/// (the contract lets forms send `""` for "not given"); strings are trimmed before they are read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Received<T> {
    #[default]
    Absent,
    Given(T),
    /// The field held a value that is not a `T` (an unknown enum spelling, a malformed date, a word
    /// where a number belongs).
    Unreadable,
}

impl<T> Received<T> {
    /// The value if one was given; an unreadable value adds `message` to `field` and reads as absent,
    /// so the other fields are still checked.
    pub fn read(self, errors: &mut FieldErrors, field: &str, message: impl Into<String>) -> Option<T> {
        match self {
            Received::Absent => None,
            Received::Given(value) => Some(value),
            Received::Unreadable => {
                errors.add(field, message);
                None
            }
        }
    }

    /// A text field of a form (a multipart upload's, say) read as a `T` by `parse`: absent or blank text is
    /// `Absent`, as in a JSON body; the text is trimmed first.
    pub fn from_text(raw: Option<&str>, parse: impl FnOnce(&str) -> Option<T>) -> Self {
        match raw.map(str::trim).filter(|text| !text.is_empty()) {
            None => Received::Absent,
            Some(text) => parse(text).map_or(Received::Unreadable, Received::Given),
        }
    }

    /// Whether the field was left out (or sent blank).
    pub fn is_absent(&self) -> bool {
        matches!(self, Received::Absent)
    }
}

impl<T: std::str::FromStr> Received<T> {
    /// A text field of a form read by `T`'s `FromStr`, as `from_text`.
    pub fn parse(raw: Option<&str>) -> Self {
        Self::from_text(raw, |text| text.parse().ok())
    }
}

impl<T> From<Option<T>> for Received<T> {
    fn from(value: Option<T>) -> Self {
        value.map_or(Received::Absent, Received::Given)
    }
}

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Received<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let value = match value {
            serde_json::Value::Null => return Ok(Received::Absent),
            serde_json::Value::String(text) => {
                let trimmed = text.trim();
                if trimmed.is_empty() {
                    return Ok(Received::Absent);
                }
                serde_json::Value::String(trimmed.to_string())
            }
            other => other,
        };
        Ok(T::deserialize(value).map_or(Received::Unreadable, Received::Given))
    }
}

/// Written back as what was given (`null` otherwise): the API document shows a request's defaults this way.
impl<T: serde::Serialize> serde::Serialize for Received<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Received::Given(value) => value.serialize(serializer),
            Received::Absent | Received::Unreadable => serializer.serialize_none(),
        }
    }
}

/// A query parameter whose empty value (`?includeExpired=`) means the same as leaving it out: one rule
/// for every query of the API. Anything else must parse as `T`.
pub fn empty_as_absent<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    match Option::<String>::deserialize(deserializer)? {
        None => Ok(None),
        Some(text) if text.is_empty() => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|e| serde::de::Error::custom(format!("'{text}': {e}"))),
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum IdOrText {
    Id(i32),
    Text(String),
}

/// An optional id: a number, a string of digits (a `<select>` value), or `null` / `""` for none. Anything
/// else makes the body unreadable, as a number field's wrong type does.
pub fn optional_id<'de, D, Id>(deserializer: D) -> Result<Option<Id>, D::Error>
where
    D: Deserializer<'de>,
    Id: From<i32>,
{
    match Option::<IdOrText>::deserialize(deserializer)? {
        None => Ok(None),
        Some(IdOrText::Id(id)) => Ok(Some(Id::from(id))),
        Some(IdOrText::Text(text)) if text.trim().is_empty() => Ok(None),
        Some(IdOrText::Text(text)) => text
            .trim()
            .parse()
            .map(|id: i32| Some(Id::from(id)))
            .map_err(|_| serde::de::Error::custom(format!("expected a numeric id, got '{text}'"))),
    }
}

/// A calendar date written exactly `YYYY-MM-DD`, as every date field of the API is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IsoDate(pub chrono::NaiveDate);

/// Text that is not a date written `YYYY-MM-DD`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a date written YYYY-MM-DD")]
pub struct NotADate;

impl std::str::FromStr for IsoDate {
    type Err = NotADate;

    // chrono reads "2026-1-5" too; the contract's dates have two-digit months and days.
    fn from_str(value: &str) -> Result<Self, Self::Err> {
        chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d")
            .ok()
            .filter(|_| value.len() == 10)
            .map(IsoDate)
            .ok_or(NotADate)
    }
}

impl<'de> Deserialize<'de> for IsoDate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl From<IsoDate> for chrono::NaiveDate {
    fn from(date: IsoDate) -> Self {
        date.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Deserialize, Debug, Default)]
    #[serde(default)]
    struct Probe {
        level: Received<u8>,
        day: Received<IsoDate>,
    }

    fn probe(value: serde_json::Value) -> Probe {
        serde_json::from_value(value).expect("a probe reads any object")
    }

    #[test]
    fn absent_null_and_blank_are_all_absent() {
        for body in [json!({}), json!({"level": null}), json!({"level": "  "})] {
            assert_eq!(probe(body).level, Received::Absent);
        }
    }

    #[test]
    fn a_bad_field_does_not_stop_the_others_from_being_read() {
        let read = probe(json!({"level": "high", "day": " 2026-03-04 "}));
        assert_eq!(read.level, Received::Unreadable);
        let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 4).map(IsoDate);
        assert_eq!(read.day, day.map_or(Received::Absent, Received::Given));
    }

    #[test]
    fn dates_must_be_written_in_full() {
        for bad in ["2026-3-4", "04/03/2026", "2026-02-30", "tomorrow"] {
            assert_eq!(probe(json!({ "day": bad })).day, Received::Unreadable, "{bad}");
        }
    }

    #[derive(Deserialize, Debug)]
    #[serde(rename_all = "camelCase")]
    struct WithId {
        #[serde(default, deserialize_with = "super::optional_id")]
        user_id: Option<crate::UserId>,
    }

    #[test]
    fn ids_may_be_numbers_digit_strings_or_absent() {
        let read = |json: &str| serde_json::from_str::<WithId>(json).map(|p| p.user_id.map(|id| id.0));
        assert_eq!(read(r#"{"userId": 7}"#).ok(), Some(Some(7)));
        assert_eq!(read(r#"{"userId": "7"}"#).ok(), Some(Some(7)));
        assert_eq!(read(r#"{"userId": ""}"#).ok(), Some(None));
        assert_eq!(read(r#"{"userId": null}"#).ok(), Some(None));
        assert_eq!(read(r#"{}"#).ok(), Some(None));
        assert!(read(r#"{"userId": "seven"}"#).is_err());
        assert!(read(r#"{"userId": 1.5}"#).is_err());
    }

    #[test]
    fn reading_an_unreadable_value_records_the_fields_error() {
        let mut errors = FieldErrors::new();
        assert_eq!(Received::<u8>::Unreadable.read(&mut errors, "level", "Level must be 1 to 3"), None);
        assert_eq!(Received::Given(2).read(&mut errors, "other", "unused"), Some(2));
        assert_eq!(errors.fields().get("level").map(String::as_str), Some("Level must be 1 to 3"));
        assert_eq!(errors.fields().len(), 1);
    }
}
