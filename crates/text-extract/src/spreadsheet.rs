//! XLS and XLSX text with calamine: each sheet's name, then its rows, cells apart by tabs.

use std::io::{Cursor, Read, Seek};
use std::time::Instant;

use calamine::{Data, Reader, Xls, XlsError, Xlsx, XlsxError};
use domain::library::files::FileKind;
use domain::search::file_text::{Extracted, NoTextReason};

use crate::docx::OLE2_MAGIC;
use crate::sink::TextSink;
use crate::Limits;

pub(crate) fn extract(kind: FileKind, bytes: &[u8], max_chars: usize, limits: Limits) -> Extracted {
    let mut text = TextSink::new(max_chars);
    let read = if kind == FileKind::Xlsx {
        if bytes.starts_with(&OLE2_MAGIC) {
            // Office keeps a password-protected XLSX in an encrypted compound file.
            return Extracted::NoText(NoTextReason::Encrypted);
        }
        // calamine inflates the parts it reads whole: measure them first, stopping at the limit.
        match inflated_size(bytes, limits.inflated) {
            Some(size) if size <= limits.inflated => {}
            Some(_) => return Extracted::NoText(NoTextReason::TooLarge),
            None => return Extracted::NoText(NoTextReason::Damaged),
        }
        match Xlsx::new(Cursor::new(bytes)) {
            Ok(mut workbook) => read_sheets(&mut workbook, &mut text, limits.deadline),
            Err(XlsxError::Password) => return Extracted::NoText(NoTextReason::Encrypted),
            Err(_) => return Extracted::NoText(NoTextReason::Damaged),
        }
    } else {
        match Xls::new(Cursor::new(bytes)) {
            Ok(mut workbook) => read_sheets(&mut workbook, &mut text, limits.deadline),
            Err(XlsError::Password) => return Extracted::NoText(NoTextReason::Encrypted),
            Err(_) => return Extracted::NoText(NoTextReason::Damaged),
        }
    };
    if !read && !text.has_words() {
        return Extracted::NoText(NoTextReason::Damaged);
    }
    Extracted::Text(text.into_text())
}

/// Every sheet's text into `text`; false when no sheet could be read.
fn read_sheets<RS: Read + Seek, R: Reader<RS>>(
    workbook: &mut R,
    text: &mut TextSink,
    deadline: Instant,
) -> bool {
    let mut any = false;
    for name in workbook.sheet_names() {
        if text.is_full() || Instant::now() > deadline {
            break;
        }
        let Ok(range) = workbook.worksheet_range(&name) else { continue };
        any = true;
        text.end_line();
        text.push_str(&name);
        text.end_line();
        for (n, row) in range.rows().enumerate() {
            if text.is_full() || (n.is_multiple_of(1024) && Instant::now() > deadline) {
                break;
            }
            let mut first = true;
            for cell in row.iter().filter(|cell| !matches!(cell, Data::Empty)) {
                if !first {
                    text.push_str("\t");
                }
                first = false;
                text.push_str(&cell.to_string());
            }
            text.end_line();
        }
    }
    any
}

/// The bytes all the entries of a ZIP inflate to, counted by inflating them (a ZIP's own sizes can lie)
/// and stopping just past `limit`; `None` when it is no readable ZIP.
fn inflated_size(bytes: &[u8], limit: u64) -> Option<u64> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).ok()?;
    let mut total = 0u64;
    for index in 0..archive.len() {
        let entry = archive.by_index(index).ok()?;
        let budget = limit - total + 1;
        total += std::io::copy(&mut entry.take(budget), &mut std::io::sink()).ok()?;
        if total > limit {
            break;
        }
    }
    Some(total)
}
