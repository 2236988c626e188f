-- Notes on papers (docs/spec.md, Pack reader, Notes). A note is about a paper named by kind and id, which
-- is no single table, so a trigger on each paper's table removes its notes with it: a note never
-- outlives its paper. A person's notes go with their account: they are their own reading aids.
CREATE TABLE paper_notes (
    id          UUID        PRIMARY KEY,
    author_id   INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    paper_kind  TEXT        NOT NULL CHECK (paper_kind IN ('document', 'agendaPaper', 'minutes', 'boardPack')),
    paper_id    INTEGER     NOT NULL,
    page        INTEGER     NOT NULL CHECK (page BETWEEN 1 AND 100000),
    kind        TEXT        NOT NULL CHECK (kind IN ('highlight', 'pin')),
    x           DOUBLE PRECISION NOT NULL CHECK (x BETWEEN 0 AND 1),
    y           DOUBLE PRECISION NOT NULL CHECK (y BETWEEN 0 AND 1),
    rects       JSONB       NOT NULL DEFAULT '[]',
    quote       TEXT        NOT NULL DEFAULT '',
    prefix      TEXT        NOT NULL DEFAULT '',
    suffix      TEXT        NOT NULL DEFAULT '',
    body        TEXT        NOT NULL DEFAULT '',
    visibility  TEXT        NOT NULL CHECK (visibility IN ('private', 'officers', 'shared')),
    created_at  TIMESTAMPTZ NOT NULL,
    edited_at   TIMESTAMPTZ NOT NULL
);

CREATE INDEX paper_notes_paper ON paper_notes (paper_kind, paper_id);

CREATE FUNCTION paper_notes_follow_paper() RETURNS trigger AS $$
BEGIN
    DELETE FROM paper_notes WHERE paper_kind = TG_ARGV[0] AND paper_id = OLD.id;
    RETURN OLD;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER paper_notes_of_document AFTER DELETE ON documents
    FOR EACH ROW EXECUTE FUNCTION paper_notes_follow_paper('document');
CREATE TRIGGER paper_notes_of_agenda_paper AFTER DELETE ON agenda_papers
    FOR EACH ROW EXECUTE FUNCTION paper_notes_follow_paper('agendaPaper');
CREATE TRIGGER paper_notes_of_minutes AFTER DELETE ON minutes
    FOR EACH ROW EXECUTE FUNCTION paper_notes_follow_paper('minutes');
CREATE TRIGGER paper_notes_of_board_pack AFTER DELETE ON meetings
    FOR EACH ROW EXECUTE FUNCTION paper_notes_follow_paper('boardPack');
