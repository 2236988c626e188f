//! The wire schemas DTOs and handlers point at: the domain's enums as named OpenAPI string enums, and
//! file bytes. Kept apart from `openapi.rs`, which assembles the document from the route table, so that
//! the DTOs and handlers do not import the module that imports them.

use std::borrow::Cow;

use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};

use domain::shared::string_schema;
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use domain::actions::ActionStatus;
use domain::committees::CommitteeRole;
use domain::library::document::DocumentCategory;

macro_rules! wire_enum {
    ($(#[$meta:meta])* $schema:ident as $name:literal = $values:expr, $description:literal) => {
        $(#[$meta])*
        pub struct $schema;

        impl PartialSchema for $schema {
            fn schema() -> RefOr<Schema> {
                string_schema($values, $description)
            }
        }

        impl ToSchema for $schema {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($name)
            }
        }
    };
}

wire_enum!(
    SettableActionStatusSchema as "SettableActionStatus" =
        ActionStatus::ALL.iter().filter(|v| v.is_settable()).map(|v| v.as_str()),
    "The statuses a client may set"
);
wire_enum!(
    DirectoryCommitteeRoleSchema as "DirectoryCommitteeRole" =
        CommitteeRole::ALL.iter().map(|v| v.directory_label()),
    "The trustee directory's spelling of a committee role"
);
wire_enum!(
    PaperKindSchema as "PaperKind" = ["document", "agendaPaper", "minutes", "boardPack"],
    "What a paper is: a library document, an agenda paper, uploaded minutes, or the board pack's own pages"
);

/// The bytes of a file (a download, or the `file` part of an upload).
pub struct FileBytes;

impl PartialSchema for FileBytes {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
            .into()
    }
}

impl ToSchema for FileBytes {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("FileBytes")
    }
}

// Query filters: an empty value means the same as leaving the parameter out (docs/api.md), so each
// filter's schema lists "" beside the values it filters by.
wire_enum!(
    ActionStatusFilterSchema as "ActionStatusFilter" =
        ActionStatus::ALL.iter().map(|v| v.as_str()).chain([""]),
    "A reported status to filter by; empty: no filter"
);
wire_enum!(
    DocumentCategoryFilterSchema as "DocumentCategoryFilter" =
        DocumentCategory::ALL.iter().map(|v| v.as_str()).chain([""]),
    "A category to filter by; empty: no filter"
);
wire_enum!(
    BooleanFilterSchema as "BooleanFilter" = ["true", "false", ""],
    "A yes/no query flag; empty: as if it were left out"
);
// Attendance and quorum (spec §2 Attendance section).
wire_enum!(
    QuorumRuleKindSchema as "QuorumRuleKind" =
        domain::meetings::attendance::QuorumRuleKind::ALL.iter().map(|v| v.as_str()),
    "How the quorum is worked out: a set number of trustees, or a fraction of the serving trustees with a minimum"
);
