//! `pdf_page_counts`: each stored file's page count, parsed once (docs/spec.md "Reading records").

use diesel::prelude::*;

use domain::library::files::StorageKey;
use domain::library::PageCountCache;
use domain::RepoError;

use crate::schema::pdf_page_counts;
use crate::shared::error::{bad_value, pool_error, repo_error};
use crate::PgPool;

pub struct PgPageCountCache {
    pool: PgPool,
}

impl PgPageCountCache {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl PageCountCache for PgPageCountCache {
    fn get(&self, key: &StorageKey) -> Result<Option<Option<u32>>, RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        let found = pdf_page_counts::table
            .find(key.as_str())
            .select(pdf_page_counts::page_count)
            .first::<Option<i32>>(&mut conn)
            .optional()
            .map_err(repo_error)?;
        found
            .map(|count| {
                count
                    .map(|n| {
                        u32::try_from(n).map_err(|_| bad_value("pdf_page_counts.page_count", &n.to_string()))
                    })
                    .transpose()
            })
            .transpose()
    }

    fn put(&self, key: &StorageKey, count: Option<u32>) -> Result<(), RepoError> {
        let mut conn = self.pool.get().map_err(pool_error)?;
        // A count beyond i32 cannot come from a 10 MB file; it is kept as unreadable rather than wrapped.
        let count = count.and_then(|n| i32::try_from(n).ok());
        diesel::insert_into(pdf_page_counts::table)
            .values((pdf_page_counts::storage_key.eq(key.as_str()), pdf_page_counts::page_count.eq(count)))
            .on_conflict_do_nothing()
            .execute(&mut conn)
            .map_err(repo_error)?;
        Ok(())
    }
}
