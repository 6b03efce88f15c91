//! What the PTX panel shows of a text, in one piece: the analysis worker computes it (the
//! parser and the analysis stay out of the page's bundle) and the page renders it. Native
//! tests check it against [`parse`], [`analyze`] and [`hong_kim_counts`] directly.

use std::borrow::Cow;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::parsed::MAX_LISTED_ERRORS;
use super::{
    analyze, by_space, demangle_in, hong_kim_counts, parse, readable, CostTable, ParseError,
    Parsed, Space,
};

/// A loop as the panel lists it: one source loop, however many copies of it the kernel runs
/// (a `.func`'s loop is inlined at each call), with one trip count for all of them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoopLine {
    pub label: String,
    pub header_line: usize,
    pub branch_line: usize,
    /// How many loops enclose it (its least-nested copy's).
    pub depth: usize,
    /// The function whose body holds it (empty outside any).
    pub function: String,
    /// How many copies of it the kernel runs: 1 for a loop of the kernel's own, the number of
    /// times its `.func` is inlined otherwise.
    pub calls: usize,
    /// Why it is a loop, in words.
    pub why: String,
}

/// A memory access instruction as the panel lists it (Hong & Kim: mark it uncoalesced).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemoryLine {
    /// Its index among the instructions (what `uncoalesced` lists).
    pub index: usize,
    pub line: usize,
    pub text: String,
}

/// The analysis at the given trip counts: Luo & Suda's periods and P, and Hong & Kim's
/// counts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub periods: usize,
    /// The periods in the luo-suda link form.
    pub periods_text: String,
    pub p: f64,
    pub compute_cost: f64,
    pub memory_cost: f64,
    pub comp_insts: f64,
    pub coal_mem_insts: f64,
    pub uncoal_mem_insts: f64,
    pub synch_insts: f64,
    /// Loads in flight per warp (Hong & Kim's `mlp`), rounded to hundredths.
    pub mlp: f64,
    /// The loads and stores per thread by state space, and what each model takes them as, in
    /// words ([`spaces_sentence`]).
    pub spaces: String,
    /// The loads and stores per thread by state space ([`by_space`]); for the command line
    /// (the page shows `spaces`, and the worker does not send this).
    #[serde(skip)]
    pub by_space: Vec<(Space, f64)>,
}

/// Everything the panel shows.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub instructions: usize,
    pub errors: Vec<ParseError>,
    pub loops: Vec<LoopLine>,
    pub memory: Vec<MemoryLine>,
    /// `None` when no trip counts were given (one is not valid) or there are no instructions.
    pub analysis: Option<Summary>,
    /// Compiled with `-G` (`.target …, debug`): the analysis describes the debug build.
    pub debug: bool,
    /// What the page says of debug PTX ([`DEBUG_WARNING`], HTML), empty otherwise: written
    /// here, in the worker, so the page's bundle does not carry it.
    pub warning: String,
    /// The text's kernels (`.entry`), in order, as PTX names them (mangled); empty for a
    /// snippet without one.
    pub kernels: Vec<String>,
    /// The same kernels by their C++ names (demangled; as written when not mangled).
    pub names: Vec<String>,
    /// The kernel analysed (the one asked for, or the first).
    pub kernel: String,
    /// What was inlined into it, and what could not be.
    pub notes: Vec<String>,
}

/// Parses `text` and, with `trips` (one per listed loop, [`Report::loops`], missing = 1; each
/// applies to every copy of its loop), analyses `kernel` (or the
/// first kernel; a snippet without `.entry` whole) with `costs`, the `.func` bodies it calls
/// inlined; `uncoalesced` lists the memory instructions (by index) marked uncoalesced.
pub fn report(
    text: &str,
    kernel: Option<&str>,
    costs: &CostTable,
    trips: Option<&[u64]>,
    uncoalesced: &[usize],
) -> Report {
    // Binary data pasted or loaded as text (an executable, a .cubin, a compressed file): one
    // error for the whole text, not one per line of mojibake.
    if let Some(line) = binary_line(text) {
        return Report {
            errors: vec![ParseError {
                line,
                message: "this is not PTX text: it holds binary data (control characters or bytes that are not UTF-8); paste what nvcc -ptx prints".to_string(),
            }],
            ..Report::default()
        };
    }
    let whole = parse(text);
    let kernels: Vec<String> = whole.kernels().iter().map(|k| k.to_string()).collect();
    let chosen = kernel
        .filter(|k| kernels.iter().any(|n| n == k))
        .or_else(|| kernels.first().map(String::as_str));
    Report {
        names: kernels.iter().map(|k| readable(k)).collect(),
        kernels: kernels.clone(),
        ..report_kernel(&whole, chosen, costs, trips, uncoalesced)
    }
}

/// The report on one kernel of a text already parsed (`whole`), without the list of the
/// text's kernels ([`Report::kernels`] is empty): what [`report`] does after parsing, for a
/// caller that reports on each kernel in turn (the command line) and parses once. `kernel`
/// names a function of `whole`; `None` (or a name it does not have) analyses `whole` as it is.
pub fn report_kernel(
    whole: &Parsed,
    kernel: Option<&str>,
    costs: &CostTable,
    trips: Option<&[u64]>,
    uncoalesced: &[usize],
) -> Report {
    // A text that is just the chosen kernel, with no calls, is its own stream (no copy).
    let alone = whole.functions.len() == 1
        && whole.functions[0].start == 0
        && whole.functions[0].end == whole.instructions.len()
        && !whole.instructions.iter().any(|i| i.opcode() == "call");
    let (p, notes) = match kernel.filter(|_| !alone).and_then(|k| whole.kernel(k)) {
        Some((p, notes)) => (Cow::Owned(p), notes),
        None => (Cow::Borrowed(whole), Vec::new()),
    };
    // One line per source loop (its copies share it), in the order of its first copy; each
    // copy's trip count is its line's.
    let mut lines: Vec<LoopLine> = Vec::new();
    let mut line_of: HashMap<usize, usize> = HashMap::new();
    let mut copy_line = Vec::with_capacity(p.loops.len());
    for l in &p.loops {
        let k = *line_of.entry(l.origin).or_insert_with(|| {
            lines.push(LoopLine {
                label: l.label.clone(),
                header_line: l.header_line,
                branch_line: l.branch_line,
                depth: l.depth,
                function: l.function.clone(),
                calls: 0,
                why: String::new(),
            });
            lines.len() - 1
        });
        lines[k].calls += 1;
        lines[k].depth = lines[k].depth.min(l.depth);
        copy_line.push(k);
    }
    for l in &mut lines {
        l.why = format!(
            "the branch on line {} goes back to {} (line {}), which every path to the branch passes through{}",
            l.branch_line,
            l.label,
            l.header_line,
            match l.depth {
                0 => String::new(),
                1 => "; inside one other loop".to_string(),
                d => format!("; inside {d} other loops"),
            }
        );
    }
    // `x + 0.0` turns −0 into 0: an empty analysis shows 0.
    let analysis = trips.filter(|_| !p.instructions.is_empty()).map(|t| {
        let t: Vec<u64> = copy_line
            .iter()
            .map(|&k| t.get(k).copied().unwrap_or(1))
            .collect();
        let a = analyze(&p, costs, &t);
        let c = hong_kim_counts(&p, &t, uncoalesced);
        let spaces = by_space(&p, &t);
        Summary {
            periods: a.periods.len(),
            periods_text: a.periods_text(),
            p: a.p + 0.0,
            compute_cost: a.compute_cost + 0.0,
            memory_cost: a.memory_cost + 0.0,
            comp_insts: c.comp_insts + 0.0,
            coal_mem_insts: c.coal_mem_insts + 0.0,
            uncoal_mem_insts: c.uncoal_mem_insts + 0.0,
            synch_insts: c.synch_insts + 0.0,
            mlp: (c.mlp * 100.0).round() / 100.0,
            spaces: spaces_sentence(&spaces),
            by_space: spaces,
        }
    });
    Report {
        instructions: p.instructions.len(),
        loops: lines,
        memory: p
            .instructions
            .iter()
            .enumerate()
            .filter(|(_, ins)| ins.is_memory_task())
            .map(|(index, ins)| MemoryLine {
                index,
                line: ins.line,
                text: ins.text().to_string(),
            })
            .collect(),
        errors: listed_errors(&whole.errors, whole.errors_left_out),
        analysis,
        debug: p.debug,
        warning: if p.debug {
            DEBUG_WARNING.to_string()
        } else {
            String::new()
        },
        kernels: Vec::new(),
        names: Vec::new(),
        kernel: kernel.unwrap_or_default().to_string(),
        notes: notes.iter().map(|n| demangle_in(n)).collect(),
    }
}

/// The loads and stores per thread by state space, and what the models take each as: "Loads
/// and stores per thread: 280 global, 495 local, 120 shared. …" (empty without any).
pub fn spaces_sentence(counts: &[(Space, f64)]) -> String {
    if counts.is_empty() {
        return String::new();
    }
    let list: Vec<String> = counts
        .iter()
        .map(|(space, n)| format!("{} {}", crate::format::num(*n), space.name()))
        .collect();
    let mut s = format!("Loads and stores per thread: {}.", list.join(", "));
    let has = |f: fn(Space) -> bool| counts.iter().any(|(space, _)| f(*space));
    if has(|s| s == Space::Local) {
        s += " Local ones are each thread's stack (register spills, arrays), in device memory: both models take them as memory, coalesced unless marked (a warp's accesses to one stack slot are interleaved).";
    }
    if has(|s| !s.is_device_memory()) {
        s += " Shared, param and const ones stay on chip: both models take them as computation.";
    }
    s
}

/// The page's warning on PTX compiled for debugging (HTML).
pub const DEBUG_WARNING: &str = r#"<p class="field-error" id="ptx-debug" role="alert">This PTX was compiled for debugging (<code>.target …, debug</code>, from <code>nvcc -G</code>): every value goes through the stack in local memory, so the loads, stores and periods below describe the debug build, not your kernel. Compile without <code>-G</code> (<code>-lineinfo</code> keeps line numbers).</p>"#;

/// `all` (the parse's kept errors, and `left_out` more after them), at most
/// [`MAX_LISTED_ERRORS`] of them, then one naming the next one's line and how many more there
/// are.
fn listed_errors(all: &[ParseError], left_out: usize) -> Vec<ParseError> {
    let mut errors = all[..all.len().min(MAX_LISTED_ERRORS)].to_vec();
    if all.len() > MAX_LISTED_ERRORS {
        let more = all.len() - MAX_LISTED_ERRORS + left_out;
        let line = all[MAX_LISTED_ERRORS].line;
        errors.push(ParseError {
            line,
            message: format!(
                "and {more} more errors from here on, not listed (only the first {MAX_LISTED_ERRORS} are)"
            ),
        });
    }
    errors
}

/// The first line of `text` that holds binary data, if one does: a NUL, a control character
/// other than tab, line breaks and form feed, or U+FFFD (what a browser puts in place of bytes
/// that are not UTF-8). PTX is plain ASCII text.
pub fn binary_line(text: &str) -> Option<usize> {
    let bad =
        |c: char| c == '\u{FFFD}' || (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}'));
    text.lines().position(|l| l.chars().any(bad)).map(|i| i + 1)
}
