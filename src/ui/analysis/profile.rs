//! AutoMatch's profile from a built-in workload or a trace read in the worker: the generator form, the drop zone, and the profile's summary (HTML text, as the matrix summary).

use super::*;

/// A derived AutoMatch profile as the page holds it.
pub type Profile = TraceProfile;

/// The generator's controls as HTML text: the workload picker and each workload's sizes (only
/// the chosen one's shown).
pub(super) fn generator_html() -> String {
    use std::fmt::Write;
    let mut h = String::from(
        r#"<div class="generator"><label class="gen-param"><span>Workload</span><select id="gen-workload">"#,
    );
    for w in WORKLOADS {
        let _ = write!(h, r#"<option value="{}">{}</option>"#, w.id, w.name);
    }
    h.push_str("</select></label>");
    for (k, w) in WORKLOADS.iter().enumerate() {
        let _ = write!(
            h,
            r#"<div class="gen-sizes" id="gen-sizes-{}"{}>"#,
            w.id,
            if k == 0 { "" } else { " hidden" }
        );
        for p in w.params {
            let _ = write!(
                h,
                r#"<label class="gen-param"><span>{} ({}–{})</span><input type="number" id="gen-{}-{}" inputmode="numeric" min="{}" max="{}" value="{}"></label>"#,
                p.label,
                format::grouped(p.min as f64, 0),
                format::grouped(p.max as f64, 0),
                w.id,
                p.key,
                p.min,
                p.max,
                p.default
            );
        }
        h.push_str("</div>");
    }
    h.push_str(r#"<button type="button" id="gen-run">Generate</button></div>"#);
    h
}

/// What the derived profile holds, as HTML text.
pub(super) fn profile_html(p: &TraceProfile, seconds: f64) -> String {
    use crate::chart::svg::esc;
    let mut parts = vec![format!(
        "{}: analysed in {} s",
        p.source,
        format::significant(seconds.max(0.001), 3)
    )];
    if let Some(m) = p.memory.first() {
        parts.push(format!(
            "{}{}, {} distinct {}-byte {}",
            format::count(m.references as f64, "memory reference"),
            rate(m.references as f64 / 1e6, seconds)
                .map_or(String::new(), |r| format!(" ({r} M/s)")),
            format::grouped(m.lines as f64, 0),
            m.line,
            format::noun(m.lines as f64, "line", "lines")
        ));
    }
    if let Some(s) = &p.schedule {
        parts.push(format!(
            "D = {}, W = {}, S = {}",
            format::count(s.d as f64, "level"),
            format::count(s.work as f64, "operation"),
            format::grouped(s.s as f64, 0)
        ));
    }
    let note = match (&p.w_vec_note, p.schedule.is_some()) {
        (Some(n), _) => format!("W_vec: {n}."),
        (None, true) => {
            "W_vec cannot come from a trace: type how many operations vectorize.".to_string()
        }
        (None, false) => {
            "A memory trace gives each architecture its Q_f and Q_s, and nothing else.".to_string()
        }
    };
    format!(
        r#"<p class="muted" id="profile-done">{}.</p><p class="muted" id="profile-note">{}</p>"#,
        esc(&parts.join("; ")),
        esc(&note)
    )
}

/// AutoMatch's profile from a trace file (Valgrind Lackey's memory trace, or an operation
/// trace) or a built-in workload generator, derived in the analysis worker at `line_sizes`.
/// The profile goes to `on_profile` (the page fills the fields from it); nothing is uploaded.
/// Written as HTML text with delegated events: one view, whatever the number of controls.
#[component]
pub fn ProfileSource(
    on_profile: Callback<Profile>,
    #[prop(into)] line_sizes: Signal<Vec<u64>>,
) -> impl IntoView {
    let shared = SharedFiles::get();
    let job = Job::new();
    let summary = RwSignal::new(String::new());
    let run = move |name: String, request: Request, file: Option<File>| {
        job.start(
            name,
            request,
            file,
            Box::new(move |answer, s| {
                let Answer::Profile(p) = answer else {
                    return Err("the worker's profile could not be read".to_string());
                };
                summary.set(profile_html(&p, s));
                on_profile.run(p);
                Ok(())
            }),
        );
    };
    // A trace file (or a matrix, replayed): stack distances at the page's line sizes.
    let trace = move |file: File| {
        let lines = line_sizes.get_untracked();
        run(file.name(), Request::Trace { lines }, Some(file));
    };
    let value_of = |id: &str| {
        document()
            .get_element_by_id(id)
            // An input or the select: both have a `value`.
            .map(|e| e.unchecked_into::<web_sys::HtmlInputElement>().value())
            .unwrap_or_default()
    };
    let generate = move || {
        let id = value_of("gen-workload");
        let Some(w) = WORKLOADS.iter().find(|w| w.id == id).or(WORKLOADS.first()) else {
            return;
        };
        let values: Vec<f64> = w
            .params
            .iter()
            .map(|p| {
                value_of(&format!("gen-{}-{}", w.id, p.key))
                    .trim()
                    .parse()
                    .unwrap_or(f64::NAN)
            })
            .collect();
        // The worker checks the sizes too; checked here, the message comes at once.
        if let Err(message) = crate::analysis::generators::Workload::from_spec(w.id, &values) {
            job.status.set(Status::Failed {
                name: w.name.to_string(),
                message,
            });
            return;
        }
        let request = Request::Generate {
            workload: w.id.to_string(),
            values,
            lines: line_sizes.get_untracked(),
        };
        run(w.name.to_string(), request, None);
    };
    let on_click = move |ev: web_sys::MouseEvent| {
        let id = target_id(&ev);
        if id == "gen-run" {
            generate();
        } else if id == "gen-spmv-page" {
            if let Some(file) = shared.matrix.get_untracked() {
                trace(file);
            }
        }
    };
    let on_change = move |ev: web_sys::Event| {
        let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            // The workload picker: show the chosen workload's sizes.
            let id = value_of("gen-workload");
            for w in WORKLOADS {
                if let Some(e) = document().get_element_by_id(&format!("gen-sizes-{}", w.id)) {
                    let _ = if w.id == id {
                        e.remove_attribute("hidden")
                    } else {
                        e.set_attribute("hidden", "")
                    };
                }
            }
            return;
        };
        if el.type_() == "file" {
            if let Some(file) = el.files().and_then(|f| f.get(0)) {
                trace(file);
            }
            el.set_value("");
        }
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        if let Some(file) = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            trace(file);
        }
    };
    let status = move || {
        let mut h = job.html("profile", "Analysing");
        if matches!(job.status.get(), Status::Done { .. }) {
            h += &summary.get();
        }
        h
    };
    // SpMV on the SpMV page's matrix, when one was read there.
    let spmv_page = shared.matrix.with_untracked(|m| m.as_ref().map(File::name)).map_or(String::new(), |name| format!(r#"<p><button type="button" id="gen-spmv-page">SpMV on {}, the SpMV page's matrix</button></p>"#, crate::chart::svg::esc(&name)));
    let controls = generator_html()
        + &spmv_page
        + r#"<div class="drop-zone" id="trace-drop"><p>Or drop a trace here — Valgrind's <code>--tool=lackey --trace-mem=yes</code> output, an operation trace (one operation a line: <code>add</code>, <code>sub</code>, <code>mul</code>, <code>div</code> or <code>other</code> <code>DST SRC…</code> on registers <code>r1</code>, <code>r2</code>…, <code>ld DST ADDR</code>, <code>st ADDR SRC</code>, <code>sync</code>; <code>#</code> starts a comment), or a Matrix Market file for SpMV on its matrix — or <label class="file-button">choose one<input type="file" id="trace-input"></label>. It is read in your browser, in the background; links keep only the profile.</p></div>"#;
    view! {
        <section class="matrix-file profile-source" aria-label="Derive the profile" on:click=on_click on:change=on_change on:dragover=|ev: web_sys::DragEvent| ev.prevent_default() on:drop=on_drop>
            <h2>"Derive the profile"</h2>
            <p class="chart-note">"Run a built-in workload, or read a trace of your program: the schedule fills w, W_add, W_mul and S, the memory references each architecture's Q_f and Q_s."</p>
            <div class="html-table" inner_html=controls></div>
            <div class="html-table" inner_html=Signal::derive(status)></div>
            {job.cancel_button("profile")}
        </section>
    }
}
