//! The device records. One record per device; every value says where it comes from:
//! `paper(…)` for numbers printed in a seed paper, `vendor(…)` for datasheet values and
//! `estimate(…)` for our own (both labelled "not from the papers" in the UI).
//!
//! Hong & Kim's memory constants (Mem_LD, departure delays) were measured only for the FX5600
//! family and the GTX280 (Table 6). From Volta on, a preset carries Mem_LD from a published
//! pointer chase (in its own SM cycles) and the sustained bandwidth its departure delays are
//! read from (docs/models.md, "Device constants on newer GPUs"), each measured on the device,
//! or on its closest sibling and labelled an estimate. Fermi and Kepler keep estimates:
//! Mem_LD from pointer-chasing reports, departure delays as on the GTX280. The issue rate and
//! Luo & Suda's `m` follow from the compute capability (`Device::constant`).
//!
//! Clocks: the processor (shader) clock the papers' cycles count. For GPUs from Volta on the
//! convention is the vendor's boost clock; older records keep the clock their paper or
//! datasheet prints (each source says which).

use super::*;

const HK_T3: &str = "Hong & Kim, Table 3";
const HK_T6: &str = "Hong & Kim, Table 6";
const HK_T6_SHARED: &str =
    "Hong & Kim §5.1: \"FX5600, 8800GTX and 8800GT use the same model parameters\" (the FX5600's Table 6 values)";
const GW_T1: &str = "Guo & Wang, Table I";

/// AutoMatch's Table I row of an architecture (ARC1–ARC5), with the vector width docs/models.md
/// reads eq. 2 with (`vector_width`: SIMD doubles on CPUs, 1 on GPUs).
#[allow(clippy::too_many_arguments)]
const fn automatch(
    np: f64,
    pi0_gflops: f64,
    z_mb: f64,
    l_bytes: f64,
    beta_f_gbs: f64,
    alpha_f_us: f64,
    beta_s_gbs: f64,
    alpha_s_us: f64,
    s0_us: f64,
    vector_width: Sourced<f64>,
) -> [(&'static str, Sourced<f64>); 10] {
    [
        ("np", paper(np, AM_T1)),
        ("pi0_gflops", paper(pi0_gflops, AM_T1)),
        ("z_mb", paper(z_mb, AM_T1)),
        ("l_bytes", paper(l_bytes, AM_T1)),
        ("beta_f_gbs", paper(beta_f_gbs, AM_T1)),
        ("alpha_f_us", paper(alpha_f_us, AM_T1)),
        ("beta_s_gbs", paper(beta_s_gbs, AM_T1)),
        ("alpha_s_us", paper(alpha_s_us, AM_T1)),
        ("s0_us", paper(s0_us, AM_T1)),
        ("vector_width", vector_width),
    ]
}
const AM_AVX: Sourced<f64> = vendor(
    4.0,
    "Intel: AVX registers are 256 bits, 4 doubles (the vector width eq. 2 is read with)",
);
const AM_SIMT: Sourced<f64> = estimate(
    1.0,
    "our reading of AutoMatch, not a printed value: GPU threads are SIMT lanes, with no SIMD vectors to fill (vector width 1)",
);
const ARC1: Constants = &automatch(
    4.0, 20.0, 6.0, 64.0, 285.0, 0.004, 18.88, 0.065, 0.2, AM_AVX,
);
const ARC2: Constants = &automatch(
    4.0, 33.0, 6.0, 64.0, 349.0, 0.004, 11.5, 0.052, 0.44, AM_AVX,
);
const ARC3: Constants = &automatch(
    448.0, 0.9, 1.6, 128.0, 2117.0, 0.028, 87.92, 0.71, 7.22, AM_SIMT,
);
const ARC4: Constants = &automatch(
    2496.0, 0.41, 2.3, 128.0, 2018.0, 0.045, 129.73, 0.68, 6.5, AM_SIMT,
);
const ARC5: Constants = &automatch(
    2688.0, 0.42, 2.3, 128.0, 2424.0, 0.045, 160.1, 0.68, 6.5, AM_SIMT,
);
const GW_MEM: &str = "Guo & Wang §5.1: global memory 3, 5, 5 and 1 GB";

/// Guo & Wang's benchmark plan sizes its matrices to the global memory (GB, §5.1).
const fn gw_mem(gb: f64) -> [(&'static str, Sourced<f64>); 1] {
    [("global_mem_gb", paper(gb, GW_MEM))]
}
const DE_T4: &str = "Dümmler & Egerland, Table 4";
const AM_T1: &str = "AutoMatch, Table I";

const UNCOAL_32_EST: &str =
    "worst case: a fully scattered warp of 4-byte loads makes 32 transactions (kernel-dependent from CC 1.2 on, Hong & Kim §3.4.5)";
const DEP_UNCOAL_EST: &str = "assumed equal to the GTX280's 40 cycles (Table 6)";
const DEP_COAL_EST: &str = "assumed equal to the 4 cycles of Table 6";

/// Hong & Kim's Table 6 constants of the FX5600 (which the 8800GTX and 8800GT share).
const fn tesla_hk(src: &'static str) -> [(&'static str, Sourced<f64>); 4] {
    [
        ("mem_ld", paper(420.0, src)),
        ("departure_del_uncoal", paper(10.0, src)),
        ("departure_del_coal", paper(4.0, src)),
        ("uncoal_per_mw", paper(32.0, HK_T3)),
    ]
}
const FX5600_HK: Constants = &tesla_hk(HK_T6);
const FX5600_SHARED_HK: Constants = &tesla_hk(HK_T6_SHARED);

/// Hong & Kim constants for a GPU the paper did not measure.
const fn estimated_hk(mem_ld: f64, why: &'static str) -> [(&'static str, Sourced<f64>); 4] {
    [
        ("mem_ld", estimate(mem_ld, why)),
        ("departure_del_uncoal", estimate(40.0, DEP_UNCOAL_EST)),
        ("departure_del_coal", estimate(4.0, DEP_COAL_EST)),
        ("uncoal_per_mw", estimate(32.0, UNCOAL_32_EST)),
    ]
}

const GT200_EST: &str = "assumed equal to the GTX280 (same GT200 generation, Table 6)";
const GT200_HK: Constants = &[
    ("mem_ld", estimate(450.0, GT200_EST)),
    ("departure_del_uncoal", estimate(40.0, GT200_EST)),
    ("departure_del_coal", estimate(4.0, GT200_EST)),
    ("uncoal_per_mw", estimate(32.0, UNCOAL_32_EST)),
];

const FERMI_HK: Constants = &estimated_hk(
    400.0,
    "≈400 SM cycles global-memory latency on Fermi (Mei & Chu, IEEE TPDS 2017, pointer chasing)",
);
const KEPLER_HK: Constants = &estimated_hk(
    300.0,
    "≈300 SM cycles global-memory latency on Kepler (Mei & Chu, IEEE TPDS 2017, pointer chasing)",
);
/// Hong & Kim's constants for a GPU measured by others: Mem_LD (pointer-chase DRAM latency in
/// this preset's SM cycles) and the sustained bandwidth the departure delays are read from
/// (docs/models.md, "Device constants"); a launch's typical cost beside the model's time.
const fn measured_hk(
    mem_ld: Sourced<f64>,
    stream_bandwidth_gbs: Sourced<f64>,
    launch_overhead_us: Sourced<f64>,
) -> [(&'static str, Sourced<f64>); 4] {
    [
        ("mem_ld", mem_ld),
        ("stream_bandwidth_gbs", stream_bandwidth_gbs),
        ("uncoal_per_mw", estimate(32.0, UNCOAL_32_EST)),
        ("launch_overhead_us", launch_overhead_us),
    ]
}

/// gpu-benches (D. Ernst, NHR@FAU; github.com/te42kyfo/gpu-benches): gpu-latency is a
/// one-warp pointer chase over up to 1.5 GB, gpu-stream runs STREAM kernels on 2^27 doubles,
/// gpu-small-kernels times 10,000 back-to-back launches of a 64 kB kernel.
const GB_LAT_V100: &str =
    "gpu-benches pointer chase: 437 cycles at 1380 MHz on a V100 PCIe (317 ns), 485 at this clock";
const GB_LAT_A100: &str =
    "gpu-benches pointer chase: 575 cycles at 1410 MHz on an A100 SXM4 40GB (408 ns)";
const GB_LAT_H100: &str =
    "375 ns as gpu-benches measured on the H100 PCIe (658 cycles at 1755 MHz), at this clock";
const GB_LAT_L40: &str =
    "254 ns as gpu-benches measured on the L40 (AD102; 632 cycles at 2490 MHz), at this clock";
const GB_LAT_A100_NS: &str =
    "408 ns as gpu-benches measured on the A100 (Ampere; no GA102 measurement), at this clock";
const GB_LAUNCH_HOPPER: &str =
    "gpu-benches: back-to-back launches of a 64 kB kernel take 2.4 µs each on an H200 (Hopper)";
const GB_LAUNCH_AMPERE: &str =
    "gpu-benches: back-to-back launches of a 64 kB kernel take 2.6 µs each on an A100 (Ampere)";
const GB_LAUNCH_GA102: &str =
    "gpu-benches: back-to-back launches of a 64 kB kernel take 2.0 µs each on an A40 (GA102)";
const GB_LAUNCH_ADA: &str =
    "gpu-benches: back-to-back launches of a 64 kB kernel take 1.6 µs each on an L40 (Ada)";

const V100_HK: Constants = &measured_hk(
    measured(485.0, GB_LAT_V100),
    measured(
        814.0,
        "gpu-benches STREAM triad: 814 GB/s on a V100 PCIe 16GB (the same 900 GB/s HBM2)",
    ),
    estimate(
        2.6,
        "assumed as the A100's 2.6 µs (gpu-benches; no Volta measurement)",
    ),
);
const A100_HK: Constants = &measured_hk(
    measured(575.0, GB_LAT_A100),
    measured(
        1360.0,
        "gpu-benches STREAM triad: 1360 GB/s on an A100 SXM4 40GB",
    ),
    measured(2.6, GB_LAUNCH_AMPERE),
);
const H100_HK: Constants = &measured_hk(
    estimate(743.0, GB_LAT_H100),
    estimate(3010.0, "the H100 PCIe's measured triad efficiency (1832 of 2039 GB/s, gpu-benches) applied to 3350 GB/s"),
    measured(2.4, GB_LAUNCH_HOPPER),
);
const H100_PCIE_HK: Constants = &measured_hk(
    measured(
        658.0,
        "gpu-benches pointer chase: 658 cycles at 1755 MHz on the H100 PCIe (375 ns)",
    ),
    measured(
        1832.0,
        "gpu-benches STREAM triad: 1832 GB/s on the H100 PCIe",
    ),
    measured(2.4, GB_LAUNCH_HOPPER),
);
const H200_HK: Constants = &measured_hk(
    estimate(743.0, GB_LAT_H100),
    measured(3534.0, "gpu-benches STREAM triad: 3534 GB/s on an H200"),
    measured(2.4, GB_LAUNCH_HOPPER),
);
const RTX4090_HK: Constants = &measured_hk(
    estimate(640.0, GB_LAT_L40),
    estimate(
        896.0,
        "the L40's measured triad efficiency (768 of 864 GB/s, gpu-benches) applied to 1008 GB/s",
    ),
    measured(1.6, GB_LAUNCH_ADA),
);
const L40S_HK: Constants = &measured_hk(
    estimate(640.0, GB_LAT_L40),
    measured(
        768.0,
        "gpu-benches STREAM triad: 768 GB/s on an L40 (the same AD102 and 864 GB/s GDDR6)",
    ),
    measured(1.6, GB_LAUNCH_ADA),
);
const RTX3090_HK: Constants = &measured_hk(
    estimate(691.0, GB_LAT_A100_NS),
    estimate(878.0, "the A40's measured triad efficiency (653 of 696 GB/s, GA102, gpu-benches) applied to 936 GB/s"),
    measured(2.0, GB_LAUNCH_GA102),
);
const B200_HK: Constants = &measured_hk(
    estimate(743.0, "assumed as the H100's 375 ns (no Blackwell measurement), at this clock"),
    estimate(5890.0, "the H200's measured HBM3e triad efficiency (3534 of 4800 GB/s, gpu-benches) applied to 8000 GB/s"),
    estimate(2.4, "assumed as Hopper's 2.4 µs (gpu-benches; no Blackwell measurement)"),
);
const RTX5090_HK: Constants = &measured_hk(
    estimate(
        611.0,
        "assumed as the L40's 254 ns (gpu-benches; no Blackwell measurement), at this clock",
    ),
    estimate(
        1593.0,
        "the L40's measured triad efficiency (768 of 864 GB/s, gpu-benches) applied to 1792 GB/s",
    ),
    estimate(
        1.6,
        "assumed as Ada's 1.6 µs (gpu-benches; no Blackwell measurement)",
    ),
);

/// Luo & Suda's Table 1: PTX instruction costs measured on the GTX 260 (GPU clocks), keyed
/// `ptx_<op>_<column>`; the PTX analyzer prices instructions with them.
const LS_T1: &str = "Luo & Suda, Table 1";
const GTX260_PTX_COSTS: Constants = &[
    ("ptx_add_int_const", paper(22.0, LS_T1)),
    ("ptx_add_int_reg", paper(65.0, LS_T1)),
    ("ptx_add_float_const", paper(22.0, LS_T1)),
    ("ptx_add_float_reg", paper(65.0, LS_T1)),
    ("ptx_sub_int_const", paper(22.0, LS_T1)),
    ("ptx_sub_int_reg", paper(65.0, LS_T1)),
    ("ptx_sub_float_const", paper(22.0, LS_T1)),
    ("ptx_sub_float_reg", paper(65.0, LS_T1)),
    ("ptx_mul_int_const", paper(44.0, LS_T1)),
    ("ptx_mul_int_reg", paper(136.0, LS_T1)),
    ("ptx_mul_float_const", paper(22.0, LS_T1)),
    ("ptx_mul_float_reg", paper(65.0, LS_T1)),
    ("ptx_div_int_const", paper(728.0, LS_T1)),
    ("ptx_div_int_reg", paper(753.0, LS_T1)),
    ("ptx_div_float_const", paper(748.0, LS_T1)),
    ("ptx_div_float_reg", paper(783.0, LS_T1)),
    ("ptx_neg_int_const", paper(22.0, LS_T1)),
    ("ptx_neg_int_reg", paper(22.0, LS_T1)),
    ("ptx_neg_float_const", paper(17.0, LS_T1)),
    ("ptx_neg_float_reg", paper(17.0, LS_T1)),
    ("ptx_min_int_const", paper(62.0, LS_T1)),
    ("ptx_min_int_reg", paper(62.0, LS_T1)),
    ("ptx_min_float_const", paper(62.0, LS_T1)),
    ("ptx_min_float_reg", paper(62.0, LS_T1)),
    ("ptx_max_int_const", paper(62.0, LS_T1)),
    ("ptx_max_int_reg", paper(62.0, LS_T1)),
    ("ptx_max_float_const", paper(62.0, LS_T1)),
    ("ptx_max_float_reg", paper(62.0, LS_T1)),
    ("ptx_and_int_const", paper(64.0, LS_T1)),
    ("ptx_and_int_reg", paper(64.0, LS_T1)),
    ("ptx_and_float_const", paper(64.0, LS_T1)),
    ("ptx_and_float_reg", paper(64.0, LS_T1)),
    ("ptx_or_int_const", paper(62.0, LS_T1)),
    ("ptx_or_int_reg", paper(62.0, LS_T1)),
    ("ptx_or_float_const", paper(62.0, LS_T1)),
    ("ptx_or_float_reg", paper(62.0, LS_T1)),
    ("ptx_xor_int_const", paper(62.0, LS_T1)),
    ("ptx_xor_int_reg", paper(62.0, LS_T1)),
    ("ptx_xor_float_const", paper(62.0, LS_T1)),
    ("ptx_xor_float_reg", paper(62.0, LS_T1)),
    ("ptx_not_int_const", paper(22.0, LS_T1)),
    ("ptx_not_int_reg", paper(22.0, LS_T1)),
    ("ptx_not_float_const", paper(22.0, LS_T1)),
    ("ptx_not_float_reg", paper(22.0, LS_T1)),
    ("ptx_ld_st", paper(200.0, LS_T1)),
];

/// Luo & Suda's GTX260 constants: §3.4's empirical parameters, §4.2's 32 warps per SM and
/// Table 1's ld/st latency.
const GTX260_LUO_SUDA: Constants = &[
    ("a", paper(3.0, "Luo & Suda §3.4: a = 3 on the GTX260")),
    ("b", paper(11.0, "Luo & Suda §3.4: b = 11 on the GTX260")),
    ("c", paper(0.5, "Luo & Suda §3.4: c = 0.5 on the GTX260")),
    ("d", paper(80.0, "Luo & Suda §3.4: d = 80 on the GTX260")),
    ("m", paper(32.0, "Luo & Suda §4.2: 32 warps per SM at most")),
    (
        "t_mem",
        paper(200.0, "Luo & Suda, Table 1: ld/st 200 clocks"),
    ),
];

/// Dümmler & Egerland's Table 4 constants (the paper's own WarpGranularity and
/// CoalescableMemAccesses, not occupancy's warp allocation granularity).
const C2075_APSP: Constants = &[
    ("warp_granularity", paper(2.0, DE_T4)),
    ("coalescable_mem_accesses", paper(4.0, DE_T4)),
    ("threads_per_warp", paper(32.0, DE_T4)),
    // §5 calibrates at n0 = 500 from a measured time it does not print (Figs. 5–7 plot it).
    (
        "t_meas_500_ms",
        estimate(40.0, "Illustrative, not from the paper: §5 calibrates at n0 = 500 with a measured time it does not print; about 9 Min-plus launches of 500³ steps at some 30 G steps/s. Type your own measurement"),
    ),
];
const GTX780_APSP: Constants = &[
    ("warp_granularity", paper(4.0, DE_T4)),
    ("coalescable_mem_accesses", paper(4.0, DE_T4)),
    ("threads_per_warp", paper(32.0, DE_T4)),
];

pub static DEVICES: &[Device] = &[
    Device {
        id: "hk-example",
        name: "Hong & Kim example machine (§3.6)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(estimate(
            (1, 0),
            "not printed in the paper: assumed 1.0, the Tesla generation of §2 whose 8 blocks per SM §3.6 uses",
        )),
        sms: paper(16, "Hong & Kim §3.6: 16 SM processors"),
        cores_per_sm: paper(8, "Hong & Kim §2.2: eight SP cores per SM"),
        clock_ghz: paper(1.0, "Hong & Kim §3.6: 1 GHz"),
        mem_bandwidth_gbs: paper(80.0, "Hong & Kim §3.6: 80 GB/s"),
        constants: &[&[
            ("mem_ld", paper(420.0, "Hong & Kim, Table 2")),
            ("departure_del_uncoal", paper(10.0, "Hong & Kim, Table 2")),
            ("departure_del_coal", paper(4.0, HK_T6)),
            ("uncoal_per_mw", paper(32.0, "Hong & Kim, Table 2")),
        ]],
    },
    Device {
        id: "8800gtx",
        name: "GeForce 8800 GTX",
        kind: DeviceKind::Gpu,
        compute_capability: Some(paper((1, 0), HK_T3)),
        sms: paper(16, HK_T3),
        cores_per_sm: paper(8, "Hong & Kim, Table 3: 128 cores / 16 SMs"),
        clock_ghz: paper(1.35, HK_T3),
        mem_bandwidth_gbs: paper(86.4, HK_T3),
        constants: &[FX5600_SHARED_HK],
    },
    Device {
        id: "fx5600",
        name: "Quadro FX 5600",
        kind: DeviceKind::Gpu,
        compute_capability: Some(paper((1, 0), HK_T3)),
        sms: paper(16, HK_T3),
        cores_per_sm: paper(8, "Hong & Kim, Table 3: 128 cores / 16 SMs"),
        clock_ghz: paper(1.35, HK_T3),
        mem_bandwidth_gbs: paper(76.8, HK_T3),
        constants: &[FX5600_HK],
    },
    Device {
        id: "8800gt",
        name: "GeForce 8800 GT",
        kind: DeviceKind::Gpu,
        compute_capability: Some(paper((1, 1), HK_T3)),
        sms: paper(14, HK_T3),
        cores_per_sm: paper(8, "Hong & Kim, Table 3: 112 cores / 14 SMs"),
        clock_ghz: paper(1.5, HK_T3),
        mem_bandwidth_gbs: paper(57.6, HK_T3),
        constants: &[FX5600_SHARED_HK],
    },
    Device {
        id: "gtx260",
        name: "GeForce GTX 260",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((1, 3), "NVIDIA CUDA Programming Guide, GT200")),
        sms: paper(24, "Luo & Suda, Table 2"),
        cores_per_sm: paper(8, "Luo & Suda, Table 2: 192 SPs / 24 SMs"),
        clock_ghz: paper(1.242, "Luo & Suda, Table 2: processor clock 1242 MHz"),
        mem_bandwidth_gbs: paper(111.9, "Luo & Suda, Table 2"),
        constants: &[GT200_HK, GTX260_LUO_SUDA, GTX260_PTX_COSTS],
    },
    Device {
        id: "gtx280",
        name: "GeForce GTX 280",
        kind: DeviceKind::Gpu,
        compute_capability: Some(paper((1, 3), HK_T3)),
        sms: paper(30, HK_T3),
        cores_per_sm: paper(8, "Hong & Kim, Table 3: 240 cores / 30 SMs"),
        clock_ghz: paper(1.3, HK_T3),
        mem_bandwidth_gbs: paper(141.7, HK_T3),
        constants: &[&[
            ("mem_ld", paper(450.0, HK_T6)),
            ("departure_del_uncoal", paper(40.0, HK_T6)),
            ("departure_del_coal", paper(4.0, HK_T6)),
            ("uncoal_per_mw", estimate(32.0, UNCOAL_32_EST)),
        ]],
    },
    Device {
        id: "gtx295",
        name: "GeForce GTX 295 (one GPU)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(paper((1, 3), GW_T1)),
        sms: paper(30, GW_T1),
        cores_per_sm: vendor(8, "NVIDIA GTX 295 specifications: 240 cores per GPU"),
        clock_ghz: vendor(
            1.242,
            "NVIDIA GTX 295 specifications: processor clock 1242 MHz",
        ),
        mem_bandwidth_gbs: vendor(
            111.9,
            "NVIDIA GTX 295 specifications: 223.8 GB/s for two GPUs",
        ),
        constants: &[GT200_HK, &gw_mem(1.0)],
    },
    Device {
        id: "c2050",
        name: "Tesla C2050",
        kind: DeviceKind::Gpu,
        compute_capability: Some(paper((2, 0), GW_T1)),
        sms: paper(14, GW_T1),
        cores_per_sm: vendor(32, "NVIDIA Tesla C2050 datasheet: 448 CUDA cores"),
        clock_ghz: vendor(
            1.15,
            "NVIDIA Tesla C2050 datasheet: 1.15 GHz processor clock",
        ),
        mem_bandwidth_gbs: vendor(144.0, "NVIDIA Tesla C2050 datasheet (ECC off)"),
        constants: &[FERMI_HK, &gw_mem(3.0)],
    },
    Device {
        id: "c2075",
        name: "Tesla C2075",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((2, 0), "NVIDIA Tesla C2075 datasheet (Fermi)")),
        sms: paper(14, DE_T4),
        cores_per_sm: paper(32, DE_T4),
        clock_ghz: paper(1.15, AM_T1),
        mem_bandwidth_gbs: vendor(144.0, "NVIDIA Tesla C2075 datasheet (ECC off)"),
        constants: &[FERMI_HK, C2075_APSP, ARC3],
    },
    Device {
        id: "m2090",
        name: "Tesla M2090",
        kind: DeviceKind::Gpu,
        compute_capability: Some(paper((2, 0), GW_T1)),
        sms: paper(16, GW_T1),
        cores_per_sm: vendor(32, "NVIDIA Tesla M2090 datasheet: 512 CUDA cores"),
        clock_ghz: vendor(1.3, "NVIDIA Tesla M2090 datasheet: 1.3 GHz processor clock"),
        mem_bandwidth_gbs: vendor(177.0, "NVIDIA Tesla M2090 datasheet (ECC off)"),
        constants: &[FERMI_HK, &gw_mem(5.0)],
    },
    Device {
        id: "gtx780",
        name: "GeForce GTX 780",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((3, 5), "NVIDIA CUDA GPUs list: GTX 780 is CC 3.5")),
        sms: paper(12, DE_T4),
        cores_per_sm: paper(192, DE_T4),
        clock_ghz: vendor(0.863, "NVIDIA GTX 780 specifications: base clock 863 MHz"),
        mem_bandwidth_gbs: vendor(288.4, "NVIDIA GTX 780 specifications"),
        constants: &[KEPLER_HK, GTX780_APSP],
    },
    Device {
        id: "k20m",
        name: "Tesla K20m",
        kind: DeviceKind::Gpu,
        compute_capability: Some(paper((3, 5), GW_T1)),
        sms: paper(13, GW_T1),
        cores_per_sm: vendor(192, "NVIDIA Tesla K20 datasheet: 2496 CUDA cores"),
        clock_ghz: vendor(0.706, "NVIDIA Tesla K20 datasheet: 706 MHz"),
        mem_bandwidth_gbs: vendor(208.0, "NVIDIA Tesla K20 datasheet"),
        constants: &[KEPLER_HK, &gw_mem(5.0)],
    },
    Device {
        id: "k20c",
        name: "Tesla K20c",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((3, 5), "NVIDIA Tesla K20 datasheet (GK110)")),
        sms: paper(13, "AutoMatch, Table I: np 2496 = 13 SMs × 192 cores"),
        cores_per_sm: vendor(192, "NVIDIA Kepler GK110 whitepaper: 192 cores per SMX"),
        clock_ghz: paper(
            0.732,
            "AutoMatch, Table I: 0.732 GHz (NVIDIA specifies 0.706 GHz for the K20c; the paper's value is kept)",
        ),
        mem_bandwidth_gbs: vendor(208.0, "NVIDIA Tesla K20 datasheet"),
        constants: &[KEPLER_HK, ARC4],
    },
    Device {
        id: "k20x",
        name: "Tesla K20X",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((3, 5), "NVIDIA Tesla K20X datasheet (GK110)")),
        sms: paper(14, "AutoMatch, Table I: np 2688 = 14 SMs × 192 cores"),
        cores_per_sm: vendor(192, "NVIDIA Kepler GK110 whitepaper: 192 cores per SMX"),
        clock_ghz: paper(0.732, AM_T1),
        mem_bandwidth_gbs: vendor(250.0, "NVIDIA Tesla K20X datasheet"),
        constants: &[KEPLER_HK, ARC5],
    },
    Device {
        id: "v100",
        name: "Tesla V100 (SXM2)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((7, 0), "NVIDIA Volta whitepaper")),
        sms: vendor(80, "NVIDIA Tesla V100 datasheet"),
        cores_per_sm: vendor(64, "NVIDIA Volta whitepaper: 64 FP32 cores per SM"),
        clock_ghz: vendor(1.53, "NVIDIA Tesla V100 SXM2: boost clock 1530 MHz"),
        mem_bandwidth_gbs: vendor(900.0, "NVIDIA Tesla V100 datasheet (HBM2)"),
        constants: &[V100_HK],
    },
    Device {
        id: "a100",
        name: "A100 (SXM4 40GB)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((8, 0), "NVIDIA Ampere GA100 whitepaper")),
        sms: vendor(108, "NVIDIA A100 datasheet"),
        cores_per_sm: vendor(64, "NVIDIA Ampere GA100 whitepaper: 64 FP32 cores per SM"),
        clock_ghz: vendor(1.41, "NVIDIA A100 SXM4: boost clock 1410 MHz"),
        mem_bandwidth_gbs: vendor(1555.0, "NVIDIA A100 40GB datasheet (HBM2)"),
        constants: &[A100_HK],
    },
    Device {
        id: "h100",
        name: "H100 (SXM5)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((9, 0), "NVIDIA Hopper H100 whitepaper")),
        sms: vendor(132, "NVIDIA H100 SXM5 datasheet"),
        cores_per_sm: vendor(128, "NVIDIA Hopper whitepaper: 128 FP32 cores per SM"),
        clock_ghz: vendor(1.98, "NVIDIA H100 SXM5: boost clock 1980 MHz"),
        mem_bandwidth_gbs: vendor(3350.0, "NVIDIA H100 SXM5 datasheet (HBM3)"),
        constants: &[H100_HK],
    },
    Device {
        id: "h100-pcie",
        name: "H100 (PCIe)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((9, 0), "NVIDIA Hopper H100 whitepaper")),
        sms: vendor(114, "NVIDIA Hopper whitepaper: 114 SMs on the H100 PCIe"),
        cores_per_sm: vendor(128, "NVIDIA Hopper whitepaper: 128 FP32 cores per SM"),
        clock_ghz: vendor(1.755, "NVIDIA Hopper whitepaper: H100 PCIe boost clock 1755 MHz"),
        mem_bandwidth_gbs: vendor(2039.0, "NVIDIA Hopper whitepaper: H100 PCIe HBM2e, 2039 GB/s"),
        constants: &[H100_PCIE_HK],
    },
    Device {
        id: "rtx4090",
        name: "GeForce RTX 4090",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((8, 9), "NVIDIA Ada Lovelace whitepaper")),
        sms: vendor(128, "NVIDIA Ada Lovelace whitepaper: AD102 in RTX 4090"),
        cores_per_sm: vendor(128, "NVIDIA Ada Lovelace whitepaper: 128 FP32 cores per SM"),
        clock_ghz: vendor(2.52, "NVIDIA RTX 4090 specifications: boost clock 2520 MHz"),
        mem_bandwidth_gbs: vendor(1008.0, "NVIDIA RTX 4090 specifications (GDDR6X)"),
        constants: &[RTX4090_HK],
    },
    Device {
        id: "rtx3090",
        name: "GeForce RTX 3090",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((8, 6), "NVIDIA CUDA GPUs list: RTX 3090 is CC 8.6")),
        sms: vendor(82, "NVIDIA Ampere GA102 whitepaper: 82 SMs in RTX 3090"),
        cores_per_sm: vendor(128, "NVIDIA Ampere GA102 whitepaper: 128 FP32 cores per SM"),
        clock_ghz: vendor(1.695, "NVIDIA RTX 3090 specifications: boost clock 1695 MHz"),
        mem_bandwidth_gbs: vendor(936.0, "NVIDIA RTX 3090 specifications (GDDR6X)"),
        constants: &[RTX3090_HK],
    },
    Device {
        id: "l40s",
        name: "L40S",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((8, 9), "NVIDIA CUDA GPUs list: L40S is CC 8.9")),
        sms: vendor(142, "NVIDIA L40S datasheet: 18,176 CUDA cores = 142 SMs × 128"),
        cores_per_sm: vendor(128, "NVIDIA Ada Lovelace whitepaper: 128 FP32 cores per SM"),
        clock_ghz: vendor(2.52, "NVIDIA L40S datasheet: boost clock 2520 MHz"),
        mem_bandwidth_gbs: vendor(864.0, "NVIDIA L40S datasheet (GDDR6)"),
        constants: &[L40S_HK],
    },
    Device {
        id: "h200",
        name: "H200 (SXM)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((9, 0), "NVIDIA Hopper H200 (GH100)")),
        sms: vendor(132, "NVIDIA H200: the H100 SXM5's GH100 configuration, 132 SMs"),
        cores_per_sm: vendor(128, "NVIDIA Hopper whitepaper: 128 FP32 cores per SM"),
        clock_ghz: vendor(1.98, "NVIDIA H200 SXM: boost clock 1980 MHz, as the H100 SXM5"),
        mem_bandwidth_gbs: vendor(4800.0, "NVIDIA H200 datasheet (HBM3e, 4.8 TB/s)"),
        constants: &[H200_HK],
    },
    Device {
        id: "b200",
        name: "B200",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((10, 0), "NVIDIA CUDA GPUs list: B200 is CC 10.0")),
        sms: vendor(148, "NVIDIA Blackwell B200: 148 SMs (two dies)"),
        cores_per_sm: vendor(128, "NVIDIA Blackwell: 128 FP32 cores per SM"),
        clock_ghz: estimate(
            1.98,
            "boost clock 1980 MHz as third-party spec databases list it; NVIDIA publishes none for the B200",
        ),
        mem_bandwidth_gbs: vendor(8000.0, "NVIDIA HGX B200 datasheet (HBM3e, 8 TB/s per GPU)"),
        constants: &[B200_HK],
    },
    Device {
        id: "rtx5090",
        name: "GeForce RTX 5090",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((12, 0), "NVIDIA CUDA GPUs list: RTX 5090 is CC 12.0")),
        sms: vendor(170, "NVIDIA RTX 5090 specifications: 21,760 CUDA cores = 170 SMs × 128"),
        cores_per_sm: vendor(128, "NVIDIA Blackwell: 128 FP32 cores per SM"),
        clock_ghz: vendor(2.407, "NVIDIA RTX 5090 specifications: boost clock 2407 MHz"),
        mem_bandwidth_gbs: vendor(1792.0, "NVIDIA RTX 5090 specifications (GDDR7, 1792 GB/s)"),
        constants: &[RTX5090_HK],
    },
    Device {
        id: "i5-2400",
        name: "Intel Core i5-2400",
        kind: DeviceKind::Cpu,
        compute_capability: None,
        sms: paper(4, "AutoMatch, Table I: np"),
        cores_per_sm: vendor(4, "Intel Sandy Bridge: AVX, 4 doubles per vector"),
        clock_ghz: paper(3.1, AM_T1),
        mem_bandwidth_gbs: vendor(21.0, "Intel ARK: i5-2400 max memory bandwidth 21 GB/s"),
        constants: &[ARC1],
    },
    Device {
        id: "i7-4700",
        name: "Intel Core i7-4700MQ",
        kind: DeviceKind::Cpu,
        compute_capability: None,
        sms: paper(
            4,
            "AutoMatch, Table I: np (the paper's i7-4700; MQ assumed)",
        ),
        cores_per_sm: vendor(4, "Intel Haswell: AVX2, 4 doubles per vector"),
        clock_ghz: paper(2.4, AM_T1),
        mem_bandwidth_gbs: vendor(25.6, "Intel ARK: i7-4700MQ max memory bandwidth 25.6 GB/s"),
        constants: &[ARC2],
    },
];

/// The presets for the GPUs people profile on in clouds and labs (V100 PCIe, P100, T4, A100
/// 80GB, A10, A10G, L4), held by the CLI and the workers (feature `catalogue`), not by the
/// page's bundle: the page finds them by name through the worker, as catalogue GPUs
/// (docs/devices.md). `super::presets()` lists both.
#[cfg(feature = "catalogue")]
pub mod more;
