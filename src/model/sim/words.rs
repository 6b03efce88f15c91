//! Sim et al.'s words: the readings the engine applies, and the glossary of its terms.

use crate::model::ReadingNote;

pub const NOTE_READING: ReadingNote = ReadingNote::new(
    "our-reading",
    "Our reading of Sim et al.'s equations (1)–(17) and (A.1)–(A.7) as they are numbered; the paper's own text was not at hand, so each formula shown is our reading. T_exec = T_comp + T_mem − T_overlap, in SM cycles per SM; time_s = T_exec / (freq_ghz · 1e9).",
);
pub const NOTE_ISSUE: ReadingNote = ReadingNote::new(
    "issue-floor",
    "Eq. 3, our reading: W_parallel = insts × W × avg_inst_lat / ITILP is never below the issue rate, insts × W × warp_size / simd_width. With ITILP capped at ITILP_max (eq. 5) the cap and the floor agree.",
);
pub const NOTE_BW: ReadingNote = ReadingNote::new(
    "bw-per-warp",
    "Eq. A.7, our reading: BW_per_warp = freq × transaction_bytes × avg_trans_warp × (1 − h1)(1 − h2) / AMAT GB/s: a request moves all its transactions, and only the share that misses both caches reaches DRAM. As printed (freq × transaction size / avg_DRAM_lat) it is the same at one transaction per request and no hits, but blind to uncoalesced requests. Eq. A.6 divides the device's sustained (STREAM) bandwidth where it was measured, not its peak: no GPU streams at its peak, and with it every streaming kernel came out near 0.8× its measured time.",
);
pub const NOTE_OVERLAP: ReadingNote = ReadingNote::new(
    "overlap",
    "Eqs. 16–17: T_overlap = min(T_comp × F_overlap, T_mem), F_overlap = (N − ζ) / N with ζ = 1 when CWP ≤ MWP (one warp's computation stays exposed) and 0 otherwise.",
);
pub const NOTE_L2: ReadingNote = ReadingNote::new(
    "l2-limit",
    "The L2 or the L1 bandwidth is given: an extension, not in the paper. Eq. A.6's limit is also taken at the L2, for the (1 − h1) of the bytes that miss the L1, and at the L1, for every byte the requests move; MWP_peak_BW is the smallest.",
);
pub const NOTE_NO_DRAM: ReadingNote = ReadingNote::new(
    "no-dram",
    "Every request hits a cache: the bandwidth bounds nothing, and MWP_peak_BW is shown as max(avg_DRAM_lat / Δ, MLP × N).",
);
pub const NOTE_PARTIAL_WARPS: ReadingNote = ReadingNote::new(
    "partial-warps",
    "threads_per_block is not a multiple of warp_size: warps per block = ⌈threads_per_block / warp_size⌉, since a partly filled warp still issues as a whole warp.",
);

/// Every reading this model may apply.
pub const NOTES: &[ReadingNote] = &[
    NOTE_READING,
    NOTE_ISSUE,
    NOTE_BW,
    NOTE_OVERLAP,
    NOTE_L2,
    NOTE_NO_DRAM,
    NOTE_PARTIAL_WARPS,
];

/// Short definitions of the model's terms, shown on hover and focus.
pub(super) const GLOSSARY: &[(&str, &str)] = &[
    ("insts", "Instructions one warp executes, of every kind (warp instructions per warp). Where from: ncu's smsp__inst_executed.sum ÷ smsp__warps_launched.sum (the measured page fills it), or the “From PTX” panel."),
    ("mem_insts", "Global memory requests one warp issues. Where from: ncu's l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum + …_op_st.sum ÷ smsp__warps_launched.sum (the measured page fills it), or the “From PTX” panel."),
    ("sync_insts", "Barriers (__syncthreads) one warp passes. Where from: the “From PTX” panel counts bar.sync with its loops' trips; no profiler counts how often barriers run."),
    ("sfu_insts", "Special-function instructions one warp executes (reciprocal, square root, sine, exponent…). Where from: ncu's smsp__inst_executed_pipe_xu.sum ÷ smsp__warps_launched.sum (the measured page fills it)."),
    ("threads_per_block", "Threads in one block of the kernel's launch."),
    ("blocks", "Blocks in the kernel's grid."),
    ("active_sms", "SMs that receive blocks: all of them unless the grid is smaller."),
    ("active_blocks_per_sm", "Blocks one SM runs at the same time: from occupancy (threads, registers, shared memory) unless set."),
    ("registers_per_thread", "Registers each thread uses (for occupancy)."),
    ("shared_mem_per_block", "Shared memory each block uses, in bytes (for occupancy)."),
    ("ilp", "Instruction-level parallelism within one warp: independent instructions it can issue back to back."),
    ("mlp", "Memory-level parallelism: memory requests one warp has in flight at once."),
    ("avg_trans_warp", "Transactions one memory request splits into: 1 when a warp's accesses coalesce, up to 32 when they scatter."),
    ("l1_hit_pct", "Share of global requests the L1 serves, in %."),
    ("l2_hit_pct", "Share of the requests the L1 misses that the L2 serves, in %."),
    ("o_cfdiv", "Cycles per SM lost to divergent branches (O_CFdiv), from a profile or a simulator; 0 if none."),
    ("o_bank", "Cycles per SM lost to shared-memory bank conflicts (O_bank); 0 if none."),
    ("warp_size", "Threads that execute together as one warp (32 on every NVIDIA GPU)."),
    ("simd_width", "FP32 lanes per SM: the threads' instructions one SM completes per cycle."),
    ("sfu_width", "Special-function results per cycle per SM."),
    ("avg_inst_lat", "Cycles from issuing an FP32 instruction until a dependent one can issue, from published microbenchmarks."),
    ("dram_lat", "DRAM access latency in cycles, without contention (Hong & Kim's Mem_LD)."),
    ("delta", "Departure delay Δ: cycles between two transactions leaving one SM."),
    ("l1_lat", "Cycles an L1 hit takes (the architecture's published microbenchmarks)."),
    ("l2_lat", "Cycles an L2 hit takes (the architecture's published microbenchmarks)."),
    ("freq_ghz", "The SM clock."),
    ("mem_bandwidth_gbs", "Peak DRAM bandwidth of the whole GPU."),
    ("transaction_bytes", "Bytes one memory transaction moves: 128-byte lines before Maxwell, 32-byte sectors after."),
    ("gamma", "Γ, the synchronization factor: one barrier costs Γ × avg_DRAM_lat × mem_insts / insts cycles (64 on Fermi, Sim et al.)."),
    ("l2_bandwidth_gbs", "Peak L2 bandwidth, optional: where given, the L2 bounds the warps in flight too (an extension, not in the paper)."),
    ("warps_per_block", "Warps in one block: threads per block over the warp size, rounded up."),
    ("n", "N: active warps per SM, active blocks per SM × warps per block."),
    ("w", "W: warps each SM runs over the whole launch, blocks × warps per block ÷ active SMs."),
    ("itilp_max", "The most independent instructions an SM can use: enough to cover one instruction's latency at the issue rate, avg_inst_lat / (warp_size / simd_width)."),
    ("itilp", "Inter-thread ILP: independent instructions the SM's warps offer, ILP × N, at most ITILP_max."),
    ("w_parallel", "Cycles of computation that the warps can overlap, per SM: insts × W × avg_inst_lat / ITILP."),
    ("avg_dram_lat", "DRAM latency of one request: dram_lat plus Δ for each further transaction."),
    ("amat", "Average memory access time: the L1, L2 and DRAM latencies weighted by the hit rates."),
    ("bw_per_warp", "DRAM bandwidth one warp uses while it waits on memory, counting only the bytes that miss both caches."),
    ("mwp_peak_bw_l2", "Warps per SM the L2 bandwidth serves at once (where given): an extension, not in the paper."),
    ("mwp_peak_bw_l1", "Warps per SM the L1 bandwidth serves at once (where given): an extension, not in the paper."),
    ("l1_bandwidth_gbs", "Peak L1 bandwidth of all SMs, optional: where given, the L1 bounds the warps in flight too, for every byte a request moves (an extension, not in the paper)."),
    ("mwp_peak_bw", "Memory warps the peak bandwidth serves at once, per SM: mem_bandwidth / (BW_per_warp × active SMs)."),
    ("mwp", "Memory Warp Parallelism: warps of one SM that wait on memory at once, the least of avg_DRAM_lat / Δ, MWP_peak_BW and N."),
    ("mwp_limited_by", "Which term of MWP's minimum set it: the departure delay, the bandwidth or the warps available."),
    ("comp_cycles", "Cycles one warp computes: insts × avg_inst_lat / ITILP."),
    ("mem_cycles", "Cycles one warp waits on memory: mem_insts × AMAT / MLP."),
    ("cwp_full", "CWP before the cap at the active warps N."),
    ("cwp", "Computation Warp Parallelism: warps an SM computes while one waits on memory, (mem_cycles + comp_cycles) / comp_cycles, at most N."),
    ("mwp_cp", "Memory warps that overlap while one warp computes: CWP − 1, at least 1, at most MWP."),
    ("itmlp", "Inter-thread MLP: memory requests in flight per SM, MLP × MWP_cp, at most MWP_peak_BW."),
    ("t_mem", "Cycles each SM spends on memory that requests in flight do not hide: mem_insts × W × AMAT / ITMLP."),
    ("f_sync", "Cycles one barrier costs: Γ × avg_DRAM_lat × the share of memory instructions."),
    ("o_sync", "Cycles each SM loses at barriers: sync_insts × W × F_sync."),
    ("f_sfu", "Share of the SFU instructions the SFUs cannot hide behind the other instructions."),
    ("o_sfu", "Cycles each SM waits on the SFUs."),
    ("w_serial", "Cycles each SM cannot overlap: barriers, SFUs, divergence and bank conflicts."),
    ("t_comp", "Computation cycles per SM: W_parallel + W_serial."),
    ("zeta", "ζ: 1 when CWP ≤ MWP (one warp's computation stays exposed), else 0."),
    ("f_overlap", "Share of the computation that can hide memory: (N − ζ) / N."),
    ("t_overlap", "Cycles computation and memory overlap: min(T_comp × F_overlap, T_mem)."),
    ("t_exec", "The predicted cycles per SM: T_comp + T_mem − T_overlap."),
    ("time_s", "Predicted kernel time: T_exec / freq."),
    ("bound", "Which part is the larger: memory (T_mem > T_comp) or computation."),
];
