//! Field validation shared by every use case. Messages are the ones a user reads, so they follow the spec.

use std::collections::BTreeMap;
use std::fmt;

use validator::ValidateEmail;

pub const INVALID_EMAIL: &str = "Please enter a valid email address";

/// Messages per field, in a stable order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &str, message: impl Into<String>) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }

    /// Keeps the first message for a field: it is the most basic problem.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_string()).or_insert_with(|| message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn fields(&self) -> &BTreeMap<String, String> {
        &self.0
    }
}

impl fmt::Display for FieldErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let messages: Vec<&str> = self.0.values().map(String::as_str).collect();
        if messages.is_empty() {
            f.write_str("Invalid input")
        } else {
            f.write_str(&messages.join(" "))
        }
    }
}

/// Trims and lower-cases an e-mail address, or says why it is not one.
pub fn normalize_email(raw: &str) -> Result<String, &'static str> {
    let email = raw.trim().to_lowercase();
    if email.len() > 254 || !email.validate_email() {
        return Err(INVALID_EMAIL);
    }
    Ok(email)
}

/// A required text: trimmed, not empty, at most `max` characters. One-line texts use `required_line`.
pub fn required_text(errors: &mut FieldErrors, field: &str, label: &str, raw: &str, max: usize) -> String {
    let value = raw.trim().to_string();
    if value.is_empty() {
        errors.add(field, format!("{label} is required"));
    } else if value.contains('\0') {
        errors.add(field, format!("{label} must not contain NUL characters"));
    } else if raw.chars().count() > max {
        // Limits count what was sent, as the OpenAPI document's maxLength does; the text kept is trimmed.
        errors.add(field, format!("{label} must be at most {max} characters"));
    }
    value
}

/// A required one-line text (a title, a name, a place): `required_text`, and no control characters
/// (U+0000-U+001F, U+007F): a line break in a title would start lines of its own in a calendar or a
/// mail header (spec: §5 One-line texts). Multi-line texts (descriptions, notes) use
/// `required_text`.
pub fn required_line(errors: &mut FieldErrors, field: &str, label: &str, raw: &str, max: usize) -> String {
    let value = required_text(errors, field, label, raw, max);
    refuse_control_characters(errors, field, label, &value);
    value
}

/// An optional one-line text: `optional_text`, and no control characters (see `required_line`).
pub fn optional_line(
    errors: &mut FieldErrors,
    field: &str,
    label: &str,
    raw: Option<&str>,
    max: usize,
) -> Option<String> {
    let value = optional_text(errors, field, label, raw, max)?;
    refuse_control_characters(errors, field, label, &value);
    Some(value)
}

/// The message for a one-line text holding a control character (the text kept is trimmed, so leading and
/// trailing line breaks pass). Control characters are C0, DEL and C1 (U+0080 to U+009F, with U+0085 NEXT
/// LINE), and the Unicode line and paragraph separators U+2028/U+2029 count too: readers break lines at
/// them (spec: §5 One-line texts).
fn refuse_control_characters(errors: &mut FieldErrors, field: &str, label: &str, value: &str) {
    if value.chars().any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}') {
        errors
            .add(field, format!("{label} must be one line, without line breaks, tabs or control characters"));
    }
}

/// An optional text: `None` when absent or blank (the API treats "" as absent).
pub fn optional_text(
    errors: &mut FieldErrors,
    field: &str,
    label: &str,
    raw: Option<&str>,
    max: usize,
) -> Option<String> {
    let sent = raw?;
    let value = Some(sent.trim()).filter(|v| !v.is_empty())?;
    if value.contains('\0') {
        errors.add(field, format!("{label} must not contain NUL characters"));
    } else if sent.chars().count() > max {
        errors.add(field, format!("{label} must be at most {max} characters"));
    }
    Some(value.to_string())
}

/// Links the portal renders must be http or https: `javascript:` and friends would run in our origin.
pub fn optional_web_link(
    errors: &mut FieldErrors,
    field: &str,
    label: &str,
    raw: Option<&str>,
) -> Option<String> {
    let value = raw.map(str::trim).filter(|v| !v.is_empty())?;
    if !is_web_link(value) {
        errors.add(field, format!("{label} must be a valid http or https URL"));
    }
    Some(value.to_string())
}

pub fn is_web_link(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    let rest = if let Some(rest) = lower.strip_prefix("https://") {
        rest
    } else if let Some(rest) = lower.strip_prefix("http://") {
        rest
    } else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    value.len() <= 2000 && !host.is_empty() && !value.chars().any(|c| c.is_whitespace() || c.is_control())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(normalize_email("  Jo@Example.ORG "), Ok("jo@example.org".to_string()));
        assert_eq!(normalize_email("not-an-email"), Err(INVALID_EMAIL));
        assert_eq!(normalize_email(""), Err(INVALID_EMAIL));
    }

    #[test]
    fn one_line_texts_refuse_control_characters() {
        for bad in [
            "Board\nBEGIN:VEVENT",
            "Board\r\nURL:x",
            "A\tB",
            "Bell\u{7}",
            "Del\u{7f}",
            "Esc\u{1b}[2J",
            "Bad\u{0085}next",
            "Csi\u{9b}2J",
            "Bad\u{2028}next",
            "Bad\u{2029}next",
        ] {
            let mut errors = FieldErrors::new();
            required_line(&mut errors, "title", "Title", bad, 200);
            assert_eq!(
                errors.fields().get("title").map(String::as_str),
                Some("Title must be one line, without line breaks, tabs or control characters"),
                "{bad:?}"
            );
            let mut errors = FieldErrors::new();
            optional_line(&mut errors, "location", "Location", Some(bad), 200);
            assert!(errors.fields().contains_key("location"), "{bad:?}");
        }
        let mut errors = FieldErrors::new();
        assert_eq!(
            required_line(&mut errors, "title", "Title", "  Board, finance; audit – Gŵyl \n", 200),
            "Board, finance; audit – Gŵyl"
        );
        assert_eq!(
            optional_line(&mut errors, "location", "Location", Some("Hall; Room 2"), 200).as_deref(),
            Some("Hall; Room 2")
        );
        assert!(errors.is_empty(), "{errors:?}");
        // Multi-line texts keep their line breaks and tabs.
        assert_eq!(required_text(&mut errors, "text", "Text", "One\n\tTwo", 200), "One\n\tTwo");
        assert!(errors.is_empty());
        // NUL keeps its own message.
        required_line(&mut errors, "title", "Title", "A\0B", 200);
        assert_eq!(errors.fields()["title"], "Title must not contain NUL characters");
    }

    #[test]
    fn only_http_links_are_accepted() {
        assert!(is_web_link("https://example.org/agenda.pdf"));
        assert!(is_web_link("http://meet.example.org"));
        assert!(!is_web_link("javascript:alert(1)"));
        assert!(!is_web_link("data:text/html,hi"));
        assert!(!is_web_link("https://"));
        assert!(!is_web_link("https://exa mple.org"));
        assert!(!is_web_link("ftp://example.org"));
    }

    #[test]
    fn first_message_per_field_wins_and_display_joins() {
        let mut errors = FieldErrors::new();
        errors.add("name", "Name is required");
        errors.add("name", "ignored");
        errors.add("email", INVALID_EMAIL);
        assert_eq!(errors.fields()["name"], "Name is required");
        assert_eq!(errors.to_string(), format!("{INVALID_EMAIL} Name is required"));
    }
}
