//! The page built in parts: the first frame shows the prediction; the rest (the form, the
//! model's visuals, occupancy, the tables) is built one part per idle period after it, so a
//! cold load shows the result without waiting for the page's few hundred other elements, and
//! the page answers input between the parts. Each part leaves a user-timing mark
//! (`warpsight:stage-N`), and the frame that shows the whole page `warpsight:page-painted`.

use leptos::prelude::*;

use crate::ui::browser;

/// The parts built after the first frame.
const STAGES: u8 = 4;

/// Starts building the page in parts; the returned test says whether part `n` (1…4) is due.
pub(super) fn in_stages() -> impl Fn(u8) -> bool + Copy + 'static {
    let stage = RwSignal::new(0u8);
    browser::mark("warpsight:first-frame-built");
    next_stage(stage);
    move |n: u8| stage.get() >= n
}

/// The next part, when the browser is next idle: after the frame with the prediction is
/// painted and anything waiting (input, the page's own messages) has run.
fn next_stage(stage: RwSignal<u8>) {
    browser::when_idle(move || {
        let s = stage.get_untracked() + 1;
        if s > STAGES {
            return;
        }
        browser::mark(&format!("warpsight:stage-{s}"));
        stage.set(s);
        if s < STAGES {
            next_stage(stage);
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
