//! The board's governance settings (issue 14), one row in `governance_settings`.

string_enum!(
    /// Who may read the register of interests: every signed-in member (the default), or admins and
    /// chairs only (a trustee still sees their own entries).
    RegisterVisibility {
        Members => "members",
        Officers => "officers",
    }
);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GovernanceSettings {
    pub register_visibility: RegisterVisibility,
    /// How many trustees make a meeting quorate (issue 13, point 5).
    pub quorum: crate::meetings::attendance::QuorumRule,
}
