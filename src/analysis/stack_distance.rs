//! Exact LRU stack distances (AutoMatch §II-C3, Mattson et al. 1970): the distance histogram
//! of a stream of line numbers, streaming.
//!
//! The stack distance of a reference is the number of distinct other lines touched since the
//! previous reference to the same line (∞ the first time). Each line's latest reference holds
//! a mark at its time slot in a Fenwick tree; the distance is the number of marks after the
//! line's previous slot, one prefix sum. Slots are renumbered compactly when they run out, so
//! memory stays proportional to the distinct lines, never to the trace's length.

use super::hash::LineMap;

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

    /// (Q_f, Q_s) for a fast memory of `capacity` lines ([`q`]).
    pub fn q(&self, capacity: u64) -> (u64, u64) {
        let hist = self.hist.iter().enumerate().map(|(d, &c)| (d as u64, c));
        q(hist, self.references, capacity)
    }
}

/// (Q_f, Q_s) for a fast memory of `capacity` lines, from a stack-distance histogram
/// ((distance, references at it), ascending) of `references` references: a reference hits
/// when its distance is below the capacity (docs/models.md); the rest, first touches (∞)
/// included, go to the slow memory. The one place Q is counted, from a live analysis
/// ([`StackDistance::q`]) or from the histogram the worker hands the page.
pub fn q(
    histogram: impl IntoIterator<Item = (u64, u64)>,
    references: u64,
    capacity: u64,
) -> (u64, u64) {
    let hits: u64 = histogram
        .into_iter()
        .take_while(|&(d, _)| d < capacity)
        .map(|(_, c)| c)
        .sum();
    (hits, references - hits)
}
