//! The search use case (docs/spec.md "Search").

use std::sync::Arc;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::identity::user::User;
use crate::search::{
    SearchCursor, SearchPage, SearchQuery, SearchReader, SearchRefusal, SearchRepository, SearchRequest,
};
use crate::shared::Clock;

#[derive(Clone)]
pub struct SearchService {
    pub repository: Arc<dyn SearchRepository>,
    pub clock: Arc<dyn Clock>,
    /// The board's time zone: the days of `from` and `to`.
    pub time_zone: Tz,
}

impl SearchService {
    /// One page of what `actor` may see matching the request: every signed-in user searches, and finds
    /// only what the lists they may read show them (their identity and role decide).
    pub fn search(&self, actor: &User, request: &SearchRequest) -> Result<SearchPage, SearchRefusal> {
        if !actor.role.is_board_member() {
            return Err(SearchRefusal::Guest);
        }
        let query = SearchQuery::read(request, self.time_zone)?;
        let reader = SearchReader { user: actor.id, officer: actor.role.is_officer() };
        // Every page weighs recency as of the first one, so the order of a paged search stays put.
        let asof = query.cursor.map_or_else(|| self.clock.now(), |cursor| cursor.asof);
        let found = self.repository.search(reader, &query, asof)?;
        Ok(page(&query, asof, found))
    }
}

/// The page: `limit` hits, a cursor when more follow, and the total of the kinds asked for.
fn page(query: &SearchQuery, asof: DateTime<Utc>, found: crate::search::SearchMatches) -> SearchPage {
    let mut hits = found.hits;
    let limit = usize::try_from(query.limit).unwrap_or(usize::MAX);
    let more = hits.len() > limit;
    hits.truncate(limit);
    let next_cursor = hits.last().filter(|_| more).map(|last| SearchCursor {
        order: query.order,
        asof,
        key: last.sort_key,
        kind: last.kind,
        id: last.id,
    });
    let total = found.counts.iter().filter(|(kind, _)| query.wants(*kind)).map(|(_, n)| n).sum();
    SearchPage { hits, counts: found.counts, total, next_cursor }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::identity::role::Role;
    use crate::search::{SearchHit, SearchKind, SearchMatches, SearchOrder};
    use crate::testing::{clock, user};

    /// A fake index: answers what it holds, remembering the last search.
    #[derive(Default)]
    struct CannedSearch {
        answer: Mutex<crate::search::SearchMatches>,
        asked: Mutex<Option<(SearchReader, SearchQuery, DateTime<Utc>)>>,
    }

    impl SearchRepository for CannedSearch {
        fn search(
            &self,
            reader: SearchReader,
            query: &SearchQuery,
            asof: DateTime<Utc>,
        ) -> Result<crate::search::SearchMatches, crate::RepoError> {
            *self.asked.lock().unwrap() = Some((reader, query.clone(), asof));
            Ok(self.answer.lock().unwrap().clone())
        }
    }

    fn hit(kind: SearchKind, id: i64, key: f64) -> SearchHit {
        SearchHit {
            kind,
            id,
            title: format!("{kind} {id}"),
            date: DateTime::UNIX_EPOCH,
            meeting: None,
            committee: None,
            category: None,
            snippet: Vec::new(),
            item_id: None,
            document_id: None,
            has_file: false,
            is_pdf: false,
            sort_key: key,
        }
    }

    fn service(answer: SearchMatches) -> (SearchService, Arc<CannedSearch>) {
        let index = Arc::new(CannedSearch { answer: Mutex::new(answer), ..Default::default() });
        let service = SearchService { repository: index.clone(), clock: clock(), time_zone: chrono_tz::UTC };
        (service, index)
    }

    fn request(pairs: &[(&str, &str)]) -> SearchRequest {
        SearchRequest::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
    }

    #[test]
    fn a_full_page_hands_out_a_cursor_after_its_last_hit() {
        let (service, index) = service(SearchMatches {
            hits: vec![
                hit(SearchKind::Notice, 3, 0.9),
                hit(SearchKind::Document, 7, 0.5),
                hit(SearchKind::Action, 1, 0.1),
            ],
            counts: vec![(SearchKind::Document, 4), (SearchKind::Notice, 2), (SearchKind::Action, 1)],
        });
        let trustee = user(Role::Trustee);
        let page = service.search(&trustee, &request(&[("q", "budget"), ("limit", "2")])).unwrap();
        assert_eq!(page.hits.len(), 2);
        assert_eq!(page.total, 7);
        let cursor = page.next_cursor.unwrap();
        assert_eq!((cursor.kind, cursor.id, cursor.key), (SearchKind::Document, 7, 0.5));
        assert_eq!(cursor.order, SearchOrder::Relevance);
        let (reader, query, asof) = index.asked.lock().unwrap().clone().unwrap();
        assert_eq!(reader, SearchReader { user: trustee.id, officer: false });
        assert_eq!((query.limit, asof), (2, clock().now()));
        assert_eq!(cursor.asof, asof);
    }

    #[test]
    fn the_last_page_has_no_cursor_and_the_total_counts_the_kinds_asked_for() {
        let (service, index) = service(SearchMatches {
            hits: vec![hit(SearchKind::Notice, 3, 0.9)],
            counts: vec![(SearchKind::Document, 4), (SearchKind::Notice, 2)],
        });
        let officer = user(Role::Chair);
        let later = SearchCursor {
            order: SearchOrder::Relevance,
            asof: DateTime::UNIX_EPOCH,
            key: 1.0,
            kind: SearchKind::Notice,
            id: 9,
        };
        let page = service
            .search(&officer, &request(&[("q", "roof"), ("kind", "notice"), ("cursor", &later.encode())]))
            .unwrap();
        assert_eq!((page.hits.len(), page.total, page.next_cursor), (1, 2, None));
        let (reader, _, asof) = index.asked.lock().unwrap().clone().unwrap();
        assert!(reader.officer);
        assert_eq!(asof, DateTime::UNIX_EPOCH, "a later page weighs recency as of the first");
    }

    #[test]
    fn bad_parameters_are_refused_before_the_index_is_asked() {
        let (service, index) = service(SearchMatches::default());
        let refusal = service.search(&user(Role::Admin), &request(&[("q", "")])).unwrap_err();
        assert!(matches!(refusal, SearchRefusal::Common(crate::DomainError::Invalid(_))));
        assert!(index.asked.lock().unwrap().is_none());
    }
}
