//! Hong & Kim's inputs from a profiled launch (docs/models.md, "Measured kernels").
//!
//! The launch gives the block, grid, registers and shared memory as they are. The counters
//! give the instruction mix per warp (a thread's count: the model counts warp instructions):
//! a request whose sectors fall in one or two 128-byte lines ([`COALESCED_SECTORS`]) is
//! coalesced, one 128-byte memory warp per four sectors; a request touching more is one
//! uncoalesced memory warp of as many 32-byte transactions as it touched sectors.

use crate::devices::Device;
use crate::model::launch::{Launch, LaunchInput, COALESCED_SECTORS};
use crate::model::{Evaluation, Model};

/// The fields that describe the kernel, each from the profile or left to the user.
pub fn inputs(l: &Launch, device: &Device) -> Vec<LaunchInput> {
    let mut set = launch_inputs(l);
    let requests = memory_inputs(l, &mut set);
    // Sim et al.'s cache hits, where the file gives them (else none: the paper's model).
    set.extend(hit_rates(l));
    set.extend(overfetch(l, device));
    set.push(barrier_input(l));
    set.extend(straight_line_mlp(l, &set));
    if let Some(input) = issue_cycles_of_mix(l, device) {
        set.push(input);
    }
    set.push(comp_input(l, requests));
    set
}

/// The launch as it is: block, grid, registers and shared memory (these two left to type
/// where the file does not print them).
pub(crate) fn launch_inputs(l: &Launch) -> Vec<LaunchInput> {
    vec![
        LaunchInput::profile("threads_per_block", l.threads_per_block, "block size"),
        LaunchInput::profile("blocks", l.blocks, "grid size"),
        if l.registers_known {
            LaunchInput::profile(
                "registers_per_thread",
                l.registers_per_thread,
                "registers per thread",
            )
        } else {
            LaunchInput::typed(
                "registers_per_thread",
                "registers per thread: not in the file (ncu's Launch Statistics section)",
            )
        },
        if l.shared_known {
            LaunchInput::profile(
                "shared_mem_per_block",
                l.shared_mem_per_block,
                "static + dynamic shared memory per block",
            )
        } else {
            LaunchInput::typed(
                "shared_mem_per_block",
                "shared memory per block: not in the file (ncu's Launch Statistics section)",
            )
        },
    ]
}

/// The global memory requests per warp, by coalescing: the fields they fill, and the requests
/// the warp's computation excludes (`None` when the file counts none). Never estimated from
/// the DRAM bytes, which count what missed the caches, not what the kernel asked for.
fn memory_inputs(l: &Launch, set: &mut Vec<LaunchInput>) -> Option<f64> {
    // Memory warps per warp, by coalescing.
    let (mut coal, mut uncoal, mut uncoal_sectors) = (0.0, 0.0, 0.0);
    for a in [l.loads, l.stores].into_iter().flatten() {
        if a.sectors_per_request <= COALESCED_SECTORS {
            coal += a.requests_per_warp * (a.sectors_per_request / 4.0).max(1.0);
        } else {
            uncoal += a.requests_per_warp;
            uncoal_sectors += a.requests_per_warp * a.sectors_per_request;
        }
    }
    let requests = l.memory_insts_per_warp();
    if requests.is_none() {
        set.push(LaunchInput::typed(
            "coal_mem_insts",
            format!("global memory requests per warp: not in the file; fill from PTX, or profile with {}", crate::model::launch::COUNT_REQUESTS),
        ));
        set.push(LaunchInput::typed(
            "uncoal_mem_insts",
            "uncoalesced requests per warp: not in the file",
        ));
        return None;
    }
    let rule = if l.requests_from_rule {
        "from ncu's rule text (Source Counters: the sectors the threads' bytes needed, total − excessive, at 4 per request; the sectors per request on average): "
    } else if l.requests_estimated {
        "estimated, the file counting no requests: its transactions × 32 B × their efficiency, the bytes requested, ÷ 128 B per coalesced request; "
    } else {
        ""
    };
    let input = |field, value, how: String| {
        if l.requests_estimated {
            LaunchInput::computed(field, value, how)
        } else {
            LaunchInput::profile(field, value, how)
        }
    };
    set.push(input(
        "coal_mem_insts",
        coal.round(),
        format!("{rule}global load and store requests per warp whose sectors per request are at most 8 (four sectors per memory warp)"),
    ));
    set.push(input(
        "uncoal_mem_insts",
        uncoal.round(),
        format!("{rule}global requests per warp touching more than 8 sectors"),
    ));
    if uncoal > 0.0 {
        set.push(input(
            "uncoal_per_mw",
            (uncoal_sectors / uncoal).round().clamp(1.0, 1024.0),
            format!("{rule}sectors per uncoalesced request"),
        ));
    }
    requests
}

/// `synch_insts`: counted, declared, or assumed 0, each said so.
pub(crate) fn barrier_input(l: &Launch) -> LaunchInput {
    match (l.barriers_per_warp, l.barrier_count) {
        (Some(b), _) => LaunchInput::profile("synch_insts", b.round(), "barrier instructions per warp"),
        // No counter for barriers in the file: none assumed, said with the prediction.
        // Nsight Compute has no barrier counter (none in `ncu --query-metrics --chip gh100`,
        // 2025.3.1); PTX's bar.sync counts fill the field on the model page.
        (None, Some(n)) if n <= 0.0 => LaunchInput::profile(
            "synch_insts",
            0.0,
            "0 barriers: the kernel declares none (launch__barrier_count 0)",
        ),
        (None, Some(n)) => LaunchInput::assumed(
            "synch_insts",
            n.round(),
            format!(
                "{} per warp, assumed: the kernel declares {} (launch__barrier_count), each taken as passed once; the file counts no executions (fill from PTX for the loop trips)",
                crate::format::num(n.round()),
                crate::format::count(n.round(), "barrier")
            ),
        ),
        (None, None) => LaunchInput::assumed("synch_insts", 0.0, "the file counts no barriers"),
    }
}

/// `comp_insts`: the warp's instructions less its requests and barriers.
fn comp_input(l: &Launch, requests: Option<f64>) -> LaunchInput {
    match l.insts_per_warp {
        Some(insts) => {
            let other = requests.unwrap_or(0.0) + l.barriers_per_warp.unwrap_or(0.0);
            LaunchInput::profile(
                "comp_insts",
                (insts - other).max(0.0).round(),
                l.insts_how("instructions per warp less its global memory requests and barriers"),
            )
        }
        None => LaunchInput::typed(
            "comp_insts",
            "instructions per warp: profile with the Instruction Statistics section, or fill from PTX",
        ),
    }
}

/// The hit rates, where the file gives any: as the profiler measured them, or, where the file
/// also counts the requests and the DRAM bytes, the rates that send exactly the file's DRAM
/// bytes to DRAM (docs/models.md, "Cache-aware memory latency"). A profiler's L2 hit rate
/// counts a store that hits the L2 as a hit, yet its bytes reach DRAM when the line is written
/// back, and nvprof's L1 rate on Pascal counts sectors a request never used; the DRAM bytes
/// are what reached DRAM. The file's L1 rate is kept where it leaves room for them, and the L2
/// rate is what the DRAM share (1 − h1)(1 − h2) then asks for.
pub(crate) fn hit_rates(l: &Launch) -> Vec<LaunchInput> {
    if l.l1_hit_pct.is_none() && l.l2_hit_pct.is_none() {
        // No counters of memory at all: the requests are to type, and the rates with them.
        if l.memory_insts_per_warp().is_none() {
            return Vec::new();
        }
        // No rates, but the requests' bytes and the DRAM's: the share that reached DRAM says
        // how many hit a cache, which one it cannot say. Counted as the L2's (the slower:
        // the time errs long, never short).
        if let Some(share) = dram_per_requested(l).map(|r| r.min(1.0)) {
            let pct = crate::format::significant(share * 100.0, 3);
            return vec![
                LaunchInput::assumed(
                    "l1_hit_pct",
                    0.0,
                    "0: the file gives no hit rates, and the hits below are counted at the L2's latency (the slower)",
                ),
                LaunchInput::computed(
                    "l2_hit_pct",
                    ((1.0 - share) * 10_000.0).round() / 100.0,
                    format!("the file's DRAM bytes are {pct} % of the bytes its requests asked for: the rest hit a cache (the file gives no hit rates: ncu's l1tex__t_sector_hit_rate.pct, lts__t_sector_hit_rate.pct)"),
                ),
            ];
        }
        // The paper's model: every request goes to DRAM. Said with the prediction, since a
        // kernel that reuses data then comes out slower than it runs.
        return ["l1_hit_pct", "l2_hit_pct"]
            .map(|f| {
                LaunchInput::assumed(
                    f,
                    0.0,
                    "0 (the paper's model, every request to DRAM): the file gives no hit rates (ncu: l1tex__t_sector_hit_rate.pct, lts__t_sector_hit_rate.pct)",
                )
            })
            .into();
    }
    let round = |pct: f64| (pct * 100.0).round() / 100.0;
    let measured_l1 = |h: f64| {
        LaunchInput::profile(
            "l1_hit_pct",
            round(h),
            "the L1 hit rate the profiler measured (ncu's L1/TEX Hit Rate, nvprof's global_hit_rate)",
        )
    };
    let measured_l2 = |h: f64| {
        LaunchInput::profile(
            "l2_hit_pct",
            round(h),
            "the L2 hit rate the profiler measured (ncu's L2 Hit Rate, nvprof's L2 hit rates of reads and writes)",
        )
    };
    let Some(share) = dram_per_requested(l).map(|r| r.min(1.0)) else {
        return l
            .l1_hit_pct
            .map(measured_l1)
            .into_iter()
            .chain(l.l2_hit_pct.map(measured_l2))
            .collect();
    };
    let (h1, h2) = (l.l1_hit_pct.unwrap_or(0.0), l.l2_hit_pct);
    let l1 = (h1 / 100.0).min(1.0 - share);
    let l2 = if l1 < 1.0 {
        1.0 - share / (1.0 - l1)
    } else {
        0.0
    };
    let sig = |x: f64| crate::format::significant(x, 3);
    let pct = sig(share * 100.0);
    let l1_input = if l1 * 100.0 < h1 {
        LaunchInput::computed(
            "l1_hit_pct",
            round(l1 * 100.0),
            format!("the file's DRAM bytes are {pct} % of the bytes its requests asked for, so at most {} % of them hit the L1 (the profiler measured {} %)", sig(l1 * 100.0), sig(h1)),
        )
    } else {
        measured_l1(h1)
    };
    let measured = match h2 {
        Some(h) if h > l2 * 100.0 => format!(
            "; the profiler's {} % counts stores that hit the L2, whose lines still reach DRAM",
            sig(h)
        ),
        Some(h) => format!("; the profiler measured {} %", sig(h)),
        None => String::new(),
    };
    vec![
        l1_input,
        LaunchInput::computed(
            "l2_hit_pct",
            round(l2 * 100.0).clamp(0.0, 100.0),
            format!("what sends the file's DRAM bytes to DRAM: they are {pct} % of the bytes requested, so (1 − h1)(1 − h2) = {pct} %{measured}"),
        ),
    ]
}

/// The file's DRAM bytes over the bytes its global requests asked for (32 per sector touched),
/// where the file counts both.
pub(crate) fn dram_per_requested(l: &Launch) -> Option<f64> {
    let requested: f64 = [l.loads, l.stores]
        .into_iter()
        .flatten()
        .map(|a| a.requests_per_warp * a.sectors_per_request * 32.0)
        .sum();
    l.dram_bytes
        .filter(|_| requested > 0.0 && l.warps > 0.0)
        .map(|bytes| bytes / (l.warps * requested))
}

/// The departure delays where the file moved more DRAM bytes than its requests asked for (a
/// Hopper's DRAM reads 64 bytes for a 32-byte sector a scattered request touches): the
/// device's delays are the sustained bandwidth's per 128 and 32 requested bytes, so each
/// counts the bytes that reached DRAM (docs/models.md, "Cache-aware memory latency").
fn overfetch(l: &Launch, device: &Device) -> Vec<LaunchInput> {
    let Some(ratio) = dram_per_requested(l).filter(|r| *r > 1.05) else {
        return Vec::new();
    };
    let times = crate::format::significant(ratio, 3);
    ["departure_del_coal", "departure_del_uncoal"]
        .into_iter()
        .filter_map(|key| {
            let delay = device.constant(key).or_else(|| super::device::derived(device, key))?;
            Some(LaunchInput::computed(
                key,
                (delay.value * ratio * 100.0).round() / 100.0,
                format!("the {}'s {} cycles × {times}: the file's DRAM bytes are {times} times the bytes its requests asked for", device.name, crate::format::num(delay.value)),
            ))
        })
        .collect()
}

/// The most instructions per warp of a kernel read as straight-line code (no loop to repeat
/// its loads): the known kernels' vector add has 20, its tiled transpose 41.
pub const STRAIGHT_LINE_INSTS: f64 = 64.0;

/// Sim et al.'s MLP for a short kernel, assumed: a warp of at most [`STRAIGHT_LINE_INSTS`]
/// instructions has no loop, so its loads are issued back to back before their first use (the
/// PTX panel's reading of MLP, "loads before their first use"), and each is in flight at
/// once: MLP = its load memory warps (its memory warps where the file does not split loads
/// from stores). A longer kernel keeps the paper's 1.
fn straight_line_mlp(l: &Launch, set: &[LaunchInput]) -> Option<LaunchInput> {
    let insts = l.insts_per_warp.filter(|i| *i <= STRAIGHT_LINE_INSTS)?;
    let value = |field: &str| {
        set.iter()
            .find(|i| i.field == field)?
            .text
            .parse::<f64>()
            .ok()
    };
    let loads = match l.loads {
        Some(a) if a.sectors_per_request <= COALESCED_SECTORS => {
            a.requests_per_warp * (a.sectors_per_request / 4.0).max(1.0)
        }
        Some(a) => a.requests_per_warp,
        None => value("coal_mem_insts")? + value("uncoal_mem_insts").unwrap_or(0.0),
    }
    .round();
    (loads >= 2.0).then(|| {
        LaunchInput::assumed(
            "mlp",
            loads.min(256.0),
            format!(
                "{} instructions per warp: no loop, so its {} memory warps of loads are issued before their first use and wait together (Sim et al.'s MLP)",
                crate::format::num(insts.round()),
                crate::format::num(loads)
            ),
        )
    })
}

/// Issue_cycles for the kernel's instruction mix, where the file counts FP64 instructions
/// and the device's compute capability issues them slower than FP32: each warp instruction
/// at 32 ÷ its results per clock per SM, weighted by the mix (the device's Issue_cycles is the
/// FP32 rate's, Hong & Kim's one cost for every instruction).
pub(crate) fn issue_cycles_of_mix(l: &Launch, device: &Device) -> Option<LaunchInput> {
    let cc = device.compute_capability?.value;
    let (fp64, insts) = (l.fp64_insts_per_warp?, l.insts_per_warp?);
    let (fp32_rate, fp64_rate) = (
        crate::devices::fp32_per_clock(cc),
        crate::devices::fp64_per_clock(cc)?,
    );
    if !(fp64 > 0.0 && insts > 0.0 && fp64_rate < fp32_rate) {
        return None;
    }
    let fp64 = fp64.min(insts);
    let cycles = (fp64 * 32.0 / fp64_rate + (insts - fp64) * 32.0 / fp32_rate) / insts;
    Some(LaunchInput::computed(
        "issue_cycles",
        (cycles * 1e4).round() / 1e4,
        format!(
            "the instruction mix on the {}: {} FP64 of {} instructions per warp at 32 ÷ {} FP64 results per clock per SM, the rest at 32 ÷ {} (CUDA C++ Programming Guide)",
            device.name,
            crate::format::num(fp64.round()),
            crate::format::num(insts.round()),
            fp64_rate,
            fp32_rate
        ),
    ))
}

/// The regime in words, with its equation: "memory-bound (eq. 23)".
pub fn bound(_model: &Model, e: &Evaluation) -> String {
    e.detail
        .get::<(super::Setup, super::Prediction)>()
        .map(|(_, p)| {
            let o = &p.outputs;
            format!("{} (eq. {})", o.regime_words(), o.regime.equation())
        })
        .unwrap_or_default()
}
