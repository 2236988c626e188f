//! Searching text columns with LIKE.

/// A LIKE pattern matching `term` literally anywhere: `\`, `%` and `_` in it are escaped.
pub(crate) fn contains_pattern(term: &str) -> String {
    let mut pattern = String::with_capacity(term.len() + 2);
    pattern.push('%');
    for c in term.chars() {
        if matches!(c, '\\' | '%' | '_') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

#[cfg(test)]
mod tests {
    use super::contains_pattern;

    #[test]
    fn wildcards_in_a_search_are_literal() {
        assert_eq!(contains_pattern("board"), "%board%");
        assert_eq!(contains_pattern("100%_done\\"), "%100\\%\\_done\\\\%");
    }
}
