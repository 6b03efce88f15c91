//! The Hong & Kim page module: the result card (time, MWP, CWP, regime, what limits it, what
//! would change it), the sweep chart, and the same kernel on every device.

mod compare;
mod result;

use compare::DeviceComparison;
use result::{regime_words, ResultCard};

use leptos::prelude::*;

use super::{Ctx, Good, Page};
use crate::format;
use crate::model::hong_kim::{self, Prediction, Setup};
use crate::ui::chart::{Chart, ChartData, Series};
use crate::ui::ptx::{PtxPanel, Target};

pub const PAGE: Page = Page {
    result,
    visuals,
    summary,
};

/// Points in the sweep chart.
const SWEEP_POINTS: usize = 48;

/// The typed setup and prediction behind a valid state.
pub(crate) type Hk = Option<(Setup, Prediction)>;

fn typed(good: &Good) -> Hk {
    let setup = Setup::from_params(&good.state.params, good.state.device).ok()?;
    let prediction = hong_kim::predict(&setup).ok()?;
    Some((setup, prediction))
}

fn hk(ctx: Ctx) -> Memo<Hk> {
    Memo::new(move |_| ctx.good.with(|g| g.as_ref().and_then(typed)))
}

fn result(ctx: Ctx) -> AnyView {
    view! { <ResultCard hk=hk(ctx)/> }.into_any()
}

fn summary(good: &Good) -> String {
    match typed(good) {
        Some((_, p)) => format!(
            "{} · eq. {} · {}",
            format::duration(p.outputs.time_s),
            p.outputs.regime.equation(),
            regime_words(p.outputs.regime)
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
        let points = hong_kim::sweep(&s, &spec, SWEEP_POINTS)
            .into_iter()
            .map(|p| (p.x, p.time_s.ok()))
            .collect();
        ChartData {
            series: vec![Series {
                name: "predicted time".to_string(),
                class: "s0",
                points,
                line: true,
                dots: true,
            }],
            ..ChartData::default()
        }
    });
    let x_label = Signal::derive(move || sweep.field.get().to_string());
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
        format!("Predicted time as {} varies{fixed}", sweep.field.get())
    });
    let chart = view! {
        <Chart
            data=points
            x_label=x_label
            y_label="predicted time".to_string()
            marker=marker
            format_x=format::num
            format_y=format::duration
            title=title
        />
    };
    if ctx.embed {
        return chart.into_any();
    }
    let sweep_error = move |key: &'static str| {
        move || match sweep.spec.get() {
            Err(e) if e.field == key => Some(format!("{}: {}", key, e.message)),
            _ => None,
        }
    };
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
        <PtxPanel ctx=ctx target=Target::HongKim/>
        <section class="sweep" aria-label="Sweep">
            <h2>"How the time changes"</h2>
            <div class="sweep-controls">
                <label>
                    "Vary "
                    <select id="sweep" on:change=on_pick>
                        {hong_kim::MODEL
                            .sweepable()
                            .map(|f| {
                                let name = f.name;
                                view! { <option value=name selected=move || sweep.field.get() == name>{name}</option> }
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
            </div>
            <p class="field-error" id="sweep-error" role="alert">
                {sweep_error("sweep_from")}
                {sweep_error("sweep_to")}
            </p>
            <p class="chart-note">
                {move || if hong_kim::fixed_work(sweep.field.get()) {
                    "Total work fixed: blocks = ⌈total threads / threads per block⌉, as in the paper's Figs. 15–16. Hover for values."
                } else {
                    "Everything else fixed. Hover for values; gaps are inputs the model rejects."
                }}
            </p>
            {chart}
        </section>
        <DeviceComparison hk=hk on_pick=ctx.set_device/>
    }
    .into_any()
}
