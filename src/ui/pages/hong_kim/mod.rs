//! The Hong & Kim page module: the result card (time, MWP, CWP, regime, what limits it, what
//! would change it), the sweep chart, and the same kernel on every device.

mod compare;
mod result;

use compare::DeviceComparison;
use result::ResultCard;

use leptos::prelude::*;

use super::{Ctx, Good, Page, SweepCtl};
use crate::format;
use crate::model::hong_kim::{self, Prediction, Setup};
use crate::ui::chart::{Chart, ChartData, Series};
use crate::ui::ptx::{PtxPanel, Target};

pub const PAGE: Page = Page {
    result,
    visuals,
    summary,
};

/// At most this many marks on the sweep chart (the first ones along x).
const MAX_EVENTS: usize = 60;

/// The typed setup and prediction behind a valid state.
pub(crate) type Hk = Option<(Setup, Prediction)>;

/// The evaluation's detail: the engine ran once for this edit.
fn typed(good: &Good) -> Hk {
    good.eval.detail.get::<(Setup, Prediction)>().cloned()
}

fn hk(ctx: Ctx) -> Memo<Hk> {
    Memo::new(move |_| ctx.good.with(|g| g.as_ref().and_then(typed)))
}

fn result(ctx: Ctx) -> AnyView {
    view! { <ResultCard hk=hk(ctx) settled=ctx.settled/> }.into_any()
}

fn summary(good: &Good) -> String {
    match typed(good) {
        Some((_, p)) => format!(
            "{} · eq. {} · {}",
            format::duration(p.outputs.time_s),
            p.outputs.regime.equation(),
            p.outputs.regime_words()
        ),
        None => String::new(),
    }
}

fn visuals(ctx: Ctx) -> AnyView {
    let hk = hk(ctx);
    let sweep = ctx.sweep;
    let points = Memo::new(move |_| {
        let (Some((s, _)), Some(spec)) = (hk.get(), sweep.good.get()) else {
            return ChartData::default();
        };
        sweep_data(&s, &spec)
    });
    let x_label = Signal::derive(move || {
        hong_kim::field(sweep.field.get()).map_or(String::new(), |f| {
            if f.unit.is_empty() {
                f.label.to_string()
            } else {
                format!("{} ({})", f.label, f.unit)
            }
        })
    });
    let marker = Signal::derive(move || {
        hk.with(|g| {
            g.as_ref()
                .and_then(|(s, p)| match s.get(sweep.field.get()) {
                    Some(crate::model::Value::Num(v)) => Some(v),
                    _ => p.inputs.get(sweep.field.get()),
                })
        })
    });
    let title = Signal::derive(move || {
        let fixed = if hong_kim::fixed_work(sweep.field.get()) {
            " at fixed total work"
        } else {
            ""
        };
        format!(
            "Predicted time as {} varies{fixed}",
            crate::format::lower_first(&x_label.get())
        )
    });
    let chart = view! {
        <Chart
            data=points
            x_label=x_label
            y_label="Predicted time".to_string()
            marker=marker
            format_x=format::num
            format_y=format::duration
            title=title
            log_x=Signal::derive(move || sweep.good.with(|s| s.is_some_and(|s| s.log)))
            file="hong-kim-sweep"
        />
    };
    if ctx.embed {
        return chart.into_any();
    }
    // Under the sweep's controls: the control by its label, then what is valid.
    let sweep_error = move || {
        sweep.spec.get().err().map(|e| {
            let control = match e.field.as_str() {
                "sweep_from" => "From",
                "sweep_to" => "To",
                "sweep_points" => "Points",
                _ => "Vary",
            };
            format!("{control}: {}", e.message)
        })
    };
    view! {
        <PtxPanel ctx=ctx target=Target::HongKim/>
        <section class="sweep" aria-label="Sweep">
            <h2>"How the time changes"</h2>
            {sweep_controls(sweep, hk)}
            <p class="field-error" id="sweep-error" role="alert">{sweep_error}</p>
            <p class="chart-note">
                {move || if hong_kim::fixed_work(sweep.field.get()) {
                    "Total work fixed: blocks = ⌈total threads / threads per block⌉, as in the paper's Figs. 15–16. Hover or tap (or use the arrow keys) for values."
                } else {
                    "Everything else fixed. Hover or tap (or use the arrow keys) for values; gaps are inputs the model rejects."
                }}
                {move || {
                    // Fewer distinct values than asked for (whole numbers, whole warps).
                    let asked = sweep.good.with(|s| s.map_or(0, |s| s.points));
                    let drawn = points.with(|d| d.series.first().map_or(0, |s| s.points.len()));
                    (drawn > 0 && drawn < asked).then(|| {
                        format!(
                            " {} in this range (of the {asked} points asked for).",
                            format::count(drawn as f64, "distinct value")
                        )
                    })
                }}
            </p>
            {chart}
        </section>
        <DeviceComparison hk=hk on_pick=ctx.set_device/>
    }
    .into_any()
}

/// The sweep's chart: the predicted time at each point, gaps where the model rejects the
/// input, and the regime and occupancy changes marked.
fn sweep_data(s: &Setup, spec: &crate::model::Sweep) -> ChartData {
    let sweep_points = hong_kim::sweep(s, spec);
    let gap_reason = sweep_points
        .iter()
        .find_map(|p| p.time_s.as_ref().err())
        .map(|e| format!("the model rejects the input there ({e})"));
    ChartData {
        series: vec![Series {
            name: "predicted time".to_string(),
            class: "s0",
            points: sweep_points
                .iter()
                .map(|p| (p.x, p.time_s.clone().ok()))
                .collect(),
            line: true,
            dots: true,
        }],
        events: hong_kim::sweep_changes(&sweep_points, MAX_EVENTS),
        event_label: "regime or occupancy change",
        gap_reason,
        y_unit: "s",
        ..ChartData::default()
    }
}

/// The sweep's controls: the input to vary (picking one sets its range), the range, the number
/// of points and the log scale.
fn sweep_controls(sweep: SweepCtl, hk: Memo<Hk>) -> impl IntoView {
    let on_pick = move |ev| {
        let name = event_target_value(&ev);
        let Some(field) = hong_kim::field(&name) else {
            return;
        };
        let current = hk.with_untracked(|g| {
            g.as_ref().and_then(|(s, p)| {
                s.get(field.name)
                    .and_then(|v| v.num())
                    .or(p.inputs.get(field.name))
            })
        });
        if let Some(range) = hong_kim::MODEL.sweep_for(field, current) {
            sweep.field.set(field.name);
            sweep.from.set(format::exact(range.from));
            sweep.to.set(format::exact(range.to));
        }
    };
    view! {
        <div class="sweep-controls">
            <label>
                "Vary "
                <select id="sweep" on:change=on_pick>
                    {hong_kim::MODEL
                        .sweepable()
                        .map(|f| {
                            let name = f.name;
                            view! { <option value=name prop:selected=move || sweep.field.get() == name>{f.label}</option> }
                        })
                        .collect_view()}
                </select>
            </label>
            <label>
                " from "
                <input id="sweep_from" type="text" inputmode="decimal" prop:value=sweep.from
                    on:input=move |ev| sweep.from.set(event_target_value(&ev))/>
            </label>
            <label>
                " to "
                <input id="sweep_to" type="text" inputmode="decimal" prop:value=sweep.to
                    on:input=move |ev| sweep.to.set(event_target_value(&ev))/>
            </label>
            <label title="Points computed along the range: 2 to 1,000">
                " at "
                <input id="sweep_points" type="text" inputmode="numeric" size="5" prop:value=sweep.points
                    on:input=move |ev| sweep.points.set(event_target_value(&ev))/>
                " points"
            </label>
            <label class="check">
                <input id="sweep_log" type="checkbox" prop:checked=sweep.log
                    on:change=move |ev| sweep.log.set(event_target_checked(&ev))/>
                " log scale"
            </label>
        </div>
    }
}
