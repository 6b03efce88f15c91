//! Hong & Kim, "An Analytical Model for a GPU Architecture with Memory-level and Thread-level
//! Parallelism Awareness", ISCA'09 — the MWP-CWP model (seed 002).
//!
//! Each function is one equation of Section 3, named after the quantity it computes and citing
//! the equation number, so the code reads beside the paper. [`evaluate`] walks a kernel
//! through all of them, like the paper's Table 2, and returns every intermediate value.
//! [`Setup`] and [`predict`] put a kernel on a device (occupancy fills active blocks per SM);
//! [`MODEL`] declares it all as data for the registry.
//!
//! The module by idea:
//! - here: the typed [`Inputs`] and [`Outputs`], one function per equation, and [`evaluate`];
//! - `declaration`: the model as data (fields, examples, readings, worked-table rows,
//!   glossary, [`MODEL`]) and the glue between generic params and a typed [`Setup`];
//! - `setup`: a kernel on a device ([`Setup`], [`Prediction`], [`resolve`], [`predict`]);
//! - `sweep`: one input varied over a range ([`sweep`], [`sweep_xs`], [`sweep_changes`]);
//! - `explain`: the prediction in plain words, the what-ifs and every device.

mod declaration;
mod device;
mod explain;
pub(crate) mod from_launch;
mod setup;
mod sim;
mod sweep;
mod words;

pub use declaration::{field, EXAMPLES, FIELDS, GROUPS, MODEL, OUTPUTS};
pub use device::{
    cache_latencies, departure_del_coal_of, departure_del_uncoal_of, derived, issue_cycles,
    issue_cycles_of,
};
pub use explain::{across_devices, what_ifs, WhatIf};
pub use setup::{occupancy_of, predict, resolve, Prediction, Setup};
pub use sim::{amat_parts, dram_share, itmlp, mem_cycles_mlp, mwp_mlp};
pub use sweep::{fixed_work, sweep, sweep_changes, sweep_xs, SweepPoint};
pub use words::{
    NOTES, NOTE_BW_UNITS, NOTE_CACHES, NOTE_MLP, NOTE_MWP_BELOW_ONE, NOTE_NO_DRAM,
    NOTE_NO_ROUNDING, NOTE_ORDER, NOTE_PARTIAL_WARPS, NOTE_TIME,
};

/// How a profiled launch fills the model's inputs (`crate::measured`; not in [`MODEL`], so the
/// page's bundle leaves it out).
pub const FROM_LAUNCH: Option<super::launch::FromLaunch> = Some(super::launch::FromLaunch {
    inputs: from_launch::inputs,
    bound: from_launch::bound,
    lower_bound: false,
});

use super::{InputError, Out, ReadingNote};

/// The model's inputs (the paper's Table 1), with the names fixed by docs/models.md.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Inputs {
    pub threads_per_warp: f64,
    pub issue_cycles: f64,
    pub freq_ghz: f64,
    pub mem_bandwidth_gbs: f64,
    pub mem_ld: f64,
    pub departure_del_uncoal: f64,
    pub departure_del_coal: f64,
    pub threads_per_block: f64,
    pub blocks: f64,
    pub active_sms: f64,
    pub active_blocks_per_sm: f64,
    pub comp_insts: f64,
    pub uncoal_mem_insts: f64,
    pub coal_mem_insts: f64,
    pub synch_insts: f64,
    pub uncoal_per_mw: f64,
    pub load_bytes_per_warp: f64,
    /// MLP: memory requests one warp has in flight at once (Sim et al., PPoPP'12). Not in
    /// Hong & Kim, whose warps wait on one request at a time: 1 keeps the paper's model, and
    /// a link or JSON without it means 1.
    #[serde(default = "one")]
    pub mlp: f64,
    /// Cache-aware memory latency (Sim et al., PPoPP'12; docs/models.md, "Cache-aware memory
    /// latency"): the share of global requests the L1 serves, and of the rest the L2, in %.
    /// Not in Hong & Kim, whose every load goes to DRAM: 0 (the default, and what a link or
    /// JSON without them means) keeps the paper's model exactly.
    #[serde(default)]
    pub l1_hit_pct: f64,
    #[serde(default)]
    pub l2_hit_pct: f64,
    /// L1 and L2 hit latencies, SM cycles (each architecture's published microbenchmarks).
    #[serde(default = "l1_lat_default")]
    pub l1_lat: f64,
    #[serde(default = "l2_lat_default")]
    pub l2_lat: f64,
}

fn one() -> f64 {
    1.0
}

fn l1_lat_default() -> f64 {
    Inputs::TABLE_2.l1_lat
}

fn l2_lat_default() -> f64 {
    Inputs::TABLE_2.l2_lat
}

/// The first 22 [`FIELDS`] are the engine's [`Inputs`], in this order.
const INPUT_COUNT: usize = 22;

impl Inputs {
    /// The paper's Table 2 example: tiled matrix multiply, 80 GB/s, 1 GHz, 16 SMs.
    pub const TABLE_2: Inputs = Inputs {
        threads_per_warp: 32.0,
        issue_cycles: 4.0,
        freq_ghz: 1.0,
        mem_bandwidth_gbs: 80.0,
        mem_ld: 420.0,
        departure_del_uncoal: 10.0,
        departure_del_coal: 4.0,
        threads_per_block: 128.0,
        blocks: 80.0,
        active_sms: 16.0,
        active_blocks_per_sm: 5.0,
        comp_insts: 27.0,
        uncoal_mem_insts: 6.0,
        coal_mem_insts: 0.0,
        synch_insts: 6.0,
        uncoal_per_mw: 32.0,
        load_bytes_per_warp: 128.0,
        mlp: 1.0,
        l1_hit_pct: 0.0,
        l2_hit_pct: 0.0,
        l1_lat: 30.0,
        l2_lat: 200.0,
    };

    /// Every input's value, in [`FIELDS`] order.
    pub fn values(&self) -> [f64; INPUT_COUNT] {
        [
            self.threads_per_warp,
            self.issue_cycles,
            self.freq_ghz,
            self.mem_bandwidth_gbs,
            self.mem_ld,
            self.departure_del_uncoal,
            self.departure_del_coal,
            self.threads_per_block,
            self.blocks,
            self.active_sms,
            self.active_blocks_per_sm,
            self.comp_insts,
            self.uncoal_mem_insts,
            self.coal_mem_insts,
            self.synch_insts,
            self.uncoal_per_mw,
            self.load_bytes_per_warp,
            self.mlp,
            self.l1_hit_pct,
            self.l2_hit_pct,
            self.l1_lat,
            self.l2_lat,
        ]
    }

    /// The value of an input by its docs/models.md name.
    pub fn get(&self, name: &str) -> Option<f64> {
        let i = FIELDS[..INPUT_COUNT].iter().position(|f| f.name == name)?;
        Some(self.values()[i])
    }

    /// Sets an input by its docs/models.md name; returns false for an unknown name.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        let slot = match name {
            "threads_per_warp" => &mut self.threads_per_warp,
            "issue_cycles" => &mut self.issue_cycles,
            "freq_ghz" => &mut self.freq_ghz,
            "mem_bandwidth_gbs" => &mut self.mem_bandwidth_gbs,
            "mem_ld" => &mut self.mem_ld,
            "departure_del_uncoal" => &mut self.departure_del_uncoal,
            "departure_del_coal" => &mut self.departure_del_coal,
            "threads_per_block" => &mut self.threads_per_block,
            "blocks" => &mut self.blocks,
            "active_sms" => &mut self.active_sms,
            "active_blocks_per_sm" => &mut self.active_blocks_per_sm,
            "comp_insts" => &mut self.comp_insts,
            "uncoal_mem_insts" => &mut self.uncoal_mem_insts,
            "coal_mem_insts" => &mut self.coal_mem_insts,
            "synch_insts" => &mut self.synch_insts,
            "uncoal_per_mw" => &mut self.uncoal_per_mw,
            "load_bytes_per_warp" => &mut self.load_bytes_per_warp,
            "mlp" => &mut self.mlp,
            "l1_hit_pct" => &mut self.l1_hit_pct,
            "l2_hit_pct" => &mut self.l2_hit_pct,
            "l1_lat" => &mut self.l1_lat,
            "l2_lat" => &mut self.l2_lat,
            _ => return false,
        };
        *slot = value;
        true
    }

    /// Every field in range, at least one memory instruction (eqs. 13–14 and 22–23 divide by
    /// #Mem_insts), and no more requests in flight than memory instructions.
    pub fn validate(&self) -> Result<(), InputError> {
        for (spec, value) in FIELDS.iter().zip(self.values()) {
            spec.check_num(value)?;
        }
        if self.uncoal_mem_insts + self.coal_mem_insts <= 0.0 {
            return Err(InputError::new(
                "uncoal_mem_insts",
                "uncoal_mem_insts + coal_mem_insts must be at least 1: the model divides by #Mem_insts (eqs. 13, 14, 22, 23)",
            ));
        }
        let mem_insts = self.uncoal_mem_insts + self.coal_mem_insts;
        if self.mlp > mem_insts {
            return Err(InputError::new(
                "mlp",
                format!(
                    "must be from 1 to #Mem_insts ({}): a warp cannot have more requests in flight than it issues",
                    crate::format::num(mem_insts)
                ),
            ));
        }
        Ok(())
    }
}
/// Which of eqs. 22–24 gave `Exec_cycles_app`; serialized as the equation number.

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(into = "u8")]
pub enum Regime {
    /// Eq. 22: MWP = CWP = N — not enough warps to overlap anything more.
    NotEnoughWarps,
    /// Eq. 23: CWP ≥ MWP (or Comp_cycles > Mem_cycles) — memory waits dominate.
    MemoryBound,
    /// Eq. 24: MWP > CWP — computation dominates, memory waits are hidden.
    ComputeBound,
}

impl From<Regime> for u8 {
    fn from(r: Regime) -> u8 {
        r.equation()
    }
}

impl Regime {
    /// The regime in words: "not enough warps", "memory-bound", "compute-bound".
    pub fn words(&self) -> &'static str {
        match self {
            Regime::NotEnoughWarps => "not enough warps",
            Regime::MemoryBound => "memory-bound",
            Regime::ComputeBound => "compute-bound",
        }
    }

    pub fn equation(&self) -> u8 {
        match self {
            Regime::NotEnoughWarps => 22,
            Regime::MemoryBound => 23,
            Regime::ComputeBound => 24,
        }
    }
}

/// Which term of eq. 5's minimum set MWP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MwpLimit {
    /// MWP_Without_BW: Mem_L / Departure_delay — the memory pipeline's departure delays.
    DepartureDelay,
    /// MWP_peak_BW: the DRAM bandwidth shared by the active SMs.
    Bandwidth,
    /// N: there are no more active warps on the SM.
    Warps,
}

impl MwpLimit {
    pub fn name(&self) -> &'static str {
        match self {
            MwpLimit::DepartureDelay => "departure_delay",
            MwpLimit::Bandwidth => "bandwidth",
            MwpLimit::Warps => "warps",
        }
    }
}

/// Every intermediate of the paper's Table 2, plus the result.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Outputs {
    /// Sim et al.'s average memory access time and its three parts (L1 hits, L2 hits, DRAM),
    /// cycles: Mem_LD when nothing hits.
    pub amat: f64,
    pub amat_l1: f64,
    pub amat_l2: f64,
    pub amat_dram: f64,
    /// The share of a memory warp's bytes that reaches DRAM, (1 − h1)(1 − h2).
    pub dram_share: f64,
    pub warps_per_block: f64,
    pub mem_insts: f64,
    pub total_insts: f64,
    pub mem_l_uncoal: f64,
    pub mem_l_coal: f64,
    pub mem_l: f64,
    /// Eq. 12's Mem_L at the DRAM latency (Mem_LD in eqs. 10 and 11), whatever the hit
    /// rates: Sim et al.'s avg_DRAM_lat, which eq. 16 divides by the departure delay.
    pub mem_l_dram: f64,
    pub weight_uncoal: f64,
    pub weight_coal: f64,
    pub departure_delay: f64,
    pub mwp_without_bw_full: f64,
    pub mwp_without_bw: f64,
    pub bw_per_warp: f64,
    pub mwp_peak_bw: f64,
    pub mwp: f64,
    pub itmlp: f64,
    pub mwp_mlp: f64,
    pub mwp_limited_by: MwpLimit,
    pub comp_cycles: f64,
    pub mem_cycles: f64,
    pub mem_cycles_mlp: f64,
    pub cwp_full: f64,
    pub cwp: f64,
    pub n: f64,
    pub rep: f64,
    pub regime: Regime,
    pub exec_cycles_app: f64,
    pub synch_cost: f64,
    pub exec_cycles_with_synch: f64,
    pub cpi: f64,
    pub time_s: f64,
    /// Reading: threads_per_block is not a multiple of the warp size ([`NOTE_PARTIAL_WARPS`]).
    #[serde(skip)]
    pub partial_warps: bool,
    /// The same kernel's time with no cache hits (the paper's model), when any hit rate is
    /// above 0: what the caches saved, for the explanation.
    #[serde(skip)]
    pub time_s_uncached: Option<f64>,
}

/// Eq. 10: latency of one uncoalesced memory warp.
pub fn mem_l_uncoal(mem_ld: f64, uncoal_per_mw: f64, departure_del_uncoal: f64) -> f64 {
    mem_ld + (uncoal_per_mw - 1.0) * departure_del_uncoal
}

/// Eq. 11: latency of one coalesced memory warp.
pub fn mem_l_coal(mem_ld: f64) -> f64 {
    mem_ld
}

/// Eqs. 13 and 14: the weights of uncoalesced and coalesced memory instructions.
pub fn weights(uncoal_mem_insts: f64, coal_mem_insts: f64) -> (f64, f64) {
    let mem_insts = uncoal_mem_insts + coal_mem_insts;
    (uncoal_mem_insts / mem_insts, coal_mem_insts / mem_insts)
}

/// Eq. 12: the weighted memory latency.
pub fn mem_l(mem_l_uncoal: f64, weight_uncoal: f64, mem_l_coal: f64, weight_coal: f64) -> f64 {
    mem_l_uncoal * weight_uncoal + mem_l_coal * weight_coal
}

/// Eq. 15: the weighted departure delay between two memory warps.
pub fn departure_delay(
    departure_del_uncoal: f64,
    uncoal_per_mw: f64,
    weight_uncoal: f64,
    departure_del_coal: f64,
    weight_coal: f64,
) -> f64 {
    departure_del_uncoal * uncoal_per_mw * weight_uncoal + departure_del_coal * weight_coal
}

/// Eq. 16: memory warps in flight if bandwidth and warps were unlimited.
pub fn mwp_without_bw_full(mem_l: f64, departure_delay: f64) -> f64 {
    mem_l / departure_delay
}

/// Eq. 17.
pub fn mwp_without_bw(mwp_without_bw_full: f64, n: f64) -> f64 {
    mwp_without_bw_full.min(n)
}

/// Eq. 7: bandwidth one memory warp consumes, GB/s. `dram_share` is the share of its bytes
/// that reaches DRAM (1 without caches, the paper's eq. 7).
pub fn bw_per_warp(freq_ghz: f64, load_bytes_per_warp: f64, dram_share: f64, mem_l: f64) -> f64 {
    freq_ghz * load_bytes_per_warp * dram_share / mem_l
}

/// Eq. 6: memory warps per SM that saturate the DRAM bandwidth. With no byte reaching DRAM
/// (`bw_per_warp` 0: every request hits a cache) the bandwidth bounds nothing: `unbounded`,
/// the largest value another bound can take, stands in ([`NOTE_NO_DRAM`]).
pub fn mwp_peak_bw(
    mem_bandwidth_gbs: f64,
    bw_per_warp: f64,
    active_sms: f64,
    unbounded: f64,
) -> f64 {
    if bw_per_warp > 0.0 {
        mem_bandwidth_gbs / (bw_per_warp * active_sms)
    } else {
        unbounded
    }
}

/// Eq. 5: MWP, and which of its three bounds set it.
pub fn mwp(mwp_without_bw: f64, mwp_peak_bw: f64, n: f64) -> (f64, MwpLimit) {
    // The paper's MIN; ties go to the earlier term, as in the order of eq. 5. When N is the
    // smallest, eq. 17 already made MWP_Without_BW = N: report warps, the real limit.
    let value = mwp_without_bw.min(mwp_peak_bw).min(n);
    let limit = if value == n {
        MwpLimit::Warps
    } else if value == mwp_without_bw {
        MwpLimit::DepartureDelay
    } else {
        MwpLimit::Bandwidth
    };
    (value, limit)
}

/// Eq. 18: memory waiting cycles of one warp.
pub fn mem_cycles(
    mem_l_uncoal: f64,
    uncoal_mem_insts: f64,
    mem_l_coal: f64,
    coal_mem_insts: f64,
) -> f64 {
    mem_l_uncoal * uncoal_mem_insts + mem_l_coal * coal_mem_insts
}

/// Eq. 19: computation cycles of one warp.
pub fn comp_cycles(issue_cycles: f64, total_insts: f64) -> f64 {
    issue_cycles * total_insts
}

/// Eq. 8.
pub fn cwp_full(mem_cycles: f64, comp_cycles: f64) -> f64 {
    (mem_cycles + comp_cycles) / comp_cycles
}

/// Eq. 9.
pub fn cwp(cwp_full: f64, n: f64) -> f64 {
    cwp_full.min(n)
}

/// Eq. 20: active warps per SM (Table 1 row 12: active blocks × warps per block).
pub fn n(active_blocks_per_sm: f64, warps_per_block: f64) -> f64 {
    active_blocks_per_sm * warps_per_block
}

/// Eq. 21: how many times each SM runs a full set of active blocks.
pub fn rep(blocks: f64, active_blocks_per_sm: f64, active_sms: f64) -> f64 {
    blocks / (active_blocks_per_sm * active_sms)
}

/// The (MWP − 1) of eqs. 22, 23 and 26: warps whose memory wait overlap hides; never below
/// zero (see [`NOTE_MWP_BELOW_ONE`]).
pub fn hidden_warps(mwp: f64) -> f64 {
    (mwp - 1.0).max(0.0)
}

/// Eqs. 22–24 with their conditions, tested in the printed order. `mem_periods` is
/// #Mem_insts (eq. 2's computation periods), or #Mem_insts / MLP when each warp's memory
/// requests overlap `mlp` at a time.
#[allow(clippy::too_many_arguments)]
pub fn exec_cycles_app(
    mwp: f64,
    cwp: f64,
    n: f64,
    mem_cycles: f64,
    comp_cycles: f64,
    mem_periods: f64,
    mem_l: f64,
    rep: f64,
) -> (f64, Regime) {
    let comp_p = comp_cycles / mem_periods; // eq. 2: one computation period
    if mwp == n && cwp == n {
        // Eq. 22
        let per_rep = mem_cycles + comp_cycles + comp_p * hidden_warps(mwp);
        (per_rep * rep, Regime::NotEnoughWarps)
    } else if cwp >= mwp || comp_cycles > mem_cycles {
        // Eq. 23
        let per_rep = mem_cycles * n / mwp + comp_p * hidden_warps(mwp);
        (per_rep * rep, Regime::MemoryBound)
    } else {
        // Eq. 24
        let per_rep = mem_l + comp_cycles * n;
        (per_rep * rep, Regime::ComputeBound)
    }
}

/// Eq. 26: the extra delay of `__syncthreads()`.
pub fn synch_cost(
    departure_delay: f64,
    mwp: f64,
    synch_insts: f64,
    active_blocks_per_sm: f64,
    rep: f64,
) -> f64 {
    departure_delay * hidden_warps(mwp) * synch_insts * active_blocks_per_sm * rep
}

/// Eq. 27.
pub fn exec_cycles_with_synch(exec_cycles_app: f64, synch_cost: f64) -> f64 {
    exec_cycles_app + synch_cost
}

/// Eq. 25: cycles per warp instruction.
pub fn cpi(
    exec_cycles_app: f64,
    total_insts: f64,
    warps_per_block: f64,
    blocks: f64,
    active_sms: f64,
) -> f64 {
    exec_cycles_app / (total_insts * warps_per_block * (blocks / active_sms))
}

/// Runs the whole model: eqs. 5–27 for one kernel on one machine.
pub fn evaluate(inp: &Inputs) -> Result<Outputs, InputError> {
    inp.validate()?;
    evaluate_valid(inp)
}

/// [`evaluate`] for inputs already validated (the sweep validates what a point changes).
fn evaluate_valid(inp: &Inputs) -> Result<Outputs, InputError> {
    let mut out = compute(inp);
    if inp.l1_hit_pct > 0.0 || inp.l2_hit_pct > 0.0 {
        let uncached = Inputs {
            l1_hit_pct: 0.0,
            l2_hit_pct: 0.0,
            ..*inp
        };
        out.time_s_uncached = Some(compute(&uncached).time_s).filter(|t| t.is_finite());
    }
    // Valid inputs keep every quantity finite; this guards the promise that no NaN or ∞ is
    // ever shown, should a range above be loosened.
    if out.values().iter().all(|v| v.is_finite()) {
        Ok(out)
    } else {
        Err(too_large())
    }
}

fn too_large() -> InputError {
    InputError::new(
        "blocks",
        "these inputs give a value too large to compute; make it smaller",
    )
}

/// Sim et al.'s AMAT parts for these inputs ([`amat_parts`]).
#[inline(always)]
fn amat_of(inp: &Inputs) -> [f64; 3] {
    amat_parts(
        inp.l1_hit_pct,
        inp.l2_hit_pct,
        inp.l1_lat,
        inp.l2_lat,
        inp.mem_ld,
    )
}

/// Eq. 12's Mem_L with `latency` in Mem_LD's place in eqs. 10 and 11.
#[inline(always)]
fn mem_l_at(latency: f64, inp: &Inputs, weight_uncoal: f64, weight_coal: f64) -> f64 {
    mem_l(
        mem_l_uncoal(latency, inp.uncoal_per_mw, inp.departure_del_uncoal),
        weight_uncoal,
        mem_l_coal(latency),
        weight_coal,
    )
}

/// Eqs. 5–27 on validated inputs, every intermediate kept. Inlined into callers, so a caller
/// that reads only the time (the sweep chart) lets the compiler drop what it does not read.
#[inline(always)]
fn compute(inp: &Inputs) -> Outputs {
    let exact_warps = inp.threads_per_block / inp.threads_per_warp;
    let warps_per_block = exact_warps.ceil();
    let partial_warps = warps_per_block != exact_warps;
    let mem_insts = inp.uncoal_mem_insts + inp.coal_mem_insts;
    let total_insts = inp.comp_insts + mem_insts; // Table 1 row 13

    let [amat_l1, amat_l2, amat_dram] = amat_of(inp);
    let amat = amat_l1 + amat_l2 + amat_dram;
    let dram_share = dram_share(inp.l1_hit_pct, inp.l2_hit_pct);
    // Sim et al.: the average memory access time in Mem_LD's place (= Mem_LD at 0 % hits).
    let mem_l_uncoal = mem_l_uncoal(amat, inp.uncoal_per_mw, inp.departure_del_uncoal);
    let mem_l_coal = mem_l_coal(amat);
    let (weight_uncoal, weight_coal) = weights(inp.uncoal_mem_insts, inp.coal_mem_insts);
    let mem_l = mem_l(mem_l_uncoal, weight_uncoal, mem_l_coal, weight_coal);
    let departure_delay = departure_delay(
        inp.departure_del_uncoal,
        inp.uncoal_per_mw,
        weight_uncoal,
        inp.departure_del_coal,
        weight_coal,
    );
    let n = n(inp.active_blocks_per_sm, warps_per_block);
    // Sim et al.: the departure delay spaces the requests that go to DRAM, so the warps
    // whose requests overlap are counted at the DRAM latency (= Mem_L at 0 % hits).
    let mem_l_dram = mem_l_at(inp.mem_ld, inp, weight_uncoal, weight_coal);
    let mwp_without_bw_full = mwp_without_bw_full(mem_l_dram, departure_delay);
    let mwp_without_bw = mwp_without_bw(mwp_without_bw_full, n);
    let bw_per_warp = bw_per_warp(inp.freq_ghz, inp.load_bytes_per_warp, dram_share, mem_l);
    let mwp_peak_bw = mwp_peak_bw(
        inp.mem_bandwidth_gbs,
        bw_per_warp,
        inp.active_sms,
        mwp_without_bw_full.max(inp.mlp * n),
    );
    let (mwp, _) = mwp(mwp_without_bw, mwp_peak_bw, n);
    let (itmlp, mwp_limited_by) = itmlp(inp.mlp, n, mwp_without_bw_full, mwp_peak_bw);
    let mwp_mlp = mwp_mlp(itmlp, inp.mlp);

    let comp_cycles = comp_cycles(inp.issue_cycles, total_insts);
    let mem_cycles = mem_cycles(
        mem_l_uncoal,
        inp.uncoal_mem_insts,
        mem_l_coal,
        inp.coal_mem_insts,
    );
    let mem_cycles_mlp = mem_cycles_mlp(mem_cycles, inp.mlp);
    let cwp_full = cwp_full(mem_cycles_mlp, comp_cycles);
    let cwp = cwp(cwp_full, n);
    let rep = rep(inp.blocks, inp.active_blocks_per_sm, inp.active_sms);

    let (exec_cycles_app, regime) = exec_cycles_app(
        mwp_mlp,
        cwp,
        n,
        mem_cycles_mlp,
        comp_cycles,
        mem_insts / inp.mlp,
        mem_l,
        rep,
    );
    let synch_cost = synch_cost(
        departure_delay,
        mwp_mlp,
        inp.synch_insts,
        inp.active_blocks_per_sm,
        rep,
    );
    let exec_cycles_with_synch = exec_cycles_with_synch(exec_cycles_app, synch_cost);
    let cpi = cpi(
        exec_cycles_app,
        total_insts,
        warps_per_block,
        inp.blocks,
        inp.active_sms,
    );
    let time_s = exec_cycles_with_synch / (inp.freq_ghz * 1e9);

    Outputs {
        amat,
        amat_l1,
        amat_l2,
        amat_dram,
        dram_share,
        warps_per_block,
        mem_insts,
        total_insts,
        mem_l_uncoal,
        mem_l_coal,
        mem_l,
        mem_l_dram,
        weight_uncoal,
        weight_coal,
        departure_delay,
        mwp_without_bw_full,
        mwp_without_bw,
        bw_per_warp,
        mwp_peak_bw,
        mwp,
        itmlp,
        mwp_mlp,
        mwp_limited_by,
        comp_cycles,
        mem_cycles,
        mem_cycles_mlp,
        cwp_full,
        cwp,
        n,
        rep,
        regime,
        exec_cycles_app,
        synch_cost,
        exec_cycles_with_synch,
        cpi,
        time_s,
        partial_warps,
        time_s_uncached: None,
    }
}

/// How many numbers [`Outputs::values`] holds: the worked table's numeric rows before the
/// launch overhead's.
pub const OUTPUT_COUNT: usize = 33;

impl Outputs {
    /// Every numeric output's value, in [`OUTPUTS`] order.
    pub fn values(&self) -> [f64; OUTPUT_COUNT] {
        [
            self.warps_per_block,
            self.n,
            self.mem_insts,
            self.total_insts,
            self.weight_uncoal,
            self.weight_coal,
            self.departure_delay,
            self.amat_l1,
            self.amat_l2,
            self.amat_dram,
            self.amat,
            self.mem_l_uncoal,
            self.mem_l_coal,
            self.mem_l,
            self.mem_l_dram,
            self.mwp_without_bw_full,
            self.mwp_without_bw,
            self.bw_per_warp,
            self.mwp_peak_bw,
            self.mwp,
            self.itmlp,
            self.mwp_mlp,
            self.comp_cycles,
            self.mem_cycles,
            self.mem_cycles_mlp,
            self.cwp_full,
            self.cwp,
            self.rep,
            self.exec_cycles_app,
            self.synch_cost,
            self.exec_cycles_with_synch,
            self.cpi,
            self.time_s,
        ]
    }

    /// The readings that applied to this evaluation.
    pub fn notes(&self) -> Vec<ReadingNote> {
        let mut notes = vec![NOTE_ORDER, NOTE_NO_ROUNDING, NOTE_BW_UNITS, NOTE_TIME];
        if self.partial_warps {
            notes.push(NOTE_PARTIAL_WARPS);
        }
        if self.mwp_mlp < 1.0 {
            notes.push(NOTE_MWP_BELOW_ONE);
        }
        if self.mem_cycles_mlp != self.mem_cycles {
            notes.push(NOTE_MLP);
        }
        if self.amat_dram != self.amat {
            notes.push(NOTE_CACHES);
        }
        if self.dram_share == 0.0 {
            notes.push(NOTE_NO_DRAM);
        }
        notes
    }

    /// Every output in [`OUTPUTS`] order, for the generic worked table and the CLI.
    pub fn outs(&self) -> Vec<Out> {
        let mut all: Vec<Out> = self
            .values()
            .iter()
            .map(|v| Out::num(super::clean(*v)))
            .collect();
        all.push(Out::num(f64::from(self.regime.equation())));
        all.push(Out::word(self.mwp_limited_by.name()));
        all
    }

    /// Every numeric output by name, in [`OUTPUTS`] order.
    pub fn numbers(&self) -> Vec<(&'static str, f64)> {
        OUTPUTS.iter().map(|o| o.name).zip(self.values()).collect()
    }

    /// A numeric output by its docs/models.md name.
    pub fn number(&self, name: &str) -> Option<f64> {
        let i = OUTPUTS.iter().position(|o| o.name == name)?;
        self.values().get(i).copied()
    }
}
