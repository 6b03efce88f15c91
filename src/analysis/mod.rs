//! Heavy analysis, as pure streaming Rust: feed chunks of any size, then finish. The CLI
//! (`warpsight analyze …`) runs it on files, the web app in a Web Worker; both hand the
//! statistics to a model's fields, never the file.

mod entry_line;
pub mod generators;
pub mod hash;
pub mod lackey;
mod lines;
pub mod matrix_market;
pub mod ops_trace;
pub mod profile;
pub mod profiler;
mod row_lens;
pub mod schedule;
pub mod stack_distance;
mod tar;
pub mod trace;
mod words;

pub use lackey::{LackeyReader, MAX_ACCESS_BYTES};
pub use matrix_market::{Matrix, MatrixStats, MtxError, MtxReader};
pub use ops_trace::OpsReader;
pub use schedule::{runs_text, Asap, Op, OpsProfile};
pub use stack_distance::StackDistance;
pub use trace::TraceError;

/// The longest line a text reader holds (Matrix Market, Lackey and operation traces): a file
/// with no newline would otherwise be held whole.
pub const MAX_LINE: usize = 1 << 20;

/// The message for a line past [`MAX_LINE`] (the errors print its number before it).
pub const LONG_LINE: &str = "longer than 1 MiB (is this a text file?)";

/// A Matrix Market file, or a tar archive holding one (a SuiteSparse `.tar.gz` once
/// decompressed): told apart by the tar header's `ustar` mark.
pub struct MatrixReader {
    head: Vec<u8>,
    inner: Option<Inner>,
    /// Keep the non-zeros ([`MatrixReader::keeping`]).
    keep: bool,
}

enum Inner {
    Plain(MtxReader),
    Tar(Box<tar::TarMatrix>),
}

impl Default for MatrixReader {
    fn default() -> Self {
        MatrixReader::new()
    }
}

impl MatrixReader {
    pub fn new() -> MatrixReader {
        MatrixReader {
            head: Vec::new(),
            inner: None,
            keep: false,
        }
    }

    /// A reader that also keeps the matrix's non-zeros, for [`MatrixReader::finish_matrix`].
    pub fn keeping() -> MatrixReader {
        MatrixReader {
            keep: true,
            ..MatrixReader::new()
        }
    }

    /// Bytes of the matrix itself read so far (inside an archive: the member's).
    pub fn entries(&self) -> (u64, u64) {
        match &self.inner {
            Some(Inner::Plain(r)) => r.entries(),
            Some(Inner::Tar(t)) => t.entries(),
            None => (0, 0),
        }
    }

    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), MtxError> {
        if self.inner.is_none() {
            self.head.extend_from_slice(chunk);
            if self.head.len() < 512 {
                return Ok(());
            }
            return self.start();
        }
        match self.inner.as_mut() {
            Some(Inner::Plain(r)) => r.feed(chunk),
            Some(Inner::Tar(t)) => t.feed(chunk),
            None => Ok(()),
        }
    }

    fn start(&mut self) -> Result<(), MtxError> {
        let head = std::mem::take(&mut self.head);
        if head.starts_with(&[0x1f, 0x8b]) {
            return Err(MtxError {
                line: 0,
                message: "the file is still gzip-compressed".into(),
            });
        }
        let is_tar = head.len() >= 262 && &head[257..262] == b"ustar";
        let mut inner = match (is_tar, self.keep) {
            (true, false) => Inner::Tar(Box::new(tar::TarMatrix::new())),
            (true, true) => Inner::Tar(Box::new(tar::TarMatrix::keeping())),
            (false, false) => Inner::Plain(MtxReader::new()),
            (false, true) => Inner::Plain(MtxReader::keeping()),
        };
        match &mut inner {
            Inner::Plain(r) => r.feed(&head)?,
            Inner::Tar(t) => t.feed(&head)?,
        }
        self.inner = Some(inner);
        Ok(())
    }

    pub fn finish(self) -> Result<MatrixStats, MtxError> {
        self.finish_matrix().map(|m| m.stats)
    }

    /// The statistics and, when kept, the non-zeros.
    pub fn finish_matrix(mut self) -> Result<Matrix, MtxError> {
        if self.inner.is_none() {
            self.start()?;
        }
        match self.inner {
            Some(Inner::Plain(r)) => r.finish_matrix(),
            Some(Inner::Tar(t)) => t.finish(),
            // Not started (nothing was fed and the start failed silently): the plain reader's
            // own verdict on an empty file.
            None => MtxReader::new().finish_matrix(),
        }
    }
}
