//! One run, one set of inputs (issue 55): the 13 known kernels of `../shared/profiles/known-h100/`
//! exported as every page of one H100 profile. Where two pages both count an input they
//! agree, and each model's complete predictions from two pages lie within 1.3× of each
//! other; no bound is above the measured time, and every prediction below its bound is
//! flagged.

use warpsight::analysis::profiler::read;
use warpsight::measured::{compare, KernelReport, Report, BELOW_BOUND};

const DIR: &str = "../shared/profiles/known-h100";

fn report(page: &str) -> Report {
    let bytes = std::fs::read(format!("{DIR}/{page}")).unwrap();
    compare(&read(&bytes).unwrap())
}

fn short(k: &KernelReport) -> &str {
    k.name.split('(').next().unwrap()
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs())
}

#[test]
fn the_pages_of_one_run_agree() {
    let pages = [
        "h100_details_full.csv",
        "h100_raw_full.csv",
        "h100_default.csv",
    ];
    let reports: Vec<Report> = pages.iter().map(|p| report(p)).collect();
    let mut compared = 0;
    for k in &reports[1].kernels {
        for (page, other) in pages.iter().zip(&reports) {
            let o = other.kernels.iter().find(|o| short(o) == short(k)).unwrap();
            assert_eq!((o.grid, o.block), (k.grid, k.block), "{page} {}", short(k));
            let (a, b) = (&k.counters, &o.counters);
            for (what, x, y) in [
                ("instructions per warp", a.insts_per_warp, b.insts_per_warp),
                ("DRAM bytes", a.dram_bytes, b.dram_bytes),
            ] {
                if let (Some(x), Some(y)) = (x, y) {
                    assert!(
                        close(x, y, 0.02),
                        "{page} {}: {what} {x} against {y}",
                        short(k)
                    );
                }
            }
            for p in k.predictions.iter().filter(|p| p.complete) {
                let q = o.predictions.iter().find(|q| q.model == p.model).unwrap();
                if let (Some(x), Some(y), true) = (p.time_s, q.time_s, q.complete) {
                    let factor = (x / y).max(y / x);
                    assert!(
                        factor <= 1.3,
                        "{page} {} {}: {x} against {y}",
                        short(k),
                        p.model
                    );
                    compared += 1;
                }
            }
        }
    }
    // The raw page against itself (13 × 4 models) and against the details page's kernels
    // whose rule text gives their requests, at least.
    assert!(compared > 13 * 4, "{compared}");
}

#[test]
fn the_bound_holds_and_what_breaks_it_is_flagged() {
    let mut ratios = Vec::new();
    for page in [
        "h100_details_full.csv",
        "h100_raw_full.csv",
        "h100_noclock.csv",
    ] {
        for k in report(page).kernels {
            let measured = k.measured_s.unwrap();
            let bound = k.predictions.iter().find(|p| p.lower_bound).unwrap();
            let b = bound.time_s.unwrap();
            assert!(
                b <= measured,
                "{page} {}: bound {b} > {measured}",
                short(&k)
            );
            ratios.push(b / measured);
            for p in k.predictions.iter().filter(|p| !p.lower_bound) {
                let below = p
                    .time_s
                    .is_some_and(|t| p.complete && t < b * (1.0 - BELOW_BOUND));
                assert_eq!(p.below_bound, below, "{page} {} {}", short(&k), p.model);
                assert_eq!(p.ceiling.is_some(), below);
            }
        }
    }
    ratios.sort_by(f64::total_cmp);
    let median = ratios[ratios.len() / 2];
    // Every level of the hierarchy: at least 0.7 of the measured time on the median kernel.
    assert!(median >= 0.7, "median bound ÷ measured {median}");
}
