//! Issue 25: hostile PTX never takes the page down. Each case is generated here (no big files
//! committed) and its bound asserted: the error or note it gives, what it produces, and its
//! peak memory, counted by this binary's allocator. No timings (see
//! `examples/ptx_hostile.rs` for them).

use std::sync::Mutex;

use warpsight::model::ptx::{
    parse, report, CostTable, Report, MAX_BLOCK_DEPTH, MAX_INLINED_INSTRUCTIONS, MAX_KEPT_ERRORS,
    MAX_LISTED_ERRORS,
};

#[path = "hostile_ptx_cases/mod.rs"]
mod cases;

#[global_allocator]
static A: cases::Counting = cases::Counting;

/// One measurement at a time (the tests run on several threads).
static MEASURING: Mutex<()> = Mutex::new(());

const MB: usize = 1_000_000;

/// Issue 36's bound on a file's memory: 12 times its size, plus 16 MB.
fn budget(text: &str) -> usize {
    12 * text.len() + 16 * MB
}

/// The report on `text` (first kernel, no trip counts typed) and the peak bytes it took
/// beyond what was allocated before.
fn measured(text: &str) -> (Report, usize) {
    let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    cases::peak(|| report(text, None, &CostTable::GTX260, Some(&[]), &[]))
}

#[test]
fn nested_calls_stop_at_the_inlining_limit() {
    // f1 calls f2 20 times, … 8 levels: 20⁸ copies if every call were inlined.
    let text = cases::nested_calls(8, 20);
    let (r, peak) = measured(&text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    // The kernel's own 2 instructions, and at most the limit inlined.
    assert!(
        r.instructions <= 2 + MAX_INLINED_INSTRUCTIONS,
        "{}",
        r.instructions
    );
    let capped: Vec<&String> = r
        .notes
        .iter()
        .filter(|n| {
            n.contains("would pass 131,072 inlined instructions, the most the analysis inlines")
        })
        .collect();
    assert_eq!(capped.len(), 1, "{:?}", r.notes);
    assert!(
        capped[0].starts_with("line ")
            && capped[0].contains(": inlining f")
            && capped[0].contains("would pass 131,072 inlined instructions"),
        "{}",
        capped[0]
    );
    // One note per call site, not per copy.
    assert!(r.notes.len() <= 8 * 20 + 1, "{}", r.notes.len());
    assert!(peak < 64 * MB, "peak {peak} bytes");
}

#[test]
fn forty_thousand_loops_are_each_found_once() {
    let text = cases::many_loops(40_000);
    let (r, peak) = measured(&text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.loops.len(), 40_000);
    assert!(r.loops.iter().all(|l| l.depth == 0 && l.calls == 1));
    assert_eq!(r.instructions, 80_001);
    // About 300 bytes per parsed instruction, and the loops' lines: well under 128 MB
    // (the dense bodies took 1.6 GB).
    assert!(peak < 128 * MB, "peak {peak} bytes");
}

#[test]
fn nested_loops_get_their_depths() {
    let text = cases::nested_loops(2_000);
    let (r, peak) = measured(&text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.loops.len(), 2_000);
    // Outer before inner, each one deeper.
    assert!(r.loops.iter().enumerate().all(|(k, l)| l.depth == k));
    assert!(peak < 64 * MB, "peak {peak} bytes");
}

#[test]
fn a_megabyte_of_statements_on_one_line() {
    let text = cases::statements_on_one_line(1 << 20);
    let (r, peak) = measured(&text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.instructions, 1 << 18);
    // 262,144 instructions of 32 bytes and their text (a `ret;` each: 20 bytes), and no
    // blocks for the loops (there is no backward branch): 18.9 MB.
    assert!(peak < budget(&text), "peak {peak} bytes");
    assert!(peak < 24 * MB, "peak {peak} bytes");
}

#[test]
fn short_instructions_take_tens_of_bytes_each() {
    // 262,144 lines of `add.s32 %r1, 1;` (4.2 MB): 23.1 MB at the peak, the copy of the
    // text without comments and the instructions (32 bytes, 16 more for their shared text's
    // counts, and the text) as their vector grows.
    let text = cases::short_instructions(1 << 18);
    let (r, peak) = measured(&text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.instructions, 1 << 18);
    assert!(peak < budget(&text), "peak {peak} bytes");
    assert!(peak < 32 * MB, "peak {peak} bytes");
}

#[test]
fn a_hundred_thousand_labels_on_one_line() {
    let text = cases::labels_on_one_line(100_000);
    let (r, peak) = measured(&text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.instructions, 1);
    assert!(peak < 64 * MB, "peak {peak} bytes");
}

#[test]
fn a_statement_without_its_semicolon_stops_at_a_mebibyte() {
    // `mov.u32 %r1, 0` without its `;` on line 3, then 80,000 lines without one.
    let text = cases::unterminated_statement(80_000);
    let (r, peak) = measured(&text);
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    assert_eq!(r.errors[0].line, 3);
    assert!(
        r.errors[0]
            .message
            .starts_with("this statement runs past 1 MiB without its `;` (`mov.u32 %r1, 0 .b8"),
        "{}",
        r.errors[0].message
    );
    // The lines after the cut are read again: the `ret;` at the end is kept.
    assert_eq!(r.instructions, 1);
    assert!(peak < 64 * MB, "peak {peak} bytes");
    // Shorter, the statement ends at the `;` of `ret;` and is one error at its first line.
    let p = parse(&cases::unterminated_statement(1_000));
    assert_eq!(p.errors.len(), 1, "{:?}", p.errors);
    assert_eq!(p.errors[0].line, 3);
}

#[test]
fn a_line_past_a_mebibyte_is_not_text() {
    let long = "ret;".repeat((1 << 18) + 1);
    let p = parse(&format!(".visible .entry k()\n{{\n{long}\nret;\n}}\n"));
    assert_eq!(p.errors.len(), 1, "{:?}", p.errors);
    assert_eq!(
        p.errors[0].to_string(),
        "line 3: the line is longer than 1 MiB: is this a text file?"
    );
    assert_eq!(p.instructions.len(), 1);
}

#[test]
fn blocks_nest_at_most_64_deep() {
    let open = "{\n".repeat(1_000);
    let close = "}\n".repeat(1_000);
    let p = parse(&format!(
        ".visible .entry k()\n{open}L1:\nadd.s32 %r1, %r1, 1;\n@%p1 bra L1;\n{close}"
    ));
    assert_eq!(p.errors.len(), 1, "{:?}", p.errors);
    assert_eq!(p.errors[0].line, 2 + MAX_BLOCK_DEPTH);
    assert_eq!(
        p.errors[0].message,
        "expected `{ }` blocks nested at most 64 deep"
    );
    // The branch still finds its label.
    assert_eq!(p.loops.len(), 1);
}

#[test]
fn a_func_loop_called_30_times_is_listed_once() {
    // f2 (line 3): mov; $L__f2_1: ld.global, add, setp, @%p1 bra; ret. The kernel calls it
    // 30 times, then returns.
    let text = cases::func_loop_called(30);
    let costs = CostTable::GTX260;
    let r = report(&text, None, &costs, Some(&[8]), &[]);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.instructions, 31 + 30 * 6);
    assert_eq!(r.loops.len(), 1, "{:?}", r.loops);
    let l = &r.loops[0];
    assert_eq!((l.function.as_str(), l.calls), ("f2", 30));
    assert_eq!((l.header_line, l.branch_line, l.depth), (6, 10, 0));
    // Each copy: the call and mov (2) and add, setp 8 times (16) computation, ld.global 8
    // times; the bra, ret and the kernel's ret count nothing.
    let a = r.analysis.unwrap();
    assert_eq!((a.comp_insts, a.coal_mem_insts), (30.0 * 18.0, 30.0 * 8.0));
    // Trip count 1: 4 computation and 1 load a copy.
    let one = report(&text, None, &costs, Some(&[1]), &[])
        .analysis
        .unwrap();
    assert_eq!((one.comp_insts, one.coal_mem_insts), (120.0, 30.0));
    // The kernel's stream holds the 30 copies, all of one origin.
    let (k, notes) = parse(&text).kernel("k").unwrap();
    assert_eq!(k.loops.len(), 30);
    assert!(k.loops.iter().all(|c| c.origin == k.loops[0].origin));
    assert_eq!(notes.len(), 30, "one note per call line");
}

#[test]
fn a_flood_of_errors_is_listed_to_a_thousand() {
    let text = cases::bad_lines(500_000);
    let (r, peak) = measured(&text);
    assert_eq!(r.errors.len(), MAX_LISTED_ERRORS + 1);
    let last = r.errors.last().unwrap();
    assert_eq!(last.line, 1001);
    assert_eq!(
        last.message,
        "and 499000 more errors from here on, not listed (only the first 1000 are)"
    );
    // The parse keeps the first 1,001 errors and counts the rest: the peak is the text's
    // copy without comments (3 MB), not 500,000 errors (75 MB before).
    assert!(peak < budget(&text), "peak {peak} bytes");
    assert!(peak < 8 * MB, "peak {peak} bytes");
}

#[test]
fn the_errors_kept_are_the_first_lines_even_one_found_last() {
    // A `bra` to a label defined nowhere (line 4, reported when the parse ends), then 3,000
    // lines that cannot be read (lines 5 to 3,004).
    let mut text = String::from(".visible .entry k()\n{\nmov.u32 %r1, 0;\nbra NOWHERE;\n");
    text += &"@@@ x\n".repeat(3000);
    text += "ret;\n}\n";
    let p = parse(&text);
    assert_eq!(p.errors.len(), MAX_KEPT_ERRORS);
    assert_eq!(p.errors_left_out, 3001 - MAX_KEPT_ERRORS);
    assert_eq!(p.errors[0].line, 4);
    assert!(
        p.errors[0].message.contains("`NOWHERE`"),
        "{:?}",
        p.errors[0]
    );
    let lines: Vec<usize> = p.errors[1..].iter().map(|e| e.line).collect();
    assert_eq!(lines, (5..5 + 1000).collect::<Vec<_>>());
    // The report lists 1,000 and says how many follow, from which line.
    let r = report(&text, None, &CostTable::GTX260, Some(&[]), &[]);
    assert_eq!(r.errors.len(), MAX_LISTED_ERRORS + 1);
    let last = &r.errors[MAX_LISTED_ERRORS];
    assert_eq!(last.line, 1004);
    assert_eq!(
        last.message,
        "and 2001 more errors from here on, not listed (only the first 1000 are)"
    );
}

#[test]
fn each_kernel_from_one_parse_is_its_report() {
    // The command line reports on every kernel from one parse (a parse per kernel made 5,000
    // kernels quadratic).
    use warpsight::model::ptx::report_kernel;
    let text = cases::many_kernels(2_000);
    let whole = parse(&text);
    let costs = CostTable::GTX260;
    for k in ["k0", "k1", "k1999"] {
        let one = report_kernel(&whole, Some(k), &costs, Some(&[5]), &[]);
        let full = report(&text, Some(k), &costs, Some(&[5]), &[]);
        assert_eq!(full.kernels.len(), 2_000);
        assert_eq!(
            one,
            Report {
                kernels: Vec::new(),
                names: Vec::new(),
                ..full
            }
        );
        assert_eq!((one.instructions, one.loops.len()), (3, 1));
        assert_eq!(one.analysis.unwrap().comp_insts, 5.0);
    }
}
