//! The trustee directory (spec §2 Trustees).

use std::sync::Arc;

use crate::identity::directory::DirectoryEntry;
use crate::identity::permissions;
use crate::identity::refusal::IdentityRefusal;
use crate::identity::user::User;
use crate::identity::DirectoryRepository;

#[derive(Clone)]
pub struct DirectoryService {
    pub directory: Arc<dyn DirectoryRepository>,
}

impl DirectoryService {
    /// Every active account by name, with its active committees; every signed-in user may read it.
    pub fn active_trustees(&self, actor: &User) -> Result<Vec<DirectoryEntry>, IdentityRefusal> {
        if !permissions::can_read_board_content(actor.role) {
            return Err(IdentityRefusal::CannotReadDirectory);
        }
        Ok(self.directory.active_trustees()?)
    }
}
