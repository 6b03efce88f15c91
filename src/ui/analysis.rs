//! Files read in the analysis worker (`src/worker.rs`, a separate wasm loaded only when a file
//! is read): a drop zone and file picker, progress with MB/s and Cancel (which terminates the
//! worker), errors with their line, and the statistics handed to the page. Nothing here
//! parses the file: the worker runs `crate::analysis`.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{File, MessageEvent, Worker};

use crate::analysis::generators::WORKLOADS;
use crate::analysis::matrix_market::Symmetry;
use crate::analysis::profile::{LineHistogram, Schedule, TraceProfile};
use crate::analysis::MatrixStats;
use crate::format;

/// The worker's loader (Trunk names worker files after the binary, unhashed).
const WORKER: &str = "./warpsight-worker_loader.js";
/// The report worker's (the JSON download).
const REPORT_WORKER: &str = "./warpsight-report_loader.js";

#[derive(Clone, Debug, PartialEq)]
enum Status {
    Idle,
    Running {
        name: String,
        bytes: f64,
        /// Fraction done, when known (entries read / declared, bytes / file size, or the
        /// generator's own).
        fraction: Option<f64>,
        mb_per_s: Option<f64>,
        /// Millions of memory references analysed per second (traces and generators). Both
        /// rates only once they mean something ([`worth_a_rate`]).
        refs_per_s: Option<f64>,
    },
    Done {
        name: String,
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

/// A running worker and its message and error handlers (kept alive while it runs).
type Running = (
    Worker,
    Closure<dyn FnMut(MessageEvent)>,
    Closure<dyn FnMut(web_sys::ErrorEvent)>,
);

/// What the page says when the worker itself dies: out of memory, a trap in the reader, or
/// its code failing to load. The page keeps what it showed; the next job starts a new worker.
fn died(e: &web_sys::ErrorEvent) -> String {
    let detail = e.message();
    let detail = detail.trim();
    format!(
        "the analysis stopped: its worker ran out of memory or failed{}",
        if detail.is_empty() {
            String::new()
        } else {
            format!(" ({detail})")
        }
    )
}

/// What a job does with its result's JSON text (and the seconds it took): an error says what
/// is wrong with it.
type Done = Box<dyn Fn(&str, f64) -> Result<(), String>>;

/// One job at a time in the analysis worker: its status, and the worker while it runs (a new
/// job or Cancel terminates it).
#[derive(Clone, Copy)]
struct Job {
    status: RwSignal<Status>,
    running: StoredValue<Option<Running>, LocalStorage>,
}

impl Job {
    fn new() -> Job {
        let job = Job {
            status: RwSignal::new(Status::Idle),
            running: StoredValue::new_local(None),
        };
        on_cleanup(move || job.stop());
        job
    }

    fn stop(self) {
        self.running.update_value(|r| {
            if let Some(r) = r.take() {
                r.0.terminate();
            }
        });
    }

    fn cancel(self) {
        self.stop();
        self.status.set(Status::Cancelled);
    }

    /// Starts the worker and hands it `message` once it says it is ready (its wasm loads
    /// first; a message sent before would find no listener). `done` gets the result's JSON
    /// text and says what is wrong with it, if anything.
    fn start(self, name: String, message: js_sys::Object, done: Done) {
        self.stop();
        let status = self.status;
        status.set(Status::Running {
            name: name.clone(),
            bytes: 0.0,
            fraction: None,
            mb_per_s: None,
            refs_per_s: None,
        });
        let Ok(worker) = Worker::new(WORKER) else {
            status.set(Status::Failed {
                name,
                message: "this browser cannot start the analysis (Web Worker)".into(),
            });
            return;
        };
        let started = super::browser::now_ms();
        let target = worker.clone();
        // Ends the worker from inside its own message handler (the handler itself is dropped
        // by the next job or on cleanup, never while it runs).
        let end = {
            let w = worker.clone();
            move || w.terminate()
        };
        let end_done = end.clone();
        let fail = move |message: String| {
            status.set(Status::Failed {
                name: name.clone(),
                message,
            });
            end();
        };
        let fail_died = fail.clone();
        let on_error =
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
                e.prevent_default();
                fail_died(died(&e));
            });
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let data = e.data();
            let n = |k: &str| get(&data, k).as_f64();
            match get(&data, "type").as_string().as_deref() {
                Some("ready") if target.post_message(&message).is_err() => {
                    fail("could not hand the job to the worker".into())
                }
                Some("progress") => {
                    let bytes = n("bytes").unwrap_or(0.0);
                    let ms = n("ms").unwrap_or(0.0);
                    let declared = n("declared").unwrap_or(0.0);
                    let fraction = if declared > 0.0 {
                        Some(n("entries").unwrap_or(0.0) / declared)
                    } else {
                        n("total")
                            .map(|t| bytes / t.max(1.0))
                            .or_else(|| n("fraction"))
                    };
                    // Millions per second, once there is enough of both to mean something.
                    let per_s = |x: f64| worth_a_rate(x, ms / 1e3).then(|| x / (ms / 1e3));
                    status.update(|s| {
                        if let Status::Running { name, .. } = s {
                            *s = Status::Running {
                                name: std::mem::take(name),
                                bytes,
                                fraction,
                                mb_per_s: per_s(bytes / 1e6),
                                refs_per_s: per_s(n("refs").unwrap_or(0.0) / 1e6),
                            };
                        }
                    });
                }
                Some("done") => {
                    let text = get(&data, "stats").as_string().unwrap_or_default();
                    let seconds = (super::browser::now_ms() - started) / 1e3;
                    match done(&text, seconds) {
                        Ok(()) => {
                            status.update(|s| {
                                if let Status::Running { name, .. } = s {
                                    *s = Status::Done {
                                        name: std::mem::take(name),
                                        seconds,
                                    };
                                }
                            });
                            end_done();
                        }
                        Err(m) => fail(m),
                    }
                }
                Some("error") => fail(get(&data, "message").as_string().unwrap_or_default()),
                _ => {}
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        self.running.set_value(Some((worker, on_message, on_error)));
    }

    /// Progress with MB/s (or references/s, once meaningful) and Cancel, the error, or "Cancelled", as HTML
    /// text; ids start with `prefix` (`matrix-progress`, `profile-error`, …). The Cancel
    /// button is [`Job::cancel_button`], beside it.
    fn html(self, prefix: &str, what: &str) -> String {
        use crate::chart::svg::esc;
        match self.status.get() {
            Status::Running {
                name,
                bytes,
                fraction,
                mb_per_s,
                refs_per_s,
            } => {
                let mut text = format!("{what} {name}");
                if bytes > 0.0 {
                    text += &format!(": {} MB", format::significant(bytes / 1e6, 3));
                }
                if let Some(r) = mb_per_s {
                    text += &format!(" · {} MB/s", format::significant(r, 3));
                }
                if let Some(r) = refs_per_s {
                    text += &format!(" · {} M references/s", format::significant(r, 3));
                }
                let value = fraction.map_or(String::new(), |f| {
                    text += &format!(" · {}%", (f * 100.0).floor());
                    format!(r#" value="{f}""#)
                });
                format!(
                    r#"<div class="matrix-progress" id="{prefix}-reading" role="status"><progress id="{prefix}-progress" max="1"{value}></progress><span id="{prefix}-rate">{}</span></div>"#,
                    esc(&text)
                )
            }
            Status::Failed { name, message } => format!(
                r#"<p class="error" id="{prefix}-error" role="alert">{}</p>"#,
                esc(&format!("{name}: {message}. Nothing was changed."))
            ),
            Status::Cancelled => format!(
                r#"<p class="muted" id="{prefix}-cancelled" role="status">Cancelled; nothing was changed.</p>"#
            ),
            Status::Done { .. } | Status::Idle => String::new(),
        }
    }

    /// The Cancel button while the job runs: an element of its own, kept while the progress
    /// text above it is rewritten (a button inside that text was replaced every 100 ms, so a
    /// click could fall between its press and release, and keyboard focus was lost).
    fn cancel_button(self, prefix: &'static str) -> impl IntoView {
        let idle = move || self.status.with(|s| !matches!(s, Status::Running { .. }));
        view! {
            <button type="button" id=format!("{prefix}-cancel") class="job-cancel" hidden=idle on:click=move |_| self.cancel()>"Cancel"</button>
        }
    }
}

/// Whether `millions` done in `seconds` make a rate worth showing: at least a million, over at
/// least a fifth of a second (a 74-byte file read in 0.2 s is not "0.000000319 M/s").
fn worth_a_rate(millions: f64, seconds: f64) -> bool {
    millions >= 1.0 && seconds >= 0.2
}

/// `millions` per second to 3 significant digits, when [`worth_a_rate`].
fn rate(millions: f64, seconds: f64) -> Option<String> {
    worth_a_rate(millions, seconds).then(|| format::significant(millions / seconds, 3))
}

/// The id of the element an event happened on.
fn target_id(ev: &web_sys::Event) -> String {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|e| e.id())
        .unwrap_or_default()
}

/// The message for a file job.
fn file_message(kind: &str, file: &File) -> js_sys::Object {
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"kind".into(), &kind.into());
    let _ = js_sys::Reflect::set(&message, &"file".into(), file);
    message
}

/// Files one page read that another offers: the matrix file last read whole on the SpMV page,
/// which AutoMatch offers SpMV on. Explicit state the shell provides as a context (not in the
/// link: links carry statistics, never files).
#[derive(Clone, Copy)]
pub struct SharedFiles {
    pub matrix: RwSignal<Option<File>, LocalStorage>,
}

impl SharedFiles {
    /// Provides a new, empty set to the components below (the shell does this once).
    pub fn provide() {
        provide_context(SharedFiles {
            matrix: RwSignal::new_local(None),
        });
    }

    /// The set the shell provided (a component rendered outside it gets a fresh one).
    fn get() -> SharedFiles {
        use_context::<SharedFiles>().unwrap_or(SharedFiles {
            matrix: RwSignal::new_local(None),
        })
    }
}

/// A drop zone with a file picker (`{id}-drop`, `{id}-input`): `on_file` gets the file
/// dropped or chosen (the picker is cleared, so the same file can be chosen again).
#[component]
pub(crate) fn DropZone(
    id: &'static str,
    accept: &'static str,
    lead: &'static str,
    tail: &'static str,
    on_file: Callback<File>,
) -> impl IntoView {
    let on_input = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|files| files.get(0)) {
            on_file.run(file);
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
            on_file.run(file);
        }
    };
    view! {
        <div
            class="drop-zone"
            class:dragging=move || dragging.get()
            id=format!("{id}-drop")
            on:dragover=move |ev: web_sys::DragEvent| {
                ev.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop
        >
            <p>
                {lead}
                <label class="file-button">"choose one"<input type="file" id=format!("{id}-input") accept=accept on:change=on_input/></label>
                {tail}
            </p>
        </div>
    }
}

/// Drop or pick a Matrix Market file; `on_stats` gets its statistics once read.
#[component]
pub fn MatrixFile(on_stats: Callback<MatrixStats>) -> impl IntoView {
    let shared = SharedFiles::get();
    let job = Job::new();
    let read: RwSignal<Option<(String, MatrixStats, f64)>> = RwSignal::new(None);
    let start = move |file: File| {
        let name = file.name();
        let message = file_message("matrix", &file);
        let file_name = name.clone();
        job.start(
            name,
            message,
            Box::new(move |text, seconds| {
                let stats = stats_of(text)
                    .ok_or_else(|| "the worker's statistics could not be read".to_string())?;
                shared.matrix.set(Some(file.clone()));
                on_stats.run(stats.clone());
                read.set(Some((file_name.clone(), stats, seconds)));
                Ok(())
            }),
        );
    };

    let summary = move || {
        let mut h = job.html("matrix", "Reading");
        if matches!(job.status.get(), Status::Done { .. }) {
            if let Some((name, stats, seconds)) = read.get() {
                h += &matrix_summary_html(&name, &stats, seconds);
            }
        }
        h
    };

    view! {
        <section class="matrix-file" aria-label="Load a matrix">
            <h2>"Load a matrix"</h2>
            <DropZone
                id="matrix"
                accept=".mtx,.gz,.tgz,.tar"
                lead="Drop a Matrix Market file (.mtx or .mtx.gz) or a SuiteSparse archive (.tar.gz) here, or "
                tail=". It is read in your browser, in the background: nothing is uploaded, and links keep only its statistics."
                on_file=Callback::new(start)
            />
            <div class="html-table" inner_html=Signal::derive(summary)></div>
            {job.cancel_button("matrix")}
        </section>
    }
}

/// The statistics of the matrix just read, and its row-length histogram, as HTML text.
fn matrix_summary_html(name: &str, stats: &MatrixStats, seconds: f64) -> String {
    use crate::chart::svg::esc;
    use std::fmt::Write;
    let n = |v: u64| format::grouped(v as f64, 0);
    let mut h = format!(
        r#"<div class="matrix-stats" id="matrix-stats"><p class="muted">{}: read in {} s; these fill the matrix's fields.</p><dl class="stats">"#,
        esc(name),
        format::significant(seconds.max(0.001), 3)
    );
    for (id, label, value) in [
        ("matrix-rows", "Rows", n(stats.rows)),
        ("matrix-columns", "Columns", n(stats.columns)),
        ("matrix-nnz", "Non-zeros", n(stats.nnz)),
        (
            "matrix-mode",
            "Row length, mode (non-empty rows)",
            n(stats.p_nz_csr),
        ),
        ("matrix-max", "longest", n(stats.p_nz_ell)),
        (
            "matrix-mean",
            "mean ± sd",
            format!(
                "{} ± {}",
                format::significant(stats.mean_row, 3),
                format::significant(stats.sd_row, 3)
            ),
        ),
        ("matrix-empty", "Empty rows", n(stats.empty_rows)),
        ("matrix-hyb", "HYB threshold", n(stats.hyb_thd)),
    ] {
        let _ = write!(
            h,
            r#"<div class="stat"><dt>{label}</dt><dd id="{id}">{value}</dd></div>"#
        );
    }
    h.push_str("</dl>");
    // The symmetric kinds store one triangle: say what the file holds and what the mirror adds.
    let kind = match stats.symmetry {
        Symmetry::General => None,
        Symmetry::Symmetric => Some("Symmetric"),
        Symmetry::SkewSymmetric => Some("Skew-symmetric"),
        Symmetry::Hermitian => Some("Hermitian"),
    };
    if let Some(kind) = kind {
        let _ = write!(
            h,
            r#"<p class="muted" id="matrix-symmetry">{kind}: {} stored, {} with the mirror.</p>"#,
            n(stats.entries),
            n(stats.nnz)
        );
    }
    h.push_str(r#"<p class="muted">The HYB threshold follows Bell & Garland (SC'09): the largest K such that at least max(4096, rows/3) rows hold K or more non-zeros.</p>"#);
    histogram(&mut h, &stats.histogram);
    h.push_str("</div>");
    h
}

/// Row lengths as bars: one per length, or up to 40 equal bins when there are more.
fn histogram(out: &mut String, h: &[(u64, u64)]) {
    use std::fmt::Write;
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
    let _ = write!(
        out,
        r#"<figure class="histogram" id="matrix-histogram"><svg viewBox="0 0 {W} {H}" role="img" aria-label="Rows by number of non-zeros">"#
    );
    let g = |v: u64| format::grouped(v as f64, 0);
    for (i, &(lo, hi, c)) in bins.iter().enumerate() {
        let bh = c as f64 / top * (H - 20.0);
        let rows = format::count(c as f64, "row");
        let label = if lo == hi {
            format!("{rows} of length {}", g(lo))
        } else {
            format!("{rows} of length {}–{}", g(lo), g(hi))
        };
        let _ = write!(
            out,
            r#"<rect class="bar" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}"><title>{label}</title></rect>"#,
            i as f64 * w + 1.0,
            H - 16.0 - bh,
            (w - 2.0).max(1.0),
            bh.max(0.5)
        );
    }
    let _ = write!(
        out,
        r#"<text x="0" y="{}" class="tick">0</text><text x="{W}" y="{}" class="tick" text-anchor="end">{} non-zeros per row</text></svg><figcaption class="muted">Rows by their number of non-zeros (hover a bar for its count).</figcaption></figure>"#,
        H - 2.0,
        H - 2.0,
        g(max_len)
    );
}

/// A derived AutoMatch profile as the page holds it.
pub type Profile = TraceProfile;

/// The worker's profile (JSON text under [`TraceProfile`]'s field names), read with the
/// browser's JSON parser.
fn profile_of(text: &str) -> Option<TraceProfile> {
    let v = js_sys::JSON::parse(text).ok()?;
    let u = |v: &JsValue, k: &str| get(v, k).as_f64().filter(|x| *x >= 0.0).map(|x| x as u64);
    let pairs = |v: &JsValue| {
        js_sys::Array::from(v)
            .iter()
            .map(|pair| {
                let pair = js_sys::Array::from(&pair);
                Some((pair.get(0).as_f64()? as u64, pair.get(1).as_f64()? as u64))
            })
            .collect::<Option<Vec<_>>>()
    };
    let memory = js_sys::Array::from(&get(&v, "memory"))
        .iter()
        .map(|m| {
            Some(LineHistogram {
                line: u(&m, "line")?,
                references: u(&m, "references")?,
                cold: u(&m, "cold")?,
                lines: u(&m, "lines")?,
                histogram: pairs(&get(&m, "histogram"))?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let s = get(&v, "schedule");
    let schedule = if s.is_object() {
        Some(Schedule {
            d: u(&s, "d")?,
            w: get(&s, "w").as_string()?,
            work: u(&s, "work")?,
            w_add: u(&s, "w_add")?,
            w_mul: u(&s, "w_mul")?,
            s: u(&s, "s")?,
        })
    } else {
        None
    };
    Some(TraceProfile {
        source: get(&v, "source").as_string()?,
        memory,
        schedule,
        w_vec: u(&v, "w_vec"),
        w_vec_note: get(&v, "w_vec_note").as_string(),
    })
}

/// The generator's controls as HTML text: the workload picker and each workload's sizes (only
/// the chosen one's shown).
fn generator_html() -> String {
    use std::fmt::Write;
    let mut h = String::from(
        r#"<div class="generator"><label class="gen-param"><span>Workload</span><select id="gen-workload">"#,
    );
    for w in WORKLOADS {
        let _ = write!(h, r#"<option value="{}">{}</option>"#, w.id, w.name);
    }
    h.push_str("</select></label>");
    for (k, w) in WORKLOADS.iter().enumerate() {
        let _ = write!(
            h,
            r#"<div class="gen-sizes" id="gen-sizes-{}"{}>"#,
            w.id,
            if k == 0 { "" } else { " hidden" }
        );
        for p in w.params {
            let _ = write!(
                h,
                r#"<label class="gen-param"><span>{} ({}–{})</span><input type="number" id="gen-{}-{}" inputmode="numeric" min="{}" max="{}" value="{}"></label>"#,
                p.label,
                format::grouped(p.min as f64, 0),
                format::grouped(p.max as f64, 0),
                w.id,
                p.key,
                p.min,
                p.max,
                p.default
            );
        }
        h.push_str("</div>");
    }
    h.push_str(r#"<button type="button" id="gen-run">Generate</button></div>"#);
    h
}

/// What the derived profile holds, as HTML text.
fn profile_html(p: &TraceProfile, seconds: f64) -> String {
    use crate::chart::svg::esc;
    let mut parts = vec![format!(
        "{}: analysed in {} s",
        p.source,
        format::significant(seconds.max(0.001), 3)
    )];
    if let Some(m) = p.memory.first() {
        parts.push(format!(
            "{}{}, {} distinct {}-byte {}",
            format::count(m.references as f64, "memory reference"),
            rate(m.references as f64 / 1e6, seconds)
                .map_or(String::new(), |r| format!(" ({r} M/s)")),
            format::grouped(m.lines as f64, 0),
            m.line,
            format::noun(m.lines as f64, "line", "lines")
        ));
    }
    if let Some(s) = &p.schedule {
        parts.push(format!(
            "D = {}, W = {}, S = {}",
            format::count(s.d as f64, "level"),
            format::count(s.work as f64, "operation"),
            format::grouped(s.s as f64, 0)
        ));
    }
    let note = match (&p.w_vec_note, p.schedule.is_some()) {
        (Some(n), _) => format!("W_vec: {n}."),
        (None, true) => {
            "W_vec cannot come from a trace: type how many operations vectorize.".to_string()
        }
        (None, false) => {
            "A memory trace gives each architecture its Q_f and Q_s, and nothing else.".to_string()
        }
    };
    format!(
        r#"<p class="muted" id="profile-done">{}.</p><p class="muted" id="profile-note">{}</p>"#,
        esc(&parts.join("; ")),
        esc(&note)
    )
}

/// AutoMatch's profile from a trace file (Valgrind Lackey's memory trace, or an operation
/// trace) or a built-in workload generator, derived in the analysis worker at `line_sizes`.
/// The profile goes to `on_profile` (the page fills the fields from it); nothing is uploaded.
/// Written as HTML text with delegated events: one view, whatever the number of controls.
#[component]
pub fn ProfileSource(
    on_profile: Callback<Profile>,
    #[prop(into)] line_sizes: Signal<Vec<u64>>,
) -> impl IntoView {
    let shared = SharedFiles::get();
    let job = Job::new();
    let summary = RwSignal::new(String::new());
    let run = move |name: String, message: js_sys::Object| {
        let lines: js_sys::Array = line_sizes
            .get_untracked()
            .into_iter()
            .map(|l| JsValue::from_f64(l as f64))
            .collect();
        let _ = js_sys::Reflect::set(&message, &"lines".into(), &lines);
        job.start(
            name,
            message,
            Box::new(move |text, s| {
                let p = profile_of(text)
                    .ok_or_else(|| "the worker's profile could not be read".to_string())?;
                summary.set(profile_html(&p, s));
                on_profile.run(p);
                Ok(())
            }),
        );
    };
    let value_of = |id: &str| {
        document()
            .get_element_by_id(id)
            // An input or the select: both have a `value`.
            .map(|e| e.unchecked_into::<web_sys::HtmlInputElement>().value())
            .unwrap_or_default()
    };
    let generate = move || {
        let id = value_of("gen-workload");
        let Some(w) = WORKLOADS.iter().find(|w| w.id == id).or(WORKLOADS.first()) else {
            return;
        };
        let values: Vec<f64> = w
            .params
            .iter()
            .map(|p| {
                value_of(&format!("gen-{}-{}", w.id, p.key))
                    .trim()
                    .parse()
                    .unwrap_or(f64::NAN)
            })
            .collect();
        // The worker checks the sizes too; checked here, the message comes at once.
        if let Err(message) = crate::analysis::generators::Workload::from_spec(w.id, &values) {
            job.status.set(Status::Failed {
                name: w.name.to_string(),
                message,
            });
            return;
        }
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"kind".into(), &"generate".into());
        let _ = js_sys::Reflect::set(&message, &"workload".into(), &w.id.into());
        let values: js_sys::Array = values.into_iter().map(JsValue::from_f64).collect();
        let _ = js_sys::Reflect::set(&message, &"values".into(), &values);
        run(w.name.to_string(), message);
    };
    let on_click = move |ev: web_sys::MouseEvent| {
        let id = target_id(&ev);
        if id == "gen-run" {
            generate();
        } else if id == "gen-spmv-page" {
            if let Some(file) = shared.matrix.get_untracked() {
                run(file.name(), file_message("trace", &file));
            }
        }
    };
    let on_change = move |ev: web_sys::Event| {
        let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            // The workload picker: show the chosen workload's sizes.
            let id = value_of("gen-workload");
            for w in WORKLOADS {
                if let Some(e) = document().get_element_by_id(&format!("gen-sizes-{}", w.id)) {
                    let _ = if w.id == id {
                        e.remove_attribute("hidden")
                    } else {
                        e.set_attribute("hidden", "")
                    };
                }
            }
            return;
        };
        if el.type_() == "file" {
            if let Some(file) = el.files().and_then(|f| f.get(0)) {
                run(file.name(), file_message("trace", &file));
            }
            el.set_value("");
        }
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        if let Some(file) = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            run(file.name(), file_message("trace", &file));
        }
    };
    let status = move || {
        let mut h = job.html("profile", "Analysing");
        if matches!(job.status.get(), Status::Done { .. }) {
            h += &summary.get();
        }
        h
    };
    // SpMV on the SpMV page's matrix, when one was read there.
    let spmv_page = shared.matrix.with_untracked(|m| m.as_ref().map(File::name)).map_or(String::new(), |name| format!(r#"<p><button type="button" id="gen-spmv-page">SpMV on {}, the SpMV page's matrix</button></p>"#, crate::chart::svg::esc(&name)));
    let controls = generator_html()
        + &spmv_page
        + r#"<div class="drop-zone" id="trace-drop"><p>Or drop a trace here — Valgrind's <code>--tool=lackey --trace-mem=yes</code> output, an operation trace (one operation a line: <code>add</code>, <code>sub</code>, <code>mul</code>, <code>div</code> or <code>other</code> <code>DST SRC…</code> on registers <code>r1</code>, <code>r2</code>…, <code>ld DST ADDR</code>, <code>st ADDR SRC</code>, <code>sync</code>; <code>#</code> starts a comment), or a Matrix Market file for SpMV on its matrix — or <label class="file-button">choose one<input type="file" id="trace-input"></label>. It is read in your browser, in the background; links keep only the profile.</p></div>"#;
    view! {
        <section class="matrix-file profile-source" aria-label="Derive the profile" on:click=on_click on:change=on_change on:dragover=|ev: web_sys::DragEvent| ev.prevent_default() on:drop=on_drop>
            <h2>"Derive the profile"</h2>
            <p class="chart-note">"Run a built-in workload, or read a trace of your program: the schedule fills w, W_add, W_mul and S, the memory references each architecture's Q_f and Q_s."</p>
            <div class="html-table" inner_html=controls></div>
            <div class="html-table" inner_html=Signal::derive(status)></div>
            {job.cancel_button("profile")}
        </section>
    }
}

type Answer = Box<dyn Fn(&str, Result<String, String>)>;

struct ServiceInner {
    worker: Worker,
    ready: std::cell::Cell<bool>,
    /// The latest request sent before the worker was ready.
    pending: std::cell::RefCell<Option<js_sys::Object>>,
    seq: std::cell::Cell<u32>,
    /// The latest request of each kind: (kind, seq).
    latest: std::rc::Rc<std::cell::RefCell<Vec<(String, u32)>>>,
    _handler: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

/// A worker kept for a panel's lifetime (the PTX panel's): requests go to it one after another,
/// and of each kind of request only the latest one's answer is handed on, with its kind.
#[derive(Clone, Copy)]
pub struct Service {
    inner: StoredValue<Option<std::rc::Rc<ServiceInner>>, LocalStorage>,
    answer: StoredValue<Option<std::rc::Rc<Answer>>, LocalStorage>,
    /// The last worker ended by [`Service::fail`], kept until the next ends: `fail` may run in
    /// its error handler, which must not be dropped while it runs.
    ended: StoredValue<Option<std::rc::Rc<ServiceInner>>, LocalStorage>,
}

impl Service {
    /// `answer(kind, result)` gets each latest answer: the JSON text or the worker's message.
    pub fn new(answer: impl Fn(&str, Result<String, String>) + 'static) -> Service {
        let answer: Answer = Box::new(answer);
        let s = Service {
            inner: StoredValue::new_local(None),
            answer: StoredValue::new_local(Some(std::rc::Rc::new(answer))),
            ended: StoredValue::new_local(None),
        };
        on_cleanup(move || {
            s.inner.update_value(|i| {
                if let Some(i) = i.take() {
                    i.worker.terminate();
                }
            })
        });
        s
    }

    fn start(self) -> Option<std::rc::Rc<ServiceInner>> {
        let worker = Worker::new(WORKER).ok()?;
        let latest = std::rc::Rc::new(std::cell::RefCell::new(Vec::<(String, u32)>::new()));
        let kinds = latest.clone();
        let answer = self.answer.get_value()?;
        let me = self;
        let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let data = e.data();
            let kind = get(&data, "kind").as_string().unwrap_or_default();
            let result = match get(&data, "type").as_string().as_deref() {
                Some("ready") => {
                    if let Some(i) = me.inner.get_value() {
                        i.ready.set(true);
                        if let Some(m) = i.pending.borrow_mut().take() {
                            let _ = i.worker.post_message(&m);
                        }
                    }
                    return;
                }
                Some("done") => Ok(get(&data, "stats").as_string().unwrap_or_default()),
                Some("error") => Err(get(&data, "message").as_string().unwrap_or_default()),
                _ => return,
            };
            let seq = get(&data, "seq").as_f64();
            let is_latest = kinds
                .borrow()
                .iter()
                .any(|(k, s)| *k == kind && Some(f64::from(*s)) == seq);
            if is_latest {
                answer(&kind, result);
            }
        });
        // The worker died (out of memory, a trap): each request waiting gets the error, and
        // the next request starts a fresh worker.
        let on_error =
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
                e.prevent_default();
                me.fail(&died(&e));
            });
        worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Some(std::rc::Rc::new(ServiceInner {
            worker,
            ready: std::cell::Cell::new(false),
            pending: std::cell::RefCell::new(None),
            seq: std::cell::Cell::new(0),
            latest,
            _handler: handler,
            _on_error: on_error,
        }))
    }

    /// Ends the worker (it died, or the user cancelled): each kind's latest request is answered
    /// with `message`; the next request starts a fresh worker.
    pub fn fail(self, message: &str) {
        let Some(i) = self.inner.get_value() else {
            return;
        };
        self.inner.set_value(None);
        i.worker.terminate();
        let kinds: Vec<String> = i.latest.borrow().iter().map(|(k, _)| k.clone()).collect();
        self.ended.set_value(Some(i));
        if let Some(answer) = self.answer.get_value() {
            for k in kinds {
                answer(&k, Err(message.to_string()));
            }
        }
    }

    /// Sends `message` (its `kind` and fields), starting the worker on first use; an answer
    /// to an earlier request of the same kind is dropped from now on.
    pub fn send(self, message: js_sys::Object) {
        if self.inner.with_value(|i| i.is_none()) {
            let started = self.start();
            self.inner.set_value(started);
        }
        let Some(i) = self.inner.get_value() else {
            return;
        };
        let seq = i.seq.get() + 1;
        i.seq.set(seq);
        let _ = js_sys::Reflect::set(&message, &"seq".into(), &f64::from(seq).into());
        let kind = js_sys::Reflect::get(&message, &"kind".into())
            .ok()
            .and_then(|k| k.as_string())
            .unwrap_or_default();
        let mut latest = i.latest.borrow_mut();
        match latest.iter_mut().find(|(k, _)| *k == kind) {
            Some(l) => l.1 = seq,
            None => latest.push((kind, seq)),
        }
        drop(latest);
        if i.ready.get() {
            let _ = i.worker.post_message(&message);
        } else {
            *i.pending.borrow_mut() = Some(message);
        }
    }
}

/// The worker's PTX report (JSON text under [`crate::model::ptx::Report`]'s field names).
pub fn ptx_report_of(text: &str) -> Option<crate::model::ptx::Report> {
    use crate::model::ptx::{LoopLine, MemoryLine, ParseError, Report, Summary};
    let v = js_sys::JSON::parse(text).ok()?;
    let n = |v: &JsValue, k: &str| get(v, k).as_f64();
    let u = |v: &JsValue, k: &str| n(v, k).map(|x| x as usize);
    let s = |v: &JsValue, k: &str| get(v, k).as_string();
    let list = |k: &str| js_sys::Array::from(&get(&v, k));
    let a = get(&v, "analysis");
    let analysis = if a.is_object() {
        Some(Summary {
            periods: u(&a, "periods")?,
            periods_text: s(&a, "periods_text")?,
            p: n(&a, "p")?,
            compute_cost: n(&a, "compute_cost")?,
            memory_cost: n(&a, "memory_cost")?,
            comp_insts: n(&a, "comp_insts")?,
            coal_mem_insts: n(&a, "coal_mem_insts")?,
            uncoal_mem_insts: n(&a, "uncoal_mem_insts")?,
            synch_insts: n(&a, "synch_insts")?,
            mlp: n(&a, "mlp").unwrap_or(1.0),
        })
    } else {
        None
    };
    Some(Report {
        instructions: u(&v, "instructions")?,
        errors: list("errors")
            .iter()
            .map(|e| {
                Some(ParseError {
                    line: u(&e, "line")?,
                    message: s(&e, "message")?,
                })
            })
            .collect::<Option<_>>()?,
        loops: list("loops")
            .iter()
            .map(|l| {
                Some(LoopLine {
                    label: s(&l, "label")?,
                    header_line: u(&l, "header_line")?,
                    branch_line: u(&l, "branch_line")?,
                    depth: u(&l, "depth")?,
                    function: s(&l, "function").unwrap_or_default(),
                    calls: u(&l, "calls").unwrap_or(1),
                    why: s(&l, "why")?,
                })
            })
            .collect::<Option<_>>()?,
        memory: list("memory")
            .iter()
            .map(|m| {
                Some(MemoryLine {
                    index: u(&m, "index")?,
                    line: u(&m, "line")?,
                    text: s(&m, "text")?,
                })
            })
            .collect::<Option<_>>()?,
        analysis,
        debug: get(&v, "debug").as_bool().unwrap_or(false),
        kernels: list("kernels")
            .iter()
            .filter_map(|k| k.as_string())
            .collect(),
        kernel: s(&v, "kernel").unwrap_or_default(),
        notes: list("notes").iter().filter_map(|k| k.as_string()).collect(),
    })
}

/// Drop or pick a profiler's CSV (Nsight Compute or nvprof): the worker reads it and compares
/// every kernel with the models (`crate::measured`), and hands back the comparison as HTML
/// text (written by `crate::measured::html`, tested natively: the page's bundle stays small).
#[component]
pub fn ProfilerFile(on_report: Callback<(String, String)>) -> impl IntoView {
    let job = Job::new();
    let start = move |file: File| {
        let name = file.name();
        let size = file.size();
        let message = file_message("measured", &file);
        let _ = js_sys::Reflect::set(&message, &"name".into(), &name.as_str().into());
        job.start(
            name,
            message,
            Box::new(move |text, seconds| {
                let v = js_sys::JSON::parse(text)
                    .map_err(|_| "the worker's comparison could not be read".to_string())?;
                let html = get(&v, "html").as_string().unwrap_or_default();
                let mut speed =
                    format!("Read and compared in {} s", format::significant(seconds, 3));
                if size >= 1e6 {
                    speed += &format!(
                        " ({} MB/s of the file as chosen)",
                        format::significant(size / 1e6 / seconds.max(1e-3), 3)
                    );
                }
                speed.push('.');
                on_report.run((html, speed));
                Ok(())
            }),
        );
    };
    view! {
        <DropZone
            id="profile"
            accept=".csv,.txt,.gz"
            lead="Drop a profiler's CSV here (Nsight Compute's ncu --csv, or nvprof's --csv; .gz too), or "
            tail=". It is read in your browser, in the background: nothing is uploaded."
            on_file=Callback::new(start)
        />
        <div class="html-table" inner_html=move || job.html("measured", "Reading")></div>
        {job.cancel_button("measured")}
    }
}
