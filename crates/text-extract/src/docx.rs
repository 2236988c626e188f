//! DOCX text: the runs of `word/document.xml` (and the foot- and endnotes), paragraphs on lines, read as a
//! stream of at most `MAX_INFLATED_BYTES` per part, so a ZIP bomb stops there.

use std::io::{BufReader, Cursor, Read};
use std::time::Instant;

use domain::search::file_text::{Extracted, NoTextReason};
use quick_xml::escape::resolve_predefined_entity;
use quick_xml::events::Event;

use crate::sink::TextSink;
use crate::Limits;

/// The first bytes of an OLE2 compound file: what Office writes for a password-protected DOCX or XLSX
/// (the package inside is encrypted).
pub(crate) const OLE2_MAGIC: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

const PARTS: [&str; 3] = ["word/document.xml", "word/footnotes.xml", "word/endnotes.xml"];

pub(crate) fn extract(bytes: &[u8], max_chars: usize, limits: Limits) -> Extracted {
    if bytes.starts_with(&OLE2_MAGIC) {
        return Extracted::NoText(NoTextReason::Encrypted);
    }
    let Ok(mut archive) = zip::ZipArchive::new(Cursor::new(bytes)) else {
        return Extracted::NoText(NoTextReason::Damaged);
    };
    let mut text = TextSink::new(max_chars);
    for (n, name) in PARTS.into_iter().enumerate() {
        let part = match archive.by_name(name) {
            Ok(part) => part,
            // Without the main part this is no word-processing document.
            Err(_) if n == 0 => return Extracted::NoText(NoTextReason::Damaged),
            Err(_) => continue,
        };
        let read = read_part(part.take(limits.inflated), &mut text, limits.deadline);
        if !read && n == 0 && !text.has_words() {
            return Extracted::NoText(NoTextReason::Damaged);
        }
        if text.is_full() || Instant::now() > limits.deadline {
            break;
        }
    }
    Extracted::Text(text.into_text())
}

/// Collects the text of one WordprocessingML part into `text`; false when the XML broke off (what was
/// read before stays).
fn read_part(part: impl Read, text: &mut TextSink, deadline: Instant) -> bool {
    let mut xml = quick_xml::Reader::from_reader(BufReader::new(part));
    let mut buf = Vec::new();
    let mut in_text = false;
    let mut events = 0u32;
    loop {
        buf.clear();
        events = events.wrapping_add(1);
        if text.is_full() || (events.is_multiple_of(4096) && Instant::now() > deadline) {
            return true;
        }
        let event = match xml.read_event_into(&mut buf) {
            Ok(event) => event,
            Err(_) => return false,
        };
        match event {
            Event::Start(element) => match element.local_name().as_ref() {
                "t" => in_text = true,
                "tab" => text.push_str("\t"),
                "br" | "cr" => text.end_line(),
                _ => {}
            },
            Event::Empty(element) => match element.local_name().as_ref() {
                "tab" => text.push_str("\t"),
                "br" | "cr" => text.end_line(),
                _ => {}
            },
            Event::End(element) => match element.local_name().as_ref() {
                "t" => in_text = false,
                "p" => text.end_line(),
                // Table cells side by side: keep their words apart.
                "tc" => text.separate("\t"),
                _ => {}
            },
            Event::Text(run) if in_text => text.push_str(&run.xml10_content()),
            Event::CData(run) if in_text => text.push_str(&run),
            Event::GeneralRef(reference) if in_text => {
                if let Ok(Some(c)) = reference.resolve_char_ref() {
                    text.push_str(c.encode_utf8(&mut [0; 4]));
                } else if let Some(resolved) = resolve_predefined_entity(&reference) {
                    text.push_str(resolved);
                }
            }
            Event::Eof => return true,
            _ => {}
        }
    }
}
