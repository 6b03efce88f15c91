//! Luo & Suda's inputs from a profiled launch (docs/models.md, "Measured kernels").
//!
//! A warp's work becomes one calculate period repeated once per global memory request: its
//! computation, the warp's other instructions at Table 1's cheapest cost (`other`, 22 cycles:
//! the costs the validation uses) shared evenly between the requests, and one memory access of
//! t_mem cycles. N_act and the active blocks come from warpsight's occupancy of the launch,
//! and `rep` is the requests per warp times the rounds of blocks (`blocks ÷ (active blocks
//! per SM × SMs used)`). D_mem and N_trans follow the sectors per request: 32 bytes per
//! sector over a warp's 32 threads, one 128-byte transaction per four sectors. The measured
//! time is T_test, so eq. 14's accuracy is the comparison itself.

use crate::devices::Device;
use crate::model::launch::{Launch, LaunchInput};
use crate::model::occupancy::{self, KernelResources};
use crate::model::ptx::CostTable;
use crate::model::{Evaluation, Model};

/// The fields that describe the kernel, each from the profile or left to the user.
pub fn inputs(l: &Launch, device: &Device) -> Vec<LaunchInput> {
    let mut set = Vec::new();
    let occ = device.compute_capability.and_then(|cc| {
        let k = KernelResources {
            threads_per_block: l.threads_per_block as u32,
            registers_per_thread: l.registers_per_thread as u32,
            shared_mem_per_block: l.shared_mem_per_block as u32,
        };
        occupancy::occupancy(cc.value.0, cc.value.1, &k).ok()
    });
    let Some(occ) = occ else {
        set.push(LaunchInput::typed(
            "n_act",
            "active warps per SM: this launch does not fit the device",
        ));
        return set;
    };
    let on = format!("warpsight's occupancy of the launch on the {}", device.name);
    set.push(LaunchInput::computed(
        "n_act",
        f64::from(occ.active_warps_per_sm).clamp(1.0, 64.0),
        format!("active warps per SM: {on}"),
    ));
    set.push(LaunchInput::profile("blocks", l.blocks, "grid size"));
    set.push(LaunchInput::computed(
        "active_blocks_per_sm",
        f64::from(occ.active_blocks_per_sm),
        on,
    ));
    // No request counts: the periods are to type (never derived from the DRAM bytes, which
    // count what missed the caches, not what the kernel asked for).
    let (Some(insts), Some(requests)) = (l.insts_per_warp, l.memory_insts_per_warp()) else {
        set.push(LaunchInput::typed(
            "periods",
            format!("the instruction mix per warp is not in the file: fill the periods from PTX, or profile with {}", crate::model::launch::COUNT_REQUESTS),
        ));
        return set;
    };
    let t_mem = super::t_mem_of(device).map_or(200.0, |c| c.value);
    let comp = (insts - requests - l.barriers_per_warp.unwrap_or(0.0)).max(0.0);
    // Each other instruction at the cheapest cost of the device's table: the GTX 260's 22
    // cycles (Table 1), or the architecture's measured latency of an add.
    let (costs, costs_from) = CostTable::for_device(device).unwrap_or((
        CostTable::GTX260,
        "Luo & Suda, Table 1 (the GTX 260's)".to_string(),
    ));
    let other = costs.other;
    let cycles = comp * other;
    let rounds = l.blocks
        / (f64::from(occ.active_blocks_per_sm) * f64::from(device.sms.value).min(l.blocks));
    let (period, rep) = if requests >= 1.0 {
        (
            format!("{}:{}", round2(cycles / requests), round2(t_mem)),
            round2(requests * rounds),
        )
    } else {
        (format!("{}:0", round2(cycles)), round2(rounds))
    };
    set.push(LaunchInput {
        field: "periods",
        text: period,
        origin: crate::model::launch::Origin::Computed,
        how: l.insts_how(&format!("one period per global request: the other instructions per warp at {} cycles each ({costs_from}), shared between the requests, then t_mem ({} cycles on the {})", crate::format::num(other), round2(t_mem), device.name)),
    });
    set.push(LaunchInput::computed(
        "rep",
        rep,
        "global requests per warp × blocks ÷ (active blocks per SM × SMs used)",
    ));
    let (mut sectors, mut reqs) = (0.0, 0.0);
    for a in [l.loads, l.stores].into_iter().flatten() {
        sectors += a.sectors_per_request * a.requests_per_warp;
        reqs += a.requests_per_warp;
    }
    if reqs > 0.0 {
        let per_request = sectors / reqs;
        set.push(LaunchInput::profile(
            "d_mem",
            round2(per_request.clamp(0.0, 1024.0)),
            "32 bytes per sector × sectors per request ÷ 32 threads",
        ));
        set.push(LaunchInput::profile(
            "n_trans",
            (per_request / 4.0).round().clamp(1.0, 1024.0),
            "sectors per request ÷ 4 (128-byte transactions)",
        ));
    }
    if let Some(t) = l.measured_s.filter(|t| *t >= 1e-12) {
        set.push(LaunchInput::profile(
            "t_test_s",
            t,
            "the measured duration (median)",
        ));
    }
    set
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Memory or computation: MPD below N_act means the warps wait on memory bandwidth.
pub fn bound(model: &Model, e: &Evaluation) -> String {
    let (mpd, n_act) = (
        e.number(model, "mpd"),
        e.input(model, "n_act").and_then(|v| v.num()),
    );
    match (mpd, n_act) {
        (Some(mpd), Some(n)) if mpd < n => format!(
            "memory (MPD {} < N_act {})",
            crate::format::significant(mpd, 3),
            n
        ),
        (Some(_), Some(_)) => "computation (MPD = N_act)".to_string(),
        _ => String::new(),
    }
}
