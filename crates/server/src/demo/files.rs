//! The demo's files: short PDFs, plain text, and the upload checks they pass through.

use std::io::Write;

use anyhow::{bail, Context};

use domain::library::files::{clean_file_name, FileKind, SNIFF_BYTES};
use domain::library::{FileStore, ReceivedFile};
use domain::meetings::{PrintBlock, PrintDocument, Typesetter};
use typesetting::PdfTypesetter;

/// A PDF typeset like every PDF the portal makes (the typesetting crate: embedded fonts, any script):
/// `title`, then each of `paragraphs` after a blank line.
pub fn typeset_pdf(title: &str, paragraphs: &[&str]) -> anyhow::Result<Vec<u8>> {
    let blocks = paragraphs
        .iter()
        .flat_map(|paragraph| [PrintBlock::Gap, PrintBlock::Paragraph((*paragraph).to_string())])
        .collect();
    PdfTypesetter.typeset(&PrintDocument { title: title.to_string(), blocks })
}

/// The bytes as an upload the use cases accept: written to a pending file of the store after the same
/// checks the HTTP upload makes (a known extension, and content that is what the extension claims).
/// Like any upload, it is only kept if the use case commits it.
pub fn received_file(store: &dyn FileStore, file_name: &str, bytes: &[u8]) -> anyhow::Result<ReceivedFile> {
    let file_name = clean_file_name(file_name);
    let Some(kind) = FileKind::from_file_name(&file_name) else {
        bail!("demo file {file_name} has no accepted extension");
    };
    if !kind.matches_content(&bytes[..bytes.len().min(SNIFF_BYTES)]) {
        bail!("demo file {file_name} is not a valid {}", kind.extension());
    }
    let mut pending = store.begin()?;
    pending.write_all(bytes).with_context(|| format!("cannot write the demo file {file_name}"))?;
    pending.flush()?;
    let size = u64::try_from(bytes.len())?;
    Ok(ReceivedFile { pending, file_name, kind, size })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_demo_pdf_holds_its_text_in_any_script() {
        let pdf =
            typeset_pdf("Minutes (draft) – £5", &["Gŵyl Dewi: Łukasz, Ελένη, Пётр.", "A second paragraph."])
                .unwrap();
        assert!(pdf.starts_with(b"%PDF-1."));
        let doc = lopdf::Document::load_mem(&pdf).unwrap();
        assert_eq!(doc.get_pages().len(), 1);
        let text = doc.extract_text(&[1]).unwrap();
        assert!(text.contains("Minutes (draft) – £5"), "{text}");
        assert!(text.contains("A second paragraph."), "{text}");
    }
}
