//! Entity tags on JSON answers and `304 Not Modified`.

use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;

/// The entity tag of an answer's bytes (a SHA-256, cut to 128 bits), quoted.
pub(crate) fn etag_of(bytes: &[u8]) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    let tag: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("\"{tag}\"")
}

/// `ETag` on every successful JSON answer to `GET`/`HEAD` (a SHA-256 of the bytes), and `304 Not Modified`
/// when `If-None-Match` names it (spec §9). Only JSON is read whole: streams and files pass untouched.
pub async fn json_etag(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    use actix_web::http::Method;
    let readable = matches!(*req.method(), Method::GET | Method::HEAD);
    let asked = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).map(str::to_string);
    let response = next.call(req).await?.map_into_boxed_body();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !readable || !json || response.status() != StatusCode::OK {
        return Ok(response);
    }
    let matches = |etag: &str| {
        asked.as_deref().is_some_and(|asked| {
            asked.split(',').map(str::trim).any(|candidate| candidate == etag || candidate == "*")
        })
    };
    // A pre-encoded answer (`cached::EncodedJson`) carries its tag: nothing to read or hash.
    let given = response.headers().get(header::ETAG).and_then(|v| v.to_str().ok()).map(str::to_string);
    if let Some(etag) = given {
        if !matches(&etag) {
            return Ok(response);
        }
        let (request, response) = response.into_parts();
        return Ok(actix_web::dev::ServiceResponse::new(request, not_modified(response.headers())));
    }
    let (request, response) = response.into_parts();
    let (head, body) = response.into_parts();
    let bytes = match actix_web::body::to_bytes(body).await {
        Ok(bytes) => bytes,
        Err(_) => return Err(actix_web::error::ErrorInternalServerError("the answer could not be read")),
    };
    let etag = etag_of(&bytes);
    let matches = matches(&etag);
    let mut response = if matches {
        not_modified(head.headers())
    } else {
        head.set_body(actix_web::body::BoxBody::new(bytes))
    };
    if let Ok(value) = header::HeaderValue::from_str(&etag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    Ok(actix_web::dev::ServiceResponse::new(request, response))
}

/// `304 Not Modified` in place of an answer with these headers: it keeps them all (`ETag`, `Cache-Control`,
/// ...) but those that describe a body it no longer has.
fn not_modified(headers: &header::HeaderMap) -> HttpResponse {
    let mut not_modified = HttpResponse::NotModified().finish();
    for (name, value) in headers.iter() {
        if name != header::CONTENT_LENGTH && name != header::CONTENT_TYPE {
            not_modified.headers_mut().append(name.clone(), value.clone());
        }
    }
    not_modified
}
