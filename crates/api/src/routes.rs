//! Every path of the API, in one table.

use actix_web::{web, Resource};

use crate::actions::actions;
use crate::audit::audit_events;
use crate::committees::{committee_documents, committee_members, committee_messages, committees};
use crate::dashboard::{dashboard, tasks};
use crate::governance::skills;
use crate::governance::{
    conflicts, declaration_rounds, governance_settings, interests, resolution_offers, resolutions, terms,
};
use crate::http::fallback::{json_error, method_not_allowed, not_found, path_error, query_error};
use crate::http::service::{health, openapi, user_guide};
use crate::identity::{auth, guests, password_reset, sessions, single_sign_on, trustees, two_factor, users};
use crate::library::{documents, minutes};
use crate::meetings::{
    agenda, board_pack, calendar_feed, decisions, meeting_attendance, meeting_chair, meetings,
    minutes_workflow,
};
use crate::notices::notices;
use crate::notifications::{mail, notification_settings};
use crate::reading::notes;
use crate::reading::records as reading_records;
use crate::search::search;
use crate::signing::{minutes_signer, records as signed_records, signatures, verify};
// Board evaluation (spec §17).
use crate::governance::evaluations;

/// JSON bodies are small; file uploads use multipart with their own limit.
pub const JSON_LIMIT_BYTES: usize = 256 * 1024;

/// The `HEAD` route of a `GET` handler, none for other methods.
macro_rules! head_route {
    (get, $handler:path) => {
        Some(web::head().to($handler))
    };
    ($method:ident, $handler:path) => {
        None::<actix_web::Route>
    };
}

/// The one table of the API: every path, its methods and their handlers.
///
/// It registers the routes (`register`) and lists the same handlers as the operations of the OpenAPI
/// document (`ApiPaths`, used by `crate::openapi`), so a handler without `#[utoipa::path]` does not
/// compile. `ROUTES` names what is registered; `crates/server/tests/http/openapi.rs` checks that it is
/// exactly the set of operations of the served document and that the live server answers each one.
macro_rules! api_routes {
    ($( $path:literal => { $( $method:ident : $module:ident :: $handler:ident ),+ $(,)? } ),+ $(,)?) => {
        /// Every operation `configure` registers.
        pub const ROUTES: &[Route] = &[ $( $(
            Route {
                method: stringify!($method),
                path: $path,
                operation_id: concat!(stringify!($module), "_", stringify!($handler)),
            }
        ),+ ),+ ];

        fn register(cfg: &mut web::ServiceConfig) {
            let mut api = web::scope(API_PREFIX);
            $(
                let scoped = in_api_scope($path);
                let allowed: &'static [&'static str] = const { &[ $( allow_name(stringify!($method)) ),+ ] };
                #[allow(unused_mut)]
                let mut registered = resource(scoped.unwrap_or($path), allowed)
                    $( .route(web::$method().to($module::$handler)) )+;
                // `HEAD` is answered like `GET` (actix sends the head of the answer, not its body).
                $( if let Some(head) = head_route!($method, $module::$handler) {
                    registered = registered.route(head);
                } )+
                if scoped.is_some() {
                    api = api.service(registered);
                } else {
                    cfg.service(registered);
                }
            )+
            // Answers hold board papers, tokens and temporary passwords: no cache keeps them, unless a
            // handler chose otherwise (the user guide).
            let no_store = actix_web::middleware::DefaultHeaders::new()
                .add((actix_web::http::header::CACHE_CONTROL, "no-store"));
            cfg.service(
                api.default_service(web::to(not_found))
                    .wrap(no_store)
                    .wrap(actix_web::middleware::from_fn(crate::http::middleware::sessions::forget_sessions_after_writes))
                    .wrap(actix_web::middleware::from_fn(crate::http::middleware::etag::json_etag)),
            );
        }

        /// The operations of the OpenAPI document, one per handler of the table.
        #[derive(utoipa::OpenApi)]
        #[openapi(paths( $( $( $module::$handler ),+ ),+ ))]
        pub(crate) struct ApiPaths;
    };
}

api_routes! {
    "/healthz" => { get: health::healthz },
    "/readyz" => { get: health::readyz },
    "/api/openapi.json" => { get: openapi::document },
    "/api/auth/login" => { post: auth::login },
    "/api/auth/register" => { post: auth::register },
    "/api/auth/me" => { get: auth::me },
    "/api/auth/logout" => { post: auth::logout },
    "/api/auth/change-password-temp" => { post: auth::change_password_temp },
    "/api/auth/change-password" => { post: auth::change_password },
    "/api/auth/mfa/verify" => { post: two_factor::verify },
    "/api/auth/mfa/setup" => { post: two_factor::setup },
    "/api/auth/reauthenticate" => { post: two_factor::reauthenticate },
    "/api/auth/mfa/enable" => { post: two_factor::enable },
    "/api/auth/mfa/recovery-codes" => { post: two_factor::recovery_codes },
    "/api/auth/mfa/disable" => { post: two_factor::disable },
    "/api/auth/sessions" => { get: sessions::list },
    "/api/auth/sessions/sign-out-others" => { post: sessions::end_others },
    "/api/auth/sessions/{id}" => { delete: sessions::end },
    "/api/auth/sso" => { get: single_sign_on::info },
    "/api/auth/sso/start" => { get: single_sign_on::start },
    "/api/auth/sso/callback" => { get: single_sign_on::callback },
    "/api/auth/sso/exchange" => { post: single_sign_on::exchange },
    "/api/auth/sso/links" => { get: single_sign_on::links },
    "/api/auth/sso/links/{id}" => { delete: single_sign_on::unlink },
    "/api/security/settings" => { get: two_factor::settings, put: two_factor::save_settings },
    "/api/auth/forgot-password" => { post: auth::forgot_password },
    "/api/auth/reset-password" => { post: password_reset::reset_password },
    "/api/auth/accept-invitation" => { post: password_reset::accept_invitation },
    "/api/mail/outbox" => { get: mail::outbox },
    "/api/mail/test" => { post: mail::send_test },
    "/api/mail/status" => { get: mail::status },
    "/api/mail/unsubscribe" => { post: mail::unsubscribe },
    "/api/auth/reset-requests" => { get: auth::reset_requests },
    "/api/auth/admin-reset-password" => { post: auth::admin_reset_password },
    "/api/users" => { get: users::list, post: users::create },
    "/api/users/{id}" => { put: users::update, delete: users::delete },
    "/api/users/{id}/mfa-reset" => { post: two_factor::admin_reset },
    "/api/users/{id}/invitation" => { post: users::resend_invitation },
    "/api/guests" => { get: guests::list, post: guests::invite },
    "/api/guests/{id}" => { put: guests::change },
    "/api/guests/{id}/end" => { post: guests::end },
    "/api/me/guest-pass" => { get: guests::own },
    "/api/user-guide" => { get: user_guide::show },
    "/api/user-guide/images/{name}" => { get: user_guide::image },
    "/api/documents" => { get: documents::list, post: documents::upload },
    "/api/documents/{id}" => { delete: documents::delete },
    "/api/documents/{id}/download" => { get: documents::download },
    "/api/documents/{id}/view-ticket" => { post: documents::view_ticket },
    "/api/documents/{id}/view" => { get: documents::view },
    "/api/minutes" => { get: minutes::list, post: minutes::upload },
    "/api/minutes/{id}/download" => { get: minutes::download },
    "/api/minutes/{id}/view-ticket" => { post: minutes::view_ticket },
    "/api/minutes/{id}/view" => { get: minutes::view },
    "/api/meetings" => { get: meetings::list, post: meetings::create },
    "/api/meetings/{id}" => { get: meetings::show, put: meetings::update, delete: meetings::delete },
    "/api/meetings/{id}/cancel" => { post: meetings::cancel },
    "/api/meetings/{id}/publish" => { post: meetings::publish },
    "/api/meetings/{id}/conflicts" => { get: conflicts::list },
    "/api/meetings/{id}/resolution-offers" => { get: resolution_offers::list },
    "/api/meetings/{id}/agenda-items" => { post: agenda::create },
    "/api/meetings/{id}/agenda-items/standard" => { post: agenda::standard },
    "/api/meetings/{id}/agenda-items/from-resolution" => { post: resolution_offers::add },
    "/api/meetings/{id}/agenda-items/order" => { put: agenda::reorder },
    "/api/meetings/{id}/agenda-items/{itemId}" => { put: agenda::update, delete: agenda::delete },
    "/api/meetings/{id}/agenda-items/{itemId}/conflicts" => { get: conflicts::item, post: conflicts::declare },
    "/api/meetings/{id}/agenda-items/{itemId}/conflicts/{conflictId}" => { delete: conflicts::withdraw },
    "/api/meetings/{id}/agenda-items/{itemId}/conflicts/{conflictId}/handling" => { put: conflicts::handling },
    "/api/meetings/{id}/agenda-items/{itemId}/papers" => { post: agenda::upload_paper },
    "/api/meetings/{id}/agenda-items/{itemId}/papers/link" => { post: agenda::link_paper },
    "/api/meetings/{id}/agenda-items/{itemId}/papers/{paperId}" => { delete: agenda::remove_paper },
    "/api/meetings/{id}/agenda-items/{itemId}/papers/{paperId}/download" => { get: agenda::download_paper },
    "/api/meetings/{id}/ics" => { get: calendar_feed::meeting_ics },
    "/api/meetings/{id}/attendance" => { get: meeting_attendance::show, put: meeting_attendance::record_many },
    "/api/meetings/{id}/attendance/me" => { put: meeting_attendance::respond },
    "/api/meetings/{id}/attendance/guests" => { post: meeting_attendance::add_guest },
    "/api/meetings/{id}/attendance/guests/{guestId}" => { delete: meeting_attendance::remove_guest },
    "/api/meetings/{id}/attendance/{userId}" => { put: meeting_attendance::record_one },
    "/api/calendar/feed-url" => { get: calendar_feed::feed_url },
    "/api/calendar/feed-url/regenerate" => { post: calendar_feed::regenerate },
    "/api/calendar/feed/{token}.ics" => { get: calendar_feed::feed },
    "/api/meetings/{id}/board-pack" => { get: board_pack::download },
    "/api/meetings/{id}/reading" => { get: reading_records::meeting },
    "/api/meetings/{id}/reading-summary" => { get: reading_records::summary },
    "/api/reading/pages" => { post: reading_records::record },
    "/api/papers/{kind}/{id}/reading" => { get: reading_records::paper },
    "/api/meetings/{id}/board-pack/notes" => { get: notes::list_for_pack },
    "/api/meetings/{id}/notes/export" => { get: notes::export },
    "/api/papers/{kind}/{id}/notes" => { get: notes::list_for_paper },
    "/api/notes/{id}" => { put: notes::put, delete: notes::delete },
    "/api/meetings/{id}/board-pack/layout" => { get: board_pack::layout },
    "/api/meetings/{id}/written-minutes" => { get: minutes_workflow::show, post: minutes_workflow::create },
    "/api/meetings/{id}/written-minutes/versions" => { get: minutes_workflow::versions },
    "/api/meetings/{id}/written-minutes/entries" => { post: minutes_workflow::add_entry },
    "/api/meetings/{id}/written-minutes/entries/{entryId}" => {
        put: minutes_workflow::update_entry, delete: minutes_workflow::delete_entry
    },
    "/api/meetings/{id}/written-minutes/circulate" => { post: minutes_workflow::circulate },
    "/api/meetings/{id}/written-minutes/approve" => { post: minutes_workflow::approve },
    "/api/meetings/{id}/written-minutes/lock" => { post: minutes_workflow::lock },
    "/api/meetings/{id}/written-minutes/corrections" => { post: minutes_workflow::correct },
    "/api/meetings/{id}/written-minutes/pdf" => { get: minutes_workflow::pdf },
    "/api/written-minutes" => { get: minutes_workflow::archive },
    "/api/decisions" => { get: decisions::list },
    "/api/decisions.csv" => { get: decisions::csv },
    "/api/dashboard/stats" => { get: dashboard::stats },
    "/api/me/tasks" => { get: tasks::list },
    "/api/actions" => { get: actions::list, post: actions::create },
    "/api/actions/{id}" => { get: actions::get, patch: actions::set_status, delete: actions::delete },
    "/api/notices" => { get: notices::list, post: notices::create },
    "/api/notices/{id}" => { delete: notices::delete },
    "/api/committees" => { get: committees::list, post: committees::create },
    "/api/committees/{id}" => { delete: committees::delete },
    "/api/committees/{id}/archive" => { patch: committees::archive },
    "/api/committees/{id}/members" => { get: committee_members::list, post: committee_members::add },
    "/api/committees/{id}/members/{userId}" => { delete: committee_members::remove },
    "/api/committees/{id}/messages" => { get: committee_messages::list, post: committee_messages::post },
    "/api/committees/{id}/messages/stream" => { get: committee_messages::stream },
    "/api/committees/{id}/documents" => { get: committee_documents::list, post: committee_documents::upload },
    "/api/committees/{id}/documents/{docId}/download" => { get: committee_documents::download },
    "/api/trustees/active" => { get: trustees::active },
    "/api/interests" => { get: interests::list, post: interests::create },
    "/api/interests/export/csv" => { get: interests::export_csv },
    "/api/interests/export/pdf" => { get: interests::export_pdf },
    "/api/interests/matches" => { post: interests::matches },
    "/api/interests/{id}" => { put: interests::update },
    "/api/interests/{id}/history" => { get: interests::history },
    "/api/terms" => { get: terms::overview, post: terms::create },
    "/api/terms/warnings" => { get: terms::warnings },
    "/api/terms/{id}" => { put: terms::update, delete: terms::delete },
    "/api/declaration-rounds" => { get: declaration_rounds::list, post: declaration_rounds::open },
    "/api/declaration-rounds/{id}" => { get: declaration_rounds::show },
    "/api/declaration-rounds/{id}/declaration" => { post: declaration_rounds::declare },
    "/api/declaration-rounds/{id}/close" => { post: declaration_rounds::close },
    "/api/declaration-rounds/{id}/reminders" => { post: declaration_rounds::remind },
    "/api/evaluation-rounds" => { get: evaluations::list, post: evaluations::create },
    "/api/evaluation-rounds/{id}" => { get: evaluations::show, put: evaluations::edit },
    "/api/evaluation-rounds/{id}/open" => { post: evaluations::open },
    "/api/evaluation-rounds/{id}/close" => { post: evaluations::close },
    "/api/evaluation-rounds/{id}/answers" => { post: evaluations::answer },
    "/api/evaluation-rounds/{id}/reminders" => { post: evaluations::remind },
    "/api/evaluation-rounds/{id}/results" => { get: evaluations::results },
    "/api/evaluation-rounds/{id}/results/csv" => { get: evaluations::results_csv },
    "/api/evaluation-rounds/{id}/results/pdf" => { get: evaluations::results_pdf },
    "/api/resolutions" => { get: resolutions::list, post: resolutions::propose },
    "/api/resolutions/{id}" => { get: resolutions::show },
    "/api/resolutions/{id}/votes" => { post: resolutions::vote },
    "/api/resolutions/{id}/conflict" => { post: resolutions::declare_conflict },
    "/api/audit-events" => { get: audit_events::list },
    "/api/audit-events.csv" => { get: audit_events::export_csv },
    "/api/governance/settings" => { get: governance_settings::show, put: governance_settings::update },
    "/api/notification-settings" => { get: notification_settings::show, put: notification_settings::update },
    "/api/search" => { get: search::search },
    // Signatures and checking (docs/spec.md §16).
    "/api/meetings/{id}/written-minutes/sign" => { post: signatures::sign_minutes },
    "/api/meetings/{id}/written-minutes/signature" => { get: signatures::minutes_signature },
    "/api/meetings/{id}/written-minutes/signed-pdf" => { get: signatures::signed_minutes_pdf },
    "/api/meetings/{id}/written-minutes/signatures" => { get: signatures::minutes_signatures },
    "/api/meetings/{id}/written-minutes/versions/{version}/signed-pdf" => {
        get: signatures::signed_minutes_version_pdf
    },
    "/api/meetings/{id}/written-minutes/signer" => { get: minutes_signer::show, put: minutes_signer::name },
    "/api/meetings/{id}/chair" => { get: meeting_chair::show, put: meeting_chair::record },
    "/api/resolutions/{id}/certify" => { post: signed_records::certify_resolution },
    "/api/resolutions/{id}/signature" => { get: signed_records::resolution_signature },
    "/api/resolutions/{id}/signed-pdf" => { get: signed_records::signed_resolution_pdf },
    "/api/declaration-rounds/{id}/declarations/{userId}/sign" => { post: signed_records::sign_declaration },
    "/api/declaration-rounds/{id}/declarations/{userId}/signature" => {
        get: signed_records::declaration_signature
    },
    "/api/declaration-rounds/{id}/declarations/{userId}/signed-pdf" => {
        get: signed_records::signed_declaration_pdf
    },
    "/api/signing/certificate" => { get: signatures::certificate },
    "/api/verify" => { post: verify::verify },
    "/api/skills" => { get: skills::list, post: skills::create },
    "/api/skills/order" => { put: skills::reorder },
    "/api/skills/matrix" => { get: skills::matrix },
    "/api/skills/matrix.csv" => { get: skills::matrix_csv },
    "/api/skills/{id}" => { patch: skills::update },
    "/api/me/skills" => { get: skills::mine, put: skills::rate },
}

/// One registered operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// In lower case, as in OpenAPI: `get`, `post`, ...
    pub method: &'static str,
    /// With `{name}` for a path parameter, as in OpenAPI and actix-web.
    pub path: &'static str,
    /// `module_handler`, unique: the operation's `operationId` in the OpenAPI document.
    pub operation_id: &'static str,
}

/// Paths under it are served by one scope, whose unknown paths answer 404 in JSON.
const API_PREFIX: &str = "/api";

/// Registers the routes of the table (`crate::configure` adds the OpenAPI document they serve).
pub(crate) fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(json_config())
        .app_data(web::PathConfig::default().error_handler(path_error))
        .app_data(web::QueryConfig::default().error_handler(query_error));
    register(cfg);
}

/// An API path as the `/api` scope sees it (without the prefix); `None` for other paths.
fn in_api_scope(path: &str) -> Option<&str> {
    path.strip_prefix(API_PREFIX).filter(|rest| rest.starts_with('/'))
}

/// A resource whose unsupported methods answer 405 in JSON, with the `Allow` header RFC 9110 asks for.
pub fn resource(path: &str, allowed: &'static [&'static str]) -> Resource {
    web::resource(path).default_service(web::to(move || method_not_allowed(allowed)))
}

/// The `Allow` name of a route table method.
const fn allow_name(method: &str) -> &'static str {
    match method.as_bytes() {
        b"get" => "GET",
        b"post" => "POST",
        b"put" => "PUT",
        b"patch" => "PATCH",
        b"delete" => "DELETE",
        _ => "OPTIONS",
    }
}

fn json_config() -> web::JsonConfig {
    web::JsonConfig::default().limit(JSON_LIMIT_BYTES).error_handler(json_error)
}
