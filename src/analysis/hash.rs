//! The hashers of the analysis's hash maps: line numbers for the stack distances
//! ([`LineHasher`]), registers and addresses for the ASAP schedule ([`RunHasher`]).

use std::collections::HashMap;
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

pub(super) type RunMap<V> = HashMap<u64, V, BuildHasherDefault<RunHasher>>;

pub(super) type LineMap<V> = HashMap<u64, V, BuildHasherDefault<LineHasher>>;
