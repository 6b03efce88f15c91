//! A line's words and numbers read as bytes, as the standard library reads them from `str`
//! (the Matrix Market reader: a profile put a quarter of its time in checking each line for
//! UTF-8 and in the `str` parsers).

// Every function here is `inline(always)` and written as plain loops: the wasm build turns
// LLVM's inliner off (.cargo/config.toml), and a closure or an iterator adapter left as a call
// per byte made the worker's Matrix Market reader three times slower (bench-matrix.mjs).

/// Whether `b` is ASCII whitespace, as `u8::is_ascii_whitespace` says.
#[inline(always)]
fn space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0c' | b'\r')
}

/// How many ASCII digits `s` starts with.
#[inline(always)]
fn leading_digits(s: &[u8]) -> usize {
    let mut i = 0;
    while i < s.len() && s[i].wrapping_sub(b'0') <= 9 {
        i += 1;
    }
    i
}

/// `s` without a leading `+` or `-`.
#[inline(always)]
fn unsigned(s: &[u8]) -> &[u8] {
    match s.first() {
        Some(b'+' | b'-') => &s[1..],
        _ => s,
    }
}

/// The words of a line split at ASCII whitespace, as `str::split_ascii_whitespace` splits
/// them.
pub(super) struct Words<'a>(pub(super) &'a [u8]);

impl<'a> Iterator for Words<'a> {
    type Item = &'a [u8];

    #[inline(always)]
    fn next(&mut self) -> Option<&'a [u8]> {
        let s = self.0;
        let mut i = 0;
        while i < s.len() && space(s[i]) {
            i += 1;
        }
        let mut j = i;
        while j < s.len() && !space(s[j]) {
            j += 1;
        }
        self.0 = &s[j..];
        if j > i {
            Some(&s[i..j])
        } else {
            None
        }
    }
}

/// `word` as a whole number, as `u64::from_str` reads one (an optional `+`, then digits; none
/// on overflow).
#[inline(always)]
pub(super) fn whole_number(word: &[u8]) -> Option<u64> {
    let digits = match word.first() {
        Some(b'+') => &word[1..],
        _ => word,
    };
    if digits.is_empty() || leading_digits(digits) != digits.len() {
        return None;
    }
    // Overflow is found by comparing with u64::MAX / 10, not by `checked_mul`: on wasm32 a
    // 64-bit multiply with overflow check is a call to a 128-bit multiply (`__multi3`), which
    // was a fifth of the Matrix Market reader's time in the worker.
    const MAX_TENTH: u64 = u64::MAX / 10;
    const MAX_LAST: u64 = u64::MAX % 10;
    let mut v: u64 = 0;
    let mut i = 0;
    while i < digits.len() {
        let d = u64::from(digits[i] - b'0');
        if v > MAX_TENTH || (v == MAX_TENTH && d > MAX_LAST) {
            return None;
        }
        v = v * 10 + d;
        i += 1;
    }
    Some(v)
}

/// Whether `f64::from_str` reads `word`: an optional sign, then `inf`, `infinity` or `nan` in
/// any case, or digits with at most one point (a digit on at least one side) and an optional
/// exponent (`e` or `E`, an optional sign, digits). Checked without converting.
#[inline(always)]
pub(super) fn is_number(word: &[u8]) -> bool {
    let w = unsigned(word);
    let whole = leading_digits(w);
    let mut rest = &w[whole..];
    let mut any = whole > 0;
    if let Some((b'.', after)) = rest.split_first() {
        let fraction = leading_digits(after);
        any |= fraction > 0;
        rest = &after[fraction..];
    }
    if !any {
        return w.eq_ignore_ascii_case(b"inf")
            || w.eq_ignore_ascii_case(b"infinity")
            || w.eq_ignore_ascii_case(b"nan");
    }
    match rest.split_first() {
        None => true,
        Some((b'e' | b'E', exponent)) => {
            let exponent = unsigned(exponent);
            !exponent.is_empty() && leading_digits(exponent) == exponent.len()
        }
        Some(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{is_number, whole_number, Words};
    use proptest::prelude::*;

    #[test]
    fn numbers_as_the_standard_library_reads_them() {
        for (word, number) in [
            ("1", true),
            ("-1.5e-3", true),
            ("+.5", true),
            ("5.", true),
            ("1E+07", true),
            ("INFinity", true),
            ("-nan", true),
            (".", false),
            ("e5", false),
            ("1e", false),
            ("1e+", false),
            ("1.2.3", false),
            ("0x10", false),
            ("--1", false),
            ("", false),
        ] {
            assert_eq!(is_number(word.as_bytes()), number, "{word:?}");
            assert_eq!(word.parse::<f64>().is_ok(), number, "{word:?}");
        }
        assert_eq!(whole_number(b"+42"), Some(42));
        assert_eq!(whole_number(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(whole_number(b"18446744073709551616"), None);
        assert_eq!(whole_number(b"+"), None);
        assert_eq!(whole_number(b"-1"), None);
    }

    proptest! {
        #[test]
        fn is_number_agrees_with_f64_from_str(word in "[-+0-9.eEinfatyINFATY_x]{0,12}") {
            prop_assert_eq!(is_number(word.as_bytes()), word.parse::<f64>().is_ok());
        }

        #[test]
        fn whole_number_agrees_with_u64_from_str(word in "[-+0-9a]{0,22}") {
            prop_assert_eq!(whole_number(word.as_bytes()), word.parse::<u64>().ok());
        }

        #[test]
        fn words_split_as_str_does(line in "[ \t\x0c\ra-z0-9]{0,30}") {
            let ours: Vec<&[u8]> = Words(line.as_bytes()).collect();
            let std: Vec<&[u8]> = line.split_ascii_whitespace().map(str::as_bytes).collect();
            prop_assert_eq!(ours, std);
        }
    }
}
