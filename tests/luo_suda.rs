//! Luo & Suda's MPD/CPD model: every period type by hand under both readings, the edge cases
//! docs/models.md names, and the link form of the periods.

use warpsight::link::{from_query, to_query};
use warpsight::model::luo_suda::{self, Inputs, Reading};

/// The GTX260 (Table 2, §3.4) with 4-byte coalesced accesses.
fn gtx260(n_act: f64, p: f64, periods: &[(f64, f64)], reading: Reading) -> Inputs {
    Inputs {
        n_thread: 32.0,
        d_mem: 4.0,
        n_trans: 1.0,
        t_mem: 200.0,
        n_act,
        n_sm: 24.0,
        gpu_bwt_gbs: 111.9,
        clock_ghz: 1.242,
        p,
        a: 3.0,
        b: 11.0,
        c: 0.5,
        d: 80.0,
        m: 32.0,
        periods: periods.to_vec(),
        rep: 1.0,
        reading_mpd: reading,
        reading_cpd: reading,
    }
}

/// Four periods, one of each type: long first (2), long after long (4), short after long (3),
/// c = m after short (1: c = m is not long).
const PERIODS: [(f64, f64); 4] = [(20.0, 400.0), (30.0, 1000.0), (100.0, 50.0), (60.0, 60.0)];

#[test]
fn every_period_type_by_hand_with_the_fixed_readings() {
    // Warp_bwt = 32·4/(1·200) = 0.64 B/cycle; GPU_bwt = 111.9/1.242 = 90.097 B/cycle.
    // MPD = min{16, ⌊90.097/(24·0.64)⌋} = min{16, ⌊5.866⌋} = 5.
    // CPD1 = |0.5 − 0.8|·(16 − 11) + 3 = 4.5; n = 80·0.09 = 7.2;
    // CPD2 = 7.2/31·√(31² − 16²) + 3 = 9.167; CPD = 4.5.
    let o = luo_suda::evaluate(&gtx260(16.0, 0.8, &PERIODS, Reading::Fixed));
    assert_eq!(o.warp_bwt, 0.64);
    assert_eq!(o.mpd, 5.0);
    assert!((o.cpd1 - 4.5).abs() < 1e-12);
    assert!((o.cpd2.expect("in domain") - (7.2 / 31.0 * 705f64.sqrt() + 3.0)).abs() < 1e-12);
    assert!((o.cpd - 4.5).abs() < 1e-12);
    let kinds: Vec<u8> = o.periods.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, [2, 4, 3, 1]);
    // Type 2: ⌈16·20/4.5⌉ = 72; T_c = max(400 − 15·20, 0) = 100.
    // Type 4: T_p = max(400·⌊16/5 − 1⌋ − 15·30, 0) = 800 − 450 = 350;
    //         T_c = max(1000 − (450 + 350), 0) = 200; ⌈480/4.5⌉ = 107 → 657.
    // Type 3: T_p = max(1000·2 − 15·100, 0) = 500; ⌈1600/4.5⌉ = 356 → 856.
    // Type 1: ⌈960/4.5⌉ = 214.
    let t: Vec<(f64, f64, f64)> = o.periods.iter().map(|p| (p.t_p, p.t_c, p.t_i)).collect();
    assert_eq!(
        t,
        [
            (0.0, 100.0, 172.0),
            (350.0, 200.0, 657.0),
            (500.0, 0.0, 856.0),
            (0.0, 0.0, 214.0)
        ]
    );
    assert_eq!(o.total_cycles, 1899.0);
    assert_eq!(o.time_s, 1899.0 / 1.242e9);
}

#[test]
fn every_period_type_by_hand_with_the_printed_readings() {
    // MPD printed: ⌊90.097/(16·24·0.64)⌋ = ⌊0.367⌋ = 0 → at least 1.
    // CPD1 printed: (0.5 − 0.8)·(16 − 11) + 3 = 1.5; CPD = 1.5.
    let o = luo_suda::evaluate(&gtx260(16.0, 0.8, &PERIODS, Reading::Printed));
    assert_eq!(o.mpd, 1.0);
    assert!((o.cpd - 1.5).abs() < 1e-12);
    // Type 2: ⌈320/1.5⌉ = 214 + T_c 100 = 314.
    // Type 4: T_p = 400·⌊16 − 1⌋ − 450 = 5550; T_c = max(1000 − 6000, 0) = 0; 320 → 5870.
    // Type 3: T_p = 1000·15 − 1500 = 13500; ⌈1600/1.5⌉ = 1067 → 14567.
    // Type 1: 960/1.5 = 640.
    let t: Vec<f64> = o.periods.iter().map(|p| p.t_i).collect();
    assert_eq!(t, [314.0, 5870.0, 14567.0, 640.0]);
    assert_eq!(o.total_cycles, 21391.0);
}

#[test]
fn edge_cases() {
    // No memory traffic: MPD = N_act.
    let mut i = gtx260(16.0, 0.8, &PERIODS, Reading::Fixed);
    i.d_mem = 0.0;
    assert_eq!(luo_suda::evaluate(&i).mpd, 16.0);
    // CPD2 outside 1 ≤ N_act ≤ 2m − 1 = 63: null, and CPD = max(1, CPD1) = 0.3·53 + 3.
    let o = luo_suda::evaluate(&gtx260(64.0, 0.8, &PERIODS, Reading::Fixed));
    assert_eq!(o.cpd2, None);
    assert!((o.cpd - (0.3 * 53.0 + 3.0)).abs() < 1e-12);
    // One warp: CPD1 = 0.3·(1 − 11) + 3 = 0 → CPD 1; MPD = min(1, 5) = 1; a long first period
    // waits its whole memory task: T_c = 400 − 0.
    let o = luo_suda::evaluate(&gtx260(1.0, 0.8, &[(20.0, 400.0)], Reading::Fixed));
    assert_eq!((o.cpd, o.mpd), (1.0, 1.0));
    assert_eq!(
        (o.periods[0].kind, o.periods[0].t_c, o.periods[0].t_i),
        (2, 400.0, 420.0)
    );
    // The first period is never of type 3 or 4, even when it is long.
    let o = luo_suda::evaluate(&gtx260(
        8.0,
        0.3,
        &[(10.0, 900.0), (10.0, 900.0)],
        Reading::Fixed,
    ));
    assert_eq!(o.periods[0].kind, 2);
    assert_eq!(o.periods[1].kind, 4);
    // Printed CPD1 below 1 is raised to 1: (0.5 − 0.9)·(20 − 11) + 3 = −0.6.
    let o = luo_suda::evaluate(&gtx260(20.0, 0.9, &PERIODS, Reading::Printed));
    assert!(o.cpd1 < 0.0);
    assert_eq!(o.cpd, 1.0);
    // Rounding is blind to floating-point noise.
    assert_eq!(luo_suda::ceil(320.00000000000006), 320.0);
    assert_eq!(luo_suda::ceil(320.1), 321.0);
    assert_eq!(luo_suda::floor(1.9999999999999998), 2.0);
    // Eq. 14.
    assert_eq!(luo_suda::p_acc(2.0, 1.5), 0.75);
}

#[test]
fn links_carry_the_periods_and_the_readings() {
    let (s, n) = from_query("model=luo-suda&periods=20:400,30:1000,100:50,60:60&n_act=16&p=0.8");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s.device.id, "gtx260");
    let e = (s.model.evaluate)(&s.params, s.device).expect("valid");
    let total = e.number(s.model, "total_cycles");
    assert_eq!(total, Some(1899.0));
    let q = to_query(&s);
    assert!(q.contains("&periods=20:400,30:1000,100:50,60:60&"), "{q}");
    assert_eq!(from_query(&q).0, s);
    // `reading=printed` sets both; a reading named in the link wins.
    let (s, n) = from_query(
        "model=luo-suda&periods=20:400,30:1000,100:50,60:60&n_act=16&p=0.8&reading=printed",
    );
    assert!(n.is_empty(), "{n:?}");
    let e = (s.model.evaluate)(&s.params, s.device).expect("valid");
    assert_eq!(e.number(s.model, "total_cycles"), Some(21391.0));
    assert!(
        e.notes.iter().any(|n| n.id == "mpd-printed")
            && e.notes.iter().any(|n| n.id == "cpd-printed")
    );
    let (s, _) = from_query("model=luo-suda&reading=printed&reading_mpd=fixed");
    assert_eq!(s.params.text("reading_mpd").as_deref(), Some("fixed"));
    assert_eq!(s.params.text("reading_cpd").as_deref(), Some("printed"));
    // P follows the periods unless given: (20+30+100+60)/(210+1510) with the defaults off.
    let (s, _) = from_query("model=luo-suda&periods=20:400,30:1000,100:50,60:60");
    let e = (s.model.evaluate)(&s.params, s.device).expect("valid");
    let p = e
        .input(s.model, "p")
        .and_then(|v| v.num())
        .expect("derived");
    assert_eq!(p, 210.0 / 1720.0);
    // rep from blocks and active blocks: 480 / (2 · min(24, 480)) = 10.
    let (s, _) = from_query("model=luo-suda&blocks=480&active_blocks_per_sm=2");
    let e = (s.model.evaluate)(&s.params, s.device).expect("valid");
    assert_eq!(e.input(s.model, "rep").and_then(|v| v.num()), Some(10.0));
    // No periods is not a kernel.
    let (_, n) = from_query("model=luo-suda&periods=");
    assert_eq!(n[0].key, "periods");
}

#[test]
fn fewer_warps_at_fixed_work_take_longer() {
    // Fig. 8's shape: with the work fixed, 1 warp per SM is the slowest point.
    let i = gtx260(8.0, 0.8, &PERIODS, Reading::Fixed);
    let sweep = luo_suda::sweep_warps(&i, 32);
    assert_eq!(sweep.len(), 32);
    let time = |w: usize| sweep[w - 1].1.time_s;
    assert!(time(1) > time(8) && time(1) > time(32));
    // At N_act = 8 the sweep is the model itself.
    assert_eq!(sweep[7].1, luo_suda::evaluate(&i));
}

#[test]
fn active_warps_are_checked_against_m_and_the_device() {
    // No SM holds more than 64 warps.
    let (_, n) = from_query("model=luo-suda&n_act=1024");
    assert_eq!(
        n[0].message,
        "“1024” is not valid: must be a whole number from 1 to 64"
    );
    // The GTX 260 (CC 1.3) holds 32 warps per SM, and m = 32: N_act = 40 is refused.
    let (s, n) = from_query("model=luo-suda&n_act=40");
    assert_eq!(s.params.num("n_act"), Some(8.0), "fell back to the default");
    assert_eq!(n[0].key, "n_act");
    assert_eq!(
        n[0].message,
        "must be a whole number from 1 to 32: m = 32, the warps an SM holds"
    );
    let (s, n) = from_query("model=luo-suda&n_act=32");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(s.params.num("n_act"), Some(32.0));
    // A larger m does not lift the device's own limit.
    let (_, n) = from_query("model=luo-suda&m=64&n_act=48");
    assert_eq!(
        n[0].message,
        "must be a whole number from 1 to 32: the GeForce GTX 260's SM holds 32 warps"
    );
    // A smaller m is the limit.
    let (_, n) = from_query("model=luo-suda&m=16&n_act=20");
    assert_eq!(
        n[0].message,
        "must be a whole number from 1 to 16: m = 16, the warps an SM holds"
    );
}

/// Issue 55: Luo & Suda stays the paper. On any GPU but the GTX 260 it says its constants are
/// that GPU's, with its median and worst factor on real kernels, the figures of
/// docs/validation.md's summary (recomputed there by tests/real_profiles.rs).
#[test]
fn on_another_gpu_it_says_its_constants_are_the_gtx260s() {
    use warpsight::model::luo_suda::NOTE_FITTED;
    let docs = std::fs::read_to_string("docs/validation.md").unwrap();
    let row = |files: &str| -> (String, String) {
        let line = docs
            .lines()
            .find(|l| l.starts_with(&format!("| luo-suda | {files} |")))
            .unwrap_or_else(|| panic!("no luo-suda row for {files}"));
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        (cells[4].to_string(), cells[5].to_string())
    };
    for files in ["public and H200", "H100, every page"] {
        let (median, worst) = row(files);
        assert!(NOTE_FITTED.text.contains(&median), "{files}: {median}");
        assert!(NOTE_FITTED.text.contains(&worst), "{files}: {worst}");
    }
    let m = warpsight::registry::find("luo-suda").unwrap();
    for (device, said) in [("gtx260", false), ("h100", true), ("c2050", true)] {
        let (state, _) = warpsight::link::from_query(&format!("model=luo-suda&device={device}"));
        let e = (m.evaluate)(&state.params, state.device).unwrap();
        assert_eq!(e.notes.contains(&NOTE_FITTED), said, "{device}");
    }
}
