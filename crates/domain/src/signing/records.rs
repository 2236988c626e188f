//! Who signs which record, and what is printed for it (docs/spec.md §16 Signing): approved minutes by
//! the person who chaired the meeting (the board's chair when nobody is recorded) or the trustee the
//! board names, a passed written resolution certified by the chair or the secretary, a declaration by
//! the trustee who made it. The one signing flow (`SigningService::sign`) asks these.

use std::sync::Arc;

use crate::governance::declaration::print as declaration_print;
use crate::governance::resolution::print as resolution_print;
use crate::governance::resolution::ResolutionStatus;
use crate::governance::{
    DeclarationService, GovernanceRefusal, GovernanceSettingsRepository, ResolutionService,
};
use crate::identity::role::Role;
use crate::identity::user::User;
use crate::meetings::written_minutes::WrittenMinutesStatus;
use crate::meetings::{MeetingChairRepository, PrintDocument, WrittenMinutesService};
use crate::signing::refusal::{only_certifiers, only_minutes_signers};
use crate::signing::{MinutesSignerRepository, SignedKind, SignedRecord, SigningRefusal};
use crate::{DeclarationRoundId, MeetingId, ResolutionId, UserId};

/// The role the person who chaired the meeting signs its minutes in, as printed and recorded.
pub const CHAIR_OF_THE_MEETING: &str = "Chair of the meeting";
/// The role of the trustee the board names to sign a meeting's minutes.
pub const NAMED_SIGNER: &str = "Trustee named by the board to sign the minutes";
/// The role a chair certifies a written resolution in.
pub const CHAIR_OF_THE_BOARD: &str = "Chair of the board";
/// The role the board's secretary (a governance setting) certifies a written resolution in.
pub const SECRETARY: &str = "Secretary";
/// The role a trustee signs their own declaration in.
pub const DECLARING_TRUSTEE: &str = "Trustee making the declaration";

/// What a signing request names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignTarget {
    /// The current version of a meeting's written minutes.
    Minutes(MeetingId),
    Resolution(ResolutionId),
    /// A trustee's declaration in a round.
    Declaration {
        round: DeclarationRoundId,
        trustee: UserId,
    },
}

impl SignTarget {
    pub fn kind(self) -> SignedKind {
        match self {
            SignTarget::Minutes(_) => SignedKind::Minutes,
            SignTarget::Resolution(_) => SignedKind::Resolution,
            SignTarget::Declaration { .. } => SignedKind::Declaration,
        }
    }
}

/// A record the actor may sign now, and the role they sign it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signable {
    pub record: SignedRecord,
    pub role: &'static str,
}

/// What is signed: the printed document, its file name, and the reason the PDF's signature gives.
pub struct Printed {
    pub file_name: String,
    pub document: PrintDocument,
    pub reason: String,
}

/// The records that are signed, and who signs them: what the signing flow asks of each kind.
#[derive(Clone)]
pub struct SignedRecords {
    pub minutes: WrittenMinutesService,
    /// Who the board named to sign a meeting's minutes besides the chair.
    pub minutes_signers: Arc<dyn MinutesSignerRepository>,
    /// Who chaired each meeting: they sign its minutes.
    pub meeting_chairs: Arc<dyn MeetingChairRepository>,
    /// The governance settings, which name the secretary.
    pub governance: Arc<dyn GovernanceSettingsRepository>,
    pub resolutions: ResolutionService,
    pub declarations: DeclarationService,
    /// `PORTAL_NAME`, on the printed documents.
    pub portal_name: String,
}

impl SignedRecords {
    /// The record the target names now, for whoever may read its signature (else 404 or 403).
    pub fn record_of(&self, actor: &User, target: SignTarget) -> Result<SignedRecord, SigningRefusal> {
        match target {
            SignTarget::Minutes(meeting) => {
                let minutes = self.minutes.current(actor, meeting)?;
                Ok(SignedRecord::Minutes { meeting, version: minutes.version })
            }
            SignTarget::Resolution(id) => {
                self.resolutions.get(actor, id)?;
                Ok(SignedRecord::Resolution(id))
            }
            SignTarget::Declaration { round, trustee } => {
                self.declarations.get(actor, round)?;
                // A declaration's answers are the trustee's and the officers' to read (spec §10).
                if actor.id != trustee && !actor.role.is_officer() {
                    return Err(SigningRefusal::DeclarationReadersOnly);
                }
                Ok(SignedRecord::Declaration { round, trustee })
            }
        }
    }

    /// Whether `actor` may sign the target now, and as what: checked before the password or code is, so
    /// no attempt is spent on a refusal, and again when signing.
    pub fn may_sign(&self, actor: &User, target: SignTarget) -> Result<Signable, SigningRefusal> {
        if !actor.role.is_board_member() {
            return Err(SigningRefusal::Guest);
        }
        match target {
            SignTarget::Minutes(meeting) => {
                let minutes = self.minutes.current(actor, meeting)?;
                if !matches!(minutes.status, WrittenMinutesStatus::Approved | WrittenMinutesStatus::Locked) {
                    return Err(SigningRefusal::NotApproved);
                }
                // Whoever is recorded as having chaired the meeting signs, whatever their role; when nobody
                // is, the board's chair presided. Besides them, the trustee the board names.
                let chaired_by = self.meeting_chairs.chaired_by(meeting)?;
                let named = self.minutes_signers.named(meeting)?;
                let chaired = match &chaired_by {
                    Some(chair) => chair.user_id == actor.id,
                    None => actor.role == Role::Chair,
                };
                let role = if chaired {
                    CHAIR_OF_THE_MEETING
                } else if named.as_ref().is_some_and(|n| n.user_id == actor.id) {
                    NAMED_SIGNER
                } else {
                    return Err(SigningRefusal::OnlyTheChairSigns(only_minutes_signers(
                        chaired_by.as_ref().map(|c| c.name.as_str()),
                        named.as_ref().map(|n| n.name.as_str()),
                    )));
                };
                Ok(Signable { record: SignedRecord::Minutes { meeting, version: minutes.version }, role })
            }
            SignTarget::Resolution(id) => {
                let resolution = self.resolutions.get(actor, id)?;
                match resolution.status {
                    ResolutionStatus::Open => return Err(SigningRefusal::ResolutionOpen),
                    ResolutionStatus::Failed => return Err(SigningRefusal::NotPassed),
                    ResolutionStatus::Passed => {}
                }
                // The chair certifies, or the user the governance settings name secretary.
                let secretary = self.governance.get()?.secretary;
                let role = if actor.role == Role::Chair {
                    CHAIR_OF_THE_BOARD
                } else if secretary.as_ref().is_some_and(|s| s.user_id == actor.id) {
                    SECRETARY
                } else {
                    return Err(SigningRefusal::OnlyTheChairCertifies(only_certifiers(
                        secretary.as_ref().map(|s| s.name.as_str()),
                    )));
                };
                Ok(Signable { record: SignedRecord::Resolution(id), role })
            }
            SignTarget::Declaration { round, trustee } => {
                let view = self.declarations.get(actor, round)?;
                if actor.id != trustee {
                    return Err(SigningRefusal::OnlyOwnDeclaration);
                }
                let member = view
                    .members
                    .iter()
                    .find(|m| m.user_id == trustee)
                    .ok_or(GovernanceRefusal::NotAskedToDeclare)?;
                if member.declaration.is_none() {
                    return Err(SigningRefusal::NotDeclared);
                }
                Ok(Signable { record: SignedRecord::Declaration { round, trustee }, role: DECLARING_TRUSTEE })
            }
        }
    }

    /// The document to sign, printed as whoever reads it sees it.
    pub fn print(&self, actor: &User, signable: &Signable) -> Result<Printed, SigningRefusal> {
        match signable.record {
            SignedRecord::Minutes { meeting, version } => {
                let (file_name, document, minutes) =
                    self.minutes.print_document(actor, meeting, &self.portal_name)?;
                // A correction started since the check: its draft is not what was approved.
                if minutes.version != version {
                    return Err(SigningRefusal::NotApproved);
                }
                let reason = format!("{}: minutes version {version} approved", signable.role);
                Ok(Printed { file_name, document, reason })
            }
            SignedRecord::Resolution(id) => {
                let resolution = self.resolutions.get(actor, id)?;
                let (file_name, document) = resolution_print::print_document(
                    &resolution,
                    &self.portal_name,
                    self.resolutions.time_zone,
                );
                let reason = format!("{}: certifies that the written resolution passed", signable.role);
                Ok(Printed { file_name, document, reason })
            }
            SignedRecord::Declaration { round, trustee } => {
                let view = self.declarations.get(actor, round)?;
                let declaration = view
                    .members
                    .iter()
                    .find(|m| m.user_id == trustee)
                    .and_then(|m| m.declaration.as_ref())
                    .ok_or(SigningRefusal::NotDeclared)?;
                let (file_name, document) =
                    declaration_print::print_document(&view.round, declaration, &self.portal_name);
                let reason = format!("{}: annual declaration {}", signable.role, view.round.year);
                Ok(Printed { file_name, document, reason })
            }
        }
    }
}
