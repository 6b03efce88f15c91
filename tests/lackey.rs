//! Valgrind's Lackey on a real program: a C loop this test compiles reads an array of 4,096
//! doubles (512 lines of 64 B) twice. The trace's references inside the array must show the
//! loop's known reuse: in each pass, a line's first double is followed by seven more in the
//! same line (distance 0); the first pass's first touches are cold; in the second pass each
//! line comes back after the other 511 (distance 511). Needs `valgrind` and `cc`
//! (scripts/ensure-tools.sh test installs them).

use std::process::Command;

use warpsight::analysis::LackeyReader;

const LOOP: &str = r#"
#include <stdio.h>
static double a[4096] __attribute__((aligned(64)));
int main(void) {
    volatile double sum = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < 4096; i++)
            sum += a[i];
    printf("%lx\n", (unsigned long)a);
    return 0;
}
"#;

#[test]
fn lackey_on_a_loop_shows_its_reuse() {
    let dir = std::env::temp_dir().join(format!("warpsight-lackey-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("loop.c");
    let exe = dir.join("loop");
    let log = dir.join("trace.txt");
    std::fs::write(&src, LOOP).unwrap();
    let cc = Command::new("cc")
        .args(["-O0", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .expect("cc (scripts/ensure-tools.sh test installs gcc)");
    assert!(cc.success());
    let run = Command::new("valgrind")
        .args(["--tool=lackey", "--trace-mem=yes"])
        .arg(format!("--log-file={}", log.display()))
        .arg(&exe)
        .output()
        .expect("valgrind (scripts/ensure-tools.sh test installs it)");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let base = u64::from_str_radix(String::from_utf8_lossy(&run.stdout).trim(), 16).unwrap();
    let end = base + 4096 * 8;

    // The array's references only (the trace also holds the loader's, libc's and the stack's).
    let trace = std::fs::read_to_string(&log).unwrap();
    let inside: String = trace
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            (t.starts_with('L') || t.starts_with('S') || t.starts_with('M'))
                && t[1..]
                    .trim()
                    .split(',')
                    .next()
                    .and_then(|a| u64::from_str_radix(a, 16).ok())
                    .is_some_and(|a| (base..end).contains(&a))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    // The whole trace reads too (Valgrind's own lines are skipped).
    let mut all = LackeyReader::new(&[64]);
    all.feed(trace.as_bytes()).unwrap();
    let all = all.finish().unwrap();
    assert!(all.at(64).unwrap().references() > 8192);

    let mut r = LackeyReader::new(&[64]);
    r.feed(inside.as_bytes()).unwrap();
    let r = r.finish().unwrap();
    let sd = r.at(64).unwrap();
    assert_eq!(sd.references(), 8192, "two passes of 4,096 loads");
    assert_eq!(sd.cold(), 512);
    assert_eq!(sd.histogram(), vec![(0, 7 * 512 * 2), (511, 512)]);
    // A 32 KB fast memory (512 lines) keeps the second pass; 511 lines do not.
    assert_eq!(sd.q(512), (8192 - 512, 512));
    assert_eq!(sd.q(511), (7 * 512 * 2, 1024));
}

/// An access that straddles two lines touches both (issue 26): 8 bytes at 0x3c cover bytes
/// 0x3c–0x43, lines 0 and 1 of 64 B but only line 0 of 128 B; a modify counts each line twice.
/// A size past 4,096 bytes is not Lackey's and is an error naming its line.
#[test]
fn an_access_straddling_two_lines_counts_both() {
    let mut r = LackeyReader::new(&[64, 128]);
    r.feed(b" L 3c,8\n M 7f,2\n S 0,1\n").unwrap();
    let r = r.finish().unwrap();
    let (l64, l128) = (&r.by_line_size[0].1, &r.by_line_size[1].1);
    // 64 B: L → lines 0, 1; M at 0x7f–0x80 → lines 1, 2, twice each; S → line 0.
    assert_eq!(l64.references(), 2 + 4 + 1);
    assert_eq!(l64.cold(), 3);
    // 128 B: L → line 0; M → lines 0, 1 twice each; S → line 0.
    assert_eq!(l128.references(), 1 + 4 + 1);
    assert_eq!(l128.cold(), 2);
    let mut r = LackeyReader::new(&[64]);
    let e = r.feed(b" L 0,8\n L 40,4097\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: expected the access's size after the comma: bytes, from 1 to 4,096"
    );
}
