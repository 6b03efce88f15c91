//! The report worker: a separate wasm the page loads only when the JSON download is asked for
//! (Trunk builds it from `<link data-trunk rel="rust" data-type="worker">`). It takes
//! a `Request::Report` (`warpsight::protocol`) — a share link's query string — and answers
//! with the document `warpsight eval` prints for it (every input and output, those computed
//! on request too), as JSON text, or an error. So the page's own bundle carries no JSON writer and no model's on-request outputs.

#[cfg(target_arch = "wasm32")]
mod run {
    use warpsight::protocol::{message, Answer, Envelope, Reply, Request};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    fn post(reply: &Reply) {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        if let Some(m) = message::to_js(reply) {
            let _ = scope.post_message(&m);
        }
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
            let reply = match message::from_js::<Envelope>(&e.data()) {
                Some(Envelope {
                    seq,
                    request: Request::Report { query },
                }) => match document(&query) {
                    Ok(json) => Reply::Done {
                        seq,
                        answer: Answer::Report(json),
                    },
                    Err(message) => Reply::Failed { seq, message },
                },
                _ => Reply::Failed {
                    seq: 0,
                    message: "the report worker takes a link's query string".to_string(),
                },
            };
            post(&reply);
        });
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        scope.set_onmessage(Some(on.as_ref().unchecked_ref()));
        on.forget();
        post(&Reply::Ready);
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
