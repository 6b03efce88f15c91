//! The result card: predicted time, the headline figures, and what limits the kernel.

use leptos::prelude::*;

use super::Hk;
use crate::format;
use crate::model::hong_kim;
use crate::ui::term::Term;

/// The headline: predicted time, cycles, CPI, MWP, CWP, the regime and what limits it.
#[component]
pub(super) fn ResultCard(hk: Memo<Hk>) -> impl IntoView {
    move || {
        hk.get().map(|(setup, p)| {
            let o = &p.outputs;
            let stat = |id: &'static str, label: &'static str, value: f64, text: String| {
                view! {
                    <div class="stat">
                        <dt><Term text=label about=hong_kim::MODEL.about(if id == "cycles" { "exec_cycles_with_synch" } else { id }) id=format!("about-r-{id}")/></dt>
                        <dd id=id data-value=format::exact(value)>{text}</dd>
                    </div>
                }
            };
            let occupancy = p.occupancy_summary();
            let what_ifs = hong_kim::what_ifs(&setup);
            let what_ifs = (!what_ifs.is_empty()).then(|| {
                view! {
                    <div class="what-ifs" id="what-ifs">
                        <p>"What would change it:"</p>
                        <ul>
                            {what_ifs
                                .into_iter()
                                .map(|w| {
                                    let effect = if w.speedup >= 1.0 {
                                        format!("{}× faster", format::significant(w.speedup, 3))
                                    } else {
                                        format!("{}× slower", format::significant(1.0 / w.speedup, 3))
                                    };
                                    view! {
                                        <li data-speedup=format::exact(w.speedup)>
                                            "If " {w.change} ": " <strong>{format::duration(w.time_s)}</strong>
                                            " (" {effect} ")"
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    </div>
                }
            });
            view! {
                <p class="result-device">{setup.device.name}" · Hong & Kim MWP-CWP"</p>
                <p class="headline">
                    <span class="label">"Predicted time"</span>
                    <span class="time" id="time" data-value=format::exact(o.time_s)>{format::duration(o.time_s)}</span>
                </p>
                <dl class="stats">
                    {stat("cycles", "Cycles (eq. 27)", o.exec_cycles_with_synch, format::num(o.exec_cycles_with_synch))}
                    {stat("cpi", "CPI (eq. 25)", o.cpi, format::num(o.cpi))}
                    {stat("mwp", "MWP (eq. 5)", o.mwp, format::num(o.mwp))}
                    {stat("cwp", "CWP (eq. 9)", o.cwp, format::num(o.cwp))}
                    <div class="stat">
                        <dt><Term text="Regime" about=hong_kim::MODEL.about("regime") id="about-r-regime"/></dt>
                        <dd id="regime" data-value=o.regime.equation().to_string()>
                            {format!("eq. {} · {}", o.regime.equation(), o.regime.words())}
                        </dd>
                    </div>
                </dl>
                <p class="explanation" id="explanation">{o.explanation()}</p>
                <p class="occupancy" id="occupancy">{occupancy}</p>
                {what_ifs}
            }
        })
    }
}
