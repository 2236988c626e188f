//! The demo's files: tiny but valid one-page PDFs, plain text, and the upload checks they pass through.

use std::io::Write;

use anyhow::{bail, Context};

use domain::files::{clean_file_name, FileKind, SNIFF_BYTES};
use domain::ports::{FileStore, ReceivedFile};

/// Characters per body line: Helvetica 11 pt fits about this many in A4's width less 2 cm margins.
const WRAP_AT: usize = 88;
/// Body lines that fit below the title on one A4 page.
const MAX_LINES: usize = 46;

/// A one-page A4 PDF: `title` in bold, then `paragraphs` word-wrapped in Helvetica. Text is written in
/// WinAnsiEncoding (so '£' and 'é' print); a character outside it becomes '?'.
///
/// The file is built the plain way: header, six objects, a cross-reference table whose offsets are the
/// objects' byte positions, the trailer, `startxref` and `%%EOF`.
pub fn one_page_pdf(title: &str, paragraphs: &[&str]) -> Vec<u8> {
    let mut content = Vec::new();
    content.extend_from_slice(b"BT\n/F1 16 Tf\n56 780 Td\n");
    content.extend_from_slice(&pdf_string(title));
    content.extend_from_slice(b" Tj\n/F2 11 Tf\n15 TL\n0 -12 Td\n");
    let mut lines = 0;
    for paragraph in paragraphs {
        // An empty line before each paragraph.
        for line in std::iter::once(String::new()).chain(wrap(paragraph, WRAP_AT)) {
            if lines == MAX_LINES {
                break;
            }
            content.extend_from_slice(b"T* ");
            content.extend_from_slice(&pdf_string(&line));
            content.extend_from_slice(b" Tj\n");
            lines += 1;
        }
    }
    content.extend_from_slice(b"ET\n");

    let mut info = b"<< /Title ".to_vec();
    info.extend_from_slice(&pdf_string(title));
    info.extend_from_slice(b" /Producer (Trustee Portal demo data) >>");
    let mut stream = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
    stream.extend_from_slice(&content);
    stream.extend_from_slice(b"endstream");

    let objects: [Vec<u8>; 7] = [
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] \
           /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>"
            .to_vec(),
        stream,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".to_vec(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_vec(),
        info,
    ];

    // The second line's bytes above 127 tell transfer tools the file is binary.
    let mut pdf = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (index, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n", index + 1).as_bytes());
        pdf.extend_from_slice(body);
        pdf.extend_from_slice(b"\nendobj\n");
    }
    let xref_at = pdf.len();
    // Every entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, n/f, space, LF.
    pdf.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R /Info 7 0 R >>\nstartxref\n{xref_at}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

/// A PDF literal string `(...)`, escaped, in WinAnsiEncoding.
fn pdf_string(text: &str) -> Vec<u8> {
    let mut out = vec![b'('];
    for c in text.chars() {
        match c {
            '(' | ')' | '\\' => out.extend_from_slice(&[b'\\', c as u8]),
            ' '..='~' => out.push(c as u8),
            '\u{2013}' | '\u{2014}' => out.push(b'-'),
            '\u{2018}' | '\u{2019}' => out.push(b'\''),
            '\u{201C}' | '\u{201D}' => out.push(b'"'),
            '\u{2022}' => out.extend_from_slice(b"\\225"),
            '£' => out.extend_from_slice(b"\\243"),
            'é' => out.extend_from_slice(b"\\351"),
            _ => out.push(b'?'),
        }
    }
    out.push(b')');
    out
}

/// Greedy word wrap; a word longer than `width` gets a line of its own.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The bytes as an upload the use cases accept: written to a pending file of the store after the same
/// checks the HTTP upload makes (a known extension, and content that is what the extension claims).
/// Like any upload, it is only kept if the use case commits it.
pub fn received_file(store: &dyn FileStore, file_name: &str, bytes: &[u8]) -> anyhow::Result<ReceivedFile> {
    let file_name = clean_file_name(file_name);
    let Some(kind) = FileKind::from_file_name(&file_name) else {
        bail!("demo file {file_name} has no accepted extension");
    };
    if !kind.matches_content(&bytes[..bytes.len().min(SNIFF_BYTES)]) {
        bail!("demo file {file_name} is not a valid {}", kind.extension());
    }
    let mut pending = store.begin()?;
    pending.write_all(bytes).with_context(|| format!("cannot write the demo file {file_name}"))?;
    pending.flush()?;
    let size = u64::try_from(bytes.len())?;
    Ok(ReceivedFile { pending, file_name, kind, size })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
        haystack.windows(needle.len()).position(|w| w == needle)
    }

    #[test]
    fn the_cross_reference_table_points_at_each_object() {
        let pdf = one_page_pdf("Minutes (draft) – £5", &["Line one.", "A second paragraph."]);
        assert!(pdf.starts_with(b"%PDF-1.4\n"));
        assert!(pdf.ends_with(b"%%EOF\n"));

        let text = String::from_utf8_lossy(&pdf);
        let startxref = text.rsplit("startxref\n").next().and_then(|s| s.lines().next()).unwrap();
        let xref_at: usize = startxref.parse().unwrap();
        assert_eq!(&pdf[xref_at..xref_at + 5], b"xref\n");
        let table = String::from_utf8_lossy(&pdf[xref_at..]);
        let entries: Vec<&str> = table.lines().skip(2).take(8).collect();
        assert_eq!(entries[0], "0000000000 65535 f ");
        for (number, entry) in entries.iter().enumerate().skip(1) {
            assert_eq!(entry.len() + 1, 20);
            let offset: usize = entry[..10].parse().unwrap();
            assert!(pdf[offset..].starts_with(format!("{number} 0 obj\n").as_bytes()), "object {number}");
        }
        assert!(text.contains("/Size 8 /Root 1 0 R"));
    }

    #[test]
    fn the_stream_length_is_exact_and_text_is_escaped() {
        let pdf = one_page_pdf("A (b) \\ c", &["£10 – café"]);
        let start = find(&pdf, b"stream\n").unwrap() + 7;
        let end = find(&pdf, b"endstream").unwrap();
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains(&format!("<< /Length {} >>", end - start)));
        assert!(find(&pdf, b"(A \\(b\\) \\\\ c) Tj").is_some());
        assert!(find(&pdf, b"(\\24310 - caf\\351) Tj").is_some());
    }

    #[test]
    fn words_wrap_at_the_width() {
        assert_eq!(wrap("one two three four", 9), vec!["one two", "three", "four"]);
        assert_eq!(wrap("  ", 9), Vec::<String>::new());
        assert!(wrap(&"word ".repeat(100), WRAP_AT).iter().all(|l| l.chars().count() <= WRAP_AT));
    }
}
