//! Enums whose wire, Rust and database spellings are one string each; the API document describes them
//! from here, so the api crate needs no copy of its own.

/// A named string schema of `values`: what the api crate's wire schemas (a filter's values with its empty
/// one, say) and the domain's own are made of.
pub fn string_schema(
    values: impl IntoIterator<Item = &'static str>,
    description: &str,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(values))
        .description(Some(description))
        .into()
}

/// A value that is not one of an enum's spellings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown value '{0}'")]
pub struct UnknownValue(pub String);

macro_rules! string_enum {
    ($(#[doc = $doc:literal])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        // Written by hand rather than derived: the derive does not see the spellings through the macro.
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let lines: &[&str] = &[$($doc),*];
                let description = lines.iter().map(|line| line.trim()).collect::<Vec<_>>().join("\n");
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .enum_values(Some([$($text),+]))
                    .description(Some(description).filter(|d| !d.is_empty()))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::shared::UnknownValue;

            fn from_str(value: &str) -> Result<Self, Self::Err> {
                match value {
                    $($text => Ok($name::$variant),)+
                    other => Err($crate::shared::UnknownValue(other.to_string())),
                }
            }
        }
    };
}
