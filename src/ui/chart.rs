//! A small SVG line chart: axes with nice ticks, a line with gaps where a point has no value,
//! a marker at the current input, and a tooltip on hover. Written once, used by every page.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

const W: f64 = 640.0;
const H: f64 = 300.0;
const LEFT: f64 = 72.0;
const RIGHT: f64 = 18.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 46.0;

/// One x with its y, or `None` where the model rejected the input (drawn as a gap).
#[derive(Clone, Debug, PartialEq)]
pub struct ChartPoint {
    pub x: f64,
    pub y: Option<f64>,
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
    while t <= hi + step * 1e-9 {
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        t += step;
    }
    out
}

/// The plotting frame for a set of points.
#[derive(Clone, Copy, PartialEq)]
struct Frame {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl Frame {
    fn of(points: &[ChartPoint]) -> Option<Frame> {
        let ys: Vec<f64> = points.iter().filter_map(|p| p.y).collect();
        if ys.is_empty() {
            return None;
        }
        let (mut x0, mut x1) = points
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
                (a.min(p.x), b.max(p.x))
            });
        let y1 = ys.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        // Times start at zero so relative differences read honestly.
        let mut y0 = ys.iter().cloned().fold(f64::INFINITY, f64::min).min(0.0);
        let mut y1 = if y1 > y0 { y1 * 1.05 } else { y0 + 1.0 };
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

/// The SVG path of the line, broken where a point has no value.
fn line_path(frame: &Frame, points: &[ChartPoint]) -> String {
    let mut d = String::new();
    let mut pen_down = false;
    for p in points {
        match p.y {
            Some(y) => {
                let cmd = if pen_down { 'L' } else { 'M' };
                d.push_str(&format!("{cmd}{:.2},{:.2} ", frame.sx(p.x), frame.sy(y)));
                pen_down = true;
            }
            None => pen_down = false,
        }
    }
    d
}

#[component]
pub fn LineChart(
    #[prop(into)] points: Signal<Vec<ChartPoint>>,
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
) -> impl IntoView {
    let frame = Memo::new(move |_| points.with(|p| Frame::of(p)));
    let hover = RwSignal::new(None::<usize>);

    let on_move = move |ev: leptos::ev::MouseEvent| {
        let Some(target) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let rect = target.get_bounding_client_rect();
        if rect.width() <= 0.0 {
            return;
        }
        let vx = (f64::from(ev.client_x()) - rect.left()) / rect.width() * W;
        let nearest = frame.get().and_then(|f| {
            points.with(|pts| {
                pts.iter()
                    .enumerate()
                    .filter(|(_, p)| p.y.is_some())
                    .min_by(|(_, a), (_, b)| {
                        (f.sx(a.x) - vx).abs().total_cmp(&(f.sx(b.x) - vx).abs())
                    })
                    .map(|(i, _)| i)
            })
        });
        hover.set(nearest);
    };

    // Arrow keys walk the points (the same tooltip as hover); Escape hides it.
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let step: isize = match ev.key().as_str() {
            "ArrowRight" | "ArrowUp" => 1,
            "ArrowLeft" | "ArrowDown" => -1,
            "Escape" => {
                hover.set(None);
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        let valid: Vec<usize> = points.with(|pts| {
            pts.iter()
                .enumerate()
                .filter(|(_, p)| p.y.is_some())
                .map(|(i, _)| i)
                .collect()
        });
        let Some(&first) = valid.first() else { return };
        let next = match hover.get().and_then(|h| valid.iter().position(|&i| i == h)) {
            Some(k) => {
                let k = (k as isize + step).clamp(0, valid.len() as isize - 1) as usize;
                valid[k]
            }
            None => first,
        };
        hover.set(Some(next));
    };
    let readout = move || {
        let i = hover.get()?;
        let p = points.with(|pts| pts.get(i).cloned())?;
        Some(format!(
            "{} = {} → {}",
            x_label.get(),
            format_x(p.x),
            format_y(p.y?)
        ))
    };

    let axes = move || {
        frame.get().map(|f| {
            let x_ticks = nice_ticks(f.x0, f.x1, 8);
            let y_ticks = nice_ticks(f.y0, f.y1, 5);
            view! {
                <g class="axes">
                    {y_ticks
                        .into_iter()
                        .map(|t| {
                            let y = f.sy(t);
                            view! {
                                <line class="grid" x1=LEFT x2=W - RIGHT y1=y y2=y></line>
                                <text class="tick" x=LEFT - 8.0 y=y + 4.0 text-anchor="end">
                                    {format_y(t)}
                                </text>
                            }
                        })
                        .collect_view()}
                    {x_ticks
                        .into_iter()
                        .map(|t| {
                            let x = f.sx(t);
                            view! {
                                <line class="tick-mark" x1=x x2=x y1=H - BOTTOM y2=H - BOTTOM + 5.0></line>
                                <text class="tick" x=x y=H - BOTTOM + 18.0 text-anchor="middle">
                                    {format_x(t)}
                                </text>
                            }
                        })
                        .collect_view()}
                    <line class="axis" x1=LEFT x2=W - RIGHT y1=H - BOTTOM y2=H - BOTTOM></line>
                    <line class="axis" x1=LEFT x2=LEFT y1=TOP y2=H - BOTTOM></line>
                </g>
            }
        })
    };

    let series = move || {
        frame.get().map(|f| {
            let pts = points.get();
            let d = line_path(&f, &pts);
            let dots = pts
                .iter()
                .filter_map(|p| p.y.map(|y| (f.sx(p.x), f.sy(y))))
                .map(|(cx, cy)| view! { <circle class="dot" cx=cx cy=cy r="2.5"></circle> })
                .collect_view();
            let mark = marker.get().filter(|m| *m >= f.x0 && *m <= f.x1).map(|m| {
                let x = f.sx(m);
                view! { <line class="marker" x1=x x2=x y1=TOP y2=H - BOTTOM></line> }
            });
            view! {
                {mark}
                <path class="line" d=d></path>
                {dots}
            }
        })
    };

    let tooltip = move || {
        let f = frame.get()?;
        let i = hover.get()?;
        let p = points.with(|pts| pts.get(i).cloned())?;
        let y = p.y?;
        let (cx, cy) = (f.sx(p.x), f.sy(y));
        let text = readout()?;
        let width = 12.0 + 6.6 * text.chars().count() as f64;
        let bx = if cx + 10.0 + width > W {
            cx - 10.0 - width
        } else {
            cx + 10.0
        };
        let by = (cy - 34.0).max(TOP);
        Some(view! {
            <g class="tooltip" data-x=p.x.to_string() data-y=y.to_string()>
                <line class="hover-line" x1=cx x2=cx y1=TOP y2=H - BOTTOM></line>
                <circle class="hover-dot" cx=cx cy=cy r="5"></circle>
                <rect x=bx y=by width=width height="24" rx="4"></rect>
                <text x=bx + 6.0 y=by + 16.0>{text}</text>
            </g>
        })
    };

    view! {
        <figure class="chart">
            <svg
                viewBox=format!("0 0 {W} {H}")
                role="img"
                tabindex="0"
                aria-label=move || format!("{} (arrow keys read the points)", title.get())
                on:mousemove=on_move
                on:mouseleave=move |_| hover.set(None)
                on:keydown=on_key
                on:blur=move |_| hover.set(None)
            >
                <title>{move || title.get()}</title>
                {axes}
                {series}
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
            <figcaption class="sr-only" aria-live="polite">{readout}</figcaption>
        </figure>
    }
}
