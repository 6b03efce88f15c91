//! The canonical keys every reader fills, the slots a printed metric lands in (a key or a
//! part a key is derived from), and a value's conversion to the key's SI unit.

use super::*;

/// The canonical keys (the table in the module's notes), in the order the readers use.
pub const KEYS: [&str; 54] = [
    "duration_s",
    "registers_per_thread",
    "static_shared_bytes",
    "dynamic_shared_bytes",
    "block_size",
    "grid_size",
    "sms",
    "sm_clock_hz",
    "theoretical_occupancy_pct",
    "theoretical_active_warps",
    "achieved_occupancy_pct",
    "limit_registers",
    "limit_shared_mem",
    "limit_warps",
    "limit_blocks",
    "inst_executed",
    "inst_per_warp",
    "global_load_requests",
    "global_store_requests",
    "global_load_sectors",
    "global_store_sectors",
    "global_load_sectors_per_request",
    "global_store_sectors_per_request",
    "dram_bytes",
    "dram_bytes_per_s",
    "warps_launched",
    "shared_mem_config_bytes",
    "dram_clock_hz",
    "waves_per_sm",
    "flops_fp64",
    "flops_fp32",
    "tensor_pipe_cycles",
    "tensor_pipe_pct",
    "l1_hit_pct",
    "l2_hit_pct",
    "barrier_count",
    "fp64_thread_insts",
    "inst_issued",
    "l1_throughput_pct",
    "sm_active_cycles",
    "l2_sectors",
    "rule_global_sectors",
    "rule_excessive_sectors",
    "sfu_insts",
    "rule_load_bytes_per_sector",
    "rule_store_bytes_per_sector",
    "dram_throughput_pct",
    "sm_throughput_pct",
    "duration_from_cycles",
    "global_load_efficiency_pct",
    "global_store_efficiency_pct",
    "l2_sectors_pct",
    "tensor_insts",
    "process_id",
];

/// Where a printed metric goes: a canonical key (the first [`KEYS`]`.len()` slots, in the
/// same order) or a part a key is derived from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    Duration,
    Registers,
    StaticShared,
    DynamicShared,
    BlockSize,
    GridSize,
    Sms,
    SmClock,
    TheoreticalOccupancy,
    TheoreticalWarps,
    AchievedOccupancy,
    LimitRegisters,
    LimitSharedMem,
    LimitWarps,
    LimitBlocks,
    InstExecuted,
    InstPerWarp,
    LoadRequests,
    StoreRequests,
    LoadSectors,
    StoreSectors,
    LoadSectorsPerRequest,
    StoreSectorsPerRequest,
    DramBytes,
    DramBytesPerSecond,
    WarpsLaunched,
    SharedMemConfig,
    DramClock,
    WavesPerSm,
    FlopsFp64,
    FlopsFp32,
    TensorPipeCycles,
    TensorPipePct,
    /// Hit rates of global requests in the L1 and the L2, %.
    L1HitPct,
    L2HitPct,
    /// Barriers the kernel declares (not how often they run).
    BarrierCount,
    /// FP64 add, multiply and fused multiply-add instructions, per thread, summed.
    Fp64ThreadInsts,
    /// Warp instructions issued, replays included (where a file has no executed count).
    InstIssued,
    /// The L1/TEX cache's throughput, % of its peak over the SMs' active cycles (the busiest
    /// of its stages: Speed of Light's "L1/TEX Cache Throughput").
    L1ThroughputPct,
    /// Cycles an SM was active, averaged over the SMs.
    SmActiveCycles,
    /// 32-byte sectors the L2 served to the L1s (loads and stores).
    L2Sectors,
    /// The Source Counters rule's words (details page of `--set full`): the global accesses'
    /// sectors in all, and how many of them beyond what the bytes asked for.
    RuleGlobalSectors,
    RuleExcessiveSectors,
    /// Warp instructions on the SFU (XU pipe: transcendentals, conversions).
    SfuInsts,
    /// The Memory Workload Analysis rule's words: "only N of the 32 bytes transmitted per
    /// sector are utilized" by the global loads, and by the stores.
    RuleLoadBytesPerSector,
    RuleStoreBytesPerSector,
    /// Speed of Light's "DRAM Throughput": the DRAM's traffic, % of its peak over the
    /// kernel's duration.
    DramThroughputPct,
    /// Speed of Light's "Compute (SM) Throughput": the SMs' busiest unit, % of its peak over
    /// the elapsed cycles.
    SmThroughputPct,
    /// 1 where `duration_s` was derived: the elapsed cycles ÷ the SM clock (the file gives
    /// no duration).
    DurationFromCycles,
    /// nvprof's global load and store efficiency: the bytes requested ÷ the bytes moved, %.
    LoadEfficiencyPct,
    StoreEfficiencyPct,
    /// The L2's sectors served to the L1s, % of the profiler's own peak over the elapsed
    /// time: with the sectors and the duration, the L2's peak where no source gives it.
    L2SectorsPct,
    /// Warp instructions on the tensor pipe (the models' scope).
    TensorInsts,
    /// Nsight Compute's "Process ID" column: the profiled process (runs tell apart by it).
    ProcessId,
    // Parts.
    /// nvprof's `achieved_occupancy`, a fraction 0–1.
    AchievedOccupancyFraction,
    DramReadBytes,
    DramWriteBytes,
    DramReadTransactions,
    DramWriteTransactions,
    DramReadBytesPerSecond,
    DramWriteBytesPerSecond,
    /// Nsight Compute's per-thread floating-point instruction counts (the roofline's).
    DAdd,
    DMul,
    DFma,
    FAdd,
    FMul,
    FFma,
    /// nvprof's L2 hit rates of the L1's (texture unit's) reads and writes, and their
    /// transactions: the L2 hit rate of all requests, weighted.
    L2ReadHitPct,
    L2WriteHitPct,
    L2ReadTransactions,
    L2WriteTransactions,
    /// The kernel's elapsed cycles (with the SM clock, its duration where none is printed).
    ElapsedCycles,
    /// The L2's sectors served to the L1s, reads and writes apart.
    L2TexReadSectors,
    L2TexWriteSectors,
    /// The SMs' elapsed cycles, summed and averaged: their ratio is the SM count (Nsight
    /// Compute 2019's `--metrics` logs name no device).
    SmCyclesSum,
    SmCyclesAvg,
}

pub(crate) const SLOTS: usize = Slot::SmCyclesAvg as usize + 1;

impl Slot {
    /// What the slot measures: a value in a unit of another dimension is not this metric.
    pub fn dim(self) -> Dim {
        use Slot::*;
        match self {
            Duration => Dim::Time,
            StaticShared | DynamicShared | SharedMemConfig | DramBytes | DramReadBytes
            | DramWriteBytes => Dim::Bytes,
            SmClock | DramClock => Dim::Hertz,
            TheoreticalOccupancy | AchievedOccupancy | TensorPipePct | L1HitPct | L2HitPct
            | L2ReadHitPct | L2WriteHitPct | L1ThroughputPct | DramThroughputPct
            | SmThroughputPct | LoadEfficiencyPct | StoreEfficiencyPct | L2SectorsPct => {
                Dim::Percent
            }
            DramBytesPerSecond | DramReadBytesPerSecond | DramWriteBytesPerSecond => {
                Dim::BytesPerSecond
            }
            _ => Dim::Count,
        }
    }

    /// Whether a value in `unit` is this metric (a unitless value always is).
    pub fn accepts(self, unit: Unit) -> bool {
        unit.dim == Dim::Unitless || unit.dim == self.dim()
    }

    /// The values a real profile can hold, in the slot's SI unit, and what the value must be
    /// in words: a file outside them is refused with its line, as the form refuses the same
    /// value (a kernel's time from 0 to a day; a hit rate from 0 to 100 %, with the margin a
    /// profiler's counters leave: an H100's L2 write hit rate of 107.26 %, read as 100).
    pub fn plausible(self) -> Option<(f64, f64, &'static str)> {
        use Slot::*;
        match self {
            Duration => Some((0.0, 86_400.0, "a kernel's time: from 0 to 1 day")),
            L1HitPct | L2HitPct | L2ReadHitPct | L2WriteHitPct => {
                Some((-1.0, 200.0, "a hit rate: from 0 to 100 %"))
            }
            SmClock => Some((1e6, 1e11, "an SM clock: from 1 MHz to 100 GHz")),
            _ => None,
        }
    }

    /// Extra scaling to the slot's unit, as (power of ten, power of two).
    pub fn scale(self) -> (i32, i32) {
        match self {
            Slot::AchievedOccupancyFraction => (2, 0),
            // A DRAM transaction is a 32-byte sector.
            Slot::DramReadTransactions | Slot::DramWriteTransactions => (0, 5),
            _ => (0, 0),
        }
    }

    /// The slot of a Nsight Compute metric, by label or by metric name.
    pub fn ncu(name: &str) -> Option<Slot> {
        use Slot::*;
        Some(match name {
            "Duration" | "gpu__time_duration.sum" => Duration,
            "Registers Per Thread" | "launch__registers_per_thread" => Registers,
            "Static Shared Memory Per Block" | "launch__shared_mem_per_block_static" => {
                StaticShared
            }
            "Dynamic Shared Memory Per Block" | "launch__shared_mem_per_block_dynamic" => {
                DynamicShared
            }
            "Block Size" | "launch__block_size" => BlockSize,
            "Grid Size" | "launch__grid_size" => GridSize,
            "# SMs" | "launch__sm_count" | "device__attribute_multiprocessor_count" => Sms,
            "SM Frequency"
            | "gpc__cycles_elapsed.avg.per_second"
            | "sm__cycles_elapsed.avg.per_second" => SmClock,
            "Theoretical Occupancy" | "sm__maximum_warps_per_active_cycle_pct" => {
                TheoreticalOccupancy
            }
            "Theoretical Active Warps per SM" | "sm__maximum_warps_avg_per_active_cycle" => {
                TheoreticalWarps
            }
            "Achieved Occupancy" | "sm__warps_active.avg.pct_of_peak_sustained_active" => {
                AchievedOccupancy
            }
            "Block Limit Registers" | "launch__occupancy_limit_registers" => LimitRegisters,
            "Block Limit Shared Mem" | "launch__occupancy_limit_shared_mem" => LimitSharedMem,
            "Block Limit Warps" | "launch__occupancy_limit_warps" => LimitWarps,
            "Block Limit SM" | "launch__occupancy_limit_blocks" => LimitBlocks,
            // 2023 and later raw pages may name it `inst_executed`, as nvprof did.
            "Executed Instructions"
            | "smsp__inst_executed.sum"
            | "sm__inst_executed.sum"
            | "inst_executed" => InstExecuted,
            "Issued Instructions" | "smsp__inst_issued.sum" | "sm__inst_issued.sum" => InstIssued,
            "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
            | "smsp__inst_executed_op_global_ld.sum" => LoadRequests,
            "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"
            | "smsp__inst_executed_op_global_st.sum" => StoreRequests,
            "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum" => LoadSectors,
            "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum" => StoreSectors,
            "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio" => {
                LoadSectorsPerRequest
            }
            "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_st.ratio" => {
                StoreSectorsPerRequest
            }
            "dram__bytes.sum" => DramBytes,
            // ncu 2025 and later name the parts `dram__bytes_op_{read,write}`.
            "dram__bytes_read.sum" | "dram__bytes_op_read.sum" => DramReadBytes,
            "dram__bytes_write.sum" | "dram__bytes_op_write.sum" => DramWriteBytes,
            "dram__sectors_read.sum" | "dram__sectors_op_read.sum" => DramReadTransactions,
            "dram__sectors_write.sum" | "dram__sectors_op_write.sum" => DramWriteTransactions,
            "dram__bytes.sum.per_second" => DramBytesPerSecond,
            "dram__bytes_read.sum.per_second" | "dram__bytes_op_read.sum.per_second" => {
                DramReadBytesPerSecond
            }
            "dram__bytes_write.sum.per_second" | "dram__bytes_op_write.sum.per_second" => {
                DramWriteBytesPerSecond
            }
            "smsp__warps_launched.sum" | "sm__warps_launched.sum" => WarpsLaunched,
            "Shared Memory Configuration Size" | "launch__shared_mem_config_size" => {
                SharedMemConfig
            }
            "DRAM Frequency" | "Memory Frequency" | "dram__cycles_elapsed.avg.per_second" => {
                DramClock
            }
            "Waves Per SM" | "launch__waves_per_multiprocessor" => WavesPerSm,
            "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum" => DAdd,
            "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum" => DMul,
            "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum" => DFma,
            "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum" => FAdd,
            "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum" => FMul,
            "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum" => FFma,
            "sm__pipe_tensor_cycles_active.sum" | "sm__pipe_tensor_op_hmma_cycles_active.sum" => {
                TensorPipeCycles
            }
            "smsp__inst_executed_pipe_tensor.sum" => TensorInsts,
            "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active"
            | "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active" => {
                TensorPipePct
            }
            // The Memory Workload Analysis section's hit rates (ncu before 2021 labels the L1's
            // "L1 Hit Rate"): all of the unit's sectors, loads and stores.
            "L1/TEX Hit Rate" | "L1 Hit Rate" | "l1tex__t_sector_hit_rate.pct" => L1HitPct,
            // nvprof's global_hit_rate as NVIDIA's metric table renames it: global loads only.
            "l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct" => L1HitPct,
            "L2 Hit Rate" | "lts__t_sector_hit_rate.pct" => L2HitPct,
            "lts__t_sector_op_read_hit_rate.pct" => L2ReadHitPct,
            "lts__t_sector_op_write_hit_rate.pct" => L2WriteHitPct,
            "lts__t_sectors_op_read.sum" => L2ReadTransactions,
            "lts__t_sectors_op_write.sum" => L2WriteTransactions,
            "smsp__sass_thread_inst_executed_op_fp64_pred_on.sum" => Fp64ThreadInsts,
            "launch__barrier_count" => BarrierCount,
            "L1/TEX Cache Throughput" | "l1tex__throughput.avg.pct_of_peak_sustained_active" => {
                L1ThroughputPct
            }
            "SM Active Cycles" | "sm__cycles_active.avg" => SmActiveCycles,
            "DRAM Throughput"
            | "dram__throughput.avg.pct_of_peak_sustained_elapsed"
            | "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed" => DramThroughputPct,
            "Compute (SM) Throughput" | "sm__throughput.avg.pct_of_peak_sustained_elapsed" => {
                SmThroughputPct
            }
            "lts__t_sectors_srcunit_tex.sum" => L2Sectors,
            "lts__t_sectors_srcunit_tex.sum.pct_of_peak_sustained_elapsed" => L2SectorsPct,
            "lts__t_sectors_srcunit_tex_op_read.sum" => L2TexReadSectors,
            "lts__t_sectors_srcunit_tex_op_write.sum" => L2TexWriteSectors,
            "Elapsed Cycles" | "gpc__cycles_elapsed.max" => ElapsedCycles,
            "sm__cycles_elapsed.avg" => SmCyclesAvg,
            "sm__cycles_elapsed.sum" => SmCyclesSum,
            "smsp__inst_executed_pipe_xu.sum" | "sm__inst_executed_pipe_xu.sum" => SfuInsts,
            // The Memory Workload Analysis section's "Memory Throughput" is in bytes per
            // second (the Speed of Light section's, in %, is another metric: its unit tells).
            "Memory Throughput" => DramBytesPerSecond,
            _ => return None,
        })
    }

    /// The slot of an nvprof metric or event.
    pub fn nvprof(name: &str) -> Option<Slot> {
        use Slot::*;
        Some(match name {
            "achieved_occupancy" => AchievedOccupancyFraction,
            "inst_executed" => InstExecuted,
            "inst_issued" => InstIssued,
            "inst_per_warp" => InstPerWarp,
            "gld_request" => LoadRequests,
            "gst_request" => StoreRequests,
            "gld_transactions" => LoadSectors,
            "gst_transactions" => StoreSectors,
            "gld_transactions_per_request" => LoadSectorsPerRequest,
            "gld_efficiency" => LoadEfficiencyPct,
            "gst_efficiency" => StoreEfficiencyPct,
            "gst_transactions_per_request" => StoreSectorsPerRequest,
            "dram_read_bytes" => DramReadBytes,
            "dram_write_bytes" => DramWriteBytes,
            "dram_read_transactions" => DramReadTransactions,
            "dram_write_transactions" => DramWriteTransactions,
            "dram_read_throughput" => DramReadBytesPerSecond,
            "dram_write_throughput" => DramWriteBytesPerSecond,
            "warps_launched" => WarpsLaunched,
            "flop_count_dp" => FlopsFp64,
            "flop_count_sp" => FlopsFp32,
            "inst_fp_64" => Fp64ThreadInsts,
            // L1: Pascal and later's unified cache for global loads; Kepler's L1.
            "global_hit_rate" | "l1_cache_global_hit_rate" => L1HitPct,
            "l2_tex_hit_rate" => L2HitPct,
            "l2_tex_read_hit_rate" => L2ReadHitPct,
            "l2_tex_write_hit_rate" => L2WriteHitPct,
            "l2_tex_read_transactions" => L2ReadTransactions,
            "l2_tex_write_transactions" => L2WriteTransactions,
            // Kepler and Fermi: the L2's hit rate for the L1's reads.
            "l2_l1_read_hit_rate" => L2ReadHitPct,
            _ => return None,
        })
    }
}

/// Reads a metric's value in `unit` into its slot's SI unit; `Ok(None)` when the value is
/// missing (`n/a`, empty) or the unit does not measure what the slot does.
pub(crate) fn slot_value(
    slot: Slot,
    text: &str,
    unit: Unit,
    line: u64,
    column: &str,
    metric: Option<&str>,
) -> Result<Option<f64>, ProfileError> {
    if is_missing(text) || !slot.accepts(unit) {
        return Ok(None);
    }
    let (p10, p2) = slot.scale();
    let v = units::parse_scaled(text, unit.pow10 + p10, unit.pow2 + p2)
        .ok_or_else(|| bad_number(line, text.trim(), column, metric))?;
    Ok(Some(match slot {
        Slot::StaticShared | Slot::DynamicShared | Slot::SharedMemConfig => {
            snap_rounded_bytes(v, text, unit)
        }
        _ => v,
    }))
}

/// Reads a metric's value into `launch`'s slot, as [`slot_value`]; a figure outside what the
/// slot can be ([`Slot::plausible`]: a Duration of 1e308 s, a hit rate of 250 %) is not taken:
/// the launch keeps its line and the valid range in [`Launch::invalid`], and nothing else of
/// the file is lost.
pub(crate) fn read_slot(
    launch: &mut Launch,
    slot: Slot,
    text: &str,
    unit: Unit,
    line: u64,
    column: &str,
    metric: Option<&str>,
) -> Result<(), ProfileError> {
    let Some(v) = slot_value(slot, text, unit, line, column, metric)? else {
        return Ok(());
    };
    match slot.plausible() {
        Some((lo, hi, what)) if !(lo..=hi).contains(&v) => {
            let metric = metric
                .map(|m| format!(", metric \"{m}\""))
                .unwrap_or_default();
            launch.invalid.push(format!(
                "line {line}: \"{}\" is not {what} (column \"{column}\"{metric})",
                text.trim()
            ));
        }
        _ => launch.slots.set(slot, v),
    }
    Ok(())
}

/// A byte size printed rounded with an SI prefix ("4.22 Kbyte", as Nsight Compute prints by
/// default with `--print-units auto`) snapped to the roundest size the printed digits allow:
/// the one multiple of 1024, else 256, 128, 16, 8 or 4 bytes in the interval the rounding
/// leaves (4.22 Kbyte: [4215, 4225) holds 4224 = 33 × 128, the shared memory ptxas reports).
/// Read as 4,220 B, a size can cost the occupancy a block the profiler did not lose. Sizes
/// printed to the byte are kept.
pub(crate) fn snap_rounded_bytes(v: f64, text: &str, unit: Unit) -> f64 {
    let text = text.trim();
    let decimals =
        text.split_once('.')
            .map_or(0, |(_, f)| f.bytes().take_while(u8::is_ascii_digit).count()) as i32;
    let step = 10f64.powi(unit.pow10 - decimals) * 2f64.powi(unit.pow2);
    if step <= 1.0 || !v.is_finite() {
        return v;
    }
    let (lo, hi) = (v - step / 2.0, v + step / 2.0);
    for g in [1024.0, 256.0, 128.0, 16.0, 8.0, 4.0] {
        let first = (lo / g).ceil();
        let last = ((hi / g).ceil() - 1.0).max(first - 1.0);
        if first == last {
            return first * g;
        }
    }
    v
}

/// One launch's metrics by slot (NaN: absent). The first value given wins.
#[derive(Clone, Debug)]
pub(crate) struct Slots([f64; SLOTS]);

impl Default for Slots {
    fn default() -> Self {
        Slots([f64::NAN; SLOTS])
    }
}

impl Slots {
    pub fn set(&mut self, slot: Slot, value: f64) {
        let v = &mut self.0[slot as usize];
        if v.is_nan() {
            *v = value;
        }
    }

    fn get(&self, slot: Slot) -> Option<f64> {
        let v = self.0[slot as usize];
        (!v.is_nan()).then_some(v)
    }

    /// The canonical keys' values (NaN: absent), direct ones first, else derived.
    pub(super) fn canonical(&self) -> [f64; KEYS.len()] {
        use Slot::*;
        let mut out = [f64::NAN; KEYS.len()];
        out.copy_from_slice(&self.0[..KEYS.len()]);
        let mut fill = |slot: Slot, value: Option<f64>| {
            let v = &mut out[slot as usize];
            if let (true, Some(value)) = (v.is_nan(), value) {
                *v = value;
            }
        };
        let sum = |a: Slot, b: Slot| Some(self.get(a)? + self.get(b)?);
        let ratio = |a: Slot, b: Slot| {
            let (n, d) = (self.get(a)?, self.get(b)?);
            (d > 0.0).then_some(n / d)
        };
        fill(AchievedOccupancy, self.get(AchievedOccupancyFraction));
        fill(DramBytes, sum(DramReadBytes, DramWriteBytes));
        fill(DramBytes, sum(DramReadTransactions, DramWriteTransactions));
        fill(
            DramBytesPerSecond,
            sum(DramReadBytesPerSecond, DramWriteBytesPerSecond),
        );
        // FLOPs: adds and multiplies count one, a fused multiply-add two.
        let flops = |add: Slot, mul: Slot, fma: Slot| {
            let parts = [self.get(add), self.get(mul), self.get(fma).map(|f| 2.0 * f)];
            parts
                .iter()
                .any(Option::is_some)
                .then(|| parts.iter().flatten().sum())
        };
        fill(FlopsFp64, flops(DAdd, DMul, DFma));
        let insts = |slots: [Slot; 3]| {
            let parts = slots.map(|s| self.get(s));
            parts
                .iter()
                .any(Option::is_some)
                .then(|| parts.iter().flatten().sum())
        };
        fill(Fp64ThreadInsts, insts([DAdd, DMul, DFma]));
        fill(FlopsFp32, flops(FAdd, FMul, FFma));
        // nvprof: the L2 hit rate of reads and writes, weighted by their transactions; the
        // reads' alone where the file gives no writes.
        let weighted = || {
            let (r, w) = (
                self.get(L2ReadTransactions)?,
                self.get(L2WriteTransactions)?,
            );
            let (hr, hw) = (self.get(L2ReadHitPct)?, self.get(L2WriteHitPct)?);
            (r + w > 0.0).then(|| (hr * r + hw * w) / (r + w))
        };
        fill(L2HitPct, weighted());
        fill(L2HitPct, self.get(L2ReadHitPct));
        fill(L2Sectors, sum(L2ReadTransactions, L2WriteTransactions));
        fill(L2Sectors, sum(L2TexReadSectors, L2TexWriteSectors));
        // The reads alone still bound the time (a bound may leave traffic out).
        fill(L2Sectors, self.get(L2TexReadSectors));
        // The SMs: their cycles summed over their cycles averaged, a whole number.
        let sms = ratio(SmCyclesSum, SmCyclesAvg)
            .filter(|n| (1.0..=1024.0).contains(n) && (n - n.round()).abs() < 0.01)
            .map(f64::round);
        fill(Sms, sms);
        let elapsed = self.get(ElapsedCycles).or(self.get(SmCyclesAvg));
        // No clock printed: the elapsed cycles over the duration.
        let clock = self
            .get(Duration)
            .zip(elapsed)
            .filter(|(t, _)| *t > 0.0)
            .map(|(t, c)| c / t);
        fill(SmClock, clock);
        // No duration printed: the elapsed cycles at the SM clock, said so.
        let derived = self
            .get(Duration)
            .is_none()
            .then(|| Some(elapsed? / self.get(SmClock).filter(|h| *h > 0.0)?))
            .flatten();
        fill(Duration, derived);
        fill(DurationFromCycles, derived.map(|_| 1.0));
        fill(LoadRequests, ratio(LoadSectors, LoadSectorsPerRequest));
        fill(StoreRequests, ratio(StoreSectors, StoreSectorsPerRequest));
        out
    }
}
