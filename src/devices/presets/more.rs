//! The presets for the GPUs people profile on in clouds and labs, held by the CLI and the
//! workers only (feature `catalogue`): see `presets::more` in `mod.rs`.

use super::*;
/// The presets for the GPUs people profile on in clouds and labs (T4, A10/A10G, L4, A100
/// 80GB, P100, V100 PCIe): Mem_LD measured where gpu-benches measured the part, else the
/// nearest architecture's latency in ns at this clock, labelled an estimate.
const V100_PCIE_HK: Constants = &measured_hk(
    measured(
        437.0,
        "gpu-benches pointer chase: 437 cycles at 1380 MHz on a V100 PCIe 16GB (317 ns)",
    ),
    measured(
        814.0,
        "gpu-benches STREAM triad: 814 GB/s on a V100 PCIe 16GB",
    ),
    estimate(
        2.6,
        "assumed as the A100's 2.6 µs (gpu-benches; no Volta measurement)",
    ),
);
const P100_HK: Constants = &measured_hk(
    estimate(421.0, "assumed as the V100 PCIe's 317 ns (gpu-benches; no Pascal measurement), at this clock"),
    estimate(662.0, "the V100's measured triad efficiency (814 of 900 GB/s, gpu-benches) applied to 732 GB/s (the same HBM2 generation)"),
    estimate(2.6, "assumed as the A100's 2.6 µs (gpu-benches; no Pascal measurement)"),
);
const T4_HK: Constants = &measured_hk(
    estimate(
        504.0,
        "assumed as the V100 PCIe's 317 ns (gpu-benches; no Turing measurement), at this clock",
    ),
    estimate(
        289.0,
        "the V100's measured triad efficiency (814 of 900 GB/s, gpu-benches) applied to 320 GB/s",
    ),
    estimate(
        2.6,
        "assumed as the A100's 2.6 µs (gpu-benches; no Turing measurement)",
    ),
);
const A100_80_HK: Constants = &measured_hk(
    measured(
        572.0,
        "gpu-benches pointer chase: 572 cycles at 1410 MHz on an A100 80GB (406 ns)",
    ),
    measured(
        1759.0,
        "gpu-benches STREAM triad: 1759 GB/s on an A100 80GB",
    ),
    measured(2.6, GB_LAUNCH_AMPERE),
);
const A10_HK: Constants = &measured_hk(
    estimate(692.0, GB_LAT_A100_NS),
    estimate(563.0, "the A40's measured triad efficiency (653 of 696 GB/s, GA102, gpu-benches) applied to 600 GB/s"),
    measured(2.0, GB_LAUNCH_GA102),
);
const A10G_HK: Constants = &measured_hk(
    estimate(698.0, GB_LAT_A100_NS),
    estimate(563.0, "the A40's measured triad efficiency (653 of 696 GB/s, GA102, gpu-benches) applied to 600 GB/s"),
    measured(2.0, GB_LAUNCH_GA102),
);
const L4_HK: Constants = &measured_hk(
    estimate(518.0, GB_LAT_L40),
    estimate(
        267.0,
        "the L40's measured triad efficiency (768 of 864 GB/s, gpu-benches) applied to 300 GB/s",
    ),
    measured(1.6, GB_LAUNCH_ADA),
);

pub static MORE: &[Device] = &[
    Device {
        id: "v100-pcie",
        name: "Tesla V100 (PCIe)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((7, 0), "NVIDIA Volta whitepaper")),
        sms: vendor(80, "NVIDIA Tesla V100 datasheet"),
        cores_per_sm: vendor(64, "NVIDIA Volta whitepaper: 64 FP32 cores per SM"),
        clock_ghz: vendor(1.38, "NVIDIA Tesla V100 PCIe: boost clock 1380 MHz"),
        mem_bandwidth_gbs: vendor(900.0, "NVIDIA Tesla V100 datasheet (HBM2)"),
        constants: &[V100_PCIE_HK],
    },
    Device {
        id: "p100",
        name: "Tesla P100 (PCIe 16GB)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((6, 0), "NVIDIA Pascal GP100 whitepaper")),
        sms: vendor(56, "NVIDIA Tesla P100 datasheet: 3,584 CUDA cores = 56 SMs × 64"),
        cores_per_sm: vendor(64, "NVIDIA Pascal GP100 whitepaper: 64 FP32 cores per SM"),
        clock_ghz: vendor(1.329, "NVIDIA Tesla P100 PCIe: boost clock 1329 MHz"),
        mem_bandwidth_gbs: vendor(732.0, "NVIDIA Tesla P100 PCIe 16GB datasheet (HBM2)"),
        constants: &[P100_HK],
    },
    Device {
        id: "t4",
        name: "Tesla T4",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((7, 5), "NVIDIA CUDA GPUs list: T4 is CC 7.5")),
        sms: vendor(40, "NVIDIA Turing whitepaper: TU104 in the T4, 2,560 CUDA cores = 40 SMs × 64"),
        cores_per_sm: vendor(64, "NVIDIA Turing whitepaper: 64 FP32 cores per SM"),
        clock_ghz: vendor(1.59, "NVIDIA T4 datasheet: boost clock 1590 MHz (base 585 MHz, the clock ncu locks)"),
        mem_bandwidth_gbs: vendor(320.0, "NVIDIA T4 datasheet (GDDR6, 320 GB/s)"),
        constants: &[T4_HK],
    },
    Device {
        id: "a100-80gb",
        name: "A100 (SXM4 80GB)",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((8, 0), "NVIDIA Ampere GA100 whitepaper")),
        sms: vendor(108, "NVIDIA A100 datasheet"),
        cores_per_sm: vendor(64, "NVIDIA Ampere GA100 whitepaper: 64 FP32 cores per SM"),
        clock_ghz: vendor(1.41, "NVIDIA A100 SXM4: boost clock 1410 MHz"),
        mem_bandwidth_gbs: vendor(2039.0, "NVIDIA A100 80GB datasheet (HBM2e, SXM4)"),
        constants: &[A100_80_HK],
    },
    Device {
        id: "a10",
        name: "A10",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((8, 6), "NVIDIA CUDA GPUs list: A10 is CC 8.6")),
        sms: vendor(72, "NVIDIA A10 datasheet: 9,216 CUDA cores = 72 SMs × 128"),
        cores_per_sm: vendor(128, "NVIDIA Ampere GA102 whitepaper: 128 FP32 cores per SM"),
        clock_ghz: measured(1.695, "deviceQuery on an A10: GPU max clock 1695 MHz"),
        mem_bandwidth_gbs: vendor(600.0, "NVIDIA A10 datasheet (GDDR6, 600 GB/s)"),
        constants: &[A10_HK],
    },
    Device {
        id: "a10g",
        name: "A10G",
        kind: DeviceKind::Gpu,
        compute_capability: Some(measured((8, 6), "CUDA runtime on an A10G: major 8, minor 6")),
        sms: measured(80, "CUDA runtime on an A10G: multi_processor_count 80 (TorchCodec's CUDA decoding guide prints the device properties); NVIDIA publishes no A10G datasheet"),
        cores_per_sm: vendor(128, "NVIDIA Ampere GA102 whitepaper: 128 FP32 cores per SM"),
        clock_ghz: estimate(1.71, "boost clock 1710 MHz as TechPowerUp lists it; NVIDIA and AWS publish none"),
        mem_bandwidth_gbs: estimate(600.0, "600 GB/s GDDR6 as the A10 it derives from (AWS publishes none)"),
        constants: &[A10G_HK],
    },
    Device {
        id: "l4",
        name: "L4",
        kind: DeviceKind::Gpu,
        compute_capability: Some(vendor((8, 9), "NVIDIA CUDA GPUs list: L4 is CC 8.9")),
        sms: measured(58, "deviceQuery on an L4: 58 multiprocessors, 7,424 CUDA cores (58 × 128)"),
        cores_per_sm: vendor(128, "NVIDIA Ada Lovelace whitepaper: 128 FP32 cores per SM"),
        clock_ghz: vendor(2.04, "NVIDIA L4 datasheet: boost clock 2040 MHz"),
        mem_bandwidth_gbs: vendor(300.0, "NVIDIA L4 datasheet (GDDR6, 300 GB/s)"),
        constants: &[L4_HK],
    },
];
