//! A kernel launch as a profiler measured it, in the models' own terms, and what each model
//! takes from it (docs/models.md, "Measured kernels").
//!
//! The profiler's readers (`crate::analysis::profiler`) know nothing of the models; the
//! comparison (`crate::measured`) turns what they read into a [`Launch`], and each model that
//! predicts one kernel's time declares, in [`FromLaunch`], which of its fields a launch fills
//! and how. A model that needs what no profile holds (a matrix, a trace, n) declares none.

use super::{Evaluation, Model};
use crate::devices::Device;

/// Global memory accesses of one kind (loads or stores), per warp.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Access {
    /// Warp-level instructions (requests) per warp.
    pub requests_per_warp: f64,
    /// 32-byte sectors each request touched, on average: 4 for a warp reading 128
    /// contiguous bytes, 32 for 32 scattered words.
    pub sectors_per_request: f64,
}

/// One launch configuration and the counters the profile holds for it, per warp (a warp's
/// instruction count is a thread's: the models count warp instructions).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Launch {
    pub threads_per_block: f64,
    pub blocks: f64,
    /// Warps launched: the profiler's count, or blocks × ⌈threads per block / 32⌉.
    pub warps: f64,
    /// 0 where the file gives none ([`Launch::registers_known`]).
    pub registers_per_thread: f64,
    /// Static plus dynamic shared memory per block, bytes (0 where the file gives none).
    pub shared_mem_per_block: f64,
    /// Whether the file gives the registers per thread, and the shared memory: a model's
    /// field is not filled with the 0 that stands in for occupancy.
    pub registers_known: bool,
    pub shared_known: bool,
    /// Warp instructions executed per warp, all kinds.
    pub insts_per_warp: Option<f64>,
    /// `insts_per_warp` counts the instructions issued (replays included: an upper estimate
    /// of those executed), as files without an executed count give them.
    pub insts_issued: bool,
    pub loads: Option<Access>,
    pub stores: Option<Access>,
    /// Barrier instructions per warp.
    pub barriers_per_warp: Option<f64>,
    /// Barriers the kernel declares (Nsight Compute's `launch__barrier_count`): 0 says it
    /// passes none; more says it synchronizes, not how often.
    pub barrier_count: Option<f64>,
    /// DRAM bytes moved by the whole launch.
    pub dram_bytes: Option<f64>,
    /// `dram_bytes` is Speed of Light's DRAM Throughput (% of the file's GPU's peak) × the
    /// duration × that peak: the file counts no bytes.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dram_from_throughput: bool,
    /// The L1's and the L2's hit rates of global requests, % (0–100), where the file gives
    /// them (Sim et al.'s cache-aware latency: docs/models.md).
    pub l1_hit_pct: Option<f64>,
    pub l2_hit_pct: Option<f64>,
    /// FP64 warp instructions (add, multiply, fused multiply-add) per warp: they issue at the
    /// compute capability's FP64 rate.
    pub fp64_insts_per_warp: Option<f64>,
    /// Floating-point operations of the whole launch, by precision (an FMA counts two).
    pub flops_fp64: Option<f64>,
    pub flops_fp32: Option<f64>,
    /// The measured duration (median over invocations), seconds.
    pub measured_s: Option<f64>,
    /// `loads` holds every global request, counted from Nsight Compute's Source Counters rule
    /// text (its sectors in all and those in excess), not from a request counter.
    pub requests_from_rule: bool,
    /// The requests are estimated from the transactions and the efficiency (bytes requested
    /// ÷ 128 per coalesced request): the file counts none.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub requests_estimated: bool,
    /// Bytes through the L1 of the whole launch: its global sectors × 32 B, or its busiest
    /// stage's work at the L1's 128 bytes per cycle where the file gives the L1's throughput
    /// (`l1_from_throughput`), whichever is more.
    pub l1_bytes: Option<f64>,
    pub l1_from_throughput: bool,
    /// Bytes the L2 served the L1s (its sectors × 32 B).
    pub l2_bytes: Option<f64>,
    /// The L2's peak as the profiler states it: its sectors' bytes ÷ the duration ÷ their
    /// share of the peak, GB/s (for a GPU no source gives an L2 figure for).
    pub l2_peak_gbs: Option<f64>,
    /// SFU (XU pipe) warp instructions per warp.
    pub sfu_insts_per_warp: Option<f64>,
    /// Speed of Light's Compute (SM) Throughput × the duration: the time the SMs' busiest
    /// unit needed at its peak, where the file counts no instructions.
    pub sm_busy_s: Option<f64>,
    /// The SM clock the file measured at, Hz.
    pub sm_clock_hz: Option<f64>,
}

/// What an input counted from the warp instructions says of them when the file counts those
/// issued, not executed.
pub const ISSUED: &str = "issued (includes replays): an upper estimate";

impl Launch {
    /// `how` for an input counted from the instructions: `how` itself, or with the words
    /// saying the count is of those issued.
    pub fn insts_how(&self, how: &str) -> String {
        if self.insts_issued {
            format!("{how}; the instructions {ISSUED}")
        } else {
            how.to_string()
        }
    }

    /// Global memory instructions (loads and stores) per warp, where the profile counts both.
    pub fn memory_insts_per_warp(&self) -> Option<f64> {
        match (self.loads, self.stores) {
            (Some(l), Some(s)) => Some(l.requests_per_warp + s.requests_per_warp),
            (Some(a), None) | (None, Some(a)) => Some(a.requests_per_warp),
            (None, None) => None,
        }
    }
}

/// Where an input's value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// Read from the file, or counted from what it prints; the text names the metrics.
    Profile,
    /// Computed from the file's values on the device (occupancy, a latency in its cycles);
    /// the text says from what, on which device.
    Computed,
    /// Taken by assumption where the file says nothing: it completes the prediction and is
    /// listed with it; the text says why.
    Assumed,
    /// Not in the file: left for the user to type (or fill from PTX). A prediction with one
    /// of these is incomplete.
    Typed,
}

impl Origin {
    /// Its letter in a share link's `origin=` (`p`, `c`, `a`; `t` is never written there).
    pub fn code(self) -> &'static str {
        match self {
            Origin::Profile => "p",
            Origin::Computed => "c",
            Origin::Assumed => "a",
            Origin::Typed => "t",
        }
    }

    /// The origin a link's letter names (a value's, so never `t`).
    pub fn from_code(code: &str) -> Option<Origin> {
        [Origin::Profile, Origin::Computed, Origin::Assumed]
            .into_iter()
            .find(|o| o.code() == code)
    }
}

/// One field a launch sets (or leaves to the user).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct LaunchInput {
    pub field: &'static str,
    /// The field's text, as in a link; empty for a field left to the user.
    pub text: String,
    pub origin: Origin,
    /// From which counters, or what the user should give.
    pub how: String,
}

impl LaunchInput {
    pub fn profile(field: &'static str, value: f64, how: impl Into<String>) -> LaunchInput {
        LaunchInput {
            field,
            text: crate::format::exact(value),
            origin: Origin::Profile,
            how: how.into(),
        }
    }
    pub fn computed(field: &'static str, value: f64, how: impl Into<String>) -> LaunchInput {
        LaunchInput {
            origin: Origin::Computed,
            ..LaunchInput::profile(field, value, how)
        }
    }
    pub fn assumed(field: &'static str, value: f64, how: impl Into<String>) -> LaunchInput {
        LaunchInput {
            origin: Origin::Assumed,
            ..LaunchInput::profile(field, value, how)
        }
    }
    pub fn typed(field: &'static str, how: impl Into<String>) -> LaunchInput {
        LaunchInput {
            field,
            text: String::new(),
            origin: Origin::Typed,
            how: how.into(),
        }
    }
}

/// How a model takes a profiled launch.
#[derive(Clone, Copy)]
pub struct FromLaunch {
    /// The model's inputs for a launch on a device: every field that describes the kernel,
    /// each from the profile or left to the user.
    pub inputs: fn(&Launch, &Device) -> Vec<LaunchInput>,
    /// What bounds the predicted time, in a few words ("memory (eq. 23)").
    pub bound: fn(&Model, &Evaluation) -> String,
    /// The model's time is a lower bound (the roofline), not a prediction: its ratio is
    /// bound ÷ measured (the same direction as a prediction's), at most 1 where it holds.
    pub lower_bound: bool,
}

/// A 32-byte sector count per request at or below which a request counts as coalesced: a
/// warp's 4- or 8-byte words that fall in one or two 128-byte lines (docs/models.md).
pub const COALESCED_SECTORS: f64 = 8.0;

/// The Nsight Compute metrics that count a kernel's global requests and their sectors, for a
/// message that leaves them to type.
pub const COUNT_REQUESTS: &str = "ncu --page raw (any set with the Memory Workload Analysis tables), or the measured page's recommended ncu command (l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum and …_st.sum with their sectors)";
