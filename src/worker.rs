//! The analysis worker: a separate wasm the page loads only when a file is read (Trunk builds
//! it from `<link data-trunk rel="rust" data-type="worker">`). It takes `{kind, file}`, streams
//! the file (through the browser's gzip DecompressionStream when compressed) into the pure
//! streaming readers of `warpsight::analysis`, and posts back progress and then the statistics,
//! as JSON text, or an error. The page cancels by terminating the worker.

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
                match read(&data).await {
                    Ok(json) => post(&[("type", "done".into()), ("stats", json.into())]),
                    Err(message) => post(&[("type", "error".into()), ("message", message.into())]),
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

    /// Reads the file to its statistics (JSON text) or a message saying what is wrong.
    async fn read(data: &JsValue) -> Result<String, String> {
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
        let mut matrix = MatrixReader::new();
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
            matrix.feed(&buf).map_err(|e| e.to_string())?;
            let t = now();
            if t - last >= 100.0 {
                last = t;
                let (entries, declared) = matrix.entries();
                post(&[
                    ("type", "progress".into()),
                    ("bytes", bytes.into()),
                    ("total", if gzip { JsValue::NULL } else { total.into() }),
                    ("entries", (entries as f64).into()),
                    ("declared", (declared as f64).into()),
                    ("ms", (t - started).into()),
                ]);
            }
        }
        let stats = matrix.finish().map_err(|e| e.to_string())?;
        serde_json::to_string(&stats).map_err(|e| e.to_string())
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
