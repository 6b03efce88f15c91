//! A profiler's CSV read in the worker and compared with every model there: the drop zone and the comparison the worker writes as HTML.

use super::*;

/// Drop or pick a profiler's CSV (Nsight Compute or nvprof): the worker reads it and compares
/// every kernel with the models (`crate::measured`), and hands back the comparison as HTML
/// text (written by `crate::measured::html`, tested natively: the page's bundle stays small).
#[component]
///
/// `device`: the device every kernel of the file is put on (the measured page's picker); a new
/// one compares the last file again.
pub fn ProfilerFile(
    on_report: Callback<(String, String)>,
    device: ReadSignal<Option<&'static crate::devices::Device>>,
) -> impl IntoView {
    let job = Job::new();
    let last: StoredValue<Option<File>, LocalStorage> = StoredValue::new_local(None);
    // Files dropped or chosen with it (nvprof's metrics beside its trace): read together.
    let more: StoredValue<Vec<File>, LocalStorage> = StoredValue::new_local(Vec::new());
    let start = move |file: File| {
        last.set_value(Some(file.clone()));
        let others = more.get_value();
        let mut name = file.name();
        let mut size = file.size();
        for f in &others {
            name = format!("{name} + {}", f.name());
            size += f.size();
        }
        let request = Request::Measured {
            name: name.clone(),
            device: device.get_untracked().map(|d| d.id.to_string()),
            // "On another GPU" is the command line's (--on) until the page has room for it.
            on: None,
        };
        job.start_with(
            name,
            request,
            Some(file),
            &others,
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
    Effect::new(move |first: Option<()>| {
        device.track();
        if first.is_some() {
            if let Some(f) = last.get_value() {
                start(f);
            }
        }
    });
    view! {
        <DropZone
            warm=true
            id="profile"
            accept=".csv,.txt,.gz"
            lead="Drop a profiler's CSV here (Nsight Compute's ncu --csv, or nvprof's --csv; .gz too; nvprof's trace and its --metrics file together), or "
            tail=". It is read in your browser, in the background: nothing is uploaded."
            on_file=Callback::new(start)
            on_more=Callback::new(move |files| more.set_value(files))
        />
        {job.status_view("measured", "Reading")}
        {job.cancel_button("measured")}
    }
}
