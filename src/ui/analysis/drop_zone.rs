//! A drop zone with a file picker.

use super::*;

/// A drop zone with a file picker (`{id}-drop`, `{id}-input`): `on_file` gets the file
/// dropped or chosen (the picker is cleared, so the same file can be chosen again). With
/// `on_more`, several files may be dropped or chosen at once: the others go there first.
#[component]
pub(crate) fn DropZone(
    id: &'static str,
    accept: &'static str,
    lead: &'static str,
    tail: &'static str,
    on_file: Callback<File>,
    #[prop(optional)] on_more: Option<Callback<Vec<File>>>,
    // Whether the file goes to a job's worker: it starts to load when the pointer, a drag or
    // the keyboard comes to the zone, before the file is chosen (`Job::warm`).
    #[prop(optional)] warm: bool,
) -> impl IntoView {
    let warm = move || {
        if warm {
            super::Job::warm();
        }
    };
    let take = move |files: Option<web_sys::FileList>| {
        let Some(files) = files else { return };
        if let Some(more) = on_more {
            more.run((1..files.length()).filter_map(|i| files.get(i)).collect());
        }
        if let Some(file) = files.get(0) {
            on_file.run(file);
        }
    };
    let on_input = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        take(input.files());
        input.set_value("");
    };
    let dragging = RwSignal::new(false);
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        take(ev.data_transfer().and_then(|d| d.files()));
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
            on:pointerenter=move |_| warm()
            on:dragenter=move |_| warm()
            on:focusin=move |_| warm()
            on:drop=on_drop
        >
            <p>
                {lead}
                <label class="file-button">"choose one"<input type="file" id=format!("{id}-input") accept=accept multiple=on_more.is_some() on:change=on_input/></label>
                {tail}
            </p>
        </div>
    }
}
