//! A profiler's CSV read in the worker and compared with every model there: the drop zone and the comparison the worker writes as HTML.

use super::*;

/// Drop or pick a profiler's CSV (Nsight Compute or nvprof): the worker reads it and compares
/// every kernel with the models (`crate::measured`), and hands back the comparison as HTML
/// text (written by `crate::measured::html`, tested natively: the page's bundle stays small).
#[component]
///
/// `device`: the device every kernel of the file is put on (the measured page's picker); `on`:
/// another GPU to predict them on; `baseline`: the run the others are held against. A new one
/// compares the last files again. `export` asks for the comparison as a download ("csv" or
/// "json", with a count so the same format can be asked twice). `on_start` is told when a
/// reading starts (the page clears its last speed line).
pub fn ProfilerFile(
    on_report: Callback<(String, String)>,
    on_start: Callback<()>,
    device: ReadSignal<Option<&'static crate::devices::Device>>,
    on: ReadSignal<Option<&'static crate::devices::Device>>,
    baseline: ReadSignal<Option<u32>>,
    export: ReadSignal<Option<(&'static str, u32)>>,
) -> impl IntoView {
    let job = Job::new();
    let last: StoredValue<Option<File>, LocalStorage> = StoredValue::new_local(None);
    // Files dropped or chosen with it (nvprof's metrics beside its trace, another run): read
    // together.
    let more: StoredValue<Vec<File>, LocalStorage> = StoredValue::new_local(Vec::new());
    let request = move |name: String, export: Option<&str>| Request::Measured {
        name,
        device: device.get_untracked().map(|d| d.id.to_string()),
        on: on.get_untracked().map(|d| d.id.to_string()),
        baseline: baseline.get_untracked(),
        export: export.map(str::to_string),
    };
    let names = move |file: &File| {
        let others = more.get_value();
        let mut name = file.name();
        let mut size = file.size();
        for f in &others {
            name = format!("{name} + {}", f.name());
            size += f.size();
        }
        (name, size, others)
    };
    let start = move |file: File| {
        on_start.run(());
        last.set_value(Some(file.clone()));
        let (name, size, others) = names(&file);
        job.start_with(
            name.clone(),
            request(name, None),
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
        on.track();
        baseline.track();
        if first.is_some() {
            if let Some(f) = last.get_value() {
                start(f);
            }
        }
    });
    // A download: the files read again in the worker, written as the CLI writes them.
    Effect::new(move |first: Option<()>| {
        let asked = export.get();
        if first.is_none() {
            return;
        }
        let (Some((format, _)), Some(file)) = (asked, last.get_value()) else {
            return;
        };
        let (name, _, others) = names(&file);
        job.start_with(
            format!("{name} as {}", format.to_uppercase()),
            request(name, Some(format)),
            Some(file),
            &others,
            Box::new(move |answer, _| {
                let Answer::Download { name, mime, text } = answer else {
                    return Err("the worker's download could not be read".to_string());
                };
                crate::ui::browser::download(&name, &mime, &text);
                Ok(())
            }),
        );
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
