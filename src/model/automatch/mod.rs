//! Helal, Feng, Jung and Hanafy, "AutoMatch: An Automated Framework for Relative Performance
//! Estimation and Workload Distribution on Heterogeneous HPC Systems", IISWC 2017 (seed 004).
//!
//! A sequential program's profile — its ASAP schedule of floating-point operations (D levels,
//! w_i operations at level i), its instruction mix, the operations that vectorize, its memory
//! transfers (Q_f to the fast on-chip memory, Q_s to the slow off-chip one) and its global
//! synchronizations S — is priced on each architecture of the paper's abstract machine
//! (§II-A: n_p cores of π_0 FLOP/s sharing a fully associative LRU fast memory of Z bytes in
//! lines of L bytes): computation (eq. 3), memory (eq. 4) and synchronization (eq. 5). The
//! architectures are ranked by the total, and work is split between them in proportion to
//! their speed (§II-D2). The readings (f_im for code without additions or multiplications, f_v
//! for code that does not vectorize, hits below the capacity, the split) are
//! docs/models.md's, section "AutoMatch".

use crate::devices::Device;

mod declaration;
pub use declaration::{heat2d_q, Automatch, MODEL};

/// The keys of an architecture's Table I values on a device record (docs/models.md names).
pub const ARCH_KEYS: [&str; 10] = [
    "np",
    "pi0_gflops",
    "z_mb",
    "l_bytes",
    "beta_f_gbs",
    "alpha_f_us",
    "beta_s_gbs",
    "alpha_s_us",
    "s0_us",
    "vector_width",
];

/// One architecture of the abstract machine: the paper's Table I row.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Arch {
    /// n_p: cores.
    pub np: f64,
    /// π_0: peak floating-point throughput of one core, GFLOPS.
    pub pi0_gflops: f64,
    /// Z: the fast memory, MB (2^20 B).
    pub z_mb: f64,
    /// L: the transfer (line) size, bytes.
    pub l_bytes: f64,
    /// β_f, α_f: fast memory bandwidth (GB/s) and latency (µs).
    pub beta_f_gbs: f64,
    pub alpha_f_us: f64,
    /// β_s, α_s: slow memory bandwidth (GB/s) and latency (µs).
    pub beta_s_gbs: f64,
    pub alpha_s_us: f64,
    /// s_0: one global synchronization, µs.
    pub s0_us: f64,
    /// The SIMD width in doubles (1 on GPUs): the reading of eq. 2.
    pub vector_width: f64,
}

impl Arch {
    /// The architecture a device record carries (its `automatch` constants), if any.
    pub fn of(d: &Device) -> Option<Arch> {
        let v = |k: &str| d.constant(k).map(|c| c.value);
        Some(Arch {
            np: v("np")?,
            pi0_gflops: v("pi0_gflops")?,
            z_mb: v("z_mb")?,
            l_bytes: v("l_bytes")?,
            beta_f_gbs: v("beta_f_gbs")?,
            alpha_f_us: v("alpha_f_us")?,
            beta_s_gbs: v("beta_s_gbs")?,
            alpha_s_us: v("alpha_s_us")?,
            s0_us: v("s0_us")?,
            vector_width: v("vector_width")?,
        })
    }

    /// The value under one of [`ARCH_KEYS`].
    pub fn get(&self, key: &str) -> Option<f64> {
        Some(match key {
            "np" => self.np,
            "pi0_gflops" => self.pi0_gflops,
            "z_mb" => self.z_mb,
            "l_bytes" => self.l_bytes,
            "beta_f_gbs" => self.beta_f_gbs,
            "alpha_f_us" => self.alpha_f_us,
            "beta_s_gbs" => self.beta_s_gbs,
            "alpha_s_us" => self.alpha_s_us,
            "s0_us" => self.s0_us,
            "vector_width" => self.vector_width,
            _ => return None,
        })
    }

    /// Sets the value under one of [`ARCH_KEYS`]; false for another key.
    pub fn set(&mut self, key: &str, value: f64) -> bool {
        let slot = match key {
            "np" => &mut self.np,
            "pi0_gflops" => &mut self.pi0_gflops,
            "z_mb" => &mut self.z_mb,
            "l_bytes" => &mut self.l_bytes,
            "beta_f_gbs" => &mut self.beta_f_gbs,
            "alpha_f_us" => &mut self.alpha_f_us,
            "beta_s_gbs" => &mut self.beta_s_gbs,
            "alpha_s_us" => &mut self.alpha_s_us,
            "s0_us" => &mut self.s0_us,
            "vector_width" => &mut self.vector_width,
            _ => return false,
        };
        *slot = value;
        true
    }

    /// The fast memory's capacity in lines, C = ⌊Z · 2^20 / L⌋ (docs/models.md).
    pub fn capacity_lines(&self) -> u64 {
        (self.z_mb * 1_048_576.0 / self.l_bytes).floor() as u64
    }
}

/// The work profile: w_i per level, as runs (w, how many consecutive levels have it). Eq. 3
/// does not depend on the levels' order, so runs lose nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Levels(pub Vec<(f64, u64)>);

impl Levels {
    /// Levels from w_1, w_2, … in order, equal neighbours merged into runs.
    pub fn from_counts(ws: impl IntoIterator<Item = f64>) -> Levels {
        Levels(crate::field::runs_of(ws))
    }

    /// D: the number of levels that hold operations (a schedule cleared to zero operations
    /// has no critical path: T_comp and the latency term of T_mem are then 0, not one
    /// level's worth).
    pub fn depth(&self) -> u64 {
        self.0.iter().filter(|r| r.0 > 0.0).map(|r| r.1).sum()
    }

    /// W: the operations of all levels.
    pub fn work(&self) -> f64 {
        self.0.iter().map(|&(w, n)| w * n as f64).sum()
    }
}

/// The application's profile (§II-C): the ASAP schedule, the instruction mix, vectorization,
/// memory transfers and global synchronizations.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub levels: Levels,
    /// W_add: additions and subtractions; W_mul: multiplications.
    pub w_add: f64,
    pub w_mul: f64,
    /// W_vec: operations that vectorize.
    pub w_vec: f64,
    /// Q_f, Q_s: transfers to the fast memory and between fast and slow memory.
    pub q_f: f64,
    pub q_s: f64,
    /// S: global synchronization points.
    pub s: f64,
}

/// Eq. 1: the instruction-mix factor f_im = (W_add + W_mul) / (2 · max(W_add, W_mul)); 1 for
/// code with neither (docs/models.md's reading: eq. 1 is then 0/0).
pub fn f_im(w_add: f64, w_mul: f64) -> f64 {
    let max = w_add.max(w_mul);
    if max <= 0.0 {
        1.0
    } else {
        (w_add + w_mul) / (2.0 * max)
    }
}

/// Eq. 2 as docs/models.md reads it: f_v = max(W_vec / W, 1 / vector_width). Printed, f_v =
/// W_vec / W is 0 for code that does not vectorize and eq. 3 divides by it.
pub fn f_v(w_vec: f64, w: f64, vector_width: f64) -> f64 {
    let printed = if w > 0.0 { w_vec / w } else { 0.0 };
    printed.max(1.0 / vector_width).min(1.0)
}

/// Eq. 3: T_comp = D / π_0 + Σ_i w_i / (min(w_i, n_p) · π_0 · f_v · f_im), seconds, with π_0
/// in FLOP/s per core.
pub fn t_comp(levels: &Levels, np: f64, pi0_flops: f64, f_v: f64, f_im: f64) -> f64 {
    let d = levels.depth() as f64;
    let parallel: f64 = levels
        .0
        .iter()
        .filter(|(w, _)| *w > 0.0)
        .map(|&(w, n)| n as f64 * w / (w.min(np) * pi0_flops * f_v * f_im))
        .sum();
    d / pi0_flops + parallel
}

/// Eq. 4: T_mem = (α_f + α_s) · D + (Q_f / β_f + Q_s / β_s) · L, seconds (α in s, β in B/s,
/// L in bytes).
#[allow(clippy::too_many_arguments)]
pub fn t_mem(
    alpha_f_s: f64,
    alpha_s_s: f64,
    d: f64,
    q_f: f64,
    q_s: f64,
    beta_f_bps: f64,
    beta_s_bps: f64,
    l_bytes: f64,
) -> f64 {
    (alpha_f_s + alpha_s_s) * d + (q_f / beta_f_bps + q_s / beta_s_bps) * l_bytes
}

/// Eq. 5: T_syn = S · s_0, seconds.
pub fn t_syn(s: f64, s0_s: f64) -> f64 {
    s * s0_s
}

/// Which of the three times dominates an architecture's total (Fig. 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bottleneck {
    Computation,
    Memory,
    Synchronization,
}

impl Bottleneck {
    pub fn id(self) -> &'static str {
        match self {
            Bottleneck::Computation => "computation",
            Bottleneck::Memory => "memory",
            Bottleneck::Synchronization => "synchronization",
        }
    }
}

/// One architecture's execution cost (§II-D1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    pub f_im: f64,
    pub f_v: f64,
    pub t_comp_s: f64,
    pub t_mem_s: f64,
    pub t_syn_s: f64,
    /// T_comp + T_mem + T_syn.
    pub t_total_s: f64,
    pub bottleneck: Bottleneck,
}

/// Eqs. 1–5 on one architecture.
pub fn cost(a: &Arch, p: &Profile) -> Cost {
    let fim = f_im(p.w_add, p.w_mul);
    let fv = f_v(p.w_vec, p.levels.work(), a.vector_width);
    let tc = t_comp(&p.levels, a.np, a.pi0_gflops * 1e9, fv, fim);
    let tm = t_mem(
        a.alpha_f_us * 1e-6,
        a.alpha_s_us * 1e-6,
        p.levels.depth() as f64,
        p.q_f,
        p.q_s,
        a.beta_f_gbs * 1e9,
        a.beta_s_gbs * 1e9,
        a.l_bytes,
    );
    let ts = t_syn(p.s, a.s0_us * 1e-6);
    let bottleneck = if tc >= tm && tc >= ts {
        Bottleneck::Computation
    } else if tm >= ts {
        Bottleneck::Memory
    } else {
        Bottleneck::Synchronization
    };
    Cost {
        f_im: fim,
        f_v: fv,
        t_comp_s: tc,
        t_mem_s: tm,
        t_syn_s: ts,
        t_total_s: tc + tm + ts,
        bottleneck,
    }
}

/// Each architecture's rank by total time, 1 the fastest (ties share the better rank).
pub fn ranks(totals: &[f64]) -> Vec<u32> {
    totals
        .iter()
        .map(|t| 1 + totals.iter().filter(|u| *u < t).count() as u32)
        .collect()
}

/// §II-D2: each architecture's share of the work, proportional to 1 / t_total (a cost ratio
/// of 3 to 1 gives the faster 3/4).
pub fn shares(totals: &[f64]) -> Vec<f64> {
    let speed: f64 = totals.iter().map(|t| 1.0 / t).sum();
    totals.iter().map(|t| (1.0 / t) / speed).collect()
}

/// The split run's time: every architecture finishes its share together, 1 / Σ(1 / t_total).
pub fn t_combined(totals: &[f64]) -> f64 {
    1.0 / totals.iter().map(|t| 1.0 / t).sum::<f64>()
}

/// The even split's time (the paper's "default" distribution, Fig. 11): each of the n
/// architectures gets 1/n of the work, and the slowest decides, max t_total / n.
pub fn t_even(totals: &[f64]) -> f64 {
    totals.iter().copied().fold(0.0, f64::max) / totals.len() as f64
}

/// No profiled launch gives what the model takes (a matrix and its reference time, a
/// program's profile): [`crate::measured`] leaves it out.
pub const FROM_LAUNCH: Option<super::launch::FromLaunch> = None;
