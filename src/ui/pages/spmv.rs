//! The SpMV page module (Guo & Wang): the predicted time on the target, its relative
//! performance and initialization times, whether the target's coefficients were measured or
//! estimated, and the comparison of the four formats on every GPU chosen — a table with a bar
//! per cell, the fastest marked.

use leptos::prelude::*;

use super::{Ctx, Good, Page};
use crate::analysis::MatrixStats;
use crate::format;
use crate::model::spmv::plan::{self, Precision};
use crate::model::spmv::{Kernel, Spmv, KERNEL_NAMES};
use crate::ui::analysis::MatrixFile;
use crate::ui::chart::{Chart, ChartData, Series};

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
            "{} on {} · {}{}{}",
            ms(r.t_tar_ms),
            r.inputs.target.name,
            r.inputs.kernel.name(),
            if r.inputs.all_measured || r.inputs.target.id == "c2050" {
                ""
            } else {
                " · target estimated"
            },
            if r.inputs.t_ref_estimated {
                " · T_Ref estimated from the matrix"
            } else {
                ""
            }
        )
    })
}

fn result(ctx: Ctx) -> AnyView {
    use crate::chart::svg::esc;
    // The card as HTML text (one DOM update; far less code than views).
    let card = Signal::derive(move || {
        let Some(r) = ctx.good.with(|g| g.as_ref().and_then(typed)) else {
            return String::new();
        };
        let inp = &r.inputs;
        let rel = *r.prediction.relative(inp.kernel);
        let kernel = inp.kernel.name();
        let case = match inp.kernel {
            Kernel::Csr => format!(" ({})", r.prediction.csr.case.word()),
            Kernel::Hyb => format!(" ({})", r.prediction.hyb_case.word()),
            _ => String::new(),
        };
        let (speed, than) = if (rel.p - 1.0).abs() < 5e-4 {
            ("as fast".to_string(), "as")
        } else if rel.p < 1.0 {
            (
                format!("{}× faster", format::significant(1.0 / rel.p, 3)),
                "than",
            )
        } else {
            (format!("{}× slower", format::significant(rel.p, 3)), "than")
        };
        let target = esc(inp.target.name);
        let stat = |id: &str, dt: &str, v: f64, text: String| {
            format!(
                r#"<div class="stat"><dt>{dt}</dt><dd id="{id}" data-value="{}">{text}</dd></div>"#,
                format::exact(v)
            )
        };
        // The C2050 as its own target is Table II itself: nothing to estimate.
        let own = inp.target.id == "c2050";
        let measured = if inp.all_measured {
            r#"<p class="measured" id="measured">The target's coefficients are your measurements.</p>"#.to_string()
        } else if own {
            String::new()
        } else {
            format!(
                r#"<p class="estimated" id="estimated"><strong>Estimated target. </strong>Nothing measured on the {target} yet: its coefficients are the C2050's scaled by the memory-bandwidth ratio, a rough guess the paper warns against. Run the benchmark plan below on the target and fit its coefficients.</p>"#
            )
        };
        // An estimated target, said at the headline (the note below says why); the C2050 as
        // its own target is Table II itself.
        let target_tag = if inp.all_measured || own {
            ""
        } else {
            r#"<span class="t-ref-tag" id="target-source">estimated: nothing measured on the target yet</span>"#
        };
        // T_Ref estimated from the matrix (`auto`): said at the headline, and asked for.
        let (tag, prompt, t_ref_note) = if inp.t_ref_estimated {
            (
                r#"<span class="t-ref-tag" id="t-ref-source">from a T_Ref estimated from the matrix</span>"#.to_string(),
                format!(
                    r#"<p class="estimated" id="t-ref-prompt"><strong>T_Ref estimated from the matrix: {}.</strong> No one measured this matrix on the C2050: the time is read from Table II's C2050 lines at its {} rows (mode {}, longest row {}). <label for="t_ref_ms" class="t-ref-ask">Type the C2050's measured {kernel} time for this matrix</label> to predict from a measurement (the other formats' C2050 times likewise, under Comparison).</p>"#,
                    ms(inp.t_ref_ms),
                    format::grouped(inp.matrix.n_r, 0),
                    format::grouped(inp.matrix.p_nz_csr, 0),
                    format::grouped(inp.matrix.p_nz_ell, 0),
                ),
                " · estimated from the matrix",
            )
        } else {
            (String::new(), String::new(), "")
        };
        format!(
            r#"<p class="result-device">{target} · {kernel}{case} · from the Tesla C2050 · Guo &amp; Wang</p><p class="headline"><span class="label">Predicted time on the target</span><span class="time" id="time" data-value="{}">{}</span>{target_tag}{tag}</p>{prompt}<dl class="stats">{}<div class="stat"><dt>T_Ref (C2050)</dt><dd id="t-ref" data-value="{}">{}{t_ref_note}</dd></div>{}{}</dl><p class="explanation" id="explanation">T_Tar = T_Init_Tar + P · (T_Ref − T_Init_Ref) = {} + {} × ({} − {}). Past initialization, {kernel} runs {speed} on the {target} {than} on the C2050.</p>{measured}"#,
            format::exact(r.t_tar_ms),
            ms(r.t_tar_ms),
            stat("p", "P_Tar_Ref", rel.p, format::num(rel.p)),
            format::exact(inp.t_ref_ms),
            ms(inp.t_ref_ms),
            stat(
                "t-init-ref",
                "T_Init_Ref",
                rel.t_init_ref,
                ms(rel.t_init_ref)
            ),
            stat(
                "t-init-tar",
                "T_Init_Tar",
                rel.t_init_tar,
                ms(rel.t_init_tar)
            ),
            ms(rel.t_init_tar),
            format::num(rel.p),
            ms(inp.t_ref_ms),
            ms(rel.t_init_ref),
        )
    });
    // The result card as HTML text, as every card without inputs (README, "tables as HTML
    // text"): one DOM update per edit, far less wasm than a view per cell.
    view! { <div class="html-table" inner_html=card></div> }.into_any()
}

fn visuals(ctx: Ctx) -> AnyView {
    // A matrix read in the worker fills the matrix's fields (rows first, so that each step is
    // valid against the ones before it). The C2050 times typed for another matrix go: T_Ref
    // becomes the estimate from this matrix (`auto`) until its measured time is typed.
    let on_stats = Callback::new(move |s: MatrixStats| {
        let fields = crate::model::spmv::matrix_fields(
            s.rows,
            s.nnz,
            s.p_nz_csr,
            s.p_nz_ell,
            s.hyb_thd,
            &s.histogram,
        );
        // Rows first, then the longest row before the non-zeros it bounds.
        for i in [0, 3, 1, 2, 4, 5] {
            let (name, v) = fields[i];
            ctx.set_text.run((name, v.to_string()));
        }
        ctx.set_text.run(("t_ref_ms", "auto".into()));
        for name in [
            "t_ref_csr_ms",
            "t_ref_ell_ms",
            "t_ref_coo_ms",
            "t_ref_hyb_ms",
        ] {
            ctx.set_text.run((name, String::new()));
        }
    });
    let loader = (!ctx.embed).then(|| view! { <MatrixFile on_stats=on_stats/> });
    let data = Memo::new(move |_| ctx.good.with(|g| g.as_ref().and_then(typed)));
    // Written as HTML text (one DOM update; far less code than a view per cell).
    let table = move || data.with(|r| r.as_ref().map(formats_html).unwrap_or_default());
    let plan = (!ctx.embed).then(|| view! { <BenchmarkPlan ctx=ctx/> });
    // The chosen kernel on every GPU against the C2050's time: §4's line for each.
    const CLASSES: [&str; 8] = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"];
    let lines = Signal::derive(move || {
        let Some(r) = data.get() else {
            return ChartData::default();
        };
        let (xs, lines) = r.against_reference(48);
        ChartData {
            series: lines
                .into_iter()
                .enumerate()
                .map(|(i, (d, ys))| Series {
                    name: d.name.to_string(),
                    class: CLASSES[i % CLASSES.len()],
                    points: xs.iter().copied().zip(ys).collect(),
                    line: true,
                    dots: false,
                })
                .collect(),
            y_unit: "ms",
            ..ChartData::default()
        }
    });
    let marker = Signal::derive(move || data.with(|r| r.as_ref().map(|r| r.inputs.t_ref_ms)));
    let chart_title = Signal::derive(move || {
        data.with(|r| {
            r.as_ref().map_or(String::new(), |r| {
                format!(
                    "{} time on each GPU against its time on the C2050",
                    r.inputs.kernel.name()
                )
            })
        })
    });
    view! {
        {loader}
        <section class="formats" aria-label="Formats and GPUs compared">
            <h2>"Formats × GPUs"</h2>
            <p class="chart-note">
                "Each cell is predicted from that format's C2050 time (type the other formats' under Comparison) and P, the target's time per unit of the C2050's; the fastest is marked. GPUs other than the target are estimated from their memory bandwidth until measured."
            </p>
            // A table without inputs: HTML text (README, "tables as HTML text").
            <div class="html-table" inner_html=Signal::derive(table)></div>
            <p class="chart-note">"The chosen format's predicted time on each GPU as its C2050 time varies: a line of slope P from the initialization times; the dashed mark is your T_Ref."</p>
            <div id="reference-chart">
                <Chart
                    data=lines
                    x_label="Measured time on the C2050, T_Ref".to_string()
                    y_label="Predicted time".to_string()
                    file="spmv-time-vs-reference"
                    marker=marker
                    format_x=ms
                    format_y=ms
                    title=chart_title
                />
            </div>
        </section>
        {plan}
    }
    .into_any()
}

/// The benchmark plan for the target in view (§§3–4), its CSV, and the fit of the times the
/// user measured: each relationship's line with R² and residuals, and a button that makes the
/// fitted values the target's measurements.
#[component]
fn BenchmarkPlan(ctx: Ctx) -> impl IntoView {
    let double = RwSignal::new(false);
    let memory_text = RwSignal::new(String::new());
    let times_text = RwSignal::new(String::new());
    let target = Memo::new(move |_| {
        ctx.good.with(|g| {
            g.as_ref()
                .and_then(typed)
                .map(|r| (r.inputs.target, r.inputs.measured.limits, r.inputs.sizes))
        })
    });
    // The memory field follows the target's record when it has one.
    Effect::new(move |_| {
        if let Some((d, _, _)) = target.get() {
            let gb = d.constant("global_mem_gb").map(|c| c.value);
            memory_text.set(gb.map(format::exact).unwrap_or_default());
        }
    });
    let plan = Memo::new(move |_| {
        let (_, limits, sizes) = target.get()?;
        let gb = crate::model::parse_number(&memory_text.get()).filter(|g| *g > 0.0 && *g <= 1e4);
        let Some(gb) = gb else {
            return Some(Err(
                "type the target's global memory in GiB (from 0 to 10,000)".to_string(),
            ));
        };
        let precision = if double.get() {
            Precision::Double
        } else {
            Precision::Single
        };
        // The cards' memory is in GiB (the C2050's 3 GB is 3 × 2³⁰ bytes).
        Some(
            plan::plan(&limits, &sizes, (gb * 1_073_741_824.0) as u64, precision)
                .map(|p| (p, sizes)),
        )
    });
    let fitted = Memo::new(move |_| {
        let text = times_text.get();
        if text.trim().is_empty() {
            return None;
        }
        let (p, sizes) = plan.get()?.ok()?;
        Some(plan::parse_times(&text).and_then(|t| plan::fit(&p, &sizes, &t)))
    });
    let download = move |_| {
        if let (Some(Ok((p, _))), Some((d, _, _))) = (plan.get_untracked(), target.get_untracked())
        {
            crate::ui::browser::download(
                &format!("spmv-benchmark-plan-{}.csv", d.id),
                "text/csv",
                &plan::plan_csv(&p),
            );
        }
    };
    let file_error = RwSignal::new(None::<String>);
    let apply = move |_| {
        if let Some(Ok(f)) = fitted.get_untracked() {
            for (name, text) in f.texts() {
                ctx.set_text.run((name, text));
            }
        }
    };
    // The plan as HTML text (one DOM update; far less code than a view per cell).
    let table = move || {
        use crate::chart::svg::esc;
        match plan.get() {
            None => String::new(),
            Some(Err(e)) => format!(
                r#"<p class="error" id="plan-error" role="alert">{}</p>"#,
                esc(&e)
            ),
            Some(Ok((p, _))) => plan_table(&p),
        }
    };
    let fit_view = move || {
        fitted.get().map(|f| match f {
            Err(e) => view! { <p class="error" id="fit-error" role="alert">{e}</p> }.into_any(),
            Ok(f) => fit_results(&f, apply),
        })
    };
    let name = move || target.get().map(|(d, _, _)| d.name).unwrap_or_default();
    view! {
        <section class="plan" aria-label="Benchmark plan">
            <h2>"Measure the target: the benchmark plan"</h2>
            <p class="chart-note">
                "Run these matrices' SpMV on the " {name} " (every row holds the same number of random non-zeros, §3), then paste the times: least squares fits each of §4's lines, and the fitted coefficients can replace the estimate."
            </p>
            <div class="plan-controls">
                <label>"Global memory (GiB) " <input id="plan-memory" inputmode="decimal" prop:value=move || memory_text.get() on:input=move |ev| memory_text.set(event_target_value(&ev))/></label>
                <label class="check"><input type="checkbox" id="plan-double" prop:checked=move || double.get() on:change=move |ev| double.set(event_target_checked(&ev))/>" double precision"</label>
                <button type="button" id="plan-csv" on:click=download>"Download the plan (CSV)"</button>
            </div>
            // A table without inputs: HTML text (README, "tables as HTML text").
            <div class="html-table" inner_html=Signal::derive(table)></div>
            {times_input(times_text, file_error)}
            {fit_view}
        </section>
    }
}

/// The measured points and fitted lines of the relationships over one x (strips, or non-zeros
/// per row): a dotted series and a line of the same colour for each.
fn fit_chart(f: &plan::Fitted, strips: bool) -> Option<ChartData> {
    const CLASSES: [&str; 4] = ["s0", "s1", "s2", "s3"];
    let mut series = Vec::new();
    for (i, r) in f
        .lines
        .iter()
        .filter(|r| r.over_strips == strips)
        .enumerate()
    {
        let class = CLASSES[i % CLASSES.len()];
        let mut points: Vec<(f64, Option<f64>)> =
            r.fit.points.iter().map(|p| (p.0, Some(p.1))).collect();
        crate::small_sort::sort_by(&mut points, |a, b| a.0.total_cmp(&b.0));
        let (lo, hi) = (points[0].0, points[points.len() - 1].0);
        series.push(Series {
            name: format!("{} measured", r.field),
            class,
            points,
            line: false,
            dots: true,
        });
        series.push(Series {
            name: format!("{} fit, R² {}", r.field, format::significant(r.fit.r2, 4)),
            class,
            points: vec![(lo, Some(r.fit.at(lo))), (hi, Some(r.fit.at(hi)))],
            line: true,
            dots: false,
        });
    }
    (!series.is_empty()).then(|| ChartData {
        series,
        y_unit: "ms",
        ..ChartData::default()
    })
}

/// The formats × GPUs table as HTML: a row per format, a column per GPU, each cell the
/// predicted time with a bar on one scale (the fastest marked) and P.
fn formats_html(r: &Spmv) -> String {
    use crate::chart::svg::esc;
    use std::fmt::Write;
    let times = || {
        r.columns
            .iter()
            .flat_map(|c| c.t_ms.iter().flatten().copied())
    };
    let fastest = times().fold(f64::INFINITY, f64::min);
    let slowest = times().fold(0.0, f64::max);
    let mut h = String::from(
        r#"<table class="mappings compare-formats" id="formats-table" tabindex="0"><thead><tr><th scope="col">Format</th>"#,
    );
    for c in &r.columns {
        let tag = if c.device.id == r.inputs.target.id {
            if c.measured {
                "target, measured"
            } else {
                "target"
            }
        } else if c.device.id == "c2050" {
            "reference"
        } else {
            "estimated"
        };
        let _ = write!(
            h,
            r#"<th scope="col" class="num" data-device="{}">{}<span class="muted tag">{tag}</span></th>"#,
            esc(c.device.id),
            esc(c.device.name)
        );
    }
    h.push_str("</tr></thead><tbody>");
    for k in Kernel::ALL {
        let i = k as usize;
        let _ = write!(
            h,
            r#"<tr data-kernel="{}"><th scope="row">{}</th>"#,
            k.id(),
            KERNEL_NAMES[i]
        );
        for c in &r.columns {
            let p = format::num(c.p[i]);
            let id = esc(c.device.id);
            match c.t_ms[i] {
                Some(t) => {
                    let width = if slowest > 0.0 {
                        t / slowest * 100.0
                    } else {
                        0.0
                    };
                    let best = if t == fastest { " best" } else { "" };
                    let _ = write!(
                        h,
                        r#"<td class="num bar-cell{best}" data-value="{}" data-device="{id}"><svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true"><rect width="{width:.1}" height="10"></rect></svg><span class="bar-text">{}</span><span class="muted p">P {p}</span></td>"#,
                        format::exact(t),
                        esc(&ms(t))
                    );
                }
                None => {
                    let _ = write!(
                        h,
                        r#"<td class="num" data-device="{id}"><span class="muted">P {p}</span></td>"#
                    );
                }
            }
        }
        h.push_str("</tr>");
    }
    h.push_str("</tbody></table>");
    h
}

/// The plan as an HTML table: each benchmark matrix, its kernel, size and what it gives.
fn plan_table(p: &[plan::Bench]) -> String {
    use crate::chart::svg::esc;
    use std::fmt::Write;
    let mut h = String::from(
        r#"<table class="mappings" id="plan-table" tabindex="0"><thead><tr><th>Matrix</th><th>Kernel</th><th class="num">Strips I</th><th class="num">Rows R = S·I</th><th class="num">Non-zeros per row</th><th class="num">Non-zeros</th><th class="num">MB</th><th>Gives</th></tr></thead><tbody>"#,
    );
    for b in p {
        let _ = write!(
            h,
            r#"<tr data-bench="{id}"><th scope="row"><code>{id}</code></th><td>{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td><td>{}</td></tr>"#,
            b.kernel.name(),
            b.strips,
            format::grouped(b.rows as f64, 0),
            format::grouped(b.p_nz as f64, 0),
            format::grouped(b.nnz() as f64, 0),
            format::significant(b.bytes as f64 / 1e6, 3),
            esc(b.role),
            id = esc(b.id),
        );
    }
    h.push_str("</tbody></table>");
    h
}

/// The fitted lines (a chart per axis, a table), what is not measured yet, and the button
/// that puts the coefficients into the form.
fn fit_results(f: &plan::Fitted, apply: impl Fn(leptos::ev::MouseEvent) + 'static) -> AnyView {
    let mut rows = String::from(
        r#"<table class="mappings" id="fit-table" tabindex="0"><thead><tr><th>Gives</th><th>Line</th><th class="num">Slope</th><th class="num">Intercept</th><th class="num">R²</th><th class="num">Largest residual</th></tr></thead><tbody>"#,
    );
    for r in &f.lines {
        use std::fmt::Write;
        // Residuals below the times' round-off read as 0.
        let scale = r.fit.points.iter().map(|p| p.1.abs()).fold(0.0, f64::max);
        let worst = r.fit.points.iter().map(|p| p.2.abs()).fold(0.0, f64::max);
        let worst = if worst <= scale * 1e-9 { 0.0 } else { worst };
        let _ = write!(
            rows,
            r#"<tr data-field="{f}"><th scope="row">{f}</th><td>{}</td><td class="num" data-value="{}">{}</td><td class="num">{}</td><td class="num" data-value="{}">{}</td><td class="num">{} ms</td></tr>"#,
            crate::chart::svg::esc(r.over),
            format::exact(r.fit.slope),
            format::num(r.fit.slope),
            format::num(r.fit.intercept),
            format::exact(r.fit.r2),
            format::significant(r.fit.r2, 4),
            format::num(worst),
            f = r.field,
        );
    }
    rows.push_str("</tbody></table>");
    let missing = (!f.missing.is_empty()).then(|| {
        view! { <p class="muted" id="fit-missing">{format!("Not measured yet: {}.", f.missing.join(", "))}</p> }
    });
    let charts = [(false, "Non-zeros per row, P_NZ"), (true, "Strips, I")]
        .into_iter()
        .filter_map(|(strips, x_label)| {
            let data = fit_chart(f, strips)?;
            let title = format!(
                "Measured times and their least-squares lines against {}",
                if strips {
                    "strips"
                } else {
                    "non-zeros per row"
                }
            );
            let id = if strips {
                "fit-chart-strips"
            } else {
                "fit-chart-width"
            };
            Some(view! {
                <div id=id class="fit-chart">
                    <Chart
                        data=Signal::stored(data)
                        x_label=x_label.to_string()
                        y_label="Measured time".to_string()
                        file=if strips { "spmv-fit-strips" } else { "spmv-fit-width" }
                        marker=Signal::stored(None)
                        format_x=format::num
                        format_y=ms
                        title=title
                    />
                </div>
            })
        })
        .collect_view();
    view! {
        <div class="fit-charts">{charts}</div>
        // A table without inputs: HTML text (README, "tables as HTML text").
        <div class="html-table" inner_html=rows></div>
        {missing}
        <button type="button" id="fit-apply" on:click=apply>"Use these as the target's measurements"</button>
    }
    .into_any()
}

/// The measured times: a box for them, and the plan's CSV with its time column filled, opened
/// or dropped (read on this thread: a plan's CSV is a few hundred bytes).
fn times_input(
    times_text: RwSignal<String>,
    file_error: RwSignal<Option<String>>,
) -> impl IntoView {
    let read_times = move |file: web_sys::File| {
        let name = file.name();
        if file.size() > 1e6 {
            file_error.set(Some(format!(
                "{name}: a plan's CSV is a few hundred bytes; this file is {} MB",
                format::significant(file.size() / 1e6, 3)
            )));
            return;
        }
        let text = file.text();
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(text).await {
                Ok(t) => {
                    file_error.set(None);
                    times_text.set(t.as_string().unwrap_or_default());
                }
                Err(_) => file_error.set(Some(format!("{name}: the file could not be read"))),
            }
        });
    };
    let on_times_file = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            read_times(file);
        }
        input.set_value("");
    };
    let on_times_drop = move |ev: web_sys::DragEvent| {
        let file = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0));
        if let Some(file) = file {
            ev.prevent_default();
            read_times(file);
        }
    };
    view! {
        <label for="plan-times">"Measured times: the plan's CSV with its time_ms column filled, or lines “csr-m0 0.081” (in ms, or with a unit: “csr-m0 81 µs”)"</label>
        <textarea
            id="plan-times"
            rows="5"
            prop:value=move || times_text.get()
            on:input=move |ev| times_text.set(event_target_value(&ev))
            on:dragover=move |ev: web_sys::DragEvent| ev.prevent_default()
            on:drop=on_times_drop
        ></textarea>
        <p class="plan-file">
            <label class="file-button">"Open the CSV with its times"<input type="file" id="plan-times-file" accept=".csv,.txt,text/csv,text/plain" on:change=on_times_file/></label>
            " (or drop it on the box above)"
        </p>
        {move || file_error.get().map(|e| view! { <p class="error" id="plan-file-error" role="alert">{e}</p> })}
    }
}
