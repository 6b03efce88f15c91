//! Exact LRU stack distances (AutoMatch §II-C3, Mattson et al. 1970) and the two trace readers
//! that feed the AutoMatch profile: Valgrind Lackey's memory trace and the operation trace of
//! docs/models.md. All streaming: feed chunks of any size, then finish.
//!
//! The stack distance of a reference is the number of distinct other lines touched since the
//! previous reference to the same line (∞ the first time). Each line's latest reference holds
//! a mark at its time slot in a Fenwick tree; the distance is the number of marks after the
//! line's previous slot, one prefix sum. Slots are renumbered compactly when they run out, so
//! memory stays proportional to the distinct lines, never to the trace's length.

use std::collections::HashMap;

use super::{LONG_LINE, MAX_LINE};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hash for line numbers (SipHash would take a third of the time per
/// reference).
#[derive(Default)]
pub struct LineHasher(u64);

// The hot path is marked for inlining (`inline(always)`, `inline`): the wasm build sets LLVM's
// inline threshold to 0 for the page's size (.cargo/config.toml), which leaves unmarked
// functions and closures as calls; marked ones keep LLVM's hint threshold. The worker runs
// this per reference.
impl Hasher for LineHasher {
    #[inline(always)]
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    #[inline(always)]
    fn write_u64(&mut self, v: u64) {
        self.0 = (v ^ (v >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// A hash for the ASAP schedule's registers and addresses that keeps their locality: keys in
/// one run of 512 share a mixed base (a multiplicative hash of `key / 512`, its high bits
/// folded down) and add their place in the run, so the table's buckets (chosen by the low
/// bits) follow a sweep through an array in order instead of at random; the place also goes
/// into the top bits, the table's tags, so neighbours are told apart at once. For Heat2D at
/// n = 1,024 (`cargo bench --bench stack_distance`; `node tests/e2e/bench-automatch.mjs`)
/// this took the generator from 8.7 to 15–22 M references/s natively and from 5–6 to 13–14 in
/// the browser. The stack distances keep [`LineHasher`]: with their MRU list in front, this
/// one was slower for them in the browser (Lackey text 14 → 8–12 M/s).
#[derive(Default)]
pub struct RunHasher(u64);

impl Hasher for RunHasher {
    #[inline(always)]
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    #[inline(always)]
    fn write_u64(&mut self, v: u64) {
        let (run, place) = (v >> 9, v & 511);
        let m = run.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let m = m ^ (m >> 32);
        self.0 = m.wrapping_add(place) ^ (place << 57);
    }
}

type RunMap<V> = HashMap<u64, V, BuildHasherDefault<RunHasher>>;

type LineMap<V> = HashMap<u64, V, BuildHasherDefault<LineHasher>>;

/// How many of the most recently used distinct lines [`StackDistance`] keeps in a small list:
/// a reference to one of them is answered by its position, with no tree or hash work.
const MRU: usize = 8;

/// The exact LRU stack-distance histogram of a stream of line numbers.
///
/// The `MRU` most recent distinct lines are kept in order in a short list, outside the tree:
/// a reference to one of them has its position as its distance (most references, in programs
/// with locality). Any other line was referenced before all of them, so its distance is the
/// list's length plus the marks after its previous slot in the tree, which holds the other
/// lines' latest slots. A line entering the list takes its mark out of the tree; the line it
/// pushes out puts its mark back, at the slot of its latest reference.
#[derive(Clone, Debug, Default)]
pub struct StackDistance {
    /// Each line's latest time slot (1-based) while it is outside the MRU list; 0 while in it.
    last: LineMap<u32>,
    /// Fenwick tree over the slots: 1 at each latest slot of a line outside the MRU list.
    tree: Vec<u32>,
    /// Marks in the tree.
    marks: u32,
    /// The MRU list, most recent first: (line, its latest slot).
    mru: [(u64, u32); MRU],
    mru_len: usize,
    /// The next slot.
    now: u32,
    /// hist[d]: references at distance d.
    hist: Vec<u64>,
    cold: u64,
    references: u64,
}

impl StackDistance {
    pub fn new() -> StackDistance {
        StackDistance {
            tree: vec![0; 1025],
            now: 1,
            ..StackDistance::default()
        }
    }

    #[inline(always)]
    fn count(&mut self, d: usize) {
        if d >= self.hist.len() {
            self.hist.resize(d + 1, 0);
        }
        self.hist[d] += 1;
    }

    /// One reference to `line`.
    #[inline(always)]
    pub fn access(&mut self, line: u64) {
        if self.now as usize >= self.tree.len() {
            self.compact();
        }
        self.references += 1;
        let now = self.now;
        self.now += 1;
        // A loop, not `position`: its closure would stay a call (see LineHasher).
        let n = self.mru_len;
        let mut p = 0;
        while p < n && self.mru[p].0 != line {
            p += 1;
        }
        if p < n {
            self.count(p);
            self.mru[..=p].rotate_right(1);
            self.mru[0] = (line, now);
            return;
        }
        self.miss(line, now);
    }

    /// A line outside the MRU list: cold, or priced by the tree; it enters the list.
    fn miss(&mut self, line: u64, now: u32) {
        match self.last.get_mut(&line) {
            None => {
                self.cold += 1;
                self.last.insert(line, 0);
            }
            Some(slot) => {
                let prev = std::mem::replace(slot, 0);
                // The list's lines and the tree's marks after prev: the lines touched since.
                let d = self.mru_len + (self.marks - self.prefix(prev)) as usize;
                self.count(d);
                self.add(prev, u32::MAX); // −1
                self.marks -= 1;
            }
        }
        if self.mru_len == MRU {
            let (out, slot) = self.mru[MRU - 1];
            if let Some(s) = self.last.get_mut(&out) {
                *s = slot;
            }
            self.add(slot, 1);
            self.marks += 1;
        } else {
            self.mru_len += 1;
        }
        self.mru[..self.mru_len].rotate_right(1);
        self.mru[0] = (line, now);
    }

    #[inline(always)]
    fn prefix(&self, mut i: u32) -> u32 {
        let tree = &self.tree[..];
        let mut s = 0u32;
        while i > 0 {
            // i < tree.len(): slots are below the tree's length (access compacts first).
            s = s.wrapping_add(tree.get(i as usize).copied().unwrap_or(0));
            i &= i - 1;
        }
        s
    }

    #[inline(always)]
    fn add(&mut self, mut i: u32, v: u32) {
        let tree = &mut self.tree[..];
        let n = tree.len() as u32;
        while i < n {
            if let Some(t) = tree.get_mut(i as usize) {
                *t = t.wrapping_add(v);
            }
            i += i & i.wrapping_neg();
        }
    }

    /// Renumbers the live slots 1..=k in their order (no sort: a rank per old slot) and
    /// rebuilds the tree with room for 3k more references (memory stays ∝ distinct lines).
    fn compact(&mut self) {
        let mut rank = vec![0u32; self.tree.len()];
        for &t in self.last.values().filter(|t| **t != 0) {
            rank[t as usize] = 1;
        }
        for e in &self.mru[..self.mru_len] {
            rank[e.1 as usize] = 1;
        }
        let mut k = 0u32;
        for r in rank.iter_mut() {
            if *r == 1 {
                k += 1;
                *r = k;
            }
        }
        let size = (4 * k as usize).max(1024) + 1;
        self.tree = vec![0; size];
        for t in self.last.values_mut().filter(|t| **t != 0) {
            *t = rank[*t as usize];
            self.tree[*t as usize] = 1;
        }
        for e in &mut self.mru[..self.mru_len] {
            e.1 = rank[e.1 as usize];
        }
        // Fenwick's linear build: each node passes its sum to its parent.
        for i in 1..size {
            let j = i + (i & i.wrapping_neg());
            if j < size {
                self.tree[j] += self.tree[i];
            }
        }
        self.now = k + 1;
    }

    /// References seen.
    pub fn references(&self) -> u64 {
        self.references
    }

    /// First references (distance ∞).
    pub fn cold(&self) -> u64 {
        self.cold
    }

    /// Distinct lines.
    pub fn lines(&self) -> u64 {
        self.last.len() as u64
    }

    /// (distance, references at it), ascending, the distances that occur.
    pub fn histogram(&self) -> Vec<(u64, u64)> {
        self.hist
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(d, c)| (d as u64, *c))
            .collect()
    }

    /// (Q_f, Q_s) for a fast memory of `capacity` lines: a reference hits when its distance is
    /// below the capacity (docs/models.md), the rest (∞ included) go to the slow memory.
    pub fn q(&self, capacity: u64) -> (u64, u64) {
        let hits: u64 = self
            .hist
            .iter()
            .take(capacity.min(self.hist.len() as u64) as usize)
            .sum();
        (hits, self.references - hits)
    }
}

/// A line of a trace that cannot be read: its number and what was expected.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceError {
    pub line: u64,
    pub message: String,
}

impl std::fmt::Display for TraceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A reader of one line at a time, fed chunks of any size (the trace readers below).
trait ByLine {
    fn lines(&mut self) -> &mut Lines;
    fn line(&mut self, n: u64, raw: &[u8]) -> Result<(), TraceError>;

    #[inline]
    fn feed_lines(&mut self, chunk: &[u8]) -> Result<(), TraceError> {
        let mut lines = std::mem::take(self.lines());
        let long = |line| TraceError {
            line,
            message: LONG_LINE.to_string(),
        };
        let r = lines.feed(chunk, |n, l| self.line(n, l), long);
        *self.lines() = lines;
        r
    }

    /// The last line, if the stream did not end with a newline.
    fn finish_lines(&mut self) -> Result<(), TraceError> {
        let mut lines = std::mem::take(self.lines());
        lines.finish(|n, l| self.line(n, l))
    }
}

/// Splits a stream into lines across chunk boundaries.
#[derive(Clone, Debug, Default)]
struct Lines {
    partial: Vec<u8>,
    number: u64,
}

impl Lines {
    /// Calls `each(number, line)` for every whole line of `chunk` (with what was left over). A
    /// line longer than [`MAX_LINE`] is an error (`long(number)`), held no further.
    #[inline]
    fn feed<E>(
        &mut self,
        chunk: &[u8],
        mut each: impl FnMut(u64, &[u8]) -> Result<(), E>,
        long: impl Fn(u64) -> E,
    ) -> Result<(), E> {
        let mut rest = chunk;
        while let Some(i) = find(rest, b'\n') {
            self.number += 1;
            if self.partial.len() + i > MAX_LINE {
                return Err(long(self.number));
            }
            if self.partial.is_empty() {
                each(self.number, &rest[..i])?;
            } else {
                self.partial.extend_from_slice(&rest[..i]);
                let line = std::mem::take(&mut self.partial);
                each(self.number, &line)?;
            }
            rest = &rest[i + 1..];
        }
        if self.partial.len() + rest.len() > MAX_LINE {
            return Err(long(self.number + 1));
        }
        self.partial.extend_from_slice(rest);
        Ok(())
    }

    fn finish<E>(&mut self, each: impl FnOnce(u64, &[u8]) -> Result<(), E>) -> Result<(), E> {
        if self.partial.is_empty() {
            return Ok(());
        }
        self.number += 1;
        let line = std::mem::take(&mut self.partial);
        each(self.number, &line)
    }
}

/// The first `byte` in `s` (a loop the wasm build inlines, unlike `position`'s closure).
#[inline(always)]
fn find(s: &[u8], byte: u8) -> Option<usize> {
    let mut i = 0;
    while i < s.len() {
        if s[i] == byte {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The largest access a Lackey line may give (bytes): AVX-512 moves 64, `rep movs` lines
/// stay far below; a larger one is not Lackey's, and would loop over its lines.
pub const MAX_ACCESS_BYTES: u64 = 4096;

#[inline]
fn decimal(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 19 {
        return None;
    }
    let mut v = 0u64;
    for &b in s {
        if !b.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u64::from(b - b'0');
    }
    Some(v)
}

#[inline]
fn hex(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 16 {
        return None;
    }
    let mut v = 0u64;
    for &b in s {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => return None,
        };
        v = v << 4 | u64::from(d);
    }
    Some(v)
}

/// Valgrind Lackey's memory trace (`--tool=lackey --trace-mem=yes`): ` L addr,size`,
/// ` S addr,size`, ` M addr,size` (a load then a store) and `I  addr,size` (skipped), hex
/// addresses; Valgrind's own `==pid==` lines and blank lines are skipped. One stack-distance
/// analysis per line size. Time O(references × log distinct lines) per line size; memory one
/// line of text (at most [`MAX_LINE`]) and O(distinct lines) per line size.
#[derive(Clone, Debug)]
pub struct LackeyReader {
    lines: Lines,
    /// (line size in bytes, its analysis).
    pub by_line_size: Vec<(u64, StackDistance)>,
}

impl LackeyReader {
    /// An analysis at each of these line sizes (bytes, powers of two).
    pub fn new(line_sizes: &[u64]) -> LackeyReader {
        let mut sizes: Vec<u64> = line_sizes.to_vec();
        sizes.sort_unstable();
        sizes.dedup();
        LackeyReader {
            lines: Lines::default(),
            by_line_size: sizes
                .into_iter()
                .map(|l| (l, StackDistance::new()))
                .collect(),
        }
    }

    #[inline]
    fn read_line(&mut self, n: u64, raw: &[u8]) -> Result<(), TraceError> {
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let err = |m: &str| TraceError {
            line: n,
            message: m.to_string(),
        };
        let t = line.trim_ascii_start();
        if t.is_empty() || t.starts_with(b"==") || t.starts_with(b"--") {
            return Ok(());
        }
        let (kind, rest) = (t[0], &t[1..]);
        let times = match kind {
            b'I' => return Ok(()),
            b'L' | b'S' => 1,
            b'M' => 2,
            _ => {
                return Err(err(
                    "expected a Lackey line: “ L addr,size”, “ S addr,size”, “ M addr,size” or “I  addr,size”",
                ))
            }
        };
        let rest = rest.trim_ascii();
        let (addr, bytes) = match find(rest, b',') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &b""[..]),
        };
        let addr = hex(addr).ok_or_else(|| err("expected a hex address before the comma"))?;
        // The access's size (decimal, as Lackey prints it; 1 when absent): an access that
        // straddles two lines touches both.
        let bytes = if bytes.is_empty() {
            1
        } else {
            decimal(bytes)
                .filter(|b| (1..=MAX_ACCESS_BYTES).contains(b))
                .ok_or_else(|| {
                    err("expected the access's size after the comma: bytes, from 1 to 4,096")
                })?
        };
        let last = addr.saturating_add(bytes - 1);
        for (size, sd) in &mut self.by_line_size {
            for l in addr / *size..=last / *size {
                for _ in 0..times {
                    sd.access(l);
                }
            }
        }
        Ok(())
    }

    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), TraceError> {
        self.feed_lines(chunk)
    }

    pub fn finish(mut self) -> Result<LackeyReader, TraceError> {
        self.finish_lines()?;
        Ok(self)
    }

    /// The analysis at a line size given to [`LackeyReader::new`].
    pub fn at(&self, line_size: u64) -> Option<&StackDistance> {
        self.by_line_size
            .iter()
            .find(|(l, _)| *l == line_size)
            .map(|(_, s)| s)
    }
}

impl ByLine for LackeyReader {
    fn lines(&mut self) -> &mut Lines {
        &mut self.lines
    }
    #[inline]
    fn line(&mut self, n: u64, raw: &[u8]) -> Result<(), TraceError> {
        self.read_line(n, raw)
    }
}

/// What an operation trace gives (docs/models.md): the ASAP schedule's D and w_i, W_add,
/// W_mul and S.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpsProfile {
    pub d: u64,
    /// w_i for i = 1..=D.
    pub w: Vec<u64>,
    pub w_add: u64,
    pub w_mul: u64,
    pub s: u64,
}

/// An operation's kind in the ASAP schedule: floating-point operations are scheduled; `add`
/// and `sub` count in W_add, `mul` in W_mul.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Other,
}

/// The ASAP schedule of §II-C2, built one operation at a time (docs/models.md): a
/// floating-point operation's level is 1 + the highest level among its sources; a register
/// holds the level of the operation that last wrote it (0 if none); a load gives its register
/// the level of the value last stored at its address (0 if none); a store gives the address
/// its source's level.
#[derive(Clone, Debug, Default)]
pub struct Asap {
    regs: RunMap<u64>,
    mem: RunMap<u64>,
    profile: OpsProfile,
}

impl Asap {
    pub fn new() -> Asap {
        Asap::default()
    }

    #[inline]
    fn level(&self, reg: u64) -> u64 {
        self.regs.get(&reg).copied().unwrap_or(0)
    }

    /// `dst = op(srcs…)`.
    #[inline]
    pub fn op(&mut self, op: Op, dst: u64, srcs: &[u64]) {
        let mut level = 0;
        for &r in srcs {
            level = level.max(self.level(r));
        }
        let level = level + 1;
        self.regs.insert(dst, level);
        let p = &mut self.profile;
        if level as usize > p.w.len() {
            p.w.resize(level as usize, 0);
        }
        p.w[level as usize - 1] += 1;
        p.d = p.d.max(level);
        match op {
            Op::Add | Op::Sub => p.w_add += 1,
            Op::Mul => p.w_mul += 1,
            Op::Div | Op::Other => {}
        }
    }

    /// `dst = [addr]`.
    #[inline]
    pub fn load(&mut self, dst: u64, addr: u64) {
        let level = self.mem.get(&addr).copied().unwrap_or(0);
        self.regs.insert(dst, level);
    }

    /// `[addr] = src`.
    #[inline]
    pub fn store(&mut self, addr: u64, src: u64) {
        let level = self.level(src);
        self.mem.insert(addr, level);
    }

    /// A global synchronization point.
    pub fn sync(&mut self) {
        self.profile.s += 1;
    }

    pub fn finish(self) -> OpsProfile {
        self.profile
    }
}

/// The operation trace: `add|sub|mul|div|other DST SRC…`, `ld DST ADDR`, `st ADDR SRC`,
/// `sync`, `#` comments. Registers are `r<n>`. Time linear in the trace (the ASAP level of
/// each operation from its sources'); memory one line of text (at most [`MAX_LINE`]), a level
/// per register and address written, and the operations per level.
#[derive(Clone, Debug, Default)]
pub struct OpsReader {
    lines: Lines,
    asap: Asap,
}

impl OpsReader {
    pub fn new() -> OpsReader {
        OpsReader::default()
    }

    fn reg(n: u64, s: &str) -> Result<u64, TraceError> {
        s.strip_prefix('r')
            .and_then(|d| d.parse::<u64>().ok())
            .ok_or_else(|| TraceError {
                line: n,
                message: format!(
                    "expected a register r<n>, not “{}”",
                    crate::format::printable(s)
                ),
            })
    }

    fn read_line(&mut self, n: u64, raw: &[u8]) -> Result<(), TraceError> {
        let text = String::from_utf8_lossy(raw);
        let text = text.split('#').next().unwrap_or_default().trim();
        if text.is_empty() {
            return Ok(());
        }
        let mut words = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty());
        let op = words.next().unwrap_or_default();
        let args: Vec<&str> = words.collect();
        let err = |m: String| TraceError {
            line: n,
            message: m,
        };
        let addr = |s: &str| {
            hex(s.trim_start_matches("0x").as_bytes()).ok_or_else(|| {
                err(format!(
                    "expected a hex address, not “{}”",
                    crate::format::printable(s)
                ))
            })
        };
        let kind = match op {
            "add" => Some(Op::Add),
            "sub" => Some(Op::Sub),
            "mul" => Some(Op::Mul),
            "div" => Some(Op::Div),
            "other" => Some(Op::Other),
            _ => None,
        };
        match (kind, op) {
            (Some(kind), _) => {
                let Some((dst, srcs)) = args.split_first() else {
                    return Err(err(format!("“{op}” needs a destination register")));
                };
                let dst = Self::reg(n, dst)?;
                let srcs = srcs
                    .iter()
                    .map(|s| Self::reg(n, s))
                    .collect::<Result<Vec<u64>, _>>()?;
                self.asap.op(kind, dst, &srcs);
            }
            (None, "ld") => {
                let [dst, a] = args[..] else {
                    return Err(err(
                        "“ld” takes a register and an address: ld r1 7ff0".into()
                    ));
                };
                let dst = Self::reg(n, dst)?;
                self.asap.load(dst, addr(a)?);
            }
            (None, "st") => {
                let [a, src] = args[..] else {
                    return Err(err(
                        "“st” takes an address and a register: st 7ff0 r1".into()
                    ));
                };
                let a = addr(a)?;
                self.asap.store(a, Self::reg(n, src)?);
            }
            (None, "sync") => self.asap.sync(),
            (None, other) => {
                return Err(err(format!(
                    "expected add, sub, mul, div, other, ld, st or sync, not “{}”",
                    crate::format::printable(other)
                )))
            }
        }
        Ok(())
    }

    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), TraceError> {
        self.feed_lines(chunk)
    }

    pub fn finish(mut self) -> Result<OpsProfile, TraceError> {
        self.finish_lines()?;
        Ok(self.asap.finish())
    }
}

impl ByLine for OpsReader {
    fn lines(&mut self) -> &mut Lines {
        &mut self.lines
    }
    #[inline]
    fn line(&mut self, n: u64, raw: &[u8]) -> Result<(), TraceError> {
        self.read_line(n, raw)
    }
}

/// The work profile in its link form: `w1,w2,…` with runs of equal levels as `w*k`.
pub fn runs_text(w: &[u64]) -> String {
    let levels = crate::model::automatch::Levels::from_counts(w.iter().map(|&x| x as f64));
    crate::field::runs_text(&levels.0)
}
