//! Hong & Kim's constants the device record does not hold but its other values give
//! (docs/models.md, "Device constants"): the issue cycles from the compute capability, and the
//! departure delays from the measured sustained bandwidth (`stream_bandwidth_gbs`).

use crate::devices::{estimate, fp32_per_clock, paper, vendor, Device, Sourced};

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

/// Hong & Kim's derivations by key ([`crate::model::Model::derive`]).
pub fn derived(d: &Device, key: &str) -> Option<Sourced<f64>> {
    match key {
        "issue_cycles" => issue_cycles_of(d),
        "departure_del_coal" => departure_del_coal_of(d),
        "departure_del_uncoal" => departure_del_uncoal_of(d),
        _ => None,
    }
}
