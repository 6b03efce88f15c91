//! Dümmler & Egerland's APSP interval model: the paper's reported jumps (§5.1, docs/models.md's
//! reference), hand-computed warp counts and times, Floyd-Warshall, calibration, and Sorted
//! (computed per block kind) against block-by-block list scheduling.

use proptest::prelude::*;
use warpsight::devices;
use warpsight::model::apsp::{self, Algorithm, BlockKind, Inputs, Point};
use warpsight::model::Params;
use warpsight::registry;

/// The C2075 (Table 4) with Table 5's symbolic parameters and the given block size.
fn c2075(block_size: u64, blocks_per_sm_occ: u64) -> Inputs {
    Inputs {
        algorithm: Algorithm::MinPlus,
        n: 81,
        block_size,
        sms: 14,
        cores_per_sm: 32.0,
        threads_per_warp: 32,
        warp_granularity: 2,
        coalescable_mem_accesses: 4.0,
        blocks_per_sm_occ,
        t_launch: 5000.0,
        instr_per_vertex: 1000.0,
        t_instr: 10.0,
        t_read: 2000.0,
        t_write: 4000.0,
        p_min: 0.5,
    }
}

fn at(inp: &Inputs, n: u64) -> Point {
    apsp::at(&Inputs { n, ..*inp })
}

const MIN: usize = 0;
const SORTED: usize = 1;
const FULL: usize = 2;
const BUCKETS: usize = 3;

#[test]
fn c2075_8x8_buckets_jumps_8_to_16_blocks_at_81_while_full_steps_8_to_9() {
    let inp = c2075(8, 8);
    let (a, b) = (at(&inp, 80), at(&inp, 81));
    assert_eq!(a.blocks_per_sm[BUCKETS], Some(8));
    assert_eq!(b.blocks_per_sm[BUCKETS], Some(16));
    assert_eq!(a.blocks_per_sm[FULL], Some(8));
    assert_eq!(b.blocks_per_sm[FULL], Some(9));
    // 100 → 121 blocks (§5.1).
    assert_eq!((a.grid_width, b.grid_width), (10, 11));
    // Full blocks have 8 warps (8 rows of 8 threads, granularity 2): Buckets 64 → 128 warps.
    assert_eq!(a.warps_per_sm[BUCKETS], 64);
    assert_eq!(b.warps_per_sm[BUCKETS], 128);
    // Buckets' jump is the big one; Full moves by one block.
    assert!(b.t_sym[BUCKETS] / a.t_sym[BUCKETS] > 1.9);
    assert!(b.t_sym[FULL] / a.t_sym[FULL] < 1.2);
}

#[test]
fn c2075_32x32_full_equals_buckets_and_sorted_does_not_jump_at_97() {
    let inp = c2075(32, 1);
    for n in 2..=300 {
        let p = at(&inp, n);
        assert_eq!(p.warps_per_sm[FULL], p.warps_per_sm[BUCKETS], "n = {n}");
        assert_eq!(p.t_sym[FULL], p.t_sym[BUCKETS], "n = {n}");
    }
    let (a, b) = (at(&inp, 96), at(&inp, 97));
    // 9 → 16 blocks (§5.1): Min, Full and Buckets jump …
    for k in [MIN, FULL, BUCKETS] {
        assert!(b.warps_per_sm[k] > a.warps_per_sm[k], "mapping {k}");
    }
    assert_eq!((a.warps_per_sm[MIN], b.warps_per_sm[MIN]), (21, 28));
    assert_eq!((a.warps_per_sm[FULL], b.warps_per_sm[FULL]), (32, 64));
    // … while Sorted does not: the 12 blocks of 32 warps still go one per SM.
    assert_eq!((a.warps_per_sm[SORTED], b.warps_per_sm[SORTED]), (32, 32));
}

#[test]
fn min_plus_steps_change_between_65_and_66() {
    assert_eq!(apsp::min_plus_steps(65), 6); // ⌈log2 64⌉
    assert_eq!(apsp::min_plus_steps(66), 7); // ⌈log2 65⌉
    assert_eq!(
        apsp::min_plus_steps(2),
        1,
        "docs/models.md: n = 2 is one step"
    );
    assert_eq!(apsp::min_plus_steps(3), 1);
    assert_eq!(apsp::min_plus_steps(4), 2);
    assert_eq!(apsp::min_plus_steps(500), 9);
    let inp = c2075(8, 8);
    assert_eq!((at(&inp, 65).steps, at(&inp, 66).steps), (6, 7));
}

#[test]
fn warp_counts_by_hand() {
    let inp = c2075(8, 8);
    // n = 80, a multiple of 8: 10 × 10 full blocks of ⌈8/32⌉·8 = 8 warps (eq. 7), no others.
    let p = at(&inp, 80);
    assert_eq!(
        p.categories.full,
        BlockKind {
            count: 100,
            warps: 8
        }
    );
    assert_eq!(
        p.categories.right.count + p.categories.bottom.count + p.categories.last.count,
        0
    );
    assert_eq!(p.warps, 800);
    assert_eq!(p.warps_per_sm[MIN], 58); // ⌈800/14⌉
                                         // n = 81: right blocks have 8 rows of 1 thread (8 warps, eq. 9), bottom blocks 1 row of 8
                                         // (1 warp → 2 by granularity, eq. 11), the last block 1 thread (2 warps, eq. 13).
    let p = at(&inp, 81);
    assert_eq!(
        p.categories.right,
        BlockKind {
            count: 10,
            warps: 8
        }
    );
    assert_eq!(
        p.categories.bottom,
        BlockKind {
            count: 10,
            warps: 2
        }
    );
    assert_eq!(p.categories.last, BlockKind { count: 1, warps: 2 });
    assert_eq!(p.warps, 800 + 80 + 20 + 2); // eq. 6
    assert_eq!(p.warps_per_sm[MIN], 65); // ⌈902/14⌉
                                         // Sorted: 100 full blocks → 2 SMs with 64 warps, 12 with 56; 10 right blocks lift ten of
                                         // the 56s to 64; 8 bottom blocks lift the last two to 64; 2 bottom + the last block go
                                         // to SMs at 64 → 66.
    assert_eq!(p.warps_per_sm[SORTED], 66);
    // Eqs. 16–17 with ⌊ ⌋: 121 blocks, buckets of 8 on 14 SMs → 8 + min(121 − 112, 8) = 16.
    assert_eq!((p.blocks_1, p.blocks_2), (8, 8));
    // 32×32 blocks with granularity 2, n = 97: a right block is 32 rows of 1 thread (32
    // warps), a bottom block 1 row of 32 (1 → 2 warps).
    let p = at(&c2075(32, 1), 97);
    assert_eq!(
        p.categories.right,
        BlockKind {
            count: 3,
            warps: 32
        }
    );
    assert_eq!(p.categories.bottom, BlockKind { count: 3, warps: 2 });
    assert_eq!(p.warps, 9 * 32 + 3 * 32 + 3 * 2 + 2);
}

#[test]
fn min_plus_time_by_hand() {
    // n = 81, 8×8 on the C2075: GridWidth 11; eq. 4: ⌈(1 + 22 + 0.5)·32/4⌉ = 188 reads;
    // eq. 5: ⌈2·0.5·32/4⌉ = 8 writes; eq. 3: 81·1000·10 + 188·2000 + 8·4000 = 1,218,000;
    // eq. 2 with Min's 65 warps: 5000 + 1,218,000·65·32/32; eq. 1: × ⌈log2 80⌉ = 7.
    let p = at(&c2075(8, 8), 81);
    assert_eq!(p.mem_access_read, 188.0);
    assert_eq!(p.mem_access_write, 8.0);
    assert_eq!(p.t_warp, 1_218_000.0);
    assert_eq!(p.steps, 7);
    assert_eq!(p.t_sym[MIN], 7.0 * (5000.0 + 1_218_000.0 * 65.0));
    assert_eq!(p.t_sym[BUCKETS], 7.0 * (5000.0 + 1_218_000.0 * 128.0));
}

#[test]
fn floyd_warshall_by_hand() {
    // n = 97, 16×16 on the C2075: n launches (eq. 19); eq. 23: ⌈2.5·32/4⌉ = 20 reads; eq. 24:
    // 8 writes; eq. 21: 2·10 + 20·2000 + 8·4000 = 72,020; warps: 36 full × 16 + 6 right × 16
    // + 6 bottom × 2 + 1 last × 2 = 686 → Min ⌈686/14⌉ = 49.
    let inp = Inputs {
        algorithm: Algorithm::FloydWarshall,
        ..c2075(16, 6)
    };
    let p = at(&inp, 97);
    assert_eq!(p.steps, 97);
    assert_eq!(p.mem_access_read, 20.0);
    assert_eq!(p.mem_access_write, 8.0);
    assert_eq!(p.t_warp, 72_020.0);
    assert_eq!(p.warps, 686);
    assert_eq!(p.warps_per_sm[MIN], 49);
    assert_eq!(p.t_sym[MIN], 97.0 * (5000.0 + 72_020.0 * 49.0));
    // #InstrPerVertex does not enter (eq. 22 fixes it at 2).
    let other = at(
        &Inputs {
            instr_per_vertex: 7.0,
            ..inp
        },
        97,
    );
    assert_eq!(other.t_sym, p.t_sym);
}

#[test]
fn calibration_factor_and_ms() {
    // f = 4 · T_meas(n0) / ΣT'(n0) (§5); then T = f · T'.
    let model = registry::find("apsp").expect("apsp");
    let d = devices::find("c2075").expect("c2075");
    let mut p = Params::defaults(model, d);
    p.set(
        "measured",
        model
            .field("measured")
            .expect("field")
            .parse("500:12.5,81:0.9")
            .expect("valid"),
    );
    let pred = apsp::predict(&p, d).expect("predicts");
    let cal = pred
        .calibration
        .expect("calibrated from the pair at n0 = 500");
    assert_eq!(cal.from, apsp::MeasuredFrom::Measured);
    let at500 = at(&pred.inputs, 500);
    let sum: f64 = at500.t_sym.iter().sum();
    assert_eq!(cal.f, 4.0 * 12.5 / sum);
    // The mean of the four calibrated predictions at n0 is the measured time.
    let mean = at500.t_sym.iter().map(|t| cal.f * t).sum::<f64>() / 4.0;
    assert!((mean - 12.5).abs() < 1e-12, "{mean}");
    let t = pred.t_ms().expect("ms");
    assert_eq!(t[MIN], cal.f * pred.point.t_sym[MIN]);
    // A typed t_meas_ms wins over the list; without either, no calibration.
    p.set("t_meas_ms", warpsight::model::Value::Num(20.0));
    assert_eq!(
        apsp::predict(&p, d)
            .expect("ok")
            .calibration
            .map(|c| c.t_meas_ms),
        Some(20.0)
    );
    // The C2075 opens calibrated by its illustrative time at n0 = 500 (not from the paper),
    // so the first screen shows ms; another n0, or a GPU without one, stays in units.
    let plain = apsp::predict(&Params::defaults(model, d), d).expect("ok");
    let cal = plain.calibration.expect("illustrative");
    assert_eq!(cal.from, apsp::MeasuredFrom::Illustrative);
    assert_eq!(cal.t_meas_ms, 40.0);
    let mut other_n0 = Params::defaults(model, d);
    other_n0.set("n0", warpsight::model::Value::Num(400.0));
    assert!(apsp::predict(&other_n0, d)
        .expect("ok")
        .calibration
        .is_none());
    let gtx780 = devices::find("gtx780").expect("gtx780");
    let plain = apsp::predict(&Params::defaults(model, gtx780), gtx780).expect("ok");
    assert!(plain.calibration.is_none());
    assert!(plain.notes().iter().any(|n| n.id == "uncalibrated"));
}

#[test]
fn blocks_per_sm_from_occupancy_as_in_the_paper() {
    // §5.1: 8 blocks of 8×8 and 1 block of 32×32 per SM on the C2075.
    let model = registry::find("apsp").expect("apsp");
    let d = devices::find("c2075").expect("c2075");
    let mut p = Params::defaults(model, d);
    assert_eq!(apsp::inputs(&p, d).expect("ok").0.blocks_per_sm_occ, 8);
    p.set("block_size", warpsight::model::Value::Num(32.0));
    assert_eq!(apsp::inputs(&p, d).expect("ok").0.blocks_per_sm_occ, 1);
    // A 32×32 block does not fit CC 1.x (512 threads): the error names block_size.
    let old = devices::find("gtx280").expect("gtx280");
    let e = apsp::inputs(&p.with_device(old), old).unwrap_err();
    assert_eq!(e.field, "block_size");
}

#[test]
fn jumps_are_explained() {
    use apsp::Jump;
    let inp = c2075(8, 8);
    let j = Jump::between(Algorithm::MinPlus, &at(&inp, 80), &at(&inp, 81)).expect("jump");
    assert_eq!(
        (j.grid, j.buckets, j.steps),
        (Some((10, 11)), Some((8, 16)), None)
    );
    assert!(
        j.steps.is_none() && j.buckets.is_some(),
        "more than the grid"
    );
    let causes = j.causes();
    assert_eq!(
        causes[0],
        "one more row and column of blocks: 10×10 → 11×11 blocks"
    );
    assert!(causes[1].contains("8 → 16 blocks"));
    let j = Jump::between(Algorithm::MinPlus, &at(&inp, 65), &at(&inp, 66)).expect("jump");
    assert_eq!(
        j.causes(),
        ["one more kernel launch: 6 → 7 Min-plus steps (⌈log2(n − 1)⌉, eq. 1)"]
    );
    assert!(Jump::between(Algorithm::MinPlus, &at(&inp, 82), &at(&inp, 83)).is_none());
    assert!(
        Jump::between(Algorithm::MinPlus, &at(&inp, 72), &at(&inp, 73)).is_some_and(|j| j
            .grid
            .is_some()
            && j.steps.is_none()
            && j.buckets.is_none())
    );
    // Sampled points several n apart: the counts say how many.
    let j = Jump::between(Algorithm::MinPlus, &at(&inp, 90), &at(&inp, 120)).expect("jump");
    assert_eq!(
        j.causes()[0],
        "3 more rows and columns of blocks: 12×12 → 15×15 blocks"
    );
    // Floyd-Warshall's n launches grow with every n: not a jump.
    let fw = Inputs {
        algorithm: Algorithm::FloydWarshall,
        ..inp
    };
    assert!(Jump::between(Algorithm::FloydWarshall, &at(&fw, 65), &at(&fw, 66)).is_none());
}

#[test]
fn calibration_errors_name_the_input_the_user_set() {
    let model = registry::find("apsp").expect("apsp");
    let d = devices::find("c2075").expect("c2075");
    let mut p = Params::defaults(model, d);
    for k in ["t_launch", "t_instr", "t_read", "t_write"] {
        p.set(k, warpsight::model::Value::Num(0.0));
    }
    p.set(
        "measured",
        model
            .field("measured")
            .expect("f")
            .parse("500:1")
            .expect("valid"),
    );
    assert_eq!(apsp::predict(&p, d).unwrap_err().field, "measured");
    // From a link: the list falls back, the zero costs stay.
    let (s, n) = warpsight::link::from_query(
        "model=apsp&t_launch=0&t_instr=0&t_read=0&t_write=0&measured=500:1",
    );
    assert_eq!(n[0].key, "measured");
    assert_eq!(s.params.num("t_read"), Some(0.0));
}

#[test]
fn sweep_covers_the_range() {
    let inp = c2075(8, 8);
    let pts = apsp::sweep_n(&inp, 2, 10_000, 10_000);
    assert_eq!(pts.len(), 9_999);
    assert_eq!((pts[0].n, pts[9_998].n), (2, 10_000));
    let pts = apsp::sweep_n(&inp, 2, 100_000, 10_000);
    assert!(pts.len() <= 10_001);
    assert_eq!(pts.last().map(|p| p.n), Some(100_000));
}

/// Block-by-block list scheduling: the blocks, most warps first, each to the SM with the
/// fewest accumulated warps (lowest index on ties).
fn sorted_by_hand(kinds: &[BlockKind], sms: u64) -> u64 {
    let mut blocks: Vec<u64> = kinds
        .iter()
        .flat_map(|k| std::iter::repeat_n(k.warps, k.count as usize))
        .collect();
    blocks.sort_by(|a, b| b.cmp(a));
    let mut load = vec![0u64; sms as usize];
    for w in blocks {
        let i = (0..load.len()).min_by_key(|&i| (load[i], i)).unwrap_or(0);
        load[i] += w;
    }
    load.into_iter().max().unwrap_or(0)
}

proptest! {
    #[test]
    fn sorted_per_kind_equals_block_by_block(
        n in 2u64..200,
        b in 1u64..33,
        g in 1u64..5,
        warp in prop::sample::select(vec![8u64, 16, 32]),
        sms in 1u64..40,
    ) {
        let cats = apsp::Categories::of(n, b, warp, g);
        prop_assert_eq!(
            apsp::warps_per_sm_sorted(&cats.all(), sms),
            sorted_by_hand(&cats.all(), sms)
        );
    }

    /// Eq. 6's #Warps through the paper's eqs. 8, 10, 12 and 13 equals the block-by-block
    /// count of the four categories (each count exists once, under its equation).
    #[test]
    fn eqs_8_10_12_sum_to_the_blocks_warps(
        n in 1u64..500,
        b in 1u64..33,
        g in 1u64..5,
        warp in prop::sample::select(vec![8u64, 16, 32]),
    ) {
        let cats = apsp::Categories::of(n, b, warp, g);
        let by_block: u64 = cats.all().iter().map(|k| k.count * k.warps).sum();
        prop_assert_eq!(cats.warps(), by_block);
        prop_assert_eq!(cats.warps_full, apsp::warps_full(n, b, cats.full.warps));
    }

    #[test]
    fn the_interval_holds_the_optimistic_and_pessimistic_mappings(n in 2u64..3000, b in 1u64..33) {
        // Min ≤ Sorted ≤ Full (Min ignores blocks; Full counts every block as full).
        let p = at(&c2075(b, 8), n);
        prop_assert!(p.warps_per_sm[MIN] <= p.warps_per_sm[SORTED]);
        prop_assert!(p.warps_per_sm[SORTED] <= p.warps_per_sm[FULL]);
        prop_assert!(p.t_sym.iter().all(|t| t.is_finite() && *t > 0.0));
    }
}

/// BlockSize is a block's side, not its thread count: its unit says so (issue 24).
#[test]
fn block_size_is_labelled_as_a_side_length() {
    let f = apsp::MODEL.field("block_size").unwrap();
    assert_eq!(f.unit, "threads a side");
    assert_eq!(f.label, "Block size (BlockSize × BlockSize threads)");
}
