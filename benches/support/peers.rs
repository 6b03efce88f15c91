//! The peers a benchmark's figure is printed beside (issue 48): `scripts/peers.py` timed on
//! the same generated file, in the same run, where `scripts/bench-peers.sh` installed them
//! into `.tools/python`.

use std::path::Path;
use std::process::Command;

/// Writes `bytes` to `target/bench-files/{name}`, times each installed peer of `kind` on it
/// (`matrix`, `nvprof` or `ncu`), and prints each peer's seconds beside `ours_s`, warpsight's
/// native best on the same bytes, as the ratio of speeds (above 1: warpsight is faster).
pub fn beside(kind: &str, name: &str, bytes: &[u8], ours_s: f64) -> Vec<(String, f64)> {
    let python = Path::new(".tools/python");
    if !python.exists() {
        println!("  peers: not installed (bash scripts/bench-peers.sh installs and runs them)");
        return Vec::new();
    }
    let dir = Path::new("target/bench-files");
    std::fs::create_dir_all(dir).expect("target/bench-files");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("the generated file");
    let out = Command::new("python3")
        .arg("scripts/peers.py")
        .arg(kind)
        .arg(&path)
        .env("PYTHONPATH", python)
        .output();
    let _ = std::fs::remove_file(&path);
    let Ok(out) = out else {
        println!("  peers: python3 not found");
        return Vec::new();
    };
    if !out.status.success() {
        println!(
            "  peers failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
        return Vec::new();
    }
    let mut peers = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some((secs, peer)) = line.split_once('\t') else {
            continue;
        };
        let Ok(secs) = secs.parse::<f64>() else {
            continue;
        };
        println!(
            "  peer {peer}: {secs:.3} s; warpsight natively {ours_s:.3} s: {:.2} × the peer's speed (goal: at least 1)",
            secs / ours_s
        );
        peers.push((peer.to_string(), secs));
    }
    peers
}
