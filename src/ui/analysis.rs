//! Files read in the analysis worker (`src/worker.rs`, a separate wasm loaded only when a file
//! is read): a drop zone and file picker, progress with MB/s and Cancel (which terminates the
//! worker), errors with their line, and the statistics handed to the page. Nothing here
//! parses the file: the worker runs `crate::analysis`.

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{File, MessageEvent, Worker};

use crate::analysis::MatrixStats;
use crate::format;

/// The worker's loader (Trunk names worker files after the binary, unhashed).
const WORKER: &str = "./warpsight-worker_loader.js";
/// The report worker's (the JSON download).
const REPORT_WORKER: &str = "./warpsight-report_loader.js";

#[derive(Clone, Debug, PartialEq)]
enum Status {
    Idle,
    Reading {
        name: String,
        bytes: f64,
        /// Fraction done, when known (entries read / declared, or bytes / file size).
        fraction: Option<f64>,
        mb_per_s: Option<f64>,
    },
    Done {
        name: String,
        stats: MatrixStats,
        seconds: f64,
    },
    Failed {
        name: String,
        message: String,
    },
    Cancelled,
}

/// The worker's statistics (JSON text under [`MatrixStats`]' field names), read with the
/// browser's JSON parser: the web bundle carries no JSON deserializer.
fn stats_of(text: &str) -> Option<MatrixStats> {
    use crate::analysis::matrix_market::{Field, Symmetry};
    let v = js_sys::JSON::parse(text).ok()?;
    let n = |k: &str| get(&v, k).as_f64();
    let u = |k: &str| n(k).filter(|x| *x >= 0.0).map(|x| x as u64);
    let histogram = js_sys::Array::from(&get(&v, "histogram"))
        .iter()
        .map(|pair| {
            let pair = js_sys::Array::from(&pair);
            Some((pair.get(0).as_f64()? as u64, pair.get(1).as_f64()? as u64))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(MatrixStats {
        rows: u("rows")?,
        columns: u("columns")?,
        entries: u("entries")?,
        nnz: u("nnz")?,
        p_nz_csr: u("p_nz_csr")?,
        p_nz_ell: u("p_nz_ell")?,
        mean_row: n("mean_row")?,
        sd_row: n("sd_row")?,
        empty_rows: u("empty_rows")?,
        histogram,
        hyb_thd: u("hyb_thd")?,
        field: Field::from_id(&get(&v, "field").as_string()?)?,
        symmetry: Symmetry::from_id(&get(&v, "symmetry").as_string()?)?,
    })
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// The JSON document of a link (`warpsight eval`'s), written by the report worker
/// (`src/report_worker.rs`): `done` gets its text or what went wrong. The worker ends once it
/// has answered.
pub fn json_in_worker(query: String, done: impl FnOnce(Result<String, String>) + 'static) {
    let worker = match Worker::new(REPORT_WORKER) {
        Ok(w) => w,
        Err(_) => return done(Err("the browser could not start the worker".to_string())),
    };
    let target = worker.clone();
    let mut done = Some(done);
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let data = e.data();
        let result = match get(&data, "type").as_string().as_deref() {
            Some("ready") => {
                let message = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&message, &"query".into(), &query.as_str().into());
                let _ = target.post_message(&message);
                return;
            }
            Some("done") => Ok(get(&data, "json").as_string().unwrap_or_default()),
            Some("error") => Err(get(&data, "message").as_string().unwrap_or_default()),
            _ => return,
        };
        target.terminate();
        if let Some(done) = done.take() {
            done(result);
        }
    });
    worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // One small handler per download, kept: it may not be dropped while it runs.
    handler.forget();
}

/// A running worker and its message handler (kept alive while it runs).
type Running = SendWrapper<(Worker, Closure<dyn FnMut(MessageEvent)>)>;

/// Drop or pick a Matrix Market file; `on_stats` gets its statistics once read.
#[component]
pub fn MatrixFile(on_stats: Callback<MatrixStats>) -> impl IntoView {
    let status = RwSignal::new(Status::Idle);
    let running: StoredValue<Option<Running>, LocalStorage> = StoredValue::new_local(None);
    let stop = move || {
        running.update_value(|r| {
            if let Some(r) = r.take() {
                r.0.terminate();
            }
        });
    };
    let start = move |file: File| {
        stop();
        let name = file.name();
        status.set(Status::Reading {
            name: name.clone(),
            bytes: 0.0,
            fraction: None,
            mb_per_s: None,
        });
        let worker = match Worker::new(WORKER) {
            Ok(w) => w,
            Err(_) => {
                status.set(Status::Failed {
                    name,
                    message: "this browser cannot start the reader (Web Worker)".into(),
                });
                return;
            }
        };
        let started = super::browser::now_ms();
        let file_name = name.clone();
        // The file goes to the worker once it says it is ready (its wasm loads first; a
        // message sent before would find no listener).
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"kind".into(), &"matrix".into());
        let _ = js_sys::Reflect::set(&message, &"file".into(), &file);
        let target = worker.clone();
        // Ends the worker from inside its own message handler (the handler itself is dropped
        // by the next read or on cleanup, never while it runs).
        let end = {
            let w = worker.clone();
            move || w.terminate()
        };
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let data = e.data();
            match get(&data, "type").as_string().as_deref() {
                Some("ready") if target.post_message(&message).is_err() => {
                    status.set(Status::Failed {
                        name: file_name.clone(),
                        message: "could not hand the file to the reader".into(),
                    });
                    end();
                }
                Some("progress") => {
                    let bytes = get(&data, "bytes").as_f64().unwrap_or(0.0);
                    let ms = get(&data, "ms").as_f64().unwrap_or(0.0);
                    let entries = get(&data, "entries").as_f64().unwrap_or(0.0);
                    let declared = get(&data, "declared").as_f64().unwrap_or(0.0);
                    let fraction = if declared > 0.0 {
                        Some(entries / declared)
                    } else {
                        get(&data, "total").as_f64().map(|t| bytes / t.max(1.0))
                    };
                    status.set(Status::Reading {
                        name: file_name.clone(),
                        bytes,
                        fraction,
                        mb_per_s: (ms > 0.0).then(|| bytes / 1e6 / (ms / 1e3)),
                    });
                }
                Some("done") => {
                    let text = get(&data, "stats").as_string().unwrap_or_default();
                    let seconds = (super::browser::now_ms() - started) / 1e3;
                    match stats_of(&text) {
                        Some(stats) => {
                            on_stats.run(stats.clone());
                            status.set(Status::Done {
                                name: file_name.clone(),
                                stats,
                                seconds,
                            });
                        }
                        None => status.set(Status::Failed {
                            name: file_name.clone(),
                            message: "the worker's statistics could not be read".to_string(),
                        }),
                    }
                    end();
                }
                Some("error") => {
                    status.set(Status::Failed {
                        name: file_name.clone(),
                        message: get(&data, "message").as_string().unwrap_or_default(),
                    });
                    end();
                }
                _ => {}
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        running.set_value(Some(SendWrapper::new((worker, on_message))));
    };
    on_cleanup(stop);

    let on_input = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|files| files.get(0)) {
            start(file);
        }
        input.set_value("");
    };
    let dragging = RwSignal::new(false);
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        if let Some(file) = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            start(file);
        }
    };
    let cancel = move |_| {
        stop();
        status.set(Status::Cancelled);
    };

    let progress = move || {
        match status.get() {
        Status::Reading {
            name,
            bytes,
            fraction,
            mb_per_s,
        } => {
            let rate = mb_per_s.map_or(String::new(), |r| format!(" · {} MB/s", format::significant(r, 3)));
            let percent = fraction.map_or(String::new(), |f| format!(" · {}%", (f * 100.0).floor()));
            Some(view! {
                <div class="matrix-progress" id="matrix-reading" role="status">
                    <progress id="matrix-progress" max="1" value=fraction.map(|f| f.to_string())></progress>
                    <span id="matrix-rate">{format!("Reading {name}: {} MB{rate}{percent}", format::significant(bytes / 1e6, 3))}</span>
                    <button type="button" id="matrix-cancel" on:click=cancel>"Cancel"</button>
                </div>
            }
            .into_any())
        }
        Status::Failed { name, message } => Some(
            view! { <p class="error" id="matrix-error" role="alert">{format!("{name}: {message}. Nothing was changed.")}</p> }
                .into_any(),
        ),
        Status::Cancelled => Some(
            view! { <p class="muted" id="matrix-cancelled" role="status">"Cancelled; nothing was changed."</p> }.into_any(),
        ),
        Status::Done { name, stats, seconds } => Some(view! { <MatrixSummary name=name stats=stats seconds=seconds/> }.into_any()),
        Status::Idle => None,
    }
    };

    view! {
        <section class="matrix-file" aria-label="Load a matrix">
            <h2>"Load a matrix"</h2>
            <div
                class="drop-zone"
                class:dragging=move || dragging.get()
                id="matrix-drop"
                on:dragover=move |ev: web_sys::DragEvent| {
                    ev.prevent_default();
                    dragging.set(true);
                }
                on:dragleave=move |_| dragging.set(false)
                on:drop=on_drop
            >
                <p>
                    "Drop a Matrix Market file (.mtx or .mtx.gz) or a SuiteSparse archive (.tar.gz) here, or "
                    <label class="file-button">"choose one"<input type="file" id="matrix-input" accept=".mtx,.gz,.tgz,.tar" on:change=on_input/></label>
                    ". It is read in your browser, in the background: nothing is uploaded, and links keep only its statistics."
                </p>
            </div>
            {progress}
        </section>
    }
}

/// The statistics of the matrix just read, and its row-length histogram.
#[component]
fn MatrixSummary(name: String, stats: MatrixStats, seconds: f64) -> impl IntoView {
    let stat = |id: &'static str, label: &'static str, value: String| {
        view! { <div class="stat"><dt>{label}</dt><dd id=id>{value}</dd></div> }
    };
    let n = |v: u64| format::grouped(v as f64, 0);
    view! {
        <div class="matrix-stats" id="matrix-stats">
            <p class="muted">{format!("{name}: read in {} s; these fill the matrix's fields.", format::significant(seconds.max(0.001), 3))}</p>
            <dl class="stats">
                {stat("matrix-rows", "Rows", n(stats.rows))}
                {stat("matrix-columns", "Columns", n(stats.columns))}
                {stat("matrix-nnz", "Non-zeros", n(stats.nnz))}
                {stat("matrix-mode", "Row length, mode", n(stats.p_nz_csr))}
                {stat("matrix-max", "longest", n(stats.p_nz_ell))}
                {stat("matrix-mean", "mean ± sd", format!("{} ± {}", format::significant(stats.mean_row, 3), format::significant(stats.sd_row, 3)))}
                {stat("matrix-empty", "Empty rows", n(stats.empty_rows))}
                {stat("matrix-hyb", "HYB threshold", n(stats.hyb_thd))}
            </dl>
            <p class="muted">"The HYB threshold follows Bell & Garland (SC'09): the largest K such that at least max(4096, rows/3) rows hold K or more non-zeros."</p>
            {histogram(&stats.histogram)}
        </div>
    }
}

/// Row lengths as bars: one per length, or up to 40 equal bins when there are more.
fn histogram(h: &[(u64, u64)]) -> impl IntoView {
    const W: f64 = 640.0;
    const H: f64 = 160.0;
    let max_len = h.last().map_or(0, |x| x.0);
    let bins: Vec<(u64, u64, u64)> = if h.len() <= 48 {
        h.iter().map(|&(l, c)| (l, l, c)).collect()
    } else {
        let width = (max_len + 1).div_ceil(40).max(1);
        let mut bins: Vec<(u64, u64, u64)> = (0..40)
            .map(|i| (i * width, (i + 1) * width - 1, 0))
            .filter(|b| b.0 <= max_len)
            .collect();
        for &(l, c) in h {
            let i = (l / width) as usize;
            if let Some(b) = bins.get_mut(i) {
                b.2 += c;
            }
        }
        bins
    };
    let top = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1) as f64;
    let w = W / bins.len().max(1) as f64;
    let bars = bins
        .iter()
        .enumerate()
        .map(|(i, &(lo, hi, c))| {
            let h = c as f64 / top * (H - 20.0);
            let rows = format!(
                "{} row{}",
                format::grouped(c as f64, 0),
                if c == 1 { "" } else { "s" }
            );
            let g = |v: u64| format::grouped(v as f64, 0);
            let label = if lo == hi {
                format!("{rows} of length {}", g(lo))
            } else {
                format!("{rows} of length {}–{}", g(lo), g(hi))
            };
            view! {
                <rect class="bar" x=format!("{:.1}", i as f64 * w + 1.0) y=format!("{:.1}", H - 16.0 - h) width=format!("{:.1}", (w - 2.0).max(1.0)) height=format!("{:.1}", h.max(0.5))>
                    <title>{label}</title>
                </rect>
            }
        })
        .collect_view();
    view! {
        <figure class="histogram" id="matrix-histogram">
            <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label="Rows by number of non-zeros">
                {bars}
                <text x="0" y=H - 2.0 class="tick">"0"</text>
                <text x=W y=H - 2.0 class="tick" text-anchor="end">{format!("{} non-zeros per row", format::grouped(max_len as f64, 0))}</text>
            </svg>
            <figcaption class="muted">"Rows by their number of non-zeros (hover a bar for its count)."</figcaption>
        </figure>
    }
}
