//! Two-factor sign-in (issue 10): enrolment with a TOTP secret, single-use recovery codes, the second
//! step of signing in, turning it off, and an admin's reset.

use rand::Rng;

use crate::entities::role::Role;
use crate::entities::security_settings::SecuritySettings;
use crate::entities::session::ClientInfo;
use crate::entities::user::User;
use crate::error::DomainError;
use crate::permissions;
use crate::ports::TokenError;
use crate::secret_token;
use crate::services::auth::{AuthService, Authenticated, SignedIn};
use crate::services::sign_in_throttle;
use crate::UserId;

pub const RECOVERY_CODE_COUNT: usize = 10;
pub const CODE_WRONG: &str = "That code is not right. Check the time on your phone, or use a recovery code.";
pub const ENROL_CODE_WRONG: &str = "That code is not right. Check the time on your phone and try again.";
pub const CODE_REQUIRED: &str = "Enter the code from your authenticator app";
pub const SIGN_IN_EXPIRED: &str = "Your sign-in has expired. Please sign in again.";
pub const ALREADY_ON: &str = "Two-factor sign-in is already on.";
pub const NOT_ON: &str = "Two-factor sign-in is not on.";
pub const SET_UP_FIRST: &str = "Start two-factor set-up first.";
pub const REQUIRED_FOR_ROLE: &str = "Two-factor sign-in is required for your role.";
pub const TURNED_OFF: &str = "Two-factor sign-in is off.";
pub const RESET_DONE: &str = "Two-factor sign-in reset. They will set it up again at their next sign-in.";
pub const ONLY_ADMINS_RESET: &str = "Only admins can reset two-factor sign-in.";
pub const ONLY_ADMINS_SETTINGS: &str = "Only admins can change security settings.";

/// Recovery codes use letters and digits that cannot be mistaken for one another.
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// What set-up hands the user to put into an authenticator app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enrolment {
    pub secret: String,
    pub otpauth_url: String,
}

#[derive(Clone)]
pub struct TwoFactorService {
    pub auth: AuthService,
}

impl TwoFactorService {
    /// Second step of signing in: a TOTP code or a recovery code, with the token the password step gave.
    pub fn verify_sign_in(
        &self,
        challenge: &str,
        code: &str,
        client: &ClientInfo,
    ) -> Result<SignedIn, DomainError> {
        let claims = self.auth.tokens.verify_challenge(challenge).map_err(|e| match e {
            TokenError::Unexpected(e) => DomainError::Unexpected(e),
            _ => DomainError::Unauthorized(SIGN_IN_EXPIRED.into()),
        })?;
        let user = match self.auth.users.find(claims.user_id)? {
            Some(user) if user.active && user.token_version == claims.token_version && user.mfa_enabled => {
                user
            }
            _ => return Err(DomainError::Unauthorized(SIGN_IN_EXPIRED.into())),
        };
        self.check_code(&user, code, &client.address, CODE_WRONG)?;
        self.auth.open_session(user, client)
    }

    /// Starts (or restarts) enrolment with a new secret; two-factor sign-in is on only once a code from
    /// it is confirmed.
    pub fn setup(&self, caller: &Authenticated) -> Result<Enrolment, DomainError> {
        if caller.user.mfa_enabled {
            return Err(DomainError::conflict(ALREADY_ON));
        }
        let secret = self.auth.second_factor.new_secret();
        self.auth.two_factor.set_pending(caller.user.id, &secret)?;
        let otpauth_url = self.auth.second_factor.otpauth_url(&secret, &caller.user.email)?;
        Ok(Enrolment { secret, otpauth_url })
    }

    /// Confirms enrolment with a code from the new secret; answers the recovery codes, shown once.
    pub fn enable(
        &self,
        caller: &Authenticated,
        code: &str,
        client: &str,
    ) -> Result<Vec<String>, DomainError> {
        let user = &caller.user;
        if user.mfa_enabled {
            return Err(DomainError::conflict(ALREADY_ON));
        }
        let pending = self
            .auth
            .two_factor
            .find(user.id)?
            .pending_secret
            .ok_or_else(|| DomainError::conflict(SET_UP_FIRST))?;
        let code = code_field(code)?;
        let attempt = sign_in_throttle::begin_code(
            self.auth.throttle.as_ref(),
            user.id,
            client,
            self.auth.clock.now(),
        )?;
        let step = self
            .auth
            .second_factor
            .verify(&pending, &code, self.auth.clock.now())
            .ok_or_else(|| DomainError::invalid("code", ENROL_CODE_WRONG))?;
        attempt.succeeded(self.auth.throttle.as_ref())?;
        let codes = new_recovery_codes();
        if !self.auth.two_factor.enable(user.id, &pending, step, &hashes(&codes))? {
            return Err(DomainError::conflict(SET_UP_FIRST));
        }
        Ok(codes)
    }

    /// A new set of recovery codes; the old ones stop working.
    pub fn regenerate_recovery_codes(
        &self,
        caller: &Authenticated,
        code: &str,
        client: &str,
    ) -> Result<Vec<String>, DomainError> {
        if !caller.user.mfa_enabled {
            return Err(DomainError::conflict(NOT_ON));
        }
        self.check_code(&caller.user, code, client, CODE_WRONG)?;
        let codes = new_recovery_codes();
        self.auth.two_factor.replace_recovery_codes(caller.user.id, &hashes(&codes))?;
        Ok(codes)
    }

    /// Turns two-factor sign-in off, unless the settings require it for the user's role.
    pub fn disable(
        &self,
        caller: &Authenticated,
        code: &str,
        client: &str,
    ) -> Result<&'static str, DomainError> {
        if !caller.user.mfa_enabled {
            return Err(DomainError::conflict(NOT_ON));
        }
        if self.required_for(caller.user.role)? {
            return Err(DomainError::forbidden(REQUIRED_FOR_ROLE));
        }
        self.check_code(&caller.user, code, client, CODE_WRONG)?;
        self.auth.two_factor.clear(caller.user.id)?;
        Ok(TURNED_OFF)
    }

    /// An admin clears a user's second factor (a lost phone); the user's sessions end, and they enrol
    /// again at their next sign-in if their role requires it.
    pub fn admin_reset(&self, actor: &User, target: UserId) -> Result<User, DomainError> {
        if actor.role != Role::Admin {
            return Err(DomainError::forbidden(ONLY_ADMINS_RESET));
        }
        let user = self.auth.users.find(target)?.ok_or(DomainError::NotFound("User"))?;
        self.reset(&user)?;
        Ok(user)
    }

    /// Clears the second factor and ends every session (the operator's recovery command uses it too).
    pub fn reset(&self, user: &User) -> Result<(), DomainError> {
        self.auth.two_factor.clear(user.id)?;
        self.auth.users.revoke_sessions(user.id)?;
        Ok(())
    }

    pub fn settings(&self, actor: &User) -> Result<SecuritySettings, DomainError> {
        if actor.role != Role::Admin {
            return Err(DomainError::forbidden(ONLY_ADMINS_SETTINGS));
        }
        Ok(self.auth.security_settings.get()?)
    }

    pub fn save_settings(
        &self,
        actor: &User,
        settings: SecuritySettings,
    ) -> Result<SecuritySettings, DomainError> {
        if actor.role != Role::Admin {
            return Err(DomainError::forbidden(ONLY_ADMINS_SETTINGS));
        }
        Ok(self.auth.security_settings.save(settings)?)
    }

    fn required_for(&self, role: Role) -> Result<bool, DomainError> {
        Ok(permissions::can_open_user_management(role)
            && self.auth.security_settings.get()?.require_mfa_for_officers)
    }

    /// Accepts a TOTP code whose time step was not used before, or an unused recovery code; throttled per
    /// user and address like passwords.
    fn check_code(
        &self,
        user: &User,
        code: &str,
        client: &str,
        wrong: &'static str,
    ) -> Result<(), DomainError> {
        let code = code_field(code)?;
        let now = self.auth.clock.now();
        let attempt = sign_in_throttle::begin_code(self.auth.throttle.as_ref(), user.id, client, now)?;
        let stored = self.auth.two_factor.find(user.id)?;
        let secret = stored.secret.ok_or_else(|| DomainError::conflict(NOT_ON))?;
        let accepted = if code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()) {
            match self.auth.second_factor.verify(&secret, &code, now) {
                Some(step) => self.auth.two_factor.use_step(user.id, step)?,
                None => false,
            }
        } else {
            let normalised = normalise_recovery_code(&code);
            self.auth.two_factor.use_recovery_code(user.id, &secret_token::hash(&normalised), now)?
        };
        if !accepted {
            return Err(DomainError::invalid("code", wrong));
        }
        attempt.succeeded(self.auth.throttle.as_ref())
    }
}

/// The code as typed, without spaces; empty is a field error.
fn code_field(code: &str) -> Result<String, DomainError> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).take(64).collect();
    if code.is_empty() {
        return Err(DomainError::invalid("code", CODE_REQUIRED));
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

fn hashes(codes: &[String]) -> Vec<String> {
    codes.iter().map(|code| secret_token::hash(&normalise_recovery_code(code))).collect()
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
        assert_eq!(hashes(&["ABCDE-FGHJK".into()]), hashes(&["abcdefghjk".into()]));
    }
}
