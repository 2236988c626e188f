//! PDF text with lopdf: page by page, any stream inflated to at most `MAX_INFLATED_BYTES`.

use std::time::Instant;

use domain::search::file_text::{Extracted, NoTextReason};
use lopdf::{Document, LoadOptions};

use crate::sink::TextSink;
use crate::Limits;

pub(crate) fn extract(bytes: &[u8], max_chars: usize, limits: Limits) -> Extracted {
    let limit = usize::try_from(limits.inflated).unwrap_or(usize::MAX);
    let options = LoadOptions { max_decompressed_size: Some(limit), ..LoadOptions::default() };
    let document = match Document::load_mem_with_options(bytes, options) {
        Ok(document) => document,
        Err(lopdf::Error::Decryption(_)) => return Extracted::NoText(NoTextReason::Encrypted),
        Err(_) => return Extracted::NoText(NoTextReason::Damaged),
    };
    // A file protected by an owner password only opens with the empty user password (lopdf decrypts it
    // while loading) and its text is read; one that needs a password to open stays encrypted.
    if document.is_encrypted() && !document.was_encrypted() {
        return Extracted::NoText(NoTextReason::Encrypted);
    }
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    if pages.is_empty() {
        return Extracted::NoText(NoTextReason::Damaged);
    }
    let page_count = pages.len();
    let mut text = TextSink::new(max_chars);
    let mut failed_pages = 0usize;
    for page in pages {
        if text.is_full() || Instant::now() > limits.deadline {
            break;
        }
        let mut failed = false;
        for chunk in document.extract_text_chunks_with_limit(&[page], limit) {
            // A part in a font whose encoding lopdf cannot read is left out; the rest of the page stays.
            match chunk {
                Ok(chunk) => text.push_str(&chunk),
                Err(_) => failed = true,
            }
        }
        failed_pages += usize::from(failed);
        text.end_line();
    }
    if text.has_words() {
        Extracted::Text(text.into_text())
    } else if failed_pages == page_count {
        // No page could be read.
        Extracted::NoText(NoTextReason::Damaged)
    } else {
        // Pages that are images (a scan) or blank.
        Extracted::NoText(NoTextReason::NoTextLayer)
    }
}
