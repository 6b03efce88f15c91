//! Files read in the analysis worker (`src/worker.rs`, a separate wasm loaded only when a file
//! is read): a drop zone and file picker, progress with MB/s and Cancel (which terminates the
//! worker), errors with their line, and the statistics handed to the page. Nothing here
//! parses the file: the worker runs `crate::analysis`.
//!
//! By idea: `job` (a file job's worker and progress), `service` (the long-lived workers),
//! `wire` (the typed messages of `crate::protocol` onto and off `postMessage`), `shared` (files shared between pages), `drop_zone`,
//! and one file per kind of file the page reads: `matrix`, `profile`, `profiler`.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{File, MessageEvent, Worker};

use crate::analysis::generators::WORKLOADS;
use crate::analysis::matrix_market::Symmetry;
use crate::analysis::profile::TraceProfile;
use crate::analysis::MatrixStats;
use crate::format;
use crate::protocol::{Answer, Envelope, Reply, Request, FILE_KEY};

/// The worker's loader (Trunk names worker files after the binary, unhashed).
const WORKER: &str = "./warpsight-worker_loader.js";

/// The report worker's (the JSON download).
const REPORT_WORKER: &str = "./warpsight-report_loader.js";

mod drop_zone;
mod job;
mod matrix;
mod profile;
mod profiler;
mod service;
mod shared;
mod wire;

use job::*;
use wire::*;

pub(crate) use drop_zone::DropZone;
pub use matrix::MatrixFile;
pub use profile::{Profile, ProfileSource};
pub use profiler::ProfilerFile;
pub use service::{json_in_worker, Service};
pub use shared::SharedFiles;
