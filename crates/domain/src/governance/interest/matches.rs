//! Which register entries an agenda text names (spec §10 Rules, Prompts: when an item's title or
//! description names an organisation on someone's register, that trustee and the officers see a prompt to
//! consider a declaration).
//!
//! A name matches when its words appear in the text in order, as whole words, ignoring case,
//! punctuation and the legal-form words that are often left out ("Acme Housing Ltd" is named by "the
//! grant to Acme Housing"). A name left with no word of three or more letters matches nothing, so that
//! "A & B" does not match every "a".

use crate::governance::interest::Interest;

/// Words that say what form an organisation takes, not which one it is.
const LEGAL_FORMS: &[&str] = &[
    "ltd", "limited", "plc", "llp", "llc", "cic", "cio", "inc", "co", "the", "and", "of", "company", "group",
];

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The words that identify an organisation or person.
fn key_words(name: &str) -> Vec<String> {
    words(name).into_iter().filter(|w| !LEGAL_FORMS.contains(&w.as_str())).collect()
}

/// Whether `text` names `organisation`.
pub fn names(text: &str, organisation: &str) -> bool {
    let key = key_words(organisation);
    if key.is_empty() || key.iter().all(|w| w.chars().count() < 3) {
        return false;
    }
    let text = words(text);
    text.windows(key.len()).any(|window| window == key.as_slice())
}

/// The current entries whose organisation `text` names, in register order.
pub fn named_in<'a>(text: &str, entries: &'a [Interest], today: chrono::NaiveDate) -> Vec<&'a Interest> {
    entries.iter().filter(|e| e.is_current(today) && names(text, &e.fields.organisation)).collect()
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn a_name_is_found_as_whole_words_without_its_legal_form() {
        assert!(names("Grant to Acme Housing for the winter shelter", "Acme Housing Ltd"));
        assert!(names("ACME-HOUSING: contract renewal", "Acme Housing Limited"));
        assert!(names("Partnership with Northside Women's Aid", "Northside Women's Aid"));
        assert!(!names("Acmes Housing estate", "Acme Housing Ltd"));
        assert!(!names("Housing Acme", "Acme Housing"));
        assert!(!names("a b c", "A & B"));
        assert!(!names("anything", "Ltd"));
    }
}
