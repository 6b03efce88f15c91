//! The prediction in plain words: what limits the kernel, how occupancy set the active
//! blocks, single changes that would matter ("what ifs"), and the same kernel on every device.

use super::{predict, MwpLimit, Outputs, Prediction, Regime, Setup, MODEL};
use crate::devices::{self, Device};
use crate::format;
use crate::model::InputError;

impl Outputs {
    /// The regime in words, as the explanation says it: eq. 23 applied because computation
    /// outweighs memory (MWP > CWP, Comp_cycles > Mem_cycles) is not called memory-bound.
    pub fn regime_words(&self) -> &'static str {
        match self.regime {
            Regime::MemoryBound if self.cwp < self.mwp_mlp => "computation outweighs memory",
            r => r.words(),
        }
    }

    /// What limits the kernel, in plain words. `full`: every warp slot of the SM is taken
    /// (then more warps cannot help, and the sentence says what could).
    pub fn explanation_at(&self, full: bool) -> String {
        let mwp_reason = match self.mwp_limited_by {
            MwpLimit::DepartureDelay => format!(
                "the delay between consecutive memory warps (Departure_delay {} cycles against Mem_L {})",
                trim(self.departure_delay),
                trim(self.mem_l)
            ),
            MwpLimit::Bandwidth => "the DRAM bandwidth shared by the active SMs".to_string(),
            MwpLimit::Warps => "the number of active warps per SM".to_string(),
        };
        let body = match self.regime {
            Regime::NotEnoughWarps if full => format!(
                "Not enough warps (eq. 22): MWP = CWP = N = {}. Every active warp's memory wait overlaps the others', and the SM holds no more warps: more requests in flight per warp (MLP) or fewer memory waits per warp would help.",
                trim(self.n)
            ),
            Regime::NotEnoughWarps => format!(
                "Not enough warps (eq. 22): MWP = CWP = N = {}. Every active warp's memory wait overlaps the others', but too few warps run to hide the latency; more active warps per SM would help.",
                trim(self.n)
            ),
            Regime::MemoryBound if self.cwp >= self.mwp_mlp => format!(
                "Memory-bound (eq. 23): CWP {} ≥ MWP {}. Only {} memory warps are serviced at once, limited by {mwp_reason}; computation hides behind memory waits.",
                trim(self.cwp),
                trim(self.mwp_mlp),
                trim(self.mwp_mlp)
            ),
            Regime::MemoryBound => format!(
                "Computation outweighs memory (eq. 23, Comp_cycles {} > Mem_cycles {}): MWP {} > CWP {}, and the printed order applies eq. 23.",
                trim(self.comp_cycles),
                trim(self.mem_cycles),
                trim(self.mwp_mlp),
                trim(self.cwp)
            ),
            Regime::ComputeBound => format!(
                "Compute-bound (eq. 24): MWP {} > CWP {}. Memory waits hide behind other warps' computation; each repetition costs one memory wait plus N × Comp_cycles.",
                trim(self.mwp_mlp),
                trim(self.cwp)
            ),
        };
        let mlp = self.mem_cycles / self.mem_cycles_mlp;
        let body = if mlp != 1.0 {
            format!(
                "{body} Each warp has {} memory requests in flight (MLP): {} per SM (ITMLP), so MWP counts {} warps.",
                trim(mlp),
                trim(self.itmlp),
                trim(self.mwp_mlp)
            )
        } else {
            body
        };
        let body = match self.caches_saved() {
            Some(sentence) => format!("{body} {sentence}"),
            None => body,
        };
        if self.synch_cost > 0.0 {
            let share = 100.0 * self.synch_cost / self.exec_cycles_with_synch;
            format!("{body} Synchronization adds {share:.1}% (eq. 26).")
        } else {
            body
        }
    }

    /// [`Outputs::explanation_at`] with the SM's warp slots not all taken (the sentence a
    /// prediction without occupancy gets).
    pub fn explanation(&self) -> String {
        self.explanation_at(false)
    }

    /// What the caches saved, in words, when any request hits one (Sim et al.'s AMAT; not in
    /// Hong & Kim): the average latency and its parts, and the time without caches.
    pub fn caches_saved(&self) -> Option<String> {
        let uncached = self.time_s_uncached?;
        let saved = uncached - self.time_s;
        let share = if uncached > 0.0 {
            100.0 * saved / uncached
        } else {
            0.0
        };
        let effect = if saved >= 0.0 {
            format!(
                "the caches save {} of the {} without them ({share:.1}%)",
                format::duration(saved),
                format::duration(uncached)
            )
        } else {
            format!(
                "without caches it would take {}",
                format::duration(uncached)
            )
        };
        Some(format!(
            "Cache hits (Sim et al.) bring the memory latency to AMAT {} cycles ({} in L1 + {} in L2 + {} in DRAM): {effect}.",
            trim(self.amat),
            trim(self.amat_l1),
            trim(self.amat_l2),
            trim(self.amat_dram),
        ))
    }
}

/// A number for prose: grouped, up to 4 decimals (20, 2.2813, 4,380).
fn trim(v: f64) -> String {
    format::num(v)
}

impl Prediction {
    /// Whether the active warps take every warp slot of the SM (occupancy 100 %).
    pub fn full_occupancy(&self) -> bool {
        self.occupancy.is_some_and(|occ| {
            self.inputs.active_blocks_per_sm * f64::from(occ.warps_per_block)
                >= f64::from(occ.max_warps_per_sm)
        })
    }

    /// What limits the kernel, in plain words, with its occupancy (never "more warps would
    /// help" when the SM holds no more).
    pub fn explanation(&self) -> String {
        self.outputs.explanation_at(self.full_occupancy())
    }

    /// Active blocks per SM in plain words: how many, the resulting occupancy, and what set it
    /// (occupancy's limiter, the size of the grid, or the user).
    pub fn occupancy_summary(&self) -> Option<String> {
        let occ = self.occupancy?;
        let blocks = self.inputs.active_blocks_per_sm;
        // Occupancy counts hardware warps (the device's warp size), whatever the model's
        // threads_per_warp says.
        let warps = blocks * f64::from(occ.warps_per_block);
        let pct = 100.0 * warps / f64::from(occ.max_warps_per_sm);
        let head = format!(
            "{} active block{} per SM: {} of the SM's {} warp slots ({}% occupancy)",
            format::num(blocks),
            if blocks == 1.0 { "" } else { "s" },
            format::num(warps),
            occ.max_warps_per_sm,
            format::significant(pct, 3)
        );
        let limit = occ.limiter.describe();
        Some(if blocks == f64::from(occ.active_blocks_per_sm) {
            format!("{head}, limited by {limit}.")
        } else if self.active_blocks_per_sm_auto {
            format!(
                "{head}: the grid's {} block{} give{} each of the {} active SM{} at most that many; occupancy would allow {} (limited by {limit}).",
                format::num(self.inputs.blocks),
                if self.inputs.blocks == 1.0 { "" } else { "s" },
                if self.inputs.blocks == 1.0 { "s" } else { "" },
                format::num(self.inputs.active_sms),
                if self.inputs.active_sms == 1.0 { "" } else { "s" },
                occ.active_blocks_per_sm
            )
        } else {
            format!(
                "{head}, as you set it; occupancy would allow {} (limited by {limit}).",
                occ.active_blocks_per_sm
            )
        })
    }

    /// How an auto field got its value (the worked table's "Obtained" column).
    pub fn derivation(&self, name: &str) -> Option<String> {
        match name {
            "active_blocks_per_sm" if self.active_blocks_per_sm_auto => {
                Some(match self.occupancy {
                    Some(occ)
                        if f64::from(occ.active_blocks_per_sm)
                            > self.inputs.active_blocks_per_sm =>
                    {
                        format!(
                        "⌈#Blocks / #Active_SMs⌉: the grid is smaller than occupancy's {} (limited by {})",
                        occ.active_blocks_per_sm,
                        occ.limiter.describe()
                    )
                    }
                    Some(occ) => format!("Occupancy: limited by {}", occ.limiter.describe()),
                    None => "Occupancy".into(),
                })
            }
            "active_sms" if self.active_sms_auto => Some("min(#SMs, #Blocks)".into()),
            "mlp" => self.mlp_capped_from.map(|typed| {
                format!(
                    "#Mem_insts: the MLP given ({}) is more than the memory instructions, and a warp cannot have more requests in flight than it issues",
                    crate::format::num(typed)
                )
            }),
            _ => None,
        }
    }
}

/// The same kernel on every device this model takes: each device's clock, bandwidth and
/// memory constants, with the kernel's own inputs (and any manual active SMs/blocks) kept.
/// The setup's own device keeps the setup as it is (a clock typed or profiled stays), so its
/// row is the page's own prediction.
pub fn across_devices(setup: &Setup) -> Vec<(&'static Device, Result<Prediction, InputError>)> {
    devices::DEVICES
        .iter()
        .filter(|d| MODEL.devices.accepts(d))
        .map(|d| {
            let s = if std::ptr::eq(d, setup.device) || d.id == setup.device.id {
                *setup
            } else {
                setup.with_device(d)
            };
            (d, predict(&s))
        })
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
/// doubling the loads each warp has in flight (MLP), and doubling the memory bandwidth. Only
/// changes that save more than 1 % of the time are returned (a change the model says would slow
/// the kernel is no suggestion), the largest speedup first.
pub fn what_ifs(setup: &Setup) -> Vec<WhatIf> {
    let Ok(base) = predict(setup) else {
        return Vec::new();
    };
    let inp = setup.inputs;
    let mut candidates: Vec<(String, Setup)> = Vec::new();
    if inp.uncoal_mem_insts > 0.0 {
        let mut s = *setup;
        s.inputs.coal_mem_insts += inp.uncoal_mem_insts;
        s.inputs.uncoal_mem_insts = 0.0;
        candidates.push((
            format!(
                "the {} uncoalesced memory instructions were coalesced",
                format::num(inp.uncoal_mem_insts)
            ),
            s,
        ));
    }
    if inp.synch_insts > 0.0 {
        let mut s = *setup;
        s.inputs.synch_insts = 0.0;
        candidates.push(("there were no __syncthreads()".to_string(), s));
    }
    {
        let mut s = *setup;
        let tpb = inp.threads_per_block * 2.0;
        s.inputs.threads_per_block = tpb;
        s.inputs.blocks = (inp.blocks * inp.threads_per_block / tpb).ceil().max(1.0);
        candidates.push((
            format!("blocks had {} threads (same total work)", format::num(tpb)),
            s,
        ));
    }
    // Loads issued back to back before their first use (Sim et al.'s MLP): twice as many, at
    // most every memory instruction.
    let mem_insts = inp.uncoal_mem_insts + inp.coal_mem_insts;
    let k = (inp.mlp * 2.0).min(mem_insts).floor();
    if k > inp.mlp {
        let mut s = *setup;
        s.inputs.mlp = k;
        candidates.push((
            format!(
                "each warp had {} loads in flight (mlp {} → {})",
                format::num(k),
                format::num(inp.mlp),
                format::num(k)
            ),
            s,
        ));
    }
    {
        let mut s = *setup;
        s.inputs.mem_bandwidth_gbs = inp.mem_bandwidth_gbs * 2.0;
        candidates.push(("the memory bandwidth were doubled".to_string(), s));
    }
    let mut out: Vec<WhatIf> = candidates
        .into_iter()
        .filter_map(|(change, s)| {
            let p = predict(&s).ok()?;
            let speedup = base.outputs.time_s / p.outputs.time_s;
            (speedup > 1.01).then_some(WhatIf {
                change,
                time_s: p.outputs.time_s,
                speedup,
            })
        })
        .collect();
    crate::small_sort::sort_by(&mut out, |a, b| b.speedup.total_cmp(&a.speedup));
    out
}
