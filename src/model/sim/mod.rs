//! Sim, Dasgupta, Kim and Vuduc, "A Performance Analysis Framework for Identifying Potential
//! Benefits in GPGPU Applications", PPoPP'12 — GPUPerf, Hong & Kim's successor (not a seed).
//!
//! One additive form in place of Hong & Kim's eqs. 22–24: computation priced by inter-thread
//! ILP with an issue cap, memory by the average memory access time and memory-level
//! parallelism, and the overlap of the two subtracted. Each function is one of the paper's
//! equations (1)–(17) and (A.1)–(A.7) as we read them (the paper's text was not at hand:
//! the page labels each reading), named after its quantity. Where the formula is Hong & Kim's
//! it is theirs, reused: AMAT's parts, eq. 10's latency of a request of several transactions,
//! eqs. 6–9, 16 and 20.
//!
//! The module by idea:
//! - here: the typed [`Inputs`] and [`Outputs`], one function per equation, and [`evaluate`];
//! - `declaration`: the model as data (fields, outputs, the example, [`MODEL`]) and the glue
//!   from generic params (occupancy fills the active blocks per SM);
//! - `device`: the per-architecture constants with their sources ([`derived`]);
//! - `words`: the readings and the glossary.

mod declaration;
mod device;
mod from_launch;
mod words;

pub use declaration::{EXAMPLES, FIELDS, MODEL, OUTPUTS};
pub use device::{avg_inst_lat, derived, sfu_width, simd_width, transaction_bytes};
pub use words::NOTES;

/// How a profiled launch fills the model's inputs (`crate::measured`; not in [`MODEL`], so the
/// page's bundle leaves it out).
pub const FROM_LAUNCH: Option<super::launch::FromLaunch> = Some(super::launch::FromLaunch {
    inputs: from_launch::inputs,
    bound: from_launch::bound,
    lower_bound: false,
});

use super::hong_kim;
pub use super::hong_kim::MwpLimit;
use super::InputError;

/// The model's inputs, with the names fixed by docs/models.md. Counts are per warp; cycles
/// are SM cycles.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Inputs {
    pub insts: f64,
    pub mem_insts: f64,
    pub sync_insts: f64,
    pub sfu_insts: f64,
    pub threads_per_block: f64,
    pub blocks: f64,
    pub active_sms: f64,
    pub active_blocks_per_sm: f64,
    pub ilp: f64,
    pub mlp: f64,
    pub avg_trans_warp: f64,
    pub l1_hit_pct: f64,
    pub l2_hit_pct: f64,
    pub o_cfdiv: f64,
    pub o_bank: f64,
    pub warp_size: f64,
    pub simd_width: f64,
    pub sfu_width: f64,
    pub avg_inst_lat: f64,
    pub dram_lat: f64,
    pub delta: f64,
    pub l1_lat: f64,
    pub l2_lat: f64,
    pub freq_ghz: f64,
    pub mem_bandwidth_gbs: f64,
    pub transaction_bytes: f64,
    pub gamma: f64,
    /// The L2 limit of (A.6) (an extension, not in the paper); `None` for no L2 limit.
    pub l2_bandwidth_gbs: Option<f64>,
    /// The same limit at the L1 (all SMs' L1s together), for every byte a request moves;
    /// `None` for no L1 limit.
    pub l1_bandwidth_gbs: Option<f64>,
}

impl Inputs {
    /// docs/models.md's first reference: a Fermi-like device, 256 threads × 112 blocks on 14
    /// SMs with 4 active blocks each, 100 instructions of which 10 go to memory.
    pub const REFERENCE: Inputs = Inputs {
        insts: 100.0,
        mem_insts: 10.0,
        sync_insts: 0.0,
        sfu_insts: 0.0,
        threads_per_block: 256.0,
        blocks: 112.0,
        active_sms: 14.0,
        active_blocks_per_sm: 4.0,
        ilp: 1.0,
        mlp: 1.0,
        avg_trans_warp: 1.0,
        l1_hit_pct: 0.0,
        l2_hit_pct: 0.0,
        o_cfdiv: 0.0,
        o_bank: 0.0,
        warp_size: 32.0,
        simd_width: 32.0,
        sfu_width: 4.0,
        avg_inst_lat: 18.0,
        dram_lat: 440.0,
        delta: 20.0,
        l1_lat: 30.0,
        l2_lat: 200.0,
        freq_ghz: 1.15,
        mem_bandwidth_gbs: 144.0,
        transaction_bytes: 128.0,
        gamma: 64.0,
        l2_bandwidth_gbs: None,
        l1_bandwidth_gbs: None,
    };

    /// Every number input by its field name (the optional L2 bandwidth as 0 when absent).
    pub fn named(&self) -> [(&'static str, f64); 29] {
        [
            ("insts", self.insts),
            ("mem_insts", self.mem_insts),
            ("sync_insts", self.sync_insts),
            ("sfu_insts", self.sfu_insts),
            ("threads_per_block", self.threads_per_block),
            ("blocks", self.blocks),
            ("active_sms", self.active_sms),
            ("active_blocks_per_sm", self.active_blocks_per_sm),
            ("ilp", self.ilp),
            ("mlp", self.mlp),
            ("avg_trans_warp", self.avg_trans_warp),
            ("l1_hit_pct", self.l1_hit_pct),
            ("l2_hit_pct", self.l2_hit_pct),
            ("o_cfdiv", self.o_cfdiv),
            ("o_bank", self.o_bank),
            ("warp_size", self.warp_size),
            ("simd_width", self.simd_width),
            ("sfu_width", self.sfu_width),
            ("avg_inst_lat", self.avg_inst_lat),
            ("dram_lat", self.dram_lat),
            ("delta", self.delta),
            ("l1_lat", self.l1_lat),
            ("l2_lat", self.l2_lat),
            ("freq_ghz", self.freq_ghz),
            ("mem_bandwidth_gbs", self.mem_bandwidth_gbs),
            ("transaction_bytes", self.transaction_bytes),
            ("gamma", self.gamma),
            ("l2_bandwidth_gbs", self.l2_bandwidth_gbs.unwrap_or(0.0)),
            ("l1_bandwidth_gbs", self.l1_bandwidth_gbs.unwrap_or(0.0)),
        ]
    }

    /// Every field in range, and no more memory, synchronization or SFU instructions than
    /// instructions, nor more requests in flight than memory instructions.
    pub fn validate(&self) -> Result<(), InputError> {
        for (name, value) in self.named() {
            if (name == "l2_bandwidth_gbs" && self.l2_bandwidth_gbs.is_none())
                || (name == "l1_bandwidth_gbs" && self.l1_bandwidth_gbs.is_none())
            {
                continue;
            }
            if let Some(f) = FIELDS.iter().find(|f| f.name == name) {
                f.check_num(value)?;
            }
        }
        for (name, value) in [
            ("mem_insts", self.mem_insts),
            ("sync_insts", self.sync_insts),
            ("sfu_insts", self.sfu_insts),
        ] {
            if value > self.insts {
                return Err(InputError::new(
                    name,
                    format!(
                        "must be from 0 to insts ({}): a part of a warp's instructions cannot outnumber them",
                        crate::format::num(self.insts)
                    ),
                ));
            }
        }
        if self.mem_insts >= 1.0 && self.mlp > self.mem_insts {
            return Err(InputError::new(
                "mlp",
                format!(
                    "must be from 1 to mem_insts ({}): a warp cannot have more requests in flight than it issues",
                    crate::format::num(self.mem_insts)
                ),
            ));
        }
        Ok(())
    }
}

/// Which part of eq. 1 is the larger: the memory time or the computation time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// T_mem > T_comp.
    Memory,
    /// T_comp ≥ T_mem.
    Computation,
}

impl Bound {
    pub fn word(self) -> &'static str {
        match self {
            Bound::Memory => "memory",
            Bound::Computation => "computation",
        }
    }
}

/// Every intermediate, by its docs/models.md name, and the result.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Outputs {
    pub warps_per_block: f64,
    /// N, active warps per SM (Hong & Kim's eq. 20).
    pub n: f64,
    /// W, warps per SM over the whole launch.
    pub w: f64,
    pub itilp_max: f64,
    pub itilp: f64,
    pub w_parallel: f64,
    pub avg_dram_lat: f64,
    pub amat: f64,
    pub bw_per_warp: f64,
    /// The L2 limit of (A.6), where the L2 bandwidth is given (an extension).
    pub mwp_peak_bw_l2: Option<f64>,
    pub mwp_peak_bw_l1: Option<f64>,
    pub mwp_peak_bw: f64,
    pub mwp: f64,
    pub mwp_limited_by: MwpLimit,
    pub comp_cycles: f64,
    pub mem_cycles: f64,
    pub cwp_full: f64,
    pub cwp: f64,
    pub mwp_cp: f64,
    pub itmlp: f64,
    pub t_mem: f64,
    pub f_sync: f64,
    pub o_sync: f64,
    pub f_sfu: f64,
    pub o_sfu: f64,
    pub w_serial: f64,
    pub t_comp: f64,
    /// ζ of eq. 17: 1 when CWP ≤ MWP.
    pub zeta: f64,
    pub f_overlap: f64,
    pub t_overlap: f64,
    pub t_exec: f64,
    pub time_s: f64,
    pub bound: Bound,
}

/// Eq. 5: the most independent instructions the SM can use, avg_inst_lat / (warp_size /
/// simd_width): enough to cover one instruction's latency at the issue rate.
pub fn itilp_max(avg_inst_lat: f64, warp_size: f64, simd_width: f64) -> f64 {
    avg_inst_lat / (warp_size / simd_width)
}

/// Eq. 4: inter-thread ILP, min(ILP × N, ITILP_max).
pub fn itilp(ilp: f64, n: f64, itilp_max: f64) -> f64 {
    (ilp * n).min(itilp_max)
}

/// Eq. 3: cycles of the parallelizable computation on one SM, insts × W × avg_inst_lat /
/// ITILP, never below the issue rate, insts × W × warp_size / simd_width (our reading).
pub fn w_parallel(
    insts: f64,
    w: f64,
    avg_inst_lat: f64,
    itilp: f64,
    warp_size: f64,
    simd_width: f64,
) -> f64 {
    (insts * w * avg_inst_lat / itilp).max(insts * w * warp_size / simd_width)
}

/// Eq. 13: DRAM latency of a request of `avg_trans_warp` transactions, dram_lat +
/// (avg_trans_warp − 1) × Δ: Hong & Kim's eq. 10 with Δ per transaction.
pub fn avg_dram_lat(dram_lat: f64, avg_trans_warp: f64, delta: f64) -> f64 {
    hong_kim::mem_l_uncoal(dram_lat, avg_trans_warp, delta)
}

/// Eq. 12: the average memory access time, h1 × l1_lat + (1 − h1) × h2 × l2_lat +
/// (1 − h1)(1 − h2) × avg_dram_lat (h = pct / 100; Hong & Kim's AMAT parts).
pub fn amat(l1_hit_pct: f64, l2_hit_pct: f64, l1_lat: f64, l2_lat: f64, avg_dram_lat: f64) -> f64 {
    hong_kim::amat_parts(l1_hit_pct, l2_hit_pct, l1_lat, l2_lat, avg_dram_lat)
        .iter()
        .sum()
}

/// Eq. A.7, our reading: bandwidth one warp uses, GB/s, freq × transaction_bytes ×
/// avg_trans_warp × (1 − h1)(1 − h2) / AMAT: a request moves all its transactions, and only
/// the share that misses both caches reaches DRAM.
pub fn bw_per_warp(
    freq_ghz: f64,
    transaction_bytes: f64,
    avg_trans_warp: f64,
    dram_share: f64,
    amat: f64,
) -> f64 {
    hong_kim::bw_per_warp(
        freq_ghz,
        transaction_bytes * avg_trans_warp,
        dram_share,
        amat,
    )
}

/// Eq. A.6: warps per SM the peak bandwidth serves at once, mem_bandwidth / (bw_per_warp ×
/// active_sms) (Hong & Kim's eq. 6); `unbounded` stands in when no byte reaches DRAM.
pub fn mwp_peak_bw(
    mem_bandwidth_gbs: f64,
    bw_per_warp: f64,
    active_sms: f64,
    unbounded: f64,
) -> f64 {
    hong_kim::mwp_peak_bw(mem_bandwidth_gbs, bw_per_warp, active_sms, unbounded)
}

/// Eq. A.5: MWP = min(avg_dram_lat / Δ, MWP_peak_BW, N), and which term set it.
pub fn mwp(avg_dram_lat: f64, delta: f64, mwp_peak_bw: f64, n: f64) -> (f64, MwpLimit) {
    let without_bw =
        hong_kim::mwp_without_bw(hong_kim::mwp_without_bw_full(avg_dram_lat, delta), n);
    hong_kim::mwp(without_bw, mwp_peak_bw, n)
}

/// Eq. A.3: one warp's computation cycles, insts × avg_inst_lat / ITILP.
pub fn comp_cycles(insts: f64, avg_inst_lat: f64, itilp: f64) -> f64 {
    insts * avg_inst_lat / itilp
}

/// Eq. A.4: one warp's memory waiting cycles, mem_insts × AMAT / MLP.
pub fn mem_cycles(mem_insts: f64, amat: f64, mlp: f64) -> f64 {
    mem_insts * amat / mlp
}

/// Eq. A.2: (mem_cycles + comp_cycles) / comp_cycles, Hong & Kim's eq. 8.
pub use super::hong_kim::cwp_full;

/// Eq. A.1: min(CWP_full, N), Hong & Kim's eq. 9.
pub use super::hong_kim::cwp;

/// Eq. 15: memory warps that overlap while one computes, min(max(1, CWP − 1), MWP).
pub fn mwp_cp(cwp: f64, mwp: f64) -> f64 {
    (cwp - 1.0).max(1.0).min(mwp)
}

/// Eq. 14: memory requests in flight per SM, min(MLP × MWP_cp, MWP_peak_BW).
pub fn itmlp(mlp: f64, mwp_cp: f64, mwp_peak_bw: f64) -> f64 {
    (mlp * mwp_cp).min(mwp_peak_bw)
}

/// Eq. 11: memory cycles of one SM, mem_insts × W × AMAT / ITMLP.
pub fn t_mem(mem_insts: f64, w: f64, amat: f64, itmlp: f64) -> f64 {
    mem_insts * w * amat / itmlp
}

/// Eq. 8: cycles one barrier costs, Γ × avg_dram_lat × mem_insts / insts.
pub fn f_sync(gamma: f64, avg_dram_lat: f64, mem_insts: f64, insts: f64) -> f64 {
    gamma * avg_dram_lat * mem_insts / insts
}

/// Eq. 7: synchronization cycles of one SM, sync_insts × W × F_sync.
pub fn o_sync(sync_insts: f64, w: f64, f_sync: f64) -> f64 {
    sync_insts * w * f_sync
}

/// Eq. 10: the share of SFU instructions the SFUs cannot hide, clamp(sfu_insts / insts −
/// sfu_width / simd_width, 0, 1).
pub fn f_sfu(sfu_insts: f64, insts: f64, sfu_width: f64, simd_width: f64) -> f64 {
    (sfu_insts / insts - sfu_width / simd_width).clamp(0.0, 1.0)
}

/// Eq. 9: SFU cycles of one SM, sfu_insts × W × (warp_size / sfu_width) × F_sfu.
pub fn o_sfu(sfu_insts: f64, w: f64, warp_size: f64, sfu_width: f64, f_sfu: f64) -> f64 {
    sfu_insts * w * (warp_size / sfu_width) * f_sfu
}

/// Eq. 6: the serialized cycles, O_sync + O_SFU + O_CFdiv + O_bank.
pub fn w_serial(o_sync: f64, o_sfu: f64, o_cfdiv: f64, o_bank: f64) -> f64 {
    o_sync + o_sfu + o_cfdiv + o_bank
}

/// Eq. 2: computation cycles of one SM, W_parallel + W_serial.
pub fn t_comp(w_parallel: f64, w_serial: f64) -> f64 {
    w_parallel + w_serial
}

/// Eq. 17: the share of the computation that can hide memory, (N − ζ) / N, with ζ = 1 when
/// CWP ≤ MWP (the warps keep up with memory: one's computation is left exposed), else 0.
/// Returns (F_overlap, ζ).
pub fn f_overlap(n: f64, cwp: f64, mwp: f64) -> (f64, f64) {
    let zeta = if cwp <= mwp { 1.0 } else { 0.0 };
    ((n - zeta) / n, zeta)
}

/// Eq. 16: the cycles computation and memory overlap, min(T_comp × F_overlap, T_mem).
pub fn t_overlap(t_comp: f64, f_overlap: f64, t_mem: f64) -> f64 {
    (t_comp * f_overlap).min(t_mem)
}

/// Eq. 1: the kernel's cycles, T_comp + T_mem − T_overlap.
pub fn t_exec(t_comp: f64, t_mem: f64, t_overlap: f64) -> f64 {
    t_comp + t_mem - t_overlap
}

/// Runs the whole model: eqs. (1)–(17) and (A.1)–(A.7) for one kernel on one machine.
pub fn evaluate(inp: &Inputs) -> Result<Outputs, InputError> {
    inp.validate()?;
    let out = compute(inp);
    // Valid inputs keep every quantity finite; this guards the promise that no NaN or ∞ is
    // ever shown, should a range be loosened.
    if out.values().iter().all(|(_, v)| v.is_finite()) {
        Ok(out)
    } else {
        Err(InputError::new(
            "blocks",
            "these inputs give a value too large to compute; make it smaller",
        ))
    }
}

/// The memory side: eqs. 11–15 and A.4–A.7 (every value [`compute`] needs of it).
struct Memory {
    avg_dram_lat: f64,
    amat: f64,
    bw_per_warp: f64,
    mwp_peak_bw_l2: Option<f64>,
    mwp_peak_bw_l1: Option<f64>,
    mwp_peak_bw: f64,
    mwp: f64,
    mwp_limited_by: MwpLimit,
}

fn memory(inp: &Inputs, n: f64) -> Memory {
    let avg_dram_lat = avg_dram_lat(inp.dram_lat, inp.avg_trans_warp, inp.delta);
    let amat = amat(
        inp.l1_hit_pct,
        inp.l2_hit_pct,
        inp.l1_lat,
        inp.l2_lat,
        avg_dram_lat,
    );
    let dram_share = hong_kim::dram_share(inp.l1_hit_pct, inp.l2_hit_pct);
    let bw_per_warp = bw_per_warp(
        inp.freq_ghz,
        inp.transaction_bytes,
        inp.avg_trans_warp,
        dram_share,
        amat,
    );
    // No bandwidth limit where nothing reaches DRAM: the largest the other bounds can take.
    let unbounded = (avg_dram_lat / inp.delta).max(inp.mlp * n);
    // The extension: the same limit at the L2, for the bytes that miss the L1.
    let mwp_peak_bw_l2 = inp.l2_bandwidth_gbs.map(|l2| {
        let per_warp = bw_per_warp_l2(inp, amat);
        mwp_peak_bw(l2, per_warp, inp.active_sms, unbounded)
    });
    let dram = mwp_peak_bw(
        inp.mem_bandwidth_gbs,
        bw_per_warp,
        inp.active_sms,
        unbounded,
    );
    // And at the L1, for every byte the requests move (the L1 serves the hits too).
    let mwp_peak_bw_l1 = inp.l1_bandwidth_gbs.map(|l1| {
        let per_warp = self::bw_per_warp(
            inp.freq_ghz,
            inp.transaction_bytes,
            inp.avg_trans_warp,
            1.0,
            amat,
        );
        mwp_peak_bw(l1, per_warp, inp.active_sms, unbounded)
    });
    let mwp_peak_bw = [mwp_peak_bw_l2, mwp_peak_bw_l1]
        .into_iter()
        .flatten()
        .fold(dram, f64::min);
    let (mwp, mwp_limited_by) = mwp(avg_dram_lat, inp.delta, mwp_peak_bw, n);
    Memory {
        avg_dram_lat,
        amat,
        bw_per_warp,
        mwp_peak_bw_l2,
        mwp_peak_bw_l1,
        mwp_peak_bw,
        mwp,
        mwp_limited_by,
    }
}

/// The L2 bandwidth one warp uses (the extension of A.6): (A.7) with the share of the bytes
/// that miss the L1, (1 − h1).
fn bw_per_warp_l2(inp: &Inputs, amat: f64) -> f64 {
    let l1_miss = 1.0 - inp.l1_hit_pct / 100.0;
    bw_per_warp(
        inp.freq_ghz,
        inp.transaction_bytes,
        inp.avg_trans_warp,
        l1_miss,
        amat,
    )
}

/// Every equation on validated inputs, every intermediate kept.
fn compute(inp: &Inputs) -> Outputs {
    let warps_per_block = (inp.threads_per_block / inp.warp_size).ceil();
    let n = hong_kim::n(inp.active_blocks_per_sm, warps_per_block);
    let w = inp.blocks * warps_per_block / inp.active_sms;

    let itilp_max = itilp_max(inp.avg_inst_lat, inp.warp_size, inp.simd_width);
    let itilp = itilp(inp.ilp, n, itilp_max);
    let w_parallel = w_parallel(
        inp.insts,
        w,
        inp.avg_inst_lat,
        itilp,
        inp.warp_size,
        inp.simd_width,
    );

    let m = memory(inp, n);
    let comp_cycles = comp_cycles(inp.insts, inp.avg_inst_lat, itilp);
    let mem_cycles = mem_cycles(inp.mem_insts, m.amat, inp.mlp);
    let cwp_full = cwp_full(mem_cycles, comp_cycles);
    let cwp = cwp(cwp_full, n);
    let mwp_cp = mwp_cp(cwp, m.mwp);
    let itmlp = itmlp(inp.mlp, mwp_cp, m.mwp_peak_bw);
    let t_mem = t_mem(inp.mem_insts, w, m.amat, itmlp);

    let f_sync = f_sync(inp.gamma, m.avg_dram_lat, inp.mem_insts, inp.insts);
    let o_sync = o_sync(inp.sync_insts, w, f_sync);
    let f_sfu = f_sfu(inp.sfu_insts, inp.insts, inp.sfu_width, inp.simd_width);
    let o_sfu = o_sfu(inp.sfu_insts, w, inp.warp_size, inp.sfu_width, f_sfu);
    let w_serial = w_serial(o_sync, o_sfu, inp.o_cfdiv, inp.o_bank);
    let t_comp = t_comp(w_parallel, w_serial);

    let (f_overlap, zeta) = f_overlap(n, cwp, m.mwp);
    let t_overlap = t_overlap(t_comp, f_overlap, t_mem);
    let t_exec = t_exec(t_comp, t_mem, t_overlap);
    Outputs {
        warps_per_block,
        n,
        w,
        itilp_max,
        itilp,
        w_parallel,
        avg_dram_lat: m.avg_dram_lat,
        amat: m.amat,
        bw_per_warp: m.bw_per_warp,
        mwp_peak_bw_l2: m.mwp_peak_bw_l2,
        mwp_peak_bw_l1: m.mwp_peak_bw_l1,
        mwp_peak_bw: m.mwp_peak_bw,
        mwp: m.mwp,
        mwp_limited_by: m.mwp_limited_by,
        comp_cycles,
        mem_cycles,
        cwp_full,
        cwp,
        mwp_cp,
        itmlp,
        t_mem,
        f_sync,
        o_sync,
        f_sfu,
        o_sfu,
        w_serial,
        t_comp,
        zeta,
        f_overlap,
        t_overlap,
        t_exec,
        time_s: t_exec / (inp.freq_ghz * 1e9),
        bound: if t_mem > t_comp {
            Bound::Memory
        } else {
            Bound::Computation
        },
    }
}

impl Outputs {
    /// Every numeric output by name, in [`OUTPUTS`] order (the L2 limit as 0 when not given).
    pub fn values(&self) -> [(&'static str, f64); 31] {
        [
            ("warps_per_block", self.warps_per_block),
            ("n", self.n),
            ("w", self.w),
            ("itilp_max", self.itilp_max),
            ("itilp", self.itilp),
            ("w_parallel", self.w_parallel),
            ("avg_dram_lat", self.avg_dram_lat),
            ("amat", self.amat),
            ("bw_per_warp", self.bw_per_warp),
            ("mwp_peak_bw_l2", self.mwp_peak_bw_l2.unwrap_or(0.0)),
            ("mwp_peak_bw_l1", self.mwp_peak_bw_l1.unwrap_or(0.0)),
            ("mwp_peak_bw", self.mwp_peak_bw),
            ("mwp", self.mwp),
            ("comp_cycles", self.comp_cycles),
            ("mem_cycles", self.mem_cycles),
            ("cwp_full", self.cwp_full),
            ("cwp", self.cwp),
            ("mwp_cp", self.mwp_cp),
            ("itmlp", self.itmlp),
            ("t_mem", self.t_mem),
            ("f_sync", self.f_sync),
            ("o_sync", self.o_sync),
            ("f_sfu", self.f_sfu),
            ("o_sfu", self.o_sfu),
            ("w_serial", self.w_serial),
            ("t_comp", self.t_comp),
            ("zeta", self.zeta),
            ("f_overlap", self.f_overlap),
            ("t_overlap", self.t_overlap),
            ("t_exec", self.t_exec),
            ("time_s", self.time_s),
        ]
    }
}
