//! A stable insertion sort for the short lists the web app orders (a chart's few measured
//! points, the what-ifs, a PTX file's loops and errors, the largest jumps of a chart). The
//! standard library's stable sort is fast on long inputs but adds about 2.5 KB of wasm for
//! each element type and comparison it is used with; this adds a few hundred bytes.
//! Quadratic: for lists of up to a few thousand.

use std::cmp::Ordering;

/// Sorts `v` stably by `cmp`.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && cmp(&v[j - 1], &v[j]) == Ordering::Greater {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `v` stably by a key.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}
