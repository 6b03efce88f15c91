//! A profiler's CSV read in the worker and compared with every model there: the drop zone and the comparison the worker writes as HTML.

use super::*;

/// Drop or pick a profiler's CSV (Nsight Compute or nvprof): the worker reads it and compares
/// every kernel with the models (`crate::measured`), and hands back the comparison as HTML
/// text (written by `crate::measured::html`, tested natively: the page's bundle stays small).
#[component]
pub fn ProfilerFile(on_report: Callback<(String, String)>) -> impl IntoView {
    let job = Job::new();
    let start = move |file: File| {
        let name = file.name();
        let size = file.size();
        let request = Request::Measured {
            name: name.clone(),
            device: None,
        };
        job.start(
            name,
            request,
            Some(file),
            Box::new(move |answer, seconds| {
                let Answer::Measured(html) = answer else {
                    return Err("the worker's comparison could not be read".to_string());
                };
                let mut speed =
                    format!("Read and compared in {} s", format::significant(seconds, 3));
                if size >= 1e6 {
                    speed += &format!(
                        " ({} MB/s of the file as chosen)",
                        format::significant(size / 1e6 / seconds.max(1e-3), 3)
                    );
                }
                speed.push('.');
                on_report.run((html, speed));
                Ok(())
            }),
        );
    };
    view! {
        <DropZone
            id="profile"
            accept=".csv,.txt,.gz"
            lead="Drop a profiler's CSV here (Nsight Compute's ncu --csv, or nvprof's --csv; .gz too), or "
            tail=". It is read in your browser, in the background: nothing is uploaded."
            on_file=Callback::new(start)
        />
        {job.status_view("measured", "Reading")}
        {job.cancel_button("measured")}
    }
}
