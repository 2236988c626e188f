//! The board's governance settings (spec §10 Governance), one row in `governance_settings`.

string_enum!(
    /// Who may read the register of interests: every signed-in member (the default), or admins and
    /// chairs only (a trustee still sees their own entries).
    RegisterVisibility {
        Members => "members",
        Officers => "officers",
    }
);

/// The board's secretary (docs/spec.md §16 Signing): certifies passed written resolutions with the chair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Secretary {
    pub user_id: crate::UserId,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GovernanceSettings {
    pub register_visibility: RegisterVisibility,
    /// How many trustees make a meeting quorate (spec §10 Rules, Quorum).
    pub quorum: crate::meetings::attendance::QuorumRule,
    /// Whether the reader records the pages each person shows (docs/spec.md "Reading records"); switching
    /// it off deletes every record.
    pub reading_records: bool,
    /// The user named secretary; `None` when nobody is, or their account is deactivated (a deactivated
    /// account certifies nothing) or deleted.
    pub secretary: Option<Secretary>,
}
