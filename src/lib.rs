//! warpsight: predicts how long a GPU kernel runs, from the papers' analytical models.
//!
//! - [`model`]: the engines, pure and native-testable.
//! - [`analysis`]: heavy analysis of files (Matrix Market), streaming: feed chunks, then finish.
//! - [`field`]: inputs as data (kinds, values, their text form), used by models and devices.
//! - [`csv`]: CSV read and written (RFC 4180), for every download and every reader of CSV.
//! - [`chart`]: charts as data and SVG text (ticks, axes, paths), pure and tested natively.
//! - [`devices`]: device presets as data, each value with its source.
//! - [`registry`]: the models offered, one line per model.
//! - [`link`]: the link codec, share links ⇄ typed inputs.
//! - [`report`]: the JSON the CLI prints.
//! - [`format`]: numbers for people (the UI's and the CLI's text).
//! - [`measured`]: a profiler's kernels held against every model's prediction.
//! - [`protocol`]: the messages between the page and its workers.
//! - [`validation`]: published measurements and the models' predictions of them.
//! - `ui` (wasm, feature `web`): the Leptos components; they render and collect input, nothing more.

pub mod analysis;
pub mod chart;
pub mod csv;
pub mod devices;
pub mod field;
pub mod format;
pub mod link;
pub mod measured;
pub mod model;
pub mod number;
pub mod protocol;
pub mod registry;
pub mod report;
pub mod small_sort;
pub mod validation;

#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub mod ui;
