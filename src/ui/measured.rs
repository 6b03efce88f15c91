//! The "Measured against predicted" page (`?page=measured`): a profiler's CSV read in the
//! worker, each kernel's occupancy beside the profiler's, and every model that predicts a
//! kernel's time beside the measured time, with a scatter of all kernels. The worker writes
//! the comparison (and its HTML); this page only holds the file input and shows it. A kernel's
//! links open its model's page with its inputs and measured time: links carry the kernel,
//! never the file.

use leptos::prelude::*;

use super::analysis::ProfilerFile;
use super::finder::DeviceFinder;
use super::shell::ThemeToggle;

#[component]
pub fn MeasuredPage() -> impl IntoView {
    // The comparison last shown in this tab survives Back from a kernel's model page and a
    // reload (the tab's session storage; a comparison too large for it is not kept).
    let shown: RwSignal<Option<(String, String)>> = RwSignal::new(restore());
    Effect::new(move |_| {
        shown.with(|s| {
            if let Some((html, speed)) = s {
                keep(html, speed);
            }
        })
    });
    let device: RwSignal<Option<&'static crate::devices::Device>> = RwSignal::new(None);
    let on: RwSignal<Option<&'static crate::devices::Device>> = RwSignal::new(None);
    // Comparisons shown since the page opened: `data-reads` on the speed line, which a test
    // (or a script) waits on rather than on the line's text, which a second reading can
    // repeat to the digit.
    let reads = RwSignal::new(0u32);
    let baseline: RwSignal<Option<u32>> = RwSignal::new(None);
    let export: RwSignal<Option<(&'static str, u32)>> = RwSignal::new(None);
    let on_results_click = move |ev: leptos::ev::MouseEvent| results_click(&ev, baseline, export);
    let html = move || shown.with(|s| s.as_ref().map(|(h, _)| h.clone()).unwrap_or_default());
    let speed = move || shown.with(|s| s.as_ref().map(|(_, t)| t.clone()).unwrap_or_default());
    view! {
        <a class="skip-link" href="#measured-results">"Skip to the comparison"</a>
        <header class="top">
            <div class="brand">
                <h1>"warpsight"</h1>
                <p class="tagline">"Measured against predicted: your profiler's kernels beside every model's prediction."</p>
            </div>
            <nav class="page-nav"><a href="./" id="to-calculator">"← The calculator"</a></nav>
            <ThemeToggle/>
        </header>
        <main class="page measured-page">
            <section class="card measured-intro" aria-labelledby="measured-title">
                <h2 id="measured-title">"Measured against predicted"</h2>
                <p>
                    "Load what your profiler wrote. Each kernel gets its GPU, its occupancy beside the profiler's, each model's inputs from the counters (marked "
                    <em>"from the profile"</em>", "<em>"computed"</em>", "<em>"assumed"</em>" or "<em>"to type"</em>"), every complete prediction beside the measured median, and the roofline's lower bound."
                </p>
                <details>
                    <summary>"How to write such a file"</summary>
                    <ul>
                        <li><code>{crate::analysis::profiler::NCU_QUICK}" ./app > run.csv"</code>" (Volta and later: all the models take)"</li>
                        <li><code>{crate::analysis::profiler::NCU_FULL}" ./app > run.csv"</code>" (the full set as the raw page: its details page counts no requests)"</li>
                        <li><code>"nvprof --print-gpu-trace --csv --log-file run.csv ./app"</code>" (older GPUs: launches and times), or "<code>"nvprof --metrics inst_per_warp,gld_transactions,gld_transactions_per_request,gst_transactions,gst_transactions_per_request,dram_read_bytes,dram_write_bytes,global_hit_rate,l2_tex_hit_rate,l2_tex_read_transactions,l2_tex_write_transactions,flop_count_sp,flop_count_dp,achieved_occupancy --csv --log-file metrics.csv ./app"</code>" (the counters; choose both files together: they are read as one run)"</li>
                    </ul>
                    <p>"No profiler counts barriers: Hong & Kim assumes none (“From PTX” counts them)."</p>
                </details>
                <div class="measured-device">
                    <p>
                        "Each kernel's GPU is found from the file; to put them all on one GPU, find it here. "
                        {move || device.get().map(|d| view! {
                            "Every kernel is on " <strong id="measured-device">{d.name}</strong> ". "
                            <button type="button" class="link-button" on:click=move |_| device.set(None)>"Find each kernel's device again"</button>
                        })}
                    </p>
                    <DeviceFinder id="measured-find" model=Callback::new(|()| "") pick=Callback::new(move |d| device.set(Some(d)))/>
                </div>
                <div class="measured-device measured-on">
                    <p>
                        <strong>"On another GPU: "</strong>
                        "each model's prediction of the file's kernels there, beside the time measured on the file's own GPU (which stays named), and anchored on it. "
                        {move || on.get().map(|d| view! {
                            "Projected onto " <strong id="measured-on">{d.name}</strong> ". "
                            <button type="button" class="link-button" on:click=move |_| on.set(None)>"Back to the file's own GPU"</button>
                        })}
                    </p>
                    <DeviceFinder id="measured-on-find" label="Find another GPU to predict the file's kernels on" model=Callback::new(|()| "") pick=Callback::new(move |d| on.set(Some(d)))/>
                </div>
                <p class="muted" id="measured-runs-note">{crate::measured::runs::RULE}" Choose or drop several files at once."</p>
                <ProfilerFile
                    on_report=Callback::new(move |r: (String, String)| { find_candidates(&r.0); shown.set(Some(r)); reads.update(|n| *n += 1) })
                    on_start=Callback::new(move |()| shown.update(|s| if let Some((_, speed)) = s { speed.clear() }))
                    device=device.read_only()
                    on=on.read_only()
                    baseline=baseline.read_only()
                    export=export.read_only()
                />
                <p class="muted" id="measured-read" data-reads=move || reads.get().to_string()>{speed}</p>
            </section>
            // HTML the worker writes (`crate::measured::html`, tested natively): the page
            // carries no code for the comparison's tables.
            <section class="card measured-results" id="measured-results" aria-label="The comparison" tabindex="-1" on:click=on_results_click inner_html=html></section>
        </main>
        <footer class="foot">
            <p>"Runs entirely in your browser; nothing is sent anywhere."</p>
        </footer>
    }
}

/// The comparison's own buttons (written by the worker): a run made the baseline, a download
/// asked for, or a kernel's "Predict it on another GPU…" (the file's search for it).
fn results_click(
    ev: &leptos::ev::MouseEvent,
    baseline: RwSignal<Option<u32>>,
    export: RwSignal<Option<(&'static str, u32)>>,
) {
    use wasm_bindgen::JsCast;
    let Some(button) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| {
            e.closest("button[data-baseline], button[data-export], button[data-on-another]")
                .ok()
                .flatten()
        })
    else {
        return;
    };
    if button.has_attribute("data-on-another") {
        if let Some(input) = document().get_element_by_id("measured-on-find") {
            input.scroll_into_view();
            if let Ok(input) = input.dyn_into::<web_sys::HtmlInputElement>() {
                let _ = input.focus();
            }
        }
    }
    if let Some(run) = button
        .get_attribute("data-baseline")
        .and_then(|b| b.parse().ok())
    {
        baseline.set(Some(run));
    }
    match button.get_attribute("data-export").as_deref() {
        Some("csv") => export.update(|e| *e = Some(("csv", e.map_or(0, |e| e.1 + 1)))),
        Some("json") => export.update(|e| *e = Some(("json", e.map_or(0, |e| e.1 + 1)))),
        _ => {}
    }
}

/// A file that gives only its GPU's compute capability: the comparison names it under
/// `data-find` ("cc 9.0"), and the device search above lists that capability's GPUs.
fn find_candidates(html: &str) {
    use wasm_bindgen::JsCast;
    let Some((query, _)) = html
        .split_once(r#"data-find=""#)
        .and_then(|(_, rest)| rest.split_once('"'))
    else {
        return;
    };
    let Some(input) = document()
        .get_element_by_id("measured-find")
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    input.set_value(query);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    if let Ok(event) = web_sys::Event::new_with_event_init_dict("input", &init) {
        let _ = input.dispatch_event(&event);
    }
}

/// The comparison kept in this tab: its HTML, then the reading's speed line.
const KEPT: [&str; 2] = ["warpsight-measured", "warpsight-measured-speed"];

fn session() -> Option<web_sys::Storage> {
    window().session_storage().ok().flatten()
}

fn restore() -> Option<(String, String)> {
    let s = session()?;
    let [html, speed] = KEPT.map(|k| s.get_item(k).ok().flatten());
    Some((html?, speed.unwrap_or_default()))
}

fn keep(html: &str, speed: &str) {
    if let Some(s) = session() {
        if s.set_item(KEPT[0], html).is_err() {
            let _ = s.remove_item(KEPT[0]);
        }
        let _ = s.set_item(KEPT[1], speed);
    }
}
