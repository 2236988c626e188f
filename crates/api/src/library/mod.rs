//! Library: the document library and the archive of uploaded minutes, their downloads and view tickets.

pub mod documents;
pub mod minutes;
