//! Dümmler & Egerland, "Interval-based Performance Modeling for the All-Pairs-Shortest-Paths-
//! Problem on GPUs", J. Supercomputing 71(11), 2015 (seed 001).
//!
//! The APSP kernel runs on a ⌈n/BlockSize⌉² grid of BlockSize × BlockSize thread blocks. The
//! model counts the active warps of each block category (eqs. 6–13), estimates the busiest
//! SM's warps with four mappings — *Min* (14), *Sorted* (longest-first list scheduling),
//! *Full* (15) and *Buckets* (16–18) — and turns each into a time (eqs. 1–5; 19–24 for
//! Floyd-Warshall) in symbolic units; one measured time calibrates them into ms (§5). The
//! four predictions span the interval in which the measured time is expected.

use super::occupancy::{self, KernelResources, Occupancy};
use super::{
    clean, out, report_only, Cell, Choice, Column, Detail, Devices, Evaluation, Example, Field,
    InputError, Model, Out, OutputSpec, Params, ReadingNote, Scope, Value,
};
use crate::devices::Device;

/// The four mappings of §4.4, in the paper's order.
pub const MAPPINGS: [&str; 4] = ["min", "sorted", "full", "buckets"];
/// Their display names.
pub const MAPPING_NAMES: [&str; 4] = ["Min", "Sorted", "Full", "Buckets"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Alg. 1–2: ⌈log2(n − 1)⌉ launches of the Min-plus kernel.
    MinPlus,
    /// Alg. 3–4: n launches of the Floyd-Warshall kernel.
    FloydWarshall,
}

/// The model's inputs: Tables 1, 2 and 5 of the paper, with docs/models.md's names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inputs {
    pub algorithm: Algorithm,
    /// Nodes of the graph.
    pub n: u64,
    /// BlockSize: blocks are BlockSize × BlockSize threads.
    pub block_size: u64,
    /// #SMs_Dev
    pub sms: u64,
    /// #CoresPerSM_Dev
    pub cores_per_sm: f64,
    /// #ThreadsPerWarp_Dev
    pub threads_per_warp: u64,
    /// WarpGranularity_Dev
    pub warp_granularity: u64,
    /// #CoalescableMemAccesses_Dev
    pub coalescable_mem_accesses: f64,
    /// #BlocksPerSM_Occ (the bucket size of *Buckets*).
    pub blocks_per_sm_occ: u64,
    pub t_launch: f64,
    pub instr_per_vertex: f64,
    pub t_instr: f64,
    pub t_read: f64,
    pub t_write: f64,
    pub p_min: f64,
}

// ---------------------------------------------------------------------------------------
// Eqs. 6–13: warps per thread-block category.

/// #WarpsPerBlock(x)_Dev: `x` warps rounded up to a multiple of WarpGranularity (docs/models.md's
/// reading of the argument of eqs. 7, 9, 11 and 13: each row of a block starts a new warp).
pub fn warps_per_block_dev(warps: u64, warp_granularity: u64) -> u64 {
    warps.div_ceil(warp_granularity) * warp_granularity
}

/// Eq. 7: warps of a full block, ⌈BlockSize / #ThreadsPerWarp⌉ per row, BlockSize rows.
pub fn warps_per_block_full(block_size: u64, threads_per_warp: u64, granularity: u64) -> u64 {
    warps_per_block_dev(
        block_size.div_ceil(threads_per_warp) * block_size,
        granularity,
    )
}

/// Eq. 8: active warps in the ⌊n / BlockSize⌋² full blocks.
pub fn warps_full(n: u64, block_size: u64, warps_per_block_full: u64) -> u64 {
    (n / block_size).pow(2) * warps_per_block_full
}

/// Eq. 9: warps of a right block: (n mod BlockSize) active threads on each of BlockSize rows.
pub fn warps_per_block_right(n: u64, block_size: u64, threads_per_warp: u64, g: u64) -> u64 {
    warps_per_block_dev((n % block_size).div_ceil(threads_per_warp) * block_size, g)
}

/// Eq. 10: active warps in the ⌈n / BlockSize⌉ − 1 right blocks.
pub fn warps_right(n: u64, block_size: u64, warps_per_block_right: u64) -> u64 {
    (grid_width(n, block_size) - 1) * warps_per_block_right
}

/// Eq. 11: warps of a bottom block: (n mod BlockSize) rows of BlockSize active threads.
pub fn warps_per_block_bottom(n: u64, block_size: u64, threads_per_warp: u64, g: u64) -> u64 {
    warps_per_block_dev(block_size.div_ceil(threads_per_warp) * (n % block_size), g)
}

/// Eq. 12: active warps in the ⌈n / BlockSize⌉ − 1 bottom blocks.
pub fn warps_bottom(n: u64, block_size: u64, warps_per_block_bottom: u64) -> u64 {
    (grid_width(n, block_size) - 1) * warps_per_block_bottom
}

/// Eq. 13: warps of the last block: (n mod BlockSize) rows of (n mod BlockSize) threads.
pub fn warps_last(n: u64, block_size: u64, threads_per_warp: u64, g: u64) -> u64 {
    let r = n % block_size;
    warps_per_block_dev(r.div_ceil(threads_per_warp) * r, g)
}

/// GridWidth = ⌈n / BlockSize⌉ (§3.3): the grid is GridWidth × GridWidth blocks.
pub fn grid_width(n: u64, block_size: u64) -> u64 {
    n.div_ceil(block_size)
}

/// The blocks of one category: how many, and the active warps of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockKind {
    pub count: u64,
    pub warps: u64,
}

/// The four categories of §4.3 (full, right, bottom, last); eq. 6's #Warps is their sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Categories {
    pub full: BlockKind,
    pub right: BlockKind,
    pub bottom: BlockKind,
    pub last: BlockKind,
}

impl Categories {
    pub fn of(n: u64, block_size: u64, threads_per_warp: u64, g: u64) -> Categories {
        let q = n / block_size;
        let partial = !n.is_multiple_of(block_size);
        let edge = if partial {
            grid_width(n, block_size) - 1
        } else {
            0
        };
        Categories {
            full: BlockKind {
                count: q * q,
                warps: warps_per_block_full(block_size, threads_per_warp, g),
            },
            right: BlockKind {
                count: edge,
                warps: warps_per_block_right(n, block_size, threads_per_warp, g),
            },
            bottom: BlockKind {
                count: edge,
                warps: warps_per_block_bottom(n, block_size, threads_per_warp, g),
            },
            last: BlockKind {
                count: u64::from(partial),
                warps: warps_last(n, block_size, threads_per_warp, g),
            },
        }
    }

    pub fn all(&self) -> [BlockKind; 4] {
        [self.full, self.right, self.bottom, self.last]
    }

    /// Eq. 6: #Warps = #Warps_Full + #Warps_Right + #Warps_Bottom + #Warps_Last.
    pub fn warps(&self) -> u64 {
        self.all().iter().map(|k| k.count * k.warps).sum()
    }

    /// All blocks of the grid, GridWidth².
    pub fn blocks(&self) -> u64 {
        self.all().iter().map(|k| k.count).sum()
    }
}

// ---------------------------------------------------------------------------------------
// Eqs. 14–18 and Sorted: the busiest SM's warps under each mapping.

/// Eq. 14, *Min*: warps dealt round robin, ignoring block boundaries.
pub fn warps_per_sm_min(warps: u64, sms: u64) -> u64 {
    warps.div_ceil(sms)
}

/// Eq. 15, *Full*: every block counted as full, blocks dealt round robin.
pub fn warps_per_sm_full(blocks: u64, sms: u64, warps_per_block_full: u64) -> u64 {
    blocks_per_sm_full(blocks, sms) * warps_per_block_full
}

/// The blocks eq. 15 puts on the busiest SM: ⌈GridWidth² / #SMs⌉.
pub fn blocks_per_sm_full(blocks: u64, sms: u64) -> u64 {
    blocks.div_ceil(sms)
}

/// Eq. 16 with ⌊ ⌋ (docs/models.md: the printed ⌈ ⌉ makes eq. 17 negative): the blocks of the
/// whole rounds of buckets of #BlocksPerSM_Occ blocks each SM gets.
pub fn blocks_1(blocks: u64, blocks_per_sm_occ: u64, sms: u64) -> u64 {
    blocks / (blocks_per_sm_occ * sms) * blocks_per_sm_occ
}

/// Eq. 17, clamped at 0: the busiest SM's share of the last, partial round.
pub fn blocks_2(blocks: u64, blocks_1: u64, sms: u64, blocks_per_sm_occ: u64) -> u64 {
    blocks.saturating_sub(blocks_1 * sms).min(blocks_per_sm_occ)
}

/// Eq. 18, *Buckets*: (#Blocks_1 + #Blocks_2) full blocks on the busiest SM.
pub fn warps_per_sm_buckets(blocks_1: u64, blocks_2: u64, warps_per_block_full: u64) -> u64 {
    (blocks_1 + blocks_2) * warps_per_block_full
}

/// *Sorted* (§4.4.2, formula omitted in the paper): the blocks, most active warps first, each
/// go to the SM with the fewest accumulated warps; the result is the largest SM load.
///
/// Blocks of one category are identical, so each category is placed at once: handing `k`
/// equal blocks of `w` warps to the least-loaded SM one by one takes the `k` smallest of the
/// loads l + j·w (j ≥ 0) over all SMs, found by bisection on the threshold. Which of several
/// equally loaded SMs takes a block does not change the multiset of loads, so SMs are kept as
/// (load, how many SMs) levels — at most 2⁴ of them for four categories.
pub fn warps_per_sm_sorted(kinds: &[BlockKind], sms: u64) -> u64 {
    let mut kinds: Vec<BlockKind> = kinds
        .iter()
        .copied()
        .filter(|k| k.count > 0 && k.warps > 0)
        .collect();
    crate::small_sort::sort_by_key(&mut kinds, |k| std::cmp::Reverse(k.warps));
    let mut levels: Vec<(u64, u64)> = vec![(0, sms)];
    for kind in kinds {
        levels = place(&levels, kind.count, kind.warps);
    }
    levels.iter().map(|l| l.0).max().unwrap_or(0)
}

/// Entries l + j·w ≤ t over all levels (how many of the greedy's picks cost at most t).
fn picks_up_to(levels: &[(u64, u64)], w: u64, t: u64) -> u64 {
    levels
        .iter()
        .filter(|(l, _)| t >= *l)
        .map(|(l, c)| c.saturating_mul((t - l) / w + 1))
        .fold(0u64, u64::saturating_add)
}

/// Places `k` blocks of `w` warps on the least-loaded SMs, one at a time (see
/// [`warps_per_sm_sorted`]); returns the new levels, sorted and merged.
fn place(levels: &[(u64, u64)], k: u64, w: u64) -> Vec<(u64, u64)> {
    let lo = levels.iter().map(|l| l.0).min().unwrap_or(0);
    // The smallest threshold t with at least k picks ≤ t.
    let (mut a, mut b) = (lo, lo.saturating_add(k.saturating_mul(w)));
    while a < b {
        let mid = a + (b - a) / 2;
        if picks_up_to(levels, w, mid) >= k {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    let t = a;
    let below = if t == 0 {
        0
    } else {
        picks_up_to(levels, w, t - 1)
    };
    let mut at_t = k - below; // picks of exactly t still to give
    let mut next: Vec<(u64, u64)> = Vec::with_capacity(levels.len() * 2);
    for &(l, c) in levels {
        let taken = if t > l { (t - 1 - l) / w + 1 } else { 0 };
        let base = l + taken * w;
        if t >= l && (t - l) % w == 0 && at_t > 0 {
            let extra = at_t.min(c);
            at_t -= extra;
            next.push((base + w, extra));
            if c > extra {
                next.push((base, c - extra));
            }
        } else {
            next.push((base, c));
        }
    }
    next.sort_unstable();
    next.dedup_by(|x, y| {
        if x.0 == y.0 {
            y.1 += x.1;
            true
        } else {
            false
        }
    });
    next
}

// ---------------------------------------------------------------------------------------
// Eqs. 1–5 (Min-plus) and 19–24 (Floyd-Warshall): times in symbolic units.

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

/// §5's calibration factor: f = 4 · T_meas(n0) / (T'_Min + T'_Sorted + T'_Full + T'_Buckets)(n0).
pub fn calibration_factor(t_meas_ms: f64, t_sym_at_n0: [f64; 4]) -> f64 {
    4.0 * t_meas_ms / t_sym_at_n0.iter().sum::<f64>()
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

/// The calibrated results of one evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    pub inputs: Inputs,
    pub point: Point,
    pub occupancy: Option<Occupancy>,
    pub blocks_per_sm_occ_auto: bool,
    /// The calibration: f, and the measured time it came from.
    pub calibration: Option<Calibration>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    pub n0: u64,
    pub t_meas_ms: f64,
    pub f: f64,
    /// Where the time came from: typed, the `measured` list, or the device's illustrative
    /// time.
    pub from: MeasuredFrom,
}

impl Prediction {
    /// T per mapping in ms, when calibrated.
    pub fn t_ms(&self) -> Option<[f64; 4]> {
        let f = self.calibration?.f;
        Some(self.point.t_sym.map(|t| f * t))
    }
}

// ---------------------------------------------------------------------------------------
// The model as data.

const ALGORITHMS: &[Choice] = &[
    Choice {
        id: "min-plus",
        label: "Min-plus (Alg. 1–2)",
    },
    Choice {
        id: "floyd-warshall",
        label: "Floyd-Warshall (Alg. 3–4)",
    },
];

const MEASURED_COLUMNS: &[Column] = &[
    Column {
        name: "n",
        unit: "nodes",
        min: 2.0,
        max: 100_000.0,
        integer: true,
    },
    Column {
        name: "ms",
        unit: "ms",
        min: 1e-6,
        max: 1e9,
        integer: false,
    },
];

const PROBLEM: &str = "Problem and launch";
const DEVICE: &str = "Device (Table 4)";
const SYMBOLIC: &str = "Symbolic costs (Table 5)";
const CALIBRATION: &str = "Calibration (§5)";
const CHART: &str = "Chart";
const T5: &str = "Table 5";

pub const FIELDS: &[Field] = &[
    Field::choice("algorithm", "", "Algorithm", ALGORITHMS, "min-plus")
        .group(PROBLEM)
        .source("§3"),
    Field::number("n", "n", "Nodes", "nodes", 2.0, 100_000.0, true, 81.0)
        .group(PROBLEM)
        .source("§5.1: small graphs, n ∈ [50, 100]"),
    Field::number(
        "block_size",
        "BlockSize",
        "Block size (BlockSize × BlockSize threads)",
        "threads a side",
        1.0,
        32.0,
        true,
        8.0,
    )
    .group(PROBLEM)
    .source("§5.1: 8, 16 or 32"),
    Field::number("sms", "#SMs_Dev", "SMs", "SMs", 1.0, 1024.0, true, 14.0)
        .group(DEVICE)
        .from_device("sms")
        .source("Table 4 (C2075)"),
    Field::number(
        "cores_per_sm",
        "#CoresPerSM_Dev",
        "Cores per SM",
        "cores",
        1.0,
        1024.0,
        true,
        32.0,
    )
    .group(DEVICE)
    .from_device("cores_per_sm")
    .source("Table 4 (C2075)"),
    Field::number(
        "threads_per_warp",
        "#ThreadsPerWarp_Dev",
        "Threads per warp",
        "threads",
        1.0,
        64.0,
        true,
        32.0,
    )
    .group(DEVICE)
    .from_device("threads_per_warp")
    .source("Table 4"),
    Field::number(
        "warp_granularity",
        "WarpGranularity_Dev",
        "Warp granularity",
        "warps",
        1.0,
        64.0,
        true,
        4.0,
    )
    .group(DEVICE)
    .from_device("warp_granularity")
    .source("not in this device's record: 4 as on the GTX 780 (Table 4); set your GPU's"),
    Field::number(
        "coalescable_mem_accesses",
        "#CoalescableMemAccesses_Dev",
        "Coalescable memory accesses",
        "requests",
        1.0,
        1024.0,
        true,
        4.0,
    )
    .group(DEVICE)
    .from_device("coalescable_mem_accesses")
    .source("not in this device's record: 4 as on both GPUs of Table 4; set your GPU's"),
    Field::number(
        "blocks_per_sm_occ",
        "#BlocksPerSM_Occ",
        "Active blocks per SM (bucket size)",
        "blocks",
        1.0,
        64.0,
        true,
        8.0,
    )
    .group(DEVICE)
    .auto(),
    Field::number(
        "t_launch",
        "T_Launch",
        "Kernel launch",
        "units",
        0.0,
        1e9,
        false,
        5000.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "instr_per_vertex",
        "#InstrPerVertex",
        "Instructions per node (Min-plus)",
        "insts",
        0.0,
        1e9,
        false,
        1000.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "t_instr",
        "T_Instr",
        "Instruction",
        "units",
        0.0,
        1e9,
        false,
        10.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "t_read",
        "T_Read",
        "Global read",
        "units",
        0.0,
        1e9,
        false,
        2000.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "t_write",
        "T_Write",
        "Global write",
        "units",
        0.0,
        1e9,
        false,
        4000.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "p_min",
        "P_min",
        "Probability a warp updates D and P",
        "",
        0.0,
        1.0,
        false,
        0.5,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "n0",
        "n_0",
        "Calibration size",
        "nodes",
        2.0,
        100_000.0,
        true,
        500.0,
    )
    .group(CALIBRATION)
    .source("§5: n0 = 500"),
    Field::number(
        "t_meas_ms",
        "T_meas(n_0)",
        "Measured time at n0",
        "ms",
        1e-6,
        1e9,
        false,
        1.0,
    )
    .group(CALIBRATION)
    .auto(),
    Field::rows(
        "measured",
        "",
        "Measured times (n:ms)",
        MEASURED_COLUMNS,
        0,
        1000,
        &[],
    )
    .group(CALIBRATION)
    .source("your measurements"),
    Field::number(
        "n_from",
        "",
        "Chart from n",
        "nodes",
        2.0,
        100_000.0,
        true,
        50.0,
    )
    .group(CHART)
    .source("§5.1's small graphs"),
    Field::number(
        "n_to",
        "",
        "Chart to n",
        "nodes",
        2.0,
        100_000.0,
        true,
        100.0,
    )
    .group(CHART)
    .source("§5.1's small graphs"),
];

pub const GROUPS: &[&str] = &[PROBLEM, DEVICE, SYMBOLIC, CALIBRATION, CHART];

pub const OUTPUTS: &[OutputSpec] = &[
    out("grid_width", "GridWidth", "§3.3", "blocks"),
    out("blocks", "GridWidth²", "§3.3", "blocks"),
    out(
        "warps_per_block_full",
        "#WarpsPerBlock_Full",
        "Eq. 7",
        "warps",
    ),
    out(
        "warps_per_block_right",
        "#WarpsPerBlock_Right",
        "Eq. 9",
        "warps",
    ),
    out(
        "warps_per_block_bottom",
        "#WarpsPerBlock_Bottom",
        "Eq. 11",
        "warps",
    ),
    out("warps_full", "#Warps_Full", "Eq. 8", "warps"),
    out("warps_right", "#Warps_Right", "Eq. 10", "warps"),
    out("warps_bottom", "#Warps_Bottom", "Eq. 12", "warps"),
    out("warps_last", "#Warps_Last", "Eq. 13", "warps"),
    out("warps", "#Warps", "Eq. 6", "warps"),
    out("blocks_1", "#Blocks_1", "Eq. 16", "blocks"),
    out("blocks_2", "#Blocks_2", "Eq. 17", "blocks"),
    out(
        "warps_per_sm",
        "#WarpsPerSM",
        "Eqs. 14, 15, 18; Sorted",
        "warps",
    )
    .per(&MAPPINGS),
    out(
        "blocks_per_sm",
        "Blocks on the busiest SM",
        "Eqs. 15, 16–17",
        "blocks",
    )
    .per(&MAPPINGS),
    out(
        "mem_access_read",
        "#MemAccessRead",
        "Eq. 4 / 23",
        "accesses",
    ),
    out(
        "mem_access_write",
        "#MemAccessWrite",
        "Eq. 5 / 24",
        "accesses",
    ),
    out("t_warp", "T_Warp", "Eq. 3 / 21", "units"),
    out("steps", "Kernel launches", "Eq. 1 / 19", ""),
    out("t_sym", "T'_App", "Eqs. 1–2 / 19–20", "units").per(&MAPPINGS),
    out("f", "f", "§5", "ms/unit"),
    out("t_ms", "T_App = f · T'_App", "§5", "ms").per(&MAPPINGS),
    out("interval_min_ms", "min over the mappings", "§5", "ms"),
    out("interval_max_ms", "max over the mappings", "§5", "ms"),
];

pub const NOTE_GRANULARITY: ReadingNote = ReadingNote {
    id: "warp-granularity",
    text: "#WarpsPerBlock(x)_Dev in eqs. 7, 9, 11 and 13 rounds a warp count x up to a multiple of WarpGranularity; each row of a block starts a new warp.",
};
pub const NOTE_BUCKETS_FLOOR: ReadingNote = ReadingNote {
    id: "buckets-floor",
    text: "Eq. 16 uses ⌊ ⌋, not the printed ⌈ ⌉ (with ⌈ ⌉ eq. 17 goes negative), and eq. 17 is clamped at 0. This reading reproduces the paper's jump at n = 80 → 81.",
};
pub const NOTE_SORTED: ReadingNote = ReadingNote {
    id: "sorted",
    text: "Sorted: the blocks, most active warps first, each go to the SM with the fewest accumulated warps (lowest index on ties); #WarpsPerSM is the largest SM load.",
};
pub const NOTE_STEPS: ReadingNote = ReadingNote {
    id: "min-plus-steps",
    text: "Min-plus runs ⌈log2(n − 1)⌉ steps (eq. 1); n = 2 takes one step.",
};
pub const NOTE_FW: ReadingNote = ReadingNote {
    id: "floyd-warshall",
    text: "Floyd-Warshall: n launches (eq. 19), #InstrPerVertex fixed at 2 (eq. 22), so instr_per_vertex is not used.",
};
pub const NOTE_UNCALIBRATED: ReadingNote = ReadingNote {
    id: "uncalibrated",
    text: "No measured time at n0: times are in the model's symbolic units (Table 5). Give t_meas_ms, or a measured n:ms pair at n = n0, to convert them into ms.",
};
pub const NOTE_OCCUPANCY: ReadingNote = ReadingNote {
    id: "occupancy-apsp",
    text: "#BlocksPerSM_Occ (auto) is the occupancy calculator's answer for BlockSize² threads, with the two BlockSize² tiles of 4-byte distances Alg. 2 keeps in shared memory and registers not limiting (the paper gives 8 for 8×8 and 1 for 32×32 on the C2075).",
};

pub const NOTES: &[ReadingNote] = &[
    NOTE_GRANULARITY,
    NOTE_BUCKETS_FLOOR,
    NOTE_SORTED,
    NOTE_STEPS,
    NOTE_FW,
    NOTE_UNCALIBRATED,
    NOTE_OCCUPANCY,
];

const fn example(
    id: &'static str,
    name: &'static str,
    source: &'static str,
    device: &'static str,
    values: &'static [(&'static str, &'static str)],
) -> Example {
    Example {
        id,
        name,
        source,
        values,
        device: Some(device),
    }
}

pub const EXAMPLES: &[Example] = &[
    example(
        "c2075-8",
        "C2075, 8×8 blocks, small graphs (Fig. 5)",
        "Dümmler & Egerland, Fig. 5: jumps at n = 65 and 80",
        "c2075",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "8"),
            ("n", "81"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
    example(
        "c2075-16",
        "C2075, 16×16 blocks, small graphs (Fig. 6)",
        "Dümmler & Egerland, Fig. 6: jumps at n = 65 and 96",
        "c2075",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "16"),
            ("n", "97"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
    example(
        "c2075-32",
        "C2075, 32×32 blocks, small graphs (Fig. 7)",
        "Dümmler & Egerland, Fig. 7: Full = Buckets; jump at n = 96",
        "c2075",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "32"),
            ("n", "97"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
    example(
        "c2075-large",
        "C2075, 8×8 blocks, large graphs (Fig. 5)",
        "Dümmler & Egerland, Fig. 5 (right): n ∈ [4000, 4050]",
        "c2075",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "8"),
            ("n", "4000"),
            ("n_from", "4000"),
            ("n_to", "4050"),
        ],
    ),
    example(
        "gtx780-32",
        "GTX 780, 32×32 blocks, small graphs (Fig. 8)",
        "Dümmler & Egerland, Fig. 8: jumps at n = 65 and 96",
        "gtx780",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "32"),
            ("n", "97"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
    example(
        "c2075-fw",
        "C2075, Floyd-Warshall, 16×16 blocks (§4.5)",
        "Dümmler & Egerland, §4.5: eqs. 19–24",
        "c2075",
        &[
            ("algorithm", "floyd-warshall"),
            ("block_size", "16"),
            ("n", "97"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
];

/// Checked params → the engine's inputs, with #BlocksPerSM_Occ from occupancy when auto.
pub fn inputs(p: &Params, device: &Device) -> Result<(Inputs, Option<Occupancy>), InputError> {
    if let Some(e) = p.check().into_iter().next() {
        return Err(e);
    }
    let num = |name: &str| p.num(name).unwrap_or(0.0);
    let whole = |name: &str| num(name) as u64;
    let block_size = whole("block_size");
    let occupancy = match device.compute_capability {
        Some(cc) => {
            let threads = block_size * block_size;
            let kernel = KernelResources {
                threads_per_block: threads as u32,
                registers_per_thread: 0,
                // Alg. 2: two BlockSize × BlockSize tiles of D in shared memory.
                shared_mem_per_block: (2 * threads * 4) as u32,
            };
            match occupancy::occupancy(cc.value.0, cc.value.1, &kernel) {
                Ok(o) => Some(o),
                Err(e) => {
                    return Err(InputError::new(
                        "block_size",
                        format!(
                            "{block_size}×{block_size} threads do not fit this device: {}",
                            e.message
                        ),
                    ))
                }
            }
        }
        None => None,
    };
    let blocks_per_sm_occ = match (p.get("blocks_per_sm_occ"), &occupancy) {
        (Some(Value::Num(v)), _) => *v as u64,
        (_, Some(o)) => u64::from(o.active_blocks_per_sm),
        _ => {
            return Err(InputError::new(
                "blocks_per_sm_occ",
                format!(
                    "{} has no occupancy rules: enter a whole number from 1 to 64",
                    device.name
                ),
            ))
        }
    };
    let algorithm = match p.get("algorithm") {
        Some(Value::Word("floyd-warshall")) => Algorithm::FloydWarshall,
        _ => Algorithm::MinPlus,
    };
    Ok((
        Inputs {
            algorithm,
            n: whole("n"),
            block_size,
            sms: whole("sms"),
            cores_per_sm: num("cores_per_sm"),
            threads_per_warp: whole("threads_per_warp"),
            warp_granularity: whole("warp_granularity"),
            coalescable_mem_accesses: num("coalescable_mem_accesses"),
            blocks_per_sm_occ,
            t_launch: num("t_launch"),
            instr_per_vertex: num("instr_per_vertex"),
            t_instr: num("t_instr"),
            t_read: num("t_read"),
            t_write: num("t_write"),
            p_min: num("p_min"),
        },
        occupancy,
    ))
}

/// Where the time at n0 came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeasuredFrom {
    /// `t_meas_ms`, typed.
    Typed,
    /// The `measured` pair at n0.
    Measured,
    /// The device's illustrative time at n0 = 500 (`t_meas_500_ms`, not from the paper).
    Illustrative,
}

/// The measured time at n0: `t_meas_ms` when set, else the `measured` pair at n0, else (at
/// n0 = 500) the device's illustrative time, so the paper's C2075 opens in milliseconds.
pub fn measured_at_n0(p: &Params, device: &Device) -> Option<(f64, MeasuredFrom)> {
    let n0 = p.num("n0")?;
    if let Some(t) = p.num("t_meas_ms") {
        return Some((t, MeasuredFrom::Typed));
    }
    let measured = match p.get("measured") {
        Some(Value::Rows(rows)) => rows
            .iter()
            .rev()
            .find(|r| r.first() == Some(&n0))
            .and_then(|r| r.get(1).copied()),
        _ => None,
    };
    measured.map(|t| (t, MeasuredFrom::Measured)).or_else(|| {
        (n0 == 500.0)
            .then(|| device.constant("t_meas_500_ms"))
            .flatten()
            .map(|c| (c.value, MeasuredFrom::Illustrative))
    })
}

/// Runs the model on checked params: the point at n, and the calibration at n0.
pub fn predict(p: &Params, device: &Device) -> Result<Prediction, InputError> {
    let (inputs, occupancy) = inputs(p, device)?;
    let point = at(&inputs);
    let calibration = match measured_at_n0(p, device) {
        Some((t_meas_ms, from)) => {
            let n0 = p.num("n0").unwrap_or(500.0) as u64;
            let at_n0 = at(&Inputs { n: n0, ..inputs });
            let f = calibration_factor(t_meas_ms, at_n0.t_sym);
            // The measured time came from the list or was typed: name the one the user set.
            let field = if from == MeasuredFrom::Measured {
                "measured"
            } else {
                "t_meas_ms"
            };
            let usable = at_n0.t_sym.iter().sum::<f64>() > 0.0 && f.is_finite() && f > 0.0;
            if from == MeasuredFrom::Illustrative && !usable {
                // The illustrative time is not the user's: without a usable factor the
                // prediction stays in symbolic units, with no error.
                return Ok(Prediction {
                    inputs,
                    point,
                    occupancy,
                    blocks_per_sm_occ_auto: matches!(p.get("blocks_per_sm_occ"), Some(Value::Auto)),
                    calibration: None,
                });
            }
            if at_n0.t_sym.iter().sum::<f64>() == 0.0 {
                return Err(InputError::new(
                    field,
                    "the symbolic time at n0 is 0 (all of Table 5's costs are 0), so no factor converts it into ms: give some cost a value above 0",
                ));
            }
            if !(f.is_finite() && f > 0.0) {
                return Err(InputError::new(
                    field,
                    "the measured time is too large for the symbolic time at n0 to convert it: make Table 5's costs larger or the time smaller",
                ));
            }
            Some(Calibration {
                n0,
                t_meas_ms,
                f,
                from,
            })
        }
        None => None,
    };
    Ok(Prediction {
        inputs,
        point,
        occupancy,
        blocks_per_sm_occ_auto: matches!(p.get("blocks_per_sm_occ"), Some(Value::Auto)),
        calibration,
    })
}

impl Prediction {
    pub fn notes(&self) -> Vec<ReadingNote> {
        let mut notes = vec![NOTE_GRANULARITY, NOTE_BUCKETS_FLOOR, NOTE_SORTED];
        match self.inputs.algorithm {
            Algorithm::MinPlus => notes.push(NOTE_STEPS),
            Algorithm::FloydWarshall => notes.push(NOTE_FW),
        }
        if self.blocks_per_sm_occ_auto {
            notes.push(NOTE_OCCUPANCY);
        }
        if self.calibration.is_none() {
            notes.push(NOTE_UNCALIBRATED);
        }
        notes
    }

    /// The generic evaluation, for the worked table and the CLI.
    pub fn evaluation(&self, p: &Params) -> Evaluation {
        let pt = &self.point;
        let c = &pt.categories;
        let num = |x: u64| Out::num(x as f64);
        let t_ms = self.t_ms();
        let interval = t_ms.map(|t| {
            (
                t.iter().copied().fold(f64::INFINITY, f64::min),
                t.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            )
        });
        let outputs = vec![
            num(pt.grid_width),
            num(pt.grid_width * pt.grid_width),
            num(c.full.warps),
            num(c.right.warps),
            num(c.bottom.warps),
            num(c.full.count * c.full.warps),
            num(c.right.count * c.right.warps),
            num(c.bottom.count * c.bottom.warps),
            num(c.last.count * c.last.warps),
            num(pt.warps),
            num(pt.blocks_1),
            num(pt.blocks_2),
            Out::by_variant(pt.warps_per_sm.iter().map(|w| Cell::Num(*w as f64))),
            Out::by_variant(pt.blocks_per_sm.iter().map(|b| b.map(|b| b as f64).into())),
            Out::num(pt.mem_access_read),
            Out::num(pt.mem_access_write),
            Out::num(pt.t_warp),
            num(pt.steps),
            Out::by_variant(pt.t_sym.iter().map(|t| Cell::Num(clean(*t)))),
            Out::opt(self.calibration.map(|c| c.f)),
            Out::by_variant((0..4).map(|i| t_ms.map(|t| clean(t[i])).into())),
            Out::opt(interval.map(|i| clean(i.0))),
            Out::opt(interval.map(|i| clean(i.1))),
        ];
        let mut inputs: Vec<Value> = p.values().to_vec();
        let mut derived = Vec::new();
        if let Some(i) = MODEL.field_index("blocks_per_sm_occ") {
            inputs[i] = Value::Num(self.inputs.blocks_per_sm_occ as f64);
        }
        if self.blocks_per_sm_occ_auto {
            let how = match self.occupancy {
                Some(o) => format!(
                    "Occupancy for {0}×{0} threads: limited by {1}",
                    self.inputs.block_size,
                    o.limiter.describe()
                ),
                None => "Occupancy".to_string(),
            };
            derived.push(("blocks_per_sm_occ", how));
        }
        if let Some(cal) = self.calibration {
            if let Some(i) = MODEL.field_index("t_meas_ms") {
                inputs[i] = Value::Num(cal.t_meas_ms);
            }
            match cal.from {
                MeasuredFrom::Measured => {
                    derived.push(("t_meas_ms", format!("the measured pair at n0 = {}", cal.n0)))
                }
                MeasuredFrom::Illustrative => derived.push((
                    "t_meas_ms",
                    "illustrative, not from the paper: type your measured time at n0".to_string(),
                )),
                MeasuredFrom::Typed => {}
            }
        }
        Evaluation {
            inputs,
            derived,
            outputs,
            occupancy: self.occupancy,
            notes: self.notes(),
            #[cfg(feature = "report")]
            extra: serde_json::Map::new(),
            detail: Detail::new(self.clone()),
        }
    }
}

fn evaluate_params(p: &Params, device: &'static Device) -> Result<Evaluation, InputError> {
    let prediction = predict(p, device)?;
    super::finite(prediction.evaluation(p), "n")
}

/// What only the CLI and the JSON download use: whether the time is calibrated.
fn complete(_: &Params, _: &'static Device, e: &mut Evaluation) {
    let Some(prediction) = e.detail.get::<Prediction>() else {
        return;
    };
    let calibrated = serde_json::Value::Bool(prediction.calibration.is_some());
    e.put("calibrated", calibrated);
}

/// Dümmler & Egerland's interval model, as the registry lists it.
pub static MODEL: Model = Model {
    id: "apsp",
    title: "Dümmler & Egerland, J. Supercomp. 2015 — APSP interval model",
    citation: "J. Dümmler and S. Egerland, “Interval-based Performance Modeling for the All-Pairs-Shortest-Paths-Problem on GPUs”, The Journal of Supercomputing 71(11), 2015.",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: NOTES,
    examples: EXAMPLES,
    devices: Devices::Gpus,
    default_device: "c2075",
    sweep: None,
    aliases: &[],
    glossary: GLOSSARY,
    scope: Scope {
        newest_cc: (3, 5),
        paper_gpus: "a Tesla C2075 and a GeForce GTX 780",
        leaves_out: "Newer GPUs have larger L1 and L2 caches and schedule warps differently; the interval model's warp counts still hold, but its time units need a measurement on your GPU: calibrate with a measured time at one n.",
    },
    validated: false,
    derive: crate::model::derives_nothing,
    evaluate: evaluate_params,
    complete: report_only(complete),
};

/// No profiled launch gives what the model takes (n, the mapping): [`crate::measured`]
/// leaves it out.
pub const FROM_LAUNCH: Option<super::launch::FromLaunch> = None;

/// Short definitions of the model's terms, after the paper's own (§§3–5), shown on hover and focus.
const GLOSSARY: &[(&str, &str)] = &[
    ("algorithm", "Min-plus: ⌈log2(n − 1)⌉ matrix squarings; Floyd-Warshall: n launches, one per intermediate vertex."),
    ("n", "Vertices of the graph: the distance matrix is n × n."),
    ("block_size", "BlockSize: each thread block covers a BlockSize × BlockSize tile of the matrix."),
    ("grid_width", "GridWidth = ⌈n / BlockSize⌉: the grid is GridWidth × GridWidth blocks."),
    ("warps", "#Warps: active warps of the whole grid, summed over full, right, bottom and last blocks."),
    ("warps_per_sm", "#WarpsPerSM: warps on the busiest SM, per mapping (Min, Sorted, Full, Buckets)."),
    ("blocks_per_sm", "Blocks the mapping puts on the busiest SM."),
    ("t_warp", "T_Warp: one warp's time for one kernel launch: its instructions plus its memory reads and writes."),
    ("steps", "Kernel launches: ⌈log2(n − 1)⌉ Min-plus steps, or n for Floyd-Warshall."),
    ("t_sym", "T'_App: the predicted time in symbolic units (cycles of the model's constants), per mapping."),
    ("f", "f: the calibration factor that turns symbolic units into ms, from a measured time at n0 (§5)."),
    ("t_ms", "T_App = f · T'_App: the calibrated time per mapping."),
    ("interval_min_ms", "The fastest of the four mappings: the lower end of the interval the measured time should fall in."),
    ("interval_max_ms", "The slowest of the four mappings: the upper end of the interval."),
    ("blocks_per_sm_occ", "#BlocksPerSM_Occ: blocks an SM runs at once, from occupancy unless set."),
    ("warp_granularity", "WarpGranularity_Dev: each row of a block starts a new warp, rounded up to this many threads (Table 4)."),
    ("t_launch", "T_Launch: the cost of one kernel launch, in symbolic units."),
    ("instr_per_vertex", "#InstrPerVertex: instructions per vertex of the Min-plus inner loop."),
    ("t_instr", "T_Instr: the cost of one instruction."),
    ("t_read", "T_Read: the cost of one memory read access."),
    ("t_write", "T_Write: the cost of one memory write access."),
    ("n0", "n_0: the size at which a measured time calibrates the model."),
    ("t_meas_ms", "T_meas(n_0): the measured time at n_0."),
];
