//! Readers for GPU profiler CSV exports, pure and streaming: feed the file's bytes in chunks
//! of any size ([`ProfileReader::feed`]), then [`ProfileReader::finish`], and get each kernel
//! launch configuration the profiler saw with its invocations, their durations and a small
//! set of canonical metrics in SI units. The format is told from the header:
//!
//! - Nsight Compute, details page (`ncu --csv`, `ncu --import r.ncu-rep --csv`): one row per
//!   metric, metrics named by label (the default) or by metric name
//!   (`--print-metric-name name`); [`ncu`].
//! - Nsight Compute, raw page (`--page raw`): one row per launch, a units row; [`ncu`].
//! - nvprof `--print-gpu-trace --csv`: one row per kernel or memory operation, a units row;
//!   [`nvprof`].
//! - nvprof `--metrics … --csv` and `--events … --csv`: one row per kernel and metric (or
//!   event), with the average over the invocations; [`nvprof`].
//! - The Visual Profiler's CSV export (nvvp's GPU details): one row per launch, the trace's
//!   columns then metrics named by their descriptions; [`nvvp`].
//!
//! Before the header, blank lines, banner lines (`==PROF== …`, `==1234== …`, `==WARNING==`,
//! `======== Warning: …`) and up to [`MAX_PREAMBLE_LINES`] other lines (the profiled
//! application's own output, which `ncu` and `nvprof` print to the same stream) are
//! skipped. After it, blank and banner lines are skipped; a repeated header (nvprof prints
//! one per process, and one for `--events` and one for `--metrics`) starts a new table.
//!
//! Launches are grouped by device, kernel name and launch configuration (grid, block,
//! registers per thread, static and dynamic shared memory); a group reports its invocations,
//! each invocation's duration and, for each canonical metric, the median over its
//! invocations.
//!
//! Memory is proportional to the number of groups and invocations (one `f64` per
//! invocation and metric present), never to the file's size or its lines' length: a record
//! is capped at [`csv::MAX_RECORD_BYTES`]. Work is linear in the file, plus sorting each
//! group's values once for the medians at the end.
//!
//! # Canonical metrics
//!
//! Only these are kept, in SI base units (seconds, bytes, hertz, bytes per second, percent
//! as 0–100, counts). "label" is Nsight Compute's default name for the metric (its section
//! files' `Label`), "name" its metric name. A key that can be given directly or as a sum of
//! parts takes the direct value when there is one.
//!
//! | key | Nsight Compute label | Nsight Compute name | nvprof |
//! |---|---|---|---|
//! | `duration_s` | Duration | `gpu__time_duration.sum` | trace: Duration |
//! | `registers_per_thread` | Registers Per Thread | `launch__registers_per_thread` | trace: Registers Per Thread |
//! | `static_shared_bytes` | Static Shared Memory Per Block | `launch__shared_mem_per_block_static` | trace: Static SMem |
//! | `dynamic_shared_bytes` | Dynamic Shared Memory Per Block | `launch__shared_mem_per_block_dynamic` | trace: Dynamic SMem |
//! | `block_size` | Block Size | `launch__block_size` | trace: Block X × Y × Z |
//! | `grid_size` | Grid Size | `launch__grid_size` | trace: Grid X × Y × Z |
//! | `sms` | # SMs | `launch__sm_count`, `device__attribute_multiprocessor_count` | — |
//! | `sm_clock_hz` | SM Frequency | `gpc__cycles_elapsed.avg.per_second` (newer), `sm__cycles_elapsed.avg.per_second` | — |
//! | `theoretical_occupancy_pct` | Theoretical Occupancy | `sm__maximum_warps_per_active_cycle_pct` | — |
//! | `theoretical_active_warps` | Theoretical Active Warps per SM | `sm__maximum_warps_avg_per_active_cycle` | — |
//! | `achieved_occupancy_pct` | Achieved Occupancy | `sm__warps_active.avg.pct_of_peak_sustained_active` | `achieved_occupancy` (a fraction: × 100) |
//! | `limit_registers` | Block Limit Registers | `launch__occupancy_limit_registers` | — |
//! | `limit_shared_mem` | Block Limit Shared Mem | `launch__occupancy_limit_shared_mem` | — |
//! | `limit_warps` | Block Limit Warps | `launch__occupancy_limit_warps` | — |
//! | `limit_blocks` | Block Limit SM | `launch__occupancy_limit_blocks` | — |
//! | `inst_executed` | Executed Instructions | `smsp__inst_executed.sum`, `sm__inst_executed.sum` | `inst_executed` |
//! | `inst_per_warp` | — | — | `inst_per_warp` |
//! | `inst_issued` (used without an executed count) | Issued Instructions | `smsp__inst_issued.sum`, `sm__inst_issued.sum` | `inst_issued` |
//! | `global_load_requests` | — | `l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum`, `smsp__inst_executed_op_global_ld.sum` | event `gld_request`; else `gld_transactions` ÷ `gld_transactions_per_request` |
//! | `global_store_requests` | — | `l1tex__t_requests_pipe_lsu_mem_global_op_st.sum`, `smsp__inst_executed_op_global_st.sum` | event `gst_request`; else `gst_transactions` ÷ `gst_transactions_per_request` |
//! | `global_load_sectors` | — | `l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum` | `gld_transactions` |
//! | `global_store_sectors` | — | `l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum` | `gst_transactions` |
//! | `global_load_sectors_per_request` | — | `l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio` | `gld_transactions_per_request` |
//! | `global_store_sectors_per_request` | — | `l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_st.ratio` | `gst_transactions_per_request` |
//! | `dram_bytes` | — | `dram__bytes.sum`; else `dram__bytes_read.sum` (ncu 2025: `dram__bytes_op_read.sum`) + `dram__bytes_write.sum` (`…_op_write…`); else `dram__sectors_{read,write}.sum` × 32 | `dram_read_bytes` + `dram_write_bytes`; else (`dram_read_transactions` + `dram_write_transactions`) × 32 |
//! | `dram_bytes_per_s` | Memory Throughput (in bytes per second; the % one is another metric) | `dram__bytes.sum.per_second`; else `dram__bytes_read.sum.per_second` + `dram__bytes_write.sum.per_second` | `dram_read_throughput` + `dram_write_throughput` |
//! | `warps_launched` | — | `smsp__warps_launched.sum` | event `warps_launched` |
//! | `shared_mem_config_bytes` | Shared Memory Configuration Size | `launch__shared_mem_config_size` | — |
//! | `dram_clock_hz` | DRAM Frequency (older: Memory Frequency) | `dram__cycles_elapsed.avg.per_second` | — |
//! | `waves_per_sm` | Waves Per SM | `launch__waves_per_multiprocessor` | — |
//! | `flops_fp64` | — | `smsp__sass_thread_inst_executed_op_dadd_pred_on.sum` + `…_dmul_…` + 2 × `…_dfma_…` (the roofline section's) | `flop_count_dp` |
//! | `flops_fp32` | — | `smsp__sass_thread_inst_executed_op_fadd_pred_on.sum` + `…_fmul_…` + 2 × `…_ffma_…` | `flop_count_sp` |
//! | `tensor_pipe_cycles` | — | `sm__pipe_tensor_cycles_active.sum` (older: `…_op_hmma_…`) | — |
//! | `tensor_insts` | — | `smsp__inst_executed_pipe_tensor.sum`: warp instructions on the tensor pipe | — |
//! | `process_id` | — | the "Process ID" column (which run: two pages of one report share it) | — |
//! | `tensor_pipe_pct` | — | `sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active` (the full set's raw page) | — |
//! | `barrier_count` | — | `launch__barrier_count` (the barriers the kernel declares, not how often they run; the raw page) | — |
//! | `fp64_thread_insts` | — | `smsp__sass_thread_inst_executed_op_dadd_pred_on.sum` + `…_dmul_…` + `…_dfma_…` | `inst_fp_64` |
//! | `l1_hit_pct` | L1/TEX Hit Rate (before 2021: L1 Hit Rate) | `l1tex__t_sector_hit_rate.pct` | `global_hit_rate` (Kepler: `l1_cache_global_hit_rate`) |
//! | `l2_hit_pct` | L2 Hit Rate | `lts__t_sector_hit_rate.pct` | `l2_tex_hit_rate`; else `l2_tex_read_hit_rate` and `l2_tex_write_hit_rate` weighted by `l2_tex_read_transactions` and `l2_tex_write_transactions`; else the reads' (`l2_tex_read_hit_rate`, Kepler: `l2_l1_read_hit_rate`) |
//!
//! docs/files.md has the whole table, the Visual Profiler's column names among them
//! ([`nvvp`]).
//!
//! The global-request keys also fall back to sectors ÷ sectors-per-request for Nsight
//! Compute when both are present. A row whose unit does not measure what the key measures
//! (the same label in another section, in another unit) is ignored. Nvprof's
//! `gld_transactions` count 32-byte sectors on GPUs with a unified L1/texture cache
//! (Maxwell and later); on Kepler they are L1 transactions.
//!
//! The struct fields `registers_per_thread`, `static_shared_bytes` and
//! `dynamic_shared_bytes` come from those keys; `grid` and `block` from the launch
//! dimensions the file prints (Nsight Compute's "Grid Size"/"Block Size" columns, nvprof's
//! Grid X…Block Z), or, when it prints only totals (older Nsight Compute), `[total, 1, 1]`
//! from the `grid_size`/`block_size` keys.

mod collect;
pub mod csv;
mod join;
pub mod ncu;
pub mod nvprof;
pub mod nvvp;
mod slots;
pub mod units;

pub(crate) use collect::{median, Collector, Launch};
pub use slots::KEYS;
pub(crate) use slots::{read_slot, Slot, Slots};

use std::collections::BTreeMap;
use std::fmt;

use crate::csv::Splitter;
use csv::Record;
use units::{Dim, Unit};

/// Lines before the header that are neither blank nor banners (the profiled application's
/// output) that are skipped before the file is declared not a profiler CSV.
pub const MAX_PREAMBLE_LINES: u32 = 1000;

/// Of those lines, the first this many are kept, each to its first [`PREAMBLE_LINE_BYTES`]
/// bytes: the application's output may name the GPU ("device: NVIDIA GeForce RTX 5070").
pub const PREAMBLE_KEPT: usize = 200;
pub const PREAMBLE_LINE_BYTES: usize = 300;

/// Which export a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    NcuDetails,
    NcuRaw,
    NvprofTrace,
    NvprofMetrics,
    NvprofEvents,
    Nvvp,
}

impl Format {
    /// The format in words, for the page.
    pub fn describe(&self) -> &'static str {
        match self {
            Format::NcuDetails => "Nsight Compute CSV (details page)",
            Format::NcuRaw => "Nsight Compute CSV (raw page)",
            Format::NvprofTrace => "nvprof CSV (--print-gpu-trace)",
            Format::NvprofMetrics => "nvprof CSV (--metrics)",
            Format::NvprofEvents => "nvprof CSV (--events)",
            Format::Nvvp => "Visual Profiler CSV",
        }
    }
}

/// One kernel launch configuration as the profiler saw it, over all its invocations.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ProfiledKernel {
    /// As printed (demangled or mangled); nvprof's trailing correlation id ` [1073]` is
    /// dropped.
    pub name: String,
    /// As printed ("NVIDIA H100 80GB HBM3", "Tesla K20m (0)", or Nsight Compute's device
    /// number "0").
    pub device: Option<String>,
    pub compute_capability: Option<(u8, u8)>,
    pub grid: Option<[u64; 3]>,
    pub block: Option<[u64; 3]>,
    pub registers_per_thread: Option<f64>,
    pub static_shared_bytes: Option<f64>,
    pub dynamic_shared_bytes: Option<f64>,
    pub invocations: u64,
    /// Each invocation's duration in seconds, in file order (empty when the file has none).
    pub durations_s: Vec<f64>,
    /// Canonical metrics (see the module's table) in SI base units (seconds, bytes, Hz,
    /// percent as 0–100, counts), median over invocations.
    pub metrics: BTreeMap<&'static str, f64>,
    /// Figures the file gives that the kernel cannot have (a Duration of 1e308 s, a hit rate
    /// of 250 %), each with its line and the valid range: not taken, the rest of the kernel
    /// kept. At most [`MAX_INVALID`] per kernel.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub invalid: Vec<String>,
}

/// The invalid figures kept per kernel: the first few say what is wrong.
pub const MAX_INVALID: usize = 4;

impl ProfiledKernel {
    /// The median of `durations_s` (the mean of the two middle ones when even), else
    /// `metrics["duration_s"]`.
    pub fn measured_s(&self) -> Option<f64> {
        median(&self.durations_s).or_else(|| self.metric("duration_s"))
    }

    /// A canonical metric by key.
    pub fn metric(&self, key: &str) -> Option<f64> {
        self.metrics.get(key).copied()
    }
}

/// What a file held.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Profile {
    pub format: Format,
    /// In first-seen order.
    pub kernels: Vec<ProfiledKernel>,
    /// Rows that were not kernels: memory copies and sets (nvprof's trace), rule rows
    /// (Nsight Compute's details page).
    pub skipped_rows: u64,
    /// The formats of the files joined to this one ([`Profile::join`]), in order.
    pub joined: Vec<Format>,
    /// The lines before the table that are neither blank nor banners (the profiled
    /// application's output), at most [`PREAMBLE_KEPT`] of [`PREAMBLE_LINE_BYTES`] bytes each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub preamble: Vec<String>,
}

impl Profile {
    /// The formats read, in words: "nvprof CSV (--print-gpu-trace) + nvprof CSV (--metrics)".
    pub fn describe(&self) -> String {
        std::iter::once(self.format)
            .chain(self.joined.iter().copied())
            .map(|f| f.describe())
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// What went wrong, and on which physical line (1-based; 0 when it concerns the whole file).
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileError {
    pub line: u64,
    pub message: String,
}

impl ProfileError {
    pub(crate) fn new(line: u64, message: impl Into<String>) -> ProfileError {
        ProfileError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for ProfileError {}

/// The whole text at once.
pub fn read(bytes: &[u8]) -> Result<Profile, ProfileError> {
    let mut reader = ProfileReader::new();
    reader.feed(bytes)?;
    reader.finish()
}

/// Reads a profiler CSV fed in chunks of any size.
///
/// Time is linear in the bytes fed (each byte is split once, each record read once), plus
/// one sort per group and metric for the medians in [`ProfileReader::finish`]. Memory is one
/// record (at most [`csv::MAX_RECORD_BYTES`]), one launch being read, and the groups: one
/// `f64` per invocation and canonical metric present.
pub struct ProfileReader {
    splitter: Splitter,
    state: State,
    collector: Collector,
    /// Any byte was fed (to tell an empty file).
    any_bytes: bool,
    /// The first error: later calls return it again.
    failed: Option<ProfileError>,
}

enum State {
    /// Looking for the header.
    Preamble {
        /// Non-blank, non-banner lines skipped so far.
        skipped: u32,
        /// The first of them (line, hint).
        first: Option<(u64, &'static str)>,
    },
    /// After the header.
    Table {
        format: Format,
        /// The header's first column name, to spot a repeated header cheaply.
        first_name: String,
        body: Box<Body>,
    },
}

enum Body {
    NcuDetails(ncu::Details),
    NcuRaw(ncu::Raw),
    Trace(nvprof::Trace),
    Metrics(nvprof::Metrics),
    Nvvp(nvvp::Table),
}

impl Default for ProfileReader {
    fn default() -> Self {
        ProfileReader::new()
    }
}

impl ProfileReader {
    pub fn new() -> ProfileReader {
        ProfileReader {
            splitter: csv::splitter(),
            state: State::Preamble {
                skipped: 0,
                first: None,
            },
            collector: Collector::default(),
            any_bytes: false,
            failed: None,
        }
    }

    /// Reads the next chunk.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), ProfileError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        self.any_bytes |= !chunk.is_empty();
        let (state, collector) = (&mut self.state, &mut self.collector);
        let result = self
            .splitter
            .feed(chunk, &mut |record| on_record(state, collector, record));
        if let Err(e) = &result {
            self.failed = Some(e.clone());
        }
        result
    }

    /// Physical lines read so far (for progress).
    pub fn lines(&self) -> u64 {
        self.splitter.lines()
    }

    /// Flushes a last line without a line break and returns what the file held; "no kernels
    /// in the file" when it held none.
    pub fn finish(mut self) -> Result<Profile, ProfileError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let (state, collector) = (&mut self.state, &mut self.collector);
        self.splitter
            .finish(&mut |record| on_record(state, collector, record))?;
        let mut joined = Vec::new();
        let format = match self.state {
            State::Preamble { first: None, .. } => {
                return Err(ProfileError::new(
                    0,
                    if self.any_bytes {
                        "not a profiler CSV: no header, only blank or banner lines"
                    } else {
                        "the file is empty"
                    },
                ))
            }
            State::Preamble {
                first: Some((line, hint)),
                ..
            } => return Err(not_a_profiler_csv(line, hint)),
            State::Table { format, body, .. } => {
                match *body {
                    Body::NcuDetails(mut b) => b.finish(&mut self.collector),
                    Body::NcuRaw(_) | Body::Trace(_) | Body::Nvvp(_) => {}
                    Body::Metrics(b) => {
                        // nvprof's events and metrics tables in one file: both named.
                        joined.extend(b.second);
                        b.finish(&mut self.collector)
                    }
                }
                format
            }
        };
        let skipped_rows = self.collector.skipped;
        let preamble = std::mem::take(&mut self.collector.preamble);
        let kernels = self.collector.into_kernels();
        if kernels.is_empty() {
            return Err(ProfileError::new(0, "no kernels in the file"));
        }
        Ok(Profile {
            format,
            kernels,
            skipped_rows,
            joined,
            preamble,
        })
    }
}

/// Handles one record of the file.
fn on_record(
    state: &mut State,
    collector: &mut Collector,
    record: &Record<'_>,
) -> Result<(), ProfileError> {
    if record.banner || record.is_blank() {
        return Ok(());
    }
    match state {
        State::Preamble { skipped, first } => {
            if looks_binary(record.all_bytes()) {
                return Err(ProfileError::new(
                    record.line,
                    "not a profiler CSV: this is binary data, not text",
                ));
            }
            if let Some(format) = sniff(record) {
                let body = match format {
                    Format::NcuDetails => Body::NcuDetails(ncu::Details::new(record)?),
                    Format::NcuRaw => Body::NcuRaw(ncu::Raw::new(record)?),
                    Format::NvprofTrace => Body::Trace(nvprof::Trace::new(record)?),
                    Format::NvprofMetrics | Format::NvprofEvents => {
                        Body::Metrics(nvprof::Metrics::new(record, format)?)
                    }
                    Format::Nvvp => Body::Nvvp(nvvp::Table::new(record)?),
                };
                *state = State::Table {
                    format,
                    first_name: record.field(0).trim().to_string(),
                    body: Box::new(body),
                };
                return Ok(());
            }
            if first.is_none() {
                *first = Some((record.line, hint(record)));
            }
            if collector.preamble.len() < PREAMBLE_KEPT {
                let mut text = String::new();
                for i in 0..record.len() {
                    if text.len() >= PREAMBLE_LINE_BYTES {
                        break;
                    }
                    if i > 0 {
                        text.push(',');
                    }
                    text.push_str(&record.field(i));
                }
                // To a character's end at most the limit.
                let mut end = text.len().min(PREAMBLE_LINE_BYTES);
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                text.truncate(end);
                collector.preamble.push(text.trim_end().to_string());
            }
            *skipped += 1;
            if *skipped > MAX_PREAMBLE_LINES {
                let (line, hint) = first.unwrap_or((record.line, ""));
                return Err(not_a_profiler_csv(line, hint));
            }
            Ok(())
        }
        State::Table {
            first_name, body, ..
        } => {
            // A repeated header (another process, or nvprof's events then metrics tables).
            if record.field(0).trim() == first_name.as_str() {
                match (sniff(record), &mut **body) {
                    (Some(Format::NcuDetails), Body::NcuDetails(b)) => {
                        b.finish(collector);
                        *b = ncu::Details::new(record)?;
                        return Ok(());
                    }
                    (Some(Format::NcuRaw), Body::NcuRaw(b)) => {
                        *b = ncu::Raw::new(record)?;
                        return Ok(());
                    }
                    (Some(Format::NvprofTrace), Body::Trace(b)) => {
                        *b = nvprof::Trace::new(record)?;
                        return Ok(());
                    }
                    (Some(Format::Nvvp), Body::Nvvp(b)) => {
                        *b = nvvp::Table::new(record)?;
                        return Ok(());
                    }
                    (
                        Some(f @ (Format::NvprofMetrics | Format::NvprofEvents)),
                        Body::Metrics(b),
                    ) => {
                        return b.rehead(record, f);
                    }
                    _ => {}
                }
            }
            match &mut **body {
                Body::NcuDetails(b) => b.row(record, collector),
                Body::NcuRaw(b) => b.row(record, collector),
                Body::Trace(b) => b.row(record, collector),
                Body::Metrics(b) => b.row(record),
                Body::Nvvp(b) => b.row(record, collector),
            }
        }
    }
}

/// Control characters other than tab, carriage return and escape (terminal colours in an
/// application's output): binary data.
fn looks_binary(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .any(|&b| b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n' | 0x1b) || b == 0x7f)
}

fn not_a_profiler_csv(line: u64, hint: &str) -> ProfileError {
    ProfileError::new(
        line,
        format!(
            "not a profiler CSV: expected a header with \"Kernel Name\" and \"Metric Name\" \
             (Nsight Compute, details page), \"ID\" and \"Kernel Name\" (Nsight Compute, raw \
             page), \"Start\", \"Duration\" and \"Grid X\" (nvprof --print-gpu-trace), or \
             \"Kernel\" and \"Metric Name\" or \"Event Name\" (nvprof --metrics, --events), or \
             \"Name\", \"Duration(ns)\" and \"GridX\" (Visual Profiler CSV){hint}"
        ),
    )
}

/// A hint for a line that is a header of a table these readers do not take.
fn hint(record: &Record<'_>) -> &'static str {
    let names: Vec<_> = (0..record.len()).map(|i| record.field(i)).collect();
    let has = |n: &str| names.iter().any(|f| f.trim() == n);
    if has("Time(%)") && has("Calls") {
        "; this is nvprof's summary: export it with --print-gpu-trace, --metrics or --events"
    } else {
        ""
    }
}

/// Tells the format from a header line, or `None` when it is not one.
fn sniff(record: &Record<'_>) -> Option<Format> {
    if record.len() < 2 {
        return None;
    }
    let mut has = [false; 10];
    const NAMES: [&str; 10] = [
        "Kernel Name",
        "Metric Name",
        "Metric Value",
        "Metric Unit",
        "ID",
        "Kernel",
        "Event Name",
        "Start",
        "Duration",
        "Grid X",
    ];
    for i in 0..record.len() {
        let field = record.field(i);
        if let Some(k) = NAMES.iter().position(|n| *n == field.trim()) {
            has[k] = true;
        }
    }
    let [kernel_name, metric_name, metric_value, metric_unit, id, kernel, event_name, start, duration, grid_x] =
        has;
    if kernel_name && (metric_name || metric_value || metric_unit) {
        Some(Format::NcuDetails)
    } else if kernel && metric_name {
        Some(Format::NvprofMetrics)
    } else if kernel && event_name {
        Some(Format::NvprofEvents)
    } else if (start && duration) || grid_x {
        Some(Format::NvprofTrace)
    } else if kernel_name && id {
        Some(Format::NcuRaw)
    } else {
        let names: Vec<String> = (0..record.len())
            .map(|i| record.field(i).into_owned())
            .collect();
        nvvp::is_header(&names).then_some(Format::Nvvp)
    }
}

/// The columns of a header, by name.
pub(crate) struct Header {
    pub line: u64,
    pub width: usize,
    names: Vec<String>,
    what: &'static str,
}

impl Header {
    pub fn new(record: &Record<'_>, what: &'static str) -> Header {
        Header {
            line: record.line,
            width: record.len(),
            names: (0..record.len())
                .map(|i| record.field(i).trim().to_string())
                .collect(),
            what,
        }
    }

    /// A column's index, if the header has it.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// A column the format needs: its absence is an error naming it.
    pub fn require(&self, name: &str) -> Result<usize, ProfileError> {
        self.find(name).ok_or_else(|| {
            ProfileError::new(
                self.line,
                format!("missing required column \"{name}\" ({})", self.what),
            )
        })
    }

    /// Every column's name, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// An error for a row with fewer fields than it must have.
pub(crate) fn short_row(record: &Record<'_>, need: usize, header_line: u64) -> ProfileError {
    ProfileError::new(
        record.line,
        format!(
            "the row has {} fields, but it needs {need} (the header is on line {header_line})",
            record.len()
        ),
    )
}

/// An error for a value that is not a number: the text, the column and, where the column
/// holds many metrics, which one.
pub(crate) fn bad_number(
    line: u64,
    text: &str,
    column: &str,
    metric: Option<&str>,
) -> ProfileError {
    let metric = metric
        .map(|m| format!(", metric \"{m}\""))
        .unwrap_or_default();
    ProfileError::new(
        line,
        format!("cannot read \"{text}\" as a number (column \"{column}\"{metric})"),
    )
}

/// A column's text, trimmed, when the header has the column and the row a non-empty value.
/// [`optional_text`] into `slot`, its allocation reused (once per launch row).
pub(crate) fn set_optional_text(
    slot: &mut Option<String>,
    record: &Record<'_>,
    column: Option<usize>,
) {
    let text = column.map(|c| record.field(c));
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => {
            let s = slot.get_or_insert_with(String::new);
            s.clear();
            s.push_str(t);
        }
        None => *slot = None,
    }
}

pub(crate) fn optional_text(record: &Record<'_>, column: Option<usize>) -> Option<String> {
    let text = record.field(column?);
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// Values the profilers print for a metric they could not collect: absent, not an error.
pub(crate) fn is_missing(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t.eq_ignore_ascii_case("n/a")
}

/// Every Nsight Compute metric the models read from a file, comma-separated: the device's
/// name and the clocks it ran at, the duration, instructions and warps, global requests and
/// their sectors, DRAM bytes, the hit rates, the L2's sectors and the L1's throughput (the
/// roofline's levels), the declared barriers, the SFU's instructions, the FLOP counts, and
/// the tensor pipe's cycles (the models' scope). Both recommended commands collect them all
/// (`tests/profiler.rs` checks each against the reader's keys).
macro_rules! model_metrics {
    () => {
        "device__attribute_display_name,gpu__time_duration.sum,gpc__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,smsp__warps_launched.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,dram__bytes.sum,l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex.sum,l1tex__throughput.avg.pct_of_peak_sustained_active,sm__cycles_active.avg,launch__barrier_count,smsp__inst_executed_pipe_xu.sum,smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,sm__pipe_tensor_cycles_active.sum"
    };
}

/// [`model_metrics`]' list.
pub const MODEL_METRICS: &str = model_metrics!();

/// The Nsight Compute command that collects what every model takes from a file, quickly
/// (two sections and [`MODEL_METRICS`], not the full set). Profiled so, every kernel gets
/// complete predictions but for the barriers' executions, which no profiler counts.
pub const NCU_QUICK: &str = concat!(
    "ncu --csv --metrics ",
    model_metrics!(),
    " --section LaunchStats --section Occupancy"
);

/// The full set, as the raw page (the details page counts no requests), with
/// [`MODEL_METRICS`] added: the full set alone lacks some of them (the warps launched, the
/// L2's hit rate on some versions).
pub const NCU_FULL: &str = concat!(
    "ncu --csv --page raw --set full --metrics ",
    model_metrics!()
);

/// The canonical key an Nsight Compute metric lands in (`Some("")` for a part a key is
/// derived from, as the FLOP counts are), or `None` for a metric the reader ignores.
pub fn ncu_metric_key(metric: &str) -> Option<&'static str> {
    let slot = Slot::ncu(metric)?;
    Some(KEYS.get(slot as usize).copied().unwrap_or(""))
}
