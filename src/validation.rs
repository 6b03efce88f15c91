//! Published measurements of simple kernels on the presets, and what each GPU model predicts
//! for them: the table docs/validation.md prints. A test recomputes the table and compares it
//! with the file, so the file cannot go stale (`WARPSIGHT_WRITE_VALIDATION=1 cargo test
//! --test validation` rewrites it).
//!
//! Each kernel is described once, as its sizes and per-thread instruction counts; the models'
//! inputs follow from that and the device (docs/models.md, "Validation").

use std::fmt::Write;

use crate::devices::{self, Device};
use crate::format;
use crate::link;
use crate::model::ptx::{report, CostTable};
use crate::registry;

/// A kernel as the validation describes it to the models.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kernel {
    /// One thread per element: `reads` arrays read and `writes` written once, each element
    /// `bytes` wide, with `comp_insts` other instructions per thread (counted in nvcc's PTX).
    Stream {
        elements: f64,
        reads: u32,
        writes: u32,
        bytes: u32,
        comp_insts: f64,
    },
    /// A tiled SGEMM, C = A·B of n × n floats, as cuBLAS-class kernels tile it (cuBLAS's own
    /// code is closed; the counts are [`SGEMM_TILE`]'s, by hand): 256-thread blocks each own a
    /// 128 × 128 tile of C, every thread 8 × 8 results in registers; per step of 8 along K a
    /// block stages 128 × 8 of A and 8 × 128 of B in shared memory (8 floats per thread, two
    /// 16-byte loads), and each thread does 512 FMAs from 128 shared-memory loads. Each
    /// element of A and B is read from DRAM n/128 times, not n: the reuse the cache-less
    /// models must be told about through the counts.
    Sgemm { n: f64 },
}

/// The SGEMM's per-thread counts for one step of 8 along K: (computation instructions,
/// 128-byte memory warps, barriers). 512 FMAs, 128 shared loads, 8 shared stores and 4 of
/// loop and address arithmetic; 8 floats per thread are 8 memory warps per warp; two
/// barriers (before and after the tile is used).
pub const SGEMM_TILE: (f64, f64, f64) = (512.0 + 128.0 + 8.0 + 4.0, 8.0, 2.0);

/// gpu-stream's arrays: 2^27 + 2 doubles (github.com/te42kyfo/gpu-benches, gpu-stream/main.cu).
const N: f64 = 134_217_730.0;

/// gpu-stream's kernels: one thread per double, `reads` and `writes` streams, and the other
/// instructions per thread (index, bounds and guard checks, address arithmetic, the
/// arithmetic) as nvcc compiles them, about.
const fn stream(reads: u32, writes: u32, comp_insts: f64) -> Kernel {
    Kernel::Stream {
        elements: N,
        reads,
        writes,
        bytes: 8,
        comp_insts,
    }
}

/// One published measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    /// The kernel and its size, as the table names it.
    pub kernel: &'static str,
    pub shape: Kernel,
    /// A preset id.
    pub device: &'static str,
    pub measured_s: f64,
    /// Where the measurement is published, and how the time follows from what it prints.
    pub source: &'static str,
}

/// The published measurements, grouped by device: the time each kernel takes follows from the
/// bandwidth the benchmark prints (bytes moved ÷ bandwidth).
pub const MEASUREMENTS: &[Measurement] = &[
    Measurement {
        kernel: "STREAM init a[i] = c, 2^27 + 2 doubles",
        shape: stream(0, 1, 14.0),
        device: "v100",
        measured_s: 1.0 * N * 8.0 / (895.0 * 1e9),
        source: "gpu-benches gpu-stream on a V100 PCIe 16GB (the preset is the SXM2 V100: the same 900 GB/s HBM2, a higher clock): 895 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM read s = a[i], 2^27 + 2 doubles",
        shape: stream(1, 0, 16.0),
        device: "v100",
        measured_s: 1.0 * N * 8.0 / (866.0 * 1e9),
        source: "gpu-benches gpu-stream on a V100 PCIe 16GB (the preset is the SXM2 V100: the same 900 GB/s HBM2, a higher clock): 866 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM scale a[i] = b[i]·c, 2^27 + 2 doubles",
        shape: stream(1, 1, 17.0),
        device: "v100",
        measured_s: 2.0 * N * 8.0 / (802.0 * 1e9),
        source: "gpu-benches gpu-stream on a V100 PCIe 16GB (the preset is the SXM2 V100: the same 900 GB/s HBM2, a higher clock): 802 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM triad a[i] = b[i]·c + d[i], 2^27 + 2 doubles",
        shape: stream(2, 1, 20.0),
        device: "v100",
        measured_s: 3.0 * N * 8.0 / (814.0 * 1e9),
        source: "gpu-benches gpu-stream on a V100 PCIe 16GB (the preset is the SXM2 V100: the same 900 GB/s HBM2, a higher clock): 814 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM init a[i] = c, 2^27 + 2 doubles",
        shape: stream(0, 1, 14.0),
        device: "a100",
        measured_s: 1.0 * N * 8.0 / (1503.0 * 1e9),
        source: "gpu-benches gpu-stream on an A100 SXM4 40GB: 1503 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM read s = a[i], 2^27 + 2 doubles",
        shape: stream(1, 0, 16.0),
        device: "a100",
        measured_s: 1.0 * N * 8.0 / (1490.0 * 1e9),
        source: "gpu-benches gpu-stream on an A100 SXM4 40GB: 1490 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM scale a[i] = b[i]·c, 2^27 + 2 doubles",
        shape: stream(1, 1, 17.0),
        device: "a100",
        measured_s: 2.0 * N * 8.0 / (1381.0 * 1e9),
        source: "gpu-benches gpu-stream on an A100 SXM4 40GB: 1381 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM triad a[i] = b[i]·c + d[i], 2^27 + 2 doubles",
        shape: stream(2, 1, 20.0),
        device: "a100",
        measured_s: 3.0 * N * 8.0 / (1360.0 * 1e9),
        source: "gpu-benches gpu-stream on an A100 SXM4 40GB: 1360 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM init a[i] = c, 2^27 + 2 doubles",
        shape: stream(0, 1, 14.0),
        device: "h100-pcie",
        measured_s: 1.0 * N * 8.0 / (2016.0 * 1e9),
        source: "gpu-benches gpu-stream on the H100 PCIe: 2016 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM read s = a[i], 2^27 + 2 doubles",
        shape: stream(1, 0, 16.0),
        device: "h100-pcie",
        measured_s: 1.0 * N * 8.0 / (1942.0 * 1e9),
        source: "gpu-benches gpu-stream on the H100 PCIe: 1942 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM scale a[i] = b[i]·c, 2^27 + 2 doubles",
        shape: stream(1, 1, 17.0),
        device: "h100-pcie",
        measured_s: 2.0 * N * 8.0 / (1704.0 * 1e9),
        source: "gpu-benches gpu-stream on the H100 PCIe: 1704 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM triad a[i] = b[i]·c + d[i], 2^27 + 2 doubles",
        shape: stream(2, 1, 20.0),
        device: "h100-pcie",
        measured_s: 3.0 * N * 8.0 / (1832.0 * 1e9),
        source: "gpu-benches gpu-stream on the H100 PCIe: 1832 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM init a[i] = c, 2^27 + 2 doubles",
        shape: stream(0, 1, 14.0),
        device: "h200",
        measured_s: 1.0 * N * 8.0 / (3884.0 * 1e9),
        source: "gpu-benches gpu-stream on an H200: 3884 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM read s = a[i], 2^27 + 2 doubles",
        shape: stream(1, 0, 16.0),
        device: "h200",
        measured_s: 1.0 * N * 8.0 / (2756.0 * 1e9),
        source: "gpu-benches gpu-stream on an H200: 2756 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM scale a[i] = b[i]·c, 2^27 + 2 doubles",
        shape: stream(1, 1, 17.0),
        device: "h200",
        measured_s: 2.0 * N * 8.0 / (3165.0 * 1e9),
        source: "gpu-benches gpu-stream on an H200: 3165 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM triad a[i] = b[i]·c + d[i], 2^27 + 2 doubles",
        shape: stream(2, 1, 20.0),
        device: "h200",
        measured_s: 3.0 * N * 8.0 / (3534.0 * 1e9),
        source: "gpu-benches gpu-stream on an H200: 3534 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM init a[i] = c, 2^27 + 2 doubles",
        shape: stream(0, 1, 14.0),
        device: "l40s",
        measured_s: 1.0 * N * 8.0 / (846.0 * 1e9),
        source: "gpu-benches gpu-stream on an L40 (the preset is the L40S: the same AD102 with 142 SMs and 864 GB/s GDDR6, 2520 vs 2490 MHz): 846 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM read s = a[i], 2^27 + 2 doubles",
        shape: stream(1, 0, 16.0),
        device: "l40s",
        measured_s: 1.0 * N * 8.0 / (844.0 * 1e9),
        source: "gpu-benches gpu-stream on an L40 (the preset is the L40S: the same AD102 with 142 SMs and 864 GB/s GDDR6, 2520 vs 2490 MHz): 844 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM scale a[i] = b[i]·c, 2^27 + 2 doubles",
        shape: stream(1, 1, 17.0),
        device: "l40s",
        measured_s: 2.0 * N * 8.0 / (770.0 * 1e9),
        source: "gpu-benches gpu-stream on an L40 (the preset is the L40S: the same AD102 with 142 SMs and 864 GB/s GDDR6, 2520 vs 2490 MHz): 770 GB/s at full occupancy",
    },
    Measurement {
        kernel: "STREAM triad a[i] = b[i]·c + d[i], 2^27 + 2 doubles",
        shape: stream(2, 1, 20.0),
        device: "l40s",
        measured_s: 3.0 * N * 8.0 / (768.0 * 1e9),
        source: "gpu-benches gpu-stream on an L40 (the preset is the L40S: the same AD102 with 142 SMs and 864 GB/s GDDR6, 2520 vs 2490 MHz): 768 GB/s at full occupancy",
    },
    Measurement {
        kernel: "cuBLAS SGEMM, 4096 × 4096 × 4096 floats",
        shape: Kernel::Sgemm { n: 4096.0 },
        device: "rtx3090",
        measured_s: 2.0 * 4096.0 * 4096.0 * 4096.0 / (23_249.6 * 1e9),
        source: "S. Boehm, \"How to Optimize a CUDA Matmul Kernel for cuBLAS-like Performance\" (siboehm.com, 2022): cuBLAS at 23,249.6 GFLOP/s on an RTX A6000 (the preset is the RTX 3090: the same GA102, but 82 SMs at 1695 MHz against the A6000's 84 at 1800, 8 % less FP32 throughput, so a compute-bound prediction here is about 8 % slower than it would be on an A6000)",
    },
];

/// The presets with measurements, in the table's order (the page links to their sections;
/// a test keeps the list equal to the table's).
pub const DEVICES: &[&str] = &["v100", "a100", "h100-pcie", "h200", "l40s", "rtx3090"];

/// The models the table compares (those that predict one kernel's time on a GPU).
pub const COMPARED: [&str; 2] = ["hong-kim", "luo-suda"];

/// A model's prediction of a measurement, as the table shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    pub model: &'static str,
    /// Hong & Kim's `mlp` (1 is the paper's model); `None` for a model without it.
    pub mlp: Option<f64>,
    /// The share link's query of the prediction (it opens the page on it).
    pub query: String,
    pub time_s: Result<f64, String>,
}

impl Prediction {
    /// Predicted ÷ measured.
    pub fn ratio(&self, measured_s: f64) -> Option<f64> {
        self.time_s.as_ref().ok().map(|t| t / measured_s)
    }
}

/// Hong & Kim's link for a kernel on a device, with `mlp` memory requests in flight per warp.
fn hong_kim_query(k: Kernel, d: &Device, mlp: f64) -> String {
    let (blocks, comp, mem, synch, registers, shared) = match k {
        Kernel::Stream {
            elements,
            reads,
            writes,
            bytes,
            comp_insts,
        } => {
            // A warp's access of 8-byte elements is two 128-byte memory warps.
            let per_access = f64::from(bytes) / 4.0;
            let mem = f64::from(reads + writes) * per_access;
            ((elements / 256.0).ceil(), comp_insts, mem, 0.0, 16, 0)
        }
        Kernel::Sgemm { n } => {
            let steps = n / 8.0;
            let (comp, mem, synch) = SGEMM_TILE;
            // 64 results per thread stored at the end: 64 memory warps per warp. 128
            // registers (the 64 accumulators and the operands); 8 KB of tiles.
            let tiles = (n / 128.0).powi(2);
            (
                tiles,
                comp * steps + 8.0,
                mem * steps + 64.0,
                synch * steps,
                128,
                8192,
            )
        }
    };
    format!(
        "model=hong-kim&device={}&threads_per_block=256&blocks={blocks}&comp_insts={comp}&coal_mem_insts={mem}&uncoal_mem_insts=0&synch_insts={synch}&registers_per_thread={registers}&shared_mem_per_block={shared}{}",
        d.id,
        if mlp == 1.0 { String::new() } else { format!("&mlp={mlp}") },
    )
}

/// Hong & Kim's `mlp` for a kernel, from its PTX as the page derives it (the loads a warp
/// issues before it uses one), in the model's 128-byte memory warps: a warp's load of
/// 8-byte elements is two of them, a 16-byte load four.
pub fn mlp(k: Kernel) -> f64 {
    match k {
        Kernel::Stream {
            reads,
            writes,
            bytes,
            ..
        } => {
            let r = report(
                &stream_ptx(reads, writes),
                None,
                &CostTable::GTX260,
                Some(&[]),
                &[],
            );
            let loads = r.analysis.map_or(1.0, |a| a.mlp);
            loads * f64::from(bytes) / 4.0
        }
        // The two 16-byte tile loads of a step go out before the shared stores use them.
        Kernel::Sgemm { .. } => {
            let r = report(&sgemm_ptx(), None, &CostTable::GTX260, Some(&[2]), &[]);
            r.analysis.map_or(1.0, |a| a.mlp) * 4.0
        }
    }
}

/// Luo & Suda's link for a kernel on a device: the periods of the kernel's memory and compute
/// instructions priced with Table 1's costs and the device's t_mem per access, warps per SM
/// from occupancy, rep from the grid.
fn luo_suda_query(k: Kernel, d: &Device) -> Option<String> {
    let t_mem = crate::model::luo_suda::t_mem_of(d).map_or(200.0, |c| c.value);
    let costs = CostTable {
        ld_st: t_mem,
        ..CostTable::GTX260
    };
    let (r, blocks, registers, shared, bytes) = match k {
        Kernel::Stream {
            elements,
            reads,
            writes,
            bytes,
            ..
        } => {
            // No loops: every instruction runs once.
            let r = report(&stream_ptx(reads, writes), None, &costs, Some(&[]), &[]);
            (r, (elements / 256.0).ceil(), 16, 0, bytes)
        }
        Kernel::Sgemm { n } => {
            // The loop over K runs n / 8 times; its tile loads are 16 bytes per thread.
            let r = report(&sgemm_ptx(), None, &costs, Some(&[(n / 8.0) as u64]), &[]);
            (r, (n / 128.0).powi(2), 128, 8192, 16)
        }
    };
    let summary = r.analysis?;
    let cc = d.compute_capability?.value;
    let arch = crate::model::occupancy::arch_limits(cc.0, cc.1).ok()?;
    let kernel = crate::model::occupancy::KernelResources {
        threads_per_block: 256,
        registers_per_thread: registers,
        shared_mem_per_block: shared,
    };
    let occ = crate::model::occupancy::occupancy_with(&arch, &kernel, &Default::default()).ok()?;
    Some(format!(
        "model=luo-suda&device={}&periods={}&n_act={}&blocks={}&active_blocks_per_sm={}&d_mem={}&n_trans={}",
        d.id,
        summary.periods_text,
        occ.active_warps_per_sm,
        blocks,
        occ.active_blocks_per_sm,
        bytes,
        bytes / 4,
    ))
}

/// The SGEMM's PTX in nvcc's style ([`Kernel::Sgemm`]): the loop over K with its two 16-byte
/// tile loads, shared stores, barriers, 128 shared loads and 512 FMAs per step, then the 64
/// results stored.
fn sgemm_ptx() -> String {
    let mut t = String::from(
        ".version 7.0\n.target sm_86\n.address_size 64\n.visible .entry sgemm(.param .u64 p0)\n{\nld.param.u64 %rd1, [p0];\ncvta.to.global.u64 %rd2, %rd1;\nmov.u32 %r1, 0;\n$L_k:\nld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd2];\nld.global.v4.f32 {%f5, %f6, %f7, %f8}, [%rd2+4096];\n",
    );
    for i in 0..8 {
        let _ = writeln!(t, "st.shared.f32 [%r2+{}], %f{};", i * 4, i + 1);
    }
    t += "bar.sync 0;\n";
    for k in 0..8 {
        for i in 0..16 {
            let _ = writeln!(t, "ld.shared.f32 %f{}, [%r3+{}];", 10 + i, (k * 16 + i) * 4);
        }
        for i in 0..64 {
            let _ = writeln!(
                t,
                "fma.rn.f32 %f{}, %f{}, %f{}, %f{};",
                30 + i,
                10 + i / 8,
                18 + i % 8,
                30 + i
            );
        }
    }
    t += "bar.sync 0;\nadd.s64 %rd2, %rd2, 32;\nadd.s32 %r2, %r2, 32;\nadd.s32 %r1, %r1, 8;\nsetp.lt.s32 %p1, %r1, 4096;\n@%p1 bra $L_k;\n";
    for i in 0..64 {
        let _ = writeln!(t, "st.global.f32 [%rd2+{}], %f{};", i * 4, 30 + i);
    }
    t + "ret;\n}\n"
}

/// A stream kernel's PTX in nvcc's style: index, bounds check, `reads` loads, one add per
/// extra operand, `writes` stores.
fn stream_ptx(reads: u32, writes: u32) -> String {
    let mut t = String::from(
        ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry stream(.param .u64 p0, .param .u32 n)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<6>;\n.reg .f32 %f<8>;\n.reg .b64 %rd<16>;\nld.param.u64 %rd1, [p0];\nld.param.u32 %r1, [n];\nmov.u32 %r2, %ctaid.x;\nmov.u32 %r3, %ntid.x;\nmov.u32 %r4, %tid.x;\nmad.lo.s32 %r5, %r2, %r3, %r4;\nsetp.ge.s32 %p1, %r5, %r1;\n@%p1 bra $L_done;\ncvta.to.global.u64 %rd2, %rd1;\nmul.wide.s32 %rd3, %r5, 4;\nadd.s64 %rd4, %rd2, %rd3;\n",
    );
    for i in 0..reads {
        let _ = writeln!(t, "ld.global.f32 %f{}, [%rd4+{}];", i + 1, i * 4);
    }
    for i in 1..reads {
        let _ = writeln!(t, "add.f32 %f1, %f1, %f{};", i + 1);
    }
    for i in 0..writes {
        let _ = writeln!(t, "st.global.f32 [%rd4+{}], %f1;", (reads + i) * 4);
    }
    t + "$L_done:\nret;\n}\n"
}

/// Every model's prediction of a measurement; Hong & Kim's twice, as the paper has it (MLP 1)
/// and with the kernel's MLP.
pub fn predictions(m: &Measurement) -> Vec<Prediction> {
    let Some(d) = devices::find(m.device) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for model in COMPARED {
        let queries: Vec<(Option<f64>, Option<String>)> = match model {
            "hong-kim" => {
                let mut ks = vec![1.0, mlp(m.shape)];
                ks.dedup();
                ks.into_iter()
                    .map(|k| (Some(k), Some(hong_kim_query(m.shape, d, k))))
                    .collect()
            }
            _ => vec![(None, luo_suda_query(m.shape, d))],
        };
        for (mlp, query) in queries {
            if let Some(query) = query {
                out.push(Prediction {
                    model,
                    mlp,
                    time_s: time_of(&query),
                    query,
                });
            }
        }
    }
    out
}

/// The model's time for a link (`time_s`), or the error.
fn time_of(query: &str) -> Result<f64, String> {
    let (state, notices) = link::from_query(query);
    if let Some(n) = notices.first() {
        return Err(format!("{n:?}"));
    }
    let e = (state.model.evaluate)(&state.params, state.device)
        .map_err(|e| format!("{}: {}", e.field, e.message))?;
    e.number(state.model, "time_s")
        .ok_or_else(|| "no time".to_string())
}

/// The median and the worst (farthest from 1, as a factor) of a model's ratios (Hong & Kim's
/// with MLP 1, the paper's model).
pub fn summary(model: &str) -> Option<(f64, f64)> {
    crate::measured::median_and_worst(&mut ratios(model))
}

/// Predicted ÷ measured for each measurement `model` predicts (Hong & Kim's with MLP 1).
pub fn ratios(model: &str) -> Vec<f64> {
    ratios_with(model, false)
}

/// Predicted ÷ measured for each measurement `model` predicts; for Hong & Kim, with the
/// kernel's MLP when `with_mlp`, else with MLP 1.
pub fn ratios_with(model: &str, with_mlp: bool) -> Vec<f64> {
    MEASUREMENTS
        .iter()
        .flat_map(|m| {
            let shape_mlp = mlp(m.shape);
            predictions(m)
                .into_iter()
                .filter(|p| p.model == model)
                .filter(move |p| match p.mlp {
                    None => true,
                    Some(k) if with_mlp => k == shape_mlp,
                    Some(k) => k == 1.0,
                })
                .filter_map(|p| p.ratio(m.measured_s))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The model's name in the table.
fn model_title(id: &str) -> &'static str {
    registry::MODELS
        .iter()
        .find(|m| m.id == id)
        .map_or("", |m| m.title)
}

/// The table of docs/validation.md (`html` false) or of the page's validation.html: one
/// section per device (its anchor is the device id), a row per measurement and model. The
/// HTML links each prediction to the page showing it.
pub fn table(html: bool) -> String {
    let mut t = String::new();
    let mut last = "";
    for m in MEASUREMENTS {
        if m.device != last {
            if !last.is_empty() && html {
                t += "</tbody></table>\n";
            }
            last = m.device;
            let name = devices::find(m.device).map_or(m.device, |d| d.name);
            if html {
                let _ = write!(t, "<h2 id=\"{}\">{name}</h2>\n<table><thead><tr><th>Kernel</th><th>Measured</th><th>Source</th><th>Model</th><th>MLP</th><th>Predicted</th><th>Predicted ÷ measured</th></tr></thead><tbody>\n", m.device);
            } else {
                let _ = write!(t, "\n### <a id=\"{}\"></a>{name}\n\n| Kernel | Measured | Source | Model | MLP | Predicted | Predicted ÷ measured |\n|---|---|---|---|---|---|---|\n", m.device);
            }
        }
        for p in predictions(m) {
            let (predicted, ratio) = match &p.time_s {
                Ok(x) => (
                    format::duration(*x),
                    format::significant(x / m.measured_s, 3).to_string(),
                ),
                Err(e) => (format!("error: {e}"), "—".into()),
            };
            let cells = [
                m.kernel.to_string(),
                format::duration(m.measured_s),
                m.source.to_string(),
                model_title(p.model).to_string(),
                p.mlp.map_or("—".to_string(), format::num),
                predicted,
                ratio,
            ];
            if html {
                t += "<tr>";
                for (i, c) in cells.iter().enumerate() {
                    let c = crate::chart::svg::esc(c);
                    if i == 5 {
                        let _ = write!(
                            t,
                            "<td><a href=\"./?{}\">{c}</a></td>",
                            crate::chart::svg::esc(&p.query)
                        );
                    } else {
                        let _ = write!(t, "<td>{c}</td>");
                    }
                }
                t += "</tr>\n";
            } else {
                let _ = writeln!(t, "| {} |", cells.join(" | "));
            }
        }
    }
    if html && !last.is_empty() {
        t += "</tbody></table>\n";
    }
    t
}

/// The summary lines: each model's cases, median and worst ratio; Hong & Kim's as the paper
/// has it (MLP 1) and with each kernel's MLP.
pub fn summary_table() -> String {
    let mut t = String::from(
        "| Model | MLP | Cases | Median predicted ÷ measured | Worst |\n|---|---|---|---|---|\n",
    );
    for id in COMPARED {
        let variants: &[(bool, &str)] = if id == "hong-kim" {
            &[(false, "1 (the paper)"), (true, "the kernel's")]
        } else {
            &[(false, "—")]
        };
        for &(with_mlp, label) in variants {
            let mut ratios = ratios_with(id, with_mlp);
            let cases = ratios.len();
            if let Some((median, worst)) = crate::measured::median_and_worst(&mut ratios) {
                let _ = writeln!(
                    t,
                    "| {} | {label} | {cases} | {} | {} |",
                    model_title(id),
                    format::significant(median, 3),
                    format::significant(worst, 3)
                );
            }
        }
    }
    t
}

/// The summary as HTML rows, for the page's validation.html.
pub fn summary_html() -> String {
    let mut t = String::new();
    for line in summary_table().lines().skip(2) {
        t += "<tr>";
        for cell in line.trim_matches('|').split('|') {
            let _ = write!(t, "<td>{}</td>", crate::chart::svg::esc(cell.trim()));
        }
        t += "</tr>\n";
    }
    t
}
