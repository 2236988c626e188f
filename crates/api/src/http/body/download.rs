//! File answers: the original name (RFC 6266 with an RFC 5987 `filename*`), the right type, no sniffing,
//! and no caching of board papers by shared browsers or proxies. Every file answer takes single byte
//! ranges (spec §2 Pack reader, "Range requests"), so the reader shows a PDF's first page before the rest
//! has arrived.

use std::str::FromStr;

use actix_web::http::header::{
    self, Charset, ContentDisposition, ContentRange, ContentRangeSpec, DispositionParam, DispositionType,
    EntityTag, ExtendedValue, Range,
};
use actix_web::{HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

use crate::http::error::ErrorBody;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disposition {
    Attachment,
    /// Only for PDFs, which the browser's viewer shows outside the portal's scripts.
    Inline,
}

/// An ASCII stand-in for old clients; modern ones read `filename*`.
fn ascii_fallback(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' })
        .collect()
}

pub fn content_disposition(disposition: Disposition, file_name: &str) -> ContentDisposition {
    ContentDisposition {
        disposition: match disposition {
            Disposition::Attachment => DispositionType::Attachment,
            Disposition::Inline => DispositionType::Inline,
        },
        parameters: vec![
            DispositionParam::Filename(ascii_fallback(file_name)),
            DispositionParam::FilenameExt(ExtendedValue {
                charset: Charset::Ext("UTF-8".into()),
                language_tag: None,
                value: file_name.as_bytes().to_vec(),
            }),
        ],
    }
}

/// What a request's `Range` (and `If-Range`) asks of a file of `len` bytes whose entity tag is `etag`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeAnswer {
    /// 200 with every byte: no range, a malformed one, several ranges, or `If-Range` naming another
    /// version (RFC 9110 §13.1.5: the client's partial copy is stale).
    Whole,
    /// 206 with bytes `start..=end`.
    Part { start: u64, end: u64 },
    /// 416: a single range that starts past the end (or any range of an empty file).
    Unsatisfiable,
}

pub fn range_answer(range: Option<&str>, if_range: Option<&str>, etag: &str, len: u64) -> RangeAnswer {
    let Some(range) = range else { return RangeAnswer::Whole };
    if let Some(if_range) = if_range {
        // Only a strong tag equal to ours keeps the range; a date never matches (no Last-Modified is sent).
        let current = EntityTag::new_strong(etag.to_string());
        match EntityTag::from_str(if_range.trim()) {
            Ok(tag) if tag.strong_eq(&current) => {}
            _ => return RangeAnswer::Whole,
        }
    }
    let spec = match Range::from_str(range.trim()) {
        Ok(Range::Bytes(specs)) if specs.len() == 1 => specs[0].clone(),
        _ => return RangeAnswer::Whole,
    };
    match spec.to_satisfiable_range(len) {
        Some((start, end)) => RangeAnswer::Part { start, end },
        None => RangeAnswer::Unsatisfiable,
    }
}

/// A file about to be answered to `req`: its entity tag and the part of it the request asks for.
pub struct FileAnswer {
    /// A HEAD request: the answer's head only, no reading.
    head: bool,
    bytes: Vec<u8>,
    etag: String,
    answer: RangeAnswer,
}

impl FileAnswer {
    /// Tagged with the hex SHA-256 of its bytes.
    pub fn new(req: &HttpRequest, bytes: Vec<u8>) -> Self {
        let etag: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        Self::tagged(req, bytes, etag)
    }

    /// Tagged with an entity tag already known (the board pack: its fingerprint).
    pub fn tagged(req: &HttpRequest, bytes: Vec<u8>, etag: String) -> Self {
        let header_text =
            |name| req.headers().get(name).and_then(|value: &header::HeaderValue| value.to_str().ok());
        let len = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        let answer = range_answer(header_text(header::RANGE), header_text(header::IF_RANGE), &etag, len);
        Self { head: req.method() == actix_web::http::Method::HEAD, bytes, etag, answer }
    }

    /// Whether this answer opens the file for reading, which is audited once (docs/spec.md §2 Pack reader,
    /// Range requests): the whole file; a part from its first byte; or a part from its first half to its
    /// end (nearly the whole file in one go). A reader fetching the later parts of a PDF (pdf.js asks in
    /// chunks) is the same reading, not another one. What is answered decides, not what was asked. A
    /// client that assembles a file from small later chunks alone is not recorded: that would take state
    /// per person and file, and the audit follows what the portal's reader does; it is not access control.
    /// A HEAD request sends no file and reads nothing.
    pub fn starts_a_reading(&self) -> bool {
        if self.head {
            return false;
        }
        let len = u64::try_from(self.bytes.len()).unwrap_or(u64::MAX);
        match self.answer {
            RangeAnswer::Whole => true,
            RangeAnswer::Part { start, end } => start == 0 || (start < len / 2 && end + 1 >= len),
            RangeAnswer::Unsatisfiable => false,
        }
    }

    pub fn respond(self, file_name: &str, mime_type: &str, disposition: Disposition) -> HttpResponse {
        let Self { bytes, etag, answer, .. } = self;
        let len = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        let mut response = match answer {
            RangeAnswer::Whole => HttpResponse::Ok(),
            RangeAnswer::Part { .. } => HttpResponse::PartialContent(),
            RangeAnswer::Unsatisfiable => HttpResponse::RangeNotSatisfiable(),
        };
        response
            .insert_header((header::ACCEPT_RANGES, "bytes"))
            .insert_header(header::ETag(EntityTag::new_strong(etag)))
            .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            .insert_header((header::CACHE_CONTROL, "private, no-store"));
        if answer == RangeAnswer::Unsatisfiable {
            response.insert_header(ContentRange(ContentRangeSpec::Bytes {
                range: None,
                instance_length: Some(len),
            }));
            return response.json(ErrorBody {
                message: "The requested range is not within the file.".into(),
                errors: None,
            });
        }
        response
            .insert_header(content_disposition(disposition, file_name))
            .insert_header((header::CONTENT_TYPE, mime_type.to_string()));
        // Nothing in a file may run in the portal's origin: an attachment even if a browser tried to render
        // it, and a PDF shown inline (`sandbox`: an opaque origin without scripts or forms).
        let policy = match disposition {
            Disposition::Attachment => "sandbox; default-src 'none'",
            Disposition::Inline => "sandbox",
        };
        response.insert_header((header::CONTENT_SECURITY_POLICY, policy));
        match answer {
            RangeAnswer::Part { start, end } => {
                response.insert_header(ContentRange(ContentRangeSpec::Bytes {
                    range: Some((start, end)),
                    instance_length: Some(len),
                }));
                // `start..=end` lies within the file (`to_satisfiable_range`), so the conversions hold.
                let (start, end) = (usize::try_from(start).unwrap_or(0), usize::try_from(end).unwrap_or(0));
                let mut bytes = bytes;
                bytes.truncate(end.saturating_add(1));
                response.body(bytes.split_off(start.min(bytes.len())))
            }
            _ => response.body(bytes),
        }
    }
}

/// A file answer for `req`, tagged with the hex SHA-256 of its bytes (answers nobody audits).
pub fn file_response(
    req: &HttpRequest,
    bytes: Vec<u8>,
    file_name: &str,
    mime_type: &str,
    disposition: Disposition,
) -> HttpResponse {
    FileAnswer::new(req, bytes).respond(file_name, mime_type, disposition)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_encoded_for_old_and_new_clients() {
        let header = content_disposition(Disposition::Attachment, "Budget «2026» é.pdf").to_string();
        assert!(header.starts_with("attachment; "), "{header}");
        assert!(header.contains("filename=\"Budget _2026_ _.pdf\""), "{header}");
        assert!(header.contains("filename*=UTF-8''Budget%20%C2%AB2026%C2%BB%20%C3%A9.pdf"), "{header}");
    }

    fn answer(range: &str, len: u64) -> RangeAnswer {
        range_answer(Some(range), None, "abc", len)
    }

    #[test]
    fn single_ranges_of_each_form() {
        assert_eq!(answer("bytes=0-99", 1000), RangeAnswer::Part { start: 0, end: 99 });
        assert_eq!(answer("bytes=100-", 1000), RangeAnswer::Part { start: 100, end: 999 });
        assert_eq!(answer("bytes=-50", 1000), RangeAnswer::Part { start: 950, end: 999 });
        assert_eq!(range_answer(None, None, "abc", 1000), RangeAnswer::Whole);
    }

    #[test]
    fn an_end_past_the_file_is_clamped_and_a_start_past_it_is_unsatisfiable() {
        assert_eq!(answer("bytes=900-5000", 1000), RangeAnswer::Part { start: 900, end: 999 });
        assert_eq!(answer("bytes=-5000", 1000), RangeAnswer::Part { start: 0, end: 999 });
        assert_eq!(answer("bytes=1000-", 1000), RangeAnswer::Unsatisfiable);
        assert_eq!(answer("bytes=1000-1001", 1000), RangeAnswer::Unsatisfiable);
        assert_eq!(answer("bytes=-0", 1000), RangeAnswer::Unsatisfiable);
    }

    #[test]
    fn no_range_of_an_empty_file_is_satisfiable() {
        assert_eq!(answer("bytes=0-0", 0), RangeAnswer::Unsatisfiable);
        assert_eq!(answer("bytes=-1", 0), RangeAnswer::Unsatisfiable);
        assert_eq!(range_answer(None, None, "abc", 0), RangeAnswer::Whole);
    }

    #[test]
    fn several_or_malformed_ranges_are_the_whole_file() {
        for range in ["bytes=0-1,5-6", "bytes=abc", "bytes=5-2", "items=0-1", "bytes=", "nonsense"] {
            assert_eq!(answer(range, 1000), RangeAnswer::Whole, "{range}");
        }
    }

    #[test]
    fn if_range_keeps_the_range_only_for_the_same_strong_tag() {
        let part = RangeAnswer::Part { start: 0, end: 9 };
        assert_eq!(range_answer(Some("bytes=0-9"), Some("\"abc\""), "abc", 100), part);
        assert_eq!(range_answer(Some("bytes=0-9"), Some("\"other\""), "abc", 100), RangeAnswer::Whole);
        assert_eq!(range_answer(Some("bytes=0-9"), Some("W/\"abc\""), "abc", 100), RangeAnswer::Whole);
        let date = "Wed, 21 Oct 2015 07:28:00 GMT";
        assert_eq!(range_answer(Some("bytes=0-9"), Some(date), "abc", 100), RangeAnswer::Whole);
    }
}
