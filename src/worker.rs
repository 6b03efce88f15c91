//! The analysis worker: a separate wasm the page loads only when a file is read or a workload
//! generated (Trunk builds it from `<link data-trunk rel="rust" data-type="worker">`). It takes
//! `{kind: "matrix", file}` (a Matrix Market file), `{kind: "measured", file, name}` (a
//! profiler's CSV: `warpsight::measured`'s report and its HTML), `{kind: "trace", file, lines}` (a Lackey
//! or operation trace, stack distances at each line size) or `{kind: "generate", workload,
//! values, lines}`, streams the file (through the browser's gzip DecompressionStream when
//! compressed) into the pure streaming readers of `warpsight::analysis`, and posts back
//! progress and then the statistics, as JSON text, or an error. The page cancels by
//! terminating the worker.

#[cfg(target_arch = "wasm32")]
mod run {
    use js_sys::{Object, Reflect, Uint8Array};
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

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn post(fields: &[(&str, JsValue)]) {
        let msg = Object::new();
        for (k, v) in fields {
            let _ = Reflect::set(&msg, &JsValue::from_str(k), v);
        }
        let _ = scope().post_message(&msg);
    }

    fn get(v: &JsValue, key: &str) -> JsValue {
        Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    }

    pub fn start() {
        let on = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
            let data = e.data();
            wasm_bindgen_futures::spawn_local(async move {
                // A request's `seq` comes back with its answer (the PTX panel keeps the latest).
                let (seq, kind) = (get(&data, "seq"), get(&data, "kind"));
                match read(&data).await {
                    Ok(json) => post(&[
                        ("type", "done".into()),
                        ("stats", json.into()),
                        ("seq", seq),
                        ("kind", kind),
                    ]),
                    Err(message) => post(&[
                        ("type", "error".into()),
                        ("message", message.into()),
                        ("seq", seq),
                        ("kind", kind),
                    ]),
                }
            });
        });
        scope().set_onmessage(Some(on.as_ref().unchecked_ref()));
        on.forget();
        post(&[("type", "ready".into())]);
    }

    fn now() -> f64 {
        js_sys::Date::now()
    }

    /// The numbers of an array under `key`.
    fn numbers(data: &JsValue, key: &str) -> Vec<f64> {
        js_sys::Array::from(&get(data, key))
            .iter()
            .filter_map(|v| v.as_f64())
            .collect()
    }

    /// The line sizes asked for: powers of two from 1 to 4096 bytes.
    fn line_sizes(data: &JsValue) -> Result<Vec<u64>, String> {
        let lines: Vec<u64> = numbers(data, "lines")
            .into_iter()
            .filter(|l| l.fract() == 0.0 && (1.0..=4096.0).contains(l))
            .map(|l| l as u64)
            .collect();
        if lines.is_empty() {
            return Err("no line size to analyse at".to_string());
        }
        Ok(lines)
    }

    /// The job's result (JSON text) or a message saying what is wrong.
    async fn read(data: &JsValue) -> Result<String, String> {
        match get(data, "kind").as_string().as_deref() {
            Some("generate") => generate(data),
            Some("ptx") => Ok(ptx(data)),
            // An example kernel's text (kept here, out of the page's bundle).
            Some("ptx-example") => {
                let id = get(data, "id").as_string().unwrap_or_default();
                warpsight::model::ptx::EXAMPLES
                    .iter()
                    .find(|e| e.id == id)
                    .map(|e| e.ptx.to_string())
                    .ok_or_else(|| format!("no example “{id}”"))
            }
            // A profiler's CSV: each kernel's predictions beside its measured time, as the
            // CLI's `analyze measured` prints them, and the page's HTML of them.
            Some("measured") => {
                let mut reader = ProfileReader::new();
                stream(data, &mut reader).await?;
                let profile = reader.finish().map_err(|e| e.to_string())?;
                let report = warpsight::measured::compare(&profile);
                let file = get(data, "name").as_string().unwrap_or_default();
                let html = warpsight::measured::html::report_html(&report, &file);
                serde_json::to_string(&serde_json::json!({ "report": report, "html": html }))
                    .map_err(|e| e.to_string())
            }
            Some("trace") => {
                let mut reader = TraceReader::new(&line_sizes(data)?);
                stream(data, &mut reader).await?;
                // A matrix is replayed after its last chunk (SpMV on it): progress as for a
                // generator.
                let profile = reader
                    .finish_with(&mut fractions())
                    .map_err(|e| e.to_string())?;
                serde_json::to_string(&profile).map_err(|e| e.to_string())
            }
            _ => {
                let mut matrix = MatrixReader::new();
                stream(data, &mut matrix).await?;
                let stats = matrix.finish().map_err(|e| e.to_string())?;
                serde_json::to_string(&stats).map_err(|e| e.to_string())
            }
        }
    }

    /// The PTX panel's report on `{text, trips (or null), uncoalesced, costs, kernel,
    /// memory (false: leave out the memory instructions' list)}`.
    fn ptx(data: &JsValue) -> String {
        use warpsight::model::ptx::{report, CostTable};
        let text = get(data, "text").as_string().unwrap_or_default();
        let trips = get(data, "trips");
        let trips: Option<Vec<u64>> = (!trips.is_null() && !trips.is_undefined()).then(|| {
            numbers(data, "trips")
                .into_iter()
                .map(|t| t as u64)
                .collect()
        });
        let uncoalesced: Vec<usize> = numbers(data, "uncoalesced")
            .into_iter()
            .map(|i| i as usize)
            .collect();
        let costs = CostTable::from_flat(&numbers(data, "costs")).unwrap_or(CostTable::GTX260);
        let kernel = get(data, "kernel").as_string();
        let mut r = report(
            &text,
            kernel.as_deref(),
            &costs,
            trips.as_deref(),
            &uncoalesced,
        );
        // The list of memory instructions only when asked (Hong & Kim's panel marks them).
        if get(data, "memory") == JsValue::FALSE {
            r.memory.clear();
        }
        serde_json::to_string(&r).unwrap_or_default()
    }

    /// A progress callback posting the fraction done every 100 ms.
    fn fractions() -> impl FnMut(f64) {
        let started = now();
        let mut last = started;
        move |fraction| {
            let t = now();
            if t - last >= 100.0 {
                last = t;
                post(&[
                    ("type", "progress".into()),
                    ("fraction", fraction.into()),
                    ("ms", (t - started).into()),
                ]);
            }
        }
    }

    /// A built-in workload's profile, with progress every 100 ms.
    fn generate(data: &JsValue) -> Result<String, String> {
        let id = get(data, "workload").as_string().unwrap_or_default();
        let workload = Workload::from_spec(&id, &numbers(data, "values"))?;
        let lines = line_sizes(data)?;
        let g = workload.generate_with(&lines, &mut fractions());
        serde_json::to_string(&TraceProfile::generated(workload, &g)).map_err(|e| e.to_string())
    }

    /// A streaming reader as [`stream`] drives it.
    trait Feed {
        fn feed(&mut self, chunk: &[u8]) -> Result<(), String>;
        /// What progress says besides the bytes: (name, value).
        fn progress(&self) -> [(&'static str, f64); 2];
    }

    impl Feed for MatrixReader {
        fn feed(&mut self, chunk: &[u8]) -> Result<(), String> {
            MatrixReader::feed(self, chunk).map_err(|e| e.to_string())
        }
        fn progress(&self) -> [(&'static str, f64); 2] {
            let (entries, declared) = self.entries();
            [("entries", entries as f64), ("declared", declared as f64)]
        }
    }

    impl Feed for ProfileReader {
        fn feed(&mut self, chunk: &[u8]) -> Result<(), String> {
            ProfileReader::feed(self, chunk).map_err(|e| e.to_string())
        }
        fn progress(&self) -> [(&'static str, f64); 2] {
            [("lines", self.lines() as f64), ("declared", 0.0)]
        }
    }

    impl Feed for TraceReader {
        fn feed(&mut self, chunk: &[u8]) -> Result<(), String> {
            TraceReader::feed(self, chunk).map_err(|e| e.to_string())
        }
        fn progress(&self) -> [(&'static str, f64); 2] {
            [("refs", self.references() as f64), ("declared", 0.0)]
        }
    }

    /// Streams the message's file into `reader`, posting progress every 100 ms.
    async fn stream(data: &JsValue, sink: &mut impl Feed) -> Result<(), String> {
        let file: File = get(data, "file")
            .dyn_into()
            .map_err(|_| "no file was given".to_string())?;
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
        loop {
            let step = JsFuture::from(reader.read()).await.map_err(|_| {
                if gzip {
                    "the gzip data is damaged or truncated".to_string()
                } else {
                    "the file could not be read".to_string()
                }
            })?;
            if get(&step, "done").as_bool().unwrap_or(false) {
                break;
            }
            let chunk: Uint8Array = get(&step, "value").unchecked_into();
            buf.resize(chunk.length() as usize, 0);
            chunk.copy_to(&mut buf);
            bytes += buf.len() as f64;
            sink.feed(&buf)?;
            let t = now();
            if t - last >= 100.0 {
                last = t;
                let [(k1, v1), (k2, v2)] = sink.progress();
                post(&[
                    ("type", "progress".into()),
                    ("bytes", bytes.into()),
                    ("total", if gzip { JsValue::NULL } else { total.into() }),
                    (k1, v1.into()),
                    (k2, v2.into()),
                    ("ms", (t - started).into()),
                ]);
            }
        }
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
