//! Tests every registered model gets, looping over the registry: its declarations are
//! consistent, its defaults and paper examples give finite outputs, every valid state
//! round-trips through a link exactly, and no link makes it panic.

use proptest::prelude::*;
use warpsight::devices;
use warpsight::link::{from_query, to_query, ShareState};
use warpsight::model::{Field, Kind, Model, Out, Params, Sweep, Value};
use warpsight::registry::MODELS;

#[test]
fn declarations_are_consistent() {
    let mut ids = Vec::new();
    for m in MODELS {
        assert!(!ids.contains(&m.id), "duplicate model id {}", m.id);
        ids.push(m.id);
        let mut names = Vec::new();
        for f in m.fields {
            assert!(
                !names.contains(&f.name),
                "{}: duplicate field {}",
                m.id,
                f.name
            );
            names.push(f.name);
            assert!(
                f.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{}: {} is not snake_case",
                m.id,
                f.name
            );
            assert!(!f.group.is_empty(), "{}: {} has no group", m.id, f.name);
            // The default is valid for its own field.
            f.check(&f.default.value())
                .unwrap_or_else(|e| panic!("{}: {e}", m.id));
            if let Kind::Number { min, max, .. } = f.kind {
                assert!(
                    min.is_finite() && max.is_finite() && min < max,
                    "{}: {}",
                    m.id,
                    f.name
                );
            }
        }
        for key in warpsight::link::LINK_KEYS {
            assert!(
                !names.contains(&key),
                "{}: field {key} collides with a link key",
                m.id
            );
        }
        for e in m.examples {
            for (name, text) in e.values {
                let f = m
                    .field(name)
                    .unwrap_or_else(|| panic!("{}/{}: {name}", m.id, e.id));
                f.parse(text)
                    .unwrap_or_else(|err| panic!("{}/{}: {err}", m.id, e.id));
            }
        }
        assert!(devices::find(m.default_device).is_some_and(|d| m.devices.accepts(d)));
    }
}

fn run(m: &'static Model, p: &Params, d: &'static devices::Device) -> warpsight::model::Evaluation {
    let mut e = (m.evaluate)(p, d).unwrap_or_else(|err| panic!("{} on {}: {err}", m.id, d.id));
    assert!(e.all_finite(), "{} on {}", m.id, d.id);
    let edit = e.clone();
    (m.complete)(p, d, &mut e);
    assert!(e.all_finite(), "{} on {}, completed", m.id, d.id);
    // Completing adds outputs computed on request and extras, and changes nothing else.
    for ((spec, before), after) in m.outputs.iter().zip(&edit.outputs).zip(&e.outputs) {
        if !spec.on_request {
            assert_eq!(before, after, "{}: {}", m.id, spec.name);
        } else {
            assert_eq!(
                before,
                &Out::pending(),
                "{}: {} computed per edit",
                m.id,
                spec.name
            );
        }
    }
    assert_eq!(e.outputs.len(), m.outputs.len(), "{}", m.id);
    assert_eq!(e.inputs.len(), m.fields.len(), "{}", m.id);
    for (spec, out) in m.outputs.iter().zip(&e.outputs) {
        assert!(
            out.fits(spec),
            "{}: {} has the wrong shape",
            m.id,
            spec.name
        );
    }
    for n in &e.notes {
        assert!(m.notes.contains(n), "{}: note {} not declared", m.id, n.id);
    }
    e
}

#[test]
fn defaults_and_examples_give_finite_outputs_on_every_device_they_take() {
    for m in MODELS {
        let s = ShareState::new(m);
        run(m, &s.params, s.device);
        for d in devices::DEVICES.iter().filter(|d| m.devices.accepts(d)) {
            run(m, &Params::defaults(m, d), d);
        }
        for e in m.examples {
            let d = e.device.and_then(devices::find).unwrap_or(s.device);
            let mut p = Params::defaults(m, d);
            for (name, text) in e.values {
                let f = m.field(name).expect("checked above");
                p.set(name, f.parse(text).expect("checked above"));
            }
            run(m, &p, d);
        }
    }
}

/// A random valid value of a field.
fn arb_value(f: &'static Field) -> BoxedStrategy<Value> {
    let value = match f.kind {
        Kind::Number { min, max, integer } => (0.0f64..=1.0)
            .prop_map(move |u| {
                // Spread over the range on a log scale where it spans decades.
                let v = if min > 0.0 && max / min > 100.0 {
                    (min.ln() + u * (max.ln() - min.ln())).exp()
                } else {
                    min + u * (max - min)
                };
                let v = if integer { v.round() } else { v };
                Value::Num(v.clamp(min, max))
            })
            .boxed(),
        Kind::Choice { options } => {
            prop::sample::select(options.iter().map(|o| o.id).collect::<Vec<_>>())
                .prop_map(Value::Word)
                .boxed()
        }
        Kind::Rows {
            columns, max_rows, ..
        } => {
            let row = columns
                .iter()
                .map(|c| {
                    let (lo, hi, int) = (c.min, c.max, c.integer);
                    (0.0f64..=1.0).prop_map(move |u| {
                        let v = lo + u * (hi - lo).min(1e4);
                        if int {
                            v.round()
                        } else {
                            v
                        }
                    })
                })
                .collect::<Vec<_>>();
            prop::collection::vec(row, 0..max_rows.min(4) + 1)
                .prop_map(Value::Rows)
                .boxed()
        }
        Kind::Tuple { columns } => columns
            .iter()
            .map(|c| {
                let (lo, hi) = (c.min, c.max);
                (0.0f64..=1.0).prop_map(move |u| lo + u * (hi - lo))
            })
            .collect::<Vec<_>>()
            .prop_map(Value::Tuple)
            .boxed(),
        Kind::Runs {
            min,
            max,
            max_levels,
        } => {
            let run = (0.0f64..=1.0, 1..=max_levels.min(1000))
                .prop_map(move |(u, n)| ((min + u * (max - min).min(1e7)).round(), n));
            prop::collection::vec(run, 1..4)
                .prop_map(|runs| {
                    // Merged as a parse would merge them.
                    let mut out: Vec<(f64, u64)> = Vec::new();
                    for (v, n) in runs {
                        match out.last_mut() {
                            Some(last) if last.0 == v => last.1 += n,
                            _ => out.push((v, n)),
                        }
                    }
                    Value::Runs(out)
                })
                .boxed()
        }
        Kind::Devices { min, max } => prop::sample::subsequence(
            devices::DEVICES
                .iter()
                .map(|d| d.id.to_string())
                .collect::<Vec<_>>(),
            min..=max.min(devices::DEVICES.len()),
        )
        .prop_map(Value::Devices)
        .boxed(),
    };
    if f.auto {
        prop_oneof![Just(Value::Auto), value].boxed()
    } else if f.optional {
        prop_oneof![Just(Value::Absent), value].boxed()
    } else {
        value
    }
}

fn arb_state() -> impl Strategy<Value = ShareState> {
    prop::sample::select((0..MODELS.len()).collect::<Vec<_>>()).prop_flat_map(|i| {
        let m: &'static Model = MODELS[i];
        let ids: Vec<&'static str> = devices::DEVICES
            .iter()
            .filter(|d| m.devices.accepts(d))
            .map(|d| d.id)
            .collect();
        let values: Vec<BoxedStrategy<Value>> = m.fields.iter().map(arb_value).collect();
        let sweepable: Vec<&'static str> = m
            .sweepable()
            .filter(|_| m.sweep.is_some())
            .map(|f| f.name)
            .collect();
        // A sweep for models that offer one: any sweepable field, a range inside its bounds,
        // 2 to 1,000 points, a log scale when the range is above 0.
        let sweep = (
            prop::sample::select(if sweepable.is_empty() {
                vec![""]
            } else {
                sweepable
            }),
            0.0..1.0f64,
            0.0..1.0f64,
            2usize..=Sweep::MAX_POINTS,
            any::<bool>(),
        );
        (prop::sample::select(ids), values, any::<bool>(), sweep).prop_map(
            move |(id, values, embed, (field, a, b, points, log))| {
                let device = devices::find(id).expect("from the list");
                let mut s = ShareState::new(m).with_device(device);
                for (f, v) in m.fields.iter().zip(values) {
                    s.params.set(f.name, v);
                }
                s.embed = embed;
                if let Some((min, max, integer)) = m.field(field).and_then(Field::range) {
                    let top = max.min(min + 1e6);
                    let at = |t: f64| {
                        let v = min + t * (top - min);
                        if integer {
                            v.round()
                        } else {
                            v
                        }
                    };
                    let (from, to) = (at(a.min(b)), at(a.max(b)));
                    if from < to {
                        s.sweep = Some(Sweep {
                            points,
                            log: log && from > 0.0,
                            ..Sweep::new(field, from, to)
                        });
                    }
                }
                s
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A valid state the model accepts comes back from its link exactly, with no notice; one
    /// the model rejects comes back as a state it accepts, with a notice saying why.
    #[test]
    fn every_valid_state_round_trips_through_its_link(state in arb_state()) {
        let q = to_query(&state);
        let (back, notices) = from_query(&q);
        let m = state.model;
        match (m.evaluate)(&state.params, state.device) {
            Ok(e) => {
                prop_assert!(notices.is_empty(), "{:?}", notices);
                prop_assert_eq!(&back, &state);
                prop_assert_eq!(to_query(&back), q);
                prop_assert!(e.all_finite());
                prop_assert_eq!((m.evaluate)(&back.params, back.device), Ok(e));
            }
            Err(_) => {
                prop_assert!(!notices.is_empty());
                prop_assert!((m.evaluate)(&back.params, back.device).is_ok());
            }
        }
    }

    #[test]
    fn garbage_links_never_panic_and_always_predict(q in "[a-z_=&%0-9<>\"'.:,-]{0,120}") {
        let (state, _) = from_query(&q);
        prop_assert!((state.model.evaluate)(&state.params, state.device).is_ok());
    }

    #[test]
    fn garbage_values_for_every_field_never_panic(text in "\\PC{0,30}", i in 0usize..64) {
        for m in MODELS {
            let f = &m.fields[i % m.fields.len()];
            let (state, _) = from_query(&format!("model={}&{}={}", m.id, f.name, urlencode(&text)));
            prop_assert!((state.model.evaluate)(&state.params, state.device).is_ok());
        }
    }
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| format!("%{b:02X}")).collect()
}

/// A model applied two or more compute-capability generations past its paper's GPUs says what
/// it leaves out; on the paper's own generation it says nothing.
#[test]
fn old_models_on_new_gpus_say_what_they_leave_out() {
    let scope = |model: &str, device: &str| {
        let m = warpsight::registry::find(model).expect("model");
        m.beyond_scope(devices::find(device).expect("device"))
    };
    let h100 = scope("hong-kim", "h100").expect("H100 is CC 9.0, the paper's newest 1.3");
    assert!(
        h100.starts_with("Hong & Kim built and checked this model on the FX5600, 8800 GTX, 8800 GT and GTX 280 (compute capability up to 1.3); the H100 (SXM5) is compute capability 9.0. The paper's model has no caches: every load goes to DRAM at Mem_LD cycles. Here the L1 and L2 hit rates"),
        "{h100}"
    );
    assert_eq!(scope("hong-kim", "gtx280"), None);
    assert_eq!(scope("hong-kim", "c2050"), None); // CC 2.0: one generation on
    assert!(scope("hong-kim", "k20c").is_some()); // CC 3.5
    assert_eq!(scope("apsp", "gtx780"), None);
    assert_eq!(scope("apsp", "c2075"), None);
    assert!(scope("apsp", "v100")
        .expect("CC 7.0")
        .contains("calibrate with a measured time"));
    assert_eq!(scope("luo-suda", "c2050"), None);
    assert!(scope("luo-suda", "gtx780").is_some());
}

/// Every glossary entry names one of its model's fields or outputs; every output of every
/// model has a definition (per-variant and per-device outputs take their output's).
#[test]
fn glossaries_define_the_terms() {
    for m in MODELS {
        for (name, text) in m.glossary {
            assert!(
                m.field(name).is_some() || m.outputs.iter().any(|o| o.name == *name),
                "{}: {name} is neither a field nor an output",
                m.id
            );
            assert!(text.ends_with('.') && text.len() > 10, "{}: {name}", m.id);
        }
    }
    let hk = warpsight::registry::find("hong-kim").expect("model");
    for o in hk.outputs {
        assert!(
            hk.about(o.name).is_some(),
            "hong-kim: {} has no definition",
            o.name
        );
    }
    assert!(hk
        .about("mwp")
        .expect("MWP")
        .starts_with("Memory Warp Parallelism"));
    assert!(hk.about("departure_delay").is_some() && hk.about("cwp").is_some());
    assert_eq!(
        hk.about("time_s_by_device.h100"),
        hk.about("time_s_by_device")
    );
    let apsp = warpsight::registry::find("apsp").expect("model");
    assert_eq!(apsp.about("t_ms_min"), apsp.about("t_ms"));
    assert!(apsp.about("t_ms_min").is_some());
    assert_eq!(apsp.about("nonsense"), None);
}

/// One function names every cell: no axis `name`, a variant `name_variant`, a device
/// `name.device`, both `name_variant.device`; the JSON nests the device under the rest.
#[test]
fn cells_are_named_by_one_function_and_the_cli_keys_stay() {
    use warpsight::model::{out, Cell, OutputSpec};
    const KERNELS: [&str; 2] = ["csr", "ell"];
    let grid: OutputSpec = out("t_tar_ms", "T_Tar", "Eq. 1", "ms")
        .per(&KERNELS)
        .per_device();
    let value = Out::grid(
        vec!["m2090", "k20m"],
        vec![Cell::Num(1.0), Cell::Num(2.0), Cell::Word("x"), Cell::Empty],
    );
    assert!(value.fits(&grid));
    assert_eq!(grid.axes(), 2);
    let names: Vec<(String, Cell)> = value
        .cells(&grid)
        .map(|(v, d, c)| (grid.cell_name(v, d).to_string(), c.clone()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("t_tar_ms_csr.m2090".to_string(), Cell::Num(1.0)),
            ("t_tar_ms_csr.k20m".to_string(), Cell::Num(2.0)),
            ("t_tar_ms_ell.m2090".to_string(), Cell::Word("x")),
            ("t_tar_ms_ell.k20m".to_string(), Cell::Empty),
        ]
    );
    assert!(!Out::by_variant([Cell::Num(1.0)]).fits(&grid));
    assert_eq!(
        grid.cell_label(Some("csr"), Some("m2090")),
        "T_Tar (csr) on Tesla M2090"
    );

    // APSP's per-mapping outputs and Hong & Kim's per-device time keep their CLI keys.
    let apsp = warpsight::registry::find("apsp").expect("model");
    let s = ShareState::new(apsp);
    let json = warpsight::report::evaluation(&s).expect("valid");
    let keys: Vec<&str> = json["outputs"]
        .as_object()
        .expect("outputs")
        .keys()
        .map(String::as_str)
        .collect();
    for m in ["min", "sorted", "full", "buckets"] {
        for o in ["warps_per_sm", "blocks_per_sm", "t_sym", "t_ms"] {
            let key = format!("{o}_{m}");
            assert!(keys.contains(&key.as_str()), "apsp: {key} in {keys:?}");
        }
    }
    assert_eq!(keys.len(), 12 + 4 * 4 + 7, "apsp keys: {keys:?}");
    let e = (apsp.evaluate)(&s.params, s.device).expect("valid");
    let flat = e.flat(apsp);
    assert_eq!(flat.len(), keys.len());
    assert_eq!(flat[12].0, "warps_per_sm_min");
    assert_eq!(
        e.number(apsp, "t_sym_buckets"),
        json["outputs"]["t_sym_buckets"].as_f64()
    );

    let hk = warpsight::registry::find("hong-kim").expect("model");
    let s = ShareState::new(hk);
    let json = warpsight::report::evaluation(&s).expect("valid");
    let by_device = json["outputs"]["time_s_by_device"]
        .as_object()
        .expect("object");
    let mut e = (hk.evaluate)(&s.params, s.device).expect("valid");
    // Per edit, the every-GPU time is not computed; the CLI's JSON has it.
    assert_eq!(e.number(hk, "time_s_by_device.h100"), None);
    (hk.complete)(&s.params, s.device, &mut e);
    assert_eq!(
        e.number(hk, "time_s_by_device.h100"),
        by_device["h100"].as_f64()
    );
    assert_eq!(
        e.number(hk, "time_s_by_device.hk-example"),
        json["outputs"]["time_s"].as_f64()
    );
    assert_eq!(
        hk.output_of("time_s_by_device.h100").map(|o| o.name),
        Some("time_s_by_device")
    );
    assert_eq!(apsp.output_of("t_ms_buckets").map(|o| o.name), Some("t_ms"));
    assert_eq!(apsp.output_of("t_ms_nope"), None);
}

/// What the page shows about each input, note and output names nothing users cannot open: no
/// source file, no repository document (issue 24: "as src/analysis/generators.rs counts it").
#[test]
fn the_page_text_cites_no_repository_paths() {
    let repo_path = |t: &str| t.contains(".rs") || t.contains("docs/") || t.contains(".md");
    for m in warpsight::registry::MODELS {
        for f in m.fields {
            for t in [f.label, f.unit, f.source, f.symbol] {
                assert!(!repo_path(t), "{} {}: {t}", m.id, f.name);
            }
        }
        for n in m.notes {
            assert!(!repo_path(n.text), "{} {}: {}", m.id, n.id, n.text);
        }
        for (k, t) in m.glossary {
            assert!(!repo_path(t), "{} {k}: {t}", m.id);
        }
    }
}

/// The custom device's compute capabilities, as its picker lists them.
fn custom_ccs() -> Vec<&'static str> {
    let f = devices::custom::FIELDS
        .iter()
        .find(|f| f.name == "custom_cc")
        .expect("custom_cc");
    match &f.kind {
        Kind::Choice { options } => options.iter().map(|o| o.id).collect(),
        _ => unreachable!("custom_cc is a choice"),
    }
}

/// A link the page writes for a custom device reopens: any custom device whose values are each
/// within their own ranges, on any model, with the model's fields at what the device gives
/// them. Its link (the device's values, and whatever the model derived from them) reopens to
/// the same state with no notice (issue 49: `custom_sms` up to 1,024 once gave the roofline an
/// `sms` past its range, and SMs × cores × clock × 2 an `fp32_gflops` past 10,000,000).
fn custom_device_link_reopens(
    model: usize,
    cc: &str,
    sms: u32,
    cores: u32,
    clock: f64,
    bandwidth: f64,
) -> Result<(), TestCaseError> {
    let m = MODELS[model];
    let q = format!(
        "model={}&device=custom&custom_cc={cc}&custom_sms={sms}&custom_cores_per_sm={cores}&custom_clock_ghz={clock}&custom_bandwidth_gbs={bandwidth}",
        m.id
    );
    let (state, notices) = from_query(&q);
    if state.model.id != m.id || state.device.id != "custom" {
        // The model takes no custom device (or not this one): nothing written to reopen.
        return Ok(());
    }
    prop_assert!(notices.is_empty(), "{q}: {notices:?}");
    let written = to_query(&state);
    let (back, notices) = from_query(&written);
    prop_assert!(notices.is_empty(), "{written}: {notices:?}");
    prop_assert_eq!(&back, &state, "{}", written);
    prop_assert_eq!(to_query(&back), written);
    Ok(())
}

fn arb_custom() -> impl Strategy<Value = (usize, &'static str, u32, u32, f64, f64)> {
    (
        0..MODELS.len(),
        prop::sample::select(custom_ccs()),
        prop_oneof![Just(1u32), Just(1024), 1u32..=1024],
        prop_oneof![Just(1u32), Just(1024), 1u32..=1024],
        // Printed as the page prints a typed value: at most 4 decimals.
        prop_oneof![
            Just(0.01),
            Just(10.0),
            (100u32..=100_000).prop_map(|c| f64::from(c) / 10_000.0)
        ],
        prop_oneof![
            Just(0.1),
            Just(100_000.0),
            (1u32..=1_000_000).prop_map(|b| f64::from(b) / 10.0)
        ],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn custom_device_links_reopen((model, cc, sms, cores, clock, bandwidth) in arb_custom()) {
        custom_device_link_reopens(model, cc, sms, cores, clock, bandwidth)?;
    }
}

proptest! {
    // The hidden probe's size: 100,000 states per model, about 10 minutes in a debug build.
    // Run: cargo test --release --test models -- --ignored
    #![proptest_config(ProptestConfig::with_cases(100_000 * MODELS.len() as u32))]

    #[test]
    #[ignore]
    fn a_hundred_thousand_states_per_model_round_trip(state in arb_state()) {
        let q = to_query(&state);
        let (back, notices) = from_query(&q);
        if (state.model.evaluate)(&state.params, state.device).is_ok() {
            prop_assert!(notices.is_empty(), "{q}: {notices:?}");
            prop_assert_eq!(&back, &state);
        }
    }

    #[test]
    #[ignore]
    fn a_hundred_thousand_custom_devices_per_model_reopen((model, cc, sms, cores, clock, bandwidth) in arb_custom()) {
        custom_device_link_reopens(model, cc, sms, cores, clock, bandwidth)?;
    }
}
