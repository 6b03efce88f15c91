//! A kernel's detail: the launch and device, the occupancy side by side, the counters, and the
//! models side by side with the inputs each used.

use std::fmt::Write;

use super::*;

/// A kernel's detail: the launch and device, the occupancy side by side, the counters, and
/// the models side by side with the inputs each used.
pub(super) fn kernel_detail(i: usize, k: &KernelReport) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        r#"<details class="kernel-detail" id="kernel-{i}"><summary>{} <span class="muted">{}</span></summary>"#,
        breakable(&crate::measured::short_name(&k.name)),
        esc(&launch_text(k)),
    );
    let _ = write!(
        h,
        r#"<p class="kernel-full-name" id="kernel-{i}-name">{}</p><p>{} · measured {} (median of {} run{}){} · <button type="button" class="link-button" data-on-another="1">Predict it on another GPU…</button></p>"#,
        breakable(&k.name),
        esc(&capitalized(&for_the_page(&k.device.note))),
        time_text(k.measured_s),
        int(k.invocations),
        if k.invocations == 1 { "" } else { "s" },
        resources_text(k)
    );
    if let Some(scope) = &k.scope {
        let _ = write!(
            h,
            r#"<p class="scope-note" id="kernel-{i}-scope">{}: its predictions stay, left out of the models' medians.</p>"#,
            esc(&capitalized(scope))
        );
    }
    if !k.invalid.is_empty() {
        let _ = write!(
            h,
            r#"<ul class="invalid-figures" id="kernel-{i}-invalid">{}</ul>"#,
            k.invalid
                .iter()
                .map(|n| format!("<li>Not taken: {}</li>", esc(n)))
                .collect::<String>()
        );
    }
    h += &occupancy_table(i, k);
    h += &counters_text(k);
    // The models side by side.
    h += r#"<div class="table-scroll"><table class="side-by-side"><thead><tr><th scope="col">Model</th><th scope="col">Predicted</th><th scope="col">Predicted ÷ measured</th><th scope="col">Bound</th><th scope="col">Inputs</th></tr></thead><tbody>"#;
    for p in &k.predictions {
        let inputs: Vec<String> = p
            .inputs
            .iter()
            .map(|inp| match inp.origin {
                Origin::Profile => format!(
                    r#"<li><code>{}</code> = {} <span class="from-profile">from the profile</span> <span class="muted">({})</span></li>"#,
                    inp.field,
                    esc(&inp.text),
                    esc(&inp.how)
                ),
                Origin::Computed => format!(
                    r#"<li><code>{}</code> = {} <span class="computed">computed</span> <span class="muted">({})</span></li>"#,
                    inp.field,
                    esc(&inp.text),
                    esc(&inp.how)
                ),
                Origin::Assumed => format!(
                    r#"<li><code>{}</code> = {} <span class="assumed">assumed</span> <span class="muted">{}</span></li>"#,
                    inp.field,
                    esc(&inp.text),
                    esc(&inp.how)
                ),
                Origin::Typed if inp.how == crate::measured::predict::NEEDS_GPU => format!(
                    r#"<li><code>{}</code> <span class="typed">needs the GPU</span></li>"#,
                    inp.field,
                ),
                Origin::Typed => format!(
                    r#"<li><code>{}</code> <span class="typed">to type</span> <span class="muted">{}</span></li>"#,
                    inp.field,
                    esc(&inp.how)
                ),
            })
            .collect();
        let _ = write!(
            h,
            r#"<tr data-model="{}"><th scope="row"><a href="./?{}">{}</a></th><td data-label="Predicted">{}</td><td data-label="Predicted ÷ measured" class="{}">{}</td><td data-label="Bound">{}</td><td data-label="Inputs"><ul class="inputs-used">{}</ul></td></tr>"#,
            p.model,
            esc(&p.query),
            esc(p.title),
            match (&p.error, p.complete) {
                (Some(e), _) if e == crate::measured::predict::NO_DEVICE =>
                    "needs the GPU".to_string(),
                (Some(e), _) => esc(e),
                (None, true) => time_text(p.time_s) + &anchored_text(p),
                (None, false) => {
                    r#"<span class="partial">no time until the inputs marked “to type” are given</span>"#.to_string()
                }
            },
            ratio_class(p.ratio, p.lower_bound),
            shown_ratio(p),
            esc(&p.bound),
            inputs.join(""),
        );
    }
    h += "</tbody></table></div>";
    h += &optimize_list(i, k);
    h += "</details>";
    h
}

/// The registers and shared memory the file gives (only those: a figure it lacks is not 0).
fn resources_text(k: &KernelReport) -> String {
    let mut t = String::new();
    if let Some(r) = k.registers_per_thread {
        t += &format!(" · {} registers per thread", format::significant(r, 4));
    }
    match (k.static_shared_bytes, k.dynamic_shared_bytes) {
        (None, None) => {}
        (st, dy) => {
            let (st, dy) = (st.unwrap_or(0.0), dy.unwrap_or(0.0));
            t += &format!(
                " · {} B shared memory per block ({} B static + {} B dynamic)",
                format::grouped(st + dy, 0),
                format::grouped(st, 0),
                format::grouped(dy, 0)
            );
        }
    }
    t
}

fn occupancy_table(i: usize, k: &KernelReport) -> String {
    let o = &k.occupancy;
    if o.ours.is_none() && o.profiler.is_none() {
        return format!(
            r#"<p class="muted">Occupancy: {}</p>"#,
            esc(o.error.as_deref().unwrap_or("not computed"))
        );
    }
    let empty = OccupancyFigures::default();
    let ours = o.ours.as_ref().unwrap_or(&empty);
    let theirs = o.profiler.as_ref().unwrap_or(&empty);
    let mut h = format!(
        r#"<div class="table-scroll"><table class="occupancy-check" id="occupancy-{i}"><caption>Occupancy: warpsight beside the profiler</caption><thead><tr><th scope="col">Figure</th><th scope="col">warpsight</th><th scope="col">Profiler</th></tr></thead><tbody>"#
    );
    for ((_, name, a, tol), (_, _, b, _)) in ours.figures().into_iter().zip(theirs.figures()) {
        let differs = matches!((a, b), (Some(a), Some(b)) if crate::measured::differs(a, b, tol));
        let num = |v: Option<f64>| v.map_or("—".to_string(), |v| format::significant(v, 4));
        let _ = write!(
            h,
            r#"<tr{}><th scope="row">{name}</th><td data-label="warpsight">{}</td><td data-label="Profiler">{}{}</td></tr>"#,
            if differs { r#" class="disagree""# } else { "" },
            num(a),
            num(b),
            if differs { " ✗ differs" } else { "" },
        );
    }
    h += "</tbody></table></div>";
    if let (Some(what), Some(_)) = (assumed_resources(k), &o.ours) {
        let _ = write!(
            h,
            r#"<p class="assumed-note">The file gives no {what}: warpsight's occupancy counts none, so it is an upper limit.</p>"#
        );
    }
    if let Some(e) = &o.error {
        let _ = write!(h, r#"<p class="muted">{}</p>"#, esc(e));
    }
    h
}

fn counters_text(k: &KernelReport) -> String {
    let c = &k.counters;
    let mut parts = Vec::new();
    if let Some(x) = c.insts_per_warp {
        parts.push(format!(
            "{} per warp{}",
            format::count(x, "instruction"),
            if c.insts_issued {
                format!(" ({})", crate::model::launch::ISSUED)
            } else {
                String::new()
            }
        ));
    }
    for (what, a) in [("loads", c.loads), ("stores", c.stores)] {
        if let Some(a) = a {
            parts.push(format!(
                "{} global {} per warp at {} sectors per request",
                format::significant(a.requests_per_warp, 4),
                format::noun(a.requests_per_warp, &what[..what.len() - 1], what),
                format::significant(a.sectors_per_request, 3)
            ));
        }
    }
    if let Some(b) = c.barriers_per_warp {
        parts.push(format!("{} per warp", format::count(b, "barrier")));
    }
    if let Some(b) = c.dram_bytes {
        parts.push(format!("{} MB from DRAM", format::significant(b / 1e6, 4)));
    }
    if let Some(g) = c.achieved_gbs {
        parts.push(format!("{} GB/s achieved", format::significant(g, 4)));
    }
    if parts.is_empty() {
        return r#"<p class="muted">The file holds no instruction or memory counters for this kernel: the models' inputs it does not give are typed on their pages (or filled from PTX).</p>"#.to_string();
    }
    format!("<p>Counters: {}.</p>", esc(&parts.join("; ")))
}

/// What to optimize next: each ideal change the closest model says would save time, ranked,
/// with the model's page opened on it.
fn optimize_list(i: usize, k: &KernelReport) -> String {
    let Some(first) = k.optimize.first() else {
        return String::new();
    };
    let title = k
        .predictions
        .iter()
        .find(|p| p.model == first.model)
        .map_or(first.model, |p| p.title);
    let mut h = format!(
        r#"<div class="optimize" id="kernel-{i}-optimize"><p>What to optimize next, by {} (the model closest to the measured time), one ideal change at a time:</p><ol>"#,
        esc(title.split([',', '—']).next().unwrap_or(title).trim())
    );
    for s in &k.optimize {
        let _ = write!(
            h,
            r#"<li data-saved-s="{}">{}: saves <strong>{}</strong> of the measured {} ({}%){} · <a href="./?{}">open the model with it</a></li>"#,
            format::exact(s.saved_s),
            esc(&capitalized(s.change)),
            time_text(Some(s.saved_s)),
            time_text(k.measured_s),
            format::significant(100.0 * s.share, 3),
            if s.to_bound {
                " — down to the roofline bound, which no change passes"
            } else {
                ""
            },
            esc(&s.query),
        );
    }
    h + "</ol></div>"
}
