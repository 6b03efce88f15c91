//! Each reader's fuzz target, briefly (the fuzz command runs them longer: README, "Fuzzing"):
//! the seeds in fuzz/corpus/ and 1,500 mutations of them each, a fixed seed, under the
//! harness's memory limits (256 MiB per input, and 12 times the input plus 16 MiB: issue 36's
//! bound) and a 20 s per-input watchdog (a hang detector: inputs are at most 64 KiB); then
//! 3,000 hostile share links per model. Among the mutations, a line repeated up to 2,000
//! times with each copy numbered: a profile's distinct kernels, a PTX text's instructions.
//! Fails on any panic, input over a memory limit, or link finding.

#[path = "../fuzz/links.rs"]
mod links;
#[path = "../fuzz/readers.rs"]
mod readers;

#[global_allocator]
static ALLOC: readers::Capped = readers::Capped;

#[test]
fn every_reader_survives_its_mutated_seeds() {
    readers::watchdog(std::time::Duration::from_secs(20));
    std::panic::set_hook(Box::new(|_| {})); // counted, not printed
    let mut report = Vec::new();
    for target in readers::TARGETS {
        let f = readers::run(target, 0x5EED, 1_500, None, None, None);
        report.push(format!(
            "{}: {} inputs, {:.0}/s, peak {:.1} MiB, {} panics, {} over memory{}",
            target.name,
            f.inputs,
            f.per_second(),
            f.peak as f64 / (1 << 20) as f64,
            f.panics,
            f.over_memory,
            f.first.as_ref().map_or(String::new(), |(what, k)| format!(
                " (first: {what} at input {k}; cargo run --profile fuzz --example fuzz -- {} --seed {} --only {k})",
                target.name, 0x5EED
            ))
        ));
        assert!(f.inputs > 1_500, "{}", report.join("\n"));
        if !f.clean() {
            let _ = std::panic::take_hook();
            panic!("{}", report.join("\n"));
        }
    }
    println!("{}", report.join("\n"));
    // The share-link fuzzer: 3,000 hostile links per model (its speed is the command's check).
    let clean = links::run(3_000, 0x5EED, false);
    let _ = std::panic::take_hook();
    assert!(clean, "the link fuzzer found something (its lines above)");
}
