//! Benchmark (not a test): prints how fast the engines run on the paths the page uses, and
//! the release bundle's size. Run: `trunk build --release && cargo bench --bench sweep`.
//!
//! - Hong & Kim on the sweep chart's path (occupancy + engine per point), and the engine alone.
//! - APSP's runtime chart: n = 2…10,000, all four mappings.
//! - Every registered model's generic evaluate (link → params → outputs) at its defaults.
//! - The bundle: wasm + js in `dist/`, raw and gzipped.

use std::hint::black_box;
use std::time::Instant;

use warpsight::devices;
use warpsight::link::ShareState;
use warpsight::model::{apsp, hong_kim, Params, Sweep};
use warpsight::registry::MODELS;

fn main() {
    // Hong & Kim: 1,000 points of comp_insts, as the chart computes them.
    let setup = default_setup();
    let spec = Sweep {
        points: 1000,
        ..Sweep::new("comp_insts", 1.0, 10_000.0)
    };
    let xs = hong_kim::sweep_xs(&spec, 32.0);
    assert_eq!(xs.len(), 1000, "sweep should have 1,000 points");
    let inputs: Vec<_> = xs
        .iter()
        .map(|&x| {
            let mut i = hong_kim::Inputs::TABLE_2;
            i.comp_insts = x;
            i
        })
        .collect();
    let engine = best_of(50, || {
        for i in &inputs {
            let _ = black_box(hong_kim::evaluate(black_box(i)));
        }
    });
    let chart = best_of(50, || {
        black_box(hong_kim::sweep(black_box(&setup), &spec));
    });
    println!(
        "hong-kim engine alone, 1,000 points: {:.1} µs ({:.0} ns/point), best of 50",
        engine * 1e6,
        engine * 1e9 / 1000.0
    );
    println!(
        "hong-kim chart path (occupancy + engine), 1,000 points: {:.1} µs ({:.0} ns/point), best of 50",
        chart * 1e6,
        chart * 1e9 / 1000.0
    );

    // APSP: n = 2…10,000 × 4 mappings, on the C2075 with 8×8 and 32×32 blocks, and on the
    // H100 (132 SMs) with 8×8 blocks.
    for (device, block) in [("c2075", "8"), ("c2075", "32"), ("h100", "8")] {
        let d = devices::find(device).expect("preset");
        let model = warpsight::registry::find("apsp").expect("apsp");
        let mut p = Params::defaults(model, d);
        p.set(
            "block_size",
            model
                .field("block_size")
                .expect("field")
                .parse(block)
                .expect("valid"),
        );
        let (inp, _) = apsp::inputs(&p, d).expect("valid");
        let t = best_of(10, || {
            black_box(apsp::sweep_n(black_box(&inp), 2, 10_000, 10_000));
        });
        println!(
            "apsp sweep n = 2…10,000 × 4 mappings ({device}, {block}×{block}): {:.2} ms ({:.0} ns per n), best of 10",
            t * 1e3,
            t * 1e9 / 9_999.0
        );
    }

    for m in MODELS {
        let s = ShareState::new(m);
        let t = best_of(200, || {
            black_box((m.evaluate)(black_box(&s.params), s.device).ok());
        });
        println!(
            "{} generic evaluate at its defaults: {:.1} µs, best of 200",
            m.id,
            t * 1e6
        );
    }
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

/// The default setup: the paper's Table 2 on the paper's example machine, as the page opens.
fn default_setup() -> hong_kim::Setup {
    let d = warpsight::devices::find(hong_kim::MODEL.default_device).expect("the default device");
    hong_kim::Setup::from_params(&warpsight::model::Params::defaults(&hong_kim::MODEL, d), d)
        .expect("the defaults are valid")
}
