//! The page built in parts: the first frame shows the prediction; the rest (the form, the
//! model's visuals, occupancy, the tables) is built one part per idle period after it, so a
//! cold load shows the result without waiting for the page's few hundred other elements, and
//! the page answers input between the parts. Each part leaves a user-timing mark
//! (`warpsight:stage-N`), and the frame that shows the whole page `warpsight:page-painted`.

use leptos::prelude::*;

use crate::ui::browser;

/// The parts built after the first frame.
const STAGES: usize = 4;

/// Starts building the page in parts; the returned test says whether part `n` (1…4) is due.
/// Each part has its own signal, set once when it comes, so a view that asks for part 1 is
/// told once and not again as parts 2 to 4 come: one signal for the stage re-ran every
/// earlier part's view (the form, the pickers, the visuals) at each later part, building them
/// up to four times per load (a cold load's page 1,057 → 840 ms, `tests/e2e/bench.mjs`).
pub(super) fn in_stages() -> impl Fn(u8) -> bool + Copy + 'static {
    let due: [RwSignal<bool>; STAGES] = std::array::from_fn(|_| RwSignal::new(false));
    browser::mark("warpsight:first-frame-built");
    next_stage(due, 0);
    move |n: u8| due[usize::from(n).clamp(1, STAGES) - 1].get()
}

/// Part `done + 1`, when the browser is next idle: after the frame with the prediction is
/// painted and anything waiting (input, the page's own messages) has run.
fn next_stage(due: [RwSignal<bool>; STAGES], done: usize) {
    browser::when_idle(move || {
        let Some(part) = due.get(done) else {
            return;
        };
        browser::mark(&format!("warpsight:stage-{}", done + 1));
        part.set(true);
        if done + 1 < STAGES {
            next_stage(due, done + 1);
        } else {
            // The whole page is built; mark the frame that shows it.
            request_animation_frame(|| {
                set_timeout(
                    || browser::mark("warpsight:page-painted"),
                    std::time::Duration::ZERO,
                )
            });
        }
    });
}
