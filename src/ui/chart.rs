//! A small SVG chart, written once for every page: axes with nice ticks, one or more lines
//! (with gaps where a point has no value), an optional shaded band, dots for measured points,
//! marked events (jumps) explained on hover, a marker at the current input, and a tooltip
//! that follows the mouse or the arrow keys. Long series are thinned to a few points per
//! pixel column (keeping each column's extremes), so 10,000-point sweeps stay fast to draw.
//! The drawing is as wide as its box, in CSS pixels, so text keeps its size on phones. Gaps
//! are shaded and explained; the x axis may be logarithmic; every chart exports its points
//! (CSV) and its picture (SVG, PNG).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::browser;

/// The drawing's width before its box is measured.
const W0: f64 = 640.0;
const H: f64 = 300.0;
const LEFT: f64 = 72.0;
const RIGHT: f64 = 18.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 46.0;

/// One line (or set of dots) of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    /// CSS class for its colour: `s0`…`s3`, `measured`.
    pub class: &'static str,
    /// Sorted by x; `None` where the model rejects the input (drawn as a gap).
    pub points: Vec<(f64, Option<f64>)>,
    pub line: bool,
    pub dots: bool,
}

/// Everything a chart draws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartData {
    /// The first series' x values are the ones hover and the arrow keys walk.
    pub series: Vec<Series>,
    /// A shaded band: (x, low, high).
    pub band: Vec<(f64, f64, f64)>,
    /// Marked x positions with what happens there.
    pub events: Vec<(f64, String)>,
    /// The legend's words for the marks ("jump", "regime change").
    pub event_label: &'static str,
    /// Why the first series has gaps (the model's reason at the first missing point).
    pub gap_reason: Option<String>,
}

impl ChartData {
    /// The gaps of the first series: x ranges (from, to) with no value, from halfway to the
    /// previous valid point to halfway to the next one (or the edge).
    fn gaps(&self) -> Vec<(f64, f64)> {
        let Some(first) = self.series.first() else {
            return Vec::new();
        };
        let p = &first.points;
        let mut out = Vec::new();
        let mut i = 0;
        while i < p.len() {
            if p[i].1.is_some() {
                i += 1;
                continue;
            }
            let start = i;
            while i < p.len() && p[i].1.is_none() {
                i += 1;
            }
            let lo = if start == 0 {
                p[0].0
            } else {
                (p[start - 1].0 + p[start].0) / 2.0
            };
            let hi = if i == p.len() {
                p[i - 1].0
            } else {
                (p[i - 1].0 + p[i].0) / 2.0
            };
            out.push((lo, hi));
        }
        out
    }

    /// The points as CSV: the x label and each series' name as the header, one row per x of
    /// the first series; an empty cell where a series has no value.
    pub fn to_csv(&self, x_label: &str) -> String {
        let mut out = String::new();
        let mut head = vec![csv_cell(x_label)];
        head.extend(self.series.iter().map(|s| csv_cell(&s.name)));
        if !self.band.is_empty() {
            head.push(csv_cell("min"));
            head.push(csv_cell("max"));
        }
        out.push_str(&head.join(","));
        out.push('\n');
        let Some(first) = self.series.first() else {
            return out;
        };
        for &(x, _) in &first.points {
            let mut row = vec![crate::format::exact(x)];
            for s in &self.series {
                row.push(value_at(s, x).map(crate::format::exact).unwrap_or_default());
            }
            if !self.band.is_empty() {
                match self.band.iter().find(|b| b.0 == x) {
                    Some(&(_, lo, hi)) => {
                        row.push(crate::format::exact(lo));
                        row.push(crate::format::exact(hi));
                    }
                    None => row.extend([String::new(), String::new()]),
                }
            }
            out.push_str(&row.join(","));
            out.push('\n');
        }
        out
    }
}

/// One CSV cell, quoted when it holds a comma, a quote or a line break.
pub fn csv_cell(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// About `count` round tick values covering [lo, hi] (steps of 1, 2 or 5 × 10^k).
fn nice_ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) || count == 0 {
        return vec![lo];
    }
    let raw = span / count as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| span / s <= count as f64)
        .unwrap_or(10.0 * mag);
    let mut t = (lo / step).ceil() * step;
    let mut out = Vec::new();
    while t <= hi + step * 1e-9 && out.len() < 64 {
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        t += step;
    }
    out
}

/// Tick values for a log axis over [lo, hi] (lo > 0): 1, 2 and 5 × 10^k, or only the powers
/// of ten when those are too many; linear ticks when the range spans less than a decade.
fn log_ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    if !(lo > 0.0 && hi > lo) {
        return nice_ticks(lo, hi, count);
    }
    let (k0, k1) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    let pick = |mults: &[f64]| -> Vec<f64> {
        (k0..=k1)
            .flat_map(|k| mults.iter().map(move |m| m * 10f64.powi(k)))
            .filter(|t| *t >= lo * (1.0 - 1e-9) && *t <= hi * (1.0 + 1e-9))
            .collect()
    };
    let all = pick(&[1.0, 2.0, 5.0]);
    if all.len() <= count {
        if all.len() >= 2 {
            return all;
        }
        return nice_ticks(lo, hi, count);
    }
    let tens = pick(&[1.0]);
    if tens.len() > count {
        let step = tens.len().div_ceil(count);
        return tens.into_iter().step_by(step).collect();
    }
    tens
}

/// The plotting frame for the data, `w` CSS pixels wide.
#[derive(Clone, Copy, PartialEq)]
struct Frame {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    w: f64,
    /// The x axis is logarithmic (every x is then > 0).
    log: bool,
}

impl Frame {
    fn of(data: &ChartData, w: f64, log: bool) -> Option<Frame> {
        let mut xs = (f64::INFINITY, f64::NEG_INFINITY);
        let mut ys = (f64::INFINITY, f64::NEG_INFINITY);
        let mut see = |x: f64, y: f64| {
            if x.is_finite() && y.is_finite() && (!log || x > 0.0) {
                xs = (xs.0.min(x), xs.1.max(x));
                ys = (ys.0.min(y), ys.1.max(y));
            }
        };
        for s in &data.series {
            for &(x, y) in &s.points {
                if let Some(y) = y {
                    see(x, y);
                }
            }
        }
        for &(x, lo, hi) in &data.band {
            see(x, lo);
            see(x, hi);
        }
        if !ys.0.is_finite() {
            return None;
        }
        let (mut x0, mut x1) = xs;
        // The axis covers the whole sweep, gaps included.
        if let Some(first) = data.series.first() {
            for &(x, _) in &first.points {
                if x.is_finite() && (!log || x > 0.0) {
                    x0 = x0.min(x);
                    x1 = x1.max(x);
                }
            }
        }
        // Times start at zero so relative differences read honestly.
        let mut y0 = ys.0.min(0.0);
        let mut y1 = if ys.1 > y0 { ys.1 * 1.05 } else { y0 + 1.0 };
        if x1 <= x0 {
            if log {
                x0 /= 2.0;
                x1 *= 2.0;
            } else {
                x0 -= 1.0;
                x1 += 1.0;
            }
        }
        if y0 == y1 {
            y0 -= 1.0;
            y1 += 1.0;
        }
        Some(Frame {
            x0,
            x1,
            y0,
            y1,
            w,
            log,
        })
    }
    /// x as a fraction of the axis.
    fn fx(&self, x: f64) -> f64 {
        if self.log {
            (x.ln() - self.x0.ln()) / (self.x1.ln() - self.x0.ln())
        } else {
            (x - self.x0) / (self.x1 - self.x0)
        }
    }
    /// The x at a fraction of the axis.
    fn at_fx(&self, f: f64) -> f64 {
        if self.log {
            (self.x0.ln() + f * (self.x1.ln() - self.x0.ln())).exp()
        } else {
            self.x0 + f * (self.x1 - self.x0)
        }
    }
    fn sx(&self, x: f64) -> f64 {
        LEFT + self.fx(x) * (self.w - LEFT - RIGHT)
    }
    fn sy(&self, y: f64) -> f64 {
        H - BOTTOM - (y - self.y0) / (self.y1 - self.y0) * (H - TOP - BOTTOM)
    }
}

/// Screen points of a run of values, thinned to first/min/max/last per pixel column.
fn thin(frame: &Frame, run: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let pts: Vec<(f64, f64)> = run
        .iter()
        .map(|&(x, y)| (frame.sx(x), frame.sy(y)))
        .collect();
    if pts.len() <= 2 * (frame.w as usize) {
        return pts;
    }
    let mut out = Vec::with_capacity(4 * frame.w as usize);
    let mut i = 0;
    while i < pts.len() {
        let col = pts[i].0.floor();
        let mut j = i;
        let (mut lo, mut hi) = (i, i);
        while j < pts.len() && pts[j].0.floor() == col {
            if pts[j].1 < pts[lo].1 {
                lo = j;
            }
            if pts[j].1 > pts[hi].1 {
                hi = j;
            }
            j += 1;
        }
        let mut keep = vec![i, lo, hi, j - 1];
        keep.sort_unstable();
        keep.dedup();
        out.extend(keep.into_iter().map(|k| pts[k]));
        i = j;
    }
    out
}

/// The SVG path of a series, broken where a point has no value.
fn line_path(frame: &Frame, points: &[(f64, Option<f64>)]) -> String {
    let mut d = String::new();
    let mut run: Vec<(f64, f64)> = Vec::new();
    let flush = |run: &mut Vec<(f64, f64)>, d: &mut String| {
        for (k, (x, y)) in thin(frame, run).into_iter().enumerate() {
            let cmd = if k == 0 { 'M' } else { 'L' };
            d.push_str(&format!("{cmd}{x:.1},{y:.1}"));
        }
        run.clear();
    };
    for &(x, y) in points {
        match y {
            Some(y) if y.is_finite() && (!frame.log || x > 0.0) => run.push((x, y)),
            _ => flush(&mut run, &mut d),
        }
    }
    flush(&mut run, &mut d);
    d
}

/// The band's closed outline: the highs left to right, the lows back.
fn band_path(frame: &Frame, band: &[(f64, f64, f64)]) -> String {
    if band.is_empty() {
        return String::new();
    }
    let hi: Vec<(f64, f64)> = band.iter().map(|&(x, _, h)| (x, h)).collect();
    let lo: Vec<(f64, f64)> = band.iter().rev().map(|&(x, l, _)| (x, l)).collect();
    let mut d = String::new();
    for (k, (x, y)) in thin(frame, &hi).into_iter().enumerate() {
        d.push_str(&format!("{}{x:.1},{y:.1}", if k == 0 { 'M' } else { 'L' }));
    }
    for (x, y) in thin(frame, &lo) {
        d.push_str(&format!("L{x:.1},{y:.1}"));
    }
    d.push('Z');
    d
}

/// A tooltip line broken at spaces into lines of at most `max` characters.
fn wrap(line: &str, max: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for word in line.split(' ') {
        let cur = out.last_mut().map_or(0, |l| l.chars().count());
        if cur > 0 && cur + 1 + word.chars().count() > max {
            out.push(String::new());
        }
        if let Some(l) = out.last_mut() {
            if !l.is_empty() {
                l.push(' ');
            }
            l.push_str(word);
        }
    }
    out
}

/// The value of a series at exactly `x`, if it has one.
fn value_at(s: &Series, x: f64) -> Option<f64> {
    let i = s.points.partition_point(|p| p.0 < x);
    s.points.get(i).filter(|p| p.0 == x).and_then(|p| p.1)
}

#[component]
pub fn Chart(
    #[prop(into)] data: Signal<ChartData>,
    /// The x axis in words with its unit ("Threads per block (threads)").
    #[prop(into)]
    x_label: Signal<String>,
    #[prop(into)] y_label: Signal<String>,
    /// Where the current input sits on the x axis.
    #[prop(into)]
    marker: Signal<Option<f64>>,
    format_x: fn(f64) -> String,
    format_y: fn(f64) -> String,
    /// Short description for screen readers.
    #[prop(into)]
    title: Signal<String>,
    /// Told the hovered x (None when the pointer leaves).
    #[prop(optional)]
    on_hover: Option<Callback<Option<f64>>>,
    /// A logarithmic x axis.
    #[prop(optional, into)]
    log_x: Signal<bool>,
    /// The exported files' name, without extension ("hong-kim-sweep").
    #[prop(default = "warpsight-chart")]
    file: &'static str,
) -> impl IntoView {
    // Drawn at its box's width in CSS pixels, so text stays at its CSS size on every screen.
    let figure = NodeRef::<leptos::html::Figure>::new();
    let width = RwSignal::new(W0);
    Effect::new(move |_| {
        if let Some(el) = figure.get() {
            browser::watch_size(&el, move |r| {
                let w = r.width();
                if w >= 200.0 && (w - width.get_untracked()).abs() >= 0.5 {
                    width.try_set(w);
                }
            });
        }
    });
    let frame = Memo::new(move |_| {
        let (w, log) = (width.get(), log_x.get());
        data.with(|d| Frame::of(d, w, log))
    });
    // Hover: an index into the first series' points.
    let hover = RwSignal::new(None::<usize>);
    Effect::new(move |_| {
        let x = hover.get().and_then(|i| {
            data.with_untracked(|d| d.series.first().and_then(|s| s.points.get(i)).map(|p| p.0))
        });
        if let Some(cb) = on_hover {
            cb.run(x);
        }
    });
    let grid_len = move || data.with(|d| d.series.first().map_or(0, |s| s.points.len()));

    let on_move = move |ev: leptos::ev::MouseEvent| {
        let Some(target) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let rect = target.get_bounding_client_rect();
        let Some(f) = frame.get_untracked() else {
            return;
        };
        if rect.width() <= 0.0 {
            return;
        }
        let vx = (f64::from(ev.client_x()) - rect.left()) / rect.width() * f.w;
        let x = f.at_fx((vx - LEFT) / (f.w - LEFT - RIGHT));
        let nearest = data.with_untracked(|d| {
            let pts = &d.series.first()?.points;
            let i = pts.partition_point(|p| p.0 < x);
            [i.checked_sub(1), Some(i)]
                .into_iter()
                .flatten()
                .filter(|&k| k < pts.len())
                .min_by(|&a, &b| {
                    (f.sx(pts[a].0) - vx)
                        .abs()
                        .total_cmp(&(f.sx(pts[b].0) - vx).abs())
                })
        });
        if nearest != hover.get_untracked() {
            hover.set(nearest);
        }
    };

    // Arrow keys walk the points (the same tooltip as hover); Escape hides it.
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let n = grid_len();
        let step: isize = match ev.key().as_str() {
            "ArrowRight" | "ArrowUp" => 1,
            "ArrowLeft" | "ArrowDown" => -1,
            "Home" if n > 0 => {
                ev.prevent_default();
                hover.set(Some(0));
                return;
            }
            "End" if n > 0 => {
                ev.prevent_default();
                hover.set(Some(n - 1));
                return;
            }
            "Escape" => {
                hover.set(None);
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        if n == 0 {
            return;
        }
        let next = match hover.get() {
            Some(i) => (i as isize + step).clamp(0, n as isize - 1) as usize,
            None => 0,
        };
        hover.set(Some(next));
    };

    // The hovered point in words: one line per series, and the event there, if any.
    let readout_lines = move || -> Option<Vec<String>> {
        let i = hover.get()?;
        data.with(|d| {
            let first = d.series.first()?;
            let (x, _) = *first.points.get(i)?;
            let head = format!("{} = {}", x_label.get(), format_x(x));
            let mut lines = Vec::new();
            if d.series.len() == 1 {
                match first.points[i].1 {
                    Some(y) => lines.push(format!("{head} → {}", format_y(y))),
                    None => lines.push(format!("{head} → no prediction")),
                }
            } else {
                lines.push(head);
                for s in &d.series {
                    if let Some(y) = value_at(s, x) {
                        lines.push(format!("{}: {}", s.name, format_y(y)));
                    }
                }
            }
            if first.points[i].1.is_none() {
                if let Some(why) = &d.gap_reason {
                    lines.push(why.clone());
                }
            }
            for (_, text) in d.events.iter().filter(|e| e.0 == x) {
                lines.push(text.clone());
            }
            Some(lines)
        })
    };
    let readout = move || readout_lines().map(|l| l.join("; "));

    // The drawing itself is written as SVG text (one string per frame of data, one for the
    // tooltip): far less code than a view per element, and one DOM update per change.
    let drawing = Memo::new(move |_| {
        let Some(f) = frame.get() else {
            return String::new();
        };
        let mut out = String::with_capacity(16 * 1024);
        axes_svg(&mut out, &f, format_x, format_y);
        data.with(|d| plot_svg(&mut out, &f, d, marker.get()));
        out
    });

    let tooltip = move || {
        let f = frame.get()?;
        let i = hover.get()?;
        let max_chars = ((f.w - 24.0) / 7.3).floor().clamp(20.0, 56.0) as usize;
        let lines: Vec<String> = readout_lines()?
            .iter()
            .flat_map(|l| wrap(l, max_chars))
            .collect();
        let (x, ys) = data.with(|d| {
            let first = d.series.first()?;
            let x = first.points.get(i)?.0;
            let ys: Vec<f64> = d.series.iter().filter_map(|s| value_at(s, x)).collect();
            Some((x, ys))
        })?;
        let cx = f.sx(x);
        let cy = ys.first().map_or(TOP + 20.0, |y| f.sy(*y));
        // 12 px monospace: about 7.3 px a character.
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let width = (12.0 + 7.3 * longest as f64).min(f.w - 8.0);
        let height = 8.0 + 16.0 * lines.len() as f64;
        let bx = if cx + 10.0 + width > f.w {
            cx - 10.0 - width
        } else {
            cx + 10.0
        };
        let bx = bx.clamp(4.0, (f.w - width - 4.0).max(4.0));
        let by = (cy - height - 10.0)
            .max(TOP)
            .min(H - BOTTOM - height)
            .max(0.0);
        let mut out = format!(
            r#"<g class="tooltip" data-x="{x}" data-y="{}"><line class="hover-line" x1="{cx}" x2="{cx}" y1="{TOP}" y2="{}"></line>"#,
            ys.first().map(|y| y.to_string()).unwrap_or_default(),
            H - BOTTOM
        );
        for y in &ys {
            out.push_str(&format!(
                r#"<circle class="hover-dot" cx="{cx}" cy="{}" r="4"></circle>"#,
                f.sy(*y)
            ));
        }
        out.push_str(&format!(
            r#"<rect x="{bx}" y="{by}" width="{width}" height="{height}" rx="4"></rect><text x="{}" y="{}">"#,
            bx + 6.0,
            by + 16.0
        ));
        for (k, l) in lines.iter().enumerate() {
            out.push_str(&format!(
                r#"<tspan x="{}" dy="{}">{}</tspan>"#,
                bx + 6.0,
                if k == 0 { 0 } else { 16 },
                esc(l)
            ));
        }
        out.push_str("</text></g>");
        Some(out)
    };

    let legend = move || {
        data.with(|d| {
            let gaps = d.series.first().is_some_and(|s| s.points.iter().any(|p| p.1.is_none()));
            (d.series.len() > 1 || !d.band.is_empty() || !d.events.is_empty() || gaps).then(|| {
                let items = (d.series.len() > 1).then(|| {
                    d.series
                        .iter()
                        .map(|s| view! { <li><span class=format!("swatch {}", s.class)></span>{s.name.clone()}</li> })
                        .collect_view()
                });
                let band = (!d.band.is_empty()).then(|| view! { <li><span class="swatch band"></span>"min–max interval"</li> });
                let label = if d.event_label.is_empty() { "jump" } else { d.event_label };
                let events = (!d.events.is_empty()).then(|| view! { <li><span class="swatch event"></span>{format!("{label} (hover or arrow keys for why)")}</li> });
                let gaps = gaps.then(|| view! { <li><span class="swatch gap"></span>"no prediction (hover for why)"</li> });
                view! { <ul class="legend">{items}{band}{events}{gaps}</ul> }
            })
        })
    };

    // Gaps in words under the chart: how many points, and the model's reason.
    let gap_note = move || {
        data.with(|d| {
            let first = d.series.first()?;
            let missing = first.points.iter().filter(|p| p.1.is_none()).count();
            (missing > 0).then(|| {
                let total = first.points.len();
                let why = d.gap_reason.as_deref().unwrap_or("the model rejects these inputs");
                let first_x = first.points.iter().find(|p| p.1.is_none()).map(|p| format_x(p.0)).unwrap_or_default();
                view! {
                    <p class="gap-note" role="note">
                        {format!("No prediction at {missing} of {total} points (first at {} = {first_x}), shaded as gaps: {why}", x_label.get())}
                    </p>
                }
            })
        })
    };

    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let export_csv = move |_| {
        let csv = data.with_untracked(|d| d.to_csv(&x_label.get_untracked()));
        browser::download(&format!("{file}.csv"), "text/csv;charset=utf-8", &csv);
    };
    let export_svg = move |_| {
        if let Some(svg) = svg_ref.get_untracked() {
            if let Some(text) = standalone_svg(&svg) {
                browser::download(&format!("{file}.svg"), "image/svg+xml;charset=utf-8", &text);
            }
        }
    };
    let export_png = move |_| {
        if let Some(svg) = svg_ref.get_untracked() {
            if let Some(text) = standalone_svg(&svg) {
                let w = frame.get_untracked().map_or(W0, |f| f.w);
                browser::download_png(&format!("{file}.png"), &text, w, H);
            }
        }
    };

    view! {
        <figure class="chart" node_ref=figure>
            <svg
                node_ref=svg_ref
                viewBox=move || format!("0 0 {} {H}", width.get())
                role="img"
                tabindex="0"
                aria-label=move || format!("{} (arrow keys, Home and End read the points)", title.get())
                on:mousemove=on_move
                on:mouseleave=move |_| hover.set(None)
                on:keydown=on_key
                on:blur=move |_| hover.set(None)
            >
                <title>{move || title.get()}</title>
                <g class="drawing" inner_html=drawing></g>
                <text class="axis-label" x=move || (LEFT + width.get() - RIGHT) / 2.0 y=H - 8.0 text-anchor="middle">
                    {move || format!("{}{}", x_label.get(), if log_x.get() { " — log scale" } else { "" })}
                </text>
                <text
                    class="axis-label"
                    x="14"
                    y=(TOP + H - BOTTOM) / 2.0
                    text-anchor="middle"
                    transform=format!("rotate(-90 14 {})", (TOP + H - BOTTOM) / 2.0)
                >
                    {move || y_label.get()}
                </text>
                <g class="hover" inner_html=move || tooltip().unwrap_or_default()></g>
                <Show when=move || frame.get().is_none()>
                    <text class="empty" x=move || width.get() / 2.0 y=H / 2.0 text-anchor="middle">
                        "No valid point in this range"
                    </text>
                </Show>
            </svg>
            {legend}
            {gap_note}
            <div class="export" role="group" aria-label="Download this chart">
                "Download: "
                <button type="button" class="link export-csv" on:click=export_csv title="The chart's points as CSV">"CSV"</button>
                <button type="button" class="link export-svg" on:click=export_svg title="The chart as an SVG picture">"SVG"</button>
                <button type="button" class="link export-png" on:click=export_png title="The chart as a PNG picture">"PNG"</button>
            </div>
            <figcaption class="sr-only" aria-live="polite">{readout}</figcaption>
        </figure>
    }
}

/// Text for SVG markup: `&`, `<`, `>` and quotes escaped.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The axes: grid lines and y ticks, x ticks, the two axis lines.
fn axes_svg(out: &mut String, f: &Frame, format_x: fn(f64) -> String, format_y: fn(f64) -> String) {
    use std::fmt::Write;
    let count = ((f.w - LEFT - RIGHT) / 85.0).floor().clamp(2.0, 8.0) as usize;
    let x_ticks = if f.log {
        log_ticks(f.x0, f.x1, count)
    } else {
        nice_ticks(f.x0, f.x1, count)
    };
    let (w, base) = (f.w, H - BOTTOM);
    out.push_str(r#"<g class="axes">"#);
    for t in nice_ticks(f.y0, f.y1, 5) {
        let y = f.sy(t);
        let _ = write!(
            out,
            r#"<line class="grid" x1="{LEFT}" x2="{}" y1="{y}" y2="{y}"></line><text class="tick" x="{}" y="{}" text-anchor="end">{}</text>"#,
            w - RIGHT,
            LEFT - 8.0,
            y + 4.0,
            esc(&format_y(t))
        );
    }
    for t in x_ticks {
        let x = f.sx(t);
        let _ = write!(
            out,
            r#"<line class="tick-mark" x1="{x}" x2="{x}" y1="{base}" y2="{}"></line><text class="tick" x="{x}" y="{}" text-anchor="middle">{}</text>"#,
            base + 5.0,
            base + 18.0,
            esc(&format_x(t))
        );
    }
    let _ = write!(
        out,
        r#"<line class="axis" x1="{LEFT}" x2="{}" y1="{base}" y2="{base}"></line><line class="axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{base}"></line></g>"#,
        w - RIGHT
    );
}

/// The data: gaps, the band, marked events, the current input's marker, lines and dots.
fn plot_svg(out: &mut String, f: &Frame, d: &ChartData, marker: Option<f64>) {
    use std::fmt::Write;
    let (top, base) = (TOP, H - BOTTOM);
    if d.series
        .first()
        .is_some_and(|s| s.points.iter().any(|p| p.1.is_some()))
    {
        let why = esc(d.gap_reason.as_deref().unwrap_or("no prediction here"));
        for (lo, hi) in d.gaps() {
            let (a, b) = (f.sx(lo), f.sx(hi));
            let _ = write!(
                out,
                r#"<rect class="gap" x="{}" y="{top}" width="{}" height="{}"><title>{why}</title></rect>"#,
                a.min(b) - 1.0,
                (b - a).abs() + 2.0,
                base - top
            );
        }
    }
    if !d.band.is_empty() {
        let _ = write!(
            out,
            r#"<path class="band" d="{}"></path>"#,
            band_path(f, &d.band)
        );
    }
    for (x, text) in d.events.iter().filter(|e| e.0 >= f.x0 && e.0 <= f.x1) {
        let sx = f.sx(*x);
        let _ = write!(
            out,
            r#"<g class="event" data-x="{x}"><line x1="{sx}" x2="{sx}" y1="{top}" y2="{base}"></line><path d="M{sx:.1},{top}l-4,-6h8z"></path><title>{}</title></g>"#,
            esc(text)
        );
    }
    if let Some(m) = marker.filter(|m| *m >= f.x0 && *m <= f.x1) {
        let x = f.sx(m);
        let _ = write!(
            out,
            r#"<line class="marker" x1="{x}" x2="{x}" y1="{top}" y2="{base}"></line>"#
        );
    }
    for s in &d.series {
        if s.line {
            let _ = write!(
                out,
                r#"<path class="line {}" d="{}"></path>"#,
                s.class,
                line_path(f, &s.points)
            );
        }
        if s.dots && s.points.len() <= 200 {
            for &(x, y) in &s.points {
                if let Some(y) = y.filter(|_| !f.log || x > 0.0) {
                    let _ = write!(
                        out,
                        r#"<circle class="dot {}" cx="{}" cy="{}" r="2.5"></circle>"#,
                        s.class,
                        f.sx(x),
                        f.sy(y)
                    );
                }
            }
        }
    }
}

/// The chart's SVG as a file: its drawing without the hover tooltip, with the colours inlined
/// (the page's style sheet does not travel with it).
fn standalone_svg(svg: &web_sys::SvgElement) -> Option<String> {
    let copy = svg.clone_node_with_deep(true).ok()?;
    let copy: web_sys::Element = copy.dyn_into().ok()?;
    if let Ok(Some(t)) = copy.query_selector(".hover") {
        t.remove();
    }
    let view_box = copy.get_attribute("viewBox").unwrap_or_default();
    let size: Vec<&str> = view_box.split(' ').collect();
    let _ = copy.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    if size.len() == 4 {
        let _ = copy.set_attribute("width", size[2]);
        let _ = copy.set_attribute("height", size[3]);
    }
    let _ = copy.remove_attribute("tabindex");
    let html = copy.outer_html();
    // The style goes first inside the root element.
    let at = html.find('>')? + 1;
    Some(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}<style>{SVG_STYLE}</style>{}",
        &html[..at],
        &html[at..]
    ))
}

/// The chart's colours for exported files (the light theme).
const SVG_STYLE: &str = "svg{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#fff}\
.grid{stroke:#e8edf1}.axis,.tick-mark{stroke:#8a99a6}.tick{font-size:11px;fill:#5b6b7a}\
.axis-label{font-size:12px;fill:#17212b}.line{fill:none;stroke:#0f6e78;stroke-width:1.8}\
.line.s1{stroke:#d55e00}.line.s2{stroke:#7b5fb3}.line.s3{stroke:#0072b2;stroke-dasharray:6 3}\
.dot{fill:#0f6e78}.dot.s1{fill:#d55e00}.dot.s2{fill:#7b5fb3}.dot.measured{fill:#fff;stroke:#17212b;stroke-width:1.6}\
.marker{stroke:#e0a03a;stroke-width:1.5;stroke-dasharray:4 3}.band{fill:#e2f3f2;opacity:.85}\
.event line{stroke:#c0c9d1;stroke-dasharray:1 3}.event path{fill:#e0a03a}.gap{fill:#b3261e;opacity:.08}\
.empty{fill:#5b6b7a}";
