string_enum!(
    /// A user's role on the board (spec §6).
    Role {
        Admin => "admin",
        Chair => "chair",
        Trustee => "trustee",
        // Someone outside the board, let in until an end date for named things only (spec §6 Guests).
        Guest => "guest",
    }
);

impl Role {
    /// Admins and chairs run the board's content; trustees read it.
    pub fn is_officer(self) -> bool {
        matches!(self, Role::Admin | Role::Chair)
    }

    /// A member of the board (not a guest): sees the board's content as spec §6 allows.
    pub fn is_board_member(self) -> bool {
        self != Role::Guest
    }
}

string_enum!(
    /// A member's role inside one committee, distinct from their board role.
    CommitteeRole {
        Member => "member",
        CommitteeChair => "committee_chair",
    }
);

impl CommitteeRole {
    /// The trustee directory's shorter spelling ("chair" | "member", see the API contract).
    pub fn directory_label(self) -> &'static str {
        match self {
            CommitteeRole::Member => "member",
            CommitteeRole::CommitteeChair => "chair",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Role;

    #[test]
    fn roles_round_trip_through_their_spelling() {
        for role in Role::ALL {
            assert_eq!(role.as_str().parse::<Role>(), Ok(*role));
        }
        assert!("superuser".parse::<Role>().is_err());
        assert_eq!(serde_json::to_string(&Role::Chair).ok(), Some("\"chair\"".into()));
    }
}
