//! Measured against predicted: the device match, the occupancy check (one launch per limiter,
//! by hand), the model inputs a launch fills (by hand), the link's measured time, and the
//! comparison of a whole file.

use std::collections::BTreeMap;

use warpsight::analysis::profiler::{Format, Profile, ProfileReader, ProfiledKernel};
use warpsight::link;
use warpsight::measured::{self, compare, preset_for};
use warpsight::model::launch::{Access, Launch, Origin};
use warpsight::{devices, registry};

fn kernel(
    device: &str,
    block: u64,
    grid: u64,
    regs: f64,
    smem: f64,
    metrics: &[(&'static str, f64)],
) -> ProfiledKernel {
    ProfiledKernel {
        name: "void k(float*, int)".to_string(),
        device: Some(device.to_string()),
        compute_capability: None,
        grid: Some([grid, 1, 1]),
        block: Some([block, 1, 1]),
        registers_per_thread: Some(regs),
        static_shared_bytes: Some(smem),
        dynamic_shared_bytes: Some(0.0),
        invocations: 3,
        durations_s: vec![11e-6, 10e-6, 12e-6],
        metrics: metrics.iter().copied().collect::<BTreeMap<_, _>>(),
        invalid: Vec::new(),
    }
}

fn profile(kernels: Vec<ProfiledKernel>) -> Profile {
    Profile {
        format: Format::NcuDetails,
        kernels,
        skipped_rows: 0,
        joined: Vec::new(),
        preamble: Vec::new(),
    }
}

#[test]
fn device_names_match_presets() {
    let id = |name: &str| preset_for(name).map(|d| d.id);
    assert_eq!(id("NVIDIA H100 80GB HBM3"), Some("h100"));
    assert_eq!(id("NVIDIA H100 PCIe"), Some("h100-pcie"));
    assert_eq!(id("NVIDIA A100-SXM4-40GB"), Some("a100"));
    assert_eq!(id("Tesla V100-SXM2-16GB"), Some("v100"));
    assert_eq!(id("Tesla K20m (0)"), Some("k20m"));
    assert_eq!(id("NVIDIA GeForce RTX 4090"), Some("rtx4090"));
    assert_eq!(id("GeForce GTX 280"), Some("gtx280"));
    assert_eq!(id("GeForce 8800 GT"), Some("8800gt"));
    assert_eq!(id("GeForce 8800 GTX"), Some("8800gtx"));
    assert_eq!(id("NVIDIA L40S"), Some("l40s"));
    assert_eq!(id("Tesla T4"), Some("t4"));
    assert_eq!(id("NVIDIA A10G"), Some("a10g"));
    assert_eq!(id("NVIDIA A10"), Some("a10"));
    assert_eq!(id("NVIDIA L4"), Some("l4"));
    assert_eq!(id("NVIDIA A100-SXM4-80GB"), Some("a100-80gb"));
    assert_eq!(id("Tesla P100-PCIE-16GB"), Some("p100"));
    // The PCIe V100 is not the SXM2 preset (1.38 GHz, not 1.53).
    assert_eq!(id("Tesla V100-PCIE-32GB"), Some("v100-pcie"));
    assert_eq!(id("Tesla V100-PCIE-16GB"), Some("v100-pcie"));
    // No preset: a GTX 950, an L40 (not the L40S), a PCIe A100 40GB (not the SXM4).
    assert_eq!(id("GeForce GTX 950 (0)"), None);
    assert_eq!(id("NVIDIA L40"), None);
    assert_eq!(id("NVIDIA A100-PCIE-40GB"), None);
}

/// Printed names without a preset are the catalogue's GPUs, with the real card's figures.
#[test]
fn device_names_match_the_catalogue() {
    use warpsight::devices::catalogue::by_printed_name;
    let hit = |name: &str| {
        let g = by_printed_name(name).unwrap_or_else(|| panic!("{name}: no catalogue GPU"));
        (g.name.as_str(), g.sms, g.mem_bandwidth_gbs)
    };
    assert_eq!(
        hit("GeForce GTX 1080 Ti (0)"),
        ("GeForce GTX 1080 Ti", 28, 484.4)
    );
    assert_eq!(hit("TITAN Xp (0)"), ("TITAN Xp", 30, 547.6));
    assert_eq!(hit("GeForce GTX 950 (0)"), ("GeForce GTX 950", 6, 105.8));
    assert_eq!(hit("NVIDIA L40"), ("L40", 142, 864.0));
    assert_eq!(
        hit("NVIDIA A100-PCIE-40GB"),
        ("A100 PCIe 40 GB", 108, 1560.0)
    );
    assert_eq!(
        hit("Tesla V100-PCIE-32GB"),
        ("Tesla V100 PCIe 32 GB", 80, 900.0)
    );
    assert_eq!(
        hit("NVIDIA GeForce RTX 3060 Laptop GPU").0,
        "GeForce RTX 3060 Mobile"
    );
    assert_eq!(by_printed_name("0"), None);
    assert_eq!(by_printed_name("NVIDIA Quantum 9000"), None);
}

/// Nsight Compute's details page prints the device's number: compute capability, SMs and the
/// clocks it locked tell an H100 SXM5 (1590 MHz base, HBM3 at 2×1313 MHz) from an H200
/// (1500 MHz, HBM3e at 2×1593 MHz). Both files were profiled for these tests with ncu 2025.3
/// on the two GPUs (tests/fixtures/profiler/ncu-h100-sxm-details.csv, ncu-h200-details.csv).
#[test]
fn a_details_page_finds_its_gpu_by_shape_and_clocks() {
    for (file, id, bandwidth) in [
        ("ncu-h100-sxm-details.csv", "h100", 3350.0),
        ("ncu-h200-details.csv", "h200", 4800.0),
    ] {
        let r = compare(&read(&format!("tests/fixtures/profiler/{file}")));
        for k in &r.kernels {
            let d = &k.device;
            assert_eq!((d.id.as_str(), d.how), (id, "shape"), "{file}: {}", d.note);
            assert_eq!(d.mem_bandwidth_gbs, Some(bandwidth));
            assert_eq!(d.compute_capability.as_deref(), Some("9.0"));
            assert_eq!(d.sms, Some(132));
        }
    }
}

fn read(path: &str) -> Profile {
    let mut reader = warpsight::analysis::profiler::ProfileReader::new();
    reader.feed(&std::fs::read(path).unwrap()).unwrap();
    reader.finish().unwrap()
}

/// Every kernel with a launch in the real profiler files of `../shared/profiles/` gets its GPU,
/// with the real card's bandwidth, and says how it was found.
#[test]
fn every_real_file_finds_its_gpu() {
    let dir = std::path::Path::new("../shared/profiles");
    if !dir.exists() {
        eprintln!("../shared/profiles is absent: skipped");
        return;
    }
    // file prefix → (device id, how, bandwidth GB/s, SMs)
    let expected: [(&str, &str, &str, f64, u32); 5] = [
        // No Device column: 80 SMs and CC 7.0 from Waves Per SM and the block limits; the
        // V100 SXM2 preset is the first of the 80-SM Voltas (the run's log names an SXM2).
        ("AndrewXu22__", "v100", "implied", 900.0, 80),
        (
            "leimingyu__magus__transpose_metrics",
            "tpu-c2877",
            "name",
            484.4,
            28,
        ),
        (
            "leimingyu__magus__transpose_trace",
            "tpu-c2877",
            "name",
            484.4,
            28,
        ),
        ("meinie0826__", "b200", "name", 8000.0, 148),
        ("nanzifan__", "tpu-c2948", "name", 547.6, 30),
    ];
    for (prefix, id, how, bandwidth, sms) in expected {
        let file = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
            .unwrap_or_else(|| panic!("no file {prefix}*"));
        let r = compare(&read(file.to_str().unwrap()));
        assert!(!r.kernels.is_empty(), "{prefix}");
        for k in r
            .kernels
            .iter()
            .filter(|k| k.grid.is_some() || k.blocks.is_some())
        {
            let d = &k.device;
            assert_eq!(d.id, id, "{prefix} {}: {}", k.name, d.note);
            assert!(
                d.how == how || d.how == "file",
                "{prefix}: {} {}",
                d.how,
                d.note
            );
            assert_eq!(d.mem_bandwidth_gbs, Some(bandwidth), "{prefix}");
            assert_eq!(d.sms, Some(sms), "{prefix}");
            assert!(!d.source.is_empty());
        }
    }
}

/// The four occupancy limiters on the A100 (CC 8.0: 64 warps, 32 blocks, 65,536 registers,
/// 164 KB of shared memory per SM, 1 KB reserved per block), by hand, against figures a
/// profiler would print; ours agree.
#[test]
fn occupancy_check_one_launch_per_limiter() {
    let a100 = "NVIDIA A100-SXM4-40GB";
    // (block, regs, smem, config) → (occupancy %, active warps, limits: regs, smem, warps, blocks)
    let cases: [(u64, f64, f64, f64, [f64; 6]); 4] = [
        // Registers: 64 × 32 = 2,048 per warp, 8 warps → 16,384 per block; 65,536 / 16,384
        // = 4 blocks = 32 warps = 50 %. Shared memory: (16 KB config) / 1 KB = 16.
        (256, 64.0, 0.0, 16384.0, [50.0, 32.0, 4.0, 16.0, 8.0, 32.0]),
        // Shared memory: 48 KB + 1 KB = 50,176 B per block; 167,936 / 50,176 = 3 blocks of
        // 4 warps = 12 warps = 18.75 %.
        (
            128,
            32.0,
            49152.0,
            167936.0,
            [18.75, 12.0, 16.0, 3.0, 16.0, 32.0],
        ),
        // Warps: 1,024 threads = 32 warps → 2 blocks = 64 warps = 100 % (registers: 16 × 32
        // = 512 per warp, 16,384 per block → 4).
        (
            1024,
            16.0,
            0.0,
            32768.0,
            [100.0, 64.0, 4.0, 32.0, 2.0, 32.0],
        ),
        // Blocks: 32 threads = 1 warp; 32 blocks per SM = 32 warps = 50 % (registers: 16 × 32
        // = 512 per warp, 65,536 / 512 = 128 one-warp blocks).
        (
            32,
            16.0,
            0.0,
            65536.0,
            [50.0, 32.0, 128.0, 64.0, 64.0, 32.0],
        ),
    ];
    for (block, regs, smem, config, want) in cases {
        let k = kernel(
            a100,
            block,
            1000,
            regs,
            smem,
            &[
                ("shared_mem_config_bytes", config),
                ("theoretical_occupancy_pct", want[0]),
                ("theoretical_active_warps", want[1]),
                ("limit_registers", want[2]),
                ("limit_shared_mem", want[3]),
                ("limit_warps", want[4]),
                ("limit_blocks", want[5]),
            ],
        );
        let r = compare(&profile(vec![k]));
        let o = &r.kernels[0].occupancy;
        let ours = o.ours.as_ref().expect("occupancy computed");
        let got = [
            ours.occupancy_pct.unwrap(),
            ours.active_warps.unwrap(),
            ours.limit_registers.unwrap(),
            ours.limit_shared_mem.unwrap(),
            ours.limit_warps.unwrap(),
            ours.limit_blocks.unwrap(),
        ];
        assert_eq!(got, want, "block {block}, {regs} registers, {smem} B");
        assert_eq!(o.agree, Some(true), "{:?}", o.disagreements);
    }
}

#[test]
fn occupancy_disagreement_is_named() {
    // The profiler says 6 blocks by registers where warpsight computes 4 (256 threads × 64).
    let k = kernel(
        "NVIDIA A100-SXM4-40GB",
        256,
        1000,
        64.0,
        0.0,
        &[
            ("limit_registers", 6.0),
            ("limit_warps", 8.0),
            ("theoretical_occupancy_pct", 50.0),
        ],
    );
    let r = compare(&profile(vec![k]));
    let o = &r.kernels[0].occupancy;
    assert_eq!(o.agree, Some(false));
    assert_eq!(
        o.disagreements,
        vec!["block limit registers: warpsight 4, profiler 6".to_string()]
    );
    let html = measured::html::report_html(&r, "run.csv");
    assert!(html.contains(r#"<tr class="disagree"><th scope="row">Block limit: registers</th><td data-label="warpsight">4</td><td data-label="Profiler">6 ✗ differs</td></tr>"#), "{html}");
}

fn launch() -> Launch {
    Launch {
        threads_per_block: 256.0,
        blocks: 4096.0,
        // 4,096 blocks × 8 warps.
        warps: 32768.0,
        registers_per_thread: 16.0,
        shared_mem_per_block: 0.0,
        registers_known: true,
        shared_known: true,
        insts_per_warp: Some(40.0),
        insts_issued: false,
        // Two coalesced 4-byte loads (4 sectors) and one scattered store (32 sectors).
        loads: Some(Access {
            requests_per_warp: 2.0,
            sectors_per_request: 4.0,
        }),
        stores: Some(Access {
            requests_per_warp: 1.0,
            sectors_per_request: 32.0,
        }),
        barriers_per_warp: Some(1.0),
        barrier_count: None,
        fp64_insts_per_warp: None,
        dram_bytes: None,
        dram_from_throughput: false,
        l1_hit_pct: None,
        l2_hit_pct: None,
        flops_fp64: None,
        flops_fp32: None,
        measured_s: Some(50e-6),
        requests_from_rule: false,
        requests_estimated: false,
        l1_bytes: None,
        l1_from_throughput: false,
        l2_bytes: None,
        l2_peak_gbs: None,
        sfu_insts_per_warp: None,
        sm_busy_s: None,
        sm_clock_hz: None,
    }
}

fn inputs_of(model: &str, l: &Launch, device: &str) -> Vec<(&'static str, String, Origin)> {
    let (_, from) = registry::from_launch()
        .into_iter()
        .find(|(m, _)| m.id == model)
        .unwrap();
    let d = devices::find(device).unwrap();
    (from.inputs)(l, d)
        .into_iter()
        .map(|i| (i.field, i.text, i.origin))
        .collect()
}

#[test]
fn hong_kim_inputs_by_hand() {
    let got = inputs_of("hong-kim", &launch(), "a100");
    let p = |f: &'static str, t: &str| (f, t.to_string(), Origin::Profile);
    assert_eq!(
        got,
        vec![
            p("threads_per_block", "256"),
            p("blocks", "4096"),
            p("registers_per_thread", "16"),
            p("shared_mem_per_block", "0"),
            // 2 loads × max(1, 4/4) coalesced; 1 store of 32 sectors uncoalesced.
            p("coal_mem_insts", "2"),
            p("uncoal_mem_insts", "1"),
            p("uncoal_per_mw", "32"),
            // No hit rates in the file: the paper's 0, assumed and said.
            ("l1_hit_pct", "0".to_string(), Origin::Assumed),
            ("l2_hit_pct", "0".to_string(), Origin::Assumed),
            p("synch_insts", "1"),
            // 40 instructions per warp, no loop: its two loads wait together.
            ("mlp", "2".to_string(), Origin::Assumed),
            // 40 − 3 requests − 1 barrier.
            p("comp_insts", "36"),
        ]
    );
    // Without counters: the block and grid from the profile, the instruction mix to type, no
    // barriers assumed (said so).
    let bare = Launch {
        insts_per_warp: None,
        loads: None,
        stores: None,
        barriers_per_warp: None,
        ..launch()
    };
    let typed: Vec<&str> = inputs_of("hong-kim", &bare, "a100")
        .into_iter()
        .filter(|i| i.2 == Origin::Typed)
        .map(|i| i.0)
        .collect();
    assert_eq!(typed, ["coal_mem_insts", "uncoal_mem_insts", "comp_insts"]);
    assert!(inputs_of("hong-kim", &bare, "a100").contains(&(
        "synch_insts",
        "0".to_string(),
        Origin::Assumed
    )));
    // A file without registers or shared memory leaves them to type, not 0 "from the profile".
    let unsized_launch = Launch {
        registers_known: false,
        shared_known: false,
        ..launch()
    };
    let got = inputs_of("hong-kim", &unsized_launch, "a100");
    assert!(got.contains(&("registers_per_thread", String::new(), Origin::Typed)));
    assert!(got.contains(&("shared_mem_per_block", String::new(), Origin::Typed)));
    // DRAM bytes alone: the requests stay to type (issue 55: never derived from DRAM bytes,
    // which count what missed the caches, not what the kernel asked for).
    let dram = Launch {
        dram_bytes: Some(8.0 * 1024.0 * 1024.0),
        l1_hit_pct: Some(50.0),
        l2_hit_pct: Some(50.0),
        ..bare
    };
    let got = inputs_of("hong-kim", &dram, "a100");
    assert!(
        got.contains(&("coal_mem_insts", String::new(), Origin::Typed)),
        "{got:?}"
    );
    // The requests from ncu's rule text: 2 per warp of 18 sectors each on average.
    let rule = Launch {
        loads: Some(Access {
            requests_per_warp: 2.0,
            sectors_per_request: 18.0,
        }),
        requests_from_rule: true,
        ..bare
    };
    let got = inputs_of("hong-kim", &rule, "a100");
    let p = |f: &'static str, t: &str| (f, t.to_string(), Origin::Profile);
    assert!(got.contains(&p("uncoal_mem_insts", "2")), "{got:?}");
    assert!(got.contains(&p("uncoal_per_mw", "18")), "{got:?}");
}

#[test]
fn luo_suda_inputs_by_hand() {
    // A100: 256 threads × 16 registers → warps limit 8 blocks of 8 warps = 64 warps; 108 SMs.
    let got = inputs_of("luo-suda", &launch(), "a100");
    let p = |f: &'static str, t: &str| (f, t.to_string(), Origin::Profile);
    let c = |f: &'static str, t: &str| (f, t.to_string(), Origin::Computed);
    // The A100's t_mem is its measured DRAM latency (575 cycles).
    let t_mem = warpsight::model::luo_suda::t_mem_of(devices::find("a100").unwrap())
        .unwrap()
        .value;
    assert_eq!(t_mem, 575.0);
    // 36 other instructions × 4 cycles (the A100's dependent add, Abdelkhalik et al. 2022;
    // Table 1's 22 are the GTX 260's) = 144, over 3 requests = 48 per period.
    // rep = 3 requests × 4096 / (8 × 108) = 14.22 (to two decimals).
    let rep = 14.22;
    assert_eq!(
        got,
        vec![
            c("n_act", "64"),
            p("blocks", "4096"),
            c("active_blocks_per_sm", "8"),
            c("periods", "48:575"),
            c("rep", &warpsight::format::exact(rep)),
            // (2 × 4 + 1 × 32) / 3 = 13.33 sectors per request.
            p("d_mem", "13.33"),
            p("n_trans", "3"),
            p("t_test_s", "0.00005"),
        ]
    );
}

#[test]
fn a_measured_time_round_trips_in_the_link() {
    let (state, notices) = link::from_query(
        "model=hong-kim&device=a100&measured_s=0.0000123&measured_kernel=saxpy%20kernel",
    );
    assert!(notices.is_empty(), "{notices:?}");
    let m = state.measured.clone().unwrap();
    assert_eq!(m.time_s, 0.0000123);
    assert_eq!(m.kernel, "saxpy kernel");
    let q = link::to_query(&state);
    assert!(q.contains("measured_s=0.0000123"), "{q}");
    assert_eq!(link::from_query(&q).0, state);
    // Out of range, and a kernel without a time.
    let (state, notices) = link::from_query("model=hong-kim&measured_s=-1&measured_kernel=k");
    assert_eq!(state.measured, None);
    let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["measured_s", "measured_kernel"]);
    // The fields a profile does not give, and a placeholder device, travel with the time.
    let (state, notices) = link::from_query(
        "model=hong-kim&measured_s=0.00001&to_type=comp_insts,coal_mem_insts,nonsense&device_unknown=1",
    );
    let m = state.measured.clone().unwrap();
    // In the model's field order; a name that is not a field is dropped.
    assert_eq!(m.to_type, ["comp_insts", "coal_mem_insts"]);
    assert!(m.device_unknown);
    assert!(notices.is_empty(), "{notices:?}");
    let q = link::to_query(&state);
    assert!(
        q.contains("to_type=comp_insts,coal_mem_insts&device_unknown=1"),
        "{q}"
    );
    assert_eq!(link::from_query(&q).0, state);
}

/// A kernel of a trace without counters links to Hong & Kim with the fields to type listed,
/// and a kernel without a device says so.
#[test]
fn a_kernel_link_lists_the_fields_to_type() {
    let mut k = kernel("Tesla K20m (0)", 256, 4096, 16.0, 0.0, &[]);
    let r = compare(&profile(vec![k.clone()]));
    let hk = r.kernels[0]
        .predictions
        .iter()
        .find(|p| p.model == "hong-kim")
        .unwrap();
    let m = link::from_query(&hk.query).0.measured.unwrap();
    assert_eq!(
        m.to_type,
        ["comp_insts", "uncoal_mem_insts", "coal_mem_insts"]
    );
    assert!(!m.device_unknown);
    k.device = Some("0".into());
    let r = compare(&profile(vec![k]));
    let hk = r.kernels[0]
        .predictions
        .iter()
        .find(|p| p.model == "hong-kim")
        .unwrap();
    assert!(
        link::from_query(&hk.query)
            .0
            .measured
            .unwrap()
            .device_unknown
    );
}

#[test]
fn a_prediction_carries_its_inputs_and_the_measured_time() {
    let mut k = kernel(
        "NVIDIA A100-SXM4-40GB",
        256,
        4096,
        16.0,
        0.0,
        &[
            ("inst_executed", 40.0 * 32768.0),
            ("global_load_requests", 2.0 * 32768.0),
            ("global_load_sectors", 8.0 * 32768.0),
            ("global_store_requests", 32768.0),
            ("global_store_sectors", 4.0 * 32768.0),
        ],
    );
    k.name = "saxpy(float*, float*, float)".into();
    let r = compare(&profile(vec![k]));
    let kr = &r.kernels[0];
    assert_eq!(kr.measured_s, Some(11e-6));
    assert_eq!(kr.device.id, "a100");
    let hk = kr
        .predictions
        .iter()
        .find(|p| p.model == "hong-kim")
        .unwrap();
    assert!(hk.complete, "{:?}", hk.inputs);
    // The link reproduces the prediction and carries the measured time.
    let (state, notices) = link::from_query(&hk.query);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(state.measured.as_ref().unwrap().kernel, "saxpy");
    assert_eq!(state.measured.as_ref().unwrap().time_s, 11e-6);
    assert_eq!(state.params.text("comp_insts").as_deref(), Some("37"));
    assert_eq!(state.params.text("coal_mem_insts").as_deref(), Some("3"));
    let e = (state.model.evaluate)(&state.params, state.device).unwrap();
    let t = e.number(state.model, "time_s").unwrap();
    assert_eq!(hk.time_s, Some(t));
    assert_eq!(hk.ratio, Some(t / 11e-6));
    // The summary over one kernel: its ratio is the median and the worst.
    let s = r.models.iter().find(|m| m.model == "hong-kim").unwrap();
    assert_eq!(
        (s.kernels, s.median_ratio, s.worst_ratio),
        (1, hk.ratio, hk.ratio)
    );
}

/// A details page prints the device's number: compute capability 7.5 with 40 SMs at the
/// 585 MHz ncu locks is a T4 (320 GB/s), not a custom device with an assumed bandwidth.
#[test]
fn a_t4_is_found_by_its_shape_and_locked_clock() {
    let mut k = kernel(
        "0",
        128,
        100,
        32.0,
        0.0,
        &[("sms", 40.0), ("sm_clock_hz", 585e6)],
    );
    k.compute_capability = Some((7, 5));
    let r = compare(&profile(vec![k]));
    let d = &r.kernels[0].device;
    assert_eq!((d.id.as_str(), d.how), ("t4", "shape"), "{}", d.note);
    assert_eq!(d.mem_bandwidth_gbs, Some(320.0));
    assert!(d.note.contains("585 MHz"), "{}", d.note);
    // Compute capability 12.0 with 170 SMs and no clock: the RTX 5090.
    let mut k = kernel("0", 128, 100, 32.0, 0.0, &[("sms", 170.0)]);
    k.compute_capability = Some((12, 0));
    let d = &compare(&profile(vec![k])).kernels[0].device;
    assert_eq!((d.id.as_str(), d.how), ("rtx5090", "shape"), "{}", d.note);
}

/// The page holds only some presets (`devices::DEVICES`): a kernel on the T4 (a preset of the
/// CLI and the workers) or on a catalogue GPU links the device by its id, which the page asks
/// the worker for; read with the worker's records (the CLI's), the link predicts the same time.
#[test]
fn a_kernel_on_a_gpu_the_page_lacks_links_it_by_id_with_the_same_prediction() {
    for (printed, id) in [("Tesla T4", "t4"), ("TITAN Xp (0)", "tpu-c2948")] {
        let k = kernel(
            printed,
            256,
            4096,
            32.0,
            0.0,
            &[
                ("inst_executed", 4096.0 * 8.0 * 60.0),
                ("global_load_requests", 4096.0 * 8.0 * 2.0),
                ("global_load_sectors_per_request", 4.0),
                ("global_store_requests", 4096.0 * 8.0),
                ("global_store_sectors_per_request", 4.0),
                ("sm_clock_hz", 1.2e9),
            ],
        );
        let r = compare(&profile(vec![k]));
        assert_eq!(r.kernels[0].device.id, id);
        assert!(!devices::DEVICES.iter().any(|d| d.id == id));
        let mut timed = 0;
        for p in &r.kernels[0].predictions {
            let Some(t) = p.time_s else { continue };
            timed += 1;
            assert!(p.query.contains(&format!("device={id}")), "{}", p.query);
            let (state, notices) = link::from_query(&p.query);
            assert!(notices.is_empty(), "{notices:?}");
            let e = (state.model.evaluate)(&state.params, state.device).unwrap();
            assert_eq!(
                e.number(state.model, "time_s"),
                Some(t),
                "{printed} {}",
                p.model
            );
        }
        assert!(timed > 0, "{printed}: some model predicts a time");
    }
}

#[test]
fn a_device_of_no_known_shape_is_built_from_the_file() {
    // No GPU of compute capability 7.5 has 41 SMs.
    let mut k = kernel(
        "0",
        128,
        100,
        32.0,
        0.0,
        &[("sms", 41.0), ("sm_clock_hz", 1.2e9)],
    );
    k.compute_capability = Some((7, 5));
    let r = compare(&profile(vec![k.clone()]));
    let d = &r.kernels[0].device;
    assert_eq!((d.how, d.id.as_str()), ("custom", "custom"), "{}", d.note);
    let c = d.custom.as_ref().unwrap();
    assert_eq!(
        (c.compute_capability.as_str(), c.sms, c.clock_ghz),
        ("7.5", 41, 1.2)
    );
    // The bandwidth it takes is named with its source.
    assert!(d.note.contains("Tesla T4's 320 GB/s"), "{}", d.note);
    // Without a compute capability there is nothing to build: no device, no prediction.
    k.compute_capability = None;
    let r = compare(&profile(vec![k]));
    assert_eq!(r.kernels[0].device.how, "none");
    assert!(r.kernels[0].predictions.iter().all(|p| p.time_s.is_none()));
}

/// A device chosen for the whole file puts every kernel on it.
#[test]
fn a_device_chosen_for_the_file_wins() {
    let k = kernel("TITAN Xp (0)", 128, 100, 32.0, 0.0, &[]);
    let r = compare(&profile(vec![k.clone()]));
    assert_eq!(r.kernels[0].device.id, "tpu-c2948");
    let a10g = devices::find("a10g").unwrap();
    let r = measured::compare_on(&profile(vec![k]), Some(a10g));
    let d = &r.kernels[0].device;
    assert_eq!((d.id.as_str(), d.how, d.sms), ("a10g", "chosen", Some(80)));
}

#[test]
fn the_scatter_marks_each_kernel_and_model_with_its_own_shape() {
    let mut reader = warpsight::analysis::profiler::ProfileReader::new();
    reader
        .feed(&std::fs::read("tests/fixtures/profiler/ncu_counters_a100.csv").unwrap())
        .unwrap();
    let r = compare(&reader.finish().unwrap());
    let svg = measured::html::scatter(&r, 640.0, "measured-chart");
    // Three kernels × two models: circles for Hong & Kim, squares for Luo & Suda.
    assert_eq!(svg.matches(r#"data-model="hong-kim""#).count(), 3);
    assert_eq!(svg.matches(r#"data-model="luo-suda""#).count(), 3);
    assert_eq!(svg.matches("<circle ").count(), 3 + 1); // and the legend's
    assert_eq!(svg.matches("<rect x=").count(), 3 + 1);
    // Each mark names its kernel, both times and the ratio.
    let hk = &r.kernels[0].predictions[0];
    let tip = format!(
        "<title>vecAdd — Hong &amp; Kim, ISCA&#39;09 — MWP-CWP: predicted {}, measured 144 µs ({}×)</title>",
        warpsight::format::duration(hk.time_s.unwrap()),
        warpsight::format::significant(hk.ratio.unwrap(), 3)
    );
    assert!(svg.contains(&tip), "{svg}");
    // y = x and the ±30 % band.
    assert!(svg.contains(r#"<line class="diagonal""#));
    assert!(svg.contains(r#"<path class="band""#));
}

#[test]
fn median_and_worst_ratio_by_hand() {
    // Sorted 0.5, 0.9, 1.1, 1.2: the median is √(0.9 × 1.1); the worst is 0.5 (a factor of 2
    // off, farther from 1 than 1.2).
    let (median, worst) = measured::median_and_worst(&mut [1.2, 0.5, 1.1, 0.9]).unwrap();
    assert_eq!(median, (0.9f64 * 1.1).sqrt());
    assert_eq!(worst, 0.5);
    // 3 is farther from 1 (ln 3 = 1.10) than 0.4 (ln 2.5 = 0.92).
    assert_eq!(
        measured::median_and_worst(&mut [3.0, 0.4, 1.0]),
        Some((1.0, 3.0))
    );
    assert_eq!(measured::median_and_worst(&mut []), None);
}

#[test]
fn a_file_of_many_kernels_shows_every_row_and_the_first_details() {
    let kernels: Vec<ProfiledKernel> = (0..250)
        .map(|i| {
            let mut k = kernel("NVIDIA A100-SXM4-40GB", 256, 100 + i, 16.0, 0.0, &[]);
            k.name = format!("k{i}(int)");
            k
        })
        .collect();
    let html = measured::html::report_html(&compare(&profile(kernels)), "many.csv");
    assert_eq!(html.matches(r#"<tr id="kernel-row-"#).count(), 250);
    assert_eq!(
        html.matches(r#"<details class="kernel-detail""#).count(),
        measured::html::MAX_DETAILS
    );
    assert!(html.contains(r#"<span class="kernel-name" title="k249(int)">k249</span>"#));
    assert!(html.contains("The details of the first 200 kernels are shown"));
}

/// Found by the fuzzer (tests/fuzz.rs, in a debug build): invocation counts near 2⁶⁴ overflowed
/// the page's sum of invocations. They saturate at 2⁶⁴ − 1.
#[test]
fn invocation_counts_near_2_to_the_64_saturate() {
    let text = "\"Device\",\"Kernel\",\"Invocations\",\"Metric Name\",\"Metric Description\",\"Min\",\"Max\",\"Avg\"\n\
\"Tesla V100-SXM2-16GB (0)\",\"a(int)\",18446744073709551615,\"inst_per_warp\",\"Instructions per warp\",131,131,131\n\
\"Tesla V100-SXM2-16GB (0)\",\"b(int)\",18446744073709551615,\"inst_per_warp\",\"Instructions per warp\",131,131,131\n";
    let mut reader = warpsight::analysis::profiler::ProfileReader::new();
    reader.feed(text.as_bytes()).unwrap();
    let r = compare(&reader.finish().unwrap());
    assert_eq!(r.kernels.len(), 2);
    let html = measured::html::report_html(&r, "huge.csv");
    assert!(
        html.contains("18,446,744,073,709,551,615 invocations"),
        "{}",
        &html[..300.min(html.len())]
    );
}

/// nvprof's trace and its metrics file, read together: the trace gives the launches and the
/// times, the metrics the counters; each kernel then gets Hong & Kim's and Luo & Suda's
/// complete predictions, none left to type (the barriers assumed, and said so).
#[test]
fn an_nvprof_trace_joined_with_its_metrics_gives_complete_predictions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/profiles");
    if !dir.exists() {
        eprintln!("../shared/profiles is absent: skipped");
        return;
    }
    let read = |name: &str| {
        let mut r = ProfileReader::new();
        r.feed(&std::fs::read(dir.join(name)).expect("../shared/profiles"))
            .unwrap();
        r.finish().unwrap()
    };
    let trace = read("leimingyu__magus__transpose_trace.csv");
    let metrics = read("leimingyu__magus__transpose_metrics.csv");
    // Alone, neither completes a prediction.
    for p in [&trace, &metrics] {
        let r = compare(p);
        assert!(r
            .kernels
            .iter()
            .flat_map(|k| &k.predictions)
            .all(|p| !p.complete && p.ratio.is_none() && p.time_s.is_none()));
    }
    let joined = Profile::join(vec![trace, metrics]).unwrap();
    assert_eq!(joined.kernels.len(), 8, "the same 8 kernels in both files");
    let r = compare(&joined);
    assert_eq!(
        r.format,
        "nvprof CSV (--print-gpu-trace) + nvprof CSV (--metrics)"
    );
    for k in &r.kernels {
        assert_eq!(k.device.name, "GeForce GTX 1080 Ti");
        assert!(k.measured_s.is_some(), "{}: the trace's time", k.name);
        for p in &k.predictions {
            assert!(p.complete, "{} {}: {:?}", k.name, p.model, p.inputs);
            assert!(p.ratio.is_some() && p.time_s.is_some());
            // Every kernel but the diagonal transpose (its block reordering takes more than
            // 64 instructions per warp) is straight-line: its loads assumed in flight together.
            let expected: &[&str] = match p.model {
                "hong-kim" if k.name.starts_with("transposeDiagonal") => &["synch_insts"],
                "hong-kim" => &["synch_insts", "mlp"],
                // nvprof counts no barriers and no SFU instructions.
                "sim" => &["sync_insts", "sfu_insts"],
                _ => &[],
            };
            assert_eq!(p.assumed, expected, "{}", k.name);
            // The link carries every value the prediction used, assumed ones included.
            assert!(p.query.contains("registers_per_thread=") || p.model != "hong-kim");
        }
    }
    // Both models' medians over the eight kernels.
    assert!(r.models.iter().all(|m| m.kernels == 8), "{:?}", r.models);
}

/// Issue 36: a file naming more distinct kernels than the comparison lists (templates) lists
/// the MAX_LISTED with the longest total time, in the file's order, and counts the rest: in
/// each model's median (every kernel is compared), in the totals, and in a line of the page.
#[test]
fn many_distinct_kernels_list_the_longest_and_count_the_rest() {
    use warpsight::measured::MAX_LISTED;
    let n = MAX_LISTED + 7;
    let kernels: Vec<ProfiledKernel> = (0..n)
        .map(|i| {
            let mut k = kernel(
                "NVIDIA A100-SXM4-40GB",
                256,
                1024,
                32.0,
                0.0,
                &[
                    ("dram_bytes", 4e6),
                    ("inst_executed", 1e6),
                    ("flops_fp32", 1e6),
                ],
            );
            k.name = format!("void k<{i}>(float*, int)");
            // One invocation each, the first seven the shortest: they are the ones not listed.
            k.invocations = 1;
            k.durations_s = vec![1e-6 * (1.0 + i as f64)];
            k
        })
        .collect();
    let r = compare(&profile(kernels));
    assert_eq!(r.kernels.len(), MAX_LISTED);
    assert_eq!((r.unlisted, r.unlisted_invocations), (7, 7));
    assert_eq!(r.kernels[0].name, "void k<7>(float*, int)");
    assert_eq!(
        r.kernels.last().unwrap().name,
        format!("void k<{}>(float*, int)", n - 1)
    );
    // The roofline bounds every kernel (DRAM bytes and FLOPs on a known GPU): all n count.
    let roofline = r.models.iter().find(|m| m.model == "roofline").unwrap();
    assert_eq!(roofline.kernels, n);
    let html = measured::html::report_html(&r, "many.csv");
    assert!(
        html.contains("2,007 kernel launch configurations, 2,007 invocations"),
        "{}",
        &html[..300]
    );
    assert!(html.contains(r#"<p class="muted" id="measured-unlisted">7 kernels (7 invocations) are in each model's median but not listed: the 2,000 with the longest total time"#));
}
