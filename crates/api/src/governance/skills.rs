//! `/api/skills` and `/api/me/skills`: the skills matrix (docs/spec.md §18 Skills matrix).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use domain::governance::skills::{Skill, SkillColumn, SkillCover, SkillLevel, SkillMatrix};
use domain::governance::{RatingsRequest, SkillOrderRequest, SkillRequest};
use domain::identity::role::Role;
use domain::SkillId;

use crate::http::blocking::blocking;
use crate::http::body::csv::{self, Cell};
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Also list retired skills (after the current ones); default `false`.
    #[serde(default, deserialize_with = "crate::http::body::input::empty_as_absent")]
    #[param(value_type = Option<crate::http::schemas::BooleanFilterSchema>)]
    include_retired: Option<bool>,
}

/// The board's list of skills in its order.
#[utoipa::path(
    get,
    path = "/api/skills",
    tag = "skills",
    security(("bearerAuth" = [])),
    params(ListQuery),
    responses((status = 200, description = "Current skills in the board's order, then retired ones if asked",
        body = Vec<SkillBody>)),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let skills = state.skills.clone();
    let include_retired = query.include_retired.unwrap_or(false);
    let list = blocking(move || skills.list(&user.0, include_retired)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(SkillBody::from).collect::<Vec<_>>()))
}

/// Adds a skill at the end of the list.
#[utoipa::path(
    post,
    path = "/api/skills",
    tag = "skills",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Added", body = SkillBody),
        (status = 400, description = "`errors.name` (missing, too long, or taken), or a malformed body",
            body = ErrorBody),
        (status = 403, description = "Only admins and chairs change the list", body = ErrorBody),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<SkillRequest>,
) -> Result<HttpResponse, ApiError> {
    let skills = state.skills.clone();
    let input = body.into_inner();
    let skill = blocking(move || skills.create(&user.0, input)).await?;
    Ok(HttpResponse::Created().json(SkillBody::from(skill)))
}

/// Renames, retires (`retired: true`) or restores (`retired: false`, back at the end) a skill.
#[utoipa::path(
    patch,
    path = "/api/skills/{id}",
    tag = "skills",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The skill's id")),
    responses(
        (status = 200, description = "Changed", body = SkillBody),
        (status = 400, description = "`errors.name` (blank, too long, or taken), or a malformed body",
            body = ErrorBody),
        (status = 403, description = "Only admins and chairs change the list", body = ErrorBody),
        (status = 404, description = "No such skill", body = ErrorBody),
    ),
)]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<SkillId>,
    body: Json<SkillRequest>,
) -> Result<HttpResponse, ApiError> {
    let skills = state.skills.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let skill = blocking(move || skills.update(&user.0, id, input)).await?;
    Ok(HttpResponse::Ok().json(SkillBody::from(skill)))
}

/// Puts the current skills in a new order.
#[utoipa::path(
    put,
    path = "/api/skills/order",
    tag = "skills",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The current skills in their new order", body = Vec<SkillBody>),
        (status = 400, description = "`errors.skillIds`: not every current skill exactly once", body = ErrorBody),
        (status = 403, description = "Only admins and chairs change the list", body = ErrorBody),
    ),
)]
pub async fn reorder(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<SkillOrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let skills = state.skills.clone();
    let input = body.into_inner();
    let list = blocking(move || skills.reorder(&user.0, input)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(SkillBody::from).collect::<Vec<_>>()))
}

/// The signed-in person's own rating of every current skill.
#[utoipa::path(
    get,
    path = "/api/me/skills",
    tag = "skills",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "Every current skill in order, `none` where not rated",
        body = Vec<MyRatingBody>)),
)]
pub async fn mine(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let skills = state.skills.clone();
    let list = blocking(move || skills.my_ratings(&user.0)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(MyRatingBody::from).collect::<Vec<_>>()))
}

/// Saves the signed-in person's own ratings (skills left out keep theirs). Nobody rates anyone else.
#[utoipa::path(
    put,
    path = "/api/me/skills",
    tag = "skills",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Every current skill with the caller's rating", body = Vec<MyRatingBody>),
        (status = 400, description = "`errors.ratings`: a level not none, some or strong, a skill that is not \
            current, or one rated twice; or a malformed body", body = ErrorBody),
    ),
)]
pub async fn rate(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<RatingsRequest>,
) -> Result<HttpResponse, ApiError> {
    let skills = state.skills.clone();
    let input = body.into_inner();
    let list = blocking(move || skills.rate(&user.0, input)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(MyRatingBody::from).collect::<Vec<_>>()))
}

/// Every serving trustee against every current skill, with gaps and succession warnings.
#[utoipa::path(
    get,
    path = "/api/skills/matrix",
    tag = "skills",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The matrix as of today", body = SkillMatrixBody)),
)]
pub async fn matrix(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let skills = state.skills.clone();
    let matrix = blocking(move || skills.matrix(&user.0)).await?;
    Ok(HttpResponse::Ok().json(SkillMatrixBody::from(matrix)))
}

/// The matrix as a spreadsheet: a line per trustee, a column per skill, then a line per skill's cover.
#[utoipa::path(
    get,
    path = "/api/skills/matrix.csv",
    tag = "skills",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "`skills-matrix.csv`", content_type = "text/csv",
        body = crate::http::schemas::FileBytes)),
)]
pub async fn matrix_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let skills = state.skills.clone();
    let bytes = blocking(move || matrix_csv_bytes(&skills.matrix(&user.0)?)).await?;
    Ok(csv::response(&req, bytes, "skills-matrix.csv"))
}

/// Column 1 the trustee (then "Term ends"), one column per skill; after the trustees, the lines
/// "Strong", "Some" and "Cover" (strong, some only, gap) and "Succession warning" (yes or empty).
fn matrix_csv_bytes(matrix: &SkillMatrix) -> Result<Vec<u8>, ApiError> {
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut header = vec![Cell::ours("Trustee"), Cell::ours("Term ends")];
    header.extend(matrix.skills.iter().map(|c| Cell::typed(&c.skill.name)));
    rows.push(header);
    for row in &matrix.trustees {
        let mut line = vec![
            Cell::typed(&row.name),
            Cell::ours(row.current_term_ends_on.map(|d| d.to_string()).unwrap_or_default()),
        ];
        line.extend(row.levels.iter().map(|level| Cell::ours(level.as_str())));
        rows.push(line);
    }
    let summary = |label: &'static str, value: &dyn Fn(&SkillColumn) -> String| {
        let mut line = vec![Cell::ours(label), Cell::ours("")];
        line.extend(matrix.skills.iter().map(|c| Cell::ours(value(c))));
        line
    };
    rows.push(summary("Strong", &|c| c.strong_count.to_string()));
    rows.push(summary("Some", &|c| c.some_count.to_string()));
    rows.push(summary("Cover", &|c| cover_label(c.cover).to_string()));
    rows.push(summary("Succession warning", &|c| {
        if c.succession_warning {
            "yes".into()
        } else {
            String::new()
        }
    }));
    csv::write_rows(rows)
}

/// The CSV words of a skill's cover.
fn cover_label(cover: SkillCover) -> &'static str {
    match cover {
        SkillCover::Strong => "strong",
        SkillCover::SomeOnly => "some only",
        SkillCover::Nobody => "gap",
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Skill)]
pub struct SkillBody {
    pub id: i32,
    pub name: String,
    pub position: i32,
    pub retired: bool,
}

impl From<Skill> for SkillBody {
    fn from(skill: Skill) -> Self {
        Self { id: skill.id.0, name: skill.name, position: skill.position, retired: skill.retired }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MyRating)]
pub struct MyRatingBody {
    pub skill_id: i32,
    pub name: String,
    pub level: SkillLevel,
}

impl From<(Skill, SkillLevel)> for MyRatingBody {
    fn from((skill, level): (Skill, SkillLevel)) -> Self {
        Self { skill_id: skill.id.0, name: skill.name, level }
    }
}

/// One column of the matrix.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SkillColumn)]
pub struct SkillColumnBody {
    pub id: i32,
    pub name: String,
    pub strong_count: u32,
    pub some_count: u32,
    /// `strong`, `some-only` (a gap: nobody strong) or `nobody` (a gap: nobody at all).
    pub cover: SkillCover,
    /// Every strong holder's current term ends within 12 months.
    pub succession_warning: bool,
}

/// One trustee's line of the matrix.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SkillMatrixRow)]
pub struct MatrixRowBody {
    pub user_id: i32,
    pub name: String,
    pub role: Role,
    /// The end of the term running today, or `null`.
    #[serde(serialize_with = "crate::http::body::time::date_option")]
    #[schema(value_type = Option<String>, format = Date, required = true)]
    pub current_term_ends_on: Option<NaiveDate>,
    /// That end is within 12 months.
    pub leaving_within_a_year: bool,
    /// One level per skill, in the order of `skills`.
    pub levels: Vec<SkillLevel>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SkillMatrix)]
pub struct SkillMatrixBody {
    /// The current skills in the board's order.
    pub skills: Vec<SkillColumnBody>,
    /// The serving trustees by name.
    pub trustees: Vec<MatrixRowBody>,
}

impl From<SkillMatrix> for SkillMatrixBody {
    fn from(matrix: SkillMatrix) -> Self {
        Self {
            skills: matrix
                .skills
                .into_iter()
                .map(|c| SkillColumnBody {
                    id: c.skill.id.0,
                    name: c.skill.name,
                    strong_count: c.strong_count,
                    some_count: c.some_count,
                    cover: c.cover,
                    succession_warning: c.succession_warning,
                })
                .collect(),
            trustees: matrix
                .trustees
                .into_iter()
                .map(|r| MatrixRowBody {
                    user_id: r.user_id.0,
                    name: r.name,
                    role: r.role,
                    current_term_ends_on: r.current_term_ends_on,
                    leaving_within_a_year: r.leaving_soon,
                    levels: r.levels,
                })
                .collect(),
        }
    }
}
