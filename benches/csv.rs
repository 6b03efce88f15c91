//! Benchmark (not a test): the profiler readers' two inner loops against the crates that do
//! the same job (issue 48), on the nvprof trace `benches/profiler.rs` generates (202 MB, 1.5 M
//! launches), fed in 1 MiB chunks:
//! - splitting records: warpsight's hand-written [`Splitter`] against BurntSushi's `csv-core`
//!   push parser (a DFA, no allocation), both handing out every field of every record;
//! - reading numbers: `f64::from_str` against `lexical-core` and `fast-float2` on the trace's
//!   Start and Duration fields.
//!
//! Run: `cargo bench --bench csv`.

use std::hint::black_box;
use std::time::Instant;

use warpsight::csv::{Error, Record, Splitter};

#[path = "profiler.rs"]
#[allow(dead_code)]
mod generated;

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..runs {
        let start = Instant::now();
        let v = f();
        best = best.min(start.elapsed().as_secs_f64());
        out = Some(v);
    }
    (best, out.unwrap())
}

/// Fields and field bytes, through warpsight's splitter.
fn ours(bytes: &[u8]) -> (u64, u64) {
    let mut s = Splitter::with_banners();
    let (mut fields, mut len) = (0u64, 0u64);
    let mut each = |r: &Record<'_>| -> Result<(), Error> {
        fields += r.len() as u64;
        len += (0..r.len()).map(|i| r.bytes(i).len() as u64).sum::<u64>();
        Ok(())
    };
    for chunk in bytes.chunks(1 << 20) {
        s.feed(chunk, &mut each).unwrap();
    }
    s.finish(&mut each).unwrap();
    (fields, len)
}

/// The same, through csv-core (quotes unescaped into `out`, field ends in `ends`).
fn csv_core(bytes: &[u8]) -> (u64, u64) {
    let mut r = csv_core::ReaderBuilder::new().build();
    let mut out = vec![0u8; 1 << 16];
    let mut ends = vec![0usize; 256];
    let (mut fields, mut len) = (0u64, 0u64);
    let (mut o, mut e) = (0, 0);
    for chunk in bytes.chunks(1 << 20).chain(std::iter::once(&[][..])) {
        let mut input = chunk;
        loop {
            let (res, nin, nout, nend) = r.read_record(input, &mut out[o..], &mut ends[e..]);
            input = &input[nin..];
            o += nout;
            e += nend;
            match res {
                csv_core::ReadRecordResult::InputEmpty => break,
                csv_core::ReadRecordResult::OutputFull => out.resize(out.len() * 2, 0),
                csv_core::ReadRecordResult::OutputEndsFull => ends.resize(ends.len() * 2, 0),
                csv_core::ReadRecordResult::Record => {
                    fields += e as u64;
                    len += o as u64;
                    o = 0;
                    e = 0;
                }
                csv_core::ReadRecordResult::End => break,
            }
        }
    }
    (fields, len)
}

/// The Start and Duration fields of every launch row, as text.
fn numbers(bytes: &[u8]) -> Vec<String> {
    let text = std::str::from_utf8(bytes).unwrap();
    text.lines()
        .skip(3)
        .flat_map(|l| l.split(',').take(2).map(str::to_string))
        .collect()
}

fn main() {
    let file = generated::nvprof_trace(1_500_000);
    let mb = file.len() as f64 / 1e6;
    let (a, (fa, la)) = best_of(3, || ours(black_box(&file)));
    let (b, (fb, lb)) = best_of(3, || csv_core(black_box(&file)));
    println!("splitting the nvprof trace, {mb:.0} MB ({fa} fields; csv-core {fb}, field bytes {la} and {lb}):");
    println!("  warpsight::csv::Splitter: {a:.3} s, {:.0} MB/s", mb / a);
    assert_eq!((fa, la), (fb, lb), "both splitters read the same fields");
    println!(
        "  csv-core:                 {b:.3} s, {:.0} MB/s ({:.2} × the splitter's time)",
        mb / b,
        b / a
    );
    let words = numbers(&file);
    let n = words.len();
    let (std_s, s1) = best_of(3, || {
        words
            .iter()
            .map(|w| w.parse::<f64>().unwrap_or(0.0))
            .sum::<f64>()
    });
    let (lex_s, s2) = best_of(3, || {
        words
            .iter()
            .map(|w| lexical_core::parse::<f64>(w.as_bytes()).unwrap_or(0.0))
            .sum::<f64>()
    });
    let (ff_s, s3) = best_of(3, || {
        words
            .iter()
            .map(|w| fast_float2::parse::<f64, _>(w).unwrap_or(0.0))
            .sum::<f64>()
    });
    assert_eq!(s1, s2);
    assert_eq!(s1, s3);
    println!("reading {n} numbers of the same trace:");
    println!("  f64::from_str: {:.1} ns each", std_s / n as f64 * 1e9);
    println!("  lexical-core:  {:.1} ns each", lex_s / n as f64 * 1e9);
    println!("  fast-float2:   {:.1} ns each", ff_s / n as f64 * 1e9);
}
