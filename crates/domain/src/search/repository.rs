use chrono::{DateTime, Utc};

use crate::search::{SearchMatches, SearchQuery, SearchReader};
use crate::RepoError;

/// The search index (docs/spec.md "Search").
pub trait SearchRepository: Send + Sync {
    /// The matches of `query` that `reader` may see, each kind by the rule of the list it comes from: at
    /// most `query.limit + 1` hits after `query.cursor` in `query.order` (relevance weighed as of
    /// `asof`), with snippets, and the counts per kind under every filter but the kinds. Errors only
    /// when the database fails.
    fn search(
        &self,
        reader: SearchReader,
        query: &SearchQuery,
        asof: DateTime<Utc>,
    ) -> Result<SearchMatches, RepoError>;
}
