//! The command line: `warpsight eval '<query string or share link>'` prints every input and
//! output as JSON under its MODELS.md name; `warpsight devices` lists the presets.
//!
//! Exit codes: 0 success, 2 bad input or usage (one line on stderr naming the field and its
//! valid range).

use std::process::ExitCode;

use serde_json::{json, Map, Value};
use warpsight::devices::DEVICES;
use warpsight::format;
use warpsight::model::scenario;
use warpsight::state;

const USAGE: &str = "usage: warpsight eval '<query string or share link>'
       warpsight devices [--json]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["eval", link] => eval(link),
        ["devices"] => {
            print!("{}", devices_table());
            Ok(())
        }
        ["devices", "--json"] => print_json(&json!(DEVICES)),
        ["-h" | "--help" | "help"] => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn print_json(value: &Value) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    println!("{text}");
    Ok(())
}

/// The JSON document for one share link. The browser shows these same numbers.
fn eval(link: &str) -> Result<(), String> {
    let (share, notices) = state::from_query(link);
    if !notices.is_empty() {
        let all: Vec<String> = notices.iter().map(ToString::to_string).collect();
        return Err(all.join("; "));
    }
    let prediction = scenario::predict(&share.setup).map_err(|e| e.to_string())?;

    let mut inputs = match json!(prediction.inputs) {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    inputs.insert(
        "registers_per_thread".into(),
        json!(share.setup.registers_per_thread),
    );
    inputs.insert(
        "shared_mem_per_block".into(),
        json!(share.setup.shared_mem_per_block),
    );
    let out = &prediction.outputs;
    let doc = json!({
        "model": warpsight::model::hong_kim::MODEL_ID,
        "device": share.setup.device.id,
        "inputs": inputs,
        "active_sms_auto": prediction.active_sms_auto,
        "active_blocks_per_sm_auto": prediction.active_blocks_per_sm_auto,
        "occupancy": prediction.occupancy,
        "outputs": out,
        "explanation": out.explanation(),
        "occupancy_summary": prediction.occupancy_summary(),
        "what_ifs": scenario::what_ifs(&share.setup),
        "reading_notes": out.notes,
    });
    print_json(&doc)
}

fn devices_table() -> String {
    let mut s = format!(
        "{:<12} {:<36} {:>4} {:>5} {:>10} {:>11}  {}\n",
        "id", "name", "cc", "SMs", "clock", "bandwidth", "constants"
    );
    for d in DEVICES {
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
