//! Eqs. 1–5 (Min-plus) and 19–24 (Floyd-Warshall): times in symbolic units; the model at one
//! n ([`at`]), over a range of n ([`sweep_n`]), and why the time jumps between two n ([`Jump`]).

use super::categories::{grid_width, Categories};
use super::mappings::{
    blocks_1, blocks_2, blocks_per_sm_full, warps_per_sm_buckets, warps_per_sm_full,
    warps_per_sm_min, warps_per_sm_sorted,
};
use super::*;

/// Eq. 1's ⌈log2(n − 1)⌉ Min-plus steps (docs/models.md: n = 2 takes one step).
pub fn min_plus_steps(n: u64) -> u64 {
    let m = n.saturating_sub(1);
    if m <= 1 {
        1
    } else {
        u64::from(64 - (m - 1).leading_zeros())
    }
}

/// Kernel launches: ⌈log2(n − 1)⌉ for Min-plus (eq. 1), n for Floyd-Warshall (eq. 19).
pub fn steps(algorithm: Algorithm, n: u64) -> u64 {
    match algorithm {
        Algorithm::MinPlus => min_plus_steps(n),
        Algorithm::FloydWarshall => n,
    }
}

/// Eq. 4 (Min-plus) and eq. 23 (Floyd-Warshall): read accesses per warp.
pub fn mem_access_read(inp: &Inputs, grid_width: u64) -> f64 {
    let words = match inp.algorithm {
        Algorithm::MinPlus => 1.0 + 2.0 * grid_width as f64 + inp.p_min,
        Algorithm::FloydWarshall => 2.0 + inp.p_min,
    };
    (words * inp.threads_per_warp as f64 / inp.coalescable_mem_accesses).ceil()
}

/// Eqs. 5 and 24: write accesses per warp.
pub fn mem_access_write(inp: &Inputs) -> f64 {
    (2.0 * inp.p_min * inp.threads_per_warp as f64 / inp.coalescable_mem_accesses).ceil()
}

/// Eq. 3 (Min-plus: n · #InstrPerVertex instructions) and eq. 21 (Floyd-Warshall: eq. 22's 2
/// instructions): one warp's time.
pub fn t_warp(inp: &Inputs, reads: f64, writes: f64) -> f64 {
    let compute = match inp.algorithm {
        Algorithm::MinPlus => inp.n as f64 * inp.instr_per_vertex * inp.t_instr,
        Algorithm::FloydWarshall => 2.0 * inp.t_instr,
    };
    compute + reads * inp.t_read + writes * inp.t_write
}

/// Eqs. 2 and 20: one kernel launch, the busiest SM running its warps
/// #ThreadsPerWarp / #CoresPerSM at a time.
pub fn t_kernel(inp: &Inputs, t_warp: f64, warps_per_sm: u64) -> f64 {
    inp.t_launch + t_warp * warps_per_sm as f64 * inp.threads_per_warp as f64 / inp.cores_per_sm
}

/// Eqs. 1 and 19: the whole algorithm.
pub fn t_app(steps: u64, t_kernel: f64) -> f64 {
    steps as f64 * t_kernel
}

/// Everything the model derives at one n.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub n: u64,
    pub grid_width: u64,
    pub categories: Categories,
    pub warps: u64,
    pub blocks_1: u64,
    pub blocks_2: u64,
    /// Per mapping, in [`MAPPINGS`] order.
    pub warps_per_sm: [u64; 4],
    /// Blocks on the busiest SM, where the mapping places whole blocks (Full, Buckets).
    pub blocks_per_sm: [Option<u64>; 4],
    pub mem_access_read: f64,
    pub mem_access_write: f64,
    pub t_warp: f64,
    pub steps: u64,
    /// T' per mapping, symbolic units.
    pub t_sym: [f64; 4],
}

/// The model at `inp.n`.
pub fn at(inp: &Inputs) -> Point {
    let (n, b, s) = (inp.n, inp.block_size, inp.sms);
    let categories = Categories::of(n, b, inp.threads_per_warp, inp.warp_granularity);
    let grid_width = grid_width(n, b);
    let blocks = grid_width * grid_width;
    let wpb_full = categories.full.warps;
    let warps = categories.warps();
    let blocks_1 = blocks_1(blocks, inp.blocks_per_sm_occ, s);
    let blocks_2 = blocks_2(blocks, blocks_1, s, inp.blocks_per_sm_occ);
    let warps_per_sm = [
        warps_per_sm_min(warps, s),
        warps_per_sm_sorted(&categories.all(), s),
        warps_per_sm_full(blocks, s, wpb_full),
        warps_per_sm_buckets(blocks_1, blocks_2, wpb_full),
    ];
    let reads = mem_access_read(inp, grid_width);
    let writes = mem_access_write(inp);
    let t_warp = t_warp(inp, reads, writes);
    let steps = steps(inp.algorithm, n);
    let t_sym = warps_per_sm.map(|w| t_app(steps, t_kernel(inp, t_warp, w)));
    Point {
        n,
        grid_width,
        categories,
        warps,
        blocks_1,
        blocks_2,
        warps_per_sm,
        blocks_per_sm: [
            None,
            None,
            Some(blocks_per_sm_full(blocks, s)),
            Some(blocks_1 + blocks_2),
        ],
        mem_access_read: reads,
        mem_access_write: writes,
        t_warp,
        steps,
        t_sym,
    }
}

/// The model at every n from `from` to `to` (at most `max_points` of them, evenly strided).
pub fn sweep_n(inp: &Inputs, from: u64, to: u64, max_points: u64) -> Vec<Point> {
    let (lo, hi) = (from.min(to).max(2), from.max(to).max(2));
    let stride = (hi - lo).div_ceil(max_points.max(2) - 1).max(1);
    let mut at_n = *inp;
    (lo..=hi)
        .step_by(stride as usize)
        .chain((((hi - lo) % stride) != 0).then_some(hi))
        .map(|n| {
            at_n.n = n;
            at(&at_n)
        })
        .collect()
}

/// Why the time jumps between two neighbouring points of a sweep: each cause with its
/// before and after (points may be several n apart when a wide range is sampled).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Jump {
    /// Min-plus steps (eq. 1) before → after.
    pub steps: Option<(u64, u64)>,
    /// GridWidth before → after: more rows and columns of blocks.
    pub grid: Option<(u64, u64)>,
    /// Blocks on Buckets' busiest SM before → after, when #Blocks_1 (eq. 16) grows.
    pub buckets: Option<(u64, u64)>,
    /// How much the time rises: the largest ratio T'(next) / T'(prev) over the mappings.
    pub size: f64,
}

impl Jump {
    /// The jump between `prev` and `next`, if the time jumps there.
    pub fn between(algorithm: Algorithm, prev: &Point, next: &Point) -> Option<Jump> {
        let changed = |a: u64, b: u64| (b > a).then_some((a, b));
        let jump = Jump {
            steps: changed(prev.steps, next.steps).filter(|_| algorithm == Algorithm::MinPlus),
            grid: changed(prev.grid_width, next.grid_width),
            buckets: (next.blocks_1 > prev.blocks_1)
                .then_some((prev.blocks_1 + prev.blocks_2, next.blocks_1 + next.blocks_2)),
            size: (0..4)
                .map(|i| next.t_sym[i] / prev.t_sym[i])
                .filter(|r| r.is_finite())
                .fold(1.0, f64::max),
        };
        (jump.steps.is_some() || jump.grid.is_some() || jump.buckets.is_some()).then_some(jump)
    }

    /// Each cause in words.
    pub fn causes(&self) -> Vec<String> {
        let more = |a: u64, b: u64, one: &str, many: &str| {
            if b == a + 1 {
                format!("one more {one}")
            } else {
                format!("{} more {many}", b - a)
            }
        };
        let mut causes = Vec::new();
        if let Some((a, b)) = self.steps {
            causes.push(format!(
                "{}: {a} → {b} Min-plus steps (⌈log2(n − 1)⌉, eq. 1)",
                more(a, b, "kernel launch", "kernel launches")
            ));
        }
        if let Some((a, b)) = self.grid {
            causes.push(format!(
                "{}: {a}×{a} → {b}×{b} blocks",
                more(
                    a,
                    b,
                    "row and column of blocks",
                    "rows and columns of blocks"
                )
            ));
        }
        if let Some((a, b)) = self.buckets {
            causes.push(format!(
                "another round of buckets: Buckets puts {a} → {b} blocks on the busiest SM (eqs. 16–18)"
            ));
        }
        causes
    }
}
