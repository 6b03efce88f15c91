//! The NVIDIA Visual Profiler's CSV export (nvvp's "GPU Details" table, exported as CSV): one
//! row per kernel launch or memory copy. The trace's columns come first, their units in the
//! header (`Name`, `Start Time(ns)`, `Duration(ns)`, `GridX` … `BlockZ`, `Registers/Thread`,
//! `Static SMem`, `Dynamic SMem`), then the metrics, each named by nvprof's description of it
//! ("Instructions Executed", "Device Memory Read Transactions", "Achieved Occupancy"), a unit
//! in the header or inline in the cell. A cell may be a word ("Low (1)", "Idle"): it is not a
//! number, and the figure is absent. A copy row has no grid and is skipped and counted. There
//! is no device column: the page's file-wide picker or `--device` names the GPU.
//!
//! O(row) time per row, one `f64` of memory per invocation and metric read.

use super::csv::Record;
use super::units::{self, BytePrefixes, Dim, Unit};
use super::{
    bad_number, optional_text, read_slot, short_row, Collector, Launch, ProfileError, Slot,
};

/// A header's name without spaces, punctuation or case, and its unit (`Duration(ns)` →
/// `duration`, ns). A parenthesis that is not a unit stays in the name ("Floating Point
/// Operations(Double Precision)").
fn split(name: &str) -> (String, Option<Unit>) {
    let name = name.trim();
    let unit = name
        .strip_suffix(')')
        .and_then(|n| n.rsplit_once('('))
        .and_then(|(base, inner)| {
            let unit = units::parse_unit(inner, BytePrefixes::Binary)?;
            (!inner.trim().is_empty() && unit.dim != Dim::Other).then_some((base, unit))
        });
    match unit {
        Some((base, unit)) => (key(base), Some(unit)),
        None => (key(name), None),
    }
}

fn key(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether a header is the Visual Profiler's: a name, a duration and `GridX`.
pub(crate) fn is_header(names: &[String]) -> bool {
    let keys: Vec<String> = names.iter().map(|n| split(n).0).collect();
    ["name", "duration", "gridx"]
        .iter()
        .all(|k| keys.iter().any(|n| n == k))
}

/// A metric column's slot: nvprof's description of a metric (as the header prints it), or the
/// metric's own name.
fn slot_of(key: &str, raw: &str) -> Option<Slot> {
    use Slot::*;
    Some(match key {
        "registersthread" | "registersperthread" => Registers,
        "staticsmem" | "staticsharedmemory" => StaticShared,
        "dynamicsmem" | "dynamicsharedmemory" => DynamicShared,
        "achievedoccupancy" => AchievedOccupancyFraction,
        "instructionsexecuted" => InstExecuted,
        "instructionsissued" => InstIssued,
        "instructionsperwarp" => InstPerWarp,
        "warpslaunched" => WarpsLaunched,
        "globalloadtransactions" => LoadSectors,
        "globalstoretransactions" => StoreSectors,
        "globalloadtransactionsperrequest" => LoadSectorsPerRequest,
        "globalstoretransactionsperrequest" => StoreSectorsPerRequest,
        "devicememoryreadtransactions" => DramReadTransactions,
        "devicememorywritetransactions" => DramWriteTransactions,
        "devicememoryreadthroughput" => DramReadBytesPerSecond,
        "devicememorywritethroughput" => DramWriteBytesPerSecond,
        "floatingpointoperationsdoubleprecision" => FlopsFp64,
        "floatingpointoperationssingleprecision" => FlopsFp32,
        "fpinstructionsdouble" => Fp64ThreadInsts,
        "globalhitrate" | "globalhitrateinunifiedl1tex" => L1HitPct,
        "l2hitrate" | "l2cachehitrate" => L2HitPct,
        "l2hitratetexturereads" => L2ReadHitPct,
        "l2hitratetexturewrites" => L2WriteHitPct,
        "l2transactionstexturereads" => L2ReadTransactions,
        "l2transactionstexturewrites" => L2WriteTransactions,
        _ => return Slot::nvprof(raw.trim()),
    })
}

/// A column read into a slot: its index, slot, header unit and name (for errors).
struct Column {
    index: usize,
    slot: Slot,
    unit: Option<Unit>,
    name: String,
}

/// The Visual Profiler's table.
pub(crate) struct Table {
    header_line: u64,
    width: usize,
    name: usize,
    duration: (usize, Option<Unit>),
    grid: [usize; 3],
    block: [usize; 3],
    device: Option<usize>,
    columns: Vec<Column>,
    scratch: Launch,
}

impl Table {
    pub fn new(record: &Record<'_>) -> Result<Table, ProfileError> {
        let names: Vec<String> = (0..record.len())
            .map(|i| record.field(i).trim().to_string())
            .collect();
        let split: Vec<(String, Option<Unit>)> = names.iter().map(|n| split(n)).collect();
        let find = |k: &str| split.iter().position(|(n, _)| n == k);
        let require = |k: &str, shown: &str| {
            find(k).ok_or_else(|| {
                ProfileError::new(
                    record.line,
                    format!("missing required column \"{shown}\" (Visual Profiler CSV)"),
                )
            })
        };
        let duration = require("duration", "Duration")?;
        let mut grid = [0; 3];
        let mut block = [0; 3];
        for (k, axis) in ["x", "y", "z"].iter().enumerate() {
            grid[k] = require(
                &format!("grid{axis}"),
                &format!("Grid{}", axis.to_uppercase()),
            )?;
            block[k] = require(
                &format!("block{axis}"),
                &format!("Block{}", axis.to_uppercase()),
            )?;
        }
        let columns = split
            .iter()
            .enumerate()
            .filter_map(|(index, (k, unit))| {
                let slot = slot_of(k, &names[index])?;
                Some(Column {
                    index,
                    slot,
                    unit: *unit,
                    name: names[index].clone(),
                })
            })
            .collect();
        Ok(Table {
            header_line: record.line,
            width: record.len(),
            name: require("name", "Name")?,
            duration: (duration, split[duration].1),
            grid,
            block,
            device: find("device"),
            columns,
            scratch: Launch::default(),
        })
    }

    /// One row: O(its length).
    pub fn row(&mut self, record: &Record<'_>, out: &mut Collector) -> Result<(), ProfileError> {
        if record.len() < self.width {
            return Err(short_row(record, self.width, self.header_line));
        }
        if record.field(self.grid[0]).trim().is_empty() {
            // A memory copy or set: no grid.
            out.skipped += 1;
            return Ok(());
        }
        let launch = &mut self.scratch;
        launch.reset();
        launch.invocations = 1;
        let dims = |columns: [usize; 3], names: [&str; 3]| -> Result<[u64; 3], ProfileError> {
            let mut d = [0; 3];
            for k in 0..3 {
                let text = record.field(columns[k]);
                d[k] = units::parse_count(&text)
                    .ok_or_else(|| bad_number(record.line, text.trim(), names[k], None))?;
            }
            Ok(d)
        };
        launch.grid = Some(dims(self.grid, ["GridX", "GridY", "GridZ"])?);
        launch.block = Some(dims(self.block, ["BlockX", "BlockY", "BlockZ"])?);
        launch.name.push_str(record.field(self.name).trim());
        launch.device = optional_text(record, self.device);
        // The duration: the header's unit, or one inline; a bare number has none to read.
        let (column, unit) = self.duration;
        let text = record.field(column);
        let (number, inline) = units::split_inline(&text);
        let unit = match (inline.is_empty(), unit) {
            (false, _) => units::parse_unit(inline, BytePrefixes::Binary),
            (true, Some(u)) => Some(u),
            (true, None) => None,
        }
        .filter(|u| u.dim == Dim::Time)
        .ok_or_else(|| {
            ProfileError::new(
                record.line,
                format!(
                    "the duration \"{}\" has no unit of time (the header's \"Duration(ns)\" gives one)",
                    text.trim()
                ),
            )
        })?;
        read_slot(
            launch,
            Slot::Duration,
            number,
            unit,
            record.line,
            "Duration",
            None,
        )?;
        for c in &self.columns {
            let text = record.field(c.index);
            let (number, inline) = units::split_inline(&text);
            // A word ("Low (1)", "Idle") or an empty cell: no figure.
            if number.is_empty() || !number.bytes().any(|b| b.is_ascii_digit()) {
                continue;
            }
            let unit = if inline.is_empty() {
                c.unit.unwrap_or(Unit::UNITLESS)
            } else {
                match units::parse_unit(inline, BytePrefixes::Binary) {
                    Some(u) => u,
                    None => continue,
                }
            };
            // Achieved occupancy is a fraction unless its unit says percent.
            let slot = match (c.slot, unit.dim) {
                (Slot::AchievedOccupancyFraction, Dim::Percent) => Slot::AchievedOccupancy,
                (s, _) => s,
            };
            read_slot(launch, slot, number, unit, record.line, &c.name, None)?;
        }
        out.add(launch);
        Ok(())
    }
}
