//! The share-link fuzzer (the fuzz command's `links` target, briefly in tests/fuzz.rs): pushes
//! hostile share links through what the app and the CLI do with a link — read it, evaluate the model, build the JSON, format every value
//! for the page — for every registered model, and counts what must never happen:
//!
//! - a panic;
//! - a link that opens on no prediction;
//! - a shown value that is not finite or runs past 24 characters (false precision);
//! - a control, line-break or bidirectional character in a notice (it would split the CLI's
//!   one line or reorder the page's text);
//! - a link slower than 10 ms (best of 3 runs, so a busy machine does not count).
//!
//! Links mix boundary numbers, NaN/inf/hex/`1_000`/non-ASCII digits, duplicate, unknown and
//! empty keys, bad percent-encoding, control characters, 100 KB keys and values, key floods
//! and random bytes.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use warpsight::devices::DEVICES;
use warpsight::format;
use warpsight::link::from_query;
use warpsight::model::{Kind, Model, Out, Value};
use warpsight::registry::MODELS;
use warpsight::report;

use crate::readers::Rng;

const WEIRD: &[&str] = &[
    "NaN",
    "nan",
    "inf",
    "-inf",
    "infinity",
    "+Infinity",
    "0x10",
    "0b11",
    "1_000",
    "1,000",
    "%D9%A1%D9%A2%D9%A3", // Arabic-Indic digits
    "%EF%BC%91%EF%BC%92", // full-width digits
    "1e",
    "e5",
    ".",
    "-",
    "+",
    "+1",
    "--1",
    "1.5e3",
    "%2012%20",
    "12abc",
    "0.",
    ".5",
    "1e-400",
    "1e400",
    "-0",
    "0",
    "-0.0",
    "00012",
    "auto",
    "AUTO",
    "",
    "%00",
    "%0A",
    "%0D%0A",
    "%7F",
    "%E2%80%AE",
    "%E2%81%A6",
    "%E2%80%8F",
    "%C2%85",
    "%",
    "%z",
    "%E2%80",
    "%FF%FE",
    "%C0%80",
    "<script>alert(1)</script>",
    "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "\"'`",
    ";:,",
    "1:2",
    "1:2:3",
    ":",
    ",,,",
    "64:1.2,128:5.3",
    "2:1e-6",
    "100000:1e9",
    "1%3A2%2C3%3A4",
    "min-plus",
    "floyd-warshall",
    "MIN-PLUS",
    "gtx280",
    "c2075",
    "h100",
    "i5-2400",
    "9007199254740993",
];

/// A boundary value near a number field's range.
fn boundary(rng: &mut Rng, min: f64, max: f64) -> String {
    let candidates = [
        min,
        max,
        min - 1e-9,
        max * (1.0 + 1e-12),
        min + f64::EPSILON,
        (min + max) / 2.0,
        0.0,
        -0.0,
        1e308,
        -1e308,
        5e-324,
        1e-300,
        9_007_199_254_740_993.0,
        max + 1.0,
        min.max(1e-300),
    ];
    let v = *rng.pick(&candidates);
    if rng.chance(500_000) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

fn random_bytes(rng: &mut Rng, len: usize) -> String {
    (0..len)
        .map(|_| format!("%{:02X}", rng.below(256)))
        .collect()
}

fn big(rng: &mut Rng) -> String {
    let unit = rng.pick(&["k", "1", "%E2%80%AE", "9", "%00"]).to_string();
    unit.repeat(100 * 1024 / unit.len())
}

fn value_for(rng: &mut Rng, model: &Model, key: &str) -> String {
    let field = model.field(key);
    match rng.below(10) {
        0..=3 => match field.map(|f| f.kind) {
            Some(Kind::Number { min, max, .. }) => boundary(rng, min, max),
            Some(Kind::Choice { options }) => rng.pick(options).id.to_string(),
            Some(Kind::Rows { .. }) => {
                let n = if rng.chance(5_000) {
                    3000
                } else {
                    rng.below(6)
                };
                (0..n)
                    .map(|_| {
                        let a = boundary(rng, 2.0, 100_000.0);
                        let b = boundary(rng, 1e-6, 1e9);
                        format!("{a}:{b}")
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            }
            Some(Kind::Tuple { columns }) => columns
                .iter()
                .map(|c| boundary(rng, c.min, c.max))
                .collect::<Vec<_>>()
                .join(","),
            Some(Kind::Runs { min, max, .. }) => {
                let n = 1 + rng.below(5);
                (0..n)
                    .map(|_| format!("{}*{}", boundary(rng, min, max), 1 + rng.below(1000)))
                    .collect::<Vec<_>>()
                    .join(",")
            }
            Some(Kind::Devices { max, .. }) => {
                let n = 1 + rng.below(max + 2);
                (0..n)
                    .map(|_| rng.pick(warpsight::devices::DEVICES).id)
                    .collect::<Vec<_>>()
                    .join(",")
            }
            None => rng.pick(WEIRD).to_string(),
        },
        4..=6 => rng.pick(WEIRD).to_string(),
        7 => {
            let len = 1 + rng.below(24);
            random_bytes(rng, len)
        }
        8 => DEVICES[rng.below(DEVICES.len())].id.to_string(),
        _ if rng.chance(20_000) => big(rng),
        _ => format!("{}", rng.next() as i64 as f64 / 1e6),
    }
}

fn key_for(rng: &mut Rng, model: &Model) -> String {
    match rng.below(100) {
        0..=54 => model.fields[rng.below(model.fields.len())].name.to_string(),
        55..=66 => rng.pick(&warpsight::link::LINK_KEYS).to_string(),
        67..=76 => format!("x{}", rng.below(1000)),
        77..=81 => String::new(),
        82..=91 => {
            let len = 1 + rng.below(12);
            random_bytes(rng, len)
        }
        92 if rng.chance(20_000) => big(rng),
        _ => rng.pick(WEIRD).to_string(),
    }
}

fn hostile_link(rng: &mut Rng, model: &Model) -> String {
    let mut parts: Vec<String> = Vec::new();
    if !rng.chance(50_000) {
        parts.push(format!("model={}", model.id));
    } else {
        parts.push(format!("model={}", rng.pick(WEIRD)));
    }
    if rng.chance(200) {
        // A 400 KB flood of distinct keys.
        for i in 0..40_000 {
            parts.push(format!("k{i}=1"));
        }
    }
    for _ in 0..1 + rng.below(8) {
        if !parts.is_empty() && rng.chance(50_000) {
            let dup = parts[rng.below(parts.len())].clone();
            parts.push(dup);
            continue;
        }
        let key = key_for(rng, model);
        let value = value_for(rng, model, &key);
        parts.push(match rng.below(20) {
            0 => key,                       // a key without `=`
            1 => format!("{key}=={value}"), // `=` inside the value
            _ => format!("{key}={value}"),
        });
    }
    let sep = if rng.chance(20_000) { ";" } else { "&" };
    let q = parts.join(sep);
    match rng.below(10) {
        0 => format!("http://127.0.0.1:8080/warpsight/?{q}#frag"),
        1 => format!("?{q}"),
        _ => q,
    }
}

/// A character that must not reach a notice: it would break or reorder the line.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}' | '\u{061C}')
}

/// Every number the page would show for this evaluation, formatted as the page formats it.
fn shown_texts(model: &Model, e: &warpsight::model::Evaluation) -> Vec<String> {
    let mut all = Vec::new();
    for (spec, out) in model.outputs.iter().zip(&e.outputs) {
        let fmt = |x: f64| {
            if spec.unit == "s" {
                format::duration(x)
            } else {
                format::num(x)
            }
        };
        match out {
            Out::List(xs) => all.extend(xs.iter().map(|x| fmt(*x))),
            cells => all.extend(cells.cells(spec).filter_map(|(_, _, c)| c.num()).map(fmt)),
        }
    }
    for v in &e.inputs {
        if let Value::Num(x) = v {
            all.push(format::num(*x));
        }
    }
    all
}

#[derive(Default)]
struct Counts {
    links: u64,
    panics: u64,
    no_prediction: u64,
    bad_shown: u64,
    hidden_chars: u64,
    slow: u64,
    slowest: Duration,
    first_failure: Option<String>,
}

/// Hostile links for every model, `per_model` each from `seed`: prints a line per model and
/// returns whether nothing was found. `check_speed` counts a link slower than 10 ms (best of
/// 3) as a finding; the tests' brief run leaves speed to the benchmarks.
pub fn run(per_model: u64, seed: u64, check_speed: bool) -> bool {
    let mut failed = false;
    for model in MODELS {
        let mut rng = Rng(seed ^ model.id.len() as u64 ^ (model.id.as_bytes()[0] as u64) << 32);
        let mut c = Counts::default();
        let start = Instant::now();
        for _ in 0..per_model {
            let link = hostile_link(&mut rng, model);
            let t = Instant::now();
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let (state, notices) = from_query(&link);
                let mut eval = (state.model.evaluate)(&state.params, state.device);
                if let Ok(e) = eval.as_mut() {
                    (state.model.complete)(&state.params, state.device, e);
                }
                let json = eval
                    .as_ref()
                    .ok()
                    .map(|e| report::evaluation_json(&state, e).to_string());
                let shown = eval
                    .as_ref()
                    .map(|e| shown_texts(state.model, e))
                    .unwrap_or_default();
                let finite = eval.as_ref().map(|e| e.all_finite()).unwrap_or(true);
                (notices, eval.is_ok(), json, shown, finite)
            }));
            let mut dt = t.elapsed();
            if dt > Duration::from_millis(10) {
                // A slow link is slow every time; a busy machine is not: take the best of 3.
                for _ in 0..2 {
                    let t = Instant::now();
                    let _ = catch_unwind(AssertUnwindSafe(|| {
                        let (state, _) = from_query(&link);
                        let _ = (state.model.evaluate)(&state.params, state.device);
                    }));
                    dt = dt.min(t.elapsed());
                }
            }
            c.links += 1;
            c.slowest = c.slowest.max(dt);
            let mut fail = |what: &str, count: &mut u64| {
                *count += 1;
                if c.first_failure.is_none() {
                    let sample: String = link.chars().take(200).collect();
                    c.first_failure = Some(format!("{what}: {sample}"));
                }
            };
            if check_speed && dt > Duration::from_millis(10) {
                fail("slow", &mut c.slow);
            }
            match outcome {
                Err(_) => fail("panic", &mut c.panics),
                Ok((notices, ok, json, shown, finite)) => {
                    if !ok || json.is_none() {
                        fail("no prediction", &mut c.no_prediction);
                    }
                    let bad = !finite
                        || shown.iter().any(|s| {
                            s.contains("NaN")
                                || s.contains("inf")
                                || s.contains('—')
                                || s.chars().count() > 24
                        });
                    if bad {
                        fail("bad shown value", &mut c.bad_shown);
                    }
                    let leaks = notices.iter().any(|n| {
                        n.to_string().chars().any(hidden) || n.fallback.chars().any(hidden)
                    });
                    if leaks {
                        fail("hidden character in a notice", &mut c.hidden_chars);
                    }
                }
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<10} {} links in {:.1} s ({:.0} links/s): panics {}, no prediction {}, non-finite or overlong shown values {}, hidden characters in notices {}, slower than 10 ms {} (slowest {:.2} ms)",
            model.id,
            c.links,
            secs,
            c.links as f64 / secs,
            c.panics,
            c.no_prediction,
            c.bad_shown,
            c.hidden_chars,
            c.slow,
            c.slowest.as_secs_f64() * 1e3
        );
        if let Some(f) = c.first_failure {
            println!("           first failure — {f}");
            failed = true;
        }
    }
    !failed
}
