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
            let measured = g.state.measured.as_ref().map_or(String::new(), |m| {
                format!(
                    " Measured {}: {} × the bound.",
                    format::duration(m.time_s),
                    format::significant(m.time_s / o.time_s, 3)
                )
            });
            format!(
                r#"<p class="result-device">{} · roofline</p><p class="headline"><span class="label">Lower bound</span><span class="time" id="time" data-value="{}">{}</span></p><p class="explanation" id="explanation">Set by <strong id="bound">{}</strong> (each ceiling's time is in the worked table): no run of this kernel on this device takes less.{measured}</p>"#,
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
    view! { <section class="card" aria-label="The roofline" inner_html=chart></section> }.into_any()
}

/// The roofline chart as SVG text; a note instead where the kernel does no floating point.
pub fn roof_svg(i: &Inputs, o: &Outputs, measured_s: Option<f64>) -> String {
    const W: f64 = 640.0;
    const H: f64 = 260.0;
    const L: f64 = 56.0;
    const B: f64 = 30.0;
    let (Some(ai), Some(peak)) = (o.intensity, o.peak_gflops) else {
        return r#"<h2>Roofline</h2><p class="muted" id="roofline-none">No FLOPs with a known peak: no chart.</p>"#.to_string();
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
