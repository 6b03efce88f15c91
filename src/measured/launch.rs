//! A profiled kernel's launch and counters in the models' terms ([`Launch`]): the requests
//! where the file counts them (or states them in Nsight Compute's rule text), the bytes
//! through the L1 and the L2, and the counters a file gives without the launch.

use super::*;

/// The launch's dimensions as the models count them.
pub(super) fn launch_of(k: &ProfiledKernel) -> Option<Launch> {
    let product = |d: [u64; 3]| d.iter().map(|&x| x as f64).product::<f64>();
    let threads_per_block = k.block.map(product).or_else(|| k.metric("block_size"))?;
    let blocks = k.grid.map(product).or_else(|| k.metric("grid_size"))?;
    let shared = k.static_shared_bytes.unwrap_or(0.0) + k.dynamic_shared_bytes.unwrap_or(0.0);
    // Warps launched as the profiler counted them, else blocks × ⌈threads per block / 32⌉.
    let warps = k
        .metric("warps_launched")
        .filter(|w| *w > 0.0)
        .unwrap_or(blocks * (threads_per_block / 32.0).ceil());
    let per_warp = |total: Option<f64>| total.filter(|_| warps > 0.0).map(|t| t / warps);
    let executed = k
        .metric("inst_per_warp")
        .or_else(|| per_warp(k.metric("inst_executed")));
    // Older nvprof metric sets print `inst_issued` alone: replays included, an upper estimate.
    let issued = per_warp(k.metric("inst_issued")).filter(|_| executed.is_none());
    let insts_per_warp = executed.or(issued);
    // A file that counts transactions and their efficiency but no requests (nvprof on Kepler):
    // the bytes requested, 32 per transaction × the efficiency, over 128 per coalesced request
    // (a warp's 32 four-byte words), estimated and said so.
    let mut estimated = false;
    let mut access =
        |requests: &str, sectors: &str, per_request: &str, efficiency: &str| -> Option<Access> {
            let sectors_total = k.metric(sectors);
            let requests = k.metric(requests).or_else(|| {
                let r = sectors_total? * 32.0 * k.metric(efficiency)? / 100.0 / 128.0;
                estimated = true;
                Some(r)
            })?;
            let sectors_per_request = k
                .metric(per_request)
                .or_else(|| {
                    sectors_total
                        .filter(|_| requests > 0.0)
                        .map(|s| s / requests)
                })
                .unwrap_or(4.0);
            Some(Access {
                requests_per_warp: per_warp(Some(requests))?,
                sectors_per_request,
            })
        };
    let dram_bytes = k
        .metric("dram_bytes")
        .or_else(|| Some(k.metric("dram_bytes_per_s")? * k.measured_s()?));
    let mut loads = access(
        "global_load_requests",
        "global_load_sectors",
        "global_load_sectors_per_request",
        "global_load_efficiency_pct",
    );
    let mut stores = access(
        "global_store_requests",
        "global_store_sectors",
        "global_store_sectors_per_request",
        "global_store_efficiency_pct",
    );
    let rule = (loads.is_none() && stores.is_none())
        .then(|| rule_access(k, warps))
        .flatten();
    if let Some((l, s)) = rule {
        (loads, stores) = (Some(l), s);
    }
    let (l1_bytes, l1_from_throughput) = l1_bytes(k);
    Some(Launch {
        threads_per_block,
        blocks,
        warps,
        registers_per_thread: k.registers_per_thread.unwrap_or(0.0),
        shared_mem_per_block: shared,
        registers_known: k.registers_per_thread.is_some(),
        shared_known: k.static_shared_bytes.is_some() || k.dynamic_shared_bytes.is_some(),
        insts_per_warp,
        insts_issued: issued.is_some(),
        loads,
        stores,
        // Neither profiler counts barriers: Nsight Compute has no such metric (none in
        // `ncu --query-metrics`, 2025.3.1 on Hopper), nvprof no such event.
        barriers_per_warp: None,
        barrier_count: k.metric("barrier_count"),
        // Thread instructions: a warp's 32 threads execute one warp instruction.
        fp64_insts_per_warp: per_warp(k.metric("fp64_thread_insts").map(|t| t / 32.0)),
        dram_bytes,
        dram_from_throughput: false,
        // A profiler may print a rate a little over 100 % (an H200's FMA loop: L2 100.96 %).
        l1_hit_pct: k.metric("l1_hit_pct").map(|p| p.clamp(0.0, 100.0)),
        l2_hit_pct: k.metric("l2_hit_pct").map(|p| p.clamp(0.0, 100.0)),
        flops_fp64: k.metric("flops_fp64"),
        flops_fp32: k.metric("flops_fp32"),
        measured_s: k.measured_s(),
        requests_from_rule: rule.is_some(),
        requests_estimated: estimated && rule.is_none(),
        l1_bytes,
        l1_from_throughput,
        l2_bytes: k.metric("l2_sectors").map(|s| s * 32.0),
        // Only from a share large enough to be read to its digits (at least 5 %).
        l2_peak_gbs: k
            .metric("l2_sectors")
            .zip(k.metric("l2_sectors_pct").filter(|p| *p >= 5.0))
            .zip(k.measured_s().filter(|t| *t > 0.0))
            .map(|((s, pct), t)| s * 32.0 / t / (pct / 100.0) / 1e9),
        sfu_insts_per_warp: per_warp(k.metric("sfu_insts")),
        sm_busy_s: k
            .metric("sm_throughput_pct")
            .zip(k.measured_s())
            .map(|(pct, t)| pct / 100.0 * t),
        sm_clock_hz: k.metric("sm_clock_hz").filter(|hz| *hz > 0.0),
    })
}

/// Every global request of a warp from Nsight Compute's rule texts (the details page of
/// `--set full` counts no requests, but its rules state the sectors in words): the Source
/// Counters rule's sectors in all and in excess give the requests, (total − excessive) ÷ 4
/// (a warp's 32 four-byte words fill 4 sectors), and their sectors on average; where the
/// access-pattern rule says how many of each sector's 32 bytes the loads or the stores use,
/// those take 128 ÷ that many sectors per request (the others 4), which splits the requests
/// into loads and stores. Returns (loads, stores).
pub(super) fn rule_access(k: &ProfiledKernel, warps: f64) -> Option<(Access, Option<Access>)> {
    let total = k.metric("rule_global_sectors")?;
    let excessive = k.metric("rule_excessive_sectors").unwrap_or(0.0);
    let requests = (total - excessive) / 4.0 / warps;
    if !(requests > 0.0 && warps > 0.0) {
        return None;
    }
    let average = Access {
        requests_per_warp: requests,
        sectors_per_request: total / (requests * warps),
    };
    let per_request = |key: &str| k.metric(key).map_or(4.0, |bytes| 128.0 / bytes);
    let (s_ld, s_st) = (
        per_request("rule_load_bytes_per_sector"),
        per_request("rule_store_bytes_per_sector"),
    );
    // L·s_ld + S·s_st = the sectors per warp, L + S = the requests.
    let loads = (total / warps - requests * s_st) / (s_ld - s_st);
    let split = (s_ld - s_st).abs() > 1e-9 && loads > 0.0 && loads < requests;
    Some(if split {
        (
            Access {
                requests_per_warp: loads,
                sectors_per_request: s_ld,
            },
            Some(Access {
                requests_per_warp: requests - loads,
                sectors_per_request: s_st,
            }),
        )
    } else {
        (average, None)
    })
}

/// The launch's bytes through the L1: its global sectors × 32 B, or where the file gives the
/// L1's throughput (% of its peak over the SMs' active cycles), that busiest stage's work at
/// the L1's 128 bytes per cycle per SM, whichever is more; and whether the throughput set it.
fn l1_bytes(k: &ProfiledKernel) -> (Option<f64>, bool) {
    let sectors = match (
        k.metric("global_load_sectors"),
        k.metric("global_store_sectors"),
    ) {
        (None, None) => None,
        (a, b) => Some((a.unwrap_or(0.0) + b.unwrap_or(0.0)) * 32.0),
    };
    let busy = || {
        let pct = k.metric("l1_throughput_pct")?;
        let cycles = k.metric("sm_active_cycles")?;
        let sms = k.metric("sms")?;
        Some(pct / 100.0 * cycles * sms * 128.0)
    };
    match (sectors, busy()) {
        (Some(s), Some(b)) if b > s => (Some(b), true),
        (None, Some(b)) => (Some(b), true),
        (s, _) => (s, false),
    }
}

/// The counters a file gives without the launch's dimensions (nvprof's `--events` and
/// `--metrics` tables alone): instructions per warp over the warps the profiler counted, and
/// the DRAM bytes.
pub(super) fn counters_alone(k: &ProfiledKernel) -> Counters {
    let warps = k.metric("warps_launched").filter(|w| *w > 0.0);
    let per_warp = |total: Option<f64>| Some(total? / warps?);
    let dram_bytes = k
        .metric("dram_bytes")
        .or_else(|| Some(k.metric("dram_bytes_per_s")? * k.measured_s()?));
    Counters {
        warps,
        insts_per_warp: k
            .metric("inst_per_warp")
            .or_else(|| per_warp(k.metric("inst_executed")))
            .or_else(|| per_warp(k.metric("inst_issued"))),
        insts_issued: k.metric("inst_per_warp").is_none()
            && k.metric("inst_executed").is_none()
            && k.metric("inst_issued").is_some(),
        dram_bytes,
        achieved_gbs: dram_bytes
            .zip(k.measured_s())
            .filter(|(_, t)| *t > 0.0)
            .map(|(b, t)| b / t / 1e9),
        ..Counters::default()
    }
}

/// The DRAM bytes a file gives only as Speed of Light's "DRAM Throughput" (% of its GPU's
/// peak over the duration, as the default sections print it): that share of `peak_gbs` (the
/// file's GPU's) over the duration. A file that counts bytes keeps them.
pub(super) fn dram_from_throughput(l: &mut Launch, k: &ProfiledKernel, peak_gbs: Option<f64>) {
    if l.dram_bytes.is_some() {
        return;
    }
    let bytes =
        || Some(k.metric("dram_throughput_pct")? / 100.0 * k.measured_s()? * peak_gbs? * 1e9);
    if let Some(b) = bytes().filter(|b| b.is_finite() && *b >= 0.0) {
        l.dram_bytes = Some(b);
        l.dram_from_throughput = true;
    }
}
