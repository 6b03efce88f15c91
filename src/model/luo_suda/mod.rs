//! Luo & Suda, "An execution time prediction analytical model for GPU with instruction-level
//! and thread-level parallelism awareness" (seed 000): the MPD/CPD model with calculate
//! periods.
//!
//! A warp's PTX is a sequence of computation tasks and memory tasks; a calculate period runs
//! from the start of one computation task to the start of the next, costing c_i cycles of
//! computation and m_i of memory access. MPD (eqs. 1–2) bounds how many warps' memory accesses
//! overlap, CPD (eqs. 3–5) how many warps' computations do; each period's type (eqs. 6–13)
//! says whether a long memory task in it or before it makes the SM wait. docs/models.md fixes the
//! readings of eqs. 2, 3, 8 and 13; both printed forms are behind switches.

mod declaration;
mod from_launch;

pub use declaration::{
    EXAMPLES, FIELDS, NOTES, NOTE_CPD2_DOMAIN, NOTE_CPD_FIXED, NOTE_CPD_PRINTED, NOTE_FITTED,
    NOTE_MPD_FIXED, NOTE_MPD_PRINTED, NOTE_PERIODS, NOTE_REP, NOTE_UNITS, OUTPUTS,
};

use super::{
    clean, finite, out, report_only, Alias, Choice, Column, Detail, Devices, Evaluation, Example,
    Field, InputError, Model, Out, OutputSpec, Params, ReadingNote, Scope, Value,
};
use crate::devices::Device;
use crate::format;

/// Which form of an equation applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The reading docs/models.md gives (the default).
    Fixed,
    /// The equation as the paper prints it.
    Printed,
}

/// The model's inputs, typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    pub n_thread: f64,
    pub d_mem: f64,
    pub n_trans: f64,
    pub t_mem: f64,
    pub n_act: f64,
    pub n_sm: f64,
    pub gpu_bwt_gbs: f64,
    pub clock_ghz: f64,
    pub p: f64,
    pub a: f64,
    pub b: f64,
    pub c: f64,
    pub d: f64,
    pub m: f64,
    /// (c_i, m_i) per calculate period, in cycles.
    pub periods: Vec<(f64, f64)>,
    pub rep: f64,
    pub reading_mpd: Reading,
    pub reading_cpd: Reading,
}

/// ⌈x⌉, and [`floor`] ⌊x⌋, as printed, but blind to floating-point noise: a value within
/// 1e-9 (relative) of a whole number is that number, so ⌈480 / 1.5⌉ is 320 even when the
/// computed CPD is 1.4999999999999998.
pub fn ceil(x: f64) -> f64 {
    let r = x.round();
    if (x - r).abs() <= 1e-9 * r.abs().max(1.0) {
        r
    } else {
        x.ceil()
    }
}

/// ⌊x⌋ blind to floating-point noise (see [`ceil`]).
pub fn floor(x: f64) -> f64 {
    let r = x.round();
    if (x - r).abs() <= 1e-9 * r.abs().max(1.0) {
        r
    } else {
        x.floor()
    }
}

/// Eq. 1: the bandwidth one warp uses during one memory access, bytes per cycle.
pub fn warp_bwt(n_thread: f64, d_mem: f64, n_trans: f64, t_mem: f64) -> f64 {
    (n_thread * d_mem) / (n_trans * t_mem)
}

/// The device's bandwidth in bytes per cycle of the processor clock (docs/models.md: one unit).
pub fn gpu_bwt(gpu_bwt_gbs: f64, clock_ghz: f64) -> f64 {
    gpu_bwt_gbs / clock_ghz
}

/// Eq. 2: MPD. Fixed reading min{N_act, ⌊GPU_bwt / (N_sm·Warp_bwt)⌋}; printed, N_act also in
/// the denominator. Never below 1; no memory traffic (Warp_bwt = 0) gives N_act.
pub fn mpd(n_act: f64, n_sm: f64, gpu_bwt: f64, warp_bwt: f64, reading: Reading) -> f64 {
    if warp_bwt <= 0.0 {
        return n_act;
    }
    let per = match reading {
        Reading::Fixed => n_sm * warp_bwt,
        Reading::Printed => n_act * n_sm * warp_bwt,
    };
    n_act.min(floor(gpu_bwt / per)).max(1.0)
}

/// Eq. 3: CPD1 = (c − P)·(N_act − b) + a; the fixed reading takes |c − P|.
pub fn cpd1(c: f64, p: f64, n_act: f64, a: f64, b: f64, reading: Reading) -> f64 {
    let slope = match reading {
        Reading::Fixed => (c - p).abs(),
        Reading::Printed => c - p,
    };
    slope * (n_act - b) + a
}

/// Eq. 5: n = d·(P − c)².
pub fn cpd_n(d: f64, p: f64, c: f64) -> f64 {
    d * (p - c).powi(2)
}

/// Eq. 4: CPD2 = (n/(m − 1))·√((m − 1)² − (N_act − m)²) + a, defined for 1 ≤ N_act ≤ 2m − 1.
pub fn cpd2(n: f64, m: f64, n_act: f64, a: f64) -> Option<f64> {
    (n_act >= 1.0 && n_act <= 2.0 * m - 1.0)
        .then(|| (n / (m - 1.0)) * ((m - 1.0).powi(2) - (n_act - m).powi(2)).sqrt() + a)
}

/// CPD = max(1, min(CPD1, CPD2)), or max(1, CPD1) where CPD2 is not defined.
pub fn cpd(cpd1: f64, cpd2: Option<f64>) -> f64 {
    cpd2.map_or(cpd1, |c2| cpd1.min(c2)).max(1.0)
}

/// A calculate period's type (§3.5, Figs. 4–7): whether a long memory task (c < m) in it
/// (current) or in the period before it (previous) makes the SM wait.
pub fn period_type(current_long: bool, previous_long: bool) -> u8 {
    match (current_long, previous_long) {
        (false, false) => 1,
        (true, false) => 2,
        (false, true) => 3,
        (true, true) => 4,
    }
}

/// Eq. 10/12: T_p = max{m_{i−1}·⌊N_act/MPD − 1⌋ − (N_act − 1)·c_i, 0}.
pub fn t_p(m_prev: f64, n_act: f64, mpd: f64, c_i: f64) -> f64 {
    (m_prev * floor(n_act / mpd - 1.0) - (n_act - 1.0) * c_i).max(0.0)
}

/// Eq. 8 (its `n` is N_act) and eq. 13 (its missing second argument is 0):
/// T_c = max{m_i − ((N_act − 1)·c_i + T_p), 0}, with T_p = 0 in type 2.
pub fn t_c(m_i: f64, n_act: f64, c_i: f64, t_p: f64) -> f64 {
    (m_i - ((n_act - 1.0) * c_i + t_p)).max(0.0)
}

/// Eqs. 6, 7, 9, 11: T_i = ⌈N_act·c_i / CPD⌉ + T_p + T_c.
pub fn t_i(n_act: f64, c_i: f64, cpd: f64, t_p: f64, t_c: f64) -> f64 {
    ceil(n_act * c_i / cpd) + t_p + t_c
}

/// Eq. 14: the accuracy of a prediction against a measured time.
pub fn p_acc(t_test: f64, t_model: f64) -> f64 {
    t_test.min(t_model) / t_test.max(t_model)
}

/// One calculate period's evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Period {
    pub c: f64,
    pub m: f64,
    pub kind: u8,
    /// ⌈N_act·c_i / CPD⌉: the computation part.
    pub compute: f64,
    pub t_p: f64,
    pub t_c: f64,
    pub t_i: f64,
}

/// Everything the model derives.
#[derive(Clone, Debug, PartialEq)]
pub struct Outputs {
    pub warp_bwt: f64,
    pub gpu_bwt: f64,
    pub mpd: f64,
    pub cpd1: f64,
    pub cpd_n: f64,
    pub cpd2: Option<f64>,
    pub cpd: f64,
    pub periods: Vec<Period>,
    pub cycles_per_rep: f64,
    pub total_cycles: f64,
    pub time_s: f64,
}

/// The whole model (eqs. 1–13) for typed inputs.
pub fn evaluate(inp: &Inputs) -> Outputs {
    let warp_bwt = warp_bwt(inp.n_thread, inp.d_mem, inp.n_trans, inp.t_mem);
    let gpu_bwt = gpu_bwt(inp.gpu_bwt_gbs, inp.clock_ghz);
    let mpd = mpd(inp.n_act, inp.n_sm, gpu_bwt, warp_bwt, inp.reading_mpd);
    let cpd1 = cpd1(inp.c, inp.p, inp.n_act, inp.a, inp.b, inp.reading_cpd);
    let n = cpd_n(inp.d, inp.p, inp.c);
    let cpd2 = cpd2(n, inp.m, inp.n_act, inp.a);
    let cpd = cpd(cpd1, cpd2);
    let mut periods = Vec::with_capacity(inp.periods.len());
    let mut previous: Option<(f64, f64)> = None;
    for &(c, m) in &inp.periods {
        let long = c < m;
        let prev_long = previous.is_some_and(|(pc, pm)| pc < pm);
        let kind = period_type(long, prev_long);
        let tp = match (kind, previous) {
            (3 | 4, Some((_, pm))) => t_p(pm, inp.n_act, mpd, c),
            _ => 0.0,
        };
        let tc = match kind {
            2 => t_c(m, inp.n_act, c, 0.0),
            4 => t_c(m, inp.n_act, c, tp),
            _ => 0.0,
        };
        let compute = ceil(inp.n_act * c / cpd);
        periods.push(Period {
            c,
            m,
            kind,
            compute,
            t_p: tp,
            t_c: tc,
            t_i: t_i(inp.n_act, c, cpd, tp, tc),
        });
        previous = Some((c, m));
    }
    let cycles_per_rep: f64 = periods.iter().map(|p| p.t_i).sum();
    let total_cycles = inp.rep * cycles_per_rep;
    Outputs {
        warp_bwt,
        gpu_bwt,
        mpd,
        cpd1,
        cpd_n: n,
        cpd2,
        cpd,
        periods,
        cycles_per_rep,
        total_cycles,
        time_s: total_cycles / (inp.clock_ghz * 1e9),
    }
}

/// N_act is the active warps on one SM: at most m (the warps an SM holds, which CPD2's
/// domain 1 ≤ N_act ≤ 2m − 1 is built on) and at most what the device's SM holds (its compute
/// capability's warp slots, as Hong & Kim's active blocks are checked against occupancy).
pub fn check_active_warps(
    n_act: Option<f64>,
    m: Option<f64>,
    device: &Device,
) -> Result<(), InputError> {
    let (Some(n_act), Some(m)) = (n_act, m) else {
        return Ok(());
    };
    let slots = device
        .compute_capability
        .and_then(|cc| super::occupancy::arch_limits(cc.value.0, cc.value.1).ok())
        .map(|a| f64::from(a.max_warps_per_sm));
    let (limit, why) = match slots {
        Some(s) if s < m => (
            s,
            format!("the {}'s SM holds {} warps", device.name, format::num(s)),
        ),
        _ => (m, format!("m = {}, the warps an SM holds", format::num(m))),
    };
    if n_act > limit {
        return Err(InputError::new(
            "n_act",
            format!(
                "must be a whole number from 1 to {}: {why}",
                format::grouped(limit, 0)
            ),
        ));
    }
    Ok(())
}

/// Checked params → typed inputs, with P, rep and the readings resolved.
pub fn inputs(p: &Params, device: &Device) -> Result<Inputs, InputError> {
    if let Some(e) = p.check().into_iter().next() {
        return Err(e);
    }
    let num = |name: &str| p.num(name);
    check_active_warps(num("n_act"), num("m"), device)?;
    let reading = |name: &str| match p.get(name) {
        Some(Value::Word("printed")) => Reading::Printed,
        _ => Reading::Fixed,
    };
    let periods: Vec<(f64, f64)> = match p.get("periods") {
        Some(Value::Rows(rows)) => rows
            .iter()
            .filter_map(|r| Some((*r.first()?, *r.get(1)?)))
            .collect(),
        _ => Vec::new(),
    };
    let (sum_c, sum_m) = periods
        .iter()
        .fold((0.0, 0.0), |(a, b), (c, m)| (a + c, b + m));
    // P: given, or the computation share of the periods' costs (§3.4's definition).
    let share = if sum_c + sum_m > 0.0 {
        sum_c / (sum_c + sum_m)
    } else {
        0.0
    };
    let n_sm = num("n_sm").unwrap_or(f64::from(device.sms.value));
    let rep = match (num("rep"), num("blocks"), num("active_blocks_per_sm")) {
        (Some(r), _, _) => r,
        (None, Some(blocks), Some(active)) => blocks / (active * n_sm.min(blocks)),
        _ => 1.0,
    };
    let value = |name: &str| num(name).unwrap_or(0.0);
    Ok(Inputs {
        n_thread: value("n_thread"),
        d_mem: value("d_mem"),
        n_trans: value("n_trans"),
        t_mem: value("t_mem"),
        n_act: value("n_act"),
        n_sm,
        gpu_bwt_gbs: value("gpu_bwt_gbs"),
        clock_ghz: value("clock_ghz"),
        p: num("p").unwrap_or(share),
        a: value("a"),
        b: value("b"),
        c: value("c"),
        d: value("d"),
        m: value("m"),
        periods,
        rep,
        reading_mpd: reading("reading_mpd"),
        reading_cpd: reading("reading_cpd"),
    })
}

/// Time and the parallel degrees as active warps vary at fixed total work (the paper's
/// Fig. 8): with N warps per SM each warp does N_act/N of the work, so rep scales by N_act/N.
pub fn sweep_warps(inp: &Inputs, max_warps: u32) -> Vec<(u32, Outputs)> {
    (1..=max_warps)
        .map(|w| {
            let at = Inputs {
                n_act: f64::from(w),
                rep: inp.rep * inp.n_act / f64::from(w),
                ..inp.clone()
            };
            (w, evaluate(&at))
        })
        .collect()
}

fn evaluate_params(p: &Params, device: &'static Device) -> Result<Evaluation, InputError> {
    let inp = inputs(p, device)?;
    let o = evaluate(&inp);
    let t_test = p.num("t_test_s");
    let mut notes = vec![NOTE_UNITS];
    if device.id != "gtx260" {
        notes.insert(0, NOTE_FITTED);
    }
    notes.push(match inp.reading_mpd {
        Reading::Fixed => NOTE_MPD_FIXED,
        Reading::Printed => NOTE_MPD_PRINTED,
    });
    notes.push(match inp.reading_cpd {
        Reading::Fixed => NOTE_CPD_FIXED,
        Reading::Printed => NOTE_CPD_PRINTED,
    });
    if o.cpd2.is_none() {
        notes.push(NOTE_CPD2_DOMAIN);
    }
    notes.extend([NOTE_PERIODS, NOTE_REP]);
    let list = |f: fn(&Period) -> f64| Out::List(o.periods.iter().map(|p| clean(f(p))).collect());
    let outputs = vec![
        Out::num(clean(o.warp_bwt)),
        Out::num(clean(o.gpu_bwt)),
        Out::num(o.mpd),
        Out::num(clean(o.cpd1)),
        Out::num(clean(o.cpd_n)),
        Out::opt(o.cpd2.map(clean)),
        Out::num(clean(o.cpd)),
        list(|p| f64::from(p.kind)),
        list(|p| p.t_i),
        list(|p| p.t_c),
        list(|p| p.t_p),
        Out::num(clean(o.total_cycles)),
        Out::num(clean(o.time_s)),
        Out::num(clean(
            o.time_s + p.num("launch_overhead_us").unwrap_or(0.0) * 1e-6,
        )),
        Out::opt(t_test.map(|t| p_acc(t, o.time_s))),
    ];
    let mut inputs: Vec<Value> = p.values().to_vec();
    let mut derived = Vec::new();
    for (name, value, how) in [
        ("p", inp.p, "Σc / Σ(c + m) over the periods (§3.4)"),
        (
            "rep",
            inp.rep,
            if p.num("blocks").is_some() && p.num("active_blocks_per_sm").is_some() {
                "blocks / (active blocks per SM · min(N_sm, blocks))"
            } else {
                "1: one pass over the periods"
            },
        ),
    ] {
        if let (Some(i), Some(Value::Auto)) = (MODEL.field_index(name), p.get(name)) {
            inputs[i] = Value::Num(clean(value));
            derived.push((name, how.to_string()));
        }
    }
    finite(
        Evaluation {
            inputs,
            derived,
            outputs,
            occupancy: None,
            notes,
            #[cfg(feature = "report")]
            extra: serde_json::Map::new(),
            detail: Detail::new((inp, o)),
        },
        "periods",
    )
}

/// What only the CLI and the JSON download use: the readings applied.
fn complete(_: &Params, _: &'static Device, e: &mut Evaluation) {
    let Some((inp, _)) = e.detail.get::<(Inputs, Outputs)>() else {
        return;
    };
    let word = |r: Reading| {
        if r == Reading::Fixed {
            "fixed"
        } else {
            "printed"
        }
    };
    let readings = serde_json::json!({
        "reading_mpd": word(inp.reading_mpd),
        "reading_cpd": word(inp.reading_cpd),
    });
    e.put("readings", readings);
}

/// Luo & Suda's `m` on a device without one: the resident warps per SM of its compute
/// capability (docs/models.md, "Device constants").
pub fn m_of(d: &Device) -> Option<crate::devices::Sourced<f64>> {
    let (major, minor) = d.compute_capability?.value;
    let warps = crate::devices::arch::arch_limits(major, minor).ok()?;
    Some(crate::devices::vendor(
        f64::from(warps.max_warps_per_sm),
        "CUDA C++ Programming Guide, technical specifications: resident warps per SM of the compute capability",
    ))
}

/// Luo & Suda's `t_mem` on a device without one: its measured DRAM latency (Mem_LD). Only a
/// measured latency: the paper-era GPUs keep Luo & Suda's own 200 cycles (Table 1's ld/st, a
/// cost measured differently from Hong & Kim's Mem_LD).
pub fn t_mem_of(d: &Device) -> Option<crate::devices::Sourced<f64>> {
    d.constant("t_mem").or_else(|| {
        d.constant("mem_ld")
            .filter(|v| matches!(v.source, crate::devices::Source::Measured(_)))
    })
}

/// Luo & Suda's derivations by key ([`crate::model::Model::derive`]).
pub fn derived(d: &Device, key: &str) -> Option<crate::devices::Sourced<f64>> {
    match key {
        "m" => m_of(d),
        "t_mem" => t_mem_of(d),
        _ => None,
    }
}

/// Luo & Suda's model, as the registry lists it.
pub static MODEL: Model = Model {
    id: "luo-suda",
    title: "Luo & Suda — MPD/CPD with calculate periods",
    citation: "C. Luo and R. Suda, “An execution time prediction analytical model for GPU with instruction-level and thread-level parallelism awareness”, IPSJ SIG Technical Report, 2011.",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: NOTES,
    examples: EXAMPLES,
    devices: Devices::Gpus,
    default_device: "gtx260",
    sweep: None,
    aliases: &[Alias {
        key: "reading",
        sets: &["reading_mpd", "reading_cpd"],
    }],
    glossary: &crate::model::glossary::<{ GLOSSARY.len() }>(GLOSSARY),
    scope: Scope {
        newest_cc: (1, 3),
        paper_gpus: "a GeForce GTX 260",
        leaves_out: crate::model::page_text("Its instruction costs (Table 1) and the constants a, b, c, d were measured on that GPU (t_mem and m here are this device's); newer GPUs issue far faster, so with Table 1's costs the computation of a streaming kernel comes out too slow, up to 4 times the published time, and its overlap of memory can err the other way. Enter your GPU's costs (the PTX cost table) before trusting the absolute time."),
    },
    validated: true,
    derive: derived,
    evaluate: evaluate_params,
    complete: report_only(complete),
};

/// How a profiled launch fills the model's inputs (`crate::measured`; not in [`MODEL`], so the
/// page's bundle leaves it out).
pub const FROM_LAUNCH: Option<super::launch::FromLaunch> = Some(super::launch::FromLaunch {
    inputs: from_launch::inputs,
    bound: from_launch::bound,
    lower_bound: false,
});

/// Short definitions of the model's terms, after the paper's own (§3), shown on hover and focus.
const GLOSSARY: &[(&str, &str)] = &[
    ("periods", "Calculate periods: a warp's PTX split at the start of each computation task. Each period has c_i cycles of computation and m_i cycles of memory access."),
    ("n_act", "N_act: active warps per SM."),
    ("p", "P: the share of a warp's time that is computation, Σc / Σ(c + m) unless set."),
    ("rep", "Rounds of active warps each SM runs: 1, given, or blocks / (active blocks per SM × SMs used)."),
    ("warp_bwt", "Warp_bwt: the memory bandwidth one warp uses during a memory access, bytes per cycle: N_thread × D_mem / (N_trans × t_mem)."),
    ("gpu_bwt", "GPU_bwt: the device's memory bandwidth in bytes per processor cycle."),
    ("mpd", "Memory Parallel Degree: how many warps' memory accesses can overlap on one SM before the bandwidth is used up, at most N_act."),
    ("cpd1", "CPD1: the computation parallel degree fitted for short periods, (c − P)·(N_act − b) + a."),
    ("cpd_n", "n: the height of CPD2's curve, d·(P − c)²."),
    ("cpd2", "CPD2: the computation parallel degree fitted as a half-ellipse over N_act, defined for 1 ≤ N_act ≤ 2m − 1."),
    ("cpd", "Computation Parallel Degree: how many warps' computation overlaps on one SM, min(CPD1, CPD2), at least 1."),
    ("type", "A period's type: whether a long memory task (c < m) in it or in the period before makes the SM wait (Figs. 4–7)."),
    ("t_i", "T_i: cycles of calculate period i for all active warps, ⌈N_act·c_i / CPD⌉ + T_p + T_c."),
    ("t_c", "T_c: cycles the SM waits for the period's own memory access after the other warps' computation."),
    ("t_p", "T_p: cycles the SM waits for the previous period's memory access."),
    ("total_cycles", "The predicted cycles: rep × Σ T_i."),
    ("time_s", "Predicted kernel time: total cycles over the clock."),
    ("p_acc", "P_acc: the prediction's accuracy against a measured time (eq. 14)."),
    ("n_thread", "N_thread: threads per warp."),
    ("d_mem", "D_mem: bytes one memory transaction moves."),
    ("n_trans", "N_trans: memory transactions per warp access."),
    ("t_mem", "t_mem: memory latency in cycles (Table 1: 200 on the GTX 260)."),
    ("n_sm", "N_sm: SMs on the GPU."),
    ("gpu_bwt_gbs", "The GPU's memory bandwidth."),
    ("a", "a: fitted constant of CPD1 and CPD2 (§3.4)."),
    ("b", "b: fitted constant of CPD1 (§3.4)."),
    ("c", "c: fitted constant of CPD1 (§3.4), and a period's computation cycles in eqs. 3 and 5."),
    ("d", "d: fitted constant of n (eq. 5)."),
    ("m", "m: CPD2's half-width in warps (§4.2: 32)."),
    ("t_test_s", "T_test: a measured time to compare with (for P_acc)."),
    ("launch_overhead_us", "What one kernel launch costs beyond the kernel's own run, in µs: the paper does not model it. A typical measured value for the device's family (0 on the paper's devices), or your own."),
    ("time_with_launch_s", "The model's time plus one launch overhead: what a single launch takes, seen from the host."),
];
