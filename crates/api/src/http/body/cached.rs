//! Pre-encoded answers (spec §9, Notices list): a read cache holds the response bytes and their `ETag`, so a
//! hit is answered without the database, a thread hop or an encoding.

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::HttpResponse;
use serde::Serialize;

/// A JSON body as sent, with its entity tag.
pub struct EncodedJson {
    body: Bytes,
    etag: String,
}

impl EncodedJson {
    pub fn of(value: &impl Serialize) -> anyhow::Result<EncodedJson> {
        let body = Bytes::from(serde_json::to_vec(value)?);
        let etag = crate::http::middleware::etag::etag_of(&body);
        Ok(EncodedJson { body, etag })
    }

    /// `200` with the bytes and the `ETag` (the `json_etag` middleware answers `304` from it).
    pub fn response(&self) -> HttpResponse {
        HttpResponse::Ok()
            .content_type("application/json")
            .insert_header((header::ETAG, self.etag.as_str()))
            .body(self.body.clone())
    }
}
