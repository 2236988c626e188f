//! One MIME message per outbox row.

use lettre::message::header::ContentType;
use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Attachment as MimeAttachment, Mailbox, MultiPart};
use lettre::Message;

use domain::notifications::mail::OutgoingMail;
use domain::notifications::MailError;

/// `List-Unsubscribe: <url>` (RFC 2369) on bulk mail; lettre has no typed header for it.
#[derive(Debug, Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(value: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self(value.trim_matches(|c| c == '<' || c == '>').to_string()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the mail client may unsubscribe with
/// one POST to the `List-Unsubscribe` URL, without opening a page.
#[derive(Debug, Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_value: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_string())
    }
}

/// One recipient per message: `mail.to` is the only address in the headers (no Cc, no Bcc), so no
/// trustee sees another's address.
pub fn build_message(from: &Mailbox, mail: &OutgoingMail) -> Result<Message, MailError> {
    let to: Mailbox =
        mail.to.parse().map_err(|e| MailError(format!("bad recipient address '{}': {e}", mail.to)))?;
    let mut builder = Message::builder().from(from.clone()).to(to).subject(mail.subject.clone());
    if let Some(url) = &mail.list_unsubscribe {
        builder = builder.header(ListUnsubscribe(url.clone())).header(ListUnsubscribePost);
    }
    let body = MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone());
    let body = if mail.attachments.is_empty() {
        body
    } else {
        // multipart/mixed: the readable alternatives first, then each file.
        let mut mixed = MultiPart::mixed().multipart(body);
        for file in &mail.attachments {
            let content_type = ContentType::parse(&file.content_type).map_err(|e| {
                MailError(format!(
                    "bad content type '{}' of attachment {}: {e}",
                    file.content_type, file.filename
                ))
            })?;
            mixed = mixed.singlepart(
                MimeAttachment::new(file.filename.clone()).body(file.content.clone(), content_type),
            );
        }
        mixed
    };
    builder.multipart(body).map_err(|e| MailError(format!("cannot build the message: {e}")))
}
