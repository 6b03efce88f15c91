//! Device presets: every device named in the seeds, with the papers' printed values and their
//! sources; values not from a paper are marked so.

use warpsight::devices::{find, DeviceKind, Source, DEVICES};

#[test]
fn ids_are_unique_and_url_safe() {
    let mut ids: Vec<&str> = DEVICES.iter().map(|d| d.id).collect();
    for id in &ids {
        assert!(
            id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{id}"
        );
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), DEVICES.len());
}

#[test]
fn every_device_of_the_seeds_is_present() {
    for id in [
        "8800gtx", "8800gt", "fx5600", "gtx260", "gtx280", "gtx295", "gtx780", "c2050", "c2075",
        "m2090", "k20m", "k20c", "k20x", "i5-2400", "i7-4700", "v100", "a100", "h100", "rtx4090",
    ] {
        assert!(find(id).is_some(), "{id}");
    }
    assert_eq!(find("i5-2400").map(|d| d.kind), Some(DeviceKind::Cpu));
}

#[test]
fn hong_kim_table_3_values() {
    for (id, sms, ghz, gbs, cc) in [
        ("8800gtx", 16, 1.35, 86.4, (1, 0)),
        ("fx5600", 16, 1.35, 76.8, (1, 0)),
        ("8800gt", 14, 1.5, 57.6, (1, 1)),
        ("gtx280", 30, 1.3, 141.7, (1, 3)),
    ] {
        let d = find(id).expect(id);
        assert_eq!(d.sms.value, sms, "{id}");
        assert_eq!(d.clock_ghz.value, ghz, "{id}");
        assert_eq!(d.mem_bandwidth_gbs.value, gbs, "{id}");
        assert_eq!(d.compute_capability.map(|c| c.value), Some(cc), "{id}");
        assert!(matches!(d.sms.source, Source::Paper(s) if s.contains("Table 3")));
    }
}

#[test]
fn other_papers_tables() {
    // Guo & Wang Table I, Luo & Suda Table 2, Dümmler & Egerland Table 4, AutoMatch Table I.
    for (id, sms, cc) in [
        ("c2050", 14, (2, 0)),
        ("m2090", 16, (2, 0)),
        ("k20m", 13, (3, 5)),
        ("gtx295", 30, (1, 3)),
    ] {
        let d = find(id).expect(id);
        assert_eq!(d.sms.value, sms, "{id}");
        assert_eq!(d.compute_capability.map(|c| c.value), Some(cc), "{id}");
        assert!(d.sms.source.from_paper(), "{id}");
    }
    let gtx260 = find("gtx260").expect("gtx260");
    assert_eq!(
        (
            gtx260.sms.value,
            gtx260.clock_ghz.value,
            gtx260.mem_bandwidth_gbs.value
        ),
        (24, 1.242, 111.9)
    );
    let c2075 = find("c2075").expect("c2075");
    assert_eq!(
        (
            c2075.sms.value,
            c2075.cores_per_sm.value,
            c2075.clock_ghz.value
        ),
        (14, 32, 1.15)
    );
    let gtx780 = find("gtx780").expect("gtx780");
    assert_eq!((gtx780.sms.value, gtx780.cores_per_sm.value), (12, 192));
    assert_eq!(
        find("k20x").map(|d| d.sms.value * d.cores_per_sm.value),
        Some(2688)
    );
    assert_eq!(
        find("k20c").map(|d| d.sms.value * d.cores_per_sm.value),
        Some(2496)
    );
    assert_eq!(find("i7-4700").map(|d| d.clock_ghz.value), Some(2.4));
}

#[test]
fn table_6_constants_are_from_the_paper_and_others_are_labelled() {
    for id in ["fx5600", "8800gtx", "8800gt"] {
        let d = find(id).expect(id);
        assert!(d.all_from_papers(), "{id}");
    }
    let gtx280 = find("gtx280").expect("gtx280");
    assert!(gtx280
        .constant("mem_ld")
        .expect("mem_ld")
        .source
        .from_paper());
    // #Uncoal_per_mw is not in Table 6: the GTX280's record is not all from the papers.
    assert!(!gtx280.all_from_papers());
    for id in ["gtx260", "c2050", "k20m", "v100", "a100", "h100", "rtx4090"] {
        let d = find(id).expect(id);
        assert!(!d.all_from_papers(), "{id} has estimated constants");
        let mem_ld = d.constant("mem_ld").expect("GPU");
        assert!(
            matches!(mem_ld.source, Source::Estimate(_) | Source::Measured(_)),
            "{id}"
        );
        assert!(mem_ld.source.describe().contains("not from the papers"));
    }
}

#[test]
fn every_gpu_has_what_the_models_need() {
    for d in DEVICES.iter().filter(|d| d.kind == DeviceKind::Gpu) {
        assert!(d.compute_capability.is_some(), "{}", d.id);
        for key in [
            "clock_ghz",
            "mem_bandwidth_gbs",
            "mem_ld",
            "departure_del_uncoal",
            "departure_del_coal",
            "uncoal_per_mw",
        ] {
            let v = d
                .constant(key)
                .or_else(|| derived(d, key))
                .map(|c| c.value)
                .unwrap_or(f64::NAN);
            assert!(v.is_finite() && v > 0.0, "{} {key}", d.id);
        }
        assert!(d.sms.value > 0 && d.cores_per_sm.value > 0, "{}", d.id);
    }
}

#[test]
fn apsp_table_4_constants() {
    for (id, sms, cores, granularity) in [("c2075", 14.0, 32.0, 2.0), ("gtx780", 12.0, 192.0, 4.0)]
    {
        let d = find(id).expect(id);
        let c = |k: &str| d.constant(k).expect(k);
        assert_eq!(c("sms").value, sms, "{id}");
        assert_eq!(c("cores_per_sm").value, cores, "{id}");
        assert_eq!(c("threads_per_warp").value, 32.0, "{id}");
        assert_eq!(c("warp_granularity").value, granularity, "{id}");
        assert_eq!(c("coalescable_mem_accesses").value, 4.0, "{id}");
        for k in [
            "sms",
            "cores_per_sm",
            "warp_granularity",
            "coalescable_mem_accesses",
        ] {
            assert_eq!(
                c(k).source.describe(),
                "Dümmler & Egerland, Table 4",
                "{id} {k}"
            );
        }
    }
    assert!(find("h100")
        .expect("h100")
        .constant("warp_granularity")
        .is_none());
}

#[test]
fn gpus_people_use_in_2026() {
    for (id, cc, sms) in [
        ("b200", (10, 0), 148),
        ("h200", (9, 0), 132),
        ("rtx5090", (12, 0), 170),
        ("rtx3090", (8, 6), 82),
        ("l40s", (8, 9), 142),
    ] {
        let d = find(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(d.compute_capability.map(|c| c.value), Some(cc), "{id}");
        assert_eq!(d.sms.value, sms, "{id}");
        assert!(!d.all_from_papers(), "{id} is labelled not from the papers");
        // One clock convention for modern parts: the boost clock, said in the source.
        assert!(
            d.clock_ghz.source.describe().contains("boost clock"),
            "{id}"
        );
    }
    for id in ["v100", "a100", "h100", "rtx4090"] {
        let d = find(id).expect(id);
        assert!(
            d.clock_ghz.source.describe().contains("boost clock"),
            "{id}"
        );
    }
}

#[test]
fn labels_say_where_each_value_comes_from() {
    // The example machine's compute capability is not printed in the paper.
    let hk = find("hk-example").expect("hk-example");
    assert!(!hk.all_from_papers());
    assert!(hk
        .compute_capability
        .expect("cc")
        .source
        .describe()
        .contains("not printed in the paper"));
    // The 8800s' constants come from §5.1's sentence, not from Table 6's columns.
    let gtx = find("8800gtx").expect("8800gtx");
    let src = gtx.constant("mem_ld").expect("mem_ld").source.describe();
    assert!(src.starts_with("Hong & Kim §5.1"), "{src}");
    // The K20c's clock is the paper's, and the note says NVIDIA's differs.
    let k20c = find("k20c").expect("k20c");
    assert!(k20c.clock_ghz.source.describe().contains("0.706"));
    // Every value of a record counts: the GTX280's #Uncoal_per_mw is an estimate.
    assert!(!find("gtx280").expect("gtx280").all_from_papers());
    assert!(find("fx5600").expect("fx5600").all_from_papers());
}

#[test]
fn the_gtx260_carries_luo_and_suda_table_1() {
    use warpsight::model::ptx::CostTable;
    let gtx260 = find("gtx260").expect("gtx260");
    assert_eq!(CostTable::of_device(gtx260), Some(CostTable::GTX260));
    let c = |k: &str| gtx260.constant(k).map(|c| (c.value, c.source.describe()));
    assert_eq!(
        c("ptx_mul_int_reg"),
        Some((136.0, "Luo & Suda, Table 1".to_string()))
    );
    assert_eq!(c("ptx_div_float_reg").map(|c| c.0), Some(783.0));
    assert_eq!(c("ptx_ld_st").map(|c| c.0), Some(200.0));
    for (k, v) in [
        ("a", 3.0),
        ("b", 11.0),
        ("c", 0.5),
        ("d", 80.0),
        ("m", 32.0),
        ("t_mem", 200.0),
    ] {
        assert_eq!(c(k).map(|c| c.0), Some(v), "{k}");
    }
    // Other GPUs carry none: their costs are typed in.
    assert_eq!(CostTable::of_device(find("h100").expect("h100")), None);
}

/// A paper's own device carries no "not from the papers" badge in its own model because of
/// another model's estimated constants: only the values the model in view uses count.
#[test]
fn the_badge_counts_only_the_constants_the_model_in_view_uses() {
    let model = |id| warpsight::registry::find(id).expect("model");
    let d = |id| warpsight::devices::find(id).expect("preset");
    assert!(model("luo-suda").all_from_papers(d("gtx260")));
    assert!(model("apsp").all_from_papers(d("c2075")));
    // The GTX 280's #Uncoal_per_mw (32) is an estimate Hong & Kim's model uses.
    assert!(!model("hong-kim").all_from_papers(d("gtx280")));
    assert!(model("hong-kim").all_from_papers(d("hk-example")));
    // A modern GPU's estimates still count where the model uses them.
    assert!(!model("hong-kim").all_from_papers(d("h100")));
    assert!(!model("apsp").all_from_papers(d("h100")));
}

/// Issue_cycles from the compute capability: 32 threads ÷ the FP32 results per clock per SM
/// of the CUDA C++ Programming Guide's throughput table; the paper's 4 on CC 1.x.
#[test]
fn issue_cycles_follow_the_compute_capability() {
    for (id, cycles) in [
        ("hk-example", 4.0),
        ("fx5600", 4.0),
        ("8800gt", 4.0),
        ("gtx280", 4.0),
        ("c2050", 1.0),         // 2.0: 32 lanes
        ("k20m", 32.0 / 192.0), // 3.5: 192
        ("v100", 0.5),          // 7.0: 64
        ("a100", 0.5),          // 8.0: 64
        ("rtx3090", 0.25),      // 8.6: 128
        ("rtx4090", 0.25),      // 8.9
        ("h100", 0.25),         // 9.0
        ("b200", 0.25),         // 10.0
        ("rtx5090", 0.25),      // 12.0
    ] {
        let c = find(id).and_then(|d| derived(d, "issue_cycles")).expect(id);
        assert_eq!(c.value, cycles, "{id}");
        // The paper's generation keeps the paper as its source; the rest cite the guide.
        assert_eq!(c.source.from_paper(), cycles == 4.0, "{id}");
    }
    assert_eq!(warpsight::devices::fp32_per_clock((2, 1)), 48.0);
    assert_eq!(warpsight::devices::fp32_per_clock((6, 0)), 64.0);
    assert_eq!(warpsight::devices::fp32_per_clock((6, 1)), 128.0);
    assert_eq!(warpsight::devices::fp32_per_clock((5, 2)), 128.0);
    // The custom device derives it from the compute capability the user picks.
    let custom = warpsight::devices::custom::Custom {
        compute_capability: (7, 5),
        sms: 40,
        cores_per_sm: 64,
        clock_ghz: 1.59,
        mem_bandwidth_gbs: 320.0,
    };
    assert_eq!(
        derived(custom.device(), "issue_cycles").map(|c| c.value),
        Some(0.5)
    );
}

/// Luo & Suda's m (resident warps per SM) from the compute capability, where the record has
/// none: the GTX260 keeps the paper's 32.
#[test]
fn luo_suda_m_follows_the_compute_capability() {
    for (id, m) in [
        ("gtx260", 32.0),
        ("8800gtx", 24.0),
        ("c2050", 48.0),
        ("k20m", 64.0),
        ("a100", 64.0),
        ("rtx3090", 48.0),
        ("h100", 64.0),
    ] {
        let c = find(id).and_then(|d| derived(d, "m")).expect(id);
        assert_eq!(c.value, m, "{id}");
    }
    assert!(find("gtx260")
        .and_then(|d| derived(d, "m"))
        .is_some_and(|c| c.source.from_paper()));
}

/// Newer GPUs take Mem_LD from published pointer-chase measurements and read their departure
/// delays from the measured bandwidth: 128 bytes (a coalesced warp) or 32 (one transaction)
/// over one SM's share of it per cycle.
#[test]
fn modern_memory_constants_come_from_measurements() {
    let a100 = find("a100").expect("a100");
    let mem_ld = a100.constant("mem_ld").expect("mem_ld");
    assert_eq!(mem_ld.value, 575.0);
    assert!(matches!(mem_ld.source, Source::Measured(_)));
    let stream = a100.constant("stream_bandwidth_gbs").expect("measured");
    assert_eq!(stream.value, 1360.0);
    // 1360 GB/s over 108 SMs at 1.41 GHz: 8.931 bytes per SM cycle.
    let per_cycle: f64 = 1360.0 / (108.0 * 1.41);
    let coal = derived(a100, "departure_del_coal").expect("derived").value;
    let uncoal = derived(a100, "departure_del_uncoal")
        .expect("derived")
        .value;
    // 14.332 and 3.583 cycles, to 0.01 (the form shows them as they are).
    assert!((128.0 / per_cycle - 14.332).abs() < 1e-3 && (32.0 / per_cycle - 3.583).abs() < 1e-3);
    assert_eq!((coal, uncoal), (14.33, 3.58));
    // Luo & Suda: t_mem is the measured latency, m the compute capability's 64 warps.
    assert_eq!(derived(a100, "t_mem").map(|c| c.value), Some(575.0));
    // The paper's GTX 280 keeps Table 6, and t_mem stays Luo & Suda's own default there.
    let gtx280 = find("gtx280").expect("gtx280");
    assert_eq!(
        derived(gtx280, "departure_del_coal").map(|c| c.value),
        Some(4.0)
    );
    assert!(derived(gtx280, "t_mem").is_none());
    // Launch overhead: measured per family on newer GPUs, none on the papers' devices.
    assert_eq!(
        find("h100")
            .and_then(|d| d.constant("launch_overhead_us"))
            .map(|c| c.value),
        Some(2.4)
    );
    assert!(find("fx5600")
        .and_then(|d| d.constant("launch_overhead_us"))
        .is_none());
    // Every preset with a sustained bandwidth has one below its vendor peak.
    for d in DEVICES.iter().filter(|d| d.kind == DeviceKind::Gpu) {
        if let Some(s) = d.constant("stream_bandwidth_gbs") {
            assert!(s.value < d.mem_bandwidth_gbs.value, "{}", d.id);
            assert!(s.value > 0.7 * d.mem_bandwidth_gbs.value, "{}", d.id);
        }
    }
}

#[test]
fn every_constant_has_a_name_for_people() {
    // The device facts table shows names and units, never the docs/models.md keys.
    for d in warpsight::devices::DEVICES {
        for (key, _) in warpsight::registry::device_constants(d) {
            let (name, _) = warpsight::devices::describe(key);
            assert_ne!(name, key, "{}: {key} has no name", d.id);
        }
    }
    assert_eq!(
        warpsight::devices::describe("ptx_add_int_const"),
        (
            "PTX add cost (integer, an immediate operand)".to_string(),
            "cycles"
        )
    );
    assert_eq!(
        warpsight::devices::describe("mem_ld"),
        ("DRAM access latency (Mem_LD)".to_string(), "cycles")
    );
}

/// A device's constant for the model field of that name, as the models take it: the record's
/// own, or the model's derivation from the device's other values (issue cycles, departure
/// delays, Luo & Suda's m and t_mem).
fn derived(d: &warpsight::devices::Device, key: &str) -> Option<warpsight::devices::Sourced<f64>> {
    warpsight::registry::MODELS.iter().find_map(|m| {
        let f = m
            .fields
            .iter()
            .find(|f| f.name == key && f.device == Some(key))?;
        warpsight::model::device_constant(m, f, d)
    })
}
