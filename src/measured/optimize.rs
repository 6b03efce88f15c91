//! What to optimize next (issue 57): for a kernel, the model whose prediction came closest to
//! the measured time is asked what one ideal change would save — coalesced accesses, every load
//! hitting a cache, no barriers, occupancy not limited by registers or shared memory, twice the
//! loads in flight — Sim et al.'s "potential benefit" idea on the models that take a profile.
//! Each saving is the model's own relative change applied to the measured time (measured × (1 −
//! new ÷ predicted)), ranked; a change that saves nothing is not shown. Each carries the model's
//! link with that input changed.

use serde::Serialize;

use super::{KernelReport, PredictionReport};
use crate::link;
use crate::model::Value;

/// A change saving less than this share of the kernel's time is not suggested: 1 %.
pub const LEAST_SAVING: f64 = 0.01;

/// One change and what it would save.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Suggestion {
    /// What would be ideal, in words ("coalesced accesses").
    pub change: &'static str,
    /// The model asked (the one closest to the measured time).
    pub model: &'static str,
    /// The model's time with the change.
    pub time_s: f64,
    /// Seconds saved, as a share of the measured time applied to it.
    pub saved_s: f64,
    /// The share of the kernel's measured time saved (0–1).
    pub share: f64,
    /// The saving stops at the kernel's roofline bound: the model would go below it.
    pub to_bound: bool,
    /// The model's page with that input changed (its query).
    pub query: String,
}

/// The changes, each as the fields it sets (a field the model lacks is skipped; a change
/// that sets nothing new is not tried).
type Edit = fn(&crate::model::Params) -> Vec<(&'static str, f64)>;

const CHANGES: &[(&str, Edit)] = &[
    ("coalesced accesses", |p| {
        let mut out = Vec::new();
        if let (Some(u), Some(c)) = (p.num("uncoal_mem_insts"), p.num("coal_mem_insts")) {
            if u > 0.0 {
                out.extend([("uncoal_mem_insts", 0.0), ("coal_mem_insts", c + u)]);
            }
        }
        if p.num("avg_trans_warp").is_some_and(|t| t > 1.0) {
            out.push(("avg_trans_warp", 1.0));
        }
        out
    }),
    ("every load hits in L1 or L2", |p| {
        let miss = |l1: f64, l2: f64| (1.0 - l1 / 100.0) * (1.0 - l2 / 100.0);
        match (p.num("l1_hit_pct"), p.num("l2_hit_pct")) {
            (Some(l1), Some(l2)) if miss(l1, l2) > 0.0 => vec![("l2_hit_pct", 100.0)],
            _ => Vec::new(),
        }
    }),
    ("no barriers", |p| {
        ["synch_insts", "sync_insts"]
            .into_iter()
            .filter(|f| p.num(f).is_some_and(|v| v > 0.0))
            .map(|f| (f, 0.0))
            .collect()
    }),
    ("occupancy not limited by registers or shared memory", |p| {
        let mut out = Vec::new();
        if p.num("registers_per_thread").is_some_and(|r| r > 16.0) {
            out.push(("registers_per_thread", 16.0));
        }
        if p.num("shared_mem_per_block").is_some_and(|s| s > 0.0) {
            out.push(("shared_mem_per_block", 0.0));
        }
        out
    }),
    ("twice the loads in flight per warp (MLP)", |p| {
        match p.num("mlp") {
            Some(m) => {
                let mem = p.num("coal_mem_insts").unwrap_or(0.0)
                    + p.num("uncoal_mem_insts").unwrap_or(0.0);
                let mem = p.num("mem_insts").unwrap_or(mem);
                let k = (m * 2.0).min(mem.max(1.0)).floor();
                if k > m {
                    vec![("mlp", k)]
                } else {
                    Vec::new()
                }
            }
            None => Vec::new(),
        }
    }),
];

/// The model to ask: a complete prediction within the model's scope, not a bound, closest to
/// the measured time.
fn closest(k: &KernelReport) -> Option<&PredictionReport> {
    k.predictions
        .iter()
        .filter(|p| p.complete && !p.lower_bound && p.scope.is_none() && p.error.is_none())
        .filter(|p| p.ratio.is_some_and(|r| r > 0.0) && !p.query.is_empty())
        .min_by(|a, b| {
            let off = |p: &PredictionReport| p.ratio.map_or(f64::INFINITY, |r| r.ln().abs());
            off(a).total_cmp(&off(b))
        })
}

/// The suggestions for a kernel, the largest saving first.
pub fn suggestions(k: &KernelReport) -> Vec<Suggestion> {
    let (Some(p), Some(measured)) = (closest(k), k.measured_s) else {
        return Vec::new();
    };
    let Some(base) = p.time_s.filter(|t| *t > 0.0) else {
        return Vec::new();
    };
    // No change makes the kernel faster than the hardware's bound on the same kernel.
    let floor = k
        .predictions
        .iter()
        .find(|b| b.lower_bound && b.complete)
        .and_then(|b| b.time_s)
        .filter(|b| *b < measured)
        .unwrap_or(0.0);
    let (state, _) = link::from_query(&p.query);
    let mut out: Vec<Suggestion> = CHANGES
        .iter()
        .filter_map(|(change, edit)| {
            let sets = edit(&state.params);
            if sets.is_empty() {
                return None;
            }
            let mut s = state.clone();
            for (field, v) in &sets {
                if !s.params.set(field, Value::Num(*v)) {
                    return None;
                }
            }
            let e = (s.model.evaluate)(&s.params, s.device).ok()?;
            let time = e.number(s.model, "time_s").filter(|t| t.is_finite())?;
            let after = (measured * time / base).max(floor);
            let share = 1.0 - after / measured;
            (share > LEAST_SAVING).then(|| Suggestion {
                change,
                model: p.model,
                time_s: time,
                saved_s: measured - after,
                share,
                to_bound: after == floor,
                query: link::to_query(&s),
            })
        })
        .collect();
    out.sort_by(|a, b| b.saved_s.total_cmp(&a.saved_s));
    out
}
