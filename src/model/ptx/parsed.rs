//! The parsed form of PTX: each instruction with its modifiers, operands and class (what it
//! does, for the cost model), the lines that could not be read, and the loops found from
//! backward branches.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// The most instructions inlining may add to one kernel (131,072: about 6 MB as parsed).
/// Each `.func` is inlined at every call, so calls nested in calls multiply: a 3 KB text of
/// 20 calls a level, 8 levels deep, asks for 20⁸. A call whose body would pass the limit is
/// not inlined, and neither is any call after it: each counts as the call alone, and a note
/// names the call and the limit.
pub const MAX_INLINED_INSTRUCTIONS: usize = 1 << 17;

/// The most errors a report lists (1,000): past them, one more says how many were left out.
/// A text of garbage has an error a line.
pub const MAX_LISTED_ERRORS: usize = 1000;

/// The most errors a parse keeps (1,001, those on the first lines: one more than a report
/// lists, so that it can say where the rest begin); the others are counted
/// ([`Parsed::errors_left_out`]).
pub const MAX_KEPT_ERRORS: usize = MAX_LISTED_ERRORS + 1;

/// How deep calls are inlined (8): a deeper call counts as the call alone.
pub const MAX_INLINE_DEPTH: usize = 8;

/// The state space a load or store reaches, from its modifiers (`ld.global.f32` → `Global`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Space {
    /// `.global`: device memory.
    Global,
    /// `.shared` (also `.shared::cta`, `.shared::cluster`): on-chip, per block.
    Shared,
    /// `.local`: per-thread, in device memory.
    Local,
    /// `.const`: the constant bank (cached).
    Const,
    /// `.param`: kernel or function parameters.
    Param,
    /// `.tex`: the texture space.
    Tex,
    /// No space modifier: a generic address, resolved at run time.
    Generic,
}

impl Space {
    /// The space named by the first space modifier in `modifiers`; `Generic` if none is.
    pub fn from_modifiers<'a>(modifiers: impl IntoIterator<Item = &'a str>) -> Space {
        for m in modifiers {
            // `shared::cta` → `shared`, `param::entry` → `param`.
            let base = m.split("::").next().unwrap_or(m);
            let space = match base {
                "global" => Space::Global,
                "shared" => Space::Shared,
                "local" => Space::Local,
                "const" => Space::Const,
                "param" => Space::Param,
                "tex" => Space::Tex,
                _ => continue,
            };
            return space;
        }
        Space::Generic
    }

    /// The modifier as PTX spells it (`"global"`); `"generic"` for [`Space::Generic`].
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Shared => "shared",
            Space::Local => "local",
            Space::Const => "const",
            Space::Param => "param",
            Space::Tex => "tex",
            Space::Generic => "generic",
        }
    }

    /// True for the spaces whose accesses are Luo & Suda memory access tasks: global, local,
    /// texture and generic (our reading: these reach device memory; shared, param and const
    /// do not).
    pub fn is_device_memory(self) -> bool {
        matches!(
            self,
            Space::Global | Space::Local | Space::Tex | Space::Generic
        )
    }
}

/// One operand of an instruction, borrowed from its text ([`Instruction::operands`]). Vector
/// operands (`{%f1, %f2}`) are flattened: each element becomes its own operand, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Operand<'a> {
    /// A register, with its `%`: `%r1`, `%tid.x`, `%p1|%p2`; a negated predicate keeps its
    /// `!` (`!%p2`).
    Register(&'a str),
    /// A number as written: `4`, `-1`, `0f3F800000`, `0d3FF0000000000000`, `0x10`.
    Immediate(&'a str),
    /// A memory address `[base+offset]`: `base` is a register or a symbol (empty for an
    /// absolute address such as `[4096]`), `offset` is 0 when none is written.
    Address {
        /// The register or symbol inside the brackets.
        base: &'a str,
        /// The byte offset after `+` or `-`.
        offset: i64,
    },
    /// A name: a label (`$L__BB0_2`), a variable, a parameter list `(param0, param1)`, or `_`.
    Symbol(&'a str),
}

/// What an instruction does, for the cost model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Class {
    /// Arithmetic, logic, moves, conversions, comparisons: everything not listed below.
    Compute,
    /// `ld`, `ldu`, `st`, `atom`, `red`.
    Memory {
        /// From the modifiers; [`Space::Generic`] when none names a space.
        space: Space,
        /// True for `st`, `atom` and `red` (they write memory).
        store: bool,
    },
    /// `bar`, `barrier` (e.g. `bar.sync 0`).
    Sync,
    /// `bra` (the label it jumps to: [`Instruction::branch_target`]).
    Branch,
    /// `ret`, `exit`.
    Exit,
}

/// One PTX instruction: its line, its class and its text. The predicate, opcode, modifiers
/// and operands are read from the text when asked for (the parser has checked them), so an
/// instruction is 32 bytes and its text, shared by every inlined copy: a file of short
/// instructions parses to a few times its size.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    /// 1-based line number in the text given to [`parse`](super::parse).
    pub line: usize,
    /// What the instruction does, for the cost model.
    pub class: Class,
    /// The statement as written, trimmed, ending in `;` (read by the accessors in
    /// `instruction.rs`: [`Instruction::opcode`], [`Instruction::operands`], …).
    pub(super) text: Arc<str>,
}

impl Instruction {
    /// An instruction of `text` (ending in `;`), which [`parse`](super::parse) has checked.
    pub(super) fn new(line: usize, class: Class, text: Arc<str>) -> Instruction {
        Instruction { line, class, text }
    }

    /// The statement as written, trimmed, ending in `;`.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// True when the instruction is a Luo & Suda memory access task: a load/store/atomic whose
    /// space reaches device memory (see [`Space::is_device_memory`]).
    pub fn is_memory_task(&self) -> bool {
        matches!(&self.class, Class::Memory { space, .. } if space.is_device_memory())
    }

    /// True when a type modifier is a float type (f16, f16x2, bf16, bf16x2, f32, f64, …).
    pub fn is_float(&self) -> bool {
        self.modifiers().any(is_float_type)
    }

    /// True when any operand is an immediate.
    pub fn has_immediate(&self) -> bool {
        self.operands()
            .iter()
            .any(|o| matches!(o, Operand::Immediate(_)))
    }
}

/// A line [`parse`](super::parse) could not read: where, and what it expected there.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// What was expected, e.g. "expected an instruction ending in `;`, found `add.s32 %r1`".
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A natural loop: a branch back to a block that dominates it (every path from the
/// function's entry to the branch passes through that block, the header), with every block
/// that reaches the branch without passing the header (see `loops.rs`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Loop {
    /// The header's label (`$L__BB0_2`).
    pub label: String,
    /// Index (into [`Parsed::instructions`]) of the header's first instruction.
    pub start: usize,
    /// Index of the branch that closes the loop (the last, when several branch back).
    pub end: usize,
    /// Line of the label.
    pub header_line: usize,
    /// Line of the closing branch.
    pub branch_line: usize,
    /// The body: sorted, disjoint, inclusive instruction ranges (a loop's blocks need not be
    /// laid out together).
    pub body: Vec<(usize, usize)>,
    /// How many loops enclose this one (0 for an outermost loop).
    pub depth: usize,
    /// The function (`.entry` or `.func`) whose body holds it; empty outside any.
    pub function: String,
    /// The loop it is a copy of: its index in the whole text's [`Parsed::loops`]. A `.func`'s
    /// loop inlined at each of a kernel's calls makes one copy per call, all with the same
    /// origin (one source loop: one trip count).
    pub origin: usize,
}

impl Loop {
    /// True when instruction `index` lies in the loop's body.
    pub fn contains(&self, index: usize) -> bool {
        self.body.iter().any(|&(a, b)| a <= index && index <= b)
    }
}

/// Orders loops outer before inner (by where the body starts, then the larger first) and
/// sets each one's depth: how many other loops hold its header.
///
/// Natural loops with different headers are nested or disjoint (Aho, Lam, Sethi & Ullman,
/// §9.6.6), and so are the copies of a function inlined into a kernel; so the loops holding a
/// header are those enclosing it, and a loop's ranges being disjoint, each holds it in at
/// most one range. The depth is then the number of ranges (of every loop) around the header,
/// less the loop's own: with the ranges' starts and ends sorted, two binary searches.
/// O(L log L + R log R) for L loops of R ranges in all.
pub(super) fn order_loops(loops: &mut [Loop]) {
    let size = |l: &Loop| l.body.iter().map(|r| r.1 - r.0 + 1).sum::<usize>();
    loops.sort_by_cached_key(|l| {
        (
            l.body.first().map_or(l.start, |r| r.0),
            std::cmp::Reverse(size(l)),
            l.branch_line,
            l.start,
        )
    });
    let mut starts: Vec<usize> = loops
        .iter()
        .flat_map(|l| l.body.iter().map(|r| r.0))
        .collect();
    let mut ends: Vec<usize> = loops
        .iter()
        .flat_map(|l| l.body.iter().map(|r| r.1))
        .collect();
    starts.sort_unstable();
    ends.sort_unstable();
    for l in loops.iter_mut() {
        let h = l.start;
        let around = starts.partition_point(|&a| a <= h) - ends.partition_point(|&b| b < h);
        l.depth = around.saturating_sub(1);
    }
}

/// What [`parse`](super::parse) found.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Parsed {
    /// Every instruction read, in text order.
    pub instructions: Vec<Instruction>,
    /// The lines that could not be read, in line order: the first
    /// [`MAX_KEPT_ERRORS`](super::MAX_KEPT_ERRORS).
    pub errors: Vec<ParseError>,
    /// How many errors were found after those in `errors` (not kept).
    pub errors_left_out: usize,
    /// Loops, ordered by where their body starts; for loops starting at the same instruction,
    /// the longer (outer) one first. So nested loops are listed outer before inner.
    pub loops: Vec<Loop>,
    /// The text was compiled for debugging (`.target …, debug`, from `nvcc -G`): every value
    /// goes through the stack in local memory, so the analysis does not describe the
    /// optimized kernel.
    pub debug: bool,
    /// The kernels (`.entry`) and device functions (`.func`) with a body, in text order.
    pub functions: Vec<Function>,
}

/// A function with a body: a kernel (`.entry`) or a device function (`.func`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Function {
    pub name: String,
    /// True for a kernel (`.entry`).
    pub entry: bool,
    /// The line of its header.
    pub line: usize,
    /// Its instructions: `start..end` in [`Parsed::instructions`].
    pub start: usize,
    pub end: usize,
}

fn is_float_type(modifier: &str) -> bool {
    matches!(
        modifier,
        "f16" | "f16x2" | "bf16" | "bf16x2" | "f32" | "f64" | "tf32" | "f32x2"
    )
}

/// The function a `call` names, when it names one (`call.uni (retval0), vprintf, (param0);`
/// → `vprintf`); `None` for an indirect call through a register.
pub fn call_target(ins: &Instruction) -> Option<&str> {
    if ins.opcode() != "call" {
        return None;
    }
    ins.operands().into_iter().find_map(|o| match o {
        Operand::Symbol(s) if s.starts_with('(') => None,
        Operand::Symbol(s) => Some(Some(s)),
        _ => Some(None),
    })?
}

impl Parsed {
    /// The kernels' names (`.entry`), in text order.
    pub fn kernels(&self) -> Vec<&str> {
        self.functions
            .iter()
            .filter(|f| f.entry)
            .map(|f| f.name.as_str())
            .collect()
    }

    /// One kernel (or device function) on its own, as the instruction stream it runs: its
    /// instructions with each `.func` it calls inlined after the call, once per call
    /// (recursively, to [`MAX_INLINE_DEPTH`] levels; a recursive call is not inlined; at most
    /// [`MAX_INLINED_INSTRUCTIONS`] added), and the loops of each copy (each keeping its
    /// [`Loop::origin`]). The errors are the whole text's. Also says what was inlined (one
    /// note per call site, with how many times) and what could not be. `None` when no
    /// function has this name.
    ///
    /// O(F + n + I + C) for F functions in the text, the kernel's n instructions, I
    /// instructions inlined (at most the cap) and C loop copies, plus O(F) once when the
    /// kernel calls anything (the functions by name) and O(log L) per function inlined (its
    /// loops, found by binary search).
    pub fn kernel(&self, name: &str) -> Option<(Parsed, Vec<String>)> {
        let f = self.functions.iter().position(|f| f.name == name)?;
        let mut inliner = Inliner {
            whole: self,
            by_name: None,
            out: Parsed {
                debug: self.debug,
                errors: self.errors.clone(),
                errors_left_out: self.errors_left_out,
                ..Parsed::default()
            },
            notes: Vec::new(),
            noted: HashMap::new(),
            stack: vec![f],
            inlined: 0,
            capped: false,
        };
        inliner.inline(f);
        let Inliner { mut out, notes, .. } = inliner;
        order_loops(&mut out.loops);
        let notes = notes
            .into_iter()
            .map(|(n, times)| {
                if times > 1 {
                    format!("{n} ({times} times)")
                } else {
                    n
                }
            })
            .collect();
        Some((out, notes))
    }
}

/// [`Parsed::kernel`]'s state while it inlines.
struct Inliner<'a> {
    whole: &'a Parsed,
    /// Function index by name (the first of a name), made at the first call.
    by_name: Option<HashMap<&'a str, usize>>,
    out: Parsed,
    /// Each note once, with how many times it was made (a `.func` inlined into each copy of
    /// its caller makes the same note each time).
    notes: Vec<(String, usize)>,
    noted: HashMap<String, usize>,
    /// The functions being inlined, the kernel first.
    stack: Vec<usize>,
    /// Instructions added by inlining so far.
    inlined: usize,
    /// [`MAX_INLINED_INSTRUCTIONS`] was reached: no call is inlined any more.
    capped: bool,
}

impl Inliner<'_> {
    fn note(&mut self, note: String) {
        match self.noted.get(&note) {
            Some(&k) => self.notes[k].1 += 1,
            None => {
                self.noted.insert(note.clone(), self.notes.len());
                self.notes.push((note, 1));
            }
        }
    }

    /// Appends function `f`'s instructions (and what its calls inline) and its loops' copies.
    fn inline(&mut self, f: usize) {
        let whole = self.whole;
        let func = &whole.functions[f];
        let end = func.end.min(whole.instructions.len());
        let n = end.saturating_sub(func.start);
        // Where each of f's instructions goes, and the last index it (with what it inlines)
        // takes.
        let mut first = vec![0usize; n];
        let mut last = vec![0usize; n];
        for i in func.start..end {
            let ins = &whole.instructions[i];
            first[i - func.start] = self.out.instructions.len();
            self.out.instructions.push(ins.clone());
            if ins.opcode() == "call" {
                self.call(ins);
            }
            last[i - func.start] = self.out.instructions.len() - 1;
        }
        let map = |i: usize, to: &[usize]| to.get(i.wrapping_sub(func.start)).copied();
        // f's loops: the whole text's loops are ordered by where their bodies start, and a
        // body lies in its function.
        let body_start = |l: &Loop| l.body.first().map_or(l.start, |r| r.0);
        let from = whole.loops.partition_point(|l| body_start(l) < func.start);
        let to = whole.loops.partition_point(|l| body_start(l) < end);
        for l in whole.loops.get(from..to).unwrap_or(&[]) {
            let body: Option<Vec<(usize, usize)>> = l
                .body
                .iter()
                .map(|&(a, b)| Some((map(a, &first)?, map(b, &last)?)))
                .collect();
            if let (Some(body), Some(start), Some(end)) =
                (body, map(l.start, &first), map(l.end, &first))
            {
                self.out.loops.push(Loop {
                    body,
                    start,
                    end,
                    ..l.clone()
                });
            }
        }
    }

    /// Inlines the function `ins` calls, or notes why not.
    fn call(&mut self, ins: &Instruction) {
        let whole = self.whole;
        let Some(callee) = call_target(ins) else {
            self.note(format!(
                "line {}: an indirect call (through a register) cannot be followed: only the call is counted",
                ins.line
            ));
            return;
        };
        let by_name = self.by_name.get_or_insert_with(|| {
            let mut by_name = HashMap::new();
            for (k, g) in whole.functions.iter().enumerate() {
                by_name.entry(g.name.as_str()).or_insert(k);
            }
            by_name
        });
        let Some(&g) = by_name.get(callee) else {
            self.note(format!(
                "line {}: {callee} has no body in this text (a library function such as vprintf): only the call is counted",
                ins.line
            ));
            return;
        };
        let func = &whole.functions[g];
        if self.stack.contains(&g) || self.stack.len() >= MAX_INLINE_DEPTH {
            self.note(format!(
                "line {}: {callee} calls itself (or nests too deep); its body is counted once more, not again",
                ins.line
            ));
            return;
        }
        if self.capped {
            return;
        }
        let size = func.end.saturating_sub(func.start);
        if self.inlined.saturating_add(size) > MAX_INLINED_INSTRUCTIONS {
            self.capped = true;
            self.note(format!(
                "line {}: inlining {callee} (line {}) here would pass {} inlined instructions, the most the analysis inlines: this call and every call after it count as the call alone",
                ins.line,
                func.line,
                crate::format::grouped(MAX_INLINED_INSTRUCTIONS as f64, 0)
            ));
            return;
        }
        self.inlined += size;
        self.note(format!(
            "line {}: {callee} (line {}) inlined here",
            ins.line, func.line
        ));
        self.stack.push(g);
        self.inline(g);
        self.stack.pop();
    }
}
