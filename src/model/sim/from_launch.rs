//! Sim et al.'s inputs from a profiled launch (docs/models.md, "Measured kernels"): the same
//! counters as Hong & Kim's, read in Sim et al.'s terms.
//!
//! The launch as it is; `insts` the warp's instructions; `mem_insts` its global requests,
//! each `avg_trans_warp` 128-byte transactions (its 32-byte sectors ÷ 4, at least one);
//! the hit rates, the barriers and the DRAM over-fetch as Hong & Kim's reading takes them
//! (MLP stays the paper's default 1: Hong & Kim's straight-line assumption lets (14)'s
//! MLP × MWP_cp run past the departure delays to the peak bandwidth, 0.8× the streaming
//! kernels' measured times on an H100); `sfu_insts` the XU pipe's instructions where the file counts them; and
//! an FP64 mix as a narrower SIMD width (the issue rate of eq. 3).

use crate::devices::Device;
use crate::model::hong_kim::from_launch as hk;
use crate::model::launch::{Launch, LaunchInput, COUNT_REQUESTS};
use crate::model::{Evaluation, Model};

/// The fields that describe the kernel, each from the profile or left to the user.
pub fn inputs(l: &Launch, device: &Device) -> Vec<LaunchInput> {
    let mut set = hk::launch_inputs(l);
    let requests = l.memory_insts_per_warp();
    set.push(match l.insts_per_warp {
        Some(i) => LaunchInput::profile(
            "insts",
            i.round().max(1.0),
            l.insts_how("warp instructions per warp, all kinds"),
        ),
        None => LaunchInput::typed(
            "insts",
            "instructions per warp: profile with the Instruction Statistics section, or fill from PTX",
        ),
    });
    set.extend(memory(l, requests));
    set.extend(hk::hit_rates(l));
    set.extend(overfetch(l, device));
    let mut sync = hk::barrier_input(l);
    sync.field = "sync_insts";
    set.push(sync);
    set.push(match l.sfu_insts_per_warp {
        Some(s) => LaunchInput::profile(
            "sfu_insts",
            s.round(),
            "SFU (XU pipe) instructions per warp",
        ),
        None => LaunchInput::assumed(
            "sfu_insts",
            0.0,
            "the file counts no SFU instructions (ncu: smsp__inst_executed_pipe_xu.sum)",
        ),
    });
    if let Some(i) = hk::issue_cycles_of_mix(l, device) {
        if let Ok(cycles) = i.text.parse::<f64>() {
            set.push(LaunchInput::computed(
                "simd_width",
                ((32.0 / cycles) * 100.0).round() / 100.0,
                format!("32 ÷ the issue cycles of {}", i.how),
            ));
        }
    }
    set
}

/// `mem_insts` and `avg_trans_warp`: the global requests per warp and their 128-byte
/// transactions, or both to type.
fn memory(l: &Launch, requests: Option<f64>) -> Vec<LaunchInput> {
    let Some(requests) = requests else {
        return vec![LaunchInput::typed(
            "mem_insts",
            format!("global memory requests per warp: not in the file; fill from PTX, or profile with {COUNT_REQUESTS}"),
        )];
    };
    let rule = if l.requests_from_rule {
        "from ncu's rule text (Source Counters: the sectors the threads' bytes needed, total − excessive, at 4 per request): "
    } else if l.requests_estimated {
        "estimated, the file counting no requests: its transactions × 32 B × their efficiency ÷ 128 B per coalesced request; "
    } else {
        ""
    };
    let (mut sectors, mut reqs) = (0.0, 0.0);
    for a in [l.loads, l.stores].into_iter().flatten() {
        sectors += a.requests_per_warp * a.sectors_per_request;
        reqs += a.requests_per_warp;
    }
    let made = if l.requests_estimated {
        LaunchInput::computed
    } else {
        LaunchInput::profile
    };
    let mut set = vec![made(
        "mem_insts",
        (requests * 100.0).round() / 100.0,
        format!("{rule}global load and store requests per warp"),
    )];
    if reqs > 0.0 {
        set.push(made(
            "avg_trans_warp",
            ((sectors / reqs / 4.0).max(1.0) * 100.0).round() / 100.0,
            format!("{rule}32-byte sectors per request ÷ 4: 128-byte transactions, at least one"),
        ));
    }
    set
}

/// Δ and the transaction's bytes where the file moved more DRAM bytes than its requests
/// asked for (a Hopper's DRAM reads 64 bytes for a 32-byte sector a scattered request
/// touches): each transaction departs and moves the bytes that reached DRAM (as Hong & Kim's
/// reading of the departure delays).
fn overfetch(l: &Launch, device: &Device) -> Vec<LaunchInput> {
    let Some(ratio) = hk::dram_per_requested(l).filter(|r| *r > 1.05) else {
        return Vec::new();
    };
    let times = crate::format::significant(ratio, 3);
    ["delta", "transaction_bytes"]
        .into_iter()
        .filter_map(|key| {
            let v = super::derived(device, key)?;
            Some(LaunchInput::computed(
                key,
                (v.value * ratio * 100.0).round() / 100.0,
                format!(
                    "the {}'s {} × {times}: the file's DRAM bytes are {times} times the bytes its requests asked for",
                    device.name,
                    crate::format::num(v.value)
                ),
            ))
        })
        .collect()
}

/// What bounds the time: "memory (T_mem > T_comp)".
pub fn bound(_model: &Model, e: &Evaluation) -> String {
    e.detail
        .get::<(super::Inputs, super::Outputs)>()
        .map(|(_, o)| match o.bound {
            super::Bound::Memory => "memory (T_mem > T_comp)".to_string(),
            super::Bound::Computation => "computation (T_comp ≥ T_mem)".to_string(),
        })
        .unwrap_or_default()
}
