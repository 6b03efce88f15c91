//! A streaming Matrix Market reader: feed the file's bytes in chunks of any size, then finish,
//! and get the statistics Guo & Wang's model takes (docs/models.md, "spmv": rows, stored
//! non-zeros after mirroring, the mode and the maximum of the row lengths) with the row-length
//! histogram and a suggested HYB threshold. The matrix itself is never held.
//!
//! Bounds (a hostile file may claim anything on its size line): time is linear in the file's
//! bytes (and O(n log n) in the entries of rows too sparse to count in a list); memory is one
//! counter per row up to what the entries read allow (`RowLens`), and 4 bytes per entry in a
//! row past that until they allow it, in any entry order, so it grows with the entries the
//! file holds, never with the rows its size line claims; a line longer than
//! [`MAX_LINE`](super::MAX_LINE) is an error.
//!
//! Accepts the `coordinate` format with the fields `real`, `integer`, `complex` and `pattern`
//! and the symmetries `general`, `symmetric`, `skew-symmetric` and `hermitian`. Dense `array`
//! files, malformed lines, indices out of range and entry counts that disagree with the size
//! line are errors naming the line.

use std::fmt;

use super::entry_line::{plain_entry, plain_line};
use super::lines::{ByLine, Lines};
use super::row_lens::RowLens;
use super::words::{is_number, whole_number, Words};
use super::LONG_LINE;

/// What went wrong, and on which line (1-based; 0 when it concerns the whole file).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MtxError {
    pub line: u64,
    pub message: String,
}

impl fmt::Display for MtxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for MtxError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Field {
    Real,
    Integer,
    Complex,
    Pattern,
}

impl Field {
    /// The banner's word (`double` is an old synonym of `real`).
    pub fn from_id(word: &str) -> Option<Field> {
        Some(match word {
            "real" | "double" => Field::Real,
            "integer" => Field::Integer,
            "complex" => Field::Complex,
            "pattern" => Field::Pattern,
            _ => return None,
        })
    }

    /// Numbers after the two indices on an entry line.
    fn values(self) -> usize {
        match self {
            Field::Pattern => 0,
            Field::Real | Field::Integer => 1,
            Field::Complex => 2,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    General,
    Symmetric,
    SkewSymmetric,
    Hermitian,
}

impl Symmetry {
    /// The banner's word.
    pub fn from_id(word: &str) -> Option<Symmetry> {
        Some(match word {
            "general" => Symmetry::General,
            "symmetric" => Symmetry::Symmetric,
            "skew-symmetric" => Symmetry::SkewSymmetric,
            "hermitian" => Symmetry::Hermitian,
            _ => return None,
        })
    }
}

/// The statistics of one matrix.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MatrixStats {
    /// `n_r`.
    pub rows: u64,
    pub columns: u64,
    /// Entries as the file stores them (the size line's count).
    pub entries: u64,
    /// `nnz`: stored non-zeros after mirroring the symmetric kinds' off-diagonal entries.
    pub nnz: u64,
    /// `p_nz_csr`: the mode of the non-empty rows' lengths (the smallest on a tie).
    pub p_nz_csr: u64,
    /// `p_nz_ell`: the longest row.
    pub p_nz_ell: u64,
    pub mean_row: f64,
    /// Standard deviation of the row lengths (all rows).
    pub sd_row: f64,
    pub empty_rows: u64,
    /// (row length, rows with that length), ascending, every length that occurs.
    pub histogram: Vec<(u64, u64)>,
    /// Bell & Garland's HYB threshold (see [`hyb_threshold`]).
    pub hyb_thd: u64,
    pub field: Field,
    pub symmetry: Symmetry,
}

/// Bell & Garland's rule for HYB's ELL width (SC'09, §3.5), as CUSP computes it
/// (`compute_optimal_entries_per_row` in cusp/detail/format_utils.inl, relative speed 3 and
/// break-even 4,096 rows): the ELL part widens past K while the rows longer than K, r, keep
/// `3·r ≥ N` and `r ≥ 4096` (CUSP stops at the first K with `3·r < N` or `r < 4096`). So K is
/// the largest length such that the rows with at least K non-zeros, r, satisfy `3·r ≥ N` and
/// `r ≥ 4096` — in whole numbers, with no rounding of N/3.
pub fn hyb_threshold(rows: u64, histogram: &[(u64, u64)]) -> u64 {
    // Rows with at least K non-zeros, K falling: walk the histogram from the top down.
    let mut at_least = 0u64;
    let mut best = 0u64;
    for &(len, count) in histogram.iter().rev() {
        at_least += count;
        if at_least.saturating_mul(3) >= rows && at_least >= 4096 && len > 0 {
            best = len;
            break;
        }
    }
    best
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Header,
    Size,
    Entries,
}

/// The reader: [`MtxReader::feed`] chunks, then [`MtxReader::finish`].
pub struct MtxReader {
    stage: Stage,
    line: u64,
    lines: Lines,
    field: Field,
    symmetry: Symmetry,
    rows: u64,
    columns: u64,
    declared: u64,
    seen: u64,
    row_len: RowLens,
    bytes: u64,
    /// The entries (row, column, 0-based; mirrored ones too), when kept ([`MtxReader::keeping`]).
    kept: Option<Vec<(u32, u32)>>,
}

/// The most non-zeros [`MtxReader::keeping`] keeps (8 bytes each: 256 MB), so that replaying
/// the matrix (AutoMatch's SpMV on it) stays within the worker's memory and a minute's work.
pub const MAX_KEPT: u64 = 32_000_000;

/// Rows a kept matrix may have beyond [`REPLAY_ROWS_PER_ENTRY`] per non-zero: the replay
/// (AutoMatch's SpMV on the matrix) walks every row, so its empty ones are bounded by what the
/// file holds.
pub const REPLAY_SLACK: u64 = 1 << 16;

/// Rows a kept matrix may have per non-zero, beyond [`REPLAY_SLACK`].
pub const REPLAY_ROWS_PER_ENTRY: u64 = 64;

/// A matrix read whole: its statistics and, when kept, its non-zeros.
#[derive(Clone, Debug, PartialEq)]
pub struct Matrix {
    pub stats: MatrixStats,
    /// (row, column), 0-based, mirrored entries included, in the file's order.
    pub entries: Vec<(u32, u32)>,
}

impl Matrix {
    /// Compressed sparse rows: `row_ptr` (offsets of the rows up to the last one holding an
    /// entry, plus one: the rows after it are empty) and the columns, row by row, in the
    /// file's order within a row (a stable counting sort by row). O(entries) time and memory.
    pub fn csr(&self) -> (Vec<u32>, Vec<u32>) {
        let rows = self
            .entries
            .iter()
            .map(|&(r, _)| r as usize + 1)
            .max()
            .unwrap_or(0);
        let mut row_ptr = vec![0u32; rows + 1];
        for &(r, _) in &self.entries {
            row_ptr[r as usize + 1] += 1;
        }
        for i in 0..rows {
            row_ptr[i + 1] += row_ptr[i];
        }
        let mut next = row_ptr.clone();
        let mut cols = vec![0u32; self.entries.len()];
        for &(r, c) in &self.entries {
            let slot = &mut next[r as usize];
            cols[*slot as usize] = c;
            *slot += 1;
        }
        (row_ptr, cols)
    }
}

/// The most rows (and columns) a matrix may have here. Counters are held only for the rows
/// the file's entries name (`RowLens`), so this bounds the figures, not the memory.
pub const MAX_ROWS: u64 = 500_000_000;

impl Default for MtxReader {
    fn default() -> Self {
        MtxReader::new()
    }
}

impl MtxReader {
    pub fn new() -> MtxReader {
        MtxReader {
            stage: Stage::Header,
            line: 0,
            lines: Lines::default(),
            field: Field::Real,
            symmetry: Symmetry::General,
            rows: 0,
            columns: 0,
            declared: 0,
            seen: 0,
            row_len: RowLens::default(),
            bytes: 0,
            kept: None,
        }
    }

    /// A reader that also keeps the non-zeros (at most [`MAX_KEPT`]), for
    /// [`MtxReader::finish_matrix`].
    pub fn keeping() -> MtxReader {
        MtxReader {
            kept: Some(Vec::new()),
            ..MtxReader::new()
        }
    }

    /// Bytes fed so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Entries read so far and the number the size line declares (0 before it).
    pub fn entries(&self) -> (u64, u64) {
        (self.seen, self.declared)
    }

    /// Reads a chunk: every whole line in it (the last partial line waits for the next, up
    /// to [`MAX_LINE`](super::MAX_LINE) bytes).
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), MtxError> {
        self.bytes += chunk.len() as u64;
        let mut rest = chunk;
        // Entry lines of the usual shape are read straight from the chunk, each in one pass
        // (no separate search for its newline: a tenth of a random-order file's time); any
        // other line, and the last partial one, goes the general way, one line at a time.
        // A line begun in the last chunk is ended first.
        while !rest.is_empty() {
            if self.stage == Stage::Entries && self.lines.at_line_start() {
                rest = &rest[self.plain_entries(rest)?..];
            }
            let Some(end) = super::lines::find(rest, b'\n') else {
                break;
            };
            self.feed_lines(&rest[..=end])?;
            rest = &rest[end + 1..];
        }
        self.feed_lines(rest)
    }

    /// Reads the whole entry lines of the usual shape at the start of `s` (see
    /// [`plain_line`]), as the general path would read them: the bytes read.
    #[inline(always)]
    fn plain_entries(&mut self, s: &[u8]) -> Result<usize, MtxError> {
        let mut p = 0;
        let values = self.field.values();
        while self.seen < self.declared {
            let Some((i, j, next)) = plain_line(s, p, values) else {
                break;
            };
            if i < 1 || i > self.rows || j < 1 || j > self.columns {
                break;
            }
            self.line = self.lines.count_line();
            self.count(i, j)?;
            p = next;
        }
        Ok(p)
    }

    /// The statistics, once every byte has been fed.
    pub fn finish(self) -> Result<MatrixStats, MtxError> {
        self.finish_matrix().map(|m| m.stats)
    }

    /// The statistics and the kept non-zeros (none unless [`MtxReader::keeping`]).
    pub fn finish_matrix(mut self) -> Result<Matrix, MtxError> {
        self.finish_lines()?;
        match self.stage {
            Stage::Header => {
                return Err(MtxError {
                    line: 0,
                    message: "the file is empty: expected a Matrix Market header".into(),
                })
            }
            Stage::Size => {
                return Err(MtxError {
                    line: self.line,
                    message: "the file ends before its size line (rows columns entries)".into(),
                })
            }
            Stage::Entries => {}
        }
        if self.seen < self.declared {
            return Err(MtxError {
                line: self.line,
                message: format!(
                    "the file ends after {} of the {} {} its size line declares (truncated?)",
                    self.seen,
                    self.declared,
                    crate::format::noun(self.declared as f64, "entry", "entries")
                ),
            });
        }
        // A replay visits every row: its empty rows are bounded by the entries the file holds
        // (a 60-byte file may claim 32 M rows), so its time follows the file.
        if let Some(kept) = &self.kept {
            let most = REPLAY_SLACK
                .saturating_add(REPLAY_ROWS_PER_ENTRY.saturating_mul(kept.len() as u64));
            if self.rows > most {
                return Err(self.err(format!(
                    "{} rows for {} non-zeros: a replay would walk mostly empty rows (at most {} + {} rows per non-zero)",
                    crate::format::grouped(self.rows as f64, 0),
                    crate::format::grouped(kept.len() as f64, 0),
                    crate::format::grouped(REPLAY_SLACK as f64, 0),
                    REPLAY_ROWS_PER_ENTRY,
                )));
            }
        }
        self.row_len.settle();
        Ok(Matrix {
            stats: self.stats(),
            entries: self.kept.take().unwrap_or_default(),
        })
    }

    fn stats(&self) -> MatrixStats {
        // Short rows (nearly all of them) counted in a list, the rare long ones in a map: a
        // map lookup per row was an eighth of a 5 M-row file's time.
        const SHORT: usize = 4096;
        let mut short = vec![0u64; SHORT];
        let mut counts: std::collections::BTreeMap<u64, u64> = Default::default();
        let mut counted = 0u64;
        self.row_len.for_each(|len| {
            match short.get_mut(len as usize) {
                Some(c) => *c += 1,
                None => *counts.entry(u64::from(len)).or_default() += 1,
            }
            counted += 1;
        });
        for (len, &c) in short.iter().enumerate().filter(|(_, c)| **c > 0) {
            counts.insert(len as u64, c);
        }
        // The rows no entry named (past the counters, or absent from the map) are empty.
        if self.rows > counted {
            *counts.entry(0).or_default() += self.rows - counted;
        }
        let (mut sum, mut sum_sq) = (0f64, 0f64);
        for (&len, &count) in &counts {
            let (l, c) = (len as f64, count as f64);
            sum += l * c;
            sum_sq += l * l * c;
        }
        let histogram: Vec<(u64, u64)> = counts.into_iter().collect();
        let n = self.rows.max(1) as f64;
        let mean = sum / n;
        let var = (sum_sq / n - mean * mean).max(0.0);
        // The mode of the non-empty rows; the smallest length on a tie.
        let mut mode = (0u64, 0u64);
        for &(len, count) in &histogram {
            if len > 0 && count > mode.1 {
                mode = (len, count);
            }
        }
        MatrixStats {
            rows: self.rows,
            columns: self.columns,
            entries: self.declared,
            nnz: sum as u64,
            p_nz_csr: mode.0,
            p_nz_ell: histogram.last().map_or(0, |h| h.0),
            mean_row: mean,
            sd_row: var.sqrt(),
            empty_rows: histogram.first().filter(|h| h.0 == 0).map_or(0, |h| h.1),
            hyb_thd: hyb_threshold(self.rows, &histogram),
            histogram,
            field: self.field,
            symmetry: self.symmetry,
        }
    }

    fn err(&self, message: impl Into<String>) -> MtxError {
        MtxError {
            line: self.line,
            message: message.into(),
        }
    }

    fn read_line(&mut self, n: u64, raw: &[u8]) -> Result<(), MtxError> {
        self.line = n;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        match self.stage {
            Stage::Header => self.header(raw),
            // Blank lines and comments are skipped there (one pass over the line's words).
            Stage::Entries => self.entry(raw).map_err(|e| match std::str::from_utf8(raw) {
                // Read as bytes (numbers are ASCII); a line that fails is then checked for
                // being text, so a binary file is still called one.
                Ok(_) => e,
                Err(_) => self.err("is not text (a binary or compressed file?)"),
            }),
            Stage::Size => {
                let first = raw.iter().position(|b| !b.is_ascii_whitespace());
                let Some(first) = first else {
                    return Ok(()); // blank lines are allowed
                };
                if raw[first] == b'%' {
                    return Ok(()); // a comment
                }
                let text = std::str::from_utf8(raw)
                    .map_err(|_| self.err("is not text (a binary or compressed file?)"))?;
                self.size(text)
            }
        }
    }

    fn header(&mut self, raw: &[u8]) -> Result<(), MtxError> {
        let text = String::from_utf8_lossy(raw).to_ascii_lowercase();
        let words: Vec<&str> = text.split_whitespace().collect();
        let expected = "expected the Matrix Market header “%%MatrixMarket matrix coordinate real general” (or integer, complex, pattern; symmetric, skew-symmetric, hermitian)";
        if words.first() != Some(&"%%matrixmarket") || words.len() != 5 || words[1] != "matrix" {
            return Err(self.err(expected));
        }
        match words[2] {
            "coordinate" => {}
            "array" => return Err(self.err(
                "this is a dense (array) Matrix Market file; SpMV needs a sparse (coordinate) one",
            )),
            other => return Err(self.err(format!("unknown format “{other}”; {expected}"))),
        }
        self.field = match Field::from_id(words[3]) {
            Some(f) => f,
            None => {
                return Err(self.err(format!(
                    "unknown field “{}”: expected real, integer, complex or pattern",
                    words[3]
                )))
            }
        };
        self.symmetry = match Symmetry::from_id(words[4]) {
            Some(s) => s,
            None => {
                return Err(self.err(format!(
                "unknown symmetry “{}”: expected general, symmetric, skew-symmetric or hermitian",
                words[4]
            )))
            }
        };
        self.stage = Stage::Size;
        Ok(())
    }

    fn size(&mut self, text: &str) -> Result<(), MtxError> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        let nums: Option<Vec<u64>> = parts.iter().map(|p| p.parse().ok()).collect();
        let Some([rows, columns, entries]) =
            nums.as_deref().and_then(|n| <[u64; 3]>::try_from(n).ok())
        else {
            return Err(self.err(format!(
                "expected the size line: three whole numbers, rows columns entries (found “{}”)",
                shorten(text)
            )));
        };
        if rows == 0 || columns == 0 {
            return Err(self.err("the matrix has no rows or no columns"));
        }
        if rows > MAX_ROWS {
            return Err(self.err(format!(
                "{rows} rows is more than this reader holds (at most {MAX_ROWS})"
            )));
        }
        if entries > rows.saturating_mul(columns) {
            return Err(self.err(format!(
                "{entries} entries do not fit a {rows} × {columns} matrix"
            )));
        }
        if self.symmetry != Symmetry::General && rows != columns {
            return Err(self.err("a symmetric, skew-symmetric or hermitian matrix must be square"));
        }
        // A replay visits every row, empty or not: its rows are capped like its non-zeros.
        if self.kept.is_some() && (entries > MAX_KEPT || rows > MAX_KEPT || columns > MAX_ROWS) {
            return Err(self.err(format!(
                "a {} × {} matrix with {} entries is too large to replay here (at most {} rows, {} non-zeros and {} columns)",
                crate::format::grouped(rows as f64, 0),
                crate::format::grouped(columns as f64, 0),
                crate::format::grouped(entries as f64, 0),
                crate::format::grouped(MAX_KEPT as f64, 0),
                crate::format::grouped(MAX_KEPT as f64, 0),
                crate::format::grouped(MAX_ROWS as f64, 0),
            )));
        }
        self.rows = rows;
        self.columns = columns;
        self.declared = entries;
        self.row_len = RowLens::default();
        self.stage = Stage::Entries;
        Ok(())
    }

    /// An entry line: two indices, then the field's values (checked to be numbers, not kept);
    /// or a blank line or a comment, skipped.
    fn entry(&mut self, raw: &[u8]) -> Result<(), MtxError> {
        // The common line, read in one pass; anything else (and any error) the general way.
        if self.field.values() == 1 && self.seen < self.declared {
            if let Some((i, j)) = plain_entry(raw) {
                if i >= 1 && i <= self.rows && j >= 1 && j <= self.columns {
                    return self.count(i, j);
                }
            }
        }
        let mut parts = Words(raw);
        let Some(first) = parts.next() else {
            return Ok(()); // a blank line
        };
        if first[0] == b'%' {
            return Ok(()); // a comment
        }
        if self.seen == self.declared {
            return Err(self.err(format!(
                "more entries than the {} the size line declares",
                self.declared
            )));
        }
        let want = 2 + self.field.values();
        // Plain matches, not `ok_or_else` and closures: the wasm build has LLVM's inliner off
        // (see words.rs), and this runs once per non-zero.
        let i = self.index(Some(first), "row", self.rows)?;
        let j = match parts.next() {
            Some(word) => self.index(Some(word), "column", self.columns)?,
            None => return Err(self.missing(want)),
        };
        for _ in 0..self.field.values() {
            match parts.next() {
                Some(word) if is_number(word) => {}
                Some(word) => {
                    return Err(self.err(format!(
                        "the value “{}” is not a number",
                        shorten(&String::from_utf8_lossy(word))
                    )))
                }
                None => return Err(self.missing(want)),
            }
        }
        if parts.next().is_some() {
            return Err(self.err(format!(
                "expected {want} numbers ({}), found more",
                self.shape()
            )));
        }
        self.count(i, j)
    }

    /// Counts the entry (`i`, `j`), 1-based and in range, and its mirror.
    #[inline(always)]
    fn count(&mut self, i: u64, j: u64) -> Result<(), MtxError> {
        self.seen += 1;
        self.row_len.bump(i - 1, self.seen, self.rows);
        let mirrored = i != j && self.symmetry != Symmetry::General;
        if mirrored {
            self.row_len.bump(j - 1, self.seen, self.rows);
        }
        if let Some(kept) = &mut self.kept {
            if kept.len() as u64 + u64::from(mirrored) >= MAX_KEPT {
                return Err(self.err(format!(
                    "the matrix has more than {} non-zeros, too many to replay here",
                    crate::format::grouped(MAX_KEPT as f64, 0)
                )));
            }
            // Indices are at most MAX_ROWS (checked on the size line), so they fit a u32.
            let (r, c) = ((i - 1) as u32, (j - 1) as u32);
            kept.push((r, c));
            if mirrored {
                kept.push((c, r));
            }
        }
        Ok(())
    }

    /// A row or column index (`what`), 1 to `max`.
    #[inline(always)]
    fn index(&self, word: Option<&[u8]>, what: &str, max: u64) -> Result<u64, MtxError> {
        let Some(word) = word else {
            return Err(self.missing(2 + self.field.values()));
        };
        match whole_number(word) {
            Some(v) if v >= 1 && v <= max => Ok(v),
            Some(v) => Err(self.err(format!("{what} index {v} is outside 1 to {max}"))),
            None => Err(self.err(format!(
                "the {what} index “{}” is not a whole number",
                shorten(&String::from_utf8_lossy(word))
            ))),
        }
    }

    fn shape(&self) -> &'static str {
        match self.field {
            Field::Pattern => "row column",
            Field::Real | Field::Integer => "row column value",
            Field::Complex => "row column real imaginary",
        }
    }

    fn missing(&self, want: usize) -> MtxError {
        self.err(format!(
            "expected {want} numbers ({}), found fewer",
            self.shape()
        ))
    }
}

impl ByLine for MtxReader {
    type Error = MtxError;
    fn lines(&mut self) -> &mut Lines {
        &mut self.lines
    }
    #[inline]
    fn line(&mut self, n: u64, raw: &[u8]) -> Result<(), MtxError> {
        self.read_line(n, raw)
    }
    fn too_long(n: u64) -> MtxError {
        MtxError {
            line: n,
            message: LONG_LINE.to_string(),
        }
    }
}

fn shorten(text: &str) -> String {
    let t = text.trim();
    if t.chars().count() > 40 {
        format!("{}…", t.chars().take(40).collect::<String>())
    } else {
        t.to_string()
    }
}
