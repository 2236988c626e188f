//! The JSON request body of every write: a JSON object, read into the operation's request type.
//!
//! serde's derived structs also accept a JSON array of their fields in order (so `[]` reads as a request
//! whose fields all default, and `["text"]` as one with its first field set), which no client means and
//! the API document does not allow: the body is read as JSON first and refused with a 400 unless it is an
//! object (spec §8). The size limit, content type and syntax errors are `web::JsonConfig`'s, as before.

use std::future::Future;
use std::ops::{Deref, DerefMut};
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use crate::http::error::ApiError;

/// What a body that is not an object (an array, a string, a number, `true`, `null`) is told.
pub const NOT_AN_OBJECT: &str = "Invalid request body: expected a JSON object";

/// A request body that must be a JSON object. The type is named `Json`, as actix-web's, so that utoipa
/// documents the request body from the handler's signature.
pub struct Json<T>(pub T);

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for Json<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Json<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    // The one place actix-web's extractor is used: it reads the JSON, with the size limit and errors of
    // `web::JsonConfig`, before the object check.
    #[allow(clippy::disallowed_types)]
    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let read = web::Json::<serde_json::Value>::from_request(req, payload);
        Box::pin(async move {
            let web::Json(value) = read.await?;
            read_object(value).map(Json).map_err(Into::into)
        })
    }
}

/// The request type from a JSON value that must be an object.
fn read_object<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    if !value.is_object() {
        return Err(ApiError::http(StatusCode::BAD_REQUEST, NOT_AN_OBJECT));
    }
    T::deserialize(value)
        .map_err(|e| ApiError::http(StatusCode::BAD_REQUEST, format!("Invalid request body: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Deserialize, Debug, PartialEq)]
    struct AllDefault {
        #[serde(default)]
        text: Option<String>,
    }

    #[test]
    fn only_an_object_is_read() {
        assert_eq!(read_object::<AllDefault>(json!({})).ok(), Some(AllDefault { text: None }));
        assert_eq!(
            read_object::<AllDefault>(json!({"text": "Acme"})).ok(),
            Some(AllDefault { text: Some("Acme".into()) })
        );
        // serde itself would read the first two as requests.
        assert!(serde_json::from_value::<AllDefault>(json!([])).is_ok());
        for refused in [json!([]), json!(["Acme"]), json!("Acme"), json!(3), json!(true), json!(null)] {
            assert!(read_object::<AllDefault>(refused).is_err());
        }
    }
}
