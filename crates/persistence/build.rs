// The migrations are embedded at compile time (`embed_migrations!`): a migration added, changed or removed
// must rebuild this crate, or the server and the tests would run the old list.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
