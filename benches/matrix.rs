//! Benchmark (not a test): how fast the streaming Matrix Market reader reads, natively, on a
//! generated 145 MB coordinate file (5 M entries) in each order a real file comes in — row by
//! row, column by column (SuiteSparse), random (with 1 M rows, then 5 M) — fed in 1 MiB
//! chunks as the worker feeds it; and the random-order file gzip-compressed through flate2 as the CLI reads it. Run: `cargo bench --bench matrix`.
//! (The browser worker's figure: `node tests/e2e/bench-matrix.mjs`.) Where `scripts/bench-peers.sh`
//! installed them, fast_matrix_market and scipy read the same file in the same run.

use std::io::{Read, Write};
use std::time::Instant;

use warpsight::analysis::MatrixReader;

#[path = "support/peers.rs"]
mod peers;

/// The entry orders a real file comes in (issue 58): row by row, column by column (as
/// SuiteSparse writes), and any order at all.
#[derive(Clone, Copy, Debug)]
enum Order {
    RowSorted,
    ColumnSorted,
    Random,
}

/// A real general `rows` × `rows` matrix of `n` entries in `order`, rows of varying length,
/// values with many digits: the same entries in each order.
fn generate(n: u64, rows: u64, order: Order) -> Vec<u8> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut entries: Vec<(u64, u64, u64)> = (0..n)
        .map(|k| {
            let r = next();
            ((k * rows / n) + 1, r % rows + 1, r >> 11)
        })
        .collect();
    match order {
        Order::RowSorted => {}
        Order::ColumnSorted => entries.sort_by_key(|&(i, j, _)| (j, i)),
        Order::Random => {
            // Fisher–Yates with the same generator.
            for k in (1..entries.len()).rev() {
                let m = (next() % (k as u64 + 1)) as usize;
                entries.swap(k, m);
            }
        }
    }
    let mut out =
        format!("%%MatrixMarket matrix coordinate real general\n% generated\n{rows} {rows} {n}\n")
            .into_bytes();
    for (i, j, v) in entries {
        let _ = writeln!(out, "{i} {j} {:.9e}", v as f64 / (1u64 << 53) as f64);
    }
    out
}

fn read(bytes: &[u8]) -> (f64, u64) {
    let start = Instant::now();
    let mut r = MatrixReader::new();
    for chunk in bytes.chunks(1 << 20) {
        r.feed(chunk).expect("a valid file");
    }
    let stats = r.finish().expect("a valid file");
    (start.elapsed().as_secs_f64(), stats.nnz)
}

fn main() {
    let n = 5_000_000;
    // Each order with 1 M rows; and random order with as many rows as entries (5 M), where
    // each row's count lands in a 20 MB list, past the processor's caches.
    for (order, rows) in [
        (Order::RowSorted, 1_000_000),
        (Order::ColumnSorted, 1_000_000),
        (Order::Random, 1_000_000),
        (Order::Random, n),
    ] {
        let file = generate(n, rows, order);
        let mb = file.len() as f64 / 1e6;
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let (s, nnz) = read(&file);
            assert_eq!(nnz, n);
            best = best.min(s);
        }
        println!(
            "matrix market, plain, {order:?}, {rows} rows: {mb:.0} MB, {n} entries in {:.3} s: {:.0} MB/s (best of 3)",
            best,
            mb / best
        );
        peers::beside("matrix", "bench.mtx", &file, best);
    }
    let file = generate(n, 1_000_000, Order::Random);
    let mb = file.len() as f64 / 1e6;

    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&file).expect("gzip");
    let gz = gz.finish().expect("gzip");
    let start = Instant::now();
    let mut dec = flate2::read::GzDecoder::new(&gz[..]);
    let mut r = MatrixReader::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let k = dec.read(&mut buf).expect("gunzip");
        if k == 0 {
            break;
        }
        r.feed(&buf[..k]).expect("a valid file");
    }
    assert_eq!(r.finish().expect("a valid file").nnz, n);
    let s = start.elapsed().as_secs_f64();
    println!(
        "matrix market, gzip ({:.0} MB compressed): {mb:.0} MB decompressed in {s:.3} s: {:.0} MB/s",
        gz.len() as f64 / 1e6,
        mb / s
    );
}
