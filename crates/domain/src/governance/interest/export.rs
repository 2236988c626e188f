//! The register of interests as files: CSV for spreadsheets, and a document to publish as PDF.

use chrono::NaiveDate;

use crate::governance::interest::Interest;
use crate::meetings::{PrintBlock, PrintDocument};
use crate::shared::csv_cell::cell;
use crate::shared::error::DomainError;

pub const CSV_HEADER: [&str; 7] =
    ["Trustee", "Kind", "Organisation or person", "Nature", "From", "To", "Status"];

/// One row per entry, with a header; `Status` is `current` or `past` on `today`.
pub fn csv(entries: &[Interest], today: NaiveDate) -> Result<Vec<u8>, DomainError> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    let unexpected = |e: ::csv::Error| DomainError::Unexpected(anyhow::Error::new(e));
    writer.write_record(CSV_HEADER).map_err(unexpected)?;
    for entry in entries {
        let fields = &entry.fields;
        let ended = fields.ended_on.map(|d| d.to_string()).unwrap_or_default();
        let status = if entry.is_current(today) { "current" } else { "past" };
        writer
            .write_record([
                &cell(&entry.user_name),
                fields.kind.as_str(),
                &cell(&fields.organisation),
                &cell(&fields.nature),
                &fields.started_on.to_string(),
                &ended,
                status,
            ])
            .map_err(unexpected)?;
    }
    writer.into_inner().map_err(|e| DomainError::Unexpected(anyhow::anyhow!("csv: {e}")))
}

/// The register as a board publishes it (in the annual report or on its website): per trustee, their
/// current interests, then the interests that ended in the last year... all past ones, marked as such.
pub fn printable(entries: &[Interest], today: NaiveDate, portal_name: &str) -> PrintDocument {
    let mut blocks = vec![
        PrintBlock::Note(format!(
            "{portal_name} - register of trustees' interests as at {}",
            long_date(today)
        )),
        PrintBlock::Gap,
    ];
    let (current, past): (Vec<&Interest>, Vec<&Interest>) = entries.iter().partition(|e| e.is_current(today));
    for (heading, group) in [("Current interests", current), ("Past interests", past)] {
        blocks.push(PrintBlock::Heading(heading.to_string()));
        if group.is_empty() {
            blocks.push(PrintBlock::Paragraph("None declared.".to_string()));
        }
        for entry in group {
            let fields = &entry.fields;
            blocks.push(PrintBlock::Paragraph(format!(
                "{}: {} - {}. {}.",
                entry.user_name,
                fields.kind.label(),
                fields.organisation,
                fields.nature.trim_end_matches('.')
            )));
            let dates = match fields.ended_on {
                Some(end) => format!("From {} to {}", long_date(fields.started_on), long_date(end)),
                None => format!("Since {}", long_date(fields.started_on)),
            };
            blocks.push(PrintBlock::Note(dates));
        }
        blocks.push(PrintBlock::Gap);
    }
    PrintDocument { title: "Register of interests".to_string(), blocks }
}

fn long_date(date: NaiveDate) -> String {
    date.format("%-d %B %Y").to_string()
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, Utc};

    use super::*;
    use crate::governance::interest::{InterestFields, InterestKind};
    use crate::{InterestId, UserId};

    fn entry(name: &str, organisation: &str, ended_on: Option<NaiveDate>) -> Interest {
        Interest {
            id: InterestId(1),
            user_id: UserId(1),
            user_name: name.into(),
            fields: InterestFields {
                kind: InterestKind::Trusteeship,
                organisation: organisation.into(),
                nature: "Trustee, \"unpaid\"".into(),
                started_on: NaiveDate::from_ymd_opt(2020, 5, 1).unwrap(),
                ended_on,
            },
            created_at: DateTime::<Utc>::MIN_UTC,
            updated_at: DateTime::<Utc>::MIN_UTC,
        }
    }

    #[test]
    fn csv_quotes_and_marks_past_entries() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 10).unwrap();
        let rows = [entry("Ann", "Food Bank, Leeds", None), entry("Bob", "Shelter", today.pred_opt())];
        let text = String::from_utf8(csv(&rows, today).unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Trustee,Kind,Organisation or person,Nature,From,To,Status");
        assert_eq!(
            lines[1],
            "Ann,trusteeship,\"Food Bank, Leeds\",\"Trustee, \"\"unpaid\"\"\",2020-05-01,,current"
        );
        assert_eq!(
            lines[2],
            "Bob,trusteeship,Shelter,\"Trustee, \"\"unpaid\"\"\",2020-05-01,2026-03-09,past"
        );
    }

    #[test]
    fn csv_cells_that_look_like_formulas_are_neutralised() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 10).unwrap();
        let rows = [entry("=cmd|' /C calc'!A0", "@SUM(1)", None)];
        let text = String::from_utf8(csv(&rows, today).unwrap()).unwrap();
        assert!(
            text.lines().nth(1).unwrap().starts_with("'=cmd|' /C calc'!A0,trusteeship,'@SUM(1),"),
            "{text}"
        );
    }

    #[test]
    fn the_printable_register_separates_current_and_past() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 10).unwrap();
        let doc = printable(&[entry("Ann", "Food Bank", None)], today, "Portal");
        assert_eq!(doc.blocks[2], PrintBlock::Heading("Current interests".into()));
        assert!(
            matches!(&doc.blocks[3], PrintBlock::Paragraph(p) if p.starts_with("Ann: Trusteeship - Food Bank."))
        );
        assert!(doc.blocks.contains(&PrintBlock::Paragraph("None declared.".into())));
    }
}
