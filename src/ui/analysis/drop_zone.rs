//! A drop zone with a file picker.

use super::*;

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
