//! PTX analysis for Luo & Suda's model (seed 000, §3.1–3.2): read the PTX that `nvcc -ptx`
//! prints, price each instruction with the paper's Table 1 (GTX 260), split the instruction
//! queue into computation and memory access tasks, and group them into calculate periods
//! `(c_i, m_i)` and the computation instruction proportion `P`.
//!
//! The pieces, in the order a page uses them:
//! - [`parse`]: text → [`Parsed`] (instructions, errors as data, loops found from backward
//!   branches). Never panics; a line it cannot read becomes a [`ParseError`] and parsing goes on.
//! - [`CostTable`]: Table 1 as data, and [`CostTable::cost`] for one instruction.
//! - [`analyze`]: the periods, `P` and each instruction's weight (loop trip counts).
//! - [`hong_kim_counts`]: the same instructions counted the way Hong & Kim's model takes them.
//! - [`EXAMPLES`]: three small kernels to start from.
//! - [`report`]: all of it for one text, as the page shows it (computed in the analysis
//!   worker, so the parser stays out of the page's bundle).
//!
//! Readings (the paper is silent on these; each is repeated where it applies):
//! - Memory access tasks are loads and stores that reach device memory: `ld`/`ldu`/`st`/`atom`/
//!   `red` in the global, local or texture space, and generic ones (no space modifier: nvcc
//!   emits those for pointers it cannot place, which are nearly always global). Each costs
//!   Table 1's `ld/st` (200). Shared, param and const loads/stores and barriers are computation,
//!   priced [`CostTable::other`].
//! - A Table 1 op takes the float columns when a type modifier is a float type
//!   (f16/f32/f64 and their x2/bf16 forms), otherwise the int columns; the const column when any
//!   operand is an immediate, otherwise reg. `mad`/`fma` are priced as `mul`, except
//!   `mad.wide` (priced `other`). Every other computation costs `other` (22 on GTX 260, the
//!   cheapest Table 1 cell — an assumption).
//! - `bra`, `ret` and `exit` cost 0 and belong to no task: they do not split tasks.
//! - Loops are priced, not unrolled: an instruction's weight is the product of the trip counts
//!   of the loops it lies in, and a task's cost is Σ cost × weight over its instructions.
//! - Predicated instructions count as if they always run (static analysis).
//!
//! The module by idea: `parsed` (the parsed form), `parse` (the parser: lines, statements,
//! directives, labels and the loops found), `instruction` (one statement → an instruction),
//! `lex` (comments, quotes, brackets: text helpers for the parser), `costs` (Table 1),
//! `analysis` (tasks, periods, `P`, the Hong & Kim counts and the loads and stores by space),
//! `loops` (natural loops: dominators and back edges), `demangle` (C++ names for mangled ones),
//! `report` (what the panel shows, computed in the worker) and `examples` (the kernels, kept
//! as `.ptx` files under `examples/`). Everything is re-exported here.

mod analysis;
mod costs;
mod demangle;
mod examples;
mod instruction;
mod lex;
mod loops;
mod parse;
mod parsed;
mod report;

pub use analysis::{
    analyze, by_space, hong_kim_counts, mlp, task_kind, weights, Analysis, HongKimCounts, TaskKind,
};
pub use costs::{table_1_cell, Column, CostTable, OpCost, TABLE_1_OPS};
pub use demangle::{demangle_in, demangled, readable, MAX_DEMANGLED};
pub use examples::{Example, EXAMPLES, EXAMPLE_NAMES};
pub use parse::{parse, MAX_BLOCK_DEPTH, MAX_LINE_BYTES, MAX_STATEMENT_BYTES};
pub use parsed::{
    call_target, Class, Function, Instruction, Loop, Operand, ParseError, Parsed, Space,
    MAX_INLINED_INSTRUCTIONS, MAX_INLINE_DEPTH, MAX_KEPT_ERRORS, MAX_LISTED_ERRORS,
};
pub use report::{
    report, report_kernel, spaces_sentence, LoopLine, MemoryLine, Report, Summary, DEBUG_WARNING,
};
