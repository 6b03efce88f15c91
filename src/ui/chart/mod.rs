//! A small SVG chart, written once for every page: axes with nice ticks, one or more lines
//! (with gaps where a point has no value), an optional shaded band, dots for measured points,
//! marked events (jumps) explained on hover, a marker at the current input, and a tooltip
//! that follows the mouse or the arrow keys. Long series are thinned to a few points per
//! pixel column (keeping each column's extremes), so 10,000-point sweeps stay fast to draw.
//! The drawing is as wide as its box, in CSS pixels, so text keeps its size on phones. Gaps
//! are shaded and explained; the x axis may be logarithmic; every chart exports its points
//! (CSV) and its picture (SVG, PNG).

//!
//! The data, geometry and SVG text are `crate::chart` (pure, tested natively); this is the
//! component, and `export` writes its files.

mod export;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::browser;
use crate::chart::geometry::{wrap, Frame};
use crate::chart::svg::{axes_svg, esc, plot_svg};
use crate::chart::{value_at, BOTTOM, H, LEFT, RIGHT, TOP, W0};
pub use crate::chart::{ChartData, Series};
use export::standalone_svg;

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
    let width = box_width(figure);
    // A log y axis, chosen under the chart (a 1-thread point need not flatten the rest).
    let log_y = RwSignal::new(false);
    let frame = Memo::new(move |_| {
        let (w, log, ly) = (width.get(), log_x.get(), log_y.get());
        data.with(|d| Frame::of(d, w, log, ly, format_y))
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

    let on_move = move |ev| hover_nearest(ev, frame, data, hover);

    let on_key = move |ev| walk_points(ev, grid_len(), hover);

    // The hovered point in words: one line per series, and the event there, if any.
    let readout_lines = move || -> Option<Vec<String>> {
        let i = hover.get()?;
        data.with(|d| readout_of(d, i, x_label, format_x, format_y))
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
        let lines = readout_lines()?;
        data.with(|d| tooltip_svg(&f, d, i, &lines))
    };

    let legend = move || data.with(legend_of);

    let gap_note = move || data.with(|d| gap_note_of(d, x_label, format_x));

    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    view! {
        <figure class="chart" node_ref=figure>
            <svg
                node_ref=svg_ref
                viewBox=move || format!("0 0 {} {H}", width.get())
                role="img"
                tabindex="0"
                aria-label=move || format!("{} (arrow keys, Home and End read the points)", title.get())
                on:mousemove=on_move
                // A tap (touch screens send no hover) reads the nearest point too.
                on:click=on_move
                on:mouseleave=move |_| hover.set(None)
                on:keydown=on_key
                on:blur=move |_| hover.set(None)
            >
                <title>{move || title.get()}</title>
                // Up to thousands of points and their axes: one SVG string per redraw
                // (`chart::svg`), not a view per mark.
                <g class="drawing" inner_html=drawing></g>
                {axis_titles(frame, width, x_label, y_label, log_x, log_y)}
                <g class="hover" inner_html=move || tooltip().unwrap_or_default()></g>
                <Show when=move || frame.get().is_none()>
                    <text class="empty" x=move || width.get() / 2.0 y=H / 2.0 text-anchor="middle">
                        "No valid point in this range"
                    </text>
                </Show>
            </svg>
            {legend}
            {gap_note}
            <label class="check log-y">
                <input type="checkbox" class="log-y" prop:checked=log_y
                    on:change=move |ev| log_y.set(event_target_checked(&ev))/>
                " log y axis"
            </label>
            {export_buttons(data, x_label, svg_ref, frame, file)}
            <figcaption class="sr-only" aria-live="polite">{readout}</figcaption>
        </figure>
    }
}

/// Arrow keys walk the chart's `n` points (the same tooltip as hover); Escape hides it.
fn walk_points(ev: leptos::ev::KeyboardEvent, n: usize, hover: RwSignal<Option<usize>>) {
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
}

/// The hovered point `i` in words: one line per series, and the event there, if any.
fn readout_of(
    d: &ChartData,
    i: usize,
    x_label: Signal<String>,
    format_x: fn(f64) -> String,
    format_y: fn(f64) -> String,
) -> Option<Vec<String>> {
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
}

/// The tooltip at the hovered point `i` as SVG text: the hover line, a dot per series, and
/// the readout's lines, wrapped, in a box kept inside the chart.
fn tooltip_svg(f: &Frame, d: &ChartData, i: usize, lines: &[String]) -> Option<String> {
    let max_chars = ((f.w - 24.0) / 7.3).floor().clamp(20.0, 56.0) as usize;
    let lines: Vec<String> = lines.iter().flat_map(|l| wrap(l, max_chars)).collect();
    let first = d.series.first()?;
    let x = first.points.get(i)?.0;
    let ys: Vec<f64> = d.series.iter().filter_map(|s| value_at(s, x)).collect();
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
}

/// The legend, where the chart has more than one series, a band, events or gaps.
fn legend_of(d: &ChartData) -> Option<impl IntoView> {
    let gaps = d
        .series
        .first()
        .is_some_and(|s| s.points.iter().any(|p| p.1.is_none()));
    (d.series.len() > 1 || !d.band.is_empty() || !d.events.is_empty() || gaps).then(|| {
        let items = (d.series.len() > 1).then(|| {
            d.series
                .iter()
                .map(|s| {
                    let dot = if s.line { "" } else { " dot" };
                    view! { <li><span class=format!("swatch {}{dot}", s.class)></span>{s.name.clone()}</li> }
                })
                .collect_view()
        });
        let band = (!d.band.is_empty()).then(|| view! { <li><span class="swatch band"></span>"min–max interval"</li> });
        let label = if d.event_label.is_empty() { "jump" } else { d.event_label };
        let events = (!d.events.is_empty()).then(|| view! { <li><span class="swatch event"></span>{format!("{label} (hover, tap or arrow keys for why)")}</li> });
        let gaps = gaps.then(|| view! { <li><span class="swatch gap"></span>"no prediction (hover for why)"</li> });
        view! { <ul class="legend">{items}{band}{events}{gaps}</ul> }
    })
}

/// Gaps in words under the chart: how many points, and the model's reason.
fn gap_note_of(
    d: &ChartData,
    x_label: Signal<String>,
    format_x: fn(f64) -> String,
) -> Option<impl IntoView> {
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
}

/// The chart's downloads: its points (CSV) and its picture (SVG, PNG).
fn export_buttons(
    data: Signal<ChartData>,
    x_label: Signal<String>,
    svg_ref: NodeRef<leptos::svg::Svg>,
    frame: Memo<Option<Frame>>,
    file: &'static str,
) -> impl IntoView {
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
    <div class="export" role="group" aria-label="Download this chart">
        "Download: "
        <button type="button" class="link export-csv" on:click=export_csv title="The chart's points as CSV">"CSV"</button>
        <button type="button" class="link export-svg" on:click=export_svg title="The chart as an SVG picture">"SVG"</button>
        <button type="button" class="link export-png" on:click=export_png title="The chart as a PNG picture">"PNG"</button>
    </div>
    }
}

/// The figure's width in CSS pixels, followed as its box resizes.
fn box_width(figure: NodeRef<leptos::html::Figure>) -> RwSignal<f64> {
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
    width
}

/// The pointer moved: hover the first series' point nearest it.
fn hover_nearest(
    ev: leptos::ev::MouseEvent,
    frame: Memo<Option<Frame>>,
    data: Signal<ChartData>,
    hover: RwSignal<Option<usize>>,
) {
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
    let x = f.at_fx((vx - f.left) / (f.w - f.left - RIGHT));
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
}

/// The axes' titles, each saying where its scale is logarithmic.
fn axis_titles(
    frame: Memo<Option<Frame>>,
    width: RwSignal<f64>,
    x_label: Signal<String>,
    y_label: Signal<String>,
    log_x: Signal<bool>,
    log_y: RwSignal<bool>,
) -> impl IntoView {
    view! {
    <text class="axis-label" x=move || (frame.with(|f| f.map_or(LEFT, |f| f.left)) + width.get() - RIGHT) / 2.0 y=H - 8.0 text-anchor="middle">
        {move || format!("{}{}", x_label.get(), if log_x.get() { " — log scale" } else { "" })}
    </text>
    <text
        class="axis-label"
        x="14"
        y=(TOP + H - BOTTOM) / 2.0
        text-anchor="middle"
        transform=format!("rotate(-90 14 {})", (TOP + H - BOTTOM) / 2.0)
    >
        {move || format!("{}{}", y_label.get(), if log_y.get() { " — log scale" } else { "" })}
    </text>
    }
}
