//! Checked params → the engine's [`Inputs`], with #BlocksPerSM_Occ from occupancy when auto.

use super::*;
use crate::devices::Device;
use crate::model::occupancy::{self, KernelResources, Occupancy};
use crate::model::{InputError, Params, Value};

/// Checked params → the engine's inputs, with #BlocksPerSM_Occ from occupancy when auto.
pub fn inputs(p: &Params, device: &Device) -> Result<(Inputs, Option<Occupancy>), InputError> {
    if let Some(e) = p.check().into_iter().next() {
        return Err(e);
    }
    let num = |name: &str| p.num(name).unwrap_or(0.0);
    let whole = |name: &str| num(name) as u64;
    let block_size = whole("block_size");
    let occupancy = match device.compute_capability {
        Some(cc) => {
            let threads = block_size * block_size;
            let kernel = KernelResources {
                threads_per_block: threads as u32,
                registers_per_thread: 0,
                // Alg. 2: two BlockSize × BlockSize tiles of D in shared memory.
                shared_mem_per_block: (2 * threads * 4) as u32,
            };
            match occupancy::occupancy(cc.value.0, cc.value.1, &kernel) {
                Ok(o) => Some(o),
                Err(e) => {
                    return Err(InputError::new(
                        "block_size",
                        format!(
                            "{block_size}×{block_size} threads do not fit this device: {}",
                            e.message
                        ),
                    ))
                }
            }
        }
        None => None,
    };
    let blocks_per_sm_occ = match (p.get("blocks_per_sm_occ"), &occupancy) {
        (Some(Value::Num(v)), _) => *v as u64,
        (_, Some(o)) => u64::from(o.active_blocks_per_sm),
        _ => {
            return Err(InputError::new(
                "blocks_per_sm_occ",
                format!(
                    "{} has no occupancy rules: enter a whole number from 1 to 64",
                    device.name
                ),
            ))
        }
    };
    let algorithm = match p.get("algorithm") {
        Some(Value::Word("floyd-warshall")) => Algorithm::FloydWarshall,
        _ => Algorithm::MinPlus,
    };
    Ok((
        Inputs {
            algorithm,
            n: whole("n"),
            block_size,
            sms: whole("sms"),
            cores_per_sm: num("cores_per_sm"),
            threads_per_warp: whole("threads_per_warp"),
            warp_granularity: whole("warp_granularity"),
            coalescable_mem_accesses: num("coalescable_mem_accesses"),
            blocks_per_sm_occ,
            t_launch: num("t_launch"),
            instr_per_vertex: num("instr_per_vertex"),
            t_instr: num("t_instr"),
            t_read: num("t_read"),
            t_write: num("t_write"),
            p_min: num("p_min"),
        },
        occupancy,
    ))
}
