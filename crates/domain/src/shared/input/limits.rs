//! The limits of request fields, written once. A use case checks its request against its area's
//! constants; the request type lists the same constants here, and the API document states them from
//! this list (the api crate's `openapi/limits.rs`), so the document and the check cannot differ.

/// What one field accepts beyond its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Required text: at least one character that is not a space, at most `max` characters.
    RequiredText { max: usize },
    /// Required text of at least one character, at most `max` characters (spaces are checked by the use
    /// case, but the document states only the length).
    FilledText { max: usize },
    /// Optional text of at most `max` characters.
    Text { max: usize },
    /// A whole number from `min` to `max`.
    Range { min: i64, max: i64 },
    /// A whole number of at least `min`.
    AtLeast { min: i64 },
    /// A list of at most `max` entries.
    Items { max: usize },
}

/// A request type whose fields have limits, named by their wire (camelCase) names.
pub trait FieldLimits {
    const LIMITS: &'static [(&'static str, Limit)];
}
