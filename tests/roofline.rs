//! The roofline (docs/models.md, "Roofline"): the reference values computed by hand, the
//! bound as the largest ceiling's time, ceilings left out when unknown, the device's derived
//! ceilings, and the rule on real profiles: the bound never exceeds the measured time.

use warpsight::devices;
use warpsight::link;
use warpsight::model::roofline::{self, evaluate, Inputs, Limit};

fn reference() -> Inputs {
    Inputs {
        dram_bytes: 402_653_184.0,
        l1_bytes: None,
        l2_bytes: None,
        warp_insts: 1e9,
        flops_fp64: 0.0,
        flops_fp32: 0.0,
        flops_fp16: None,
        flops_tensor: None,
        mem_bandwidth_gbs: 3350.0,
        l1_bandwidth_gbs: None,
        l2_bandwidth_gbs: None,
        sms: 132.0,
        issue_per_sm_per_cycle: 4.0,
        clock_ghz: 1.59,
        fp64_gflops: None,
        fp32_gflops: None,
        fp16_gflops: None,
        tensor_gflops: None,
    }
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    ((a - b) / b).abs() < rel
}

#[test]
fn the_reference_values() {
    let o = evaluate(&reference());
    // 402,653,184 B at 3,350 GB/s: 120.19 µs.
    assert!(close(o.t_dram_s, 120.19e-6, 1e-4), "{}", o.t_dram_s);
    // 10⁹ warp instructions on 132 SMs × 4 a cycle at 1.59 GHz: 1.1912 ms.
    assert!(close(o.t_issue_s, 1.1912e-3, 1e-4), "{}", o.t_issue_s);
    assert_eq!(o.time_s, o.t_issue_s);
    assert_eq!(o.limit, Limit::Issue);
    assert_eq!(o.t_flop_s, None);
    assert_eq!(o.intensity, None);
    // The same from a link, on the H100 at ncu's clock.
    let (state, notices) = link::from_query(
        "model=roofline&device=h100&dram_bytes=402653184&warp_insts=1000000000&clock_ghz=1.59&mem_bandwidth_gbs=3350",
    );
    assert!(notices.is_empty(), "{notices:?}");
    let e = (state.model.evaluate)(&state.params, state.device).unwrap();
    assert!(close(
        e.number(state.model, "time_s").unwrap(),
        1.1912e-3,
        1e-4
    ));
}

#[test]
fn the_bound_is_the_largest_ceiling_and_unknown_ceilings_are_left_out() {
    // 2 TFLOP of FP32 at 50 TFLOP/s: 40 ms, far above the rest.
    let mut i = Inputs {
        flops_fp32: 2e12,
        fp32_gflops: Some(50_000.0),
        ..reference()
    };
    let o = evaluate(&i);
    assert!(close(o.t_flop_s.unwrap(), 0.04, 1e-12));
    assert_eq!((o.time_s, o.limit), (o.t_flop_s.unwrap(), Limit::Flops));
    // Intensity 2e12 / 402,653,184 B; the roof at that intensity is the compute peak.
    assert!(close(o.intensity.unwrap(), 2e12 / 402_653_184.0, 1e-12));
    assert_eq!(o.attainable_gflops, Some(50_000.0));
    // FP16 work without an FP16 peak: left out, the bound stays a bound.
    i.flops_fp16 = Some(1e15);
    assert_eq!(evaluate(&i).time_s, o.time_s);
    // Below the ridge the roof is the memory slope: intensity × bandwidth.
    let low = Inputs {
        flops_fp32: 4e8,
        fp32_gflops: Some(50_000.0),
        ..reference()
    };
    let o = evaluate(&low);
    assert!(close(
        o.attainable_gflops.unwrap(),
        4e8 / 402_653_184.0 * 3350.0,
        1e-12
    ));
    // L2 traffic at its bandwidth, where both are known.
    let l2 = Inputs {
        l2_bytes: Some(1e12),
        l2_bandwidth_gbs: Some(10_000.0),
        ..reference()
    };
    let o = evaluate(&l2);
    assert_eq!((o.t_l2_s, o.limit), (Some(0.1), Limit::L2));
}

#[test]
fn the_device_gives_its_ceilings() {
    let h100 = devices::find("h100").unwrap();
    let d = |key| roofline::derived(h100, key).unwrap().value;
    // A 128-lane SM issues 4 warp instructions a cycle (as Hong & Kim's 0.25 issue cycles).
    assert_eq!(d("issue_per_sm_per_cycle"), 4.0);
    // 2 × 128 lanes × 132 SMs × the preset's clock; FP64 at 64 per SM per clock.
    let ghz = h100.clock_ghz.value;
    assert!(close(d("fp32_gflops"), 2.0 * 128.0 * 132.0 * ghz, 1e-12));
    assert!(close(d("fp64_gflops"), 2.0 * 64.0 * 132.0 * ghz, 1e-12));
    // The paper-era GTX 280 (1.3): one FP64 unit per SM; the 8800 GTX (1.0) has none.
    let gtx280 = devices::find("gtx280").unwrap();
    assert!(close(
        roofline::derived(gtx280, "fp64_gflops").unwrap().value,
        2.0 * 30.0 * gtx280.clock_ghz.value,
        1e-12
    ));
    assert!(roofline::derived(devices::find("8800gtx").unwrap(), "fp64_gflops").is_none());
}

/// On every real profile with counters (nvprof's trace joined with its metrics), each
/// kernel's bound is at most its measured time.
#[test]
fn on_real_profiles_the_bound_never_exceeds_the_measured_time() {
    use warpsight::analysis::profiler::{Profile, ProfileReader};
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
    let runs = [
        vec!["AndrewXu22__optimal_unified_memory__nsight_cfd_097K.csv"],
        vec![
            "leimingyu__magus__transpose_trace.csv",
            "leimingyu__magus__transpose_metrics.csv",
        ],
    ];
    let mut bounded = 0;
    for files in runs {
        let profile = Profile::join(files.iter().map(|f| read(f)).collect()).unwrap();
        let report = warpsight::measured::compare(&profile);
        for k in &report.kernels {
            let r = k
                .predictions
                .iter()
                .find(|p| p.model == "roofline")
                .unwrap();
            let (bound, measured) = (r.time_s.unwrap(), k.measured_s.unwrap());
            assert!(
                bound <= measured,
                "{}: bound {bound} > measured {measured}",
                k.name
            );
            // The ratio is bound ÷ measured, as the page shows it: at most 1 where it holds.
            assert!(r.ratio.unwrap() <= 1.0);
            bounded += 1;
        }
    }
    assert_eq!(bounded, 3 + 8);
}

#[test]
fn the_l1_level_by_hand() {
    // 34.36 GB through the L1 (sgemm_naive's 1,073,741,824 + 524,288 global sectors × 32 B)
    // at 128 B × 132 SMs × 1.59 GHz = 26,864.64 GB/s: 1.27962 ms, above the issue time.
    let i = Inputs {
        l1_bytes: Some((1_073_741_824.0 + 524_288.0) * 32.0),
        l1_bandwidth_gbs: Some(128.0 * 132.0 * 1.59),
        ..reference()
    };
    let o = evaluate(&i);
    assert!(close(o.t_l1_s.unwrap(), 1.27962e-3, 1e-5), "{:?}", o.t_l1_s);
    assert_eq!(o.limit, Limit::L1);
    assert_eq!(o.limit.word(), "l1");
    // The H100's derived L1 ceiling: 128 B per cycle per SM × 132 SMs × its clock.
    let h100 = devices::find("h100").unwrap();
    let l1 = roofline::derived(h100, "l1_bandwidth_gbs").unwrap().value;
    assert!(
        close(l1, 128.0 * 132.0 * h100.clock_ghz.value, 1e-12),
        "{l1}"
    );
    // GA100's L2: 5,120 B per cycle (the A100 whitepaper); a GPU without a cited figure has none.
    let a100 = devices::find("a100").unwrap();
    let l2 = roofline::derived(a100, "l2_bandwidth_gbs").unwrap().value;
    assert!(close(l2, 5120.0 * a100.clock_ghz.value, 1e-12), "{l2}");
    assert!(roofline::derived(devices::find("rtx3090").unwrap(), "l2_bandwidth_gbs").is_none());
}
