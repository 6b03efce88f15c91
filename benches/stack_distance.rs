//! Benchmark (not a test): exact LRU stack distances per second, natively, on 50 M references:
//! a 2-D 5-point stencil sweeping a 1,024 × 1,024 grid of doubles (64 B lines) ten times, a
//! random stream over 1 M lines, and Lackey text through the reader.
//! The generators (schedule included) come first; `-- --generators` stops after them.
//! Run: `cargo bench --bench stack_distance`.

use std::time::Instant;

use warpsight::analysis::generators::Workload;
use warpsight::analysis::{LackeyReader, StackDistance};

fn run(name: &str, refs: &[u64]) {
    let start = Instant::now();
    let mut sd = StackDistance::new();
    for &l in refs {
        sd.access(l);
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "{name}: {} M references, {} distinct lines, {} distances: {:.3} s = {:.1} M references/s",
        refs.len() / 1_000_000,
        sd.lines(),
        sd.histogram().len(),
        s,
        refs.len() as f64 / s / 1e6
    );
}

fn main() {
    // `--lackey`: only the Lackey text's figure (the last line).
    let lackey_only = std::env::args().any(|a| a == "--lackey");
    // The generators, schedule included, at the two line sizes the page asks for by default.
    for w in if lackey_only {
        vec![]
    } else {
        vec![
            Workload::Heat2d { n: 512, steps: 20 },
            Workload::Heat2d { n: 1024, steps: 10 },
            Workload::Matmul { n: 256 },
            Workload::Spmv {
                rows: 1_000_000,
                per_row: 16,
                seed: 1,
            },
        ]
    } {
        let start = Instant::now();
        let g = w.generate(&[64, 128]);
        let s = start.elapsed().as_secs_f64();
        let refs = g.memory[0].1.references() as f64;
        println!(
            "{} (schedule and stack distances at 64 and 128 B): {:.1} M references in {s:.2} s = {:.1} M references/s",
            w.describe(),
            refs / 1e6,
            refs / s / 1e6
        );
    }
    if std::env::args().any(|a| a == "--generators") {
        return;
    }

    // Stencil: out[i][j] = in[i±1][j] + in[i][j±1] + in[i][j]; 8-byte doubles, 64 B lines.
    let n = 1024u64;
    let line = |a: u64, i: u64, j: u64| (a * n * n + i * n + j) * 8 / 64;
    let mut refs = Vec::with_capacity(50_000_000);
    'outer: for _ in 0..10 {
        for i in 1..n - 1 {
            for j in 1..n - 1 {
                for (di, dj) in [(0, 0), (0, 1), (2, 1), (1, 0), (1, 2)] {
                    refs.push(line(0, i + di - 1, j + dj - 1));
                }
                refs.push(line(1, i, j));
                if refs.len() >= 50_000_000 {
                    break 'outer;
                }
            }
        }
    }
    if !lackey_only {
        run("stencil", &refs);
    }

    let mut x = 0x2545_f491_4f6c_dd1du64;
    let random: Vec<u64> = (0..if lackey_only { 0 } else { 50_000_000 })
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % 1_000_000
        })
        .collect();
    if !lackey_only {
        run("random over 1 M lines", &random);
    }

    // Lackey text: the stencil's first 20 M references as loads.
    let mut text = String::with_capacity(20_000_000 * 16);
    for l in &refs[..20_000_000] {
        text.push_str(&format!(" L {:x},8\n", l * 64));
    }
    let start = Instant::now();
    let mut r = LackeyReader::new(&[64]);
    for chunk in text.as_bytes().chunks(1 << 20) {
        r.feed(chunk).expect("valid");
    }
    let r = r.finish().expect("valid");
    let s = start.elapsed().as_secs_f64();
    println!(
        "lackey text ({} MB, {} M references, one line size): {:.3} s = {:.1} M references/s, {:.0} MB/s",
        text.len() / 1_000_000,
        r.at(64).unwrap().references() / 1_000_000,
        s,
        20.0 / s,
        text.len() as f64 / 1e6 / s
    );
}
