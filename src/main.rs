//! The web app's entry point: a panic hook, then mount the app.

/// Talc instead of the default dlmalloc: a few KB less wasm in the page's bundle, and faster.
#[cfg(all(
    target_arch = "wasm32",
    feature = "web",
    not(target_feature = "atomics")
))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(all(target_arch = "wasm32", feature = "web"))]
fn main() {
    // A panic (a bug) is thrown to the page as an Error with its message, which the console
    // shows with its stack (console_error_panic_hook's message and stack, for less code).
    std::panic::set_hook(Box::new(|info| wasm_bindgen::throw_str(&info.to_string())));
    leptos::mount::mount_to_body(warpsight::ui::App);
}

#[cfg(not(all(target_arch = "wasm32", feature = "web")))]
fn main() {
    eprintln!("warpsight-web is the browser app: build it with `trunk build` (see README.md).");
    eprintln!("On the command line use `warpsight eval '<share link>'`.");
    std::process::exit(2);
}
