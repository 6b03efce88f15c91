//! Numbers for people: the text the UI shows and the CLI's `devices` table prints.
//!
//! Machine-readable values (JSON, share links, `data-value` attributes) use Rust's shortest
//! round-trip form instead ([`exact`]), so the browser and the CLI agree to the last digit.

/// The shortest text that parses back to the same f64: Rust's `Display`, or its exponent
/// form (`{:e}`, also exact) when that is shorter — `1e-70`, not seventy zeros.
pub fn exact(x: f64) -> String {
    let plain = format!("{x}");
    if plain.len() > 16 {
        let sci = format!("{x:e}");
        if sci.len() < plain.len() {
            return sci;
        }
    }
    plain
}

/// Groups the integer part in thousands: 50728.1875 → "50,728.19" (with `decimals` = 2).
pub fn grouped(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return "—".to_string();
    }
    // Round half away from zero (2.28125 → 2.2813); `{:.N}` alone rounds half to even.
    let scale = 10f64.powi(decimals as i32);
    let rounded = if (x.abs() * scale) < 9e15 {
        (x.abs() * scale).round() / scale
    } else {
        x.abs()
    };
    let s = format!("{:.*}", decimals, rounded);
    let (int, frac) = match s.find('.') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s.as_str(), ""),
    };
    let mut out = String::with_capacity(s.len() + int.len() / 3 + 1);
    if x < 0.0 && s.chars().any(|c| c.is_ascii_digit() && c != '0') {
        out.push('-');
    }
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out.push_str(frac);
    out
}

/// Scientific form with 4 significant digits: 1.718e20, 2.31e-9 (trailing zeros dropped).
pub fn scientific(x: f64) -> String {
    let s = format!("{x:.3e}");
    match s.split_once('e') {
        Some((m, e)) if m.contains('.') => {
            format!("{}e{e}", m.trim_end_matches('0').trim_end_matches('.'))
        }
        _ => s,
    }
}

/// A readable number: grouped, with up to 4 significant decimals for small values and
/// trailing zeros dropped (20, 2.2813, 0.1753, 50,728.19); scientific from 1e12 and below
/// 1e-4 (1.718e20, 1.2e-7), where more digits would be false precision.
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return "—".to_string();
    }
    let a = x.abs();
    if a == 0.0 {
        return "0".to_string();
    }
    if !(1e-4..1e12).contains(&a) {
        return scientific(x);
    }
    let decimals = if a >= 1000.0 {
        2
    } else if a >= 1.0 {
        4
    } else {
        // keep 4 significant digits below 1
        (3 - a.log10().floor() as i32).clamp(4, 8) as usize
    };
    let s = grouped(x, decimals);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A duration in seconds with a fitting unit: "50.73 µs", "1.204 ms", "3.2 s"; outside
/// 1 ps – 100,000 s in scientific form ("1.718e20 s").
pub fn duration(seconds: f64) -> String {
    if !seconds.is_finite() {
        return "—".to_string();
    }
    let a = seconds.abs();
    if a != 0.0 && !(1e-12..1e5).contains(&a) {
        return format!("{} s", scientific(seconds));
    }
    let (value, unit) = if a == 0.0 {
        (0.0, "s")
    } else if a < 1e-6 {
        (seconds * 1e9, "ns")
    } else if a < 1e-3 {
        (seconds * 1e6, "µs")
    } else if a < 1.0 {
        (seconds * 1e3, "ms")
    } else {
        (seconds, "s")
    };
    format!("{} {unit}", significant(value, 4))
}

/// A range bound for messages: whole numbers grouped ("2,048", "1,000,000,000"), others as
/// written ("0.01").
pub fn bound(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() <= 9_007_199_254_740_992.0 {
        grouped(v, 0)
    } else {
        exact(v)
    }
}

/// `x` with `digits` significant digits, trailing zeros dropped: 50.728 → "50.73".
pub fn significant(x: f64, digits: i32) -> String {
    if x == 0.0 || !x.is_finite() {
        return if x == 0.0 { "0".into() } else { "—".into() };
    }
    let magnitude = x.abs().log10().floor() as i32;
    let decimals = (digits - 1 - magnitude).max(0) as usize;
    let s = grouped(x, decimals);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A label inside a sentence: its first letter in lower case, the rest (units such as GB/s,
/// symbols such as N_act) as written. "Memory bandwidth (GB/s)" → "memory bandwidth (GB/s)".
/// Labels begin in ASCII (Unicode's case tables would add 10 KB to the web bundle).
pub fn lower_first(label: &str) -> String {
    let mut chars = label.chars();
    match chars.next() {
        // An acronym or symbol at the start ("SMs", "N_act") keeps its case.
        Some(_)
            if chars
                .clone()
                .next()
                .is_some_and(|d| d.is_ascii_uppercase() || d == '_') =>
        {
            label.to_string()
        }
        Some(c) => std::iter::once(c.to_ascii_lowercase())
            .chain(chars)
            .collect(),
        None => String::new(),
    }
}

/// Longest text quoted back in a notice (the rest is elided).
const QUOTE_MAX: usize = 40;

/// Text from a link made safe to show on one line: at most [`QUOTE_MAX`] characters, control
/// characters, line breaks and bidirectional or invisible formatting characters written as
/// `\u{…}` escapes, so they can neither break the line nor reorder it.
pub fn printable(raw: &str) -> String {
    let mut s = String::new();
    for (i, c) in raw.chars().enumerate() {
        if i == QUOTE_MAX {
            s.push('…');
            break;
        }
        let hidden = c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}' | '\u{061C}' | '\u{FFF9}'..='\u{FFFB}');
        if hidden {
            s.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            s.push(c);
        }
    }
    s
}

/// The noun for a count: `one` for exactly 1, `many` otherwise ("1 launch", "0 launches").
pub fn noun<'a>(n: f64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1.0 {
        one
    } else {
        many
    }
}

/// A count and its noun, plural by adding `s` unless the count is exactly 1: "1 instruction",
/// "2,048 rows", "1.5 instructions" (whole counts grouped, others to 4 significant digits).
/// For other plurals, [`noun`].
/// A number and its unit, "1 request" rather than "1 requests": a plural word unit (letters
/// ending in s: requests, insts, cycles) loses its s at exactly 1.
pub fn with_unit(x: f64, unit: &str) -> String {
    let one = match unit.strip_suffix('s') {
        Some(u) if x == 1.0 && u.len() > 1 && u.bytes().all(|b| b.is_ascii_alphabetic()) => u,
        _ => unit,
    };
    format!("{} {one}", num(x))
}

pub fn count(n: f64, one: &str) -> String {
    let number = if n.fract() == 0.0 {
        grouped(n, 0)
    } else {
        significant(n, 4)
    };
    if n == 1.0 {
        format!("{number} {one}")
    } else {
        format!("{number} {one}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plural_unit_is_singular_at_one() {
        assert_eq!(with_unit(1.0, "requests"), "1 request");
        assert_eq!(with_unit(2.0, "requests"), "2 requests");
        assert_eq!(with_unit(1.0, "cycles"), "1 cycle");
        assert_eq!(with_unit(1.0, "ops"), "1 op");
        // Not a plural word: symbols and short units stay.
        assert_eq!(with_unit(1.0, "ms"), "1 ms");
        assert_eq!(with_unit(1.0, "GB/s"), "1 GB/s");
        assert_eq!(with_unit(1.0, "B"), "1 B");
    }

    #[test]
    fn counts_are_singular_for_one_only() {
        assert_eq!(count(1.0, "instruction"), "1 instruction");
        assert_eq!(count(0.0, "non-zero"), "0 non-zeros");
        assert_eq!(count(2048.0, "row"), "2,048 rows");
        assert_eq!(count(1.5, "instruction"), "1.5 instructions");
        assert_eq!(count(1.25e-3, "barrier"), "0.00125 barriers");
        assert_eq!(noun(1.0, "launch", "launches"), "launch");
        assert_eq!(noun(3.0, "launch", "launches"), "launches");
    }

    #[test]
    fn formats() {
        assert_eq!(grouped(50728.1875, 2), "50,728.19");
        assert_eq!(grouped(-1234567.0, 0), "-1,234,567");
        assert_eq!(num(2.28125), "2.2813");
        assert_eq!(num(20.0), "20");
        assert_eq!(num(50728.1875), "50,728.19");
        assert_eq!(num(0.17534246575342466), "0.1753");
        assert_eq!(num(f64::NAN), "—");
        assert_eq!(num(0.0), "0");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(0.00012345), "0.0001235");
        assert_eq!(duration(50728.1875e-9), "50.73 µs");
        assert_eq!(duration(3.75e-2), "37.5 ms");
        assert_eq!(duration(812e-9), "812 ns");
        assert_eq!(duration(2.0), "2 s");
        assert_eq!(exact(50728.1875), "50728.1875");
        assert_eq!(exact(1e-70), "1e-70");
        assert_eq!(exact(1.2345e-50), "1.2345e-50");
        assert_eq!(exact(2_147_483_647.0), "2147483647");
        assert_eq!(exact(1e21), "1e21");
        for x in [1e-70, 1.2345e-50, 0.1 + 0.2, 1e21, 123456789.123] {
            assert_eq!(exact(x).parse::<f64>(), Ok(x));
        }
        assert_eq!(num(1.717_986_917_6e20), "1.718e20");
        assert_eq!(num(2.5e-7), "2.5e-7");
        assert_eq!(duration(1.717_986_917_6e20), "1.718e20 s");
        assert_eq!(duration(2.31e-299), "2.31e-299 s");
        assert_eq!(duration(-0.0), "0 s");
        assert_eq!(bound(2048.0), "2,048");
        assert_eq!(bound(0.01), "0.01");
    }
}
