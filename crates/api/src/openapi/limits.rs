//! The request fields' limits in the document, from the domain's constants (`domain::shared::input::limits`):
//! `#[schema(...)]` and `#[param(...)]` attributes take only literal numbers, so the limits are set on the
//! generated schemas and query parameters here instead of being written a second time beside each field.

use utoipa::openapi::schema::Schema;
use utoipa::openapi::{OpenApi, RefOr};
use utoipa::ToSchema;

use domain::shared::input::limits::{FieldLimits, Limit};

/// Every request type with limits. A type missing here keeps a document without its limits, which the
/// contract test of the document (`server/tests/http/openapi.rs`) notices.
pub(crate) fn apply_all(doc: &mut OpenApi) -> Result<(), String> {
    apply::<domain::meetings::AgendaItemRequest>(doc)?;
    // Meetings.
    apply::<domain::meetings::CreateMeetingRequest>(doc)?;
    apply::<domain::meetings::EntryRequest>(doc)?;
    apply::<domain::meetings::EntryTextRequest>(doc)?;
    apply::<domain::meetings::ApproveRequest>(doc)?;
    apply::<domain::meetings::CorrectionRequest>(doc)?;
    apply::<domain::meetings::RespondRequest>(doc)?;
    apply::<domain::meetings::RecordManyRequest>(doc)?;
    apply::<domain::meetings::GuestRequest>(doc)?;
    apply::<domain::meetings::ReorderRequest>(doc)?;
    // Governance and notifications.
    apply::<domain::governance::InterestRequest>(doc)?;
    apply::<domain::governance::SettingsRequest>(doc)?;
    apply::<domain::governance::OpenRoundRequest>(doc)?;
    apply::<domain::governance::TermRequest>(doc)?;
    apply::<domain::governance::ProposeRequest>(doc)?;
    apply::<domain::governance::SkillRequest>(doc)?;
    // Actions, identity, library, audit, committees, notices.
    apply::<domain::actions::CreateActionRequest>(doc)?;
    apply::<domain::notices::CreateNoticeRequest>(doc)?;
    apply::<domain::committees::CreateCommitteeRequest>(doc)?;
    apply::<domain::committees::AddMemberRequest>(doc)?;
    apply::<domain::identity::VerifyCodeRequest>(doc)?;
    apply::<domain::identity::CodeRequest>(doc)?;
    apply::<domain::identity::ReauthenticateRequest>(doc)?;
    // Answers that state the limits of the request they mirror.
    apply::<crate::governance::governance_settings::GovernanceSettingsBody>(doc)?;
    // Query parameters.
    apply_query::<domain::audit::AuditQuery>(doc, &["/api/audit-events", "/api/audit-events.csv"])?;
    apply_query::<crate::notifications::mail::UnsubscribeQuery>(doc, &["/api/mail/unsubscribe"])?;
    Ok(())
}

/// Sets `T`'s limits on the query parameters of the same names of every operation on `paths`.
fn apply_query<T: FieldLimits>(doc: &mut OpenApi, paths: &[&str]) -> Result<(), String> {
    for path in paths {
        let item =
            doc.paths.paths.get_mut(*path).ok_or_else(|| format!("the document has no path {path}"))?;
        for operation in super::operations_mut(item) {
            for (name, limit) in T::LIMITS {
                let schema = operation
                    .parameters
                    .iter_mut()
                    .flatten()
                    .find_map(|parameter| match parameter {
                        RefOr::T(parameter) if parameter.name == *name => parameter.schema.as_mut(),
                        _ => None,
                    })
                    .ok_or_else(|| format!("{path} has no query parameter {name}"))?;
                set_limit(schema, *limit).map_err(|why| format!("{path} {name}: {why}"))?;
            }
        }
    }
    Ok(())
}

/// Sets `T`'s limits on its schema's properties.
fn apply<T: ToSchema + FieldLimits>(doc: &mut OpenApi) -> Result<(), String> {
    let name = T::name();
    let schema = doc
        .components
        .as_mut()
        .and_then(|components| components.schemas.get_mut(name.as_ref()))
        .ok_or_else(|| format!("the document has no schema {name}"))?;
    let RefOr::T(Schema::Object(object)) = schema else {
        return Err(format!("schema {name} is not an object"));
    };
    for (field, limit) in T::LIMITS {
        let property = object
            .properties
            .get_mut(*field)
            .ok_or_else(|| format!("schema {name} has no property {field}"))?;
        set_limit(property, *limit).map_err(|why| format!("{name}.{field}: {why}"))?;
    }
    Ok(())
}

fn set_limit(property: &mut RefOr<Schema>, limit: Limit) -> Result<(), &'static str> {
    match (property, limit) {
        (RefOr::T(Schema::Array(array)), Limit::Items { max }) => {
            array.max_items = Some(max);
            Ok(())
        }
        (RefOr::T(Schema::Object(object)), limit) => {
            match limit {
                Limit::RequiredText { max } => {
                    object.min_length = Some(1);
                    object.max_length = Some(max);
                    object.pattern = Some(r"\S".to_string());
                }
                Limit::FilledText { max } => {
                    object.min_length = Some(1);
                    object.max_length = Some(max);
                }
                Limit::Text { max } => object.max_length = Some(max),
                Limit::Range { min, max } => {
                    object.minimum = Some(number(min));
                    object.maximum = Some(number(max));
                }
                Limit::AtLeast { min } => object.minimum = Some(number(min)),
                Limit::Items { .. } => return Err("a list limit on a field that is not a list"),
            }
            Ok(())
        }
        _ => Err("the field's schema is a reference or a composite"),
    }
}

fn number(value: i64) -> utoipa::Number {
    utoipa::Number::Int(isize::try_from(value).unwrap_or(isize::MAX))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_listed_limit_lands_on_its_field() {
        let mut doc = super::super::document_without_limits();
        assert_eq!(super::apply_all(&mut doc), Ok(()));
    }
}
