//! The analysis worker: a separate wasm the page loads only when a file is read, a workload
//! generated or PTX analysed (Trunk builds it from `<link data-trunk rel="rust"
//! data-type="worker">`). It takes the page's requests (`warpsight::protocol::Request`: a
//! Matrix Market file, a profiler's CSV, a Lackey or operation trace, a generator, PTX),
//! streams a file (through the browser's gzip DecompressionStream when compressed) into the
//! pure streaming readers of `warpsight::analysis`, and posts back `Reply`s: progress, then
//! the answer or what went wrong. Both cross as postcard bytes (see the protocol module).
//! The page cancels by terminating the worker.

#[cfg(target_arch = "wasm32")]
mod run {
    use js_sys::{Reflect, Uint8Array};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{
        DedicatedWorkerGlobalScope, File, MessageEvent, ReadableStream,
        ReadableStreamDefaultReader, ReadableWritablePair, WritableStream,
    };

    // The browser's streaming gzip decoder (web-sys marks it unstable, so bound here).
    #[wasm_bindgen]
    extern "C" {
        type DecompressionStream;
        #[wasm_bindgen(constructor, catch)]
        fn new(format: &str) -> Result<DecompressionStream, JsValue>;
        #[wasm_bindgen(method, getter)]
        fn readable(this: &DecompressionStream) -> ReadableStream;
        #[wasm_bindgen(method, getter)]
        fn writable(this: &DecompressionStream) -> WritableStream;
    }

    use warpsight::analysis::generators::Workload;
    use warpsight::analysis::profile::{TraceProfile, TraceReader};
    use warpsight::analysis::profiler::ProfileReader;
    use warpsight::analysis::MatrixReader;
    use warpsight::protocol::{
        message, Answer, Envelope, Progress, PtxRequest, Reply, Request, FILE_KEY, MORE_FILES_KEY,
    };

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn post(reply: &Reply) {
        if let Some(m) = message::to_js(reply) {
            let _ = scope().post_message(&m);
        }
    }

    pub fn start() {
        let on = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
            let data = e.data();
            wasm_bindgen_futures::spawn_local(async move {
                let Some(Envelope { seq, request }) = message::from_js(&data) else {
                    return post(&Reply::Failed {
                        seq: 0,
                        message: "the worker could not read the request".to_string(),
                    });
                };
                let file = Reflect::get(&data, &JsValue::from_str(FILE_KEY))
                    .ok()
                    .and_then(|f| f.dyn_into::<File>().ok());
                // Further files of the same job (a trace's metrics): an array beside it.
                let more: Vec<File> = Reflect::get(&data, &JsValue::from_str(MORE_FILES_KEY))
                    .ok()
                    .and_then(|a| a.dyn_into::<js_sys::Array>().ok())
                    .map(|a| a.iter().filter_map(|f| f.dyn_into::<File>().ok()).collect())
                    .unwrap_or_default();
                post(&match read(request, file, more).await {
                    Ok(answer) => Reply::Done { seq, answer },
                    Err(message) => Reply::Failed { seq, message },
                });
            });
        });
        scope().set_onmessage(Some(on.as_ref().unchecked_ref()));
        on.forget();
        post(&Reply::Ready);
    }

    fn now() -> f64 {
        js_sys::Date::now()
    }

    /// Milliseconds to a fraction of one (`performance.now()`), for the reader's time summed
    /// over chunks of a few milliseconds each; `now` where the worker has no clock.
    fn precise_now() -> f64 {
        scope().performance().map_or_else(now, |p| p.now())
    }

    /// The line sizes asked for: powers of two from 1 to 4096 bytes.
    fn line_sizes(lines: &[u64]) -> Result<Vec<u64>, String> {
        let lines: Vec<u64> = lines
            .iter()
            .copied()
            .filter(|l| (1..=4096).contains(l))
            .collect();
        if lines.is_empty() {
            return Err("no line size to analyse at".to_string());
        }
        Ok(lines)
    }

    /// The job's answer, or a message saying what is wrong.
    async fn read(request: Request, file: Option<File>, more: Vec<File>) -> Result<Answer, String> {
        let file = || file.clone().ok_or_else(|| "no file was given".to_string());
        match request {
            Request::Generate {
                workload,
                values,
                lines,
            } => {
                let workload = Workload::from_spec(&workload, &values)?;
                let g = workload.generate_with(&line_sizes(&lines)?, &mut fractions());
                Ok(Answer::Profile(TraceProfile::generated(workload, &g)))
            }
            Request::Ptx(r) => Ok(Answer::Ptx(ptx(r))),
            Request::PtxExample { id } => warpsight::model::ptx::EXAMPLES
                .iter()
                .find(|e| e.id == id)
                .map(|e| Answer::PtxText(e.ptx.to_string()))
                .ok_or_else(|| format!("no example “{id}”")),
            // A profiler's CSV: each kernel's predictions beside its measured time, as the
            // CLI's `analyze measured` prints them, as the page's HTML.
            Request::Measured {
                name,
                device,
                on,
                baseline,
                export,
            } => {
                let chosen = device.as_deref().and_then(warpsight::devices::find);
                let on = on.as_deref().and_then(warpsight::devices::find);
                // Several files read in order, each error naming its file: those of one run
                // (nvprof's trace and its metrics) join, other runs stand beside them.
                let mut files = Vec::new();
                for f in std::iter::once(file()?).chain(more) {
                    let label = f.name();
                    let mut reader = ProfileReader::new();
                    stream(f, &mut reader).await?;
                    let profile = reader.finish().map_err(|e| {
                        if files.is_empty() {
                            e.to_string()
                        } else {
                            format!("{label}: {e}")
                        }
                    })?;
                    files.push((label, profile));
                }
                let comparison = warpsight::measured::runs::compare_files(
                    files,
                    chosen,
                    on,
                    baseline.map(|b| b as usize),
                )
                .ok_or_else(|| "no file was given".to_string())?;
                use warpsight::measured::export;
                Ok(match export.as_deref() {
                    Some("csv") => Answer::Download {
                        name: "warpsight-measured.csv".into(),
                        mime: "text/csv".into(),
                        text: export::csv(&comparison),
                    },
                    Some(_) => Answer::Download {
                        name: "warpsight-measured.json".into(),
                        mime: "application/json".into(),
                        text: export::json(&comparison),
                    },
                    None => Answer::Measured(warpsight::measured::html::comparison_html(
                        &comparison,
                        &name,
                    )),
                })
            }
            Request::Trace { lines } => {
                let mut reader = TraceReader::new(&line_sizes(&lines)?);
                stream(file()?, &mut reader).await?;
                // A matrix is replayed after its last chunk (SpMV on it): progress as for a
                // generator.
                let profile = reader
                    .finish_with(&mut fractions())
                    .map_err(|e| e.to_string())?;
                Ok(Answer::Profile(profile))
            }
            Request::Matrix => {
                let mut matrix = MatrixReader::new();
                stream(file()?, &mut matrix).await?;
                Ok(Answer::Matrix(matrix.finish().map_err(|e| e.to_string())?))
            }
            Request::Report { .. } => Err("the report worker writes reports".to_string()),
            // The device pickers' search: the presets and the catalogue (held here, never in
            // the page's bundle), only the devices the model takes (any GPU without one).
            Request::FindDevices { query, model } => {
                use warpsight::devices::{catalogue, DeviceKind};
                let model = warpsight::registry::find(&model);
                let found = catalogue::find_devices(
                    &query,
                    |d| match model {
                        Some(m) => m.devices.accepts(d),
                        None => d.kind == DeviceKind::Gpu,
                    },
                    12,
                );
                Ok(Answer::Devices {
                    html: catalogue::hits_html(&found, &query),
                    cards: catalogue::cards(&found),
                })
            }
            // Devices a link names that the page does not hold.
            Request::Devices { ids } => {
                let found: Vec<_> = ids
                    .iter()
                    .filter_map(|id| warpsight::devices::find(id.trim()))
                    .collect();
                Ok(Answer::Devices {
                    html: String::new(),
                    cards: warpsight::devices::catalogue::cards(&found),
                })
            }
        }
    }

    /// The PTX panel's report.
    fn ptx(r: PtxRequest) -> warpsight::model::ptx::Report {
        use warpsight::model::ptx::{report, CostTable};
        let costs = CostTable::from_flat(&r.costs).unwrap_or(CostTable::GTX260);
        let mut report = report(
            &r.text,
            r.kernel.as_deref(),
            &costs,
            r.trips.as_deref(),
            &r.uncoalesced,
        );
        // The list of memory instructions only when asked (Hong & Kim's panel marks them).
        if !r.memory {
            report.memory.clear();
        }
        report
    }

    /// A progress callback posting the fraction done every 100 ms.
    fn fractions() -> impl FnMut(f64) {
        let started = now();
        let mut last = started;
        move |fraction| {
            let t = now();
            if t - last >= 100.0 {
                last = t;
                post(&Reply::Progress(Progress {
                    ms: t - started,
                    fraction: Some(fraction),
                    ..Progress::default()
                }));
            }
        }
    }

    /// A streaming reader as [`stream`] drives it.
    trait Feed {
        fn feed(&mut self, chunk: &[u8]) -> Result<(), String>;
        /// What progress says besides the bytes and the time.
        fn progress(&self, p: &mut Progress);
    }

    impl Feed for MatrixReader {
        fn feed(&mut self, chunk: &[u8]) -> Result<(), String> {
            MatrixReader::feed(self, chunk).map_err(|e| e.to_string())
        }
        fn progress(&self, p: &mut Progress) {
            let (entries, declared) = self.entries();
            (p.entries, p.declared) = (entries as f64, declared as f64);
        }
    }

    impl Feed for ProfileReader {
        fn feed(&mut self, chunk: &[u8]) -> Result<(), String> {
            ProfileReader::feed(self, chunk).map_err(|e| e.to_string())
        }
        fn progress(&self, _: &mut Progress) {}
    }

    impl Feed for TraceReader {
        fn feed(&mut self, chunk: &[u8]) -> Result<(), String> {
            TraceReader::feed(self, chunk).map_err(|e| e.to_string())
        }
        fn progress(&self, p: &mut Progress) {
            p.refs = self.references() as f64;
        }
    }

    /// Streams `file` into `reader`, posting progress every 100 ms.
    async fn stream(file: File, sink: &mut impl Feed) -> Result<(), String> {
        let total = file.size();
        let name = file.name().to_ascii_lowercase();
        let gzip = name.ends_with(".gz") || name.ends_with(".tgz");
        let mut stream: ReadableStream = file.stream();
        if gzip {
            let ds = DecompressionStream::new("gzip").map_err(|_| {
                "this browser cannot decompress gzip (DecompressionStream)".to_string()
            })?;
            let pair = ReadableWritablePair::new(&ds.readable(), &ds.writable());
            stream = stream.pipe_through(&pair);
        }
        let reader: ReadableStreamDefaultReader = stream
            .get_reader()
            .dyn_into()
            .map_err(|_| "cannot read the file".to_string())?;
        let mut buf = Vec::new();
        let mut bytes = 0f64;
        let started = now();
        let mut last = started;
        // The next chunk is asked for before this one is fed, so the browser may read it while
        // the reader parses this one (tests/e2e/bench-measured.mjs prints the file read alone
        // beside the whole).
        let mut pending = reader.read();
        let mut reader_ms = 0.0;
        let progress = |bytes, reader_ms| Progress {
            ms: now() - started,
            bytes,
            total: (!gzip).then_some(total),
            reader_ms,
            ..Progress::default()
        };
        loop {
            let step = JsFuture::from(pending).await.map_err(|_| {
                if gzip {
                    "the gzip data is damaged or truncated".to_string()
                } else {
                    "the file could not be read".to_string()
                }
            })?;
            if Reflect::get(&step, &JsValue::from_str("done"))
                .ok()
                .and_then(|d| d.as_bool())
                .unwrap_or(false)
            {
                break;
            }
            let chunk: Uint8Array = Reflect::get(&step, &JsValue::from_str("value"))
                .unwrap_or(JsValue::UNDEFINED)
                .unchecked_into();
            pending = reader.read();
            buf.resize(chunk.length() as usize, 0);
            chunk.copy_to(&mut buf);
            bytes += buf.len() as f64;
            let fed = precise_now();
            sink.feed(&buf)?;
            reader_ms += precise_now() - fed;
            let t = now();
            if t - last >= 100.0 {
                last = t;
                let mut p = progress(bytes, reader_ms);
                sink.progress(&mut p);
                post(&Reply::Progress(p));
            }
        }
        // The last word on the file's time, whatever the last post said.
        let mut p = progress(bytes, reader_ms);
        sink.progress(&mut p);
        post(&Reply::Progress(p));
        Ok(())
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    run::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "warpsight-worker runs in the browser as the web app's analysis worker (see README.md)."
    );
    eprintln!("On the command line use `warpsight analyze matrix FILE`.");
    std::process::exit(2);
}
