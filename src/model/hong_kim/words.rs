//! Hong & Kim's words: the readings the engine may apply, and the glossary of its terms.

use crate::model::ReadingNote;

pub const NOTE_ORDER: ReadingNote = ReadingNote::new(
    "regime-order",
    "Eqs. 22–24 are tested in the printed order: eq. 22 if MWP = N and CWP = N; else eq. 23 if CWP ≥ MWP or Comp_cycles > Mem_cycles; else eq. 24.",
);
pub const NOTE_NO_ROUNDING: ReadingNote = ReadingNote::new(
    "no-rounding",
    "MWP, CWP and #Rep are not rounded. The paper's Table 2 rounds MWP to 2.28 (unrounded 730/320 = 2.28125), which is why it prints 50738 cycles where the unrounded model gives 50728.19.",
);
pub const NOTE_TIME: ReadingNote = ReadingNote::new(
    "time",
    "time_s = Exec_cycles_with_synch / (freq_ghz · 1e9): cycles are SM (processor) clock cycles.",
);
pub const NOTE_BW_UNITS: ReadingNote = ReadingNote::new(
    "bw-units",
    "BW_per_warp (eq. 7) is in GB/s: freq_ghz × Load_bytes_per_warp / Mem_L, as in Table 2 (0.175 GB/s).",
);
pub const NOTE_MWP_BELOW_ONE: ReadingNote = ReadingNote::new(
    "mwp-below-one",
    "MWP is below 1 (one memory warp already saturates the bandwidth or the departure delay exceeds Mem_L). MWP itself is kept, so eq. 23's N/MWP carries the shortfall, but the (MWP − 1) terms of eqs. 22, 23 and 26 — the warps whose cost overlap hides — use max(MWP − 1, 0): with fewer than one warp in flight nothing is hidden, and the printed form would make synchronization cost negative.",
);
pub const NOTE_MLP: ReadingNote = ReadingNote::new(
    "mlp",
    "MLP > 1 (Sim et al., PPoPP'12; not in Hong & Kim): a warp has MLP memory requests in flight. ITMLP = min(MWP_Without_BW_full, MWP_peak_BW, MLP × N) requests per SM; eqs. 22–26 use MWP_MLP = ITMLP / MLP, Mem_cycles / MLP and #Mem_insts / MLP memory periods.",
);
pub const NOTE_PARTIAL_WARPS: ReadingNote = ReadingNote::new(
    "partial-warps",
    "threads_per_block is not a multiple of threads_per_warp: warps per block = ⌈threads_per_block / threads_per_warp⌉, since a partly filled warp still issues as a whole warp (the paper divides, and names this as an error source in §5.2).",
);

pub const NOTE_CACHES: ReadingNote = ReadingNote::new(
    "caches",
    "Cache hits (Sim et al., not in Hong & Kim): AMAT = h1·L1_lat + (1 − h1)·(h2·L2_lat + (1 − h2)·Mem_LD) replaces Mem_LD in eqs. 10–11, and BW_per_warp (eq. 7) counts only the (1 − h1)(1 − h2) of the bytes that reach DRAM. Eq. 16 keeps the DRAM latency: MWP_Without_BW_full = Mem_L at Mem_LD / Departure_delay, as Sim et al.'s MWP.",
);
pub const NOTE_NO_DRAM: ReadingNote = ReadingNote::new(
    "no-dram",
    "Every request hits a cache: the bandwidth bounds nothing, and MWP_peak_BW is shown as max(MWP_Without_BW_full, MLP × N).",
);

/// Every reading this model may apply.
pub const NOTES: &[ReadingNote] = &[
    NOTE_ORDER,
    NOTE_NO_ROUNDING,
    NOTE_BW_UNITS,
    NOTE_TIME,
    NOTE_PARTIAL_WARPS,
    NOTE_MWP_BELOW_ONE,
    NOTE_MLP,
    NOTE_CACHES,
    NOTE_NO_DRAM,
];

/// Short definitions of the model's terms, after the paper's own (§3), shown on hover and focus.
pub(super) const GLOSSARY: &[(&str, &str)] = &[
    ("mwp", "Memory Warp Parallelism: how many warps of one SM can wait on memory at the same time. The least of what the departure delay allows (MWP_Without_BW), what the bandwidth allows (MWP_peak_BW) and the active warps N."),
    ("cwp", "Computation Warp Parallelism: how many warps an SM can compute while one warp waits on memory, (Mem_cycles + Comp_cycles) / Comp_cycles, at most N."),
    ("cwp_full", "CWP before the cap at the active warps N."),
    ("departure_delay", "Cycles between two memory warps leaving an SM: a new memory request can go out only this long after the previous one. Departure_del_coal for coalesced warps, Departure_del_uncoal × #Uncoal_per_mw for uncoalesced ones, weighted by their shares."),
    ("departure_del_uncoal", "Departure delay of one transaction of an uncoalesced memory warp, in cycles (measured per GPU, Table 6)."),
    ("departure_del_coal", "Departure delay of a coalesced memory warp, in cycles (measured per GPU, Table 6)."),
    ("mem_ld", "DRAM access latency: cycles from issuing a load until its data arrives, without contention (Table 6)."),
    ("mem_l_uncoal", "Latency of one uncoalesced memory warp: Mem_LD plus the departure delays of its further transactions."),
    ("mem_l_coal", "Latency of one coalesced memory warp: Mem_LD."),
    ("mem_l", "Average latency of a memory warp: Mem_L_Uncoal and Mem_L_Coal weighted by how many memory instructions are of each kind."),
    ("weight_uncoal", "Share of the memory instructions that are uncoalesced."),
    ("weight_coal", "Share of the memory instructions that are coalesced."),
    ("mwp_without_bw_full", "Warps that could wait on memory at once if only the departure delay limited them: Mem_L / Departure_delay, with Mem_L at the DRAM latency (Sim et al.: a cache hit does not hold the DRAM's queue)."),
    ("mem_l_dram", "Mem_L (eq. 12) with Mem_LD, the DRAM latency, in eqs. 10 and 11 whatever the hit rates (Sim et al.'s avg_DRAM_lat): what eq. 16 divides by the departure delay."),
    ("mwp_without_bw", "MWP_Without_BW_full, at most the active warps N."),
    ("bw_per_warp", "DRAM bandwidth one warp uses: Freq × Load_bytes_per_warp / Mem_L, counting only the bytes that miss the caches, (1 − h1)(1 − h2) of them (all of them in the paper)."),
    ("mwp_peak_bw", "Memory warps the peak bandwidth can serve at once, per SM: Mem_Bandwidth / (BW_per_warp × #Active_SMs)."),
    ("l1_hit_pct", "Share of global requests the L1 serves, in % (Sim et al.; 0 is Hong & Kim's model, without caches)."),
    ("l2_hit_pct", "Share of the requests the L1 misses that the L2 serves, in % (0 is the paper's model)."),
    ("l1_lat", "Cycles an L1 hit takes (the architecture's published microbenchmarks)."),
    ("l2_lat", "Cycles an L2 hit takes (the architecture's published microbenchmarks)."),
    ("amat", "Average memory access time (Sim et al.): the L1, L2 and DRAM latencies weighted by the hit rates; Mem_LD's place in Mem_L."),
    ("amat_l1", "The L1 hits' part of AMAT: h1 × L1_lat."),
    ("amat_l2", "The L2 hits' part of AMAT: (1 − h1) × h2 × L2_lat."),
    ("amat_dram", "The DRAM part of AMAT: (1 − h1) × (1 − h2) × Mem_LD."),
    ("mlp", "Memory requests a warp has in flight at once: the loads it issues before using any (Sim et al., PPoPP'12). Hong & Kim assume 1."),
    ("itmlp", "Requests in flight per SM: MLP × N, at most MWP_Without_BW_full and MWP_peak_BW."),
    ("mwp_mlp", "ITMLP / MLP: the MWP of eqs. 22–26 (MWP when MLP is 1)."),
    ("mem_cycles_mlp", "Mem_cycles / MLP: a warp's memory wait, its requests overlapped."),
    ("mwp_limited_by", "Which term of MWP's minimum set it: the departure delay, the bandwidth or the warps available."),
    ("comp_cycles", "Cycles one warp spends issuing instructions: Issue_cycles × (#Comp_insts + #Mem_insts)."),
    ("mem_cycles", "Cycles one warp waits on memory: Mem_L_Uncoal × #Uncoal_Mem_insts + Mem_L_Coal × #Coal_Mem_insts."),
    ("n", "N: active warps per SM, #Active_blocks_per_SM × warps per block."),
    ("rep", "#Rep: how many rounds of active blocks each SM runs, #Blocks / (#Active_blocks_per_SM × #Active_SMs)."),
    ("exec_cycles_app", "Cycles the kernel takes before synchronization costs, from eq. 22, 23 or 24 depending on how MWP, CWP and N compare."),
    ("synch_cost", "Cycles lost at __syncthreads(): the departure delays of the memory warps that must finish before each barrier."),
    ("exec_cycles_with_synch", "The predicted cycles: Exec_cycles_app + Synch_cost."),
    ("cpi", "Cycles per instruction of the whole kernel: the predicted cycles over the instructions each SM issues."),
    ("time_s", "Predicted kernel time: Exec_cycles_with_synch / Freq."),
    ("time_s_by_device", "The same kernel's predicted time on every GPU preset."),
    ("regime", "Which case decided the time: eq. 22, not enough warps (MWP = CWP = N); eq. 23, memory-bound (CWP ≥ MWP); eq. 24, compute-bound (MWP > CWP)."),
    ("warps_per_block", "Warps in one block: threads per block over threads per warp, rounded up."),
    ("mem_insts", "Memory instructions per thread: coalesced plus uncoalesced."),
    ("total_insts", "Instructions per thread: computation plus memory."),
    ("issue_cycles", "SM cycles to issue one instruction for a whole warp: 4 on the paper's GPUs (32 threads on 8 cores); from the device, 32 ÷ its FP32 results per clock per SM (0.25 on a 128-lane SM issuing four warp instructions a cycle)."),
    ("freq_ghz", "The SM clock."),
    ("mem_bandwidth_gbs", "Peak DRAM bandwidth of the whole GPU."),
    ("threads_per_warp", "Threads that execute together as one warp (32 on every NVIDIA GPU)."),
    ("threads_per_block", "Threads in one block of the kernel's launch."),
    ("blocks", "Blocks in the kernel's grid."),
    ("active_sms", "SMs that receive blocks: all of them unless the grid is smaller."),
    ("active_blocks_per_sm", "Blocks one SM runs at the same time: from occupancy (threads, registers, shared memory) unless set."),
    ("comp_insts", "Computation (non-memory) instructions each thread executes. Where from: the “From PTX” panel counts them in your kernel's PTX; a profile gives them as ncu's smsp__inst_executed.sum ÷ smsp__warps_launched.sum less the memory requests and barriers (the measured page fills it)."),
    ("uncoal_mem_insts", "Global-memory instructions per thread whose warp's accesses split into several transactions. Where from: the “From PTX” panel (the accesses you mark uncoalesced); a profile gives the requests per warp touching more than 8 sectors (ncu's l1tex__t_requests… and l1tex__t_sectors_pipe_lsu_mem_global_op_ld/st.sum; the measured page fills it)."),
    ("coal_mem_insts", "Global-memory instructions per thread whose warp's accesses merge into one transaction. Where from: the “From PTX” panel; a profile gives the requests per warp of at most 8 sectors (ncu's l1tex__t_requests_pipe_lsu_mem_global_op_ld/st.sum ÷ warps; the measured page fills it)."),
    ("synch_insts", "__syncthreads() barriers each thread passes. Where from: the “From PTX” panel counts bar.sync with its loops' trips; no profiler counts how often barriers run (ncu's launch__barrier_count is the barriers declared)."),
    ("uncoal_per_mw", "Transactions one uncoalesced memory warp splits into (32 on the paper's GPUs: one per thread)."),
    ("load_bytes_per_warp", "Bytes one memory warp moves (128 in the paper: 32 threads × 4 bytes)."),
    ("registers_per_thread", "Registers each thread uses (for occupancy)."),
    ("launch_overhead_us", "What one kernel launch costs beyond the kernel's own run, in µs: none of the papers models it. A typical measured value for the device's family (0 on the paper's devices), or your own."),
    ("time_with_launch_s", "The model's time plus one launch overhead: what a single launch of the kernel takes, seen from the host."),
    ("shared_mem_per_block", "Shared memory each block uses, in bytes (for occupancy)."),
    ("shared_mem_per_sm_kb", "The SM's shared-memory carveout (CC 7.0 and later split one memory between L1 and shared memory)."),
    ("partitioned_gc", "Partitioned global caching (CC 5.2, 5.3, 6.1, 6.2): when on, a block uses at most half an SM."),
];
