//! From priced instructions to the models' inputs: each instruction's loop weight, the
//! computation and memory access tasks, Luo & Suda's calculate periods `(c_i, m_i)` and `P`,
//! and the same instructions counted the way Hong & Kim's model takes them.

use super::costs::CostTable;
use super::parsed::{Class, Instruction, Operand, Parsed, Space};

/// Which of the paper's tasks an instruction belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum TaskKind {
    /// Part of a computation task (priced by Table 1 or `other`).
    Computation,
    /// Part of a memory access task (priced `ld_st`).
    MemoryAccess,
}

/// The task `ins` belongs to: `None` for `bra`, `ret` and `exit` (they belong to no task and
/// do not split tasks); `MemoryAccess` for memory access tasks (see
/// [`Instruction::is_memory_task`]); `Computation` for everything else, barriers and
/// shared/param/const loads and stores included.
pub fn task_kind(ins: &Instruction) -> Option<TaskKind> {
    match ins.class {
        Class::Branch | Class::Exit => None,
        _ if ins.is_memory_task() => Some(TaskKind::MemoryAccess),
        _ => Some(TaskKind::Computation),
    }
}

/// Each instruction's weight: the product of the trip counts of the loops it lies in (1 outside
/// loops). `trip_counts` has one count per loop, in [`Parsed::loops`] order; a missing count
/// is 1. A trip count of 0 gives weight 0 (the body never runs). Very large products give
/// infinity rather than panicking.
///
/// Loops are nested or disjoint, and so are their body ranges (a range of an inner loop lies
/// in one range of each loop around it): one sweep over the instructions with a stack of the
/// ranges open, each holding the product of the trip counts around it (outer first, as
/// [`Parsed::loops`] lists them). O(N + R log R) for N instructions and R ranges, not
/// O(k · N) for k loops nested in one another. Ranges that overlap without nesting (not
/// natural loops) are weighted loop by loop instead.
pub fn weights(parsed: &Parsed, trip_counts: &[u64]) -> Vec<f64> {
    let n = parsed.instructions.len();
    let trips = |k: usize| trip_counts.get(k).copied().unwrap_or(1) as f64;
    // Every range with its loop's count: by start, the longer first, then in loop order.
    let mut ranges: Vec<(usize, usize, usize)> = Vec::new();
    for (k, lp) in parsed.loops.iter().enumerate() {
        ranges.extend(lp.body.iter().map(|&(a, b)| (a, b, k)));
    }
    ranges.sort_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)));
    let mut weights = vec![1.0; n];
    // (last instruction, weight inside) of the ranges holding the current one, innermost last.
    let mut open: Vec<(usize, f64)> = Vec::new();
    let mut next = 0;
    for (i, w) in weights.iter_mut().enumerate() {
        while open.last().is_some_and(|r| r.0 < i) {
            open.pop();
        }
        while let Some(&(_, b, k)) = ranges.get(next).filter(|r| r.0 <= i) {
            next += 1;
            if b < i {
                continue; // empty (b < a)
            }
            let around = match open.last() {
                Some(&(end, _)) if b > end => return weights_loop_by_loop(parsed, trip_counts),
                Some(&(_, w)) => w,
                None => 1.0,
            };
            open.push((b, around * trips(k)));
        }
        if let Some(r) = open.last() {
            *w = r.1;
        }
    }
    weights
}

/// [`weights`] loop by loop, for ranges that overlap without nesting: O(Σ body lengths).
fn weights_loop_by_loop(parsed: &Parsed, trip_counts: &[u64]) -> Vec<f64> {
    let mut weights = vec![1.0; parsed.instructions.len()];
    for (k, lp) in parsed.loops.iter().enumerate() {
        let trips = trip_counts.get(k).copied().unwrap_or(1) as f64;
        // Only the body's ranges: a loop's cost is its size, not the program's.
        for &(a, b) in &lp.body {
            for w in weights.iter_mut().take(b.saturating_add(1)).skip(a) {
                *w *= trips;
            }
        }
    }
    weights
}

/// The result of [`analyze`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Analysis {
    /// Calculate periods `(c_i, m_i)` in order: each is one computation task and the memory
    /// access task after it (GPU clocks, weighted by trip counts).
    pub periods: Vec<(f64, f64)>,
    /// Computation instruction proportion P = compute_cost / (compute_cost + memory_cost);
    /// 0 when both are 0.
    pub p: f64,
    /// Σ c_i.
    pub compute_cost: f64,
    /// Σ m_i.
    pub memory_cost: f64,
    /// Each instruction's weight (see [`weights`]), in instruction order.
    pub weights: Vec<f64>,
}

impl Analysis {
    /// The periods in the luo-suda link form `c1:m1,c2:m2,…` (empty when there are none).
    pub fn periods_text(&self) -> String {
        self.periods
            .iter()
            .map(|(c, m)| format!("{c}:{m}"))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Prices every instruction with `costs`, weights it by the loops it lies in (`trip_counts`,
/// one per loop in [`Parsed::loops`] order, missing = 1), and walks the list into calculate
/// periods.
///
/// Rules (our readings; the paper defines tasks and periods only in words):
/// - A computation task is a run of consecutive computation instructions, a memory access task
///   a run of consecutive memory access instructions (see [`task_kind`]); `bra`/`ret`/`exit`
///   are skipped and do not split a run. Instructions of weight 0 (in a loop run 0 times) are
///   skipped too.
/// - A task's cost is Σ cost × weight over its instructions. Loops are priced, not unrolled:
///   the loop body's tasks stay where they are in the list, scaled by the trip count.
/// - Each period is one computation task followed by the memory access task after it. Code
///   that starts with memory makes period 1 with c = 0; a trailing computation task with no
///   memory after it has m = 0. So there is one period per computation task, plus one if the
///   code starts with memory.
/// - P = compute_cost / (compute_cost + memory_cost), 0 when both are 0.
pub fn analyze(parsed: &Parsed, costs: &CostTable, trip_counts: &[u64]) -> Analysis {
    let weights = weights(parsed, trip_counts);
    let mut periods: Vec<(f64, f64)> = Vec::new();
    // The period being built: (c, m, whether its memory task has begun).
    let mut current: Option<(f64, f64, bool)> = None;
    for (ins, &w) in parsed.instructions.iter().zip(&weights) {
        if w == 0.0 {
            continue;
        }
        let Some(kind) = task_kind(ins) else {
            continue;
        };
        let cost = costs.cost(ins) * w;
        current = Some(match (kind, current) {
            (TaskKind::Computation, Some((c, m, true))) => {
                periods.push((c, m));
                (cost, 0.0, false)
            }
            (TaskKind::Computation, Some((c, m, false))) => (c + cost, m, false),
            (TaskKind::Computation, None) => (cost, 0.0, false),
            (TaskKind::MemoryAccess, Some((c, m, _))) => (c, m + cost, true),
            (TaskKind::MemoryAccess, None) => (0.0, cost, true),
        });
    }
    if let Some((c, m, _)) = current {
        periods.push((c, m));
    }
    let compute_cost: f64 = periods.iter().map(|p| p.0).sum();
    let memory_cost: f64 = periods.iter().map(|p| p.1).sum();
    let total = compute_cost + memory_cost;
    let p = if total > 0.0 {
        compute_cost / total
    } else {
        0.0
    };
    Analysis {
        periods,
        p,
        compute_cost,
        memory_cost,
        weights,
    }
}

// ---------------------------------------------------------------------------------------------
// Hong & Kim counts
// ---------------------------------------------------------------------------------------------

/// Instruction counts per thread as Hong & Kim's model takes them (weighted by trip counts).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct HongKimCounts {
    /// Computation instructions: every instruction that is not a memory access task, a barrier,
    /// `bra`, `ret` or `exit` (shared/param/const loads and stores count here).
    pub comp_insts: f64,
    /// Memory access task instructions (global/local/texture/generic loads, stores, atomics)
    /// not marked uncoalesced.
    pub coal_mem_insts: f64,
    /// Memory access task instructions marked uncoalesced.
    pub uncoal_mem_insts: f64,
    /// Barriers (`bar`, `barrier`).
    pub synch_insts: f64,
    /// Sim et al.'s memory-level parallelism, [`mlp`]: loads a warp has in flight at once.
    pub mlp: f64,
}

/// Counts the instructions for Hong & Kim, each weighted as in [`weights`]. `uncoalesced`
/// lists instruction indices (into [`Parsed::instructions`]) the user marks uncoalesced; an
/// index that is not a memory access instruction, or out of range, is ignored. Every other
/// memory access instruction counts as coalesced.
pub fn hong_kim_counts(
    parsed: &Parsed,
    trip_counts: &[u64],
    uncoalesced: &[usize],
) -> HongKimCounts {
    let weights = weights(parsed, trip_counts);
    let mut counts = HongKimCounts {
        comp_insts: 0.0,
        coal_mem_insts: 0.0,
        uncoal_mem_insts: 0.0,
        synch_insts: 0.0,
        mlp: mlp_weighted(parsed, &weights),
    };
    for (i, (ins, &w)) in parsed.instructions.iter().zip(&weights).enumerate() {
        match ins.class {
            Class::Branch | Class::Exit => {}
            Class::Sync => counts.synch_insts += w,
            _ if ins.is_memory_task() => {
                if uncoalesced.contains(&i) {
                    counts.uncoal_mem_insts += w;
                } else {
                    counts.coal_mem_insts += w;
                }
            }
            _ => counts.comp_insts += w,
        }
    }
    counts
}

/// The loads, stores and atomics per thread in each state space (weighted as in [`weights`]),
/// in [`Space`]'s order, spaces without any left out. Global, local, texture and generic ones
/// are memory access tasks (local memory is each thread's stack in device memory); shared,
/// param and const ones are computation ([`Space::is_device_memory`]).
pub fn by_space(parsed: &Parsed, trip_counts: &[u64]) -> Vec<(Space, f64)> {
    let weights = weights(parsed, trip_counts);
    let mut counts: Vec<(Space, f64)> = Vec::new();
    for (ins, &w) in parsed.instructions.iter().zip(&weights) {
        if let Class::Memory { space, .. } = ins.class {
            match counts.iter_mut().find(|(s, _)| *s == space) {
                Some((_, n)) => *n += w,
                None => counts.push((space, w)),
            }
        }
    }
    counts.retain(|(_, n)| *n > 0.0);
    counts.sort_by_key(|(s, _)| *s as u8);
    counts
}

// ---------------------------------------------------------------------------------------------
// Memory-level parallelism
// ---------------------------------------------------------------------------------------------

/// Memory-level parallelism (Sim et al., PPoPP'12; docs/models.md, "MLP"): the loads a warp
/// issues back to back before it needs any of their results, on average.
///
/// Walking the instructions in order, a *group* is the device-memory loads issued before the
/// first instruction that reads a register any of them loaded (a load whose address comes
/// from an earlier load of the group, a pointer chase, starts a new group). A branch, or a
/// change of loop weight (entering or leaving a loop body), ends the group too: groups are
/// counted per loop body. Each group counts with its loop weight (trip counts, as
/// [`weights`]): MLP = Σ loads / Σ groups, weighted, so #Mem_insts / MLP is the warp's memory
/// periods. 1 when there are no loads; stores are not waited on and start no group.
pub fn mlp(parsed: &Parsed, trip_counts: &[u64]) -> f64 {
    mlp_weighted(parsed, &weights(parsed, trip_counts))
}

fn mlp_weighted(parsed: &Parsed, weights: &[f64]) -> f64 {
    let (mut loads, mut groups) = (0.0, 0.0);
    // The open group: its weight, its loads, and the registers they load.
    let mut open: Option<(f64, f64)> = None;
    let mut pending: Vec<&str> = Vec::new();
    let mut close = |open: &mut Option<(f64, f64)>, pending: &mut Vec<&str>| {
        if let Some((w, n)) = open.take() {
            loads += w * n;
            groups += w;
        }
        pending.clear();
    };
    for (ins, &w) in parsed.instructions.iter().zip(weights) {
        if w == 0.0 {
            continue;
        }
        if open.is_some_and(|(gw, _)| gw != w) || matches!(ins.class, Class::Branch) {
            close(&mut open, &mut pending);
        }
        let is_load =
            matches!(ins.class, Class::Memory { store: false, .. }) && ins.is_memory_task();
        // A load writes its leading registers (a vector load several); everything else reads
        // all but its first operand, and a store reads them all.
        let operands = ins.operands();
        let writes = if is_load {
            operands
                .iter()
                .take_while(|o| matches!(o, Operand::Register(_)))
                .count()
        } else if matches!(ins.class, Class::Memory { store: true, .. }) {
            0
        } else {
            1
        };
        let reads_pending = !pending.is_empty()
            && (operands.iter().skip(writes).any(|o| reads(o, &pending))
                || ins
                    .predicate()
                    .is_some_and(|p| pending.contains(&p.trim_start_matches('!'))));
        if reads_pending {
            close(&mut open, &mut pending);
        }
        if is_load {
            let (gw, n) = open.unwrap_or((w, 0.0));
            open = Some((gw, n + 1.0));
            for o in operands.iter().take(writes) {
                if let Operand::Register(r) = *o {
                    pending.push(r);
                }
            }
        }
    }
    close(&mut open, &mut pending);
    if groups > 0.0 {
        loads / groups
    } else {
        1.0
    }
}

/// True when operand `o` reads one of the `pending` registers.
fn reads(o: &Operand, pending: &[&str]) -> bool {
    match o {
        Operand::Register(r) => r.split('|').any(|r| pending.contains(&r)),
        Operand::Address { base, .. } => pending.contains(base),
        _ => false,
    }
}
