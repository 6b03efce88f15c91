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

use std::collections::HashMap;
use std::fmt;

// ---------------------------------------------------------------------------------------------
// Parsed form
// ---------------------------------------------------------------------------------------------

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
    pub fn from_modifiers(modifiers: &[String]) -> Space {
        for m in modifiers {
            // `shared::cta` → `shared`, `param::entry` → `param`.
            let base = m.split("::").next().unwrap_or(m.as_str());
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

/// One operand of an instruction. Vector operands (`{%f1, %f2}`) are flattened: each element
/// becomes its own operand, in order.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Operand {
    /// A register, with its `%`: `%r1`, `%tid.x`, `%p1|%p2`; a negated predicate keeps its
    /// `!` (`!%p2`).
    Register(String),
    /// A number as written: `4`, `-1`, `0f3F800000`, `0d3FF0000000000000`, `0x10`.
    Immediate(String),
    /// A memory address `[base+offset]`: `base` is a register or a symbol (empty for an
    /// absolute address such as `[4096]`), `offset` is 0 when none is written.
    Address {
        /// The register or symbol inside the brackets.
        base: String,
        /// The byte offset after `+` or `-`.
        offset: i64,
    },
    /// A name: a label (`$L__BB0_2`), a variable, a parameter list `(param0, param1)`, or `_`.
    Symbol(String),
}

/// What an instruction does, for the cost model.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
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
    /// `bra`, with the label it jumps to.
    Branch {
        /// The label, as written (`$L__BB0_2`).
        target: String,
    },
    /// `ret`, `exit`.
    Exit,
}

/// One PTX instruction.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Instruction {
    /// 1-based line number in the text given to [`parse`].
    pub line: usize,
    /// The guard predicate without its `@`: `"%p1"`, or `"!%p2"` when negated.
    pub predicate: Option<String>,
    /// The operation, without modifiers: `"add"`, `"ld"`, `"bra"`.
    pub opcode: String,
    /// The dot-separated modifiers in order: `["lo", "s32"]`, `["global", "nc", "f32"]`.
    pub modifiers: Vec<String>,
    /// The operands in order (destination first, as PTX writes them).
    pub operands: Vec<Operand>,
    /// What the instruction does, for the cost model.
    pub class: Class,
    /// The statement as written, trimmed, ending in `;`.
    pub text: String,
}

impl Instruction {
    /// True when the instruction is a Luo & Suda memory access task: a load/store/atomic whose
    /// space reaches device memory (see [`Space::is_device_memory`]).
    pub fn is_memory_task(&self) -> bool {
        matches!(&self.class, Class::Memory { space, .. } if space.is_device_memory())
    }

    /// True when a type modifier is a float type (f16, f16x2, bf16, bf16x2, f32, f64, …).
    pub fn is_float(&self) -> bool {
        self.modifiers.iter().any(|m| is_float_type(m))
    }

    /// True when any operand is an immediate.
    pub fn has_immediate(&self) -> bool {
        self.operands
            .iter()
            .any(|o| matches!(o, Operand::Immediate(_)))
    }
}

/// A line [`parse`] could not read: where, and what it expected there.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
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

/// A loop, found from a backward branch: a `bra` whose target label is defined at or before
/// the branch. Its body is every instruction from the label to the branch, both included.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Loop {
    /// The target label (`$L__BB0_2`).
    pub label: String,
    /// Index (into [`Parsed::instructions`]) of the first instruction of the body.
    pub start: usize,
    /// Index of the backward `bra` that closes the loop.
    pub end: usize,
    /// Line of the label.
    pub header_line: usize,
    /// Line of the backward `bra`.
    pub branch_line: usize,
}

impl Loop {
    /// True when instruction `index` lies in the loop's body.
    pub fn contains(&self, index: usize) -> bool {
        self.start <= index && index <= self.end
    }
}

/// What [`parse`] found.
#[derive(Clone, Debug, PartialEq, Default, serde::Serialize)]
pub struct Parsed {
    /// Every instruction read, in text order.
    pub instructions: Vec<Instruction>,
    /// Every line that could not be read, in line order.
    pub errors: Vec<ParseError>,
    /// Loops, ordered by where their body starts; for loops starting at the same instruction,
    /// the longer (outer) one first. So nested loops are listed outer before inner.
    pub loops: Vec<Loop>,
}

// ---------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------

/// Every PTX opcode (ISA 8.x), without modifiers. An opcode not listed is reported as an error
/// rather than silently priced.
const OPCODES: &[&str] = &[
    // Integer and floating-point arithmetic.
    "add",
    "addc",
    "sub",
    "subc",
    "mul",
    "mad",
    "madc",
    "mul24",
    "mad24",
    "sad",
    "div",
    "rem",
    "abs",
    "neg",
    "min",
    "max",
    "popc",
    "clz",
    "bfind",
    "fns",
    "brev",
    "bfe",
    "bfi",
    "szext",
    "bmsk",
    "dp4a",
    "dp2a",
    "testp",
    "copysign",
    "fma",
    "rcp",
    "sqrt",
    "rsqrt",
    "sin",
    "cos",
    "lg2",
    "ex2",
    "tanh",
    // Comparison and selection.
    "set",
    "setp",
    "selp",
    "slct",
    // Logic and shift.
    "and",
    "or",
    "xor",
    "not",
    "cnot",
    "lop3",
    "shf",
    "shl",
    "shr",
    // Data movement and conversion.
    "mov",
    "shfl",
    "prmt",
    "ld",
    "ldu",
    "st",
    "multimem",
    "prefetch",
    "prefetchu",
    "isspacep",
    "cvta",
    "cvt",
    "cp",
    "ldmatrix",
    "stmatrix",
    "movmatrix",
    "mapa",
    "getctarank",
    "alloca",
    "stacksave",
    "stackrestore",
    "tensormap",
    // Texture and surface.
    "tex",
    "tld4",
    "txq",
    "suld",
    "sust",
    "sured",
    "suq",
    "istypep",
    // Control flow.
    "bra",
    "brx",
    "call",
    "ret",
    "exit",
    // Synchronization and communication.
    "bar",
    "barrier",
    "membar",
    "fence",
    "atom",
    "red",
    "vote",
    "match",
    "activemask",
    "redux",
    "elect",
    "mbarrier",
    "griddepcontrol",
    "nanosleep",
    // Matrix, miscellaneous.
    "wmma",
    "mma",
    "wgmma",
    "tcgen05",
    "setmaxnreg",
    "clusterlaunchcontrol",
    "discard",
    "applypriority",
    "createpolicy",
    "trap",
    "brkpt",
    "pmevent",
    // Video.
    "vadd",
    "vsub",
    "vabsdiff",
    "vmin",
    "vmax",
    "vshl",
    "vshr",
    "vmad",
    "vset",
    "vadd2",
    "vsub2",
    "vavrg2",
    "vabsdiff2",
    "vmin2",
    "vmax2",
    "vset2",
    "vadd4",
    "vsub4",
    "vavrg4",
    "vabsdiff4",
    "vmin4",
    "vmax4",
    "vset4",
];

/// Reads PTX text as `nvcc -ptx` prints it.
///
/// Comments (`//`, `/* */`), directives (`.version`, `.target`, `.reg`, `.shared`, `.entry`
/// headers with their `.param` lines, `.loc`, …), braces and labels are understood and skipped;
/// each instruction (`[@pred] opcode[.mod…] operands;`) is read, classified and kept. A line
/// that cannot be read adds a [`ParseError`] with its line number and what was expected, and
/// parsing continues with the next line. A `bra` to a label not defined in the same function is
/// also reported (the instruction is kept). Loops are then found from backward branches.
pub fn parse(text: &str) -> Parsed {
    let (code, unclosed_comment) = strip_comments(text);
    let mut parser = Parser::default();
    for (i, line) in code.split('\n').enumerate() {
        parser.line(i.saturating_add(1), line);
    }
    if let Some(line) = unclosed_comment {
        parser.error(line, "expected `*/` closing this comment".to_string());
    }
    parser.finish()
}

/// The parser's state while it walks the lines.
#[derive(Default)]
struct Parser {
    instructions: Vec<Instruction>,
    errors: Vec<ParseError>,
    /// (function scope, label) → (index of the instruction after the label, line).
    labels: HashMap<(usize, String), (usize, usize)>,
    /// (instruction index, function scope) of every `bra`.
    branches: Vec<(usize, usize)>,
    /// Brace depth: 0 outside functions.
    depth: usize,
    /// Counts the functions seen; labels are local to one.
    scope: usize,
    /// > 0 while skipping a directive's `= { … }` initializer that spans lines.
    initializer: usize,
}

impl Parser {
    fn error(&mut self, line: usize, message: String) {
        self.errors.push(ParseError { line, message });
    }

    fn open_brace(&mut self) {
        if self.depth == 0 {
            self.scope = self.scope.saturating_add(1);
        }
        self.depth = self.depth.saturating_add(1);
    }

    fn close_brace(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Reads one line (comments already removed).
    fn line(&mut self, number: usize, line: &str) {
        let mut rest = line.trim();
        if self.initializer > 0 {
            let (opens, closes) = count_braces(rest);
            self.initializer = self
                .initializer
                .saturating_add(opens)
                .saturating_sub(closes);
            return;
        }
        while !rest.is_empty() {
            if let Some(r) = rest.strip_prefix('{') {
                self.open_brace();
                rest = r.trim_start();
            } else if let Some(r) = rest.strip_prefix('}') {
                self.close_brace();
                rest = r.trim_start();
            } else if let Some(r) = rest.strip_prefix('(').or_else(|| rest.strip_prefix(')')) {
                // The parentheses around an `.entry`'s parameter list.
                rest = r.trim_start();
            } else if rest.starts_with('.') {
                rest = self.directive(rest).trim_start();
            } else if let Some((label, after)) = split_label(rest) {
                self.label(label, number);
                rest = after.trim_start();
            } else {
                match find_outside_quotes(rest, ';') {
                    Some(i) => {
                        let statement = rest.get(..i).unwrap_or("").trim();
                        self.statement(statement, number);
                        rest = rest.get(i.saturating_add(1)..).unwrap_or("").trim_start();
                    }
                    None => {
                        self.error(
                            number,
                            format!(
                                "expected an instruction ending in `;`, found `{}`",
                                excerpt(rest)
                            ),
                        );
                        break;
                    }
                }
            }
        }
    }

    /// Skips a directive (up to its `;`, or the end of the line when it has none) and returns
    /// what follows it. Braces in it open or close a function body, except an `= { … }`
    /// initializer, which is skipped even when it spans lines.
    fn directive<'a>(&mut self, rest: &'a str) -> &'a str {
        let (text, after) = match find_outside_quotes(rest, ';') {
            Some(i) => (
                rest.get(..i).unwrap_or(""),
                rest.get(i.saturating_add(1)..).unwrap_or(""),
            ),
            None => (rest, ""),
        };
        let (opens, closes) = count_braces(text);
        if text.contains('=') {
            self.initializer = opens.saturating_sub(closes);
        } else {
            for _ in 0..opens {
                self.open_brace();
            }
            for _ in 0..closes {
                self.close_brace();
            }
        }
        after
    }

    fn label(&mut self, label: &str, line: usize) {
        let key = (self.scope, label.to_string());
        if let Some(&(_, first)) = self.labels.get(&key) {
            self.error(
                line,
                format!("expected a new label, but `{label}` is already defined on line {first}"),
            );
            return;
        }
        self.labels.insert(key, (self.instructions.len(), line));
    }

    fn statement(&mut self, statement: &str, line: usize) {
        match parse_instruction(statement, line) {
            Ok(ins) => {
                if matches!(ins.class, Class::Branch { .. }) {
                    self.branches.push((self.instructions.len(), self.scope));
                }
                self.instructions.push(ins);
            }
            Err(message) => self.error(line, message),
        }
    }

    /// Resolves branch targets, finds the loops and sorts the errors by line.
    fn finish(mut self) -> Parsed {
        let mut loops = Vec::new();
        for &(index, scope) in &self.branches {
            let Some(ins) = self.instructions.get(index) else {
                continue;
            };
            let Class::Branch { target } = &ins.class else {
                continue;
            };
            match self.labels.get(&(scope, target.clone())) {
                Some(&(start, header_line)) => {
                    if start <= index {
                        loops.push(Loop {
                            label: target.clone(),
                            start,
                            end: index,
                            header_line,
                            branch_line: ins.line,
                        });
                    }
                }
                None => self.errors.push(ParseError {
                    line: ins.line,
                    message: format!(
                        "expected the branch target `{target}` to be a label defined in this function"
                    ),
                }),
            }
        }
        loops.sort_by(|a, b| {
            a.start
                .cmp(&b.start)
                .then(b.end.cmp(&a.end))
                .then(a.branch_line.cmp(&b.branch_line))
        });
        self.errors.sort_by_key(|e| e.line);
        Parsed {
            instructions: self.instructions,
            errors: self.errors,
            loops,
        }
    }
}

/// Reads one statement (without its `;`) into an instruction, or says what was expected.
fn parse_instruction(statement: &str, line: usize) -> Result<Instruction, String> {
    if statement.is_empty() {
        return Err("expected an instruction before `;`".to_string());
    }
    let mut rest = statement;
    let mut predicate = None;
    if let Some(after) = rest.strip_prefix('@') {
        let (guard, tail) = split_word(after);
        let register = guard.strip_prefix('!').unwrap_or(guard);
        if !is_register(register) {
            return Err(format!(
                "expected a predicate register after `@` (like `@%p1` or `@!%p1`), found `{}`",
                excerpt(statement)
            ));
        }
        predicate = Some(guard.to_string());
        rest = tail.trim_start();
    }
    if rest.is_empty() {
        return Err("expected an opcode after the predicate".to_string());
    }
    let (word, operand_text) = split_word(rest);
    let mut parts = word.split('.');
    let opcode = parts.next().unwrap_or("");
    if opcode.is_empty() {
        return Err(format!(
            "expected an opcode (like `add` or `ld`), found `{}`",
            excerpt(statement)
        ));
    }
    if !OPCODES.contains(&opcode) {
        return Err(format!(
            "expected a PTX opcode (like `add`, `ld` or `bra`), found `{}`",
            excerpt(opcode)
        ));
    }
    let mut modifiers = Vec::new();
    for m in parts {
        let valid = !m.is_empty()
            && m.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
        if !valid {
            return Err(format!(
                "expected modifiers made of letters, digits and `_` after `.`, found `{}`",
                excerpt(word)
            ));
        }
        modifiers.push(m.to_string());
    }
    let operand_text = operand_text.trim();
    if !balanced(operand_text) {
        return Err(format!(
            "expected balanced brackets `[ ]`, `{{ }}` and `( )`, found `{}`",
            excerpt(operand_text)
        ));
    }
    let mut operands = Vec::new();
    if !operand_text.is_empty() {
        for part in split_top_level(operand_text) {
            parse_operand(part.trim(), &mut operands)?;
        }
    }
    let class = match opcode {
        "ld" | "ldu" | "st" | "atom" | "red" => Class::Memory {
            space: Space::from_modifiers(&modifiers),
            store: matches!(opcode, "st" | "atom" | "red"),
        },
        "bar" | "barrier" => Class::Sync,
        "bra" => {
            let target = operands.iter().find_map(|o| match o {
                Operand::Symbol(s) => Some(s.clone()),
                _ => None,
            });
            match target {
                Some(target) => Class::Branch { target },
                None => return Err("expected a label after `bra` (like `bra $L__BB0_2;`)".into()),
            }
        }
        "ret" | "exit" => Class::Exit,
        _ => Class::Compute,
    };
    Ok(Instruction {
        line,
        predicate,
        opcode: opcode.to_string(),
        modifiers,
        operands,
        class,
        text: format!("{statement};"),
    })
}

/// Reads one operand (a vector operand gives several) into `out`.
fn parse_operand(text: &str, out: &mut Vec<Operand>) -> Result<(), String> {
    if text.is_empty() {
        return Err("expected an operand between commas".to_string());
    }
    if let Some(inner) = text.strip_prefix('[') {
        let inner = inner.strip_suffix(']').ok_or_else(|| {
            format!(
                "expected an address ending in `]`, found `{}`",
                excerpt(text)
            )
        })?;
        out.push(parse_address(inner.trim())?);
        return Ok(());
    }
    if let Some(inner) = text.strip_prefix('{') {
        let inner = inner.strip_suffix('}').ok_or_else(|| {
            format!(
                "expected a vector operand ending in `}}`, found `{}`",
                excerpt(text)
            )
        })?;
        for element in split_top_level(inner) {
            let element = element.trim();
            if element.starts_with('{') || element.starts_with('[') {
                return Err(format!(
                    "expected registers or numbers inside `{{ }}`, found `{}`",
                    excerpt(element)
                ));
            }
            parse_operand(element, out)?;
        }
        return Ok(());
    }
    if text.starts_with('(') && text.ends_with(')') {
        // A call's parameter list: `(retval0)`, `(param0, param1)`.
        out.push(Operand::Symbol(text.to_string()));
        return Ok(());
    }
    let register = text.strip_prefix('!').unwrap_or(text);
    if register.starts_with('%') {
        if is_register(register) {
            out.push(Operand::Register(text.to_string()));
            return Ok(());
        }
        return Err(format!(
            "expected a register name (like `%r1`), found `{}`",
            excerpt(text)
        ));
    }
    if is_immediate(text) {
        out.push(Operand::Immediate(text.to_string()));
        return Ok(());
    }
    if is_symbol(text) {
        out.push(Operand::Symbol(text.to_string()));
        return Ok(());
    }
    Err(format!(
        "expected an operand (a register, a number, an address `[…]` or a name), found `{}`",
        excerpt(text)
    ))
}

/// Reads the inside of `[ … ]`: `%rd4`, `%rd4+4`, `%rd4+-4`, `name`, `name+8`, `4096`.
fn parse_address(inner: &str) -> Result<Operand, String> {
    let bad = || {
        format!(
            "expected an address like `[%rd1]`, `[%rd1+4]` or `[name+8]`, found `[{}]`",
            excerpt(inner)
        )
    };
    if inner.is_empty() {
        return Err(bad());
    }
    if let Some(offset) = parse_integer(inner) {
        return Ok(Operand::Address {
            base: String::new(),
            offset,
        });
    }
    // The first `+` or `-` after the base splits it from the offset.
    let split = inner
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c == '+' || c == '-')
        .map(|(i, _)| i);
    let (base, offset) = match split {
        Some(i) => {
            let base = inner.get(..i).unwrap_or("").trim();
            let sign_and_rest = inner.get(i..).unwrap_or("");
            let offset_text = sign_and_rest.strip_prefix('+').unwrap_or(sign_and_rest);
            let offset_text: String = offset_text.chars().filter(|c| !c.is_whitespace()).collect();
            (base, parse_integer(&offset_text).ok_or_else(bad)?)
        }
        None => (inner, 0),
    };
    let name = base.strip_prefix('%').unwrap_or(base);
    if (base.starts_with('%') && is_register(base)) || (!base.starts_with('%') && is_symbol(name)) {
        Ok(Operand::Address {
            base: base.to_string(),
            offset,
        })
    } else {
        Err(bad())
    }
}

/// A decimal, hex (`0x`), octal (`0…`) or binary (`0b`) integer, with an optional sign and
/// `U` suffix.
fn parse_integer(text: &str) -> Option<i64> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let digits = digits
        .strip_suffix('U')
        .or_else(|| digits.strip_suffix('u'))
        .unwrap_or(digits);
    let magnitude = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        i64::from_str_radix(hex, 16).ok()?
    } else if let Some(bin) = digits
        .strip_prefix("0b")
        .or_else(|| digits.strip_prefix("0B"))
    {
        i64::from_str_radix(bin, 2).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        i64::from_str_radix(digits.get(1..)?, 8).ok()?
    } else {
        if !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        digits.parse::<i64>().ok()?
    };
    if negative {
        magnitude.checked_neg()
    } else {
        Some(magnitude)
    }
}

/// A number as PTX writes it: integers, `0f`/`0d` hex floats, decimal floats (`1.5`, `1e-3`).
fn is_immediate(text: &str) -> bool {
    let digits = text
        .strip_prefix('-')
        .or_else(|| text.strip_prefix('+'))
        .unwrap_or(text);
    digits.chars().next().is_some_and(|c| c.is_ascii_digit())
        && digits
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '+' || c == '-')
}

/// `%r1`, `%tid.x`, `%p1|%p2`, `%envreg3`.
fn is_register(text: &str) -> bool {
    match text.strip_prefix('%') {
        Some(name) => {
            name.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '|' | '%'))
        }
        None => false,
    }
}

/// A PTX identifier: `[a-zA-Z][a-zA-Z0-9_$]*` or `[_$][a-zA-Z0-9_$]+` (also `_` alone, the
/// sink operand).
fn is_symbol(text: &str) -> bool {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$' => {
            chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        }
        _ => false,
    }
}

/// `$L__BB0_2: rest` → (`$L__BB0_2`, ` rest`).
fn split_label(text: &str) -> Option<(&str, &str)> {
    let (label, after) = text.split_once(':')?;
    if is_symbol(label) || (label.starts_with('%') && is_symbol(label.get(1..)?)) {
        Some((label, after))
    } else {
        None
    }
}

/// Splits at the first whitespace: (word, rest).
fn split_word(text: &str) -> (&str, &str) {
    match text.find(char::is_whitespace) {
        Some(i) => (text.get(..i).unwrap_or(""), text.get(i..).unwrap_or("")),
        None => (text, ""),
    }
}

/// Splits at commas outside brackets.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '[' | '{' | '(' => depth = depth.saturating_add(1),
            ']' | '}' | ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(text.get(start..i).unwrap_or(""));
                start = i.saturating_add(1);
            }
            _ => {}
        }
    }
    parts.push(text.get(start..).unwrap_or(""));
    parts
}

/// True when every `[`, `{`, `(` is closed by its own kind, in order.
fn balanced(text: &str) -> bool {
    let mut stack = Vec::new();
    for c in text.chars() {
        match c {
            '[' => stack.push(']'),
            '{' => stack.push('}'),
            '(' => stack.push(')'),
            ']' | '}' | ')' => {
                let expected = stack.pop();
                if expected != Some(c) {
                    return false;
                }
            }
            _ => {}
        }
    }
    stack.is_empty()
}

/// Counts `{` and `}` outside string literals.
fn count_braces(text: &str) -> (usize, usize) {
    let mut in_string = false;
    let (mut opens, mut closes) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '"' => in_string = !in_string,
            '{' if !in_string => opens = opens.saturating_add(1),
            '}' if !in_string => closes = closes.saturating_add(1),
            _ => {}
        }
    }
    (opens, closes)
}

/// The byte index of the first `target` outside string literals.
fn find_outside_quotes(text: &str, target: char) -> Option<usize> {
    let mut in_string = false;
    for (i, c) in text.char_indices() {
        if c == '"' {
            in_string = !in_string;
        } else if c == target && !in_string {
            return Some(i);
        }
    }
    None
}

/// Removes `//` and `/* */` comments (not inside string literals), keeping every newline so
/// line numbers stay. Also returns the line of a `/*` never closed.
fn strip_comments(text: &str) -> (String, Option<usize>) {
    enum State {
        Code,
        Str,
        Line,
        Block(usize),
    }
    let mut out = String::with_capacity(text.len());
    let mut state = State::Code;
    let mut line = 1usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\n' {
            line = line.saturating_add(1);
        }
        state = match state {
            State::Code => match (c, chars.peek()) {
                ('/', Some('/')) => {
                    chars.next();
                    State::Line
                }
                ('/', Some('*')) => {
                    chars.next();
                    out.push(' ');
                    State::Block(line)
                }
                ('"', _) => {
                    out.push(c);
                    State::Str
                }
                _ => {
                    out.push(c);
                    State::Code
                }
            },
            State::Str => {
                out.push(c);
                match c {
                    '\\' => {
                        if let Some(&next) = chars.peek() {
                            if next != '\n' {
                                out.push(next);
                                chars.next();
                            }
                        }
                        State::Str
                    }
                    '"' | '\n' => State::Code,
                    _ => State::Str,
                }
            }
            State::Line => {
                if c == '\n' {
                    out.push('\n');
                    State::Code
                } else {
                    State::Line
                }
            }
            State::Block(start) => {
                if c == '*' && chars.peek() == Some(&'/') {
                    chars.next();
                    out.push(' ');
                    State::Code
                } else {
                    if c == '\n' {
                        out.push('\n');
                    }
                    State::Block(start)
                }
            }
        };
    }
    let unclosed = match state {
        State::Block(start) => Some(start),
        _ => None,
    };
    (out, unclosed)
}

/// At most 40 characters of `text`, for error messages.
fn excerpt(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() > 40 {
        let short: String = text.chars().take(40).collect();
        format!("{short}…")
    } else {
        text.to_string()
    }
}

fn is_float_type(modifier: &str) -> bool {
    matches!(
        modifier,
        "f16" | "f16x2" | "bf16" | "bf16x2" | "f32" | "f64" | "tf32" | "f32x2"
    )
}

// ---------------------------------------------------------------------------------------------
// Costs (Table 1)
// ---------------------------------------------------------------------------------------------

/// The ops Table 1 prices, in its row order.
pub const TABLE_1_OPS: [&str; 11] = [
    "add", "sub", "mul", "div", "neg", "min", "max", "and", "or", "xor", "not",
];

/// A column of Table 1: integer or float type, an immediate ("const") operand or registers only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Column {
    /// Integer type with an immediate operand.
    IntConst,
    /// Integer type, registers only.
    IntReg,
    /// Float type with an immediate operand.
    FloatConst,
    /// Float type, registers only.
    FloatReg,
}

impl Column {
    /// The column heading as Table 1 prints it (`"int_const"`).
    pub fn name(self) -> &'static str {
        match self {
            Column::IntConst => "int_const",
            Column::IntReg => "int_reg",
            Column::FloatConst => "float_const",
            Column::FloatReg => "float_reg",
        }
    }
}

/// One row of Table 1: an op's cost in each column (GPU clocks).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct OpCost {
    /// Integer type with an immediate operand.
    pub int_const: f64,
    /// Integer type, registers only.
    pub int_reg: f64,
    /// Float type with an immediate operand.
    pub float_const: f64,
    /// Float type, registers only.
    pub float_reg: f64,
}

impl OpCost {
    const fn new(int_const: f64, int_reg: f64, float_const: f64, float_reg: f64) -> OpCost {
        OpCost {
            int_const,
            int_reg,
            float_const,
            float_reg,
        }
    }

    /// The cost in `column`.
    pub fn get(&self, column: Column) -> f64 {
        match column {
            Column::IntConst => self.int_const,
            Column::IntReg => self.int_reg,
            Column::FloatConst => self.float_const,
            Column::FloatReg => self.float_reg,
        }
    }
}

/// Instruction costs in GPU clocks: Table 1's eleven ops, its `ld/st`, and `other`, the cost of
/// the computation instructions Table 1 does not list.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct CostTable {
    /// `add` row.
    pub add: OpCost,
    /// `sub` row.
    pub sub: OpCost,
    /// `mul` row (also prices `mad` and `fma`, except `mad.wide`).
    pub mul: OpCost,
    /// `div` row.
    pub div: OpCost,
    /// `neg` row.
    pub neg: OpCost,
    /// `min` row.
    pub min: OpCost,
    /// `max` row.
    pub max: OpCost,
    /// `and` row.
    pub and: OpCost,
    /// `or` row.
    pub or: OpCost,
    /// `xor` row.
    pub xor: OpCost,
    /// `not` row.
    pub not: OpCost,
    /// One memory access task instruction (a global/local/generic/texture load or store).
    pub ld_st: f64,
    /// Any other computation: `mov`, `cvt`, `cvta`, `setp`, `selp`, `shl`, `shr`, `mad.wide`,
    /// `rcp`, `sqrt`, `ex2`, …, shared/param/const loads and stores, and barriers.
    pub other: f64,
}

impl CostTable {
    /// Table 1 of the paper (GTX 260, GPU clocks). `other` = 22, the cheapest Table 1 cell, is
    /// our assumption: the paper prices only the ops it lists.
    pub const GTX260: CostTable = CostTable {
        add: OpCost::new(22.0, 65.0, 22.0, 65.0),
        sub: OpCost::new(22.0, 65.0, 22.0, 65.0),
        mul: OpCost::new(44.0, 136.0, 22.0, 65.0),
        div: OpCost::new(728.0, 753.0, 748.0, 783.0),
        neg: OpCost::new(22.0, 22.0, 17.0, 17.0),
        min: OpCost::new(62.0, 62.0, 62.0, 62.0),
        max: OpCost::new(62.0, 62.0, 62.0, 62.0),
        and: OpCost::new(64.0, 64.0, 64.0, 64.0),
        or: OpCost::new(62.0, 62.0, 62.0, 62.0),
        xor: OpCost::new(62.0, 62.0, 62.0, 62.0),
        not: OpCost::new(22.0, 22.0, 22.0, 22.0),
        ld_st: 200.0,
        other: 22.0,
    };

    /// The costs a device record carries (`ptx_<op>_<column>`, `ptx_ld_st`), or `None` when
    /// it carries none (every GPU but the GTX260: its costs must be typed in).
    pub fn of_device(device: &crate::devices::Device) -> Option<CostTable> {
        let get = |key: String| device.constant(&key).map(|c| c.value);
        let mut table = CostTable::GTX260;
        let mut found = false;
        for op in TABLE_1_OPS {
            let Some(row) = table.row_mut(op) else {
                continue;
            };
            for (col, slot) in [
                ("int_const", &mut row.int_const),
                ("int_reg", &mut row.int_reg),
                ("float_const", &mut row.float_const),
                ("float_reg", &mut row.float_reg),
            ] {
                if let Some(v) = get(format!("ptx_{op}_{col}")) {
                    *slot = v;
                    found = true;
                }
            }
        }
        if let Some(v) = get("ptx_ld_st".to_string()) {
            table.ld_st = v;
            found = true;
        }
        found.then_some(table)
    }

    /// The row of one of [`TABLE_1_OPS`], to change it.
    pub fn row_mut(&mut self, name: &str) -> Option<&mut OpCost> {
        Some(match name {
            "add" => &mut self.add,
            "sub" => &mut self.sub,
            "mul" => &mut self.mul,
            "div" => &mut self.div,
            "neg" => &mut self.neg,
            "min" => &mut self.min,
            "max" => &mut self.max,
            "and" => &mut self.and,
            "or" => &mut self.or,
            "xor" => &mut self.xor,
            "not" => &mut self.not,
            _ => return None,
        })
    }

    /// The row for one of [`TABLE_1_OPS`]; `None` for any other name.
    pub fn op(&self, name: &str) -> Option<OpCost> {
        let row = match name {
            "add" => self.add,
            "sub" => self.sub,
            "mul" => self.mul,
            "div" => self.div,
            "neg" => self.neg,
            "min" => self.min,
            "max" => self.max,
            "and" => self.and,
            "or" => self.or,
            "xor" => self.xor,
            "not" => self.not,
            _ => return None,
        };
        Some(row)
    }

    /// The cost of one execution of `ins`, in GPU clocks:
    /// - `bra`, `ret`, `exit`: 0 (they belong to no task);
    /// - a memory access task (global/local/texture/generic `ld`, `ldu`, `st`, `atom`, `red`):
    ///   `ld_st`;
    /// - a Table 1 op (see [`table_1_cell`]): its cell;
    /// - anything else (other computation, shared/param/const loads and stores, barriers):
    ///   `other`.
    pub fn cost(&self, ins: &Instruction) -> f64 {
        match &ins.class {
            Class::Branch { .. } | Class::Exit => 0.0,
            Class::Memory { .. } if ins.is_memory_task() => self.ld_st,
            Class::Memory { .. } | Class::Sync => self.other,
            Class::Compute => match table_1_cell(ins) {
                Some((op, column)) => self.op(op).map_or(self.other, |row| row.get(column)),
                None => self.other,
            },
        }
    }
}

/// The Table 1 row and column that price `ins`, or `None` when Table 1 does not list it.
/// The row is the opcode (`add sub mul div neg min max and or xor not`; `mad` and `fma` take
/// the `mul` row, except `mad.wide`). The column is float when a type modifier is a float type
/// (f16/f32/f64 and their x2/bf16 forms), otherwise int; const when any operand is an
/// immediate, otherwise reg.
pub fn table_1_cell(ins: &Instruction) -> Option<(&'static str, Column)> {
    if ins.class != Class::Compute {
        return None;
    }
    let op = match ins.opcode.as_str() {
        "mad" if ins.modifiers.iter().any(|m| m == "wide") => return None,
        "mad" | "fma" => "mul",
        other => TABLE_1_OPS.iter().copied().find(|&op| op == other)?,
    };
    let column = match (ins.is_float(), ins.has_immediate()) {
        (false, true) => Column::IntConst,
        (false, false) => Column::IntReg,
        (true, true) => Column::FloatConst,
        (true, false) => Column::FloatReg,
    };
    Some((op, column))
}

// ---------------------------------------------------------------------------------------------
// Tasks, periods and P
// ---------------------------------------------------------------------------------------------

/// Which of the paper's tasks an instruction belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum TaskKind {
    /// Part of a computation task (priced by Table 1 or `other`).
    Computation,
    /// Part of a memory access task (priced `ld_st`).
    MemoryAccess,
}

/// The task `ins` belongs to: `None` for `bra`, `ret` and `exit` (they belong to no task and
/// do not split tasks); `MemoryAccess` for memory access tasks (see
/// [`Instruction::is_memory_task`]); `Computation` for everything else, barriers and
/// shared/param/const loads and stores included.
pub fn task_kind(ins: &Instruction) -> Option<TaskKind> {
    match ins.class {
        Class::Branch { .. } | Class::Exit => None,
        _ if ins.is_memory_task() => Some(TaskKind::MemoryAccess),
        _ => Some(TaskKind::Computation),
    }
}

/// Each instruction's weight: the product of the trip counts of the loops it lies in (1 outside
/// loops). `trip_counts` has one count per loop, in [`Parsed::loops`] order; a missing count
/// is 1. A trip count of 0 gives weight 0 (the body never runs). Very large products give
/// infinity rather than panicking.
pub fn weights(parsed: &Parsed, trip_counts: &[u64]) -> Vec<f64> {
    let mut weights = vec![1.0; parsed.instructions.len()];
    for (k, lp) in parsed.loops.iter().enumerate() {
        let trips = trip_counts.get(k).copied().unwrap_or(1) as f64;
        for (i, w) in weights.iter_mut().enumerate() {
            if lp.contains(i) {
                *w *= trips;
            }
        }
    }
    weights
}

/// The result of [`analyze`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Analysis {
    /// Calculate periods `(c_i, m_i)` in order: each is one computation task and the memory
    /// access task after it (GPU clocks, weighted by trip counts).
    pub periods: Vec<(f64, f64)>,
    /// Computation instruction proportion P = compute_cost / (compute_cost + memory_cost);
    /// 0 when both are 0.
    pub p: f64,
    /// Σ c_i.
    pub compute_cost: f64,
    /// Σ m_i.
    pub memory_cost: f64,
    /// Each instruction's weight (see [`weights`]), in instruction order.
    pub weights: Vec<f64>,
}

impl Analysis {
    /// The periods in the luo-suda link form `c1:m1,c2:m2,…` (empty when there are none).
    pub fn periods_text(&self) -> String {
        self.periods
            .iter()
            .map(|(c, m)| format!("{c}:{m}"))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Prices every instruction with `costs`, weights it by the loops it lies in (`trip_counts`,
/// one per loop in [`Parsed::loops`] order, missing = 1), and walks the list into calculate
/// periods.
///
/// Rules (our readings; the paper defines tasks and periods only in words):
/// - A computation task is a run of consecutive computation instructions, a memory access task
///   a run of consecutive memory access instructions (see [`task_kind`]); `bra`/`ret`/`exit`
///   are skipped and do not split a run. Instructions of weight 0 (in a loop run 0 times) are
///   skipped too.
/// - A task's cost is Σ cost × weight over its instructions. Loops are priced, not unrolled:
///   the loop body's tasks stay where they are in the list, scaled by the trip count.
/// - Each period is one computation task followed by the memory access task after it. Code
///   that starts with memory makes period 1 with c = 0; a trailing computation task with no
///   memory after it has m = 0. So there is one period per computation task, plus one if the
///   code starts with memory.
/// - P = compute_cost / (compute_cost + memory_cost), 0 when both are 0.
pub fn analyze(parsed: &Parsed, costs: &CostTable, trip_counts: &[u64]) -> Analysis {
    let weights = weights(parsed, trip_counts);
    let mut periods: Vec<(f64, f64)> = Vec::new();
    // The period being built: (c, m, whether its memory task has begun).
    let mut current: Option<(f64, f64, bool)> = None;
    for (ins, &w) in parsed.instructions.iter().zip(&weights) {
        if w == 0.0 {
            continue;
        }
        let Some(kind) = task_kind(ins) else {
            continue;
        };
        let cost = costs.cost(ins) * w;
        current = Some(match (kind, current) {
            (TaskKind::Computation, Some((c, m, true))) => {
                periods.push((c, m));
                (cost, 0.0, false)
            }
            (TaskKind::Computation, Some((c, m, false))) => (c + cost, m, false),
            (TaskKind::Computation, None) => (cost, 0.0, false),
            (TaskKind::MemoryAccess, Some((c, m, _))) => (c, m + cost, true),
            (TaskKind::MemoryAccess, None) => (0.0, cost, true),
        });
    }
    if let Some((c, m, _)) = current {
        periods.push((c, m));
    }
    let compute_cost: f64 = periods.iter().map(|p| p.0).sum();
    let memory_cost: f64 = periods.iter().map(|p| p.1).sum();
    let total = compute_cost + memory_cost;
    let p = if total > 0.0 {
        compute_cost / total
    } else {
        0.0
    };
    Analysis {
        periods,
        p,
        compute_cost,
        memory_cost,
        weights,
    }
}

// ---------------------------------------------------------------------------------------------
// Hong & Kim counts
// ---------------------------------------------------------------------------------------------

/// Instruction counts per thread as Hong & Kim's model takes them (weighted by trip counts).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct HongKimCounts {
    /// Computation instructions: every instruction that is not a memory access task, a barrier,
    /// `bra`, `ret` or `exit` (shared/param/const loads and stores count here).
    pub comp_insts: f64,
    /// Memory access task instructions (global/local/texture/generic loads, stores, atomics)
    /// not marked uncoalesced.
    pub coal_mem_insts: f64,
    /// Memory access task instructions marked uncoalesced.
    pub uncoal_mem_insts: f64,
    /// Barriers (`bar`, `barrier`).
    pub synch_insts: f64,
}

/// Counts the instructions for Hong & Kim, each weighted as in [`weights`]. `uncoalesced`
/// lists instruction indices (into [`Parsed::instructions`]) the user marks uncoalesced; an
/// index that is not a memory access instruction, or out of range, is ignored. Every other
/// memory access instruction counts as coalesced.
pub fn hong_kim_counts(
    parsed: &Parsed,
    trip_counts: &[u64],
    uncoalesced: &[usize],
) -> HongKimCounts {
    let weights = weights(parsed, trip_counts);
    let mut counts = HongKimCounts {
        comp_insts: 0.0,
        coal_mem_insts: 0.0,
        uncoal_mem_insts: 0.0,
        synch_insts: 0.0,
    };
    for (i, (ins, &w)) in parsed.instructions.iter().zip(&weights).enumerate() {
        match ins.class {
            Class::Branch { .. } | Class::Exit => {}
            Class::Sync => counts.synch_insts += w,
            _ if ins.is_memory_task() => {
                if uncoalesced.contains(&i) {
                    counts.uncoal_mem_insts += w;
                } else {
                    counts.coal_mem_insts += w;
                }
            }
            _ => counts.comp_insts += w,
        }
    }
    counts
}

// ---------------------------------------------------------------------------------------------
// Examples
// ---------------------------------------------------------------------------------------------

/// A PTX kernel to start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// Short id for links (`vector-add`).
    pub id: &'static str,
    /// Name shown in the picker.
    pub name: &'static str,
    /// The PTX text, as `nvcc -ptx -arch=sm_52` prints it (CUDA 11.8).
    pub ptx: &'static str,
}

/// Three small kernels in the style `nvcc -ptx` prints (written for this project, sm_52,
/// `.version 7.8`): a bounds-checked vector add, a 16×16 shared-memory tiled matrix multiply
/// (a loop over tiles with two `bar.sync` per iteration and an inner loop over k unrolled by 2),
/// and a shared-memory block sum (a loop halving the stride, `bar.sync` in the loop).
pub const EXAMPLES: &[Example] = &[
    Example {
        id: "vector-add",
        name: "Vector add: c[i] = a[i] + b[i]",
        ptx: VECTOR_ADD,
    },
    Example {
        id: "matmul-tiled",
        name: "Tiled matrix multiply (16×16 shared-memory tiles)",
        ptx: MATMUL_TILED,
    },
    Example {
        id: "reduce-shared",
        name: "Block sum in shared memory",
        ptx: REDUCE_SHARED,
    },
];

/// `__global__ void vecAdd(const float* a, const float* b, float* c, int n)
/// { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + b[i]; }`
const VECTOR_ADD: &str = r#"//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-31833905
// Cuda compilation tools, release 11.8, V11.8.89
// Based on NVVM 7.0.1
//

.version 7.8
.target sm_52
.address_size 64

	// .globl	_Z6vecAddPKfS0_Pfi

.visible .entry _Z6vecAddPKfS0_Pfi(
	.param .u64 _Z6vecAddPKfS0_Pfi_param_0,
	.param .u64 _Z6vecAddPKfS0_Pfi_param_1,
	.param .u64 _Z6vecAddPKfS0_Pfi_param_2,
	.param .u32 _Z6vecAddPKfS0_Pfi_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<11>;


	ld.param.u64 	%rd1, [_Z6vecAddPKfS0_Pfi_param_0];
	ld.param.u64 	%rd2, [_Z6vecAddPKfS0_Pfi_param_1];
	ld.param.u64 	%rd3, [_Z6vecAddPKfS0_Pfi_param_2];
	ld.param.u32 	%r2, [_Z6vecAddPKfS0_Pfi_param_3];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd4, %rd1;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	cvta.to.global.u64 	%rd7, %rd2;
	add.s64 	%rd8, %rd7, %rd5;
	ld.global.f32 	%f1, [%rd8];
	ld.global.f32 	%f2, [%rd6];
	add.f32 	%f3, %f2, %f1;
	cvta.to.global.u64 	%rd9, %rd3;
	add.s64 	%rd10, %rd9, %rd5;
	st.global.f32 	[%rd10], %f3;

$L__BB0_2:
	ret;

}
"#;

/// `#define TILE 16` — `__global__ void matmulTiled(const float* A, const float* B, float* C,
/// int n)`: per tile t, `As[ty][tx] = A[row*n + t*16 + tx]; Bs[ty][tx] = B[(t*16 + ty)*n + col];
/// __syncthreads(); for k in 0..16 (unrolled by 2) acc += As[ty][k] * Bs[k][tx];
/// __syncthreads();` then `C[row*n + col] = acc`.
const MATMUL_TILED: &str = r#"//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-31833905
// Cuda compilation tools, release 11.8, V11.8.89
// Based on NVVM 7.0.1
//

.version 7.8
.target sm_52
.address_size 64

	// .globl	_Z11matmulTiledPKfS0_Pfi
// _ZZ11matmulTiledPKfS0_PfiE2As has been demoted
// _ZZ11matmulTiledPKfS0_PfiE2Bs has been demoted

.visible .entry _Z11matmulTiledPKfS0_Pfi(
	.param .u64 _Z11matmulTiledPKfS0_Pfi_param_0,
	.param .u64 _Z11matmulTiledPKfS0_Pfi_param_1,
	.param .u64 _Z11matmulTiledPKfS0_Pfi_param_2,
	.param .u32 _Z11matmulTiledPKfS0_Pfi_param_3
)
{
	.reg .pred 	%p<4>;
	.reg .f32 	%f<14>;
	.reg .b32 	%r<34>;
	.reg .b64 	%rd<13>;
	// demoted variable
	.shared .align 4 .b8 _ZZ11matmulTiledPKfS0_PfiE2As[1024];
	// demoted variable
	.shared .align 4 .b8 _ZZ11matmulTiledPKfS0_PfiE2Bs[1024];

	ld.param.u64 	%rd3, [_Z11matmulTiledPKfS0_Pfi_param_0];
	ld.param.u64 	%rd4, [_Z11matmulTiledPKfS0_Pfi_param_1];
	ld.param.u64 	%rd5, [_Z11matmulTiledPKfS0_Pfi_param_2];
	ld.param.u32 	%r14, [_Z11matmulTiledPKfS0_Pfi_param_3];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %tid.y;
	mov.u32 	%r15, %ctaid.y;
	shl.b32 	%r16, %r15, 4;
	add.s32 	%r3, %r16, %r2;
	mov.u32 	%r17, %ctaid.x;
	shl.b32 	%r18, %r17, 4;
	add.s32 	%r4, %r18, %r1;
	mov.f32 	%f13, 0f00000000;
	setp.lt.s32 	%p1, %r14, 16;
	@%p1 bra 	$L__BB0_5;

	shr.s32 	%r19, %r14, 31;
	shr.u32 	%r20, %r19, 28;
	add.s32 	%r21, %r14, %r20;
	shr.s32 	%r5, %r21, 4;
	cvta.to.global.u64 	%rd1, %rd3;
	cvta.to.global.u64 	%rd2, %rd4;
	shl.b32 	%r23, %r2, 6;
	mov.u32 	%r24, _ZZ11matmulTiledPKfS0_PfiE2As;
	add.s32 	%r6, %r24, %r23;
	shl.b32 	%r25, %r1, 2;
	add.s32 	%r7, %r6, %r25;
	mov.u32 	%r26, _ZZ11matmulTiledPKfS0_PfiE2Bs;
	add.s32 	%r8, %r26, %r25;
	add.s32 	%r9, %r8, %r23;
	mad.lo.s32 	%r10, %r3, %r14, %r1;
	mad.lo.s32 	%r11, %r2, %r14, %r4;
	mov.u32 	%r32, 0;

$L__BB0_2:
	shl.b32 	%r27, %r32, 4;
	add.s32 	%r28, %r10, %r27;
	mul.wide.s32 	%rd6, %r28, 4;
	add.s64 	%rd7, %rd1, %rd6;
	ld.global.f32 	%f4, [%rd7];
	st.shared.f32 	[%r7], %f4;
	mad.lo.s32 	%r29, %r27, %r14, %r11;
	mul.wide.s32 	%rd8, %r29, 4;
	add.s64 	%rd9, %rd2, %rd8;
	ld.global.f32 	%f5, [%rd9];
	st.shared.f32 	[%r9], %f5;
	bar.sync 	0;
	mov.u32 	%r30, %r6;
	mov.u32 	%r31, %r8;
	mov.u32 	%r33, 0;

$L__BB0_3:
	ld.shared.f32 	%f6, [%r30];
	ld.shared.f32 	%f7, [%r31];
	fma.rn.f32 	%f8, %f6, %f7, %f13;
	ld.shared.f32 	%f9, [%r30+4];
	ld.shared.f32 	%f10, [%r31+64];
	fma.rn.f32 	%f13, %f9, %f10, %f8;
	add.s32 	%r30, %r30, 8;
	add.s32 	%r31, %r31, 128;
	add.s32 	%r33, %r33, 2;
	setp.ne.s32 	%p2, %r33, 16;
	@%p2 bra 	$L__BB0_3;

	bar.sync 	0;
	add.s32 	%r32, %r32, 1;
	setp.lt.s32 	%p3, %r32, %r5;
	@%p3 bra 	$L__BB0_2;

$L__BB0_5:
	cvta.to.global.u64 	%rd10, %rd5;
	mad.lo.s32 	%r22, %r3, %r14, %r4;
	mul.wide.s32 	%rd11, %r22, 4;
	add.s64 	%rd12, %rd10, %rd11;
	st.global.f32 	[%rd12], %f13;
	ret;

}
"#;

/// `__global__ void reduceSum(const float* __restrict__ in, float* __restrict__ out, int n)`:
/// `sdata[tid] = i < n ? in[i] : 0; __syncthreads(); for (s = blockDim.x/2; s > 0; s >>= 1)
/// { if (tid < s) sdata[tid] += sdata[tid + s]; __syncthreads(); }
/// if (tid == 0) out[blockIdx.x] = sdata[0];` with `__shared__ float sdata[256]`.
const REDUCE_SHARED: &str = r#"//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-31833905
// Cuda compilation tools, release 11.8, V11.8.89
// Based on NVVM 7.0.1
//

.version 7.8
.target sm_52
.address_size 64

	// .globl	_Z9reduceSumPKfPfi
// _ZZ9reduceSumPKfPfiE5sdata has been demoted

.visible .entry _Z9reduceSumPKfPfi(
	.param .u64 _Z9reduceSumPKfPfi_param_0,
	.param .u64 _Z9reduceSumPKfPfi_param_1,
	.param .u32 _Z9reduceSumPKfPfi_param_2
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<8>;
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<10>;
	// demoted variable
	.shared .align 4 .b8 _ZZ9reduceSumPKfPfiE5sdata[1024];

	ld.param.u64 	%rd2, [_Z9reduceSumPKfPfi_param_0];
	ld.param.u64 	%rd3, [_Z9reduceSumPKfPfi_param_1];
	ld.param.u32 	%r6, [_Z9reduceSumPKfPfi_param_2];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mov.f32 	%f7, 0f00000000;
	setp.ge.u32 	%p1, %r4, %r6;
	@%p1 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd4, %rd2;
	mul.wide.u32 	%rd5, %r4, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.nc.f32 	%f7, [%rd6];

$L__BB0_2:
	shl.b32 	%r7, %r1, 2;
	mov.u32 	%r8, _ZZ9reduceSumPKfPfiE5sdata;
	add.s32 	%r5, %r8, %r7;
	st.shared.f32 	[%r5], %f7;
	bar.sync 	0;
	shr.u32 	%r11, %r3, 1;
	setp.eq.s32 	%p2, %r11, 0;
	@%p2 bra 	$L__BB0_7;

$L__BB0_3:
	setp.ge.u32 	%p3, %r1, %r11;
	@%p3 bra 	$L__BB0_5;

	shl.b32 	%r9, %r11, 2;
	add.s32 	%r10, %r5, %r9;
	ld.shared.f32 	%f2, [%r10];
	ld.shared.f32 	%f3, [%r5];
	add.f32 	%f4, %f3, %f2;
	st.shared.f32 	[%r5], %f4;

$L__BB0_5:
	bar.sync 	0;
	shr.u32 	%r11, %r11, 1;
	setp.ne.s32 	%p4, %r11, 0;
	@%p4 bra 	$L__BB0_3;

$L__BB0_7:
	setp.ne.s32 	%p5, %r1, 0;
	@%p5 bra 	$L__BB0_9;

	ld.shared.f32 	%f5, [_ZZ9reduceSumPKfPfiE5sdata];
	cvta.to.global.u64 	%rd7, %rd3;
	mul.wide.u32 	%rd8, %r2, 4;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.f32 	[%rd9], %f5;

$L__BB0_9:
	ret;

}
"#;
