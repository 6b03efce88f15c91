//! The comparison as HTML text, for the page's "Measured against predicted" view: the
//! per-model summary, the kernels' table, each kernel's side-by-side detail, and the scatter
//! chart (predicted against measured, log–log, y = x and a ±30 % band, one mark shape per
//! model, each mark naming its kernel on hover).
//!
//! Written here as text, in the worker that computes the report, rather than as Leptos views
//! in the page: the page's bundle has a 440 KiB budget, and a string renderer tested natively
//! costs it nothing. The page sets it as its section's inner HTML.

use std::fmt::Write;

mod detail;
mod device_notes;
mod runs;
use detail::kernel_detail;
use device_notes::device_notes;
pub use runs::comparison_html;

use super::{KernelReport, OccupancyFigures, PredictionReport, Report};
use crate::chart::geometry::Frame;
use crate::chart::svg::{axes_svg, esc};
use crate::chart::{ChartData, Series, BOTTOM, H, TOP};
use crate::format;
use crate::model::launch::Origin;

/// The ratio band drawn around y = x, and the one the table marks as close.
pub const BAND: f64 = 0.3;

/// Kernels whose detail (occupancy, counters, the models side by side) the page shows: a
/// file with thousands of launch configurations keeps its table whole and its page light.
pub const MAX_DETAILS: usize = 200;

/// Mark shapes, one per model in the registry's order: circle, square, triangle, diamond.
const SHAPES: [&str; 4] = ["circle", "square", "triangle", "diamond"];

fn ratio_text(r: Option<f64>) -> String {
    r.map_or("—".to_string(), |r| {
        format!("{}×", format::significant(r, 3))
    })
}

/// Predicted ÷ measured, in every table and header; a lower bound's is bound ÷ measured, the
/// same direction, marked "bound" (at most 1 where the bound holds).
fn shown_ratio(p: &PredictionReport) -> String {
    let ratio = match &p.on {
        Some(on) => format!(
            r#"{} <span class="muted bound-on">{}</span>"#,
            shown_ratio_alone(p),
            esc(on)
        ),
        None => shown_ratio_alone(p),
    };
    match &p.ceiling {
        Some(c) if p.below_bound => format!(
            r#"{ratio} <span class="below-bound" title="more than 5 % below this kernel's roofline bound: faster than the {} allows">below the bound ({})</span>"#,
            esc(c),
            esc(c)
        ),
        _ => ratio,
    }
}

fn shown_ratio_alone(p: &PredictionReport) -> String {
    match p.ratio {
        Some(r) if p.lower_bound => format!("bound {}", ratio_text(Some(r))),
        // No ratio beside a time: a projection (measured on another GPU) or no measured time.
        None => String::new(),
        r => ratio_text(r),
    }
}

/// The ratio's colour: close (within the band) or far. A lower bound is off only above the
/// measured time (beyond the band): one below it is what a bound is, and stays uncoloured.
fn ratio_class(r: Option<f64>, lower_bound: bool) -> &'static str {
    match r {
        Some(r) if lower_bound && r <= 1.0 => "",
        Some(r) if (1.0 - BAND..=1.0 + BAND).contains(&r) => "ratio-close",
        Some(_) => "ratio-far",
        None => "",
    }
}

/// A kernel name as HTML that wraps where a reader would break it: after `_` and `::`, before
/// `(`, and where a lower-case letter meets an upper-case one (`<wbr>` there; the CSS breaks
/// nowhere else unless one piece alone is wider than its cell).
pub fn breakable(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + name.len() / 4);
    let mut prev = ' ';
    for c in name.chars() {
        if c == '(' && prev != ' ' || prev.is_lowercase() && c.is_uppercase() {
            out.push_str("<wbr>");
        }
        let mut buf = [0; 4];
        out.push_str(&esc(c.encode_utf8(&mut buf)));
        if c == '_' || c == ':' && prev == ':' {
            out.push_str("<wbr>");
        }
        prev = c;
    }
    out
}

/// A count with thousands separators, exact to the last digit (2⁶⁴ − 1 included).
fn int(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn time_text(t: Option<f64>) -> String {
    t.map_or("—".to_string(), format::duration)
}

/// The whole view: summary, chart, table, and one detail block per kernel.
pub fn report_html(r: &Report, file: &str) -> String {
    let mut h = String::new();
    let kernels = r.kernels.len() + r.unlisted;
    let invocations = r.kernels.iter().fold(r.unlisted_invocations, |a, k| {
        a.saturating_add(k.invocations)
    });
    let _ = write!(
        h,
        r#"<p id="measured-summary">{} — {}: {} kernel launch configuration{}, {} invocation{}.</p>"#,
        esc(file),
        esc(&r.format),
        int(kernels as u64),
        if kernels == 1 { "" } else { "s" },
        int(invocations),
        if invocations == 1 { "" } else { "s" },
    );
    h += export_buttons();
    h += &device_notes(r);
    h += &invalid_note(r);
    let projected = r.kernels.iter().find_map(|k| {
        k.projected_from
            .as_ref()
            .map(|from| (from.name.clone(), k.device.name.clone()))
    });
    if let Some((from, to)) = &projected {
        // A projection: each model's time on the target beside the time measured on the file's
        // GPU; no ratio (two GPUs), so no summary and no predicted-against-measured chart.
        let from = if from.is_empty() {
            "the file's GPU".to_string()
        } else {
            format!("the {from}")
        };
        let _ = write!(
            h,
            r#"<p id="measured-projection" class="projection">Projected onto the <strong>{}</strong>: each model's prediction there, beside the time measured on {}. The kernels' counts (instructions, requests, bytes) and the hit rates measured on {} carry over; occupancy, bandwidth and latencies are the {}'s, and its clock is taken at the share of its own that the file's clock was of its GPU's. Under each model's own figure, <em>anchored</em> is the measured time × the model's time there ÷ its time on {}: the model's predicted speed-up applied to what was measured.</p>"#,
            esc(to),
            esc(&from),
            esc(&from),
            esc(to),
            esc(&from),
        );
    } else {
        h += &summary_table(r);
    }
    if r.unlisted > 0 {
        let _ = write!(
            h,
            r#"<p class="muted" id="measured-unlisted">{} kernels ({} invocations) are in each model's median but not listed: the {} with the longest total time (median × invocations) are.</p>"#,
            format::grouped(r.unlisted as f64, 0),
            format::grouped(r.unlisted_invocations as f64, 0),
            format::grouped(r.kernels.len() as f64, 0)
        );
    }
    // The chart drawn twice, for wide screens and for phones (CSS shows one): its text stays
    // legible at either width.
    if projected.is_none() {
        h += &scatter(r, 640.0, "measured-chart");
        h += &scatter(r, 340.0, "measured-chart-narrow");
    }
    h += &kernel_table(r);
    for (i, k) in r.kernels.iter().enumerate().take(MAX_DETAILS) {
        h += &kernel_detail(i, k);
    }
    if r.kernels.len() > MAX_DETAILS {
        let _ = write!(
            h,
            r#"<p class="muted" id="measured-more">The details of the first {MAX_DETAILS} kernels are shown; the JSON download above holds every listed kernel's.</p>"#
        );
    }
    h
}

/// On another GPU: the model's time on the file's GPU and its change anchored on the measured
/// time (measured × there ÷ here), labelled so.
fn anchored_text(p: &PredictionReport) -> String {
    match (p.here_s, p.anchored_s, p.time_s) {
        (Some(here), Some(anchored), Some(there)) => format!(
            r#"<br><span class="anchored" data-anchored-s="{}">anchored: {} <span class="muted">(measured × {} ÷ {} here, {})</span></span>"#,
            format::exact(anchored),
            time_text(Some(anchored)),
            time_text(Some(there)),
            time_text(Some(here)),
            if there <= here {
                format!("{}× faster", format::significant(here / there, 3))
            } else {
                format!("{}× slower", format::significant(there / here, 3))
            }
        ),
        _ => String::new(),
    }
}

/// The comparison's downloads: the page asks its worker for the file (the CLI's JSON, or a
/// CSV of the same fields) when one is clicked.
fn export_buttons() -> &'static str {
    r#"<p class="export" id="measured-export">Download the comparison: <button type="button" class="export-button" data-export="csv">CSV</button> <button type="button" class="export-button" data-export="json">JSON</button> <span class="muted">(every kernel and model, with each input's origin and its link)</span></p>"#
}

/// Each model's median and worst ratio.
fn summary_table(r: &Report) -> String {
    let mut h = String::from(
        r#"<div class="table-scroll"><table id="measured-models"><caption>Each model over the file's kernels (complete predictions only)</caption><thead><tr><th scope="col">Model</th><th scope="col">Kernels</th><th scope="col">Median predicted ÷ measured</th><th scope="col">Worst</th></tr></thead><tbody>"#,
    );
    for m in &r.models {
        let _ = write!(
            h,
            r#"<tr data-model="{}"><th scope="row">{}</th><td data-label="Kernels">{}</td><td data-label="Median predicted ÷ measured" class="{}">{}</td><td data-label="Worst" class="{}">{}</td></tr>"#,
            m.model,
            esc(m.title),
            m.kernels,
            ratio_class(m.median_ratio, m.lower_bound),
            ratio_text(m.median_ratio),
            ratio_class(m.worst_ratio, m.lower_bound),
            ratio_text(m.worst_ratio),
        );
    }
    h += "</tbody></table></div>";
    // Luo & Suda's constants are a GTX 260's: said wherever it predicts on another GPU.
    let luo_suda = r.kernels.iter().any(|k| {
        k.device.id != "gtx260"
            && k.predictions
                .iter()
                .any(|p| p.model == "luo-suda" && p.complete)
    });
    if luo_suda {
        let _ = write!(
            h,
            r#"<p id="measured-luo-suda" class="scope-note">Luo & Suda: {}</p>"#,
            esc(crate::model::luo_suda::NOTE_FITTED.text)
        );
    }
    let left: Vec<&str> = r
        .models
        .iter()
        .filter(|m| m.left_out > 0)
        .map(|m| m.title.split([',', '—']).next().unwrap_or(m.title).trim())
        .collect();
    let n = r.kernels.iter().filter(|k| k.scope.is_some()).count();
    if !left.is_empty() {
        let _ = write!(
            h,
            r#"<p id="measured-scope" class="scope-note">{n} kernel{} outside MWP-CWP's scope (tensor cores, TMA) {} left out of {}'s median{}: their predictions stay in the table, marked.</p>"#,
            if n == 1 { "" } else { "s" },
            if n == 1 { "is" } else { "are" },
            esc(&match left.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => left.join(""),
            }),
            if left.len() == 1 { "" } else { "s" },
        );
    }
    h
}

/// The file's figures no kernel can have, said once above the tables: each kernel stays
/// listed, with the figure left out.
fn invalid_note(r: &Report) -> String {
    let with: Vec<&KernelReport> = r.kernels.iter().filter(|k| !k.invalid.is_empty()).collect();
    let Some(first) = with.first() else {
        return String::new();
    };
    format!(
        r#"<p id="measured-invalid" class="warning" role="alert">{} kernel{} {} figures no kernel can have, not taken (the rest of the file is): {}{}.</p>"#,
        with.len(),
        if with.len() == 1 { "" } else { "s" },
        if with.len() == 1 { "has" } else { "have" },
        esc(&first.invalid[0]),
        if with.len() > 1 || first.invalid.len() > 1 {
            "; each kernel's detail lists its own"
        } else {
            ""
        }
    )
}

/// The mark in a kernel's measured cell when the file gives figures it cannot have.
fn invalid_mark(k: &KernelReport) -> String {
    if k.invalid.is_empty() {
        return String::new();
    }
    let duration = k.invalid.iter().any(|n| n.contains("a kernel's time"));
    format!(
        r#"<br><span class="invalid">{}</span>"#,
        if duration {
            "the file's duration is invalid"
        } else {
            "a figure is invalid"
        }
    )
}

/// A device note in the page's words: the page picks a GPU with its search, not `--device`.
fn for_the_page(note: &str) -> String {
    note.replace(
        "(--device ID on the command line)",
        "(with “Find any CUDA GPU” above)",
    )
    .replace(
        "(--on ID predicts the file's kernels there)",
        "(“On another GPU” above predicts the file's kernels there)",
    )
}

/// One row per kernel: launch, device, measured time, occupancy check, each model's time and
/// ratio (a link to its page with the kernel's inputs and measured time).
fn kernel_table(r: &Report) -> String {
    let models: Vec<(&str, &str)> = r.models.iter().map(|m| (m.model, m.title)).collect();
    let mut h = String::from(
        r#"<div class="table-scroll"><table id="measured-kernels"><caption>Kernels: measured (median) and predicted</caption><thead><tr><th scope="col">Kernel</th><th scope="col">Launch</th><th scope="col">Device</th><th scope="col">Runs</th><th scope="col">Measured</th><th scope="col">Occupancy</th>"#,
    );
    for (_, title) in &models {
        let short = title.split([',', '—']).next().unwrap_or(title).trim();
        let _ = write!(h, r#"<th scope="col">{}</th>"#, esc(short));
    }
    h += "</tr></thead><tbody>";
    for (i, k) in r.kernels.iter().enumerate() {
        // The name links to its detail, where the page has one.
        let (open, close) = if i < MAX_DETAILS {
            (
                // A link into the detail's content: the browser opens the <details> it is in.
                format!(r##"<a href="#kernel-{i}-name" class="kernel-name""##),
                "</a>",
            )
        } else {
            (r#"<span class="kernel-name""#.to_string(), "</span>")
        };
        let _ = write!(
            h,
            r##"<tr id="kernel-row-{i}"><th scope="row">{open} title="{}">{}{close}{}</th><td data-label="Launch" class="launch">{}</td><td data-label="Device">{}</td><td data-label="Runs">{}</td><td class="measured-time" data-label="Measured" data-time-s="{}">{}</td><td data-label="Occupancy">{}</td>"##,
            esc(&k.name),
            breakable(&super::short_name(&k.name)),
            k.scope.as_deref().map_or(String::new(), |s| format!(
                r#" <span class="scope-mark" title="{}">{}</span>"#,
                esc(s),
                esc(s
                    .split(": ")
                    .nth(1)
                    .and_then(|t| t.split(" (").next())
                    .unwrap_or(s))
            )),
            esc(&launch_text(k)),
            device_cell(k),
            int(k.invocations),
            k.measured_s.map_or(String::new(), format::exact),
            time_text(k.measured_s)
                + &invalid_mark(k)
                + &k.measured_how.map_or(String::new(), |how| format!(
                    r#"<br><span class="muted measured-how">{how}</span>"#
                )),
            occupancy_cell(k),
        );
        for (id, title) in &models {
            let label = esc(title.split([',', '—']).next().unwrap_or(title).trim());
            match k.predictions.iter().find(|p| p.model == *id) {
                // Inputs the file does not give: no time (the model's defaults would stand
                // in for the kernel), but the link to type them.
                Some(p) if p.error.is_none() && !p.complete && !p.query.is_empty() => {
                    let missing: Vec<&str> = p
                        .inputs
                        .iter()
                        .filter(|i| i.origin == Origin::Typed)
                        .map(|i| i.field)
                        .collect();
                    let _ = write!(
                        h,
                        r#"<td data-model="{id}" data-label="{label}" class="partial"><a href="./?{}">Type its inputs</a><br><span class="muted">not in the file: {}</span></td>"#,
                        esc(&p.query),
                        esc(&missing.join(", ")),
                    );
                }
                Some(p) if p.time_s.is_some() => {
                    let _ = write!(
                        h,
                        r#"<td data-model="{id}" data-label="{label}" data-time-s="{}" data-ratio="{}"><a href="./?{}">{}</a> <span class="{}">{}</span></td>"#,
                        p.time_s.map_or(String::new(), format::exact),
                        p.ratio.map_or(String::new(), format::exact),
                        esc(&p.query),
                        time_text(p.time_s),
                        ratio_class(p.ratio, p.lower_bound),
                        shown_ratio(p),
                    );
                    h.truncate(h.len() - "</td>".len());
                    h += &anchored_text(p);
                    h += "</td>";
                }
                // Said once above the table: the cell links to the model to pick it there.
                Some(p) if p.error.as_deref() == Some(super::predict::NO_DEVICE) => {
                    let _ = write!(
                        h,
                        r#"<td data-model="{id}" data-label="{label}" class="muted"><a href="./?{}">needs the GPU</a></td>"#,
                        esc(&p.query),
                    );
                }
                Some(p) if !p.query.is_empty() => {
                    let _ = write!(
                        h,
                        r#"<td data-model="{id}" data-label="{label}" class="muted"><a href="./?{}">{}</a></td>"#,
                        esc(&p.query),
                        esc(p.error.as_deref().unwrap_or("open it"))
                    );
                }
                Some(p) => {
                    let _ = write!(
                        h,
                        r#"<td data-model="{id}" data-label="{label}" class="muted">{}</td>"#,
                        esc(p.error.as_deref().unwrap_or("—"))
                    );
                }
                None => h += "<td>—</td>",
            }
        }
        h += "</tr>";
    }
    h += "</tbody></table></div>";
    h
}

/// The device cell: the GPU the predictions are on (for a projection, with the one the file
/// measured on).
fn device_cell(k: &KernelReport) -> String {
    let name = |n: &str| {
        if n.is_empty() {
            "—".to_string()
        } else {
            esc(n)
        }
    };
    let head = match &k.projected_from {
        Some(from) => format!(
            r#"{}<br><span class="muted">measured on {}</span>"#,
            name(&k.device.name),
            name(&from.name)
        ),
        None if k.device.name.is_empty() => match &k.device.compute_capability {
            Some(cc) => format!("compute capability {}", esc(cc)),
            None => name(""),
        },
        None => name(&k.device.name),
    };
    match &k.device.warning {
        Some(_) => {
            format!(r#"{head}<br><span class="warning">not the file's GPU (said above)</span>"#)
        }
        None => head,
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn launch_text(k: &KernelReport) -> String {
    let dims = |d: [u64; 3]| format!("({}, {}, {})", d[0], d[1], d[2]);
    match (k.grid, k.block) {
        (Some(g), Some(b)) => format!("grid {} × block {}", dims(g), dims(b)),
        _ => match (k.blocks, k.threads_per_block) {
            (Some(g), Some(b)) => format!(
                "{} × {}",
                format::count(g, "block"),
                format::count(b, "thread")
            ),
            _ => "not in the file".to_string(),
        },
    }
}

/// The occupancy's inputs the file does not give ("registers", "shared memory" or both).
fn assumed_resources(k: &KernelReport) -> Option<&'static str> {
    let shared = k.static_shared_bytes.is_some() || k.dynamic_shared_bytes.is_some();
    match (k.registers_per_thread.is_some(), shared) {
        (true, true) => None,
        (false, true) => Some("registers"),
        (true, false) => Some("shared memory"),
        (false, false) => Some("registers or shared memory"),
    }
}

fn occupancy_cell(k: &KernelReport) -> String {
    let o = &k.occupancy;
    let ours = o
        .ours
        .as_ref()
        .and_then(|f| f.occupancy_pct)
        .map(|p| format!("{}%", format::significant(p, 3)));
    // Figures the file lacks count as 0 in the occupancy: then it is an upper limit.
    let ours = ours.map(|p| match assumed_resources(k) {
        Some(what) => format!(
            r#"at most {p} <span class="assumed" title="the file gives no {what}: counted as none">assumes no {what}</span>"#
        ),
        None => p,
    });
    match (ours, o.agree) {
        (Some(p), Some(true)) => format!(r#"{p} <span class="agree">agrees</span>"#),
        (Some(p), Some(false)) => format!(
            r#"{p} <span class="disagree" title="{}">differs</span>"#,
            esc(&o.disagreements.join("; "))
        ),
        (Some(p), None) => p,
        (None, _) => format!(
            r#"<span class="muted">{}</span>"#,
            esc(o.error.as_deref().unwrap_or("—"))
        ),
    }
}

/// Predicted against measured, log–log: y = x, a ±30 % band, one mark shape per model.
pub fn scatter(r: &Report, w: f64, id: &str) -> String {
    let mut points: Vec<(usize, &str, f64, f64, String)> = Vec::new();
    for (mi, m) in r.models.iter().enumerate() {
        for k in &r.kernels {
            if let Some(p) = k
                .predictions
                .iter()
                .find(|p| p.model == m.model && p.complete)
            {
                if let (Some(t), Some(measured)) = (p.time_s, k.measured_s) {
                    if t > 0.0 && measured > 0.0 {
                        let tip = format!(
                            "{} — {}: predicted {}, measured {} ({})",
                            super::short_name(&k.name),
                            m.title,
                            format::duration(t),
                            format::duration(measured),
                            ratio_text(p.ratio)
                        );
                        points.push((mi, m.model, measured, t, tip));
                    }
                }
            }
        }
    }
    if points.is_empty() {
        return format!(
            r#"<p class="muted" id="{id}-empty">No kernel has both a measured time and a complete prediction to chart.</p>"#
        );
    }
    let lo = points
        .iter()
        .map(|p| p.2.min(p.3))
        .fold(f64::INFINITY, f64::min);
    let hi = points.iter().map(|p| p.2.max(p.3)).fold(0.0, f64::max);
    // The frame covers every point and the diagonal between them, with room at both ends
    // for the marks (the axis would otherwise end on the first and last).
    let (lo, hi) = (lo / 1.2, hi * 1.2);
    let data = ChartData {
        series: vec![Series {
            name: String::new(),
            class: "s0",
            points: vec![(lo, Some(lo)), (hi, Some(hi))],
            line: false,
            dots: false,
        }],
        ..ChartData::default()
    };
    let Some(f) = Frame::of(&data, w, true, true, format::duration) else {
        return String::new();
    };
    let mut s = format!(
        r#"<figure class="chart measured-chart" id="{id}"><svg viewBox="0 0 {w} {H}" role="img" aria-label="Predicted against measured time, log–log, one mark per kernel and model">"#
    );
    axes_svg(&mut s, &f, format::duration, format::duration);
    // The ±30 % band and y = x, across the whole x axis.
    let (x0, x1) = (f.x0, f.x1);
    let _ = write!(
        s,
        r#"<path class="band" d="M{:.1},{:.1}L{:.1},{:.1}L{:.1},{:.1}L{:.1},{:.1}Z"><title>within ±30 %</title></path><line class="diagonal" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"><title>predicted = measured</title></line>"#,
        f.sx(x0),
        f.sy(x0 * (1.0 + BAND)),
        f.sx(x1),
        f.sy(x1 * (1.0 + BAND)),
        f.sx(x1),
        f.sy(x1 * (1.0 - BAND)),
        f.sx(x0),
        f.sy(x0 * (1.0 - BAND)),
        f.sx(x0),
        f.sy(x0),
        f.sx(x1),
        f.sy(x1),
    );
    for (mi, model, x, y, tip) in &points {
        let (cx, cy) = (f.sx(*x), f.sy(*y));
        let shape = SHAPES[mi % SHAPES.len()];
        let mark = match shape {
            "circle" => format!(r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="5"></circle>"#),
            "square" => format!(
                r#"<rect x="{:.1}" y="{:.1}" width="9" height="9"></rect>"#,
                cx - 4.5,
                cy - 4.5
            ),
            "triangle" => format!(r#"<path d="M{cx:.1},{:.1}l5,9h-10z"></path>"#, cy - 5.5),
            _ => format!(
                r#"<path d="M{cx:.1},{:.1}l5,5l-5,5l-5,-5z"></path>"#,
                cy - 5.0
            ),
        };
        let _ = write!(
            s,
            r#"<g class="mark s{mi} {shape}" data-model="{model}" tabindex="0">{mark}<title>{}</title></g>"#,
            esc(tip)
        );
    }
    let _ = write!(
        s,
        r#"<text class="axis-title" x="{:.1}" y="{:.1}" text-anchor="middle">Measured</text><text class="axis-title" transform="rotate(-90)" x="{:.1}" y="14" text-anchor="middle">Predicted</text></svg><figcaption>"#,
        f.left + (w - f.left) / 2.0,
        H - 6.0,
        -(TOP + (H - TOP - BOTTOM) / 2.0),
    );
    for (mi, m) in r.models.iter().enumerate() {
        let _ = write!(
            s,
            r#"<span class="legend-item"><svg class="legend-mark s{mi} {}" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">{}</svg> {}</span> "#,
            SHAPES[mi % SHAPES.len()],
            match SHAPES[mi % SHAPES.len()] {
                "circle" => r#"<circle cx="6" cy="6" r="5"></circle>"#,
                "square" => r#"<rect x="1.5" y="1.5" width="9" height="9"></rect>"#,
                "triangle" => r#"<path d="M6,1l5,10h-10z"></path>"#,
                _ => r#"<path d="M6,1l5,5l-5,5l-5,-5z"></path>"#,
            },
            esc(m.title)
        );
    }
    s += r#"<span class="legend-item"><span class="legend-band"></span> within ±30 % of measured</span></figcaption></figure>"#;
    s
}
