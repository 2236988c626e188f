//! The register of interests as a document to publish as PDF.

use chrono::NaiveDate;

use crate::governance::interest::Interest;
use crate::meetings::{PrintBlock, PrintDocument};

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

/// An entry of the register (a trusteeship since 1 May 2020, with a nature that needs quoting), for the
/// tests of what is made of the register here and in the api crate's spreadsheet export.
#[cfg(any(test, feature = "testing"))]
pub fn example_entry(name: &str, organisation: &str, ended_on: Option<NaiveDate>) -> Interest {
    use crate::governance::interest::{InterestFields, InterestKind};
    use chrono::{DateTime, Utc};

    Interest {
        id: crate::InterestId(1),
        user_id: crate::UserId(1),
        user_name: name.into(),
        fields: InterestFields {
            kind: InterestKind::Trusteeship,
            organisation: organisation.into(),
            nature: "Trustee, \"unpaid\"".into(),
            started_on: NaiveDate::from_ymd_opt(2020, 5, 1).unwrap_or_default(),
            ended_on,
        },
        created_at: DateTime::<Utc>::MIN_UTC,
        updated_at: DateTime::<Utc>::MIN_UTC,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printable_register_separates_current_and_past() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 10).unwrap();
        let doc = printable(&[example_entry("Ann", "Food Bank", None)], today, "Portal");
        assert_eq!(doc.blocks[2], PrintBlock::Heading("Current interests".into()));
        assert!(
            matches!(&doc.blocks[3], PrintBlock::Paragraph(p) if p.starts_with("Ann: Trusteeship - Food Bank."))
        );
        assert!(doc.blocks.contains(&PrintBlock::Paragraph("None declared.".into())));
    }
}
