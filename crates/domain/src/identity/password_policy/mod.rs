//! What a new password must be (OWASP ASVS 5.0 V6.2): at least 8 characters, at most bcrypt's 72 bytes,
//! not one of the 10,000 most common passwords, and not containing the account's own name or e-mail name.
//!
//! `common-passwords.txt` is the first 10,000 entries of the frequency-ranked password list shipped in
//! `@zxcvbn-ts/language-common` 3.0.4 (MIT, from Dropbox's zxcvbn), the same list the front end's strength
//! meter uses, so the meter and the server agree about what "common" means.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::shared::input::validation::FieldErrors;

pub const PASSWORD_MIN_LENGTH: usize = 8;
/// bcrypt reads only the first 72 bytes; a longer password would be silently cut.
pub const PASSWORD_MAX_BYTES: usize = 72;
pub const PASSWORD_TOO_SHORT: &str = "Password must be at least 8 characters long.";
pub const PASSWORD_TOO_LONG: &str =
    "Password must be at most 72 bytes long (72 letters or digits; accented letters and emoji take more).";
pub const PASSWORD_TOO_COMMON: &str = "This password is too common. Choose a less predictable one.";
pub const PASSWORD_PERSONAL: &str = "Password must not contain your name or email address.";
pub const SAME_AS_TEMPORARY: &str = "Choose a password different from your temporary password.";
pub const SAME_AS_CURRENT: &str = "Choose a password different from your current password.";

/// Parts of a name shorter than this are too common inside other words to refuse ("Al", "Jo", "New").
const NAME_PART_MIN: usize = 4;
/// The e-mail's name is refused from three characters on (`bob@...` may not use "bob").
const EMAIL_NAME_MIN: usize = 3;

/// Whose password it is: the policy refuses passwords made of the account's own details.
#[derive(Debug, Clone, Copy)]
pub struct PasswordOwner<'a> {
    pub name: &'a str,
    pub email: &'a str,
}

fn common_passwords() -> &'static HashSet<&'static str> {
    static LIST: OnceLock<HashSet<&'static str>> = OnceLock::new();
    LIST.get_or_init(|| include_str!("common-passwords.txt").lines().filter(|l| !l.is_empty()).collect())
}

/// The first rule a new password breaks, if any.
pub fn violation(password: &str, owner: PasswordOwner<'_>) -> Option<&'static str> {
    if password.chars().count() < PASSWORD_MIN_LENGTH {
        return Some(PASSWORD_TOO_SHORT);
    }
    if password.len() > PASSWORD_MAX_BYTES {
        return Some(PASSWORD_TOO_LONG);
    }
    let lowered = password.to_lowercase();
    if common_passwords().contains(lowered.as_str()) {
        return Some(PASSWORD_TOO_COMMON);
    }
    if personal_words(owner).iter().any(|word| lowered.contains(word.as_str())) {
        return Some(PASSWORD_PERSONAL);
    }
    None
}

/// Adds the first broken rule as the field's error.
pub fn check(errors: &mut FieldErrors, field: &str, password: &str, owner: PasswordOwner<'_>) {
    if let Some(message) = violation(password, owner) {
        errors.add(field, message);
    }
}

/// The e-mail's name (before the @), the whole name without spaces and each part of the name, lower case.
fn personal_words(owner: PasswordOwner<'_>) -> Vec<String> {
    let mut words = Vec::new();
    let name = owner.name.trim().to_lowercase();
    words.push(name.chars().filter(|c| !c.is_whitespace()).collect());
    words.extend(name.split(|c: char| !c.is_alphanumeric()).map(str::to_string));
    words.retain(|w: &String| w.chars().count() >= NAME_PART_MIN);
    let local = owner.email.trim().split('@').next().unwrap_or_default().to_lowercase();
    if local.chars().count() >= EMAIL_NAME_MIN {
        words.push(local);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWNER: PasswordOwner<'static> =
        PasswordOwner { name: "Margaret Okafor", email: "m.okafor@example.org" };

    #[test]
    fn the_length_rules_count_characters_and_bytes() {
        assert_eq!(violation("Xq7#pL2", OWNER), Some(PASSWORD_TOO_SHORT));
        assert_eq!(violation("Xq7#pL2v", OWNER), None);
        assert_eq!(violation(&"Xq7#pL2v".repeat(8), OWNER), None, "64 characters are allowed");
        assert_eq!(violation(&"v".repeat(72), OWNER), None);
        assert_eq!(violation(&"v".repeat(73), OWNER), Some(PASSWORD_TOO_LONG));
        // Eight characters of two bytes each are 16 bytes: long enough, not too long.
        assert_eq!(violation("ééééçççç", OWNER), None);
    }

    #[test]
    fn common_passwords_are_refused_whatever_their_case() {
        for common in ["123456", "password", "password1", "Password1", "qwerty123", "letmein1", "12345678"] {
            let expected = if common.chars().count() < 8 { PASSWORD_TOO_SHORT } else { PASSWORD_TOO_COMMON };
            assert_eq!(violation(common, OWNER), Some(expected), "{common}");
        }
        assert_eq!(common_passwords().len(), 10_000);
        assert_eq!(violation("correct-horse-battery", OWNER), None);
    }

    #[test]
    fn the_owners_name_and_email_name_are_refused() {
        assert_eq!(violation("m.okafor@example.org", OWNER), Some(PASSWORD_PERSONAL));
        assert_eq!(violation("my-m.okafor-2026", OWNER), Some(PASSWORD_PERSONAL));
        assert_eq!(violation("MargaretOkafor!", OWNER), Some(PASSWORD_PERSONAL));
        assert_eq!(violation("okafor-family-77", OWNER), Some(PASSWORD_PERSONAL));
        assert_eq!(violation("margaret-rules-9", OWNER), Some(PASSWORD_PERSONAL));
        // Short name parts are not refused: they occur inside too many ordinary words.
        let jo = PasswordOwner { name: "Jo Li", email: "jo@example.org" };
        assert_eq!(violation("journey-to-oslo", jo), None);
        // A short e-mail name is still refused: `bob@example.org` may not be Bob's password.
        let bob = PasswordOwner { name: "Robert Stone", email: "bob@example.org" };
        assert_eq!(violation("bob@example.org", bob), Some(PASSWORD_PERSONAL));
    }
}
