//! A chart's files: its SVG with the colours inlined (the page's style sheet does not travel
//! with it), for the SVG and PNG downloads.

use wasm_bindgen::JsCast;

/// The chart's SVG as a file: its drawing without the hover tooltip, with the colours inlined
/// (the page's style sheet does not travel with it).
pub fn standalone_svg(svg: &web_sys::SvgElement) -> Option<String> {
    let copy = svg.clone_node_with_deep(true).ok()?;
    let copy: web_sys::Element = copy.dyn_into().ok()?;
    if let Ok(Some(t)) = copy.query_selector(".hover") {
        t.remove();
    }
    let view_box = copy.get_attribute("viewBox").unwrap_or_default();
    let size: Vec<&str> = view_box.split(' ').collect();
    let _ = copy.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    if size.len() == 4 {
        let _ = copy.set_attribute("width", size[2]);
        let _ = copy.set_attribute("height", size[3]);
    }
    let _ = copy.remove_attribute("tabindex");
    // Without the empty comments Leptos leaves as placeholders ("…varies<!----></title>").
    let html = copy.outer_html().replace("<!---->", "");
    // The style goes first inside the root element.
    let at = html.find('>')? + 1;
    Some(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}<style>{SVG_STYLE}</style>{}",
        &html[..at],
        &html[at..]
    ))
}

/// The chart's colours for exported files (the light theme).
const SVG_STYLE: &str = "svg{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#fff}\
.grid{stroke:#e8edf1}.axis,.tick-mark{stroke:#8a99a6}.tick{font-size:11px;fill:#5b6b7a}\
.axis-label{font-size:12px;fill:#17212b}.line{fill:none;stroke:#0f6e78;stroke-width:1.8}\
.line.s1{stroke:#d55e00}.line.s2{stroke:#7b5fb3}.line.s3{stroke:#0072b2;stroke-dasharray:6 3}\
.dot{fill:#0f6e78}.dot.s1{fill:#d55e00}.dot.s2{fill:#7b5fb3}.dot.measured{fill:#fff;stroke:#17212b;stroke-width:1.6}\
.marker{stroke:#e0a03a;stroke-width:1.5;stroke-dasharray:4 3}.band{fill:#e2f3f2;opacity:.85}\
.event line{stroke:#c0c9d1;stroke-dasharray:1 3}.event path{fill:#e0a03a}.gap{fill:#b3261e;opacity:.08}\
.empty{fill:#5b6b7a}";
