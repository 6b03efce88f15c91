//! What the file's GPU needs from the user, said once above the table: the candidates of a
//! file that gives only a compute capability or an SM count, a file with no GPU, a GPU chosen
//! against the file's capability.

use std::fmt::Write;

use super::*;

/// The first dozen candidates' names, and "…" for the rest.
fn candidate_list(candidates: &[crate::measured::Candidate]) -> String {
    let names: Vec<String> = candidates.iter().take(12).map(|c| esc(&c.name)).collect();
    names.join(", ") + if candidates.len() > 12 { ", …" } else { "" }
}

/// What the file's GPU needs from the user: a file that gives only a compute capability
/// names its candidates (the page fills its device search with `data-find`, and lists them),
/// and a GPU chosen against the file's capability is warned of. Once each.
pub(super) fn device_notes(r: &Report) -> String {
    let mut h = String::new();
    if let Some(d) = r
        .kernels
        .iter()
        .map(|k| &k.device)
        .find(|d| d.how == "capability")
    {
        let cc = d.compute_capability.as_deref().unwrap_or_default();
        let arch = cc
            .split_once('.')
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .map(crate::devices::arch::describe_capability)
            .unwrap_or_else(|| format!("compute capability {cc}"));
        let _ = write!(
            h,
            r#"<p id="measured-capability" class="capability" data-find="cc {}">The file gives its GPU only as <strong>{}</strong>: occupancy follows from it, the models need the GPU. {} GPU{} of the catalogue have it: <span class="candidates">{}</span>. Choose yours with “Find any CUDA GPU” above for the full comparison.</p>"#,
            esc(cc),
            esc(&arch),
            d.candidates.len(),
            if d.candidates.len() == 1 { "" } else { "s" },
            candidate_list(&d.candidates),
        );
    }
    if let Some(d) = r.kernels.iter().map(|k| &k.device).find(|d| d.how == "sms") {
        let sms = d.sms.unwrap_or_default();
        let _ = write!(
            h,
            r#"<p id="measured-sms" class="capability" data-find="{}">The file names no GPU and no compute capability; its <strong>{sms} SMs</strong> fit {} GPU{} of the catalogue, those nearest its clock first: <span class="candidates">{}</span>. Choose yours with “Find any CUDA GPU” above for the full comparison.</p>"#,
            esc(d.candidates.first().map_or("", |c| c.name.as_str())),
            d.candidates.len(),
            if d.candidates.len() == 1 { "" } else { "s" },
            candidate_list(&d.candidates),
        );
    }
    let no_device = |k: &KernelReport| {
        k.predictions
            .iter()
            .any(|p| p.error.as_deref() == Some(crate::measured::predict::NO_DEVICE))
    };
    if h.is_empty() && r.kernels.iter().any(no_device) {
        h += r#"<p id="measured-no-device" class="capability">The file does not name its GPU: the models need it. Choose it with “Find any CUDA GPU” above for every kernel's prediction, or open a model from a kernel's row and pick it there.</p>"#;
    }
    if let Some(w) = r.kernels.iter().find_map(|k| k.device.warning.as_ref()) {
        let _ = write!(
            h,
            r#"<p id="measured-warning" class="warning" role="alert">{}</p>"#,
            esc(&capitalized(&for_the_page(w)))
        );
    }
    h
}
