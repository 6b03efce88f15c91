//! A Matrix Market file read in the worker: the drop zone, the progress, and the summary of what it holds (written as HTML text: one `inner_html` for a table without inputs).

use super::*;

/// Drop or pick a Matrix Market file; `on_stats` gets its statistics once read.
#[component]
pub fn MatrixFile(on_stats: Callback<MatrixStats>) -> impl IntoView {
    let shared = SharedFiles::get();
    let job = Job::new();
    let read: RwSignal<Option<(String, MatrixStats, f64)>> = RwSignal::new(None);
    let start = move |file: File| {
        let name = file.name();
        let file_name = name.clone();
        job.start(
            name,
            Request::Matrix,
            Some(file.clone()),
            Box::new(move |answer, seconds| {
                let Answer::Matrix(stats) = answer else {
                    return Err("the worker's statistics could not be read".to_string());
                };
                shared.matrix.set(Some(file.clone()));
                on_stats.run(stats.clone());
                read.set(Some((file_name.clone(), stats, seconds)));
                Ok(())
            }),
        );
    };

    let summary = move || {
        let done = matches!(job.status.get(), Status::Done { .. });
        read.get()
            .filter(|_| done)
            .map(|(name, stats, seconds)| matrix_summary_html(&name, &stats, seconds))
            .unwrap_or_default()
    };

    view! {
        <section class="matrix-file" aria-label="Load a matrix">
            <h2>"Load a matrix"</h2>
            <DropZone
                warm=true
                id="matrix"
                accept=".mtx,.gz,.tgz,.tar"
                lead="Drop a Matrix Market file (.mtx or .mtx.gz) or a SuiteSparse archive (.tar.gz) here, or "
                tail=". It is read in your browser, in the background: nothing is uploaded, and links keep only its statistics."
                on_file=Callback::new(start)
            />
            {job.status_view("matrix", "Reading")}
            <div class="html-table" inner_html=Signal::derive(summary)></div>
            {job.cancel_button("matrix")}
        </section>
    }
}

/// The statistics of the matrix just read, and its row-length histogram, as HTML text. It
/// stays text, as every table without an input does (README, "tables as HTML text"): written
/// as a Leptos view it cost the page's bundle 1.0 KiB gzip more (399.2 → 400.2 KiB, over the
/// 400 KiB budget; `trunk build --release`, Node's zlib), for a table drawn once per file.
pub(super) fn matrix_summary_html(name: &str, stats: &MatrixStats, seconds: f64) -> String {
    use crate::chart::svg::esc;
    use std::fmt::Write;
    let n = |v: u64| format::grouped(v as f64, 0);
    let mut h = format!(
        r#"<div class="matrix-stats" id="matrix-stats"><p class="muted">{}: read in {} s; these fill the matrix's fields.</p><dl class="stats">"#,
        esc(name),
        format::significant(seconds.max(0.001), 3)
    );
    for (id, label, value) in [
        ("matrix-rows", "Rows", n(stats.rows)),
        ("matrix-columns", "Columns", n(stats.columns)),
        ("matrix-nnz", "Non-zeros", n(stats.nnz)),
        (
            "matrix-mode",
            "Row length, mode (non-empty rows)",
            n(stats.p_nz_csr),
        ),
        ("matrix-max", "longest", n(stats.p_nz_ell)),
        (
            "matrix-mean",
            "mean ± sd",
            format!(
                "{} ± {}",
                format::significant(stats.mean_row, 3),
                format::significant(stats.sd_row, 3)
            ),
        ),
        ("matrix-empty", "Empty rows", n(stats.empty_rows)),
        ("matrix-hyb", "HYB threshold", n(stats.hyb_thd)),
    ] {
        let _ = write!(
            h,
            r#"<div class="stat"><dt>{label}</dt><dd id="{id}">{value}</dd></div>"#
        );
    }
    h.push_str("</dl>");
    // The symmetric kinds store one triangle: say what the file holds and what the mirror adds.
    let kind = match stats.symmetry {
        Symmetry::General => None,
        Symmetry::Symmetric => Some("Symmetric"),
        Symmetry::SkewSymmetric => Some("Skew-symmetric"),
        Symmetry::Hermitian => Some("Hermitian"),
    };
    if let Some(kind) = kind {
        let _ = write!(
            h,
            r#"<p class="muted" id="matrix-symmetry">{kind}: {} stored, {} with the mirror.</p>"#,
            n(stats.entries),
            n(stats.nnz)
        );
    }
    h.push_str(r#"<p class="muted">The HYB threshold follows Bell & Garland (SC'09): the largest K such that at least max(4096, rows/3) rows hold K or more non-zeros.</p>"#);
    histogram(&mut h, &stats.histogram);
    h.push_str("</div>");
    h
}

/// Row lengths as bars: one per length, or up to 40 equal bins when there are more.
pub(super) fn histogram(out: &mut String, h: &[(u64, u64)]) {
    use std::fmt::Write;
    const W: f64 = 640.0;
    const H: f64 = 160.0;
    let max_len = h.last().map_or(0, |x| x.0);
    let bins: Vec<(u64, u64, u64)> = if h.len() <= 48 {
        h.iter().map(|&(l, c)| (l, l, c)).collect()
    } else {
        let width = (max_len + 1).div_ceil(40).max(1);
        let mut bins: Vec<(u64, u64, u64)> = (0..40)
            .map(|i| (i * width, (i + 1) * width - 1, 0))
            .filter(|b| b.0 <= max_len)
            .collect();
        for &(l, c) in h {
            let i = (l / width) as usize;
            if let Some(b) = bins.get_mut(i) {
                b.2 += c;
            }
        }
        bins
    };
    let _ = write!(
        out,
        r#"<figure class="histogram" id="matrix-histogram"><svg viewBox="0 0 {W} {H}" role="img" aria-label="Rows by number of non-zeros">"#
    );
    let g = |v: u64| format::grouped(v as f64, 0);
    let bars: Vec<(u64, &str, String)> = bins
        .iter()
        .map(|&(lo, hi, c)| {
            let rows = format::count(c as f64, "row");
            let title = if lo == hi {
                format!("{rows} of length {}", g(lo))
            } else {
                format!("{rows} of length {}–{}", g(lo), g(hi))
            };
            (c, "", title)
        })
        .collect();
    crate::chart::svg::bars(out, W, H - 16.0, H - 20.0, &bars);
    let _ = write!(
        out,
        r#"<text x="0" y="{}" class="tick">0</text><text x="{W}" y="{}" class="tick" text-anchor="end">{} non-zeros per row</text></svg><figcaption class="muted">Rows by their number of non-zeros (hover a bar for its count).</figcaption></figure>"#,
        H - 2.0,
        H - 2.0,
        g(max_len)
    );
}
