//! The AutoMatch page module (Helal et al.): the fastest architecture and what bounds it, the
//! ranking with each architecture's T_comp, T_mem and T_syn as a stacked bar (the paper's
//! Fig. 9), the split of the work across the chosen architectures against the even split
//! (Fig. 11), the parallelism profile w_i per level (Fig. 7) and, once a trace or a generator
//! has run in the analysis worker, the stack-distance histogram with each architecture's
//! capacity marked. The tables and the histogram are written as HTML text (one DOM update,
//! and far less code than a view per cell).

use std::fmt::Write;

use leptos::prelude::*;

use super::{Ctx, Good, Page};
use crate::analysis::profile::LineHistogram;
use crate::chart::svg::esc;
use crate::field::Value;
use crate::format;
use crate::model::automatch::{Arch, Automatch, Cost};
use crate::ui::analysis::{Profile, ProfileSource};
use crate::ui::chart::{Chart, ChartData, Series};

pub const PAGE: Page = Page {
    result,
    visuals,
    summary,
};

/// The engine's result behind a valid state (the evaluation's detail).
fn typed(good: &Good) -> Option<Automatch> {
    good.eval.detail.get::<Automatch>().cloned()
}

/// The fastest architecture's index (the first of rank 1).
fn fastest(r: &Automatch) -> usize {
    r.ranks.iter().position(|&k| k == 1).unwrap_or(0)
}

fn summary(good: &Good) -> String {
    typed(good).map_or(String::new(), |r| {
        let f = &r.archs[fastest(&r)];
        if r.archs.len() == 1 {
            format!(
                "{} on {} · {}-bound",
                format::duration(f.3.t_total_s),
                f.1,
                f.3.bottleneck.id()
            )
        } else {
            format!(
                "{} on {} · split {}",
                format::duration(f.3.t_total_s),
                f.1,
                format::duration(r.t_combined_s)
            )
        }
    })
}

/// A statistic of the result card.
fn stat(h: &mut String, id: &str, label: &str, value: f64, text: &str) {
    let _ = write!(
        h,
        r#"<div class="stat"><dt>{label}</dt><dd id="{id}" data-value="{}">{}</dd></div>"#,
        format::exact(value),
        esc(text)
    );
}

fn percent(share: f64) -> String {
    format!("{}%", format::significant(share * 100.0, 3))
}

/// The result card: the fastest architecture's time, its three parts and what bounds it, and
/// for several architectures the split run against the even split.
fn card_html(r: &Automatch) -> String {
    let i = fastest(r);
    let (_, name, _, c) = &r.archs[i];
    let names: Vec<&str> = r.archs.iter().map(|a| a.1).collect();
    let one = r.archs.len() == 1;
    let mut h = format!(
        r#"<p class="result-device">{} · AutoMatch execution cost</p><p class="headline"><span class="label">{}</span><span class="time" id="time" data-value="{}">{}</span></p><dl class="stats">"#,
        esc(&names.join(" + ")),
        if one {
            "Predicted time".to_string()
        } else {
            format!("Fastest: {}", esc(name))
        },
        format::exact(c.t_total_s),
        format::duration(c.t_total_s)
    );
    stat(
        &mut h,
        "t-comp",
        "T_comp (eq. 3)",
        c.t_comp_s,
        &format::duration(c.t_comp_s),
    );
    stat(
        &mut h,
        "t-mem",
        "T_mem (eq. 4)",
        c.t_mem_s,
        &format::duration(c.t_mem_s),
    );
    stat(
        &mut h,
        "t-syn",
        "T_syn (eq. 5)",
        c.t_syn_s,
        &format::duration(c.t_syn_s),
    );
    let _ = write!(
        h,
        r#"<div class="stat"><dt>Bound by</dt><dd id="bottleneck">{}</dd></div>"#,
        c.bottleneck.id()
    );
    if !one {
        stat(
            &mut h,
            "t-combined",
            "Split run",
            r.t_combined_s,
            &format::duration(r.t_combined_s),
        );
        stat(
            &mut h,
            "t-even",
            "Even split",
            r.t_even_s,
            &format::duration(r.t_even_s),
        );
    }
    h.push_str(r#"</dl><p class="explanation" id="explanation">"#);
    let parts = format!(
        "computation {}, memory {}, synchronization {}",
        format::duration(c.t_comp_s),
        format::duration(c.t_mem_s),
        format::duration(c.t_syn_s)
    );
    if one {
        let _ = write!(
            h,
            "On the {}: {parts}. It is {}-bound.",
            esc(name),
            c.bottleneck.id()
        );
    } else {
        let slowest = r
            .archs
            .iter()
            .max_by(|a, b| a.3.t_total_s.total_cmp(&b.3.t_total_s))
            .map_or(c, |a| &a.3);
        let slow_name = r.archs.iter().find(|a| a.3 == *slowest).map_or("", |a| a.1);
        let _ = write!(
            h,
            "The {} is fastest ({parts}; {}-bound), {}× faster than the {}. Split in proportion to speed (§II-D2), the {} takes {} of the work and the run takes {}: {}× faster than the {} alone, and {}× faster than an even split ({}).",
            esc(name),
            c.bottleneck.id(),
            format::significant(slowest.t_total_s / c.t_total_s, 3),
            esc(slow_name),
            esc(name),
            percent(r.shares[i]),
            format::duration(r.t_combined_s),
            format::significant(c.t_total_s / r.t_combined_s, 3),
            esc(name),
            format::significant(r.t_even_s / r.t_combined_s, 3),
            format::duration(r.t_even_s),
        );
    }
    h.push_str("</p>");
    h
}

fn result(ctx: Ctx) -> AnyView {
    let card = Signal::derive(move || {
        ctx.good
            .with(|g| g.as_ref().and_then(typed).map(|r| card_html(&r)))
            .unwrap_or_default()
    });
    // The result card as HTML text, as every card without inputs (README, "tables as HTML
    // text"): one DOM update per edit, far less wasm than a view per cell.
    view! { <div class="html-table" inner_html=card></div> }.into_any()
}

/// The three parts of a total as one stacked bar, scaled to the slowest total.
fn stacked_bar(h: &mut String, c: &Cost, slowest: f64) {
    h.push_str(
        r#"<svg class="stack" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">"#,
    );
    let mut x = 0.0;
    for (t, class) in [
        (c.t_comp_s, "seg-compute"),
        (c.t_mem_s, "seg-current"),
        (c.t_syn_s, "seg-prev"),
    ] {
        let w = if slowest > 0.0 {
            t / slowest * 100.0
        } else {
            0.0
        };
        let _ = write!(
            h,
            r#"<rect class="{class}" x="{x:.2}" width="{w:.2}" height="10"></rect>"#
        );
        x += w;
    }
    h.push_str("</svg>");
}

/// The ranking: each architecture's three times as a stacked bar, its bottleneck, rank and
/// share of the split.
fn archs_html(r: &Automatch) -> String {
    let slowest = r.archs.iter().map(|a| a.3.t_total_s).fold(0.0, f64::max);
    let mut h = String::from(
        r#"<table class="mappings archs" id="arch-table" tabindex="0"><thead><tr><th scope="col">Rank</th><th scope="col">Architecture</th><th scope="col" class="num opt">T_comp</th><th scope="col" class="num opt">T_mem</th><th scope="col" class="num opt">T_syn</th><th scope="col" class="num">Total</th><th scope="col">Bound by</th><th scope="col" class="num opt">Q_f · Q_s (lines)</th><th scope="col" class="num">Share</th></tr></thead><tbody>"#,
    );
    let mut order: Vec<usize> = (0..r.archs.len()).collect();
    crate::small_sort::sort_by_key(&mut order, |&i| r.ranks[i]);
    for i in order {
        let (id, name, _, c) = &r.archs[i];
        let _ = write!(
            h,
            r#"<tr data-device="{}"><td class="num">{}</td><th scope="row">{}</th><td class="num opt">{}</td><td class="num opt">{}</td><td class="num opt">{}</td><td class="num bar-cell" data-value="{}">"#,
            esc(id),
            r.ranks[i],
            esc(name),
            format::duration(c.t_comp_s),
            format::duration(c.t_mem_s),
            format::duration(c.t_syn_s),
            format::exact(c.t_total_s),
        );
        stacked_bar(&mut h, c, slowest);
        let _ = write!(
            h,
            r#"<span class="bar-text">{}</span></td><td>{}</td><td class="num q opt">{} · {}{}</td><td class="num" data-value="{}">{}</td></tr>"#,
            format::duration(c.t_total_s),
            c.bottleneck.id(),
            format::grouped(r.q[i].0, 0),
            format::grouped(r.q[i].1, 0),
            if r.q[i].2 {
                r#" <span class="muted tag">trace</span>"#
            } else {
                ""
            },
            format::exact(r.shares[i]),
            percent(r.shares[i]),
        );
    }
    h.push_str("</tbody></table>");
    if r.archs.len() > 1 {
        h.push_str(r#"<div class="split" id="split"><svg class="stack" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="Each architecture's share of the work">"#);
        let mut x = 0.0;
        for (k, (a, s)) in r.archs.iter().zip(&r.shares).enumerate() {
            let w = s * 100.0;
            let _ = write!(
                h,
                r#"<rect class="s{}" x="{x:.2}" width="{w:.2}" height="10"><title>{}: {}</title></rect>"#,
                k % 8,
                esc(a.1),
                percent(*s)
            );
            x += w;
        }
        h.push_str(r#"</svg><ul class="legend">"#);
        for (k, (a, s)) in r.archs.iter().zip(&r.shares).enumerate() {
            let _ = write!(
                h,
                r#"<li><span class="swatch s{}"></span>{}: {} of the work</li>"#,
                k % 8,
                esc(a.1),
                percent(*s)
            );
        }
        let _ = write!(
            h,
            r#"</ul><p class="chart-note">Split in proportion to speed, every architecture finishes together after <strong>{}</strong>; an even split (1/{} each) waits for the slowest: <strong>{}</strong>.</p></div>"#,
            format::duration(r.t_combined_s),
            r.archs.len(),
            format::duration(r.t_even_s)
        );
    }
    h
}

/// The stack-distance histograms, one per line size the architectures use (the fastest one's
/// first, `#sd-histogram`; the others `#sd-histogram-{line}`), each marking the capacities of
/// the architectures with that line size: the CPUs' 64-byte lines and the GPUs' 128-byte ones
/// are different histograms of the same trace.
fn histogram_html(p: &Profile, r: Option<&Automatch>) -> String {
    let want = r.map(|r| r.archs[fastest(r)].2.l_bytes as u64);
    let Some(first) = p
        .memory
        .iter()
        .find(|m| Some(m.line) == want)
        .or(p.memory.first())
    else {
        return String::new();
    };
    let mut h = line_histogram_html(first, r, "sd-histogram");
    if let Some(r) = r {
        for m in &p.memory {
            if m.line != first.line && r.archs.iter().any(|a| a.2.l_bytes as u64 == m.line) {
                h += &line_histogram_html(m, Some(r), &format!("sd-histogram-{}", m.line));
            }
        }
    }
    h
}

/// One line size's histogram in log2 buckets (distance 0, 1, 2–3, 4–7, …, then ∞), the
/// capacity of each architecture with that line size marked.
fn line_histogram_html(m: &LineHistogram, r: Option<&Automatch>, id: &str) -> String {
    let (line, hist) = (&m.line, &m.histogram);
    const W: f64 = 640.0;
    const H: f64 = 170.0;
    let bucket = |d: u64| {
        if d == 0 {
            0
        } else {
            64 - d.leading_zeros() as usize
        }
    };
    let top = hist.last().map_or(0, |x| bucket(x.0));
    let mut counts = vec![0u64; top + 2];
    for &(d, c) in hist {
        counts[bucket(d)] += c;
    }
    counts[top + 1] = m.cold;
    let w = W / counts.len() as f64;
    let mut h = format!(
        r#"<figure class="histogram" id="{id}"><svg viewBox="0 0 {W} {H}" role="img" aria-label="References by LRU stack distance at {line}-byte lines">"#
    );
    let bars: Vec<(u64, &str, String)> = counts
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            let range = if k == top + 1 {
                "∞ (first touch)".to_string()
            } else if k == 0 {
                "0".to_string()
            } else {
                let lo = 1u64 << (k - 1);
                let hi = (1u64 << k) - 1;
                if lo == hi {
                    lo.to_string()
                } else {
                    format!(
                        "{}–{}",
                        format::grouped(lo as f64, 0),
                        format::grouped(hi as f64, 0)
                    )
                }
            };
            let class = if k == top + 1 { " cold" } else { "" };
            (
                c,
                class,
                format!(
                    "{} at distance {range}",
                    format::count(c as f64, "reference")
                ),
            )
        })
        .collect();
    crate::chart::svg::bars(&mut h, W, H - 20.0, H - 36.0, &bars);
    // Capacities: a reference hits iff its distance is below C lines.
    if let Some(r) = r {
        for (i, a) in r.archs.iter().enumerate() {
            if a.2.l_bytes as u64 != *line {
                continue;
            }
            let cap = a.2.capacity_lines();
            let x = if cap == 0 {
                0.0
            } else {
                (bucket(cap) as f64 + 0.5).min(top as f64 + 1.0) * w
            };
            // The label sits left of the line near the right edge.
            let anchor = if x > W * 0.6 { "end" } else { "start" };
            let _ = write!(
                h,
                r#"<line class="capacity s{}" x1="{x:.1}" x2="{x:.1}" y1="{}" y2="{}"></line><text class="tick" x="{:.1}" y="{}" text-anchor="{anchor}">{}: C = {}</text>"#,
                i % 8,
                12 + 12 * i,
                H - 20.0,
                if anchor == "end" { x - 3.0 } else { x + 3.0 },
                12 + 12 * i,
                esc(a.1),
                format::grouped(cap as f64, 0)
            );
        }
    }
    // Ticks: each labelled bucket's lowest distance (1, 4, 16, …, 1k, …).
    let step = (counts.len() / 8).max(1);
    for k in (1..=top).step_by(step) {
        let lo = 1u64 << (k - 1);
        let text = match lo {
            _ if lo >= 1 << 20 => format!("{}M", lo >> 20),
            _ if lo >= 1 << 10 => format!("{}k", lo >> 10),
            _ => lo.to_string(),
        };
        let _ = write!(
            h,
            r#"<text x="{:.1}" y="{}" class="tick" text-anchor="middle">{text}</text>"#,
            (k as f64 + 0.5) * w,
            H - 4.0
        );
    }
    let _ = write!(
        h,
        r#"<text x="{:.1}" y="{}" class="tick" text-anchor="middle">0</text><text x="{:.1}" y="{}" class="tick" text-anchor="middle">∞</text></svg><figcaption class="muted">{} at {line}-byte lines, by LRU stack distance (log₂ buckets; the last bar is first touches). A reference left of an architecture's capacity C hits its fast memory (Q_f); the rest go to the slow one (Q_s).</figcaption></figure>"#,
        0.5 * w,
        H - 4.0,
        (top as f64 + 1.5) * w,
        H - 4.0,
        format::count(m.references as f64, "reference")
    );
    h
}

/// w_i against the level, as steps over the runs (at most ~2,000 points drawn).
fn profile_points(r: &Automatch) -> Vec<(f64, Option<f64>)> {
    let runs = &r.profile.levels.0;
    let stride = runs.len().div_ceil(1000).max(1);
    let mut level = 0u64;
    let mut points = Vec::with_capacity(2 * runs.len() / stride + 2);
    for (k, &(w, n)) in runs.iter().enumerate() {
        if k % stride == 0 || k + 1 == runs.len() {
            points.push(((level + 1) as f64, Some(w)));
            if n > 1 {
                points.push(((level + n) as f64, Some(w)));
            }
        }
        level += n;
    }
    points
}

/// The schedule's fields from a derived profile: w (d follows), W_add, W_mul, S, and W_vec
/// (a generator's default; after a trace, the typed W_vec as long as it fits).
fn fill_schedule(ctx: Ctx, p: &Profile) {
    let Some(s) = &p.schedule else {
        return;
    };
    let work = s.work;
    let w_vec = p.w_vec.unwrap_or_else(|| {
        ctx.good
            .with_untracked(|g| g.as_ref().and_then(|g| g.state.params.num("w_vec")))
            .map_or(work, |v| (v as u64).min(work))
    });
    for (k, v) in [
        ("w", s.w.clone()),
        ("d", "auto".to_string()),
        ("w_add", s.w_add.to_string()),
        ("w_mul", s.w_mul.to_string()),
        ("w_vec", w_vec.to_string()),
        ("s", s.s.to_string()),
    ] {
        ctx.set_text.run((k, v));
    }
}

/// `q_by_capacity`'s rows for the architectures in view: (L, C, Q_f, Q_s) at each one's line
/// size and capacity, once each.
fn q_rows(p: &Profile, r: &Automatch) -> Option<Vec<Vec<f64>>> {
    if p.memory.is_empty() {
        return None;
    }
    let mut rows: Vec<Vec<f64>> = Vec::new();
    for a in &r.archs {
        let (l, c) = (a.2.l_bytes as u64, a.2.capacity_lines());
        if let Some(h) = p.memory.iter().find(|h| h.line == l) {
            let (f, s) = h.q(c);
            let row = vec![l as f64, c as f64, f as f64, s as f64];
            if !rows.contains(&row) {
                rows.push(row);
            }
        }
    }
    Some(rows)
}

/// The schedule's fields, which a memory trace does not give.
const SCHEDULE: [&str; 5] = ["w", "w_add", "w_mul", "w_vec", "s"];

/// What the last trace left from the previous workload: each field with the value it held
/// then, where the schedule and the memory in use came from, and whether the next generator
/// run fills only those fields.
#[derive(Clone, Default)]
struct Stale {
    fields: Vec<(&'static str, Option<Value>)>,
    origin: [Option<String>; 2],
    filling: bool,
}

/// The notice naming the fields that still hold the previous workload's values (those not
/// changed since the trace), with Clear and Fill from a generator; empty when none are left.
fn stale_html(st: &Stale, params: &crate::model::Params) -> String {
    let left: Vec<&str> = st
        .fields
        .iter()
        .filter(|(k, v)| params.get(k) == v.as_ref())
        .map(|(k, _)| match *k {
            "w" => "w (operations per level)",
            "w_add" => "W_add",
            "w_mul" => "W_mul",
            "w_vec" => "W_vec",
            "s" => "S",
            "q_f" => "Q_f",
            "q_s" => "Q_s",
            _ => "q_by_capacity (each architecture's Q_f and Q_s)",
        })
        .collect();
    if left.is_empty() {
        return String::new();
    }
    let schedule = st.fields[0].0 == "w";
    let [sched, mem] = &st.origin;
    let (now, then) = if schedule { (mem, sched) } else { (sched, mem) };
    let now = esc(now.as_deref().unwrap_or("the file"));
    let then = then.as_ref().map_or(
        "the values from before (the example's or typed)".to_string(),
        |t| format!("the values of {}", esc(t)),
    );
    let (gives, counts) = if schedule {
        ("memory (Q_f, Q_s)", "memory")
    } else {
        ("schedule (w, W_add, W_mul, S)", "schedule")
    };
    format!(
        r#"<div class="estimated" id="stale-fields" role="status"><p><strong>Not from {now}:</strong> {} still hold {then} — {now} gives only the {gives}, so the prediction mixes two workloads. Clear them to count only the {counts}, or fill them from a generator.</p><button type="button" id="stale-clear">Clear them</button> <button type="button" id="stale-fill">Fill from a generator</button>{}</div>"#,
        left.join(", "),
        if st.filling {
            r#"<p id="stale-filling">Pick the workload and its sizes above and press Generate: only these fields are taken from it.</p>"#
        } else {
            ""
        }
    )
}

fn visuals(ctx: Ctx) -> AnyView {
    // Read where needed: a memo of its own type would cost more code than the reads.
    let data = move || ctx.good.with(|g| g.as_ref().and_then(typed));
    // The last profile derived in the worker (its histogram stays in the page, never in links).
    // With it, what the last trace left from the previous workload (one signal for both).
    let held: RwSignal<(Option<Profile>, Stale)> = RwSignal::new((None, Stale::default()));
    // The worker analyses memory at every Table I line size and the list's own.
    let line_sizes = Signal::derive(move || {
        let mut l: Vec<u64> = Vec::new();
        let archs = data().map(|r| r.archs).unwrap_or_default();
        for a in crate::devices::DEVICES
            .iter()
            .filter_map(Arch::of)
            .chain(archs.into_iter().map(|a| a.2))
        {
            if !l.contains(&(a.l_bytes as u64)) {
                l.push(a.l_bytes as u64);
            }
        }
        l
    });
    // The fields a profile did not give (a memory trace gives no schedule, an operation trace
    // no memory), with the values they held then: the previous workload's, named on the page
    // while they stay.
    let on_profile = Callback::new(move |p: Profile| take_profile(ctx, held, p));
    let source = (!ctx.embed)
        .then(|| view! { <ProfileSource on_profile=on_profile line_sizes=line_sizes/> });
    // The stale fields still holding the previous values, named with what to do about them
    // (HTML text, one delegated click).
    let notice = move || {
        held.with(|h| {
            ctx.good
                .with(|g| Some(stale_html(&h.1, &g.as_ref()?.state.params)))
        })
        .unwrap_or_default()
    };
    let on_notice = move |ev| on_stale_notice(ev, ctx, held);
    keep_q_rows(ctx, held, data);
    let table = move || data().map(|r| archs_html(&r)).unwrap_or_default();
    let histogram = move || {
        held.with(|h| {
            h.0.as_ref()
                .map(|p| histogram_html(p, data().as_ref()))
                .unwrap_or_default()
        })
    };
    let levels = Signal::derive(move || ChartData {
        series: vec![Series {
            name: "w_i".to_string(),
            class: "s0",
            points: data().map(|r| profile_points(&r)).unwrap_or_default(),
            line: true,
            dots: false,
        }],
        y_unit: "operations",
        ..ChartData::default()
    });
    view! {
        {source}
        // A notice with two buttons, read by one handler by their ids: HTML text.
        <div class="html-table" on:click=on_notice inner_html=notice></div>
        <section class="archs-section" aria-label="Architectures ranked">
            <h2>"Architectures ranked"</h2>
            <p class="chart-note">"Each total is T_comp + T_mem + T_syn (eqs. 3–5), drawn to scale against the slowest; the share is the part of the work each gets when they run together (§II-D2)."</p>
            <ul class="legend">
                <li><span class="swatch seg-compute"></span>"computation, T_comp"</li>
                <li><span class="swatch seg-current"></span>"memory, T_mem"</li>
                <li><span class="swatch seg-prev"></span>"synchronization, T_syn"</li>
            </ul>
            // Bars and numbers without inputs: HTML text (README, "tables as HTML text").
            <div class="html-table" inner_html=Signal::derive(table)></div>
        </section>
        <section class="profile-section" aria-label="Parallelism profile">
            <h2>"Parallelism profile"</h2>
            <p class="chart-note">"Operations at each level of the ASAP schedule (the paper's Fig. 7): a level's operations run in parallel on up to n_p cores, the levels one after another."</p>
            <div id="levels-chart">
                <Chart
                    data=levels
                    x_label="Level of the schedule, i".to_string()
                    y_label="Operations, w_i".to_string()
                    file="automatch-profile"
                    marker=Signal::derive(|| None)
                    format_x=format::num
                    format_y=format::num
                    title="Operations per level of the ASAP schedule".to_string()
                />
            </div>
            // SVG bars without inputs, drawn as text (`chart::svg::bars`).
            <div class="html-table" inner_html=Signal::derive(histogram)></div>
        </section>
    }
    .into_any()
}

/// A new derived profile fills the schedule's fields; its memory gives each architecture in
/// the list its Q_f and Q_s (again whenever the list changes).
fn take_profile(ctx: Ctx, held: RwSignal<(Option<Profile>, Stale)>, mut p: Profile) {
    let (old, mut st) = held.get_untracked();
    // A generator gives both parts (a trace one): a trace read meanwhile is no filler.
    let fills = st.filling && p.schedule.is_some() && !p.memory.is_empty();
    let mut memory_stays = false;
    if fills {
        // From a generator, only what the trace left stale; the trace's part stays.
        if let Some(old) = old {
            if st.fields.first().is_some_and(|f| f.0 == "w") {
                p.memory = old.memory;
                memory_stays = true;
            } else {
                p.schedule = None;
            }
        }
        st.fields.clear();
    } else {
        let missing: &[&'static str] = if p.schedule.is_none() {
            &SCHEDULE
        } else if p.memory.is_empty() {
            &["q_f", "q_s", "q_by_capacity"]
        } else {
            &[]
        };
        st.fields = ctx.good.with_untracked(|g| {
            missing
                .iter()
                .map(|k| (*k, g.as_ref().and_then(|g| g.state.params.get(k).cloned())))
                .collect()
        });
    }
    st.filling = false;
    if p.schedule.is_some() {
        st.origin[0] = Some(p.source.clone());
    }
    if !p.memory.is_empty() && !memory_stays {
        st.origin[1] = Some(p.source.clone());
    }
    fill_schedule(ctx, &p);
    held.set((Some(p), st));
}

/// The stale notice's buttons: clear the stale fields, or go to the generator to fill them.
fn on_stale_notice(ev: web_sys::MouseEvent, ctx: Ctx, held: RwSignal<(Option<Profile>, Stale)>) {
    let id = event_target::<web_sys::Element>(&ev).id();
    let schedule = held.with_untracked(|h| h.1.fields.first().is_some_and(|f| f.0 == "w"));
    if id == "stale-clear" {
        let fields: &[&'static str] = if schedule {
            &SCHEDULE
        } else {
            &["q_by_capacity", "q_f", "q_s"]
        };
        for k in fields {
            let v = if *k == "q_by_capacity" { "" } else { "0" };
            ctx.set_text.run((k, v.to_string()));
        }
        held.update(|h| h.1.fields.clear());
    } else if id == "stale-fill" {
        held.update(|h| h.1.filling = true);
        if let Some(e) = document().get_element_by_id("gen-workload") {
            let _ = wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlElement>(e).focus();
        }
    }
}

/// The profile's Q_f and Q_s for each architecture in the list, kept in the form's fields.
fn keep_q_rows(
    ctx: Ctx,
    held: RwSignal<(Option<Profile>, Stale)>,
    data: impl Fn() -> Option<Automatch> + Send + Sync + 'static,
) {
    Effect::new(move |_| {
        let rows = held.with(|h| q_rows(h.0.as_ref()?, &data()?));
        if let Some(rows) = rows {
            let (now, q) = ctx.good.with_untracked(|g| {
                let p = g.as_ref().map(|g| &g.state.params);
                (
                    p.and_then(|p| p.get("q_by_capacity").cloned()),
                    p.map(|p| (p.num("q_f"), p.num("q_s"))),
                )
            });
            // The Q_f and Q_s boxes show what the first architecture uses (its row).
            if let Some(first) = rows.first() {
                if q != Some((Some(first[2]), Some(first[3]))) {
                    ctx.set_text.run(("q_f", first[2].to_string()));
                    ctx.set_text.run(("q_s", first[3].to_string()));
                }
            }
            if now != Some(Value::Rows(rows.clone())) {
                let text: Vec<String> = rows
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|v| v.to_string())
                            .collect::<Vec<_>>()
                            .join(":")
                    })
                    .collect();
                ctx.set_text.run(("q_by_capacity", text.join(",")));
            }
        }
    });
}
