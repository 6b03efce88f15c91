//! The command line as a user runs it: JSON for every model, the model list, and one line on
//! stderr with a non-zero exit for anything it cannot do — never a panic.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_warpsight");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// Exit code 2 and exactly one line on stderr, naming what is wrong.
fn one_line_error(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn eval_prints_every_model() {
    let hk = json(&["eval", ""]);
    assert_eq!(hk["model"], "hong-kim");
    assert_eq!(hk["outputs"]["exec_cycles_with_synch"], 50728.1875);
    assert_eq!(hk["outputs"]["mwp_limited_by"], "departure_delay");
    assert_eq!(hk["derived"]["active_sms"], "min(#SMs, #Blocks)");
    // A per-device output: the same kernel's time on every GPU, its own device included.
    assert_eq!(
        hk["outputs"]["time_s_by_device"]["hk-example"],
        hk["outputs"]["time_s"]
    );
    assert!(hk["outputs"]["time_s_by_device"]["h100"]
        .as_f64()
        .is_some_and(|t| t > 0.0));
    assert!(
        hk["outputs"]["time_s_by_device"].get("i5-2400").is_none(),
        "GPUs only"
    );
    let a = json(&[
        "eval",
        "http://127.0.0.1:8080/?model=apsp&device=c2075&n=81#x",
    ]);
    assert_eq!(a["model"], "apsp");
    assert_eq!(a["outputs"]["blocks_per_sm_buckets"], 16.0);
    assert_eq!(a["outputs"]["blocks_per_sm_min"], serde_json::Value::Null);
    // Calibrated by the C2075's illustrative 40 ms at n0 = 500 (said so in `derived`).
    let f = a["outputs"]["f"].as_f64().expect("calibrated");
    assert_eq!(
        a["outputs"]["t_ms_min"].as_f64(),
        Some(f * a["outputs"]["t_sym_min"].as_f64().expect("units"))
    );
    assert_eq!(a["inputs"]["t_meas_ms"], 40.0);
    assert!(a["derived"]["t_meas_ms"]
        .as_str()
        .expect("derived")
        .starts_with("illustrative, not from the paper"));
    let b = json(&["eval", "model=apsp&device=gtx780&n=81"]);
    assert_eq!(
        b["outputs"]["t_ms_min"],
        serde_json::Value::Null,
        "uncalibrated"
    );
    assert_eq!(a["inputs"]["algorithm"], "min-plus");
    assert_eq!(a["inputs"]["measured"], serde_json::json!([]));
}

#[test]
fn models_lists_every_field_with_its_range_and_default() {
    let text = String::from_utf8(run(&["models"]).stdout).expect("utf-8");
    // Columns line up: in each model's table, every row's unit starts where the header's does.
    for table in text.split("\n\n").filter(|t| !t.trim().is_empty()) {
        let lines: Vec<&str> = table.lines().skip(1).collect();
        let at = |l: &str, word: &str| l.chars().collect::<String>().find(word);
        let unit_col = at(lines[0], "unit").expect("header");
        let default_col = at(lines[0], "default").expect("header");
        for l in &lines[1..] {
            let chars: Vec<char> = l.chars().collect();
            assert!(
                chars.get(unit_col - 1) == Some(&' ') && chars.get(default_col - 1) == Some(&' '),
                "misaligned: {l}"
            );
        }
    }
    assert!(text.contains("  uncoal_per_mw        #Uncoal_per_mw        transactions 32 "));
    assert!(text.contains("hong-kim  Hong & Kim"));
    assert!(text.contains("apsp  Dümmler & Egerland"));
    assert!(text.contains("threads_per_block"));
    assert!(text.contains("one of min-plus, floyd-warshall"));
    let all = json(&["models", "--json"]);
    let apsp = all
        .as_array()
        .and_then(|a| a.iter().find(|m| m["id"] == "apsp"))
        .expect("apsp");
    let field = |name: &str| {
        apsp["fields"]
            .as_array()
            .and_then(|f| f.iter().find(|f| f["name"] == name))
            .cloned()
            .expect(name)
    };
    let n = field("n");
    assert_eq!(
        (n["kind"].as_str(), n["min"].as_f64(), n["max"].as_f64()),
        (Some("number"), Some(2.0), Some(100_000.0))
    );
    assert_eq!(n["default"], "81");
    assert_eq!(
        field("algorithm")["choices"],
        serde_json::json!(["min-plus", "floyd-warshall"])
    );
    assert_eq!(field("measured")["kind"], "rows");
    assert_eq!(field("sms")["from_device"], "sms");
    assert_eq!(field("blocks_per_sm_occ")["default"], "auto");
}

#[test]
fn bad_input_is_one_line_naming_the_field() {
    let err = one_line_error(&run(&["eval", "threads_per_block=0"]));
    assert!(
        err.contains("threads_per_block: “0” is not valid: must be a whole number from 1 to 2,048"),
        "{err}"
    );
    // A newline or a bidi override in the link cannot split or reorder the line.
    let err = one_line_error(&run(&["eval", "threads_per_block=1%0A2%E2%80%AE"]));
    assert!(err.contains(r"1\u{a}2\u{202e}"), "{err}");
    // Values each valid but rejected together.
    let err = one_line_error(&run(&[
        "eval",
        "device=h100&threads_per_block=1024&registers_per_thread=255",
    ]));
    assert!(err.starts_with("error: registers_per_thread: "), "{err}");
    one_line_error(&run(&["eval", "model=apsp&block_size=33"]));
    // AutoMatch's counts: exact up to 2^53, and the limit stated above it.
    let v = json(&["eval", "model=automatch&q_f=9007199254740992"]);
    assert_eq!(v["inputs"]["q_f"].as_f64(), Some(9007199254740992.0));
    let err = one_line_error(&run(&["eval", "model=automatch&w_add=9007199254740994"]));
    assert!(
        err.contains("w_add: “9007199254740994” is not valid: must be a whole number from 0 to 9,007,199,254,740,992"),
        "{err}"
    );
    one_line_error(&run(&["frobnicate"]));
    one_line_error(&run(&["eval"]));
}

#[cfg(unix)]
#[test]
fn invalid_utf8_closed_pipes_and_full_disks_do_not_panic() {
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(BIN)
        .arg("eval")
        .arg(std::ffi::OsStr::from_bytes(b"\xff"))
        .output()
        .expect("runs");
    let err = one_line_error(&out);
    assert!(err.contains("argument 2 is not valid UTF-8"), "{err}");

    let sh = |script: &str| {
        Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {script}"))
            .env("W", BIN)
            .output()
            .expect("bash")
    };
    // The reader goes away first: the output just ends.
    for _ in 0..5 {
        let out = sh("\"$W\" models --json | true");
        assert!(out.status.success(), "{out:?}");
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    if std::path::Path::new("/dev/full").exists() {
        let out = sh("\"$W\" eval blocks=80 > /dev/full");
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: cannot write the output"), "{err}");
    }
}

#[test]
fn analyze_measured_prints_each_kernel_with_its_predictions() {
    let v = json(&[
        "analyze",
        "measured",
        "tests/fixtures/profiler/ncu_counters_a100.csv",
    ]);
    let kernels = v["kernels"].as_array().expect("kernels");
    assert_eq!(kernels.len(), 3);
    let k = &kernels[0];
    assert_eq!(
        k["name"],
        "vecAdd(const float *, const float *, float *, int)"
    );
    assert_eq!(k["invocations"], 3);
    // The median of 143.97, 144.51 and 143.20 µs.
    assert_eq!(k["measured_s"], 143.97e-6);
    assert_eq!(k["threads_per_block"], 256.0);
    assert_eq!(k["blocks"], 65536.0);
    assert_eq!(k["registers_per_thread"], 16.0);
    assert_eq!(k["shared_mem_per_block"], 0.0);
    assert_eq!(k["device"]["id"], "a100");
    assert_eq!(k["occupancy"]["agree"], true);
    assert_eq!(k["occupancy"]["ours"]["limit_registers"], 16.0);
    assert_eq!(k["occupancy"]["profiler"]["limit_registers"], 16.0);
    // Keyed by model, in the registry's order.
    let predictions = k["predictions"].as_object().expect("predictions by model");
    let ids: Vec<&String> = predictions.keys().collect();
    assert_eq!(ids, ["hong-kim", "sim", "luo-suda", "roofline"]);
    for (id, p) in predictions {
        let (t, r) = (p["time_s"].as_f64().unwrap(), p["ratio"].as_f64().unwrap());
        assert_eq!(r, t / 143.97e-6, "{id}");
        assert_eq!(p["complete"], true, "{id}");
    }
    // The roofline is a lower bound: at most the measured time. The file counts no barriers
    // and no FLOPs: each taken as 0, and said so.
    assert_eq!(predictions["roofline"]["lower_bound"], true);
    assert!(predictions["roofline"]["ratio"].as_f64().unwrap() <= 1.0);
    // A straight-line kernel (at most 64 instructions per warp): its loads in flight together.
    // No hit rates in the file: the DRAM bytes ÷ the requests' bytes give the share that hit
    // a cache, counted at the L2 (the L1's 0 assumed).
    assert_eq!(
        predictions["hong-kim"]["assumed"],
        serde_json::json!(["l1_hit_pct", "synch_insts", "mlp"])
    );
    assert_eq!(
        predictions["roofline"]["assumed"],
        serde_json::json!(["flops_fp64", "flops_fp32"])
    );
    // Warps launched as the profiler counted them (524,288): 10,485,760 instructions ÷
    // 524,288 = 20 per warp, and 3 global requests per warp.
    assert_eq!(k["counters"]["warps"], 524_288.0);
    assert_eq!(k["counters"]["insts_per_warp"], 20.0);
    assert_eq!(k["static_shared_bytes"], 0.0);
    let models: Vec<&str> = v["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["model"].as_str().unwrap())
        .collect();
    assert_eq!(models, ["hong-kim", "sim", "luo-suda", "roofline"]);
    // Every prediction says whether it lies below the kernel's bound.
    for (id, p) in predictions {
        assert!(p["below_bound"].is_boolean(), "{id}");
        assert_eq!(p["ceiling"].is_string(), p["below_bound"] == true, "{id}");
    }
}

#[test]
fn analyze_measured_names_the_line_of_a_bad_file() {
    let dir = std::env::temp_dir().join(format!("warpsight-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("short.csv");
    // The header, then a row with three of its twenty fields.
    std::fs::write(
        &file,
        "\"Start\",\"Duration\",\"Grid X\",\"Grid Y\",\"Grid Z\",\"Block X\",\"Block Y\",\"Block Z\",\"Registers Per Thread\",\"Static SMem\",\"Dynamic SMem\",\"Size\",\"Throughput\",\"SrcMemType\",\"DstMemType\",\"Device\",\"Context\",\"Stream\",\"Name\",\"Correlation_ID\"\nms,us,,,,,,,,KB,B,MB,GB/s,,,,,,,\n1,2,3\n",
    )
    .unwrap();
    let out = run(&["analyze", "measured", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let line = one_line_error(&out);
    assert!(line.contains("short.csv: line 3:"), "{line}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--help` a person can read: one line per command with what it does; each command's own
/// help; an unknown flag or command named in its one-line error.
#[test]
fn help_lists_each_command_on_its_own_line_and_errors_name_the_flag() {
    let out = run(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let commands: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  warpsight "))
        .collect();
    assert_eq!(commands.len(), 9, "{text}");
    for verb in [
        "eval",
        "models",
        "devices",
        "analyze matrix",
        "analyze memory",
        "analyze ops",
        "analyze profile",
        "analyze ptx",
        "analyze measured",
    ] {
        assert_eq!(
            commands
                .iter()
                .filter(|l| l.starts_with(&format!("  warpsight {verb} ")))
                .count(),
            1,
            "{verb}"
        );
    }
    assert!(text.lines().all(|l| l.chars().count() <= 140), "{text}");

    let analyze = String::from_utf8(run(&["analyze", "--help"]).stdout).unwrap();
    assert_eq!(
        analyze.matches("  warpsight analyze ").count(),
        6,
        "{analyze}"
    );
    let ptx = run(&["analyze", "ptx", "--help"]);
    assert!(ptx.status.success());
    let ptx = String::from_utf8(ptx.stdout).unwrap();
    assert!(
        ptx.starts_with("usage: warpsight analyze ptx FILE [--kernel NAME] [--trips N,…]\n"),
        "{ptx}"
    );
    assert!(
        ptx.contains("--trips gives the listed loops' trip counts"),
        "{ptx}"
    );

    for (args, message) in [
        (&["models", "--jsn"][..], "error: models: unknown flag --jsn (usage: warpsight models [--json])\n"),
        (&["analyze", "ptx", "k.ptx", "--kern", "a"][..], "error: analyze ptx: unknown flag --kern (usage: warpsight analyze ptx FILE [--kernel NAME] [--trips N,…])\n"),
        (&["eval", "--bogus"][..], "error: eval: unknown flag --bogus (usage: warpsight eval '<query string or share link>')\n"),
        (&["frobnicate"][..], "error: “frobnicate” is not a command (warpsight --help lists them)\n"),
        (&["analyze", "video", "x"][..], "error: analyze: “video” is not a kind of file read here (warpsight analyze --help lists them)\n"),
        (&[][..], "error: no command given (warpsight --help lists them)\n"),
    ] {
        assert_eq!(one_line_error(&run(args)), message, "{args:?}");
    }
}
