//! The behaviour every `FileStore` adapter must show, run against each of them (the local folder in
//! `persistence`, S3 in `s3-store`), so they are interchangeable.

#![allow(clippy::expect_used)] // a test suite: a failed step is a failed test

use std::io::Write;

use domain::library::files::StorageKey;
use domain::library::FileStore;

/// Runs every check on `store`. `stored` counts what the store holds (committed files, and any pending
/// ones it keeps under a name); it must start at zero.
pub fn conformance(store: &dyn FileStore, stored: &dyn Fn() -> usize) {
    assert_eq!(stored(), 0, "the store must start empty");

    // A committed file reads back byte for byte, under a key of the store's own alphabet.
    let content: Vec<u8> = (0..=255u8).cycle().take(300 * 1024 + 7).collect();
    let mut pending = store.begin().expect("begin");
    for chunk in content.chunks(64 * 1024) {
        pending.write_all(chunk).expect("write");
    }
    let key = pending.commit().expect("commit");
    assert!(StorageKey::parse(key.as_str()).is_some());
    assert_eq!(store.read(&key).expect("read"), content);
    assert_eq!(stored(), 1);

    // Two uploads get two keys and keep their own content; an empty commit is allowed by the store (the
    // use cases refuse empty files before).
    let mut other = store.begin().expect("begin");
    other.write_all(b"%PDF-1.4 other").expect("write");
    let other_key = other.commit().expect("commit");
    assert_ne!(key, other_key);
    assert_eq!(store.read(&other_key).expect("read"), b"%PDF-1.4 other");
    assert_eq!(stored(), 2);

    // An upload dropped before commit leaves nothing, neither while pending nor after.
    let mut dropped = store.begin().expect("begin");
    dropped.write_all(b"partial upload").expect("write");
    drop(dropped);
    assert_eq!(stored(), 2, "a dropped upload must leave nothing");

    // Deleting removes the file; reading it is then an error; deleting it again is not.
    store.delete(&key).expect("delete");
    assert!(store.read(&key).is_err(), "a deleted file must not be readable");
    store.delete(&key).expect("deleting a missing file is not an error");
    assert_eq!(store.read(&other_key).expect("read"), b"%PDF-1.4 other");
    assert_eq!(stored(), 1);

    // A key that was never stored cannot be read.
    let missing = StorageKey::parse("0123abcd-0000-4000-8000-000000000000").expect("key");
    assert!(store.read(&missing).is_err());
    store.delete(&missing).expect("deleting a missing file is not an error");

    store.delete(&other_key).expect("delete");
    assert_eq!(stored(), 0);
}
