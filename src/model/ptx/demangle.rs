//! C++ names for the mangled names nvcc writes into PTX (`_Z12compute_gemmPK6__halfS1_PKfPfff`
//! → `compute_gemm(__half const*, __half const*, float const*, float*, float, float)`), by the
//! `cpp_demangle` crate (the Itanium C++ ABI's rules, which nvcc follows).
//!
//! Only the analysis worker and the command line call this: the page shows the names the worker
//! sends it. A hostile name cannot make the output blow up (a substitution can repeat a long
//! type at each use): the output stops at [`MAX_DEMANGLED`] bytes, and the name is then shown
//! as written.

use cpp_demangle::{DemangleOptions, DemangleWrite, ParseOptions, Symbol};

/// The longest C++ name kept, in bytes; a longer one is left mangled.
pub const MAX_DEMANGLED: usize = 1024;
/// The longest mangled name demangled, in bytes.
const MAX_MANGLED: usize = 4096;
/// How deep the demangler may recurse (its default is deeper than a worker's stack wants).
const RECURSION_LIMIT: u32 = 64;

/// A `String` that refuses to grow past [`MAX_DEMANGLED`].
struct Capped(String);

impl DemangleWrite for Capped {
    fn write_string(&mut self, s: &str) -> std::fmt::Result {
        if self.0.len() + s.len() > MAX_DEMANGLED {
            return Err(std::fmt::Error);
        }
        self.0.push_str(s);
        Ok(())
    }
}

/// The C++ name of a mangled one (`_Z…`), or `None` when `name` is not mangled, cannot be
/// read, or would be longer than [`MAX_DEMANGLED`] bytes.
pub fn demangled(name: &str) -> Option<String> {
    if !name.starts_with("_Z") || name.len() > MAX_MANGLED {
        return None;
    }
    let parse = ParseOptions::default().recursion_limit(RECURSION_LIMIT);
    let symbol = Symbol::new_with_options(name.as_bytes(), &parse).ok()?;
    let mut out = Capped(String::new());
    let options = DemangleOptions::default().recursion_limit(RECURSION_LIMIT);
    symbol.structured_demangle(&mut out, &options).ok()?;
    Some(out.0).filter(|s| !s.is_empty())
}

/// `name` as a person reads it: its C++ name when it is a mangled one, else as written.
pub fn readable(name: &str) -> String {
    demangled(name).unwrap_or_else(|| name.to_string())
}

/// `text` with each mangled name in it (a word starting `_Z`, up to a space, comma or
/// bracket) replaced by its C++ name.
pub fn demangle_in(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("_Z") {
        let starts_word = rest[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '$'));
        let end = rest[i..]
            .find(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '[' | ']' | ';'))
            .map_or(rest.len(), |e| i + e);
        out.push_str(&rest[..i]);
        let word = &rest[i..end];
        match demangled(word).filter(|_| starts_word) {
            Some(name) => out.push_str(&name),
            None => out.push_str(word),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_nvcc_writes() {
        assert_eq!(
            demangled("_Z12compute_gemmPK6__halfS1_PKfPfff").as_deref(),
            Some("compute_gemm(__half const*, __half const*, float const*, float*, float, float)")
        );
        assert_eq!(
            demangled("_Z6vecAddPKfS0_Pfi").as_deref(),
            Some("vecAdd(float const*, float const*, float*, int)")
        );
        assert_eq!(demangled("vecAdd"), None);
        assert_eq!(demangled("_Znot a name"), None);
        assert_eq!(readable("kernel"), "kernel");
        assert_eq!(
            demangle_in("line 9: _Z3addff (line 2) inlined here"),
            "line 9: add(float, float) (line 2) inlined here"
        );
        assert_eq!(demangle_in("x_Z3addff stays"), "x_Z3addff stays");
    }

    #[test]
    fn a_name_that_grows_stops_at_the_cap() {
        // Each level's template argument repeats the last one twice (S0_, S1_…): the C++ name
        // doubles per level.
        let mut name = String::from("_Z1fI1AIiiE");
        for i in 0..30 {
            name += &format!(
                "1AIS{}_S{}_E",
                if i == 0 {
                    String::new()
                } else {
                    (i - 1).to_string()
                },
                if i == 0 {
                    String::new()
                } else {
                    (i - 1).to_string()
                }
            );
        }
        name += "EvT_";
        let out = demangled(&name);
        assert!(
            out.as_ref().is_none_or(|s| s.len() <= MAX_DEMANGLED),
            "{out:?}"
        );
    }
}

#[cfg(test)]
mod hostile {
    use super::*;

    /// Names built to nest deeply or to repeat: each is refused or capped, quickly, and
    /// nothing panics or overflows the stack.
    #[test]
    fn deep_or_repeating_names_are_refused_or_capped() {
        let deep_pointer = format!("_Z1f{}i", "P".repeat(4000));
        let deep_template = format!("_Z1f{}i{}", "I1A".repeat(1300), "E".repeat(1300));
        let deep_function = format!("_Z1f{}", "PFv".repeat(1300));
        let substitutions = format!(
            "_Z1f{}",
            (0..800).map(|i| format!("S{i}_")).collect::<String>()
        );
        for name in [deep_pointer, deep_template, deep_function, substitutions] {
            assert!(
                demangled(&name).is_none_or(|s| s.len() <= MAX_DEMANGLED),
                "{}",
                &name[..40]
            );
        }
    }
}
