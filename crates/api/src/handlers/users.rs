//! `/api/users`: user management (spec §2 Users, §6).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::entities::role::Role;
use domain::services::{CreateUser, UpdateUser};
use domain::UserId;

use crate::blocking::blocking;
use crate::dto::message::MessageBody;
use crate::dto::user::UserBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;

pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let users = state.users.clone();
    let list = blocking(move || users.list(&user.0)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(UserBody::from).collect::<Vec<_>>()))
}

#[derive(Deserialize)]
pub struct CreateUserRequest {
    name: String,
    email: String,
    password: String,
    role: Role,
    #[serde(default)]
    phone: Option<String>,
}

pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CreateUserRequest>,
) -> Result<HttpResponse, ApiError> {
    let users = state.users.clone();
    let body = body.into_inner();
    let input = CreateUser {
        name: body.name,
        email: body.email,
        password: body.password,
        role: body.role,
        phone: body.phone,
        require_password_change: false,
    };
    let created = blocking(move || users.create(&user.0, input)).await?;
    tracing::info!(user_id = %created.id, "user created");
    Ok(HttpResponse::Created().json(UserBody::from(created)))
}

#[derive(Deserialize)]
pub struct UpdateUserRequest {
    name: String,
    email: String,
    role: Role,
    active: bool,
    #[serde(default)]
    phone: Option<String>,
}

pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: web::Json<UpdateUserRequest>,
) -> Result<HttpResponse, ApiError> {
    let users = state.users.clone();
    let id = UserId(path.into_inner());
    let body = body.into_inner();
    let input = UpdateUser {
        name: body.name,
        email: body.email,
        role: body.role,
        active: body.active,
        phone: body.phone,
    };
    let updated = blocking(move || users.update(&user.0, id, input)).await?;
    Ok(HttpResponse::Ok().json(UserBody::from(updated)))
}

pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let users = state.users.clone();
    let id = UserId(path.into_inner());
    blocking(move || users.delete(&user.0, id)).await?;
    tracing::info!(user_id = %id, "user deleted");
    Ok(HttpResponse::Ok().json(MessageBody::new("User deleted successfully")))
}
