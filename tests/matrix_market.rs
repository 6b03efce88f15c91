//! The streaming Matrix Market reader: statistics counted by hand, the same answer whatever
//! the chunk sizes, mirroring for the symmetric kinds, archives, and errors that name the line.

use std::io::Write;
use std::process::Command;

use warpsight::analysis::matrix_market::{hyb_threshold, Field, Symmetry};
use warpsight::analysis::{MatrixReader, MatrixStats, MtxError};

fn read_in(bytes: &[u8], chunk: usize) -> Result<MatrixStats, MtxError> {
    let mut r = MatrixReader::new();
    for c in bytes.chunks(chunk.max(1)) {
        r.feed(c)?;
    }
    r.finish()
}

fn read(text: &str) -> Result<MatrixStats, MtxError> {
    let whole = read_in(text.as_bytes(), usize::MAX);
    for chunk in [1, 2, 3, 7, 64] {
        assert_eq!(read_in(text.as_bytes(), chunk), whole, "chunks of {chunk}");
    }
    whole
}

/// Rows of lengths 2, 1, 0, 3, 2 (row 3 empty): mode 2, max 3, 8 non-zeros.
const GENERAL: &str = "%%MatrixMarket matrix coordinate real general\n\
% a comment\n\
\n\
5 6 8\n\
1 1 1.5\n\
1 6 -2e3\n\
2 2 3\n\
4 1 1\n\
4 2 0\n\
4 3 1\n\
5 5 7\n\
5 6 .5\n";

#[test]
fn general_real_counted_by_hand() {
    let s = read(GENERAL).expect("valid");
    assert_eq!((s.rows, s.columns, s.entries, s.nnz), (5, 6, 8, 8));
    assert_eq!((s.p_nz_csr, s.p_nz_ell, s.empty_rows), (2, 3, 1));
    assert_eq!(s.histogram, vec![(0, 1), (1, 1), (2, 2), (3, 1)]);
    assert!((s.mean_row - 1.6).abs() < 1e-12);
    // Lengths 2,1,0,3,2: variance = (4+1+0+9+4)/5 − 1.6² = 1.04.
    assert!((s.sd_row - 1.04f64.sqrt()).abs() < 1e-12);
    assert_eq!((s.field, s.symmetry), (Field::Real, Symmetry::General));
    // Fewer than 4,096 rows: Bell & Garland's rule keeps all of it in COO.
    assert_eq!(s.hyb_thd, 0);
    // CRLF line ends read the same.
    assert_eq!(read(&GENERAL.replace('\n', "\r\n")).expect("crlf"), s);
}

/// A symmetric pattern matrix stores the lower triangle: each off-diagonal entry also counts
/// in its column's row; the diagonal once. Rows: 1 → {1,2,3}, 2 → {1,2}, 3 → {1,3}.
#[test]
fn symmetric_entries_are_mirrored() {
    let s = read(
        "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 5\n1 1\n2 1\n2 2\n3 1\n3 3\n",
    )
    .expect("valid");
    assert_eq!((s.entries, s.nnz), (5, 7));
    assert_eq!(s.histogram, vec![(2, 2), (3, 1)]);
    assert_eq!((s.p_nz_csr, s.p_nz_ell), (2, 3));
    let skew =
        read("%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 4\n3 2 -1\n")
            .expect("valid");
    assert_eq!(skew.nnz, 4);
    assert_eq!(skew.histogram, vec![(1, 2), (2, 1)]);
    let herm = read(
        "%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 1.0 0\n2 1 0.5 -0.5\n",
    )
    .expect("valid");
    assert_eq!((herm.nnz, herm.field), (3, Field::Complex));
    // Ties: two rows of 1 and two of 2 → the smaller length.
    let tie = read("%%MatrixMarket matrix coordinate real general\n4 4 6\n1 1 1\n2 1 1\n2 2 1\n3 3 1\n4 1 1\n4 4 1\n")
        .expect("valid");
    assert_eq!(tie.p_nz_csr, 1);
}

#[test]
fn bell_and_garland_hyb_threshold() {
    // 12,288 rows: 4,096 of length 10, the rest length 2. At least max(4096, 12288/3 = 4096)
    // rows must hold K or more: K = 10.
    assert_eq!(hyb_threshold(12_288, &[(2, 8192), (10, 4096)]), 10);
    // 4,095 long rows are too few: K falls to 2.
    assert_eq!(hyb_threshold(12_287, &[(2, 8192), (10, 4095)]), 2);
    // 30,000 rows: 10,000 rows needed; rows of ≥ 7: 9,000; ≥ 3: 30,000 → K = 3.
    assert_eq!(hyb_threshold(30_000, &[(3, 21_000), (7, 9_000)]), 3);
}

fn error(text: &str) -> MtxError {
    read(text).expect_err(text)
}

#[test]
fn errors_name_the_line_and_what_was_expected() {
    let e = error("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n");
    assert_eq!(e.line, 1);
    assert!(e.message.contains("dense (array)"), "{e}");
    let e = error("hello\n");
    assert_eq!(e.line, 1);
    assert!(
        e.message.contains("expected the Matrix Market header"),
        "{e}"
    );
    let e = error("%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1\n2 x 1\n");
    assert_eq!(
        e.to_string(),
        "line 4: the column index “x” is not a whole number"
    );
    let e = error("%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1\n2 2 1\n");
    assert_eq!(
        e.to_string(),
        "line 3: expected 3 numbers (row column value), found fewer"
    );
    let e = error("%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1\n4 2 1\n");
    assert_eq!(e.to_string(), "line 4: row index 4 is outside 1 to 3");
    let e = error("%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1\n0 2 1\n");
    assert_eq!(e.line, 4);
    let e = error("%%MatrixMarket matrix coordinate real general\n3 3 3\n1 1 1\n2 2 1\n");
    assert!(e.message.contains("ends after 2 of the 3 entries"), "{e}");
    let e = error("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 1\n2 2 1\n");
    assert_eq!(
        e.to_string(),
        "line 4: more entries than the 1 the size line declares"
    );
    let e = error("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 one\n");
    assert!(e.message.contains("“one” is not a number"), "{e}");
    let e = error("%%MatrixMarket matrix coordinate real general\n3 3\n");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("size line"), "{e}");
    let e = error("%%MatrixMarket matrix coordinate real symmetric\n3 4 1\n1 1 1\n");
    assert!(e.message.contains("square"), "{e}");
    let e = error("");
    assert!(e.message.contains("empty"), "{e}");
}

/// A ustar header for `name` holding `size` bytes.
fn tar_header(name: &str, size: usize) -> Vec<u8> {
    let mut h = vec![0u8; 512];
    h[..name.len()].copy_from_slice(name.as_bytes());
    h[100..107].copy_from_slice(b"0000644");
    h[124..135].copy_from_slice(format!("{size:011o}").as_bytes());
    h[156] = b'0';
    h[257..263].copy_from_slice(b"ustar\0");
    h[263..265].copy_from_slice(b"00");
    h[148..156].copy_from_slice(b"        ");
    let sum: u32 = h.iter().map(|&b| u32::from(b)).sum();
    h[148..155].copy_from_slice(format!("{sum:06o}\0").as_bytes());
    h
}

fn tar(members: &[(&str, &str)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (name, body) in members {
        out.extend(tar_header(name, body.len()));
        out.extend(body.as_bytes());
        out.resize(out.len().div_ceil(512) * 512, 0);
    }
    out.resize(out.len() + 1024, 0);
    out
}

/// A SuiteSparse archive holds `name/name.mtx` beside right-hand sides: the reader takes the
/// matrix named like its folder, wherever it is.
#[test]
fn the_matrix_inside_a_suitesparse_archive() {
    let rhs = "%%MatrixMarket matrix array real general\n5 1\n1\n2\n3\n4\n5\n";
    let archive = tar(&[
        ("demo/demo_b.mtx", rhs),
        ("demo/demo.mtx", GENERAL),
        ("demo/README", "x"),
    ]);
    let expected = read(GENERAL).expect("valid");
    for chunk in [1, 100, 511, 512, 513, usize::MAX] {
        assert_eq!(read_in(&archive, chunk).expect("archive"), expected);
    }
    let e = read_in(&tar(&[("demo/demo_b.mtx", rhs)]), 512).expect_err("no matrix");
    assert!(e.message.contains("demo/demo_b.mtx"), "{e}");
    let mut cut = tar(&[("demo/demo.mtx", GENERAL)]);
    cut.truncate(600);
    let e = read_in(&cut, 4096).expect_err("truncated");
    assert!(e.message.contains("truncated"), "{e}");
}

fn cli(path: &std::path::Path) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_warpsight"))
        .args(["analyze", "matrix"])
        .arg(path)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `warpsight analyze matrix` on a plain file, a gzip file and a gzip-compressed archive prints
/// the statistics and the link fragment; a bad file is one line naming its line number.
#[test]
fn the_cli_reads_plain_gzip_and_archives() {
    let dir = std::env::temp_dir().join(format!("warpsight-mtx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gz = |bytes: &[u8]| {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(bytes).unwrap();
        e.finish().unwrap()
    };
    let files = [
        ("a.mtx", GENERAL.as_bytes().to_vec()),
        ("a.mtx.gz", gz(GENERAL.as_bytes())),
        ("demo.tar.gz", gz(&tar(&[("demo/demo.mtx", GENERAL)]))),
    ];
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let (ok, out, err) = cli(&path);
        assert!(ok, "{name}: {err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["rows"], 5, "{name}");
        assert_eq!(json["nnz"], 8, "{name}");
        assert_eq!(
            json["histogram"],
            serde_json::json!([[0, 1], [1, 1], [2, 2], [3, 1]])
        );
        assert_eq!(
            json["link"], "n_r=5&nnz=8&p_nz_csr=2&p_nz_ell=3&hyb_thd=0&nnz_hyb_coo=8&t_ref_ms=auto",
            "{name}"
        );
    }
    let bad = dir.join("bad.mtx");
    std::fs::write(
        &bad,
        "%%MatrixMarket matrix coordinate real general\n3 3 1\n9 1 1\n",
    )
    .unwrap();
    let (ok, out, err) = cli(&bad);
    assert!(!ok && out.is_empty());
    assert_eq!(
        err.trim_end(),
        format!(
            "error: {}: line 3: row index 9 is outside 1 to 3",
            bad.display()
        )
    );
    let (ok, _, err) = cli(&dir.join("missing.mtx"));
    assert!(!ok && err.contains("cannot open it"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Bell & Garland's HYB width as CUSP tests it, `3·r < N` in whole numbers (issue 26): 4,097
/// rows of 5 non-zeros among N rows of 1. At N = 12,291, 3 · 4,097 = 12,291 is not below N: the
/// ELL part is 5 wide. At N = 12,292 it is: the width falls to 1 (the old rule, r ≥ ⌊N/3⌋ =
/// 4,097, kept 5).
#[test]
fn the_hyb_threshold_follows_cusps_test_at_its_boundary() {
    use warpsight::analysis::matrix_market::hyb_threshold;
    assert_eq!(hyb_threshold(12_291, &[(1, 12_291 - 4097), (5, 4097)]), 5);
    assert_eq!(hyb_threshold(12_292, &[(1, 12_292 - 4097), (5, 4097)]), 1);
    // Fewer than 4,096 rows past a width: CUSP's break-even.
    assert_eq!(hyb_threshold(5000, &[(1, 1000), (5, 4000)]), 1);
    assert_eq!(hyb_threshold(5000, &[(1, 904), (5, 4096)]), 5);
    // Nothing reaches 4,096 rows: 0, no ELL part.
    assert_eq!(hyb_threshold(100, &[(3, 100)]), 0);
}

/// Issue 58: the row counts are the same in any entry order the format allows — row-sorted,
/// column-sorted (as SuiteSparse writes), random — for rows dense enough to count in a list
/// from the start, for rows that outrun the entries (2 M rows, 20,000 entries), and for
/// entries whose rows first run far ahead of what has been read.
#[test]
fn row_counts_are_the_same_in_any_entry_order() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (rows, n) in [
        (1_000u64, 5_000usize),
        (2_000_000, 20_000),
        (300_000, 200_000),
    ] {
        let mut entries: Vec<(u64, u64)> = (0..n)
            .map(|k| {
                // Skewed rows: a tenth of the entries in ten rows, the rest anywhere.
                let i = if k % 10 == 0 {
                    next() % 10
                } else {
                    next() % rows
                };
                (i + 1, next() % rows + 1)
            })
            .collect();
        let file = |e: &[(u64, u64)]| {
            let mut t =
                format!("%%MatrixMarket matrix coordinate real general\n{rows} {rows} {n}\n");
            for (i, j) in e {
                t += &format!("{i} {j} 1.5\n");
            }
            t
        };
        let random = read_in(file(&entries).as_bytes(), 1 << 16).unwrap();
        entries.sort_by_key(|&(i, j)| (i, j));
        let by_row = read_in(file(&entries).as_bytes(), 1 << 16).unwrap();
        entries.sort_by_key(|&(i, j)| (j, i));
        let by_column = read_in(file(&entries).as_bytes(), 1 << 16).unwrap();
        entries.reverse();
        let backwards = read_in(file(&entries).as_bytes(), 1 << 16).unwrap();
        assert_eq!(random, by_row, "{rows} rows");
        assert_eq!(by_column, by_row, "{rows} rows");
        assert_eq!(backwards, by_row, "{rows} rows");
        assert_eq!(by_row.nnz, n as u64);
        // The histogram holds every row: the empty ones too.
        assert_eq!(by_row.histogram.iter().map(|h| h.1).sum::<u64>(), rows);
        assert_eq!(
            by_row.histogram.iter().map(|h| h.0 * h.1).sum::<u64>(),
            n as u64
        );
    }
}

proptest::proptest! {
    /// Entry lines read straight from a chunk (the fast path, `MtxReader::plain_entries`) give
    /// what the line-by-line path gives (1-byte chunks never hold a whole line): the same
    /// statistics, or the same error on the same line, for lines of every shape the format
    /// and its mistakes take (CRLF, trailing blanks, comments, bad values, indices out of
    /// range, extra or missing words, a missing final newline), in every field.
    #[test]
    fn entries_read_straight_from_a_chunk_as_line_by_line(
        lines in proptest::collection::vec(proptest::sample::select(vec![
            "1 1 1.5\n", "3 2 -2e3\r\n", "2\t3\t.5 \t\n", "4 4 7\n", "% note\n", "\n",
            "1 2 x\n", "5 1 1\n", "1 5 1\n", "0 1 1\n", "1 1 1 1\n", "1 1\n", "1 1 1\r\r\n",
            "+2 2 2\n", " 3 3 3\n", "2 2 nan\n", "1 3 1e\n", "3 3 -.5E+3\n", "4 1 1.\n",
            "2 4 .\n", "1 4 1e5x\n", "4 2 +inf\n", "3 1 1e-07 \r\n", "2 1 1.5.5\n", "1 1 -\n",
            "2 3\n", "4 1 \r\n", "1 1 1.5 -2\n", "3 3 2e3\t4 \n", "2 2 1 x\n",
        ]), 0..12),
        symmetric in proptest::bool::ANY,
        field in proptest::sample::select(vec!["real", "integer", "pattern", "complex"]),
        end_newline in proptest::bool::ANY,
        chunk in 2usize..40,
    ) {
        let kind = if symmetric { "symmetric" } else { "general" };
        let mut text = format!("%%MatrixMarket matrix coordinate {field} {kind}\n4 4 {}\n", lines.len());
        text.extend(lines.iter().copied());
        if !end_newline {
            text.pop();
        }
        // The plain reader itself: `MatrixReader` gathers a file's first 512 bytes into one
        // chunk (to tell an archive), which would hold these whole.
        let plain = |size: usize| {
            let mut r = warpsight::analysis::matrix_market::MtxReader::new();
            for c in text.as_bytes().chunks(size) {
                r.feed(c)?;
            }
            r.finish()
        };
        let line_by_line = plain(1);
        proptest::prop_assert_eq!(&plain(usize::MAX), &line_by_line);
        proptest::prop_assert_eq!(&plain(chunk), &line_by_line);
    }
}
