string_enum!(
    /// The library's categories, one tab each (spec §2 Documents).
    DocumentCategory {
        Governance => "governance",
        Finance => "finance",
        Safeguarding => "safeguarding",
        RiskRegister => "risk-register",
        Policies => "policies",
        Misc => "misc",
    }
);
