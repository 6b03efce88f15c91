//! The chart's SVG markup as text (escaped): the axes with their ticks and the plot (gaps,
//! band, events, marker, lines, dots). One DOM update per drawing.

use super::geometry::{band_path, line_path, x_axis, Frame};
use super::{ChartData, BOTTOM, H, RIGHT, TOP};

/// Text for SVG markup: `&`, `<`, `>` and quotes escaped.
pub fn esc(text: &str) -> String {
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

/// The axes: grid lines and y ticks, x ticks, the two axis lines. At least three x ticks,
/// however narrow the chart, their labels apart ([`x_axis`]); a tick label near the right edge
/// ends there instead of being cut.
/// A histogram's bars, side by side across `width`: one per `(count, class, title)`, its
/// height its share of the largest count over `span`, standing on `floor` (at least half a
/// unit high, so an empty bar still shows where it is); hovering one shows its title.
pub fn bars(out: &mut String, width: f64, floor: f64, span: f64, bars: &[(u64, &str, String)]) {
    use std::fmt::Write;
    let top = bars.iter().map(|b| b.0).max().unwrap_or(1).max(1) as f64;
    let w = width / bars.len().max(1) as f64;
    for (i, (count, class, title)) in bars.iter().enumerate() {
        let bh = (*count as f64 / top * span).max(0.5);
        let _ = write!(
            out,
            r#"<rect class="bar{class}" x="{:.1}" y="{:.1}" width="{:.1}" height="{bh:.1}"><title>{}</title></rect>"#,
            i as f64 * w + 1.0,
            floor - bh,
            (w - 2.0).max(1.0),
            esc(title)
        );
    }
}

pub fn axes_svg(
    out: &mut String,
    f: &Frame,
    format_x: fn(f64) -> String,
    format_y: fn(f64) -> String,
) {
    use std::fmt::Write;
    let left = f.left;
    let (w, base) = (f.w, H - BOTTOM);
    out.push_str(r#"<g class="axes">"#);
    for t in f.y_ticks() {
        let y = f.sy(t);
        let _ = write!(
            out,
            r#"<line class="grid" x1="{left}" x2="{}" y1="{y}" y2="{y}"></line><text class="tick" x="{}" y="{}" text-anchor="end">{}</text>"#,
            w - RIGHT,
            left - 8.0,
            y + 4.0,
            esc(&format_y(t))
        );
    }
    for t in x_axis(f, format_x) {
        let _ = write!(
            out,
            r#"<line class="tick-mark" x1="{x}" x2="{x}" y1="{base}" y2="{}"></line><text class="tick" x="{}" y="{}" text-anchor="{}">{}</text>"#,
            base + 5.0,
            t.label_x,
            base + 18.0,
            t.anchor,
            esc(&t.label),
            x = t.x,
        );
    }
    let _ = write!(
        out,
        r#"<line class="axis" x1="{left}" x2="{}" y1="{base}" y2="{base}"></line><line class="axis" x1="{left}" x2="{left}" y1="{TOP}" y2="{base}"></line></g>"#,
        w - RIGHT
    );
}

/// The data: gaps, the band, marked events, the current input's marker, lines and dots.
pub fn plot_svg(out: &mut String, f: &Frame, d: &ChartData, marker: Option<f64>) {
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
