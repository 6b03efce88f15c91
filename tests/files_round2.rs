//! Real files, round 2 (issue 46): fixtures made from the tools' documented formats
//! (tests/fixtures/profiler/round2/) for each class of file a new user brings: a GPU given
//! only by its compute capability, a GPU named in the application's output above the table,
//! ncu 2025's `dram__bytes_op_*` names, nvprof's `inst_issued` without `inst_executed`, the
//! Visual Profiler's CSV, nvprof's events and metrics tables in one file, and a byte order
//! mark, CRLF, correlation ids and exponents under a `B` units row.

use warpsight::analysis::profiler::{self, Format, Profile, ProfileReader};
use warpsight::devices::catalogue;
use warpsight::measured::{self, compare, compare_on, KernelReport, Report};
use warpsight::model::launch::ISSUED;

fn bytes(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/profiler/round2/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(name: &str) -> Profile {
    profiler::read(&bytes(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn read_all(names: &[&str]) -> Profile {
    Profile::join(names.iter().map(|n| read(n)).collect()).expect("files")
}

fn kernel<'a>(r: &'a Report, name: &str) -> &'a KernelReport {
    r.kernels
        .iter()
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("no kernel {name}"))
}

fn prediction<'a>(k: &'a KernelReport, model: &str) -> &'a measured::PredictionReport {
    k.predictions
        .iter()
        .find(|p| p.model == model)
        .unwrap_or_else(|| panic!("no {model}"))
}

const TRIAD: &str = "triad(float *, const float *, const float *, float, int)";
const DEVICE_LINE: &str = "device: NVIDIA GeForce RTX 5070 (sm_120), 48 SMs\n";

/// The RTX 5070 file without the application's line naming its GPU: only ncu's `CC` column
/// (12.0) and the device's number are left.
fn capability_only() -> Profile {
    let text = String::from_utf8(bytes("ncu_rtx5070_2026.csv")).unwrap();
    assert!(text.contains(DEVICE_LINE));
    profiler::read(text.replace(DEVICE_LINE, "").as_bytes()).expect("read")
}

#[test]
fn ncu_2025_dram_names_are_dram_bytes_and_give_a_roofline_bound() {
    let p = read("ncu_rtx5070_2026.csv");
    assert_eq!(p.format, Format::NcuDetails);
    assert_eq!(p.kernels.len(), 2);
    let triad = &p.kernels[0];
    assert_eq!(triad.name, TRIAD);
    assert_eq!(triad.invocations, 2);
    assert_eq!(triad.compute_capability, Some((12, 0)));
    // 134,217,728 read + 67,108,864 written.
    assert_eq!(triad.metric("dram_bytes"), Some(201_326_592.0));
    assert_eq!(triad.measured_s(), Some((333.25e-6 + 335.75e-6) / 2.0));
    let r = compare(&p);
    let k = kernel(&r, TRIAD);
    let roofline = prediction(k, "roofline");
    assert!(roofline.complete && roofline.lower_bound);
    // The bytes over the RTX 5070's 672 GB/s: the instructions and FLOPs are assumed 0.
    let bound = roofline.time_s.unwrap();
    assert!((bound - 201_326_592.0 / 672e9).abs() < 1e-12, "{bound}");
    // Hong & Kim needs the instruction mix: no time, the inputs to type.
    assert!(!prediction(k, "hong-kim").complete);
}

#[test]
fn a_gpu_named_in_the_lines_before_the_table() {
    let p = read("ncu_rtx5070_2026.csv");
    assert!(p
        .preamble
        .iter()
        .any(|l| l.starts_with("device: NVIDIA GeForce RTX 5070")));
    let r = compare(&p);
    for k in &r.kernels {
        assert_eq!(k.device.name, "GeForce RTX 5070");
        assert_eq!(k.device.how, "before");
        assert!(
            k.device
                .note
                .contains("named in the lines before the table"),
            "{}",
            k.device.note
        );
        assert_eq!(k.device.compute_capability.as_deref(), Some("12.0"));
    }
}

#[test]
fn a_named_gpu_must_be_whole_words_of_the_files_capability() {
    let named = |lines: &[&str], cc| {
        let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        measured::named_before(&lines, cc).map(|(d, _)| d.name)
    };
    // The longest name standing in the line.
    assert_eq!(
        named(
            &["Using CUDA device 0: NVIDIA GeForce RTX 5070 Ti"],
            Some((12, 0))
        ),
        Some("GeForce RTX 5070 Ti")
    );
    assert_eq!(
        named(&["device: NVIDIA GeForce RTX 5070 (sm_120), 48 SMs"], None),
        Some("GeForce RTX 5070")
    );
    // A partial word names nothing ("RTX 507"), nor a GPU of another capability, nor a line
    // that is not about the device.
    assert_eq!(
        named(&["device: NVIDIA GeForce RTX 507 (sm_120)"], Some((12, 0))),
        None
    );
    assert_eq!(
        named(&["device: NVIDIA GeForce RTX 5070"], Some((9, 0))),
        None
    );
    assert_eq!(
        named(&["comparing against the RTX 5070 numbers"], None),
        None
    );
    // The presets come first: "Tesla V100-SXM2-16GB" is the V100 (SXM2) preset.
    assert_eq!(
        named(&["GPU: Tesla V100-SXM2-16GB"], Some((7, 0))),
        Some("Tesla V100 (SXM2)")
    );
}

#[test]
fn a_gpu_given_only_by_its_compute_capability() {
    let p = capability_only();
    assert!(p.preamble.iter().all(|l| !l.contains("RTX")));
    let r = compare(&p);
    let k = kernel(&r, TRIAD);
    assert_eq!(k.device.how, "capability");
    assert_eq!(k.device.name, "");
    assert_eq!(k.device.compute_capability.as_deref(), Some("12.0"));
    assert!(
        k.device
            .note
            .contains("compute capability 12.0 (Blackwell)"),
        "{}",
        k.device.note
    );
    // The candidates: the presets of 12.0 first, then the catalogue's; every one of 12.0.
    let c = &k.device.candidates;
    assert_eq!(c[0].id, "rtx5090");
    assert!(c.iter().any(|c| c.name == "GeForce RTX 5070"));
    assert!(c.len() > 10, "{}", c.len());
    for x in c {
        let cc = warpsight::devices::find(&x.id)
            .map(|d| d.compute_capability.unwrap().value)
            .or_else(|| catalogue::by_id(&x.id).map(|g| g.compute_capability));
        assert_eq!(cc, Some((12, 0)), "{}", x.name);
    }
    // Occupancy needs only the capability: 256 threads, 16 registers, 48 warps on CC 12.0.
    let ours = k
        .occupancy
        .ours
        .as_ref()
        .expect("occupancy from the capability");
    assert_eq!(ours.active_warps, Some(48.0));
    assert_eq!(ours.occupancy_pct, Some(100.0));
    // Issue 56: the capability alone still bounds the time. The bound on the fastest GPU of
    // 12.0 (the RTX 5090's 1,792 GB/s) is a bound for every one of them, said so.
    let roof = prediction(k, "roofline");
    assert!(roof.complete && roof.error.is_none());
    let bound = roof.time_s.unwrap();
    assert!((bound - 201_326_592.0 / 1792e9).abs() < 1e-12, "{bound}");
    assert!(bound <= k.measured_s.unwrap());
    assert_eq!(
        roof.on.as_deref(),
        Some("on the fastest GPU of compute capability 12.0 (GeForce RTX 5090)")
    );
    // No model predicts without the GPU.
    assert!(prediction(k, "hong-kim").time_s.is_none());
    // In the JSON, as the command line prints it.
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(
        json["kernels"][0]["predictions"]["roofline"]["on"],
        "on the fastest GPU of compute capability 12.0 (GeForce RTX 5090)"
    );
    let d = &json["kernels"][0]["device"];
    assert_eq!(d["compute_capability"], "12.0");
    assert_eq!(d["candidates"][0]["id"], "rtx5090");
    // The page: the capability stated, the search given its query.
    let html = measured::html::report_html(&r, "run.csv");
    assert!(html.contains(r#"data-find="cc 12.0""#), "{html}");
    assert!(html.contains("compute capability 12.0 (Blackwell)"));
    assert!(html.contains(r#"<span class="muted bound-on">on the fastest GPU of compute capability 12.0 (GeForce RTX 5090)</span>"#));
    // A GPU chosen for the file gets the whole comparison.
    let rtx5070 = catalogue::device(catalogue::by_id("tpu-c4218").unwrap());
    let r = compare_on(&p, Some(rtx5070));
    let k = kernel(&r, TRIAD);
    assert_eq!(k.device.how, "chosen");
    assert_eq!(k.device.warning, None);
    assert!(prediction(k, "roofline").complete);
}

#[test]
fn a_gpu_chosen_against_the_files_capability_is_warned_of() {
    let p = capability_only();
    let gtx1080ti = catalogue::device(catalogue::by_id("tpu-c2877").unwrap());
    let r = compare_on(&p, Some(gtx1080ti));
    let w = kernel(&r, TRIAD).device.warning.clone().expect("a warning");
    assert!(
        w.contains("compute capability 12.0") && w.contains("is 6.1"),
        "{w}"
    );
    let html = measured::html::report_html(&r, "run.csv");
    assert!(html.contains(r#"id="measured-warning""#), "{html}");
}

#[test]
fn the_device_search_finds_gpus_by_capability() {
    for query in [
        "sm_90",
        "sm90",
        "cc 9.0",
        "9.0",
        "Hopper",
        "compute capability 9.0",
    ] {
        let found = catalogue::find_devices(query, |_| true, 20);
        assert!(found.iter().any(|d| d.id == "h100"), "{query}");
        for d in &found {
            assert_eq!(
                d.compute_capability.unwrap().value,
                (9, 0),
                "{query}: {}",
                d.name
            );
        }
    }
    assert_eq!(catalogue::capabilities("sm_120"), Some(vec![(12, 0)]));
    assert_eq!(catalogue::capabilities("8.6"), Some(vec![(8, 6)]));
    assert_eq!(catalogue::capabilities("Ada Lovelace"), Some(vec![(8, 9)]));
    // Names stay names: "Tesla" brands GPUs of every generation, "4090" is a model number.
    assert_eq!(catalogue::capabilities("tesla"), None);
    assert_eq!(catalogue::capabilities("4090"), None);
    assert!(catalogue::find_devices("4090", |_| true, 5)
        .iter()
        .any(|d| d.id == "rtx4090"));
}

#[test]
fn issued_instructions_stand_in_for_executed_ones_labelled() {
    let p = read_all(&["nvprof_trace_titan.csv", "nvprof_metrics_titan.csv"]);
    let naive = p
        .kernels
        .iter()
        .find(|k| k.name == "transposeNaive(float*, float*, int, int)")
        .unwrap();
    assert_eq!(naive.metric("inst_issued"), Some(491_520.0));
    assert_eq!(naive.metric("inst_executed"), None);
    let r = compare(&p);
    let k = kernel(&r, "transposeNaive(float*, float*, int, int)");
    assert_eq!(k.device.name, "GeForce GTX TITAN");
    // 491,520 issued over 32 × 32 blocks of 8 warps.
    assert_eq!(k.counters.insts_per_warp, Some(60.0));
    assert!(k.counters.insts_issued);
    for model in ["hong-kim", "luo-suda", "roofline"] {
        let p = prediction(k, model);
        assert!(p.complete, "{model}");
        assert!(
            p.inputs.iter().any(|i| i.how.contains(ISSUED)),
            "{model}: {:?}",
            p.inputs
        );
    }
    let hk = prediction(k, "hong-kim");
    let comp = hk.inputs.iter().find(|i| i.field == "comp_insts").unwrap();
    // 60 instructions less 4 load and 4 store requests per warp.
    assert_eq!(comp.text, "52");
    assert!(measured::html::report_html(&r, "t.csv").contains(ISSUED));
}

#[test]
fn the_visual_profilers_csv() {
    let p = read("nvvp_gpu_details.csv");
    assert_eq!(p.format, Format::Nvvp);
    assert_eq!(p.describe(), "Visual Profiler CSV");
    // The two copies.
    assert_eq!(p.skipped_rows, 2);
    assert_eq!(p.kernels.len(), 2);
    let mm = &p.kernels[0];
    assert_eq!(mm.name, "matrixMul(float*, float*, float*, int, int)");
    assert_eq!(mm.invocations, 2);
    assert_eq!(mm.durations_s, vec![1_216_160e-9, 1_215_936e-9]);
    assert_eq!(mm.grid, Some([40, 20, 1]));
    assert_eq!(mm.block, Some([32, 32, 1]));
    assert_eq!(mm.registers_per_thread, Some(28.0));
    assert_eq!(mm.static_shared_bytes, Some(8192.0));
    assert_eq!(mm.dynamic_shared_bytes, Some(0.0));
    assert_eq!(mm.device, None);
    assert_eq!(mm.metric("inst_executed"), Some(147_456_000.0));
    assert_eq!(
        mm.metric("dram_bytes"),
        Some((3_309_568.0 + 102_400.0) * 32.0)
    );
    assert_eq!(mm.metric("global_load_sectors"), Some(3_276_800.0));
    assert_eq!(mm.metric("global_load_requests"), Some(3_276_800.0));
    assert_eq!(mm.metric("l1_hit_pct"), Some(0.0));
    assert_eq!(mm.metric("flops_fp32"), Some(655_360_000.0));
    let occupancy = mm.metric("achieved_occupancy_pct").unwrap();
    assert!(
        (occupancy - (74.2103 + 74.1880) / 2.0).abs() < 1e-9,
        "{occupancy}"
    );
    // Words in cells ("Idle", "Low (1)") and empty ones are no figure.
    let va = &p.kernels[1];
    assert_eq!(va.metric("l1_hit_pct"), None);
    assert_eq!(va.metric("global_load_sectors_per_request"), Some(4.0));
    // No device column: the comparison asks for one, and a device given completes it.
    let r = compare(&p);
    assert_eq!(r.kernels[0].device.how, "none");
    assert!(
        r.kernels[0]
            .device
            .note
            .starts_with("the file names no device"),
        "{}",
        r.kernels[0].device.note
    );
    let k20m = warpsight::devices::find("k20m").unwrap();
    let r = compare_on(&p, Some(k20m));
    for k in &r.kernels {
        for model in ["hong-kim", "luo-suda", "roofline"] {
            assert!(prediction(k, model).complete, "{} {model}", k.name);
        }
    }
    assert!(measured::html::report_html(&r, "nvvp.csv").contains("Visual Profiler CSV"));
}

#[test]
fn nvprof_events_and_metrics_tables_in_one_file() {
    let p = read("nvprof_events_metrics_k20.csv");
    assert_eq!(p.format, Format::NvprofEvents);
    assert_eq!(p.joined, vec![Format::NvprofMetrics]);
    assert_eq!(
        p.describe(),
        "nvprof CSV (--events) + nvprof CSV (--metrics)"
    );
    assert_eq!(p.kernels.len(), 1);
    let k = &p.kernels[0];
    assert_eq!(k.invocations, 5);
    assert_eq!(k.metric("inst_executed"), Some(2_098_176.0));
    assert_eq!(k.metric("warps_launched"), Some(62_451.0));
    assert_eq!(k.metric("dram_bytes"), Some((1_248_256.0 + 7_808.0) * 32.0));
    assert_eq!(k.metric("achieved_occupancy_pct"), Some(89.2042));
    // Without a trace there is no launch, but the counters are the file's.
    let r = compare(&p);
    let c = &r.kernels[0].counters;
    assert_eq!(c.insts_per_warp, Some(2_098_176.0 / 62_451.0));
    assert_eq!(c.dram_bytes, Some(40_194_048.0));
    assert_eq!(r.kernels[0].device.name, "Tesla K20m");
}

#[test]
fn a_byte_order_mark_crlf_correlation_ids_and_exponents() {
    let raw = bytes("nvprof_trace_titan.csv");
    assert_eq!(&raw[..3], b"\xEF\xBB\xBF");
    assert!(raw.windows(2).any(|w| w == b"\r\n"));
    let p = read("nvprof_trace_titan.csv");
    assert_eq!(p.format, Format::NvprofTrace);
    assert_eq!(p.skipped_rows, 2);
    let names: Vec<(&str, u64)> = p
        .kernels
        .iter()
        .map(|k| (k.name.as_str(), k.invocations))
        .collect();
    assert_eq!(
        names,
        [
            ("transposeNaive(float*, float*, int, int)", 2),
            ("transposeCoalesced(float*, float*, int, int)", 2),
            ("copySharedMem(float*, float*, int, int)", 1),
        ]
    );
    // 4.224000e+03 and 1.638400e+04 under the units row's B.
    assert_eq!(p.kernels[1].static_shared_bytes, Some(4224.0));
    assert_eq!(p.kernels[2].dynamic_shared_bytes, Some(16384.0));
    assert_eq!(p.kernels[0].durations_s, vec![71.776e-6, 71.552e-6]);
    // Percent inline in nvprof's metrics ("0.00%"), a word ("Low (2)") where no figure is read.
    let m = read("nvprof_metrics_titan.csv");
    assert_eq!(m.kernels[0].metric("l1_hit_pct"), Some(0.0));
    assert_eq!(m.kernels[0].metric("l2_hit_pct"), Some(0.0));
}

#[test]
fn each_new_file_reads_the_same_in_chunks_of_any_size() {
    for name in [
        "ncu_rtx5070_2026.csv",
        "nvprof_trace_titan.csv",
        "nvprof_metrics_titan.csv",
        "nvprof_events_metrics_k20.csv",
        "nvvp_gpu_details.csv",
    ] {
        let whole = read(name);
        let b = bytes(name);
        for size in [1, 2, 3, 7, 64] {
            let mut r = ProfileReader::new();
            for chunk in b.chunks(size) {
                r.feed(chunk).unwrap();
            }
            assert_eq!(r.finish().unwrap(), whole, "{name} in chunks of {size}");
        }
    }
}
