//! A note as the client sends it, read at the edge and checked field by field (spec §2 Pack reader,
//! Notes): every bad field is named at once in `fieldErrors`.

use crate::reading::notes::{NoteAnchor, NoteInput, NoteKind, NoteRect, Visibility};
use crate::reading::PaperRef;
use crate::shared::error::DomainError;
use crate::shared::input::validation::FieldErrors;
use crate::shared::timestamps::ReceivedTime;
use crate::shared::{FieldLimits, Limit, Received};

pub const PAGE_MAX: i64 = 100_000;
pub const RECTS_MAX: usize = 200;
pub const QUOTE_MAX: usize = 2000;
pub const CONTEXT_MAX: usize = 64;
pub const BODY_MAX: usize = 5000;

pub const PAPER_REQUIRED: &str = "Paper is required";
pub const PAGE_RANGE: &str = "Page must be a whole number from 1 to 100000";
pub const KIND_CHOICES: &str = "Kind must be highlight or pin";
pub const VISIBILITY_CHOICES: &str = "Visibility must be private, officers or shared";
pub const FRACTION: &str = "Positions must be numbers from 0 to 1";
pub const TOO_MANY_RECTS: &str = "A highlight has at most 200 rectangles";
pub const QUOTE_REQUIRED: &str = "A highlight needs the quoted words";
pub const QUOTE_TOO_LONG: &str = "Quote must be at most 2000 characters";
pub const PREFIX_TOO_LONG: &str = "Prefix must be at most 64 characters";
pub const SUFFIX_TOO_LONG: &str = "Suffix must be at most 64 characters";
pub const BODY_REQUIRED: &str = "A pinned note needs some text";
pub const BODY_TOO_LONG: &str = "Note must be at most 5000 characters";

/// `PUT /api/notes/{id}`'s body.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct NoteRequest {
    /// Required; fixed once the note exists.
    #[schema(required = true, nullable = false, value_type = PaperRef)]
    pub paper: Received<PaperRef>,
    /// Required: the page within the paper, 1 to 100000 (the pack's page for `boardPack`).
    #[schema(required = true, nullable = false, value_type = i64)]
    pub page: Received<i64>,
    /// Required; fixed once the note exists.
    #[schema(required = true, nullable = false, value_type = NoteKind)]
    pub kind: Received<NoteKind>,
    #[schema(required = true, nullable = false)]
    pub anchor: NoteAnchorRequest,
    /// At most 5000 characters; required (not blank) for a pin.
    #[schema(value_type = Option<String>)]
    pub body: Option<String>,
    /// Default `private`.
    #[schema(value_type = Option<Visibility>)]
    pub visibility: Received<Visibility>,
    /// RFC 3339 with a zone: when the client last edited the note (default now; later than now is taken as
    /// now). A stored note edited later is kept as it is.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub edited_at: ReceivedTime,
}

impl FieldLimits for NoteRequest {
    const LIMITS: &'static [(&'static str, Limit)] =
        &[("page", Limit::Range { min: 1, max: PAGE_MAX }), ("body", Limit::Text { max: BODY_MAX })];
}

/// Where the note sits; x, y and the rectangles are fractions (0 to 1) of the page, y from the top.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct NoteAnchorRequest {
    #[schema(required = true, nullable = false, value_type = f64)]
    pub x: Received<f64>,
    #[schema(required = true, nullable = false, value_type = f64)]
    pub y: Received<f64>,
    /// At most 200 rectangles of highlighted text.
    #[schema(value_type = Option<Vec<NoteRectRequest>>)]
    pub rects: Received<Vec<NoteRectRequest>>,
    /// The highlighted words, at most 2000 characters; required for a highlight.
    #[schema(value_type = Option<String>)]
    pub quote: Option<String>,
    /// Up to 64 characters before the quote.
    #[schema(value_type = Option<String>)]
    pub prefix: Option<String>,
    /// Up to 64 characters after the quote.
    #[schema(value_type = Option<String>)]
    pub suffix: Option<String>,
}

impl FieldLimits for NoteAnchorRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("rects", Limit::Items { max: RECTS_MAX }),
        ("quote", Limit::Text { max: QUOTE_MAX }),
        ("prefix", Limit::Text { max: CONTEXT_MAX }),
        ("suffix", Limit::Text { max: CONTEXT_MAX }),
    ];
}

#[derive(Debug, Clone, Copy, Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = NoteRect)]
pub struct NoteRectRequest {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

fn fraction(errors: &mut FieldErrors, field: &str, value: Received<f64>) -> f64 {
    match value.read(errors, field, FRACTION) {
        Some(value) if (0.0..=1.0).contains(&value) => value,
        Some(_) => {
            errors.add(field, FRACTION);
            0.0
        }
        None => {
            errors.add(field, FRACTION);
            0.0
        }
    }
}

/// Text kept as sent (a quote's spaces are part of the words), refused when longer than `max` characters
/// or holding a NUL, which PostgreSQL text cannot keep.
fn text(errors: &mut FieldErrors, field: &str, value: Option<String>, max: usize, too_long: &str) -> String {
    let value = value.unwrap_or_default();
    if value.chars().count() > max {
        errors.add(field, too_long);
    } else if value.contains('\0') {
        errors.add(field, "Text must not contain NUL characters");
    }
    value
}

/// Checks every field of `request`; 400 with each bad field's message.
pub fn validate_note(request: NoteRequest) -> Result<NoteInput, DomainError> {
    let mut errors = FieldErrors::new();
    let paper = request.paper.read(&mut errors, "paper", PAPER_REQUIRED);
    if paper.is_none() {
        errors.add("paper", PAPER_REQUIRED);
    }
    let page = match request.page.read(&mut errors, "page", PAGE_RANGE) {
        Some(page) if (1..=PAGE_MAX).contains(&page) => i32::try_from(page).unwrap_or(1),
        _ => {
            errors.add("page", PAGE_RANGE);
            1
        }
    };
    let kind = request.kind.read(&mut errors, "kind", KIND_CHOICES);
    if kind.is_none() {
        errors.add("kind", KIND_CHOICES);
    }
    let visibility =
        request.visibility.read(&mut errors, "visibility", VISIBILITY_CHOICES).unwrap_or(Visibility::Private);
    let edited_at = request.edited_at.optional(&mut errors, "editedAt", "Edited at");

    let anchor = request.anchor;
    let x = fraction(&mut errors, "anchor.x", anchor.x);
    let y = fraction(&mut errors, "anchor.y", anchor.y);
    let rects = anchor.rects.read(&mut errors, "anchor.rects", FRACTION).unwrap_or_default();
    if rects.len() > RECTS_MAX {
        errors.add("anchor.rects", TOO_MANY_RECTS);
    }
    let in_page = |v: f64| (0.0..=1.0).contains(&v);
    if rects.iter().any(|r| !(in_page(r.x) && in_page(r.y) && in_page(r.w) && in_page(r.h))) {
        errors.add("anchor.rects", FRACTION);
    }
    let quote = text(&mut errors, "anchor.quote", anchor.quote, QUOTE_MAX, QUOTE_TOO_LONG);
    if kind == Some(NoteKind::Highlight) && quote.trim().is_empty() {
        errors.add("anchor.quote", QUOTE_REQUIRED);
    }
    let prefix = text(&mut errors, "anchor.prefix", anchor.prefix, CONTEXT_MAX, PREFIX_TOO_LONG);
    let suffix = text(&mut errors, "anchor.suffix", anchor.suffix, CONTEXT_MAX, SUFFIX_TOO_LONG);
    let body = text(&mut errors, "body", request.body, BODY_MAX, BODY_TOO_LONG);
    if kind == Some(NoteKind::Pin) && body.trim().is_empty() {
        errors.add("body", BODY_REQUIRED);
    }
    errors.into_result()?;
    let (Some(paper), Some(kind)) = (paper, kind) else {
        return Err(DomainError::Unexpected(anyhow::anyhow!("a validated note lacks its paper or kind")));
    };
    Ok(NoteInput {
        paper,
        page,
        kind,
        anchor: NoteAnchor {
            x,
            y,
            rects: rects.into_iter().map(|r| NoteRect { x: r.x, y: r.y, w: r.w, h: r.h }).collect(),
            quote,
            prefix,
            suffix,
        },
        body,
        visibility,
        edited_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: serde_json::Value) -> NoteRequest {
        serde_json::from_value(json).unwrap_or_default()
    }

    fn refused(json: serde_json::Value) -> Vec<String> {
        match validate_note(request(json)) {
            Err(DomainError::Invalid(fields)) => fields.fields().keys().cloned().collect(),
            other => vec![format!("not refused: {other:?}")],
        }
    }

    #[test]
    fn a_highlight_needs_its_quote_and_a_pin_its_text() {
        let ok = validate_note(request(serde_json::json!({
            "paper": {"kind": "document", "id": 3}, "page": 2, "kind": "highlight",
            "anchor": {"x": 0.1, "y": 0.2, "rects": [{"x": 0.1, "y": 0.2, "w": 0.5, "h": 0.02}],
                       "quote": " the words ", "prefix": "", "suffix": ""}
        })));
        let ok = ok.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ok.visibility, Visibility::Private);
        assert_eq!(ok.anchor.quote, " the words ");
        assert_eq!(
            refused(serde_json::json!({"paper": {"kind": "document", "id": 3}, "page": 2,
                "kind": "highlight", "anchor": {"x": 0.1, "y": 0.2}})),
            vec!["anchor.quote"]
        );
        assert_eq!(
            refused(serde_json::json!({"paper": {"kind": "document", "id": 3}, "page": 2,
                "kind": "pin", "body": "  ", "anchor": {"x": 0.1, "y": 0.2}})),
            vec!["body"]
        );
    }

    #[test]
    fn every_bad_field_is_named() {
        let fields = refused(serde_json::json!({
            "paper": {"kind": "poster", "id": 3}, "page": 0, "kind": "scribble", "visibility": "board",
            "anchor": {"x": 1.5, "y": -0.1, "rects": [{"x": 0, "y": 0, "w": 2, "h": 0}],
                       "prefix": "p".repeat(65)},
            "editedAt": "yesterday"
        }));
        assert_eq!(
            fields,
            vec![
                "anchor.prefix",
                "anchor.rects",
                "anchor.x",
                "anchor.y",
                "editedAt",
                "kind",
                "page",
                "paper",
                "visibility"
            ]
        );
    }
}
