//! The roofline page module: the bound and what sets it, each ceiling's time, and the
//! roofline chart (arithmetic intensity against GFLOP/s, log–log, the device's memory slope
//! and compute roof, the kernel at its bound and, with a measured time, where it ran). Written
//! as HTML text: one DOM update, little code.

use std::fmt::Write;

use leptos::prelude::*;

use super::{Ctx, Good, Page};
use crate::chart::svg::esc;
use crate::format;
use crate::model::roofline::{Inputs, Outputs};

pub const PAGE: Page = Page {
    result,
    visuals,
    summary,
};

fn typed(good: &Good) -> Option<&(Inputs, Outputs)> {
    good.eval.detail.get::<(Inputs, Outputs)>()
}

fn summary(good: &Good) -> String {
    typed(good).map_or(String::new(), |(_, o)| {
        format!("≥ {} · {}", format::duration(o.time_s), o.limit.words())
    })
}

fn result(ctx: Ctx) -> AnyView {
    let card = Signal::derive(move || {
        ctx.good.with(|g| {
            let Some(g) = g.as_ref() else {
                return String::new();
            };
            let Some((_, o)) = typed(g) else {
                return String::new();
            };
            format!(
                r#"<p class="result-device">{} · roofline</p><p class="headline"><span class="label">Lower bound</span><span class="time" id="time" data-value="{}">{}</span></p><p class="explanation" id="explanation">Set by <strong id="bound">{}</strong> (each ceiling's time is in the worked table): no run of this kernel on this device takes less.</p>"#,
                esc(g.state.device.name),
                format::exact(o.time_s),
                format::duration(o.time_s),
                o.limit.words(),
            )
        })
    });
    view! { <div class="html-table" inner_html=card></div> }.into_any()
}

fn visuals(ctx: Ctx) -> AnyView {
    let chart = Signal::derive(move || {
        ctx.good
            .with(|g| {
                let g = g.as_ref()?;
                let (i, o) = typed(g)?;
                Some(roof_svg(
                    &i,
                    &o,
                    g.state.measured.as_ref().map(|m| m.time_s),
                ))
            })
            .unwrap_or_default()
    });
    view! { <section class="card roofline-section" aria-label="The roofline" inner_html=chart></section> }.into_any()
}

/// Without FLOPs (or a peak for them) no intensity places the kernel: the memory roof alone,
/// as DRAM bandwidth, with the bandwidth at the bound and the one measured.
fn memory_roof_svg(i: &Inputs, o: &Outputs, measured_s: Option<f64>) -> String {
    let bw = i.mem_bandwidth_gbs;
    let gbs = |t: f64| (t > 0.0).then(|| i.dram_bytes / t / 1e9);
    let points = [
        ("bound-point", "At the bound", gbs(o.time_s)),
        ("measured-point", "Measured", measured_s.and_then(gbs)),
    ];
    let x = |v: f64| 56.0 + v / bw * 480.0;
    let mut s = format!(
        r#"<h2>Roofline</h2><figure class="chart"><svg class="roofline" id="roofline" viewBox="0 0 640 90" role="img" aria-label="DRAM bandwidth: the roof, the bound and the measured"><line class="roof" x1="{:.1}" y1="10" x2="{:.1}" y2="60"><title>roof {} GB/s</title></line><line class="axis" x1="56" y1="60" x2="600" y2="60"></line><text class="tick" x="56" y="78" text-anchor="middle">0</text><text class="tick" x="{:.1}" y="78" text-anchor="middle">{} GB/s</text>"#,
        x(bw),
        x(bw),
        format::num(bw),
        x(bw),
        format::num(bw)
    );
    for (class, what, v) in points {
        if let Some(v) = v.filter(|v| v.is_finite()) {
            let _ = write!(
                s,
                r#"<circle class="{class}" cx="{:.1}" cy="35" r="5"><title>{what}: {} GB/s</title></circle>"#,
                x(v.min(bw * 1.15)),
                format::significant(v, 3)
            );
        }
    }
    s += r#"</svg><figcaption class="muted" id="roofline-none">No FLOPs: the memory roof alone, DRAM GB/s (dot at the bound, ring as measured).</figcaption></figure>"#;
    s
}

/// The roofline chart as SVG text; the memory roof alone where the kernel does no floating
/// point.
pub fn roof_svg(i: &Inputs, o: &Outputs, measured_s: Option<f64>) -> String {
    const W: f64 = 640.0;
    const H: f64 = 260.0;
    const L: f64 = 56.0;
    const B: f64 = 30.0;
    let (Some(ai), Some(peak)) = (o.intensity, o.peak_gflops) else {
        return memory_roof_svg(i, o, measured_s);
    };
    let bw = i.mem_bandwidth_gbs;
    let ridge = peak / bw;
    let flops =
        i.flops_fp64 + i.flops_fp32 + i.flops_fp16.unwrap_or(0.0) + i.flops_tensor.unwrap_or(0.0);
    let achieved = measured_s.map(|t| flops / t / 1e9);
    let lo_x = (ai.min(ridge) / 10.0).log10().floor();
    let hi_x = (ai.max(ridge) * 10.0).log10().ceil();
    let lowest = [Some(bw * 10f64.powf(lo_x)), achieved, o.attainable_gflops]
        .into_iter()
        .flatten()
        .fold(peak, f64::min);
    let lo_y = lowest.log10().floor();
    let hi_y = (peak * 2.0).log10().ceil();
    let x = |v: f64| L + (v.log10() - lo_x) / (hi_x - lo_x) * (W - L - 10.0);
    let y = |v: f64| 10.0 + (hi_y - v.log10()) / (hi_y - lo_y) * (H - 10.0 - B);
    let mut s = format!(
        r#"<h2>Roofline</h2><figure class="chart"><svg class="roofline" id="roofline" viewBox="0 0 {W} {H}" role="img" aria-label="Roofline: GFLOP/s against FLOPs per DRAM byte, log–log">"#
    );
    for d in lo_x as i32..=hi_x as i32 {
        let v = 10f64.powi(d);
        let _ = write!(
            s,
            r#"<text class="tick" x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
            x(v),
            H - 12.0,
            format::num(v)
        );
    }
    for d in lo_y as i32..=hi_y as i32 {
        let v = 10f64.powi(d);
        let _ = write!(
            s,
            r#"<text class="tick" x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
            L - 4.0,
            y(v) + 4.0,
            format::num(v)
        );
    }
    let x0 = 10f64.powf(lo_x);
    let x1 = 10f64.powf(hi_x);
    let _ = write!(
        s,
        r#"<path class="roof" d="M{:.1},{:.1}L{:.1},{:.1}L{:.1},{:.1}"><title>{} GB/s, {} GFLOP/s, ridge {} FLOP/B</title></path>"#,
        x(x0),
        y(bw * x0),
        x(ridge),
        y(peak),
        x(x1),
        y(peak),
        format::num(bw),
        format::num(peak),
        format::significant(ridge, 3)
    );
    if let Some(at) = o.attainable_gflops {
        let _ = write!(
            s,
            r#"<circle class="bound-point" cx="{:.1}" cy="{:.1}" r="5"><title>Bound: {} FLOP/B, {} GFLOP/s</title></circle>"#,
            x(ai),
            y(at),
            format::significant(ai, 3),
            format::significant(at, 3)
        );
    }
    if let Some(a) = achieved {
        let _ = write!(
            s,
            r#"<circle class="measured-point" id="roofline-measured" cx="{:.1}" cy="{:.1}" r="5"><title>Measured: {} GFLOP/s</title></circle>"#,
            x(ai),
            y(a),
            format::significant(a, 3)
        );
    }
    s += r#"<text class="axis-title" x="340" y="258" text-anchor="middle">FLOPs per DRAM byte</text></svg><figcaption class="muted">GFLOP/s, log–log: dot at the bound, ring as measured.</figcaption></figure>"#;
    s
}
