//! The PTX parser: text as `nvcc -ptx` prints it → [`Parsed`]. Never panics; a line it
//! cannot read becomes a [`ParseError`] and parsing goes on.

use std::collections::HashMap;

use super::instruction::{parse_instruction, split_label, OPCODES};
use super::lex::{count_braces, excerpt, find_outside_quotes, split_word, strip_comments};
use super::parsed::{Class, Function, Instruction, Loop, ParseError, Parsed, MAX_KEPT_ERRORS};

/// The longest line read (1 MiB): a longer one is reported ("the line is longer than 1 MiB: is
/// this a text file?") and skipped. nvcc's longest lines are a few hundred bytes.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The longest statement read (1 MiB): a statement still without its `;` past this length is
/// reported at its first line ("…runs past 1 MiB without its `;`…") and dropped; reading goes
/// on with the next line.
pub const MAX_STATEMENT_BYTES: usize = 1 << 20;

/// How deep `{ }` blocks nest (64): deeper braces are reported once and their labels belong to
/// the 64th block. nvcc nests a function body, a call sequence and inline assembly: 3 or 4.
pub const MAX_BLOCK_DEPTH: usize = 64;

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
        let number = i.saturating_add(1);
        if line.len() > MAX_LINE_BYTES {
            parser.error(
                number,
                "the line is longer than 1 MiB: is this a text file?".to_string(),
            );
            continue;
        }
        parser.line(number, line);
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
    /// Errors found past the [`MAX_KEPT_ERRORS`] kept.
    errors_left_out: usize,
    /// (block, label) → (index of the instruction after the label, line). A block is a
    /// function's body or a `{ }` inside it; a label is found from the innermost block out.
    labels: HashMap<(usize, String), (usize, usize)>,
    /// (instruction index, the innermost block open there) of every `bra`.
    branches: Vec<(usize, usize)>,
    /// Each block's enclosing block, by block id (block 0, outside functions, is its own).
    parents: Vec<usize>,
    /// Blocks nested past [`MAX_BLOCK_DEPTH`] were reported.
    too_deep: bool,
    /// Each instruction's function (its `scope`).
    func_of: Vec<usize>,
    /// The `.entry` or `.func` whose header was read and whose body has not opened yet:
    /// (name, is an entry, line).
    header: Option<(String, bool, usize)>,
    /// The functions with a body, in text order.
    functions: Vec<Function>,
    /// Brace depth: 0 outside functions.
    depth: usize,
    /// Counts the functions seen; labels are local to one.
    scope: usize,
    /// > 0 while skipping a directive's `= { … }` initializer that spans lines.
    initializer: usize,
    /// An instruction whose `;` has not come yet (a statement ends at `;`, not at a
    /// newline: nvcc prints a `call` over several lines).
    pending: Option<Pending>,
    /// The `{ }` blocks open inside the current function, innermost last (inline assembly
    /// opens its own: its labels are local to it).
    blocks: Vec<usize>,
    /// Counts the blocks opened, for their ids.
    block_count: usize,
    /// `.target …, debug` was seen (`nvcc -G`).
    debug: bool,
    /// The line being read.
    line: usize,
}

/// A statement read over several lines, waiting for its `;`: its first line, its text so far
/// and its brackets, kept as each line is added so that no line rescans the text before it
/// (O(length) in all).
struct Pending {
    start: usize,
    text: String,
    /// The closers the open brackets wait for, innermost last.
    open: Vec<char>,
    /// A bracket closed the wrong kind (as [`balanced`](super::lex::balanced): never balanced again).
    broken: bool,
}

impl Pending {
    fn new(start: usize, text: &str) -> Pending {
        let mut p = Pending {
            start,
            text: String::new(),
            open: Vec::new(),
            broken: false,
        };
        p.add(text);
        p
    }

    /// Appends `piece` (after a space when there is text before it), reading its brackets.
    fn add(&mut self, piece: &str) {
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        self.text.push_str(piece);
        for c in piece.chars() {
            match c {
                '[' => self.open.push(']'),
                '{' => self.open.push('}'),
                '(' => self.open.push(')'),
                ']' | '}' | ')' if self.open.pop() != Some(c) => {
                    self.broken = true;
                }
                _ => {}
            }
        }
    }

    /// True when the statement cannot be complete: a bracket is open or it ends in `,` or `(`.
    fn is_open(&self) -> bool {
        self.broken || !self.open.is_empty() || self.text.ends_with(',') || self.text.ends_with('(')
    }
}

impl Parser {
    fn error(&mut self, line: usize, message: String) {
        self.errors.push(ParseError { line, message });
        if self.errors.len() >= 2 * MAX_KEPT_ERRORS {
            self.keep_first_errors();
        }
    }

    /// Keeps the [`MAX_KEPT_ERRORS`] errors with the first lines (in the order found, among
    /// those on one line) and counts the others: a text of garbage, an error a line, is held
    /// in memory that does not grow with it. O(k log k) per call, and each call follows
    /// `MAX_KEPT_ERRORS` new errors.
    fn keep_first_errors(&mut self) {
        // The standard library's stable sort: the branch errors come after the others, and
        // an insertion sort would be quadratic in them.
        self.errors.sort_by_key(|e| e.line);
        if self.errors.len() > MAX_KEPT_ERRORS {
            self.errors_left_out += self.errors.len() - MAX_KEPT_ERRORS;
            self.errors.truncate(MAX_KEPT_ERRORS);
        }
    }

    fn open_brace(&mut self) {
        if self.depth == 0 {
            self.scope = self.scope.saturating_add(1);
            self.blocks.clear();
            if let Some((name, entry, line)) = self.header.take() {
                let at = self.instructions.len();
                self.functions.push(Function {
                    name,
                    entry,
                    line,
                    start: at,
                    end: at,
                });
            }
        }
        self.depth = self.depth.saturating_add(1);
        if self.blocks.len() >= MAX_BLOCK_DEPTH {
            // Past the limit, a block's labels belong to the innermost one kept.
            if !self.too_deep {
                self.too_deep = true;
                self.error(
                    self.line,
                    format!("expected `{{ }}` blocks nested at most {MAX_BLOCK_DEPTH} deep"),
                );
            }
            self.blocks.push(self.block());
            return;
        }
        if self.parents.is_empty() {
            self.parents.push(0);
        }
        let parent = self.block();
        self.block_count = self.block_count.saturating_add(1);
        self.parents.push(parent);
        self.blocks.push(self.block_count);
    }

    fn close_brace(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        self.blocks.pop();
        if self.depth == 0 {
            let end = self.instructions.len();
            if let Some(f) = self.functions.last_mut().filter(|f| f.end == f.start) {
                f.end = end;
            }
        }
    }

    /// The innermost open block (0 outside functions).
    fn block(&self) -> usize {
        self.blocks.last().copied().unwrap_or(0)
    }

    /// True when `line` starts a new instruction: a predicate, or a PTX opcode (with its
    /// modifiers) followed by operands or nothing. A statement still waiting for its `;` is
    /// abandoned (an error) when one does and the statement is complete (its brackets closed,
    /// no trailing comma): the `;` was left out.
    fn starts_instruction(line: &str) -> bool {
        if line.starts_with('@') {
            return true;
        }
        let word = split_word(line).0;
        OPCODES.contains(&word.split('.').next().unwrap_or(""))
    }

    /// Reads one line (comments already removed). Linear in the line's length: the next `;`
    /// is found once and kept until the reading passes it, and a label or a `.callprototype`
    /// is looked for only in the statement before it.
    fn line(&mut self, number: usize, line: &str) {
        self.line = number;
        let full = line.trim();
        let mut rest = full;
        if self.initializer > 0 {
            let (opens, closes) = count_braces(rest);
            self.initializer = self
                .initializer
                .saturating_add(opens)
                .saturating_sub(closes);
            return;
        }
        if let Some(mut pending) = self.pending.take() {
            if !pending.is_open() && Self::starts_instruction(rest) {
                self.error(
                    pending.start,
                    format!(
                        "expected an instruction ending in `;`, found `{}`",
                        excerpt(&pending.text)
                    ),
                );
            } else {
                match find_outside_quotes(rest, ';') {
                    Some(i) => {
                        pending.add(rest.get(..i).unwrap_or("").trim());
                        self.statement(pending.text.trim(), pending.start);
                        rest = rest.get(i.saturating_add(1)..).unwrap_or("").trim_start();
                    }
                    None => {
                        if !rest.is_empty() {
                            pending.add(rest);
                        }
                        self.keep_pending(pending);
                        return;
                    }
                }
            }
        }
        // The next `;` outside quotes, as an offset in `full`: (where the search began, what
        // it found). Valid while the reading has not passed it.
        let mut semi: Option<(usize, Option<usize>)> = None;
        while !rest.is_empty() {
            let at = full.len() - rest.len();
            let next = match semi {
                Some((from, found)) if from <= at && found.is_none_or(|f| at <= f) => found,
                _ => {
                    let found = find_outside_quotes(rest, ';').map(|i| at + i);
                    semi = Some((at, found));
                    found
                }
            };
            // The statement before the `;` (or the rest of the line without one).
            let statement = next.map_or(rest, |f| rest.get(..f - at).unwrap_or(""));
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
            } else if let Some(i) = statement.split_once(':').and_then(|(_, after)| {
                let after = after.trim_start();
                after
                    .starts_with(".callprototype")
                    .then(|| statement.len() - after.len())
            }) {
                // `prototype_0 : .callprototype ()_ (.param .b64 _, …);`: a declaration for an
                // indirect call, not a label.
                rest = self.directive(rest.get(i..).unwrap_or("")).trim_start();
            } else if let Some((label, _)) = split_label(statement) {
                self.label(label, number);
                rest = rest
                    .get(label.len().saturating_add(1)..)
                    .unwrap_or("")
                    .trim_start();
            } else {
                match next {
                    Some(f) => {
                        self.statement(statement.trim(), number);
                        rest = full.get(f.saturating_add(1)..).unwrap_or("").trim_start();
                    }
                    None => {
                        // The statement goes on on the next line.
                        self.keep_pending(Pending::new(number, rest));
                        break;
                    }
                }
            }
        }
    }

    /// Keeps `pending` for the next line, or, past [`MAX_STATEMENT_BYTES`], reports it and
    /// drops it.
    fn keep_pending(&mut self, pending: Pending) {
        if pending.text.len() > MAX_STATEMENT_BYTES {
            self.error(
                pending.start,
                format!(
                    "this statement runs past 1 MiB without its `;` (`{}`): is a `;` missing?",
                    excerpt(&pending.text)
                ),
            );
        } else {
            self.pending = Some(pending);
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
        if text.starts_with(".target") && text.split([',', ' ']).any(|w| w.trim() == "debug") {
            self.debug = true;
        }
        if self.depth == 0 {
            if let Some(header) = function_header(text) {
                self.header = Some((header.0, header.1, self.line));
            }
        }
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
        let key = (self.block(), label.to_string());
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
        if statement.is_empty() {
            // A `;` on a line of its own, ending a directive written over several lines
            // (`.extern .func … ( … )` then `;`).
            return;
        }
        match parse_instruction(statement, line) {
            Ok(ins) => {
                if matches!(ins.class, Class::Branch) {
                    self.branches.push((self.instructions.len(), self.block()));
                }
                self.instructions.push(ins);
                self.func_of.push(self.scope);
            }
            Err(message) => self.error(line, message),
        }
    }

    /// Resolves branch targets, finds the loops and sorts the errors by line.
    fn finish(mut self) -> Parsed {
        if let Some(pending) = self.pending.take() {
            self.error(
                pending.start,
                format!(
                    "expected an instruction ending in `;`, found `{}`",
                    excerpt(&pending.text)
                ),
            );
        }
        // Each branch's target instruction (within its function), or an error.
        let mut targets: HashMap<usize, (usize, usize)> = HashMap::new();
        for &(index, innermost) in &self.branches {
            let Some(ins) = self.instructions.get(index) else {
                continue;
            };
            let Some(target) = ins.branch_target() else {
                continue;
            };
            // Innermost block first, out to block 0, the text outside any function (at most
            // MAX_BLOCK_DEPTH + 1 looks).
            let mut block = innermost;
            let found = loop {
                if let Some(found) = self.labels.get(&(block, target.to_string())) {
                    break Some(found);
                }
                if block == 0 {
                    break None;
                }
                block = self.parents.get(block).copied().unwrap_or(0);
            };
            match found {
                Some(&(start, header_line)) => {
                    targets.insert(index, (start, header_line));
                }
                None => self.errors.push(ParseError {
                    line: ins.line,
                    message: format!(
                        "expected the branch target `{target}` to be a label defined in this function"
                    ),
                }),
            }
        }
        // Natural loops, function by function.
        let mut loops = Vec::new();
        let mut lo = 0;
        while lo < self.instructions.len() {
            let f = self.func_of[lo];
            let mut hi = lo;
            while hi + 1 < self.instructions.len() && self.func_of[hi + 1] == f {
                hi += 1;
            }
            let target = |i: usize| targets.get(&i).map(|t| t.0);
            for n in super::loops::natural_loops(&self.instructions, lo, hi, &target) {
                let branch = &self.instructions[n.branch];
                let (label, header_line) = match (branch.branch_target(), targets.get(&n.branch)) {
                    (Some(target), Some(&(_, line))) => (target.to_string(), line),
                    _ => (String::new(), self.instructions[n.header].line),
                };
                loops.push(Loop {
                    label,
                    start: n.header,
                    end: n.branch,
                    header_line,
                    branch_line: branch.line,
                    body: n.body,
                    depth: 0,
                    function: String::new(),
                    origin: 0,
                });
            }
            lo = hi + 1;
        }
        super::parsed::order_loops(&mut loops);
        self.keep_first_errors();
        // A function whose body never closed ends with the text.
        let n = self.instructions.len();
        for f in self.functions.iter_mut().filter(|f| f.end == f.start) {
            f.end = n;
        }
        // Each loop's function (the one whose body holds its header) and its own index.
        for (k, l) in loops.iter_mut().enumerate() {
            l.origin = k;
            let f = self.functions.partition_point(|f| f.start <= l.start);
            if let Some(f) = f.checked_sub(1).map(|f| &self.functions[f]) {
                if l.start < f.end {
                    l.function = f.name.clone();
                }
            }
        }
        Parsed {
            instructions: self.instructions,
            errors: self.errors,
            errors_left_out: self.errors_left_out,
            loops,
            debug: self.debug,
            functions: self.functions,
        }
    }
}

/// The name of the function a directive declares with a body, and whether it is a kernel:
/// `.visible .entry name(`, `.weak .func (.param .b32 r) name(`. `None` for anything else,
/// and for `.extern` declarations (no body here).
fn function_header(text: &str) -> Option<(String, bool)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.contains(&".extern") {
        return None;
    }
    let entry = words
        .iter()
        .find_map(|w| match w.split('(').next().unwrap_or("") {
            ".entry" => Some(true),
            ".func" => Some(false),
            _ => None,
        })?;
    // After the keyword: a `.func`'s return parameters in `( … )`, then the name.
    let after = text
        .split_once(if entry { ".entry" } else { ".func" })?
        .1
        .trim_start();
    let after = if after.starts_with('(') {
        let close = after.find(')')?;
        after.get(close + 1..)?.trim_start()
    } else {
        after
    };
    let name: String = after
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    (!name.is_empty()).then_some((name, entry))
}
