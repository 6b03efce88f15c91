//! The fuzz command: the readers' targets (fuzz/readers.rs: Matrix Market plain, gzip and tar,
//! Lackey and operation traces, PTX, profiler CSVs) and the share-link fuzzer (fuzz/links.rs).
//! The tests run every target briefly (tests/fuzz.rs); this runs them as long as asked.
//!
//! Run: `cargo run --profile fuzz --example fuzz -- TARGET|all [--seconds S] [--runs N]
//! [--seed S] [--only K]` (default 60 s per target; `--only` replays one input), or
//! `cargo run --profile fuzz --example fuzz -- links [LINKS_PER_MODEL [SEED]]` (default
//! 1,000,000 links per model). Findings go to target/fuzz-findings/. Exits 1 if anything was
//! found.

use std::time::{Duration, Instant};

#[path = "../fuzz/links.rs"]
mod links_fuzz;
#[path = "../fuzz/readers.rs"]
mod readers;

#[global_allocator]
static ALLOC: readers::Capped = readers::Capped;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("links") => links(&args[1..]),
        Some(name) if name == "all" || readers::TARGETS.iter().any(|t| t.name == name) => {
            fuzz_readers(name, &args[1..])
        }
        Some(other) if other.parse::<u64>().is_err() => {
            eprintln!(
                "fuzz: “{other}” is not a target: links, all, {}",
                readers::TARGETS
                    .iter()
                    .map(|t| t.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            std::process::exit(2);
        }
        _ => links(&args),
    }
}

/// The readers' targets: each for `--seconds` (default 60) or `--runs` inputs.
fn fuzz_readers(name: &str, options: &[String]) {
    let flag = |f: &str| {
        options
            .iter()
            .position(|o| o == f)
            .and_then(|i| options.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let seed = flag("--seed").unwrap_or(0x5EED);
    let runs = flag("--runs");
    let seconds = flag("--seconds").unwrap_or(60);
    let only = flag("--only");
    readers::watchdog(Duration::from_secs(10));
    // Panics are counted, not printed, unless one input is replayed.
    if only.is_none() {
        std::panic::set_hook(Box::new(|_| {}));
    }
    let save = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-findings");
    let mut failed = false;
    for t in readers::TARGETS
        .iter()
        .filter(|t| name == "all" || t.name == name)
    {
        let until = runs
            .is_none()
            .then(|| Instant::now() + Duration::from_secs(seconds));
        let f = readers::run(t, seed, runs.unwrap_or(u64::MAX), until, only, Some(&save));
        println!(
            "{:10} {:>9} inputs  {:>8.0}/s  peak {:>6.1} MiB  {} panics  {} over memory ({} MiB, or 12 × the input + 16 MiB){}",
            t.name,
            f.inputs,
            f.per_second(),
            f.peak as f64 / (1 << 20) as f64,
            f.panics,
            f.over_memory,
            readers::MEMORY_LIMIT >> 20,
            f.first.as_ref().map_or(String::new(), |(what, k)| format!(
                "  first: {what} (input {k}, saved in {})",
                save.display()
            ))
        );
        failed |= !f.clean();
    }
    if failed {
        std::process::exit(1);
    }
}

/// The share-link fuzzer.
/// The share-link fuzzer: `links [LINKS_PER_MODEL [SEED]]`.
fn links(args: &[String]) {
    let per_model: u64 = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0x5EED);
    std::panic::set_hook(Box::new(|_| {})); // counted, not printed
    if !links_fuzz::run(per_model, seed, true) {
        std::process::exit(1);
    }
}
