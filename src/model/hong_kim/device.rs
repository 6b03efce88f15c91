//! Hong & Kim's constants the device record does not hold but its other values give
//! (docs/models.md, "Device constants"): the issue cycles from the compute capability, and the
//! departure delays from the measured sustained bandwidth (`stream_bandwidth_gbs`).

use crate::devices::{estimate, fp32_per_clock, measured, paper, vendor, Device, Sourced};

/// Hong & Kim's Issue_cycles on a compute capability: the SM cycles one warp instruction
/// takes to issue, 32 threads ÷ the FP32 results per clock per SM (4 on the paper's 8-lane
/// SMs, 0.25 on a 128-lane SM that issues four warp instructions per cycle).
pub fn issue_cycles(cc: (u8, u8)) -> Sourced<f64> {
    let cycles = 32.0 / fp32_per_clock(cc);
    if cc.0 == 1 {
        paper(
            cycles,
            "Hong & Kim, Table 1: 4 cycles (a warp of 32 threads on 8 SP cores)",
        )
    } else {
        vendor(
            cycles,
            "32 threads ÷ the FP32 results per clock per SM of the compute capability (CUDA C++ Programming Guide, arithmetic instruction throughput)",
        )
    }
}

/// The `issue_cycles` field's value on a device without one: from its compute capability.
pub fn issue_cycles_of(d: &Device) -> Option<Sourced<f64>> {
    d.compute_capability.map(|c| issue_cycles(c.value))
}

const DEPARTURE_COAL_READING: &str = "read from the measured bandwidth: 128 bytes of a coalesced warp ÷ one SM's share of the measured bandwidth per SM cycle";
const DEPARTURE_UNCOAL_READING: &str = "read from the measured bandwidth: one 32-byte transaction ÷ one SM's share of the measured bandwidth per SM cycle";

/// `bytes` over one SM's share of the device's measured bandwidth per SM cycle, to 0.01
/// cycle (the form shows the value as it is).
fn departure(d: &Device, bytes: f64, why: &'static str) -> Option<Sourced<f64>> {
    let stream = d.constant("stream_bandwidth_gbs")?;
    let per_sm_cycle = stream.value / (f64::from(d.sms.value) * d.clock_ghz.value);
    Some(estimate(
        (bytes / per_sm_cycle * 100.0).round() / 100.0,
        why,
    ))
}

/// Departure_del_coal from the measured bandwidth: a 128-byte memory warp.
pub fn departure_del_coal_of(d: &Device) -> Option<Sourced<f64>> {
    departure(d, 128.0, DEPARTURE_COAL_READING)
}

/// Departure_del_uncoal from the measured bandwidth: one 32-byte transaction.
pub fn departure_del_uncoal_of(d: &Device) -> Option<Sourced<f64>> {
    departure(d, 32.0, DEPARTURE_UNCOAL_READING)
}

/// An architecture's L1 and L2 hit latencies in SM cycles, from published pointer-chase
/// microbenchmarks (docs/devices.md, "Cache latencies"); `None` on CC 1.x, whose SMs cache no
/// global loads. A compute capability no one has measured takes its nearest measured
/// relative's figures, and says so.
pub fn cache_latencies(cc: (u8, u8)) -> Option<[Sourced<f64>; 2]> {
    let m = |(l1, l2): (f64, f64), src: &'static str| Some([measured(l1, src), measured(l2, src)]);
    let e = |(l1, l2): (f64, f64), why: &'static str| Some([estimate(l1, why), estimate(l2, why)]);
    match cc {
        (1, _) => None,
        (2, _) => m(
            (96.0, 351.0),
            "Mei & Chu, IEEE TPDS 2017, Fig. 14 (GTX 560 Ti)",
        ),
        (3, _) => m((35.0, 200.0), JIA_VOLTA_K80),
        (5, _) => m((82.0, 207.0), JIA_VOLTA_M60),
        (6, 0) => m((82.0, 234.0), JIA_VOLTA_P100),
        (6, _) => m((82.0, 216.0), JIA_VOLTA_P4),
        (7, 0) | (7, 2) => m((28.0, 193.0), JIA_VOLTA_V100),
        (7, _) => m((32.0, 188.0), "Jia et al. 2019, Table 3.1 (T4)"),
        (8, 0) => m(A100, A100_SRC),
        (8, 9) => m(ADA, ADA_SRC),
        (8, _) => e(
            A100,
            "assumed as the A100's (Abdelkhalik et al., 2022): no GA10x measurement",
        ),
        (9, _) => m(HOPPER, HOPPER_SRC),
        (12, _) => e(
            ADA,
            "assumed as Ada's (Luo et al., IPDPS 2024): no consumer-Blackwell measurement",
        ),
        _ => e(
            HOPPER,
            "assumed as Hopper's (Luo et al., IPDPS 2024): no Blackwell measurement",
        ),
    }
}

const JIA_VOLTA_K80: &str = "Jia et al. 2018, Table 3.1 (K80)";
const JIA_VOLTA_M60: &str = "Jia et al. 2018, Table 3.1 (M60)";
const JIA_VOLTA_P100: &str = "Jia et al. 2018, Table 3.1 (P100)";
const JIA_VOLTA_P4: &str = "Jia et al. 2018, Table 3.1 (P4)";
const JIA_VOLTA_V100: &str = "Jia et al. 2018, Table 3.1 (V100)";
const A100: (f64, f64) = (33.0, 200.0);
const A100_SRC: &str = "Abdelkhalik et al. 2022 (A100)";
const ADA: (f64, f64) = (43.4, 273.0);
const ADA_SRC: &str = "Luo et al., IPDPS 2024, Table IV (RTX 4090)";
const HOPPER: (f64, f64) = (40.7, 263.0);
const HOPPER_SRC: &str = "Luo et al., IPDPS 2024, Table IV (H800 PCIe)";

/// The `l1_lat` and `l2_lat` fields' values on a device: its architecture's measured latencies.
pub fn l1_lat_of(d: &Device) -> Option<Sourced<f64>> {
    cache_latencies(d.compute_capability?.value).map(|[l1, _]| l1)
}

pub fn l2_lat_of(d: &Device) -> Option<Sourced<f64>> {
    cache_latencies(d.compute_capability?.value).map(|[_, l2]| l2)
}

/// Hong & Kim's derivations by key ([`crate::model::Model::derive`]).
pub fn derived(d: &Device, key: &str) -> Option<Sourced<f64>> {
    match key {
        "l1_lat" => l1_lat_of(d),
        "l2_lat" => l2_lat_of(d),
        "issue_cycles" => issue_cycles_of(d),
        "departure_del_coal" => departure_del_coal_of(d),
        "departure_del_uncoal" => departure_del_uncoal_of(d),
        _ => None,
    }
}
