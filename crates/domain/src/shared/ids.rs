//! Newtype ids, so that a user id can never be passed where a document id is expected.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($name:ident, $inner:ty) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl From<$inner> for $name {
            fn from(id: $inner) -> Self {
                $name(id)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(UserId, i32);
id_type!(DocumentId, i32);
id_type!(ActionId, i32);
id_type!(MinutesId, i32);
id_type!(MeetingId, i32);
id_type!(NoticeId, i32);
id_type!(CommitteeId, i32);
id_type!(CommitteeDocumentId, i32);
id_type!(MessageId, i64);
id_type!(ResetRequestId, i32);
id_type!(InterestId, i32);
id_type!(TermId, i32);
id_type!(DeclarationRoundId, i32);
id_type!(ResolutionId, i32);
id_type!(SessionId, i32);
id_type!(AgendaItemId, i32);
id_type!(AgendaPaperId, i32);
id_type!(ConflictId, i32);
id_type!(SkillId, i32);
