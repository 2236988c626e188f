// @generated automatically by Diesel CLI.

diesel::table! {
    actions (id) {
        id -> Int4,
        title -> Text,
        description -> Text,
        assigned_to -> Nullable<Int4>,
        created_by -> Nullable<Int4>,
        due_date -> Nullable<Date>,
        priority -> Text,
        status -> Text,
        completed_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    committee_documents (id) {
        id -> Int4,
        committee_id -> Int4,
        title -> Text,
        file_name -> Text,
        mime_type -> Text,
        file_size -> Int8,
        storage_key -> Text,
        uploaded_by -> Nullable<Int4>,
        uploaded_at -> Timestamptz,
    }
}

diesel::table! {
    committee_members (committee_id, user_id) {
        committee_id -> Int4,
        user_id -> Int4,
        role -> Text,
        joined_at -> Timestamptz,
    }
}

diesel::table! {
    committee_messages (id) {
        id -> Int8,
        committee_id -> Int4,
        user_id -> Nullable<Int4>,
        message -> Text,
        sent_at -> Timestamptz,
    }
}

diesel::table! {
    committees (id) {
        id -> Int4,
        name -> Text,
        description -> Text,
        archived -> Bool,
        created_by -> Nullable<Int4>,
        created_at -> Timestamptz,
        archived_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    documents (id) {
        id -> Int4,
        title -> Text,
        category -> Text,
        version -> Text,
        file_name -> Text,
        mime_type -> Text,
        file_size -> Int8,
        storage_key -> Text,
        uploaded_by -> Nullable<Int4>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    mail_outbox (id) {
        id -> Int8,
        kind -> Text,
        recipient -> Text,
        user_id -> Nullable<Int4>,
        subject -> Text,
        text_body -> Text,
        html_body -> Text,
        list_unsubscribe -> Nullable<Text>,
        status -> Text,
        attempts -> Int4,
        last_error -> Nullable<Text>,
        next_attempt_at -> Timestamptz,
        created_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    meetings (id) {
        id -> Int4,
        title -> Text,
        description -> Text,
        meeting_date -> Timestamptz,
        location -> Nullable<Text>,
        meeting_link -> Nullable<Text>,
        agenda_link -> Nullable<Text>,
        created_by -> Nullable<Int4>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    minutes (id) {
        id -> Int4,
        title -> Text,
        meeting_date -> Timestamptz,
        meeting_id -> Nullable<Int4>,
        file_name -> Nullable<Text>,
        file_size -> Nullable<Int8>,
        storage_key -> Nullable<Text>,
        external_link -> Nullable<Text>,
        uploaded_by -> Nullable<Int4>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    notices (id) {
        id -> Int4,
        title -> Text,
        content -> Text,
        priority -> Text,
        pinned -> Bool,
        expires_at -> Nullable<Timestamptz>,
        created_by -> Nullable<Int4>,
        published_at -> Timestamptz,
    }
}

diesel::table! {
    password_reset_requests (id) {
        id -> Int4,
        email -> Text,
        user_id -> Nullable<Int4>,
        requested_at -> Timestamptz,
        resolved_at -> Nullable<Timestamptz>,
        resolved_by -> Nullable<Text>,
    }
}

diesel::table! {
    password_tokens (id) {
        id -> Int4,
        user_id -> Int4,
        purpose -> Text,
        token_hash -> Text,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    users (id) {
        id -> Int4,
        name -> Text,
        email -> Text,
        role -> Text,
        active -> Bool,
        phone -> Nullable<Text>,
        password_hash -> Text,
        require_password_change -> Bool,
        token_version -> Int4,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::joinable!(committee_documents -> committees (committee_id));
diesel::joinable!(committee_documents -> users (uploaded_by));
diesel::joinable!(committee_members -> committees (committee_id));
diesel::joinable!(committee_members -> users (user_id));
diesel::joinable!(committee_messages -> committees (committee_id));
diesel::joinable!(committee_messages -> users (user_id));
diesel::joinable!(committees -> users (created_by));
diesel::joinable!(documents -> users (uploaded_by));
diesel::joinable!(mail_outbox -> users (user_id));
diesel::joinable!(meetings -> users (created_by));
diesel::joinable!(minutes -> meetings (meeting_id));
diesel::joinable!(minutes -> users (uploaded_by));
diesel::joinable!(notices -> users (created_by));
diesel::joinable!(password_reset_requests -> users (user_id));
diesel::joinable!(password_tokens -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    actions,
    committee_documents,
    committee_members,
    committee_messages,
    committees,
    documents,
    mail_outbox,
    meetings,
    minutes,
    notices,
    password_reset_requests,
    password_tokens,
    users,
);
