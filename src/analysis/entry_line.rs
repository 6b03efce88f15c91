//! Entry lines of the usual shape (`row column value`), read in one pass: the Matrix Market
//! reader's fast path, which answers only for lines the general path would read alike and
//! leaves every other line (and every error) to it.

use super::words::is_number;

/// An entry line of the usual shape, `row column value` with single words separated by spaces
/// or tabs (trailing ones allowed), read in one pass: its two indices (digits alone, at most
/// 19) once the value is a number as [`is_number`] reads it. `None` for any other line (a
/// comment, a blank line, a sign, more or fewer words, an error): the general path reads it
/// and names what is wrong. About half of a plain file's reading time
/// (`cargo bench --bench matrix`).
#[inline(always)]
pub(super) fn plain_entry(line: &[u8]) -> Option<(u64, u64)> {
    let (i, p) = digits(line, 0)?;
    let (j, p) = digits(line, gap(line, p)?)?;
    let start = gap(line, p)?;
    let mut end = start;
    while end < line.len() && line[end] != b' ' && line[end] != b'\t' {
        end += 1;
    }
    let mut rest = end;
    while rest < line.len() && (line[rest] == b' ' || line[rest] == b'\t') {
        rest += 1;
    }
    (rest == line.len() && is_number(&line[start..end])).then_some((i, j))
}

/// The whole number (at most 19 digits) at `line[p]`, and where it ends.
#[inline(always)]
fn digits(line: &[u8], mut p: usize) -> Option<(u64, usize)> {
    let start = p;
    let mut v: u64 = 0;
    while p < line.len() && line[p].wrapping_sub(b'0') <= 9 {
        if p - start == 19 {
            return None;
        }
        v = v * 10 + u64::from(line[p] - b'0');
        p += 1;
    }
    (p > start).then_some((v, p))
}

/// The end of the spaces and tabs (at least one) at `line[p]`.
#[inline(always)]
fn gap(line: &[u8], mut p: usize) -> Option<usize> {
    let start = p;
    while p < line.len() && (line[p] == b' ' || line[p] == b'\t') {
        p += 1;
    }
    (p > start).then_some(p)
}

/// The entry line of the usual shape starting at `s[p]`, read to its newline in one pass:
/// `row column` and `values` values (0 for a pattern matrix, 1, or 2 for a complex one,
/// each spelled with digits), then spaces or tabs, an optional `\r` and `\n`. Its indices and
/// where the next line starts; `None` for any other line, one longer than
/// [`MAX_LINE`](super::MAX_LINE), or one without its newline in `s`. Whatever it reads, the
/// general path reads alike on the line without its `\n` and one trailing `\r` (for one
/// value, [`plain_entry`] too).
#[inline(always)]
pub(super) fn plain_line(s: &[u8], p: usize, values: usize) -> Option<(u64, u64, usize)> {
    let (i, q) = digits(s, p)?;
    let (j, mut q) = digits(s, gap(s, q)?)?;
    for _ in 0..values {
        q = number_end(s, gap(s, q)?)?;
    }
    let mut next = q;
    while next < s.len() && (s[next] == b' ' || s[next] == b'\t') {
        next += 1;
    }
    if next < s.len() && s[next] == b'\r' {
        next += 1;
    }
    if next >= s.len() || s[next] != b'\n' || next - p > super::MAX_LINE {
        return None;
    }
    Some((i, j, next + 1))
}

/// The end of the number at `s[q]`, as `f64::from_str` reads one spelled with digits (any
/// other spelling, such as `inf`, goes the general way): a sign, digits with at most one
/// point, an exponent.
#[inline(always)]
fn number_end(s: &[u8], mut q: usize) -> Option<usize> {
    if q < s.len() && (s[q] == b'+' || s[q] == b'-') {
        q += 1;
    }
    let (whole, mut q) = (q, digit_run(s, q));
    let mut any = q > whole;
    if q < s.len() && s[q] == b'.' {
        let fraction = q + 1;
        q = digit_run(s, fraction);
        any |= q > fraction;
    }
    if !any {
        return None;
    }
    if q < s.len() && (s[q] | 0x20) == b'e' {
        q += 1;
        if q < s.len() && (s[q] == b'+' || s[q] == b'-') {
            q += 1;
        }
        let exponent = q;
        q = digit_run(s, q);
        if q == exponent {
            return None;
        }
    }
    Some(q)
}

/// The end of the ASCII digits at `s[p]`.
#[inline(always)]
fn digit_run(s: &[u8], mut p: usize) -> usize {
    while p < s.len() && s[p].wrapping_sub(b'0') <= 9 {
        p += 1;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::super::words::{is_number, whole_number, Words};
    use super::{plain_entry, plain_line};
    use proptest::prelude::*;

    proptest! {
        /// The one-pass reading of an entry line agrees with the general one wherever it
        /// answers: three words, two whole numbers and a number.
        #[test]
        fn plain_entries_read_as_words(
            line in prop::collection::vec(prop::sample::select(b"0129 \t.e-+%x".to_vec()), 0..24),
        ) {
            if let Some((i, j)) = plain_entry(&line) {
                let words: Vec<&[u8]> = Words(&line).collect();
                prop_assert_eq!(words.len(), 3);
                prop_assert_eq!(whole_number(words[0]), Some(i));
                prop_assert_eq!(whole_number(words[1]), Some(j));
                prop_assert!(is_number(words[2]));
            }
        }
    }

    #[test]
    fn plain_entry_lines() {
        assert_eq!(plain_entry(b"12 7 -1.5e-3"), Some((12, 7)));
        assert_eq!(plain_entry(b"1\t2\t3 \t"), Some((1, 2)));
        assert_eq!(plain_entry(b" 1 2 3"), None);
        assert_eq!(plain_entry(b"1 2"), None);
        assert_eq!(plain_entry(b"1 2 3 4"), None);
        assert_eq!(plain_entry(b"1 2 x"), None);
        assert_eq!(plain_entry(b"% 1 2 3"), None);
        assert_eq!(plain_entry(b"99999999999999999999 1 1"), None);
    }

    proptest! {
        /// A line read straight from a chunk reads as the line alone does.
        #[test]
        fn plain_lines_read_as_plain_entries(
            line in prop::collection::vec(prop::sample::select(b"0129 \t.eE-+%x\r".to_vec()), 0..24),
            tail in prop::sample::select(vec![&b"\n"[..], b"\r\n", b"\n1 1 1\n", b""]),
        ) {
            let mut s = line.clone();
            s.extend_from_slice(tail);
            if let Some((i, j, next)) = plain_line(&s, 0, 1) {
                let end = s.iter().position(|&b| b == b'\n').unwrap_or(s.len());
                prop_assert_eq!(next, end + 1);
                let raw = &s[..end];
                prop_assert_eq!(plain_entry(raw.strip_suffix(b"\r").unwrap_or(raw)), Some((i, j)));
            }
        }

        /// Pattern and complex lines (no value, two) read as their words do.
        #[test]
        fn plain_lines_of_any_field_read_as_words(
            line in prop::collection::vec(prop::sample::select(b"0129 \t.e-+x\r".to_vec()), 0..24),
            values in 0usize..3,
        ) {
            let mut s = line.clone();
            s.push(b'\n');
            if let Some((i, j, next)) = plain_line(&s, 0, values) {
                prop_assert_eq!(next, s.len());
                let raw = &s[..s.len() - 1];
                let words: Vec<&[u8]> = Words(raw.strip_suffix(b"\r").unwrap_or(raw)).collect();
                prop_assert_eq!(words.len(), 2 + values);
                prop_assert_eq!(whole_number(words[0]), Some(i));
                prop_assert_eq!(whole_number(words[1]), Some(j));
                prop_assert!(words[2..].iter().all(|w| is_number(w)));
            }
        }
    }
}
