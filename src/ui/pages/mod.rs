//! Page modules: each model's own visuals (its result card, charts, tables). The shell
//! (`super::shell`) renders everything generic — model and device pickers, the form, notices,
//! the worked table, reading notes, share links — and hands a page a [`Ctx`].

pub mod apsp;
pub mod automatch;

pub mod hong_kim;
pub mod luo_suda;
pub mod roofline;
pub mod sim;
pub mod spmv;

use leptos::prelude::*;

use crate::devices::Device;
use crate::link::ShareState;
use crate::model::{Evaluation, Sweep};

/// A valid state and its evaluation: what the page shows (the last valid one while an input
/// is invalid).
#[derive(Clone, Debug, PartialEq)]
pub struct Good {
    pub state: ShareState,
    pub eval: Evaluation,
}

/// The sweep controls' state, for models that offer the generic sweep.
#[derive(Clone, Copy)]
pub struct SweepCtl {
    pub field: RwSignal<&'static str>,
    pub from: RwSignal<String>,
    pub to: RwSignal<String>,
    /// The number of points, as typed.
    pub points: RwSignal<String>,
    /// A log-scale x axis.
    pub log: RwSignal<bool>,
    /// The controls read as a sweep, or the error naming the bad control.
    pub spec: Memo<Result<Sweep, crate::model::InputError>>,
    /// The last valid sweep.
    pub good: Memo<Option<Sweep>>,
}

/// What the shell gives a page.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub good: Memo<Option<Good>>,
    /// The first problem while the inputs cannot be used ("field: what is valid").
    pub stale: Signal<Option<String>>,
    /// Sets a field's text in the form, as if typed.
    pub set_text: Callback<(&'static str, String)>,
    pub set_device: Callback<&'static Device>,
    pub sweep: SweepCtl,
    pub embed: bool,
    /// False in the first frame (which shows the prediction alone), true once the rest of the
    /// page is being built: a result card's longer texts wait for it.
    pub settled: Signal<bool>,
}

macro_rules! pages {
    ($($m:ident),+) => {
        /// A model's page module (its own visuals), by model id: the registry's one list.
        pub fn page(id: &str) -> Option<Page> {
            $(if id == crate::model::$m::MODEL.id {
                return Some($m::PAGE);
            })+
            None
        }
    };
}
crate::registry::each_model!(pages);

/// Beside a model's time: what one launch adds ("+ 5 µs launch: 67.3 µs in all"), or
/// nothing when the launch overhead is 0 (the papers' devices).
pub fn launch_text(time_s: f64, launch_us: f64) -> String {
    if launch_us > 0.0 {
        format!(
            "+ {} launch: {} in all",
            crate::format::duration(launch_us * 1e-6),
            crate::format::duration(time_s + launch_us * 1e-6)
        )
    } else {
        String::new()
    }
}

/// A model's page: its result card (first, and alone in the mobile summary's place) and its
/// visuals (charts and tables below it). Both also render in embed mode.
#[derive(Clone, Copy)]
pub struct Page {
    pub result: fn(Ctx) -> AnyView,
    pub visuals: fn(Ctx) -> AnyView,
    /// One line for the sticky bar on narrow screens.
    pub summary: fn(&Good) -> String,
}
