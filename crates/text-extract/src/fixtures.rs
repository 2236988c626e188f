//! Real files made on the spot, for the tests of this crate and the server's HTTP tests (feature
//! `fixtures`): PDFs with lopdf, DOCX and XLSX packages with the `zip` crate.

#![allow(clippy::expect_used)]

use std::io::{Cursor, Write};

use lopdf::content::{Content, Operation};
use lopdf::{dictionary, Document, EncryptionState, EncryptionVersion, Object, Permissions, Stream};

/// A one-page PDF with each of `lines` on a line of its own (Helvetica, WinAnsi: Latin text only).
pub fn pdf(lines: &[&str]) -> Vec<u8> {
    save(pdf_document(lines))
}

/// A PDF that opens only with the password "secret".
pub fn encrypted_pdf(lines: &[&str]) -> Vec<u8> {
    encrypted_with(lines, "secret")
}

/// A PDF protected by an owner password only: it opens without one (and its text can be read).
pub fn owner_protected_pdf(lines: &[&str]) -> Vec<u8> {
    encrypted_with(lines, "")
}

/// A PDF whose page draws but writes no text (as a scan does).
pub fn image_only_pdf() -> Vec<u8> {
    let mut document = pdf_document(&[]);
    let page = *document.get_pages().values().next().expect("a page");
    let content = Content {
        operations: vec![
            Operation::new("q", vec![]),
            Operation::new("re", vec![10.into(), 10.into(), 200.into(), 200.into()]),
            Operation::new("f", vec![]),
            Operation::new("Q", vec![]),
        ],
    };
    let stream = document.add_object(Stream::new(dictionary! {}, content.encode().expect("content")));
    if let Ok(Object::Dictionary(dictionary)) = document.get_object_mut(page) {
        dictionary.set("Contents", stream);
    }
    save(document)
}

fn encrypted_with(lines: &[&str], user_password: &str) -> Vec<u8> {
    let mut document = pdf_document(lines);
    let state = EncryptionState::try_from(EncryptionVersion::V2 {
        document: &document,
        owner_password: "owner",
        user_password,
        key_length: 128,
        permissions: Permissions::all(),
    })
    .expect("encryption state");
    document.encrypt(&state).expect("encrypt");
    save(document)
}

fn pdf_document(lines: &[&str]) -> Document {
    let mut document = Document::with_version("1.5");
    let pages_id = document.new_object_id();
    let font_id = document.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => "Helvetica",
        "Encoding" => "WinAnsiEncoding",
    });
    let resources_id = document.add_object(dictionary! { "Font" => dictionary! { "F1" => font_id } });
    let mut operations = vec![
        Operation::new("BT", vec![]),
        Operation::new("Tf", vec!["F1".into(), 12.into()]),
        Operation::new("TL", vec![16.into()]),
        Operation::new("Td", vec![72.into(), 760.into()]),
    ];
    for line in lines {
        operations.push(Operation::new("Tj", vec![Object::string_literal(*line)]));
        operations.push(Operation::new("T*", vec![]));
    }
    operations.push(Operation::new("ET", vec![]));
    let content = Content { operations };
    let content_id = document.add_object(Stream::new(dictionary! {}, content.encode().expect("content")));
    let page_id = document.add_object(dictionary! {
        "Type" => "Page",
        "Parent" => pages_id,
        "Contents" => content_id,
    });
    document.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => vec![page_id.into()],
            "Count" => 1,
            "Resources" => resources_id,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let catalog_id = document.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    document.trailer.set("Root", catalog_id);
    document.trailer.set(
        "ID",
        Object::Array(vec![
            Object::string_literal(b"0123456789abcdef"),
            Object::string_literal(b"fedcba9876543210"),
        ]),
    );
    document
}

fn save(mut document: Document) -> Vec<u8> {
    let mut bytes = Vec::new();
    document.save_to(&mut bytes).expect("save the PDF");
    bytes
}

/// A DOCX whose body is these paragraphs (XML special characters escaped).
pub fn docx(paragraphs: &[&str]) -> Vec<u8> {
    let body: String = paragraphs
        .iter()
        .map(|p| format!("<w:p><w:r><w:t xml:space=\"preserve\">{}</w:t></w:r></w:p>", escape(p)))
        .collect();
    let document = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\
         <w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\">\
         <w:body>{body}</w:body></w:document>"
    );
    package(&[
        (
            "[Content_Types].xml",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
             <Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">\
             <Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>\
             <Default Extension=\"xml\" ContentType=\"application/xml\"/>\
             <Override PartName=\"/word/document.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/>\
             </Types>",
        ),
        (
            "_rels/.rels",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
             <Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\
             <Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"word/document.xml\"/>\
             </Relationships>",
        ),
        ("word/document.xml", &document),
    ])
}

/// An XLSX with one sheet named `sheet` holding these rows of text cells (inline strings).
pub fn xlsx(sheet: &str, rows: &[&[&str]]) -> Vec<u8> {
    let rows: String = rows
        .iter()
        .enumerate()
        .map(|(r, cells)| {
            let cells: String = cells
                .iter()
                .enumerate()
                .map(|(c, value)| {
                    let column = char::from(b'A' + u8::try_from(c % 26).expect("a column"));
                    format!(
                        "<c r=\"{column}{}\" t=\"inlineStr\"><is><t>{}</t></is></c>",
                        r + 1,
                        escape(value)
                    )
                })
                .collect();
            format!("<row r=\"{}\">{cells}</row>", r + 1)
        })
        .collect();
    let worksheet = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
         <worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">\
         <sheetData>{rows}</sheetData></worksheet>"
    );
    let workbook = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
         <workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" \
         xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">\
         <sheets><sheet name=\"{}\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>",
        escape(sheet)
    );
    package(&[
        (
            "[Content_Types].xml",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
             <Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">\
             <Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>\
             <Default Extension=\"xml\" ContentType=\"application/xml\"/>\
             <Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>\
             <Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>\
             </Types>",
        ),
        (
            "_rels/.rels",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
             <Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\
             <Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"xl/workbook.xml\"/>\
             </Relationships>",
        ),
        ("xl/workbook.xml", &workbook),
        (
            "xl/_rels/workbook.xml.rels",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
             <Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\
             <Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/sheet1.xml\"/>\
             </Relationships>",
        ),
        ("xl/worksheets/sheet1.xml", &worksheet),
    ])
}

/// `package`'s parts plus `name`: `prefix` followed by spaces up to `inflated` bytes, which deflate packs
/// a thousandfold: a ZIP bomb in miniature.
pub fn with_bomb(parts: &[(&str, &str)], name: &str, prefix: &str, inflated: usize) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    write_parts(&mut zip, parts);
    zip.start_file(name, deflated()).expect("start a part");
    zip.write_all(prefix.as_bytes()).expect("write the prefix");
    let block = vec![b' '; 64 * 1024];
    let mut left = inflated.saturating_sub(prefix.len());
    while left > 0 {
        let n = left.min(block.len());
        zip.write_all(&block[..n]).expect("write the filler");
        left -= n;
    }
    zip.finish().expect("finish the package").into_inner()
}

/// A ZIP of these parts, deflated.
pub fn package(parts: &[(&str, &str)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    write_parts(&mut zip, parts);
    zip.finish().expect("finish the package").into_inner()
}

fn write_parts(zip: &mut zip::ZipWriter<Cursor<Vec<u8>>>, parts: &[(&str, &str)]) {
    for (name, content) in parts {
        zip.start_file(*name, deflated()).expect("start a part");
        zip.write_all(content.as_bytes()).expect("write a part");
    }
}

fn deflated() -> zip::write::SimpleFileOptions {
    zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
