//! What the analysis worker (and `warpsight analyze`) hands AutoMatch's page: an application
//! profile derived from a trace file of either kind, or from a built-in workload generator —
//! the ASAP schedule's summary when operations were seen, and the exact LRU stack-distance
//! histogram at each line size when memory references were. The page turns the histograms
//! into Q_f and Q_s at each architecture's capacity ([`LineHistogram::q`]); links carry those
//! counts, never the histogram or the trace.

use serde::{Deserialize, Serialize};

use super::generators::{spmv_on, Generated, Workload};
use super::lackey::LackeyReader;
use super::ops_trace::OpsReader;
use super::schedule::{runs_text, OpsProfile};
use super::stack_distance::{self, StackDistance};
pub use super::trace::TraceError;
use super::{MatrixReader, LONG_LINE, MAX_LINE};

/// One line size's exact stack-distance histogram.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LineHistogram {
    /// L, bytes.
    pub line: u64,
    pub references: u64,
    /// First references (distance ∞).
    pub cold: u64,
    /// Distinct lines touched.
    pub lines: u64,
    /// (distance, references at it), ascending, the distances that occur.
    pub histogram: Vec<(u64, u64)>,
}

impl LineHistogram {
    pub fn of(line: u64, sd: &StackDistance) -> LineHistogram {
        LineHistogram {
            line,
            references: sd.references(),
            cold: sd.cold(),
            lines: sd.lines(),
            histogram: sd.histogram(),
        }
    }

    /// (Q_f, Q_s) for a fast memory of `capacity` lines ([`stack_distance::q`]).
    pub fn q(&self, capacity: u64) -> (u64, u64) {
        stack_distance::q(self.histogram.iter().copied(), self.references, capacity)
    }
}

/// The ASAP schedule's summary, the work profile in its link form.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    pub d: u64,
    /// `w1,w2,…` with runs `w*k` (docs/models.md's link form).
    pub w: String,
    /// W: the operations of all levels.
    pub work: u64,
    pub w_add: u64,
    pub w_mul: u64,
    pub s: u64,
}

impl Schedule {
    pub fn of(p: &OpsProfile) -> Schedule {
        Schedule {
            d: p.d,
            w: runs_text(&p.w),
            work: p.w.iter().sum(),
            w_add: p.w_add,
            w_mul: p.w_mul,
            s: p.s,
        }
    }
}

/// A derived profile: what was seen, and where it came from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TraceProfile {
    /// In words: "a Lackey memory trace", "an operation trace", "Heat2D, n = 256, 20 steps".
    pub source: String,
    /// One histogram per line size asked for (empty when no memory references were seen).
    pub memory: Vec<LineHistogram>,
    pub schedule: Option<Schedule>,
    /// W_vec's default and its reason (generators only: a trace cannot tell it).
    pub w_vec: Option<u64>,
    pub w_vec_note: Option<String>,
}

impl TraceProfile {
    /// A generator's streams as a profile.
    pub fn generated(workload: Workload, g: &Generated) -> TraceProfile {
        TraceProfile::of(workload.describe(), g)
    }

    /// Streams `g` as a profile from `source`.
    fn of(source: String, g: &Generated) -> TraceProfile {
        TraceProfile {
            source,
            memory: g
                .memory
                .iter()
                .map(|(l, sd)| LineHistogram::of(*l, sd))
                .collect(),
            schedule: Some(Schedule::of(&g.ops)),
            w_vec: Some(g.w_vec),
            w_vec_note: Some(g.w_vec_note.to_string()),
        }
    }
}

enum Inner {
    Lackey(LackeyReader),
    Ops(OpsReader),
    Matrix(Box<MatrixReader>),
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Lackey,
    Ops,
    Matrix,
}

/// A trace of either kind, fed in chunks: a Valgrind Lackey memory trace or an operation
/// trace (docs/models.md's formats), told apart by the first line that says something —
/// Lackey's lines are a kind letter (`I`, `L`, `S`, `M`), a hex address and a comma. A Matrix
/// Market file (or a SuiteSparse tar archive of one) is read too: its profile is the SpMV
/// generator's loop run on that matrix ([`spmv_on`]). The head it decides on is at most
/// [`MAX_LINE`] bytes; past that, the reader it hands to bounds the rest.
pub struct TraceReader {
    line_sizes: Vec<u64>,
    head: Vec<u8>,
    inner: Option<Inner>,
}

impl TraceReader {
    /// Stack distances (for a memory trace) at each of these line sizes, bytes.
    pub fn new(line_sizes: &[u64]) -> TraceReader {
        TraceReader {
            line_sizes: line_sizes.to_vec(),
            head: Vec::new(),
            inner: None,
        }
    }

    /// True for a Lackey line: `I  addr,size`, ` L addr,size`, ` S addr,size`, ` M …`.
    fn lackey_line(line: &[u8]) -> bool {
        let t = line.trim_ascii();
        matches!(t.first(), Some(b'I' | b'L' | b'S' | b'M'))
            && t.get(1).is_some_and(u8::is_ascii_whitespace)
            && t.contains(&b',')
    }

    /// The format, once the head tells: a Matrix Market header or a tar archive's `ustar`
    /// mark (a tar header is 512 bytes: shorter heads wait), else the first line that says
    /// something.
    fn decide(&self, done: bool) -> Option<Kind> {
        let h = &self.head;
        let mark = b"%%matrixmarket";
        if h.len() >= mark.len() && h[..mark.len()].eq_ignore_ascii_case(mark)
            || h.len() >= 262 && &h[257..262] == b"ustar"
        {
            return Some(Kind::Matrix);
        }
        // A tar header starts with a NUL-padded name: a head whose first line ends before
        // any NUL is not one.
        let tar_possible = h.iter().find(|&&b| b == b'\n' || b == 0) != Some(&b'\n');
        if tar_possible && h.len() < 512 && !done {
            return None;
        }
        let complete = match self.head.iter().rposition(|&b| b == b'\n') {
            Some(i) => &self.head[..i],
            None if done => &self.head[..],
            None => return None,
        };
        let telling = complete.split(|&b| b == b'\n').find(|l| {
            let t = l.trim_ascii();
            !(t.is_empty() || t.starts_with(b"==") || t.starts_with(b"--") || t.starts_with(b"#"))
        });
        telling.map(|l| {
            if Self::lackey_line(l) {
                Kind::Lackey
            } else {
                Kind::Ops
            }
        })
    }

    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), TraceError> {
        match &mut self.inner {
            Some(Inner::Lackey(r)) => r.feed(chunk),
            Some(Inner::Ops(r)) => r.feed(chunk),
            Some(Inner::Matrix(r)) => r.feed(chunk).map_err(matrix_error),
            None => {
                self.head.extend_from_slice(chunk);
                match self.decide(false) {
                    Some(kind) => self.start(kind),
                    // A first MiB that does not tell (held no further): a line that long is
                    // an error; lines that all say nothing (blank, comments, Valgrind's own)
                    // go to the reader their comments suggest, which reads on line by line.
                    None if self.head.len() > MAX_LINE => {
                        if !self.head.contains(&b'\n') {
                            return Err(TraceError {
                                line: 1,
                                message: LONG_LINE.to_string(),
                            });
                        }
                        let valgrind = self
                            .head
                            .split(|&b| b == b'\n')
                            .any(|l| l.trim_ascii().starts_with(b"=="));
                        self.start(if valgrind { Kind::Lackey } else { Kind::Ops })
                    }
                    None => Ok(()),
                }
            }
        }
    }

    fn start(&mut self, kind: Kind) -> Result<(), TraceError> {
        let head = std::mem::take(&mut self.head);
        let mut inner = match kind {
            Kind::Lackey => Inner::Lackey(LackeyReader::new(&self.line_sizes)),
            Kind::Ops => Inner::Ops(OpsReader::new()),
            Kind::Matrix => Inner::Matrix(Box::new(MatrixReader::keeping())),
        };
        let r = match &mut inner {
            Inner::Lackey(r) => r.feed(&head),
            Inner::Ops(r) => r.feed(&head),
            Inner::Matrix(r) => r.feed(&head).map_err(matrix_error),
        };
        self.inner = Some(inner);
        r
    }

    /// Memory references seen so far (at the first line size), for progress.
    pub fn references(&self) -> u64 {
        match &self.inner {
            Some(Inner::Lackey(r)) => r.by_line_size.first().map_or(0, |s| s.1.references()),
            _ => 0,
        }
    }

    pub fn finish(self) -> Result<TraceProfile, TraceError> {
        self.finish_with(&mut |_| {})
    }

    /// [`TraceReader::finish`], telling `progress` the fraction done of a matrix's replay
    /// (the one step after the last chunk that takes a while).
    pub fn finish_with(
        mut self,
        progress: &mut dyn FnMut(f64),
    ) -> Result<TraceProfile, TraceError> {
        if self.inner.is_none() {
            match self.decide(true) {
                Some(kind) => self.start(kind)?,
                None => return empty(),
            }
        }
        match self.inner {
            Some(Inner::Matrix(r)) => {
                let m = r.finish_matrix().map_err(matrix_error)?;
                let g = spmv_on(&m, &self.line_sizes, progress);
                let n = |x: u64| crate::format::grouped(x as f64, 0);
                let source = format!(
                    "SpMV on the file's matrix, {} × {}, {}",
                    n(m.stats.rows),
                    n(m.stats.columns),
                    crate::format::count(m.stats.nnz as f64, "non-zero")
                );
                Ok(TraceProfile::of(source, &g))
            }
            Some(Inner::Lackey(r)) => {
                let r = r.finish()?;
                if r.by_line_size.first().is_none_or(|s| s.1.references() == 0) {
                    return Err(TraceError {
                        line: 0,
                        message: "the trace holds no loads or stores (Lackey lines “ L addr,size”, “ S addr,size”, “ M addr,size”)".to_string(),
                    });
                }
                Ok(TraceProfile {
                    source: "a Lackey memory trace".to_string(),
                    memory: r
                        .by_line_size
                        .iter()
                        .map(|(l, sd)| LineHistogram::of(*l, sd))
                        .collect(),
                    ..TraceProfile::default()
                })
            }
            Some(Inner::Ops(r)) => {
                let p = r.finish()?;
                if p.d == 0 {
                    return Err(TraceError {
                        line: 0,
                        message: "the trace holds no floating-point operations (add, sub, mul, div, other) and is not a Lackey trace".to_string(),
                    });
                }
                Ok(TraceProfile {
                    source: "an operation trace".to_string(),
                    schedule: Some(Schedule::of(&p)),
                    ..TraceProfile::default()
                })
            }
            None => empty(),
        }
    }
}

fn matrix_error(e: super::MtxError) -> TraceError {
    TraceError {
        line: e.line,
        message: e.message,
    }
}

fn empty() -> Result<TraceProfile, TraceError> {
    Err(TraceError {
        line: 0,
        message: "the trace is empty: no Lackey lines and no operations".to_string(),
    })
}
