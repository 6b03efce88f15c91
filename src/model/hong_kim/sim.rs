//! Sim, Dasgupta, Kim and Vuduc's extensions of MWP-CWP (PPoPP'12; not in Hong & Kim):
//! memory-level parallelism, a warp's several requests in flight (docs/models.md, "MLP"), and
//! the cache-aware average memory latency (docs/models.md, "Cache-aware memory latency").
//! With MLP 1 and both hit rates 0 every function gives back the paper's quantity.

use super::MwpLimit;

/// Sim et al.'s average memory access time (not in Hong & Kim; docs/models.md, "Cache-aware
/// memory latency"), as its three parts: h1·L1_lat, (1 − h1)·h2·L2_lat and
/// (1 − h1)(1 − h2)·Mem_LD, with h the hit rates as fractions. It takes Mem_LD's place in
/// eqs. 10 and 11; with both hit rates 0 it is Mem_LD.
pub fn amat_parts(
    l1_hit_pct: f64,
    l2_hit_pct: f64,
    l1_lat: f64,
    l2_lat: f64,
    mem_ld: f64,
) -> [f64; 3] {
    let (h1, h2) = (l1_hit_pct / 100.0, l2_hit_pct / 100.0);
    [
        h1 * l1_lat,
        (1.0 - h1) * h2 * l2_lat,
        dram_share(l1_hit_pct, l2_hit_pct) * mem_ld,
    ]
}

/// The share of requested bytes that misses both caches and reaches DRAM, (1 − h1)(1 − h2):
/// only these bytes use the DRAM bandwidth of eqs. 6–7.
pub fn dram_share(l1_hit_pct: f64, l2_hit_pct: f64) -> f64 {
    (1.0 - l1_hit_pct / 100.0) * (1.0 - l2_hit_pct / 100.0)
}

/// Memory requests in flight per SM when each warp has `mlp` of them (docs/models.md, "MLP"),
/// and which bound set it: ITMLP = min(MWP_Without_BW_full, MWP_peak_BW, MLP × N). Sim et
/// al.'s ITMLP = min(MLP × MWP, MWP_peak_BW) with the departure delay counted per memory
/// warp, as Hong & Kim define it (§3.3): a warp's MLP requests still leave the SM one
/// Departure_delay apart, so only N is multiplied. With `mlp` = 1 it is eq. 5's MWP, with
/// the same bound.
pub fn itmlp(mlp: f64, n: f64, mwp_without_bw_full: f64, mwp_peak_bw: f64) -> (f64, MwpLimit) {
    let warps = mlp * n;
    let value = mwp_without_bw_full.min(mwp_peak_bw).min(warps);
    let limit = if value == warps {
        MwpLimit::Warps
    } else if value == mwp_without_bw_full {
        MwpLimit::DepartureDelay
    } else {
        MwpLimit::Bandwidth
    };
    (value, limit)
}

/// The MWP of eqs. 22–24 and 26 with `mlp` requests per warp: warps whose memory periods
/// overlap, ITMLP / MLP. Each warp takes `mlp` shares of the bandwidth, so the bandwidth
/// serves `mlp` times fewer warps; with `mlp` = 1 it is MWP.
pub fn mwp_mlp(itmlp: f64, mlp: f64) -> f64 {
    itmlp / mlp
}

/// One warp's memory waiting with its `mlp` requests overlapped: Mem_cycles / MLP, the
/// memory time of eqs. 8, 22 and 23 (Sim et al.'s T_mem divides by ITMLP).
pub fn mem_cycles_mlp(mem_cycles: f64, mlp: f64) -> f64 {
    mem_cycles / mlp
}
