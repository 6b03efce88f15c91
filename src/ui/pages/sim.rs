//! The Sim et al. (GPUPerf) page module: the predicted time, which part bounds it (T_comp
//! against T_mem) and how much of the smaller one the overlap hides, with one bar per term.
//! Written as HTML text: one DOM update and little code, for the main bundle's budget.

use std::fmt::Write;

use leptos::prelude::*;

use super::{Ctx, Good, Page};
use crate::chart::svg::esc;
use crate::format;
use crate::model::sim::{Bound, Inputs, Outputs};

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
        format!("{} · {}-bound", format::duration(o.time_s), o.bound.word())
    })
}

fn cycles(x: f64) -> String {
    format!("{} {}", format::num(x), format::noun(x, "cycle", "cycles"))
}

/// The result card: the time, what bounds it and what the overlap hides.
fn card(g: &Good, o: &Outputs) -> String {
    let (larger, smaller) = match o.bound {
        Bound::Memory => ("T_mem", "T_comp"),
        Bound::Computation => ("T_comp", "T_mem"),
    };
    format!(
        r#"<p class="result-device">{} · Sim et al.</p><p class="headline"><span class="label">Predicted time</span><span class="time" id="time" data-value="{}">{}</span></p><p class="explanation" id="explanation"><strong id="bound">{}-bound</strong>: {larger} is the larger part of T_exec = T_comp + T_mem − T_overlap ({} in all). The overlap hides {} of {smaller}; MWP {} is set by the {}.</p>"#,
        esc(g.state.device.name),
        format::exact(o.time_s),
        format::duration(o.time_s),
        upper(o.bound.word()),
        cycles(o.t_exec),
        cycles(o.t_overlap),
        format::significant(o.mwp, 4),
        o.mwp_limited_by.name().replace('_', " "),
    )
}

fn upper(w: &str) -> String {
    let mut c = w.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

fn result(ctx: Ctx) -> AnyView {
    let text = Signal::derive(move || {
        ctx.good.with(|g| {
            g.as_ref()
                .and_then(|g| typed(g).map(|(_, o)| card(g, o)))
                .unwrap_or_default()
        })
    });
    view! { <div class="html-table" inner_html=text></div> }.into_any()
}

/// T_comp, T_mem and T_overlap as bars on one scale, each named at its left, and T_exec
/// beneath.
pub fn bars_svg(o: &Outputs) -> String {
    const W: f64 = 640.0;
    const LABEL: f64 = 84.0;
    let top = o.t_comp.max(o.t_mem).max(1.0);
    let rows = [
        ("T_comp", o.t_comp, "seg-compute"),
        ("T_mem", o.t_mem, "seg-current"),
        ("T_overlap", o.t_overlap, "seg-prev"),
    ];
    let mut s = format!(
        r#"<h2>Where the time goes</h2><figure class="chart"><svg id="sim-bars" viewBox="0 0 {W} 84" role="img" aria-label="T_comp, T_mem and T_overlap in cycles, on one scale">"#
    );
    for (i, (name, v, class)) in rows.iter().enumerate() {
        let y = i * 28;
        let _ = write!(
            s,
            r#"<text class="tick" x="0" y="{}">{name}</text><rect class="{class}" x="{LABEL}" y="{y}" width="{:.1}" height="24"><title>{name}: {}</title></rect>"#,
            y + 16,
            (v / top * (W - LABEL)).max(0.5),
            cycles(*v)
        );
    }
    let _ = write!(
        s,
        r#"</svg><figcaption class="muted">T_comp {} · T_mem {} · T_overlap {}: T_exec = {}.</figcaption></figure>"#,
        cycles(o.t_comp),
        cycles(o.t_mem),
        cycles(o.t_overlap),
        cycles(o.t_exec)
    );
    s
}

fn visuals(ctx: Ctx) -> AnyView {
    let text = Signal::derive(move || {
        ctx.good
            .with(|g| g.as_ref().and_then(typed).map(|(_, o)| bars_svg(o)))
            .unwrap_or_default()
    });
    view! { <section class="card sim-section" aria-label="Where the time goes" inner_html=text></section> }
        .into_any()
}
