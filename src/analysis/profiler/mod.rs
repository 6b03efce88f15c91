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
//! | `global_load_requests` | — | `l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum`, `smsp__inst_executed_op_global_ld.sum` | event `gld_request`; else `gld_transactions` ÷ `gld_transactions_per_request` |
//! | `global_store_requests` | — | `l1tex__t_requests_pipe_lsu_mem_global_op_st.sum`, `smsp__inst_executed_op_global_st.sum` | event `gst_request`; else `gst_transactions` ÷ `gst_transactions_per_request` |
//! | `global_load_sectors` | — | `l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum` | `gld_transactions` |
//! | `global_store_sectors` | — | `l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum` | `gst_transactions` |
//! | `global_load_sectors_per_request` | — | `l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio` | `gld_transactions_per_request` |
//! | `global_store_sectors_per_request` | — | `l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_st.ratio` | `gst_transactions_per_request` |
//! | `dram_bytes` | — | `dram__bytes.sum`; else `dram__bytes_read.sum` + `dram__bytes_write.sum` | `dram_read_bytes` + `dram_write_bytes`; else (`dram_read_transactions` + `dram_write_transactions`) × 32 |
//! | `dram_bytes_per_s` | Memory Throughput (in bytes per second; the % one is another metric) | `dram__bytes.sum.per_second`; else `dram__bytes_read.sum.per_second` + `dram__bytes_write.sum.per_second` | `dram_read_throughput` + `dram_write_throughput` |
//! | `warps_launched` | — | `smsp__warps_launched.sum` | event `warps_launched` |
//! | `shared_mem_config_bytes` | Shared Memory Configuration Size | `launch__shared_mem_config_size` | — |
//! | `dram_clock_hz` | DRAM Frequency (older: Memory Frequency) | `dram__cycles_elapsed.avg.per_second` | — |
//! | `waves_per_sm` | Waves Per SM | `launch__waves_per_multiprocessor` | — |
//! | `flops_fp64` | — | `smsp__sass_thread_inst_executed_op_dadd_pred_on.sum` + `…_dmul_…` + 2 × `…_dfma_…` (the roofline section's) | `flop_count_dp` |
//! | `flops_fp32` | — | `smsp__sass_thread_inst_executed_op_fadd_pred_on.sum` + `…_fmul_…` + 2 × `…_ffma_…` | `flop_count_sp` |
//! | `tensor_pipe_cycles` | — | `sm__pipe_tensor_cycles_active.sum` (older: `…_op_hmma_…`) | — |
//! | `tensor_pipe_pct` | — | `sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active` (the full set's raw page) | — |
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

pub mod csv;
mod join;
pub mod ncu;
pub mod nvprof;
pub mod units;

use std::collections::{BTreeMap, HashMap};

/// A map with a fast hash, seeded per process (`foldhash`).
type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;
use std::fmt;

use crate::csv::Splitter;
use csv::Record;
use units::{Dim, Unit};

/// Lines before the header that are neither blank nor banners (the profiled application's
/// output) that are skipped before the file is declared not a profiler CSV.
pub const MAX_PREAMBLE_LINES: u32 = 1000;

/// Which export a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    NcuDetails,
    NcuRaw,
    NvprofTrace,
    NvprofMetrics,
    NvprofEvents,
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
}

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
                    Body::NcuRaw(_) | Body::Trace(_) => {}
                    Body::Metrics(b) => b.finish(&mut self.collector),
                }
                format
            }
        };
        let skipped_rows = self.collector.skipped;
        let kernels = self.collector.into_kernels();
        if kernels.is_empty() {
            return Err(ProfileError::new(0, "no kernels in the file"));
        }
        Ok(Profile {
            format,
            kernels,
            skipped_rows,
            joined: Vec::new(),
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
             \"Kernel\" and \"Metric Name\" or \"Event Name\" (nvprof --metrics, --events){hint}"
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
        None
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

/// The canonical keys (the table in the module's notes), in the order the readers use.
/// The Nsight Compute command that collects what every model takes from a file, quickly
/// (two sections and these counters, not the full set): launch and occupancy, instructions
/// and warps, global requests and sectors, DRAM bytes, the FLOP counts, the device's name and
/// the clocks it ran at, and the tensor pipe's cycles (the models' scope). Profiled so, an
/// H200 run gives complete predictions for every kernel (`tests/known_kernels.rs`).
pub const NCU_QUICK: &str = "ncu --csv --metrics device__attribute_display_name,gpu__time_duration.sum,gpc__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,smsp__warps_launched.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,dram__bytes.sum,smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,sm__pipe_tensor_cycles_active.sum --section LaunchStats --section Occupancy";

pub const KEYS: [&str; 33] = [
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
}

pub(crate) const SLOTS: usize = Slot::FFma as usize + 1;

impl Slot {
    /// What the slot measures: a value in a unit of another dimension is not this metric.
    pub fn dim(self) -> Dim {
        use Slot::*;
        match self {
            Duration => Dim::Time,
            StaticShared | DynamicShared | SharedMemConfig | DramBytes | DramReadBytes
            | DramWriteBytes => Dim::Bytes,
            SmClock | DramClock => Dim::Hertz,
            TheoreticalOccupancy | AchievedOccupancy | TensorPipePct => Dim::Percent,
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
            "Executed Instructions" | "smsp__inst_executed.sum" | "sm__inst_executed.sum" => {
                InstExecuted
            }
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
            "dram__bytes_read.sum" => DramReadBytes,
            "dram__bytes_write.sum" => DramWriteBytes,
            "dram__bytes.sum.per_second" => DramBytesPerSecond,
            "dram__bytes_read.sum.per_second" => DramReadBytesPerSecond,
            "dram__bytes_write.sum.per_second" => DramWriteBytesPerSecond,
            "smsp__warps_launched.sum" => WarpsLaunched,
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
            "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active"
            | "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active" => {
                TensorPipePct
            }
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
            "inst_per_warp" => InstPerWarp,
            "gld_request" => LoadRequests,
            "gst_request" => StoreRequests,
            "gld_transactions" => LoadSectors,
            "gst_transactions" => StoreSectors,
            "gld_transactions_per_request" => LoadSectorsPerRequest,
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
    fn canonical(&self) -> [f64; KEYS.len()] {
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
        fill(FlopsFp32, flops(FAdd, FMul, FFma));
        fill(LoadRequests, ratio(LoadSectors, LoadSectorsPerRequest));
        fill(StoreRequests, ratio(StoreSectors, StoreSectorsPerRequest));
        out
    }
}

/// One launch (or, for nvprof's `--metrics`/`--events`, one kernel's row of averages).
#[derive(Clone, Debug, Default)]
pub(crate) struct Launch {
    pub name: String,
    pub device: Option<String>,
    pub compute_capability: Option<(u8, u8)>,
    pub grid: Option<[u64; 3]>,
    pub block: Option<[u64; 3]>,
    pub invocations: u64,
    pub slots: Slots,
}

impl Launch {
    /// Empties the launch for reuse (keeping the name's allocation).
    pub fn reset(&mut self) {
        self.name.clear();
        self.device = None;
        self.compute_capability = None;
        self.grid = None;
        self.block = None;
        self.invocations = 0;
        self.slots = Slots::default();
    }
}

/// What identifies a group: device, name and launch configuration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct GroupKey {
    device: Option<u32>,
    name: u32,
    grid: Option<[u64; 3]>,
    block: Option<[u64; 3]>,
    /// Registers, static and dynamic shared memory, as bits (`None`: not given).
    resources: [Option<u64>; 3],
}

/// One group's invocations.
#[derive(Debug)]
struct Group {
    key: GroupKey,
    compute_capability: Option<(u8, u8)>,
    invocations: u64,
    /// Each value the invocations gave, with its canonical key's index, in file order (the
    /// launch's resources, constant over a group, are in the key instead). One list, not a
    /// list per key: a group of one launch then holds its few values, not 33 empty lists (a
    /// file of 200,000 distinct kernels took 13 × its size to read, 1.7 KB a kernel).
    values: Vec<(u8, f64)>,
}

/// Launches grouped as they arrive.
#[derive(Debug, Default)]
pub(crate) struct Collector {
    strings: Vec<String>,
    string_ids: FastMap<String, u32>,
    groups: Vec<Group>,
    index: FastMap<GroupKey, usize>,
    pub skipped: u64,
}

/// The canonical keys held in the group key rather than per invocation.
const RESOURCES: [Slot; 3] = [Slot::Registers, Slot::StaticShared, Slot::DynamicShared];

impl Collector {
    fn intern(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.string_ids.get(s) {
            return id;
        }
        let id = self.strings.len() as u32;
        self.strings.push(s.to_string());
        self.string_ids.insert(s.to_string(), id);
        id
    }

    /// Adds one launch to its group.
    pub fn add(&mut self, launch: &Launch) {
        let values = launch.slots.canonical();
        let total = |slot: Slot| {
            let v = values[slot as usize];
            (v >= 1.0 && v.fract() == 0.0 && v < 1e18).then_some([v as u64, 1, 1])
        };
        let key = GroupKey {
            device: launch.device.as_deref().map(|d| self.intern(d)),
            name: self.intern(&launch.name),
            grid: launch.grid.or_else(|| total(Slot::GridSize)),
            block: launch.block.or_else(|| total(Slot::BlockSize)),
            resources: RESOURCES.map(|s| {
                let v = values[s as usize];
                (!v.is_nan()).then(|| v.to_bits())
            }),
        };
        // The key is cloned only for a new group (most rows are another launch of one).
        let g = match self.index.get(&key) {
            Some(&g) => g,
            None => {
                self.index.insert(key.clone(), self.groups.len());
                self.groups.push(Group {
                    key,
                    compute_capability: launch.compute_capability,
                    invocations: 0,
                    values: Vec::new(),
                });
                self.groups.len() - 1
            }
        };
        let group = &mut self.groups[g];
        group.invocations = group.invocations.saturating_add(launch.invocations);
        if group.compute_capability.is_none() {
            group.compute_capability = launch.compute_capability;
        }
        for (k, &v) in values.iter().enumerate() {
            if !v.is_nan() && !RESOURCES.iter().any(|&s| s as usize == k) {
                group.values.push((k as u8, v));
            }
        }
    }

    /// The groups as kernels, in first-seen order.
    fn into_kernels(self) -> Vec<ProfiledKernel> {
        // The lookups go first: with many distinct kernels they are a third of what is held.
        let Collector {
            strings,
            string_ids,
            groups,
            index,
            ..
        } = self;
        drop((string_ids, index));
        groups
            .into_iter()
            .map(|mut g| {
                // By key, each key's values still in file order (a stable sort).
                g.values.sort_by_key(|&(k, _)| k);
                let mut metrics = BTreeMap::new();
                let mut durations_s = Vec::new();
                for run in g.values.chunk_by(|a, b| a.0 == b.0) {
                    let k = run[0].0 as usize;
                    let values: Vec<f64> = run.iter().map(|&(_, v)| v).collect();
                    if let Some(m) = median(&values) {
                        metrics.insert(KEYS[k], m);
                    }
                    if k == Slot::Duration as usize {
                        durations_s = values;
                    }
                }
                let resources = g.key.resources.map(|r| r.map(f64::from_bits));
                for (slot, value) in RESOURCES.iter().zip(resources) {
                    if let Some(v) = value {
                        metrics.insert(KEYS[*slot as usize], v);
                    }
                }
                let product = |d: [u64; 3]| d[0] as f64 * d[1] as f64 * d[2] as f64;
                if let Some(block) = g.key.block {
                    metrics.entry("block_size").or_insert(product(block));
                }
                if let Some(grid) = g.key.grid {
                    metrics.entry("grid_size").or_insert(product(grid));
                }
                ProfiledKernel {
                    name: strings[g.key.name as usize].clone(),
                    device: g.key.device.map(|d| strings[d as usize].clone()),
                    compute_capability: g.compute_capability,
                    grid: g.key.grid,
                    block: g.key.block,
                    registers_per_thread: resources[0],
                    static_shared_bytes: resources[1],
                    dynamic_shared_bytes: resources[2],
                    invocations: g.invocations,
                    durations_s,
                    metrics,
                }
            })
            .collect()
    }
}

/// The median (the mean of the two middle values when their number is even).
pub(crate) fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    Some(if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    })
}
