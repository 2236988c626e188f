//! Text in the standard fonts' WinAnsi encoding (Windows-1252).

/// Latin-1 maps to itself; the typographic marks WinAnsi adds get their codes; anything else is `?`.
pub fn encode(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{ff}' => c as u8,
            '€' => 0x80,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn latin_1_and_typographic_marks() {
        assert_eq!(super::encode("Café – “ok” 日"), b"Caf\xe9 \x96 \x93ok\x94 ?".to_vec());
    }
}
