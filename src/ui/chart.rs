//! A small SVG chart, written once for every page: axes with nice ticks, one or more lines
//! (with gaps where a point has no value), an optional shaded band, dots for measured points,
//! marked events (jumps) explained on hover, a marker at the current input, and a tooltip
//! that follows the mouse or the arrow keys. Long series are thinned to a few points per
//! pixel column (keeping each column's extremes), so 10,000-point sweeps stay fast to draw.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

const W: f64 = 640.0;
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

/// The plotting frame for the data.
#[derive(Clone, Copy, PartialEq)]
struct Frame {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl Frame {
    fn of(data: &ChartData) -> Option<Frame> {
        let mut xs = (f64::INFINITY, f64::NEG_INFINITY);
        let mut ys = (f64::INFINITY, f64::NEG_INFINITY);
        let mut see = |x: f64, y: f64| {
            if x.is_finite() && y.is_finite() {
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
        // Times start at zero so relative differences read honestly.
        let mut y0 = ys.0.min(0.0);
        let mut y1 = if ys.1 > y0 { ys.1 * 1.05 } else { y0 + 1.0 };
        if x1 <= x0 {
            x0 -= 1.0;
            x1 += 1.0;
        }
        if y0 == y1 {
            y0 -= 1.0;
            y1 += 1.0;
        }
        Some(Frame { x0, x1, y0, y1 })
    }
    fn sx(&self, x: f64) -> f64 {
        LEFT + (x - self.x0) / (self.x1 - self.x0) * (W - LEFT - RIGHT)
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
    if pts.len() <= 2 * (W as usize) {
        return pts;
    }
    let mut out = Vec::with_capacity(4 * W as usize);
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
            Some(y) if y.is_finite() => run.push((x, y)),
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
    #[prop(into)] x_label: Signal<String>,
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
) -> impl IntoView {
    let frame = Memo::new(move |_| data.with(Frame::of));
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
        let vx = (f64::from(ev.client_x()) - rect.left()) / rect.width() * W;
        let x = f.x0 + (vx - LEFT) / (W - LEFT - RIGHT) * (f.x1 - f.x0);
        let nearest = data.with_untracked(|d| {
            let pts = &d.series.first()?.points;
            let i = pts.partition_point(|p| p.0 < x);
            [i.checked_sub(1), Some(i)]
                .into_iter()
                .flatten()
                .filter(|&k| k < pts.len())
                .min_by(|&a, &b| (pts[a].0 - x).abs().total_cmp(&(pts[b].0 - x).abs()))
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
                lines.push(format!("{head} → {}", first.points[i].1.map(format_y)?));
            } else {
                lines.push(head);
                for s in &d.series {
                    if let Some(y) = value_at(s, x) {
                        lines.push(format!("{}: {}", s.name, format_y(y)));
                    }
                }
            }
            for (_, text) in d.events.iter().filter(|e| e.0 == x) {
                lines.push(text.clone());
            }
            Some(lines)
        })
    };
    let readout = move || readout_lines().map(|l| l.join("; "));

    let axes = move || {
        frame.get().map(|f| {
            let x_ticks = nice_ticks(f.x0, f.x1, 8);
            let y_ticks = nice_ticks(f.y0, f.y1, 5);
            view! {
                <g class="axes">
                    {y_ticks.into_iter().map(|t| {
                        let y = f.sy(t);
                        view! {
                            <line class="grid" x1=LEFT x2=W - RIGHT y1=y y2=y></line>
                            <text class="tick" x=LEFT - 8.0 y=y + 4.0 text-anchor="end">{format_y(t)}</text>
                        }
                    }).collect_view()}
                    {x_ticks.into_iter().map(|t| {
                        let x = f.sx(t);
                        view! {
                            <line class="tick-mark" x1=x x2=x y1=H - BOTTOM y2=H - BOTTOM + 5.0></line>
                            <text class="tick" x=x y=H - BOTTOM + 18.0 text-anchor="middle">{format_x(t)}</text>
                        }
                    }).collect_view()}
                    <line class="axis" x1=LEFT x2=W - RIGHT y1=H - BOTTOM y2=H - BOTTOM></line>
                    <line class="axis" x1=LEFT x2=LEFT y1=TOP y2=H - BOTTOM></line>
                </g>
            }
        })
    };

    let plot = move || {
        frame.get().map(|f| {
            data.with(|d| {
                let band = (!d.band.is_empty())
                    .then(|| view! { <path class="band" d=band_path(&f, &d.band)></path> });
                let events = d
                    .events
                    .iter()
                    .filter(|e| e.0 >= f.x0 && e.0 <= f.x1)
                    .map(|(x, text)| {
                        let sx = f.sx(*x);
                        view! {
                            <g class="event" data-x=x.to_string()>
                                <line x1=sx x2=sx y1=TOP y2=H - BOTTOM></line>
                                <path d=format!("M{:.1},{TOP}l-4,-6h8z", sx)></path>
                                <title>{text.clone()}</title>
                            </g>
                        }
                    })
                    .collect_view();
                let lines = d
                    .series
                    .iter()
                    .map(|s| {
                        let path = s.line.then(|| {
                            view! { <path class=format!("line {}", s.class) d=line_path(&f, &s.points)></path> }
                        });
                        let dots = (s.dots && s.points.len() <= 200).then(|| {
                            s.points
                                .iter()
                                .filter_map(|&(x, y)| y.map(|y| (f.sx(x), f.sy(y))))
                                .map(|(cx, cy)| view! { <circle class=format!("dot {}", s.class) cx=cx cy=cy r="2.5"></circle> })
                                .collect_view()
                        });
                        view! { {path}{dots} }
                    })
                    .collect_view();
                let mark = marker.get().filter(|m| *m >= f.x0 && *m <= f.x1).map(|m| {
                    let x = f.sx(m);
                    view! { <line class="marker" x1=x x2=x y1=TOP y2=H - BOTTOM></line> }
                });
                view! { {band}{events}{mark}{lines} }
            })
        })
    };

    let tooltip = move || {
        let f = frame.get()?;
        let i = hover.get()?;
        let lines: Vec<String> = readout_lines()?.iter().flat_map(|l| wrap(l, 52)).collect();
        let (x, ys) = data.with(|d| {
            let first = d.series.first()?;
            let x = first.points.get(i)?.0;
            let ys: Vec<f64> = d.series.iter().filter_map(|s| value_at(s, x)).collect();
            Some((x, ys))
        })?;
        let cx = f.sx(x);
        let cy = ys.first().map_or(TOP, |y| f.sy(*y));
        // 12 px monospace: about 7.3 px a character.
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let width = (12.0 + 7.3 * longest as f64).min(W - 8.0);
        let height = 8.0 + 16.0 * lines.len() as f64;
        let bx = if cx + 10.0 + width > W {
            cx - 10.0 - width
        } else {
            cx + 10.0
        };
        let bx = bx.clamp(4.0, W - width - 4.0);
        let by = (cy - height - 10.0)
            .max(TOP)
            .min(H - BOTTOM - height)
            .max(0.0);
        let dots = ys
            .iter()
            .map(|y| view! { <circle class="hover-dot" cx=cx cy=f.sy(*y) r="4"></circle> })
            .collect_view();
        Some(view! {
            <g class="tooltip" data-x=x.to_string() data-y=ys.first().map(|y| y.to_string()).unwrap_or_default()>
                <line class="hover-line" x1=cx x2=cx y1=TOP y2=H - BOTTOM></line>
                {dots}
                <rect x=bx y=by width=width height=height rx="4"></rect>
                <text x=bx + 6.0 y=by + 16.0>
                    {lines.into_iter().enumerate().map(|(k, l)| view! {
                        <tspan x=bx + 6.0 dy=if k == 0 { "0" } else { "16" }>{l}</tspan>
                    }).collect_view()}
                </text>
            </g>
        })
    };

    let legend = move || {
        data.with(|d| {
            (d.series.len() > 1 || !d.band.is_empty()).then(|| {
                let items = d
                    .series
                    .iter()
                    .map(|s| view! { <li><span class=format!("swatch {}", s.class)></span>{s.name.clone()}</li> })
                    .collect_view();
                let band = (!d.band.is_empty()).then(|| view! { <li><span class="swatch band"></span>"min–max interval"</li> });
                let events = (!d.events.is_empty()).then(|| view! { <li><span class="swatch event"></span>"jump (hover for why)"</li> });
                view! { <ul class="legend">{items}{band}{events}</ul> }
            })
        })
    };

    view! {
        <figure class="chart">
            <svg
                viewBox=format!("0 0 {W} {H}")
                role="img"
                tabindex="0"
                aria-label=move || format!("{} (arrow keys, Home and End read the points)", title.get())
                on:mousemove=on_move
                on:mouseleave=move |_| hover.set(None)
                on:keydown=on_key
                on:blur=move |_| hover.set(None)
            >
                <title>{move || title.get()}</title>
                {axes}
                {plot}
                <text class="axis-label" x=(LEFT + W - RIGHT) / 2.0 y=H - 8.0 text-anchor="middle">
                    {move || x_label.get()}
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
                {tooltip}
                <Show when=move || frame.get().is_none()>
                    <text class="empty" x=W / 2.0 y=H / 2.0 text-anchor="middle">
                        "No valid point in this range"
                    </text>
                </Show>
            </svg>
            {legend}
            <figcaption class="sr-only" aria-live="polite">{readout}</figcaption>
        </figure>
    }
}
