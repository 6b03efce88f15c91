//! Benchmark (not a test): times the Hong & Kim engine on a 1,000-point sweep and prints the
//! figure, then reports the release bundle's size (wasm + js in `dist/`, raw and gzipped).
//! Run: `trunk build --release && cargo bench --bench sweep`.

use std::hint::black_box;
use std::time::Instant;

use warpsight::model::hong_kim;
use warpsight::model::scenario::{self, Setup, SweepSpec};

fn main() {
    let setup = Setup::default_setup();
    let spec = SweepSpec {
        field: "comp_insts",
        from: 1.0,
        to: 10_000.0,
    };
    let xs = scenario::sweep_xs(&spec, 32.0, 1000);
    assert_eq!(xs.len(), 1000, "sweep should have 1,000 points");

    // Engine alone: eqs. 5–27 at 1,000 inputs.
    let inputs: Vec<_> = xs
        .iter()
        .map(|&x| {
            let mut i = hong_kim::Inputs::TABLE_2;
            i.comp_insts = x;
            i
        })
        .collect();
    let engine = best_of(25, || {
        for i in &inputs {
            let _ = black_box(hong_kim::evaluate(black_box(i)));
        }
    });
    // Full sweep as the page runs it: occupancy + engine per point.
    let full = best_of(25, || {
        black_box(scenario::sweep(black_box(&setup), &spec, 1000));
    });
    println!(
        "hong-kim engine, 1,000-point sweep: {:.1} µs ({:.0} ns/point), best of 25",
        engine * 1e6,
        engine * 1e9 / 1000.0
    );
    println!(
        "scenario sweep (occupancy + engine), 1,000 points: {:.1} µs ({:.0} ns/point), best of 25",
        full * 1e6,
        full * 1e9 / 1000.0
    );
    report_bundle();
}

/// Sizes of dist/*.wasm and dist/*.js, raw and gzip -9.
fn report_bundle() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("dist");
    let Ok(entries) = std::fs::read_dir(&dist) else {
        println!("bundle: no dist/ (run `trunk build --release` first)");
        return;
    };
    let (mut raw_total, mut gz_total) = (0usize, 0usize);
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    for path in files {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext != "wasm" && ext != "js" {
            continue;
        }
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        let gz = std::io::Write::write_all(&mut enc, &bytes)
            .and_then(|_| enc.finish())
            .map(|v| v.len())
            .unwrap_or(0);
        raw_total += bytes.len();
        gz_total += gz;
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        println!(
            "bundle: {name}: {} KiB raw, {} KiB gzip",
            kib(bytes.len()),
            kib(gz)
        );
    }
    println!(
        "bundle: total wasm + js: {} KiB raw, {} KiB gzip",
        kib(raw_total),
        kib(gz_total)
    );
}

fn kib(bytes: usize) -> String {
    format!("{:.1}", bytes as f64 / 1024.0)
}

fn best_of(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}
