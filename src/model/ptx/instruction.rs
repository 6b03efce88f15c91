//! One statement → an [`Instruction`]: the PTX opcodes, the predicate, modifiers and
//! operands read and checked, and the instruction classified (memory, sync, branch, exit,
//! compute). Also the names PTX allows (registers, identifiers, labels) and its numbers.

use super::lex::{balanced, excerpt, split_top_level, split_word};
use super::parsed::{Class, Instruction, Operand, Space};

/// Every PTX opcode (ISA 8.x), without modifiers. An opcode not listed is reported as an error
/// rather than silently priced.
pub(super) const OPCODES: &[&str] = &[
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

/// A statement (without its `;`) in its three pieces: the guard predicate without its `@`
/// (`%p1`, `!%p2`), the opcode with its modifiers (`ld.global.f32`) and the operands' text.
pub(super) fn pieces(statement: &str) -> (Option<&str>, &str, &str) {
    let mut rest = statement;
    let mut predicate = None;
    if let Some(after) = rest.strip_prefix('@') {
        let (guard, tail) = split_word(after);
        predicate = Some(guard);
        rest = tail.trim_start();
    }
    let (word, operand_text) = split_word(rest);
    (predicate, word, operand_text.trim())
}

/// The operands in `operand_text` (from [`pieces`]), or what was expected.
fn operands_of(operand_text: &str) -> Result<Vec<Operand<'_>>, String> {
    let mut operands = Vec::new();
    if !operand_text.is_empty() {
        for part in split_top_level(operand_text) {
            parse_operand(part.trim(), &mut operands)?;
        }
    }
    Ok(operands)
}

/// Reads one statement (without its `;`) into an instruction, or says what was expected.
/// The parser never passes an empty statement (a lone `;` ends a directive); one would be
/// "expected an opcode".
pub(super) fn parse_instruction(statement: &str, line: usize) -> Result<Instruction, String> {
    let (predicate, word, operand_text) = pieces(statement);
    if let Some(guard) = predicate {
        let register = guard.strip_prefix('!').unwrap_or(guard);
        // Inline assembly names its predicates without `%` (`.reg .pred p; @p ld…`).
        if !(is_register(register) || is_symbol(register)) {
            return Err(format!(
                "expected a predicate register after `@` (like `@%p1` or `@!%p1`), found `{}`",
                excerpt(statement)
            ));
        }
        if word.is_empty() {
            return Err("expected an opcode after the predicate".to_string());
        }
    }
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
    let modifiers: Vec<&str> = parts.collect();
    for m in &modifiers {
        let valid = !m.is_empty()
            && m.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
        if !valid {
            return Err(format!(
                "expected modifiers made of letters, digits and `_` after `.`, found `{}`",
                excerpt(word)
            ));
        }
    }
    if !balanced(operand_text) {
        return Err(format!(
            "expected balanced brackets `[ ]`, `{{ }}` and `( )`, found `{}`",
            excerpt(operand_text)
        ));
    }
    let operands = operands_of(operand_text)?;
    let has = |m: &str| modifiers.contains(&m);
    let class = match opcode {
        "ld" | "ldu" | "st" | "atom" | "red" => Class::Memory {
            space: Space::from_modifiers(modifiers.iter().copied()),
            store: matches!(opcode, "st" | "atom" | "red"),
        },
        // Asynchronous copies between global and shared memory (`cp.async`,
        // `cp.async.bulk(.tensor)`, `cp.reduce.async.bulk`) move device memory; their
        // `commit_group`/`wait_group`/`wait_all` forms only wait. Writing to global when the
        // destination space comes first (`cp.async.bulk.global.shared::cta`).
        "cp" if has("async") && !has("commit_group") && !has("wait_group") && !has("wait_all") => {
            let first = modifiers
                .iter()
                .map(|&m| Space::from_modifiers([m]))
                .find(|s| *s != Space::Generic);
            Class::Memory {
                space: Space::Global,
                store: first == Some(Space::Global),
            }
        }
        // Texture and surface reads and writes reach device memory.
        "tex" | "tld4" | "suld" => Class::Memory {
            space: Space::Tex,
            store: false,
        },
        "sust" | "sured" => Class::Memory {
            space: Space::Global,
            store: true,
        },
        // A warp's matrix fragment from or to global (or generic) memory.
        "wmma" if has("load") || has("store") => {
            let space = Space::from_modifiers(modifiers.iter().copied());
            if space.is_device_memory() {
                Class::Memory {
                    space,
                    store: has("store"),
                }
            } else {
                Class::Compute
            }
        }
        // A prefetch brings a line from device memory.
        "prefetch" | "prefetchu" => Class::Memory {
            space: Space::from_modifiers(modifiers.iter().copied()),
            store: false,
        },
        // `bar.warp.sync` synchronizes a warp's threads, not the block.
        "bar" if has("warp") => Class::Compute,
        "bar" | "barrier" => Class::Sync,
        "bra" => {
            if !operands.iter().any(|o| matches!(o, Operand::Symbol(_))) {
                return Err("expected a label after `bra` (like `bra $L__BB0_2;`)".into());
            }
            Class::Branch
        }
        "ret" | "exit" => Class::Exit,
        _ => Class::Compute,
    };
    Ok(Instruction::new(
        line,
        class,
        format!("{statement};").into(),
    ))
}

/// What an instruction's text says, read when asked for.
impl Instruction {
    /// The statement without its `;`.
    fn statement(&self) -> &str {
        self.text.strip_suffix(';').unwrap_or(&self.text)
    }

    /// The guard predicate without its `@`: `"%p1"`, or `"!%p2"` when negated.
    pub fn predicate(&self) -> Option<&str> {
        pieces(self.statement()).0
    }

    /// The operation, without modifiers: `"add"`, `"ld"`, `"bra"`.
    pub fn opcode(&self) -> &str {
        let word = pieces(self.statement()).1;
        word.split('.').next().unwrap_or(word)
    }

    /// The dot-separated modifiers in order: `lo`, `s32`; `global`, `nc`, `f32`.
    pub fn modifiers(&self) -> impl Iterator<Item = &str> + Clone {
        pieces(self.statement()).1.split('.').skip(1)
    }

    /// The operands in order (destination first, as PTX writes them).
    pub fn operands(&self) -> Vec<Operand<'_>> {
        // The parser accepted these operands: no error can come back.
        operands_of(pieces(self.statement()).2).unwrap_or_default()
    }

    /// The label a `bra` jumps to, as written (`$L__BB0_2`); `None` for other instructions.
    pub fn branch_target(&self) -> Option<&str> {
        if self.class != Class::Branch {
            return None;
        }
        self.operands().into_iter().find_map(|o| match o {
            Operand::Symbol(s) => Some(s),
            _ => None,
        })
    }
}

/// Reads one operand (a vector operand gives several) into `out`.
fn parse_operand<'a>(text: &'a str, out: &mut Vec<Operand<'a>>) -> Result<(), String> {
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
        // `[tex, {%f1, %f2}]`, `[%rd1, {%r5, %r6}]`: an address, then a vector of
        // coordinates (texture and tensor instructions).
        let mut parts = split_top_level(inner).into_iter();
        out.push(parse_address(parts.next().unwrap_or("").trim())?);
        for part in parts {
            parse_operand(part.trim(), out)?;
        }
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
        out.push(Operand::Symbol(text));
        return Ok(());
    }
    let register = text.strip_prefix('!').unwrap_or(text);
    if register.starts_with('%') {
        if is_register(register) {
            out.push(Operand::Register(text));
            return Ok(());
        }
        return Err(format!(
            "expected a register name (like `%r1`), found `{}`",
            excerpt(text)
        ));
    }
    if is_immediate(text) {
        out.push(Operand::Immediate(text));
        return Ok(());
    }
    if is_symbol(text) {
        out.push(Operand::Symbol(text));
        return Ok(());
    }
    Err(format!(
        "expected an operand (a register, a number, an address `[…]` or a name), found `{}`",
        excerpt(text)
    ))
}

/// Reads the inside of `[ … ]`: `%rd4`, `%rd4+4`, `%rd4+-4`, `name`, `name+8`, `4096`.
fn parse_address(inner: &str) -> Result<Operand<'_>, String> {
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
        return Ok(Operand::Address { base: "", offset });
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
        Ok(Operand::Address { base, offset })
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

/// A number as PTX writes it: integers (`parse_integer`), `0f`/`0d` hex floats (8 and 16
/// hex digits), decimal floats (`1.5`, `1e-3`, `.5`). Not `1abc`.
fn is_immediate(text: &str) -> bool {
    let digits = text
        .strip_prefix('-')
        .or_else(|| text.strip_prefix('+'))
        .unwrap_or(text);
    let hex_float = |t: &str, n: usize| t.len() == n && t.bytes().all(|b| b.is_ascii_hexdigit());
    if let Some(f) = digits
        .strip_prefix("0f")
        .or_else(|| digits.strip_prefix("0F"))
    {
        return hex_float(f, 8);
    }
    if let Some(d) = digits
        .strip_prefix("0d")
        .or_else(|| digits.strip_prefix("0D"))
    {
        return hex_float(d, 16);
    }
    parse_integer(text).is_some()
        || (digits
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_digit() || b == b'.')
            && digits.parse::<f64>().is_ok_and(f64::is_finite))
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
pub(super) fn split_label(text: &str) -> Option<(&str, &str)> {
    let (label, after) = text.split_once(':')?;
    if is_symbol(label) || (label.starts_with('%') && is_symbol(label.get(1..)?)) {
        Some((label, after))
    } else {
        None
    }
}
