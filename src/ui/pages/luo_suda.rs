//! The Luo & Suda page module: the predicted time, MPD and CPD, each calculate period's type
//! on a timeline bar (computation, waiting caused by the current period, waiting caused by
//! the previous one), and the paper's Fig. 8: time against active warps per SM at fixed total
//! work, with MPD and CPD against warps on a second chart.

use leptos::prelude::*;

use super::{Ctx, Good, Page};
use crate::format;
use crate::model::luo_suda::{self, Outputs, Period};
use crate::ui::chart::{Chart, ChartData, Series};
use crate::ui::ptx::{PtxPanel, Target};

pub const PAGE: Page = Page {
    result,
    visuals,
    summary,
};

/// The engine's inputs and outputs behind a valid state (the evaluation's detail).
fn typed(good: &Good) -> Option<(luo_suda::Inputs, Outputs)> {
    good.eval
        .detail
        .get::<(luo_suda::Inputs, Outputs)>()
        .cloned()
}

fn summary(good: &Good) -> String {
    typed(good).map_or(String::new(), |(_, o)| {
        format!(
            "{} · MPD {} · CPD {}",
            format::duration(o.time_s),
            format::num(o.mpd),
            format::num(o.cpd)
        )
    })
}

fn type_words(kind: u8) -> &'static str {
    match kind {
        1 => "no long memory wait",
        2 => "waits for its own memory task",
        3 => "waits for the previous period's memory task",
        _ => "waits for both",
    }
}

/// The periods as one bar (each period's computation, then its waits) and as a table, written
/// as HTML text.
fn periods_html(periods: &[Period]) -> String {
    use crate::chart::svg::esc;
    use std::fmt::Write;
    const W: f64 = 640.0;
    let total: f64 = periods.iter().map(|p| p.t_i).sum::<f64>().max(1.0);
    let mut x = 0.0;
    let mut h = format!(
        r#"<figure class="timeline"><svg viewBox="0 0 {W} 28" preserveAspectRatio="none" role="img" aria-label="Each calculate period's computation and waits, in cycles">"#
    );
    for (i, p) in periods.iter().enumerate() {
        for (cycles, class, what) in [
            (p.compute, "seg-compute", "computation"),
            (p.t_p, "seg-prev", "waiting caused by the previous period"),
            (p.t_c, "seg-current", "waiting caused by this period"),
        ] {
            if cycles <= 0.0 {
                continue;
            }
            let w = cycles / total * W;
            let _ = write!(
                h,
                r#"<rect class="{class}" x="{x}" y="0" width="{}" height="28"><title>Period {} (type {}): {} {} of {what}</title></rect>"#,
                w.max(0.5),
                i + 1,
                p.kind,
                format::num(cycles),
                format::noun(cycles, "cycle", "cycles")
            );
            x += w;
        }
        let _ = write!(
            h,
            r#"<line class="seg-edge" x1="{x}" x2="{x}" y1="0" y2="28"></line>"#
        );
    }
    h.push_str(r#"</svg><ul class="legend"><li><span class="swatch seg-compute"></span>computation ⌈N_act·c_i / CPD⌉</li><li><span class="swatch seg-current"></span>waiting caused by the current period (T_c)</li><li><span class="swatch seg-prev"></span>waiting caused by the previous period (T_p)</li></ul></figure>"#);
    h.push_str(r#"<table class="mappings" id="periods-table" tabindex="0"><thead><tr><th>Period</th><th class="num">c_i</th><th class="num">m_i</th><th>Type</th><th class="num">T_p</th><th class="num">T_c</th><th class="num">T_i</th></tr></thead><tbody>"#);
    for (i, p) in periods.iter().enumerate() {
        let _ = write!(
            h,
            r#"<tr data-period="{n}"><th scope="row">{n}</th><td class="num">{}</td><td class="num">{}</td><td data-type="{k}">{k} · {}</td><td class="num">{}</td><td class="num">{}</td><td class="num" data-value="{}">{}</td></tr>"#,
            format::num(p.c),
            format::num(p.m),
            esc(type_words(p.kind)),
            format::num(p.t_p),
            format::num(p.t_c),
            format::exact(p.t_i),
            format::num(p.t_i),
            n = i + 1,
            k = p.kind,
        );
    }
    h.push_str("</tbody></table>");
    h
}

/// The device in view (the result card's first line names it, as every model's does).
fn device_name(ctx: Ctx) -> &'static str {
    ctx.good
        .with_untracked(|g| g.as_ref().map(|g| g.state.device.name))
        .unwrap_or_default()
}

/// What the headline time is: the whole grid when rep comes from it (or is given), otherwise
/// one pass of the active warps over the periods.
fn headline_label(inp: &luo_suda::Inputs, ctx: Ctx) -> &'static str {
    let rep_given = ctx.good.with_untracked(|g| {
        g.as_ref().is_some_and(|g| {
            let p = &g.state.params;
            p.num("rep").is_some()
                || (p.num("blocks").is_some() && p.num("active_blocks_per_sm").is_some())
        })
    });
    if rep_given || inp.rep != 1.0 {
        "Predicted time"
    } else {
        "Predicted time of one pass (rep = 1)"
    }
}

fn result(ctx: Ctx) -> AnyView {
    use crate::chart::svg::esc;
    // The card as HTML text (one DOM update; far less code than views).
    let card = Signal::derive(move || {
        let Some((inp, o)) = ctx.good.with(|g| g.as_ref().and_then(typed)) else {
            return String::new();
        };
        let label = headline_label(&inp, ctx);
        let launch = ctx.good.with(|g| {
            g.as_ref()
                .and_then(|g| g.state.params.num("launch_overhead_us"))
                .unwrap_or(0.0)
        });
        let stat = |id: &str, dt: &str, v: f64| {
            format!(
                r#"<div class="stat"><dt>{dt}</dt><dd id="{id}" data-value="{}">{}</dd></div>"#,
                format::exact(v),
                format::num(v)
            )
        };
        format!(
            r#"<p class="result-device">{} · {} SMs · Luo &amp; Suda MPD/CPD</p><p class="headline"><span class="label">{label}</span><span class="time" id="time" data-value="{}">{}</span><span class="launch" id="launch">{}</span></p><dl class="stats">{}{}{}<div class="stat"><dt>P</dt><dd id="p">{}</dd></div></dl><p class="explanation" id="explanation">{} active warps per SM: up to {} overlap their memory accesses (MPD) and {} their computation (CPD). {} calculate period{} × {} repetition{}.{}</p>{}"#,
            esc(device_name(ctx)),
            format::num(inp.n_sm),
            format::exact(o.time_s),
            format::duration(o.time_s),
            super::launch_text(o.time_s, launch),
            stat("total-cycles", "Cycles", o.total_cycles),
            stat("mpd", "MPD (eq. 2)", o.mpd),
            stat("cpd", "CPD (eqs. 3–5)", o.cpd),
            format::num(inp.p),
            format::num(inp.n_act),
            format::num(o.mpd),
            format::num(o.cpd),
            o.periods.len(),
            if o.periods.len() == 1 { "" } else { "s" },
            format::num(inp.rep),
            if inp.rep == 1.0 { "" } else { "s" },
            if label != "Predicted time" {
                " This is one pass of the active warps on each SM over the periods: give blocks and active blocks per SM (or rep) for the whole grid."
            } else {
                ""
            },
            periods_html(&o.periods),
        )
    });
    view! { <div class="html-table" inner_html=card></div> }.into_any()
}

fn visuals(ctx: Ctx) -> AnyView {
    let sweep = Memo::new(move |_| {
        ctx.good.with(|g| {
            let g = g.as_ref()?;
            let (inp, _) = typed(g)?;
            let max = inp.m.clamp(1.0, 64.0) as u32;
            Some(luo_suda::sweep_warps(&inp, max))
        })
    });
    let marker = Signal::derive(move || {
        ctx.good
            .with(|g| g.as_ref().and_then(|g| g.state.params.num("n_act")))
    });
    let series = move |name: &str, class: &'static str, f: fn(&Outputs) -> f64| Series {
        name: name.to_string(),
        class,
        points: sweep.with(|s| {
            s.as_ref()
                .map(|s| s.iter().map(|(w, o)| (f64::from(*w), Some(f(o)))).collect())
                .unwrap_or_default()
        }),
        line: true,
        dots: true,
    };
    let time = Signal::derive(move || ChartData {
        series: vec![series("predicted time", "s0", |o| o.time_s)],
        y_unit: "s",
        ..ChartData::default()
    });
    let degrees = Signal::derive(move || ChartData {
        series: vec![
            series("MPD", "s1", |o| o.mpd),
            series("CPD", "s2", |o| o.cpd),
        ],
        y_unit: "warps",
        ..ChartData::default()
    });
    let ptx = (!ctx.embed).then(|| view! { <PtxPanel ctx=ctx target=Target::LuoSuda/> });
    view! {
        {ptx}
        <section class="sweep" aria-label="Time against active warps">
            <h2>"Time against active warps per SM"</h2>
            <p class="chart-note">"Total work fixed, as in the paper's Fig. 8: with more warps per SM each warp repeats its periods fewer times. Hover, tap or use the arrow keys for values."</p>
            <Chart
                data=time
                x_label="Active warps per SM, N_act (warps)".to_string()
                y_label="Predicted time".to_string()
                file="luo-suda-time-vs-warps"
                marker=marker
                format_x=format::num
                format_y=format::duration
                title="Predicted time against active warps per SM at fixed total work".to_string()
            />
            <div id="degrees-chart">
                <Chart
                    data=degrees
                    x_label="Active warps per SM, N_act (warps)".to_string()
                    y_label="Parallel degree (warps)".to_string()
                    file="luo-suda-mpd-cpd"
                    marker=marker
                    format_x=format::num
                    format_y=format::num
                    title="MPD and CPD against active warps per SM".to_string()
                />
            </div>
        </section>
    }
    .into_any()
}
