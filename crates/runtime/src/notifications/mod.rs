//! E-mail: the worker that sends the outbox.

pub mod outbox_worker;
