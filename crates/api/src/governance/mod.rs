//! Governance: the register of interests, conflicts declared on agenda items, terms of office, annual declarations, written resolutions and
//! their offer to a meeting's agenda, and the governance settings.

pub mod conflicts;
pub mod declaration_rounds;
pub mod evaluations;
pub mod governance_settings;
pub mod interests;
pub mod resolution_offers;
pub mod resolutions;
pub mod terms;
