//! A snippet as runs of text: the query marks the matched words with two private-use characters (which it
//! first takes out of the text), and they become `hit` runs here, so no markup ever reaches a client.

use domain::search::SnippetRun;

/// Starts a matched word in `ts_headline`'s answer.
pub(super) const START: char = '\u{E000}';
/// Ends a matched word.
pub(super) const STOP: char = '\u{E001}';

/// The runs of a marked snippet, with white space (line breaks, tabs) shown as single spaces.
pub(super) fn runs(marked: &str) -> Vec<SnippetRun> {
    let mut runs: Vec<SnippetRun> = Vec::new();
    let mut text = String::new();
    let mut hit = false;
    let mut space = false;
    let flush = |text: &mut String, hit: bool, runs: &mut Vec<SnippetRun>| {
        if !text.is_empty() {
            runs.push(SnippetRun { text: std::mem::take(text), hit });
        }
    };
    for c in marked.trim().chars() {
        match c {
            START | STOP => {
                flush(&mut text, hit, &mut runs);
                hit = c == START;
            }
            c if c.is_whitespace() => {
                if !space {
                    text.push(' ');
                }
                space = true;
                continue;
            }
            c => text.push(c),
        }
        space = false;
    }
    flush(&mut text, hit, &mut runs);
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, hit: bool) -> SnippetRun {
        SnippetRun { text: text.into(), hit }
    }

    #[test]
    fn marked_words_become_hits() {
        let marked = format!("the {START}lease{STOP}\n\n{START}renewal{STOP}  was <b>decided</b>");
        assert_eq!(
            runs(&marked),
            [
                run("the ", false),
                run("lease", true),
                run(" ", false),
                run("renewal", true),
                run(" was <b>decided</b>", false)
            ]
        );
        assert_eq!(runs("  "), []);
        assert_eq!(runs("plain text"), [run("plain text", false)]);
    }
}
