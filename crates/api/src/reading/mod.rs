//! Reading the papers in the portal: notes on papers and reading records (spec §2 Pack reader).

pub mod notes;
pub mod records;
