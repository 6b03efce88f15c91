//! Benchmark (not a test): how fast the profiler readers read, natively, fed in 1 MiB chunks
//! as the worker and the CLI feed them: a generated Nsight Compute details page (`--set
//! full`-like: 60 metric rows per launch, 20 kernels, about 140 MB) and an nvprof GPU trace
//! of 1.5 M launches, and one of 1 M launches whose 500 kernels interleave at random; then the comparison of every kernel with the models.
//! Run: `cargo bench --bench profiler`. (The browser's figure: `node tests/e2e/bench-measured.mjs`.)

use std::io::Write;
use std::time::Instant;

use warpsight::analysis::profiler::ProfileReader;

#[path = "support/peers.rs"]
mod peers;

/// An Nsight Compute details page: `launches` launches of 20 kernels, each with the launch,
/// occupancy and counter rows the comparison reads and filler rows as `--set full` prints.
pub fn ncu_details(launches: usize) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(b"\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n");
    for id in 0..launches {
        let k = id % 20;
        let prefix = format!(
            "\"{id}\",\"4242\",\"app\",\"127.0.0.1\",\"void kernel_{k}<float>(const float *, float *, int)\",\"1\",\"7\",\"(256, 1, 1)\",\"({}, 1, 1)\",\"0\",\"8.0\"",
            1024 * (k + 1)
        );
        let rows: [(&str, &str, &str, String); 12] = [
            (
                "GPU Speed Of Light Throughput",
                "Duration",
                "usecond",
                format!("{}.{:02}", 10 + k, id % 100),
            ),
            (
                "GPU Speed Of Light Throughput",
                "SM Frequency",
                "cycle/nsecond",
                "1.06".into(),
            ),
            (
                "Launch Statistics",
                "Registers Per Thread",
                "register/thread",
                "32".into(),
            ),
            (
                "Launch Statistics",
                "Static Shared Memory Per Block",
                "byte/block",
                "0".into(),
            ),
            (
                "Launch Statistics",
                "Dynamic Shared Memory Per Block",
                "byte/block",
                "0".into(),
            ),
            (
                "Launch Statistics",
                "Shared Memory Configuration Size",
                "Kbyte",
                "16.38".into(),
            ),
            ("Launch Statistics", "# SMs", "SM", "108".into()),
            ("Occupancy", "Theoretical Occupancy", "%", "100".into()),
            ("Occupancy", "Block Limit Registers", "block", "8".into()),
            (
                "Instruction Statistics",
                "Executed Instructions",
                "inst",
                "21,058,944".into(),
            ),
            (
                "Command line profiler metrics",
                "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
                "",
                "262,144".into(),
            ),
            (
                "Command line profiler metrics",
                "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
                "sector",
                "1,048,576".into(),
            ),
        ];
        for (section, name, unit, value) in &rows {
            let _ = writeln!(
                out,
                "{prefix},\"{section}\",\"{name}\",\"{unit}\",\"{value}\""
            );
        }
        // Filler: the metrics a full set prints that the comparison does not read.
        for f in 0..48 {
            let _ = writeln!(
                out,
                "{prefix},\"Memory Workload Analysis Chart\",\"lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum_{f}\",\"sector\",\"{},{:03}\"",
                id % 1000,
                f
            );
        }
    }
    out
}

/// An nvprof GPU trace of `n` kernel launches (and a memory copy every 100).
pub fn nvprof_trace(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(b"==1== Profiling result:\n\"Start\",\"Duration\",\"Grid X\",\"Grid Y\",\"Grid Z\",\"Block X\",\"Block Y\",\"Block Z\",\"Registers Per Thread\",\"Static SMem\",\"Dynamic SMem\",\"Size\",\"Throughput\",\"SrcMemType\",\"DstMemType\",\"Device\",\"Context\",\"Stream\",\"Name\",\"Correlation_ID\"\nms,us,,,,,,,,KB,B,MB,GB/s,,,,,,,\n");
    for i in 0..n {
        if i % 100 == 0 {
            let _ = writeln!(out, "{}.{:06},1.216000,,,,,,,,,,1.000000,803.057644,\"Pageable\",\"Device\",\"Tesla V100-SXM2-16GB (0)\",\"1\",\"7\",\"[CUDA memcpy HtoD]\",{i}", i / 1000, i % 1000);
        }
        let k = i % 7;
        let _ = writeln!(
            out,
            "{}.{:06},{}.{:03},{},1,1,256,1,1,{},1.125000,0,,,,,\"Tesla V100-SXM2-16GB (0)\",\"1\",\"7\",\"kernel_{k}(float const *, float*, int)\",{i}",
            i / 1000,
            i % 1000,
            40 + k,
            i % 1000,
            64 * (k + 1),
            16 + 2 * k
        );
    }
    out
}

/// An nvprof GPU trace of `n` launches whose kernels interleave as a real program's do (issue
/// 58): 500 distinct template kernels with long names, each launched with one of 4 grid
/// sizes, picked at random per launch, on two streams, with a memory copy every 50.
pub fn nvprof_interleaved(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(b"==7== Profiling result:\n\"Start\",\"Duration\",\"Grid X\",\"Grid Y\",\"Grid Z\",\"Block X\",\"Block Y\",\"Block Z\",\"Registers Per Thread\",\"Static SMem\",\"Dynamic SMem\",\"Size\",\"Throughput\",\"SrcMemType\",\"DstMemType\",\"Device\",\"Context\",\"Stream\",\"Name\",\"Correlation_ID\"\ns,us,,,,,,,,KB,B,MB,GB/s,,,,,,,\n");
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for i in 0..n {
        let r = next();
        let stream = 7 + (r & 1);
        if i % 50 == 0 {
            let _ = writeln!(out, "{}.{:06},3.104000,,,,,,,,,,4.000000,1288.6,\"Pinned\",\"Device\",\"NVIDIA A100-SXM4-40GB (0)\",\"1\",\"{stream}\",\"[CUDA memcpy HtoD]\",{i}", i / 100_000, i % 100_000);
        }
        let k = (r >> 8) % 500;
        let shape = (r >> 20) % 4;
        let _ = writeln!(
            out,
            "{}.{:06},{}.{:03},{},{},1,{},1,1,{},{},0,,,,,\"NVIDIA A100-SXM4-40GB (0)\",\"1\",\"{stream}\",\"void cutlass::Kernel<cutlass::gemm::kernel::Gemm<cutlass::gemm::threadblock::MmaPipelined<{k}, {}>, float, 128>>(cutlass::gemm::kernel::Params)\",{i}",
            i / 100_000,
            i % 100_000,
            5 + k % 90,
            (r >> 32) % 1000,
            (k + 1) * (shape + 1) * 16,
            1 + shape,
            128 << (k % 3),
            32 + 8 * (k % 16),
            (k % 8) * 4,
            k % 7,
        );
    }
    out
}

fn read(name: &str, kind: &str, bytes: &[u8]) {
    let mb = bytes.len() as f64 / 1e6;
    let mut best = f64::INFINITY;
    let mut kernels = 0;
    let mut compare = f64::INFINITY;
    for _ in 0..3 {
        let start = Instant::now();
        let mut r = ProfileReader::new();
        for chunk in bytes.chunks(1 << 20) {
            r.feed(chunk).expect("a valid file");
        }
        let profile = r.finish().expect("a valid file");
        best = best.min(start.elapsed().as_secs_f64());
        kernels = profile.kernels.len();
        let start = Instant::now();
        let report = warpsight::measured::compare(&profile);
        let _html = warpsight::measured::html::report_html(&report, name);
        compare = compare.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{name}: {mb:.0} MB, {kernels} kernels, read in {best:.3} s: {:.0} MB/s; compared (and its HTML) in {:.1} ms (best of 3)",
        mb / best,
        compare * 1e3
    );
    peers::beside(kind, &format!("bench-{kind}.csv"), bytes, best);
}

/// An Nsight Compute raw page (`--page raw --csv`) naming `n` distinct kernels, one launch
/// each, as a template-heavy program gives (issue 36: 200,000 in about 30 MB).
pub fn ncu_raw_distinct(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(b"\"ID\",\"Kernel Name\",\"Device\",\"CC\",\"Block Size\",\"Grid Size\",\"gpu__time_duration.sum\",\"launch__registers_per_thread\",\"sm__inst_executed.sum\",\"dram__bytes.sum\"\n\"\",\"\",\"\",\"\",\"\",\"\",\"nsecond\",\"register/thread\",\"inst\",\"byte\"\n");
    for i in 0..n {
        let _ = writeln!(
            out,
            "\"{i}\",\"void gemm<{}, {}, {}>(const float *, float *, int)\",\"0\",\"8.0\",\"(256, 1, 1)\",\"({}, 1, 1)\",\"{}\",\"32\",\"{}\",\"{}\"",
            i % 97,
            i / 97 % 89,
            i / 8633,
            64 + i % 512,
            1000 + i % 9000,
            100_000 + i,
            4_000_000 + 64 * i
        );
    }
    out
}

/// The process's peak resident memory so far (Linux's VmHWM), bytes; 0 elsewhere.
fn peak_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(0, |kb| kb * 1024)
}

/// Peak memory of reading and comparing a file of many distinct kernels, as a multiple of the
/// file's size (issue 36's goal: at most 10 ×). Run first, while the process is small.
fn memory(name: &str, bytes: Vec<u8>) {
    let size = bytes.len() as f64;
    let before = peak_bytes();
    let start = Instant::now();
    let mut r = ProfileReader::new();
    for chunk in bytes.chunks(1 << 20) {
        r.feed(chunk).expect("a valid file");
    }
    let profile = r.finish().expect("a valid file");
    let read_peak = peak_bytes();
    let report = warpsight::measured::compare(&profile);
    let html = warpsight::measured::html::report_html(&report, name);
    let peak = peak_bytes();
    println!(
        "{name}: {:.0} MB, {} kernels ({} listed), {:.1} s; peak memory above the file {:.0} MB = {:.1} × the file (reading {:.1} ×); HTML {:.1} MB",
        size / 1e6,
        profile.kernels.len(),
        report.kernels.len(),
        start.elapsed().as_secs_f64(),
        (peak - before) as f64 / 1e6,
        (peak - before) as f64 / size,
        (read_peak - before) as f64 / size,
        html.len() as f64 / 1e6
    );
}

/// `cargo bench --bench profiler [-- ncu-raw|ncu-details|nvprof|nvprof-interleaved]`: all four, or the one named
/// (for a profiler's view of one reader).
fn main() {
    let only = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let run = |name: &str| only.as_deref().is_none_or(|o| o == name);
    if run("ncu-raw") {
        memory(
            "ncu raw page, 200,000 distinct kernels",
            ncu_raw_distinct(200_000),
        );
    }
    if run("ncu-details") {
        read(
            "ncu details (labels, full set)",
            "ncu",
            &ncu_details(10_000),
        );
    }
    if run("nvprof") {
        read("nvprof gpu trace", "nvprof", &nvprof_trace(1_500_000));
    }
    if run("nvprof-interleaved") {
        read(
            "nvprof gpu trace, 500 kernels × 4 grids interleaved",
            "nvprof",
            &nvprof_interleaved(1_000_000),
        );
    }
}
