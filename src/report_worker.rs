//! The report worker: a separate wasm the page loads only when the JSON download is asked for
//! (Trunk builds it from `<link data-trunk rel="rust" data-type="worker">`). It takes
//! `{query}` — a share link's query string — and answers with the document `warpsight eval`
//! prints for it (every input and output, those computed on request too), as JSON text, or an
//! error. So the page's own bundle carries no JSON writer and no model's on-request outputs.

#[cfg(target_arch = "wasm32")]
mod run {
    use js_sys::{Object, Reflect};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    fn post(fields: &[(&str, JsValue)]) {
        let msg = Object::new();
        for (k, v) in fields {
            let _ = Reflect::set(&msg, &JsValue::from_str(k), v);
        }
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let _ = scope.post_message(&msg);
    }

    /// The CLI's document for a link.
    fn document(query: &str) -> Result<String, String> {
        let (state, _) = warpsight::link::from_query(query);
        let doc = warpsight::report::evaluation(&state)
            .map_err(|e| format!("{}: {}", e.field, e.message))?;
        serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())
    }

    pub fn start() {
        let on = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
            let query = Reflect::get(&e.data(), &JsValue::from_str("query"))
                .ok()
                .and_then(|q| q.as_string())
                .unwrap_or_default();
            match document(&query) {
                Ok(json) => post(&[("type", "done".into()), ("json", json.into())]),
                Err(message) => post(&[("type", "error".into()), ("message", message.into())]),
            }
        });
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        scope.set_onmessage(Some(on.as_ref().unchecked_ref()));
        on.forget();
        post(&[("type", "ready".into())]);
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    run::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("warpsight-report is the web app's report worker; on the command line use `warpsight eval`.");
    std::process::exit(2);
}
