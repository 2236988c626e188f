//! Reading the papers in the portal: notes on papers (spec §2 Pack reader).

pub mod notes;
