//! What the portal accepts as an uploaded file, decided by extension *and* content.

use std::fmt;

/// The server's upload limit (the spec's "Max 10MB").
pub const MAX_UPLOAD_BYTES: u64 = 10 * 1024 * 1024;
pub const TOO_LARGE_MESSAGE: &str = "The file is too large. The limit is 10 MB.";
/// How many leading bytes are kept to recognise a file's type.
pub const SNIFF_BYTES: usize = 8192;

/// The kinds of file the board shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Doc,
    Docx,
    Xls,
    Xlsx,
    Txt,
}

/// Board documents and committee documents.
pub const DOCUMENT_KINDS: &[FileKind] =
    &[FileKind::Pdf, FileKind::Doc, FileKind::Docx, FileKind::Xls, FileKind::Xlsx, FileKind::Txt];
/// Minutes are PDFs only.
pub const MINUTES_KINDS: &[FileKind] = &[FileKind::Pdf];

impl FileKind {
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Pdf => "pdf",
            FileKind::Doc => "doc",
            FileKind::Docx => "docx",
            FileKind::Xls => "xls",
            FileKind::Xlsx => "xlsx",
            FileKind::Txt => "txt",
        }
    }

    pub fn mime_type(self) -> &'static str {
        match self {
            FileKind::Pdf => "application/pdf",
            FileKind::Doc => "application/msword",
            FileKind::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            FileKind::Xls => "application/vnd.ms-excel",
            FileKind::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            FileKind::Txt => "text/plain; charset=utf-8",
        }
    }

    /// The kind a file name claims, from its extension (case-insensitive).
    pub fn from_file_name(name: &str) -> Option<Self> {
        let (_, extension) = name.rsplit_once('.')?;
        match extension.to_ascii_lowercase().as_str() {
            "pdf" => Some(FileKind::Pdf),
            "doc" => Some(FileKind::Doc),
            "docx" => Some(FileKind::Docx),
            "xls" => Some(FileKind::Xls),
            "xlsx" => Some(FileKind::Xlsx),
            "txt" => Some(FileKind::Txt),
            _ => None,
        }
    }

    /// Whether the first bytes of a file are what its extension claims. Office formats are recognised by
    /// their containers (OLE2 for doc/xls, ZIP for docx/xlsx), since their inner parts may lie beyond the
    /// sniffed prefix; text must be UTF-8 without NUL bytes.
    pub fn matches_content(self, head: &[u8]) -> bool {
        match self {
            FileKind::Pdf => infer::archive::is_pdf(head),
            FileKind::Doc | FileKind::Xls => {
                head.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1])
            }
            FileKind::Docx | FileKind::Xlsx => infer::archive::is_zip(head),
            FileKind::Txt => !head.contains(&0) && utf8_prefix(head) && infer::get(head).is_none(),
        }
    }

    /// The message for a file whose extension is not one of `allowed`.
    pub fn not_accepted_message(allowed: &[FileKind]) -> String {
        format!("This type of file is not accepted. Accepted types: {}.", FileKind::list(allowed))
    }

    /// "PDF, DOC, DOCX" for messages.
    pub fn list(kinds: &[FileKind]) -> String {
        kinds.iter().map(|k| k.extension().to_ascii_uppercase()).collect::<Vec<_>>().join(", ")
    }
}

/// Valid UTF-8, allowing a character cut at the end of the sniffed prefix.
fn utf8_prefix(head: &[u8]) -> bool {
    match std::str::from_utf8(head) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none() && head.len() - e.valid_up_to() < 4,
    }
}

/// The server-generated name of a stored file. Never derived from user input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StorageKey(String);

impl StorageKey {
    /// Accepts only the store's own alphabet, so a key can never name a path outside the store.
    pub fn parse(raw: &str) -> Option<Self> {
        let ok =
            !raw.is_empty() && raw.len() <= 64 && raw.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-');
        ok.then(|| StorageKey(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for StorageKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A file name fit to keep and show: the last path segment, without control characters, at most 255 chars.
pub fn clean_file_name(raw: &str) -> String {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String = last.chars().filter(|c| !c.is_control()).collect();
    let trimmed = cleaned.trim().trim_start_matches('.');
    trimmed.chars().take(255).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_decide_the_claimed_kind() {
        assert_eq!(FileKind::from_file_name("Minutes March.PDF"), Some(FileKind::Pdf));
        assert_eq!(FileKind::from_file_name("budget.xlsx"), Some(FileKind::Xlsx));
        assert_eq!(FileKind::from_file_name("page.html"), None);
        assert_eq!(FileKind::from_file_name("noextension"), None);
    }

    #[test]
    fn content_must_match_the_extension() {
        assert!(FileKind::Pdf.matches_content(b"%PDF-1.7\n..."));
        assert!(!FileKind::Pdf.matches_content(b"<html><script>alert(1)</script>"));
        assert!(FileKind::Docx.matches_content(b"PK\x03\x04rest"));
        assert!(!FileKind::Docx.matches_content(b"%PDF-1.4"));
        assert!(FileKind::Doc.matches_content(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0]));
        assert!(FileKind::Txt.matches_content("Agenda – item one\n".as_bytes()));
        assert!(!FileKind::Txt.matches_content(b"%PDF-1.4 binary\x00"));
        assert!(!FileKind::Txt.matches_content(b"\x89PNG\r\n\x1a\n"));
        // A multi-byte character cut by the sniffing window is still text.
        let cut = &"ééé".as_bytes()[..5];
        assert!(FileKind::Txt.matches_content(cut));
    }

    #[test]
    fn storage_keys_cannot_escape_the_store() {
        assert!(StorageKey::parse("0f3c2a9e-7b1d-4c55-9a1e-1234567890ab").is_some());
        assert!(StorageKey::parse("../etc/passwd").is_none());
        assert!(StorageKey::parse("").is_none());
        assert!(StorageKey::parse("a/b").is_none());
    }

    #[test]
    fn file_names_are_cleaned() {
        assert_eq!(clean_file_name("C:\\Users\\me\\Board Pack.pdf"), "Board Pack.pdf");
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name("..hidden\u{7}.txt"), "hidden.txt");
        assert_eq!(FileKind::list(DOCUMENT_KINDS), "PDF, DOC, DOCX, XLS, XLSX, TXT");
    }
}
