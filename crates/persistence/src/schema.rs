// @generated automatically by Diesel CLI.

pub mod sql_types {
    #[derive(diesel::query_builder::QueryId, Clone, diesel::sql_types::SqlType)]
    #[diesel(postgres_type(name = "tsvector", schema = "pg_catalog"))]
    pub struct Tsvector;
}

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
        meeting_id -> Nullable<Int4>,
        agenda_item_id -> Nullable<Int4>,
        committee_only -> Bool,
        committee_id -> Nullable<Int4>,
    }
}

diesel::table! {
    agenda_items (id) {
        id -> Int4,
        meeting_id -> Int4,
        position -> Int4,
        title -> Text,
        purpose -> Text,
        presenter_user_id -> Nullable<Int4>,
        presenter_name -> Nullable<Text>,
        duration_minutes -> Int4,
        description -> Text,
        created_at -> Timestamptz,
        changed_at -> Timestamptz,
        resolution_id -> Nullable<Int4>,
    }
}

diesel::table! {
    agenda_papers (id) {
        id -> Int4,
        agenda_item_id -> Int4,
        title -> Nullable<Text>,
        file_name -> Nullable<Text>,
        mime_type -> Nullable<Text>,
        file_size -> Nullable<Int8>,
        storage_key -> Nullable<Text>,
        document_id -> Nullable<Int4>,
        added_by -> Nullable<Int4>,
        added_at -> Timestamptz,
        announced_in -> Nullable<Int8>,
    }
}

diesel::table! {
    audit_events (id) {
        id -> Int8,
        occurred_at -> Timestamptz,
        actor_id -> Nullable<Int4>,
        actor_name -> Nullable<Text>,
        actor_email -> Nullable<Text>,
        kind -> Text,
        object_type -> Nullable<Text>,
        object_id -> Nullable<Text>,
        object_label -> Nullable<Text>,
        details -> Nullable<Text>,
        client_address -> Nullable<Text>,
    }
}

diesel::table! {
    calendar_feed_tokens (user_id) {
        user_id -> Int4,
        nonce -> Text,
        token_hash -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    board_packs (meeting_id) {
        meeting_id -> Int4,
        fingerprint -> Text,
        pdf -> Bytea,
        built_at -> Timestamptz,
        layout -> Text,
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
    declaration_rounds (id) {
        id -> Int4,
        year -> Int4,
        deadline -> Date,
        code_of_conduct_document_id -> Nullable<Int4>,
        code_of_conduct_title -> Text,
        opened_by -> Nullable<Int4>,
        opened_at -> Timestamptz,
        closed_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    declarations (round_id, user_id) {
        round_id -> Int4,
        user_id -> Int4,
        declared_at -> Nullable<Timestamptz>,
        declared_name -> Nullable<Text>,
        register_complete -> Nullable<Bool>,
        over_18 -> Nullable<Bool>,
        no_disqualification -> Nullable<Bool>,
        accepts_code -> Nullable<Bool>,
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
    evaluation_answers (id) {
        id -> Uuid,
        round_id -> Int4,
        question_id -> Int4,
        score -> Nullable<Int2>,
        text -> Nullable<Text>,
        answered_on -> Date,
    }
}

diesel::table! {
    evaluation_questions (id) {
        id -> Int4,
        round_id -> Int4,
        position -> Int4,
        principle -> Text,
        kind -> Text,
        text -> Text,
    }
}

diesel::table! {
    evaluation_respondents (round_id, user_id) {
        round_id -> Int4,
        user_id -> Int4,
    }
}

diesel::table! {
    evaluation_rounds (id) {
        id -> Int4,
        title -> Text,
        kind -> Text,
        appraised_user_id -> Nullable<Int4>,
        results_user_id -> Nullable<Int4>,
        status -> Text,
        closes_on -> Nullable<Date>,
        created_by -> Nullable<Int4>,
        created_at -> Timestamptz,
        opened_at -> Nullable<Timestamptz>,
        closed_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    file_texts (kind, record_id) {
        kind -> Text,
        record_id -> Int8,
        storage_key -> Text,
        status -> Text,
        text -> Text,
        reason -> Nullable<Text>,
        attempts -> Int4,
        not_before -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    governance_settings (id) {
        id -> Bool,
        register_visibility -> Text,
        updated_at -> Timestamptz,
        quorum_rule -> Text,
        quorum_minimum -> Int4,
        quorum_numerator -> Int4,
        quorum_denominator -> Int4,
        reading_records -> Bool,
        secretary_id -> Nullable<Int4>,
    }
}

diesel::table! {
    interest_versions (id) {
        id -> Int8,
        interest_id -> Int4,
        changed_by -> Nullable<Int4>,
        changed_by_name -> Text,
        changed_at -> Timestamptz,
        before -> Nullable<Text>,
        after -> Text,
    }
}

diesel::table! {
    interests (id) {
        id -> Int4,
        user_id -> Int4,
        kind -> Text,
        organisation -> Text,
        nature -> Text,
        started_on -> Date,
        ended_on -> Nullable<Date>,
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
    meeting_attendance (id) {
        id -> Int4,
        meeting_id -> Int4,
        user_id -> Nullable<Int4>,
        name -> Text,
        response -> Nullable<Text>,
        reason -> Nullable<Text>,
        responded_at -> Nullable<Timestamptz>,
        recorded -> Nullable<Text>,
        recorded_by -> Nullable<Int4>,
        recorded_at -> Nullable<Timestamptz>,
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
        kind -> Text,
        committee_id -> Nullable<Int4>,
        status -> Text,
        cancelled_at -> Nullable<Timestamptz>,
        duration_minutes -> Int4,
        agenda_published_at -> Nullable<Timestamptz>,
        agenda_changed_at -> Timestamptz,
        revision -> Int4,
        updated_at -> Timestamptz,
        sequence -> Int4,
        chaired_by -> Nullable<Int4>,
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
    minutes_signers (meeting_id) {
        meeting_id -> Int4,
        user_id -> Int4,
        named_by -> Nullable<Int4>,
        named_at -> Timestamptz,
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
    paper_notes (id) {
        id -> Uuid,
        author_id -> Int4,
        paper_kind -> Text,
        paper_id -> Int4,
        page -> Int4,
        kind -> Text,
        x -> Float8,
        y -> Float8,
        rects -> Jsonb,
        quote -> Text,
        prefix -> Text,
        suffix -> Text,
        body -> Text,
        visibility -> Text,
        created_at -> Timestamptz,
        edited_at -> Timestamptz,
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
    resolution_papers (resolution_id, document_id) {
        resolution_id -> Int4,
        document_id -> Int4,
    }
}

diesel::table! {
    resolution_voters (resolution_id, user_id) {
        resolution_id -> Int4,
        user_id -> Int4,
        name -> Text,
        conflicted -> Bool,
    }
}

diesel::table! {
    resolution_votes (resolution_id, user_id) {
        resolution_id -> Int4,
        user_id -> Int4,
        voter_name -> Text,
        vote -> Text,
        comment -> Nullable<Text>,
        voted_at -> Timestamptz,
    }
}

diesel::table! {
    resolutions (id) {
        id -> Int4,
        title -> Text,
        body -> Text,
        closes_at -> Timestamptz,
        threshold -> Text,
        threshold_count -> Nullable<Int4>,
        proposed_by -> Nullable<Int4>,
        proposed_by_name -> Text,
        proposed_at -> Timestamptz,
        status -> Text,
        decided_at -> Nullable<Timestamptz>,
        decided_early -> Bool,
    }
}

diesel::table! {
    skills (id) {
        id -> Int4,
        name -> Text,
        position -> Int4,
        retired -> Bool,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    skill_ratings (user_id, skill_id) {
        user_id -> Int4,
        skill_id -> Int4,
        level -> Text,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    terms_of_office (id) {
        id -> Int4,
        user_id -> Int4,
        started_on -> Date,
        term_years -> Int2,
        reappointment -> Bool,
        ended_on -> Nullable<Date>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    mfa_recovery_codes (id) {
        id -> Int4,
        user_id -> Int4,
        code_hash -> Text,
        used_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    security_settings (id) {
        id -> Bool,
        require_mfa_for_officers -> Bool,
        updated_at -> Timestamptz,
        trust_provider_mfa -> Bool,
        password_sign_in_off -> Bool,
        break_glass_admin_id -> Nullable<Int4>,
    }
}

diesel::table! {
    use diesel::sql_types::*;
    use super::sql_types::Tsvector;

    search_entries (kind, record_id) {
        kind -> Text,
        record_id -> Int8,
        title -> Text,
        body -> Text,
        file_text -> Text,
        happened_at -> Timestamptz,
        meeting_id -> Nullable<Int4>,
        item_id -> Nullable<Int4>,
        committee_id -> Nullable<Int4>,
        category -> Nullable<Text>,
        document_id -> Nullable<Int4>,
        owner_id -> Nullable<Int4>,
        minutes_id -> Nullable<Int4>,
        minutes_version -> Nullable<Int4>,
        minutes_status -> Nullable<Text>,
        has_file -> Bool,
        is_pdf -> Bool,
        tsv -> Tsvector,
        head_tsv -> Tsvector,
    }
}

diesel::table! {
    sessions (id) {
        id -> Int4,
        user_id -> Int4,
        device -> Text,
        client_address -> Text,
        created_at -> Timestamptz,
        last_active_at -> Timestamptz,
        expires_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
        reauthenticated_at -> Nullable<Timestamptz>,
        second_factor_by_provider -> Bool,
    }
}

diesel::table! {
    sso_handoffs (code_hash) {
        code_hash -> Text,
        user_id -> Int4,
        provider_second_factor -> Bool,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    sso_links (id) {
        id -> Int4,
        user_id -> Int4,
        issuer -> Text,
        subject -> Text,
        email -> Text,
        linked_at -> Timestamptz,
    }
}

diesel::table! {
    sso_pending_sign_ins (state) {
        state -> Text,
        nonce -> Text,
        pkce_verifier -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    sign_in_attempts (id) {
        id -> Int8,
        scope -> Text,
        account -> Text,
        client -> Text,
        attempted_at -> Timestamptz,
    }
}

diesel::table! {
    used_mfa_challenges (id) {
        id -> Text,
        user_id -> Int4,
        expires_at -> Timestamptz,
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
        temp_password_expires_at -> Nullable<Timestamptz>,
        mfa_secret -> Nullable<Text>,
        mfa_pending_secret -> Nullable<Text>,
        mfa_last_step -> Nullable<Int8>,
        access_ends_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    guest_passes (user_id) {
        user_id -> Int4,
        purpose -> Text,
        audit_from -> Nullable<Date>,
        audit_to -> Nullable<Date>,
        invited_by -> Nullable<Int4>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    guest_meetings (user_id, meeting_id) {
        user_id -> Int4,
        meeting_id -> Int4,
    }
}

diesel::table! {
    guest_documents (user_id, document_id) {
        user_id -> Int4,
        document_id -> Int4,
    }
}

diesel::table! {
    notification_settings (user_id) {
        user_id -> Int4,
        disabled_kinds -> Array<Text>,
        weekly_digest -> Bool,
        followed_categories -> Array<Text>,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    notification_events (id) {
        id -> Int8,
        kind -> Text,
        subject_id -> Int4,
        recipient_id -> Nullable<Int4>,
        actor_id -> Nullable<Int4>,
        created_at -> Timestamptz,
        processed_at -> Nullable<Timestamptz>,
        first_publication -> Bool,
    }
}

diesel::table! {
    notification_gathered_documents (id) {
        id -> Int8,
        user_id -> Int4,
        document_id -> Int4,
        gathered_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    notification_ledger (kind, subject_id, recipient_id, occasion) {
        kind -> Text,
        subject_id -> Int8,
        recipient_id -> Int4,
        occasion -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    notification_digest_items (id) {
        id -> Int8,
        user_id -> Int4,
        kind -> Text,
        summary -> Text,
        link -> Text,
        created_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
        meeting_id -> Nullable<Int4>,
    }
}

diesel::table! {
    committee_read_markers (committee_id, user_id) {
        committee_id -> Int4,
        user_id -> Int4,
        last_read_id -> Int8,
        last_notified_id -> Int8,
    }
}

diesel::table! {
    mail_attachments (id) {
        id -> Int8,
        outbox_id -> Int8,
        filename -> Text,
        content_type -> Text,
        content -> Bytea,
    }
}

diesel::table! {
    pdf_page_counts (storage_key) {
        storage_key -> Text,
        page_count -> Nullable<Int4>,
    }
}

diesel::table! {
    reading_records (user_id, paper_kind, paper_id, page) {
        user_id -> Int4,
        paper_kind -> Text,
        paper_id -> Int4,
        page -> Int4,
        first_shown_at -> Timestamptz,
        last_shown_at -> Timestamptz,
    }
}

diesel::table! {
    signatures (id) {
        id -> Int4,
        kind -> Text,
        record_id -> Int4,
        record_version -> Int4,
        signer_id -> Int4,
        signer_name -> Text,
        role -> Text,
        method -> Text,
        signed_at -> Timestamptz,
        document_sha256 -> Text,
        signed_sha256 -> Text,
        verification_code -> Text,
        file_key -> Text,
        file_name -> Text,
        record_user_id -> Nullable<Int4>,
    }
}

diesel::table! {
    signing_keys (id) {
        id -> Int4,
        sealed_key -> Text,
        certificate_pem -> Text,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(audit_events -> users (actor_id));
diesel::joinable!(reading_records -> users (user_id));
diesel::joinable!(agenda_items -> meetings (meeting_id));
diesel::joinable!(agenda_items -> resolutions (resolution_id));
diesel::joinable!(board_packs -> meetings (meeting_id));
diesel::joinable!(agenda_items -> users (presenter_user_id));
diesel::joinable!(agenda_papers -> agenda_items (agenda_item_id));
diesel::joinable!(agenda_papers -> documents (document_id));
diesel::joinable!(agenda_papers -> users (added_by));
diesel::joinable!(calendar_feed_tokens -> users (user_id));
diesel::joinable!(committee_documents -> committees (committee_id));
diesel::joinable!(committee_documents -> users (uploaded_by));
diesel::joinable!(committee_members -> committees (committee_id));
diesel::joinable!(committee_members -> users (user_id));
diesel::joinable!(committee_messages -> committees (committee_id));
diesel::joinable!(committee_messages -> users (user_id));
diesel::joinable!(committees -> users (created_by));
diesel::joinable!(declaration_rounds -> documents (code_of_conduct_document_id));
diesel::joinable!(declaration_rounds -> users (opened_by));
diesel::joinable!(declarations -> declaration_rounds (round_id));
diesel::joinable!(declarations -> users (user_id));
diesel::joinable!(documents -> users (uploaded_by));
diesel::joinable!(evaluation_answers -> evaluation_questions (question_id));
diesel::joinable!(evaluation_questions -> evaluation_rounds (round_id));
diesel::joinable!(evaluation_respondents -> evaluation_rounds (round_id));
diesel::joinable!(evaluation_respondents -> users (user_id));
diesel::joinable!(governance_settings -> users (secretary_id));
diesel::joinable!(interest_versions -> interests (interest_id));
diesel::joinable!(interest_versions -> users (changed_by));
diesel::joinable!(interests -> users (user_id));
diesel::joinable!(mail_outbox -> users (user_id));
diesel::joinable!(meeting_attendance -> meetings (meeting_id));
diesel::joinable!(meeting_conflicts -> agenda_items (agenda_item_id));
diesel::joinable!(meeting_conflicts -> interests (interest_id));
diesel::joinable!(meeting_conflicts -> meetings (meeting_id));
diesel::joinable!(meetings -> committees (committee_id));
diesel::joinable!(meetings -> users (created_by));
diesel::joinable!(minutes_signers -> meetings (meeting_id));
diesel::joinable!(minutes -> meetings (meeting_id));
diesel::joinable!(mfa_recovery_codes -> users (user_id));
diesel::joinable!(minutes -> users (uploaded_by));
diesel::joinable!(notices -> users (created_by));
diesel::joinable!(notification_gathered_documents -> documents (document_id));
diesel::joinable!(notification_gathered_documents -> users (user_id));
diesel::joinable!(notification_settings -> users (user_id));
diesel::joinable!(paper_notes -> users (author_id));
diesel::joinable!(password_reset_requests -> users (user_id));
diesel::joinable!(password_tokens -> users (user_id));
diesel::joinable!(security_settings -> users (break_glass_admin_id));
diesel::joinable!(guest_documents -> documents (document_id));
diesel::joinable!(guest_meetings -> meetings (meeting_id));
diesel::joinable!(sso_handoffs -> users (user_id));
diesel::joinable!(sso_links -> users (user_id));
diesel::joinable!(resolution_papers -> documents (document_id));
diesel::joinable!(resolution_papers -> resolutions (resolution_id));
diesel::joinable!(resolution_voters -> resolutions (resolution_id));
diesel::joinable!(resolution_voters -> users (user_id));
diesel::joinable!(resolution_votes -> resolutions (resolution_id));
diesel::joinable!(resolutions -> users (proposed_by));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(signatures -> users (signer_id));
diesel::joinable!(skill_ratings -> skills (skill_id));
diesel::joinable!(skill_ratings -> users (user_id));
diesel::joinable!(terms_of_office -> users (user_id));
diesel::joinable!(used_mfa_challenges -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    actions,
    agenda_items,
    agenda_papers,
    committee_read_markers,
    mail_attachments,
    notification_digest_items,
    notification_events,
    notification_gathered_documents,
    notification_ledger,
    notification_settings,
    audit_events,
    calendar_feed_tokens,
    board_packs,
    committee_documents,
    committee_members,
    committee_messages,
    committees,
    declaration_rounds,
    declarations,
    documents,
    evaluation_answers,
    evaluation_questions,
    evaluation_respondents,
    evaluation_rounds,
    file_texts,
    governance_settings,
    guest_documents,
    guest_meetings,
    guest_passes,
    interest_versions,
    interests,
    mail_outbox,
    meeting_attendance,
    meeting_conflicts,
    meetings,
    mfa_recovery_codes,
    minute_entries,
    minutes,
    minutes_signers,
    notices,
    paper_notes,
    password_reset_requests,
    password_tokens,
    pdf_page_counts,
    reading_records,
    resolution_papers,
    resolution_voters,
    resolution_votes,
    resolutions,
    search_entries,
    security_settings,
    sessions,
    sso_handoffs,
    sso_links,
    sso_pending_sign_ins,
    sign_in_attempts,
    signatures,
    signing_keys,
    skill_ratings,
    skills,
    terms_of_office,
    used_mfa_challenges,
    users,
    written_minutes,
);

diesel::table! {
    written_minutes (id) {
        id -> Int4,
        meeting_id -> Int4,
        version -> Int4,
        status -> Text,
        correction_reason -> Nullable<Text>,
        superseded_at -> Nullable<Timestamptz>,
        circulated_at -> Nullable<Timestamptz>,
        approved_on -> Nullable<Date>,
        approved_at_meeting_id -> Nullable<Int4>,
        approved_at_meeting_title -> Nullable<Text>,
        locked_at -> Nullable<Timestamptz>,
        created_by -> Nullable<Int4>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    meeting_conflicts (id) {
        id -> Int4,
        meeting_id -> Int4,
        agenda_item_id -> Int4,
        user_id -> Int4,
        interest_id -> Int4,
        declared_by -> Nullable<Int4>,
        declared_at -> Timestamptz,
        handling -> Nullable<Text>,
        handled_by -> Nullable<Int4>,
        handled_at -> Nullable<Timestamptz>,
        minute_entry_id -> Nullable<Int4>,
    }
}

diesel::table! {
    minute_entries (id) {
        id -> Int4,
        minutes_id -> Int4,
        agenda_item_id -> Nullable<Int4>,
        item_number -> Nullable<Int4>,
        item_title -> Nullable<Text>,
        kind -> Text,
        body -> Text,
        action_id -> Nullable<Int4>,
        created_at -> Timestamptz,
    }
}
