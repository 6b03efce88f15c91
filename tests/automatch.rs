//! AutoMatch (seed 004): eqs. 1–5 by hand, the paper's Table I on the presets, the §II-D2
//! split, the exact LRU stack distances (the paper's Fig. 5, and against a naive count on
//! random streams long enough to renumber the slots), Lackey's and the operation trace's
//! readers in any chunk sizes, and the CLI's `analyze memory` and `analyze ops`.

use std::io::Write;
use std::process::Command;

use proptest::prelude::*;
use warpsight::analysis::{runs_text, LackeyReader, OpsReader, StackDistance};
use warpsight::devices;
use warpsight::model::automatch::{self as am, Arch, Bottleneck, Levels, Profile};

const BIN: &str = env!("CARGO_BIN_EXE_warpsight");

fn arch(id: &str) -> Arch {
    Arch::of(devices::find(id).unwrap()).unwrap()
}

#[test]
fn table_i_on_the_presets() {
    // ARC1–ARC5: np, π0, Z, L, βf, αf, βs, αs, s0 as printed; the vector width of the reading.
    let rows: [(&str, [f64; 10]); 5] = [
        (
            "i5-2400",
            [4.0, 20.0, 6.0, 64.0, 285.0, 0.004, 18.88, 0.065, 0.2, 4.0],
        ),
        (
            "i7-4700",
            [4.0, 33.0, 6.0, 64.0, 349.0, 0.004, 11.5, 0.052, 0.44, 4.0],
        ),
        (
            "c2075",
            [
                448.0, 0.9, 1.6, 128.0, 2117.0, 0.028, 87.92, 0.71, 7.22, 1.0,
            ],
        ),
        (
            "k20c",
            [
                2496.0, 0.41, 2.3, 128.0, 2018.0, 0.045, 129.73, 0.68, 6.5, 1.0,
            ],
        ),
        (
            "k20x",
            [
                2688.0, 0.42, 2.3, 128.0, 2424.0, 0.045, 160.1, 0.68, 6.5, 1.0,
            ],
        ),
    ];
    for (id, values) in rows {
        let a = arch(id);
        for (k, v) in am::ARCH_KEYS.iter().zip(values) {
            assert_eq!(a.get(k), Some(v), "{id} {k}");
        }
        let d = devices::find(id).unwrap();
        for k in &am::ARCH_KEYS[..9] {
            assert!(d.constant(k).unwrap().source.from_paper(), "{id} {k}");
        }
    }
    // C = ⌊Z · 2^20 / L⌋: 6 MB of 64 B lines; 1.6 MB of 128 B lines.
    assert_eq!(arch("i5-2400").capacity_lines(), 98_304);
    assert_eq!(arch("c2075").capacity_lines(), 13_107);
    // Devices without Table I values have none.
    assert!(Arch::of(devices::find("h100").unwrap()).is_none());
}

#[test]
fn equations_by_hand() {
    // Eq. 1: (3 + 1) / (2 · 3); 1 with neither (the reading).
    assert_eq!(am::f_im(3.0, 1.0), 4.0 / 6.0);
    assert_eq!(am::f_im(5.0, 5.0), 1.0);
    assert_eq!(am::f_im(0.0, 0.0), 1.0);
    // Eq. 2 read: W_vec / W, but at least 1 / vector_width.
    assert_eq!(am::f_v(0.0, 100.0, 4.0), 0.25);
    assert_eq!(am::f_v(80.0, 100.0, 4.0), 0.8);
    assert_eq!(am::f_v(0.0, 100.0, 1.0), 1.0);
    // Eq. 3: levels 8, 8, 2 on 4 cores of 1 GFLOPS, f_v = f_im = 1:
    // 3/1e9 + 8/(4e9) · 2 + 2/(2e9) = 3e-9 + 4e-9 + 1e-9.
    let levels = Levels::from_counts([8.0, 8.0, 2.0]);
    assert_eq!(levels.0, vec![(8.0, 2), (2.0, 1)]);
    assert_eq!(levels.depth(), 3);
    assert_eq!(levels.work(), 18.0);
    let t = am::t_comp(&levels, 4.0, 1e9, 1.0, 1.0);
    assert!((t - 8e-9).abs() < 1e-21, "{t}");
    // Eq. 4: (1 + 2) µs · 3 levels + (640/1e9 + 64/1e8) · 64 B.
    let m = am::t_mem(1e-6, 2e-6, 3.0, 640.0, 64.0, 1e9, 1e8, 64.0);
    assert!((m - (9e-6 + (640e-9 + 640e-9) * 64.0)).abs() < 1e-18, "{m}");
    // Eq. 5.
    assert_eq!(am::t_syn(100.0, 6.5e-6), 6.5e-4);
}

#[test]
fn cost_on_arc1_by_hand() {
    // One level of 1,000 additions and 1,000 multiplications, nothing vectorizes, 4,000 hits
    // and 1,000 misses, 10 synchronizations, on the i5-2400.
    let p = Profile {
        levels: Levels::from_counts([2000.0]),
        w_add: 1000.0,
        w_mul: 1000.0,
        w_vec: 0.0,
        q_f: 4000.0,
        q_s: 1000.0,
        s: 10.0,
    };
    let c = am::cost(&arch("i5-2400"), &p);
    assert_eq!(c.f_im, 1.0);
    assert_eq!(c.f_v, 0.25);
    // 1/20e9 + 2000 / (4 · 20e9 · 0.25) = 0.05 ns + 100 ns.
    assert!((c.t_comp_s - (0.05e-9 + 100e-9)).abs() < 1e-18);
    // (0.004 + 0.065) µs + (4000/285e9 + 1000/18.88e9) · 64.
    let tm = 0.069e-6 + (4000.0 / 285e9 + 1000.0 / 18.88e9) * 64.0;
    assert!((c.t_mem_s - tm).abs() < 1e-18);
    assert!((c.t_syn_s - 2e-6).abs() < 1e-18);
    assert_eq!(c.t_total_s, c.t_comp_s + c.t_mem_s + c.t_syn_s);
    assert_eq!(c.bottleneck, Bottleneck::Memory);
}

#[test]
fn the_split_of_section_ii_d2() {
    // "If the relative execution cost on the CPU and the GPU is 3 to 1, … three to the GPU and
    // the other to the CPU."
    let totals = [3.0, 1.0];
    assert_eq!(am::shares(&totals), vec![0.25, 0.75]);
    assert_eq!(am::t_combined(&totals), 0.75);
    // Even: each does half, the CPU decides: 3/2.
    assert_eq!(am::t_even(&totals), 1.5);
    assert_eq!(am::ranks(&totals), vec![2, 1]);
    assert_eq!(am::ranks(&[2.0, 1.0, 2.0]), vec![2, 1, 2]);
}

/// The paper's Fig. 5: D F G E F H J H G G.
#[test]
fn figure_5() {
    let mut sd = StackDistance::new();
    for c in "DFGEFHJHGG".bytes() {
        sd.access(u64::from(c));
    }
    assert_eq!(sd.references(), 10);
    assert_eq!(sd.cold(), 6);
    // F after G, E: 2; H after J: 1; G after E, F, H, J: 4; G again: 0.
    assert_eq!(sd.histogram(), vec![(0, 1), (1, 1), (2, 1), (4, 1)]);
    // A fast memory of 2 lines keeps distances 0 and 1.
    assert_eq!(sd.q(2), (2, 8));
    assert_eq!(sd.q(5), (4, 6));
}

/// Distances by definition: distinct other lines since the last reference.
fn naive(stream: &[u64]) -> (Vec<(u64, u64)>, u64) {
    let mut hist = std::collections::BTreeMap::new();
    let mut cold = 0;
    for (i, l) in stream.iter().enumerate() {
        match stream[..i].iter().rposition(|x| x == l) {
            None => cold += 1,
            Some(j) => {
                let distinct: std::collections::HashSet<_> = stream[j + 1..i].iter().collect();
                *hist.entry(distinct.len() as u64).or_insert(0) += 1;
            }
        }
    }
    (hist.into_iter().collect(), cold)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// 3,000 references over up to 300 lines: the slots are renumbered (at 1,024) several times.
    #[test]
    fn exact_against_the_definition(stream in prop::collection::vec(0u64..300, 1..3000)) {
        let mut sd = StackDistance::new();
        for &l in &stream {
            sd.access(l);
        }
        let (hist, cold) = naive(&stream);
        prop_assert_eq!(sd.histogram(), hist);
        prop_assert_eq!(sd.cold(), cold);
    }

    /// Streams with locality: a few lines around a drifting base, so that references hit the
    /// eight most recent lines (kept outside the tree), fall just past them, and push them out,
    /// across several renumberings.
    #[test]
    fn exact_with_locality(steps in prop::collection::vec((0u64..12, 0u64..3), 1..4000)) {
        let mut base = 0u64;
        let stream: Vec<u64> = steps
            .iter()
            .map(|&(offset, drift)| {
                base += u64::from(drift == 0);
                base + offset
            })
            .collect();
        let mut sd = StackDistance::new();
        for &l in &stream {
            sd.access(l);
        }
        let (hist, cold) = naive(&stream);
        prop_assert_eq!(sd.histogram(), hist);
        prop_assert_eq!(sd.cold(), cold);
        prop_assert_eq!(sd.lines(), cold);
        prop_assert_eq!(sd.references(), stream.len() as u64);
    }
}

const LACKEY: &str = "==4242== Lackey, an example Valgrind tool\r
I  0400ab4,3\r
 L 1000,8\r
 S 1040,8\r
 M 1000,4\r
 L 1080,8\r
I  0400ab8,2\r
 L 1040,8\r
==4242== \r
";

#[test]
fn lackey_in_any_chunks() {
    for chunk in [1, 3, 7, LACKEY.len()] {
        let mut r = LackeyReader::new(&[64, 128]);
        for c in LACKEY.as_bytes().chunks(chunk) {
            r.feed(c).unwrap();
        }
        let r = r.finish().unwrap();
        // 64 B lines: 0x1000→64, 0x1040→65, 0x1000 (M: twice), 0x1080→66, 0x1040.
        // Stream 64 65 64 64 66 65: ∞ ∞ 1 0 ∞ 2.
        let s = r.at(64).unwrap();
        assert_eq!(s.references(), 6, "chunk {chunk}");
        assert_eq!(s.cold(), 3);
        assert_eq!(s.histogram(), vec![(0, 1), (1, 1), (2, 1)]);
        // 128 B lines: 32 32 32 32 33 32: ∞ 0 0 0 ∞ 1.
        let s = r.at(128).unwrap();
        assert_eq!(s.cold(), 2);
        assert_eq!(s.histogram(), vec![(0, 3), (1, 1)]);
    }
}

#[test]
fn lackey_errors_name_the_line() {
    let mut r = LackeyReader::new(&[64]);
    let e = r.feed(b" L 1000,8\n X 12,4\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(
        e.message.starts_with("expected a Lackey line"),
        "{}",
        e.message
    );
    let mut r = LackeyReader::new(&[64]);
    let e = r.feed(b" L zz,8\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: expected a hex address before the comma"
    );
}

const OPS: &str = "# a = x*y; b = a+x; store b; c = load b + a; sync
ld r1 100
ld r2 108
mul r3 r1 r2
add r4 r3 r1
st 200 r4
ld r5 200
sub r6 r5 r3
sync
mul r7 r1 r2
";

#[test]
fn the_asap_schedule_of_an_operation_trace() {
    for chunk in [1, 5, OPS.len()] {
        let mut r = OpsReader::new();
        for c in OPS.as_bytes().chunks(chunk) {
            r.feed(c).unwrap();
        }
        let p = r.finish().unwrap();
        // mul r3: level 1; add r4: 2; st gives 200 level 2; ld r5: 2; sub r6: 3; mul r7: 1.
        assert_eq!(p.d, 3, "chunk {chunk}");
        assert_eq!(p.w, vec![2, 1, 1]);
        assert_eq!(p.w_add, 2);
        assert_eq!(p.w_mul, 2);
        assert_eq!(p.s, 1);
    }
    let e = OpsReader::new()
        .feed(b"add r1 r2\nmov r1 r2\n")
        .unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("not “mov”"), "{}", e.message);
    let e = OpsReader::new().feed(b"add x1 r2\n").unwrap_err();
    assert_eq!(e.message, "expected a register r<n>, not “x1”");
}

#[test]
fn runs_in_the_link_form() {
    assert_eq!(runs_text(&[5000, 5000, 5000, 12]), "5000*3,12");
    assert_eq!(runs_text(&[1, 2, 2]), "1,2*2");
    assert_eq!(runs_text(&[]), "");
}

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("warpsight-am-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    path
}

fn cli(args: &[&str]) -> serde_json::Value {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn cli_analyze_memory_and_ops() {
    let trace = temp("trace.lackey", LACKEY);
    let j = cli(&["analyze", "memory", trace.to_str().unwrap()]);
    assert_eq!(j["references"], 6);
    assert_eq!(j["cold"], 3);
    assert_eq!(j["histogram"], serde_json::json!([[0, 1], [1, 1], [2, 1]]));
    // Every Table I device: all reuse fits; the CPUs (64 B lines) miss 3, the GPUs 2.
    assert_eq!(j["q_f_by_device"]["i5-2400"], 3);
    assert_eq!(j["q_s_by_device"]["i5-2400"], 3);
    assert_eq!(j["q_f_by_device"]["k20x"], 4);
    assert_eq!(j["q_s_by_device"]["k20x"], 2);
    let j = cli(&[
        "analyze",
        "memory",
        trace.to_str().unwrap(),
        "--line",
        "128",
    ]);
    assert_eq!(j["histogram"], serde_json::json!([[0, 3], [1, 1]]));
    let out = Command::new(BIN)
        .args([
            "analyze",
            "memory",
            trace.to_str().unwrap(),
            "--line",
            "100",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: --line: “100” must be a power of two from 1 to 4096 (bytes)"
    );

    let ops = temp("ops.txt", OPS);
    let j = cli(&["analyze", "ops", ops.to_str().unwrap()]);
    assert_eq!(j["d"], 3);
    assert_eq!(j["w"], "2,1*2");
    assert_eq!(j["w_add"], 2);
    assert_eq!(j["w_mul"], 2);
    assert_eq!(j["s"], 1);
    // A matrix file's profile: SpMV replayed on it (the page's worker runs the same reader).
    let mtx = temp("m.mtx", profile::MTX);
    let j = cli(&["analyze", "profile", mtx.to_str().unwrap(), "--line", "32"]);
    assert_eq!(j["source"], "SpMV on the file's matrix, 3 × 3, 6 non-zeros");
    assert_eq!(j["schedule"]["w"], "6,2,1");
    // Line sizes ascending, the Table I devices' and 32 B. At 32 B the six values take two
    // lines: the fifth value's is a fifth cold line; from then on row 2 finds col, x and the
    // new line at distance 2, and y comes back at 4 (col, val's two lines, x since).
    assert_eq!(j["memory"][0]["line"], 32);
    assert_eq!(j["memory"][0]["cold"], 5);
    assert_eq!(
        j["memory"][0]["histogram"],
        serde_json::json!([[2, 8], [3, 7], [4, 1]])
    );
    let bad = temp("bad.txt", "add r1 r2\nfoo\n");
    let out = Command::new(BIN)
        .args(["analyze", "ops", bad.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.txt: line 2: expected add"));
}

mod generators {
    use warpsight::analysis::generators::Workload;

    fn check(w: Workload, d: u64, levels: &str, w_add: u64, w_mul: u64, s: u64, refs: u64) {
        let g = w.generate(&[64, 128]);
        assert_eq!(g.ops.d, d, "{w:?}");
        assert_eq!(warpsight::analysis::runs_text(&g.ops.w), levels, "{w:?}");
        assert_eq!(
            (g.ops.w_add, g.ops.w_mul, g.ops.s),
            (w_add, w_mul, s),
            "{w:?}"
        );
        for (_, sd) in &g.memory {
            assert_eq!(sd.references(), refs, "{w:?}");
        }
    }

    #[test]
    fn counts_by_hand() {
        // C = A·B, n = 4: 64 multiplications at level 1, then each of the 16 sums adds one
        // product per level 2..4; 2n³ loads and n² stores.
        check(Workload::Matmul { n: 4 }, 4, "64,16*3", 48, 64, 0, 144);
        // Heat2D on 6 × 6: 16 interior points, three additions and a multiplication each.
        check(
            Workload::Heat2d { n: 6, steps: 1 },
            4,
            "16*4",
            48,
            16,
            1,
            80,
        );
        // A second step starts from the first one's level 4: each point's first addition has
        // an interior neighbour, so every level 5..8 holds all 16 points.
        check(
            Workload::Heat2d { n: 6, steps: 2 },
            8,
            "16*8",
            96,
            32,
            2,
            160,
        );
        // 7-point stencil on 4³: 8 interior points, six additions then a multiplication.
        check(
            Workload::Stencil3d { n: 4, steps: 1 },
            7,
            "8*7",
            48,
            8,
            1,
            64,
        );
        // SpMV, 10 rows of 3: 30 products at level 1, the two additions of each row at 2, 3;
        // per non-zero an index, a value and an x; one y per row.
        check(
            Workload::Spmv {
                rows: 10,
                per_row: 3,
                seed: 7,
            },
            3,
            "30,10*2",
            20,
            30,
            0,
            100,
        );
        // LU, n = 2: the division (1), its product (2), the subtraction (3).
        check(Workload::Lu { n: 2 }, 3, "1*3", 1, 1, 1, 6);
    }

    #[test]
    fn lu_counts_and_memory() {
        // n = 4: 6 divisions, Σ (n−k−1)² = 9 + 4 + 1 = 14 multiplications and subtractions,
        // 3 pivot steps.
        let g = Workload::Lu { n: 4 }.generate(&[64]);
        assert_eq!((g.ops.w_add, g.ops.w_mul, g.ops.s), (14, 14, 3));
        assert_eq!(g.ops.w.iter().sum::<u64>(), 6 + 28);
        assert_eq!(g.w_vec, 28, "{}", g.w_vec_note);
        // 16 doubles: two 64 B lines, both touched first by the first pivot step.
        assert_eq!(g.memory[0].1.cold(), 2);
        // Matmul n = 4: A, B and C are 128 B each: 2 lines of 64 B, 1 of 128 B.
        let g = Workload::Matmul { n: 4 }.generate(&[64, 128]);
        assert_eq!(g.memory[0].1.cold(), 6);
        assert_eq!(g.memory[1].1.cold(), 3);
        assert_eq!(g.w_vec, 112);
        // SpMV gathers x: no W_vec.
        assert_eq!(
            Workload::Spmv {
                rows: 10,
                per_row: 3,
                seed: 7
            }
            .generate(&[64])
            .w_vec,
            0
        );
    }
}

/// The declaration (fields, outputs, errors) evaluated directly.
mod declaration {
    use warpsight::devices;
    use warpsight::model::automatch::{self as am, Arch, MODEL};
    use warpsight::model::{Cell, Out, Params};

    fn eval(pairs: &[(&str, &str)]) -> Result<warpsight::model::Evaluation, String> {
        let d = devices::find("k20x").unwrap();
        let mut p = Params::defaults(&MODEL, d);
        for (k, v) in pairs {
            let f = MODEL.field(k).unwrap();
            p.set(
                k,
                f.parse(v)
                    .map_err(|e| format!("{}: {}", e.field, e.message))?,
            );
        }
        (MODEL.evaluate)(&p, d).map_err(|e| format!("{}: {}", e.field, e.message))
    }

    /// The profile's counts take every whole number up to 2^53 exactly and say where they
    /// stop: f64 holds only every second whole number above it (issue 24, item 7).
    #[test]
    fn counts_up_to_2_pow_53_and_the_stated_limit_above() {
        let limit = "must be a whole number from 0 to 9,007,199,254,740,992";
        for name in ["w_add", "w_mul", "w_vec", "q_f", "q_s", "s"] {
            let f = MODEL.field(name).unwrap();
            assert_eq!(f.range_text(), limit, "{name}");
            for ok in [
                "9007199254740992",
                "9,007,199,254,740,991",
                "9000000000000001",
            ] {
                let v = f.parse(ok).unwrap_or_else(|e| panic!("{name}={ok}: {e}"));
                assert_eq!(f.text(&v), ok.replace(',', ""), "{name}");
            }
            for bad in ["9007199254740994", "1e18", "1000000000000000000"] {
                let e = f.parse(bad).unwrap_err();
                assert_eq!(e.message, limit, "{name}={bad}");
            }
        }
        // The largest count predicts.
        let e = eval(&[("q_f", "9007199254740992"), ("s", "9007199254740992")]).unwrap();
        assert!(num(out(&e, "t_combined_s")).unwrap().is_finite());
        // q_by_capacity's columns stop there too.
        let f = MODEL.field("q_by_capacity").unwrap();
        assert!(f.parse("64:100:9007199254740992:0").is_ok());
        assert!(f.parse("64:100:9007199254740994:0").is_err());
    }

    fn out<'a>(e: &'a warpsight::model::Evaluation, name: &str) -> &'a Out {
        let i = MODEL.outputs.iter().position(|o| o.name == name).unwrap();
        &e.outputs[i]
    }

    fn num(o: &Out) -> Option<f64> {
        match o.cell() {
            Some(Cell::Num(x)) => Some(*x),
            _ => None,
        }
    }

    fn by_device(o: &Out) -> Vec<(&'static str, f64)> {
        match o {
            Out::Cells { devices, cells } => devices
                .iter()
                .zip(cells)
                .map(|(d, c)| match c {
                    Cell::Num(x) => (*d, *x),
                    _ => (*d, f64::NAN),
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn the_default_node_of_fig_11() {
        let e = eval(&[]).unwrap();
        // Two architectures: no scalars, each output per device.
        assert_eq!(num(out(&e, "t_total_s")), None);
        let totals = by_device(out(&e, "t_total_s_by_device"));
        assert_eq!(
            totals.iter().map(|t| t.0).collect::<Vec<_>>(),
            ["i5-2400", "k20x"]
        );
        // Each is eqs. 1–5 on its Table I row.
        // By hand from Table I (ARC1 the i5-2400, ARC5 the K20X): f_im = (W_add + W_mul) /
        // (2 · W_add) = 2/3, f_v = 1 (W_vec = W); T_comp = d/π_0 + 400 · 1,048,576 /
        // (min(1,048,576, np) · π_0 · f_v · f_im); T_mem = (α_f + α_s) · d + (Q_f/β_f + Q_s/β_s)
        // · L; T_syn = S · S_0.
        // Q_f and Q_s are the default profile's counted in each one's lines: 4.75 and 0.25 a
        // point-step in 64-byte lines, 4.875 and 0.125 in 128-byte lines (issue 26).
        let hand = |np: f64, pi0: f64, l: f64, bf: f64, af: f64, bs: f64, a_s: f64, s0: f64| {
            let t_comp = 400.0 / (pi0 * 1e9) + 400.0 * 1_048_576.0 / (np * pi0 * 1e9 * 2.0 / 3.0);
            let (q_f, q_s) = if l == 64.0 {
                (498_073_600.0, 26_214_400.0)
            } else {
                (511_180_800.0, 13_107_200.0)
            };
            let t_mem = (af + a_s) * 1e-6 * 400.0 + (q_f / (bf * 1e9) + q_s / (bs * 1e9)) * l;
            t_comp + t_mem + 100.0 * s0 * 1e-6
        };
        let i5 = hand(4.0, 20.0, 64.0, 285.0, 0.004, 18.88, 0.065, 0.2);
        let k20x = hand(2688.0, 0.42, 128.0, 2424.0, 0.045, 160.1, 0.68, 6.5);
        // 0.00786434 + 0.200738… + 0.00002 s, and 0.000558… + 0.0377623… + 0.00065 s.
        assert!((i5 - 0.208_622_419_548).abs() < 1e-11, "{i5}");
        assert!((k20x - 0.038_970_487_331).abs() < 1e-11, "{k20x}");
        for ((id, t), want) in totals.iter().zip([i5, k20x]) {
            assert!((t - want).abs() <= 1e-12 * want, "{id}: {t} against {want}");
        }
        // The K20X is faster: rank 1, the larger share; shares sum to 1; the split beats both.
        assert_eq!(
            by_device(out(&e, "rank")),
            [("i5-2400", 2.0), ("k20x", 1.0)]
        );
        let shares = by_device(out(&e, "share"));
        assert!((shares[0].1 + shares[1].1 - 1.0).abs() < 1e-15);
        assert!((shares[1].1 / shares[0].1 - totals[0].1 / totals[1].1).abs() < 1e-9);
        let split = num(out(&e, "t_combined_s")).unwrap();
        assert!(split < totals[1].1);
        assert_eq!(num(out(&e, "t_even_s")).unwrap(), totals[0].1 / 2.0);
    }

    #[test]
    fn one_architecture_gives_the_scalars_and_typed_values_change_it() {
        let e = eval(&[("devices", "c2075")]).unwrap();
        let c = am::cost(
            &Arch::of(devices::find("c2075").unwrap()).unwrap(),
            &am::Profile {
                levels: am::Levels(vec![(1_048_576.0, 400)]),
                w_add: 314_572_800.0,
                w_mul: 104_857_600.0,
                w_vec: 419_430_400.0,
                // The default profile counted in the C2075's 128-byte lines.
                q_f: 511_180_800.0,
                q_s: 13_107_200.0,
                s: 100.0,
            },
        );
        assert_eq!(num(out(&e, "t_comp_s")), Some(c.t_comp_s));
        assert_eq!(num(out(&e, "t_total_s")), Some(c.t_total_s));
        // By hand from Table I's ARC3 (np 448, π_0 0.9 GFLOPS): T_comp = 400 / 0.9e9 + 400 ·
        // 1,048,576 / (448 · 0.9e9 · 2/3) = 0.000000444… + 0.00156038… s; T_mem = (0.028 +
        // 0.71) µs · 400 + (511,180,800 / 2,117 GB/s + 13,107,200 / 87.92 GB/s) · 128 B;
        // T_syn = 100 · 7.22 µs.
        let t_comp: f64 = 400.0 / 0.9e9 + 419_430_400.0 / (448.0 * 0.9e9 * 2.0 / 3.0);
        assert!((t_comp - 0.001_560_825_396_825).abs() < 1e-15);
        let t_mem: f64 =
            0.738e-6 * 400.0 + (511_180_800.0 / 2117e9 + 13_107_200.0 / 87.92e9) * 128.0;
        let total = t_comp + t_mem + 100.0 * 7.22e-6;
        assert!((total - 0.052_567_874_604).abs() < 1e-11, "{total}");
        assert!(
            (c.t_comp_s - t_comp).abs() <= 1e-12 * t_comp,
            "{}",
            c.t_comp_s
        );
        assert!(
            (c.t_total_s - total).abs() <= 1e-12 * total,
            "{}",
            c.t_total_s
        );
        // Eq. 1: (W_add + W_mul) / (2 · W_add).
        assert_eq!(num(out(&e, "f_im")), Some(419_430_400.0 / 629_145_600.0));
        assert_eq!(num(out(&e, "f_im")), Some(c.f_im));
        // Doubling the slow memory's bandwidth on the one architecture lowers T_mem.
        let faster = eval(&[("devices", "c2075"), ("beta_s_gbs", "175.84")]).unwrap();
        assert!(num(out(&faster, "t_mem_s")).unwrap() < num(out(&e, "t_mem_s")).unwrap());
        // d is the number of levels.
        assert_eq!(
            eval(&[
                ("w", "10*3,5"),
                ("d", "3"),
                ("w_add", "0"),
                ("w_mul", "0"),
                ("w_vec", "0")
            ])
            .unwrap_err(),
            "d: must be auto or the number of levels in w (4)"
        );
    }

    #[test]
    fn errors_name_the_field() {
        assert_eq!(
            eval(&[("devices", "h100")]).unwrap_err(),
            "devices: “h100” is not a device this model takes; valid: c2075, k20c, k20x, i5-2400, i7-4700"
        );
        assert_eq!(
            eval(&[("np", "64")]).unwrap_err(),
            "np: a typed value changes one architecture: choose one in the list, or add custom"
        );
        assert!(eval(&[("w", "10,10"), ("w_add", "30")])
            .unwrap_err()
            .starts_with("w_add: W_add + W_mul must be at most"));
    }

    #[test]
    fn q_by_capacity_gives_each_architecture_its_row() {
        // ARC1 (i5-2400): 6 MB in 64 B lines, C = 98,304; ARC5 (K20X): 2.3 MB in 128 B,
        // ⌊18,841.6⌋.
        assert_eq!(
            Arch::of(devices::find("i5-2400").unwrap())
                .unwrap()
                .capacity_lines(),
            98_304
        );
        assert_eq!(
            Arch::of(devices::find("k20x").unwrap())
                .unwrap()
                .capacity_lines(),
            18_841
        );
        let rows = "64:98304:1000:10,128:18841:500:505";
        let e = eval(&[("q_by_capacity", rows)]).unwrap();
        let detail = e.detail.get::<am::Automatch>().unwrap();
        assert_eq!(detail.q, vec![(1000.0, 10.0, true), (500.0, 505.0, true)]);
        // Each architecture's T_mem is eq. 4 with its own row.
        for (i, (id, q_f, q_s)) in [("i5-2400", 1000.0, 10.0), ("k20x", 500.0, 505.0)]
            .into_iter()
            .enumerate()
        {
            let a = Arch::of(devices::find(id).unwrap()).unwrap();
            let want = am::t_mem(
                a.alpha_f_us * 1e-6,
                a.alpha_s_us * 1e-6,
                400.0,
                q_f,
                q_s,
                a.beta_f_gbs * 1e9,
                a.beta_s_gbs * 1e9,
                a.l_bytes,
            );
            assert_eq!(detail.archs[i].3.t_mem_s, want, "{id}");
        }
        // A row at another capacity (the C2075's 1.6 MB is 13,107 lines) is not the K20X's:
        // it falls back to Q_f and Q_s, here the default profile's in its 128-byte lines.
        let e = eval(&[("q_by_capacity", "128:13107:1:1")]).unwrap();
        let detail = e.detail.get::<am::Automatch>().unwrap();
        assert_eq!(detail.q[1], (511_180_800.0, 13_107_200.0, false));
        // Typed, they apply as typed.
        let e = eval(&[("q_by_capacity", "128:13107:1:1"), ("q_f", "7")]).unwrap();
        let detail = e.detail.get::<am::Automatch>().unwrap();
        assert_eq!(detail.q[1], (7.0, 26_214_400.0, false));
        // A bad cell names its row and column.
        let err = eval(&[("q_by_capacity", "64:98304:-1:0")]).unwrap_err();
        assert!(err.starts_with("q_by_capacity: row 1, q_f"), "{err}");
    }
}

/// The worker's analyses: a trace of either kind told apart, the histogram's Q at any
/// capacity, and the generators as the page offers them.
mod profile {
    use warpsight::analysis::generators::{Workload, WORKLOADS};
    use warpsight::analysis::profile::{LineHistogram, TraceProfile, TraceReader};
    use warpsight::analysis::stack_distance::StackDistance;

    #[test]
    fn a_trace_of_either_kind_in_any_chunks() {
        for chunk in [1, 4, 1000] {
            let mut r = TraceReader::new(&[64, 128]);
            for c in super::LACKEY.as_bytes().chunks(chunk) {
                r.feed(c).unwrap();
            }
            let p = r.finish().unwrap();
            assert_eq!(p.source, "a Lackey memory trace");
            assert!(p.schedule.is_none());
            // As lackey_in_any_chunks: 64 B lines ∞ ∞ 1 0 ∞ 2; 128 B lines ∞ 0 0 0 ∞ 1.
            assert_eq!(p.memory[0].line, 64);
            assert_eq!(p.memory[0].histogram, vec![(0, 1), (1, 1), (2, 1)]);
            assert_eq!((p.memory[0].references, p.memory[0].cold), (6, 3));
            assert_eq!(p.memory[1].histogram, vec![(0, 3), (1, 1)]);

            let mut r = TraceReader::new(&[64]);
            for c in super::OPS.as_bytes().chunks(chunk) {
                r.feed(c).unwrap();
            }
            let p = r.finish().unwrap();
            assert_eq!(p.source, "an operation trace");
            assert!(p.memory.is_empty());
            let s = p.schedule.unwrap();
            assert_eq!((s.d, s.w.as_str(), s.work), (3, "2,1*2", 4));
            assert_eq!((s.w_add, s.w_mul, s.s), (2, 2, 1));
        }
        // Nothing to analyse, said as such; a bad line keeps its number.
        let e = TraceReader::new(&[64]).finish().unwrap_err();
        assert_eq!(
            e.message,
            "the trace is empty: no Lackey lines and no operations"
        );
        let mut r = TraceReader::new(&[64]);
        r.feed(b"==1== Lackey\n# nothing\n").unwrap();
        assert_eq!(r.finish().unwrap_err().message, e.message);
        let mut r = TraceReader::new(&[64]);
        r.feed(b"ld r1 100\n").unwrap();
        let e = r.finish().unwrap_err();
        assert!(
            e.message
                .starts_with("the trace holds no floating-point operations"),
            "{}",
            e.message
        );
        let mut r = TraceReader::new(&[64]);
        assert_eq!(
            r.feed(b"I  0400,3\n L 1000,8\n Q 12\n").unwrap_err().line,
            3
        );
    }

    /// A 3 × 3 matrix stored column by column: rows 0 [0, 2], 1 [1], 2 [0, 1, 2].
    pub const MTX: &str = "%%MatrixMarket matrix coordinate real general\n% column-major\n3 3 6\n1 1 1.0\n3 1 2.0\n2 2 3.0\n3 2 4.0\n1 3 5.0\n3 3 6.0\n";

    #[test]
    fn spmv_replayed_on_a_matrix_file() {
        for chunk in [1, 7, 1000] {
            let mut r = TraceReader::new(&[64]);
            for c in MTX.as_bytes().chunks(chunk) {
                r.feed(c).unwrap();
            }
            let p = r.finish().unwrap();
            assert_eq!(p.source, "SpMV on the file's matrix, 3 × 3, 6 non-zeros");
            // Six products at level 1; row 0's addition and row 2's two at levels 2 and 3.
            let s = p.schedule.unwrap();
            assert_eq!(
                (s.d, s.w.as_str(), s.w_add, s.w_mul, s.s),
                (3, "6,2,1", 3, 6, 0)
            );
            assert_eq!(p.w_vec, Some(0));
            // By hand at 64 B lines: every array fits one line (col, val, x, y: 4 lines, cold).
            // Row 0's second non-zero finds its three lines at distance 2, row 1's loads and
            // store each at 3 (y in between), row 2's first three at 3, the next six at 2,
            // its store at 3.
            let m = &p.memory[0];
            assert_eq!((m.references, m.cold, m.lines), (21, 4, 4));
            assert_eq!(m.histogram, vec![(2, 9), (3, 8)]);
        }
        // A symmetric matrix's mirrored entry counts in its row: [0, 1] and [0].
        let mut r = TraceReader::new(&[64]);
        r.feed(b"%%MatrixMarket matrix coordinate pattern symmetric\n2 2 2\n1 1\n2 1\n")
            .unwrap();
        let p = r.finish().unwrap();
        assert_eq!(p.source, "SpMV on the file's matrix, 2 × 2, 3 non-zeros");
        assert_eq!(p.schedule.unwrap().w, "3,1");
        assert_eq!(p.memory[0].references, 11);
        // The matrix reader's errors keep their line.
        let mut r = TraceReader::new(&[64]);
        let e = r
            .feed(b"%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1.0\n")
            .and_then(|()| r.finish().map(|_| ()))
            .unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (3, "row index 3 is outside 1 to 2")
        );
    }

    /// The generator's random matrix written as a file, row by row in its order, replays to
    /// exactly the generator's profile.
    #[test]
    fn a_matrix_file_replays_as_the_generator() {
        let (rows, per_row, seed) = (500u64, 7u64, 3u64);
        let mut text = format!(
            "%%MatrixMarket matrix coordinate pattern general\n{rows} {rows} {}\n",
            rows * per_row
        );
        let mut state = seed | 1;
        for i in 0..rows {
            for _ in 0..per_row {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text += &format!("{} {}\n", i + 1, state % rows + 1);
            }
        }
        let mut r = TraceReader::new(&[64, 128]);
        r.feed(text.as_bytes()).unwrap();
        let file = r.finish().unwrap();
        let generated = TraceProfile::generated(
            Workload::Spmv {
                rows,
                per_row,
                seed,
            },
            &Workload::Spmv {
                rows,
                per_row,
                seed,
            }
            .generate(&[64, 128]),
        );
        assert_eq!(file.schedule, generated.schedule);
        assert_eq!(file.memory, generated.memory);
        assert_eq!(file.memory[0].references, 3 * 3500 + 500);
    }

    #[test]
    fn q_from_the_histogram_is_the_analysis_q() {
        let mut sd = StackDistance::new();
        let mut x = 12345u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            sd.access(x % 700);
        }
        let h = LineHistogram::of(64, &sd);
        for c in [0, 1, 2, 10, 100, 699, 700, 701, 5000] {
            assert_eq!(h.q(c), sd.q(c), "capacity {c}");
        }
        assert_eq!(h.q(0), (0, 20_000));
        assert_eq!(h.q(700), (20_000 - 700, 700));
    }

    #[test]
    fn workloads_as_offered() {
        for w in WORKLOADS {
            let defaults: Vec<f64> = w.params.iter().map(|p| p.default as f64).collect();
            let load = Workload::from_spec(w.id, &defaults).unwrap();
            assert!(!load.describe().is_empty());
            // Each size's range is checked, and the message names it.
            for (k, p) in w.params.iter().enumerate() {
                let mut v = defaults.clone();
                v[k] = (p.max + 1) as f64;
                assert_eq!(
                    Workload::from_spec(w.id, &v).unwrap_err(),
                    format!(
                        "{}: must be a whole number from {} to {}",
                        p.label,
                        warpsight::format::grouped(p.min as f64, 0),
                        warpsight::format::grouped(p.max as f64, 0)
                    )
                );
                v[k] = 2.5;
                assert!(Workload::from_spec(w.id, &v).is_err());
            }
        }
        assert_eq!(
            Workload::from_spec("heat2d", &[6.0, 2.0]).unwrap(),
            Workload::Heat2d { n: 6, steps: 2 }
        );
        assert!(Workload::from_spec("fft", &[]).unwrap_err().contains("fft"));
        // Progress rises to below 1 and the result is generate's.
        let mut seen = Vec::new();
        let w = Workload::Matmul { n: 4 };
        let g = w.generate_with(&[64], &mut |f| seen.push(f));
        assert_eq!(seen, vec![0.0, 0.25, 0.5, 0.75]);
        assert_eq!(g.ops, w.generate(&[64]).ops);
    }
}

#[test]
fn a_custom_architecture_starts_from_the_custom_gpu_and_says_what_is_still_needed() {
    // Custom GPU: 80 SMs × 64 cores at 1.5 GHz, 900 GB/s, beside the K20X; nothing typed.
    let (state, notices) = warpsight::link::from_query(
        "model=automatch&devices=k20x,custom&device=custom&custom_cc=7.0&custom_sms=80&custom_cores_per_sm=64&custom_clock_ghz=1.5&custom_bandwidth_gbs=900",
    );
    assert!(notices.is_empty(), "{notices:?}");
    let e = (state.model.evaluate)(&state.params, state.device).expect("a prediction at once");
    let value = |k: &str| e.input(state.model, k).and_then(|v| v.num()).unwrap();
    let how = |k: &str| {
        e.derived
            .iter()
            .find(|(n, _)| *n == k)
            .map(|(_, h)| h.clone())
            .unwrap_or_default()
    };
    // From the custom GPU: 80 × 64 = 5,120 cores; 2 × 1.5 = 3 GFLOPS per core; 900 GB/s.
    assert_eq!(value("np"), 5120.0);
    assert_eq!(value("pi0_gflops"), 3.0);
    assert_eq!(value("beta_s_gbs"), 900.0);
    assert_eq!(value("vector_width"), 1.0);
    assert_eq!(how("np"), "the custom GPU's SMs × cores per SM");
    // The rest: the K20X's Table I row (Z 2.3 MB, L 128 B, β_f 2424 GB/s, s_0 6.5 µs), each
    // named as still needed, all at once.
    assert_eq!(value("z_mb"), 2.3);
    assert_eq!(value("l_bytes"), 128.0);
    assert_eq!(value("beta_f_gbs"), 2424.0);
    assert_eq!(value("s0_us"), 6.5);
    let needed: Vec<&str> = e
        .derived
        .iter()
        .filter(|(_, h)| h.starts_with("still needed"))
        .map(|(k, _)| *k)
        .collect();
    assert_eq!(
        needed,
        [
            "z_mb",
            "l_bytes",
            "beta_f_gbs",
            "alpha_f_us",
            "alpha_s_us",
            "s0_us"
        ]
    );
    // A typed value wins.
    let (state, _) = warpsight::link::from_query(
        "model=automatch&devices=k20x,custom&device=custom&custom_cc=7.0&custom_sms=80&custom_cores_per_sm=64&custom_clock_ghz=1.5&custom_bandwidth_gbs=900&z_mb=6",
    );
    let e = (state.model.evaluate)(&state.params, state.device).unwrap();
    assert_eq!(
        e.input(state.model, "z_mb").and_then(|v| v.num()),
        Some(6.0)
    );
    assert!(e.derived.iter().all(|(k, _)| *k != "z_mb"));
}

/// The default profile is Heat2D counted as the built-in generator counts each interior point
/// (3 additions, 1 multiplication, 4 levels and a synchronization a step), on a 1,024 × 1,024
/// interior for 100 steps (issue 26: the generator's own largest grid, side 1,024, has a
/// 1,022 × 1,022 interior, 313,345,200 additions). Tied here: the generator at a 32 × 32
/// interior gives the same counts per point, and the defaults are them at 1,024² × 100.
#[test]
fn the_default_profile_is_heat2d_counted_as_the_generator_counts_it() {
    use warpsight::analysis::generators::Workload;
    let g = Workload::Heat2d { n: 34, steps: 3 }.generate_with(&[64], &mut |_| {});
    let points = 32.0 * 32.0 * 3.0;
    assert_eq!(g.ops.w_add as f64, 3.0 * points);
    assert_eq!(g.ops.w_mul as f64, points);
    assert_eq!(g.ops.s, 3);
    assert_eq!(g.ops.d, 4 * 3);
    assert!(g.ops.w.iter().all(|&w| w == 32 * 32));
    assert_eq!(g.w_vec as f64, 4.0 * points);
    // The largest grid the generator takes: 1,022² interior points.
    let big = Workload::Heat2d { n: 1024, steps: 1 }.generate_with(&[], &mut |_| {});
    assert_eq!(big.ops.w_add * 100, 313_345_200);
    let p = warpsight::model::Params::defaults(
        &warpsight::model::automatch::MODEL,
        warpsight::devices::find("k20x").unwrap(),
    );
    let input = |k: &str| p.num(k).unwrap();
    let at = 1_048_576.0 * 100.0;
    assert_eq!(input("w_add"), 3.0 * at);
    assert_eq!(input("w_mul"), at);
    assert_eq!(input("w_vec"), 4.0 * at);
    assert_eq!(input("s"), 100.0);
}

/// Issue 26: the default Q_f and Q_s were counted in 64-byte lines and charged to every
/// architecture. Heat2D's 5 references a point-step (4 loads, 1 store of 8-byte doubles) hit
/// but for one miss per line of each grid a step (two 8 MiB grids, larger than every Table I
/// fast memory): Q_s = 16 B / L a point-step, Q_f = 5 − Q_s. Over 1,024² · 100 point-steps,
/// 64-byte lines give 26,214,400 and 498,073,600 (the fields' defaults), 128-byte lines
/// 13,107,200 and 511,180,800: the same bytes from the slow memory.
#[test]
fn the_default_profile_counts_q_in_each_architectures_lines() {
    use warpsight::analysis::generators::Workload;
    use warpsight::model::automatch::heat2d_q;
    assert_eq!(heat2d_q(64.0), Some((498_073_600.0, 26_214_400.0)));
    assert_eq!(heat2d_q(128.0), Some((511_180_800.0, 13_107_200.0)));
    assert_eq!(26_214_400.0 * 64.0, 13_107_200.0 * 128.0);
    // A line a double would straddle has no such count: the fields' values apply.
    assert_eq!(heat2d_q(4.0), None);
    assert_eq!(heat2d_q(96.0), None);

    // The generator at its largest grid (side 1,024, a 1,022² interior, rows line-aligned),
    // one step: the loads touch every line of the read grid, the stores every line of the
    // written grid's 1,022 interior rows. In 128-byte lines Q_s = 65,536 + 1,022 · 64 =
    // 130,944; in 64-byte lines 131,072 + 1,022 · 128 = 261,888; Q_f = 5 · 1,022² − Q_s.
    let g = Workload::Heat2d { n: 1024, steps: 1 }.generate(&[64, 128]);
    let refs = 5 * 1022 * 1022;
    let at = |l: u64, z_mb: f64| {
        let (_, sd) = g.memory.iter().find(|(line, _)| *line == l).unwrap();
        sd.q((z_mb * 1_048_576.0 / l as f64).floor() as u64)
    };
    assert_eq!(at(64, 6.0), (refs - 261_888, 261_888)); // the i5-2400
    assert_eq!(at(128, 2.3), (refs - 130_944, 130_944)); // the K20X
                                                         // Per point-step the default's counts are the generator's but for the halo rows
                                                         // (0.125 against 130,944 / 1,022² = 0.12537): within 0.3 %.
    for (l, z) in [(64u64, 6.0), (128, 2.3)] {
        let (f, s) = at(l, z);
        let (df, ds) = heat2d_q(l as f64).unwrap();
        let points = 1022.0 * 1022.0;
        let per = 1_048_576.0 * 100.0;
        assert!(
            ((s as f64 / points) / (ds / per) - 1.0).abs() < 0.003,
            "{l}"
        );
        assert!(
            ((f as f64 / points) / (df / per) - 1.0).abs() < 0.003,
            "{l}"
        );
    }

    // The K20X (α_f 0.045 µs, α_s 0.68 µs, β_f 2,424 GB/s, β_s 160.1 GB/s, L 128 B) under the
    // default profile: T_mem = 0.725 µs · 400 + (511,180,800 / 2,424 GB/s + 13,107,200 /
    // 160.1 GB/s) · 128 B = 37.762 ms (47.549 ms before, with the 64-byte counts). The
    // generator's largest grid for 100 steps gives 0.725 µs · 400 + (509,147,600 / 2,424 GB/s
    // + 13,094,400 / 160.1 GB/s) · 128 B = 37.645 ms, the 37.6 ms: 0.3 % fewer
    // points. The i5-2400 (64-byte lines) keeps 200.738 ms.
    let k20x_hand: f64 =
        0.725e-6 * 400.0 + (511_180_800.0 / 2424e9 + 13_107_200.0 / 160.1e9) * 128.0;
    assert!((k20x_hand - 0.037_762_256_038).abs() < 1e-12, "{k20x_hand}");
    let (gen_f, gen_s) = at(128, 2.3);
    let k20x_generator =
        0.725e-6 * 400.0 + ((gen_f * 100) as f64 / 2424e9 + (gen_s * 100) as f64 / 160.1e9) * 128.0;
    assert!(
        (k20x_generator - 0.037_644_658_738).abs() < 1e-12,
        "{k20x_generator}"
    );
    assert!((k20x_hand / k20x_generator - 1.0).abs() < 0.004);
    let i5_hand: f64 = 0.069e-6 * 400.0 + (498_073_600.0 / 285e9 + 26_214_400.0 / 18.88e9) * 64.0;
    assert!((i5_hand - 0.200_738_079_548).abs() < 1e-12, "{i5_hand}");

    let t_mem = |query: &str| {
        let (state, notices) = warpsight::link::from_query(query);
        assert!(notices.is_empty(), "{notices:?}");
        let e = (state.model.evaluate)(&state.params, state.device).unwrap();
        let r = e
            .detail
            .get::<warpsight::model::automatch::Automatch>()
            .unwrap();
        r.archs
            .iter()
            .map(|a| (a.0, a.3.t_mem_s))
            .collect::<Vec<_>>()
    };
    let e = t_mem("model=automatch&devices=i5-2400,k20x");
    assert!((e[0].1 - i5_hand).abs() <= 1e-12 * i5_hand, "{e:?}");
    assert!((e[1].1 - k20x_hand).abs() <= 1e-12 * k20x_hand, "{e:?}");
    // Typed Q_f and Q_s apply to every architecture as before: on the K20X 0.29 ms +
    // (5e8 / 2,424 GB/s + 2e7 / 160.1 GB/s) · 128 B = 42.683 ms.
    let e = t_mem("model=automatch&devices=i5-2400,k20x&q_f=500000000&q_s=20000000");
    let typed: f64 = 0.725e-6 * 400.0 + (5e8 / 2424e9 + 2e7 / 160.1e9) * 128.0;
    assert!((typed - 0.042_682_646_510).abs() < 1e-12, "{typed}");
    assert!((e[1].1 - typed).abs() <= 1e-12 * typed, "{e:?}");
    let i5_typed = 0.069e-6 * 400.0 + (5e8 / 285e9 + 2e7 / 18.88e9) * 64.0;
    assert!((e[0].1 - i5_typed).abs() <= 1e-12 * i5_typed, "{e:?}");
}

/// A schedule of zero operations (AutoMatch's "Clear them") has no levels: T_comp is 0 and
/// T_mem has no latency term, not one level's D / π_0 (issue 35 saw 2.381 ns and 0.05 ns).
#[test]
fn no_operations_take_no_computation_time() {
    assert_eq!(Levels::from_counts([0.0]).depth(), 0);
    assert_eq!(Levels::from_counts([0.0, 5.0, 0.0]).depth(), 1);
    let p = Profile {
        levels: Levels::from_counts([0.0]),
        w_add: 0.0,
        w_mul: 0.0,
        w_vec: 0.0,
        q_f: 0.0,
        q_s: 0.0,
        s: 0.0,
    };
    let c = am::cost(&arch("i5-2400"), &p);
    assert_eq!((c.t_comp_s, c.t_mem_s, c.t_syn_s), (0.0, 0.0, 0.0));
}
