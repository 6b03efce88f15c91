// Starts the report worker (src/report_worker.rs): wasm-bindgen's no-modules glue, then its wasm.
importScripts("./warpsight-report.js");
wasm_bindgen({ module_or_path: "./warpsight-report_bg.wasm" });
