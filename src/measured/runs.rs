//! Runs side by side: several profiles of different runs (another GPU, another clock, a new
//! version of the code) read together stay runs of their own, and each kernel found in two of
//! them gets its measured change and each model's predicted change (issue 57), as Nsight
//! Compute's baseline compares counters.
//!
//! **The rule.** Files are taken in order; a file joins the run before it when it adds to
//! it — counters to a trace's times, another page of the same profile — and starts a run of
//! its own when it cannot be the same run: Nsight Compute's files name another process (its
//! "Process ID": another run of the program, whatever its times); otherwise the file names
//! another GPU (another device name or compute capability), another SM clock, or times a
//! kernel the run has already timed differently (more than [`SAME_TIME`] apart).

use std::collections::HashMap;

use serde::Serialize;

use super::{compare_with, KernelReport, Report};
use crate::analysis::profiler::{Profile, ProfiledKernel};
use crate::devices::Device;

/// Two times of one kernel this close are one measurement printed twice (a details page
/// rounds to 3–5 digits; the raw page gives nanoseconds): 2 %.
pub const SAME_TIME: f64 = 0.02;

/// The rule, as the page says it.
pub const RULE: &str = "Files join the run before them when they add to it (a trace and its metrics, another page of the same profile); a file from another profiled process, or that names another GPU or SM clock, or times the same kernel differently, is a run of its own.";

/// Files grouped into runs, in order: each run's file names and its joined profile.
pub fn group_runs(files: Vec<(String, Profile)>) -> Vec<(Vec<String>, Profile)> {
    let mut runs: Vec<(Vec<String>, Vec<Profile>)> = Vec::new();
    for (name, p) in files {
        match runs
            .iter_mut()
            .find(|(_, ps)| ps.iter().all(|q| same_run(q, &p)))
        {
            Some((names, ps)) => {
                names.push(name);
                ps.push(p);
            }
            None => runs.push((vec![name], vec![p])),
        }
    }
    runs.into_iter()
        .filter_map(|(names, ps)| Some((names, Profile::join(ps)?)))
        .collect()
}

/// The printed device name of a profile's kernels, when one names a GPU (Nsight Compute's
/// details page prints only its number, "0").
fn device_name(p: &Profile) -> Option<&str> {
    p.kernels
        .iter()
        .filter_map(|k| k.device.as_deref().map(str::trim))
        .find(|d| !d.is_empty() && !d.chars().all(|c| c.is_ascii_digit()))
}

/// Whether two files can be of one run.
fn same_run(a: &Profile, b: &Profile) -> bool {
    // Nsight Compute names the profiled process: two pages of one report share it, and
    // another run of the program (even with the same times) has its own.
    let process = |p: &Profile| p.kernels.iter().find_map(|k| k.metric("process_id"));
    if let (Some(x), Some(y)) = (process(a), process(b)) {
        return x == y;
    }
    let cc = |p: &Profile| p.kernels.iter().find_map(|k| k.compute_capability);
    let clock = |p: &Profile| p.kernels.iter().find_map(|k| k.metric("sm_clock_hz"));
    let differ = |x: f64, y: f64| (x / y - 1.0).abs() > SAME_TIME;
    if matches!((cc(a), cc(b)), (Some(x), Some(y)) if x != y)
        || matches!((device_name(a), device_name(b)), (Some(x), Some(y)) if x != y)
        || matches!((clock(a), clock(b)), (Some(x), Some(y)) if differ(x, y))
    {
        return false;
    }
    let timed: HashMap<Key<'_>, f64> = a
        .kernels
        .iter()
        .filter_map(|k| Some((key(k), k.measured_s()?)))
        .collect();
    !b.kernels.iter().any(|k| {
        k.measured_s()
            .zip(timed.get(&key(k)))
            .is_some_and(|(t, u)| differ(t, *u))
    })
}

/// A kernel across runs: its name and launch.
type Key<'a> = (&'a str, Option<[u64; 3]>, Option<[u64; 3]>);

fn key(k: &ProfiledKernel) -> Key<'_> {
    (&k.name, k.grid, k.block)
}

fn report_key(k: &KernelReport) -> Key<'_> {
    (&k.name, k.grid, k.block)
}

/// One run: its files, the GPU its kernels were found on, and its comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    pub files: Vec<String>,
    /// The first kernel's GPU ("NVIDIA H100 SXM5 80 GB"), or empty.
    pub gpu: String,
    pub baseline: bool,
    #[serde(flatten)]
    pub report: Report,
}

/// A model's times of one kernel in the baseline and in another run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelChange {
    pub model: &'static str,
    pub title: &'static str,
    pub baseline_s: Option<f64>,
    pub run_s: Option<f64>,
    /// Run ÷ baseline, when both are complete predictions.
    pub ratio: Option<f64>,
    /// What bounds the time in each (its change is the model's explanation).
    pub baseline_bound: String,
    pub run_bound: String,
    /// The model's times are lower bounds (the roofline).
    pub lower_bound: bool,
}

/// One kernel of a run beside the same kernel in the baseline.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelChange {
    pub name: String,
    pub grid: Option<[u64; 3]>,
    pub block: Option<[u64; 3]>,
    /// The baseline's launch, where it differs (the same kernel on another size).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline_launch: Option<[Option<[u64; 3]>; 2]>,
    pub baseline_s: Option<f64>,
    pub run_s: Option<f64>,
    /// Measured run ÷ baseline.
    pub ratio: Option<f64>,
    pub models: Vec<ModelChange>,
}

/// A run beside the baseline.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunChange {
    /// The run's index in [`Runs::runs`].
    pub run: usize,
    pub kernels: Vec<KernelChange>,
}

/// Runs side by side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Runs {
    pub rule: &'static str,
    /// The baseline's index in `runs`.
    pub baseline: usize,
    pub runs: Vec<Run>,
    /// Each other run beside the baseline.
    pub changes: Vec<RunChange>,
}

/// What the files make: one run's comparison (as before), or runs side by side.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Comparison {
    One(Report),
    Runs(Runs),
}

/// The comparison of files read in order (`name`, profile): grouped into runs by the rule,
/// each compared (every kernel on `chosen`, or projected `on` another GPU, when given), and
/// each run beside the baseline (`baseline`, an index into the runs, else the first).
pub fn compare_files(
    files: Vec<(String, Profile)>,
    chosen: Option<&'static Device>,
    on: Option<&'static Device>,
    baseline: Option<usize>,
) -> Option<Comparison> {
    let mut runs = group_runs(files);
    if runs.len() <= 1 {
        let (_, profile) = runs.pop()?;
        return Some(Comparison::One(compare_with(&profile, chosen, on)));
    }
    let base = baseline.filter(|b| *b < runs.len()).unwrap_or(0);
    let runs: Vec<Run> = runs
        .into_iter()
        .enumerate()
        .map(|(i, (files, profile))| {
            let report = compare_with(&profile, chosen, on);
            Run {
                files,
                gpu: report
                    .kernels
                    .iter()
                    .map(|k| k.device.name.clone())
                    .find(|n| !n.is_empty())
                    .unwrap_or_default(),
                baseline: i == base,
                report,
            }
        })
        .collect();
    let changes = (0..runs.len())
        .filter(|&i| i != base)
        .map(|i| RunChange {
            run: i,
            kernels: changes(&runs[base].report, &runs[i].report),
        })
        .collect();
    Some(Comparison::Runs(Runs {
        rule: RULE,
        baseline: base,
        runs,
        changes,
    }))
}

/// Each kernel of `run` found in `base` (by name and launch), in `run`'s order.
fn changes(base: &Report, run: &Report) -> Vec<KernelChange> {
    let in_base: HashMap<Key<'_>, &KernelReport> =
        base.kernels.iter().map(|k| (report_key(k), k)).collect();
    // A kernel launched with another size in the run is still the same kernel where its name
    // is in each run once.
    let mut by_name: HashMap<&str, (usize, Option<&KernelReport>)> = HashMap::new();
    for k in &base.kernels {
        let e = by_name.entry(&k.name).or_insert((0, Some(k)));
        e.0 += 1;
    }
    let mut names_in_run: HashMap<&str, usize> = HashMap::new();
    for k in &run.kernels {
        *names_in_run.entry(&k.name).or_default() += 1;
    }
    let find = |k: &KernelReport| -> Option<&KernelReport> {
        in_base.get(&report_key(k)).copied().or_else(|| {
            match (
                by_name.get(k.name.as_str()),
                names_in_run.get(k.name.as_str()),
            ) {
                (Some((1, b)), Some(1)) => *b,
                _ => None,
            }
        })
    };
    let ratio = |a: Option<f64>, b: Option<f64>| {
        a.zip(b)
            .filter(|(a, b)| *a > 0.0 && *b > 0.0)
            .map(|(a, b)| b / a)
    };
    run.kernels
        .iter()
        .filter_map(|k| {
            let b = find(k)?;
            let models = b
                .predictions
                .iter()
                .filter_map(|p| {
                    let q = k.predictions.iter().find(|q| q.model == p.model)?;
                    let time = |p: &super::PredictionReport| p.time_s.filter(|_| p.complete);
                    Some(ModelChange {
                        model: p.model,
                        title: p.title,
                        baseline_s: time(p),
                        run_s: time(q),
                        ratio: ratio(time(p), time(q)),
                        baseline_bound: p.bound.clone(),
                        run_bound: q.bound.clone(),
                        lower_bound: p.lower_bound,
                    })
                })
                .collect();
            Some(KernelChange {
                name: k.name.clone(),
                grid: k.grid,
                block: k.block,
                baseline_launch: (b.grid != k.grid || b.block != k.block)
                    .then_some([b.grid, b.block]),
                baseline_s: b.measured_s,
                run_s: k.measured_s,
                ratio: ratio(b.measured_s, k.measured_s),
                models,
            })
        })
        .collect()
}
