//! Decimal text to `f64`, exactly as `str::parse::<f64>` reads it, without the standard
//! library's reader in the page's bundle: its table of powers of five alone is 10.7 KB of
//! gzip that does not compress, and its code another 2 KB.
//!
//! Nearly every number a person types or a profiler prints has at most 19 significant digits
//! and a power of ten within ±22: the mantissa and the power are then exact `f64`s, and one
//! IEEE multiplication or division rounds their product correctly (Clinger's fast path, the
//! one the standard library takes first too). The rest go to the platform's own correctly
//! rounded reader: JavaScript's `parseFloat` in the browser, the standard library elsewhere.
//! `tests/fields.rs` checks both paths against `str::parse`.

/// `text` as a number, or `None` where `str::parse::<f64>` would fail (a sign, digits with at
/// most one `.`, an optional exponent; "inf" and "nan" are not taken).
pub fn parse(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let mut i = 0;
    let negative = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let mut mantissa: u64 = 0;
    let mut digits = 0usize; // significant digits read into the mantissa
    let mut any = false;
    let mut exp10: i64 = 0;
    let mut dot = false;
    // More than 19 significant digits: read by the platform, once the text is known valid.
    let mut long = false;
    while i < b.len() {
        match b[i] {
            c @ b'0'..=b'9' => {
                any = true;
                if mantissa == 0 && c == b'0' {
                    // A leading zero: only its place counts.
                } else if digits < 19 {
                    mantissa = mantissa * 10 + u64::from(c - b'0');
                    digits += 1;
                } else {
                    long = true;
                }
                if dot {
                    exp10 -= 1;
                }
            }
            b'.' if !dot => dot = true,
            _ => break,
        }
        i += 1;
    }
    if !any {
        return None;
    }
    if i < b.len() {
        if !matches!(b[i], b'e' | b'E') {
            return None;
        }
        i += 1;
        let mut sign = 1;
        match b.get(i) {
            Some(b'-') => {
                sign = -1;
                i += 1;
            }
            Some(b'+') => i += 1,
            _ => {}
        }
        if i == b.len() {
            return None;
        }
        let mut e: i64 = 0;
        for &c in &b[i..] {
            if !c.is_ascii_digit() {
                return None;
            }
            e = (e * 10 + i64::from(c - b'0')).min(1 << 40);
        }
        exp10 += sign * e;
    }
    let value = if long {
        return fallback(text);
    } else if mantissa == 0 {
        0.0
    } else if mantissa <= 1 << 53 && (-22..=22).contains(&exp10) {
        let m = mantissa as f64;
        let p = POWERS[exp10.unsigned_abs() as usize];
        if exp10 < 0 {
            m / p
        } else {
            m * p
        }
    } else {
        return fallback(text);
    };
    Some(if negative { -value } else { value })
}

/// 10⁰ … 10²², each exact in an `f64`.
const POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The platform's reader, for text already known to be a number.
#[cfg(target_arch = "wasm32")]
fn fallback(text: &str) -> Option<f64> {
    Some(js_sys::parse_float(text))
}

#[cfg(not(target_arch = "wasm32"))]
fn fallback(text: &str) -> Option<f64> {
    text.parse().ok()
}
