//! Which kernels are beyond what the 2009–2012 models represent: tensor cores and TMA
//! (issue 57: told by the kernel's name, or by tensor instructions being a real share of its
//! work, never by a few percent of pipe activity).

use crate::analysis::profiler::ProfiledKernel;

/// Kernel names that say tensor cores: CUTLASS's and cuBLAS's `tensorop`, `s16816gemm`,
/// `s1688gemm`, `h16816`, Hopper's `wgmma`/`gmma`, `hmma`/`imma`/`wmma`, `sm90_xmma`/
/// `sm100`, and attention kernels (`sdpa`, `flash`, `fmha`), which run on them.
const TENSOR_NAMES: &[&str] = &[
    "tensorop",
    "s16816gemm",
    "s1688gemm",
    "h16816",
    "h1688",
    "wgmma",
    "gmma",
    "hmma",
    "imma",
    "wmma",
    "xmma",
    "sm100",
    "sdpa",
    "flash",
    "fmha",
];

/// The share of a kernel's warp instructions on the tensor pipe from which it is tensor-core
/// work, where the file counts them (`smsp__inst_executed_pipe_tensor.sum`): 1 %. A count is
/// exact (plain FP32 code has none), and one tensor instruction does the work of dozens.
pub const TENSOR_INST_SHARE: f64 = 0.01;

/// Without a count, the share of the SMs' cycles the tensor pipe must be busy: 10 %.
pub const TENSOR_PIPE_SHARE: f64 = 0.10;

/// Names that say the Tensor Memory Accelerator or asynchronous-copy pipelines.
const TMA_NAMES: &[&str] = &["_tma", "tma_", "warpspecialized", "cp_async", "cpasync"];

/// Whether a kernel is beyond what MWP-CWP and Luo & Suda represent: tensor cores (by its
/// name, or the tensor pipe busy ≥ 1 % of the SMs' cycles in the file) or TMA and asynchronous-copy pipelines (by its
/// name). Said in words with what tells.
pub fn scope_of(k: &ProfiledKernel) -> Option<String> {
    let name = k.name.to_ascii_lowercase();
    let by_name = |list: &[&'static str]| list.iter().find(|w| name.contains(**w)).copied();
    if let Some(w) = by_name(TENSOR_NAMES) {
        return Some(format!(
            "outside MWP-CWP's scope: tensor cores (the name has “{w}”)"
        ));
    }
    // Tensor instructions counted: a real share of the kernel's warp instructions (at least
    // [`TENSOR_INST_SHARE`]) is tensor-core work; a count under it is not, whatever the pipe's
    // cycles say.
    let insts = k.metric("inst_executed").or_else(|| {
        k.metric("inst_per_warp")
            .zip(k.metric("warps_launched"))
            .map(|(a, b)| a * b)
    });
    if let Some((tensor, all)) = k
        .metric("tensor_insts")
        .zip(insts)
        .filter(|(_, a)| *a > 0.0)
    {
        let share = tensor / all;
        return (share >= TENSOR_INST_SHARE).then(|| {
            format!(
                "outside MWP-CWP's scope: tensor cores ({} % of its warp instructions ran on the tensor pipe; from {} % on, a kernel counts as tensor-core work)",
                crate::format::significant(100.0 * share, 3),
                100.0 * TENSOR_INST_SHARE
            )
        });
    }
    // No count: the pipe busy at least [`TENSOR_PIPE_SHARE`] of the SMs' cycles. Plain FP32
    // code shows counter noise there (an H200's FP32 FMA loop 65,536 tensor-pipe cycles,
    // 0.15 % of its 42 M; an H100's FMA loop and shared-memory reduction 2.85 % and 1.33 % on
    // the HMMA pipe); a wmma kernel's exceed its SM cycles.
    let elapsed = k
        .measured_s()
        .zip(k.metric("sms"))
        .map(|(t, sms)| t * sms * k.metric("sm_clock_hz").unwrap_or(2e9));
    let busy = match (k.metric("tensor_pipe_cycles"), elapsed) {
        (Some(c), Some(e)) if e > 0.0 => Some(c / e),
        (Some(c), None) if c > 0.0 => Some(1.0),
        _ => None,
    }
    .or_else(|| k.metric("tensor_pipe_pct").map(|p| p / 100.0))
    .filter(|b| *b >= TENSOR_PIPE_SHARE);
    if let Some(b) = busy {
        return Some(format!(
            "outside MWP-CWP's scope: tensor cores (the tensor pipe was busy {} % of the SMs' cycles; from {} % on, a kernel counts as tensor-core work)",
            crate::format::significant(100.0 * b.min(1.0), 3),
            100.0 * TENSOR_PIPE_SHARE
        ));
    }
    by_name(TMA_NAMES).map(|w| {
        format!("outside MWP-CWP's scope: TMA and asynchronous copies (the name has “{w}”)")
    })
}
