//! The result card: predicted time, the headline figures, and what limits the kernel.

use leptos::prelude::*;

use super::Hk;
use crate::format;
use crate::model::hong_kim::{self, Outputs, Prediction, Setup};
use crate::ui::term::Term;

/// The headline: predicted time, cycles, CPI, MWP, CWP, the regime and what limits it. The
/// card is built once; an edit changes only its texts (and the list of what-ifs).
#[component]
pub(super) fn ResultCard(
    hk: Memo<Hk>,
    /// The explanation, occupancy and what-ifs wait for the frame after the first (which
    /// shows the time and the figures alone).
    settled: Signal<bool>,
) -> impl IntoView {
    // A value of the current prediction ("" before there is one).
    fn read_in(hk: Memo<Hk>, f: impl Fn(&Setup, &Prediction) -> String) -> String {
        hk.with(|h| h.as_ref().map(|(s, p)| f(s, p)).unwrap_or_default())
    }
    let read = move |f: fn(&Setup, &Prediction) -> String| read_in(hk, f);
    let out = move |f: &dyn Fn(&Outputs) -> String| read_in(hk, |_, p| f(&p.outputs));
    let stat = move |id: &'static str,
                     label: &'static str,
                     about: &'static str,
                     value: fn(&Outputs) -> f64| {
        view! {
            <div class="stat">
                <dt><Term text=label about=hong_kim::MODEL.about_key(about).map(|k| ("hong-kim", k)) id=format!("about-r-{id}")/></dt>
                <dd id=id data-value=move || out(&|o| format::exact(value(o)))>
                    {move || out(&|o| format::num(value(o)))}
                </dd>
            </div>
        }
    };
    let what_ifs = Memo::new(move |_| {
        hk.with(|h| {
            h.as_ref()
                .map(|(setup, _)| hong_kim::what_ifs(setup))
                .unwrap_or_default()
        })
    });
    // The list as HTML text (a few items; one DOM update per edit).
    let what_if_list = move || {
        what_ifs.with(|l| {
            if l.is_empty() {
                return String::new();
            }
            let mut h = String::from(
                r#"<div class="what-ifs" id="what-ifs"><p>What would change it:</p><ul>"#,
            );
            for w in l {
                let change = if w.speedup >= 1.0 {
                    format!("{}× faster", format::significant(w.speedup, 3))
                } else {
                    format!("{}× slower", format::significant(1.0 / w.speedup, 3))
                };
                h += &format!(
                    r#"<li data-speedup="{}">If {}: <strong>{}</strong> ({change})</li>"#,
                    format::exact(w.speedup),
                    crate::chart::svg::esc(&w.change),
                    format::duration(w.time_s)
                );
            }
            h + "</ul></div>"
        })
    };
    // Built when there is a prediction; an edit changes only the texts above (a closure
    // reading `hk` itself would rebuild the card on every edit).
    let shown = Memo::new(move |_| hk.with(Option::is_some));
    move || {
        shown.get().then(|| {
            view! {
                <p class="result-device">{move || read(|s, _| s.device.name.to_string())}" · Hong & Kim MWP-CWP"</p>
                <p class="headline">
                    <span class="label">"Predicted time"</span>
                    <span class="time" id="time" data-value=move || out(&|o| format::exact(o.time_s))>
                        {move || out(&|o| format::duration(o.time_s))}
                    </span>
                    <span class="launch" id="launch" title="Launching a kernel costs the host this much more; no paper models it">
                        {move || read(|s, p| crate::ui::pages::launch_text(p.outputs.time_s, s.launch_overhead_us))}
                    </span>
                </p>
                <dl class="stats">
                    {stat("cycles", "Cycles (eq. 27)", "exec_cycles_with_synch", |o| o.exec_cycles_with_synch)}
                    {stat("cpi", "CPI (eq. 25)", "cpi", |o| o.cpi)}
                    {stat("mwp", "MWP (eq. 5)", "mwp", |o| o.mwp_mlp)}
                    {stat("cwp", "CWP (eq. 9)", "cwp", |o| o.cwp)}
                    <div class="stat">
                        <dt><Term text="Regime" about=hong_kim::MODEL.about_key("regime").map(|k| ("hong-kim", k)) id="about-r-regime"/></dt>
                        <dd id="regime" data-value=move || out(&|o| o.regime.equation().to_string())>
                            {move || out(&|o| format!("eq. {} · {}", o.regime.equation(), o.regime_words()))}
                        </dd>
                    </div>
                </dl>
                {move || settled.get().then(|| view! {
                    <p class="explanation" id="explanation">{move || read(|_, p| p.explanation())}</p>
                    <p class="occupancy" id="occupancy">
                        {move || read(|_, p| p.occupancy_summary().unwrap_or_default())}
                    </p>
                    <div class="html-table" inner_html=Signal::derive(what_if_list)></div>
                })}
            }
        })
    }
}
