//! The web app's entry point: a panic hook, then mount the app.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(warpsight::ui::App);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("warpsight-web is the browser app: build it with `trunk build` (see README.md).");
    eprintln!("On the command line use `warpsight eval '<share link>'`.");
    std::process::exit(2);
}
