//! The readers' fuzz harness, shared by the fuzz command (`examples/fuzz.rs`) and its brief run
//! in the tests (`tests/fuzz.rs`): mutations of the seed files in `fuzz/corpus/<target>/`,
//! each fed to the reader as the worker feeds it (in chunks of random sizes, then finish, then
//! what the page does with the result), under a memory limit (a counting allocator) and a
//! per-input time limit (a watchdog thread). Deterministic: a target, a seed and an input's
//! number reproduce it.
//!
//! libFuzzer (cargo-fuzz) needs a nightly compiler's sanitizers, which this machine does not
//! have; the mutations here are libFuzzer's usual ones plus line repetition, which is what
//! finds blow-ups in nested or repeated structure (calls, loops, rows).

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use warpsight::analysis::generators::spmv_on;
use warpsight::analysis::profile::TraceReader;
use warpsight::analysis::profiler::ProfileReader;
use warpsight::analysis::MatrixReader;

/// The largest input a mutation makes.
pub const MAX_INPUT: usize = 64 << 10;

/// The most memory one input may hold at once, above what was held before it.
pub const MEMORY_LIMIT: usize = 256 << 20;

/// Past this much live memory the allocator refuses, and the process aborts (the message
/// names the target and input to reproduce).
const HARD_LIMIT: usize = 2 << 30;

/// A counting allocator: live bytes and their peak since [`Capped::reset_peak`].
pub struct Capped;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !Capped::take(layout.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() && !Capped::take(new_size - layout.size()) {
            return std::ptr::null_mut();
        }
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if new_size < layout.size() {
            LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        p
    }
}

impl Capped {
    fn take(bytes: usize) -> bool {
        let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if live > HARD_LIMIT {
            LIVE.fetch_sub(bytes, Ordering::Relaxed);
            report_current("over 2 GiB of memory");
            return false;
        }
        PEAK.fetch_max(live, Ordering::Relaxed);
        true
    }

    pub fn live() -> usize {
        LIVE.load(Ordering::Relaxed)
    }

    pub fn reset_peak() {
        PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
    }

    pub fn peak() -> usize {
        PEAK.load(Ordering::Relaxed)
    }
}

/// What runs now, for the watchdog and the allocator's last words (no allocation there).
static CURRENT_TARGET: AtomicUsize = AtomicUsize::new(usize::MAX);
static CURRENT_INPUT: AtomicU64 = AtomicU64::new(0);
static CURRENT_SEED: AtomicU64 = AtomicU64::new(0);
static STARTED_MS: AtomicU64 = AtomicU64::new(0);
static RUNNING: AtomicBool = AtomicBool::new(false);
static LIMIT_MS: AtomicU64 = AtomicU64::new(10_000);

fn report_current(what: &str) {
    let t = CURRENT_TARGET.load(Ordering::Relaxed);
    let name = TARGETS.get(t).map_or("?", |t| t.name);
    eprintln!(
        "fuzz: {what} on {name} input {} (seed {}); reproduce: cargo run --profile fuzz --example fuzz -- {name} --seed {} --only {}",
        CURRENT_INPUT.load(Ordering::Relaxed),
        CURRENT_SEED.load(Ordering::Relaxed),
        CURRENT_SEED.load(Ordering::Relaxed),
        CURRENT_INPUT.load(Ordering::Relaxed),
    );
}

/// Starts the watchdog (once): an input running past the time limit ends the process with a
/// line saying how to reproduce it.
pub fn watchdog(limit: Duration) {
    LIMIT_MS.store(limit.as_millis() as u64, Ordering::Relaxed);
    static STARTED: AtomicBool = AtomicBool::new(false);
    if STARTED.swap(true, Ordering::Relaxed) {
        return;
    }
    let epoch = epoch();
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(50));
        if RUNNING.load(Ordering::Relaxed) {
            let ran = epoch.elapsed().as_millis() as u64 - STARTED_MS.load(Ordering::Relaxed);
            if ran > LIMIT_MS.load(Ordering::Relaxed) {
                report_current(&format!(
                    "an input ran past {} ms",
                    LIMIT_MS.load(Ordering::Relaxed)
                ));
                std::process::exit(1);
            }
        }
    });
}

fn epoch() -> Instant {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// SplitMix64: small, fast, reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    #[allow(dead_code)] // the link fuzzer's
    pub fn chance(&mut self, per_million: u64) -> bool {
        self.next() % 1_000_000 < per_million
    }
    #[allow(dead_code)] // the link fuzzer's
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A reader to fuzz: its seed folder, the tokens its format is made of, and what the worker
/// (or the CLI) does with an input.
pub struct Target {
    pub name: &'static str,
    pub corpus: &'static str,
    tokens: &'static [&'static str],
    run: fn(&[u8], &mut Rng) -> Result<(), String>,
}

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "7",
    "255",
    "65536",
    "4294967295",
    "4294967296",
    "500000000",
    "500000001",
    "32000000",
    "18446744073709551615",
    "99999999999999999999",
    "1e308",
    "-1e308",
    "1e-320",
    "nan",
    "inf",
    "0x10",
    "1.5",
    ".5",
    "-0",
];

pub const TARGETS: &[Target] = &[
    Target {
        name: "matrix",
        corpus: "matrix",
        tokens: &[
            "%%MatrixMarket matrix coordinate real general\n",
            "%%MatrixMarket",
            " pattern",
            " symmetric",
            " skew-symmetric",
            " hermitian",
            " complex",
            " array",
            " integer",
            "%",
            "\n",
            "\r\n",
            " ",
            "\t",
            "ustar",
            "././@LongLink",
        ],
        run: run_matrix,
    },
    Target {
        name: "matrix-gz",
        corpus: "matrix",
        tokens: &[
            "%%MatrixMarket matrix coordinate real general\n",
            " symmetric",
            " pattern",
            "\n",
            " ",
        ],
        run: run_matrix_gz,
    },
    Target {
        name: "lackey",
        corpus: "lackey",
        tokens: &[
            " L ",
            " S ",
            " M ",
            "I  ",
            ",",
            ",8",
            "ffffffffffffffff",
            "0000000000000000",
            "==1== ",
            "--",
            "\n",
            "#",
            "%%MatrixMarket matrix coordinate real general\n",
        ],
        run: run_trace,
    },
    Target {
        name: "ops",
        corpus: "ops",
        tokens: &[
            "add ",
            "sub ",
            "mul ",
            "div ",
            "other ",
            "ld ",
            "st ",
            "sync",
            " r1",
            " r99999999",
            " 18446744073709551615",
            "# ",
            "\n",
        ],
        run: run_trace,
    },
    Target {
        name: "ptx",
        corpus: "ptx",
        tokens: &[
            ".func ",
            ".entry ",
            ".visible .entry k(\n)\n{\n",
            "call.uni (rv), twice, (p0);\n",
            "call ",
            ";",
            "{",
            "}",
            "(",
            ")",
            "$L__BB0_1:",
            "bra $L__BB0_1;\n",
            "@%p1 bra $L__BB0_1;\n",
            ".loc 1 2 3\n",
            ".b8 ",
            "ld.global.f32 %f1, [%rd1];\n",
            "st.shared.u32 [%r1+4], %r2;\n",
            "bar.sync 0;\n",
            "ret;",
            "// ",
            "/*",
            "*/",
            ".target sm_52, debug\n",
            "\n",
        ],
        run: run_ptx,
    },
    Target {
        name: "profiler",
        corpus: "profiler",
        tokens: &[
            "\"",
            "\"\"",
            ",",
            "\n",
            "\r\n",
            "==PROF== ",
            "\"Kernel Name\"",
            "\"Metric Value\"",
            "\"Duration\"",
            "\"usecond\"",
            "\"msecond\"",
            "\"Gbyte/second\"",
            "gpu__time_duration.sum",
            "\"Device\"",
            "NVIDIA H100 80GB HBM3",
            "\"Block Size\"",
            "\"(256, 1, 1)\"",
            "\"Grid Size\"",
            "\"(65536, 1, 1)\"",
        ],
        run: run_profiler,
    },
];

/// Feeds `bytes` to `feed` in chunks of random sizes (1 byte to 4 KiB), as streams arrive.
fn chunks<E>(
    bytes: &[u8],
    rng: &mut Rng,
    mut feed: impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let mut rest = bytes;
    while !rest.is_empty() {
        let n = (1 + rng.below(4096)).min(rest.len());
        feed(&rest[..n])?;
        rest = &rest[n..];
    }
    Ok(())
}

/// The SpMV page's reading, then AutoMatch's (the matrix kept and replayed at 64-byte lines).
fn run_matrix(bytes: &[u8], rng: &mut Rng) -> Result<(), String> {
    let mut r = MatrixReader::new();
    if chunks(bytes, rng, |c| r.feed(c)).is_ok() {
        if let Ok(stats) = r.finish() {
            serde_json::to_string(&stats).map_err(|e| e.to_string())?;
        }
    }
    let mut r = MatrixReader::keeping();
    if chunks(bytes, rng, |c| r.feed(c)).is_ok() {
        if let Ok(m) = r.finish_matrix() {
            let g = spmv_on(&m, &[64], &mut |_| {});
            std::hint::black_box(g.memory.len());
        }
    }
    Ok(())
}

/// The mutation compressed (or, one time in four, its compressed bytes damaged), read back as
/// the CLI reads `.mtx.gz`.
fn run_matrix_gz(bytes: &[u8], rng: &mut Rng) -> Result<(), String> {
    use flate2::write::GzEncoder;
    use std::io::Write;
    let mut enc = GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(bytes).map_err(|e| e.to_string())?;
    let mut gz = enc.finish().map_err(|e| e.to_string())?;
    if rng.below(4) == 0 && !gz.is_empty() {
        let i = rng.below(gz.len());
        gz[i] ^= 1 << rng.below(8);
    }
    let mut dec = flate2::read::GzDecoder::new(&gz[..]);
    let mut r = MatrixReader::new();
    let mut buf = vec![0u8; 1 + rng.below(8192)];
    loop {
        match dec.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if r.feed(&buf[..n]).is_err() {
                    return Ok(());
                }
            }
            Err(_) => return Ok(()),
        }
    }
    if let Ok(stats) = r.finish() {
        serde_json::to_string(&stats).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// AutoMatch's trace reading: the sniffer, then the Lackey, operation or matrix reader.
fn run_trace(bytes: &[u8], rng: &mut Rng) -> Result<(), String> {
    let mut r = TraceReader::new(&[32, 64]);
    if chunks(bytes, rng, |c| r.feed(c)).is_ok() {
        if let Ok(p) = r.finish() {
            serde_json::to_string(&p).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// The PTX panel's report: the first kernel, then each named one (up to 3) with huge trip
/// counts and every memory instruction marked uncoalesced.
fn run_ptx(bytes: &[u8], _: &mut Rng) -> Result<(), String> {
    use warpsight::model::ptx::{parse, report, CostTable};
    let text = String::from_utf8_lossy(bytes);
    let r = report(&text, None, &CostTable::GTX260, None, &[]);
    serde_json::to_string(&r).map_err(|e| e.to_string())?;
    let parsed = parse(&text);
    for k in parsed.kernels().into_iter().take(3) {
        let r = report(
            &text,
            Some(k),
            &CostTable::GTX260,
            Some(&[1_000_000_000; 8]),
            &[0, 1, 2, 3],
        );
        serde_json::to_string(&r).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The measured page: the profiler file, the comparison with every model, its HTML and JSON.
fn run_profiler(bytes: &[u8], rng: &mut Rng) -> Result<(), String> {
    let mut r = ProfileReader::new();
    if chunks(bytes, rng, |c| r.feed(c)).is_ok() {
        if let Ok(p) = r.finish() {
            let report = warpsight::measured::compare(&p);
            std::hint::black_box(warpsight::measured::html::report_html(&report, "f.csv").len());
            serde_json::to_string(&report).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// The seed files of a corpus folder (`fuzz/corpus/<name>`).
pub fn seeds(corpus: &str) -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(corpus);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    files.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// One mutation of a seed: 1 to 8 of bit flips, byte sets, inserted bytes or tokens,
/// deletions, copied ranges, numbers swapped for boundary ones, splices from another seed,
/// truncation, and a line repeated up to 2,000 times.
pub fn mutate(rng: &mut Rng, seeds: &[Vec<u8>], tokens: &[&str]) -> Vec<u8> {
    let mut d = seeds[rng.below(seeds.len())].clone();
    for _ in 0..1 + rng.below(8) {
        let len = d.len();
        let at = rng.below(len + 1);
        match rng.below(11) {
            0 if len > 0 => {
                let i = rng.below(len);
                d[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                d[i] = rng.next() as u8;
            }
            2 => {
                let n = 1 + rng.below(8);
                let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
                d.splice(at..at, bytes);
            }
            3 | 4 => {
                let t = tokens[rng.below(tokens.len())].as_bytes();
                d.splice(at..at, t.iter().copied());
            }
            5 if len > 0 => {
                let n = 1 + rng.below((len - at.min(len - 1)).min(64));
                let a = at.min(len - 1);
                d.drain(a..(a + n).min(len));
            }
            6 if len > 0 => {
                let a = rng.below(len);
                let n = 1 + rng.below((len - a).min(256));
                let copy = d[a..a + n].to_vec();
                d.splice(at..at, copy);
            }
            7 => {
                // A run of digits becomes a boundary number.
                let digit = (at..len).find(|&i| d[i].is_ascii_digit());
                if let Some(i) = digit {
                    let end = (i..len).find(|&j| !d[j].is_ascii_digit()).unwrap_or(len);
                    let n = NUMBERS[rng.below(NUMBERS.len())].as_bytes();
                    d.splice(i..end, n.iter().copied());
                }
            }
            8 => {
                let other = &seeds[rng.below(seeds.len())];
                if !other.is_empty() {
                    let a = rng.below(other.len());
                    let n = 1 + rng.below((other.len() - a).min(512));
                    d.splice(at..at, other[a..a + n].iter().copied());
                }
            }
            9 if len > 0 => d.truncate(rng.below(len)),
            10 => {
                // A whole line, repeated.
                let start = d[..at]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let end = d[at..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(len, |i| at + i + 1);
                let line = d[start..end].to_vec();
                if !line.is_empty() {
                    let times = 1 + rng.below(2000).min(MAX_INPUT / line.len());
                    // Half the time each copy is numbered (its first run of digits becomes
                    // the copy's number): distinct kernels in a profile, distinct registers
                    // in PTX, as a big real file has them.
                    let numbered = rng.below(2) == 0;
                    let digits = line.iter().position(u8::is_ascii_digit);
                    let mut copies = Vec::with_capacity(line.len() * times);
                    for k in 0..times {
                        match digits.filter(|_| numbered) {
                            Some(i) => {
                                let stop = (i..line.len())
                                    .find(|&j| !line[j].is_ascii_digit())
                                    .unwrap_or(line.len());
                                copies.extend_from_slice(&line[..i]);
                                copies.extend_from_slice(k.to_string().as_bytes());
                                copies.extend_from_slice(&line[stop..]);
                            }
                            None => copies.extend_from_slice(&line),
                        }
                    }
                    d.splice(end..end, copies);
                }
            }
            _ => {}
        }
        d.truncate(MAX_INPUT);
    }
    d
}

/// What a run found.
#[derive(Default, Debug)]
pub struct Findings {
    pub inputs: u64,
    pub panics: u64,
    pub over_memory: u64,
    /// The most memory one input held (above the baseline).
    pub peak: usize,
    pub seconds: f64,
    /// The first finding: what, and the input's number.
    pub first: Option<(String, u64)>,
}

impl Findings {
    pub fn clean(&self) -> bool {
        self.panics == 0 && self.over_memory == 0
    }
    pub fn per_second(&self) -> f64 {
        self.inputs as f64 / self.seconds.max(1e-9)
    }
}

/// The memory an input may take (issue 36): 12 times its size, plus 16 MiB. A reader's
/// memory follows what the file holds: a profile's distinct kernels, a PTX text's
/// instructions.
pub fn budget(input: usize) -> usize {
    input.saturating_mul(12).saturating_add(16 << 20)
}

/// Runs `target` on its seeds as they are, then on `inputs` mutations (or until `until`
/// passes); `only` runs just that input's number. Panics are caught and counted (the panic
/// hook should be quiet); an input over [`MEMORY_LIMIT`] is counted, and one past the time
/// limit ends the process (see [`watchdog`]). Findings are written to `save` when given.
pub fn run(
    target: &Target,
    seed: u64,
    inputs: u64,
    until: Option<Instant>,
    only: Option<u64>,
    save: Option<&std::path::Path>,
) -> Findings {
    let index = TARGETS
        .iter()
        .position(|t| t.name == target.name)
        .unwrap_or(usize::MAX);
    CURRENT_TARGET.store(index, Ordering::Relaxed);
    CURRENT_SEED.store(seed, Ordering::Relaxed);
    let corpus = seeds(target.corpus);
    let mut rng = Rng(seed ^ (index as u64) << 48);
    let mut f = Findings::default();
    let start = Instant::now();
    let total = (corpus.len() as u64).saturating_add(inputs);
    for k in 0..total {
        if until.is_some_and(|u| Instant::now() >= u) {
            break;
        }
        let input = match corpus.get(k as usize) {
            Some(s) => s.clone(),
            None => mutate(&mut rng, &corpus, target.tokens),
        };
        // Each input's own stream of chunk sizes, so `only` replays it exactly.
        let mut feed_rng = Rng(seed ^ k.wrapping_mul(0x9E37_79B9));
        if only.is_some_and(|o| o != k) {
            continue;
        }
        CURRENT_INPUT.store(k, Ordering::Relaxed);
        STARTED_MS.store(epoch().elapsed().as_millis() as u64, Ordering::Relaxed);
        Capped::reset_peak();
        let base = Capped::live();
        RUNNING.store(true, Ordering::Relaxed);
        let outcome = catch_unwind(AssertUnwindSafe(|| (target.run)(&input, &mut feed_rng)));
        RUNNING.store(false, Ordering::Relaxed);
        let held = Capped::peak().saturating_sub(base);
        f.inputs += 1;
        f.peak = f.peak.max(held);
        let found = |what: &str, f: &mut Findings| {
            if f.first.is_none() {
                f.first = Some((what.to_string(), k));
            }
            if let Some(dir) = save {
                let _ = std::fs::create_dir_all(dir);
                let _ = std::fs::write(dir.join(format!("{}-{seed}-{k}.bin", target.name)), &input);
            }
        };
        match outcome {
            Err(_) => {
                f.panics += 1;
                found("panic", &mut f);
            }
            Ok(Err(e)) => {
                f.panics += 1;
                found(&format!("output failed: {e}"), &mut f);
            }
            Ok(Ok(())) => {}
        }
        if held > MEMORY_LIMIT {
            f.over_memory += 1;
            found(&format!("{} MiB held", held >> 20), &mut f);
        } else if held > budget(input.len()) {
            f.over_memory += 1;
            found(
                &format!(
                    "{:.1} MiB held for a {} B input (over 12 × the input + 16 MiB)",
                    held as f64 / (1 << 20) as f64,
                    input.len()
                ),
                &mut f,
            );
        }
    }
    f.seconds = start.elapsed().as_secs_f64();
    CURRENT_TARGET.store(usize::MAX, Ordering::Relaxed);
    f
}
