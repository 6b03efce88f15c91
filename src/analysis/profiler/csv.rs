//! The profiler exports' CSV: [`crate::csv`]'s reader with banners (`==PROF==`, `==1234==`).

pub use crate::csv::{Record, MAX_RECORD_BYTES};

use super::ProfileError;

/// The splitter for profiler exports: a record starting with `==` is a banner.
pub fn splitter() -> crate::csv::Splitter {
    crate::csv::Splitter::with_banners()
}

impl From<crate::csv::Error> for ProfileError {
    fn from(e: crate::csv::Error) -> ProfileError {
        ProfileError::new(e.line, e.message)
    }
}
