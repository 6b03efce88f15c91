//! A kernel on a device: fills the inputs a model leaves to the machine (active blocks per SM
//! from occupancy, active SMs from the grid), runs the engine, and sweeps one input.

use super::hong_kim::{self, Inputs, Outputs};
use super::occupancy::{self, KernelResources, Occupancy};
use super::{FieldSpec, InputError};
use crate::devices::{self, Device};

/// Kernel inputs that are not in Hong & Kim's Table 1 but decide occupancy.
pub const RESOURCE_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        name: "registers_per_thread",
        symbol: "",
        label: "Registers per thread",
        unit: "regs",
        min: 0.0,
        max: 255.0,
        integer: true,
    },
    FieldSpec {
        name: "shared_mem_per_block",
        symbol: "",
        label: "Shared memory per block",
        unit: "B",
        min: 0.0,
        max: 262_144.0,
        integer: true,
    },
];

/// Inputs a device preset sets (its clock, bandwidth and Table 6 memory constants).
pub const DEVICE_FIELDS: &[&str] = &[
    "freq_ghz",
    "mem_bandwidth_gbs",
    "mem_ld",
    "departure_del_uncoal",
    "departure_del_coal",
    "uncoal_per_mw",
];

/// Inputs that default to a value derived from the device and the kernel ("auto").
pub const AUTO_FIELDS: &[&str] = &["active_sms", "active_blocks_per_sm"];

/// Every numeric field of the Hong & Kim page: the model's inputs, then the kernel resources.
pub fn fields() -> impl Iterator<Item = &'static FieldSpec> {
    hong_kim::FIELDS.iter().chain(RESOURCE_FIELDS.iter())
}

pub fn field_spec(name: &str) -> Option<&'static FieldSpec> {
    fields().find(|f| f.name == name)
}

/// A field's value: a number, or "derive it" for the [`AUTO_FIELDS`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Auto,
    Num(f64),
}

/// Everything the user sets for a Hong & Kim prediction.
#[derive(Clone, Debug)]
pub struct Setup {
    pub device: &'static Device,
    /// Model inputs; `active_sms` / `active_blocks_per_sm` are used only when not auto.
    pub inputs: Inputs,
    pub registers_per_thread: f64,
    pub shared_mem_per_block: f64,
    pub active_sms_auto: bool,
    pub active_blocks_per_sm_auto: bool,
}

/// Two setups are equal when they name the same device and every field reads the same
/// (the stored number behind an auto field does not count).
impl PartialEq for Setup {
    fn eq(&self, other: &Self) -> bool {
        self.device.id == other.device.id && fields().all(|f| self.get(f.name) == other.get(f.name))
    }
}

/// The default device: the machine of the paper's worked example (Table 2).
pub const DEFAULT_DEVICE: &str = "hk-example";

impl Setup {
    /// The paper's Table 2 kernel (tiled matrix multiply, 128 × 80) on `device`, with the
    /// device's clock, bandwidth and memory constants.
    pub fn for_device(device: &'static Device) -> Setup {
        let mut inputs = Inputs::TABLE_2;
        inputs.freq_ghz = device.clock_ghz.value;
        inputs.mem_bandwidth_gbs = device.mem_bandwidth_gbs.value;
        if let Some(hk) = &device.hong_kim {
            inputs.mem_ld = hk.mem_ld.value;
            inputs.departure_del_uncoal = hk.departure_del_uncoal.value;
            inputs.departure_del_coal = hk.departure_del_coal.value;
            inputs.uncoal_per_mw = hk.uncoal_per_mw.value;
        }
        Setup {
            device,
            inputs,
            // 12 registers and 2 KB of tiles give the example's 5 active blocks on CC 1.0.
            registers_per_thread: 12.0,
            shared_mem_per_block: 2048.0,
            active_sms_auto: true,
            active_blocks_per_sm_auto: true,
        }
    }

    /// The default setup: the paper's Table 2 on the paper's example machine.
    pub fn default_setup() -> Setup {
        let device = devices::find(DEFAULT_DEVICE)
            .or_else(|| devices::gpus().next())
            .unwrap_or(&devices::DEVICES[0]);
        Setup::for_device(device)
    }

    /// Switches device, taking its clock, bandwidth and memory constants; keeps the kernel.
    pub fn with_device(&self, device: &'static Device) -> Setup {
        let fresh = Setup::for_device(device);
        let mut next = self.clone();
        next.device = device;
        for &name in DEVICE_FIELDS {
            if let Some(v) = fresh.inputs.get(name) {
                next.inputs.set(name, v);
            }
        }
        next
    }

    pub fn get(&self, name: &str) -> Option<Value> {
        match name {
            "active_sms" if self.active_sms_auto => Some(Value::Auto),
            "active_blocks_per_sm" if self.active_blocks_per_sm_auto => Some(Value::Auto),
            "registers_per_thread" => Some(Value::Num(self.registers_per_thread)),
            "shared_mem_per_block" => Some(Value::Num(self.shared_mem_per_block)),
            _ => self.inputs.get(name).map(Value::Num),
        }
    }

    /// Sets a field by name; false if the name is unknown or `Auto` is given to a field that
    /// cannot be derived. Does not check ranges: [`predict`] does.
    pub fn set(&mut self, name: &str, value: Value) -> bool {
        match (name, value) {
            ("active_sms", Value::Auto) => self.active_sms_auto = true,
            ("active_blocks_per_sm", Value::Auto) => self.active_blocks_per_sm_auto = true,
            (_, Value::Auto) => return false,
            ("registers_per_thread", Value::Num(v)) => self.registers_per_thread = v,
            ("shared_mem_per_block", Value::Num(v)) => self.shared_mem_per_block = v,
            (_, Value::Num(v)) => {
                if !self.inputs.set(name, v) {
                    return false;
                }
                if name == "active_sms" {
                    self.active_sms_auto = false;
                }
                if name == "active_blocks_per_sm" {
                    self.active_blocks_per_sm_auto = false;
                }
            }
        }
        true
    }
}

/// A prediction: the model's inputs as resolved for this device, occupancy, and the outputs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Prediction {
    pub inputs: Inputs,
    pub occupancy: Option<Occupancy>,
    pub active_sms_auto: bool,
    pub active_blocks_per_sm_auto: bool,
    pub outputs: Outputs,
}

impl Prediction {
    /// Active blocks per SM in plain words: how many, the resulting occupancy, and what set it
    /// (occupancy's limiter, the size of the grid, or the user).
    pub fn occupancy_summary(&self) -> Option<String> {
        let occ = self.occupancy?;
        let blocks = self.inputs.active_blocks_per_sm;
        let warps = self.outputs.n;
        let pct = 100.0 * warps / f64::from(occ.max_warps_per_sm);
        let head = format!(
            "{} active blocks per SM: {} of the SM's {} warp slots ({}% occupancy)",
            crate::format::num(blocks),
            crate::format::num(warps),
            occ.max_warps_per_sm,
            crate::format::significant(pct, 3)
        );
        let limit = occ.limiter.describe();
        Some(if blocks == f64::from(occ.active_blocks_per_sm) {
            format!("{head}, limited by {limit}.")
        } else if self.active_blocks_per_sm_auto {
            format!(
                "{head}: the grid's {} blocks give each of the {} active SMs at most that many; occupancy would allow {} (limited by {limit}).",
                crate::format::num(self.inputs.blocks),
                crate::format::num(self.inputs.active_sms),
                occ.active_blocks_per_sm
            )
        } else {
            format!(
                "{head}, as you set it; occupancy would allow {} (limited by {limit}).",
                occ.active_blocks_per_sm
            )
        })
    }
}

/// Fills the auto inputs and checks the kernel fits the device.
///
/// - `active_blocks_per_sm` (auto) = min(occupancy's active blocks, ⌈blocks / active_sms⌉):
///   an SM cannot hold more blocks than the grid gives it.
/// - `active_sms` (auto) = min(#SMs, blocks), as MODELS.md fixes.
pub fn resolve(setup: &Setup) -> Result<(Inputs, Option<Occupancy>), InputError> {
    for spec in fields() {
        if let Some(Value::Num(v)) = setup.get(spec.name) {
            spec.check(v)?;
        }
    }
    let mut inputs = setup.inputs;
    let sms = f64::from(setup.device.sms.value);
    if setup.active_sms_auto {
        inputs.active_sms = sms.min(inputs.blocks);
    }
    let occupancy = match &setup.device.compute_capability {
        Some(cc) => {
            let (major, minor) = cc.value;
            let kernel = KernelResources {
                threads_per_block: inputs.threads_per_block as u32,
                registers_per_thread: setup.registers_per_thread as u32,
                shared_mem_per_block: setup.shared_mem_per_block as u32,
            };
            Some(occupancy::occupancy(major, minor, &kernel)?)
        }
        None => None,
    };
    if setup.active_blocks_per_sm_auto {
        let by_grid = (inputs.blocks / inputs.active_sms).ceil();
        inputs.active_blocks_per_sm = match &occupancy {
            Some(occ) => f64::from(occ.active_blocks_per_sm).min(by_grid),
            None => {
                return Err(InputError::new(
                    "active_blocks_per_sm",
                    format!(
                        "{} has no occupancy rules (not a GPU): enter a whole number from 1 to 64",
                        setup.device.name
                    ),
                ))
            }
        };
    }
    Ok((inputs, occupancy))
}

/// Resolves the setup and runs the Hong & Kim engine.
pub fn predict(setup: &Setup) -> Result<Prediction, InputError> {
    let (inputs, occupancy) = resolve(setup)?;
    let outputs = hong_kim::evaluate(&inputs)?;
    Ok(Prediction {
        inputs,
        occupancy,
        active_sms_auto: setup.active_sms_auto,
        active_blocks_per_sm_auto: setup.active_blocks_per_sm_auto,
        outputs,
    })
}

/// What to sweep: one numeric field over a range.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSpec {
    pub field: &'static str,
    pub from: f64,
    pub to: f64,
}

impl SweepSpec {
    /// The paper's Figs. 15–16: threads per block from 32 to 512 at fixed total work.
    pub fn default_spec() -> SweepSpec {
        SweepSpec {
            field: "threads_per_block",
            from: 32.0,
            to: 512.0,
        }
    }

    /// The range offered when the user picks `field` whose current value is `current`:
    /// the paper's 32–512 for threads per block, otherwise ±50 % inside the valid range.
    pub fn default_for(field: &'static FieldSpec, current: Option<f64>) -> SweepSpec {
        if field.name == "threads_per_block" {
            return SweepSpec {
                field: field.name,
                ..SweepSpec::default_spec()
            };
        }
        let current = current.unwrap_or(field.min.max(1.0));
        let round = |v: f64| if field.integer { v.round() } else { v };
        let from = round((current * 0.5).max(field.min));
        let to = round((current * 1.5).min(field.max)).max(from);
        SweepSpec {
            field: field.name,
            from,
            to,
        }
    }

    /// True when sweeping threads per block keeps the total number of threads fixed.
    pub fn fixed_work(&self) -> bool {
        self.field == "threads_per_block"
    }
}

/// One point of a sweep; `outputs` is the error when the model rejects that point.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepPoint {
    pub x: f64,
    pub result: Result<Prediction, InputError>,
}

/// The x values of a sweep: multiples of a warp for threads per block, otherwise up to
/// `max_points` evenly spaced values (whole numbers for integer fields).
pub fn sweep_xs(spec: &SweepSpec, threads_per_warp: f64, max_points: usize) -> Vec<f64> {
    let Some(field) = field_spec(spec.field) else {
        return Vec::new();
    };
    let (lo, hi) = (spec.from.min(spec.to), spec.from.max(spec.to));
    if !(lo.is_finite() && hi.is_finite()) || max_points < 2 {
        return Vec::new();
    }
    let mut xs: Vec<f64> = if spec.fixed_work() && threads_per_warp >= 1.0 {
        let step = threads_per_warp
            * ((hi - lo) / threads_per_warp / max_points as f64)
                .ceil()
                .max(1.0);
        let mut v = vec![lo];
        let mut x = (lo / step).floor() * step + step;
        while x <= hi {
            v.push(x);
            x += step;
        }
        v
    } else {
        let n = max_points - 1;
        (0..=n)
            .map(|i| lo + (hi - lo) * i as f64 / n as f64)
            .collect()
    };
    if field.integer {
        for x in &mut xs {
            *x = x.round();
        }
    }
    xs.dedup();
    xs
}

/// Predicts at each x, holding everything else of `setup` fixed. Sweeping threads per block
/// keeps the total number of threads (blocks × threads per block) fixed, as in the paper's
/// Figs. 15–16: blocks = ⌈total threads / threads per block⌉.
pub fn sweep(setup: &Setup, spec: &SweepSpec, max_points: usize) -> Vec<SweepPoint> {
    let total_threads = setup.inputs.blocks * setup.inputs.threads_per_block;
    sweep_xs(spec, setup.inputs.threads_per_warp, max_points)
        .into_iter()
        .map(|x| {
            let mut s = setup.clone();
            s.set(spec.field, Value::Num(x));
            if spec.fixed_work() {
                s.inputs.blocks = (total_threads / x).ceil().max(1.0);
            }
            SweepPoint {
                x,
                result: predict(&s),
            }
        })
        .collect()
}

/// The same kernel on every GPU preset: each device's clock, bandwidth and memory constants,
/// with the kernel's own inputs (and any manual active SMs/blocks) kept.
pub fn across_devices(setup: &Setup) -> Vec<(&'static Device, Result<Prediction, InputError>)> {
    devices::gpus()
        .map(|d| (d, predict(&setup.with_device(d))))
        .collect()
}

/// One "what if": a change to the kernel or machine and the time it would give.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WhatIf {
    pub change: String,
    pub time_s: f64,
    /// Current time / new time (> 1 is faster).
    pub speedup: f64,
}

/// Single changes that the model says matter, each re-predicted: coalescing the uncoalesced
/// loads, dropping the synchronizations, doubling threads per block at the same total work,
/// and doubling the memory bandwidth. Only changes that move the time by more than 1 % are
/// returned, the largest speedup first.
pub fn what_ifs(setup: &Setup) -> Vec<WhatIf> {
    let Ok(base) = predict(setup) else {
        return Vec::new();
    };
    let inp = setup.inputs;
    let mut candidates: Vec<(String, Setup)> = Vec::new();
    if inp.uncoal_mem_insts > 0.0 {
        let mut s = setup.clone();
        s.inputs.coal_mem_insts += inp.uncoal_mem_insts;
        s.inputs.uncoal_mem_insts = 0.0;
        candidates.push((
            format!(
                "the {} uncoalesced memory instructions were coalesced",
                crate::format::num(inp.uncoal_mem_insts)
            ),
            s,
        ));
    }
    if inp.synch_insts > 0.0 {
        let mut s = setup.clone();
        s.inputs.synch_insts = 0.0;
        candidates.push(("there were no __syncthreads()".to_string(), s));
    }
    {
        let mut s = setup.clone();
        let tpb = inp.threads_per_block * 2.0;
        s.inputs.threads_per_block = tpb;
        s.inputs.blocks = (inp.blocks * inp.threads_per_block / tpb).ceil().max(1.0);
        candidates.push((
            format!(
                "blocks had {} threads (same total work)",
                crate::format::num(tpb)
            ),
            s,
        ));
    }
    {
        let mut s = setup.clone();
        s.inputs.mem_bandwidth_gbs = inp.mem_bandwidth_gbs * 2.0;
        candidates.push(("the memory bandwidth were doubled".to_string(), s));
    }
    let mut out: Vec<WhatIf> = candidates
        .into_iter()
        .filter_map(|(change, s)| {
            let p = predict(&s).ok()?;
            let speedup = base.outputs.time_s / p.outputs.time_s;
            ((speedup - 1.0).abs() > 0.01).then_some(WhatIf {
                change,
                time_s: p.outputs.time_s,
                speedup,
            })
        })
        .collect();
    out.sort_by(|a, b| b.speedup.total_cmp(&a.speedup));
    out
}
