//! Spreadsheet exports (the register of interests, the audit log, the decisions register) put what users
//! typed into CSV cells.

/// A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a
/// leading `'`, so that opening the export cannot execute anything a trustee typed (OWASP CSV injection).
pub(crate) fn cell(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}
