//! The file-job runner: one worker per file job, its progress (MB/s), Cancel, the worker that died, and the message that starts a job.

use super::*;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Status {
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
        /// The worker's own account of the file (its last progress): milliseconds from its
        /// first byte to its last, and those the reader spent on them.
        stream_ms: f64,
        reader_ms: f64,
    },
    Failed {
        name: String,
        message: String,
    },
    Cancelled,
}

/// A running worker and its message and error handlers (kept alive while it runs).
pub(super) type Running = (
    Worker,
    Closure<dyn FnMut(MessageEvent)>,
    Closure<dyn FnMut(web_sys::ErrorEvent)>,
);

/// What the page says when the worker itself dies: out of memory, a trap in the reader, or
/// its code failing to load. The page keeps what it showed; the next job starts a new worker.
pub(super) fn died(e: &web_sys::ErrorEvent) -> String {
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

/// What a job does with its answer (and the seconds it took): an error says what is wrong
/// with it.
pub(super) type Done = Box<dyn Fn(Answer, f64) -> Result<(), String>>;

/// One job at a time in the analysis worker: its status, and the worker while it runs (a new
/// job or Cancel terminates it).
#[derive(Clone, Copy)]
pub(super) struct Job {
    pub(super) status: RwSignal<Status>,
    pub(super) running: StoredValue<Option<Running>, LocalStorage>,
    /// The running job's last progress: its milliseconds, and the reader's share of them.
    timing: StoredValue<(f64, f64)>,
}

thread_local! {
    /// A worker started before its job (when the pointer or a drag comes to a drop zone, or a
    /// job has ended), so that the next job of any page need not wait for the worker's wasm to
    /// load and compile. Its loader keeps the job until the wasm has loaded
    /// (static/warpsight-worker_loader.js).
    static SPARE: std::cell::RefCell<Option<Worker>> = const { std::cell::RefCell::new(None) };
}

impl Job {
    pub(super) fn new() -> Job {
        let job = Job {
            status: RwSignal::new(Status::Idle),
            running: StoredValue::new_local(None),
            timing: StoredValue::new((0.0, 0.0)),
        };
        on_cleanup(move || job.stop());
        job
    }

    /// Starts the spare worker for the next job, unless there is one.
    pub(super) fn warm() {
        SPARE.with_borrow_mut(|s| {
            if s.is_none() {
                *s = Worker::new(WORKER).ok();
            }
        });
    }

    pub(super) fn stop(self) {
        self.running.update_value(|r| {
            if let Some(r) = r.take() {
                r.0.terminate();
            }
        });
    }

    pub(super) fn cancel(self) {
        self.stop();
        self.status.set(Status::Cancelled);
    }

    /// Starts the worker and hands it `request` (with `file` beside it) once it says it is
    /// ready (its wasm loads first; a message sent before would find no listener). `done` gets
    /// the answer and says what is wrong with it, if anything.
    pub(super) fn start(self, name: String, request: Request, file: Option<File>, done: Done) {
        self.start_with(name, request, file, &[], done)
    }

    /// [`Job::start`] with further files beside the first (`MORE_FILES_KEY`).
    pub(super) fn start_with(
        self,
        name: String,
        request: Request,
        file: Option<File>,
        more: &[File],
        done: Done,
    ) {
        self.stop();
        let status = self.status;
        let timing = self.timing;
        timing.set_value((0.0, 0.0));
        status.set(Status::Running {
            name: name.clone(),
            bytes: 0.0,
            fraction: None,
            mb_per_s: None,
            refs_per_s: None,
        });
        // The spare worker if one was started, else a new one.
        let spare = SPARE.with_borrow_mut(Option::take);
        let Some(worker) = spare.or_else(|| Worker::new(WORKER).ok()) else {
            status.set(Status::Failed {
                name,
                message: "this browser cannot start the analysis (Web Worker)".into(),
            });
            return;
        };
        let started = crate::ui::browser::now_ms();
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
        let message = message(1, request, file.as_ref()).inspect(|m| {
            if !more.is_empty() {
                let files: js_sys::Array = more.iter().collect();
                let _ = js_sys::Reflect::set(m, &crate::protocol::MORE_FILES_KEY.into(), &files);
            }
        });
        let fail_post = fail.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            match reply(e.data()) {
                Some(Reply::Progress(p)) => {
                    timing.set_value((p.ms, p.reader_ms));
                    let fraction = p.done();
                    let seconds = p.ms / 1e3;
                    // Millions per second, once there is enough of both to mean something.
                    let per_s = |x: f64| worth_a_rate(x, seconds).then(|| x / seconds);
                    status.update(|s| {
                        if let Status::Running { name, .. } = s {
                            *s = Status::Running {
                                name: std::mem::take(name),
                                bytes: p.bytes,
                                fraction,
                                mb_per_s: per_s(p.bytes / 1e6),
                                refs_per_s: per_s(p.refs / 1e6),
                            };
                        }
                    });
                }
                Some(Reply::Done { answer, .. }) => {
                    let seconds = (crate::ui::browser::now_ms() - started) / 1e3;
                    match done(answer, seconds) {
                        Ok(()) => {
                            status.update(|s| {
                                if let Status::Running { name, .. } = s {
                                    let (stream_ms, reader_ms) = timing.get_value();
                                    *s = Status::Done {
                                        name: std::mem::take(name),
                                        seconds,
                                        stream_ms,
                                        reader_ms,
                                    };
                                }
                            });
                            end_done();
                            // A spare for the next file.
                            Job::warm();
                        }
                        Err(m) => fail(m),
                    }
                }
                Some(Reply::Failed { message, .. }) => fail(message),
                Some(Reply::Ready) | None => {}
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let sent = message.as_ref().map(|m| worker.post_message(m));
        self.running.set_value(Some((worker, on_message, on_error)));
        if !matches!(sent, Some(Ok(()))) {
            fail_post("could not hand the job to the worker".into())
        }
    }

    /// Progress with MB/s (or references/s, once meaningful), the error, or "Cancelled"; ids
    /// start with `prefix` (`matrix-progress`, `profile-error`, …). The Cancel button is
    /// [`Job::cancel_button`], beside it.
    pub(super) fn status_view(self, prefix: &'static str, what: &'static str) -> impl IntoView {
        let id = move |s: &str| format!("{prefix}-{s}");
        move || {
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
                if let Some(f) = fraction {
                    text += &format!(" · {}%", (f * 100.0).floor());
                }
                view! {
                    <div class="matrix-progress" id=id("reading") role="status">
                        <progress id=id("progress") max="1" value=fraction></progress>
                        <span id=id("rate")>{text}</span>
                    </div>
                }
                .into_any()
            }
            Status::Failed { name, message } => view! {
                <p class="error" id=id("error") role="alert">{format!("{name}: {message}. Nothing was changed.")}</p>
            }
            .into_any(),
            Status::Cancelled => view! {
                <p class="muted" id=id("cancelled") role="status">"Cancelled; nothing was changed."</p>
            }
            .into_any(),
            // Where a file's time went, for the benches (tests/e2e/bench-matrix.mjs).
            Status::Done {
                stream_ms,
                reader_ms,
                ..
            } => view! {
                <span id=id("timing") hidden data-stream-ms=stream_ms data-reader-ms=reader_ms></span>
            }
            .into_any(),
            Status::Idle => ().into_any(),
        }
        }
    }

    /// The Cancel button while the job runs: an element of its own, kept while the progress
    /// text above it is rewritten (a button inside that text was replaced every 100 ms, so a
    /// click could fall between its press and release, and keyboard focus was lost).
    pub(super) fn cancel_button(self, prefix: &'static str) -> impl IntoView {
        let idle = move || self.status.with(|s| !matches!(s, Status::Running { .. }));
        view! {
            <button type="button" id=format!("{prefix}-cancel") class="job-cancel" hidden=idle on:click=move |_| self.cancel()>"Cancel"</button>
        }
    }
}

/// Whether `millions` done in `seconds` make a rate worth showing: at least a million, over at
/// least a fifth of a second (a 74-byte file read in 0.2 s is not "0.000000319 M/s").
pub(super) fn worth_a_rate(millions: f64, seconds: f64) -> bool {
    millions >= 1.0 && seconds >= 0.2
}

/// `millions` per second to 3 significant digits, when [`worth_a_rate`].
pub(super) fn rate(millions: f64, seconds: f64) -> Option<String> {
    worth_a_rate(millions, seconds).then(|| format::significant(millions / seconds, 3))
}
