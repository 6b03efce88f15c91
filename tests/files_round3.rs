//! Real files, round 3 (issue 56): fixtures made from the tools' documented formats
//! (tests/fixtures/profiler/round3/) for the classes of file the last round could not read.

use warpsight::analysis::profiler::{self, Format, Profile};
use warpsight::measured::{compare, KernelReport};

fn read(name: &str) -> Profile {
    let path = format!(
        "{}/tests/fixtures/profiler/round3/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    profiler::read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn prediction<'a>(k: &'a KernelReport, model: &str) -> &'a warpsight::measured::PredictionReport {
    k.predictions.iter().find(|p| p.model == model).unwrap()
}

/// An ncu 2023 raw page that names the executed instructions `inst_executed` and prints no
/// duration: the instructions are read, the time is the elapsed cycles ÷ the clock (labelled
/// derived), and the L2's read sectors count.
#[test]
fn inst_executed_and_a_time_from_cycles() {
    let p = read("ncu_raw_rtx3090_2023.csv");
    assert_eq!(p.format, Format::NcuRaw);
    let k = &p.kernels[0];
    assert_eq!(k.invocations, 3);
    // 6,029,312 warp instructions over 65,536 warps.
    assert_eq!(k.metric("inst_executed"), Some(6_029_312.0));
    // The median of 400,120, 399,870 and 400,410 cycles at 1.70 cycles per ns.
    assert_eq!(k.measured_s(), Some(400_120.0 / 1.70e9));
    assert_eq!(k.metric("duration_from_cycles"), Some(1.0));
    // The reads' L2 sectors alone stand for the L2's (a bound may leave traffic out).
    assert_eq!(k.metric("l2_sectors"), Some(16_777_216.0));
    let r = compare(&p);
    let k = &r.kernels[0];
    assert_eq!(k.device.id, "rtx3090");
    assert_eq!(k.measured_how, Some("derived: cycles ÷ clock"));
    assert_eq!(k.counters.insts_per_warp, Some(92.0));
    // The roofline is complete and under the derived time; the models ask only for the
    // requests the file does not count.
    let roof = prediction(k, "roofline");
    assert!(roof.complete && roof.time_s.unwrap() <= k.measured_s.unwrap());
    // An L2-bound kernel on a GPU no source gives an L2 peak for (GA102): the profiler's own
    // peak (its sectors ÷ the duration ÷ their 62.31 % share) bounds it at that share.
    assert_eq!(roof.bound, "L2 bandwidth (roofline)");
    let ratio = roof.ratio.unwrap();
    assert!((ratio - 0.6231).abs() < 1e-3, "{ratio}");
    let peak = roof
        .inputs
        .iter()
        .find(|i| i.field == "l2_bandwidth_gbs")
        .unwrap();
    assert_eq!(peak.origin, warpsight::model::launch::Origin::Computed);
    assert!(
        peak.how.starts_with("Nsight Compute's own L2 peak"),
        "{}",
        peak.how
    );
    let hk = prediction(k, "hong-kim");
    let typed: Vec<&str> = hk
        .inputs
        .iter()
        .filter(|i| i.origin == warpsight::model::launch::Origin::Typed)
        .map(|i| i.field)
        .collect();
    assert_eq!(typed, ["coal_mem_insts", "uncoal_mem_insts"]);
    let html = warpsight::measured::html::report_html(&r, "run.csv");
    assert!(html.contains(r#"<span class="muted measured-how">derived: cycles ÷ clock</span>"#));
}

/// Nsight Compute 2019's `--metrics` log names no device and no compute capability: the SMs'
/// summed over their averaged cycles is the SM count (80), the elapsed cycles over the
/// duration the clock; the catalogue's GPUs with 80 SMs are the candidates, those nearest
/// that clock first (the V100s), and one picked gives the whole comparison.
#[test]
fn a_gpu_known_only_by_its_sm_count() {
    let p = read("ncu2019_metrics_v100.csv");
    let k = &p.kernels[0];
    assert_eq!(k.metric("sms"), Some(80.0));
    // 325,780 and 325,285 cycles over 252.544 and 252.160 µs: 1.29 GHz.
    let clock = k.metric("sm_clock_hz").unwrap();
    assert!((clock / 1e9 - 1.29).abs() < 0.001, "{clock}");
    let r = compare(&p);
    let k = &r.kernels[0];
    assert_eq!(k.device.how, "sms");
    assert_eq!(k.device.sms, Some(80));
    let names: Vec<&str> = k
        .device
        .candidates
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert!(names.len() > 5, "{names:?}");
    assert!(
        names[..6]
            .iter()
            .all(|n| n.contains("V100") || n.contains("PG50")),
        "{names:?}"
    );
    assert!(
        k.device.candidates.iter().any(|c| c.id == "v100"),
        "{names:?}"
    );
    let html = warpsight::measured::html::report_html(&r, "run.csv");
    assert!(html.contains(r#"id="measured-sms""#) && html.contains("<strong>80 SMs</strong>"));
    // Picked, the V100 gives every model: 2 loads and 1 store per warp counted.
    let v100 = warpsight::devices::find("v100").unwrap();
    let r = warpsight::measured::compare_on(&p, Some(v100));
    let k = &r.kernels[0];
    for model in ["hong-kim", "sim", "roofline"] {
        let pr = prediction(k, model);
        assert!(pr.complete && pr.ratio.is_some(), "{model}: {:?}", pr.error);
    }
    assert!(prediction(k, "roofline").time_s.unwrap() <= k.measured_s.unwrap());
}

/// nvprof on Kepler: a trace and a `--metrics` run that count transactions and their
/// efficiency but no requests. The requests are estimated (the bytes requested, 32 per
/// transaction × the efficiency, ÷ 128 per coalesced request), said so in the inputs they
/// fill, and Hong & Kim's and Sim et al.'s predictions are complete.
#[test]
fn transactions_and_efficiency_without_requests() {
    let p = Profile::join(vec![
        read("nvprof_trace_k20m.csv"),
        read("nvprof_metrics_k20m.csv"),
    ])
    .unwrap();
    let r = compare(&p);
    assert_eq!(r.kernels.len(), 2);
    for k in &r.kernels {
        assert_eq!(k.device.id, "k20m");
        for model in ["hong-kim", "sim", "luo-suda", "roofline"] {
            let pr = prediction(k, model);
            assert!(pr.complete && pr.ratio.is_some(), "{} {model}", k.name);
        }
        assert!(prediction(k, "roofline").time_s.unwrap() <= k.measured_s.unwrap());
    }
    // The gather: 1,179,648 load transactions at 22.22 % over 32,768 warps: 2 loads per warp
    // of 18 transactions each; its store, 1 of 4.
    let g = r
        .kernels
        .iter()
        .find(|k| k.name.starts_with("gather"))
        .unwrap();
    let loads = g.counters.loads.unwrap();
    assert!((loads.requests_per_warp - 2.0).abs() < 1e-3, "{loads:?}");
    assert!((loads.sectors_per_request - 18.0).abs() < 1e-2, "{loads:?}");
    let hk = prediction(g, "hong-kim");
    let estimate = |field: &str| hk.inputs.iter().find(|i| i.field == field).unwrap().clone();
    let uncoal = estimate("uncoal_mem_insts");
    assert_eq!(
        (uncoal.text.as_str(), uncoal.origin),
        ("2", warpsight::model::launch::Origin::Computed)
    );
    assert!(
        uncoal
            .how
            .starts_with("estimated, the file counting no requests"),
        "{}",
        uncoal.how
    );
    assert_eq!(estimate("coal_mem_insts").text, "1");
    let sim = prediction(g, "sim");
    let mem = sim.inputs.iter().find(|i| i.field == "mem_insts").unwrap();
    assert_eq!(mem.text, "3");
    assert!(mem.how.starts_with("estimated"), "{}", mem.how);
}

/// A raw page with no GPU at all (the device's number only, no capability) and one kernel
/// launched at three sizes: each size stays its own row with its own time; once a GPU is
/// named (`--device`, the page's picker) every model and the bound predict each.
#[test]
fn a_file_with_no_gpu_and_a_size_sweep() {
    let p = read("ncu_raw_no_gpu_sweep.csv");
    assert_eq!(p.kernels.len(), 3);
    let r = compare(&p);
    for k in &r.kernels {
        assert_eq!(k.device.how, "none");
        assert!(k.predictions.iter().all(|p| p.time_s.is_none()));
    }
    let h100 = warpsight::devices::find("h100").unwrap();
    let r = warpsight::measured::compare_on(&p, Some(h100));
    let grids: Vec<u64> = r.kernels.iter().map(|k| k.grid.unwrap()[0]).collect();
    assert_eq!(grids, [4096, 16384, 65536]);
    let times: Vec<f64> = r.kernels.iter().map(|k| k.measured_s.unwrap()).collect();
    assert_eq!(times, [11.81e-6, 34.62e-6, 126.40e-6]);
    for k in &r.kernels {
        for model in ["hong-kim", "sim", "luo-suda", "roofline"] {
            let pr = prediction(k, model);
            assert!(pr.complete && pr.ratio.is_some(), "{:?} {model}", k.grid);
        }
        assert!(prediction(k, "roofline").time_s.unwrap() <= k.measured_s.unwrap());
    }
}
