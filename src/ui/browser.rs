//! The few browser APIs the app touches: the URL, the clipboard, element sizes, downloads and
//! the parent frame. Failures are returned or ignored, never unwrapped.

use leptos::prelude::{on_cleanup, window};
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// `?…` of the current URL ("" if unavailable).
pub fn location_search() -> String {
    window().location().search().unwrap_or_default()
}

/// The page's address without query or fragment, e.g. `http://127.0.0.1:8080/`.
pub fn page_base() -> String {
    let loc = window().location();
    let origin = loc.origin().unwrap_or_default();
    let path = loc.pathname().unwrap_or_default();
    format!("{origin}{path}")
}

/// Replaces the current history entry's query (Back still leaves the page), keeping its
/// fragment (`#ptx`, the header's link to the PTX analyzer).
pub fn replace_query(query: &str) -> Result<(), JsValue> {
    let loc = window().location();
    let url = format!("{}?{query}{}", loc.pathname()?, loc.hash()?);
    window()
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(&url))
}

/// Adds a history entry with this query (a model switch: Back returns to the model before).
pub fn push_query(query: &str) -> Result<(), JsValue> {
    let url = format!("{}?{query}", window().location().pathname()?);
    window()
        .history()?
        .push_state_with_url(&JsValue::NULL, "", Some(&url))
}

/// Copies text to the clipboard; resolves to whether it worked. The Clipboard API exists
/// only in secure contexts (https, localhost); elsewhere this returns false.
pub async fn copy_text(text: String) -> bool {
    let navigator = window().navigator();
    let available = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if !available {
        return false;
    }
    let promise = navigator.clipboard().write_text(&text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// Runs `f` when the browser is next idle, or after at most `IDLE_WAIT_MS` if it never is
/// (some Chromium builds stop granting idle periods after certain interactions, which would
/// leave the address bar or the page's later parts waiting). Falls back to a timer where
/// `requestIdleCallback` does not exist (Safari).
pub fn when_idle(f: impl FnOnce() + 'static) {
    const IDLE_WAIT_MS: u32 = 200;
    let cb = Closure::once_into_js(f);
    let w = window();
    let has_idle =
        js_sys::Reflect::has(&w, &JsValue::from_str("requestIdleCallback")).unwrap_or(false);
    if has_idle {
        let options = web_sys::IdleRequestOptions::new();
        options.set_timeout(IDLE_WAIT_MS);
        if w.request_idle_callback_with_options(cb.unchecked_ref(), &options)
            .is_ok()
        {
            return;
        }
    }
    let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), 0);
}

/// Milliseconds since the page loaded (`performance.now()`), for timing figures shown to the
/// user; 0 if unavailable.
pub fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// A user-timing mark (`performance.mark`), seen in the browser's performance tools and by
/// `tests/e2e/trace-load.mjs`.
pub fn mark(name: &str) {
    if let Some(p) = window().performance() {
        let _ = p.mark(name);
    }
}

/// The colour theme the user chose on this device ("dark", "light"), if any.
pub fn stored_theme() -> Option<String> {
    let storage = window().local_storage().ok().flatten()?;
    storage
        .get_item("warpsight-theme")
        .ok()
        .flatten()
        .filter(|t| t == "dark" || t == "light")
}

/// Applies a theme ("dark", "light", or "auto" to follow the system) and remembers it.
pub fn set_theme(theme: &str) {
    if let Some(root) = window().document().and_then(|d| d.document_element()) {
        let _ = match theme {
            "dark" | "light" => root.set_attribute("data-theme", theme),
            _ => root.remove_attribute("data-theme"),
        };
    }
    if let Some(storage) = window().local_storage().ok().flatten() {
        let _ = match theme {
            "dark" | "light" => storage.set_item("warpsight-theme", theme),
            _ => storage.remove_item("warpsight-theme"),
        };
    }
}

/// Calls `f` with the element's box (CSS px) once it is laid out and whenever its size
/// changes, until the current reactive owner is cleaned up. The first call comes from the
/// observer's first report, after the next layout: measuring at once would force a layout of
/// the page in the middle of building it (a chart's mount cost a cold load 130 ms of it).
pub fn watch_size(el: &web_sys::Element, f: impl Fn(&web_sys::DomRect) + 'static) {
    let target = el.clone();
    let measure = move || f(&target.get_bounding_client_rect());
    let callback = Closure::<dyn FnMut()>::new(measure);
    let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) else {
        return;
    };
    observer.observe(el);
    let kept = SendWrapper::new((observer, callback));
    on_cleanup(move || kept.0.disconnect());
}

/// The page's `<body>`.
pub fn body() -> Option<web_sys::HtmlElement> {
    window().document().and_then(|d| d.body())
}

/// Tells the page embedding this one (if any) a message: `{type, height}`.
pub fn post_height_to_parent(height: f64) {
    let Ok(Some(parent)) = window().parent() else {
        return;
    };
    if parent == window() {
        return;
    }
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"type".into(), &"warpsight:height".into());
    let _ = js_sys::Reflect::set(&msg, &"height".into(), &height.into());
    let _ = parent.post_message(&msg, "*");
}

/// Offers `content` as a file to save.
pub fn download(filename: &str, mime: &str, content: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(content));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    save_blob(filename, &blob);
}

fn save_blob(filename: &str, blob: &web_sys::Blob) {
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else {
        return;
    };
    if let Some(a) = window()
        .document()
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(filename);
        a.click();
    }
    // Revoke later: the download starts asynchronously.
    gloo_timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
}

/// Draws an SVG document (`width` × `height` CSS px) at twice that size and offers it as a
/// PNG file.
pub fn download_png(filename: &str, svg: &str, width: f64, height: f64) {
    let Some(document) = window().document() else {
        return;
    };
    let Ok(img) = web_sys::HtmlImageElement::new() else {
        return;
    };
    let Ok(canvas) = document
        .create_element("canvas")
        .map(|c| c.unchecked_into::<web_sys::HtmlCanvasElement>())
    else {
        return;
    };
    let scale = 2.0;
    canvas.set_width((width * scale) as u32);
    canvas.set_height((height * scale) as u32);
    let name = filename.to_string();
    let image = img.clone();
    let onload = Closure::once_into_js(move || {
        let Some(ctx) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        ctx.set_fill_style_str("#ffffff");
        ctx.fill_rect(0.0, 0.0, width * scale, height * scale);
        let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(
            &image,
            0.0,
            0.0,
            width * scale,
            height * scale,
        );
        let save = Closure::once_into_js(move |blob: Option<web_sys::Blob>| {
            if let Some(blob) = blob {
                save_blob(&name, &blob);
            }
        });
        let _ = canvas.to_blob(save.unchecked_ref());
    });
    img.set_onload(Some(onload.unchecked_ref()));
    // A data: URL: the page's CSP allows images from data: (not blob:).
    let encoded = js_sys::encode_uri_component(svg);
    img.set_src(&format!("data:image/svg+xml;charset=utf-8,{encoded}"));
}

/// The text of a file beside the page (`glossary.txt`), or `None` if it cannot be read.
pub async fn fetch_text(path: &str) -> Option<String> {
    let response = wasm_bindgen_futures::JsFuture::from(window().fetch_with_str(path))
        .await
        .ok()?
        .dyn_into::<web_sys::Response>()
        .ok()
        .filter(web_sys::Response::ok)?;
    let text = wasm_bindgen_futures::JsFuture::from(response.text().ok()?)
        .await
        .ok()?;
    text.as_string()
}
