//! Issue 47 (honest pages): the device search ranks the name typed first; the measured page's
//! HTML keeps one ratio direction, breaks kernel names where a reader would, and states no
//! figure the file lacks.

use warpsight::devices::catalogue;

fn names(query: &str, n: usize) -> Vec<&'static str> {
    catalogue::find_devices(query, |_| true, n)
        .iter()
        .map(|d| d.name)
        .collect()
}

#[test]
fn rtx_3060_lists_the_3060_before_the_3060_ti() {
    let found = names("RTX 3060", 6);
    let plain = found
        .iter()
        .position(|n| n.contains("3060") && !n.contains("Ti"))
        .unwrap();
    let ti = found.iter().position(|n| n.contains("3060 Ti")).unwrap();
    assert!(plain < ti, "{found:?}");
}

#[test]
fn a_size_written_together_is_read_as_two_words() {
    for q in ["A100 80GB", "A100 80 GB", "a100 80"] {
        let found = names(q, 8);
        assert!(
            found
                .iter()
                .any(|n| n.contains("A100") && n.contains("PCIe") && n.contains("80")),
            "{q}: {found:?}"
        );
    }
    assert_eq!(catalogue::search_words("A100 80GB"), ["a100", "80", "gb"]);
}

#[test]
fn rank_counts_missing_then_extra_model_words() {
    let w = |s: &str| catalogue::search_words(s);
    let q = w("RTX 3060");
    assert_eq!(
        catalogue::search_rank(&q, &w("NVIDIA GeForce RTX 3060 12 GB")),
        (0, 0)
    );
    assert_eq!(
        catalogue::search_rank(&q, &w("NVIDIA GeForce RTX 3060 Ti")),
        (0, 1)
    );
    assert_eq!(
        catalogue::search_rank(&w("RTX 306"), &w("GeForce RTX 3060")),
        (1, 1)
    );
}

/// Every constant a device's details list has a label (not its raw key), for the presets and
/// the catalogue's GPUs alike ("l2_mb", "base_clock_ghz", "fp16_gflops" were shown raw).
#[test]
fn every_device_constant_has_a_label() {
    let mut devices: Vec<&warpsight::devices::Device> = warpsight::devices::presets().collect();
    devices.extend(catalogue::find_devices("H100", |_| true, 4));
    devices.extend(catalogue::find_devices("GTX 1080", |_| true, 2));
    let mut seen = 0;
    for d in devices {
        for (key, _) in warpsight::registry::device_constants(d) {
            let (name, _) = warpsight::devices::describe(key);
            assert_ne!(name, key, "{}: {key} has no label", d.id);
            seen += 1;
        }
    }
    assert!(seen > 100, "{seen}");
}

use warpsight::analysis::profiler;
use warpsight::measured::{self, compare};

fn fixture(path: &str) -> warpsight::analysis::profiler::Profile {
    let path = format!(
        "{}/tests/fixtures/profiler/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    profiler::read(&std::fs::read(&path).unwrap()).unwrap()
}

#[test]
fn kernel_names_break_after_underscores_and_colons_before_parentheses_and_at_case_changes() {
    use measured::html::breakable;
    assert_eq!(
        breakable("cuda_compute_step_factor"),
        "cuda_<wbr>compute_<wbr>step_<wbr>factor"
    );
    assert_eq!(
        breakable("ns::fooBar(int)"),
        "ns::<wbr>foo<wbr>Bar<wbr>(int)"
    );
    // Escaped, and no break inside an all-capital or all-lower word.
    assert_eq!(breakable("gemm<T>"), "gemm&lt;T&gt;");
    assert_eq!(breakable("SGEMM"), "SGEMM");
}

/// The roofline's ratio has every other ratio's direction, bound ÷ measured: the gather kernel
/// ran at 12 × its bound, shown as "bound 0.081×", uncoloured (a bound below the measured
/// time is what a bound is). No "measured ÷ bound" anywhere.
#[test]
fn one_direction_for_every_ratio() {
    let r = compare(&fixture("ncu_counters_a100.csv"));
    let html = measured::html::report_html(&r, "a100.csv");
    assert!(!html.contains("measured ÷ bound"));
    let row = &html[html.find(r#"<tr id="kernel-row-2">"#).unwrap()..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(row.contains("gather"), "{row}");
    let cell = &row[row.find(r#"data-model="roofline""#).unwrap()..];
    assert!(
        cell.contains(r#"<span class="">bound 0.081×</span>"#),
        "{cell}"
    );
    // The summary: the roofline's median is below 1, and so not coloured as off.
    let roof = r.models.iter().find(|m| m.model == "roofline").unwrap();
    assert!(roof.lower_bound && roof.median_ratio.unwrap() < 1.0);
    let summary = &html[html.find(r#"<tr data-model="roofline">"#).unwrap()..];
    let summary = &summary[..summary.find("</tr>").unwrap()];
    assert!(!summary.contains("ratio-far"), "{summary}");
    // A prediction's ratio far from 1 is still coloured.
    let hk = r.models.iter().find(|m| m.model == "hong-kim").unwrap();
    assert!(!hk.lower_bound);
}

/// A file that names no GPU: the page says so once, above the table; each model's cell says
/// "needs the GPU"; no input computed on a stand-in GPU is stated (Luo & Suda's n_act);
/// occupancy is not claimed.
#[test]
fn no_gpu_is_said_once_and_nothing_is_computed_on_a_stand_in() {
    let r = compare(&fixture("round2/nvvp_gpu_details.csv"));
    let html = measured::html::report_html(&r, "nvvp.csv");
    assert_eq!(html.matches(r#"id="measured-no-device""#).count(), 1);
    assert!(!html.contains("pick its GPU above, or open the model"));
    let row = &html[html.find(r#"<tr id="kernel-row-0">"#).unwrap()..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert_eq!(row.matches("needs the GPU</a>").count(), 4, "{row}");
    assert!(html.contains(r#"<code>n_act</code> <span class="typed">needs the GPU</span>"#));
    assert!(!html.contains(r#"<code>n_act</code> = "#));
}

/// Occupancy computed without the file's registers or shared memory counts none of them:
/// an upper limit, said so; the detail states no "0 B shared memory" the file never gave.
#[test]
fn occupancy_says_what_it_assumed() {
    let text = "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n\
\"0\",\"1\",\"a\",\"h\",\"k\",\"1\",\"7\",\"(256, 1, 1)\",\"(1024, 1, 1)\",\"0\",\"8.0\",\"GPU Speed Of Light Throughput\",\"Duration\",\"usecond\",\"10\"\n";
    let p = profiler::read(text.as_bytes()).unwrap();
    let r = measured::compare_on(&p, warpsight::devices::find("a100"));
    let html = measured::html::report_html(&r, "k.csv");
    assert!(
        html.contains("at most 100%"),
        "{}",
        &html[..html.len().min(3000)]
    );
    assert!(html.contains("assumes no registers or shared memory"));
    assert!(html.contains("The file gives no registers or shared memory: warpsight's occupancy counts none, so it is an upper limit."));
    assert!(!html.contains("B shared memory per block"));
}

/// Where the profile's values came from travels in the link (`origin=field:p|c|a`), is read
/// back for the model's own fields only, and is written again as it was read.
#[test]
fn origins_round_trip_through_the_link() {
    use warpsight::link;
    use warpsight::model::launch::Origin;
    let q = "v=1&model=hong-kim&device=gtx280&blocks=80&measured_s=0.001&to_type=comp_insts&origin=blocks:p,synch_insts:a,mem_ld:c,nope:p,blocks:c,comp_insts:x";
    let (state, _) = link::from_query(q);
    let m = state.measured.as_ref().unwrap();
    assert_eq!(m.to_type, ["comp_insts"]);
    assert_eq!(
        m.origins,
        [
            ("blocks", Origin::Profile),
            ("synch_insts", Origin::Assumed),
            ("mem_ld", Origin::Computed)
        ]
    );
    let written = link::to_query(&state);
    assert!(
        written.contains("&to_type=comp_insts&origin=blocks:p,synch_insts:a,mem_ld:c"),
        "{written}"
    );
    let (again, notices) = link::from_query(&written);
    assert_eq!(again, state);
    assert!(notices.is_empty(), "{notices:?}");
}

/// A link the page writes reopens to the same state with no notice, for every model, on a
/// custom device at the edges of its fields' ranges (issue 49: `custom_sms` up to 1,024 gave
/// the roofline 1,024 SMs against a limit of 1,000, and 2 × 1,024 cores × 1,024 SMs × 10 GHz
/// an FP32 peak over 10⁷ GFLOP/s).
#[test]
fn a_custom_device_at_its_limits_reopens_in_every_model() {
    use warpsight::link;
    for m in warpsight::registry::MODELS {
        for (sms, cores, clock, bw) in [
            (1024, 1024, 10.0, 100_000.0),
            (1, 1, 0.01, 0.1),
            (82, 128, 1.695, 936.0),
        ] {
            for cc in ["1.3", "8.6", "9.0"] {
                let q = format!(
                    "v=1&model={}&device=custom&custom_cc={cc}&custom_sms={sms}&custom_cores_per_sm={cores}&custom_clock_ghz={clock}&custom_bandwidth_gbs={bw}",
                    m.id
                );
                let (state, _) = link::from_query(&q);
                let written = link::to_query(&state);
                let (again, notices) = link::from_query(&written);
                assert!(notices.is_empty(), "{}: {written}: {notices:?}", m.id);
                assert_eq!(again, state, "{}: {written}", m.id);
            }
        }
    }
}

/// Issue 57: the page tells its users what the page offers, not the command line's flags: a
/// device note's "(--device ID on the command line)" reads "(with “Find any CUDA GPU” above)"
/// there; the JSON keeps the command line's words.
#[test]
fn the_page_speaks_of_its_own_search_not_the_command_line() {
    let r = compare(&fixture("round2/nvvp_gpu_details.csv"));
    assert!(r.kernels[0]
        .device
        .note
        .contains("(--device ID on the command line)"));
    let html = measured::html::report_html(&r, "nvvp.csv");
    assert!(!html.contains("--device"), "the page names a flag");
    assert!(html.contains("(with “Find any CUDA GPU” above)"));
}
