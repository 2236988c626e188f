//! The extractor on real files made in the test.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use domain::search::file_text::{Extracted, FileToRead, NoTextReason, TextExtractor};

use crate::fixtures;
use crate::FileTextExtractor;

fn extract(name: &str, bytes: &[u8]) -> Extracted {
    extract_with(&FileTextExtractor::without_doc_converter(), name, bytes, 200_000)
}

fn extract_with(extractor: &FileTextExtractor, name: &str, bytes: &[u8], max: usize) -> Extracted {
    extractor.extract(&FileToRead { file_name: name, mime_type: None, bytes }, max).expect("an answer")
}

fn text(extracted: Extracted) -> String {
    match extracted {
        Extracted::Text(text) => text,
        other => panic!("no text: {other:?}"),
    }
}

#[test]
fn a_pdf_gives_its_words_line_by_line() {
    let pdf = fixtures::pdf(&["The lease renewal was approved.", "Budget 2027 & reserves"]);
    let text = text(extract("paper.pdf", &pdf));
    assert!(text.contains("The lease renewal was approved."), "{text}");
    assert!(text.contains("Budget 2027 & reserves"), "{text}");
}

#[test]
fn a_pdf_typeset_by_the_portal_is_read_too() {
    // The typesetting crate writes CID fonts with a ToUnicode map, as most office software does.
    use domain::meetings::{PrintBlock, PrintDocument, Typesetter};
    let pdf = typesetting::PdfTypesetter
        .typeset(&PrintDocument {
            title: "Treasurer's report".into(),
            blocks: vec![PrintBlock::Paragraph("Łukasz reported on the café's reserves.".into())],
        })
        .expect("typeset");
    let text = text(extract("report.pdf", &pdf));
    assert!(text.contains("Łukasz reported on the café's reserves."), "{text}");
}

#[test]
fn encrypted_damaged_and_image_only_pdfs_have_no_text_and_say_why() {
    assert_eq!(
        extract("locked.pdf", &fixtures::encrypted_pdf(&["Secret words"])),
        Extracted::NoText(NoTextReason::Encrypted)
    );
    assert_eq!(
        extract("scan.pdf", &fixtures::image_only_pdf()),
        Extracted::NoText(NoTextReason::NoTextLayer)
    );
    assert_eq!(extract("garbage.pdf", b"%PDF-1.7\nnot really"), Extracted::NoText(NoTextReason::Damaged));
    let pdf = fixtures::pdf(&["Cut short"]);
    assert_eq!(extract("cut.pdf", &pdf[..pdf.len() / 3]), Extracted::NoText(NoTextReason::Damaged));
    let noise: Vec<u8> = (0..20_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    assert_eq!(extract("noise.pdf", &noise), Extracted::NoText(NoTextReason::Damaged));
}

#[test]
fn a_pdf_protected_by_an_owner_password_only_is_read() {
    let text = text(extract("restricted.pdf", &fixtures::owner_protected_pdf(&["Printing is restricted"])));
    assert!(text.contains("Printing is restricted"), "{text}");
}

#[test]
fn a_docx_gives_its_paragraphs_on_lines() {
    let docx = fixtures::docx(&["Lone working policy", "Staff <must> check in & out."]);
    let text = text(extract("policy.docx", &docx));
    assert_eq!(text.trim_end(), "Lone working policy\nStaff <must> check in & out.");
}

#[test]
fn an_xlsx_gives_its_sheet_name_and_cells() {
    let xlsx = fixtures::xlsx("Budget", &[&["Line", "Amount"], &["Rent renewal", "12000"]]);
    let text = text(extract("budget.xlsx", &xlsx));
    assert!(text.contains("Budget"), "{text}");
    assert!(text.contains("Rent renewal\t12000"), "{text}");
}

#[test]
fn a_zip_bomb_stops_at_the_limit() {
    let small = FileTextExtractor::without_doc_converter().with_inflate_limit(256 * 1024);
    // A spreadsheet with a part that inflates far past the limit is refused before calamine reads it.
    let xlsx = fixtures::xlsx("Sheet", &[&["words"]]);
    let mut parts = unzip(&xlsx);
    parts.retain(|(name, _)| name != "xl/worksheets/sheet1.xml");
    let borrowed: Vec<(&str, &str)> = parts.iter().map(|(n, c)| (n.as_str(), c.as_str())).collect();
    let bomb = fixtures::with_bomb(&borrowed, "xl/worksheets/sheet1.xml", "", 4 * 1024 * 1024);
    assert!(bomb.len() < 64 * 1024, "{}", bomb.len());
    assert_eq!(extract_with(&small, "bomb.xlsx", &bomb, 1000), Extracted::NoText(NoTextReason::TooLarge));
    // A word-processing part is read as a stream up to the limit: what came before stays.
    let mut parts = unzip(&fixtures::docx(&["x"]));
    parts.retain(|(name, _)| name != "word/document.xml");
    let borrowed: Vec<(&str, &str)> = parts.iter().map(|(n, c)| (n.as_str(), c.as_str())).collect();
    let prefix = "<w:document xmlns:w=\"urn:w\"><w:body><w:p><w:r><w:t>Kept words</w:t></w:r></w:p><w:p>";
    let bomb = fixtures::with_bomb(&borrowed, "word/document.xml", prefix, 4 * 1024 * 1024);
    let text = text(extract_with(&small, "bomb.docx", &bomb, 1000));
    assert!(text.contains("Kept words"), "{text}");
}

#[test]
fn text_stops_at_the_limit_it_is_given() {
    let long = "word ".repeat(10_000);
    let docx = fixtures::docx(&[&long]);
    assert_eq!(
        text(extract_with(&FileTextExtractor::without_doc_converter(), "long.docx", &docx, 100))
            .chars()
            .count(),
        100
    );
    let txt = "é".repeat(500);
    assert_eq!(
        text(extract_with(&FileTextExtractor::without_doc_converter(), "long.txt", txt.as_bytes(), 7)),
        "é".repeat(7)
    );
}

#[test]
fn text_files_are_read_as_utf8_leniently() {
    assert_eq!(text(extract("notes.TXT", b"Gift Aid \xff claim")), "Gift Aid \u{fffd} claim");
}

#[test]
fn garbage_in_office_clothes_is_damaged_and_unknown_types_unsupported() {
    assert_eq!(extract("broken.docx", b"PK\x03\x04 not a zip"), Extracted::NoText(NoTextReason::Damaged));
    assert_eq!(extract("broken.xlsx", b"PK\x03\x04 not a zip"), Extracted::NoText(NoTextReason::Damaged));
    let ole = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0, 0];
    assert_eq!(extract("broken.xls", &ole), Extracted::NoText(NoTextReason::Damaged));
    assert_eq!(
        extract("not-a-package.docx", &fixtures::package(&[("a.txt", "x")])),
        Extracted::NoText(NoTextReason::Damaged)
    );
    assert_eq!(extract("picture.png", b"\x89PNG"), Extracted::NoText(NoTextReason::UnsupportedType));
}

#[test]
fn doc_files_need_a_converter() {
    let ole = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0, 0];
    assert_eq!(extract("old.doc", &ole), Extracted::NoText(NoTextReason::UnsupportedType));
}

#[test]
fn the_type_recorded_at_upload_decides_when_the_name_has_no_extension() {
    let pdf = fixtures::pdf(&["Named without extension"]);
    let extracted = FileTextExtractor::without_doc_converter()
        .extract(&FileToRead { file_name: "minutes", mime_type: Some("application/pdf"), bytes: &pdf }, 1000)
        .unwrap();
    assert!(text(extracted).contains("Named without extension"));
}

fn unzip(bytes: &[u8]) -> Vec<(String, String)> {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut content = String::new();
            file.read_to_string(&mut content).unwrap();
            (file.name().unwrap().to_string(), content)
        })
        .collect()
}

#[test]
fn doc_files_are_read_by_the_converter_which_is_stopped_when_it_hangs() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let script = |name: &str, body: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    };
    let ole = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0, 0];
    let converter = crate::DocConverter::antiword_at(script("antiword", "echo 'Minutes of the 1998 AGM'"));
    let extractor = FileTextExtractor { doc: Some(converter), ..FileTextExtractor::without_doc_converter() };
    assert_eq!(text(extract_with(&extractor, "old.doc", &ole, 1000)).trim(), "Minutes of the 1998 AGM");

    let refuses = crate::DocConverter::antiword_at(script("refuses", "exit 1"));
    let extractor = FileTextExtractor { doc: Some(refuses), ..FileTextExtractor::without_doc_converter() };
    assert_eq!(extract_with(&extractor, "old.doc", &ole, 1000), Extracted::NoText(NoTextReason::Damaged));

    let hangs = crate::DocConverter::antiword_at(script("hangs", "exec sleep 30"));
    let extractor = FileTextExtractor {
        doc: Some(hangs),
        time_limit: std::time::Duration::from_millis(300),
        ..FileTextExtractor::without_doc_converter()
    };
    let started = std::time::Instant::now();
    assert_eq!(extract_with(&extractor, "old.doc", &ole, 1000), Extracted::NoText(NoTextReason::Damaged));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}
