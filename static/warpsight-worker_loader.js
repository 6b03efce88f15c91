// Starts the analysis worker (src/worker.rs): wasm-bindgen's no-modules glue, then its wasm.
importScripts("./warpsight-worker.js");
wasm_bindgen({ module_or_path: "./warpsight-worker_bg.wasm" });
