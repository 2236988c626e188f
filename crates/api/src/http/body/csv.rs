//! Spreadsheet exports (the register of interests, the decisions register, the audit log): the one place
//! that writes CSV bytes, so that every export quotes the same way and guards what users typed.

use std::borrow::Cow;

use actix_web::{HttpRequest, HttpResponse};
use domain::DomainError;

use crate::http::body::download::{file_response, Disposition};
use crate::http::error::ApiError;

/// One field of a row.
pub enum Cell<'a> {
    /// Text someone typed (a name, a title, a decision): guarded against formulas.
    Typed(&'a str),
    /// What the portal writes itself (a date, a kind, a status): written as is.
    Ours(Cow<'a, str>),
}

impl<'a> Cell<'a> {
    pub fn typed(text: &'a str) -> Self {
        Cell::Typed(text)
    }

    pub fn ours(text: impl Into<Cow<'a, str>>) -> Self {
        Cell::Ours(text.into())
    }

    fn text(&self) -> Cow<'_, str> {
        match self {
            Cell::Typed(text) => guard(text),
            Cell::Ours(text) => Cow::Borrowed(text),
        }
    }
}

/// A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a
/// leading `'`, so that opening the export cannot execute anything a trustee typed (OWASP CSV injection).
fn guard(text: &str) -> Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// A header line, then one line per row: RFC 4180 quoting (only where needed), `\n` line ends, no BOM.
pub fn write<'a, const N: usize>(
    header: [&str; N],
    rows: impl IntoIterator<Item = [Cell<'a>; N]>,
) -> Result<Vec<u8>, ApiError> {
    let unexpected = |e: ::csv::Error| ApiError::Domain(DomainError::Unexpected(anyhow::Error::new(e)));
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    writer.write_record(header).map_err(unexpected)?;
    for row in rows {
        writer.write_record(row.iter().map(|cell| cell.text().into_owned())).map_err(unexpected)?;
    }
    writer.into_inner().map_err(|e| ApiError::Domain(DomainError::Unexpected(anyhow::anyhow!("csv: {e}"))))
}

/// As `write`, for rows whose width is known only at run time (the skills matrix: a column per skill);
/// the first row is the header.
pub fn write_rows<'a>(rows: impl IntoIterator<Item = Vec<Cell<'a>>>) -> Result<Vec<u8>, ApiError> {
    let unexpected = |e: ::csv::Error| ApiError::Domain(DomainError::Unexpected(anyhow::Error::new(e)));
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.write_record(row.iter().map(|cell| cell.text().into_owned())).map_err(unexpected)?;
    }
    writer.into_inner().map_err(|e| ApiError::Domain(DomainError::Unexpected(anyhow::anyhow!("csv: {e}"))))
}

/// The export as a download named `file_name`.
pub fn response(req: &HttpRequest, bytes: Vec<u8>, file_name: &str) -> HttpResponse {
    file_response(req, bytes, file_name, "text/csv; charset=utf-8", Disposition::Attachment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: Vec<u8>) -> String {
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn fields_are_quoted_only_where_needed_and_lines_end_with_a_newline() {
        let rows = [
            [Cell::typed("Ann"), Cell::ours("trusteeship"), Cell::typed("Food Bank, Leeds")],
            [Cell::typed("Bob"), Cell::ours(String::new()), Cell::typed("Trustee, \"unpaid\"")],
        ];
        let bytes = write(["Trustee", "Kind", "Organisation or person"], rows).unwrap();
        assert_eq!(
            text(bytes),
            "Trustee,Kind,Organisation or person\n\
             Ann,trusteeship,\"Food Bank, Leeds\"\n\
             Bob,,\"Trustee, \"\"unpaid\"\"\"\n"
        );
    }

    #[test]
    fn typed_cells_that_look_like_formulas_are_neutralised() {
        let rows = [[
            Cell::typed("=cmd|' /C calc'!A0"),
            Cell::typed("@SUM(1)"),
            Cell::typed("=HYPERLINK(\"x\")"),
            Cell::typed("+1"),
            Cell::typed("-1"),
            Cell::typed("\tx"),
            Cell::typed("safe = fine"),
        ]];
        let bytes = write(["a", "b", "c", "d", "e", "f", "g"], rows).unwrap();
        assert_eq!(
            text(bytes).lines().nth(1).unwrap(),
            "'=cmd|' /C calc'!A0,'@SUM(1),\"'=HYPERLINK(\"\"x\"\")\",'+1,'-1,'\tx,safe = fine"
        );
    }

    #[test]
    fn the_portals_own_cells_are_written_as_is() {
        let bytes = write(["Date", "Status"], [[Cell::ours("-0001-01-01"), Cell::ours("passed")]]).unwrap();
        assert_eq!(text(bytes), "Date,Status\n-0001-01-01,passed\n");
    }

    #[test]
    fn an_empty_export_still_has_its_header() {
        let bytes = write(["Date", "Status"], std::iter::empty()).unwrap();
        assert_eq!(text(bytes), "Date,Status\n");
    }
}
