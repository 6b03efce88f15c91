//! The messages between the page and its workers (`src/worker.rs`, the analysis worker, and
//! `src/report_worker.rs`, the report worker): one [`Envelope`] holding a [`Request`] in,
//! [`Reply`]s out. Both sides use these types and nothing else: no side spells a field name
//! or a message kind by hand.
//!
//! They cross `postMessage` as postcard bytes (a `Uint8Array` under [`BYTES_KEY`]), written
//! and read by serde. Measured against serde-wasm-bindgen's plain JS objects, the design
//! card's first choice: reading the replies with serde-wasm-bindgen took the page's bundle
//! from 397.7 to 408.9 KiB gzip, over its 400 KiB budget; postcard took it to 398.0 KiB
//! (`trunk build --release`, then Node's zlib level 9). A struct's visitor for JS objects
//! matches field names and words its errors; postcard's reads fields in order.
//!
//! A file is not data: the browser's `File` handle travels beside the bytes, under
//! [`FILE_KEY`], and the worker streams it from there.

use serde::{Deserialize, Serialize};

use crate::analysis::profile::TraceProfile;
use crate::analysis::MatrixStats;
use crate::model::ptx::Report;

/// The key a message's bytes travel under (a `Uint8Array`).
pub const BYTES_KEY: &str = "bytes";

/// The key the browser's `File` handle travels under, beside the request's bytes.
pub const FILE_KEY: &str = "file";

/// The key further files of the same job travel under, as an array of `File`s (a profiler's
/// trace and its metrics, read together).
pub const MORE_FILES_KEY: &str = "more";

/// What the page asks a worker, numbered: each reply to it carries the same `seq`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    pub seq: u32,
    pub request: Request,
}

/// A job for a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// A Matrix Market file (beside the message): its [`MatrixStats`].
    Matrix,
    /// A profiler's CSV (beside the message) named `name`: the comparison of every kernel
    /// with every model, as HTML (`crate::measured::html`).
    Measured {
        name: String,
        /// A device for every kernel of the file (the page's picker), by id.
        device: Option<String>,
        /// Another GPU to predict every kernel on, by id ("on another GPU": the file's own
        /// GPU is kept as the one it was measured on).
        on: Option<String>,
        /// Which run is the baseline when the files are several runs (an index; the first
        /// when `None`).
        baseline: Option<u32>,
        /// The comparison as a download instead of HTML: `"csv"` or `"json"`.
        export: Option<String>,
    },
    /// A Lackey or operation trace, or a Matrix Market file replayed (beside the message):
    /// its stack distances at each line size in bytes.
    Trace { lines: Vec<u64> },
    /// A built-in workload's trace, generated with `values` for its parameters, measured at
    /// each line size.
    Generate {
        workload: String,
        values: Vec<f64>,
        lines: Vec<u64>,
    },
    /// The PTX panel's report on a text.
    Ptx(PtxRequest),
    /// A built-in example kernel's PTX text (kept in the worker, out of the page's bundle).
    PtxExample { id: String },
    /// The report worker: the document `warpsight eval` prints for a link's query string.
    Report { query: String },
    /// The devices whose names have the query's words: the presets and the catalogue of every
    /// CUDA GPU, which only the worker holds (the device pickers' search). `model`: only the
    /// devices that model takes (empty: any GPU).
    FindDevices { query: String, model: String },
    /// The devices with these ids (a link names them: `device=tpu-c3316`, `device=t4`).
    Devices { ids: Vec<String> },
}

/// The PTX panel's question: the text, a trip count per listed loop (`None` while one is
/// not valid), the memory instructions marked uncoalesced (by index), the cost table (flat,
/// `CostTable::to_flat`), the kernel to analyse (`None`: the first), and whether to list
/// the memory instructions (only Hong & Kim's panel marks them).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PtxRequest {
    pub text: String,
    pub trips: Option<Vec<u64>>,
    pub uncoalesced: Vec<usize>,
    pub costs: Vec<f64>,
    pub kernel: Option<String>,
    pub memory: bool,
}

impl Request {
    /// The kind of request: of each kind, a long-lived worker's user keeps only the latest
    /// answer.
    pub fn kind(&self) -> &'static str {
        match self {
            Request::Matrix => "matrix",
            Request::Measured { .. } => "measured",
            Request::Trace { .. } => "trace",
            Request::Generate { .. } => "generate",
            Request::Ptx(_) => "ptx",
            Request::PtxExample { .. } => "ptx-example",
            Request::Report { .. } => "report",
            Request::FindDevices { .. } => "find-devices",
            Request::Devices { .. } => "devices",
        }
    }
}

/// What a worker says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
// One reply a message, moved once into postcard: boxing the large answer would add an
// allocation to every reply for nothing.
#[allow(clippy::large_enum_variant)]
pub enum Reply {
    /// Loaded and listening: requests sent before this would find no listener.
    Ready,
    /// How far the current job is.
    Progress(Progress),
    /// Request `seq`'s answer.
    Done { seq: u32, answer: Answer },
    /// Request `seq` failed: what is wrong, in words (with the file's line where there is one).
    Failed { seq: u32, message: String },
}

/// Progress of a job, posted every 100 ms: the time since it started, and what is known of
/// how far it is.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub ms: f64,
    /// Bytes of the file read (after decompression).
    pub bytes: f64,
    /// The file's size, when it is not compressed.
    pub total: Option<f64>,
    /// A Matrix Market file's entries read, and how many its size line declares.
    pub entries: f64,
    pub declared: f64,
    /// A trace's memory references read.
    pub refs: f64,
    /// A generator's or a replay's own fraction done.
    pub fraction: Option<f64>,
    /// Of `ms`, the milliseconds the reader itself spent on the file's bytes; the rest went
    /// to the browser handing them over (`tests/e2e/bench-matrix.mjs` prints both).
    pub reader_ms: f64,
}

impl Progress {
    /// The fraction done, when known: entries read of those declared, bytes of the file's
    /// size, or the job's own.
    pub fn done(&self) -> Option<f64> {
        if self.declared > 0.0 {
            Some(self.entries / self.declared)
        } else {
            self.total
                .map(|t| self.bytes / t.max(1.0))
                .or(self.fraction)
        }
    }
}

/// A request's answer, one kind per request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Matrix(MatrixStats),
    Profile(TraceProfile),
    Ptx(Report),
    /// A PTX example's text.
    PtxText(String),
    /// The profiler comparison as HTML (`crate::measured::html::report_html`).
    Measured(String),
    /// The report document, as JSON text.
    Report(String),
    /// The profiler comparison as a download: its file name, MIME type and text.
    Download {
        name: String,
        mime: String,
        text: String,
    },
    /// Devices the page does not hold, as cards it makes records of
    /// (`crate::devices::catalogue::card_device`), and, for a search, its hits as HTML
    /// (buttons naming each device's id under `data-device`).
    Devices {
        html: String,
        cards: Vec<crate::devices::catalogue::Card>,
    },
}

/// Onto and off `postMessage` (wasm only), for the page and both workers alike: a message is a
/// JS object holding the value's postcard bytes under [`BYTES_KEY`].
#[cfg(target_arch = "wasm32")]
pub mod message {
    use wasm_bindgen::{JsCast, JsValue};

    /// `value` as a message (`None` if it cannot be written).
    pub fn to_js<T: serde::Serialize>(value: &T) -> Option<js_sys::Object> {
        let bytes = postcard::to_allocvec(value).ok()?;
        let m = js_sys::Object::new();
        let bytes = js_sys::Uint8Array::from(&bytes[..]);
        js_sys::Reflect::set(&m, &super::BYTES_KEY.into(), &bytes).ok()?;
        Some(m)
    }

    /// A message's value (`None`: not one of ours, or not a `T`).
    pub fn from_js<T: serde::de::DeserializeOwned>(data: &JsValue) -> Option<T> {
        let bytes = js_sys::Reflect::get(data, &super::BYTES_KEY.into()).ok()?;
        let bytes = bytes.dyn_into::<js_sys::Uint8Array>().ok()?.to_vec();
        postcard::from_bytes(&bytes).ok()
    }
}
