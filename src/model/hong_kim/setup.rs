//! A kernel on a device: the typed [`Setup`] the user edits, occupancy filling active blocks
//! per SM, active SMs following the grid, and [`predict`], which resolves a setup and runs
//! the engine.

use super::{evaluate, Inputs, Outputs, FIELDS, INPUT_COUNT};
use crate::devices::Device;
use crate::format;
use crate::model::occupancy::{self, KernelResources, Occupancy};
use crate::model::{InputError, Value};

/// Everything the user sets for a Hong & Kim prediction, typed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setup {
    pub device: &'static Device,
    /// Model inputs; `active_sms` / `active_blocks_per_sm` are used only when not auto.
    pub inputs: Inputs,
    pub registers_per_thread: f64,
    pub shared_mem_per_block: f64,
    /// What launching the kernel costs beyond the model's time, in µs (no paper models it):
    /// shown beside the time, never added into the model's own outputs.
    pub launch_overhead_us: f64,
    pub active_sms_auto: bool,
    pub active_blocks_per_sm_auto: bool,
    /// The launch's device settings for occupancy (carveout, partitioned global caching).
    pub occupancy_config: occupancy::Config,
}

impl Setup {
    /// Sets a number by field name (an auto field stops being auto); false if unknown.
    pub fn set_num(&mut self, name: &str, v: f64) -> bool {
        match name {
            "registers_per_thread" => self.registers_per_thread = v,
            "shared_mem_per_block" => self.shared_mem_per_block = v,
            "launch_overhead_us" => self.launch_overhead_us = v,
            _ => {
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

    /// Sets the number of the field at `index` in [`FIELDS`] (an auto field stops being auto).
    pub fn set_index(&mut self, index: usize, v: f64) {
        match index {
            INPUT_COUNT => self.registers_per_thread = v,
            SHARED_MEM => self.shared_mem_per_block = v,
            i if i > SHARED_MEM => self.launch_overhead_us = v,
            i => {
                let slot = match i {
                    0 => &mut self.inputs.threads_per_warp,
                    1 => &mut self.inputs.issue_cycles,
                    2 => &mut self.inputs.freq_ghz,
                    3 => &mut self.inputs.mem_bandwidth_gbs,
                    4 => &mut self.inputs.mem_ld,
                    5 => &mut self.inputs.departure_del_uncoal,
                    6 => &mut self.inputs.departure_del_coal,
                    7 => &mut self.inputs.threads_per_block,
                    8 => &mut self.inputs.blocks,
                    ACTIVE_SMS => {
                        self.active_sms_auto = false;
                        &mut self.inputs.active_sms
                    }
                    ACTIVE_BLOCKS => {
                        self.active_blocks_per_sm_auto = false;
                        &mut self.inputs.active_blocks_per_sm
                    }
                    11 => &mut self.inputs.comp_insts,
                    12 => &mut self.inputs.uncoal_mem_insts,
                    13 => &mut self.inputs.coal_mem_insts,
                    14 => &mut self.inputs.synch_insts,
                    15 => &mut self.inputs.uncoal_per_mw,
                    16 => &mut self.inputs.load_bytes_per_warp,
                    17 => &mut self.inputs.mlp,
                    18 => &mut self.inputs.l1_hit_pct,
                    19 => &mut self.inputs.l2_hit_pct,
                    20 => &mut self.inputs.l1_lat,
                    _ => &mut self.inputs.l2_lat,
                };
                *slot = v;
            }
        }
    }

    pub(super) fn set_auto(&mut self, name: &str) {
        match name {
            "active_sms" => self.active_sms_auto = true,
            "active_blocks_per_sm" => self.active_blocks_per_sm_auto = true,
            _ => {}
        }
    }

    /// A field's value as the user set it (`Auto` for derived fields).
    pub fn get(&self, name: &str) -> Option<Value> {
        match name {
            "shared_mem_per_sm_kb" => Some(match self.occupancy_config.shared_mem_per_sm {
                Some(b) => Value::Num(f64::from(b / 1024)),
                None => Value::Auto,
            }),
            "partitioned_gc" => Some(Value::Word(if self.occupancy_config.partitioned_gc {
                "on"
            } else {
                "off"
            })),
            "active_sms" if self.active_sms_auto => Some(Value::Auto),
            "active_blocks_per_sm" if self.active_blocks_per_sm_auto => Some(Value::Auto),
            "registers_per_thread" => Some(Value::Num(self.registers_per_thread)),
            "shared_mem_per_block" => Some(Value::Num(self.shared_mem_per_block)),
            "launch_overhead_us" => Some(Value::Num(self.launch_overhead_us)),
            _ => self.inputs.get(name).map(Value::Num),
        }
    }
}

/// A prediction: the model's inputs as resolved for this device, occupancy, and the outputs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Prediction {
    pub inputs: Inputs,
    pub occupancy: Option<Occupancy>,
    pub active_sms_auto: bool,
    pub active_blocks_per_sm_auto: bool,
    /// The MLP as given, when it was more than the memory instructions (the model used
    /// #Mem_insts: [`resolve_with`]).
    pub mlp_capped_from: Option<f64>,
    pub outputs: Outputs,
}

/// Fills the auto inputs and checks the kernel fits the device.
///
/// - `active_blocks_per_sm` (auto) = min(occupancy's active blocks, ⌈blocks / active_sms⌉):
///   an SM cannot hold more blocks than the grid gives it.
/// - `active_sms` (auto) = min(#SMs, blocks), as docs/models.md fixes.
pub fn resolve(setup: &Setup) -> Result<(Inputs, Option<Occupancy>), InputError> {
    check_fields(setup)?;
    let occupancy = occupancy_of(setup)?;
    Ok((resolve_with(setup, occupancy.as_ref())?, occupancy))
}

/// Every field that is a number (not auto) within its range; no name lookups.
pub(super) fn check_fields(setup: &Setup) -> Result<(), InputError> {
    let inputs = setup.inputs.values();
    for (i, spec) in FIELDS.iter().enumerate() {
        let value = match i {
            INPUT_COUNT => setup.registers_per_thread,
            SHARED_MEM => setup.shared_mem_per_block,
            LAUNCH_OVERHEAD => setup.launch_overhead_us,
            _ if i > SHARED_MEM => continue, // the device settings are checked by occupancy

            ACTIVE_SMS if setup.active_sms_auto => continue,
            ACTIVE_BLOCKS if setup.active_blocks_per_sm_auto => continue,
            _ => inputs[i],
        };
        spec.check_num(value)?;
    }
    Ok(())
}

/// Position of shared_mem_per_block in [`FIELDS`]; the launch overhead and the device
/// settings follow it.
const SHARED_MEM: usize = INPUT_COUNT + 1;
const LAUNCH_OVERHEAD: usize = SHARED_MEM + 1;

/// Positions of the auto fields in [`FIELDS`].
const ACTIVE_SMS: usize = 9;
const ACTIVE_BLOCKS: usize = 10;

/// Occupancy of the kernel's blocks on the setup's device (`None` for a device without
/// occupancy rules).
pub fn occupancy_of(setup: &Setup) -> Result<Option<Occupancy>, InputError> {
    match &setup.device.compute_capability {
        Some(cc) => {
            let (major, minor) = cc.value;
            let kernel = KernelResources {
                threads_per_block: setup.inputs.threads_per_block as u32,
                registers_per_thread: setup.registers_per_thread as u32,
                shared_mem_per_block: setup.shared_mem_per_block as u32,
            };
            let arch = occupancy::arch_limits(major, minor)?;
            Ok(Some(occupancy::occupancy_with(
                &arch,
                &kernel,
                &setup.occupancy_config,
            )?))
        }
        None => Ok(None),
    }
}

/// The engine's inputs with the auto fields filled from occupancy and the grid.
pub(super) fn resolve_with(
    setup: &Setup,
    occupancy: Option<&Occupancy>,
) -> Result<Inputs, InputError> {
    let mut inputs = setup.inputs;
    let sms = f64::from(setup.device.sms.value);
    if setup.active_sms_auto {
        inputs.active_sms = sms.min(inputs.blocks);
    } else if inputs.active_sms > sms {
        return Err(InputError::new(
            "active_sms",
            format!(
                "must be a whole number from 1 to {}: the {} has {} {}",
                format::num(sms),
                setup.device.name,
                format::num(sms),
                format::noun(sms, "SM", "SMs")
            ),
        ));
    }
    // A number the user sets may not exceed what the hardware holds (never over 100 %).
    if let (false, Some(occ)) = (setup.active_blocks_per_sm_auto, occupancy) {
        let most = f64::from(occ.active_blocks_per_sm);
        if inputs.active_blocks_per_sm > most {
            return Err(InputError::new(
                "active_blocks_per_sm",
                format!(
                    "must be a whole number from 1 to {most}: the SM holds at most {most} blocks of this kernel (limited by {})",
                    occ.limiter.describe()
                ),
            ));
        }
    }
    if setup.active_blocks_per_sm_auto {
        let by_grid = (inputs.blocks / inputs.active_sms).ceil();
        inputs.active_blocks_per_sm = match occupancy {
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
    // A warp cannot have more requests in flight than it issues: an MLP from one source (a
    // PTX's loads before their first use) above the memory instructions from another (a
    // profile's DRAM bytes) is read as all of them in flight, and said so.
    let mem_insts = inputs.uncoal_mem_insts + inputs.coal_mem_insts;
    if mem_insts >= 1.0 && inputs.mlp > mem_insts {
        inputs.mlp = mem_insts;
    }
    Ok(inputs)
}

/// Resolves the setup and runs the engine.
pub fn predict(setup: &Setup) -> Result<Prediction, InputError> {
    let (inputs, occupancy) = resolve(setup)?;
    let outputs = evaluate(&inputs)?;
    Ok(Prediction {
        inputs,
        occupancy,
        active_sms_auto: setup.active_sms_auto,
        active_blocks_per_sm_auto: setup.active_blocks_per_sm_auto,
        mlp_capped_from: (setup.inputs.mlp > inputs.mlp).then_some(setup.inputs.mlp),
        outputs,
    })
}
