string_enum!(
    /// A member's role inside one committee, distinct from their board role.
    CommitteeRole {
        Member => "member",
        CommitteeChair => "committee_chair",
    }
);
