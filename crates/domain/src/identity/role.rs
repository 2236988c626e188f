string_enum!(
    /// A user's role on the board (spec §6).
    Role {
        Admin => "admin",
        Chair => "chair",
        Trustee => "trustee",
    }
);

impl Role {
    /// Admins and chairs run the board's content; trustees read it.
    pub fn is_officer(self) -> bool {
        matches!(self, Role::Admin | Role::Chair)
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
