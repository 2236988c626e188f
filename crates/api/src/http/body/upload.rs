//! Reads a multipart upload: text fields into memory, the one file streamed into the file store.
//!
//! The 10 MB limit is counted while streaming, and the type is checked by extension and by content, so
//! nothing but an accepted file ever becomes permanent: until the use case commits it, the file is a
//! pending one that disappears when dropped. Every byte of the body also counts against the body's own
//! limit (the file's plus room for the text fields and boundaries), whatever its framing and whichever
//! part holds the bulk: a chunked body is refused exactly as the same body with a `Content-Length` is
//! (spec §9).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::poll_fn;
use std::io::Write;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::task::{Context, Poll};

use actix_multipart::{Field, Multipart};
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest};
use futures_util::{Stream, StreamExt};

use domain::library::files::{self, FileKind, MAX_UPLOAD_BYTES, SNIFF_BYTES};
pub use domain::library::ReceivedFile;
use domain::library::{FileStore, LibraryRefusal};
use domain::DomainError;

use crate::http::error::ApiError;

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
    match declared_length(req) {
        Some(length) if length > MAX_BODY_BYTES => Err(LibraryRefusal::FileTooLarge.into()),
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
///
/// The body's size is judged before anything it holds (spec §9): when a chunked body is refused for
/// its content (a text field too long, too many fields, a second file, ...), the rest of it is still
/// counted, up to the limit, so that a body also over the limit answers the 413 it answers with a
/// `Content-Length`, and one within the limit keeps the refusal for what it holds.
pub async fn read_upload(
    req: &HttpRequest,
    payload: web::Payload,
    store: Arc<dyn FileStore>,
    allowed: &'static [FileKind],
) -> Result<Upload, ApiError> {
    let payload = Rc::new(RefCell::new(payload));
    let read_so_far = Rc::new(Cell::new(0u64));
    let counted = Counted { payload: payload.clone(), read: read_so_far.clone(), ended: false };
    let read = read_parts(Multipart::new(req.headers(), counted), store, allowed).await;
    // A declared length was checked against the limit before the body was read, and the body cannot
    // run past it; a chunked one is read on to its end (never further than just past the limit).
    if read.is_err() && declared_length(req).is_none() {
        drain_raw(&payload, &read_so_far, MAX_BODY_BYTES + 1).await;
    }
    if read_so_far.get() > MAX_BODY_BYTES {
        // However the overflow surfaced (a malformed part, a field cut short, a refused field), the
        // answer is the 413; the pending file, if any, goes with `read`.
        drop(read);
        // Read a little more of what the client is still sending, so that it sees the 413 rather than
        // a reset connection (a body far too large and declared so was refused by its length already).
        let more = read_so_far.get() + MAX_MULTIPART_OVERHEAD;
        drain_raw(&payload, &read_so_far, more).await;
        return Err(LibraryRefusal::FileTooLarge.into());
    }
    read
}

fn declared_length(req: &HttpRequest) -> Option<u64> {
    req.headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
}

/// Reads and discards the body's remaining chunks until it ends, fails, or `until` bytes have been
/// read in all, counting them in `read`.
async fn drain_raw(payload: &RefCell<web::Payload>, read: &Cell<u64>, until: u64) {
    while read.get() < until {
        // The borrow lasts one poll, never across an await.
        match poll_fn(|cx| payload.borrow_mut().poll_next_unpin(cx)).await {
            Some(Ok(chunk)) => read.set(read.get() + chunk.len() as u64),
            _ => break,
        }
    }
}

/// The body's chunks, counted in `read`: past `MAX_BODY_BYTES` it ends with an overflow error. The
/// payload is shared so that `read_upload` can go on counting after the multipart reader stops.
struct Counted {
    payload: Rc<RefCell<web::Payload>>,
    read: Rc<Cell<u64>>,
    ended: bool,
}

impl Stream for Counted {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        // The multipart reader may poll again after the end.
        if self.ended {
            return Poll::Ready(None);
        }
        let polled = self.payload.borrow_mut().poll_next_unpin(cx);
        match polled {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Some(Ok(chunk))) => {
                let read = self.read.get() + chunk.len() as u64;
                self.read.set(read);
                if read <= MAX_BODY_BYTES {
                    return Poll::Ready(Some(Ok(chunk)));
                }
                self.ended = true;
                Poll::Ready(Some(Err(PayloadError::Overflow)))
            }
            Poll::Ready(Some(Err(e))) => {
                self.ended = true;
                Poll::Ready(Some(Err(e)))
            }
            Poll::Ready(None) => {
                self.ended = true;
                Poll::Ready(None)
            }
        }
    }
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
            return Err(LibraryRefusal::FileTooLarge.into());
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
