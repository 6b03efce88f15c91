//! Occupancy charts like NVIDIA's occupancy calculator: active warps per SM as threads per
//! block, registers per thread and shared memory per block vary, the kernel's point marked
//! and the limiting resource named. Shown for every model whose evaluation uses occupancy.

use leptos::prelude::*;

use super::chart::{Chart, ChartData, Series};
use super::pages::Good;
use crate::format;
use crate::model::occupancy::{self, Axis, Occupancy};

fn warps(v: f64) -> String {
    format!("{} {}", format::num(v), format::noun(v, "warp", "warps"))
}

#[component]
pub fn OccupancyCharts(good: Memo<Option<Good>>) -> impl IntoView {
    let occ: Memo<Option<Occupancy>> =
        Memo::new(move |_| good.with(|g| g.as_ref().and_then(|g| g.eval.occupancy)));
    let chart = move |axis: Axis, label: &'static str, id: &'static str| {
        let data = Memo::new(move |_| {
            let Some(o) = occ.get() else {
                return ChartData::default();
            };
            let Ok(arch) = occupancy::arch_limits(o.compute_capability.0, o.compute_capability.1)
            else {
                return ChartData::default();
            };
            let points = occupancy::curve(&arch, &o.kernel, &o.config, axis)
                .into_iter()
                .map(|(x, w)| (f64::from(x), Some(f64::from(w))))
                .collect();
            ChartData {
                series: vec![Series {
                    name: "active warps per SM".to_string(),
                    class: "s0",
                    points,
                    line: true,
                    dots: false,
                }],
                y_unit: "warps",
                ..ChartData::default()
            }
        });
        let marker = Signal::derive(move || {
            occ.get().map(|o| {
                f64::from(match axis {
                    Axis::ThreadsPerBlock => o.kernel.threads_per_block,
                    Axis::RegistersPerThread => o.kernel.registers_per_thread,
                    Axis::SharedMemPerBlock => o.kernel.shared_mem_per_block,
                })
            })
        });
        view! {
            <div class="occupancy-chart" id=id>
                <Chart
                    data=data
                    x_label=label.to_string()
                    y_label="Active warps per SM (warps)".to_string()
                    marker=marker
                    format_x=format::num
                    format_y=warps
                    title=format!("Active warps per SM as {} varies", crate::format::lower_first(label))
                    file=id
                />
            </div>
        }
    };
    let summary = move || {
        occ.get().map(|o| {
            format!(
                "Now: {} of the SM's {} warp slots ({}%), {} per SM, limited by {}. Compute capability {}.{}: {} KB of shared memory per SM{}.",
                o.active_warps_per_sm,
                o.max_warps_per_sm,
                format::significant(100.0 * o.occupancy, 3),
                format::count(o.active_blocks_per_sm as f64, "block"),
                o.limiter.describe(),
                o.compute_capability.0,
                o.compute_capability.1,
                o.shared_mem_per_sm / 1024,
                if o.partitioned_gc { ", partitioned global caching on" } else { "" }
            )
        })
    };
    // The charts are built when the panel is first opened (most visits never open it).
    let opened = RwSignal::new(false);
    let charts = move || {
        opened.get().then(|| {
            view! {
                <div class="occupancy-grid">
                    {chart(Axis::ThreadsPerBlock, "Threads per block (threads)", "occupancy-threads")}
                    {chart(Axis::RegistersPerThread, "Registers per thread (registers)", "occupancy-registers")}
                    {chart(Axis::SharedMemPerBlock, "Shared memory per block (bytes)", "occupancy-shared")}
                </div>
            }
        })
    };
    move || {
        occ.with(Option::is_some).then(|| {
            view! {
                <section class="occupancy-charts" aria-label="Occupancy">
                    <details id="occupancy-charts" on:toggle=move |ev| {
                        let open = ev
                            .target()
                            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlDetailsElement>(t).ok())
                            .is_some_and(|d| d.open());
                        if open {
                            opened.set(true);
                        }
                    }>
                        <summary><h2>"Occupancy, as NVIDIA's calculator draws it"</h2></summary>
                        <p class="sub" id="occupancy-now">{summary}</p>
                        {charts}
                    </details>
                </section>
            }
        })
    }
}
