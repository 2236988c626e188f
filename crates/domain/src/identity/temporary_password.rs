//! Temporary passwords handed out by an admin reset or the first run.

use rand::Rng;

/// No 0/O, 1/l/I: the password is read aloud or copied from a screen by a volunteer.
const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
const LENGTH: usize = 16;

/// 16 characters from a 56-symbol alphabet (about 93 bits), drawn from the OS-seeded CSPRNG.
pub fn generate() -> String {
    let mut rng = rand::rng();
    (0..LENGTH).map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())])).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn passwords_are_long_and_differ() {
        let a = super::generate();
        let b = super::generate();
        assert_eq!(a.len(), 16);
        assert_ne!(a, b);
        assert!(a.bytes().all(|c| super::ALPHABET.contains(&c)));
    }
}
