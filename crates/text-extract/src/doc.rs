//! DOC (Word 97-2003) text through a converter installed on the machine: `antiword` (Debian package
//! `antiword`), else `catdoc`. There is no well-kept Rust reader of the format; without a converter, DOC
//! files have 'unsupported type' (docs/operations.md).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use domain::search::file_text::{Extracted, NoTextReason};

/// A DOC converter found on `PATH`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocConverter {
    program: PathBuf,
    kind: ConverterKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ConverterKind {
    Antiword,
    Catdoc,
}

impl DocConverter {
    /// `antiword`, else `catdoc`, from `PATH`.
    pub fn find() -> Option<DocConverter> {
        let path = std::env::var_os("PATH")?;
        [("antiword", ConverterKind::Antiword), ("catdoc", ConverterKind::Catdoc)].into_iter().find_map(
            |(name, kind)| {
                std::env::split_paths(&path)
                    .map(|dir| dir.join(name))
                    .find(|candidate| is_executable(candidate))
                    .map(|program| DocConverter { program, kind })
            },
        )
    }

    /// `antiword` at this path (tests use a stand-in script).
    #[cfg(test)]
    pub(crate) fn antiword_at(program: PathBuf) -> DocConverter {
        DocConverter { program, kind: ConverterKind::Antiword }
    }

    /// The program's path.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// Runs the converter on a temporary copy of the file, reading at most about `max_chars` characters
    /// of its output, and kills it at `deadline`. A converter that cannot be started is an error (worth
    /// retrying); one that refuses the file means the file is damaged.
    pub(crate) fn extract(
        &self,
        bytes: &[u8],
        max_chars: usize,
        deadline: Instant,
    ) -> anyhow::Result<Extracted> {
        let mut input = tempfile::Builder::new().suffix(".doc").tempfile()?;
        input.write_all(bytes)?;
        input.flush()?;
        let mut command = Command::new(&self.program);
        match self.kind {
            // UTF-8 output, no line wrapping.
            ConverterKind::Antiword => command.args(["-m", "UTF-8.txt", "-w", "0"]),
            ConverterKind::Catdoc => command.args(["-d", "utf-8", "-w"]),
        };
        let mut child = command
            .arg(input.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdout = child.stdout.take().ok_or_else(|| anyhow::anyhow!("the converter has no output"))?;
        // UTF-8 takes at most 4 bytes a character; reading stops there and the pipe closes.
        let limit = u64::try_from(max_chars.saturating_mul(4)).unwrap_or(u64::MAX);
        let reader = std::thread::spawn(move || {
            let mut output = Vec::new();
            let read = stdout.take(limit).read_to_end(&mut output);
            read.map(|_| output)
        });
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break Some(status);
            }
            if Instant::now() > deadline {
                // A converter that hangs on the file: stopped, and the file given up as damaged.
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let output =
            reader.join().map_err(|_| anyhow::anyhow!("reading the converter's output failed"))??;
        // Output cut at the limit ends the converter with a broken pipe: what it wrote is the text.
        if output.is_empty() && !status.is_some_and(|status| status.success()) {
            return Ok(Extracted::NoText(NoTextReason::Damaged));
        }
        Ok(Extracted::Text(String::from_utf8_lossy(&output).chars().take(max_chars).collect()))
    }
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
