//! The hardware's bound beside each prediction: a prediction more than [`BELOW_BOUND`] under
//! the kernel's roofline bound is flagged, and a file that gives only its GPU's compute
//! capability is bounded on the fastest GPU of it.

use super::*;

/// How far below the kernel's roofline bound a prediction may lie before it is flagged: 5 %.
pub const BELOW_BOUND: f64 = 0.05;

/// Flags each complete prediction more than [`BELOW_BOUND`] below the roofline's bound of
/// the same kernel, naming the ceiling it breaks (MODELS.md, "Below the hardware's bound").
pub fn flag_below_bound(predictions: &mut [PredictionReport]) {
    let bound = predictions
        .iter()
        .find(|p| p.lower_bound && p.complete)
        .and_then(|p| {
            Some((
                p.time_s?,
                p.bound.trim_end_matches(" (roofline)").to_string(),
            ))
        });
    let Some((bound_s, ceiling)) = bound else {
        return;
    };
    for p in predictions
        .iter_mut()
        .filter(|p| !p.lower_bound && p.complete)
    {
        if p.time_s.is_some_and(|t| t < bound_s * (1.0 - BELOW_BOUND)) {
            p.below_bound = true;
            p.ceiling = Some(ceiling.clone());
        }
    }
}

/// A lower bound for a file that gives only its GPU's compute capability: the bound on each
/// GPU of that capability not outdone on every ceiling by another (bandwidth, SMs × clock,
/// clock), and the least of them, which no GPU of the capability beats. `None` when no
/// candidate gives one.
pub(super) fn bound_on_fastest(
    p: &PredictionReport,
    k: &ProfiledKernel,
    launch: Option<&Launch>,
    device: &DeviceMatch,
    links: bool,
) -> Option<PredictionReport> {
    let (model, from) = registry::from_launch()
        .into_iter()
        .find(|(m, _)| m.id == p.model)?;
    let fastest = fastest_of(&device.candidates);
    let best = fastest
        .iter()
        .map(|d| (d, predict(model, from, k, launch, Some(d), None, false)))
        .filter_map(|(d, q)| Some((q.time_s.filter(|_| q.complete)?, d, q)))
        .min_by(|a, b| a.0.total_cmp(&b.0))?;
    let (_, d, q) = best;
    // The link only for the GPU that gives the bound (and a listed kernel).
    let mut q = if links {
        predict(model, from, k, launch, Some(d), None, true)
    } else {
        q
    };
    let cc = device.compute_capability.as_deref().unwrap_or_default();
    q.on = Some(format!(
        "on the fastest GPU of compute capability {cc} ({})",
        d.name
    ));
    Some(q)
}

/// The candidates not outdone on every ceiling by another (bandwidth, SMs × clock, clock),
/// found once per list of candidates (a file's kernels share one).
fn fastest_of(candidates: &[Candidate]) -> Vec<&'static Device> {
    type Cached = Option<(Vec<String>, Vec<&'static Device>)>;
    thread_local! {
        static LAST: std::cell::RefCell<Cached> = const { std::cell::RefCell::new(None) };
    }
    let ids = || candidates.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
    let same = |held: &[String]| {
        held.len() == candidates.len() && held.iter().zip(candidates).all(|(a, b)| *a == b.id)
    };
    if let Some(found) = LAST.with_borrow(|l| {
        l.as_ref()
            .filter(|(held, _)| same(held))
            .map(|(_, f)| f.clone())
    }) {
        return found;
    }
    let all: Vec<&'static Device> = candidates
        .iter()
        .filter_map(|c| devices::find(&c.id))
        .collect();
    let ceilings = |d: &Device| {
        let clock = d.clock_ghz.value;
        [
            d.mem_bandwidth_gbs.value,
            f64::from(d.sms.value) * clock,
            clock,
        ]
    };
    let outdone = |d: &Device| {
        let c = ceilings(d);
        all.iter().any(|o| {
            let oc = ceilings(o);
            oc.iter().zip(c).all(|(a, b)| *a >= b) && oc.iter().zip(c).any(|(a, b)| *a > b)
        })
    };
    let fastest: Vec<&'static Device> = all.iter().copied().filter(|d| !outdone(d)).collect();
    LAST.with_borrow_mut(|l| *l = Some((ids(), fastest.clone())));
    fastest
}
