//! Numbers and units as the profilers print them.
//!
//! - Numbers: `21,058,944`, `1,215,000,000.00`, `0.077602`, `4.0e-05`. A comma is read as a
//!   thousands separator only where it separates groups of exactly three digits, so a
//!   decimal comma (`9,00`, a German locale) is an error instead of a silent 900.
//! - Dimensions: `(256, 1, 1)`.
//! - Units: time (`ns`, `nsecond`, `us`, `usecond`, `µs`, `ms`, `msecond`, `s`, `second`),
//!   bytes (`B`, `byte`, `KB`, `Kbyte`, `KiB`, `MB`, `Mbyte`, `MiB`, `GB`, `Gbyte`, …),
//!   frequency (`hz`, `khz`, `Mhz`, `Ghz`, `cycle/nsecond`, `cycle/usecond`, `cycle/second`),
//!   byte rates (`Gbyte/second`, `GB/s`, …), percent (`%`) and counts, with an SI prefix or
//!   not (`inst`, `Minst`, `Ksector`, `register/thread`, `block`, `SM`, `sector/request`).
//!   A denominator that is not a time (`/block`, `/thread`, `/request`) is part of what the
//!   quantity means, not of its scale: `Kbyte/block` is kilobytes.
//! - Inline units, as nvprof prints its metric values: `99.72%`, `45.08GB/s`, `1.2ms`.
//!
//! What a byte prefix is worth depends on the tool ([`BytePrefixes`]):
//! - Nsight Compute: decimal, `Kbyte` = 1000 bytes. Real exports show shared memory sizes
//!   that are multiples of 1024 bytes as `8.192`, `4.096` and `49.152` `Kbyte/block`.
//! - nvprof (CSV): binary, `KB` = 1024 bytes, `MB` = 1024 KB. In its `--print-gpu-trace`
//!   exports a 32×32 float tile pair (8192 bytes of static shared memory) reads `8.000000`
//!   `KB`, a 1028-byte memset `1.003906` `KB`, and the `MB/s` throughput of a 400 `KB` copy
//!   is 400 KiB ÷ duration ÷ 2^20. Its `--metrics` rates (`GB/s`) are taken to use the same
//!   convention (the same tool; not checked against a known byte count).
//! - `KiB`, `MiB`, `GiB`, `TiB` are binary in every tool.
//!
//! Conversions are exact where they can be: a value is read as its decimal digits with the
//! unit's power of ten folded into the exponent (`12.34` `usecond` is parsed as `12.34e-6`,
//! correctly rounded, the same double as `12,340` `nsecond`), then multiplied by the unit's
//! power of two (exact). Every function here is linear in its input and never panics.

/// How a tool scales the byte prefixes K, M, G, T (see the module's notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BytePrefixes {
    /// K = 1000 (Nsight Compute's `Kbyte`).
    Decimal,
    /// K = 1024 (nvprof's `KB`).
    Binary,
}

/// What a unit measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    /// No unit at all: the value is taken in the base unit of whatever it measures.
    Unitless,
    /// A count of something (instructions, warps, blocks, registers per thread, …).
    Count,
    /// Seconds.
    Time,
    /// Bytes.
    Bytes,
    /// Hertz (also cycles per unit of time).
    Hertz,
    /// Percent, 0–100.
    Percent,
    /// Bytes per second.
    BytesPerSecond,
    /// Something else with a known shape (a count per unit of time, …): never a canonical
    /// metric.
    Other,
}

/// A parsed unit: a value in it times 10^`pow10` × 2^`pow2` is in the SI base unit of `dim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub dim: Dim,
    pub pow10: i32,
    pub pow2: i32,
}

impl Unit {
    pub const UNITLESS: Unit = Unit {
        dim: Dim::Unitless,
        pow10: 0,
        pow2: 0,
    };

    const fn new(dim: Dim, pow10: i32) -> Unit {
        Unit {
            dim,
            pow10,
            pow2: 0,
        }
    }
}

/// Reads a unit as printed in a units row, a "Metric Unit" column or after an inline value.
/// `None` when it is not a unit (it has characters no unit has).
pub fn parse_unit(text: &str, bytes: BytePrefixes) -> Option<Unit> {
    let text = text.trim();
    if text.is_empty() {
        return Some(Unit::UNITLESS);
    }
    if text == "%" {
        return Some(Unit::new(Dim::Percent, 0));
    }
    let (numerator, denominator) = match text.split_once('/') {
        Some((n, d)) => (n.trim(), Some(d.trim())),
        None => (text, None),
    };
    let top = word(numerator, bytes)?;
    let Some(denominator) = denominator else {
        return Some(top.unit());
    };
    if let Some(per) = time_pow10(denominator) {
        // A rate: bytes or cycles per unit of time.
        let pow10 = top.pow10 - per;
        return Some(match top.kind {
            Kind::Bytes => Unit {
                dim: Dim::BytesPerSecond,
                pow10,
                pow2: top.pow2,
            },
            Kind::Cycle => Unit::new(Dim::Hertz, pow10),
            _ => Unit::new(Dim::Other, pow10),
        });
    }
    // A per-something quantity (`byte/block`, `register/thread`, `sector/request`): the
    // denominator is meaning, not scale. It must still look like a unit.
    let below = word(denominator, bytes)?;
    Some(match (top.kind, below.kind) {
        (Kind::Time | Kind::Hertz | Kind::Percent, _) => Unit::new(Dim::Other, top.pow10),
        _ => Unit {
            dim: if top.kind == Kind::Bytes {
                Dim::Bytes
            } else {
                Dim::Count
            },
            ..top.unit()
        },
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Time,
    Bytes,
    Hertz,
    Percent,
    /// `cycle`: a count, or a frequency when divided by a time.
    Cycle,
    Count,
}

#[derive(Clone, Copy, Debug)]
struct Word {
    kind: Kind,
    pow10: i32,
    pow2: i32,
}

impl Word {
    fn unit(self) -> Unit {
        let dim = match self.kind {
            Kind::Time => Dim::Time,
            Kind::Bytes => Dim::Bytes,
            Kind::Hertz => Dim::Hertz,
            Kind::Percent => Dim::Percent,
            Kind::Cycle | Kind::Count => Dim::Count,
        };
        Unit {
            dim,
            pow10: self.pow10,
            pow2: self.pow2,
        }
    }
}

/// A time unit's power of ten (seconds = 0).
fn time_pow10(word: &str) -> Option<i32> {
    Some(match word {
        "ns" | "nsec" | "nsecond" | "nseconds" | "nanosecond" | "nanoseconds" => -9,
        "us" | "µs" | "μs" | "usec" | "usecond" | "useconds" | "microsecond" | "microseconds" => {
            -6
        }
        "ms" | "msec" | "msecond" | "mseconds" | "millisecond" | "milliseconds" => -3,
        "s" | "sec" | "second" | "seconds" => 0,
        _ => return None,
    })
}

/// The SI prefix letters, and their power of 1000.
fn prefix_power(c: char) -> Option<i32> {
    Some(match c {
        'k' | 'K' => 1,
        'M' => 2,
        'G' => 3,
        'T' => 4,
        'P' => 5,
        _ => return None,
    })
}

/// One unit word (no `/`).
fn word(w: &str, bytes: BytePrefixes) -> Option<Word> {
    let plain = |kind, pow10| {
        Some(Word {
            kind,
            pow10,
            pow2: 0,
        })
    };
    if w == "%" {
        return plain(Kind::Percent, 0);
    }
    if let Some(p) = time_pow10(w) {
        return plain(Kind::Time, p);
    }
    match w.to_ascii_lowercase().as_str() {
        "hz" => return plain(Kind::Hertz, 0),
        "khz" => return plain(Kind::Hertz, 3),
        "mhz" => return plain(Kind::Hertz, 6),
        "ghz" => return plain(Kind::Hertz, 9),
        "thz" => return plain(Kind::Hertz, 12),
        _ => {}
    }
    if matches!(w, "B" | "byte" | "bytes" | "Byte" | "Bytes") {
        return plain(Kind::Bytes, 0);
    }
    if matches!(w, "cycle" | "cycles") {
        return plain(Kind::Cycle, 0);
    }
    let mut chars = w.chars();
    let first = chars.next()?;
    let rest = chars.as_str();
    if let Some(power) = prefix_power(first) {
        // KiB, MiB, …: binary everywhere.
        if matches!(rest, "iB" | "ibyte" | "ibytes") {
            return Some(Word {
                kind: Kind::Bytes,
                pow10: 0,
                pow2: 10 * power,
            });
        }
        if matches!(rest, "B" | "byte" | "bytes" | "Byte" | "Bytes") {
            return Some(match bytes {
                BytePrefixes::Decimal => Word {
                    kind: Kind::Bytes,
                    pow10: 3 * power,
                    pow2: 0,
                },
                BytePrefixes::Binary => Word {
                    kind: Kind::Bytes,
                    pow10: 0,
                    pow2: 10 * power,
                },
            });
        }
        if matches!(rest, "cycle" | "cycles") {
            return plain(Kind::Cycle, 3 * power);
        }
        // `Minst`, `Ksector`, `Gwarp`: a prefixed count.
        if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_lowercase()) {
            return plain(Kind::Count, 3 * power);
        }
    }
    // Any other word is a count of that thing (`inst`, `warp`, `SM`, `register`, `block`).
    if w.chars()
        .all(|c| c.is_ascii_alphabetic() || c == '_' || c == '#')
    {
        return plain(Kind::Count, 0);
    }
    None
}

/// Reads a plain number (thousands separators allowed, see the module's notes).
pub fn parse_number(text: &str) -> Option<f64> {
    parse_scaled(text, 0, 0)
}

/// Reads a number and scales it by 10^`pow10` × 2^`pow2`, exactly as described in the
/// module's notes. `None` when the text is not a number (or the result is not finite).
pub fn parse_scaled(text: &str, pow10: i32, pow2: i32) -> Option<f64> {
    let text = text.trim();
    // No number a profiler prints is this long; the digits are copied to a stack buffer.
    if text.len() > MAX_NUMBER_LEN {
        return None;
    }
    let bytes = text.as_bytes();
    let mut out = Digits::default();
    let mut i = 0;
    if let Some(&c) = bytes.first() {
        if c == b'+' || c == b'-' {
            if c == b'-' {
                out.push(b'-');
            }
            i = 1;
        }
    }
    // The integer part, with optional thousands separators.
    let mut digits = 0usize;
    let mut group = 0usize;
    let mut grouped = false;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_digit() {
            out.push(c);
            digits += 1;
            group += 1;
        } else if c == b',' {
            // The first group holds 1 to 3 digits, every later one exactly 3.
            if group == 0 || (grouped && group != 3) || (!grouped && group > 3) {
                return None;
            }
            grouped = true;
            group = 0;
        } else {
            break;
        }
        i += 1;
    }
    if grouped && group != 3 {
        return None;
    }
    // The fraction.
    if i < bytes.len() && bytes[i] == b'.' {
        out.push(b'.');
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            out.push(bytes[i]);
            digits += 1;
            i += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    // The exponent.
    let mut exponent: i64 = 0;
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        i += 1;
        let negative = match bytes.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            exponent = (exponent * 10 + i64::from(bytes[i] - b'0')).min(100_000);
            i += 1;
        }
        if i == start {
            return None;
        }
        if negative {
            exponent = -exponent;
        }
    }
    if i != bytes.len() {
        return None;
    }
    // The unit's power of ten joins the exponent, so the decimal conversion rounds once.
    out.push(b'e');
    let mut e = exponent + i64::from(pow10);
    if e < 0 {
        out.push(b'-');
        e = -e;
    }
    let mut reversed = [0u8; 20];
    let mut n = 0;
    loop {
        reversed[n] = b'0' + (e % 10) as u8;
        n += 1;
        e /= 10;
        if e == 0 {
            break;
        }
    }
    for &d in reversed[..n].iter().rev() {
        out.push(d);
    }
    let value: f64 = std::str::from_utf8(out.as_bytes()).ok()?.parse().ok()?;
    let value = value * 2f64.powi(pow2);
    value.is_finite().then_some(value)
}

/// The longest number text [`parse_scaled`] reads.
const MAX_NUMBER_LEN: usize = 64;

/// A number's digits, sign, point and exponent, on the stack.
struct Digits {
    buf: [u8; MAX_NUMBER_LEN + 32],
    len: usize,
}

impl Default for Digits {
    fn default() -> Self {
        Digits {
            buf: [0; MAX_NUMBER_LEN + 32],
            len: 0,
        }
    }
}

impl Digits {
    fn push(&mut self, b: u8) {
        // The text is at most MAX_NUMBER_LEN bytes and the exponent at most 21 more.
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// Splits a value with its unit inline (`99.72%`, `45.08GB/s`, `1.2ms`, `965.000000`) into
/// the number's text and the unit's text (empty when there is none).
pub fn split_inline(text: &str) -> (&str, &str) {
    let text = text.trim();
    let bytes = text.as_bytes();
    let mut i = 0;
    if matches!(bytes.first(), Some(b'+' | b'-')) {
        i = 1;
    }
    while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b',' || bytes[i] == b'.') {
        i += 1;
    }
    // An exponent only when digits follow it (`1e5`, `2.5E-3`), so that `1.2ms` keeps its
    // unit and `3Ebyte` is not misread.
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        let mut j = i + 1;
        if matches!(bytes.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if bytes.get(j).is_some_and(u8::is_ascii_digit) {
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    (&text[..i], text[i..].trim())
}

/// Reads launch dimensions as Nsight Compute prints them, `(256, 1, 1)`.
pub fn parse_dims(text: &str) -> Option<[u64; 3]> {
    let inner = text.trim().strip_prefix('(')?.strip_suffix(')')?;
    let mut out = [0u64; 3];
    let mut parts = inner.split(',');
    for slot in &mut out {
        *slot = parse_count(parts.next()?)?;
    }
    parts.next().is_none().then_some(out)
}

/// Reads a non-negative integer written with digits only (`256`, `20`).
pub fn parse_count(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Reads a compute capability as Nsight Compute prints it, `8.6` or `12.0`.
pub fn parse_cc(text: &str) -> Option<(u8, u8)> {
    let (major, minor) = text.trim().split_once('.')?;
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    if !all_digits(major) || !all_digits(minor) {
        return None;
    }
    Some((major.parse().ok()?, minor.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(text: &str) -> Unit {
        parse_unit(text, BytePrefixes::Decimal).unwrap()
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number("21,058,944"), Some(21_058_944.0));
        assert_eq!(parse_number("1,215,000,000.00"), Some(1.215e9));
        assert_eq!(parse_number("-0.5"), Some(-0.5));
        assert_eq!(parse_number("4.0e-05"), Some(4.0e-5));
        assert_eq!(parse_number(".5"), Some(0.5));
        for bad in [
            "", "9,00", "1,2345", ",123", "1,,000", "12ab", "e5", "1e", "n/a", ".",
        ] {
            assert_eq!(parse_number(bad), None, "{bad}");
        }
        assert_eq!(parse_scaled("12.34", -6, 0), Some(12.34e-6));
        assert_eq!(parse_scaled("12,340", -9, 0), Some(12.34e-6));
        assert_eq!(parse_scaled("8.000000", 0, 10), Some(8192.0));
        assert_eq!(parse_scaled("1e99999999", 0, 0), None);
        assert_eq!(parse_scaled("5e-99999999", 0, 0), Some(0.0));
    }

    #[test]
    fn units() {
        assert_eq!(unit("usecond"), Unit::new(Dim::Time, -6));
        assert_eq!(unit("µs"), Unit::new(Dim::Time, -6));
        assert_eq!(unit("Kbyte/block"), Unit::new(Dim::Bytes, 3));
        assert_eq!(unit("register/thread"), Unit::new(Dim::Count, 0));
        assert_eq!(unit("cycle/nsecond"), Unit::new(Dim::Hertz, 9));
        assert_eq!(unit("cycle/usecond"), Unit::new(Dim::Hertz, 6));
        assert_eq!(unit("Ghz"), Unit::new(Dim::Hertz, 9));
        assert_eq!(unit("Gbyte/second"), Unit::new(Dim::BytesPerSecond, 9));
        assert_eq!(unit("Minst"), Unit::new(Dim::Count, 6));
        assert_eq!(unit("SM"), Unit::new(Dim::Count, 0));
        assert_eq!(unit("%"), Unit::new(Dim::Percent, 0));
        assert_eq!(
            parse_unit("KB", BytePrefixes::Binary),
            Some(Unit {
                dim: Dim::Bytes,
                pow10: 0,
                pow2: 10
            })
        );
        assert_eq!(
            parse_unit("GB/s", BytePrefixes::Binary),
            Some(Unit {
                dim: Dim::BytesPerSecond,
                pow10: 0,
                pow2: 30
            })
        );
        assert_eq!(parse_unit("µ$", BytePrefixes::Decimal), None);
    }

    #[test]
    fn inline_and_dims() {
        assert_eq!(split_inline("99.72%"), ("99.72", "%"));
        assert_eq!(split_inline("45.08GB/s"), ("45.08", "GB/s"));
        assert_eq!(split_inline("1.2ms"), ("1.2", "ms"));
        assert_eq!(split_inline("2.5e-3s"), ("2.5e-3", "s"));
        assert_eq!(split_inline("Low (1)"), ("", "Low (1)"));
        assert_eq!(parse_dims("(256, 1, 1)"), Some([256, 1, 1]));
        assert_eq!(parse_dims("(9,32,1)"), Some([9, 32, 1]));
        assert_eq!(parse_dims("(256, 1)"), None);
        assert_eq!(parse_cc("8.6"), Some((8, 6)));
        assert_eq!(parse_cc("12.0"), Some((12, 0)));
        assert_eq!(parse_cc("x"), None);
    }
}
