//! Hong & Kim reference values: the paper's Table 2 (unrounded and as printed), Table 6's
//! memory constants through the presets, the three regimes and input errors.

use warpsight::devices;
use warpsight::model::hong_kim::{self, evaluate, Inputs, MwpLimit, Regime};

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn table_2_unrounded() {
    let o = evaluate(&Inputs::TABLE_2).expect("Table 2 inputs are valid");
    assert_eq!(o.n, 20.0); // 128/32 × 5
    assert_eq!(o.departure_delay, 320.0); // 32 × 10
    assert_eq!(o.mem_l_uncoal, 730.0); // 420 + 31 × 10
    assert_eq!(o.mem_l, 730.0);
    assert_eq!(o.mwp_without_bw_full, 2.28125); // 730 / 320
    assert!(close(o.bw_per_warp, 128.0 / 730.0, 1e-15)); // 0.175 GB/s
    assert!(close(o.mwp_peak_bw, 80.0 / (128.0 / 730.0 * 16.0), 1e-9)); // 28.52 (paper 28.57 from 0.175)
    assert!(close(o.mwp_peak_bw, 28.52, 0.01));
    assert_eq!(o.mwp, 2.28125);
    assert_eq!(o.mwp_limited_by, MwpLimit::DepartureDelay);
    assert_eq!(o.comp_cycles, 132.0); // 4 × (27 + 6)
    assert_eq!(o.mem_cycles, 4380.0); // 730 × 6
    assert!(close(o.cwp_full, 4512.0 / 132.0, 1e-12)); // 34.18
    assert!(close(o.cwp_full, 34.18, 0.005));
    assert_eq!(o.cwp, 20.0);
    assert_eq!(o.rep, 1.0); // 80 / (16 × 5)
    assert_eq!(o.regime, Regime::MemoryBound); // CWP ≥ MWP → eq. 23
                                               // 4380 × 20/2.28125 + 132/6 × 1.28125 = 38400 + 28.1875
    assert_eq!(o.exec_cycles_app, 38428.1875);
    assert_eq!(o.synch_cost, 12300.0); // 320 × 1.28125 × 6 × 5 × 1
    assert_eq!(o.exec_cycles_with_synch, 50728.1875);
    assert!(close(o.time_s, 50728.1875e-9, 1e-18)); // 1 GHz
                                                    // eq. 25: 38428.1875 / (33 × 4 × 80/16)
    assert!(close(o.cpi, 38428.1875 / 660.0, 1e-12));
}

#[test]
fn table_2_as_printed_with_mwp_rounded_to_2_28() {
    // The paper rounds MWP to 2.28 and prints 38450, 12288 and 50738.
    let mwp = 2.28;
    let o = evaluate(&Inputs::TABLE_2).expect("valid");
    let (app, regime) = hong_kim::exec_cycles_app(
        mwp,
        o.cwp,
        o.n,
        o.mem_cycles,
        o.comp_cycles,
        o.mem_insts,
        o.mem_l,
        o.rep,
    );
    assert_eq!(regime, Regime::MemoryBound);
    assert!(close(app, 38450.0, 1.0), "eq. 23 with MWP 2.28 gives {app}");
    let synch = hong_kim::synch_cost(o.departure_delay, mwp, 6.0, 5.0, o.rep);
    assert!(
        close(synch, 12288.0, 1e-9),
        "eq. 26 with MWP 2.28 gives {synch}"
    );
    let total = hong_kim::exec_cycles_with_synch(app, synch);
    assert!(close(total, 50738.0, 1.0), "eq. 27 gives {total}");
}

#[test]
fn presets_carry_table_6() {
    for (id, ld, uncoal, coal) in [
        ("fx5600", 420.0, 10.0, 4.0),
        ("8800gtx", 420.0, 10.0, 4.0),
        ("8800gt", 420.0, 10.0, 4.0),
        ("gtx280", 450.0, 40.0, 4.0),
    ] {
        let d = devices::find(id).unwrap_or_else(|| panic!("{id} preset"));
        let c = |k: &str| d.constant(k).map(|c| c.value);
        assert_eq!(c("mem_ld"), Some(ld), "{id}");
        assert_eq!(c("departure_del_uncoal"), Some(uncoal), "{id}");
        assert_eq!(c("departure_del_coal"), Some(coal), "{id}");
    }
}

#[test]
fn table_2_kernel_on_gtx280() {
    // GTX280 (Table 3: 30 SMs, 1.3 GHz, 141.7 GB/s; Table 6: 450, 40, 4), 5 blocks on 16 SMs
    // held as in Table 2. By hand: Mem_L = 450 + 31 × 40 = 1690; Departure_delay = 1280;
    // MWP = 1690/1280 = 1.3203125; eq. 23: 6 × 1690 × 20 / 1.3203125 + 22 × 0.3203125.
    let d = devices::find("gtx280").expect("gtx280");
    let c = |k: &str| d.constant(k).expect(k).value;
    let mut i = Inputs::TABLE_2;
    i.freq_ghz = d.clock_ghz.value;
    i.mem_bandwidth_gbs = d.mem_bandwidth_gbs.value;
    i.mem_ld = c("mem_ld");
    i.departure_del_uncoal = c("departure_del_uncoal");
    i.departure_del_coal = c("departure_del_coal");
    let o = evaluate(&i).expect("valid");
    assert_eq!(o.mem_l, 1690.0);
    assert_eq!(o.departure_delay, 1280.0);
    assert_eq!(o.mwp, 1.3203125);
    let app = 10140.0 * 20.0 / 1.3203125 + 22.0 * 0.3203125;
    assert!(close(o.exec_cycles_app, app, 1e-9));
    let synch = 1280.0 * 0.3203125 * 6.0 * 5.0;
    assert!(close(o.exec_cycles_with_synch, app + synch, 1e-9));
    assert!(close(o.time_s, (app + synch) / 1.3e9, 1e-15));
}

#[test]
fn eq_22_when_warps_are_few() {
    // One 32-thread block per SM: N = 1, so MWP = CWP = N = 1 → eq. 22:
    // Mem_cycles + Comp_cycles + Comp_p × 0 = 4380 + 132.
    let mut i = Inputs::TABLE_2;
    i.threads_per_block = 32.0;
    i.active_blocks_per_sm = 1.0;
    i.blocks = 16.0;
    i.synch_insts = 0.0;
    let o = evaluate(&i).expect("valid");
    assert_eq!(o.n, 1.0);
    assert_eq!(o.regime, Regime::NotEnoughWarps);
    assert_eq!(o.mwp_limited_by, MwpLimit::Warps);
    assert_eq!(o.exec_cycles_app, 4512.0);
    assert_eq!(o.exec_cycles_with_synch, 4512.0);
}

#[test]
fn eq_24_when_computation_dominates() {
    // Coalesced loads and heavy computation: Mem_L = 420, Departure_delay = 4,
    // MWP_without_BW = min(105, 20) = 20; bandwidth: 80/(1 × 128/420 × 16) = 16.40625.
    // Comp_cycles = 4 × 2001 = 8004 > Mem_cycles = 420, CWP_full = 8424/8004 = 1.052… < MWP.
    // Printed order: CWP < MWP but Comp_cycles > Mem_cycles → eq. 23 applies, not 24.
    let mut i = Inputs::TABLE_2;
    i.uncoal_mem_insts = 0.0;
    i.coal_mem_insts = 1.0;
    i.comp_insts = 2000.0;
    i.synch_insts = 0.0;
    let o = evaluate(&i).expect("valid");
    assert_eq!(o.mwp, 16.40625);
    assert_eq!(o.mwp_limited_by, MwpLimit::Bandwidth);
    assert_eq!(o.regime, Regime::MemoryBound);
    // eq. 23: 420 × 20 / 16.40625 + 8004 × 15.40625
    assert!(close(
        o.exec_cycles_app,
        420.0 * 20.0 / 16.40625 + 8004.0 * 15.40625,
        1e-6
    ));

    // MWP > CWP with Comp_cycles ≤ Mem_cycles reaches eq. 24: a coalesced load per 50
    // computation instructions on a 420-cycle memory: Comp_cycles = 4 × 56 = 224 ≤
    // Mem_cycles = 6 × 420 = 2520; CWP_full = 2744/224 = 12.25; MWP = 16.40625 > CWP.
    let mut i = Inputs::TABLE_2;
    i.uncoal_mem_insts = 0.0;
    i.coal_mem_insts = 6.0;
    i.comp_insts = 50.0;
    i.synch_insts = 0.0;
    let o = evaluate(&i).expect("valid");
    assert_eq!(o.cwp, 12.25);
    assert_eq!(o.mwp, 16.40625);
    assert_eq!(o.regime, Regime::ComputeBound);
    assert_eq!(o.exec_cycles_app, 420.0 + 224.0 * 20.0); // eq. 24, #Rep = 1
}

#[test]
fn invalid_inputs_name_the_field_and_range() {
    let mut i = Inputs::TABLE_2;
    i.threads_per_block = 0.0;
    let e = evaluate(&i).unwrap_err();
    assert_eq!(e.field, "threads_per_block");
    assert_eq!(e.message, "must be a whole number from 1 to 2,048");

    let mut i = Inputs::TABLE_2;
    i.freq_ghz = f64::NAN;
    assert_eq!(evaluate(&i).unwrap_err().field, "freq_ghz");

    let mut i = Inputs::TABLE_2;
    i.uncoal_mem_insts = 0.0;
    i.coal_mem_insts = 0.0;
    let e = evaluate(&i).unwrap_err();
    assert_eq!(e.field, "uncoal_mem_insts");
    assert!(e.message.contains("at least 1"));

    let mut i = Inputs::TABLE_2;
    i.blocks = 2.5;
    assert_eq!(evaluate(&i).unwrap_err().field, "blocks");
}

#[test]
fn partial_warps_round_up() {
    let mut i = Inputs::TABLE_2;
    i.threads_per_block = 100.0; // 3.125 warps → 4
    let o = evaluate(&i).expect("valid");
    assert_eq!(o.warps_per_block, 4.0);
    assert_eq!(o.n, 20.0);
    assert!(o.notes().iter().any(|n| n.id == "partial-warps"));
    let o = evaluate(&Inputs::TABLE_2).expect("valid");
    assert!(!o.notes().iter().any(|n| n.id == "partial-warps"));
}

#[test]
fn mwp_below_one_hides_nothing() {
    // 1 GB/s shared by 16 SMs: BW_per_warp = 128/730 GB/s, MWP_peak_BW = 1/(0.17534 × 16)
    // = 730/2048 = 0.3564453125. Eq. 23 keeps N/MWP; the (MWP − 1) terms become 0.
    let mut i = Inputs::TABLE_2;
    i.mem_bandwidth_gbs = 1.0;
    let o = evaluate(&i).expect("valid");
    assert_eq!(o.mwp, 730.0 / 2048.0);
    assert_eq!(o.mwp_limited_by, MwpLimit::Bandwidth);
    assert_eq!(o.exec_cycles_app, 4380.0 * 20.0 / (730.0 / 2048.0));
    assert_eq!(o.synch_cost, 0.0);
    assert!(o.notes().iter().any(|n| n.id == "mwp-below-one"));
}

#[test]
fn names_and_values_line_up() {
    // get/set and the value arrays follow FIELDS / OUTPUTS order: each name reads back what
    // was written under it, and each output name reads the struct field of that name.
    let mut i = Inputs::TABLE_2;
    for (k, spec) in hong_kim::FIELDS[..17].iter().enumerate() {
        assert!(i.set(spec.name, 1000.0 + k as f64));
    }
    for (k, spec) in hong_kim::FIELDS[..17].iter().enumerate() {
        assert_eq!(i.get(spec.name), Some(1000.0 + k as f64), "{}", spec.name);
    }
    assert_eq!(i.threads_per_warp, 1000.0);
    assert_eq!(i.load_bytes_per_warp, 1016.0);
    // The sweep's index-based setter writes the field of that position, and clears auto.
    for (k, spec) in hong_kim::FIELDS
        .iter()
        .enumerate()
        .filter(|(_, f)| f.sweepable)
    {
        let mut s = default_setup();
        s.set_index(k, 3.0);
        assert_eq!(
            s.get(spec.name),
            Some(warpsight::model::Value::Num(3.0)),
            "{}",
            spec.name
        );
    }
    let o = evaluate(&Inputs::TABLE_2).expect("valid");
    let json = serde_json::to_value(&o).expect("serializes");
    for (name, v) in o.numbers() {
        assert_eq!(json[name].as_f64(), Some(v), "{name}");
    }
    assert_eq!(json["regime"], 23);
    assert_eq!(json["mwp_limited_by"], "departure_delay");
}

#[test]
fn paper_examples_predict_on_their_gpus() {
    use warpsight::model::{Params, Value};
    let setup = |device: &'static devices::Device, id: &str| {
        let ex = hong_kim::MODEL.example(id).expect("example");
        let mut p = Params::defaults(&hong_kim::MODEL, device);
        for &(name, text) in ex.values {
            let v = hong_kim::field(name).expect(name).parse(text).expect(text);
            assert!(p.set(name, v), "{}: {name}", ex.id);
        }
        hong_kim::Setup::from_params(&p, device).expect("valid")
    };
    // Every Table 5 kernel runs on the FX5600 and the GTX280 (the GPUs of Figs. 15–16).
    for id in ["fx5600", "gtx280"] {
        let device = devices::find(id).expect("preset");
        for ex in hong_kim::EXAMPLES {
            let p = hong_kim::predict(&setup(device, ex.id))
                .unwrap_or_else(|e| panic!("{} on {id}: {e}", ex.id));
            assert!(p.outputs.time_s > 0.0, "{}", ex.id);
        }
    }
    // SVM is the only coalesced kernel: on the FX5600 its MWP is the highest (§5.2).
    let device = devices::find("fx5600").expect("fx5600");
    let mwp = |id: &str| {
        hong_kim::predict(&setup(device, id))
            .expect("predicts")
            .outputs
            .mwp
    };
    for other in ["sepia", "linear", "mat-naive", "blackscholes"] {
        assert!(mwp("svm") > mwp(other), "svm vs {other}");
    }
    // Blocks = ⌈elements / 128⌉: Sepia 49,000,000 → 382,813; BlackScholes 9,000,000 → 70,313.
    let blocks = |id: &str| {
        let ex = hong_kim::MODEL.example(id).expect(id);
        ex.values
            .iter()
            .find(|(n, _)| *n == "blocks")
            .map(|(_, t)| t.parse::<u64>().unwrap_or(0))
    };
    assert_eq!(blocks("sepia"), Some(49_000_000u64.div_ceil(128)));
    assert_eq!(blocks("linear"), Some(100_000_000u64.div_ceil(128)));
    assert_eq!(blocks("svm"), Some((736u64 * 992).div_ceil(128)));
    assert_eq!(blocks("mat-naive"), Some(4_000_000u64.div_ceil(128)));
    assert_eq!(blocks("blackscholes"), Some(9_000_000u64.div_ceil(128)));
    let _ = Value::Auto;
}

/// The sweep's fast path (occupancy once, only the swept field re-checked) gives exactly what
/// a full prediction gives at every point, errors included.
#[test]
fn the_sweep_agrees_with_full_predictions() {
    use warpsight::model::Sweep;
    for device in ["hk-example", "gtx280", "h100"] {
        let d = devices::find(device).expect("preset");
        let base = default_setup().with_device(d);
        for (f, log) in hong_kim::MODEL
            .sweepable()
            .flat_map(|f| [(f, false), (f, true)])
        {
            let (min, max, _) = f.range().expect("numbers");
            let spec = Sweep {
                points: 40,
                log,
                ..Sweep::new(f.name, min.max(1.0), max.min(min + 5000.0))
            };
            let total = base.inputs.blocks * base.inputs.threads_per_block;
            let points = hong_kim::sweep(&base, &spec);
            assert!(points.len() >= 2, "{}", f.name);
            for p in points {
                let mut s = base;
                s.set_num(f.name, p.x);
                if hong_kim::fixed_work(f.name) {
                    s.inputs.blocks = (total / p.x).ceil().max(1.0);
                }
                let full = hong_kim::predict(&s);
                let at = format!("{device}: {} = {}", f.name, p.x);
                assert_eq!(p.time_s, full.clone().map(|r| r.outputs.time_s), "{at}");
                if let Ok(r) = full {
                    assert_eq!(p.regime, Some(r.outputs.regime), "{at}");
                    assert_eq!(
                        (p.mwp, p.cwp, p.active_blocks_per_sm, p.rep),
                        (
                            r.outputs.mwp_mlp,
                            r.outputs.cwp,
                            r.inputs.active_blocks_per_sm,
                            r.outputs.rep
                        ),
                        "{at}"
                    );
                } else {
                    assert_eq!(p.regime, None, "{at}");
                }
            }
        }
    }
}

/// The launch's device settings: a carveout the CC has, partitioned global caching where it
/// exists; user-set active blocks and SMs never exceed the hardware.
#[test]
fn occupancy_settings_and_hardware_limits() {
    use warpsight::link::from_query;
    let setup = |q: &str| {
        let (s, n) = from_query(q);
        assert!(n.is_empty(), "{q}: {n:?}");
        hong_kim::Setup::from_params(&s.params, s.device).expect("valid")
    };
    // A100, 20 KB per block: the largest carveout (164 KB) holds 7; 64 KB holds 3.
    let q = "device=a100&threads_per_block=128&shared_mem_per_block=20480&blocks=100000";
    let p = hong_kim::predict(&setup(q)).expect("predicts");
    assert_eq!(
        p.occupancy
            .map(|o| (o.active_blocks_per_sm, o.shared_mem_per_sm)),
        Some((7, 164 * 1024))
    );
    let p = hong_kim::predict(&setup(&format!("{q}&shared_mem_per_sm_kb=64"))).expect("predicts");
    assert_eq!(p.occupancy.map(|o| o.active_blocks_per_sm), Some(3));
    // A size the CC does not have: the link falls back to auto, saying which sizes exist.
    let (s, n) = from_query(&format!("{q}&shared_mem_per_sm_kb=50"));
    assert_eq!(
        n[0].message,
        "must be one of 0, 8, 16, 32, 64, 100, 132, 164 KB on compute capability 8.0, or auto"
    );
    assert_eq!(
        s.params.get("shared_mem_per_sm_kb"),
        Some(&warpsight::model::Value::Auto)
    );
    // Hong & Kim's threads_per_warp does not change the hardware's warps: occupancy stays ≤ 100 %.
    let p = hong_kim::predict(&setup("threads_per_warp=1")).expect("predicts");
    let summary = p.occupancy_summary().unwrap_or_default();
    assert!(
        summary
            .starts_with("5 active blocks per SM: 20 of the SM's 24 warp slots (83.3% occupancy)"),
        "{summary}"
    );
    // More active blocks than the SM holds, or more SMs than the device has: errors.
    let (_, n) = from_query("active_blocks_per_sm=64");
    assert_eq!(n[0].key, "active_blocks_per_sm");
    assert!(
        n[0].message
            .starts_with("must be a whole number from 1 to 5: the SM holds at most 5"),
        "{}",
        n[0].message
    );
    let (_, n) = from_query("device=gtx280&active_sms=31");
    assert_eq!(
        n[0].to_string(),
        "active_sms: must be a whole number from 1 to 30: the GeForce GTX 280 has 30 SMs"
    );
    assert!(hong_kim::predict(&setup("active_blocks_per_sm=5&active_sms=16")).is_ok());
}

/// Sweep spacing: up to 1,000 points, evenly or in log scale; threads per block in whole warps.
#[test]
fn sweep_points_linear_and_log() {
    use warpsight::model::Sweep;
    let spec = |field, from, to, points, log| Sweep {
        points,
        log,
        ..Sweep::new(field, from, to)
    };
    assert_eq!(
        hong_kim::sweep_xs(&spec("comp_insts", 1.0, 1000.0, 4, true), 32.0),
        [1.0, 10.0, 100.0, 1000.0]
    );
    assert_eq!(
        hong_kim::sweep_xs(&spec("threads_per_block", 32.0, 512.0, 5, true), 32.0),
        [32.0, 64.0, 128.0, 256.0, 512.0]
    );
    // Warp multiples: 32…2048 in 1,000 log points has only 64 distinct multiples of 32.
    let xs = hong_kim::sweep_xs(&spec("threads_per_block", 32.0, 2048.0, 1000, true), 32.0);
    assert_eq!(xs.len(), 64);
    assert!(xs.iter().all(|x| x % 32.0 == 0.0));
    let xs = hong_kim::sweep_xs(&spec("comp_insts", 1.0, 10_000.0, 1000, false), 32.0);
    assert_eq!((xs.len(), xs[0], xs[999]), (1000, 1.0, 10_000.0));
    // More than 1,000 points are not drawn; a log scale needs a positive start.
    assert_eq!(
        hong_kim::sweep_xs(&spec("comp_insts", 1.0, 1e6, 5000, false), 32.0).len(),
        1000
    );
    assert!(hong_kim::sweep_xs(&spec("comp_insts", 0.0, 10.0, 10, true), 32.0).is_empty());
}

/// The sweep's marks: on the default kernel, comp_insts 1–1,000 changes regime once, from
/// eq. 23 to eq. 24, where a full prediction says so on either side.
#[test]
fn sweep_changes_mark_the_regime_change() {
    use warpsight::model::Sweep;
    let setup = default_setup();
    let spec = Sweep {
        points: 1000,
        ..Sweep::new("comp_insts", 1.0, 1000.0)
    };
    let points = hong_kim::sweep(&setup, &spec);
    let changes = hong_kim::sweep_changes(&points, 60);
    assert_eq!(changes.len(), 1, "{changes:?}");
    let (x, text) = &changes[0];
    let regime = |v: f64| {
        let mut s = setup;
        s.set_num("comp_insts", v);
        hong_kim::predict(&s)
            .expect("predicts")
            .outputs
            .regime
            .equation()
    };
    assert_eq!((regime(x - 1.0), regime(*x)), (23, 24));
    assert!(
        text.starts_with(&format!(
            "{} → {}: regime changes from eq. 23 (memory-bound) to eq. 24 (compute-bound): MWP ",
            x - 1.0,
            x
        )),
        "{text}"
    );
    assert!(hong_kim::sweep_changes(&points, 0).is_empty());
}

/// The every-device table (`across_devices`, the page's comparison) for the issue's vector
/// add of 16 M floats: one GPU per generation, each newer one with more bandwidth faster; the
/// H100 is memory-bound with 0.25 issue cycles (it was "compute-bound" at the paper's 4).
#[test]
fn every_device_table_streams_faster_on_newer_generations() {
    use warpsight::link::from_query;
    let (s, notices) = from_query("?device=h100&threads_per_block=256&blocks=65536&comp_insts=15&uncoal_mem_insts=0&coal_mem_insts=3&synch_insts=0&registers_per_thread=16&shared_mem_per_block=0");
    assert!(notices.is_empty());
    let setup = hong_kim::Setup::from_params(&s.params, s.device).expect("valid");
    let all = hong_kim::across_devices(&setup);
    let t = |id: &str| {
        all.iter()
            .find(|(d, _)| d.id == id)
            .and_then(|(_, p)| p.as_ref().ok())
            .map(|p| p.outputs.time_s)
            .expect(id)
    };
    for pair in ["gtx280", "c2050", "k20x", "v100", "a100", "h100", "b200"].windows(2) {
        assert!(t(pair[1]) < t(pair[0]), "{} vs {}", pair[0], pair[1]);
    }
    assert!(t("k20m") < t("8800gt"));
    let h100 = hong_kim::predict(&setup).expect("valid");
    assert_eq!(h100.inputs.issue_cycles, 0.25);
    assert_ne!(h100.outputs.regime, Regime::ComputeBound);
    // 201 MB: within 10 % of its time at the H100's ~3.0 TB/s sustained bandwidth.
    assert!(
        close(h100.outputs.time_s, 66.9e-6, 6.7e-6),
        "{}",
        h100.outputs.time_s
    );
}

// ---------------------------------------------------------------------------------------------
// Memory-level parallelism (docs/models.md, "MLP")
// ---------------------------------------------------------------------------------------------

/// The issue's vector add of 16 M floats (`model=hong-kim&threads_per_block=256&blocks=65536&
/// comp_insts=15&coal_mem_insts=3&…`): 256 threads per block, 15 computation and 3 coalesced
/// memory instructions per thread, 16 registers.
fn vector_add(device: &str, mlp: f64) -> hong_kim::Prediction {
    let mut s = vector_add_setup(device, 65536.0);
    assert!(s.set_num("mlp", mlp));
    hong_kim::predict(&s).expect("valid")
}

/// The vector add's kernel on a preset, with `blocks` blocks (MLP 1).
fn vector_add_setup(device: &str, blocks: f64) -> hong_kim::Setup {
    let d = devices::find(device).expect("preset");
    let mut s = default_setup().with_device(d);
    for (k, v) in [
        ("threads_per_block", 256.0),
        ("blocks", blocks),
        ("comp_insts", 15.0),
        ("uncoal_mem_insts", 0.0),
        ("coal_mem_insts", 3.0),
        ("synch_insts", 0.0),
        ("registers_per_thread", 16.0),
        ("shared_mem_per_block", 0.0),
        ("load_bytes_per_warp", 128.0),
    ] {
        assert!(s.set_num(k, v), "{k}");
    }
    s
}

/// MLP = 1 is the paper's model: every new output equals the paper's quantity, and Table 2
/// still gives 50,728.19 cycles.
#[test]
fn mlp_one_is_the_paper() {
    let o = evaluate(&Inputs::TABLE_2).expect("valid");
    assert_eq!(Inputs::TABLE_2.mlp, 1.0);
    assert_eq!((o.itmlp, o.mwp_mlp), (o.mwp, o.mwp));
    assert_eq!(o.mem_cycles_mlp, o.mem_cycles);
    assert!(close(o.exec_cycles_with_synch, 50_728.19, 0.005));
    // JSON without the key means 1.
    let mut json = serde_json::to_value(Inputs::TABLE_2).expect("json");
    json.as_object_mut().expect("object").remove("mlp");
    let back: Inputs = serde_json::from_value(json).expect("reads without mlp");
    assert_eq!(back, Inputs::TABLE_2);
}

/// By hand, the H100 (SXM5 preset: 1.98 GHz, 3,350 GB/s, Mem_LD 743, Departure_del_coal
/// 11.11, Issue_cycles 0.25, 132 SMs, 8 active blocks of 8 warps: N = 64) at MLP 2: the 128
/// requests the warps could have in flight are held to the 66.88 the departure delay lets out
/// in one Mem_L (the bandwidth would allow 74.40).
#[test]
fn mlp_two_on_the_h100_by_hand() {
    let p = vector_add("h100", 2.0);
    let o = &p.outputs;
    assert_eq!((o.n, o.mwp), (64.0, 64.0)); // MWP_Without_BW_full 743 / 11.11 = 66.88 > N
    let bw_per_warp = 1.98 * 128.0 / 743.0; // eq. 7, 0.3411 GB/s
    let peak = 3350.0 / (bw_per_warp * 132.0); // eq. 6, 74.40 warps
    assert!(close(o.mwp_peak_bw, peak, 1e-9));
    let departure = 743.0 / 11.11; // eq. 16, 66.88 requests
    assert!(close(o.itmlp, departure, 1e-9)); // min(66.88, 74.40, 2 × 64)
    assert!(close(o.mwp_mlp, departure / 2.0, 1e-9)); // 33.44 warps
    assert_eq!(o.mwp_limited_by, MwpLimit::DepartureDelay);
    assert_eq!(o.mem_cycles_mlp, 3.0 * 743.0 / 2.0); // 1,114.5
    assert_eq!(o.cwp, 64.0); // (1114.5 + 4.5) / 4.5 = 248.7, capped at N
    assert_eq!(o.regime, Regime::MemoryBound);
    // Eq. 23 with MWP_MLP: Mem_cycles/MLP × N / MWP_MLP + Comp_cycles / (#Mem_insts/MLP) ×
    // (MWP_MLP − 1), times #Rep = 65,536 / (8 × 132).
    let per_rep = 1114.5 * 64.0 / (departure / 2.0) + 4.5 / 1.5 * (departure / 2.0 - 1.0);
    let cycles = per_rep * 65536.0 / (8.0 * 132.0);
    assert!(close(o.exec_cycles_app, cycles, 1e-6));
    assert!(close(o.time_s, cycles / 1.98e9, 1e-15));
    assert!(close(o.time_s * 1e6, 69.91, 0.005));
    // The memory term is the 3 × 64 memory warps leaving one Departure_delay apart, whatever
    // the latency: 3 × 64 × 11.11 = 2,133.12 cycles.
    assert!(close(1114.5 * 64.0 / o.mwp_mlp, 3.0 * 64.0 * 11.11, 1e-9));
}

/// Latency-bound (eq. 22, one block per SM): MLP 2 halves the memory wait.
#[test]
fn mlp_halves_a_latency_bound_wait() {
    let mut s = vector_add_setup("h100", 132.0);
    let one = hong_kim::predict(&s).expect("valid").outputs;
    s.set_num("mlp", 2.0);
    let two = hong_kim::predict(&s).expect("valid").outputs;
    assert_eq!((one.n, one.regime), (8.0, Regime::NotEnoughWarps));
    assert_eq!((two.mwp_mlp, two.itmlp), (8.0, 16.0));
    assert_eq!(two.regime, Regime::NotEnoughWarps);
    // Eq. 22: Mem_cycles/MLP + Comp_cycles + Comp_cycles/(#Mem_insts/MLP) × (MWP − 1).
    assert!(close(one.exec_cycles_app, 2229.0 + 4.5 + 1.5 * 7.0, 1e-9)); // 2,244
    assert!(close(two.exec_cycles_app, 1114.5 + 4.5 + 3.0 * 7.0, 1e-9)); // 1,140
}

/// The issue's vector add: at MLP 1 the H100, H200 and B200 sit in eq. 22 and the H100 and
/// H200 tie; at MLP 2 the H100 is memory-bound within ±30 % of the measured ~68 µs, and the
/// H200 and B200 are faster in bandwidth order.
#[test]
fn vector_add_on_the_modern_presets() {
    let t = |d: &str, mlp: f64| vector_add(d, mlp).outputs.time_s * 1e6;
    assert_eq!(
        vector_add("h100", 1.0).outputs.regime,
        Regime::NotEnoughWarps
    );
    assert!(close(t("h100", 1.0), t("h200", 1.0), 1e-9));
    let h100 = vector_add("h100", 2.0);
    assert_eq!(h100.outputs.regime, Regime::MemoryBound);
    assert!((68.0 * 0.7..=68.0 * 1.3).contains(&t("h100", 2.0)));
    let (h200, b200) = (t("h200", 2.0), t("b200", 2.0));
    assert!(close(h200, 60.59, 0.01), "{h200}");
    assert!(close(b200, 39.00, 0.01), "{b200}");
    assert!(b200 < h200 && h200 < t("h100", 2.0));
}

/// A streaming kernel at MLP 2 on every GPU preset: a GPU with more bandwidth is never
/// slower. The paper's example machine (hk-example, 1 GHz) is left out: it is not a GPU, and
/// its slow clock makes eq. 23's (MWP − 1) computation term cost more than the FX 5600's,
/// 4 % less bandwidth at 1.35 GHz.
#[test]
fn a_streaming_kernel_is_in_bandwidth_order() {
    let mut rows: Vec<(f64, f64, &str)> = devices::DEVICES
        .iter()
        .filter(|d| d.compute_capability.is_some() && d.id != "hk-example")
        .map(|d| {
            let p = vector_add(d.id, 2.0);
            (p.inputs.mem_bandwidth_gbs, p.outputs.time_s, d.id)
        })
        .collect();
    assert!(rows.len() >= 20);
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for w in rows.windows(2) {
        let ((bw_a, t_a, a), (bw_b, t_b, b)) = (w[0], w[1]);
        if bw_a > bw_b {
            assert!(
                t_a <= t_b,
                "{a} ({bw_a} GB/s) {t_a} s > {b} ({bw_b} GB/s) {t_b} s"
            );
        }
    }
}

/// MLP above #Mem_insts is an error on `mlp` naming its range; the what-if offers more loads in
/// flight.
#[test]
fn mlp_range_and_what_if() {
    let mut inp = Inputs::TABLE_2;
    inp.mlp = 7.0; // 6 memory instructions
    let e = evaluate(&inp).expect_err("too many in flight");
    assert_eq!(e.field, "mlp");
    assert!(
        e.message.contains("from 1 to #Mem_insts (6)"),
        "{}",
        e.message
    );
    let s = vector_add_setup("h100", 65536.0);
    let ifs = hong_kim::what_ifs(&s);
    let w = ifs
        .iter()
        .find(|w| w.change.contains("loads in flight"))
        .expect("an MLP what-if");
    assert_eq!(w.change, "each warp had 2 loads in flight (mlp 1 → 2)");
    assert!(close(w.time_s * 1e6, 69.91, 0.005));
}

/// The default setup: the paper's Table 2 on the paper's example machine, as the page opens.
fn default_setup() -> hong_kim::Setup {
    let d = warpsight::devices::find(hong_kim::MODEL.default_device).expect("the default device");
    hong_kim::Setup::from_params(&warpsight::model::Params::defaults(&hong_kim::MODEL, d), d)
        .expect("the defaults are valid")
}

/// An MLP above the memory instructions (a PTX's 1.5 loads in flight against a profile's one
/// request per warp) is read as every request in flight, said in the derivations, and the
/// prediction stands: the same as MLP = #Mem_insts.
#[test]
fn an_mlp_above_the_memory_instructions_is_capped_and_said() {
    let run = |mlp: &str| {
        let (state, notices) = warpsight::link::from_query(&format!(
            "model=hong-kim&device=gtx280&comp_insts=40&coal_mem_insts=1&uncoal_mem_insts=0&synch_insts=0&mlp={mlp}"
        ));
        assert!(notices.is_empty(), "{notices:?}");
        (state.model.evaluate)(&state.params, state.device).expect("a prediction")
    };
    let capped = run("1.5");
    let one = run("1");
    assert_eq!(capped.outputs, one.outputs);
    let how = capped
        .derived
        .iter()
        .find(|(n, _)| *n == "mlp")
        .map(|(_, h)| h.as_str())
        .unwrap();
    assert!(how.starts_with("#Mem_insts: the MLP given (1.5)"), "{how}");
    assert!(one.derived.iter().all(|(n, _)| *n != "mlp"));
}
