//! Reading the papers in the portal (spec §2 Pack reader).

pub mod records;
