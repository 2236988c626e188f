//! Reading the papers in the portal: notes on papers and reading records (spec §2 Pack reader).

pub mod notes;
pub mod records;

use domain::reading::{PaperKind, PaperRef, ReadingRefusal};

use crate::http::error::ApiError;

/// The paper a URL names by its kind's slug and id; an unknown kind names no paper (404).
fn paper_of(kind: &str, id: i32) -> Result<PaperRef, ApiError> {
    PaperKind::from_slug(kind)
        .map(|kind| PaperRef { kind, id })
        .ok_or_else(|| ReadingRefusal::PaperNotFound.into())
}
