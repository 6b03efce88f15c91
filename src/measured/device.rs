//! Which GPU ran a kernel: its printed name matched to a preset or a catalogue GPU, else its
//! shape (compute capability and SMs) and the clocks it ran at, else what its launch figures
//! imply, else a custom device built from the file.

use super::*;

/// The preset a printed device name names: the same model words ("Tesla V100-PCIE-16GB"
/// is the V100 (PCIe) preset, "NVIDIA H100 80GB HBM3" the H100 SXM5), and no form factor,
/// memory size or memory kind that contradicts the preset's name. The best fit wins; on a tie,
/// the first preset (a GPU's flagship form comes first in the list).
pub fn preset_for(printed: &str) -> Option<&'static Device> {
    let words = catalogue::words(printed);
    let mut best: Option<(i32, &'static Device)> = None;
    for d in
        devices::presets().filter(|d| d.kind == DeviceKind::Gpu && d.compute_capability.is_some())
    {
        let memory =
            catalogue::by_id(&preset_catalogue_id(d.id)).map_or("", |g| g.memory_type.as_str());
        if let Some(score) = catalogue::name_fit(&words, &catalogue::words(d.name), memory) {
            if score >= 0 && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, d));
            }
        }
    }
    best.map(|(_, d)| d)
}

/// The catalogue id of the GPU a preset describes (empty when none).
fn preset_catalogue_id(preset: &str) -> String {
    catalogue::all()
        .iter()
        .find(|g| g.preset.as_deref() == Some(preset))
        .map_or_else(String::new, |g| g.id.clone())
}

/// A catalogue GPU as a device: its preset where one describes it.
fn device_of(g: &catalogue::Gpu) -> &'static Device {
    g.preset
        .as_deref()
        .and_then(devices::find)
        .unwrap_or_else(|| catalogue::device(g))
}

/// How far a GPU's clocks are from those the profiler ran at: Nsight Compute locks the SM
/// clock to the base clock (with `--clock-control none` it runs at the boost clock: an H200
/// profiled so read 1,971–1,976 MHz against its 1,980), and its DRAM frequency is the
/// catalogue's memory clock times the data rate (×2 on HBM). The sum of the log distances of
/// what the file gives; `None` when it gives neither.
fn clock_distance(g: &catalogue::Gpu, sm_hz: Option<f64>, dram_hz: Option<f64>) -> Option<f64> {
    let far = |a: f64, b: f64| (a / b).ln().abs();
    let sm = sm_hz.map(|hz| far(hz / 1e6, g.base_mhz).min(far(hz / 1e6, g.boost_mhz)));
    let dram = dram_hz.zip(g.memory_clock_mhz).map(|(hz, mhz)| {
        [1.0, 2.0, 4.0, 8.0]
            .iter()
            .map(|k| far(hz / 1e6, mhz * k))
            .fold(f64::INFINITY, f64::min)
    });
    match (sm, dram) {
        (None, None) => None,
        (a, b) => Some(a.unwrap_or(0.0) + b.unwrap_or(0.0)),
    }
}

/// The SM and DRAM clocks the profiler measured on a device, in Hz.
pub(super) type FileClocks = (Option<f64>, Option<f64>);

/// The median SM and DRAM clocks over the file's kernels that print this device: without
/// clock control the SM clock moves from kernel to kernel (1,784–1,976 MHz in one H200 run,
/// `tests/known_kernels.rs`), and one kernel's clock can fit another GPU.
pub(super) fn file_clocks(profile: &Profile, device: Option<&str>) -> FileClocks {
    let of = |key: &str| {
        let values: Vec<f64> = profile
            .kernels
            .iter()
            .filter(|k| k.device.as_deref() == device)
            .filter_map(|k| k.metric(key).filter(|v| *v > 0.0))
            .collect();
        crate::analysis::profiler::median(&values)
    };
    (of("sm_clock_hz"), of("dram_clock_hz"))
}

/// Of several GPUs of one shape, the one the file's clocks fit; with no clocks, or none within
/// 3 %, the first preset among them, else the first. The note's reason and the others.
fn pick_by_clocks(
    candidates: &[&'static catalogue::Gpu],
    (sm, dram): FileClocks,
) -> Option<(&'static catalogue::Gpu, String)> {
    let scored: Vec<(f64, &'static catalogue::Gpu)> = candidates
        .iter()
        .filter_map(|g| Some((clock_distance(g, sm, dram)?, *g)))
        .collect();
    let best = scored
        .iter()
        .copied()
        .fold(None, |b: Option<(f64, &catalogue::Gpu)>, x| match b {
            Some(y) if y.0 <= x.0 => Some(y),
            _ => Some(x),
        });
    let clocks = || {
        let mut parts = Vec::new();
        if let Some(hz) = sm {
            parts.push(format!("SM clock {:.0} MHz", hz / 1e6));
        }
        if let Some(hz) = dram {
            parts.push(format!("DRAM clock {:.0} MHz", hz / 1e6));
        }
        parts.join(", ")
    };
    // The GPUs the clocks fit equally well, when any fits: the choice is among them.
    let fitting: Vec<&'static catalogue::Gpu> = match best.filter(|(d, _)| *d < 0.03) {
        Some((d, _)) => scored
            .iter()
            .filter(|(x, _)| *x <= d + 0.01)
            .map(|(_, g)| *g)
            .collect(),
        None => Vec::new(),
    };
    // Among those, a preset (a GPU people profile on) is likelier; with none among them, the
    // first preset of the shape as when the clocks tell nothing.
    let candidates: &[&'static catalogue::Gpu] =
        if fitting.len() > 1 && fitting.iter().any(|g| g.preset.is_some()) {
            &fitting
        } else {
            candidates
        };
    if let Some((d, g)) = best.filter(|(d, _)| *d < 0.03) {
        let runner_up = scored
            .iter()
            .filter(|(_, o)| o.id != g.id)
            .map(|(x, _)| *x)
            .fold(f64::INFINITY, f64::min);
        if runner_up > d + 0.01 || candidates.len() == 1 {
            return Some((
                g,
                format!(
                    "its {} fit the {}'s base or boost clock ({:.0} or {:.0} MHz){}",
                    clocks(),
                    g.name,
                    g.base_mhz,
                    g.boost_mhz,
                    g.memory_clock_mhz
                        .map(|m| format!(" and memory clock {m:.0} MHz"))
                        .unwrap_or_default()
                ),
            ));
        }
    }
    // The first preset in the presets' order (a GPU's flagship form comes first), else the first.
    let rank = |g: &catalogue::Gpu| {
        g.preset
            .as_deref()
            .and_then(|p| devices::presets().position(|d| d.id == p))
            .unwrap_or(usize::MAX)
    };
    let first = candidates.iter().min_by_key(|g| rank(g))?;
    let others: Vec<&str> = candidates
        .iter()
        .filter(|g| g.id != first.id)
        .map(|g| g.name.as_str())
        .take(4)
        .collect();
    let why = if others.is_empty() {
        "the only such GPU in the catalogue".to_string()
    } else {
        format!(
            "{} also fit{}: choose another for the file (--device ID on the command line) if it was one of them",
            others.join(", "),
            if sm.is_some() || dram.is_some() {
                format!(
                    " and the file's clocks ({}) do not tell them apart",
                    clocks()
                )
            } else {
                String::new()
            }
        )
    };
    Some((first, why))
}

/// The compute capabilities whose occupancy rules give the block limits and theoretical warps
/// the profiler printed for this launch (those it printed; at least two of them).
fn implied_ccs(k: &ProfiledKernel, l: &Launch) -> Vec<(u8, u8)> {
    let theirs = [
        k.metric("limit_blocks"),
        k.metric("limit_warps"),
        k.metric("limit_registers"),
        k.metric("theoretical_active_warps"),
    ];
    if theirs.iter().flatten().count() < 2 {
        return Vec::new();
    }
    let kernel = KernelResources {
        threads_per_block: l.threads_per_block as u32,
        registers_per_thread: l.registers_per_thread.round() as u32,
        shared_mem_per_block: l.shared_mem_per_block.round() as u32,
    };
    let mut ccs = Vec::new();
    for major in 1..=12u8 {
        for minor in 0..=9u8 {
            let Ok(arch) = occupancy::arch_limits(major, minor) else {
                continue;
            };
            let Ok(o) = occupancy::occupancy_with(&arch, &kernel, &Config::default()) else {
                continue;
            };
            let ours = [
                o.blocks_limited_by_blocks,
                o.blocks_limited_by_warps,
                o.blocks_limited_by_registers,
                o.active_warps_per_sm,
            ];
            let ok = theirs
                .iter()
                .zip(ours)
                .all(|(t, o)| t.is_none_or(|t| (t - f64::from(o)).abs() < 0.5));
            if ok {
                ccs.push((major, minor));
            }
        }
    }
    ccs
}

/// The SM counts a launch's waves imply: the grid's blocks over (waves × blocks per SM), with
/// the waves printed to two decimals.
fn implied_sms(k: &ProfiledKernel, l: &Launch) -> Option<(u32, u32)> {
    let waves = k.metric("waves_per_sm").filter(|w| *w > 0.0)?;
    let per_sm = [
        k.metric("limit_blocks"),
        k.metric("limit_warps"),
        k.metric("limit_registers"),
        k.metric("limit_shared_mem"),
    ]
    .into_iter()
    .flatten()
    .filter(|b| *b >= 1.0)
    .fold(f64::INFINITY, f64::min);
    if !per_sm.is_finite() || l.blocks < 1.0 {
        return None;
    }
    let lo = l.blocks / ((waves + 0.005) * per_sm);
    let hi = l.blocks / ((waves - 0.005).max(1e-3) * per_sm);
    Some((lo.ceil() as u32, hi.floor() as u32)).filter(|(a, b)| a <= b && *b <= 1024)
}

/// What a GPU chosen for a whole file contradicts in it: its compute capability, its SM count,
/// or its clocks (more than 3 % from the GPU's base and boost SM clocks and its memory clock):
/// then the comparison is not of this run.
fn contradiction(k: &ProfiledKernel, d: &'static Device, clocks: FileClocks) -> Option<String> {
    let not_this = "it is not the GPU this file was profiled on, and the comparison is not of this run (--on ID predicts the file's kernels there)";
    let theirs = d.compute_capability.map(|c| c.value);
    if let (Some(file), Some(theirs)) = (k.compute_capability, theirs) {
        if file != theirs {
            return Some(format!(
                "the file says {}, and the {} is {}.{}: {not_this}",
                devices::arch::describe_capability(file),
                d.name,
                theirs.0,
                theirs.1
            ));
        }
    }
    if let Some(sms) = k
        .metric("sms")
        .filter(|s| (s.round() as u32) != d.sms.value)
    {
        return Some(format!(
            "the file's GPU has {} SMs, and the {} has {}: {not_this}",
            sms.round(),
            d.name,
            d.sms.value
        ));
    }
    let g = catalogue::all()
        .iter()
        .find(|g| g.preset.as_deref() == Some(d.id) || g.id == d.id)?;
    let far = clock_distance(g, clocks.0, clocks.1)?;
    (far > 0.03).then(|| {
        let mhz = |hz: Option<f64>| hz.map(|h| format!("{}", (h / 1e6).round()));
        let said = match (mhz(clocks.0), mhz(clocks.1)) {
            (Some(sm), Some(mem)) => format!("SM {sm} MHz, memory {mem} MHz"),
            (Some(sm), None) => format!("SM {sm} MHz"),
            (None, Some(mem)) => format!("memory {mem} MHz"),
            (None, None) => String::new(),
        };
        format!(
            "the file's clocks ({said}) are not the {}'s: {not_this}",
            d.name
        )
    })
}

/// The device a kernel ran on, and its record (none when the file cannot tell). In order: a
/// device chosen for the whole file; the printed name, as a preset or a catalogue GPU; the
/// compute capability and SM count, told apart by the clocks the profiler ran at; the SMs and
/// architecture the file's own launch figures imply; else a custom device from the file.
pub(super) fn match_device(
    k: &ProfiledKernel,
    chosen: Option<&'static Device>,
    clocks: FileClocks,
    before: Option<&(&'static Device, String)>,
) -> (DeviceMatch, Option<&'static Device>) {
    let printed = k.device.clone();
    let found = |d: &'static Device, how: &'static str, note: String| {
        (DeviceMatch::of(d, how, note, printed.clone()), Some(d))
    };
    if let Some(d) = chosen {
        let mut m = found(
            d,
            "chosen",
            format!("the {} (chosen for the whole file)", d.name),
        );
        m.0.warning = contradiction(k, d, clocks);
        return m;
    }
    let named = printed
        .as_deref()
        .filter(|p| !p.trim().chars().all(|c| c.is_ascii_digit()));
    if let Some(p) = named {
        if let Some(d) = preset_for(p) {
            return found(d, "name", format!("“{p}” is the {} preset", d.name));
        }
        if let Some(g) = catalogue::by_printed_name(p) {
            let d = device_of(g);
            return found(
                d,
                "name",
                format!("“{p}” is the {} ({})", d.name, catalogue::source_label()),
            );
        }
    }
    if let (None, Some((d, line))) = (named, before) {
        return found(
            d,
            "before",
            format!(
                "the {}, named in the lines before the table (“{line}”)",
                d.name
            ),
        );
    }
    let cc = k.compute_capability;
    let sms = k.metric("sms");
    if let (Some(cc), Some(sms)) = (cc, sms.filter(|s| (1.0..=1024.0).contains(s))) {
        let candidates = catalogue::by_shape(cc, sms as u32);
        if let Some((g, why)) = pick_by_clocks(&candidates, clocks) {
            let d = device_of(g);
            return found(
                d,
                "shape",
                format!(
                    "compute capability {}.{} with {} SMs is the {}: {why}",
                    cc.0, cc.1, sms, d.name
                ),
            );
        }
    }
    if let Some(l) = launch_of(k) {
        let ccs = match cc {
            Some(c) => vec![c],
            None => implied_ccs(k, &l),
        };
        let range = sms
            .map(|s| (s as u32, s as u32))
            .or_else(|| implied_sms(k, &l));
        if let (false, Some((lo, hi))) = (ccs.is_empty(), range) {
            let candidates: Vec<&'static catalogue::Gpu> = catalogue::all()
                .iter()
                .filter(|g| ccs.contains(&g.compute_capability) && (lo..=hi).contains(&g.sms))
                .collect();
            // One SM count and one architecture among them, or the file cannot tell.
            let shapes: Vec<((u8, u8), u32)> = candidates.iter().fold(Vec::new(), |mut v, g| {
                if !v.contains(&(g.compute_capability, g.sms)) {
                    v.push((g.compute_capability, g.sms));
                }
                v
            });
            if let [(c, n)] = shapes.as_slice() {
                if let Some((g, why)) = pick_by_clocks(&candidates, clocks) {
                    let d = device_of(g);
                    return found(
                        d,
                        "implied",
                        format!(
                            "the file names no device; its launch figures imply {n} SMs (grid {} blocks, Waves Per SM, the block limits) and compute capability {}.{} (the block limits and theoretical warps follow its occupancy rules): the {}; {why}",
                            l.blocks, c.0, c.1, d.name
                        ),
                    );
                }
            }
        }
    }
    custom_from_file(k, printed)
}

/// A custom device built from what the file gives (compute capability, SMs, the clock it ran
/// at), when no catalogue GPU has that shape.
fn custom_from_file(
    k: &ProfiledKernel,
    printed: Option<String>,
) -> (DeviceMatch, Option<&'static Device>) {
    let label = match printed.as_deref() {
        Some(p) if !p.trim().chars().all(|c| c.is_ascii_digit()) => p.to_string(),
        _ => "the device".to_string(),
    };
    let none = |note: String| {
        let mut m = DeviceMatch::none(note, printed.clone());
        if let Some(cc) = k.compute_capability {
            m.compute_capability = Some(format!("{}.{}", cc.0, cc.1));
            m.candidates = of_capability(cc);
        }
        (m, None)
    };
    let (Some(cc), Some(sms)) = (k.compute_capability, k.metric("sms")) else {
        if let Some(cc) = k.compute_capability {
            let (mut m, _) = none(String::new());
            m.how = "capability";
            m.note = format!(
                "{label}: the file gives {} and nothing that tells which GPU; {} GPUs of the catalogue have it ({}): choose one for the file (--device ID on the command line)",
                devices::arch::describe_capability(cc),
                m.candidates.len(),
                first_names(&m.candidates),
            );
            return (m, None);
        }
        let what = if printed.is_none() {
            "the file names no device".to_string()
        } else {
            format!("{label} is not in the catalogue")
        };
        if let Some(sms) = k.metric("sms").filter(|s| (1.0..=1024.0).contains(s)) {
            let clock = k.metric("sm_clock_hz").map(|hz| hz / 1e9);
            let (mut m, _) = none(String::new());
            m.candidates = of_sms(sms as u32, clock);
            if !m.candidates.is_empty() {
                m.how = "sms";
                m.sms = Some(sms as u32);
                m.note = format!(
                    "{what} and no compute capability; its {} SMs (sm__cycles_elapsed.sum ÷ .avg) fit {} GPUs of the catalogue ({}){}: choose one for the file (--device ID on the command line)",
                    sms,
                    m.candidates.len(),
                    first_names(&m.candidates),
                    clock.map_or(String::new(), |c| format!(
                        ", those nearest its {} GHz clock first",
                        crate::format::significant(c, 3)
                    )),
                );
                return (m, None);
            }
        }
        return none(format!(
            "{what}, and it gives neither the GPU's compute capability and SMs nor the launch figures that imply them: choose the device for the file (--device ID on the command line)"
        ));
    };
    let cc_text = format!("{}.{}", cc.0, cc.1);
    let known = custom::FIELDS
        .iter()
        .find(|f| f.name == "custom_cc")
        .and_then(|f| f.parse(&cc_text).ok())
        .is_some();
    if !known || !(1.0..=1024.0).contains(&sms) {
        return none(format!("{label}: compute capability {cc_text} with {sms} SMs is not one warpsight can describe; choose the device for the file (--device ID on the command line)"));
    }
    // The bandwidth the file cannot give: the newest preset of the same compute capability.
    let all: Vec<&'static Device> = devices::presets().collect();
    let Some(sibling) = all
        .into_iter()
        .rev()
        .find(|d| d.compute_capability.map(|c| c.value) == Some(cc))
    else {
        return none(format!("{label}: no GPU of compute capability {cc_text} with {sms} SMs in the catalogue, and no preset to take a bandwidth from; choose the device for the file (--device ID on the command line)"));
    };
    let clock_ghz = k
        .metric("sm_clock_hz")
        .map(|hz| hz / 1e9)
        .filter(|g| (0.01..=10.0).contains(g))
        .unwrap_or(sibling.clock_ghz.value);
    let bandwidth = sibling.mem_bandwidth_gbs.value;
    let values = CustomValues {
        compute_capability: cc_text.clone(),
        sms: sms as u32,
        cores_per_sm: devices::fp32_per_clock(cc) as u32,
        clock_ghz: (clock_ghz * 1000.0).round() / 1000.0,
        mem_bandwidth_gbs: bandwidth,
    };
    let record = Custom {
        compute_capability: cc,
        sms: values.sms,
        cores_per_sm: values.cores_per_sm,
        clock_ghz: values.clock_ghz,
        mem_bandwidth_gbs: values.mem_bandwidth_gbs,
    }
    .device();
    let note = format!(
        "{label}: no GPU of compute capability {cc_text} with {} SMs in the catalogue; a custom device from the file ({} GHz), with the {}'s {} GB/s",
        values.sms, values.clock_ghz, sibling.name, bandwidth
    );
    let mut m = DeviceMatch::of(record, "custom", note, printed);
    m.custom = Some(values);
    (m, Some(record))
}

/// A GPU named in the lines before the table (the application's own output: "device: NVIDIA
/// GeForce RTX 5070 (sm_120), 48 SMs"), and the line's words that name it. A line names a GPU
/// when a catalogue GPU's model words stand in it as whole words, one after another; the
/// longest such name wins ("RTX 5070 Ti" over "RTX 5070"), and the words that follow it
/// (form, memory size and kind) tell its variants apart as a printed device name does. Only a
/// line that says "device", "GPU", "NVIDIA" or "CUDA" counts, and where the file gives a compute
/// capability, only a GPU of that capability.
pub fn named_before(
    preamble: &[String],
    cc: Option<(u8, u8)>,
) -> Option<(&'static Device, String)> {
    use catalogue::{word_kind, words, Word};
    if preamble.is_empty() {
        return None;
    }
    let models: Vec<(Vec<String>, &'static catalogue::Gpu)> = catalogue::all()
        .iter()
        .filter(|g| cc.is_none_or(|c| g.compute_capability == c))
        .map(|g| {
            let w: Vec<String> = words(&g.name)
                .into_iter()
                .filter(|t| word_kind(t) == Word::Model)
                .collect();
            (w, g)
        })
        .filter(|(w, _)| !w.is_empty())
        .collect();
    for line in preamble {
        let lower = line.to_ascii_lowercase();
        if !["device", "gpu", "nvidia", "cuda"]
            .iter()
            .any(|k| lower.contains(k))
        {
            continue;
        }
        let mine = words(line);
        // The longest model name standing in the line, and where.
        let mut best: Option<(usize, usize)> = None;
        for (w, _) in &models {
            if best.is_some_and(|(_, n)| n >= w.len()) {
                continue;
            }
            if let Some(at) = mine.windows(w.len()).position(|win| win == w.as_slice()) {
                best = Some((at, w.len()));
            }
        }
        let Some((at, n)) = best else { continue };
        let end = (at + n..mine.len())
            .find(|&i| word_kind(&mine[i]) == Word::Model)
            .unwrap_or(mine.len());
        let name = mine[at..end].join(" ");
        let fits = |d: &Device| cc.is_none_or(|c| d.compute_capability.map(|x| x.value) == Some(c));
        let found = preset_for(&name).filter(|d| fits(d)).or_else(|| {
            catalogue::by_printed_name(&name)
                .map(device_of)
                .filter(|d| fits(d))
        });
        if let Some(d) = found {
            return Some((d, line.trim().to_string()));
        }
    }
    None
}

/// The first four candidates' names, and "…" for the rest, for a note.
fn first_names(candidates: &[Candidate]) -> String {
    let names: Vec<&str> = candidates.iter().take(4).map(|c| c.name.as_str()).collect();
    names.join(", ")
        + if candidates.len() > names.len() {
            ", …"
        } else {
            ""
        }
}

/// The GPUs with `sms` SMs, presets and catalogue, those whose boost or base clock is nearest
/// `clock_ghz` first (a file measured at a locked base clock sits near the base).
pub fn of_sms(sms: u32, clock_ghz: Option<f64>) -> Vec<Candidate> {
    let mut all: Vec<(f64, Candidate)> = catalogue::all()
        .iter()
        .filter(|g| g.sms == sms)
        .map(|g| {
            let near = clock_ghz.map_or(0.0, |c| {
                (g.boost_mhz / 1e3 - c)
                    .abs()
                    .min((g.base_mhz / 1e3 - c).abs())
            });
            let id = g.preset.clone().unwrap_or_else(|| g.id.clone());
            let name = devices::find(&id).map_or(g.name.clone(), |d| d.name.to_string());
            (near, Candidate { id, name })
        })
        .collect();
    all.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.name.cmp(&b.1.name)));
    let mut out: Vec<Candidate> = Vec::new();
    for (_, c) in all {
        if !out.iter().any(|o| o.id == c.id) {
            out.push(c);
        }
    }
    out
}

/// The catalogue's GPUs of a compute capability as (id, name), presets first (in the presets'
/// order), then the newest: a file that gives only its capability names these as the GPU's
/// candidates.
pub fn of_capability(cc: (u8, u8)) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = devices::presets()
        .filter(|d| d.kind == DeviceKind::Gpu && d.compute_capability.map(|c| c.value) == Some(cc))
        .map(|d| Candidate {
            id: d.id.to_string(),
            name: d.name.to_string(),
        })
        .collect();
    let mut rest: Vec<&'static catalogue::Gpu> = catalogue::all()
        .iter()
        .filter(|g| g.compute_capability == cc && g.preset.is_none())
        .collect();
    rest.sort_by(|a, b| b.release.cmp(&a.release).then_with(|| a.name.cmp(&b.name)));
    out.extend(rest.into_iter().map(|g| Candidate {
        id: g.id.clone(),
        name: g.name.clone(),
    }));
    out
}
