//! Share-state: links restore the same prediction, old links open unchanged, and bad links
//! fall back field by field with a notice that quotes them safely.

use warpsight::devices;
use warpsight::link::{
    from_query, params_from_texts, printable, query_part, sweep_from_texts, to_query, ShareState,
};
use warpsight::model::{hong_kim, Params, Sweep, Value};
use warpsight::registry;

fn hk(state: &ShareState) -> hong_kim::Prediction {
    let setup = hong_kim::Setup::from_params(&state.params, state.device).expect("valid");
    hong_kim::predict(&setup).expect("predicts")
}

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
    let p = hk(&back);
    assert_eq!(p.outputs.exec_cycles_with_synch, 50728.1875);
    assert_eq!(p.inputs.active_blocks_per_sm, 5.0); // occupancy on CC 1.0, 12 registers
    assert_eq!(p.inputs.active_sms, 16.0);
    assert_eq!(
        p.occupancy_summary().as_deref(),
        Some("5 active blocks per SM: 20 of the SM's 24 warp slots (83.3% occupancy), limited by registers per SM.")
    );
}

/// Every Hong & Kim link that worked before the registry: README's, docs/embedding.md's and
/// the e2e suite's. They open with no notice and the same numbers as before.
#[test]
fn old_hong_kim_links_open_unchanged() {
    let readme = include_str!("../README.md");
    let docs = include_str!("../docs/embedding.md");
    let mut links: Vec<String> = Vec::new();
    for text in [readme, docs] {
        for (i, _) in text.match_indices("?") {
            let rest = &text[i..];
            let end = rest
                .find(|c: char| c == '\'' || c == '"' || c == '`' || c == ')' || c.is_whitespace())
                .unwrap_or(rest.len());
            let link = rest[..end].replace("&amp;", "&");
            let template = link.contains('<');
            if !template && (link.contains("device=") || link.contains("threads_per_block")) {
                links.push(link);
            }
        }
    }
    assert!(links.len() >= 3, "{links:?}");
    for link in &links {
        let (s, notices) = from_query(link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        assert_eq!(s.model.id, "hong-kim", "{link}");
    }
    // The e2e suite's v=1 link, as written before the registry, and its cycles then.
    let (s, n) = from_query("v=1&model=hong-kim&device=gtx280&threads_per_block=256&blocks=400&comp_insts=71&uncoal_mem_insts=6&coal_mem_insts=0&synch_insts=0&registers_per_thread=7&shared_mem_per_block=52");
    assert!(n.is_empty());
    assert_eq!(s.device.id, "gtx280");
    let p = hk(&s);
    assert_eq!(p.inputs.active_blocks_per_sm, 4.0); // 32 warp slots / 8 warps per block
    assert_eq!(p.inputs.active_sms, 30.0);
    // A full link as the app wrote it before, with `auto` and the sweep.
    let old = "v=1&model=hong-kim&device=hk-example&threads_per_warp=32&issue_cycles=4&freq_ghz=1&mem_bandwidth_gbs=80&mem_ld=420&departure_del_uncoal=10&departure_del_coal=4&threads_per_block=128&blocks=80&active_sms=auto&active_blocks_per_sm=auto&comp_insts=27&uncoal_mem_insts=6&coal_mem_insts=0&synch_insts=6&uncoal_per_mw=32&load_bytes_per_warp=128&registers_per_thread=12&shared_mem_per_block=2048&sweep=threads_per_block&sweep_from=32&sweep_to=512";
    let (s, n) = from_query(old);
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s, ShareState::default());
    assert_eq!(hk(&s).outputs.exec_cycles_with_synch, 50728.1875);
    // A link without `model=` is a Hong & Kim link.
    assert_eq!(from_query("device=fx5600").0.model.id, "hong-kim");
}

#[test]
fn a_small_grid_caps_active_blocks() {
    // GTX280: 30 SMs, occupancy allows 8 blocks of 4 warps (warp slots: 32/4), but 80 blocks
    // over 30 SMs give each SM at most ⌈80/30⌉ = 3.
    let (s, _) = from_query("device=gtx280");
    let p = hk(&s);
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
    assert_eq!(s.device.id, "gtx280");
    assert_eq!(s.params.num("mem_ld"), Some(450.0));
    assert_eq!(s.params.num("departure_del_uncoal"), Some(40.0));
    assert_eq!(s.params.num("freq_ghz"), Some(1.3));
    let (s, _) = from_query("mem_ld=500&device=gtx280");
    assert_eq!(
        s.params.num("mem_ld"),
        Some(500.0),
        "an explicit key wins over the device"
    );
}

#[test]
fn bad_values_fall_back_with_a_notice_and_keep_the_rest() {
    let (s, notices) = from_query(
        "threads_per_block=%3Cscript%3Ealert(1)%3C%2Fscript%3E&blocks=160&bogus=1&device=nope&comp_insts=-4",
    );
    assert_eq!(
        s.params.num("blocks"),
        Some(160.0),
        "valid keys still apply"
    );
    assert_eq!(
        s.params.num("threads_per_block"),
        Some(128.0),
        "invalid falls back"
    );
    assert_eq!(s.params.num("comp_insts"), Some(27.0));
    let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["device", "threads_per_block", "bogus", "comp_insts"]);
    assert!(notices[1].message.contains("“<script>alert(1)</script>”"));
    assert!(notices[1]
        .message
        .contains("must be a whole number from 1 to 2,048"));
    assert!(notices[3]
        .message
        .contains("must be a whole number from 0 to 1,000,000,000"));
    assert_eq!(notices[2].message, "not a parameter of hong-kim");
}

/// Values valid one by one but rejected together: the offending field falls back, the rest
/// of the link stays, and the link opens on a prediction.
#[test]
fn a_link_the_model_rejects_falls_back_to_a_prediction() {
    let (s, notices) = from_query("device=h100&threads_per_block=1024&registers_per_thread=255");
    assert_eq!(s.device.id, "h100");
    assert_eq!(s.params.num("threads_per_block"), Some(1024.0), "kept");
    assert_eq!(
        s.params.num("registers_per_thread"),
        Some(12.0),
        "fell back"
    );
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].key, "registers_per_thread");
    assert!(
        notices[0].fallback.contains("using the default 12"),
        "{:?}",
        notices[0]
    );
    assert!((s.model.evaluate)(&s.params, s.device).is_ok());

    let (s, notices) = from_query("uncoal_mem_insts=0&coal_mem_insts=0");
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].key, "uncoal_mem_insts");
    assert_eq!(s.params.num("uncoal_mem_insts"), Some(6.0));
    assert_eq!(s.params.num("coal_mem_insts"), Some(0.0));
    assert!((s.model.evaluate)(&s.params, s.device).is_ok());
    // The link written back is complete, never a bare `?`.
    assert!(to_query(&s).contains("uncoal_mem_insts=6"));
}

#[test]
fn text_from_a_link_is_quoted_on_one_line_and_short() {
    // A right-to-left override, a newline and a NUL are escaped, not shown raw.
    let (_, n) = from_query("threads_per_block=1%E2%80%AE2%0A3%00");
    assert_eq!(n.len(), 1);
    let m = &n[0].message;
    assert!(m.contains(r"1\u{202e}2\u{a}3\u{0}"), "{m}");
    assert!(!m.chars().any(|c| c.is_control() || c == '\u{202E}'));
    // Keys are shortened like values, and an empty key is named.
    let long_key = "k".repeat(128 * 1024);
    let (_, n) = from_query(&format!("{long_key}=1&=2"));
    assert_eq!(n[0].key.chars().count(), 41, "40 characters and …");
    assert!(n[0].to_string().len() < 200);
    assert_eq!(n[1].key, "(empty key)");
    assert_eq!(printable("a\u{2066}b"), r"a\u{2066}b");
}

#[test]
fn reading_a_link_is_linear_in_its_keys() {
    // 40,000 distinct unknown keys: the read must not be quadratic (the fuzz command times
    // such floods).
    // The first 1,000 parts are read; twenty notices are listed, the rest counted in one more.
    let q: String = (0..40_000).map(|i| format!("k{i}=1&")).collect();
    let (_, n) = from_query(&format!("comp_insts=99&{q}"));
    assert_eq!(n.len(), 21);
    assert_eq!(
        n[0].message,
        "the link has 39,001 parts past the first 1000"
    );
    assert_eq!(n[1].key, "k0");
    assert_eq!(
        n[20].message,
        "980 more parts of the link could not be used either"
    );
    assert_eq!(
        from_query(&format!("comp_insts=99&{q}"))
            .0
            .params
            .num("comp_insts"),
        Some(99.0)
    );
}

#[test]
fn auto_fields_round_trip() {
    let (s, n) = from_query("active_blocks_per_sm=3&active_sms=auto");
    assert!(n.is_empty());
    assert_eq!(s.params.get("active_blocks_per_sm"), Some(&Value::Num(3.0)));
    assert_eq!(s.params.get("active_sms"), Some(&Value::Auto));
    let q = to_query(&s);
    assert!(q.contains("active_blocks_per_sm=3&"), "{q}");
    assert!(q.contains("active_sms=auto&"), "{q}");
    assert_eq!(from_query(&q).0, s);
}

#[test]
fn sweep_and_embed_round_trip() {
    let (s, n) = from_query("sweep=mem_ld&sweep_from=100&sweep_to=900&embed=1");
    assert!(n.is_empty());
    assert_eq!(s.sweep, Some(Sweep::new("mem_ld", 100.0, 900.0)));
    assert!(s.embed);
    assert_eq!(from_query(&to_query(&s)).0, s);
    let (s, n) = from_query("sweep=%3Cb%3E");
    assert_eq!(s.sweep, hong_kim::MODEL.sweep);
    assert_eq!(n[0].key, "sweep");
}

#[test]
fn models_and_devices_in_links() {
    let (s, n) = from_query("model=apsp&device=gtx780&block_size=32&measured=64:1.2,128:5.3");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s.model.id, "apsp");
    assert_eq!(s.params.num("sms"), Some(12.0));
    assert_eq!(
        s.params.get("measured"),
        Some(&Value::Rows(vec![vec![64.0, 1.2], vec![128.0, 5.3]]))
    );
    let q = to_query(&s);
    assert!(q.contains("&measured=64:1.2,128:5.3&"), "{q}");
    assert!(q.contains("&algorithm=min-plus&"), "{q}");
    assert!(!q.contains("sweep"), "APSP has its own chart range: {q}");
    assert_eq!(from_query(&q).0, s);
    // A CPU is not a device of these models; an unknown model falls back to the default.
    let (s, n) = from_query("model=apsp&device=i5-2400");
    assert_eq!(s.device.id, "c2075");
    assert_eq!(n[0].key, "device");
    // The notice says what the device is and which model takes it.
    assert_eq!(
        n[0].message,
        "“i5-2400” is a CPU, which apsp does not take; it is for automatch"
    );
    let (_, n) = from_query("device=rtx9999");
    assert_eq!(
        n[0].message,
        "“rtx9999” is not a device (warpsight devices lists them)"
    );
    let (s, n) = from_query("model=nope");
    assert_eq!(s.model.id, registry::default_model().id);
    assert_eq!(n[0].key, "model");
    // Hong & Kim's sweep keys are not APSP's.
    let (_, n) = from_query("model=apsp&sweep=n");
    assert_eq!(n[0].message, "not a parameter of apsp");
}

#[test]
fn switching_models_keeps_the_device_where_it_applies() {
    let (s, _) = from_query("device=gtx780&comp_insts=99");
    let a = s.with_model(registry::find("apsp").expect("apsp"));
    assert_eq!(a.device.id, "gtx780");
    assert_eq!(a.params.num("cores_per_sm"), Some(192.0));
    let back = a.with_model(&hong_kim::MODEL);
    assert_eq!(back.device.id, "gtx780");
    assert_eq!(
        back.params.num("comp_insts"),
        Some(27.0),
        "a model's own inputs start fresh"
    );
}

#[test]
fn form_errors_name_every_bad_field() {
    let d = devices::find("fx5600").expect("fx5600");
    let texts = [
        ("threads_per_block", "abc"),
        ("blocks", "0"),
        ("active_sms", ""),
    ];
    let errs = params_from_texts(&hong_kim::MODEL, d, |name| {
        texts.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    })
    .unwrap_err();
    let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["threads_per_block", "blocks"]); // empty auto field means auto
}

#[test]
fn sweep_controls_name_the_bad_bound() {
    let m = &hong_kim::MODEL;
    let ok = sweep_from_texts(m, "mem_ld", "100", "900", "48", false).expect("valid");
    assert_eq!((ok.field, ok.from, ok.to), ("mem_ld", 100.0, 900.0));
    let e = sweep_from_texts(m, "threads_per_block", "32", "4096", "48", false).unwrap_err();
    assert_eq!(
        e.to_string(),
        "sweep_to: must be a whole number from 1 to 2,048"
    );
    assert_eq!(
        sweep_from_texts(m, "nope", "1", "2", "48", false)
            .unwrap_err()
            .field,
        "sweep"
    );
    // Resolution and scale.
    let ok = sweep_from_texts(m, "comp_insts", "1", "1000", "1,000", true).expect("valid");
    assert_eq!((ok.points, ok.log), (1000, true));
    for bad in ["1", "1001", "2.5", "many"] {
        assert_eq!(
            sweep_from_texts(m, "comp_insts", "1", "1000", bad, false)
                .unwrap_err()
                .to_string(),
            "sweep_points: must be a whole number from 2 to 1,000"
        );
    }
    assert_eq!(
        sweep_from_texts(m, "coal_mem_insts", "0", "10", "48", true)
            .unwrap_err()
            .to_string(),
        "sweep_from: must be above 0 on a log scale"
    );
}

/// A sweep's resolution and scale travel in the link (only when not the defaults, so older
/// links are written as before); bad values fall back with a notice.
#[test]
fn sweep_points_and_scale_in_links() {
    let (s, n) =
        from_query("sweep=comp_insts&sweep_from=1&sweep_to=1000&sweep_points=1000&sweep_scale=log");
    assert!(n.is_empty(), "{n:?}");
    let sw = s.sweep.expect("sweep");
    assert_eq!((sw.field, sw.points, sw.log), ("comp_insts", 1000, true));
    assert!(to_query(&s).ends_with(
        "&sweep=comp_insts&sweep_from=1&sweep_to=1000&sweep_points=1000&sweep_scale=log"
    ));
    assert_eq!(from_query(&to_query(&s)).0, s);
    // Only the points: the default sweep at that resolution.
    let (s, n) = from_query("sweep_points=200");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(
        s.sweep.map(|w| (w.field, w.points)),
        Some(("threads_per_block", 200))
    );
    // Defaults are not written.
    let (s, _) = from_query("sweep=comp_insts&sweep_from=1&sweep_to=1000");
    assert!(!to_query(&s).contains("sweep_points") && !to_query(&s).contains("sweep_scale"));
    // Bad values: notices, and the defaults.
    let (s, n) = from_query(
        "sweep=coal_mem_insts&sweep_from=0&sweep_to=10&sweep_points=5000&sweep_scale=log",
    );
    let keys: Vec<_> = n.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["sweep_points", "sweep_scale"]);
    let sw = s.sweep.expect("sweep");
    assert_eq!((sw.points, sw.log), (48, false));
    let (_, n) = from_query("sweep_scale=cubic");
    assert_eq!(n[0].message, "“cubic” is not valid: must be linear or log");
}

#[test]
fn the_default_kernel_on_every_gpu() {
    let setup = default_setup();
    let all = hong_kim::across_devices(&setup);
    assert_eq!(
        all.len(),
        devices::DEVICES
            .iter()
            .filter(|d| d.kind == devices::DeviceKind::Gpu)
            .count()
    );
    for (d, result) in &all {
        let p = result.as_ref().unwrap_or_else(|e| panic!("{}: {e}", d.id));
        assert!(
            p.outputs.time_s > 0.0 && p.outputs.time_s.is_finite(),
            "{}",
            d.id
        );
        assert_eq!(p.inputs.freq_ghz, d.clock_ghz.value);
    }
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
    let w = hong_kim::what_ifs(&default_setup());
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

#[test]
fn params_know_their_device_values() {
    let d = devices::find("gtx280").expect("gtx280");
    let p = Params::defaults(&hong_kim::MODEL, d);
    assert_eq!(p.num("freq_ghz"), Some(1.3));
    assert_eq!(p.num("mem_ld"), Some(450.0));
    let h = p.with_device(devices::find("fx5600").expect("fx5600"));
    assert_eq!(h.num("mem_ld"), Some(420.0));
    assert_eq!(h.num("comp_insts"), Some(27.0));
}

#[test]
fn a_custom_device_travels_in_the_link() {
    let q = "device=custom&custom_cc=8.9&custom_sms=76&custom_cores_per_sm=128&custom_clock_ghz=2.6&custom_bandwidth_gbs=717&mem_ld=500";
    let (s, n) = from_query(q);
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s.device.id, "custom");
    assert_eq!(s.device.compute_capability.map(|c| c.value), Some((8, 9)));
    assert_eq!(s.device.sms.value, 76);
    assert!(!s.device.all_from_papers());
    assert!(s.device.clock_ghz.source.describe().contains("typed in"));
    // The device's clock and bandwidth fill the model's fields; the typed Mem_LD stays.
    assert_eq!(s.params.num("freq_ghz"), Some(2.6));
    assert_eq!(s.params.num("mem_bandwidth_gbs"), Some(717.0));
    assert_eq!(s.params.num("mem_ld"), Some(500.0));
    let p = hk(&s);
    assert_eq!(p.inputs.active_sms, 76.0_f64.min(80.0));
    assert!(p.occupancy.is_some());
    // Written back in full, and read back the same.
    let back = to_query(&s);
    assert!(back.contains("device=custom&custom_cc=8.9&custom_sms=76&custom_cores_per_sm=128&custom_clock_ghz=2.6&custom_bandwidth_gbs=717&"), "{back}");
    assert_eq!(from_query(&back).0, s);
    // Same values, same record.
    assert!(std::ptr::eq(from_query(q).0.device, s.device));
    // Bad custom values fall back with a notice; other models take it too.
    let (s, n) = from_query("device=custom&custom_cc=4.0&custom_sms=0");
    assert_eq!(
        n.iter().map(|n| n.key.as_str()).collect::<Vec<_>>(),
        ["custom_cc", "custom_sms"]
    );
    assert_eq!(s.device.id, "custom");
    let (s, n) = from_query("model=apsp&device=custom&custom_sms=20&custom_cores_per_sm=64");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(
        (s.params.num("sms"), s.params.num("cores_per_sm")),
        (Some(20.0), Some(64.0))
    );
    // custom_* keys without the custom device are not parameters.
    assert_eq!(from_query("custom_sms=3").1[0].key, "custom_sms");
}

#[test]
fn numbers_as_the_messages_write_them_and_sensible_sweep_ranges() {
    use warpsight::model::parse_number;
    // "2,048" is how the range is written; it is accepted as typed. Bad grouping is not.
    assert_eq!(parse_number("2,048"), Some(2048.0));
    assert_eq!(parse_number("1,000,000.5"), Some(1_000_000.5));
    assert_eq!(parse_number("-1,024"), Some(-1024.0));
    assert_eq!(parse_number("20,48"), None);
    assert_eq!(parse_number("1,0000"), None);
    let (s, n) =
        from_query("device=h100&threads_per_block=1,024&blocks=2,000&registers_per_thread=32");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s.params.num("threads_per_block"), Some(1024.0));
    // A reversed or empty sweep range names sweep_to.
    let e = sweep_from_texts(&hong_kim::MODEL, "mem_ld", "900", "100", "48", false).unwrap_err();
    assert_eq!(
        e.to_string(),
        "sweep_to: must be greater than the start of the range (900)"
    );
    // A field at 0 sweeps up from it, not over 0…0.
    let f = hong_kim::field("coal_mem_insts").expect("field");
    let sw = hong_kim::MODEL.sweep_for(f, Some(0.0)).expect("numbers");
    assert_eq!((sw.from, sw.to), (0.0, 10.0));
    let f = hong_kim::field("registers_per_thread").expect("field");
    let sw = hong_kim::MODEL.sweep_for(f, Some(12.0)).expect("numbers");
    assert_eq!((sw.from, sw.to), (6.0, 18.0));
}

#[test]
fn words_agree_in_number() {
    // One block on one SM: "1 active block per SM", "the grid's 1 block gives … 1 active SM".
    let (s, _) = from_query("device=gtx280&blocks=1");
    let summary = hk(&s).occupancy_summary().unwrap_or_default();
    assert!(
        summary.starts_with("1 active block per SM: 4 of the SM's 32 warp slots"),
        "{summary}"
    );
    assert!(
        summary.contains("the grid's 1 block gives each of the 1 active SM at most"),
        "{summary}"
    );
}

#[test]
fn a_repeated_key_and_a_bad_embed_value_are_said() {
    let (s, n) = from_query("threads_per_block=64&threads_per_block=256&embed=%3Cb%3E");
    assert_eq!(
        s.params.num("threads_per_block"),
        Some(256.0),
        "the last one"
    );
    assert!(!s.embed);
    assert_eq!(n.len(), 2, "{n:?}");
    assert_eq!(
        (
            n[0].key.as_str(),
            n[0].message.as_str(),
            n[0].fallback.as_str()
        ),
        ("threads_per_block", "given 2 times", "using the last")
    );
    assert_eq!(
        (
            n[1].key.as_str(),
            n[1].message.as_str(),
            n[1].fallback.as_str()
        ),
        (
            "embed",
            "“<b>” is not valid: must be 1 or 0",
            "showing the whole page"
        )
    );
    // A thousand copies of one key: one notice says how many.
    let link = vec!["blocks=80"; 1000].join("&");
    let (_, n) = from_query(&link);
    assert_eq!(n.len(), 1, "{n:?}");
    assert_eq!(n[0].message, "given 1,000 times");
    let (s, n) = from_query("embed=0&model=apsp&embed=1");
    assert!(s.embed);
    assert_eq!(n[0].message, "given 2 times");
}

/// The default setup: the paper's Table 2 on the paper's example machine, as the page opens.
fn default_setup() -> hong_kim::Setup {
    let d = warpsight::devices::find(hong_kim::MODEL.default_device).expect("the default device");
    hong_kim::Setup::from_params(&warpsight::model::Params::defaults(&hong_kim::MODEL, d), d)
        .expect("the defaults are valid")
}
