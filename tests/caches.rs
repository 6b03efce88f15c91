//! Issue 45: Sim et al.'s cache-aware memory latency in Hong & Kim (by hand, and the paper's
//! values at 0 % hits), the hit rates and barrier counts the profiler readers take from real
//! exports, each architecture's cache latencies and Luo & Suda costs, and a profiled kernel
//! projected onto another GPU.

use std::io::Read;

use warpsight::analysis::profiler::{Profile, ProfileReader};
use warpsight::devices;
use warpsight::measured::{compare, compare_projected, KernelReport, Report};
use warpsight::model::hong_kim::{self, Inputs, NOTE_CACHES, NOTE_NO_DRAM};
use warpsight::model::ptx::CostTable;

fn read(path: &str) -> Profile {
    let mut bytes = Vec::new();
    let mut f = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    if path.ends_with(".gz") {
        flate2::read::GzDecoder::new(f)
            .read_to_end(&mut bytes)
            .unwrap();
    } else {
        f.read_to_end(&mut bytes).unwrap();
    }
    let mut reader = ProfileReader::new();
    reader.feed(&bytes).unwrap();
    reader.finish().unwrap()
}

const H200: &str = "tests/fixtures/profiler/known-kernels-h200";

fn kernel<'a>(r: &'a Report, name: &str) -> &'a KernelReport {
    r.kernels
        .iter()
        .find(|k| k.name.starts_with(name))
        .unwrap_or_else(|| panic!("no kernel {name}"))
}

fn input<'a>(k: &'a KernelReport, model: &str, field: &str) -> Option<&'a str> {
    let p = k.predictions.iter().find(|p| p.model == model).unwrap();
    p.inputs
        .iter()
        .find(|i| i.field == field)
        .map(|i| i.text.as_str())
}

/// The paper's Table 2 kernel with docs/models.md's reference caches: h1 = h2 = 50 %, L1 30
/// and L2 200 cycles (Mem_LD 420).
const CACHED_TABLE_2: Inputs = Inputs {
    l1_hit_pct: 50.0,
    l2_hit_pct: 50.0,
    l1_lat: 30.0,
    l2_lat: 200.0,
    ..Inputs::TABLE_2
};

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// docs/models.md's reference: h1 = h2 = 50 %, L1 30, L2 200, Mem_LD 420 → AMAT 170 cycles,
/// on the paper's Table 2 kernel.
#[test]
fn amat_by_hand() {
    let cached = CACHED_TABLE_2;
    let o = hong_kim::evaluate(&cached).expect("valid");
    assert_eq!((o.amat_l1, o.amat_l2, o.amat_dram), (15.0, 50.0, 105.0));
    assert_eq!(o.amat, 170.0);
    // Eq. 10 with AMAT for Mem_LD: 170 + 31 × 10 = 480 (the paper's 730 less 250).
    assert_eq!(o.mem_l_uncoal, 480.0);
    assert_eq!(o.mem_l, 480.0);
    assert_eq!(o.dram_share, 0.25);
    // Eq. 7 counts a quarter of the 128 bytes: 1 GHz × 32 B / 480 cycles.
    assert!(close(o.bw_per_warp, 32.0 / 480.0, 1e-15));
    assert!(o.notes().contains(&NOTE_CACHES));
    // Faster than the paper's model, and the explanation says by how much.
    let paper = hong_kim::evaluate(&Inputs::TABLE_2).expect("valid");
    assert!(o.time_s < paper.time_s);
    assert_eq!(o.time_s_uncached, Some(paper.time_s));
    let words = o.explanation();
    assert!(
        words.contains("AMAT 170 cycles (15 in L1 + 50 in L2 + 105 in DRAM)"),
        "{words}"
    );
    assert!(words.contains("the caches save"), "{words}");
}

/// At 0 % hits every output is the paper's: AMAT is Mem_LD, the DRAM share 1, and Table 2's
/// own figures stand.
#[test]
fn no_hits_is_the_paper() {
    let o = hong_kim::evaluate(&Inputs::TABLE_2).expect("valid");
    assert_eq!(o.amat, 420.0);
    assert_eq!((o.amat_l1, o.amat_l2, o.amat_dram), (0.0, 0.0, 420.0));
    assert_eq!(o.dram_share, 1.0);
    assert_eq!(o.mem_l_uncoal, 730.0);
    assert!(close(o.bw_per_warp, 128.0 / 730.0, 1e-15)); // Table 2: 0.175 GB/s
    assert_eq!(o.time_s_uncached, None);
    assert!(!o.notes().contains(&NOTE_CACHES));
    // Latencies alone change nothing while nothing hits.
    let other = Inputs {
        l1_lat: 5.0,
        l2_lat: 900.0,
        ..Inputs::TABLE_2
    };
    assert_eq!(hong_kim::evaluate(&other).expect("valid").time_s, o.time_s);
}

/// Every request hitting a cache: no byte reaches DRAM, the bandwidth bounds nothing, and
/// every value stays finite.
#[test]
fn every_request_hitting_keeps_values_finite() {
    let all = Inputs {
        l2_hit_pct: 100.0,
        ..Inputs::TABLE_2
    };
    let o = hong_kim::evaluate(&all).expect("valid");
    assert_eq!(o.amat, 200.0);
    assert_eq!(o.bw_per_warp, 0.0);
    assert!(o.values().iter().all(|v| v.is_finite()));
    assert_eq!(o.mwp_peak_bw, o.mwp_without_bw_full.max(o.n));
    assert!(o.notes().contains(&NOTE_NO_DRAM));
}

/// A link without the new fields opens as before (0 % hits), and one with them keeps them.
#[test]
fn links_carry_the_hit_rates() {
    let (s, notices) =
        warpsight::link::from_query("model=hong-kim&device=h100&l1_hit_pct=25&l2_hit_pct=60");
    assert!(notices.is_empty(), "{notices:?}");
    let q = warpsight::link::to_query(&s);
    assert!(
        q.contains("l1_hit_pct=25") && q.contains("l2_hit_pct=60"),
        "{q}"
    );
    // The H100's latencies are Hopper's, from Luo et al. (IPDPS 2024), labelled measured.
    assert!(q.contains("l1_lat=40.7") && q.contains("l2_lat=263"), "{q}");
    let (old, notices) = warpsight::link::from_query("model=hong-kim&device=hk-example");
    assert!(notices.is_empty());
    let m = warpsight::registry::find("hong-kim").unwrap();
    let e = (m.evaluate)(&old.params, old.device).expect("valid");
    assert_eq!(e.number(m, "amat"), Some(420.0));
    assert_eq!(
        e.number(m, "time_s").map(|t| (t * 1e9).round()),
        Some(50728.0)
    );
}

/// Each architecture's published L1 and L2 latencies, labelled as measurements; none on the
/// paper's GPUs, which cache no global loads.
#[test]
fn each_architecture_has_its_measured_cache_latencies() {
    let lat = |cc| {
        hong_kim::cache_latencies(cc).map(|[l1, l2]| (l1.value, l2.value, l2.source.describe()))
    };
    assert!(lat((1, 3)).is_none());
    let (l1, l2, src) = lat((7, 0)).unwrap();
    assert_eq!((l1, l2), (28.0, 193.0));
    assert!(src.contains("Jia et al."), "{src}");
    assert_eq!(lat((2, 0)).map(|l| (l.0, l.1)), Some((96.0, 351.0)));
    assert_eq!(lat((7, 5)).map(|l| (l.0, l.1)), Some((32.0, 188.0)));
    assert_eq!(lat((8, 0)).map(|l| (l.0, l.1)), Some((33.0, 200.0)));
    assert_eq!(lat((8, 9)).map(|l| (l.0, l.1)), Some((43.4, 273.0)));
    assert_eq!(lat((9, 0)).map(|l| (l.0, l.1)), Some((40.7, 263.0)));
    // Blackwell: no published table; Hopper's, labelled an estimate.
    let b = hong_kim::cache_latencies((10, 0)).unwrap();
    assert!(b[0].source.describe().contains("assumed as Hopper"));
    assert!(!matches!(b[0].source, devices::Source::Measured(_)));
}

/// Luo & Suda's classes per compute capability, from Arafa et al. (HPEC 2019) and later
/// dissections; the GTX 260 keeps the paper's Table 1 exactly.
#[test]
fn luo_suda_costs_per_architecture() {
    let gtx260 = devices::find("gtx260").unwrap();
    assert_eq!(
        CostTable::for_device(gtx260).map(|c| c.0),
        Some(CostTable::GTX260)
    );
    assert_eq!(CostTable::of_architecture((1, 3)), None);
    let (volta, src) = CostTable::of_architecture((7, 0)).unwrap();
    assert!(src.contains("Arafa et al."), "{src}");
    assert_eq!((volta.add.int_reg, volta.add.float_const), (4.0, 4.0));
    assert_eq!((volta.div.int_reg, volta.div.float_reg), (127.0, 201.0));
    assert_eq!(volta.other, 4.0);
    let (kepler, _) = CostTable::of_architecture((3, 5)).unwrap();
    assert_eq!((kepler.add.int_reg, kepler.div.float_reg), (9.0, 418.0));
    let (maxwell, _) = CostTable::of_architecture((5, 2)).unwrap();
    assert_eq!((maxwell.mul.int_reg, maxwell.mul.float_reg), (13.0, 6.0));
    // A device's memory cost is its own latency (the A100's measured 575 cycles).
    let (a100, src) = CostTable::for_device(devices::find("a100").unwrap()).unwrap();
    assert_eq!(a100.ld_st, 575.0);
    assert_eq!(a100.mul.int_reg, 3.0);
    assert!(src.contains("Abdelkhalik"), "{src}");
}

/// Hit rates and declared barriers from real exports: the H200's details page (labels) and
/// raw page (metric names), ncu 2020's "L1 Hit Rate", and nvprof's L2 rates of reads and
/// writes weighted by their transactions.
#[test]
fn readers_take_hit_rates_and_barrier_counts() {
    let full = read(&format!("{H200}/h200_full.csv.gz"));
    let m = |p: &Profile, name: &str, key: &str| {
        p.kernels
            .iter()
            .find(|k| k.name.starts_with(name))
            .and_then(|k| k.metric(key))
    };
    assert_eq!(m(&full, "vec_add", "l1_hit_pct"), Some(0.0));
    assert_eq!(m(&full, "vec_add", "l2_hit_pct"), Some(33.71));
    assert_eq!(m(&full, "wmma_gemm", "l1_hit_pct"), Some(49.20));
    // Printed over 100 %: kept by the reader, read as 100 % by the models.
    assert_eq!(m(&full, "fma_fp32", "l2_hit_pct"), Some(100.96));
    let raw = read(&format!("{H200}/h200_full_raw.csv.gz"));
    assert_eq!(m(&raw, "vec_add", "l2_hit_pct"), Some(33.71));
    assert_eq!(m(&raw, "vec_add", "barrier_count"), Some(0.0));
    assert_eq!(m(&raw, "transpose_tiled", "barrier_count"), Some(1.0));
    if std::path::Path::new("../shared/profiles").exists() {
        let cfd =
            read("../shared/profiles/AndrewXu22__optimal_unified_memory__nsight_cfd_097K.csv");
        assert_eq!(
            m(&cfd, "cuda_compute_step_factor", "l2_hit_pct"),
            Some(14.39)
        );
        assert_eq!(m(&cfd, "cuda_compute_step_factor", "l1_hit_pct"), Some(0.0));
        let nvprof = read("../shared/profiles/leimingyu__magus__transpose_metrics.csv");
        assert_eq!(m(&nvprof, "transposeNaive", "l1_hit_pct"), Some(50.0));
        // (0 % × 131,072 reads + 96.875 % × 1,048,576 writes) / 1,179,648.
        let l2 = m(&nvprof, "transposeNaive", "l2_hit_pct").unwrap();
        assert!(close(l2, 96.875 * 1_048_576.0 / 1_179_648.0, 1e-9), "{l2}");
    }
}

/// The comparison puts the file's hit rates into Hong & Kim (read as 100 % above it), counts
/// no requests where the file counts none, and takes a declared count of 0 barriers from the
/// profile.
#[test]
fn the_comparison_uses_the_hit_rates() {
    let r = compare(&read(&format!("{H200}/h200_full.csv.gz")));
    let vec_add = kernel(&r, "vec_add");
    assert_eq!(input(vec_add, "hong-kim", "l2_hit_pct"), Some("33.71"));
    assert_eq!(input(vec_add, "hong-kim", "l1_hit_pct"), Some("0"));
    assert_eq!(
        input(kernel(&r, "fma_fp32"), "hong-kim", "l2_hit_pct"),
        Some("100")
    );
    // The details page counts no requests, and its Source Counters rule does not fire on a
    // coalesced kernel: the requests stay to type, with the command that counts them (never
    // derived from the DRAM bytes and hit rates, issue 55).
    assert_eq!(input(vec_add, "hong-kim", "coal_mem_insts"), Some(""));
    let hk = vec_add
        .predictions
        .iter()
        .find(|p| p.model == "hong-kim")
        .unwrap();
    assert!(!hk.complete);
    let how = &hk
        .inputs
        .iter()
        .find(|i| i.field == "coal_mem_insts")
        .unwrap()
        .how;
    assert!(
        how.contains("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
        "{how}"
    );
    let raw = compare(&read(&format!("{H200}/h200_full_raw.csv.gz")));
    let p = |k| {
        kernel(&raw, k)
            .predictions
            .iter()
            .find(|p| p.model == "hong-kim")
            .unwrap()
            .clone()
    };
    assert!(!p("vec_add").assumed.contains(&"synch_insts"));
    assert_eq!(
        input(kernel(&raw, "vec_add"), "hong-kim", "synch_insts"),
        Some("0")
    );
    // A kernel with a barrier: one per warp, assumed and said.
    assert!(p("transpose_tiled").assumed.contains(&"synch_insts"));
    assert_eq!(
        input(kernel(&raw, "transpose_tiled"), "hong-kim", "synch_insts"),
        Some("1")
    );
}

/// The H200's kernels predicted on an H100: the file's GPU named in `projected_from`, the
/// target's constants and occupancy, the measured time kept, no ratio, and the hit rates
/// said to be measured on the H200.
#[test]
fn a_profile_projected_onto_another_gpu() {
    let profile = read(&format!("{H200}/h200_full_raw.csv.gz"));
    let h100 = devices::find("h100").unwrap();
    let here = compare(&profile);
    let there = compare_projected(&profile, None, h100);
    let (a, b) = (kernel(&here, "vec_add"), kernel(&there, "vec_add"));
    assert_eq!(a.device.id, "h200");
    assert_eq!(b.device.id, "h100");
    assert_eq!(b.device.how, "projected");
    assert_eq!(
        b.projected_from.as_ref().map(|d| d.id.as_str()),
        Some("h200")
    );
    assert_eq!(b.measured_s, a.measured_s);
    let hk = b
        .predictions
        .iter()
        .find(|p| p.model == "hong-kim")
        .unwrap();
    assert!(hk.complete);
    assert!(hk.time_s.is_some());
    assert_eq!(hk.ratio, None);
    // The H100's clock and bandwidth, not the file's measured clock.
    assert!(hk.query.contains("freq_ghz=1.98"), "{}", hk.query);
    assert!(hk.query.contains("mem_bandwidth_gbs=3350"), "{}", hk.query);
    assert!(!hk.query.contains("measured_s"), "{}", hk.query);
    let how = &hk
        .inputs
        .iter()
        .find(|i| i.field == "l2_hit_pct")
        .unwrap()
        .how;
    assert!(how.contains("measured on the H200"), "{how}");
    // Slower on the H100 (3.35 against 4.8 TB/s) for this streaming kernel.
    let here_hk = a
        .predictions
        .iter()
        .find(|p| p.model == "hong-kim")
        .unwrap();
    assert!(hk.time_s.unwrap() > here_hk.time_s.unwrap());
    // No occupancy comparison against the H200's profiler figures.
    assert_eq!(b.occupancy.profiler, None);
    assert!(there.models.iter().all(|m| m.kernels == 0));
}

/// Sim et al.'s MWP keeps the DRAM latency: on the Table 2 kernel with h1 = h2 = 50 %, Mem_L
/// is 170 + 31 · 10 = 480 cycles, but eq. 16 divides the DRAM one, 420 + 310 = 730, by the
/// departure delay 10 × 32 = 320: 2.28125 warps, the paper's MWP.
#[test]
fn mwp_keeps_the_dram_latency() {
    let cached = CACHED_TABLE_2;
    let out = hong_kim::evaluate(&cached).unwrap();
    assert!(close(out.mem_l, 480.0, 1e-9), "{}", out.mem_l);
    assert!(close(out.mem_l_dram, 730.0, 1e-9), "{}", out.mem_l_dram);
    assert!(close(out.mwp_without_bw_full, 730.0 / 320.0, 1e-12));
    let paper = hong_kim::evaluate(&Inputs::TABLE_2).unwrap();
    assert_eq!(paper.mem_l_dram, paper.mem_l);
    assert_eq!(paper.mwp_without_bw_full, out.mwp_without_bw_full);
}

/// Where a file counts requests and DRAM bytes, the hit rates are those that send exactly its
/// DRAM bytes to DRAM. The CUDA samples' copy on a GTX 1080 Ti asks for 384 bytes per warp
/// (a load of 8 sectors, a store of 4) and moves 8,483,936 DRAM bytes over 32,768 warps:
/// 67.4 %, so nvprof's 50 % L1 rate is lowered to 32.58 % and the L2's 25 % to 0.
#[test]
fn hit_rates_follow_the_dram_bytes() {
    let dir = "../shared/profiles";
    if !std::path::Path::new(dir).exists() {
        return;
    }
    let mut profile = read(&format!("{dir}/leimingyu__magus__transpose_trace.csv"));
    profile = Profile::join(vec![
        profile,
        read(&format!("{dir}/leimingyu__magus__transpose_metrics.csv")),
    ])
    .unwrap();
    let r = compare(&profile);
    let copy = kernel(&r, "copy(");
    let share = 8_483_936.0 / (32_768.0 * 384.0);
    assert!(close(share, 0.6742, 1e-4));
    assert_eq!(input(copy, "hong-kim", "l1_hit_pct"), Some("32.58"));
    assert_eq!(input(copy, "hong-kim", "l2_hit_pct"), Some("0"));
    // The naive transpose's L1 rate leaves room: kept, and the L2's follows from it.
    let naive = kernel(&r, "transposeNaive");
    assert_eq!(input(naive, "hong-kim", "l1_hit_pct"), Some("50"));
    assert_eq!(input(naive, "hong-kim", "l2_hit_pct"), Some("59.5"));
}

/// The H200's strided copy moves 1.9 times the DRAM bytes its requests ask for (64-byte DRAM
/// reads for 32-byte sectors): both departure delays are the device's times 1.9. The vector
/// add's two loads are assumed in flight together (20 instructions per warp, no loop); the
/// FMA loop, 4,878 instructions per warp, keeps the paper's MLP of 1.
#[test]
fn overfetch_and_straight_line_mlp() {
    let r = compare(&read(&format!("{H200}/h200_recommended.csv.gz")));
    let strided = kernel(&r, "strided_copy");
    assert_eq!(
        input(strided, "hong-kim", "departure_del_uncoal"),
        Some("4.51")
    );
    assert_eq!(
        input(strided, "hong-kim", "departure_del_coal"),
        Some("18.03")
    );
    let vec_add = kernel(&r, "vec_add");
    assert_eq!(input(vec_add, "hong-kim", "mlp"), Some("2"));
    assert_eq!(input(kernel(&r, "fma_fp32"), "hong-kim", "mlp"), None);
    assert_eq!(input(vec_add, "hong-kim", "departure_del_uncoal"), None);
}
