//! The APSP page module: the predicted interval and the four mappings at n, and the runtime
//! against n — one line per mapping, the min–max interval shaded, jumps marked and explained
//! on hover, the user's measured times on the same axes — with the hovered n's warps and
//! blocks per SM under the chart.

use leptos::prelude::*;

use super::{Ctx, Good, Page};
use crate::format;
use crate::model::apsp::{self, Point, MAPPINGS, MAPPING_NAMES};
use crate::model::Value;
use crate::ui::browser;
use crate::ui::chart::{Chart, ChartData, Series};

pub const PAGE: Page = Page {
    result,
    visuals,
    summary,
};

/// Points of the n chart: every n up to this many, evenly strided beyond.
const MAX_POINTS: u64 = 10_000;
/// At most this many jumps are marked (the largest), so they do not cover the chart.
const MAX_EVENTS: usize = 60;

/// The engine's prediction behind a valid state (the evaluation's detail: no second run).
fn prediction(good: &Good) -> Option<apsp::Prediction> {
    good.eval.detail.get::<apsp::Prediction>().cloned()
}

/// A time in ms, shown with a fitting unit (47.96 µs, 12.5 ms, 3.2 s).
fn ms(v: f64) -> String {
    format::duration(v / 1e3)
}

/// Symbolic units: grouped below a million, scientific above (5.542e8).
fn units(v: f64) -> String {
    if v.abs() >= 1e6 {
        format::scientific(v)
    } else {
        format::num(v)
    }
}

fn summary(good: &Good) -> String {
    let Some(p) = prediction(good) else {
        return String::new();
    };
    let (lo, hi) = interval(&p.point.t_sym);
    match p.calibration {
        Some(c) => format!("{} – {} · n = {}", ms(c.f * lo), ms(c.f * hi), p.inputs.n),
        None => format!("{} – {} units · n = {}", units(lo), units(hi), p.inputs.n),
    }
}

fn interval(t: &[f64; 4]) -> (f64, f64) {
    (
        t.iter().copied().fold(f64::INFINITY, f64::min),
        t.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    )
}

fn result(ctx: Ctx) -> AnyView {
    let pred = Memo::new(move |_| ctx.good.with(|g| g.as_ref().and_then(prediction)));
    (move || {
        pred.get().map(|p| {
            let pt = p.point;
            let (lo, hi) = interval(&pt.t_sym);
            let (lo_ms, hi_ms) = match p.calibration {
                Some(c) => (Some(c.f * lo), Some(c.f * hi)),
                None => (None, None),
            };
            let headline = match (lo_ms, hi_ms) {
                (Some(a), Some(b)) => format!("{} – {}", ms(a), ms(b)),
                _ => format!("{} – {} units", units(lo), units(hi)),
            };
            let algorithm = match p.inputs.algorithm {
                apsp::Algorithm::MinPlus => "Min-plus",
                apsp::Algorithm::FloydWarshall => "Floyd-Warshall",
            };
            let explain = format!(
                "{algorithm}, n = {}: a {g}×{g} grid of {b}×{b} blocks ({} full, {} partial), {}, {} kernel {}. At most {} {} active per SM.",
                p.inputs.n,
                pt.categories.full.count,
                pt.categories.right.count + pt.categories.bottom.count + pt.categories.last.count,
                format::count(pt.warps as f64, "active warp"),
                pt.steps,
                format::noun(pt.steps as f64, "launch", "launches"),
                p.inputs.blocks_per_sm_occ,
                format::noun(p.inputs.blocks_per_sm_occ as f64, "block is", "blocks are"),
                g = pt.grid_width,
                b = p.inputs.block_size,
            );
            let calibration = match p.calibration {
                Some(c) => format!(
                    "Calibrated (§5): f = 4 × {} / ΣT'({}) = {} ms per unit{}.",
                    ms(c.t_meas_ms),
                    c.n0,
                    format::num(c.f),
                    match c.from {
                        apsp::MeasuredFrom::Measured => ", from your measured pair at n0",
                        apsp::MeasuredFrom::Illustrative => ": an illustrative time at n0, not from the paper; enter your measured time at n0 = 500 to calibrate for your GPU",
                        apsp::MeasuredFrom::Typed => "",
                    }
                ),
                None => "Not calibrated: times are in the model's symbolic units (Table 5). Enter a measured time at n0 to get ms.".to_string(),
            };
            let t_ms = p.t_ms();
            // The mappings that bound the interval (the first of equals).
            let first = |v: f64| pt.t_sym.iter().position(|t| *t == v);
            let (at_lo, at_hi) = (first(lo), first(hi));
            // The four mappings as HTML text (one DOM update, far less code than views).
            let mut rows = String::from(r#"<table class="mappings" id="mappings" tabindex="0"><thead><tr><th>Mapping</th><th class="num">Warps / SM</th><th class="num">Blocks / SM</th><th class="num">T' (units)</th><th class="num">T</th></tr></thead><tbody>"#);
            for i in 0..4 {
                use std::fmt::Write;
                let t = pt.t_sym[i];
                let bound = match (Some(i) == at_lo, Some(i) == at_hi) {
                    (true, true) => " (min = max)",
                    (true, false) => " (min)",
                    (false, true) => " (max)",
                    _ => "",
                };
                let _ = write!(
                    rows,
                    r#"<tr data-mapping="{}"{}><th scope="row">{}{bound}</th><td class="num" data-value="{}">{}</td><td class="num">{}</td><td class="num" data-value="{}">{}</td><td class="num" data-value="{}">{}</td></tr>"#,
                    MAPPINGS[i],
                    if bound.is_empty() { "" } else { r#" class="bound""# },
                    MAPPING_NAMES[i],
                    pt.warps_per_sm[i],
                    format::num(pt.warps_per_sm[i] as f64),
                    pt.blocks_per_sm[i].map_or("—".to_string(), |b| b.to_string()),
                    format::exact(t),
                    units(t),
                    t_ms.map(|t| format::exact(t[i])).unwrap_or_default(),
                    t_ms.map_or("—".to_string(), |t| ms(t[i])),
                );
            }
            rows.push_str("</tbody></table>");
            view! {
                <p class="result-device">{ctx.good.with_untracked(|g| g.as_ref().map(|g| g.state.device.name))}" · "{p.inputs.sms}" SMs · Dümmler & Egerland interval model"</p>
                <p class="headline">
                    <span class="label">"Predicted interval"</span>
                    <span class="time" id="interval"
                        data-min=lo_ms.map(format::exact).unwrap_or_else(|| format::exact(lo))
                        data-max=hi_ms.map(format::exact).unwrap_or_else(|| format::exact(hi))
                    >{headline}</span>
                </p>
                <p class="explanation" id="explanation">{explain}</p>
                <div class="html-table" inner_html=rows></div>
                <p class="occupancy" id="calibration">{calibration}</p>
            }
        })
    })
    .into_any()
}

/// The sweep over n and how long it took to compute (ms, in this browser).
#[derive(Clone, Debug, PartialEq)]
struct Sweep {
    points: Vec<Point>,
    algorithm: apsp::Algorithm,
    millis: f64,
}

fn visuals(ctx: Ctx) -> AnyView {
    // What the chart depends on: everything but n itself (n only moves the marker), so typing
    // n or hovering never recomputes the sweep.
    let key = Memo::new(move |_| {
        ctx.good.with(|g| {
            let g = g.as_ref()?;
            let p = &g.state.params;
            let (inputs, _) = apsp::inputs(p, g.state.device).ok()?;
            let range = (p.num("n_from")? as u64, p.num("n_to")? as u64);
            Some((apsp::Inputs { n: 0, ..inputs }, range))
        })
    });
    let sweep = Memo::new(move |_| {
        let (inputs, (from, to)) = key.get()?;
        let start = browser::now_ms();
        let points = apsp::sweep_n(&inputs, from, to, MAX_POINTS);
        let millis = browser::now_ms() - start;
        Some(Sweep {
            points,
            algorithm: inputs.algorithm,
            millis,
        })
    });
    // The calibration and the measurements only scale and decorate the chart: changing them
    // does not recompute the sweep.
    let overlay = Memo::new(move |_| {
        ctx.good.with(|g| {
            let g = g.as_ref()?;
            let p = &g.state.params;
            let f = prediction(g)?.calibration.map(|c| c.f);
            let measured: Vec<(f64, f64)> = match p.get("measured") {
                Some(Value::Rows(rows)) => rows
                    .iter()
                    .filter(|r| r.len() == 2)
                    .map(|r| (r[0], r[1]))
                    .collect(),
                _ => Vec::new(),
            };
            Some((f, measured))
        })
    });
    let data = Memo::new(move |_| {
        let (Some(s), Some((f, measured))) = (sweep.get(), overlay.get()) else {
            return ChartData::default();
        };
        chart_data(&s, f, &measured)
    });
    let hovered = RwSignal::new(None::<f64>);
    let on_hover = Callback::new(move |x: Option<f64>| hovered.set(x));
    let marker = Signal::derive(move || {
        ctx.good
            .with(|g| g.as_ref().and_then(|g| g.state.params.num("n")))
    });
    let calibrated =
        Memo::new(move |_| overlay.with(|o| o.as_ref().is_some_and(|o| o.0.is_some())));
    let chart = move || {
        let (y_label, format_y): (&str, fn(f64) -> String) = if calibrated.get() {
            ("Predicted time", ms)
        } else {
            ("Time (symbolic units)", units)
        };
        view! {
            <Chart
                data=data
                x_label="Graph size n (vertices)".to_string()
                y_label=y_label.to_string()
                file="apsp-runtime-vs-n"
                marker=marker
                format_x=format::num
                format_y=format_y
                title="Predicted time against n, one line per mapping".to_string()
                on_hover=on_hover
            />
        }
    };
    // The hovered n (or the current n): each mapping's warps and blocks on the busiest SM.
    let detail = move || {
        let s = sweep.get()?;
        let n = hovered.get().or_else(|| marker.get())?;
        let i = s.points.partition_point(|p| (p.n as f64) < n);
        let p = s
            .points
            .get(i)
            .filter(|p| p.n as f64 == n)
            .copied()
            .or_else(|| {
                // The current n may lie outside the chart's range.
                ctx.good
                    .with_untracked(|g| g.as_ref().and_then(prediction))
                    .map(|pr| pr.point)
            })?;
        Some(hovered_mappings(p))
    };
    let timing = move || {
        sweep.with(|s| {
            s.as_ref().map(|s| {
                view! {
                    <p class="chart-note" id="sweep-time" data-ms=format::exact(s.millis) data-points=s.points.len().to_string()>
                        {format!("{} values of n × 4 mappings, computed in {} ms in this browser.", format::num(s.points.len() as f64), format::significant(s.millis.max(0.0), 3))}
                    </p>
                }
            })
        })
    };
    let calibrate = move || calibrate_picker(ctx);
    view! {
        <section class="sweep" aria-label="Runtime against n">
            <h2>"Runtime against n"</h2>
            {calibrate}
            <p class="chart-note">
                "One line per mapping; the shaded band is the predicted interval. Triangles mark jumps: hover, tap or use the arrow keys for why. "
                "Set the range with “Chart from n” and “to”; measured times (ms) appear once the model is calibrated."
            </p>
            {chart}
            {timing}
            {detail}
        </section>
    }
    .into_any()
}

/// The chart of the sweep: a line per mapping (times `f`, the calibration's scale, where
/// calibrated), the measured points in the chart's range, the interval shaded and the largest
/// jumps marked.
fn chart_data(s: &Sweep, f: Option<f64>, measured: &[(f64, f64)]) -> ChartData {
    let scale = f.unwrap_or(1.0);
    let mut series: Vec<Series> = (0..4)
        .map(|i| Series {
            name: MAPPING_NAMES[i].to_string(),
            class: ["s0", "s1", "s2", "s3"][i],
            points: s
                .points
                .iter()
                .map(|p| (p.n as f64, Some(scale * p.t_sym[i])))
                .collect(),
            line: true,
            dots: false,
        })
        .collect();
    // The chart's range is the user's: measurements outside it are not drawn.
    let (lo, hi) = (
        s.points.first().map_or(0.0, |p| p.n as f64),
        s.points.last().map_or(0.0, |p| p.n as f64),
    );
    let mut pts: Vec<(f64, Option<f64>)> = measured
        .iter()
        .filter(|m| f.is_some() && m.0 >= lo && m.0 <= hi)
        .map(|&(n, t)| (n, Some(t)))
        .collect();
    crate::small_sort::sort_by(&mut pts, |a, b| a.0.total_cmp(&b.0));
    if !pts.is_empty() {
        series.push(Series {
            name: "measured".to_string(),
            class: "measured",
            points: pts,
            line: false,
            dots: true,
        });
    }
    let band = s
        .points
        .iter()
        .map(|p| {
            let (lo, hi) = interval(&p.t_sym);
            (p.n as f64, scale * lo, scale * hi)
        })
        .collect();
    let jumps: Vec<(u64, u64, apsp::Jump)> = s
        .points
        .windows(2)
        .filter_map(|w| apsp::Jump::between(s.algorithm, &w[0], &w[1]).map(|j| (w[0].n, w[1].n, j)))
        .collect();
    // Too many to mark one by one: mark the largest.
    let mut jumps = jumps;
    if jumps.len() > MAX_EVENTS {
        crate::small_sort::sort_by(&mut jumps, |a, b| b.2.size.total_cmp(&a.2.size));
        jumps.truncate(MAX_EVENTS);
        crate::small_sort::sort_by_key(&mut jumps, |j| j.1);
    }
    let events: Vec<(f64, String)> = jumps
        .into_iter()
        .map(|(a, b, j)| (b as f64, format!("n {a} → {b}: {}", j.causes().join("; "))))
        .collect();
    ChartData {
        series,
        band,
        events,
        event_label: "jump",
        gap_reason: None,
        y_unit: if f.is_some() { "ms" } else { "units" },
    }
}

/// The point's blocks by category, and each mapping's warps and blocks on the busiest SM.
fn hovered_mappings(p: Point) -> impl IntoView {
    let c = p.categories;
    view! {
        <p class="sub" id="hovered" data-n=p.n.to_string()>
            {format!(
                "n = {}: {}×{} blocks — {} full ({} each), {} right ({}), {} bottom ({}), {} last ({}); {}; {} {}.",
                p.n, p.grid_width, p.grid_width,
                c.full.count, format::count(c.full.warps as f64, "warp"), c.right.count, c.right.warps,
                c.bottom.count, c.bottom.warps, c.last.count, c.last.warps,
                format::count(p.warps as f64, "warp"), p.steps, format::noun(p.steps as f64, "launch", "launches")
            )}
        </p>
        // Four rows without inputs, rewritten as the pointer moves: HTML text.
        <div class="html-table" inner_html={
            let mut h = String::from(r#"<table class="mappings" id="hovered-mappings" tabindex="0"><thead><tr><th>Mapping</th><th class="num">Warps / SM</th><th class="num">Blocks / SM</th></tr></thead><tbody>"#);
            for k in 0..4 {
                h += &format!(
                    r#"<tr data-mapping="{}"><th scope="row">{}</th><td class="num">{}</td><td class="num">{}</td></tr>"#,
                    MAPPINGS[k],
                    MAPPING_NAMES[k],
                    p.warps_per_sm[k],
                    p.blocks_per_sm[k].map_or("—".to_string(), |b| b.to_string())
                );
            }
            h + "</tbody></table>"
        }></div>
    }
}

/// Which measurement calibrates: picking one makes its n the calibration size n0.
fn calibrate_picker(ctx: Ctx) -> Option<impl IntoView> {
    let (measured, n0) = ctx.good.with(|g| {
        let g = g.as_ref()?;
        let rows = match g.state.params.get("measured") {
            Some(Value::Rows(rows)) => rows
                .iter()
                .filter_map(|r| r.first().copied())
                .collect::<Vec<f64>>(),
            _ => Vec::new(),
        };
        Some((rows, g.state.params.num("n0")))
    })?;
    (!measured.is_empty()).then(|| {
        let on_pick = move |ev| {
            let n = event_target_value(&ev);
            if !n.is_empty() {
                ctx.set_text.run(("n0", n));
                ctx.set_text.run(("t_meas_ms", "auto".to_string()));
            }
        };
        view! {
            <p class="calibrate">
                <label>
                    "Calibrate with the measurement at "
                    <select id="calibrate-from" on:change=on_pick>
                        {(!measured.iter().any(|n| Some(*n) == n0)).then(|| view! { <option value="" selected=true>"—"</option> })}
                        {measured.iter().map(|n| {
                            let text = format::exact(*n);
                            view! { <option value=text.clone() selected=Some(*n) == n0>{format!("n = {text}")}</option> }
                        }).collect_view()}
                    </select>
                </label>
            </p>
        }
    })
}
