//! Lenient readers for request fields: the contract lets clients send `""` for an absent value.

pub use domain::shared::input::received::empty_as_absent;

/// A JSON body that must be an object, read as `T`. serde reads a struct from an array too (`[null]`
/// fills the first field), so a body whose fields are all optional takes its object first.
pub fn object_body<T: serde::de::DeserializeOwned>(
    body: serde_json::Map<String, serde_json::Value>,
) -> Result<T, crate::http::error::ApiError> {
    serde_json::from_value(serde_json::Value::Object(body)).map_err(|e| {
        crate::http::error::ApiError::http(
            actix_web::http::StatusCode::BAD_REQUEST,
            format!("Invalid request body: {e}"),
        )
    })
}

#[cfg(test)]
mod tests {
    #[derive(serde::Deserialize, Debug)]
    #[serde(rename_all = "camelCase")]
    struct Flags {
        #[serde(default, deserialize_with = "super::empty_as_absent")]
        include_expired: Option<bool>,
    }

    #[test]
    fn an_empty_query_value_is_absent_and_others_must_parse() {
        let read = |q: &str| actix_web::web::Query::<Flags>::from_query(q).map(|f| f.include_expired);
        assert_eq!(read("includeExpired=").unwrap(), None);
        assert_eq!(read("").unwrap(), None);
        assert_eq!(read("includeExpired=true").unwrap(), Some(true));
        assert_eq!(read("includeExpired=false").unwrap(), Some(false));
        assert!(read("includeExpired=yes").is_err());
    }
}
