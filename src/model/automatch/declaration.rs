//! AutoMatch as data for the registry: its fields (the architectures to rank, an architecture
//! typed by its Table I values, the application's profile), its outputs (one architecture's
//! scalars, and each output per architecture), reading notes and examples. Names are
//! docs/models.md's.

use super::{cost, ranks, shares, t_combined, t_even, Arch, Cost, Levels, Profile, ARCH_KEYS};
use crate::devices::custom;
use crate::devices::Device;
use crate::field::{Column, Field, InputError, Value, MAX_WHOLE};
use crate::model::{
    finite, nothing_to_complete, out, Cell, Detail, DeviceKinds, Devices, Evaluation, Example,
    Model, Out, OutputSpec, Params, ReadingNote, Scope,
};

const ARCHS: &str = "Architectures";
const TYPED: &str = "An architecture by its Table I values";
const PROFILE: &str = "Application profile";

const TYPED_SOURCE: &str = "auto: each architecture's Table I values; typed: the custom architecture's (or, with one architecture, a change to its value)";
const HEAT2D: &str = "illustrative: Heat2D (2-D 5-point Jacobi) on a 1,024 × 1,024 interior, 100 time steps, each point counted as the page's built-in Heat2D workload counts it (3 additions, 1 multiplication, 4 levels a step; its largest grid, side 1,024, has a 1,022 × 1,022 interior)";

const HEAT2D_Q: &str = "illustrative: the Heat2D profile's transfers counted in 64-byte lines (each point-step's 4 loads and 1 store hit, but for one miss per line of each 8 MiB grid); left at this default, an architecture with L-byte lines takes the same references counted in its lines (Q_s = 16 B / L per point-step)";

/// The default profile's point-steps: a 1,024 × 1,024 interior, 100 steps.
const HEAT2D_POINT_STEPS: f64 = 1_048_576.0 * 100.0;

/// The default Q_f and Q_s: [`heat2d_q`] at 64-byte lines.
const HEAT2D_Q_64: (f64, f64) = (498_073_600.0, 26_214_400.0);

/// The default profile's Q_f and Q_s on an architecture with `l_bytes`-byte lines: Heat2D
/// counted as the built-in generator counts it. Each point-step makes 5 references (4 loads
/// and a store of 8-byte doubles); the two grids (8 MiB each) exceed every Table I fast
/// memory, so each line of each grid misses once a step and the rest hit: Q_s = 2 · 8 B / L
/// per point-step, Q_f = 5 − Q_s. 64-byte lines give the fields' defaults (4.75 and 0.25 a
/// point-step), 128-byte lines 4.875 and 0.125. None for an L that is not a power of two of
/// at least 8 bytes (a double would straddle lines): the fields' values apply.
pub fn heat2d_q(l_bytes: f64) -> Option<(f64, f64)> {
    let l = l_bytes as u64;
    (l as f64 == l_bytes && l >= 8 && l.is_power_of_two()).then(|| {
        let q_s = HEAT2D_POINT_STEPS * 16.0 / l_bytes;
        (5.0 * HEAT2D_POINT_STEPS - q_s, q_s)
    })
}

#[allow(clippy::too_many_arguments)]
const fn arch(
    name: &'static str,
    symbol: &'static str,
    label: &'static str,
    unit: &'static str,
    min: f64,
    max: f64,
    integer: bool,
) -> Field {
    Field::number(name, symbol, label, unit, min, max, integer, 1.0)
        .group(TYPED)
        .source(TYPED_SOURCE)
        .auto()
}

#[allow(clippy::too_many_arguments)]
const fn app(
    name: &'static str,
    symbol: &'static str,
    label: &'static str,
    unit: &'static str,
    default: f64,
) -> Field {
    Field::number(name, symbol, label, unit, 0.0, MAX_WHOLE, true, default)
        .group(PROFILE)
        .source(HEAT2D)
}

pub const FIELDS: &[Field] = &[
    Field::devices(
        "devices",
        "Architectures to rank and split the work across",
        1,
        8,
        &["i5-2400", "k20x"],
    )
    .group(ARCHS)
    .source("AutoMatch, Table I: ARC1–ARC5 (i5-2400, i7-4700, c2075, k20c, k20x), or custom: the values typed below"),
    arch("np", "n_p", "Cores", "cores", 1.0, 1e7, true),
    arch("pi0_gflops", "π_0", "Peak throughput per core", "GFLOPS", 1e-6, 1e6, false),
    arch("z_mb", "Z", "Fast (on-chip) memory", "MB", 1e-6, 1e6, false),
    arch("l_bytes", "L", "Transfer (line) size", "B", 1.0, 4096.0, true),
    arch("beta_f_gbs", "β_f", "Fast memory bandwidth", "GB/s", 1e-3, 1e7, false),
    arch("alpha_f_us", "α_f", "Fast memory latency", "µs", 0.0, 1e6, false),
    arch("beta_s_gbs", "β_s", "Slow memory bandwidth", "GB/s", 1e-3, 1e7, false),
    arch("alpha_s_us", "α_s", "Slow memory latency", "µs", 0.0, 1e6, false),
    arch("s0_us", "s_0", "Global synchronization", "µs", 0.0, 1e9, false),
    arch("vector_width", "", "SIMD width (doubles; 1 on GPUs)", "", 1.0, 64.0, true),
    Field::runs(
        "w",
        "w_i",
        "Operations per level (w_i)",
        0.0,
        1e15,
        10_000_000,
        &[(1_048_576.0, 400)],
    )
    .group(PROFILE)
    .source(HEAT2D),
    Field::number("d", "D", "Levels (the critical path)", "levels", 1.0, 1e7, true, 400.0)
        .group(PROFILE)
        .source("the number of levels of w")
        .auto(),
    app("w_add", "W_add", "Additions and subtractions", "ops", 314_572_800.0),
    app("w_mul", "W_mul", "Multiplications", "ops", 104_857_600.0),
    app("w_vec", "W_vec", "Operations that vectorize", "ops", 419_430_400.0),
    app("q_f", "Q_f", "Transfers to the fast memory", "lines", HEAT2D_Q_64.0)
        .source(HEAT2D_Q),
    app("q_s", "Q_s", "Transfers from the slow memory", "lines", HEAT2D_Q_64.1)
        .source(HEAT2D_Q),
    app("s", "S", "Global synchronizations", "", 100.0),
    Field::rows(
        "q_by_capacity",
        "",
        "Q_f and Q_s by line size and capacity (l:c:q_f:q_s)",
        Q_COLUMNS,
        0,
        64,
        &[],
    )
    .group(PROFILE)
    .source("a trace or generator analysed in the worker (or `warpsight analyze memory`): an architecture with L = l bytes and capacity C = ⌊Z / L⌋ = c lines takes that row's Q_f and Q_s; the others take Q_f and Q_s above"),
];

/// The columns of `q_by_capacity`: a line size, a capacity in lines, and the transfers a
/// trace gives there.
const Q_COLUMNS: &[Column] = &[
    Column {
        name: "l",
        unit: "B",
        min: 1.0,
        max: 4096.0,
        integer: true,
    },
    Column {
        name: "c",
        unit: "lines",
        min: 0.0,
        max: 1e15,
        integer: true,
    },
    Column {
        name: "q_f",
        unit: "lines",
        min: 0.0,
        max: MAX_WHOLE,
        integer: true,
    },
    Column {
        name: "q_s",
        unit: "lines",
        min: 0.0,
        max: MAX_WHOLE,
        integer: true,
    },
];

pub const OUTPUTS: &[OutputSpec] = &[
    out("f_im", "f_im", "eq. 1", ""),
    out("f_v", "f_v", "eq. 2 (read)", ""),
    out("t_comp_s", "T_comp", "eq. 3", "s"),
    out("t_mem_s", "T_mem", "eq. 4", "s"),
    out("t_syn_s", "T_syn", "eq. 5", "s"),
    out("t_total_s", "T_comp + T_mem + T_syn", "§II-D1", "s"),
    out("bottleneck", "bottleneck", "Fig. 9", ""),
    out("t_comp_s_by_device", "T_comp", "eq. 3", "s").per_device(),
    out("t_mem_s_by_device", "T_mem", "eq. 4", "s").per_device(),
    out("t_syn_s_by_device", "T_syn", "eq. 5", "s").per_device(),
    out("t_total_s_by_device", "T_total", "§II-D1", "s").per_device(),
    out("bottleneck_by_device", "bottleneck", "Fig. 9", "").per_device(),
    out("rank", "rank", "§III-A", "").per_device(),
    out("share", "share of the work", "§II-D2", "").per_device(),
    out("t_combined_s", "1 / Σ 1/T_total", "§II-D2", "s"),
    out("t_even_s", "max T_total / n (even split)", "Fig. 11", "s"),
];

pub const NOTE_F_IM: ReadingNote = ReadingNote::new(
    "f-im",
    "Eq. 1 is 0/0 for code with no additions or multiplications; f_im is then 1.",
);
pub const NOTE_F_V: ReadingNote = ReadingNote::new(
    "f-v",
    "Eq. 2 as printed (W_vec / W) is 0 for code that does not vectorize and eq. 3 would divide by it: f_v = max(W_vec / W, 1 / vector width), so scalar code runs at a vector width's fraction of the peak (1 on GPUs).",
);
pub const NOTE_SPLIT: ReadingNote = ReadingNote::new(
    "split",
    "Shares are proportional to 1 / T_total (the paper's 3:1 cost gives the faster device 3/4 of the work); the split run takes 1 / Σ(1 / T_total). The even split gives each device 1/n and waits for the slowest.",
);
pub const NOTE_Q: ReadingNote = ReadingNote::new(
    "q",
    "Q_f and Q_s are counted in lines of L bytes. Left at the default profile's (64-byte lines), each architecture takes them counted in its own lines; typed, they apply to every architecture; `warpsight analyze memory` counts them per architecture from a Lackey trace (hits: stack distance below the capacity Z / L).",
);

pub const NOTES: &[ReadingNote] = &[NOTE_F_IM, NOTE_F_V, NOTE_SPLIT, NOTE_Q];

pub const EXAMPLES: &[Example] = &[
    Example {
        id: "arc1-arc5",
        name: "Heat2D on ARC1 (i5-2400) and ARC5 (K20X), the node of Fig. 11",
        source: "AutoMatch, Table I and §III-B (the profile is illustrative)",
        values: &[("devices", "i5-2400,k20x")],
        device: None,
    },
    Example {
        id: "arc1-arc3-arc5",
        name: "ARC1, ARC3 and ARC5: few, hundreds and thousands of cores (§III-A)",
        source: "AutoMatch, Table I and §III-A",
        values: &[("devices", "i5-2400,c2075,k20x")],
        device: None,
    },
];

/// The typed result: the architectures in the list's order with their costs, and the split.
#[derive(Clone, Debug, PartialEq)]
pub struct Automatch {
    pub profile: Profile,
    /// (device id, its name, its architecture, its cost).
    pub archs: Vec<(&'static str, &'static str, Arch, Cost)>,
    /// The (Q_f, Q_s) each architecture was priced with, and whether they came from
    /// `q_by_capacity` (a trace) rather than the typed Q_f and Q_s.
    pub q: Vec<(f64, f64, bool)>,
    /// Q_f and Q_s were left at the default profile's, so each architecture without a trace
    /// row took them counted in its own line size ([`heat2d_q`]).
    pub q_by_line: bool,
    pub ranks: Vec<u32>,
    pub shares: Vec<f64>,
    pub t_combined_s: f64,
    pub t_even_s: f64,
}

/// Where the custom architecture starts, for a value not typed: the custom GPU's own values
/// where they map (n_p = SMs × cores per SM, π_0 = 2 flops per core per cycle, β_s = its
/// memory bandwidth; peaks, where Table I's are measured and lower), the rest the K20X's
/// Table I row until typed (docs/models.md, AutoMatch). The value and how it was obtained.
fn custom_start(d: &Device, key: &str) -> (f64, &'static str) {
    match key {
        "np" => (
            f64::from(d.sms.value) * f64::from(d.cores_per_sm.value),
            "the custom GPU's SMs × cores per SM",
        ),
        "pi0_gflops" => (
            2.0 * d.clock_ghz.value,
            "2 flops per core per cycle at the custom GPU's clock: a peak (Table I's are measured, lower); type yours",
        ),
        "beta_s_gbs" => (
            d.mem_bandwidth_gbs.value,
            "the custom GPU's memory bandwidth: a peak (Table I's are measured, lower); type yours",
        ),
        "vector_width" => (1.0, "1 on a GPU: SIMT lanes, no SIMD vectors"),
        _ => (
            crate::devices::find("k20x")
                .and_then(Arch::of)
                .and_then(|a| a.get(key))
                .unwrap_or(1.0),
            "still needed: the Tesla K20X's Table I value until you type this GPU's",
        ),
    }
}

/// An architecture value typed in the form (not auto), if any.
fn typed(p: &Params, key: &str) -> Option<f64> {
    p.num(key)
}

fn architectures(
    p: &Params,
    device: &'static Device,
) -> Result<Vec<(&'static str, &'static str, Arch)>, InputError> {
    let list = p.devices("devices", device)?;
    let one = list.len() == 1;
    list.into_iter()
        .map(|d| {
            let mut a = if d.id == custom::ID {
                // The custom architecture: each value typed, or until then from the custom
                // GPU's own values where they map, else the K20X's Table I row.
                let mut a = Arch::default();
                for k in ARCH_KEYS {
                    let v = typed(p, k).unwrap_or_else(|| custom_start(d, k).0);
                    a.set(k, v);
                }
                a
            } else {
                Arch::of(d).ok_or_else(|| {
                    InputError::new(
                        "devices",
                        format!(
                            "“{}” has no AutoMatch values: Table I covers i5-2400, i7-4700, c2075, k20c and k20x; for another, choose custom and type its values",
                            d.id
                        ),
                    )
                })?
            };
            if one {
                for k in ARCH_KEYS {
                    if let Some(v) = typed(p, k) {
                        a.set(k, v);
                    }
                }
            } else if d.id != custom::ID {
                if let Some(k) = ARCH_KEYS.iter().find(|k| typed(p, k).is_some()) {
                    if !p.devices("devices", device)?.iter().any(|d| d.id == custom::ID) {
                        return Err(InputError::new(
                            *k,
                            "a typed value changes one architecture: choose one in the list, or add custom",
                        ));
                    }
                }
            }
            Ok((d.id, d.name, a))
        })
        .collect()
}

fn profile(p: &Params) -> Result<Profile, InputError> {
    let levels = match p.get("w") {
        Some(Value::Runs(runs)) => Levels(runs.clone()),
        _ => return Err(InputError::new("w", "must be the operations of each level")),
    };
    if let Some(d) = p.num("d") {
        if d as u64 != levels.depth() {
            return Err(InputError::new(
                "d",
                format!(
                    "must be auto or the number of levels in w ({})",
                    levels.depth()
                ),
            ));
        }
    }
    let num = |k: &str| p.num(k).unwrap_or(0.0);
    let w = levels.work();
    if num("w_add") + num("w_mul") > w {
        return Err(InputError::new(
            "w_add",
            format!(
                "W_add + W_mul must be at most the operations of w ({})",
                crate::format::grouped(w, 0)
            ),
        ));
    }
    if num("w_vec") > w {
        return Err(InputError::new(
            "w_vec",
            format!(
                "must be at most the operations of w ({})",
                crate::format::grouped(w, 0)
            ),
        ));
    }
    Ok(Profile {
        levels,
        w_add: num("w_add"),
        w_mul: num("w_mul"),
        w_vec: num("w_vec"),
        q_f: num("q_f"),
        q_s: num("q_s"),
        s: num("s"),
    })
}

/// The engine on the link's inputs.
pub fn evaluate(p: &Params, device: &'static Device) -> Result<Automatch, InputError> {
    let archs = architectures(p, device)?;
    let profile = profile(p)?;
    let rows = match p.get("q_by_capacity") {
        Some(Value::Rows(rows)) => rows.clone(),
        _ => Vec::new(),
    };
    // Left at the defaults, Q_f and Q_s are the default profile's, counted per line size.
    let q_by_line = (profile.q_f, profile.q_s) == HEAT2D_Q_64;
    let mut q = Vec::with_capacity(archs.len());
    let archs: Vec<_> = archs
        .into_iter()
        .map(|(id, name, a)| {
            // The trace's row at this architecture's line size and capacity, if any.
            let row = rows
                .iter()
                .find(|r| r[0] == a.l_bytes && r[1] == a.capacity_lines() as f64);
            let mut mine = profile.clone();
            if let Some(r) = row {
                (mine.q_f, mine.q_s) = (r[2], r[3]);
            } else if let Some(by_line) = heat2d_q(a.l_bytes).filter(|_| q_by_line) {
                (mine.q_f, mine.q_s) = by_line;
            }
            q.push((mine.q_f, mine.q_s, row.is_some()));
            let c = cost(&a, &mine);
            (id, name, a, c)
        })
        .collect();
    let totals: Vec<f64> = archs.iter().map(|a| a.3.t_total_s).collect();
    if totals.iter().any(|t| !(t.is_finite() && *t > 0.0)) {
        return Err(InputError::new(
            "w",
            "the profile has no work to time (every level is 0, and nothing else costs)",
        ));
    }
    Ok(Automatch {
        q,
        q_by_line,
        ranks: ranks(&totals),
        shares: shares(&totals),
        t_combined_s: t_combined(&totals),
        t_even_s: t_even(&totals),
        profile,
        archs,
    })
}

impl Automatch {
    fn outputs(&self) -> Vec<Out> {
        let one = (self.archs.len() == 1).then(|| self.archs[0].3);
        let scalar = |f: fn(&Cost) -> f64| Out::opt(one.map(|c| crate::model::clean(f(&c))));
        let by = |f: &dyn Fn(usize) -> Cell| {
            Out::by_device(
                self.archs
                    .iter()
                    .enumerate()
                    .map(|(i, a)| (a.0, f(i)))
                    .collect::<Vec<_>>(),
            )
        };
        let cost_by =
            |f: fn(&Cost) -> f64| by(&|i| Cell::Num(crate::model::clean(f(&self.archs[i].3))));
        vec![
            scalar(|c| c.f_im),
            scalar(|c| c.f_v),
            scalar(|c| c.t_comp_s),
            scalar(|c| c.t_mem_s),
            scalar(|c| c.t_syn_s),
            scalar(|c| c.t_total_s),
            match one {
                Some(c) => Out::word(c.bottleneck.id()),
                None => Out::null(),
            },
            cost_by(|c| c.t_comp_s),
            cost_by(|c| c.t_mem_s),
            cost_by(|c| c.t_syn_s),
            cost_by(|c| c.t_total_s),
            by(&|i| Cell::Word(self.archs[i].3.bottleneck.id())),
            by(&|i| Cell::Num(f64::from(self.ranks[i]))),
            by(&|i| Cell::Num(self.shares[i])),
            Out::num(self.t_combined_s),
            Out::num(self.t_even_s),
        ]
    }

    fn evaluation(&self, p: &Params, device: &Device) -> Evaluation {
        let mut inputs: Vec<Value> = p.values().to_vec();
        let mut derived = Vec::new();
        if let Some(i) = MODEL.field_index("d") {
            if inputs[i] == Value::Auto {
                inputs[i] = Value::Num(self.profile.levels.depth() as f64);
                derived.push(("d", "the number of levels in w".to_string()));
            }
        }
        // The custom architecture's values, as typed or started (each saying how).
        if let Some(c) = self.archs.iter().find(|a| a.0 == custom::ID) {
            for k in ARCH_KEYS {
                if let (Some(i), Some(v)) = (MODEL.field_index(k), c.2.get(k)) {
                    if inputs[i] == Value::Auto {
                        inputs[i] = Value::Num(v);
                        derived.push((k, custom_start(device, k).1.to_string()));
                    }
                }
            }
        } else if self.archs.len() == 1 {
            let a = &self.archs[0];
            for k in ARCH_KEYS {
                if let (Some(i), Some(v)) = (MODEL.field_index(k), a.2.get(k)) {
                    if inputs[i] == Value::Auto {
                        inputs[i] = Value::Num(v);
                        derived.push((k, format!("{}: AutoMatch, Table I", a.1)));
                    }
                }
            }
        }
        // The default profile's Q at another line size than the fields' 64 bytes: say so.
        if self.q_by_line {
            for (k, i) in [("q_f", 0), ("q_s", 1)] {
                let others: Vec<String> = self
                    .archs
                    .iter()
                    .zip(&self.q)
                    .filter(|(a, q)| !q.2 && a.2.l_bytes != 64.0 && heat2d_q(a.2.l_bytes).is_some())
                    .map(|(a, q)| {
                        format!(
                            "{} ({} B lines) {}",
                            a.1,
                            crate::format::grouped(a.2.l_bytes, 0),
                            crate::format::grouped(if i == 0 { q.0 } else { q.1 }, 0)
                        )
                    })
                    .collect();
                if !others.is_empty() {
                    derived.push((
                        k,
                        format!(
                            "the default profile, in 64-byte lines; counted in each architecture's own lines: {}",
                            others.join(", ")
                        ),
                    ));
                }
            }
        }
        Evaluation {
            inputs,
            derived,
            outputs: self.outputs(),
            occupancy: None,
            notes: NOTES.to_vec(),
            #[cfg(feature = "report")]
            extra: serde_json::Map::new(),
            detail: Detail::new(self.clone()),
        }
    }
}

fn evaluate_params(p: &Params, device: &'static Device) -> Result<Evaluation, InputError> {
    let r = evaluate(p, device)?;
    finite(r.evaluation(p, device), "w")
}

/// AutoMatch, as the registry lists it.
pub static MODEL: Model = Model {
    id: "automatch",
    title: "Helal et al., IISWC 2017 — AutoMatch, CPUs and GPUs",
    citation: "A. E. Helal, W.-c. Feng, C. Jung and Y. Y. Hanafy, “AutoMatch: An Automated Framework for Relative Performance Estimation and Workload Distribution on Heterogeneous HPC Systems”, IISWC 2017.",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: NOTES,
    examples: EXAMPLES,
    devices: Devices::Listed(DeviceKinds::Carrying("np")),
    default_device: "k20x",
    sweep: None,
    aliases: &[],
    glossary: &crate::model::glossary::<{ GLOSSARY.len() }>(GLOSSARY),
    scope: Scope {
        newest_cc: (3, 5),
        paper_gpus: "an Intel Core i5-2400 and i7-4700, and Tesla C2075, K20c and K20X GPUs",
        leaves_out: crate::model::page_text("Newer GPUs and CPUs need their own micro-benchmarked Table I values (type them as the custom architecture)."),
    },
    validated: false,
    derive: crate::model::derives_nothing,
    evaluate: evaluate_params,
    complete: nothing_to_complete,
};

const GLOSSARY: &[(&str, &str)] = &[
    ("devices", "The architectures ranked and given shares of the work: presets with the paper's Table I values, or custom (the values typed below)."),
    ("w", "w_i: floating-point operations at each level of the ASAP schedule; `w*k` is k levels of w."),
    ("d", "D: the levels of the ASAP schedule, the critical path's length."),
    ("f_im", "f_im: the instruction-mix factor of FMA units (eq. 1)."),
    ("f_v", "f_v: the vectorization factor (eq. 2, read as max(W_vec / W, 1 / vector width): see the reading notes)."),
    ("t_comp_s", "T_comp: the critical path at one core's rate plus each level on min(w_i, n_p) cores (eq. 3)."),
    ("t_mem_s", "T_mem: a latency per level plus the transfers at each memory's bandwidth (eq. 4)."),
    ("t_syn_s", "T_syn: S global synchronizations of s_0 each (eq. 5)."),
    ("share", "The fraction of the work the architecture gets, ∝ 1 / T_total."),
    ("t_combined_s", "The split run's time: every architecture finishes its share together."),
    ("t_even_s", "Each architecture gets an equal part; the slowest decides."),
];
