//! Reads a multipart upload: text fields into memory, the one file streamed into the file store.
//!
//! The 10 MB limit is counted while streaming, and the type is checked by extension and by content, so
//! nothing but an accepted file ever becomes permanent: until the use case commits it, the file is a
//! pending one that disappears when dropped. Every byte of the body also counts against the body's own
//! limit (the file's plus room for the text fields and boundaries), whatever its framing and whichever
//! part holds the bulk: a chunked body is refused exactly as the same body with a `Content-Length` is
//! (spec §9).

use std::cell::Cell;

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;

use std::rc::Rc;

use actix_multipart::{Field, Multipart};
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest};
use futures_util::{Stream, StreamExt};

use domain::files::{self, FileKind, MAX_UPLOAD_BYTES, SNIFF_BYTES, TOO_LARGE_MESSAGE};
use domain::ports::FileStore;
pub use domain::ports::ReceivedFile;
use domain::DomainError;

use crate::error::ApiError;

/// Text fields are short (titles, dates, links).
const MAX_TEXT_FIELD_BYTES: usize = 16 * 1024;
const MAX_TEXT_FIELDS: usize = 20;
/// Room for the text fields and multipart boundaries around a file of the largest accepted size.
const MAX_MULTIPART_OVERHEAD: u64 = (MAX_TEXT_FIELDS * MAX_TEXT_FIELD_BYTES) as u64 + 64 * 1024;
/// The most an upload's whole body may hold, however it is framed.
pub const MAX_BODY_BYTES: u64 = MAX_UPLOAD_BYTES + MAX_MULTIPART_OVERHEAD;

/// Refuses, before any of the body is read, an upload whose declared length cannot fit the limits. Bodies
/// without a declared length (chunked) are counted byte by byte while streaming by `read_upload`.
pub fn refuse_declared_oversize(req: &HttpRequest) -> Result<(), ApiError> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    match declared {
        Some(length) if length > MAX_BODY_BYTES => {
            Err(DomainError::TooLarge(TOO_LARGE_MESSAGE.into()).into())
        }
        _ => Ok(()),
    }
}

pub struct Upload {
    pub fields: HashMap<String, String>,
    pub file: Option<ReceivedFile>,
}

impl Upload {
    /// A text field, `None` when absent.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }

    /// Moves a text field out, `None` when absent.
    pub fn take(&mut self, name: &str) -> Option<String> {
        self.fields.remove(name)
    }
}

fn bad_request(message: impl Into<String>) -> ApiError {
    DomainError::BadRequest(message.into()).into()
}

fn unexpected(error: impl std::fmt::Display) -> ApiError {
    DomainError::Unexpected(anyhow::anyhow!("upload failed: {error}")).into()
}

/// Reads the whole multipart body. The file part must be named `file`; other parts are text. A body
/// longer than `MAX_BODY_BYTES` is a 413 wherever its bytes are (a file part without a file name, text
/// parts, many small parts, the preamble), and nothing of it is kept: the pending file, if any, is
/// dropped with the refusal.
pub async fn read_upload(
    req: &HttpRequest,
    payload: web::Payload,
    store: Arc<dyn FileStore>,
    allowed: &'static [FileKind],
) -> Result<Upload, ApiError> {
    let overflowed = Rc::new(Cell::new(false));
    let multipart = Multipart::new(req.headers(), counted(payload, overflowed.clone()));
    let read = read_parts(multipart, store, allowed).await;
    // However the overflow surfaced (a malformed part, a field cut short), the answer is the 413.
    if overflowed.get() {
        drop(read);
        return Err(DomainError::TooLarge(TOO_LARGE_MESSAGE.into()).into());
    }
    read
}

/// The body's chunks, counted: past `MAX_BODY_BYTES` it ends with an overflow error, after reading a
/// little more of what the client is still sending so that it sees the 413 rather than a reset
/// connection (a body far too large and declared so was refused by its length already).
fn counted(
    payload: web::Payload,
    overflowed: Rc<Cell<bool>>,
) -> impl Stream<Item = Result<Bytes, PayloadError>> {
    futures_util::stream::unfold((payload, 0u64, false), move |(mut payload, mut read, ended)| {
        let overflowed = overflowed.clone();
        async move {
            if ended {
                return None;
            }
            match payload.next().await {
                None => None,
                Some(Err(e)) => Some((Err(e), (payload, read, true))),
                Some(Ok(chunk)) => {
                    read += chunk.len() as u64;
                    if read <= MAX_BODY_BYTES {
                        return Some((Ok(chunk), (payload, read, false)));
                    }
                    overflowed.set(true);
                    let mut drained: u64 = 0;
                    while drained < MAX_MULTIPART_OVERHEAD {
                        match payload.next().await {
                            Some(Ok(more)) => drained += more.len() as u64,
                            _ => break,
                        }
                    }
                    Some((Err(PayloadError::Overflow), (payload, read, true)))
                }
            }
        }
    })
    // The multipart reader may poll again after the end.
    .fuse()
}

async fn read_parts(
    mut payload: Multipart,
    store: Arc<dyn FileStore>,
    allowed: &'static [FileKind],
) -> Result<Upload, ApiError> {
    let mut fields = HashMap::new();
    let mut file = None;
    while let Some(item) = payload.next().await {
        let field = item.map_err(|e| bad_request(format!("Malformed upload: {e}")))?;
        let name = field.name().unwrap_or_default().to_string();
        let file_name = field.content_disposition().and_then(|cd| cd.get_filename()).map(str::to_string);
        match (name.as_str(), file_name) {
            ("file", Some(file_name)) if !file_name.is_empty() => {
                if file.is_some() {
                    return Err(bad_request("Only one file can be uploaded at a time."));
                }
                file = Some(receive_file(field, &file_name, store.clone(), allowed).await?);
            }
            ("file", _) => drain(field).await?,
            _ => {
                if fields.len() >= MAX_TEXT_FIELDS {
                    return Err(bad_request("Too many fields in the upload."));
                }
                let value = read_text(field).await?;
                fields.insert(name, value);
            }
        }
    }
    Ok(Upload { fields, file })
}

async fn read_text(mut field: Field) -> Result<String, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|e| bad_request(format!("Malformed upload: {e}")))?;
        if bytes.len() + chunk.len() > MAX_TEXT_FIELD_BYTES {
            return Err(bad_request("A text field of the upload is too long."));
        }
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8(bytes).map_err(|_| bad_request("Text fields must be UTF-8."))
}

async fn drain(mut field: Field) -> Result<(), ApiError> {
    while let Some(chunk) = field.next().await {
        chunk.map_err(|e| bad_request(format!("Malformed upload: {e}")))?;
    }
    Ok(())
}

async fn receive_file(
    mut field: Field,
    raw_name: &str,
    store: Arc<dyn FileStore>,
    allowed: &'static [FileKind],
) -> Result<ReceivedFile, ApiError> {
    let file_name = files::clean_file_name(raw_name);
    let kind = FileKind::from_file_name(&file_name).filter(|k| allowed.contains(k)).ok_or_else(|| {
        ApiError::from(DomainError::invalid("file", FileKind::not_accepted_message(allowed)))
    })?;

    let mut pending = web::block(move || store.begin()).await.map_err(unexpected)?.map_err(unexpected)?;
    let mut size: u64 = 0;
    let mut head: Vec<u8> = Vec::with_capacity(SNIFF_BYTES);
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|e| bad_request(format!("Malformed upload: {e}")))?;
        size += chunk.len() as u64;
        if size > MAX_UPLOAD_BYTES {
            drop(pending); // removes the partial file
                           // Read a little more of what the client is still sending, so that it sees the 413 rather
                           // than a reset connection; a body far too large was refused by its declared length already.
            let mut drained: u64 = 0;
            while drained < MAX_MULTIPART_OVERHEAD {
                match field.next().await {
                    Some(Ok(more)) => drained += more.len() as u64,
                    _ => break,
                }
            }
            return Err(DomainError::TooLarge(TOO_LARGE_MESSAGE.into()).into());
        }
        if head.len() < SNIFF_BYTES {
            let take = (SNIFF_BYTES - head.len()).min(chunk.len());
            head.extend_from_slice(&chunk[..take]);
        }
        pending = web::block(move || pending.write_all(&chunk).map(|()| pending))
            .await
            .map_err(unexpected)?
            .map_err(unexpected)?;
    }
    if size == 0 {
        return Err(DomainError::invalid("file", "The file is empty.").into());
    }
    if !kind.matches_content(&head) {
        return Err(DomainError::invalid(
            "file",
            format!("The file's content is not a valid {} file.", kind.extension().to_ascii_uppercase()),
        )
        .into());
    }
    Ok(ReceivedFile { pending, file_name, kind, size })
}
