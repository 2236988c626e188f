//! Governance: the register of interests, conflicts declared on agenda items, terms of office, annual declarations, written resolutions and
//! their offer to a meeting's agenda, the governance settings, and the skills matrix.

pub mod conflicts;
pub mod declaration_rounds;
pub mod evaluations;
pub mod governance_settings;
pub mod interests;
pub mod resolution_offers;
pub mod resolutions;
pub mod skills;
pub mod terms;
