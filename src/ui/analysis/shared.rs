//! Files one page read that another offers, as explicit state the shell provides.

use super::*;

/// Files one page read that another offers: the matrix file last read whole on the SpMV page,
/// which AutoMatch offers SpMV on. Explicit state the shell provides as a context (not in the
/// link: links carry statistics, never files).
#[derive(Clone, Copy)]
pub struct SharedFiles {
    pub matrix: RwSignal<Option<File>, LocalStorage>,
}

impl SharedFiles {
    /// Provides a new, empty set to the components below (the shell does this once).
    pub fn provide() {
        provide_context(SharedFiles {
            matrix: RwSignal::new_local(None),
        });
    }

    /// The set the shell provided (a component rendered outside it gets a fresh one).
    pub(super) fn get() -> SharedFiles {
        use_context::<SharedFiles>().unwrap_or_else(|| SharedFiles {
            matrix: RwSignal::new_local(None),
        })
    }
}
