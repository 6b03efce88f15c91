//! Nsight Compute CSV exports: the details page and the raw page.
//!
//! **Details page** (`ncu --csv`, `ncu --import r.ncu-rep --csv`): one row per metric of a
//! launch, columns found by name: "ID", "Kernel Name", "Metric Name", "Metric Unit",
//! "Metric Value" (required) and "Block Size", "Grid Size" (`(256, 1, 1)`), "Device", "CC"
//! (optional: versions before 2021 lack them). Newer versions add rule columns ("Rule
//! Name", "Rule Type", "Rule Description", "Estimated Speedup Type", "Estimated Speedup");
//! a rule row leaves the metric empty and is skipped (and counted). Metric rows of recent
//! versions stop after "Metric Value" (`…,"ns","406240",`), so a row only has to reach the
//! columns read, not the header's last one. Metrics are named by label by default
//! ("Duration") or by metric name with `--print-metric-name name`
//! (`gpu__time_duration.sum`): both are read (the table in the parent module). Units vary
//! between versions (`ns`/`nsecond`/`usecond`/`msecond`, `byte`/`Kbyte`, `hz`/`Ghz`/
//! `cycle/nsecond`); `Kbyte` is 1000 bytes. A launch is a run of consecutive rows with the
//! same "ID", as Nsight Compute writes them.
//!
//! **Raw page** (`--page raw`): one row per launch with metric names as columns, after a
//! units row (its "ID" is empty).
//!
//! Both read each row in time linear in its length; memory is one launch's metrics plus the
//! groups (see the parent module).

use super::csv::Record;
use super::units::{self, BytePrefixes, Unit};
use super::{
    is_missing, optional_text, read_slot, short_row, Collector, Header, Launch, ProfileError, Slot,
};

/// The launch columns both pages share.
struct LaunchColumns {
    id: usize,
    kernel: usize,
    block: Option<usize>,
    grid: Option<usize>,
    device: Option<usize>,
    cc: Option<usize>,
    /// "Process ID": the profiled process (two exports of one report share it; another run
    /// of the program has its own).
    process: Option<usize>,
    /// The raw page's `device__attribute_display_name` ("NVIDIA A100-SXM4-40GB"): the
    /// device's name where the "Device" column holds only its number.
    display_name: Option<usize>,
}

impl LaunchColumns {
    fn new(header: &Header) -> Result<LaunchColumns, ProfileError> {
        Ok(LaunchColumns {
            id: header.require("ID")?,
            kernel: header.require("Kernel Name")?,
            block: header.find("Block Size"),
            grid: header.find("Grid Size"),
            device: header.find("Device"),
            cc: header.find("CC"),
            process: header.find("Process ID"),
            display_name: header.find("device__attribute_display_name"),
        })
    }

    fn max(&self) -> usize {
        [self.block, self.grid, self.device, self.cc, self.process]
            .into_iter()
            .flatten()
            .chain([self.id, self.kernel])
            .max()
            .unwrap_or(0)
    }

    /// Fills a launch's identity from a row.
    fn read(&self, record: &Record<'_>, launch: &mut Launch) -> Result<(), ProfileError> {
        launch.reset();
        launch.invocations = 1;
        launch.name.push_str(record.field(self.kernel).trim());
        launch.device =
            optional_text(record, self.display_name).or_else(|| optional_text(record, self.device));
        if let Some(pid) =
            optional_text(record, self.process).and_then(|t| t.trim().parse::<u32>().ok())
        {
            launch.slots.set(Slot::ProcessId, f64::from(pid));
        }
        launch.block = dims(record, self.block, "Block Size")?;
        launch.grid = dims(record, self.grid, "Grid Size")?;
        launch.compute_capability = match optional_text(record, self.cc) {
            None => None,
            Some(text) => Some(units::parse_cc(&text).ok_or_else(|| {
                ProfileError::new(
                    record.line,
                    format!("cannot read \"{text}\" as a compute capability (column \"CC\")"),
                )
            })?),
        };
        Ok(())
    }
}

fn dims(
    record: &Record<'_>,
    column: Option<usize>,
    name: &str,
) -> Result<Option<[u64; 3]>, ProfileError> {
    let Some(text) = optional_text(record, column) else {
        return Ok(None);
    };
    units::parse_dims(&text).map(Some).ok_or_else(|| {
        ProfileError::new(
            record.line,
            format!("cannot read \"{text}\" as launch dimensions (x, y, z) (column \"{name}\")"),
        )
    })
}

fn unknown_unit(line: u64, unit: &str, metric: &str) -> ProfileError {
    ProfileError::new(
        line,
        format!("unknown unit \"{unit}\" for metric \"{metric}\""),
    )
}

/// The details page, one metric per row.
pub(crate) struct Details {
    header_line: u64,
    launch: LaunchColumns,
    name: usize,
    unit: usize,
    value: usize,
    /// "Rule Description", where the version writes rules: the Source Counters rule states
    /// the global accesses' sectors in words ([`rule_sectors`]).
    rule: Option<usize>,
    /// Fields a row must have: up to the last column read.
    need: usize,
    /// The launch being read, and its "ID".
    current: Option<(String, Launch)>,
}

impl Details {
    pub fn new(record: &Record<'_>) -> Result<Details, ProfileError> {
        let header = Header::new(record, "Nsight Compute CSV, details page");
        let launch = LaunchColumns::new(&header)?;
        let name = header.require("Metric Name")?;
        let unit = header.require("Metric Unit")?;
        let value = header.require("Metric Value")?;
        let need = launch.max().max(name).max(unit).max(value) + 1;
        Ok(Details {
            header_line: header.line,
            launch,
            name,
            unit,
            value,
            rule: header.find("Rule Description"),
            need,
            current: None,
        })
    }

    /// One row: O(its length).
    pub fn row(&mut self, record: &Record<'_>, out: &mut Collector) -> Result<(), ProfileError> {
        if record.len() < self.need {
            return Err(short_row(record, self.need, self.header_line));
        }
        let id = record.field(self.launch.id);
        let id = id.trim();
        if self.current.as_ref().map(|(c, _)| c.as_str()) != Some(id) {
            self.finish(out);
            let mut launch = Launch::default();
            self.launch.read(record, &mut launch)?;
            self.current = Some((id.to_string(), launch));
        }
        let metric = record.field(self.name);
        let metric = metric.trim();
        if metric.is_empty() {
            // A rule row (or a row without a metric).
            out.skipped += 1;
            let text = optional_text(record, self.rule);
            if let (Some((_, launch)), Some(text)) = (&mut self.current, text.as_deref()) {
                if let Some((total, excessive)) = rule_sectors(text) {
                    launch.slots.set(Slot::RuleGlobalSectors, total);
                    launch.slots.set(Slot::RuleExcessiveSectors, excessive);
                }
                if let Some((stores, bytes)) = rule_bytes_per_sector(text) {
                    let slot = if stores {
                        Slot::RuleStoreBytesPerSector
                    } else {
                        Slot::RuleLoadBytesPerSector
                    };
                    launch.slots.set(slot, bytes);
                }
            }
            return Ok(());
        }
        if metric == "device__attribute_display_name" {
            // Asked for with --metrics: the device's name ("NVIDIA H200"), where the "Device"
            // column holds only its number.
            let name = record.field(self.value);
            if let (Some((_, launch)), false) = (&mut self.current, is_missing(&name)) {
                launch.device = Some(name.trim().to_string());
            }
            return Ok(());
        }
        let Some(slot) = Slot::ncu(metric) else {
            return Ok(());
        };
        let value = record.field(self.value);
        if is_missing(&value) {
            return Ok(());
        }
        let unit_text = record.field(self.unit);
        let unit = units::parse_unit(&unit_text, BytePrefixes::Decimal)
            .ok_or_else(|| unknown_unit(record.line, unit_text.trim(), metric))?;
        if let Some((_, launch)) = &mut self.current {
            read_slot(
                launch,
                slot,
                &value,
                unit,
                record.line,
                "Metric Value",
                Some(metric),
            )?;
        }
        Ok(())
    }

    /// Hands the launch being read to the collector.
    pub fn finish(&mut self, out: &mut Collector) {
        if let Some((_, launch)) = self.current.take() {
            out.add(&launch);
        }
    }
}

/// The raw page, one launch per row.
pub(crate) struct Raw {
    header_line: u64,
    width: usize,
    launch: LaunchColumns,
    /// The canonical metrics' columns, slots and names.
    metrics: Vec<(usize, Slot, String)>,
    /// Each of those columns' unit, once the units row is read (`None`: the unit does not
    /// measure what the slot does, and the column is ignored).
    units: Option<Vec<Option<Unit>>>,
    scratch: Launch,
}

impl Raw {
    pub fn new(record: &Record<'_>) -> Result<Raw, ProfileError> {
        let header = Header::new(record, "Nsight Compute CSV, raw page");
        let launch = LaunchColumns::new(&header)?;
        // The launch columns "Block Size" and "Grid Size" are dimensions, not the metrics of
        // those labels: only the columns after them are metrics.
        let info = launch.max();
        let metrics = header
            .names()
            .iter()
            .enumerate()
            .filter(|&(i, _)| i > info)
            .filter_map(|(i, n)| Slot::ncu(n).map(|s| (i, s, n.clone())))
            .collect();
        Ok(Raw {
            header_line: header.line,
            width: header.width,
            launch,
            metrics,
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
            if !record.field(self.launch.id).trim().is_empty() {
                return Err(ProfileError::new(
                    record.line,
                    "expected the units row after the header (its \"ID\" empty), found a launch",
                ));
            }
            let mut units = Vec::with_capacity(self.metrics.len());
            for (column, slot, name) in &self.metrics {
                let text = record.field(*column);
                let unit = units::parse_unit(&text, BytePrefixes::Decimal)
                    .ok_or_else(|| unknown_unit(record.line, text.trim(), name))?;
                units.push(slot.accepts(unit).then_some(unit));
            }
            self.units = Some(units);
            return Ok(());
        };
        self.launch.read(record, &mut self.scratch)?;
        for ((column, slot, name), unit) in self.metrics.iter().zip(units) {
            let Some(unit) = *unit else { continue };
            let text = record.field(*column);
            read_slot(
                &mut self.scratch,
                *slot,
                &text,
                unit,
                record.line,
                name,
                None,
            )?;
        }
        out.add(&self.scratch);
        Ok(())
    }
}

/// The totals Nsight Compute's Source Counters rule states in words ("… uncoalesced global
/// accesses resulting in a total of 29360128 excessive sectors (78% of the total 37748736
/// sectors)"): the global loads' and stores' sectors in all, and those beyond what the
/// threads' bytes needed. `None` for any other rule.
pub(crate) fn rule_sectors(text: &str) -> Option<(f64, f64)> {
    let number = |s: &str| -> Option<f64> {
        let digits: String = s
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == ',')
            .filter(|c| *c != ',')
            .collect();
        digits.parse().ok()
    };
    let (_, after) = text.split_once("resulting in a total of ")?;
    let excessive = number(after)?;
    let (_, rest) = after.split_once(" excessive sectors")?;
    let (_, total) = rest.split_once("of the total ")?;
    let total = number(total)?;
    (total > 0.0 && excessive <= total).then_some((total, excessive))
}

/// Nsight Compute's access-pattern rule in words ("The memory access pattern for global stores
/// to L1TEX might not be optimal. On average, only 4.0 of the 32 bytes transmitted per sector
/// are utilized by each thread."): whether it is the stores', and the bytes used per sector.
pub(crate) fn rule_bytes_per_sector(text: &str) -> Option<(bool, f64)> {
    let stores = if text.contains("for global stores") {
        true
    } else if text.contains("for global loads") {
        false
    } else {
        return None;
    };
    let (_, after) = text.split_once("only ")?;
    let (number, rest) = after.split_once(' ')?;
    rest.starts_with("of the 32 bytes transmitted per sector")
        .then(|| number.parse::<f64>().ok())
        .flatten()
        .filter(|b| *b > 0.0 && *b <= 32.0)
        .map(|b| (stores, b))
}
