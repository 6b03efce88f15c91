//! Device presets as data: one record per device in [`presets`], every value with its source.
//!
//! Adding a device is adding a record to `presets::DEVICES`; nothing else changes.

pub mod custom;
mod presets;

pub use presets::DEVICES;

/// Where a preset value comes from.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum Source {
    /// Printed in one of the seed papers, e.g. "Hong & Kim, Table 6".
    Paper(&'static str),
    /// A vendor specification (datasheet, CUDA programming guide); not from the papers.
    Vendor(&'static str),
    /// Our own estimate, with the reasoning; not from the papers.
    Estimate(&'static str),
    /// Typed by the user (the custom device).
    User(&'static str),
}

impl Source {
    pub fn from_paper(&self) -> bool {
        matches!(self, Source::Paper(_))
    }

    /// The citation alone ("NVIDIA H100 datasheet").
    pub fn citation(&self) -> &'static str {
        match self {
            Source::Paper(s) | Source::Vendor(s) | Source::Estimate(s) | Source::User(s) => s,
        }
    }

    /// What kind of source it is when not a paper ("vendor spec"), for a badge.
    pub fn off_paper(&self) -> Option<&'static str> {
        match self {
            Source::Paper(_) => None,
            Source::Vendor(_) => Some("vendor spec"),
            Source::Estimate(_) => Some("estimate"),
            Source::User(_) => Some("typed in"),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Source::Paper(s) => (*s).to_string(),
            Source::Vendor(s) => format!("{s} (vendor spec, not from the papers)"),
            Source::Estimate(s) => format!("{s} (estimate, not from the papers)"),
            Source::User(s) => format!("{s} (typed in, not from the papers)"),
        }
    }
}

/// A value and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Source,
}

/// Shorthands for writing records.
pub const fn paper<T>(value: T, source: &'static str) -> Sourced<T> {
    Sourced {
        value,
        source: Source::Paper(source),
    }
}
pub const fn vendor<T>(value: T, source: &'static str) -> Sourced<T> {
    Sourced {
        value,
        source: Source::Vendor(source),
    }
}
pub const fn estimate<T>(value: T, source: &'static str) -> Sourced<T> {
    Sourced {
        value,
        source: Source::Estimate(source),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeviceKind {
    Gpu,
    Cpu,
}

/// Model constants of a device, keyed by their docs/models.md names (`mem_ld`, `warp_granularity`),
/// each with its source. Records list groups of these so that shared groups (a GPU family's
/// Hong & Kim constants) are written once.
pub type Constants = &'static [(&'static str, Sourced<f64>)];

/// One device. GPUs carry a compute capability (for occupancy); CPUs do not.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Device {
    /// Short stable id used in share links (`device=fx5600`).
    pub id: &'static str,
    pub name: &'static str,
    pub kind: DeviceKind,
    /// Compute capability (major, minor); `None` for CPUs.
    pub compute_capability: Option<Sourced<(u8, u8)>>,
    /// Streaming multiprocessors (GPU) or cores (CPU).
    pub sms: Sourced<u32>,
    /// SP cores per SM (GPU) or SIMD lanes in doubles (CPU).
    pub cores_per_sm: Sourced<u32>,
    /// Processor (shader) clock in GHz: the clock Hong & Kim's cycles count.
    pub clock_ghz: Sourced<f64>,
    /// DRAM bandwidth in GB/s (1e9 B/s).
    pub mem_bandwidth_gbs: Sourced<f64>,
    /// Each model's constants for this device, keyed by their docs/models.md names. Adding a
    /// model's constants to a device is adding a group here.
    pub constants: &'static [Constants],
}

impl Device {
    /// The value the device record holds under `key`: the record's own facts (`sms`,
    /// `cores_per_sm`, `clock_ghz`, `mem_bandwidth_gbs`) or a model constant.
    pub fn constant(&self, key: &str) -> Option<Sourced<f64>> {
        let fact = |s: Sourced<u32>| Sourced {
            value: f64::from(s.value),
            source: s.source,
        };
        match key {
            "sms" => Some(fact(self.sms)),
            "cores_per_sm" => Some(fact(self.cores_per_sm)),
            "clock_ghz" => Some(self.clock_ghz),
            "mem_bandwidth_gbs" => Some(self.mem_bandwidth_gbs),
            _ => self
                .constants
                .iter()
                .flat_map(|group| group.iter())
                .find(|(k, _)| *k == key)
                .map(|(_, v)| *v),
        }
    }

    /// Every value of the record with its source: the facts, the compute capability and
    /// every model constant.
    pub fn sources(&self) -> Vec<Source> {
        let mut all = vec![
            self.sms.source,
            self.cores_per_sm.source,
            self.clock_ghz.source,
            self.mem_bandwidth_gbs.source,
        ];
        all.extend(self.compute_capability.map(|c| c.source));
        all.extend(
            self.constants
                .iter()
                .flat_map(|g| g.iter())
                .map(|(_, v)| v.source),
        );
        all
    }

    /// True when every value of this record is printed in a seed paper.
    pub fn all_from_papers(&self) -> bool {
        self.sources().iter().all(Source::from_paper)
    }
}

/// The preset with this id, if any.
pub fn find(id: &str) -> Option<&'static Device> {
    DEVICES.iter().find(|d| d.id == id)
}

/// GPUs only (the presets the GPU models offer).
pub fn gpus() -> impl Iterator<Item = &'static Device> {
    DEVICES.iter().filter(|d| d.kind == DeviceKind::Gpu)
}
