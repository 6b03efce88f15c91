//! Time and peak memory of the PTX analyzer on hostile texts (issue 25): the report the page
//! asks the worker for, on each case of `tests/hostile_ptx_cases`. Not a test (timings vary);
//! the bounds are asserted in `tests/hostile_ptx.rs`.
//!
//! Run: `cargo run --offline --release --example ptx_hostile [-- CASE]`.

use std::time::Instant;

use warpsight::model::ptx::{report, CostTable};

#[path = "../tests/hostile_ptx_cases/mod.rs"]
mod cases;

#[global_allocator]
static A: cases::Counting = cases::Counting;

fn main() {
    let only = std::env::args().nth(1);
    let all: Vec<(&str, String)> = vec![
        (
            "nested calls (20 per level, 8 levels)",
            cases::nested_calls(8, 20),
        ),
        ("40,000 loops", cases::many_loops(40_000)),
        ("2,000 nested loops", cases::nested_loops(2_000)),
        ("20,000 nested loops", cases::nested_loops(20_000)),
        ("500,000 bad lines", cases::bad_lines(500_000)),
        ("5,000 kernels", cases::many_kernels(5_000)),
        (
            "1 MB of ret; on one line",
            cases::statements_on_one_line(1 << 20),
        ),
        (
            "262,144 short instructions, one a line",
            cases::short_instructions(1 << 18),
        ),
        (
            "100,000 labels on one line",
            cases::labels_on_one_line(100_000),
        ),
        (
            "a missing ; then 80,000 .b8 lines",
            cases::unterminated_statement(80_000),
        ),
    ];
    for (name, text) in all {
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let t = Instant::now();
        let (r, peak) = cases::peak(|| report(&text, None, &CostTable::GTX260, Some(&[]), &[]));
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{name}: {} KB text, {:.2} s, peak {:.1} MB; {} instructions, {} loops, {} errors, {} notes",
            text.len() / 1000,
            secs,
            peak as f64 / 1e6,
            r.instructions,
            r.loops.len(),
            r.errors.len(),
            r.notes.len()
        );
    }
}
