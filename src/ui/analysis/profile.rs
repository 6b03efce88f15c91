//! AutoMatch's profile from a built-in workload or a trace read in the worker: the generator form, the drop zone, and the profile's summary.

use super::*;

/// A derived AutoMatch profile as the page holds it.
pub type Profile = TraceProfile;

/// The generator's controls: the workload picker and each workload's sizes (only the chosen
/// one's shown). The inputs are read when Generate is pressed, by id.
pub(super) fn generator(
    chosen: RwSignal<&'static str>,
    generate: impl Fn() + Copy + 'static,
) -> impl IntoView {
    let on_pick = move |ev: web_sys::Event| {
        let id = event_target_value(&ev);
        if let Some(w) = WORKLOADS.iter().find(|w| w.id == id) {
            chosen.set(w.id);
        }
    };
    let sizes = |w: &'static crate::analysis::generators::WorkloadSpec| {
        let params = w
            .params
            .iter()
            .map(|p| {
                let label = format!(
                    "{} ({}–{})",
                    p.label,
                    format::grouped(p.min as f64, 0),
                    format::grouped(p.max as f64, 0)
                );
                view! {
                    <label class="gen-param">
                        <span>{label}</span>
                        <input type="number" id=format!("gen-{}-{}", w.id, p.key) inputmode="numeric" min=p.min.to_string() max=p.max.to_string() value=p.default.to_string()/>
                    </label>
                }
            })
            .collect_view();
        view! { <div class="gen-sizes" id=format!("gen-sizes-{}", w.id) hidden=move || chosen.get() != w.id>{params}</div> }
    };
    view! {
        <div class="generator">
            <label class="gen-param">
                <span>"Workload"</span>
                <select id="gen-workload" on:change=on_pick>
                    {WORKLOADS.iter().map(|w| view! { <option value=w.id>{w.name}</option> }).collect_view()}
                </select>
            </label>
            {WORKLOADS.iter().map(sizes).collect_view()}
            <button type="button" id="gen-run" on:click=move |_| generate()>"Generate"</button>
        </div>
    }
}

/// What the derived profile holds: where it came from and what it counted, and what it
/// leaves to type.
pub(super) fn profile_texts(p: &TraceProfile, seconds: f64) -> (String, String) {
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
    (format!("{}.", parts.join("; ")), note)
}

/// AutoMatch's profile from a trace file (Valgrind Lackey's memory trace, or an operation
/// trace) or a built-in workload generator, derived in the analysis worker at `line_sizes`.
/// The profile goes to `on_profile` (the page fills the fields from it); nothing is uploaded.
#[component]
pub fn ProfileSource(
    on_profile: Callback<Profile>,
    #[prop(into)] line_sizes: Signal<Vec<u64>>,
) -> impl IntoView {
    let shared = SharedFiles::get();
    let job = Job::new();
    let summary = RwSignal::new(None::<(String, String)>);
    let chosen = RwSignal::new(WORKLOADS.first().map_or("", |w| w.id));
    let run = move |name: String, request: Request, file: Option<File>| {
        job.start(
            name,
            request,
            file,
            Box::new(move |answer, s| {
                let Answer::Profile(p) = answer else {
                    return Err("the worker's profile could not be read".to_string());
                };
                summary.set(Some(profile_texts(&p, s)));
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
        let id = chosen.get_untracked();
        let Some(w) = WORKLOADS.iter().find(|w| w.id == id).or(WORKLOADS.first()) else {
            return;
        };
        let values: Vec<f64> = w
            .params
            .iter()
            .map(|p| {
                crate::number::parse(value_of(&format!("gen-{}-{}", w.id, p.key)).trim())
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
    let on_input = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            trace(file);
        }
        input.set_value("");
    };
    let done = move || {
        matches!(job.status.get(), Status::Done { .. })
            .then(|| summary.get())
            .flatten()
            .map(|(done, note)| {
                view! {
                    <p class="muted" id="profile-done">{done}</p>
                    <p class="muted" id="profile-note">{note}</p>
                }
            })
    };
    // SpMV on the SpMV page's matrix, when one was read there.
    let spmv_page = shared.matrix.with_untracked(|m| m.as_ref().map(File::name)).map(|name| {
        let on_spmv = move |_| {
            if let Some(file) = shared.matrix.get_untracked() {
                trace(file);
            }
        };
        view! { <p><button type="button" id="gen-spmv-page" on:click=on_spmv>{format!("SpMV on {name}, the SpMV page's matrix")}</button></p> }
    });
    view! {
        <section class="matrix-file profile-source" aria-label="Derive the profile" on:dragover=|ev: web_sys::DragEvent| ev.prevent_default() on:drop=on_drop>
            <h2>"Derive the profile"</h2>
            <p class="chart-note">"Run a built-in workload, or read a trace of your program: the schedule fills w, W_add, W_mul and S, the memory references each architecture's Q_f and Q_s."</p>
            {generator(chosen, generate)}
            {spmv_page}
            <div class="drop-zone" id="trace-drop">
                <p>
                    "Or drop a trace here — Valgrind's "<code>"--tool=lackey --trace-mem=yes"</code>" output, an operation trace (one operation a line: "<code>"add"</code>", "<code>"sub"</code>", "<code>"mul"</code>", "<code>"div"</code>" or "<code>"other"</code>" "<code>"DST SRC…"</code>" on registers "<code>"r1"</code>", "<code>"r2"</code>"…, "<code>"ld DST ADDR"</code>", "<code>"st ADDR SRC"</code>", "<code>"sync"</code>"; "<code>"#"</code>" starts a comment), or a Matrix Market file for SpMV on its matrix — or "
                    <label class="file-button">"choose one"<input type="file" id="trace-input" on:change=on_input/></label>
                    ". It is read in your browser, in the background; links keep only the profile."
                </p>
            </div>
            {job.status_view("profile", "Analysing")}
            {done}
            {job.cancel_button("profile")}
        </section>
    }
}
