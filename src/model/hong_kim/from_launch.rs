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
pub fn inputs(l: &Launch, _device: &Device) -> Vec<LaunchInput> {
    let mut set = vec![
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
    ];
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
    if requests.is_some() {
        let how = "global load and store requests per warp whose sectors per request are at most 8 (four sectors per memory warp)";
        set.push(LaunchInput::profile("coal_mem_insts", coal.round(), how));
        set.push(LaunchInput::profile(
            "uncoal_mem_insts",
            uncoal.round(),
            "global requests per warp touching more than 8 sectors",
        ));
        if uncoal > 0.0 {
            set.push(LaunchInput::profile(
                "uncoal_per_mw",
                (uncoal_sectors / uncoal).round().clamp(1.0, 1024.0),
                "sectors per uncoalesced request",
            ));
        }
    } else if let Some(bytes) = l.dram_bytes.filter(|_| l.warps > 0.0) {
        // No request counts: the DRAM traffic as coalesced 128-byte memory warps, at least
        // one (the model divides by the memory instructions; a kernel whose writes stay in
        // the L2 moves almost no DRAM bytes, yet stores its result).
        set.push(LaunchInput::computed(
            "coal_mem_insts",
            (bytes / (128.0 * l.warps)).round().max(1.0),
            "DRAM bytes ÷ (128 B × warps), at least 1: the file counts no requests",
        ));
        set.push(LaunchInput::computed(
            "uncoal_mem_insts",
            0.0,
            "DRAM bytes read as coalesced",
        ));
    } else {
        set.push(LaunchInput::typed(
            "coal_mem_insts",
            "global memory requests per warp: profile with the Memory Workload Analysis section, or fill from PTX",
        ));
        set.push(LaunchInput::typed(
            "uncoal_mem_insts",
            "uncoalesced requests per warp: not in the file",
        ));
    }
    match l.barriers_per_warp {
        Some(b) => set.push(LaunchInput::profile(
            "synch_insts",
            b.round(),
            "barrier instructions per warp",
        )),
        // No counter for barriers in the file: none assumed, said with the prediction.
        // Nsight Compute has no barrier counter (none in `ncu --query-metrics --chip gh100`,
        // 2025.3.1); PTX's bar.sync counts fill the field on the model page.
        None => set.push(LaunchInput::assumed(
            "synch_insts",
            0.0,
            "0 barriers, assumed: the file counts none",
        )),
    }
    match l.insts_per_warp {
        Some(insts) => {
            let other = requests.unwrap_or(0.0) + l.barriers_per_warp.unwrap_or(0.0);
            set.push(LaunchInput::profile(
                "comp_insts",
                (insts - other).max(0.0).round(),
                "instructions per warp less its global memory requests and barriers",
            ))
        }
        None => set.push(LaunchInput::typed(
            "comp_insts",
            "instructions per warp: profile with the Instruction Statistics section, or fill from PTX",
        )),
    }
    set
}

/// The regime in words, with its equation: "memory-bound (eq. 23)".
pub fn bound(_model: &Model, e: &Evaluation) -> String {
    e.detail
        .get::<(super::Setup, super::Prediction)>()
        .map(|(_, p)| {
            let r = p.outputs.regime;
            format!("{} (eq. {})", r.words(), r.equation())
        })
        .unwrap_or_default()
}
