//! The models warpsight offers, in the order of the model picker. Adding a model is its
//! engine module (`src/model/<name>.rs`), its page module (`src/ui/pages/<name>.rs`) and its
//! name in the one line below; nothing else in the product names a model.

use crate::model::Model;

/// The one list of models: module names under `crate::model` (and, for the web app, under
/// `crate::ui::pages`, whose page table the UI builds from this same list). Calls
/// `$apply!(…)` with the names.
macro_rules! each_model {
    ($apply:ident) => {
        $apply!(hong_kim, sim, luo_suda, apsp, spmv, automatch, roofline);
    };
}
#[allow(unused_imports)] // used by the web app's page table (wasm only)
pub(crate) use each_model;

macro_rules! models {
    ($($m:ident),+) => {
        /// Every model; the first is the default.
        pub static MODELS: &[&Model] = &[$(&crate::model::$m::MODEL),+];
    };
}
each_model!(models);

macro_rules! launch_hooks {
    ($($m:ident),+) => {
        /// Each model with how a profiled kernel launch fills its inputs (its module's
        /// `FROM_LAUNCH`), for `crate::measured`: only the models that predict one kernel's
        /// time from what a profiler counts. Kept out of [`Model`] so the page's bundle,
        /// which never compares, leaves the hooks out.
        pub fn from_launch() -> Vec<(&'static Model, crate::model::launch::FromLaunch)> {
            let mut all = Vec::new();
            $(if let Some(f) = crate::model::$m::FROM_LAUNCH {
                all.push((&crate::model::$m::MODEL, f));
            })+
            all
        }
    };
}
each_model!(launch_hooks);

/// The model with this id.
pub fn find(id: &str) -> Option<&'static Model> {
    MODELS.iter().copied().find(|m| m.id == id)
}

/// The model a link without `model=` means (links before the registry were all Hong & Kim).
pub fn default_model() -> &'static Model {
    MODELS[0]
}

/// Every model constant of a device with its value and source: the record's own, then those
/// the models derive from its other values (each model's `derive`, for the keys its fields
/// take from the device), once each. The device facts table and the JSON download list these.
pub fn device_constants(
    device: &crate::devices::Device,
) -> Vec<(&'static str, crate::devices::Sourced<f64>)> {
    let mut all = device.recorded_constants();
    for m in MODELS {
        for key in m.fields.iter().filter_map(|f| f.device) {
            if !all.iter().any(|(k, _)| *k == key) {
                if let Some(v) = (m.derive)(device, key) {
                    all.push((key, v));
                }
            }
        }
    }
    all
}
