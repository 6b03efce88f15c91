//! The models warpsight offers, in the order of the model picker. Adding a model is its
//! engine module (`src/model/<name>.rs`), its page module (`src/ui/pages/<name>.rs`) and its
//! name in the one line below; nothing else in the product names a model.

use crate::model::Model;

macro_rules! models {
    ($($m:ident),+ $(,)?) => {
        /// Every model; the first is the default.
        pub static MODELS: &[&Model] = &[$(&crate::model::$m::MODEL),+];

        /// The page module of a model (its own visuals), by model id.
        #[cfg(target_arch = "wasm32")]
        pub fn page(id: &str) -> Option<crate::ui::pages::Page> {
            $(if id == crate::model::$m::MODEL.id {
                return Some(crate::ui::pages::$m::PAGE);
            })+
            None
        }
    };
}

models!(hong_kim, luo_suda, apsp);

/// The model with this id.
pub fn find(id: &str) -> Option<&'static Model> {
    MODELS.iter().copied().find(|m| m.id == id)
}

/// The model a link without `model=` means (links before the registry were all Hong & Kim).
pub fn default_model() -> &'static Model {
    MODELS[0]
}
