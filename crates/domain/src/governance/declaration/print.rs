//! A trustee's annual declaration as a printed document: what they sign (docs/spec.md §16 Signing). The
//! four answers in the words of the form, the round and when it was made.

use crate::governance::declaration::{Declaration, DeclarationRound, DISQUALIFICATION_GROUNDS};
use crate::meetings::{PrintBlock, PrintDocument};

/// The file name and the document of one trustee's declaration in a round.
pub fn print_document(
    round: &DeclarationRound,
    declaration: &Declaration,
    portal_name: &str,
) -> (String, PrintDocument) {
    let answers = declaration.answers;
    let yes_no = |yes: bool| if yes { "Yes" } else { "No" };
    let mut blocks = vec![
        PrintBlock::Note(portal_name.to_string()),
        PrintBlock::Paragraph(format!(
            "{}, declared on {} UTC.",
            declaration.declared_name,
            declaration.declared_at.format("%-d %B %Y at %H:%M")
        )),
        PrintBlock::Gap,
        PrintBlock::Heading("Register of interests".into()),
        PrintBlock::Paragraph(format!(
            "My register entries are complete and current: {}",
            yes_no(answers.register_complete)
        )),
        PrintBlock::Gap,
        PrintBlock::Heading("Eligibility (Charities Act 2011, section 178)".into()),
        PrintBlock::Paragraph(format!("I am 18 or over: {}", yes_no(answers.over_18))),
        PrintBlock::Note("The grounds of automatic disqualification:".into()),
    ];
    blocks.extend(DISQUALIFICATION_GROUNDS.iter().map(|ground| PrintBlock::Paragraph(format!("- {ground}"))));
    blocks.push(PrintBlock::Paragraph(if answers.no_disqualification {
        "None of these applies to me.".to_string()
    } else {
        "One of these applies or may apply to me.".to_string()
    }));
    blocks.push(PrintBlock::Gap);
    blocks.push(PrintBlock::Heading("Code of conduct".into()));
    blocks.push(PrintBlock::Paragraph(format!(
        "I accept the board's code of conduct ({}): {}",
        round.code_of_conduct_title,
        yes_no(answers.accepts_code)
    )));
    let title = format!("Annual declaration {}: {}", round.year, declaration.declared_name);
    let file_name = format!(
        "Declaration {} - {}.pdf",
        round.year,
        declaration.declared_name.replace(['/', '\\', ':', '"'], "-")
    );
    (file_name, PrintDocument { title, blocks })
}
