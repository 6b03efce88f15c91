//! The SpMV page module (Guo & Wang): the predicted time on the target, its relative
//! performance and initialization times, whether the target's coefficients were measured or
//! estimated, and the comparison of the four formats on every GPU chosen — a table with a bar
//! per cell, the fastest marked.

use leptos::prelude::*;

use super::{Ctx, Good, Page};
use crate::analysis::MatrixStats;
use crate::format;
use crate::model::spmv::{Kernel, Spmv, KERNEL_NAMES};
use crate::ui::analysis::MatrixFile;

pub const PAGE: Page = Page {
    result,
    visuals,
    summary,
};

/// The engine's result behind a valid state (the evaluation's detail).
fn typed(good: &Good) -> Option<Spmv> {
    good.eval.detail.get::<Spmv>().cloned()
}

/// A time in ms with a fitting unit.
fn ms(v: f64) -> String {
    format::duration(v / 1e3)
}

fn summary(good: &Good) -> String {
    typed(good).map_or(String::new(), |r| {
        format!(
            "{} on {} · {}",
            ms(r.t_tar_ms),
            r.inputs.target.name,
            r.inputs.kernel.name()
        )
    })
}

fn result(ctx: Ctx) -> AnyView {
    let data = Memo::new(move |_| ctx.good.with(|g| g.as_ref().and_then(typed)));
    (move || {
        data.get().map(|r| {
            let inp = &r.inputs;
            let rel = *r.prediction.relative(inp.kernel);
            let kernel = inp.kernel.name();
            let case = match inp.kernel {
                Kernel::Csr => format!(" ({})", r.prediction.csr.case.word()),
                Kernel::Hyb => format!(" ({})", r.prediction.hyb_case.word()),
                _ => String::new(),
            };
            let speed = if rel.p < 1.0 {
                format!("{}× faster", format::significant(1.0 / rel.p, 3))
            } else {
                format!("{}× slower", format::significant(rel.p, 3))
            };
            let measured = if inp.all_measured {
                view! { <p class="measured" id="measured">"The target's coefficients are your measurements."</p> }.into_any()
            } else {
                view! {
                    <p class="estimated" id="estimated">
                        <strong>"Estimated target. "</strong>
                        "Nothing measured on the " {inp.target.name} " yet: its coefficients are the C2050's scaled by the memory-bandwidth ratio, a rough guess the paper warns against. Run the benchmark plan below on the target and fit its coefficients."
                    </p>
                }
                .into_any()
            };
            view! {
                <p class="result-device">{format!("{} · {kernel}{case} · from the Tesla C2050 · Guo & Wang", inp.target.name)}</p>
                <p class="headline">
                    <span class="label">"Predicted time on the target"</span>
                    <span class="time" id="time" data-value=format::exact(r.t_tar_ms)>{ms(r.t_tar_ms)}</span>
                </p>
                <dl class="stats">
                    <div class="stat"><dt>"P_Tar_Ref"</dt><dd id="p" data-value=format::exact(rel.p)>{format::num(rel.p)}</dd></div>
                    <div class="stat"><dt>"T_Ref (C2050)"</dt><dd id="t-ref">{ms(inp.t_ref_ms)}</dd></div>
                    <div class="stat"><dt>"T_Init_Ref"</dt><dd id="t-init-ref" data-value=format::exact(rel.t_init_ref)>{ms(rel.t_init_ref)}</dd></div>
                    <div class="stat"><dt>"T_Init_Tar"</dt><dd id="t-init-tar" data-value=format::exact(rel.t_init_tar)>{ms(rel.t_init_tar)}</dd></div>
                </dl>
                <p class="explanation" id="explanation">
                    {format!(
                        "T_Tar = T_Init_Tar + P · (T_Ref − T_Init_Ref) = {} + {} × ({} − {}). Past initialization, {kernel} runs {speed} on the {} than on the C2050.",
                        ms(rel.t_init_tar),
                        format::num(rel.p),
                        ms(inp.t_ref_ms),
                        ms(rel.t_init_ref),
                        inp.target.name,
                    )}
                </p>
                {measured}
            }
        })
    })
    .into_any()
}

fn visuals(ctx: Ctx) -> AnyView {
    // A matrix read in the worker fills the matrix's fields (rows first, so that each step is
    // valid against the ones before it).
    let on_stats = Callback::new(move |s: MatrixStats| {
        for (name, v) in [
            ("n_r", s.rows),
            ("p_nz_ell", s.p_nz_ell.max(1)),
            ("nnz", s.nnz.max(s.p_nz_ell.max(1))),
            ("p_nz_csr", s.p_nz_csr.max(1)),
            ("hyb_thd", s.hyb_thd),
        ] {
            ctx.set_text.run((name, v.to_string()));
        }
    });
    let loader = (!ctx.embed).then(|| view! { <MatrixFile on_stats=on_stats/> });
    let data = Memo::new(move |_| ctx.good.with(|g| g.as_ref().and_then(typed)));
    let table = move || {
        data.get().map(|r| {
            let fastest = r
                .columns
                .iter()
                .flat_map(|c| c.t_ms.iter().flatten().copied())
                .fold(f64::INFINITY, f64::min);
            let slowest = r
                .columns
                .iter()
                .flat_map(|c| c.t_ms.iter().flatten().copied())
                .fold(0.0, f64::max);
            let head = r
                .columns
                .iter()
                .map(|c| {
                    let tag = if c.device.id == r.inputs.target.id {
                        if c.measured { " (target, measured)" } else { " (target)" }
                    } else {
                        " (estimated)"
                    };
                    view! { <th scope="col" class="num" data-device=c.device.id>{c.device.name}<span class="muted">{tag}</span></th> }
                })
                .collect_view();
            let rows = Kernel::ALL
                .into_iter()
                .map(|k| {
                    let i = k as usize;
                    let cells = r
                        .columns
                        .iter()
                        .map(|c| match c.t_ms[i] {
                            Some(t) => {
                                let width = if slowest > 0.0 { t / slowest * 100.0 } else { 0.0 };
                                let best = t == fastest;
                                view! {
                                    <td class="num bar-cell" class:best=best data-value=format::exact(t) data-device=c.device.id>
                                        <svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                                            <rect width=format!("{width:.1}") height="10"></rect>
                                        </svg>
                                        <span class="bar-text">{ms(t)}</span>
                                        <span class="muted p">{format!(" · P {}", format::num(c.p[i]))}</span>
                                    </td>
                                }
                                .into_any()
                            }
                            None => view! {
                                <td class="num" data-device=c.device.id>
                                    <span class="muted">{format!("P {}", format::num(c.p[i]))}</span>
                                </td>
                            }
                            .into_any(),
                        })
                        .collect_view();
                    view! { <tr data-kernel=k.id()><th scope="row">{KERNEL_NAMES[i]}</th>{cells}</tr> }
                })
                .collect_view();
            view! {
                <table class="mappings compare-formats" id="formats-table" tabindex="0">
                    <thead><tr><th scope="col">"Format"</th>{head}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            }
        })
    };
    view! {
        {loader}
        <section class="formats" aria-label="Formats and GPUs compared">
            <h2>"Formats × GPUs"</h2>
            <p class="chart-note">
                "Each cell is the predicted time from that format's C2050 time (type the other formats' times under Comparison to fill their rows) and P, the target's time per unit of the C2050's. The fastest is marked. GPUs other than the target are estimated from their memory bandwidth until measured."
            </p>
            {table}
        </section>
    }
    .into_any()
}
