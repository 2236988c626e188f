//! File answers: the original name (RFC 6266 with an RFC 5987 `filename*`), the right type, no sniffing,
//! and no caching of board papers by shared browsers or proxies.

use actix_web::http::header::{
    self, Charset, ContentDisposition, DispositionParam, DispositionType, ExtendedValue,
};
use actix_web::HttpResponse;

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

pub fn file_response(
    bytes: Vec<u8>,
    file_name: &str,
    mime_type: &str,
    disposition: Disposition,
) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    response
        .insert_header(content_disposition(disposition, file_name))
        .insert_header((header::CONTENT_TYPE, mime_type.to_string()))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "private, no-store"));
    // Nothing in a file may run in the portal's origin: an attachment even if a browser tried to render
    // it, and a PDF shown inline (`sandbox`: an opaque origin without scripts or forms).
    let policy = match disposition {
        Disposition::Attachment => "sandbox; default-src 'none'",
        Disposition::Inline => "sandbox",
    };
    response.insert_header((header::CONTENT_SECURITY_POLICY, policy));
    response.body(bytes)
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
}
