//! Actions.

mod actions;

pub use actions::PgActionRepository;

pub(crate) use actions::{action_visible_to, ACTION_VISIBLE_SQL};
