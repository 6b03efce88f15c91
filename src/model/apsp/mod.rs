//! Dümmler & Egerland, "Interval-based Performance Modeling for the All-Pairs-Shortest-Paths-
//! Problem on GPUs", J. Supercomputing 71(11), 2015 (seed 001).
//!
//! The APSP kernel runs on a ⌈n/BlockSize⌉² grid of BlockSize × BlockSize thread blocks. The
//! model counts the active warps of each block category (eqs. 6–13), estimates the busiest
//! SM's warps with four mappings — *Min* (14), *Sorted* (longest-first list scheduling),
//! *Full* (15) and *Buckets* (16–18) — and turns each into a time (eqs. 1–5; 19–24 for
//! Floyd-Warshall) in symbolic units; one measured time calibrates them into ms (§5). The
//! four predictions span the interval in which the measured time is expected.
//!
//! The module by idea:
//! - here: the mappings' names, the [`Algorithm`] and the model's [`Inputs`];
//! - `categories`: eqs. 6–13, the active warps of each thread-block category;
//! - `mappings`: eqs. 14–18 and *Sorted*, the busiest SM's warps under each mapping;
//! - `interval`: eqs. 1–5 and 19–24, the times in symbolic units at one n ([`at`]), over a
//!   range of n ([`sweep_n`]) and why they jump ([`Jump`]);
//! - `inputs`: checked params → typed [`Inputs`], #BlocksPerSM_Occ from occupancy;
//! - `calibration`: §5's factor, the calibrated [`Prediction`] and [`predict`];
//! - `declaration`: the model as data (fields, outputs, reading notes, examples, glossary,
//!   [`MODEL`]) and the evaluation the registry shows.

mod calibration;
mod categories;
mod declaration;
mod inputs;
mod interval;
mod mappings;

pub use calibration::{
    calibration_factor, measured_at_n0, predict, Calibration, MeasuredFrom, Prediction,
};
pub use categories::{
    grid_width, warps_bottom, warps_full, warps_last, warps_per_block_bottom, warps_per_block_dev,
    warps_per_block_full, warps_per_block_right, warps_right, BlockKind, Categories,
};
pub use declaration::{
    EXAMPLES, FIELDS, GROUPS, MODEL, NOTES, NOTE_BUCKETS_FLOOR, NOTE_FW, NOTE_GRANULARITY,
    NOTE_OCCUPANCY, NOTE_SORTED, NOTE_STEPS, NOTE_UNCALIBRATED, OUTPUTS,
};
pub use inputs::inputs;
pub use interval::{
    at, mem_access_read, mem_access_write, min_plus_steps, steps, sweep_n, t_app, t_kernel, t_warp,
    Jump, Point,
};
pub use mappings::{
    blocks_1, blocks_2, blocks_per_sm_full, warps_per_sm_buckets, warps_per_sm_full,
    warps_per_sm_min, warps_per_sm_sorted,
};

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

/// No profiled launch gives what the model takes (n, the mapping): [`crate::measured`]
/// leaves it out.
pub const FROM_LAUNCH: Option<super::launch::FromLaunch> = None;
