//! Sim et al.'s constants the device record does not hold but its compute capability and Hong
//! & Kim's constants give: the SIMD and SFU widths, the dependent-instruction latency, the
//! departure delay Δ with its transaction size, and Γ. Each carries its source.

use crate::devices::{estimate, fp32_per_clock, measured, paper, sfu_per_clock, vendor};
use crate::devices::{Device, Sourced};
use crate::model::hong_kim;

/// FP32 lanes per SM (the SIMD width of eq. 5): the FP32 results per clock per SM.
pub fn simd_width(cc: (u8, u8)) -> Sourced<f64> {
    vendor(
        fp32_per_clock(cc),
        "FP32 results per clock per SM (CUDA C++ Programming Guide, arithmetic instruction throughput)",
    )
}

/// SFU results per clock per SM (eqs. 9–10).
pub fn sfu_width(cc: (u8, u8)) -> Sourced<f64> {
    vendor(
        sfu_per_clock(cc),
        "FP32 reciprocal, rsqrt, log2, exp2, sin, cos results per clock per SM (CUDA C++ Programming Guide, arithmetic instruction throughput)",
    )
}

/// Cycles of a dependent FP32 fused multiply-add, by architecture, from published
/// microbenchmarks (an estimate where a generation has none).
pub fn avg_inst_lat(cc: (u8, u8)) -> Sourced<f64> {
    match cc {
        (1, 3) => measured(
            24.0,
            "Wong et al., “Demystifying GPU Microarchitecture through Microbenchmarking”, ISPASS 2010: about 24 cycles of dependent arithmetic on the GT200",
        ),
        (1, _) => estimate(24.0, "assumed as the GT200's 24 cycles (Wong et al., ISPASS 2010)"),
        (2, _) => estimate(
            18.0,
            "about 18 cycles of dependent FP32 arithmetic on Fermi, the value Sim et al.'s Fermi reference takes: between the GT200's 24 (Wong et al., ISPASS 2010) and Kepler's 9; no per-instruction Fermi measurement found",
        ),
        (3, _) => measured(9.0, ARAFA),
        (5, _) | (6, _) => measured(6.0, ARAFA),
        (7, 5) => measured(
            4.0,
            "Jia et al., “Dissecting the NVidia Turing T4 GPU via Microbenchmarking”, 2019 (T4)",
        ),
        (7, _) => measured(
            4.0,
            "Jia et al., “Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking”, 2018 (V100)",
        ),
        (8, _) => measured(
            4.0,
            "Abdelkhalik et al., “Demystifying the Nvidia Ampere Architecture through Microbenchmarking and Instruction-level Analysis”, HPEC 2022: mad.rn.f32 4 cycles (A100)",
        ),
        (9, _) => measured(
            4.0,
            "Luo et al., “Benchmarking and Dissecting the Nvidia Hopper GPU Architecture”, IPDPS 2024; Jarmusch et al. 2025: FP32 fma 4 cycles on the H100",
        ),
        _ => estimate(
            4.0,
            "assumed as Hopper's 4 cycles (Jarmusch et al. 2025 measure an FP32 fma at 4 cycles on the RTX 5080 as on the H100)",
        ),
    }
}

const ARAFA: &str = "Arafa et al., “Low Overhead Instruction Latency Characterization for NVIDIA GPGPUs”, HPEC 2019, Table IV: dependent FP32 mul/add (Kepler 9, Maxwell and Pascal 6)";

/// The bytes one transaction moves: a coalesced warp's 128 bytes on every architecture
/// (Fermi's cache line; four 32-byte sectors from CC 5.0). A request touching more is
/// `avg_trans_warp` of them (sectors ÷ 4), each one Δ apart: with Δ the device's delay per
/// 128 bytes, MWP = avg_DRAM_lat / Δ counts requests, as the paper's Fermi warps.
pub fn transaction_bytes(cc: (u8, u8)) -> Sourced<f64> {
    if cc.0 >= 5 {
        vendor(
            128.0,
            "a coalesced warp's 128 bytes: four 32-byte sectors (CUDA C++ Programming Guide, global memory, compute capability 5.x and later)",
        )
    } else {
        vendor(
            128.0,
            "128-byte cache lines (CUDA C++ Programming Guide, global memory, compute capability 2.x and 3.x)",
        )
    }
}

/// Δ, the departure delay between two 128-byte transactions of one SM: Hong & Kim's coalesced
/// delay, as the device has it (from its sustained bandwidth where no paper gives it).
pub fn delta(d: &Device, _cc: (u8, u8)) -> Option<Sourced<f64>> {
    let key = "departure_del_coal";
    d.constant(key).or_else(|| hong_kim::derived(d, key))
}

/// Γ of eq. 8: Sim et al.'s value on Fermi; on Hopper, measured on the known kernels that
/// synchronize (docs/validation.md, "Sim et al.'s synchronization term"); elsewhere Hopper's,
/// as an estimate.
pub fn gamma(cc: (u8, u8)) -> Sourced<f64> {
    match cc.0 {
        1 | 2 => paper(64.0, "Sim et al., PPoPP'12: Γ = 64 on Fermi"),
        9 => measured(HOPPER_GAMMA, HOPPER_GAMMA_SRC),
        _ => estimate(
            HOPPER_GAMMA,
            "Hopper's 0.2 (measured on an H100's known kernels that synchronize), not measured on this architecture; Sim et al.'s Fermi 64 gives a barrier the cost of many DRAM accesses",
        ),
    }
}

/// Γ on Hopper: the value that puts the H100's known kernels that synchronize on their
/// measured times with their barriers counted from the source (reduce_shared, 9 per warp:
/// 0.1; sgemm_tiled, 256: 0.45; transpose_tiled, 1: any value up to 0.5), their geometric
/// middle.
pub const HOPPER_GAMMA: f64 = 0.2;
const HOPPER_GAMMA_SRC: &str = "fitted on an H100 (Nsight Compute 2025.3, ../shared/profiles/known-h100): reduce_shared 0.1, sgemm_tiled 0.45, transpose_tiled ≤ 0.5, with their barriers from the source; Sim et al.'s Fermi 64 puts them 20–100× over their measured times";

/// Sim et al.'s derivations by key ([`crate::model::Model::derive`]); the L1 and L2 latencies
/// are Hong & Kim's (the same microbenchmarks).
pub fn derived(d: &Device, key: &str) -> Option<Sourced<f64>> {
    let cc = d.compute_capability?.value;
    match key {
        "simd_width" => Some(simd_width(cc)),
        "sfu_width" => Some(sfu_width(cc)),
        "avg_inst_lat" => Some(avg_inst_lat(cc)),
        "transaction_bytes" => Some(transaction_bytes(cc)),
        "delta" => delta(d, cc),
        "gamma" => Some(gamma(cc)),
        "l1_lat" | "l2_lat" => hong_kim::derived(d, key),
        // The L2's peak (A.6's extension), the figure the roofline's L2 level takes.
        "l2_bandwidth_gbs" | "l1_bandwidth_gbs" => crate::model::roofline::derived(d, key),
        // (A.6)'s bandwidth where the device has no sustained measurement: its peak.
        "stream_bandwidth_gbs" => Some(vendor(
            d.mem_bandwidth_gbs.value,
            "no sustained measurement: the peak bandwidth",
        )),
        _ => None,
    }
}
