//! One model's prediction of one kernel: its inputs from the launch (each marked from the
//! profile, computed, assumed or to type), its time and ratio, and its share link.

use super::*;

/// A prediction's error where the file names no GPU and none is picked (the page says it once,
/// above the table).
pub(super) const NO_DEVICE: &str =
    "no device in the file: pick its GPU above, or open the model and pick it there";

/// The origin of an input computed from the GPU, in a comparison with none picked.
pub(super) const NEEDS_GPU: &str = "computed from the GPU, once it is picked";

/// One model's prediction of a kernel: its inputs from the launch on top of its defaults on
/// the device, the file's SM clock where it gives one (Nsight Compute locks the clock to the
/// base clock while it measures), and the measured time in the link.
pub(super) fn predict(
    model: &'static Model,
    from: crate::model::launch::FromLaunch,
    k: &ProfiledKernel,
    launch: Option<&Launch>,
    device: Option<&'static Device>,
    projected_from: Option<&DeviceMatch>,
    links: bool,
) -> PredictionReport {
    let mut report = PredictionReport {
        model: model.id,
        title: model.title,
        time_s: None,
        ratio: None,
        bound: String::new(),
        inputs: Vec::new(),
        complete: false,
        assumed: Vec::new(),
        lower_bound: from.lower_bound,
        query: String::new(),
        error: None,
        scope: None,
        below_bound: false,
        ceiling: None,
        on: None,
        here_s: None,
        anchored_s: None,
    };
    let Some(l) = launch else {
        report.error = Some("the file gives no launch dimensions for this kernel".into());
        return report;
    };
    // No device: the link opens the model's page on its default device with the kernel's
    // launch, for the user to pick the device there.
    let picked = device.is_some();
    let d = device.unwrap_or_else(|| link::default_device(model));
    if !model.devices.accepts(d) {
        report.error = Some(format!("{} does not take the {}", model.title, d.name));
        return report;
    }
    let mut inputs = (from.inputs)(l, d);
    if let Some(file_gpu) = projected_from {
        measured_on(&mut inputs, file_gpu, d);
    }
    at_file_clock(&mut inputs, file_clock(model, k, d, projected_from));
    report.complete = inputs.iter().all(|i| i.origin != Origin::Typed);
    report.assumed = inputs
        .iter()
        .filter(|i| i.origin == Origin::Assumed)
        .map(|i| i.field)
        .collect();
    if !links {
        // Tallied, not listed: the time from the same inputs, with no link to build.
        let measured = k.measured_s().filter(|_| projected_from.is_none());
        return time_alone(model, from, measured, d, picked, inputs, report);
    }
    let mut q = form_urlencoded::Serializer::new(String::new());
    q.append_pair("model", model.id);
    q.append_pair("device", d.id);
    if let Some(c) = custom::of_record(d) {
        for (f, v) in custom::FIELDS.iter().zip(c.values()) {
            q.append_pair(f.name, &f.text(&v));
        }
    }
    // Every value the prediction uses: the link opens the page on exactly these (the fields
    // left to type keep the page's defaults, and the page marks them).
    for i in inputs.iter().filter(|i| i.origin != Origin::Typed) {
        q.append_pair(i.field, &i.text);
    }
    let (mut state, notices) = link::from_query(&q.finish());
    // A projection's link carries no measured time: it was measured on another GPU.
    state.measured = k
        .measured_s()
        .filter(|t| *t > 0.0 && projected_from.is_none())
        .map(|time_s| link::Measured {
            to_type: inputs
                .iter()
                .filter(|i| i.origin == Origin::Typed)
                .map(|i| i.field)
                .collect(),
            origins: inputs
                .iter()
                .filter(|i| i.origin != Origin::Typed)
                .map(|i| (i.field, i.origin))
                .collect(),
            device_unknown: !picked,
            ..link::Measured::new(time_s, short_name(&k.name))
        });
    // A device the page does not hold (a catalogue GPU, a preset only the worker holds) travels
    // by its id: the page asks the worker for it before it reads the link.
    report.query = link::to_query(&state);
    if !picked {
        wait_for_gpu(model, from, l, d, &mut inputs);
    }
    report.inputs = inputs;
    if !picked {
        report.error = Some(NO_DEVICE.into());
        return report;
    }
    if let Some(n) = notices.first() {
        report.error = Some(n.to_string());
        return report;
    }
    match (model.evaluate)(&state.params, state.device) {
        // Fields left to type: the model's defaults would stand in for the kernel, so no time.
        Ok(_) if !report.complete => {}
        Ok(e) => {
            report.time_s = e.number(model, "time_s");
            // A projection's measured time is another GPU's: no ratio.
            report.ratio = report
                .time_s
                .zip(k.measured_s())
                .filter(|(_, m)| *m > 0.0 && projected_from.is_none())
                .map(|(t, m)| t / m);
            report.bound = (from.bound)(model, &e);
        }
        Err(e) => report.error = Some(format!("{}: {}", e.field, e.message)),
    }
    report
}

/// [`predict`] for a kernel that is only tallied: the inputs on top of the model's defaults
/// on the device, read as a link would read them (an input the model refuses leaves no time,
/// as its link's notice does), evaluated; no link is built.
#[allow(clippy::too_many_arguments)]
fn time_alone(
    model: &'static Model,
    from: crate::model::launch::FromLaunch,
    measured: Option<f64>,
    d: &'static Device,
    picked: bool,
    inputs: Vec<LaunchInput>,
    mut report: PredictionReport,
) -> PredictionReport {
    if !picked {
        // Tallied only: no inputs to show, and no time without the GPU.
        report.error = Some(NO_DEVICE.into());
        return report;
    }
    let text = |name: &str| {
        inputs
            .iter()
            .find(|i| i.field == name && i.origin != Origin::Typed)
            .map(|i| i.text.as_str())
    };
    let evaluated = link::params_from_texts(model, d, text)
        .map_err(|e| e.first().map(|e| format!("{}: {}", e.field, e.message)))
        .and_then(|params| {
            (model.evaluate)(&params, d).map_err(|e| Some(format!("{}: {}", e.field, e.message)))
        });
    match evaluated {
        Ok(_) if !report.complete => {}
        Ok(e) => {
            report.time_s = e.number(model, "time_s");
            report.ratio = report
                .time_s
                .zip(measured)
                .filter(|(_, m)| *m > 0.0)
                .map(|(t, m)| t / m);
            report.bound = (from.bound)(model, &e);
        }
        Err(e) => report.error = e.or_else(|| Some("the inputs could not be read".into())),
    }
    report.inputs = inputs;
    report
}

/// A projection's hit rates carry over, said to be measured on the file's GPU: the target's
/// caches may differ.
fn measured_on(inputs: &mut [LaunchInput], file_gpu: &DeviceMatch, d: &Device) {
    // The hit rates carry over, measured on the file's GPU: the target's caches may differ.
    let on = if file_gpu.name.is_empty() {
        "the file's GPU".to_string()
    } else {
        format!("the {}", file_gpu.name)
    };
    for i in inputs.iter_mut().filter(|i| i.field.ends_with("_hit_pct")) {
        i.how = format!(
            "{}; measured on {on}, whose caches may differ from the {}'s",
            i.how, d.name
        );
    }
}

/// Ceilings a device's record derives at its own clock (`× clock` in their source): at the
/// file's clock they scale with it.
const CLOCKED: &[&str] = &[
    "l1_bandwidth_gbs",
    "l2_bandwidth_gbs",
    "fp32_gflops",
    "fp64_gflops",
];

// The DRAM latency and the departure delays stay in the device's cycles: scaled with the
// profiled clock (as a latency in ns would be), they put Hong & Kim's median on the H100's
// raw page from 1.05 to 0.86 and Sim et al.'s from 0.91 to 0.77 — under Nsight Compute's
// locked clocks the memory system's own clocks drop with the SM's.

/// The file's SM clock in every field that takes the device's clock: the clock the kernel
/// was measured at (a projection keeps the target's own); and the ceilings that scale with
/// the clock, at that clock.
/// The file's clock and the ceilings at it, into the launch's inputs, where the launch did
/// not set the field itself.
fn at_file_clock(inputs: &mut Vec<LaunchInput>, clocked: Vec<LaunchInput>) {
    for c in clocked {
        if !inputs.iter().any(|i| i.field == c.field) {
            inputs.push(c);
        }
    }
}

/// How the clock's input is made: from the profile, or computed (a projection's).
type ClockInput = fn(&'static str, f64, String) -> LaunchInput;

fn file_clock(
    model: &'static Model,
    k: &ProfiledKernel,
    d: &Device,
    projected_from: Option<&DeviceMatch>,
) -> Vec<LaunchInput> {
    let Some(hz) = k.metric("sm_clock_hz").filter(|hz| *hz > 0.0) else {
        return Vec::new();
    };
    let file_ghz = (hz / 1e6).round() / 1000.0;
    let (ghz, clock_input): (f64, ClockInput) = match projected_from {
        None => (file_ghz, |f, v, how| LaunchInput::profile(f, v, how)),
        // A projection keeps the file's clock regime: a file measured below its GPU's
        // clock (Nsight Compute locks the base clock) puts the target at the same share
        // of its own, the clock a profile of it would give.
        Some(from) => {
            let Some(share) = from
                .clock_ghz
                .map(|src| file_ghz / src)
                .filter(|r| *r < 0.98 && *r > 0.2)
            else {
                return Vec::new();
            };
            (
                (d.clock_ghz.value * share * 1000.0).round() / 1000.0,
                |f, v, how| LaunchInput::computed(f, v, how),
            )
        }
    };
    let how = match projected_from {
        None => "the SM frequency the profiler measured at".to_string(),
        Some(from) => format!(
            "the file ran at {} GHz, {} % of the {}'s {} GHz (a locked clock): the {} at the same share of its {} GHz",
            crate::format::num(file_ghz),
            crate::format::significant(100.0 * ghz / d.clock_ghz.value, 3),
            from.name,
            crate::format::num(from.clock_ghz.unwrap_or(0.0)),
            d.name,
            crate::format::num(d.clock_ghz.value)
        ),
    };
    let mut set: Vec<LaunchInput> = model
        .fields
        .iter()
        .filter(|f| f.device == Some("clock_ghz"))
        .map(|f| clock_input(f.name, ghz, how.clone()))
        .collect();
    for f in model.fields.iter() {
        let Some(key) = f.device.filter(|k| CLOCKED.contains(k)) else {
            continue;
        };
        let Some(v) = d.constant(key).or_else(|| (model.derive)(d, key)) else {
            continue;
        };
        if !v.source.citation().contains("clock") || (ghz - d.clock_ghz.value).abs() < 1e-9 {
            continue;
        }
        let ratio = ghz / d.clock_ghz.value;
        set.push(LaunchInput::computed(
            f.name,
            (v.value * ratio * 1000.0).round() / 1000.0,
            format!(
                "the {}'s figure at the profiled {} GHz ({} at its {} GHz)",
                d.name,
                crate::format::num(ghz),
                crate::format::num(v.value),
                crate::format::num(d.clock_ghz.value)
            ),
        ));
    }
    set
}

/// Without a picked GPU: an input computed on the stand-in that another GPU would change is
/// not the kernel's yet, so it is shown as waiting for the GPU.
fn wait_for_gpu(
    model: &'static Model,
    from: crate::model::launch::FromLaunch,
    l: &Launch,
    d: &Device,
    inputs: &mut [LaunchInput],
) {
    // Computed on a stand-in GPU: whatever changes with the GPU (occupancy, latencies)
    // is not the kernel's until its GPU is known, so it is shown as waiting for it.
    let other = devices::DEVICES
        .iter()
        .rev()
        .find(|o| o.id != d.id && model.devices.accepts(o))
        .map(|o| (from.inputs)(l, o))
        .unwrap_or_default();
    for i in inputs.iter_mut().filter(|i| i.origin == Origin::Computed) {
        if other.iter().any(|o| o.field == i.field && o.text != i.text) {
            i.origin = Origin::Typed;
            i.how = NEEDS_GPU.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kernel only tallied gets the time, ratio and bound its listed prediction gets, on
    /// every kernel of the repository's real exports.
    #[test]
    fn a_tallied_kernel_is_predicted_as_a_listed_one() {
        let mut compared = 0;
        for path in [
            "tests/fixtures/profiler/ncu-h100-sxm-details.csv",
            "tests/fixtures/profiler/ncu-h200-details.csv",
            "tests/fixtures/profiler/ncu_raw.csv",
            "tests/fixtures/profiler/round3/ncu_raw_rtx3090_2023.csv",
            "tests/fixtures/profiler/round2/nvprof_metrics_titan.csv",
            "tests/fixtures/profiler/known-kernels-h200/h200_full_raw.csv.gz",
            "tests/fixtures/profiler/known-kernels-h200/h200_recommended.csv.gz",
        ] {
            let mut bytes = std::fs::read(path).unwrap();
            if path.ends_with(".gz") {
                use std::io::Read;
                let mut out = Vec::new();
                flate2::read::GzDecoder::new(&bytes[..])
                    .read_to_end(&mut out)
                    .unwrap();
                bytes = out;
            }
            let profile = crate::analysis::profiler::read(&bytes).unwrap();
            for r in compare(&profile).kernels {
                let k = profile.kernels.iter().find(|k| k.name == r.name).unwrap();
                let record = devices::find(&r.device.id);
                let launch = launch_of(k);
                for (m, from) in registry::from_launch() {
                    let a = predict(m, from, k, launch.as_ref(), record, None, true);
                    let b = predict(m, from, k, launch.as_ref(), record, None, false);
                    assert_eq!(
                        (a.time_s, a.ratio, &a.bound, a.complete),
                        (b.time_s, b.ratio, &b.bound, b.complete),
                        "{path} {} {}",
                        k.name,
                        m.id
                    );
                    compared += usize::from(a.time_s.is_some());
                }
            }
        }
        assert!(compared >= 30, "{compared}");
    }
}
