//! The profiler CSV readers (`warpsight::analysis::profiler`) on hand-written exports in each
//! tool's real column sets and value styles (tests/fixtures/profiler/), fed whole and in
//! chunks of every size, and on bad input.

use warpsight::analysis::profiler::{
    self, csv::MAX_RECORD_BYTES, Format, Profile, ProfileError, ProfileReader, ProfiledKernel,
};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/profiler/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(name: &str) -> Profile {
    profiler::read(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn err(text: &[u8]) -> ProfileError {
    profiler::read(text).expect_err("an error")
}

fn kernel<'a>(p: &'a Profile, name: &str, grid: Option<[u64; 3]>) -> &'a ProfiledKernel {
    p.kernels
        .iter()
        .find(|k| k.name == name && (grid.is_none() || k.grid == grid))
        .unwrap_or_else(|| panic!("no kernel {name} {grid:?}"))
}

fn metric(k: &ProfiledKernel, key: &str) -> f64 {
    k.metric(key)
        .unwrap_or_else(|| panic!("{}: no {key} in {:?}", k.name, k.metrics))
}

const FIXTURES: [&str; 8] = [
    "ncu_details_labels.csv",
    "ncu_details_names.csv",
    "ncu_details_2020.csv",
    "ncu_raw.csv",
    "nvprof_trace.csv",
    "nvprof_trace_cuda8.csv",
    "nvprof_metrics.csv",
    "nvprof_events.csv",
];

const VEC: &str = "void vecAdd<float>(const float *, const float *, float *, int)";
const GEMM: &str = "sgemm_shared(float *, const float *, const float *, int)";

#[test]
fn ncu_details_with_labels() {
    let p = read("ncu_details_labels.csv");
    assert_eq!(p.format, Format::NcuDetails);
    // One SOL rule row per launch (6), two occupancy rule rows for sgemm.
    assert_eq!(p.skipped_rows, 8);
    // First-seen order; vecAdd on a 2048-block grid is its own launch configuration.
    let names: Vec<_> = p
        .kernels
        .iter()
        .map(|k| (k.name.as_str(), k.grid))
        .collect();
    assert_eq!(
        names,
        [
            (VEC, Some([4096, 1, 1])),
            (GEMM, Some([32, 32, 1])),
            (VEC, Some([2048, 1, 1])),
        ]
    );

    let v = &p.kernels[0];
    assert_eq!(v.invocations, 3);
    assert_eq!(v.durations_s, [12.34e-6, 12.80e-6, 12.51e-6]);
    assert_eq!(v.measured_s(), Some(12.51e-6));
    assert_eq!(metric(v, "duration_s"), 12.51e-6);
    assert_eq!(v.device.as_deref(), Some("0"));
    assert_eq!(v.compute_capability, Some((9, 0)));
    assert_eq!(v.block, Some([256, 1, 1]));
    assert_eq!(v.registers_per_thread, Some(16.0));
    assert_eq!(v.static_shared_bytes, Some(0.0));
    assert_eq!(v.dynamic_shared_bytes, Some(0.0));
    // "hz","1,754,385,964.91" / "1,757,142,857.14" / "1,755,000,000.00": the median.
    assert_eq!(metric(v, "sm_clock_hz"), 1.755e9);
    assert_eq!(metric(v, "achieved_occupancy_pct"), 83.47);
    assert_eq!(metric(v, "theoretical_occupancy_pct"), 100.0);
    assert_eq!(metric(v, "theoretical_active_warps"), 64.0);
    assert_eq!(metric(v, "grid_size"), 4096.0);
    assert_eq!(metric(v, "block_size"), 256.0);
    assert_eq!(metric(v, "sms"), 132.0);
    assert_eq!(metric(v, "limit_registers"), 16.0);
    assert_eq!(metric(v, "limit_shared_mem"), 32.0);
    assert_eq!(metric(v, "limit_warps"), 8.0);
    assert_eq!(metric(v, "limit_blocks"), 32.0);
    assert_eq!(metric(v, "inst_executed"), 655_360.0);
    // Only canonical keys are kept.
    assert!(v.metrics.keys().all(|k| profiler::KEYS.contains(k)));
    // The carveout in Nsight Compute's kilobytes of 1000 bytes, rounded: "32.77 Kbyte" is
    // [32,765, 32,775) bytes, which holds one multiple of 1024: 32 KiB.
    assert_eq!(metric(v, "shared_mem_config_bytes"), 32_768.0);
    // The DRAM frequency and the waves, which tell GPUs of one shape apart (measured::).
    assert_eq!(metric(v, "dram_clock_hz"), 2_619_000_000.0);
    assert_eq!(metric(v, "waves_per_sm"), 3.88);
    // The Instruction Statistics section's "Issued Instructions" too (kept, used only where a
    // file has no executed count).
    assert_eq!(metric(v, "inst_issued"), 655_360.0);
    // Speed of Light's L1/TEX Cache Throughput and the SMs' active cycles: the roofline's L1.
    assert_eq!(metric(v, "l1_throughput_pct"), 17.84);
    assert_eq!(metric(v, "sm_active_cycles"), 17_230.52);
    // Speed of Light's DRAM and Compute (SM) throughputs: the roofline's levels where a file
    // counts no bytes or instructions (the default sections).
    assert_eq!(metric(v, "dram_throughput_pct"), 89.23);
    assert_eq!(metric(v, "sm_throughput_pct"), 12.73);
    // The profiled process: which run the file is of.
    assert_eq!(metric(v, "process_id"), 48_213.0);
    assert_eq!(v.metrics.len(), 25, "{:?}", v.metrics);

    let g = &p.kernels[1];
    assert_eq!(g.invocations, 2);
    assert_eq!(g.block, Some([16, 16, 1]));
    assert_eq!(g.registers_per_thread, Some(38.0));
    // "byte/block","2,048".
    assert_eq!(g.static_shared_bytes, Some(2048.0));
    // Two invocations: the mean of the two.
    assert_eq!(g.measured_s(), Some((152.83e-6 + 149.44e-6) / 2.0));
    assert_eq!(metric(g, "inst_executed"), 21_058_944.0);
    assert_eq!(metric(g, "limit_registers"), 6.0);
    assert_eq!(metric(g, "theoretical_occupancy_pct"), 75.0);
    assert_eq!(metric(g, "achieved_occupancy_pct"), (71.80 + 72.35) / 2.0);

    let small = &p.kernels[2];
    assert_eq!(small.invocations, 1);
    assert_eq!(small.durations_s, [6.59e-6]);
}

#[test]
fn ncu_metric_names_give_the_same_kernels_as_labels() {
    let labels = read("ncu_details_labels.csv");
    let names = read("ncu_details_names.csv");
    assert_eq!(names.format, Format::NcuDetails);
    // An older version: no rule columns, other units ("usecond", "nsecond", "cycle/second",
    // "Kbyte/block"), metric names; the same launches.
    assert_eq!(names.kernels, labels.kernels);
    assert_eq!(names.skipped_rows, 0);
    // "nsecond","6,590" there, "us","6.59" here: the same double.
    assert_eq!(names.kernels[2].durations_s, [6.59e-6]);
}

#[test]
fn crlf_line_ends_read_the_same() {
    let text = String::from_utf8(fixture("ncu_details_names.csv")).unwrap();
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(
        profiler::read(crlf.as_bytes()).unwrap(),
        read("ncu_details_names.csv")
    );
    let text = String::from_utf8(fixture("nvprof_trace.csv")).unwrap();
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(
        profiler::read(crlf.as_bytes()).unwrap(),
        read("nvprof_trace.csv")
    );
}

#[test]
fn utf8_bom_is_skipped() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(fixture("nvprof_metrics.csv"));
    assert_eq!(profiler::read(&bytes).unwrap(), read("nvprof_metrics.csv"));
}

#[test]
fn ncu_2020_without_launch_columns() {
    let p = read("ncu_details_2020.csv");
    assert_eq!(p.format, Format::NcuDetails);
    assert_eq!(p.kernels.len(), 2);
    let step = &p.kernels[0];
    assert_eq!(step.name, "cuda_compute_step_factor");
    assert_eq!(step.device, None);
    assert_eq!(step.compute_capability, None);
    // Only totals printed: [total, 1, 1].
    assert_eq!(step.grid, Some([506, 1, 1]));
    assert_eq!(step.block, Some([192, 1, 1]));
    assert_eq!(step.invocations, 2);
    assert_eq!(step.durations_s, [41.28e-6, 40.96e-6]);
    assert_eq!(step.registers_per_thread, Some(24.0));
    assert_eq!(step.static_shared_bytes, None);
    // dram__bytes.sum given directly ("Mbyte","1.57" and "1.58") wins over read + write.
    assert_eq!(metric(step, "dram_bytes"), (1.57e6 + 1.58e6) / 2.0);
    // "cycle/nsecond","1.38".
    assert_eq!(metric(step, "sm_clock_hz"), 1.38e9);
    assert_eq!(
        metric(step, "achieved_occupancy_pct"),
        (42.49 + 43.12) / 2.0
    );

    let flux = &p.kernels[1];
    // dram__bytes.sum is "n/a": read ("Kbyte","806.91") + write ("Kbyte","1.02").
    assert_eq!(metric(flux, "dram_bytes"), 806_910.0 + 1020.0);
    assert_eq!(flux.measured_s(), Some(96.83e-6));
}

#[test]
fn ncu_raw_page() {
    let p = read("ncu_raw.csv");
    assert_eq!(p.format, Format::NcuRaw);
    assert_eq!(p.skipped_rows, 0);
    assert_eq!(p.kernels.len(), 2);
    let r = kernel(&p, "void reduce<256>(const float *, float *, int)", None);
    assert_eq!(r.invocations, 3);
    assert_eq!(r.grid, Some([1024, 1, 1]));
    assert_eq!(r.block, Some([256, 1, 1]));
    assert_eq!(r.compute_capability, Some((8, 0)));
    // The "Device" column holds the number; device__attribute_display_name the name.
    assert_eq!(r.device.as_deref(), Some("NVIDIA A100-SXM4-40GB"));
    assert_eq!(r.durations_s, [4.32e-6, 4.35e-6, 4.29e-6]);
    assert_eq!(r.measured_s(), Some(4.32e-6));
    // "Kbyte/block","1.024".
    assert_eq!(r.static_shared_bytes, Some(1024.0));
    assert_eq!(r.dynamic_shared_bytes, Some(0.0));
    // Read + write per launch ("Mbyte" 1.05 + "Kbyte" 4.10 / 4.16 / 4.10), then the median.
    assert_eq!(metric(r, "dram_bytes"), 1.05e6 + 4.10e3);
    assert_eq!(metric(r, "dram_bytes_per_s"), 243.16e9 + 950.37e6);
    assert_eq!(metric(r, "sm_clock_hz"), 1.41e9);
    assert_eq!(metric(r, "global_load_requests"), 8192.0);
    assert_eq!(metric(r, "global_load_sectors"), 32_768.0);
    assert_eq!(metric(r, "global_load_sectors_per_request"), 4.0);
    assert_eq!(metric(r, "inst_executed"), 303_104.0);
    assert_eq!(metric(r, "warps_launched"), 8192.0);
    assert_eq!(metric(r, "achieved_occupancy_pct"), 91.82);

    // A mangled name is kept as printed; a missing write rate ("n/a") leaves no total rate.
    let t = kernel(&p, "_Z9transposePfPKfii", None);
    assert_eq!(t.block, Some([32, 8, 1]));
    assert_eq!(t.static_shared_bytes, Some(4224.0));
    assert_eq!(t.metric("dram_bytes_per_s"), None);
    // The write column is in "Kbyte": "4,194.30".
    assert_eq!(metric(t, "dram_bytes"), 4.19e6 + 4_194_300.0);
}

#[test]
fn nvprof_gpu_trace() {
    let p = read("nvprof_trace.csv");
    assert_eq!(p.format, Format::NvprofTrace);
    // Two copies and a memset.
    assert_eq!(p.skipped_rows, 3);
    let names: Vec<_> = p.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "stencil2d(float const *, float*, int)",
            "void reduce<int=256>(float*, float*, int)",
            "scan_block(float*, int)"
        ]
    );
    let s = &p.kernels[0];
    assert_eq!(s.device.as_deref(), Some("Tesla V100-SXM2-16GB (0)"));
    assert_eq!(s.compute_capability, None);
    assert_eq!(s.invocations, 4);
    assert_eq!(s.grid, Some([32, 32, 1]));
    assert_eq!(s.block, Some([16, 16, 1]));
    assert_eq!(s.registers_per_thread, Some(28.0));
    // "1.125000" KB, nvprof's KB being 1024 bytes: an 18 x 16 float tile.
    assert_eq!(s.static_shared_bytes, Some(1152.0));
    assert_eq!(s.dynamic_shared_bytes, Some(0.0));
    // Durations in "us".
    assert_eq!(s.durations_s, [41.216e-6, 40.960e-6, 41.984e-6, 41.120e-6]);
    assert_eq!(s.measured_s(), Some((41.120e-6 + 41.216e-6) / 2.0));
    assert_eq!(metric(s, "block_size"), 256.0);
    assert_eq!(metric(s, "grid_size"), 1024.0);

    let r = &p.kernels[1];
    assert_eq!(r.invocations, 2);
    // "1.000000" KB.
    assert_eq!(r.static_shared_bytes, Some(1024.0));
    assert_eq!(r.measured_s(), Some((5.632e-6 + 5.760e-6) / 2.0));

    let scan = &p.kernels[2];
    // Dynamic SMem in "B".
    assert_eq!(scan.dynamic_shared_bytes, Some(2048.0));
    assert_eq!(scan.static_shared_bytes, Some(0.0));
    assert_eq!(scan.durations_s, [3.104e-6]);
}

#[test]
fn nvprof_gpu_trace_with_correlation_ids_in_names() {
    let p = read("nvprof_trace_cuda8.csv");
    assert_eq!(p.skipped_rows, 3);
    assert_eq!(p.kernels.len(), 1);
    let k = &p.kernels[0];
    assert_eq!(
        k.name,
        "void matrixMulCUDA<int=32>(float*, float*, float*, int, int)"
    );
    assert_eq!(k.invocations, 3);
    assert_eq!(k.grid, Some([20, 10, 1]));
    assert_eq!(k.block, Some([32, 32, 1]));
    // Two 32 x 32 float tiles: "8.000000" KB.
    assert_eq!(k.static_shared_bytes, Some(8192.0));
    // Durations in "ms".
    assert_eq!(k.durations_s, [77.602e-6, 76.674e-6, 76.321e-6]);
    assert_eq!(k.measured_s(), Some(76.674e-6));
}

#[test]
fn nvprof_metrics_with_inline_units() {
    let p = read("nvprof_metrics.csv");
    assert_eq!(p.format, Format::NvprofMetrics);
    assert_eq!(p.kernels.len(), 2);
    let s = &p.kernels[0];
    assert_eq!(s.name, "stencil2d(float const *, float*, int)");
    assert_eq!(s.invocations, 4);
    assert_eq!(s.grid, None);
    assert_eq!(s.block, None);
    assert_eq!(s.registers_per_thread, None);
    assert!(s.durations_s.is_empty());
    assert_eq!(s.measured_s(), None);
    // A fraction in nvprof: 0.620015 -> 62.0015 %.
    assert_eq!(metric(s, "achieved_occupancy_pct"), 62.0015);
    assert_eq!(metric(s, "inst_executed"), 1_073_152.0);
    assert_eq!(metric(s, "inst_per_warp"), 131.0);
    // "99.72%" (gld_efficiency) is read, as a percent (issue 56: the requests of a file
    // that counts transactions alone); "Low (1)" is not canonical.
    assert_eq!(metric(s, "global_load_efficiency_pct"), 99.72);
    assert_eq!(s.metrics.len(), 4, "{:?}", s.metrics);

    let r = &p.kernels[1];
    assert_eq!(r.invocations, 2);
    assert_eq!(metric(r, "achieved_occupancy_pct"), 87.2778);
    assert_eq!(metric(r, "global_load_sectors"), 32_768.0);
    assert_eq!(metric(r, "global_store_sectors"), 1024.0);
    // Transactions / transactions per request.
    assert_eq!(metric(r, "global_load_requests"), 8192.0);
    assert_eq!(metric(r, "global_store_requests"), 1024.0);
    // 32-byte DRAM transactions.
    assert_eq!(metric(r, "dram_bytes"), (32_792.0 + 146.0) * 32.0);
    // "45.081172GB/s" + "200.276000MB/s", binary prefixes.
    assert_eq!(
        metric(r, "dram_bytes_per_s"),
        45.081172 * 1_073_741_824.0 + 200.276 * 1_048_576.0
    );
}

#[test]
fn nvprof_events_then_metrics() {
    let p = read("nvprof_events.csv");
    assert_eq!(p.format, Format::NvprofEvents);
    assert_eq!(p.kernels.len(), 1);
    let k = &p.kernels[0];
    assert_eq!(k.device.as_deref(), Some("Tesla K40c (0)"));
    assert_eq!(k.invocations, 3);
    // The gld_request event wins over 32768 / 3.998047.
    assert_eq!(metric(k, "global_load_requests"), 8192.0);
    assert_eq!(metric(k, "global_store_requests"), 32.0);
    assert_eq!(metric(k, "warps_launched"), 8192.0);
    assert_eq!(metric(k, "inst_executed"), 290_816.0);
    assert_eq!(metric(k, "global_load_sectors"), 32_768.0);
    assert_eq!(metric(k, "global_load_sectors_per_request"), 3.998047);
    assert_eq!(metric(k, "achieved_occupancy_pct"), 93.0015);
}

/// A deterministic xorshift.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn read_in_chunks(bytes: &[u8], mut size: impl FnMut() -> usize) -> Result<Profile, ProfileError> {
    let mut reader = ProfileReader::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let n = size().min(rest.len());
        reader.feed(&rest[..n])?;
        rest = &rest[n..];
    }
    reader.finish()
}

#[test]
fn chunks_of_any_size_give_the_same_profile() {
    for name in FIXTURES {
        let bytes = fixture(name);
        let whole = profiler::read(&bytes).unwrap();
        for seed in [1u64, 0x9E37_79B9_7F4A_7C15, 42] {
            let mut rng = XorShift(seed);
            let got = read_in_chunks(&bytes, || (rng.next() % 64 + 1) as usize).unwrap();
            assert_eq!(got, whole, "{name}, seed {seed}");
        }
        assert_eq!(
            read_in_chunks(&bytes, || 1).unwrap(),
            whole,
            "{name}, bytes"
        );
    }
}

#[test]
fn errors_are_the_same_in_chunks() {
    let mut text = fixture("nvprof_trace.csv");
    text.extend_from_slice(
        b"238.9,5.1,x,1,1,256,1,1,16,1.000000,0,,,,,\"T (0)\",\"1\",\"7\",\"k\",150\n",
    );
    let whole = err(&text);
    assert_eq!(whole.line, 17);
    let mut rng = XorShift(7);
    assert_eq!(
        read_in_chunks(&text, || (rng.next() % 64 + 1) as usize).unwrap_err(),
        whole
    );
    assert_eq!(read_in_chunks(&text, || 1).unwrap_err(), whole);
}

#[test]
fn lines_counts_physical_lines() {
    let bytes = fixture("ncu_raw.csv");
    let mut reader = ProfileReader::new();
    assert_eq!(reader.lines(), 0);
    reader.feed(&bytes[..bytes.len() / 2]).unwrap();
    let half = bytes[..bytes.len() / 2]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    assert_eq!(reader.lines(), half as u64);
    reader.feed(&bytes[bytes.len() / 2..]).unwrap();
    assert_eq!(reader.lines(), 12);
    reader.finish().unwrap();
}

#[test]
fn a_last_line_without_a_line_break_is_read() {
    let bytes = fixture("nvprof_trace_cuda8.csv");
    // Drop the final copy row and the line break after the last kernel row.
    let text = String::from_utf8(bytes).unwrap();
    let cut = text.find("588.121937").unwrap();
    let trimmed = text[..cut].trim_end();
    let p = profiler::read(trimmed.as_bytes()).unwrap();
    assert_eq!(p.kernels[0].invocations, 3);
    assert_eq!(p.skipped_rows, 2);
}

#[test]
fn empty_and_blank_files() {
    let e = err(b"");
    assert_eq!((e.line, e.message.as_str()), (0, "the file is empty"));
    assert_eq!(e.to_string(), "the file is empty");
    let e = err(
        b"\n\n==PROF== Connected to process 1 (/bin/true)\n==PROF== Disconnected from process 1\n",
    );
    assert_eq!(e.line, 0);
    assert!(e.message.starts_with("not a profiler CSV"), "{e}");
}

#[test]
fn binary_garbage() {
    let garbage: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let e = err(&garbage);
    assert_eq!(e.line, 1);
    assert!(e.message.contains("binary"), "{e}");
    // A PNG's first bytes.
    let e = err(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR");
    assert!(e.message.starts_with("not a profiler CSV"), "{e}");
}

#[test]
fn other_csv_files_are_not_profiler_csvs() {
    let e = err(b"name,age\nbob,3\nalice,4\n");
    assert_eq!(e.line, 1);
    assert!(
        e.message
            .starts_with("not a profiler CSV: expected a header with"),
        "{e}"
    );
    assert!(e.to_string().starts_with("line 1: not a profiler CSV"));
    // nvprof's summary mode gets a hint.
    let e = err(b"==1== Profiling result:\n\"Type\",\"Time(%)\",\"Time\",\"Calls\",\"Avg\",\"Min\",\"Max\",\"Name\"\n,%,ms,,ms,ms,ms,\n\"GPU activities\",98.1,1.2,3,0.4,0.3,0.5,\"k\"\n");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("--print-gpu-trace"), "{e}");
}

#[test]
fn application_output_before_the_header_is_bounded() {
    let mut text = String::new();
    for i in 0..profiler::MAX_PREAMBLE_LINES + 1 {
        text.push_str(&format!("iteration {i}: residual 1e-3\n"));
    }
    text.push_str(std::str::from_utf8(&fixture("ncu_raw.csv")).unwrap());
    let e = err(text.as_bytes());
    assert_eq!(e.line, 1);
    assert!(e.message.starts_with("not a profiler CSV"), "{e}");
}

#[test]
fn missing_required_columns_are_named() {
    let text = String::from_utf8(fixture("ncu_details_names.csv")).unwrap();
    let broken = text.replacen(",\"Metric Value\"", ",\"Value\"", 1);
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 10);
    assert_eq!(
        e.message,
        "missing required column \"Metric Value\" (Nsight Compute CSV, details page)"
    );

    // nvprof's API trace is not a GPU trace.
    let e = err(b"==7== Profiling result:\n\"Start\",\"Duration\",\"Name\",\"Correlation_ID\"\nus,us,,\n0.000000,2.866000,\"cuDeviceGetPCIBusId\",1\n");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("\"Grid X\""), "{e}");

    let text = String::from_utf8(fixture("nvprof_metrics.csv")).unwrap();
    let broken = text.replacen("\"Avg\"", "\"Average\"", 1);
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 6);
    assert!(e.message.contains("\"Avg\""), "{e}");
}

#[test]
fn unparsable_numbers_name_the_column_and_the_text() {
    let text = String::from_utf8(fixture("ncu_details_labels.csv")).unwrap();
    // Line 18 is the first launch's Duration row.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[17].contains("\"Duration\",\"us\",\"12.34\""));
    let broken = text.replacen(
        "\"Duration\",\"us\",\"12.34\"",
        "\"Duration\",\"us\",\"12.3.4\"",
        1,
    );
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 18);
    assert_eq!(
        e.message,
        "cannot read \"12.3.4\" as a number (column \"Metric Value\", metric \"Duration\")"
    );

    // A decimal comma is not a thousands separator.
    let broken = text.replacen(
        "\"Achieved Occupancy\",\"%\",\"83.47\"",
        "\"Achieved Occupancy\",\"%\",\"83,47\"",
        1,
    );
    let e = err(broken.as_bytes());
    assert!(e.message.contains("\"83,47\""), "{e}");

    let text = String::from_utf8(fixture("nvprof_trace.csv")).unwrap();
    let broken = text.replacen("238.742115,5.632000,1024,", "238.742115,5.632000,1O24,", 1);
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 11);
    assert_eq!(
        e.message,
        "cannot read \"1O24\" as a number (column \"Grid X\")"
    );

    let broken = text.replacen("238.742115,5.632000,", "238.742115,fast,", 1);
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 11);
    assert!(
        e.message.contains("\"fast\"") && e.message.contains("\"Duration\""),
        "{e}"
    );

    let text = String::from_utf8(fixture("nvprof_metrics.csv")).unwrap();
    let broken = text.replacen("45.081172GB/s\n", "45.08 furlongs\n", 1);
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 22);
    assert!(e.message.contains("dram_read_throughput"), "{e}");

    let text = String::from_utf8(fixture("ncu_raw.csv")).unwrap();
    let broken = text.replacen("\"(1024, 1, 1)\"", "\"(1024, 1)\"", 1);
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 9);
    assert!(e.message.contains("\"Grid Size\""), "{e}");
}

#[test]
fn short_rows_are_errors_with_their_line() {
    let text = String::from_utf8(fixture("nvprof_trace.csv")).unwrap();
    let broken = text.replacen(",\"stencil2d(float const *, float*, int)\",124", "", 1);
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 10);
    assert!(
        e.message.contains("18 fields") && e.message.contains("20"),
        "{e}"
    );

    // Nsight Compute's details rows may stop after "Metric Value" (recent versions do), not
    // before it.
    let text = String::from_utf8(fixture("ncu_details_labels.csv")).unwrap();
    let broken = text.replacen(",\"hz\",\"2,619,000,000.00\",", ",\"hz\"", 1);
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 13);
    assert!(e.message.contains("14 fields"), "{e}");
}

#[test]
fn nvprof_trace_needs_its_units_row() {
    let text = String::from_utf8(fixture("nvprof_trace.csv")).unwrap();
    let broken = text.replacen("ms,us,,,,,,,,KB,B,MB,GB/s,,,,,,,\n", "", 1);
    let e = err(broken.as_bytes());
    assert_eq!(e.line, 6);
    assert!(e.message.contains("units row"), "{e}");
}

#[test]
fn no_kernels_in_the_file() {
    let e = err(b"==9== Profiling result:\n\"Start\",\"Duration\",\"Grid X\",\"Grid Y\",\"Grid Z\",\"Block X\",\"Block Y\",\"Block Z\",\"Registers Per Thread\",\"Static SMem\",\"Dynamic SMem\",\"Size\",\"Throughput\",\"Device\",\"Context\",\"Stream\",\"Name\"\nms,us,,,,,,,,KB,B,MB,GB/s,,,,\n1.0,168.2,,,,,,,,,,1.000000,5.8,\"Tesla K20m (0)\",\"1\",\"7\",\"[CUDA memcpy HtoD]\"\n");
    assert_eq!((e.line, e.message.as_str()), (0, "no kernels in the file"));
}

#[test]
fn quoted_line_breaks_count_as_lines() {
    // A kernel name with a line break inside quotes, then a bad row: the line number counts
    // physical lines.
    let text = b"\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n\"0\",\"odd\nname\",\"Duration\",\"us\",\"1.5\"\n\"1\",\"k\",\"Duration\",\"us\",\"x\"\n";
    let e = err(text);
    assert_eq!(e.line, 4);
    let ok = b"\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n\"0\",\"odd \"\"quoted\"\"\nname\",\"Duration\",\"us\",\"1.5\"\n";
    let p = profiler::read(ok).unwrap();
    assert_eq!(p.kernels[0].name, "odd \"quoted\"\nname");
    assert_eq!(p.kernels[0].durations_s, [1.5e-6]);
    let e = err(b"\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n\"0\",\"never closed,Duration\n\n");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("quoted"), "{e}");
}

#[test]
fn an_over_long_record_errors_before_more_than_a_mib_is_held() {
    let header = fixture("nvprof_trace.csv");
    let mut reader = ProfileReader::new();
    reader.feed(&header).unwrap();
    let chunk = vec![b'7'; 64 * 1024];
    let mut fed = 0usize;
    let e = loop {
        match reader.feed(&chunk) {
            Ok(()) => fed += chunk.len(),
            Err(e) => break e,
        }
        assert!(fed <= 4 * MAX_RECORD_BYTES, "no error after {fed} bytes");
    };
    // The error comes within the chunk that crosses 1 MiB: the reader never held more.
    assert!(fed <= MAX_RECORD_BYTES, "{fed}");
    assert_eq!(e.line, 17);
    assert_eq!(
        e.to_string(),
        "line 17: longer than 1 MiB (is this a text file?)"
    );
    // The reader stays failed.
    assert_eq!(reader.feed(b"\n").unwrap_err(), e);
    assert_eq!(reader.finish().unwrap_err(), e);

    // The same inside an open quote spanning many short lines, and before any header.
    let mut text = b"\"".to_vec();
    text.extend(b"x\n".repeat(MAX_RECORD_BYTES / 2 + 1));
    let e = err(&text);
    assert_eq!(e.line, 1);
    assert!(e.message.contains("longer than 1 MiB"), "{e}");
}

#[test]
fn formats_describe_themselves() {
    assert_eq!(
        Format::NcuDetails.describe(),
        "Nsight Compute CSV (details page)"
    );
    assert_eq!(Format::NcuRaw.describe(), "Nsight Compute CSV (raw page)");
    assert_eq!(
        Format::NvprofTrace.describe(),
        "nvprof CSV (--print-gpu-trace)"
    );
    assert_eq!(Format::NvprofMetrics.describe(), "nvprof CSV (--metrics)");
    assert_eq!(Format::NvprofEvents.describe(), "nvprof CSV (--events)");
}

#[test]
fn measured_s_falls_back_to_the_duration_metric() {
    let mut k = read("nvprof_trace_cuda8.csv").kernels.remove(0);
    k.durations_s.clear();
    assert_eq!(k.measured_s(), Some(76.674e-6));
    k.metrics.remove("duration_s");
    assert_eq!(k.measured_s(), None);
}

#[test]
fn profiles_serialize() {
    let p = read("nvprof_trace_cuda8.csv");
    let json = serde_json::to_value(&p).unwrap();
    assert_eq!(json["format"], "nvprof_trace");
    assert_eq!(json["skipped_rows"], 3);
    assert_eq!(json["kernels"][0]["grid"], serde_json::json!([20, 10, 1]));
    assert_eq!(json["kernels"][0]["metrics"]["static_shared_bytes"], 8192.0);
}

#[test]
fn repeated_headers_start_new_tables() {
    // nvprof with --profile-child-processes: a result table per process, each with its
    // header and units row.
    let trace = String::from_utf8(fixture("nvprof_trace.csv")).unwrap();
    let second = trace
        .replace("==24176==", "==24177==")
        .replace("ms,us,", "s,ms,");
    let second = second
        .replace(",41.216000,", ",0.041216,")
        .replace(",40.960000,", ",0.040960,")
        .replace(",41.984000,", ",0.041984,")
        .replace(",41.120000,", ",0.041120,")
        .replace(",5.632000,", ",0.005632,")
        .replace(",5.760000,", ",0.005760,")
        .replace(",3.104000,", ",0.003104,");
    let both = profiler::read(format!("{trace}{second}").as_bytes()).unwrap();
    let one = read("nvprof_trace.csv");
    assert_eq!(both.skipped_rows, 2 * one.skipped_rows);
    assert_eq!(both.kernels.len(), one.kernels.len());
    for (b, o) in both.kernels.iter().zip(&one.kernels) {
        assert_eq!(b.invocations, 2 * o.invocations);
        assert_eq!(
            b.durations_s,
            [o.durations_s.clone(), o.durations_s.clone()].concat()
        );
        assert_eq!(b.measured_s(), o.measured_s());
    }

    // Two Nsight Compute raw tables one after the other.
    let raw = String::from_utf8(fixture("ncu_raw.csv")).unwrap();
    let both = profiler::read(format!("{raw}{raw}").as_bytes()).unwrap();
    assert_eq!(both.kernels[0].invocations, 6);
    assert_eq!(both.kernels[1].invocations, 2);
}

#[test]
fn mangled_input_never_panics() {
    const NOISE: &[u8] = b"\",\n\r=0.,%(";
    for name in FIXTURES {
        let bytes = fixture(name);
        let mut rng = XorShift(0xDEAD_BEEF);
        for _ in 0..60 {
            let mut b = bytes.clone();
            for _ in 0..rng.next() % 8 + 1 {
                if b.is_empty() {
                    break;
                }
                let i = rng.next() as usize % b.len();
                match rng.next() % 4 {
                    0 => b[i] = rng.next() as u8,
                    1 => {
                        b.remove(i);
                    }
                    2 => b.insert(i, NOISE[rng.next() as usize % NOISE.len()]),
                    _ => b.truncate(i),
                }
            }
            let whole = profiler::read(&b);
            let mut sizes = XorShift(rng.next() | 1);
            let chunked = read_in_chunks(&b, || (sizes.next() % 64 + 1) as usize);
            assert_eq!(whole, chunked, "{name}");
        }
    }
}

/// Each ncu command the page and the docs recommend collects every metric the models read:
/// its `--metrics` list is [`MODEL_METRICS`], each of them lands in a key the reader fills,
/// and together they fill every key the comparison reads (issue 55: the quick command
/// collected no hit rates, so a kernel's prediction depended on the command).
#[test]
fn every_recommended_command_collects_every_metric_the_models_read() {
    use warpsight::analysis::profiler::{ncu_metric_key, MODEL_METRICS, NCU_FULL, NCU_QUICK};
    let read_keys = [
        "duration_s",
        "sm_clock_hz",
        "inst_executed",
        "warps_launched",
        "global_load_requests",
        "global_store_requests",
        "global_load_sectors",
        "global_store_sectors",
        "dram_bytes",
        "l1_hit_pct",
        "l2_hit_pct",
        "l2_sectors",
        "l1_throughput_pct",
        "sm_active_cycles",
        "barrier_count",
        "sfu_insts",
        "tensor_pipe_cycles",
    ];
    for command in [NCU_QUICK, NCU_FULL] {
        let list = command
            .split_whitespace()
            .skip_while(|w| *w != "--metrics")
            .nth(1)
            .unwrap();
        assert_eq!(list, MODEL_METRICS, "{command}");
        let keys: Vec<&str> = list
            .split(',')
            .filter(|m| *m != "device__attribute_display_name")
            .map(|m| ncu_metric_key(m).unwrap_or_else(|| panic!("{m} is not read")))
            .collect();
        for k in read_keys {
            assert!(keys.contains(&k), "{command} collects nothing for {k}");
        }
    }
    let docs = std::fs::read_to_string("docs/models.md").unwrap();
    assert!(docs.contains(NCU_QUICK) && docs.contains(NCU_FULL));
    let page = std::fs::read_to_string("src/ui/measured.rs").unwrap();
    assert!(page.contains("NCU_QUICK") && page.contains("NCU_FULL"));
    assert!(!page.contains("\"ncu --csv --set full"));
}

/// The details page's Source Counters rule, read for its sectors: the H100's strided read
/// states 29,360,128 excessive of 37,748,736 sectors.
#[test]
fn the_rule_text_gives_the_sectors() {
    let path = "../shared/profiles/known-h100/h100_details_full.csv";
    let bytes = std::fs::read(path).unwrap();
    let p = warpsight::analysis::profiler::read(&bytes).unwrap();
    let k = p
        .kernels
        .iter()
        .find(|k| k.name.starts_with("strided_read"))
        .unwrap();
    assert_eq!(k.metric("rule_global_sectors"), Some(37_748_736.0));
    assert_eq!(k.metric("rule_excessive_sectors"), Some(29_360_128.0));
    let v = p
        .kernels
        .iter()
        .find(|k| k.name.starts_with("vec_add"))
        .unwrap();
    assert_eq!(v.metric("rule_global_sectors"), None);
}

/// Issue 57: absurd numbers in a file are refused with their line, as the form refuses them:
/// a Duration of 1e308 or below 0, a hit rate of 250 % or −5 % (a profiler's little over 100,
/// an H100's 107.26 %, is kept, and read as 100). The kernel stays, with its other figures;
/// only the absurd one is left out, named with its line.
#[test]
fn absurd_figures_are_refused_with_their_line() {
    let head = "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
    let row = |name: &str, unit: &str, value: &str| {
        format!("{head}\"0\",\"1\",\"a\",\"h\",\"k\",\"1\",\"7\",\"(256, 1, 1)\",\"(1024, 1, 1)\",\"0\",\"9.0\",\"S\",\"{name}\",\"{unit}\",\"{value}\"\n\"0\",\"1\",\"a\",\"h\",\"k\",\"1\",\"7\",\"(256, 1, 1)\",\"(1024, 1, 1)\",\"0\",\"9.0\",\"S\",\"Registers Per Thread\",\"register/thread\",\"32\"\n")
    };
    for (name, unit, value, what, key) in [
        (
            "Duration",
            "second",
            "1e308",
            "a kernel's time",
            "duration_s",
        ),
        (
            "Duration",
            "usecond",
            "-146.1",
            "a kernel's time",
            "duration_s",
        ),
        ("L1/TEX Hit Rate", "%", "250", "a hit rate", "l1_hit_pct"),
        ("L2 Hit Rate", "%", "-5", "a hit rate", "l2_hit_pct"),
    ] {
        let p = profiler::read(row(name, unit, value).as_bytes()).unwrap();
        let k = &p.kernels[0];
        assert_eq!(k.invalid.len(), 1, "{name} {value}");
        let note = &k.invalid[0];
        assert!(
            note.starts_with("line 2: ") && note.contains(what) && note.contains(value),
            "{note}"
        );
        assert_eq!(k.metric(key), None, "{name} {value}");
        assert!(k.durations_s.is_empty() || key != "duration_s");
        assert_eq!(k.registers_per_thread, Some(32.0), "the rest is kept");
    }
    let ok = profiler::read(row("L2 Hit Rate", "%", "107.26").as_bytes()).unwrap();
    assert_eq!(ok.kernels[0].metric("l2_hit_pct"), Some(107.26));
    assert!(ok.kernels[0].invalid.is_empty());
}
