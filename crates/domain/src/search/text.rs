//! The words of a search (docs/spec.md "Search", Syntax): websearch syntax, the last word also as the
//! start of a word, and a single word also as a possibly misspelt title.

use crate::shared::input::validation::FieldErrors;

/// The most characters a search may have (after trimming).
pub const SEARCH_MAX: usize = 200;
/// A single word this long or longer also finds titles spelt like it ("saftey" finds "Safety").
pub const FUZZY_MIN: usize = 4;
/// How many letters of the first word locate a snippet's passage in a long text.
const HINT_LEN: usize = 5;
/// The last word matches as the start of longer words from this many characters: one letter would match
/// nearly every record (and rank them all).
pub const PREFIX_MIN: usize = 2;

pub const SEARCH_REQUIRED: &str = "Type what to search for";
pub const SEARCH_TOO_LONG: &str = "Search words must be at most 200 characters";
pub const SEARCH_NUL: &str = "Search words must not contain NUL characters";
pub const SEARCH_ONLY_EXCLUDED: &str = "Add a word to search for, not only words to leave out";

/// The words of a search, taken apart for the query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchText {
    /// As typed, trimmed: 1 to 200 characters.
    pub raw: String,
    /// In websearch syntax: all of it, or all but `last_word`.
    pub words: String,
    /// The last word when it is a plain word (letters and digits, not quoted, not excluded, not `or` nor
    /// after one): it matches as itself or as the start of a word, so results come as one types.
    pub last_word: Option<String>,
    /// The whole search when it is one plain word of at least `FUZZY_MIN` letters: when nothing contains
    /// it, titles spelt like it are found.
    pub fuzzy: Option<String>,
    /// The start of the first word, in lower case: where a snippet's passage of a long text is cut from.
    pub hint: Option<String>,
}

/// Whether `token` is a plain word: letters and digits only.
fn plain(token: &str) -> bool {
    !token.is_empty() && token.chars().all(char::is_alphanumeric)
}

/// Whether `token` is the operator `or`.
fn is_or(token: &str) -> bool {
    token.eq_ignore_ascii_case("or")
}

/// The words of `text` outside double quotes, with their byte offsets; a quoted phrase is one token.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start: Option<usize> = None;
    let mut quoted = false;
    for (at, c) in text.char_indices() {
        if c == '"' {
            quoted = !quoted;
        }
        if c.is_whitespace() && !quoted {
            if let Some(begin) = start.take() {
                found.push((begin, &text[begin..at]));
            }
        } else if start.is_none() {
            start = Some(at);
        }
    }
    if let Some(begin) = start {
        found.push((begin, &text[begin..]));
    }
    found
}

impl SearchText {
    /// Reads `q` (the field `q`): required, at most `SEARCH_MAX` characters once trimmed, no NUL.
    pub fn read(errors: &mut FieldErrors, raw: Option<&str>) -> Option<Self> {
        let text = raw.unwrap_or("").trim();
        if text.is_empty() {
            errors.add("q", SEARCH_REQUIRED);
            return None;
        }
        if text.chars().count() > SEARCH_MAX {
            errors.add("q", SEARCH_TOO_LONG);
            return None;
        }
        if text.contains('\0') {
            errors.add("q", SEARCH_NUL);
            return None;
        }
        // Only `-word`s would match nearly everything, which no one means (spec §15, Syntax).
        if tokens(text).iter().all(|(_, token)| token.starts_with('-') || is_or(token)) {
            errors.add("q", SEARCH_ONLY_EXCLUDED);
            return None;
        }
        Some(Self::parse(text))
    }

    /// Takes a trimmed, non-empty search apart.
    pub fn parse(text: &str) -> Self {
        let found = tokens(text);
        let last = found
            .last()
            .copied()
            .filter(|(_, token)| plain(token) && !is_or(token) && token.chars().count() >= PREFIX_MIN)
            .filter(|_| found.len() < 2 || !is_or(found[found.len() - 2].1));
        let (words, last_word) = match last {
            Some((at, token)) => (text[..at].trim_end().to_string(), Some(token.to_string())),
            None => (text.to_string(), None),
        };
        let fuzzy = match found.as_slice() {
            [(_, only)] if plain(only) && only.chars().count() >= FUZZY_MIN => Some((*only).to_string()),
            _ => None,
        };
        let hint = found
            .iter()
            .map(|(_, token)| token.trim_start_matches('"'))
            .find(|token| !token.starts_with('-') && !is_or(token))
            .map(|token| {
                token
                    .chars()
                    .take_while(|c| c.is_alphanumeric())
                    .take(HINT_LEN)
                    .collect::<String>()
                    .to_lowercase()
            })
            .filter(|hint| hint.chars().count() >= 3);
        Self { raw: text.to_string(), words, last_word, fuzzy, hint }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_plain_word_is_also_a_prefix() {
        let text = SearchText::parse("lease renew");
        assert_eq!(text.words, "lease");
        assert_eq!(text.last_word.as_deref(), Some("renew"));
        assert_eq!(text.fuzzy, None);
        assert_eq!(text.hint.as_deref(), Some("lease"));
    }

    #[test]
    fn quoted_excluded_and_or_words_are_no_prefix() {
        for q in ["\"lease renewal\"", "budget -draft", "budget or", "budget or lease", "budget,"] {
            let text = SearchText::parse(q);
            assert_eq!(text.last_word, None, "{q}");
            assert_eq!(text.words, q, "{q}");
        }
        let text = SearchText::parse("\"lease of\" roof");
        assert_eq!((text.words.as_str(), text.last_word.as_deref()), ("\"lease of\"", Some("roof")));
        assert_eq!(text.hint.as_deref(), Some("lease"));
    }

    #[test]
    fn one_letter_is_no_prefix() {
        let text = SearchText::parse("lease b");
        assert_eq!((text.words.as_str(), text.last_word), ("lease b", None));
        assert_eq!(SearchText::parse("bu").last_word.as_deref(), Some("bu"));
    }

    #[test]
    fn a_search_of_exclusions_only_is_refused() {
        for q in ["-draft", "-draft -budget", "-draft or -budget", "-"] {
            let mut errors = FieldErrors::new();
            assert!(SearchText::read(&mut errors, Some(q)).is_none(), "{q}");
            assert_eq!(errors.fields()["q"], SEARCH_ONLY_EXCLUDED, "{q}");
        }
        let mut errors = FieldErrors::new();
        assert!(SearchText::read(&mut errors, Some("budget -draft")).is_some());
    }

    #[test]
    fn one_long_plain_word_may_be_a_misspelt_title() {
        assert_eq!(SearchText::parse("saftey").fuzzy.as_deref(), Some("saftey"));
        assert_eq!(SearchText::parse("Ŵyl").fuzzy, None);
        assert_eq!(SearchText::parse("saftey policy").fuzzy, None);
        assert_eq!(SearchText::parse("-saftey").fuzzy, None);
    }

    #[test]
    fn the_search_is_required_short_and_without_nul() {
        let mut errors = FieldErrors::new();
        assert!(SearchText::read(&mut errors, Some("   ")).is_none());
        assert_eq!(errors.fields()["q"], SEARCH_REQUIRED);
        let mut errors = FieldErrors::new();
        assert!(SearchText::read(&mut errors, Some(&"a".repeat(201))).is_none());
        assert_eq!(errors.fields()["q"], SEARCH_TOO_LONG);
        let mut errors = FieldErrors::new();
        assert!(SearchText::read(&mut errors, Some("a\0b")).is_none());
        assert_eq!(errors.fields()["q"], SEARCH_NUL);
        let mut errors = FieldErrors::new();
        let text = SearchText::read(&mut errors, Some(&format!("  {}  ", "é".repeat(200)))).unwrap();
        assert_eq!(text.raw.chars().count(), 200);
        assert!(errors.is_empty());
    }
}
