// Starts the analysis worker (src/worker.rs): wasm-bindgen's no-modules glue, then its wasm.
// A request that comes while the wasm loads waits here and is handed to the worker's own
// handler once it is set (src/worker.rs sets it as it starts), so the page may post a job to
// a worker it has just created, or to one it started earlier (ui/analysis/job.rs). If the
// wasm cannot start, each request gets the error, thrown where the page's `onerror` hears it.
importScripts("./warpsight-worker.js");
const early = [];
self.onmessage = (e) => early.push(e);
wasm_bindgen({ module_or_path: "./warpsight-worker_bg.wasm" }).then(
  () => { for (const e of early.splice(0)) self.onmessage(e); },
  (err) => {
    const fail = () => { throw err; };
    self.onmessage = fail;
    if (early.length) setTimeout(fail);
  },
);
