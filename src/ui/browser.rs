//! The few browser APIs the app touches: the URL and the clipboard. Failures are returned,
//! never unwrapped.

use leptos::prelude::window;
use wasm_bindgen::JsValue;

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

/// Replaces the current history entry's query (Back still leaves the page).
pub fn replace_query(query: &str) -> Result<(), JsValue> {
    let url = format!("{}?{query}", window().location().pathname()?);
    window()
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(&url))
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

/// Milliseconds since the page loaded (`performance.now()`), for timing figures shown to the
/// user; 0 if unavailable.
pub fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
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
