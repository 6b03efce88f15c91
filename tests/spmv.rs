//! Guo & Wang's cross-architecture SpMV model: Table I's strip sizes, the C2050 as its own
//! target, and each kernel's relative performance worked by hand from the paper's equations
//! (docs/models.md, "spmv").

use warpsight::devices;
use warpsight::link::{from_query, to_query};
use warpsight::model::spmv::{self, Kernel, Limits};
use warpsight::model::{Evaluation, Model, Value};
use warpsight::registry;

fn model() -> &'static Model {
    registry::find("spmv").expect("spmv is registered")
}

/// Evaluates a link (which must need no repair).
fn eval(query: &str) -> Evaluation {
    let (state, notices) = from_query(query);
    assert!(notices.is_empty(), "{query}: {notices:?}");
    assert_eq!(state.model.id, "spmv");
    (state.model.evaluate)(&state.params, state.device).unwrap_or_else(|e| panic!("{query}: {e}"))
}

fn num(e: &Evaluation, name: &str) -> f64 {
    e.number(model(), name)
        .unwrap_or_else(|| panic!("{name} has no number"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0)
}

macro_rules! assert_close {
    ($a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        assert!(close(a, b), "{} = {a}, expected {b}", stringify!($a));
    }};
}

/// docs/models.md: S_CSR = #SM × warps/SM, S_ELL = S_COO = #SM × threads/SM give the C2050's
/// Table II values 672 and 21504, and M2090 768/24576, K20m 832/26624, GTX 295 960/30720.
#[test]
fn strip_sizes_of_table_i() {
    for (id, csr, ell) in [
        ("c2050", 672.0, 21504.0),
        ("m2090", 768.0, 24576.0),
        ("k20m", 832.0, 26624.0),
        ("gtx295", 960.0, 30720.0),
    ] {
        let d = devices::find(id).expect("preset");
        let (limits, source) = spmv::limits_of(d).expect("limits");
        assert_eq!(source, "Guo & Wang, Table I", "{id}");
        assert_eq!(spmv::s_csr(&limits), csr, "{id}");
        assert_eq!(spmv::s_ell(&limits), ell, "{id}");
        assert_eq!(spmv::s_coo(&limits), ell, "{id}");
        let e = eval(&format!("model=spmv&target={id}"));
        assert_eq!(num(&e, "s_tar_csr"), csr);
        assert_eq!(num(&e, "s_tar_ell"), ell);
        assert_eq!(num(&e, "s_tar_coo"), ell);
    }
    assert_eq!(
        spmv::C2050,
        Limits {
            n_sm: 14.0,
            warps_per_sm: 48.0,
            threads_per_sm: 1536.0,
            max_threads_per_block: 1024.0
        }
    );
    // A preset outside Table I takes its limits from its compute capability: the H100 (CC
    // 9.0, 132 SMs) has 64 warps and 2,048 threads per SM and 1,024 threads per block.
    let (h100, source) = spmv::limits_of(devices::find("h100").expect("h100")).expect("limits");
    assert!(source.contains("compute capability"), "{source}");
    assert_eq!(spmv::s_csr(&h100), 132.0 * 64.0);
    assert_eq!(spmv::s_ell(&h100), 132.0 * 2048.0);
}

/// The C2050 as its own target gives P = 1 and T_Tar = T_Ref, for every kernel: with its
/// coefficients typed as Table II's, and with nothing typed (the estimate scales by 1).
#[test]
fn the_reference_as_its_own_target_changes_nothing() {
    let typed =
        "&c1_tar_csr_lt=0.00027&c1_tar_csr_rt=0.00029&c2_tar_csr_lt=0.0061&c2_tar_csr_rt=0.06\
                 &c_tar_ell=0.002&e_tar_ell=0.011,0.062&c_tar_coo=0.0084&t1=0.05\
                 &t0_tar_0=0.07827&t0_tar_1=0.35448&t0_tar_2=0.36296";
    for kernel in spmv::KERNELS {
        for extra in ["", typed] {
            for (p_nz, hyb) in [(64, 64), (64, 0), (700, 300), (2000, 1500)] {
                let q = format!(
                    "model=spmv&kernel={kernel}&target=c2050&t_ref_ms=3.5&p_nz_csr={p_nz}&p_nz_ell={}&hyb_thd={hyb}{extra}",
                    p_nz + 100
                );
                let e = eval(&q);
                let p = num(&e, &format!("p_{kernel}"));
                assert_close!(p, 1.0);
                assert_close!(num(&e, "t_tar_ms"), 3.5);
                assert_close!(num(&e, "t_init_tar"), num(&e, "t_init_ref"));
            }
        }
    }
}

/// §4.1 case 2 (GTX 295: TAR_CSR_THD 512 < P_NZ_CSR 700 ≤ REF_CSR_THD 1024), worked by hand:
/// the target's RT coefficients, the reference's LT ones, X01 = 512.
#[test]
fn csr_case_2_by_hand() {
    let e = eval(
        "model=spmv&kernel=csr&target=gtx295&p_nz_csr=700&p_nz_ell=800&t_ref_ms=2\
         &c1_tar_csr_rt=0.0009&c2_tar_csr_rt=0.01&t0_tar_1=0.4&t11=0.3",
    );
    assert_eq!(
        e.outputs[model()
            .outputs
            .iter()
            .position(|o| o.name == "csr_case")
            .unwrap()]
        .cell(),
        Some(&warpsight::model::Cell::Word("case 2"))
    );
    // T0_Ref = C1_Ref_LT·X01 + B0_LT = 0.00027·512 + 0.078; T1_Ref = 0.00027·700 + 0.078.
    assert_close!(num(&e, "t0_ref"), 0.21624);
    assert_close!(num(&e, "t1_ref"), 0.267);
    // P1 = (0.0009/0.00027)·(0.21624/0.4)·(1 − 0.21624/0.267) + 0.21624/0.267.
    assert_close!(num(&e, "p1"), 1.1524701123595507);
    // P2 = (0.01/0.0061)·(672/960).
    assert_close!(num(&e, "p2"), 1.1475409836065573);
    assert_close!(num(&e, "p_csr"), 1.3225066863142383);
    // T_Init_Ref = T01, read from Table II's line at X01 = 512; T_Init_Tar = T11 = 0.3.
    assert_close!(num(&e, "t_init_ref"), 0.21624);
    assert_close!(num(&e, "t_init_tar"), 0.3);
    assert_close!(num(&e, "t_tar_ms"), 2.6590345267798856);
}

/// §4.1 case 3 on the K20m (P_NZ_CSR 2000 > both thresholds): the reference's RT constants,
/// X02 = 1024, T02 on Table II's RT line, T12 = T0_Tar_2.
#[test]
fn csr_case_3_by_hand() {
    let e = eval(
        "model=spmv&kernel=csr&target=k20m&p_nz_csr=2000&p_nz_ell=2100&t_ref_ms=3\
         &c1_tar_csr_rt=0.0004&c2_tar_csr_rt=0.05&t0_tar_2=0.5",
    );
    assert_close!(num(&e, "t0_ref"), 0.36296);
    assert_close!(num(&e, "t1_ref"), 0.6459999999999999);
    assert_close!(num(&e, "p1"), 1.0005559876160992);
    assert_close!(num(&e, "p2"), 0.6730769230769231);
    assert_close!(num(&e, "p_csr"), 0.6734511455108361);
    assert_close!(num(&e, "t_init_ref"), 0.36296);
    assert_close!(num(&e, "t_init_tar"), 0.5);
    assert_close!(num(&e, "t_tar_ms"), 2.275917608757895);
}

/// Boundary values fall in the lower case (docs/models.md).
#[test]
fn csr_thresholds_belong_to_the_lower_case() {
    use spmv::CsrCase::*;
    assert_eq!(spmv::csr_case(512.0, 512.0, 1024.0), One);
    assert_eq!(spmv::csr_case(513.0, 512.0, 1024.0), Two);
    assert_eq!(spmv::csr_case(1024.0, 512.0, 1024.0), Two);
    assert_eq!(spmv::csr_case(1025.0, 512.0, 1024.0), Three);
    assert_eq!(spmv::csr_case(1024.0, 1024.0, 1024.0), One);
}

/// §4.2 on the K20m by hand: I_Ref_ELL = ⌈100000/21504⌉ = 5, I_Tar_ELL = ⌈100000/26624⌉ = 4,
/// B1 = 0.011·5 + 0.062 − 0.002·4·5, B2 = 0.02·4 + 0.05 − 0.003·4·4.
#[test]
fn ell_by_hand() {
    let e = eval(
        "model=spmv&kernel=ell&target=k20m&n_r=100000&nnz=&t_ref_ms=2&x1=4\
         &c_tar_ell=0.003&e_tar_ell=0.02,0.05",
    );
    assert_eq!(num(&e, "i_ref_ell"), 5.0);
    assert_eq!(num(&e, "i_tar_ell"), 4.0);
    assert_close!(num(&e, "b1"), 0.07699999999999999);
    assert_close!(num(&e, "b2"), 0.082);
    assert_close!(num(&e, "p_ell"), 1.2115384615384615);
    assert_close!(num(&e, "t_tar_ms"), 2.4117884615384613);
    assert_eq!(
        e.number(model(), "i_tar_coo"),
        None,
        "no nnz, no COO strips"
    );
}

/// §4.4's three cases on the same target: all ELL, all COO, and both (P_HYB = P_ELL,
/// T_Init_Ref = B1 + (P_COO/P_ELL)·T0, T_Init_Tar = B2 + T1).
#[test]
fn hyb_cases_by_hand() {
    let base = "model=spmv&kernel=hyb&target=k20m&n_r=100000&nnz=3000000&p_nz_csr=30&p_nz_ell=90&t_ref_ms=2&x1=4\
                &c_tar_ell=0.003&e_tar_ell=0.02,0.05&c_tar_coo=0.01&t1=0.04&t0=0.05";
    let all_ell = eval(&format!("{base}&hyb_thd=90"));
    assert_close!(num(&all_ell, "p_hyb"), 1.2115384615384615);
    assert_close!(num(&all_ell, "t_tar_ms"), 2.4117884615384613);
    let all_coo = eval(&format!("{base}&hyb_thd=0"));
    assert_close!(num(&all_coo, "p_hyb"), 0.9615384615384616);
    assert_close!(num(&all_coo, "t_init_ref"), 0.05);
    assert_close!(num(&all_coo, "t_init_tar"), 0.04);
    // I_Tar_COO = ⌈3,000,000 / 26,624⌉ = 113.
    assert_eq!(num(&all_coo, "i_tar_coo"), 113.0);
    let both = eval(&format!("{base}&hyb_thd=30"));
    assert_close!(num(&both, "p_hyb"), 1.2115384615384615);
    assert_close!(num(&both, "t_init_ref"), 0.11668253968253967);
    assert_close!(num(&both, "t_init_tar"), 0.122);
    assert_close!(num(&both, "t_tar_ms"), 2.403711538461538);
}

/// Every P is reported whatever the kernel, and the comparison holds each kernel on each GPU:
/// the target's cell equals the scalar outputs, a GPU not measured is the bandwidth estimate
/// (P = 144 GB/s over its bandwidth for ELL and COO), and a format without a C2050 time has
/// no time.
#[test]
fn the_comparison_grid() {
    let e = eval(
        "model=spmv&kernel=ell&target=k20m&t_ref_ms=2&c_tar_ell=0.003&e_tar_ell=0.02,0.05\
         &targets=c2050,k20m,h100&t_ref_coo_ms=4",
    );
    let m = model();
    assert_close!(num(&e, "p_tar_ref_ell.k20m"), num(&e, "p_ell"));
    assert_close!(num(&e, "t_ms_ell.k20m"), num(&e, "t_tar_ms"));
    assert_close!(num(&e, "p_tar_ref_csr.k20m"), num(&e, "p_csr"));
    assert_close!(num(&e, "p_tar_ref_ell.c2050"), 1.0);
    assert_close!(num(&e, "t_ms_ell.c2050"), 2.0);
    let h100 = devices::find("h100").unwrap().mem_bandwidth_gbs.value;
    assert_close!(num(&e, "p_tar_ref_coo.h100"), 144.0 / h100);
    assert_close!(num(&e, "p_tar_ref_ell.h100"), 144.0 / h100);
    assert!(num(&e, "t_ms_coo.h100") < 4.0);
    assert_eq!(e.number(m, "t_ms_csr.h100"), None);
    assert_eq!(e.number(m, "t_ms_hyb.c2050"), None);
    // The GPUs in the order given; the target joins first when it is not listed.
    let names: Vec<String> = e
        .cells(m)
        .filter(|(s, _, _)| s.name == "t_ms")
        .map(|(_, n, _)| n.to_string())
        .take(3)
        .collect();
    assert_eq!(names, ["t_ms_csr.c2050", "t_ms_csr.k20m", "t_ms_csr.h100"]);
    let e = eval("model=spmv&target=gtx295&targets=c2050");
    assert!(e.number(m, "t_ms_csr.gtx295").is_some());
    assert!(e.number(m, "t_ms_csr.c2050").is_some());
}

/// MODELS.md's link form works as written and comes back from its own link unchanged.
#[test]
fn the_link_form_round_trips() {
    let q = "model=spmv&kernel=ell&target=k20m&t_ref_ms=2&c_tar_ell=0.003&e_tar_ell=0.02,0.05&nnz=";
    let (state, notices) = from_query(q);
    assert!(notices.is_empty());
    let back = to_query(&state);
    assert!(back.contains("e_tar_ell=0.02,0.05"), "{back}");
    assert!(back.contains("target=k20m"), "{back}");
    let (again, notices) = from_query(&back);
    assert!(notices.is_empty());
    assert_eq!(again, state);
}

/// Inputs the model cannot use name the field and what is valid.
#[test]
fn bad_inputs_name_the_field() {
    let err = |q: &str| {
        let (state, _) = from_query("model=spmv");
        let mut p = state.params.clone();
        for part in q.split('&') {
            let (k, v) = part.split_once('=').unwrap();
            let f = model().field(k).unwrap();
            p.set(k, f.parse(v).unwrap_or_else(|e| panic!("{e}")));
        }
        (model().evaluate)(&p, state.device).expect_err(q)
    };
    let e = err("p_nz_csr=100&p_nz_ell=50");
    assert_eq!(e.field, "p_nz_csr");
    assert!(
        e.message.contains("at most the longest row (50)"),
        "{}",
        e.message
    );
    let e = err("t_ref_ms=0.01");
    assert_eq!(e.field, "t_ref_ms");
    assert!(
        e.message.contains("T_Init_Ref = 0.07827 ms"),
        "{}",
        e.message
    );
    let e = err("nnz=10");
    assert_eq!(e.field, "nnz");
    let e = model()
        .field("max_threads_per_block")
        .unwrap()
        .parse("2048")
        .expect_err("above the reference's threshold");
    assert!(e.message.contains("1 to 1,024"), "{}", e.message);
    let e = model()
        .field("target")
        .unwrap()
        .parse("m2090,k20m")
        .expect_err("one target");
    assert_eq!(e.field, "target");
    // A CPU is not a target.
    let (_, notices) = from_query("model=spmv&target=i5-2400");
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].key, "target");
}

/// The engine alone: every kernel's P for one matrix, and the estimate for an unmeasured
/// target scaling every P by the bandwidth ratio.
#[test]
fn estimated_targets_scale_by_bandwidth() {
    let x = spmv::Sizes {
        x0: [1.0, 1024.0, 1024.0],
        x1: 4.0,
    };
    let r = spmv::table_ii(&x, 0.05);
    let (limits, _) = spmv::limits_of(devices::find("k20m").unwrap()).unwrap();
    let t = spmv::estimated_target(&r, limits, 0.5, &x);
    let m = spmv::Matrix {
        n_r: 62451.0,
        nnz: None,
        p_nz_csr: 64.0,
        p_nz_ell: 78.0,
        hyb_thd: 64.0,
    };
    let pr = spmv::predict(&m, &r, &t, &x);
    for k in [Kernel::Csr, Kernel::Ell, Kernel::Coo, Kernel::Hyb] {
        assert_close!(pr.relative(k).p, 0.5);
    }
}

mod plan {
    use super::*;
    use spmv::plan::{self, Precision};

    const GIB: u64 = 1 << 30;

    fn limits(id: &str) -> Limits {
        spmv::limits_of(devices::find(id).expect("preset"))
            .expect("limits")
            .0
    }

    /// §3 (2)'s global-memory bounds, by hand: ELL on one C2050 strip (21,504 rows) in 3 GiB,
    /// single precision: (4 + 4)·21504·P < 3·2³⁰ → P ≤ 18,724; double, COO at 4 strips:
    /// (8 + 8)·86016·P < 3·2³⁰ → P ≤ 2,340; CSR adds the row pointers 4·(R + 1).
    #[test]
    fn memory_bounds_by_hand() {
        use spmv::Kernel::*;
        assert_eq!(
            plan::max_p_nz(Ell, 21504, 3 * GIB, Precision::Single),
            18724
        );
        assert_eq!(plan::max_p_nz(Coo, 86016, 3 * GIB, Precision::Double), 2340);
        assert_eq!(plan::max_p_nz(Csr, 672, 3 * GIB, Precision::Single), 599185);
        // Exactly at the bound is out (the paper's inequalities are strict).
        assert_eq!(plan::max_p_nz(Ell, 1, 80, Precision::Single), 9);
        assert_eq!(plan::max_p_nz(Ell, 1, 81, Precision::Single), 10);
    }

    /// Section 4's counts: nine CSR matrices (two at the CSR thresholds), five ELL, three COO;
    /// rows R = S·I with I0 = 1, I1 = 2, I2 = 4.
    #[test]
    fn the_plan_for_table_i_targets() {
        let x = spmv::Sizes {
            x0: [1.0, 512.0, 1024.0],
            x1: 4.0,
        };
        let p = plan::plan(&limits("gtx295"), &x, GIB, Precision::Single).expect("fits 1 GiB");
        let count = |k: Kernel| p.iter().filter(|b| b.kernel == k).count();
        assert_eq!(
            (count(Kernel::Csr), count(Kernel::Ell), count(Kernel::Coo)),
            (9, 5, 3)
        );
        let width = |id: &str| p.iter().find(|b| b.id == id).unwrap();
        let csr: Vec<u64> = ["csr-m0", "csr-a", "csr-n0", "csr-b", "csr-n1"]
            .iter()
            .map(|id| width(id).p_nz)
            .collect();
        assert_eq!(csr, [1, 256, 512, 768, 1024]);
        assert_eq!(width("csr-n0").rows, 960); // S_CSR of the GTX 295, one strip
        assert_eq!(width("csr-m0-i2").rows, 3840);
        assert_eq!(width("ell-c").p_nz, 16);
        assert_eq!(width("coo-3").rows, 4 * 30720);
        assert_eq!(width("csr-n1").bytes, 4 * 961 + 8 * 960 * 1024);
        // A target whose threshold is the reference's (M2090: both 1024): N1 is N0, and the two
        // matrices above it sit at 1.5× and 2× the threshold.
        let x = spmv::Sizes {
            x0: [1.0, 1024.0, 1024.0],
            x1: 4.0,
        };
        let p = plan::plan(&limits("m2090"), &x, 5 * GIB, Precision::Double).expect("fits");
        let widths: Vec<u64> = p.iter().take(5).map(|b| b.p_nz).collect();
        assert_eq!(widths, [1, 512, 1024, 1536, 2048]);
        // Too little memory for the widest: an error naming the matrix.
        let e = plan::plan(&limits("m2090"), &x, 1 << 24, Precision::Double).expect_err("16 MiB");
        assert!(e.starts_with("csr-"), "{e}");
    }

    /// Times made from known lines fit back to them exactly (R² = 1), and the fitted
    /// coefficients, set as the target's, give the same prediction as typing them.
    #[test]
    fn fitting_recovers_the_lines_and_the_prediction() {
        let x = spmv::Sizes {
            x0: [1.0, 512.0, 1024.0],
            x1: 4.0,
        };
        let p = plan::plan(&limits("gtx295"), &x, GIB, Precision::Single).unwrap();
        // CSR: 0.0004 ms per non-zero per row below the threshold, 0.0005 above (continuous at
        // 512); +0.02 ms per extra strip at X00, +0.03 at X01. ELL: 0.003·P, 0.02 per strip.
        // COO: 0.01 per strip.
        let time = |b: &plan::Bench| -> f64 {
            let p = b.p_nz as f64;
            let i = b.strips as f64;
            match b.id {
                "csr-m0-i1" | "csr-m0-i2" => 0.0004 * p + 0.08 + 0.02 * (i - 1.0),
                "csr-n0-i1" | "csr-n0-i2" => 0.0004 * p + 0.08 + 0.03 * (i - 1.0),
                id if id.starts_with("csr") && p <= 512.0 => 0.0004 * p + 0.08,
                id if id.starts_with("csr") => 0.0004 * 512.0 + 0.08 + 0.0005 * (p - 512.0),
                "ell-m2" | "ell-b" | "ell-c" => 0.003 * p + 0.05,
                id if id.starts_with("ell") => 0.003 * p + 0.05 + 0.02 * (i - 1.0),
                _ => 0.01 * i + 0.04,
            }
        };
        let csv = plan::plan_csv(&p);
        assert!(
            csv.starts_with("id,kernel,strips,rows,columns,nnz_per_row,nnz,bytes,role,time_ms\n")
        );
        // The user fills the CSV's last column.
        let filled: String = csv
            .lines()
            .enumerate()
            .map(|(n, line)| {
                if n == 0 {
                    format!("{line}\n")
                } else {
                    format!("{line}{}\n", time(&p[n - 1]))
                }
            })
            .collect();
        let times = plan::parse_times(&filled).expect("the filled plan");
        assert_eq!(times.len(), 17);
        let f = plan::fit(&p, &x, &times).expect("fits");
        assert!(f.missing.is_empty());
        let line = |field: &str| &f.lines.iter().find(|r| r.field == field).unwrap().fit;
        for (field, slope, intercept) in [
            ("c1_tar_csr_lt", 0.0004, 0.08),
            ("c1_tar_csr_rt", 0.0005, 0.0288),
            ("c2_tar_csr_lt", 0.02, 0.0604),
            ("c2_tar_csr_rt", 0.03, 0.2548),
            ("c_tar_ell", 0.003, 0.05),
            ("e_tar_ell", 0.02, 0.042),
            ("c_tar_coo", 0.01, 0.04),
        ] {
            let l = line(field);
            assert!((l.slope - slope).abs() < 1e-12, "{field}: {}", l.slope);
            assert!(
                (l.intercept - intercept).abs() < 1e-9,
                "{field}: {}",
                l.intercept
            );
            assert!((l.r2 - 1.0).abs() < 1e-9, "{field}");
            assert!(l.points.iter().all(|pt| pt.2.abs() < 1e-12));
            assert!(
                (l.at(10.0) - (slope * 10.0 + intercept)).abs() < 1e-9,
                "{field}"
            );
        }
        // Which x each line is over (the page draws one chart per x).
        let over: Vec<(&str, bool)> = f.lines.iter().map(|r| (r.field, r.over_strips)).collect();
        assert_eq!(
            over,
            [
                ("c1_tar_csr_lt", false),
                ("c1_tar_csr_rt", false),
                ("c2_tar_csr_lt", true),
                ("c2_tar_csr_rt", true),
                ("c_tar_ell", false),
                ("e_tar_ell", true),
                ("c_tar_coo", true),
            ]
        );
        let texts = f.texts();
        let get = |n: &str| {
            texts
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| v.clone())
                .unwrap()
        };
        assert_eq!(get("t0_tar_0"), "0.0804");
        assert_eq!(get("t0_tar_2"), get("t12"));
        // The fitted coefficients in a link predict exactly what typing them predicts.
        let link: String = texts.iter().map(|(k, v)| format!("&{k}={v}")).collect();
        let e = eval(&format!(
            "model=spmv&target=gtx295&kernel=csr&p_nz_csr=700&p_nz_ell=800&t_ref_ms=2{link}"
        ));
        let c1 = line("c1_tar_csr_rt").slope;
        let c2 = line("c2_tar_csr_rt").slope;
        let t0 = 0.0004 * 512.0 + 0.08;
        let a = 0.21624 / 0.267;
        let p1 = (c1 / 0.00027) * (0.21624 / t0) * (1.0 - a) + a;
        let p2 = (c2 / 0.0061) * (672.0 / 960.0);
        assert_close!(num(&e, "p_csr"), p1 * p2);
        // Nothing of the target is estimated any more (the comparison's other GPUs still are).
        assert!(
            e.derived
                .iter()
                .all(|(_, how)| !how.starts_with("estimated")),
            "{:?}",
            e.derived
        );
    }

    #[test]
    fn pasted_times_name_the_bad_line() {
        assert_eq!(
            plan::parse_times("csr-m0 0.08\ncsr-a: 0.2\n\ncoo-1,0.05").unwrap(),
            vec![
                ("csr-m0".to_string(), 0.08),
                ("csr-a".to_string(), 0.2),
                ("coo-1".to_string(), 0.05)
            ]
        );
        assert_eq!(
            plan::parse_times("csr-m0 0.08\ncsr-a fast").unwrap_err(),
            "line 2: the time of csr-a must be a time above 0, in ms (0.081) or with its unit (81 µs, 0.081 ms, 8.1e-5 s), not “fast”"
        );
        // Units, as a profiler prints them; a decimal comma is named, not misread.
        let t = plan::parse_times(
            "csr-m0 0.081 ms\ncsr-a 81 µs\ncoo-1: 81us\nell-1, 8.1e-5 s\nhyb 81000 ns",
        )
        .unwrap();
        for (id, ms) in &t {
            assert!((ms - 0.081).abs() < 1e-12, "{id}: {ms}");
        }
        assert_eq!(t.len(), 5);
        assert_eq!(
            plan::parse_times("csr-m0 0,081").unwrap_err(),
            "line 1: the time of csr-m0 must be written with a decimal point, not a comma: “0.081”"
        );
        assert!(plan::parse_times("csr-m0 81 parsecs")
            .unwrap_err()
            .contains("not “81 parsecs”"));
        // The plan's CSV takes units too.
        let csv = "id,kernel,time_ms\ncsr-m0,csr,81 µs\n";
        assert_eq!(
            plan::parse_times(csv).unwrap(),
            vec![("csr-m0".to_string(), 0.081)]
        );
        assert!(plan::parse_times("csr-m0")
            .unwrap_err()
            .starts_with("line 1: expected"));
        let x = spmv::Sizes {
            x0: [1.0, 512.0, 1024.0],
            x1: 4.0,
        };
        let p = plan::plan(&limits("gtx295"), &x, GIB, Precision::Single).unwrap();
        let e = plan::fit(&p, &x, &[("nope".into(), 1.0)]).unwrap_err();
        assert_eq!(e, "“nope” is not a benchmark of this plan");
        // A partial set of times fits what it can and lists the rest.
        let f = plan::fit(
            &p,
            &x,
            &[
                ("coo-1".into(), 0.05),
                ("coo-2".into(), 0.06),
                ("coo-3".into(), 0.08),
            ],
        )
        .unwrap();
        assert_eq!(f.lines.len(), 1);
        assert_eq!(f.missing.len(), 14);
    }
}

/// The chart's lines: on the C2050 the predicted time is the measured one (y = x); on the
/// target the line passes through (T_Ref, T_Tar) with slope P.
#[test]
fn time_against_the_reference_time() {
    let (state, _) = from_query(
        "model=spmv&kernel=ell&target=k20m&n_r=100000&t_ref_ms=2&x1=4&c_tar_ell=0.003&e_tar_ell=0.02,0.05&targets=c2050,k20m",
    );
    let e = (state.model.evaluate)(&state.params, state.device).unwrap();
    let r = e.detail.get::<spmv::Spmv>().expect("the engine's result");
    let (xs, lines) = r.against_reference(5);
    // From T_Init_Ref = B1 = 0.077 to 2 · T_Ref = 4.
    assert_close!(xs[0], 0.07699999999999999);
    assert_close!(xs[4], 4.0);
    let (c2050, on_ref) = &lines[0];
    assert_eq!(c2050.id, "c2050");
    for (x, y) in xs.iter().zip(on_ref) {
        assert_close!(y.unwrap(), *x);
    }
    let (k20m, on_target) = &lines[1];
    assert_eq!(k20m.id, "k20m");
    let p = 1.2115384615384615;
    for (x, y) in xs.iter().zip(on_target) {
        assert_close!(y.unwrap(), 0.082 + p * (x - 0.07699999999999999));
    }
}

/// `t_ref_ms=auto`: T_Ref estimated from the matrix's statistics by the C2050's own lines
/// (docs/models.md, "T_Ref from the matrix"), worked by hand from Table II's numbers. With the
/// C2050 as the target, T_Tar = T_Ref, so the headline is the estimate.
#[test]
fn t_ref_estimated_from_the_matrix_by_hand() {
    let small = "model=spmv&target=c2050&t_ref_ms=auto&n_r=1000&nnz=6000&p_nz_csr=5&p_nz_ell=9&hyb_thd=5&nnz_hyb_coo=400";
    let t = |kernel: &str| num(&eval(&format!("{small}&kernel={kernel}")), "t_tar_ms");
    // CSR, P_NZ_CSR = 5 ≤ 1024 (LT): I_Ref_CSR = ⌈1000/672⌉ = 2, T0_Ref = 0.00027·1 + 0.078 =
    // 0.07827 (= T00), T1_Ref = 0.00027·5 + 0.078 = 0.07935, E1 = 0.07827 + 0.0061·(2 − 1) =
    // 0.08437: T_Ref = 0.07935/0.07827 · 0.08437 = 0.0855341702 ms.
    assert_close!(t("csr"), 0.07935 / 0.07827 * 0.08437);
    assert!((t("csr") - 0.085_534_170_2).abs() < 1e-10);
    // ELL: I_Ref_ELL = 1, B1 = 0.011·1 + 0.062 − 0.002·4·1 = 0.065; + 0.002·1·9 = 0.083 ms.
    assert_close!(t("ell"), 0.083);
    // COO: ⌈6000/21504⌉ = 1 strip: T0 = 0.05 ms.
    assert_close!(t("coo"), 0.05);
    // HYB case 3: ELL at width 5 (0.065 + 0.002·5 = 0.075) + COO for 400 non-zeros (0.05).
    assert_close!(t("hyb"), 0.125);
    // FEM/Cantilever's size with its 4,007,383 non-zeros typed (no longer the example, which
    // keeps its illustrative 0.8 ms): I = ⌈62451/672⌉ = 93, T1_Ref = 0.00027·64 + 0.078:
    // 0.09528/0.07827 · (0.07827 + 0.0061·92) = 0.77844 ms.
    let e = eval("model=spmv&target=c2050&t_ref_ms=auto&nnz=4007383");
    assert_close!(
        num(&e, "t_tar_ms"),
        0.09528 / 0.07827 * (0.07827 + 0.0061 * 92.0)
    );
    let i = model().field_index("t_ref_ms").unwrap();
    assert_close!(e.inputs[i].num().unwrap(), num(&e, "t_tar_ms"));
    assert!(e.notes.iter().any(|n| n.id == "t-ref-estimated"));
    // Above the reference's threshold (RT, X02 = 1024): T0_Ref = 0.00029·1024 + 0.066 =
    // 0.36296 (= T02), T1_Ref = 0.00029·2000 + 0.066 = 0.646, ⌈1344/672⌉ = 2 strips:
    // 0.646/0.36296 · (0.36296 + 0.06) = 0.75278863 ms.
    let e = eval("model=spmv&target=c2050&t_ref_ms=auto&n_r=1344&p_nz_csr=2000&p_nz_ell=2000");
    assert_close!(num(&e, "t_tar_ms"), 0.646 / 0.36296 * 0.42296);
    // Two matrices, two predictions on the K20m (a typed T_Ref would give one).
    let k20m = |q: &str| {
        num(
            &eval(&format!("model=spmv&target=k20m&t_ref_ms=auto&{q}")),
            "t_tar_ms",
        )
    };
    assert!(k20m("n_r=1000&p_nz_csr=5&p_nz_ell=9") < k20m("n_r=200000&p_nz_csr=20&p_nz_ell=40"));
}

/// T_Ref is `auto` by default: the example matrix keeps its illustrative 0.8 ms, a matrix
/// typed by hand gets T_Ref estimated from it (issue 35: Rows 50,000, Non-zeros 500,000, mode
/// 10, longest 30); a typed T_Ref is used as typed (the app's links always carried it, so they
/// keep their time); what the estimate needs and lacks names T_Ref's field.
#[test]
fn t_ref_auto_keeps_old_links_and_names_what_it_lacks() {
    let e = eval("model=spmv&target=c2050");
    assert_close!(num(&e, "t_tar_ms"), 0.8);
    assert!(!e.notes.iter().any(|n| n.id == "t-ref-estimated"));
    let i = model().field_index("t_ref_ms").unwrap();
    assert_eq!(e.inputs[i], Value::Num(0.8));
    assert!(e
        .derived
        .iter()
        .any(|(f, why)| *f == "t_ref_ms" && why.contains("illustrative")));
    // Typed by hand: ⌈50000/672⌉ = 75 strips, T1_Ref = 0.00027·10 + 0.078 = 0.0807,
    // E1 = 0.07827 + 0.0061·74 = 0.52967: T_Ref = 0.0807/0.07827 · 0.52967 = 0.546114 ms.
    let typed = "model=spmv&target=c2050&n_r=50000&nnz=500000&p_nz_csr=10&p_nz_ell=30";
    let e = eval(typed);
    assert_close!(num(&e, "t_tar_ms"), 0.0807 / 0.07827 * 0.52967);
    assert!(e.notes.iter().any(|n| n.id == "t-ref-estimated"));
    assert_close!(
        num(&eval(&format!("{typed}&t_ref_ms=0.8")), "t_tar_ms"),
        0.8
    );
    assert_close!(
        num(&eval("model=spmv&target=c2050&t_ref_ms=1.5"), "t_tar_ms"),
        1.5
    );
    let (state, _) = from_query("model=spmv&t_ref_ms=auto&n_r=5&nnz=8&p_nz_csr=2&p_nz_ell=3");
    let back = to_query(&state);
    assert!(back.contains("t_ref_ms=auto"), "{back}");
    let err = |q: &str| {
        let (state, _) = from_query("model=spmv&t_ref_ms=auto&p_nz_csr=63");
        let mut p = state.params.clone();
        for part in q.split('&') {
            let (k, v) = part.split_once('=').unwrap();
            p.set(k, model().field(k).unwrap().parse(v).unwrap());
        }
        (model().evaluate)(&p, state.device).expect_err(q)
    };
    let e = err("kernel=coo");
    assert_eq!(e.field, "t_ref_ms");
    assert!(e.message.contains("without nnz"), "{}", e.message);
    let e = err("kernel=hyb&nnz=4007383");
    assert_eq!(e.field, "t_ref_ms");
    assert!(e.message.contains("nnz_hyb_coo"), "{}", e.message);
    // The histogram's non-zeros beyond a width: rows of 2, 1, 0, 3, 2 beyond 1 → 1 + 2 + 1.
    assert_eq!(spmv::beyond(&[(0, 1), (1, 1), (2, 2), (3, 1)], 1), 4);
    assert_eq!(spmv::beyond(&[(0, 1), (1, 1), (2, 2), (3, 1)], 0), 8);
}

/// Issue 26: on a target whose coefficients are estimated (every preset but Table I's
/// measured ones, and those with nothing typed), P_CSR no longer jumps at the case
/// boundaries — the estimate's RT used to be divided by the reference's LT in case 2 (GTX
/// 295: 1.29 at p_nz_csr 500, 12.8 at 700). Each coefficient is the C2050's × bandwidth ratio ×
/// strip ratio, so P1 = 1 and P2 = P = 144 GB/s ÷ the target's bandwidth on both sides of each
/// boundary (the target's threads per block and the C2050's 1,024), on every preset.
#[test]
fn csr_p_is_continuous_across_the_cases_on_every_estimated_target() {
    let spmv_targets = devices::DEVICES
        .iter()
        .filter(|d| model().devices.accepts(d) && d.id != "c2050");
    let mut seen = 0;
    for d in spmv_targets {
        let ratio = 144.0 / d.mem_bandwidth_gbs.value;
        let thd = devices::find(d.id)
            .and_then(|d| d.compute_capability)
            .map(|cc| {
                warpsight::model::occupancy::arch_limits(cc.value.0, cc.value.1)
                    .unwrap()
                    .max_threads_per_block as u64
            })
            .unwrap();
        for p in [thd - 1, thd, thd + 1, 1023, 1024, 1025, 1500] {
            let e = eval(&format!(
                "model=spmv&target={}&kernel=csr&p_nz_csr={p}&p_nz_ell=2000&nnz=4000000&c1_tar_csr_lt=auto&c1_tar_csr_rt=auto&c2_tar_csr_lt=auto&c2_tar_csr_rt=auto",
                d.id
            ));
            assert!(
                close(num(&e, "p_csr"), ratio),
                "{} at {p}: P {} against {ratio}",
                d.id,
                num(&e, "p_csr")
            );
            assert!(close(num(&e, "p1"), 1.0), "{} at {p}", d.id);
        }
        seen += 1;
    }
    assert!(seen >= 5, "{seen} targets");
}

/// Issue 26: an estimated target's ELL initialization scales with the rest (slope and
/// intercept of E_ELL alike): with one strip on both GPUs (1,000 rows), B2 = B1 × k_ELL, the
/// C2050's bandwidth and strip ratio (144 / 111.9 GB/s × 30,720 / 21,504 on a GTX 295).
#[test]
fn an_estimated_targets_ell_initialization_scales_alike() {
    let e = eval(
        "model=spmv&target=gtx295&kernel=ell&n_r=1000&nnz=5000&p_nz_csr=5&p_nz_ell=5&hyb_thd=0",
    );
    assert_eq!((num(&e, "i_ref_ell"), num(&e, "i_tar_ell")), (1.0, 1.0));
    let k_ell =
        144.0 / devices::find("gtx295").unwrap().mem_bandwidth_gbs.value * 30720.0 / 21504.0;
    assert_close!(num(&e, "b2"), num(&e, "b1") * k_ell);
}

/// Evaluates a link the model must refuse (each value within its field's range; a link the
/// page opened would fall back to the default, with the error as its notice).
fn eval_err(query: &str) -> warpsight::field::InputError {
    let (state, _) = from_query("model=spmv");
    let mut p = state.params.clone();
    for part in query.split('&').filter(|part| *part != "model=spmv") {
        let (k, v) = part.split_once('=').unwrap();
        let f = model().field(k).unwrap();
        p.set(k, f.parse(v).unwrap_or_else(|e| panic!("{e}")));
    }
    (model().evaluate)(&p, state.device).expect_err(query)
}

/// The number a message shows after `prefix`, up to the next space.
fn shown(message: &str, prefix: &str) -> f64 {
    let at = message
        .find(prefix)
        .unwrap_or_else(|| panic!("no “{prefix}” in: {message}"))
        + prefix.len();
    let word = message[at..].split(' ').next().unwrap();
    word.trim_end_matches([',', ';', ':', ')'])
        .replace(',', "")
        .parse()
        .unwrap_or_else(|e| panic!("{word}: {e} in: {message}"))
}

/// Issue 26: B1 and B2 are shown whatever the kernel, so a setup time that is not positive is
/// an error on the field that makes it so, with the range that keeps it positive. By hand,
/// with Cantilever's 62,451 rows: I_Ref_ELL = ⌈62451/21504⌉ = 3, I_Tar_ELL on the M2090 =
/// ⌈62451/24576⌉ = 3, and the M2090's estimate scales E and C by
/// k = (144/177)·(24576/21504) = 0.92978…
#[test]
fn a_setup_time_that_is_not_positive_names_its_field() {
    // The first link: E_Ref_ELL(3) = 0·3 − 1 = −1 ms; B1 = −1 − 0.002·4·3 = −1.024.
    let e = eval_err("model=spmv&kernel=csr&e_ref_ell=0,-1");
    assert_eq!(e.field, "e_ref_ell");
    assert_close!(shown(&e.message, "it is "), -1.024);
    assert!(e
        .message
        .contains("B1 = E_ELL(I) − C_ELL·X1·I stays positive on the C2050"));
    assert_close!(shown(&e.message, "must give more than "), 0.024);
    // The second link: B1 = 0.095 − 1e6·1e8·3 = −3e14 ms. X1 would have to be below
    // 0.095 / (1e6·3) = 3.1667e-8, under its minimum 1: the message says C must come down too.
    let e = eval_err("model=spmv&kernel=csr&x1=1e8&c_ref_ell=1e6&t_ref_ell_ms=1e-6");
    assert_eq!(e.field, "x1");
    assert_close!(shown(&e.message, "it is "), -3e14);
    assert!((shown(&e.message, "less than ") - 0.095 / 3e6).abs() < 1e-11);
    assert!(
        e.message
            .contains("no X1 of 1 or more works with c_ref_ell = 1,000,000: lower that too"),
        "{}",
        e.message
    );
    // C_Ref_ELL alone: B1 = 0.095 − 0.01·4·3 = −0.025; below 0.095/12 = 0.0079167 it is not.
    let e = eval_err("model=spmv&kernel=coo&c_ref_ell=0.01");
    assert_eq!(e.field, "c_ref_ell");
    assert!(
        e.message
            .contains("on the C2050: it is -0.025 ms at I = 3 strips"),
        "{}",
        e.message
    );
    assert!(
        (shown(&e.message, "less than ") - 0.095 / 12.0).abs() < 1e-6,
        "{}",
        e.message
    );
    // B2 with the target's C typed (E estimated): 0.095·k − 0.01·4·3 = −0.031671 ms, fixed
    // below 0.095·k/12 = 0.0073607 (the message's 4 significant digits).
    let e = eval_err("model=spmv&kernel=coo&c_tar_ell=0.01");
    assert_eq!(e.field, "c_tar_ell");
    let k = (144.0 / 177.0) * (24576.0 / 21504.0);
    assert!(
        (shown(&e.message, "it is ") - (0.095 * k - 0.12)).abs() < 1e-5,
        "{}",
        e.message
    );
    assert!((shown(&e.message, "less than ") - 0.095 * k / 12.0).abs() < 1e-6);
    assert!(e.message.contains("on the Tesla M2090"), "{}", e.message);
    // B2 with the target's line typed: 0.001·3 + 0.001 = 0.004 ms against the estimated
    // C_Tar·X1·I = 0.002·k·4·3 = 0.022314 ms.
    let e = eval_err("model=spmv&kernel=ell&e_tar_ell=0.001,0.001");
    assert_eq!(e.field, "e_tar_ell");
    assert!(
        (shown(&e.message, "more than ") - 0.024 * k).abs() < 1e-5,
        "{}",
        e.message
    );
    // Another GPU of the comparison: with X1 = 6 and 1,290,240 rows, B1 = 0.062 + 0.011·60
    // − 0.002·6·60 = 0.002 ms on the C2050 (60 strips), but the 8800 GT's strips hold 14·768
    // = 10,752 rows: 120 strips, B2 = k·(0.062 + 1.32 − 1.44) < 0. Its ELL time, which that B2
    // would start, is left out of the comparison (no time shown), and the C2050's is kept.
    let q = "model=spmv&kernel=csr&x1=6&n_r=1290240&targets=c2050,8800gt&t_ref_ell_ms=5";
    let ok = eval(q);
    assert_close!(num(&ok, "b1"), 0.002);
    assert!(num(&ok, "b2") > 0.0);
    assert_eq!(ok.number(model(), "t_ms_ell.8800gt"), None);
    assert!(ok
        .number(model(), "t_ms_ell.c2050")
        .is_some_and(|t| t > 0.0));
}

/// Issue 26: a T_Tar that is not positive is reported on the field that causes it, not `t1`.
/// With the target's C1 typed and X00 above P_NZ_CSR: T0_Ref = 0.00027·1000 + 0.078 = 0.348,
/// T1_Ref = 0.00027·64 + 0.078 = 0.09528 (a = T0_Ref/T1_Ref = 3.6524 > 1), T0_Tar_0 =
/// 0.348·k = 0.32356 (k = (144/177)·(768/672)), P1 = (0.001/0.00027)·(0.348/0.32356)·(1 − a)
/// + a = −6.9132, P2 = k·672/768 = 0.81356, T_Tar = 0.32356 + P1·P2·(0.8 − 0.348) = −2.2186 ms.
#[test]
fn a_negative_t_tar_names_the_field_that_causes_it() {
    let e = eval_err("model=spmv&kernel=csr&x00=1000&c1_tar_csr_lt=0.001");
    assert_eq!(e.field, "x00");
    assert!(
        e.message.contains("from 1 to P_NZ_CSR (64)"),
        "{}",
        e.message
    );
    assert!(
        (shown(&e.message, "P1 = ") + 6.9132).abs() < 1e-4,
        "{}",
        e.message
    );
    assert!(
        (shown(&e.message, "0.348) = ") + 2.2186).abs() < 1e-4,
        "{}",
        e.message
    );
    // X00 at P_NZ_CSR: a = 1, P1 = 1, T_Tar = 0.0953·k + P2·(0.8 − 0.09528) > 0.
    let k = (144.0 / 177.0) * (768.0 / 672.0);
    let e = eval("model=spmv&kernel=csr&x00=64&c1_tar_csr_lt=0.001");
    assert_close!(num(&e, "p1"), 1.0);
    assert!(
        (num(&e, "t_tar_ms") - (0.09528 * k + k * 672.0 / 768.0 * (0.8 - 0.09528))).abs() < 1e-12
    );
}
