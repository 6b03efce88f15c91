//! The worker's replies read back: JSON text under the Rust types' field names, read with the browser's JSON parser (no JSON deserializer in the page's bundle).

use super::*;

/// The worker's statistics (JSON text under [`MatrixStats`]' field names), read with the
/// browser's JSON parser: the web bundle carries no JSON deserializer.
pub(super) fn stats_of(text: &str) -> Option<MatrixStats> {
    use crate::analysis::matrix_market::{Field, Symmetry};
    let v = js_sys::JSON::parse(text).ok()?;
    let n = |k: &str| get(&v, k).as_f64();
    let u = |k: &str| n(k).filter(|x| *x >= 0.0).map(|x| x as u64);
    let histogram = js_sys::Array::from(&get(&v, "histogram"))
        .iter()
        .map(|pair| {
            let pair = js_sys::Array::from(&pair);
            Some((pair.get(0).as_f64()? as u64, pair.get(1).as_f64()? as u64))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(MatrixStats {
        rows: u("rows")?,
        columns: u("columns")?,
        entries: u("entries")?,
        nnz: u("nnz")?,
        p_nz_csr: u("p_nz_csr")?,
        p_nz_ell: u("p_nz_ell")?,
        mean_row: n("mean_row")?,
        sd_row: n("sd_row")?,
        empty_rows: u("empty_rows")?,
        histogram,
        hyb_thd: u("hyb_thd")?,
        field: Field::from_id(&get(&v, "field").as_string()?)?,
        symmetry: Symmetry::from_id(&get(&v, "symmetry").as_string()?)?,
    })
}

pub(super) fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// The worker's profile (JSON text under [`TraceProfile`]'s field names), read with the
/// browser's JSON parser.
pub(super) fn profile_of(text: &str) -> Option<TraceProfile> {
    let v = js_sys::JSON::parse(text).ok()?;
    let u = |v: &JsValue, k: &str| get(v, k).as_f64().filter(|x| *x >= 0.0).map(|x| x as u64);
    let pairs = |v: &JsValue| {
        js_sys::Array::from(v)
            .iter()
            .map(|pair| {
                let pair = js_sys::Array::from(&pair);
                Some((pair.get(0).as_f64()? as u64, pair.get(1).as_f64()? as u64))
            })
            .collect::<Option<Vec<_>>>()
    };
    let memory = js_sys::Array::from(&get(&v, "memory"))
        .iter()
        .map(|m| {
            Some(LineHistogram {
                line: u(&m, "line")?,
                references: u(&m, "references")?,
                cold: u(&m, "cold")?,
                lines: u(&m, "lines")?,
                histogram: pairs(&get(&m, "histogram"))?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let s = get(&v, "schedule");
    let schedule = if s.is_object() {
        Some(Schedule {
            d: u(&s, "d")?,
            w: get(&s, "w").as_string()?,
            work: u(&s, "work")?,
            w_add: u(&s, "w_add")?,
            w_mul: u(&s, "w_mul")?,
            s: u(&s, "s")?,
        })
    } else {
        None
    };
    Some(TraceProfile {
        source: get(&v, "source").as_string()?,
        memory,
        schedule,
        w_vec: u(&v, "w_vec"),
        w_vec_note: get(&v, "w_vec_note").as_string(),
    })
}

/// The worker's PTX report (JSON text under [`crate::model::ptx::Report`]'s field names).
pub fn ptx_report_of(text: &str) -> Option<crate::model::ptx::Report> {
    use crate::model::ptx::{LoopLine, MemoryLine, ParseError, Report, Summary};
    let v = js_sys::JSON::parse(text).ok()?;
    let n = |v: &JsValue, k: &str| get(v, k).as_f64();
    let u = |v: &JsValue, k: &str| n(v, k).map(|x| x as usize);
    let s = |v: &JsValue, k: &str| get(v, k).as_string();
    let list = |k: &str| js_sys::Array::from(&get(&v, k));
    let a = get(&v, "analysis");
    let analysis = if a.is_object() {
        Some(Summary {
            periods: u(&a, "periods")?,
            periods_text: s(&a, "periods_text")?,
            p: n(&a, "p")?,
            compute_cost: n(&a, "compute_cost")?,
            memory_cost: n(&a, "memory_cost")?,
            comp_insts: n(&a, "comp_insts")?,
            coal_mem_insts: n(&a, "coal_mem_insts")?,
            uncoal_mem_insts: n(&a, "uncoal_mem_insts")?,
            synch_insts: n(&a, "synch_insts")?,
            mlp: n(&a, "mlp").unwrap_or(1.0),
        })
    } else {
        None
    };
    Some(Report {
        instructions: u(&v, "instructions")?,
        errors: list("errors")
            .iter()
            .map(|e| {
                Some(ParseError {
                    line: u(&e, "line")?,
                    message: s(&e, "message")?,
                })
            })
            .collect::<Option<_>>()?,
        loops: list("loops")
            .iter()
            .map(|l| {
                Some(LoopLine {
                    label: s(&l, "label")?,
                    header_line: u(&l, "header_line")?,
                    branch_line: u(&l, "branch_line")?,
                    depth: u(&l, "depth")?,
                    function: s(&l, "function").unwrap_or_default(),
                    calls: u(&l, "calls").unwrap_or(1),
                    why: s(&l, "why")?,
                })
            })
            .collect::<Option<_>>()?,
        memory: list("memory")
            .iter()
            .map(|m| {
                Some(MemoryLine {
                    index: u(&m, "index")?,
                    line: u(&m, "line")?,
                    text: s(&m, "text")?,
                })
            })
            .collect::<Option<_>>()?,
        analysis,
        debug: get(&v, "debug").as_bool().unwrap_or(false),
        kernels: list("kernels")
            .iter()
            .filter_map(|k| k.as_string())
            .collect(),
        kernel: s(&v, "kernel").unwrap_or_default(),
        notes: list("notes").iter().filter_map(|k| k.as_string()).collect(),
    })
}
