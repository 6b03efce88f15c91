//! nvprof CSV exports.
//!
//! **`--print-gpu-trace --csv`**: banner lines (`==1234== Profiling result:`), a header, a
//! units row (`ms,ms,,,,,,,,KB,B,MB,GB/s,,,,,,,`: durations in `s`, `ms`, `us` or `ns`,
//! shared memory in `B` or `KB`, where `KB` is 1024 bytes), then one row per kernel launch
//! or memory operation. Columns by name: "Duration", "Grid X", "Grid Y", "Grid Z",
//! "Block X", "Block Y", "Block Z", "Name" (required), "Registers Per Thread",
//! "Static SMem", "Dynamic SMem", "Device" (optional). A row without a grid (a memcpy or
//! memset) is skipped and counted. Older versions end the kernel's name with its
//! correlation id (`… int) [1073]`): it is dropped, so that the invocations group. Each row
//! is one invocation: O(row) time, one `f64` of memory per invocation.
//!
//! **`--metrics … --csv`** / **`--events … --csv`**: "Device", "Kernel", "Invocations",
//! "Metric Name", "Metric Description", "Min", "Max", "Avg" (events: "Event Name" and a
//! "Total"). One row per kernel and metric, the average over the invocations in "Avg" with
//! its unit inline (`99.72%`, `45.08GB/s`, `0.753574`). No launch dimensions. A file with
//! both `--events` and `--metrics` holds an events table then a metrics table, each with its
//! header; a kernel's rows in both add to the same kernel. O(row) time per row; memory one
//! set of slots per kernel.

use std::collections::HashMap;

use super::csv::Record;
use super::units::{self, BytePrefixes, Dim, Unit};
use super::{
    bad_number, is_missing, optional_text, read_slot, set_optional_text, short_row, Collector,
    Format, Header, Launch, ProfileError, Slot,
};

/// The units row's units for the columns read.
struct TraceUnits {
    duration: Unit,
    static_shared: Unit,
    dynamic_shared: Unit,
}

/// The `--print-gpu-trace` table.
pub(crate) struct Trace {
    header_line: u64,
    width: usize,
    duration: usize,
    grid: [usize; 3],
    block: [usize; 3],
    name: usize,
    registers: Option<usize>,
    static_shared: Option<usize>,
    dynamic_shared: Option<usize>,
    device: Option<usize>,
    units: Option<TraceUnits>,
    scratch: Launch,
}

const GRID: [&str; 3] = ["Grid X", "Grid Y", "Grid Z"];
const BLOCK: [&str; 3] = ["Block X", "Block Y", "Block Z"];

impl Trace {
    pub fn new(record: &Record<'_>) -> Result<Trace, ProfileError> {
        let header = Header::new(record, "nvprof CSV, --print-gpu-trace");
        let duration = header.require("Duration")?;
        let mut grid = [0; 3];
        let mut block = [0; 3];
        for k in 0..3 {
            grid[k] = header.require(GRID[k])?;
        }
        for k in 0..3 {
            block[k] = header.require(BLOCK[k])?;
        }
        Ok(Trace {
            header_line: header.line,
            width: header.width,
            duration,
            grid,
            block,
            name: header.require("Name")?,
            registers: header.find("Registers Per Thread"),
            static_shared: header.find("Static SMem"),
            dynamic_shared: header.find("Dynamic SMem"),
            device: header.find("Device"),
            units: None,
            scratch: Launch::default(),
        })
    }

    /// One row: O(its length).
    pub fn row(&mut self, record: &Record<'_>, out: &mut Collector) -> Result<(), ProfileError> {
        if record.len() < self.width {
            return Err(short_row(record, self.width, self.header_line));
        }
        let Some(units) = &self.units else {
            self.units = Some(self.units_row(record)?);
            return Ok(());
        };
        if record.field(self.grid[0]).trim().is_empty() {
            // A memcpy or memset: no grid.
            out.skipped += 1;
            return Ok(());
        }
        let launch = &mut self.scratch;
        // The device's text is set below, into the allocation the last row left.
        let device = launch.device.take();
        launch.reset();
        launch.device = device;
        launch.invocations = 1;
        let mut grid = [0; 3];
        let mut block = [0; 3];
        for k in 0..3 {
            grid[k] = count(record, self.grid[k], GRID[k])?;
            block[k] = count(record, self.block[k], BLOCK[k])?;
        }
        launch.grid = Some(grid);
        launch.block = Some(block);
        launch
            .name
            .push_str(without_correlation_id(record.field(self.name).trim()));
        set_optional_text(&mut launch.device, record, self.device);
        let columns = [
            (
                Some(self.duration),
                Slot::Duration,
                units.duration,
                "Duration",
            ),
            (
                self.registers,
                Slot::Registers,
                Unit::UNITLESS,
                "Registers Per Thread",
            ),
            (
                self.static_shared,
                Slot::StaticShared,
                units.static_shared,
                "Static SMem",
            ),
            (
                self.dynamic_shared,
                Slot::DynamicShared,
                units.dynamic_shared,
                "Dynamic SMem",
            ),
        ];
        for (column, slot, unit, name) in columns {
            let Some(column) = column else { continue };
            let text = record.field(column);
            read_slot(launch, slot, &text, unit, record.line, name, None)?;
        }
        out.add(launch);
        Ok(())
    }

    /// The units row, right after the header.
    fn units_row(&self, record: &Record<'_>) -> Result<TraceUnits, ProfileError> {
        let unit = |column: Option<usize>, name: &str, dims: &[Dim]| {
            let Some(column) = column else {
                return Ok(Unit::UNITLESS);
            };
            let text = record.field(column);
            match units::parse_unit(&text, BytePrefixes::Binary) {
                Some(u) if dims.contains(&u.dim) => Ok(u),
                _ => Err(ProfileError::new(
                    record.line,
                    format!(
                        "expected nvprof's units row after the header (like \
                         \"ms,ms,,,,,,,,KB,B,MB,GB/s,…\"), but the unit of \"{name}\" is \
                         \"{}\"",
                        text.trim()
                    ),
                )),
            }
        };
        let sizes = [Dim::Bytes, Dim::Unitless];
        Ok(TraceUnits {
            duration: unit(Some(self.duration), "Duration", &[Dim::Time])?,
            static_shared: unit(self.static_shared, "Static SMem", &sizes)?,
            dynamic_shared: unit(self.dynamic_shared, "Dynamic SMem", &sizes)?,
        })
    }
}

/// A launch dimension.
fn count(record: &Record<'_>, column: usize, name: &str) -> Result<u64, ProfileError> {
    // The common case, digits alone, read from the bytes (at most 19: no overflow).
    let bytes = record.bytes(column);
    if !bytes.is_empty() && bytes.len() <= 19 && bytes.iter().all(u8::is_ascii_digit) {
        return Ok(bytes.iter().fold(0, |n, &d| n * 10 + u64::from(d - b'0')));
    }
    let text = record.field(column);
    units::parse_count(&text).ok_or_else(|| bad_number(record.line, text.trim(), name, None))
}

/// `void k(int) [1073]` → `void k(int)`: older nvprof versions end a kernel's name in the
/// trace with its correlation id.
fn without_correlation_id(name: &str) -> &str {
    if !name.ends_with(']') {
        return name;
    }
    if let Some(open) = name.rfind(" [") {
        if let Some(digits) = name[open + 2..].strip_suffix(']') {
            if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) {
                return &name[..open];
            }
        }
    }
    name
}

/// The `--metrics` and `--events` tables.
pub(crate) struct Metrics {
    header_line: u64,
    width: usize,
    device: Option<usize>,
    kernel: usize,
    invocations: usize,
    /// "Metric Name" or "Event Name".
    name: usize,
    avg: usize,
    /// One entry per (device, kernel), in first-seen order.
    kernels: Vec<Launch>,
    index: HashMap<(Option<String>, String), usize>,
    /// The format of the file's first table, and of a second of the other kind (`--events`
    /// then `--metrics`).
    first: Format,
    pub second: Option<Format>,
}

impl Metrics {
    pub fn new(record: &Record<'_>, format: Format) -> Result<Metrics, ProfileError> {
        let mut m = Metrics {
            header_line: 0,
            width: 0,
            device: None,
            kernel: 0,
            invocations: 0,
            name: 0,
            avg: 0,
            kernels: Vec::new(),
            index: HashMap::new(),
            first: format,
            second: None,
        };
        m.rehead(record, format)?;
        Ok(m)
    }

    /// A (new) header: the columns may move; the kernels read so far stay.
    pub fn rehead(&mut self, record: &Record<'_>, format: Format) -> Result<(), ProfileError> {
        let (what, name) = if format == Format::NvprofEvents {
            ("nvprof CSV, --events", "Event Name")
        } else {
            ("nvprof CSV, --metrics", "Metric Name")
        };
        if format != self.first {
            self.second = Some(format);
        }
        let header = Header::new(record, what);
        self.header_line = header.line;
        self.width = header.width;
        self.kernel = header.require("Kernel")?;
        self.invocations = header.require("Invocations")?;
        self.name = header.require(name)?;
        self.avg = header.require("Avg")?;
        self.device = header.find("Device");
        Ok(())
    }

    /// One row: O(its length). The kernels go to the collector at [`Metrics::finish`], once
    /// all their rows (in either table) are read.
    pub fn row(&mut self, record: &Record<'_>) -> Result<(), ProfileError> {
        if record.len() < self.width {
            return Err(short_row(record, self.width, self.header_line));
        }
        let kernel = record.field(self.kernel).trim().to_string();
        let device = optional_text(record, self.device);
        let text = record.field(self.invocations);
        let invocations = units::parse_count(&text)
            .ok_or_else(|| bad_number(record.line, text.trim(), "Invocations", None))?;
        let kernels = &mut self.kernels;
        let k = *self
            .index
            .entry((device.clone(), kernel.clone()))
            .or_insert_with(|| {
                kernels.push(Launch {
                    name: kernel,
                    device,
                    ..Launch::default()
                });
                kernels.len() - 1
            });
        let launch = &mut self.kernels[k];
        launch.invocations = launch.invocations.max(invocations);
        let metric = record.field(self.name);
        let metric = metric.trim();
        let Some(slot) = Slot::nvprof(metric) else {
            return Ok(());
        };
        let avg = record.field(self.avg);
        if is_missing(&avg) {
            return Ok(());
        }
        // nvprof's inline units are percent, sizes, rates and times; a word there (`Low (1)`,
        // a misspelt unit) is not a number.
        let (number, unit_text) = units::split_inline(&avg);
        let unit = units::parse_unit(unit_text, BytePrefixes::Binary)
            .filter(|u| !number.is_empty() && !matches!(u.dim, Dim::Count | Dim::Other))
            .ok_or_else(|| bad_number(record.line, avg.trim(), "Avg", Some(metric)))?;
        read_slot(launch, slot, number, unit, record.line, "Avg", Some(metric))?;
        Ok(())
    }

    /// Hands the kernels to the collector.
    pub fn finish(self, out: &mut Collector) {
        for launch in &self.kernels {
            out.add(launch);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::without_correlation_id;

    #[test]
    fn correlation_ids() {
        assert_eq!(
            without_correlation_id("void matrixMulCUDA<int=32>(float*, int) [1073]"),
            "void matrixMulCUDA<int=32>(float*, int)"
        );
        assert_eq!(without_correlation_id("k [a1]"), "k [a1]");
        assert_eq!(without_correlation_id("k []"), "k []");
        assert_eq!(without_correlation_id("[CUDA memset]"), "[CUDA memset]");
    }
}
