//! Sim et al. (GPUPerf, docs/models.md "sim"): both references by hand, exact, with every
//! intermediate they list; the synchronization, SFU, cache and transaction terms by hand;
//! the issue-rate floor; the example through the registry; links; errors naming the field;
//! and each architecture's constants with their sources.

use warpsight::devices::{self, sfu_per_clock, Source};
use warpsight::link;
use warpsight::model::sim::{self, evaluate, Bound, Inputs, MwpLimit};
use warpsight::model::{Params, Value};

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

const REF: Inputs = Inputs::REFERENCE;

#[test]
fn the_first_reference_is_exact() {
    let o = evaluate(&REF).expect("valid");
    assert_eq!((o.n, o.w), (32.0, 64.0));
    assert_eq!(o.itilp_max, 18.0);
    assert_eq!(o.itilp, 18.0);
    assert_eq!(o.w_parallel, 6400.0);
    assert_eq!((o.avg_dram_lat, o.amat), (440.0, 440.0));
    // 144 / (1.15 × 128 / 440 × 14) = 30.745
    assert_eq!(format!("{:.3}", o.mwp_peak_bw), "30.745");
    assert_eq!(o.mwp, 22.0); // 440 / 20
    assert_eq!(o.mwp_limited_by, MwpLimit::DepartureDelay);
    assert_eq!((o.comp_cycles, o.mem_cycles), (100.0, 4400.0));
    assert_eq!(o.cwp_full, 45.0);
    assert_eq!(o.cwp, 32.0);
    assert_eq!(o.mwp_cp, 22.0);
    assert_eq!(o.itmlp, 22.0);
    assert_eq!(o.t_mem, 12_800.0);
    assert_eq!((o.zeta, o.f_overlap), (0.0, 1.0));
    assert_eq!(o.t_comp, 6400.0);
    assert_eq!(o.t_overlap, 6400.0);
    assert_eq!(o.t_exec, 12_800.0);
    assert_eq!(format!("{:.3}", o.time_s * 1e6), "11.130");
    assert!(close(o.time_s, 12_800.0 / 1.15e9, 1e-18));
    assert_eq!(o.bound, Bound::Memory);
}

#[test]
fn the_second_reference_is_exact() {
    let o = evaluate(&Inputs {
        insts: 1000.0,
        mem_insts: 1.0,
        ..REF
    })
    .expect("valid");
    assert_eq!(o.w_parallel, 64_000.0);
    assert!(close(o.cwp_full, 1.44, 1e-12)); // (440 + 1000) / 1000
    assert_eq!(o.cwp, o.cwp_full);
    assert_eq!(o.mwp, 22.0);
    assert_eq!(o.mwp_cp, 1.0);
    assert_eq!(o.itmlp, 1.0);
    assert_eq!(o.t_mem, 28_160.0); // 1 × 64 × 440 / 1
    assert_eq!(o.zeta, 1.0);
    assert_eq!(o.f_overlap, 31.0 / 32.0);
    assert_eq!(o.t_overlap, 28_160.0); // min(64,000 × 31/32, 28,160)
    assert_eq!(o.t_exec, 64_000.0);
    assert_eq!(o.bound, Bound::Computation);
}

#[test]
fn synchronization_costs_gamma_dram_latencies_per_memory_share() {
    // Eq. 8: 64 × 440 × 10 / 100 = 2,816; eq. 7: 2 × 64 × 2,816 = 360,448.
    let o = evaluate(&Inputs {
        sync_insts: 2.0,
        ..REF
    })
    .expect("valid");
    assert_eq!(o.f_sync, 2816.0);
    assert_eq!(o.o_sync, 360_448.0);
    assert_eq!(o.w_serial, 360_448.0);
    assert_eq!(o.t_comp, 6400.0 + 360_448.0);
    // Memory is all hidden now: T_overlap = T_mem, T_exec = T_comp.
    assert_eq!(o.t_overlap, 12_800.0);
    assert_eq!(o.t_exec, o.t_comp);
    assert_eq!(o.bound, Bound::Computation);
    assert_eq!(sim::f_sync(64.0, 440.0, 10.0, 100.0), 2816.0);
    assert_eq!(sim::o_sync(2.0, 64.0, 2816.0), 360_448.0);
}

#[test]
fn sfu_instructions_beyond_the_sfus_share_serialize() {
    // Eq. 10: 20/100 − 4/32 = 0.075; eq. 9: 20 × 64 × 32/4 × 0.075 = 768.
    let o = evaluate(&Inputs {
        sfu_insts: 20.0,
        ..REF
    })
    .expect("valid");
    assert!(close(o.f_sfu, 0.075, 1e-15));
    assert!(close(o.o_sfu, 768.0, 1e-9));
    assert!(close(o.t_comp, 7168.0, 1e-9));
    assert_eq!(o.t_exec, 12_800.0); // still hidden under T_mem
                                    // Within the SFUs' share (10/100 < 4/32): nothing serializes.
    assert_eq!(sim::f_sfu(10.0, 100.0, 4.0, 32.0), 0.0);
    assert_eq!(sim::o_sfu(10.0, 64.0, 32.0, 4.0, 0.0), 0.0);
    // Divergence and bank conflicts add as they are (eq. 6).
    assert_eq!(sim::w_serial(1.0, 2.0, 3.0, 4.0), 10.0);
    let o = evaluate(&Inputs {
        o_cfdiv: 1000.0,
        o_bank: 500.0,
        ..REF
    })
    .expect("valid");
    assert_eq!(o.t_comp, 7900.0);
}

#[test]
fn hits_weight_the_memory_access_time() {
    // Eq. 12: 0.5 × 30 + 0.5 × 0.5 × 200 + 0.25 × 420 = 15 + 50 + 105 = 170.
    assert_eq!(sim::amat(50.0, 50.0, 30.0, 200.0, 420.0), 170.0);
    assert_eq!(sim::amat(0.0, 0.0, 30.0, 200.0, 420.0), 420.0);
    let o = evaluate(&Inputs {
        l1_hit_pct: 50.0,
        l2_hit_pct: 50.0,
        dram_lat: 420.0,
        ..REF
    })
    .expect("valid");
    assert_eq!(o.avg_dram_lat, 420.0);
    assert_eq!(o.amat, 170.0);
    // Only a quarter of the bytes reach DRAM (A.7, our reading).
    assert!(close(o.bw_per_warp, 1.15 * 128.0 * 0.25 / 170.0, 1e-15));
    assert_eq!(o.mem_cycles, 1700.0); // 10 × 170
    assert_eq!(o.mwp, 21.0); // 420 / 20: DRAM's departure delay
}

#[test]
fn a_request_of_several_transactions_waits_a_departure_delay_for_each() {
    // Eq. 13: 440 + 3 × 20 = 500; A.7 counts the four transactions' bytes.
    let o = evaluate(&Inputs {
        avg_trans_warp: 4.0,
        ..REF
    })
    .expect("valid");
    assert_eq!(o.avg_dram_lat, 500.0);
    assert_eq!(o.amat, 500.0);
    assert!(close(o.bw_per_warp, 1.15 * 512.0 / 500.0, 1e-15));
    let peak = 144.0 / (1.15 * 512.0 / 500.0 * 14.0); // 8.734
    assert!(close(o.mwp_peak_bw, peak, 1e-12));
    assert_eq!(
        (o.mwp, o.mwp_limited_by),
        (o.mwp_peak_bw, MwpLimit::Bandwidth)
    );
    assert_eq!(o.itmlp, o.mwp_peak_bw);
    assert!(close(o.t_mem, 10.0 * 64.0 * 500.0 / peak, 1e-9));
    assert!(close(o.t_exec, o.t_mem, 1e-9));
}

#[test]
fn parallel_work_never_beats_the_issue_rate() {
    // Eq. 3 with an ITILP above ITILP_max: the issue rate, 100 × 64 × 32/32, floors it.
    assert_eq!(sim::w_parallel(100.0, 64.0, 18.0, 36.0, 32.0, 32.0), 6400.0);
    // At ITILP_max (eq. 5) the latency term meets the floor exactly.
    assert_eq!(sim::itilp_max(18.0, 32.0, 32.0), 18.0);
    assert_eq!(sim::w_parallel(100.0, 64.0, 18.0, 18.0, 32.0, 32.0), 6400.0);
    // Below it, latency is exposed: one warp, no ILP, 18 cycles each.
    assert_eq!(sim::itilp(1.0, 1.0, 18.0), 1.0);
    assert_eq!(
        sim::w_parallel(100.0, 64.0, 18.0, 1.0, 32.0, 32.0),
        115_200.0
    );
    // A 128-lane SM at 4 cycles: ITILP_max 16, and ILP fills it.
    assert_eq!(sim::itilp_max(4.0, 32.0, 128.0), 16.0);
    assert_eq!(sim::itilp(2.0, 4.0, 16.0), 8.0);
    let o = evaluate(&Inputs { ilp: 4.0, ..REF }).expect("valid");
    assert_eq!((o.itilp, o.w_parallel), (18.0, 6400.0));
}

#[test]
fn the_l2_limit_is_an_extension_that_only_narrows() {
    let o = evaluate(&Inputs {
        l2_bandwidth_gbs: Some(100.0),
        ..REF
    })
    .expect("valid");
    // No hits: the L2 carries every byte, at 100 GB/s below DRAM's 144.
    let l2 = 100.0 / (1.15 * 128.0 / 440.0 * 14.0);
    assert!(close(o.mwp_peak_bw_l2.unwrap(), l2, 1e-12));
    assert_eq!(o.mwp_peak_bw, o.mwp_peak_bw_l2.unwrap());
    assert_eq!(o.mwp, 22.0f64.min(l2));
    let wide = evaluate(&Inputs {
        l2_bandwidth_gbs: Some(5000.0),
        ..REF
    })
    .expect("valid");
    assert_eq!(wide.t_exec, 12_800.0);
}

#[test]
fn the_l1_limit_counts_every_byte_a_request_moves() {
    // Half the requests hit the L1 (30 cycles) and half of the rest the L2 (200): AMAT
    // 0.5·30 + 0.25·200 + 0.25·440 = 175 cycles. At the L1 every byte counts: 1.15 GHz ×
    // 128 B ÷ 175 = 0.8411 GB/s per warp; 150 GB/s over 14 SMs serve 12.74 warps.
    let o = evaluate(&Inputs {
        l1_hit_pct: 50.0,
        l2_hit_pct: 50.0,
        l1_bandwidth_gbs: Some(150.0),
        ..REF
    })
    .expect("valid");
    assert!(close(o.amat, 175.0, 1e-12), "{}", o.amat);
    let l1 = 150.0 / (1.15 * 128.0 / 175.0 * 14.0);
    assert!(close(o.mwp_peak_bw_l1.unwrap(), l1, 1e-12));
    assert!((l1 - 12.7378).abs() < 1e-4, "{l1}");
    // DRAM sees a quarter of the bytes: its limit is 4 × wider, and the L1's binds.
    assert!(o.mwp_peak_bw_l1.unwrap() < o.mwp_peak_bw_l2.unwrap_or(f64::INFINITY));
    assert_eq!(o.mwp_peak_bw, o.mwp_peak_bw_l1.unwrap());
    assert_eq!(o.mwp, l1);
    // Without it, the reference is unchanged.
    assert_eq!(evaluate(&REF).unwrap().mwp_peak_bw_l1, None);
}

#[test]
fn the_example_through_the_registry_gives_the_reference() {
    let m = warpsight::registry::find("sim").expect("registered");
    let e = m.example("fermi-reference").expect("example");
    let mut q = format!("model=sim&device={}", e.device.expect("device"));
    for (k, v) in e.values {
        q += &format!("&{k}={v}");
    }
    let (state, notices) = link::from_query(&q);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(state.model.id, "sim");
    let ev = (state.model.evaluate)(&state.params, state.device).expect("valid");
    assert_eq!(ev.number(m, "t_exec"), Some(12_800.0));
    assert_eq!(ev.number(m, "w_parallel"), Some(6400.0));
    assert_eq!(ev.number(m, "t_overlap"), Some(6400.0));
    let t = ev.number(m, "time_s").unwrap();
    assert_eq!(format!("{:.3}", t * 1e6), "11.130");
    let (inputs, o) = ev.detail.get::<(Inputs, sim::Outputs)>().expect("typed");
    assert_eq!(*inputs, Inputs::REFERENCE);
    assert_eq!(o.t_exec, 12_800.0);
    // The same launch with occupancy's own count: 32 registers give 4 blocks of 256 on Fermi.
    let (state, _) = link::from_query(&q.replace("&active_blocks_per_sm=4", ""));
    let ev = (state.model.evaluate)(&state.params, state.device).expect("valid");
    assert_eq!(ev.number(m, "t_exec"), Some(12_800.0));
    assert!(ev.derived.iter().any(|(k, _)| *k == "active_blocks_per_sm"));
}

#[test]
fn a_link_round_trips() {
    let q = "model=sim&device=c2050&insts=1000&mem_insts=1&dram_lat=440&delta=20&l2_bandwidth_gbs=500&ilp=2";
    let (state, notices) = link::from_query(q);
    assert!(notices.is_empty(), "{notices:?}");
    let again = link::to_query(&state);
    let (back, notices) = link::from_query(&again);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(back.params, state.params);
    assert_eq!(back.device.id, "c2050");
    assert_eq!(back.params.num("ilp"), Some(2.0));
    assert_eq!(back.params.num("l2_bandwidth_gbs"), Some(500.0));
    assert!(again.contains("model=sim"));
}

#[test]
fn bad_inputs_name_the_field_and_its_range() {
    let err = |i: Inputs| evaluate(&i).expect_err("invalid");
    let e = err(Inputs { insts: 0.0, ..REF });
    assert_eq!(e.field, "insts");
    assert!(e.message.contains("from 1"), "{}", e.message);
    let e = err(Inputs {
        mem_insts: 200.0,
        ..REF
    });
    assert_eq!(e.field, "mem_insts");
    assert!(e.message.contains("insts (100)"), "{}", e.message);
    assert_eq!(
        err(Inputs {
            sfu_insts: 101.0,
            ..REF
        })
        .field,
        "sfu_insts"
    );
    assert_eq!(err(Inputs { mlp: 11.0, ..REF }).field, "mlp");
    assert_eq!(err(Inputs { delta: 0.0, ..REF }).field, "delta");
    assert_eq!(
        err(Inputs {
            l1_hit_pct: 101.0,
            ..REF
        })
        .field,
        "l1_hit_pct"
    );
    assert_eq!(
        err(Inputs {
            l2_bandwidth_gbs: Some(0.0),
            ..REF
        })
        .field,
        "l2_bandwidth_gbs"
    );
    // Through the registry: more blocks than occupancy allows, more SMs than the device has
    // (a link with them falls back with a notice; the params themselves are refused).
    let m = warpsight::registry::find("sim").unwrap();
    let c2050 = devices::find("c2050").unwrap();
    for (field, v) in [
        ("active_blocks_per_sm", 5.0),
        ("active_sms", 15.0),
        ("mem_insts", 101.0),
    ] {
        let mut p = Params::defaults(m, c2050);
        p.set(field, Value::Num(v));
        let e = (m.evaluate)(&p, c2050).expect_err(field);
        assert_eq!(e.field, field, "{e}");
    }
    let (_, notices) = link::from_query("model=sim&device=c2050&active_blocks_per_sm=5");
    assert_eq!(notices.len(), 1, "{notices:?}");
    // Extreme but valid inputs stay finite.
    let o = evaluate(&Inputs {
        insts: 1e12,
        mem_insts: 1e12,
        blocks: 2_147_483_647.0,
        active_sms: 1.0,
        mem_bandwidth_gbs: 0.1,
        ..REF
    });
    if let Ok(o) = o {
        assert!(o.t_exec.is_finite());
    }
}

#[test]
fn each_architecture_gives_its_constants_with_sources() {
    let d = |id| devices::find(id).unwrap();
    let c = |id, key| sim::derived(d(id), key).unwrap();
    // Fermi: 32 lanes, 4 SFUs, 18 cycles (an estimate), 128-byte lines, Δ per 128 bytes.
    assert_eq!(c("c2050", "simd_width").value, 32.0);
    assert_eq!(c("c2050", "sfu_width").value, 4.0);
    assert_eq!(c("c2050", "avg_inst_lat").value, 18.0);
    assert!(matches!(
        c("c2050", "avg_inst_lat").source,
        Source::Estimate(_)
    ));
    assert_eq!(c("c2050", "transaction_bytes").value, 128.0);
    assert_eq!(
        c("c2050", "delta").value,
        d("c2050").constant("departure_del_coal").unwrap().value
    );
    assert_eq!(c("c2050", "gamma").value, 64.0);
    assert!(c("c2050", "gamma").source.from_paper());
    // Hopper: 128 lanes, 16 SFUs, 4 cycles measured, 128-byte transactions (four sectors),
    // Δ per 128 bytes.
    assert_eq!(c("h100", "simd_width").value, 128.0);
    assert_eq!(c("h100", "sfu_width").value, 16.0);
    assert_eq!(c("h100", "avg_inst_lat").value, 4.0);
    assert!(matches!(
        c("h100", "avg_inst_lat").source,
        Source::Measured(_)
    ));
    assert_eq!(c("h100", "transaction_bytes").value, 128.0);
    assert_eq!(
        c("h100", "delta").value,
        warpsight::model::hong_kim::derived(d("h100"), "departure_del_coal")
            .unwrap()
            .value
    );
    // Γ on Hopper: measured on the H100's known kernels that synchronize; Ampere takes it
    // as an estimate.
    assert_eq!(c("h100", "gamma").value, 0.2);
    assert!(matches!(c("h100", "gamma").source, Source::Measured(_)));
    assert_eq!(c("a100", "gamma").value, 0.2);
    assert!(matches!(c("a100", "gamma").source, Source::Estimate(_)));
    assert!(matches!(
        c("b200", "avg_inst_lat").source,
        Source::Estimate(_)
    ));
    // The CUDA guide's SFU throughputs.
    for (cc, sfu) in [
        ((2, 0), 4.0),
        ((2, 1), 8.0),
        ((3, 5), 32.0),
        ((5, 2), 32.0),
        ((6, 0), 16.0),
        ((6, 1), 32.0),
        ((7, 0), 16.0),
        ((8, 6), 16.0),
        ((9, 0), 16.0),
        ((10, 0), 16.0),
        ((12, 0), 16.0),
    ] {
        assert_eq!(sfu_per_clock(cc), sfu, "{cc:?}");
    }
    // The device's DRAM latency is Hong & Kim's Mem_LD.
    let m = warpsight::registry::find("sim").unwrap();
    let p = warpsight::model::Params::defaults(m, d("h100"));
    assert_eq!(
        p.num("dram_lat"),
        d("h100").constant("mem_ld").map(|c| c.value)
    );
    assert_eq!(p.num("l1_lat"), Some(40.7));
}
