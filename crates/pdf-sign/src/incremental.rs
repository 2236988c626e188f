//! A signature added as an incremental update: the original bytes stay as they are, and after them come a
//! signature dictionary, an invisible signature field on the first page, the page and catalogue again
//! (with the field and the form), a cross-reference section and a trailer pointing back (`/Prev`).

use std::fmt::Write as _;

use anyhow::{bail, Context};
use domain::signing::SealDetails;
use lopdf::{Dictionary, Document, Object, ObjectId};

/// Room for the CMS SignedData (a P-256 signature and the certificate take about 1 KB).
const CONTENTS_BYTES: usize = 8192;
/// `/ByteRange` is written with room for four numbers of 10 digits, then filled in.
const BYTE_RANGE_WIDTH: usize = 4 * 11;

/// The PDF with a signature: `sign_bytes` gets everything but the `/Contents` value and returns the DER
/// of the signature.
pub fn sign(
    pdf: &[u8],
    details: &SealDetails,
    sign_bytes: impl FnOnce(&[u8]) -> anyhow::Result<Vec<u8>>,
) -> anyhow::Result<Vec<u8>> {
    let document = Document::load_mem(pdf).context("reading the PDF to sign")?;
    let root_id = document.trailer.get(b"Root").and_then(Object::as_reference).context("no /Root")?;
    let previous = last_startxref(pdf).context("no startxref")?;
    let trailer_size = document.trailer.get(b"Size").and_then(Object::as_i64).unwrap_or(0);
    let first_free = u32::try_from(trailer_size).unwrap_or(0).max(document.max_id + 1);
    let page_id = *document.get_pages().values().next().context("the PDF has no page")?;
    let mut catalog = document.get_object(root_id).and_then(Object::as_dict).context("catalogue")?.clone();
    let mut page = document.get_object(page_id).and_then(Object::as_dict).context("first page")?.clone();
    let signature_id: ObjectId = (first_free, 0);
    let field_id: ObjectId = (first_free + 1, 0);

    // The field is listed in the page's annotations (copied in, if they were a separate array).
    let mut annotations = match page.get(b"Annots") {
        Ok(Object::Array(items)) => items.clone(),
        Ok(Object::Reference(id)) => {
            document.get_object(*id).and_then(Object::as_array).cloned().unwrap_or_default()
        }
        _ => Vec::new(),
    };
    annotations.push(Object::Reference(field_id));
    page.set("Annots", Object::Array(annotations));
    let mut form = Dictionary::new();
    form.set("Fields", Object::Array(vec![Object::Reference(field_id)]));
    // SignaturesExist | AppendOnly: readers keep later saves incremental.
    form.set("SigFlags", Object::Integer(3));
    catalog.set("AcroForm", Object::Dictionary(form));

    let mut out = pdf.to_vec();
    if !out.ends_with(b"\n") {
        out.push(b'\n');
    }
    let mut offsets: Vec<(ObjectId, usize)> = Vec::new();

    // The signature dictionary, with placeholders for the byte ranges and the signature.
    offsets.push((signature_id, out.len()));
    let mut head = format!(
        "{} 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /M {} /Name {} /Reason {} \
         /Location {} /ByteRange [",
        signature_id.0,
        pdf_string(details.at.format("D:%Y%m%d%H%M%SZ").to_string().as_bytes()),
        pdf_string(details.signer_name.as_bytes()),
        pdf_string(details.reason.as_bytes()),
        pdf_string(details.location.as_bytes()),
    );
    out.extend_from_slice(head.as_bytes());
    let byte_range_at = out.len();
    out.extend_from_slice(" ".repeat(BYTE_RANGE_WIDTH).as_bytes());
    out.extend_from_slice(b"] /Contents ");
    let contents_start = out.len();
    out.push(b'<');
    out.extend(std::iter::repeat_n(b'0', CONTENTS_BYTES * 2));
    out.push(b'>');
    let contents_end = out.len();
    out.extend_from_slice(b" >>\nendobj\n");

    offsets.push((field_id, out.len()));
    head = format!(
        "{} 0 obj\n<< /Type /Annot /Subtype /Widget /FT /Sig /T {} /V {} 0 R /F 132 /Rect [0 0 0 0] /P {} {} R >>\nendobj\n",
        field_id.0,
        pdf_string(format!("Signature {}", signature_id.0).as_bytes()),
        signature_id.0,
        page_id.0,
        page_id.1,
    );
    out.extend_from_slice(head.as_bytes());
    for (id, dictionary) in [(page_id, &page), (root_id, &catalog)] {
        offsets.push((id, out.len()));
        let mut text = format!("{} {} obj\n", id.0, id.1);
        write_dictionary(&mut text, dictionary)?;
        text.push_str("\nendobj\n");
        out.extend_from_slice(text.as_bytes());
    }

    // A classic cross-reference section, one subsection per object.
    let xref_at = out.len();
    offsets.sort_by_key(|(id, _)| id.0);
    let mut xref = String::from("xref\n");
    for ((number, generation), offset) in &offsets {
        let _ = write!(xref, "{number} 1\n{offset:010} {generation:05} n \n");
    }
    let mut trailer = Dictionary::new();
    trailer.set("Size", Object::Integer(i64::from(field_id.0) + 1));
    trailer.set("Root", Object::Reference(root_id));
    for key in [b"Info".as_slice(), b"ID".as_slice()] {
        if let Ok(value) = document.trailer.get(key) {
            trailer.set(key.to_vec(), value.clone());
        }
    }
    trailer.set("Prev", Object::Integer(i64::try_from(previous).context("offset")?));
    xref.push_str("trailer\n");
    write_dictionary(&mut xref, &trailer)?;
    let _ = write!(xref, "\nstartxref\n{xref_at}\n%%EOF\n");
    out.extend_from_slice(xref.as_bytes());

    // The byte ranges: everything but the hexadecimal string of /Contents (its angle brackets included).
    let ranges = format!("0 {} {} {}", contents_start, contents_end, out.len() - contents_end);
    if ranges.len() > BYTE_RANGE_WIDTH {
        bail!("the PDF is too large to sign");
    }
    out[byte_range_at..byte_range_at + ranges.len()].copy_from_slice(ranges.as_bytes());
    let mut signed = Vec::with_capacity(out.len());
    signed.extend_from_slice(&out[..contents_start]);
    signed.extend_from_slice(&out[contents_end..]);
    let signature = sign_bytes(&signed)?;
    if signature.len() > CONTENTS_BYTES {
        bail!("the signature does not fit its placeholder");
    }
    let hex: String = signature.iter().map(|b| format!("{b:02X}")).collect();
    out[contents_start + 1..contents_start + 1 + hex.len()].copy_from_slice(hex.as_bytes());
    Ok(out)
}

/// The offset after the last `startxref` keyword: where the newest cross-reference section starts.
fn last_startxref(pdf: &[u8]) -> Option<usize> {
    let keyword = b"startxref";
    let at = pdf.windows(keyword.len()).rposition(|w| w == keyword)?;
    let rest = std::str::from_utf8(&pdf[at + keyword.len()..]).ok()?;
    rest.split_whitespace().next()?.parse().ok()
}

/// A literal string as hexadecimal (no escaping to get wrong); text as UTF-16BE with its byte order mark.
fn pdf_string(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut hex = String::from("<FEFF");
    for unit in text.encode_utf16() {
        let _ = write!(hex, "{unit:04X}");
    }
    hex.push('>');
    hex
}

fn write_dictionary(out: &mut String, dictionary: &Dictionary) -> anyhow::Result<()> {
    out.push_str("<<");
    for (key, value) in dictionary.iter() {
        out.push(' ');
        write_name(out, key);
        out.push(' ');
        write_object(out, value)?;
    }
    out.push_str(" >>");
    Ok(())
}

fn write_name(out: &mut String, name: &[u8]) {
    out.push('/');
    for &b in name {
        if b.is_ascii_alphanumeric() || b"-_.+*".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "#{b:02X}");
        }
    }
}

fn write_object(out: &mut String, object: &Object) -> anyhow::Result<()> {
    match object {
        Object::Null => out.push_str("null"),
        Object::Boolean(value) => out.push_str(if *value { "true" } else { "false" }),
        Object::Integer(value) => {
            let _ = write!(out, "{value}");
        }
        Object::Real(value) => {
            let _ = write!(out, "{value:.6}");
        }
        Object::Name(name) => write_name(out, name),
        Object::String(bytes, _) => {
            out.push('<');
            for b in bytes {
                let _ = write!(out, "{b:02X}");
            }
            out.push('>');
        }
        Object::Array(items) => {
            out.push('[');
            for item in items {
                out.push(' ');
                write_object(out, item)?;
            }
            out.push_str(" ]");
        }
        Object::Dictionary(dictionary) => write_dictionary(out, dictionary)?,
        Object::Reference((number, generation)) => {
            let _ = write!(out, "{number} {generation} R");
        }
        Object::Stream(_) => bail!("a stream cannot be written inside a dictionary"),
    }
    Ok(())
}
