//! Share bar: the link to this prediction and an `<iframe>` snippet, each with a copy button.
//! The texts are shown in read-only boxes too, so they can be copied by hand.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use super::browser;

/// The `<iframe>` snippet that embeds `link` (which already ends in its query), and the few
/// lines the host page needs to size the frame to its content: the embedded page posts its
/// height (`{type: "warpsight:height", height}`) whenever it changes. Without the script (a
/// host whose CSP forbids inline scripts) the frame keeps its 760 px and scrolls if needed.
pub fn iframe_snippet(link: &str) -> String {
    let src = format!("{link}&embed=1")
        .replace('&', "&amp;")
        .replace('"', "&quot;");
    format!(
        "<iframe src=\"{src}\" width=\"680\" height=\"760\" style=\"border:0;max-width:100%\" loading=\"lazy\" title=\"warpsight prediction\" data-warpsight></iframe>\n{HOST_SCRIPT}"
    )
}

/// The host page's listener: resizes the frame that sent the message, and only that one.
const HOST_SCRIPT: &str = "<script>addEventListener(\"message\",function(e){var d=e.data;if(!d||d.type!==\"warpsight:height\")return;document.querySelectorAll(\"iframe[data-warpsight]\").forEach(function(f){if(f.contentWindow===e.source)f.style.height=Math.min(Math.max(+d.height||0,100),10000)+\"px\"})})</script>";

#[component]
fn CopyButton(
    id: &'static str,
    label: &'static str,
    #[prop(into)] text: Signal<String>,
) -> impl IntoView {
    let status = RwSignal::new(None::<&'static str>);
    let copy = move |_| {
        let text = text.get_untracked();
        spawn_local(async move {
            let ok = browser::copy_text(text).await;
            status.set(Some(if ok {
                "Copied"
            } else {
                "Select the text and copy it"
            }));
            // The status is news, not a state: it clears after a few seconds.
            set_timeout(move || status.set(None), std::time::Duration::from_secs(3));
        });
    };
    view! {
        <button type="button" id=id on:click=copy>{label}</button>
        <span class="copy-status" role="status">{move || status.get()}</span>
    }
}

/// Selects a read-only box's text on focus, ready to copy by hand.
fn select_all(ev: leptos::ev::FocusEvent) {
    if let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        input.select();
    }
}

/// Selects a read-only text area's text on focus.
fn select_all_text(ev: leptos::ev::FocusEvent) {
    if let Some(area) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    {
        area.select();
    }
}

/// `query` is the current share query (without `?`).
#[component]
pub fn ShareBar(#[prop(into)] query: Signal<String>) -> impl IntoView {
    // The page's address is read once (an edit changes only the query).
    let base = browser::page_base();
    let link = Signal::derive(move || format!("{base}?{}", query.get()));
    let snippet = Signal::derive(move || iframe_snippet(&link.get()));
    view! {
        <section class="share" aria-label="Share">
            <div class="share-row">
                <CopyButton id="copy-link" label="Copy link" text=link/>
                <input id="share-link" readonly=true prop:value=link aria-label="Share link" on:focus=select_all/>
            </div>
            <div class="share-row">
                <CopyButton id="copy-embed" label="Copy embed code" text=snippet/>
                <textarea id="embed-code" readonly=true rows="3" prop:value=snippet aria-label="Embed code" on:focus=select_all_text></textarea>
            </div>
        </section>
    }
}
