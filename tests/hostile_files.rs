//! Hostile files against the Matrix Market, tar and trace readers: each reader's memory grows
//! with what the file holds, never with what a header claims, and each bound's error names
//! the line and the limit. Peak memory is measured by a counting allocator, per thread (the
//! tests of this binary run on several threads at once).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use warpsight::analysis::matrix_market::{MAX_KEPT, MAX_ROWS};
use warpsight::analysis::profile::TraceReader;
use warpsight::analysis::{MatrixReader, MtxReader, MAX_LINE};

struct Counting;

thread_local! {
    static NOW: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size(), 0);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        grow(0, layout.size());
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grow(new_size, layout.size());
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

fn grow(plus: usize, minus: usize) {
    // `try_with`: a thread's last deallocations may come after its locals are gone.
    let _ = NOW.try_with(|n| {
        let v = (n.get() + plus).saturating_sub(minus);
        n.set(v);
        let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
    });
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The most bytes this thread held at once while `f` ran, above what it held before.
fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = NOW.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    (out, PEAK.with(Cell::get) - base)
}

const MIB: usize = 1 << 20;

fn mtx(text: &str) -> Result<warpsight::analysis::MatrixStats, String> {
    let mut r = MtxReader::new();
    r.feed(text.as_bytes()).map_err(|e| e.to_string())?;
    r.finish().map_err(|e| e.to_string())
}

#[test]
fn a_size_line_claiming_500_million_rows_costs_what_the_file_holds() {
    // 60 bytes: the claim used to allocate a 2 GB counter list and walk 500 M rows.
    let text = format!("%%MatrixMarket matrix coordinate real general\n{MAX_ROWS} 3 1\n1 1 1\n");
    let (stats, bytes) = peak(|| mtx(&text).unwrap());
    assert_eq!(stats.rows, MAX_ROWS);
    assert_eq!(stats.nnz, 1);
    assert_eq!(stats.empty_rows, MAX_ROWS - 1);
    assert_eq!(stats.histogram, vec![(0, MAX_ROWS - 1), (1, 1)]);
    assert!(bytes < MIB, "{bytes} B");
    // Its one entry in the last row: counted in a map, not a list up to that row.
    let text =
        format!("%%MatrixMarket matrix coordinate real general\n{MAX_ROWS} 3 1\n{MAX_ROWS} 2 1\n");
    let (stats, bytes) = peak(|| mtx(&text).unwrap());
    assert_eq!(
        (stats.nnz, stats.p_nz_ell, stats.empty_rows),
        (1, 1, MAX_ROWS - 1)
    );
    assert!(bytes < MIB, "{bytes} B");
}

#[test]
fn rows_in_any_order_give_the_same_statistics() {
    // 3,000 rows of a 1,000,000-row matrix, row r holding r % 7 + 1 entries, listed from the
    // last row down (the map first, then a list once the entries catch up) and from the first
    // row up: the same figures, worked by hand below.
    let rows: Vec<u64> = (0..3000u64).map(|k| 1 + k * 333).collect();
    let mut lines: Vec<String> = Vec::new();
    for (k, &r) in rows.iter().enumerate() {
        for c in 0..(k as u64 % 7 + 1) {
            lines.push(format!("{r} {} 1", c + 1));
        }
    }
    let head = format!(
        "%%MatrixMarket matrix coordinate real general\n1000000 8 {}\n",
        lines.len()
    );
    let up = mtx(&format!("{head}{}\n", lines.join("\n"))).unwrap();
    lines.reverse();
    let down = mtx(&format!("{head}{}\n", lines.join("\n"))).unwrap();
    assert_eq!(up, down);
    // 3,000 rows: lengths 1..7 cycle, 429 of each for lengths 1–4 (k % 7 < 4 for 429 values
    // of k below 3,000), 428 of lengths 5–7.
    assert_eq!(up.nnz, 429 * (1 + 2 + 3 + 4) + 428 * (5 + 6 + 7));
    assert_eq!(up.empty_rows, 1_000_000 - 3000);
    assert_eq!(up.p_nz_csr, 1);
    assert_eq!(up.p_nz_ell, 7);
}

#[test]
fn a_matrix_kept_for_replay_caps_its_rows() {
    let mut r = MatrixReader::keeping();
    let text = format!(
        "%%MatrixMarket matrix coordinate pattern general\n{} 3 1\n1 1\n",
        MAX_KEPT + 1
    );
    let mut padded = text.into_bytes();
    padded.resize(600, b'\n'); // past the 512 bytes the reader waits for to tell tar apart
    let e = r
        .feed(&padded)
        .and_then(|_| r.finish_matrix().map(|_| ()))
        .unwrap_err();
    assert_eq!(e.line, 2);
    assert!(
        e.message.contains("at most 32,000,000 rows"),
        "{}",
        e.message
    );
}

#[test]
fn a_line_with_no_end_is_held_to_1_mib() {
    for prefix in ["", "%%MatrixMarket matrix coordinate real general\n"] {
        let mut text = prefix.as_bytes().to_vec();
        text.resize(prefix.len() + 3 * MIB, b'7');
        let (e, bytes) = peak(|| {
            let mut r = MtxReader::new();
            // In 64 KiB chunks, as the worker reads.
            text.chunks(64 << 10)
                .try_for_each(|c| r.feed(c))
                .unwrap_err()
        });
        let line = if prefix.is_empty() { 1 } else { 2 };
        assert_eq!(
            e.to_string(),
            format!("line {line}: longer than 1 MiB (is this a text file?)")
        );
        assert!(bytes < 2 * MAX_LINE + MIB, "{bytes} B");
    }
    // A trace: the sniffer's head, and a reader's line buffer after it.
    for text in [vec![b'L'; 3 * MIB], {
        let mut t = b"==1== Lackey\n L 1000,4\n".to_vec();
        t.resize(3 * MIB, b'5');
        t
    }] {
        let (e, bytes) = peak(|| {
            let mut r = TraceReader::new(&[64]);
            text.chunks(64 << 10)
                .try_for_each(|c| r.feed(c))
                .unwrap_err()
        });
        assert!(
            e.to_string()
                .ends_with("longer than 1 MiB (is this a text file?)"),
            "{e}"
        );
        assert!(bytes < 3 * MAX_LINE, "{bytes} B");
    }
}

#[test]
fn a_trace_that_says_nothing_for_a_mib_is_read_on_line_by_line() {
    // 2 MiB of comments, then one operation: the sniffer stops holding at 1 MiB and hands the
    // lines to the operation reader (its `#` comments), which reads the operation.
    let mut text = "# nothing yet\n".repeat(2 * MIB / 14).into_bytes();
    text.extend_from_slice(b"add r1 r2 r3\n");
    let (profile, bytes) = peak(|| {
        let mut r = TraceReader::new(&[64]);
        text.chunks(64 << 10).try_for_each(|c| r.feed(c)).unwrap();
        r.finish().unwrap()
    });
    let schedule = profile.schedule.expect("an operation trace");
    assert_eq!(schedule.w_add, 1);
    assert!(bytes < 3 * MAX_LINE, "{bytes} B");
}

#[test]
fn a_tar_long_name_claiming_a_gibibyte_is_refused_at_its_header() {
    // A GNU long-name header (type L) whose size field claims 1 GiB, then its first bytes.
    let mut header = vec![0u8; 512];
    header[..13].copy_from_slice(b"././@LongLink");
    header[124..136].copy_from_slice(b"10000000000\0"); // octal 2^30
    header[156] = b'L';
    header[257..263].copy_from_slice(b"ustar ");
    let sum: u32 = header.iter().map(|&b| u32::from(b)).sum::<u32>() + 8 * u32::from(b' ');
    header[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    header.extend(std::iter::repeat_n(b'a', 4 * MIB));
    let (e, bytes) = peak(|| {
        let mut r = MatrixReader::new();
        header
            .chunks(64 << 10)
            .try_for_each(|c| r.feed(c))
            .unwrap_err()
    });
    assert_eq!(
        e.message,
        "the tar archive is damaged: a long name of 1,073,741,824 bytes (names are at most 65,536)"
    );
    assert!(bytes < MIB, "{bytes} B");
}

#[test]
fn a_kept_matrix_of_mostly_empty_rows_is_not_replayed() {
    // 1,000,000 rows claimed, 2 non-zeros held: more than 65,536 + 64 × 2 rows to walk.
    let mut text =
        b"%%MatrixMarket matrix coordinate pattern general\n1000000 3 2\n1 1\n2 2\n".to_vec();
    text.resize(600, b'\n');
    let mut r = MatrixReader::keeping();
    r.feed(&text).unwrap();
    let e = r.finish_matrix().unwrap_err();
    assert_eq!(
        e.message,
        "1,000,000 rows for 2 non-zeros: a replay would walk mostly empty rows (at most 65,536 + 64 rows per non-zero)"
    );
    // At the bound, it is replayed: 65,536 + 128 rows.
    let mut text =
        b"%%MatrixMarket matrix coordinate pattern general\n65664 3 2\n1 1\n2 2\n".to_vec();
    text.resize(600, b'\n');
    let mut r = MatrixReader::keeping();
    r.feed(&text).unwrap();
    assert_eq!(r.finish_matrix().unwrap().stats.rows, 65_664);
}
