//! Two-factor sign-in (spec: Account security): enrolment with a TOTP secret, single-use recovery codes, the second
//! step of signing in, turning it off, and an admin's reset.

use rand::Rng;

use crate::identity::auth::service::{AuthService, Authenticated, SignedIn};
use crate::identity::permissions;
use crate::identity::refusal::IdentityRefusal;
use crate::identity::role::Role;
use crate::identity::session::ClientInfo;
use crate::identity::sign_in_throttle::service::{self as sign_in_throttle, ThrottledAttempt};
use crate::identity::two_factor::SecuritySettings;
use crate::identity::user::User;
use crate::identity::{ChallengeClaims, StoredSecondFactor, TokenError};
use crate::shared::error::DomainError;
use crate::shared::input::limits::{FieldLimits, Limit};
use crate::shared::secret_token;
use crate::UserId;

pub const RECOVERY_CODE_COUNT: usize = 10;
pub const TURNED_OFF: &str = "Two-factor sign-in is off.";
pub const RESET_DONE: &str = "Two-factor sign-in reset. They will set it up again at their next sign-in.";

/// The tag of a recovery code stored before salting, once wrapped at start: `legacy-bcrypt:` and a bcrypt
/// of the code's old unsalted SHA-256 digest (spec: Account security > Secrets at rest).
pub const LEGACY_WRAPPED: &str = "legacy-bcrypt:";

/// The longest code read: a TOTP code has 6 digits, a recovery code 10 letters and a dash.
pub const CODE_MAX: usize = 64;
/// The longest password the confirming-it-is-you form states (the policy's own limit is in bytes).
pub const REAUTHENTICATE_PASSWORD_MAX: usize = 1000;

/// The second step of signing in.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = VerifyRequest)]
pub struct VerifyCodeRequest {
    /// The token the password step answered.
    pub mfa_token: String,
    /// A 6-digit code from the authenticator app, or a recovery code (`abcde-fghjk`).
    pub code: String,
}

impl FieldLimits for VerifyCodeRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("code", Limit::Text { max: CODE_MAX })];
}

#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct CodeRequest {
    /// A 6-digit code from the authenticator app (or, where a code of the enrolled factor is asked for, a
    /// recovery code).
    pub code: String,
}

impl FieldLimits for CodeRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[("code", Limit::Text { max: CODE_MAX })];
}

#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct ReauthenticateRequest {
    /// The caller's password.
    #[serde(default)]
    pub password: Option<String>,
    /// Or, with two-factor sign-in on, a code of the enrolled factor (a recovery code is used up).
    #[serde(default)]
    pub code: Option<String>,
}

impl FieldLimits for ReauthenticateRequest {
    const LIMITS: &'static [(&'static str, Limit)] = &[
        ("password", Limit::Text { max: REAUTHENTICATE_PASSWORD_MAX }),
        ("code", Limit::Text { max: CODE_MAX }),
    ];
}

/// How the caller confirms it is them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirmation {
    Password(String),
    Code(String),
}

impl ReauthenticateRequest {
    /// The password if one was given, else the code; neither is `PasswordRequired`.
    pub fn confirmation(self) -> Result<Confirmation, IdentityRefusal> {
        match (self.password.filter(|p| !p.is_empty()), self.code.filter(|c| !c.trim().is_empty())) {
            (Some(password), _) => Ok(Confirmation::Password(password)),
            (None, Some(code)) => Ok(Confirmation::Code(code)),
            (None, None) => Err(IdentityRefusal::PasswordRequired),
        }
    }
}

/// Which code of the enrolled factor was accepted: signing records it (spec §16 Signing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AcceptedCode {
    /// A 6-digit code from the authenticator app.
    Totp,
    /// A single-use recovery code (now used up).
    RecoveryCode,
}

/// Recovery codes use letters and digits that cannot be mistaken for one another.
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// What set-up hands the user to put into an authenticator app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enrolment {
    pub secret: String,
    pub otpauth_url: String,
}

/// What a code of the enrolled factor (or, for `Enable`, of the new secret) is checked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeCheck {
    Enable,
    RegenerateRecoveryCodes,
    Disable,
    /// Confirming it is them before changing how they sign in (spec: Account security).
    Reauthenticate,
}

/// What `reseal_secrets` did at start.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Resealed {
    /// Users whose plaintext (or previous-key) secrets were sealed under the current key.
    pub resealed: usize,
    /// Recovery codes from before salting whose bare SHA-256 digest was wrapped in bcrypt.
    pub recovery_codes_wrapped: usize,
    /// Users whose stored secret opens under no key the server has (wrong `SECRETS_KEY`, or tampering):
    /// they cannot sign in with their authenticator until an admin resets their two-factor sign-in.
    pub unreadable: Vec<UserId>,
}

/// How long a used challenge is remembered: longer than any challenge lives (5 minutes, with leeway).
const USED_CHALLENGE_KEPT: chrono::Duration = chrono::Duration::minutes(10);

#[derive(Clone)]
pub struct TwoFactorService {
    pub auth: AuthService,
}

impl TwoFactorService {
    /// First half of the second step of signing in: checks the challenge and counts the attempt (429 at
    /// the per-address limits). The caller waits `delay` (the account-wide slow-down shared with every
    /// code check, spec: Account security > Throttling) without holding a thread, then calls
    /// `verify_sign_in`.
    pub fn begin_verify_sign_in(
        &self,
        challenge: &str,
        code: &str,
        client: &str,
    ) -> Result<ThrottledAttempt, IdentityRefusal> {
        let (user, _) = self.challenge_user(challenge)?;
        code_field(code)?;
        Ok(sign_in_throttle::begin_code(self.auth.throttle.as_ref(), user.id, client, self.auth.clock.now())?)
    }

    /// Second half: a TOTP code or a recovery code, with the token the password step gave. The token is
    /// exchanged for one session only.
    pub fn verify_sign_in(
        &self,
        attempt: &ThrottledAttempt,
        challenge: &str,
        code: &str,
        client: &ClientInfo,
    ) -> Result<SignedIn, IdentityRefusal> {
        let (user, claims) = self.challenge_user(challenge)?;
        // The challenge is claimed before the code is checked, so that a replayed (refused) challenge uses
        // up no recovery code and no TOTP step (spec: Account security > Two-factor sign-in). A wrong code
        // gives the claim back: the right code may follow on the same challenge.
        let now = self.auth.clock.now();
        let id = format!("{:032x}", claims.id);
        if !self.auth.two_factor.use_challenge(user.id, &id, now + USED_CHALLENGE_KEPT, now)? {
            return Err(IdentityRefusal::SignInExpired);
        }
        if let Err(error) = self.check_code(&user, attempt, code) {
            self.auth.two_factor.release_challenge(&id)?;
            return Err(error);
        }
        self.auth.open_session(user, client)
    }

    fn challenge_user(&self, challenge: &str) -> Result<(User, ChallengeClaims), IdentityRefusal> {
        let claims = self.auth.tokens.verify_challenge(challenge).map_err(|e| match e {
            TokenError::Unexpected(e) => DomainError::Unexpected(e).into(),
            _ => IdentityRefusal::SignInExpired,
        })?;
        match self.auth.users.find(claims.user_id)? {
            Some(user) if user.active && user.token_version == claims.token_version && user.mfa_enabled => {
                Ok((user, claims))
            }
            _ => Err(IdentityRefusal::SignInExpired),
        }
    }

    /// Starts (or restarts) enrolment with a new secret; two-factor sign-in is on only once a code from
    /// it is confirmed. Needs a recent password (spec: Account security > Confirming it is you).
    pub fn setup(&self, caller: &Authenticated) -> Result<Enrolment, IdentityRefusal> {
        if caller.user.mfa_enabled {
            return Err(IdentityRefusal::AlreadyOn);
        }
        self.auth.require_recent_authentication(caller)?;
        let secret = self.auth.second_factor.new_secret();
        let sealed = self.auth.sealer.seal(&secret, &seal_context(caller.user.id))?;
        self.auth.two_factor.set_pending(caller.user.id, &sealed)?;
        let otpauth_url = self.auth.second_factor.otpauth_url(&secret, &caller.user.email)?;
        Ok(Enrolment { secret, otpauth_url })
    }

    /// First half of every code check of a signed-in user: refuses what cannot succeed (409, 403, 400),
    /// then counts the attempt (429 at the per-address limits). The caller waits `delay`, the account-wide
    /// slow-down, without holding a thread, then calls the operation.
    pub fn begin_code_check(
        &self,
        caller: &Authenticated,
        check: CodeCheck,
        code: &str,
        client: &str,
    ) -> Result<ThrottledAttempt, IdentityRefusal> {
        let user = &caller.user;
        match check {
            CodeCheck::Enable => {
                if user.mfa_enabled {
                    return Err(IdentityRefusal::AlreadyOn);
                }
                self.auth.require_recent_authentication(caller)?;
                if self.auth.two_factor.find(user.id)?.pending_secret.is_none() {
                    return Err(IdentityRefusal::SetUpFirst);
                }
            }
            CodeCheck::RegenerateRecoveryCodes | CodeCheck::Reauthenticate => {
                if !user.mfa_enabled {
                    return Err(IdentityRefusal::NotOn);
                }
            }
            CodeCheck::Disable => {
                if !user.mfa_enabled {
                    return Err(IdentityRefusal::NotOn);
                }
                if self.required_for(user.role)? {
                    return Err(IdentityRefusal::RequiredForRole);
                }
            }
        }
        code_field(code)?;
        Ok(sign_in_throttle::begin_code(self.auth.throttle.as_ref(), user.id, client, self.auth.clock.now())?)
    }

    /// Confirms enrolment with a code from the new secret; answers the recovery codes, shown once.
    pub fn enable(
        &self,
        caller: &Authenticated,
        attempt: &ThrottledAttempt,
        code: &str,
    ) -> Result<Vec<String>, IdentityRefusal> {
        let user = &caller.user;
        if user.mfa_enabled {
            return Err(IdentityRefusal::AlreadyOn);
        }
        let sealed = self.auth.two_factor.find(user.id)?.pending_secret.ok_or(IdentityRefusal::SetUpFirst)?;
        let code = code_field(code)?;
        let pending = self.auth.sealer.open(&sealed, &seal_context(user.id))?.plaintext;
        let step = self
            .auth
            .second_factor
            .verify(&pending, &code, self.auth.clock.now())
            .ok_or(IdentityRefusal::EnrolCodeWrong)?;
        attempt.succeeded(self.auth.throttle.as_ref())?;
        let codes = new_recovery_codes();
        let hashes = self.hashes(&codes)?;
        if !self.auth.two_factor.enable(user.id, &sealed, step, &hashes)? {
            return Err(IdentityRefusal::SetUpFirst);
        }
        Ok(codes)
    }

    /// A new set of recovery codes; the old ones stop working. The code of the enrolled factor it needs
    /// is the confirmation that it is the user.
    pub fn regenerate_recovery_codes(
        &self,
        caller: &Authenticated,
        attempt: &ThrottledAttempt,
        code: &str,
    ) -> Result<Vec<String>, IdentityRefusal> {
        if !caller.user.mfa_enabled {
            return Err(IdentityRefusal::NotOn);
        }
        self.check_code(&caller.user, attempt, code)?;
        let codes = new_recovery_codes();
        let hashes = self.hashes(&codes)?;
        self.auth.two_factor.replace_recovery_codes(caller.user.id, &hashes)?;
        Ok(codes)
    }

    /// Turns two-factor sign-in off, unless the settings require it for the user's role. The code of the
    /// enrolled factor it needs is the confirmation that it is the user.
    pub fn disable(
        &self,
        caller: &Authenticated,
        attempt: &ThrottledAttempt,
        code: &str,
    ) -> Result<&'static str, IdentityRefusal> {
        if !caller.user.mfa_enabled {
            return Err(IdentityRefusal::NotOn);
        }
        if self.required_for(caller.user.role)? {
            return Err(IdentityRefusal::RequiredForRole);
        }
        self.check_code(&caller.user, attempt, code)?;
        self.auth.two_factor.clear(caller.user.id)?;
        Ok(TURNED_OFF)
    }

    /// Confirms it is the user with a code of the enrolled factor, instead of the password; answers which
    /// kind of code it was.
    pub fn reauthenticate_with_code(
        &self,
        caller: &Authenticated,
        attempt: &ThrottledAttempt,
        code: &str,
    ) -> Result<AcceptedCode, IdentityRefusal> {
        if !caller.user.mfa_enabled {
            return Err(IdentityRefusal::NotOn);
        }
        let accepted = self.check_code(&caller.user, attempt, code)?;
        self.auth.sessions.reauthenticated(caller.session_id, self.auth.clock.now())?;
        Ok(accepted)
    }

    /// At start: seals secrets stored in plain text (from before sealing) or under the previous key, so
    /// every stored secret ends up under the current `SECRETS_KEY` (spec: Account security > Secrets at
    /// rest). Safe to run from several processes at once: each row is replaced only if unchanged.
    pub fn reseal_secrets(&self) -> Result<Resealed, DomainError> {
        let mut report = Resealed::default();
        for (user, StoredSecondFactor { secret, pending_secret: pending }) in
            self.auth.two_factor.all_secrets()?
        {
            let context = seal_context(user);
            let mut changed = false;
            let mut unreadable = false;
            let mut reseal = |stored: &Option<String>| -> Result<Option<String>, DomainError> {
                let Some(stored) = stored else { return Ok(None) };
                match self.auth.sealer.open(stored, &context) {
                    Ok(opened) if opened.needs_reseal => {
                        changed = true;
                        Ok(Some(self.auth.sealer.seal(&opened.plaintext, &context)?))
                    }
                    Ok(_) => Ok(Some(stored.clone())),
                    Err(_) => {
                        unreadable = true;
                        Ok(Some(stored.clone()))
                    }
                }
            };
            let new_secret = reseal(&secret)?;
            let new_pending = reseal(&pending)?;
            if unreadable {
                report.unreadable.push(user);
            }
            if changed
                && self.auth.two_factor.replace_secrets(
                    user,
                    (secret.as_deref(), pending.as_deref()),
                    (new_secret.as_deref(), new_pending.as_deref()),
                )?
            {
                report.resealed += 1;
            }
        }
        // Recovery codes from before salting: no bare unsalted digest stays on disk until the code is
        // used. The digest (the code itself is not known) is wrapped in bcrypt; a code typed later is
        // hashed with SHA-256 and then checked against the wrapper.
        for (id, digest) in self.auth.two_factor.unsalted_recovery_code_hashes()? {
            let wrapped = format!("{LEGACY_WRAPPED}{}", self.auth.hasher.hash(&digest)?);
            if self.auth.two_factor.replace_recovery_code_hash(id, &digest, &wrapped)? {
                report.recovery_codes_wrapped += 1;
            }
        }
        Ok(report)
    }

    /// An admin clears a user's second factor (a lost phone); the user's sessions end, and they enrol
    /// again at their next sign-in if their role requires it.
    pub fn admin_reset(&self, actor: &User, target: UserId) -> Result<User, IdentityRefusal> {
        if actor.role != Role::Admin {
            return Err(IdentityRefusal::OnlyAdminsReset);
        }
        let user = self.auth.users.find(target)?.ok_or(IdentityRefusal::UserNotFound)?;
        self.reset(&user)?;
        Ok(user)
    }

    /// Clears the second factor and ends every session (the operator's recovery command uses it too).
    pub fn reset(&self, user: &User) -> Result<(), DomainError> {
        self.auth.two_factor.clear(user.id)?;
        self.auth.users.revoke_sessions(user.id)?;
        Ok(())
    }

    pub fn settings(&self, actor: &User) -> Result<SecuritySettings, IdentityRefusal> {
        if actor.role != Role::Admin {
            return Err(IdentityRefusal::OnlyAdminsSettings);
        }
        Ok(self.auth.security_settings.get()?)
    }

    /// Saves the settings. Password sign-in goes off only with single sign-on set up and an active admin
    /// named to keep it (the break-glass admin, spec §13 Single sign-on), so nobody is locked out.
    pub fn save_settings(
        &self,
        actor: &User,
        settings: SecuritySettings,
        single_sign_on: bool,
    ) -> Result<SecuritySettings, IdentityRefusal> {
        if actor.role != Role::Admin {
            return Err(IdentityRefusal::OnlyAdminsSettings);
        }
        if settings.password_sign_in_off && !single_sign_on {
            return Err(IdentityRefusal::SsoNeededToTurnOffPasswords);
        }
        // A break-glass admin, whenever one is named, is an active admin (never a missing account, which
        // the database would refuse); with password sign-in off one must be named.
        let admin = match settings.break_glass_admin_id {
            Some(id) => Some(self.auth.users.find(id)?.filter(|a| a.active && a.role == Role::Admin)),
            None => None,
        };
        let named_well = match admin {
            Some(found) => found.is_some(),
            None => !settings.password_sign_in_off,
        };
        if !named_well {
            return Err(IdentityRefusal::BreakGlassAdminRequired);
        }
        Ok(self.auth.security_settings.save(settings)?)
    }

    fn required_for(&self, role: Role) -> Result<bool, DomainError> {
        Ok(permissions::can_open_user_management(role)
            && self.auth.security_settings.get()?.require_mfa_for_officers)
    }

    /// Accepts a TOTP code whose time step was not used before, or an unused recovery code. The attempt
    /// was counted (and its delay waited) by `begin_code_check` or `begin_verify_sign_in`.
    fn check_code(
        &self,
        user: &User,
        attempt: &ThrottledAttempt,
        code: &str,
    ) -> Result<AcceptedCode, IdentityRefusal> {
        let code = code_field(code)?;
        let now = self.auth.clock.now();
        let stored = self.auth.two_factor.find(user.id)?;
        let sealed = stored.secret.ok_or(IdentityRefusal::NotOn)?;
        let (kind, accepted) = if code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()) {
            let secret = self.auth.sealer.open(&sealed, &seal_context(user.id))?.plaintext;
            let accepted = match self.auth.second_factor.verify(&secret, &code, now) {
                Some(step) => self.auth.two_factor.use_step(user.id, step)?,
                None => false,
            };
            (AcceptedCode::Totp, accepted)
        } else {
            let normalised = normalise_recovery_code(&code);
            let accepted = match self.matching_recovery_code(user.id, &normalised)? {
                Some(id) => self.auth.two_factor.use_recovery_code(user.id, id, now)?,
                None => false,
            };
            (AcceptedCode::RecoveryCode, accepted)
        };
        if !accepted {
            return Err(IdentityRefusal::CodeWrong);
        }
        attempt.succeeded(self.auth.throttle.as_ref())?;
        Ok(kind)
    }

    /// The unused recovery code this one is: salted hashes are checked with the password hasher; codes from
    /// before salting by their SHA-256 digest, against the bcrypt wrapping it at start (or, written by an
    /// older process since, the bare digest, compared in constant time).
    fn matching_recovery_code(&self, user: UserId, normalised: &str) -> Result<Option<i32>, DomainError> {
        let legacy = secret_token::hash(normalised);
        for (id, hash) in self.auth.two_factor.unused_recovery_code_hashes(user)? {
            let matches = if let Some(wrapped) = hash.strip_prefix(LEGACY_WRAPPED) {
                self.auth.hasher.verify(&legacy, wrapped)
            } else if hash.starts_with('$') {
                self.auth.hasher.verify(normalised, &hash)
            } else {
                constant_time_eq(hash.as_bytes(), legacy.as_bytes())
            };
            if matches {
                return Ok(Some(id));
            }
        }
        Ok(None)
    }

    /// Salted hashes of the codes, with the password hasher (its cost is `BCRYPT_COST`).
    fn hashes(&self, codes: &[String]) -> Result<Vec<String>, DomainError> {
        codes
            .iter()
            .map(|code| {
                self.auth.hasher.hash(&normalise_recovery_code(code)).map_err(DomainError::Unexpected)
            })
            .collect()
    }
}

/// What a sealed secret is bound to: the user whose row holds it.
fn seal_context(user: UserId) -> String {
    format!("totp:user:{user}")
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The code as typed, without spaces; empty is a field error.
fn code_field(code: &str) -> Result<String, IdentityRefusal> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).take(CODE_MAX).collect();
    if code.is_empty() {
        return Err(IdentityRefusal::CodeRequired);
    }
    Ok(code)
}

/// Recovery codes are shown as `abcde-fghij`; typed in any case, with or without the dash.
fn normalise_recovery_code(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect()
}

fn new_recovery_codes() -> Vec<String> {
    let mut rng = rand::rng();
    (0..RECOVERY_CODE_COUNT)
        .map(|_| {
            let chars: String = (0..10)
                .map(|_| char::from(RECOVERY_ALPHABET[rng.random_range(0..RECOVERY_ALPHABET.len())]))
                .collect();
            format!("{}-{}", &chars[..5], &chars[5..])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_codes_are_ten_distinct_readable_codes() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODE_COUNT);
        let distinct: std::collections::HashSet<_> = codes.iter().collect();
        assert_eq!(distinct.len(), RECOVERY_CODE_COUNT);
        for code in &codes {
            assert_eq!(code.len(), 11);
            assert_eq!(&code[5..6], "-");
            assert!(code.chars().all(|c| c == '-' || RECOVERY_ALPHABET.contains(&(c as u8))));
        }
    }

    #[test]
    fn recovery_codes_match_however_they_are_typed() {
        assert_eq!(normalise_recovery_code("ABCDE-fghjk"), "abcdefghjk");
        assert_eq!(normalise_recovery_code("abcde fghjk"), "abcdefghjk");
        assert_eq!(normalise_recovery_code("abcde-FGHJK"), normalise_recovery_code("ABCDEfghjk"));
    }

    #[test]
    fn digests_compare_whole() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"abcd"));
    }
}
