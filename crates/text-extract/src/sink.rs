//! Text gathered up to a number of characters.

/// Collects text until it holds `max_chars` characters; past that it is full and takes no more.
pub(crate) struct TextSink {
    text: String,
    chars: usize,
    max_chars: usize,
}

impl TextSink {
    pub(crate) fn new(max_chars: usize) -> Self {
        Self { text: String::new(), chars: 0, max_chars }
    }

    /// Appends as much of `s` as fits.
    pub(crate) fn push_str(&mut self, s: &str) {
        for c in s.chars() {
            if self.is_full() {
                return;
            }
            self.text.push(c);
            self.chars += 1;
        }
    }

    /// Appends a line break unless the text is empty or already ends one.
    pub(crate) fn end_line(&mut self) {
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.push_str("\n");
        }
    }

    /// Appends a separator unless the text is empty or already ends in white space.
    pub(crate) fn separate(&mut self, separator: &str) {
        if !self.text.is_empty() && !self.text.ends_with(char::is_whitespace) {
            self.push_str(separator);
        }
    }

    pub(crate) fn is_full(&self) -> bool {
        self.chars >= self.max_chars
    }

    /// Whether anything but white space was collected.
    pub(crate) fn has_words(&self) -> bool {
        self.text.chars().any(|c| !c.is_whitespace())
    }

    pub(crate) fn into_text(self) -> String {
        self.text
    }
}
