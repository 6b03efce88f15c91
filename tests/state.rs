//! Share-state round trips: query → state → query is the identity on what it states, links
//! restore the same prediction, and bad links fall back field by field with a notice.

use proptest::prelude::*;
use warpsight::devices;
use warpsight::model::scenario::{self, Setup, SweepSpec, Value};
use warpsight::state::{
    from_query, query_part, setup_from_fields, sweep_from_fields, to_query, ShareState,
};

#[test]
fn default_link_round_trips_and_reproduces_table_2() {
    let state = ShareState::default();
    let q = to_query(&state);
    assert!(
        q.starts_with("v=1&model=hong-kim&device=hk-example&"),
        "{q}"
    );
    let (back, notices) = from_query(&q);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(back, state);
    let p = scenario::predict(&back.setup).expect("default predicts");
    assert_eq!(p.outputs.exec_cycles_with_synch, 50728.1875);
    assert_eq!(p.inputs.active_blocks_per_sm, 5.0); // occupancy on CC 1.0, 12 registers
    assert_eq!(p.inputs.active_sms, 16.0);
    assert_eq!(
        p.occupancy_summary().as_deref(),
        Some("5 active blocks per SM: 20 of the SM's 24 warp slots (83.3% occupancy), limited by registers per SM.")
    );
}

#[test]
fn a_small_grid_caps_active_blocks() {
    // GTX280: 30 SMs, occupancy allows 8 blocks of 4 warps (warp slots: 32/4), but 80 blocks
    // over 30 SMs give each SM at most ⌈80/30⌉ = 3.
    let (s, _) = from_query("device=gtx280");
    let p = scenario::predict(&s.setup).expect("predicts");
    assert_eq!(p.inputs.active_sms, 30.0);
    assert_eq!(p.inputs.active_blocks_per_sm, 3.0);
    assert_eq!(p.occupancy.map(|o| o.active_blocks_per_sm), Some(8));
    assert_eq!(p.outputs.n, 12.0);
    let summary = p.occupancy_summary().unwrap_or_default();
    assert!(summary.starts_with("3 active blocks per SM: 12 of the SM's 32 warp slots (37.5% occupancy): the grid's 80 blocks"), "{summary}");
}

#[test]
fn full_links_and_fragments_are_accepted() {
    let q = to_query(&ShareState::default());
    let link = format!("http://127.0.0.1:8080/some/path/?{q}#worked");
    assert_eq!(query_part(&link), q);
    assert_eq!(query_part(&format!("?{q}")), q);
    assert_eq!(query_part("https://example.org/"), "");
    let (a, _) = from_query(&link);
    assert_eq!(a, ShareState::default());
}

#[test]
fn a_device_sets_its_constants_and_keys_override_them() {
    let (s, n) = from_query("device=gtx280");
    assert!(n.is_empty());
    assert_eq!(s.setup.device.id, "gtx280");
    assert_eq!(s.setup.inputs.mem_ld, 450.0);
    assert_eq!(s.setup.inputs.departure_del_uncoal, 40.0);
    assert_eq!(s.setup.inputs.freq_ghz, 1.3);
    let (s, _) = from_query("mem_ld=500&device=gtx280");
    assert_eq!(
        s.setup.inputs.mem_ld, 500.0,
        "an explicit key wins over the device"
    );
}

#[test]
fn bad_values_fall_back_with_a_notice_and_keep_the_rest() {
    let (s, notices) = from_query(
        "threads_per_block=%3Cscript%3Ealert(1)%3C%2Fscript%3E&blocks=160&bogus=1&device=nope&comp_insts=-4",
    );
    assert_eq!(s.setup.inputs.blocks, 160.0, "valid keys still apply");
    assert_eq!(
        s.setup.inputs.threads_per_block, 128.0,
        "invalid falls back to default"
    );
    assert_eq!(s.setup.inputs.comp_insts, 27.0);
    let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["device", "threads_per_block", "bogus", "comp_insts"]);
    assert!(notices[1].message.contains("“<script>alert(1)</script>”"));
    assert!(notices[1]
        .message
        .contains("must be a whole number from 1 to 2,048"));
    assert!(notices[3].message.contains("must be a number from 0 to"));
}

#[test]
fn auto_fields_round_trip() {
    let (s, n) = from_query("active_blocks_per_sm=3&active_sms=auto");
    assert!(n.is_empty());
    assert_eq!(s.setup.get("active_blocks_per_sm"), Some(Value::Num(3.0)));
    assert_eq!(s.setup.get("active_sms"), Some(Value::Auto));
    let q = to_query(&s);
    assert!(q.contains("active_blocks_per_sm=3&"), "{q}");
    assert!(q.contains("active_sms=auto&"), "{q}");
    assert_eq!(from_query(&q).0, s);
}

#[test]
fn sweep_and_embed_round_trip() {
    let (s, n) = from_query("sweep=mem_ld&sweep_from=100&sweep_to=900&embed=1");
    assert!(n.is_empty());
    assert_eq!(
        s.sweep,
        SweepSpec {
            field: "mem_ld",
            from: 100.0,
            to: 900.0
        }
    );
    assert!(s.embed);
    assert_eq!(from_query(&to_query(&s)).0, s);
    let (s, n) = from_query("sweep=%3Cb%3E");
    assert_eq!(s.sweep, SweepSpec::default_spec());
    assert_eq!(n[0].key, "sweep");
}

#[test]
fn form_errors_name_every_bad_field() {
    let d = devices::find("fx5600").expect("fx5600");
    let texts = [
        ("threads_per_block", "abc"),
        ("blocks", "0"),
        ("active_sms", ""),
    ];
    let errs = setup_from_fields(d, |name| {
        texts.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    })
    .unwrap_err();
    let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["threads_per_block", "blocks"]); // empty auto field means auto
}

fn arb_setup() -> impl Strategy<Value = Setup> {
    let gpu_ids: Vec<&'static str> = devices::gpus().map(|d| d.id).collect();
    let n = scenario::fields().count();
    (
        proptest::sample::select(gpu_ids),
        proptest::collection::vec(0.0f64..1.0, n),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(id, unit, auto_sms, auto_blocks)| {
            let device = devices::find(id).expect("generated from the list");
            let mut s = Setup::for_device(device);
            for (spec, u) in scenario::fields().zip(unit) {
                // Spread over the valid range on a log scale where it spans decades.
                let v = if spec.min > 0.0 && spec.max / spec.min > 100.0 {
                    (spec.min.ln() + u * (spec.max.ln() - spec.min.ln())).exp()
                } else {
                    spec.min + u * (spec.max - spec.min)
                };
                let v = if spec.integer { v.round() } else { v };
                s.set(spec.name, Value::Num(v.clamp(spec.min, spec.max)));
            }
            if auto_sms {
                s.set("active_sms", Value::Auto);
            }
            if auto_blocks {
                s.set("active_blocks_per_sm", Value::Auto);
            }
            s
        })
}

proptest! {
    #[test]
    fn any_valid_state_round_trips(setup in arb_setup(), embed in any::<bool>()) {
        let state = ShareState { setup, sweep: SweepSpec::default_spec(), embed };
        let q = to_query(&state);
        let (back, notices) = from_query(&q);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        prop_assert_eq!(&back, &state);
        prop_assert_eq!(to_query(&back), q);
        // The same link gives the same prediction, to the last bit, or the same error.
        prop_assert_eq!(scenario::predict(&back.setup), scenario::predict(&state.setup));
    }

    #[test]
    fn predictions_are_finite_or_errors(setup in arb_setup()) {
        match scenario::predict(&setup) {
            Ok(p) => {
                for (name, v) in p.outputs.numbers() {
                    prop_assert!(v.is_finite(), "{} = {}", name, v);
                }
                let o = &p.outputs;
                prop_assert!(o.time_s > 0.0);
                // Eqs. 5 and 9 bound MWP and CWP by N; eq. 8 keeps CWP ≥ 1; eq. 26 ≥ 0.
                prop_assert!(o.mwp <= o.n && o.cwp <= o.n, "mwp {} cwp {} n {}", o.mwp, o.cwp, o.n);
                prop_assert!(o.cwp >= 1.0);
                prop_assert!(o.synch_cost >= 0.0);
                prop_assert!(o.exec_cycles_with_synch >= o.exec_cycles_app);
                prop_assert_eq!(o.regime.equation() == 22, o.mwp == o.n && o.cwp == o.n);
            }
            Err(e) => prop_assert!(scenario::field_spec(&e.field).is_some() || e.field == "compute_capability", "{}", e),
        }
    }

    #[test]
    fn garbage_queries_never_panic(q in "[a-z_=&%0-9<>\"'.-]{0,80}") {
        let (state, _) = from_query(&q);
        let _ = scenario::predict(&state.setup);
    }
}

#[test]
fn sweep_controls_name_the_bad_bound() {
    let ok = sweep_from_fields("mem_ld", "100", "900").expect("valid");
    assert_eq!((ok.field, ok.from, ok.to), ("mem_ld", 100.0, 900.0));
    let e = sweep_from_fields("threads_per_block", "32", "4096").unwrap_err();
    assert_eq!(
        e.to_string(),
        "sweep_to: must be a whole number from 1 to 2,048"
    );
    assert_eq!(
        sweep_from_fields("nope", "1", "2").unwrap_err().field,
        "sweep"
    );
}

#[test]
fn the_default_kernel_on_every_gpu() {
    let setup = Setup::default_setup();
    let all = scenario::across_devices(&setup);
    assert_eq!(all.len(), devices::gpus().count());
    for (d, result) in &all {
        let p = result.as_ref().unwrap_or_else(|e| panic!("{}: {e}", d.id));
        assert!(
            p.outputs.time_s > 0.0 && p.outputs.time_s.is_finite(),
            "{}",
            d.id
        );
        assert_eq!(p.inputs.freq_ghz, d.clock_ghz.value);
    }
    // On its own machine the kernel is the paper's Table 2.
    let own = all
        .iter()
        .find(|(d, _)| d.id == "hk-example")
        .map(|(_, r)| r.clone());
    assert_eq!(
        own.and_then(Result::ok)
            .map(|p| p.outputs.exec_cycles_with_synch),
        Some(50728.1875)
    );
}

#[test]
fn what_ifs_on_table_2() {
    // Coalescing the 6 loads: Mem_L = 420, Departure_delay = 4, MWP = min(105, 16.4, 20)
    // = 80/(128/420 × 16) = 16.40625 (bandwidth); CWP_full = (2520 + 132)/132 = 20.09 → 20;
    // eq. 23: 2520 × 20/16.40625 + 22 × 15.40625 = 3072 + 338.9375 = 3410.9375;
    // Synch_cost = 4 × 15.40625 × 6 × 5 = 1848.75 → 5259.6875 cycles.
    let w = scenario::what_ifs(&Setup::default_setup());
    let coalesced = w
        .iter()
        .find(|w| w.change.contains("coalesced"))
        .expect("listed");
    assert!(
        (coalesced.time_s - 5259.6875e-9).abs() < 1e-15,
        "{}",
        coalesced.time_s
    );
    // Dropping the synchronizations removes Synch_cost = 12300 of 50728.1875 cycles.
    let no_sync = w
        .iter()
        .find(|w| w.change.contains("syncthreads"))
        .expect("listed");
    assert!((no_sync.time_s - 38428.1875e-9).abs() < 1e-15);
    // Sorted by speedup; the bandwidth does not limit Table 2 (MWP is departure-limited),
    // so doubling it changes nothing and is left out.
    assert!(w.windows(2).all(|p| p[0].speedup >= p[1].speedup));
    assert!(!w.iter().any(|w| w.change.contains("bandwidth")));
}
