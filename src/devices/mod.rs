//! Device presets as data: one record per device in [`presets`], every value with its source.
//!
//! Adding a device is adding a record to `presets::DEVICES`; nothing else changes.

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
}

impl Source {
    pub fn from_paper(&self) -> bool {
        matches!(self, Source::Paper(_))
    }

    pub fn describe(&self) -> String {
        match self {
            Source::Paper(s) => (*s).to_string(),
            Source::Vendor(s) => format!("{s} (vendor spec, not from the papers)"),
            Source::Estimate(s) => format!("{s} (estimate, not from the papers)"),
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

/// Hong & Kim's memory-model constants (Table 6), measured per GPU with micro-benchmarks.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct HongKimMemory {
    pub mem_ld: Sourced<f64>,
    pub departure_del_uncoal: Sourced<f64>,
    pub departure_del_coal: Sourced<f64>,
    /// Transactions per uncoalesced memory warp (Table 3: 32 before CC 1.3).
    pub uncoal_per_mw: Sourced<f64>,
}

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
    /// Hong & Kim's memory constants; `None` for CPUs.
    pub hong_kim: Option<HongKimMemory>,
}

impl Device {
    /// True when every model constant of this record is printed in a seed paper.
    pub fn all_from_papers(&self) -> bool {
        let mut sources = vec![
            self.sms.source,
            self.cores_per_sm.source,
            self.clock_ghz.source,
            self.mem_bandwidth_gbs.source,
        ];
        if let Some(hk) = &self.hong_kim {
            sources.extend([
                hk.mem_ld.source,
                hk.departure_del_uncoal.source,
                hk.departure_del_coal.source,
            ]);
        }
        sources.iter().all(Source::from_paper)
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
