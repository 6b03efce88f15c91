//! Each row's entry count of a Matrix Market file, in any entry order the format allows, in
//! memory that follows the entries read (issue 58).

/// Rows a dense counter list may hold beyond [`DENSE_PER_ENTRY`] per entry read: small
/// matrices are always counted densely.
const DENSE_SLACK: u64 = 1 << 16;

/// Counters a dense list may hold per entry read (4 bytes each: 32 bytes per entry, while an
/// entry's line is at least 4 bytes).
const DENSE_PER_ENTRY: u64 = 8;

/// Rows counted together ([`RowLens::flush`]).
const BATCH: usize = 256;

/// Each row's entry count, in any entry order the format allows (row-sorted, column-sorted as
/// SuiteSparse writes, random). A list indexed by row (0-based) counts the rows below its
/// length; the list may reach [`DENSE_SLACK`] + [`DENSE_PER_ENTRY`] × the entries read, never
/// what the size line claims. An entry in a row past that is kept in `overflow` (4 bytes),
/// and as soon as the entries read allow a list up to the largest row held there, the list
/// grows and takes them in: each entry is held there at most once, so every entry costs O(1)
/// amortized, in any order. A file whose rows stay too sparse for a list (a few entries in
/// rows up to 500 M) keeps its overflow, sorted at the end ([`RowLens::settle`]). Memory is
/// O(entries read) throughout.
#[derive(Debug, Default)]
pub(crate) struct RowLens {
    list: Vec<u32>,
    /// Rows within the list whose counts are still to add, [`BATCH`] at a time: in random
    /// order each count is a cache miss, and a tight loop of them lets the processor wait for
    /// many at once (78 % of a random-order file's time was one miss per entry).
    batch: Vec<u32>,
    /// Rows at or past `list.len()`, one per entry, in reading order until settled.
    overflow: Vec<u32>,
    /// The largest row in `overflow`.
    overflow_max: u64,
    settled: bool,
}

impl RowLens {
    /// The most rows a list may count after `seen` entries.
    fn dense_limit(seen: u64) -> u64 {
        DENSE_SLACK.saturating_add(seen.saturating_mul(DENSE_PER_ENTRY))
    }

    /// One more entry in `row` (0-based, below `rows` ≤ [`MAX_ROWS`](super::matrix_market::MAX_ROWS)), the `seen`-th entry
    /// read.
    #[inline(always)]
    pub(crate) fn bump(&mut self, row: u64, seen: u64, rows: u64) {
        if row < self.list.len() as u64 {
            self.batch.push(row as u32);
            if self.batch.len() >= BATCH {
                self.flush();
            }
            return;
        }
        self.beyond(row, seen, rows);
    }

    /// Adds the batched rows' counts (the list only grows, so each is within it).
    fn flush(&mut self) {
        for &r in &self.batch {
            if let Some(c) = self.list.get_mut(r as usize) {
                *c = c.saturating_add(1);
            }
        }
        self.batch.clear();
    }

    /// An entry in a row past the list: the list grows to hold it where the entries read
    /// allow (taking in what `overflow` holds), else it waits in `overflow`.
    #[cold]
    fn beyond(&mut self, row: u64, seen: u64, rows: u64) {
        let limit = Self::dense_limit(seen);
        let top = row.max(self.overflow_max);
        if top < limit {
            // Doubling (within the limit and the matrix) keeps the growth O(1) per entry.
            let want = (top + 1)
                .max(2 * self.list.len() as u64)
                .min(limit)
                .min(rows.max(top + 1));
            self.list.resize(want as usize, 0);
            for r in std::mem::take(&mut self.overflow) {
                let c = &mut self.list[r as usize];
                *c = c.saturating_add(1);
            }
            self.overflow_max = 0;
            let c = &mut self.list[row as usize];
            *c = c.saturating_add(1);
        } else {
            self.overflow.push(row as u32);
            self.overflow_max = top;
        }
    }

    /// Sorts what `overflow` still holds, so that [`RowLens::for_each`] can count its rows.
    pub(crate) fn settle(&mut self) {
        self.flush();
        self.overflow.sort_unstable();
        self.settled = true;
    }

    /// Calls `each` with the count of every row held: the list's rows (empty ones too), then
    /// each row `overflow` holds (once settled).
    pub(crate) fn for_each(&self, mut each: impl FnMut(u32)) {
        self.list.iter().for_each(|&c| each(c));
        debug_assert!(self.settled || (self.overflow.is_empty() && self.batch.is_empty()));
        for run in self.overflow.chunk_by(|a, b| a == b) {
            each(u32::try_from(run.len()).unwrap_or(u32::MAX));
        }
    }
}
