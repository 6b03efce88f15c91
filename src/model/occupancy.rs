//! Occupancy: how many blocks of a kernel one SM holds at once, and which resource limits it —
//! computed as NVIDIA's `cuda_occupancy.h` computes it (CUDA 12.8 for compute capability 3.0
//! to 12.0; the CUDA 7.0 header for 1.x and 2.x, which later headers dropped).
//!
//! Shaped like that header: one small function per limiter (warps, blocks, registers, shared
//! memory), each returning its own bound, and [`occupancy_with`] taking the minimum and
//! naming the limiter that won. The per-architecture properties (warps, registers and shared
//! memory per SM) are the CUDA C Programming Guide's; the allocation rules (granularities,
//! register sub-partitions, the hardware's per-block register check, partitioned global
//! caching, shared-memory carveouts) are the header's.

use super::InputError;

const KB: u32 = 1024;
pub use crate::devices::arch::{arch_limits, ArchLimits, RegisterGranularity, SUPPORTED};

/// What a block of the kernel asks of an SM.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct KernelResources {
    pub threads_per_block: u32,
    /// 0 means "not known": registers then do not limit.
    pub registers_per_thread: u32,
    /// Bytes of static + dynamic shared memory per block.
    pub shared_mem_per_block: u32,
}

/// The device settings a launch can choose.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Config {
    /// Shared memory per SM (the carveout); `None` is the largest, as the driver picks for a
    /// kernel that needs it.
    pub shared_mem_per_sm: Option<u32>,
    /// Prefer partitioned global caching (where the CC has it; it turns itself off when a
    /// block would not fit, as the header's `PARTITIONED_GC_ON` does).
    pub partitioned_gc: bool,
}

/// The resource that limits active blocks per SM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Limiter {
    Warps,
    Blocks,
    Registers,
    SharedMemory,
}

impl Limiter {
    pub fn describe(&self) -> &'static str {
        match self {
            Limiter::Warps => "the SM's warp slots",
            Limiter::Blocks => "the SM's block slots",
            Limiter::Registers => "registers per SM",
            Limiter::SharedMemory => "shared memory per SM",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Occupancy {
    /// Warps a block is allocated (CC 1.x rounds up to pairs).
    pub warps_per_block: u32,
    pub blocks_limited_by_warps: u32,
    pub blocks_limited_by_blocks: u32,
    pub blocks_limited_by_registers: u32,
    pub blocks_limited_by_shared_mem: u32,
    pub active_blocks_per_sm: u32,
    pub active_warps_per_sm: u32,
    /// The SM's warp slots (the occupancy denominator).
    pub max_warps_per_sm: u32,
    /// Active warps / the SM's maximum warps, 0 to 1.
    pub occupancy: f64,
    pub limiter: Limiter,
    /// Registers and shared memory one block is allocated.
    pub registers_per_block: u32,
    pub shared_mem_per_block: u32,
    /// The shared memory per SM the carveout gives this kernel.
    pub shared_mem_per_sm: u32,
    /// Partitioned global caching as it ends up (off if a block would not fit with it).
    pub partitioned_gc: bool,
    /// What it was computed for, so the calculator's curves can be drawn from it.
    pub compute_capability: (u8, u8),
    pub kernel: KernelResources,
    pub config: Config,
}

fn ceil_to(x: u32, unit: u32) -> u32 {
    x.div_ceil(unit.max(1)) * unit.max(1)
}

/// Warps a block is allocated: ⌈threads / warp size⌉, in pairs on CC 1.x
/// (`cudaOccWarpsAllocatedPerCTA`).
pub fn warps_per_block(arch: &ArchLimits, k: &KernelResources) -> u32 {
    ceil_to(
        k.threads_per_block.div_ceil(arch.threads_per_warp),
        arch.warp_alloc_granularity,
    )
}

/// Register allocation granularity (`cudaOccRegAllocationGranularity`): per block 256 (CC
/// 1.0–1.1) or 512 (1.2–1.3); per warp 64 on CC 2.x — 128 for 21, 22, 29, 30, 37, 38, 45 or
/// 46 registers per thread — and 256 from CC 3.0 on.
pub fn register_alloc_unit(arch: &ArchLimits, registers_per_thread: u32) -> u32 {
    match (arch.major, arch.minor) {
        (1, 0) | (1, 1) => 256,
        (1, _) => 512,
        (2, _) => match registers_per_thread {
            21 | 22 | 29 | 30 | 37 | 38 | 45 | 46 => 128,
            _ => 64,
        },
        _ => 256,
    }
}

/// Warp slots (`cudaOccMaxBlocksPerSMWarpsLimit`): ⌊max warps / warps per block⌋, or twice
/// that of a half SM with partitioned global caching.
pub fn blocks_limited_by_warps(arch: &ArchLimits, k: &KernelResources, gc: bool) -> u32 {
    let per_block = warps_per_block(arch, k).max(1);
    if gc {
        (arch.max_warps_per_sm / 2 / per_block) * 2
    } else {
        arch.max_warps_per_sm / per_block
    }
}

/// Block slots: the SM's maximum resident blocks.
pub fn blocks_limited_by_blocks(arch: &ArchLimits, _k: &KernelResources) -> u32 {
    arch.max_blocks_per_sm
}

/// Registers one warp is allocated: registers × warp size, rounded up (CC ≥ 2.0).
pub fn registers_per_warp(arch: &ArchLimits, k: &KernelResources) -> u32 {
    ceil_to(
        k.registers_per_thread * arch.threads_per_warp,
        register_alloc_unit(arch, k.registers_per_thread),
    )
}

/// Registers one block is allocated (CC 1.x: per block; later: per warp, summed).
pub fn registers_per_block(arch: &ArchLimits, k: &KernelResources) -> u32 {
    let warps = warps_per_block(arch, k);
    match arch.register_granularity {
        RegisterGranularity::Block => ceil_to(
            k.registers_per_thread * arch.threads_per_warp * warps,
            register_alloc_unit(arch, k.registers_per_thread),
        ),
        RegisterGranularity::Warp => registers_per_warp(arch, k) * warps,
    }
}

/// The register file's bound (`cudaOccMaxBlocksPerSMRegsLimit`) and whether partitioned
/// global caching stays on. From CC 2.0 the file is split among the sub-partitions and a
/// warp's registers live in one; the hardware checks a block against the per-block limit as
/// if its warps were rounded up to a multiple of the sub-partitions.
pub fn blocks_limited_by_registers(
    arch: &ArchLimits,
    k: &KernelResources,
    gc: bool,
) -> (u32, bool) {
    if k.registers_per_thread == 0 {
        return (arch.max_blocks_per_sm, gc);
    }
    let warps = warps_per_block(arch, k);
    match arch.register_granularity {
        RegisterGranularity::Block => {
            let per_block = registers_per_block(arch, k).max(1);
            (arch.registers_per_sm / per_block, false)
        }
        RegisterGranularity::Warp => {
            let per_warp = registers_per_warp(arch, k);
            let assumed = per_warp * ceil_to(warps, arch.register_sub_partitions);
            let allocated = per_warp * warps;
            if assumed > arch.max_registers_per_block
                || allocated > arch.max_registers_per_block
                || k.registers_per_thread > arch.max_registers_per_thread
            {
                return (0, gc);
            }
            let subs = arch.register_sub_partitions;
            let warps_per_sub = arch.registers_per_sm / subs / per_warp.max(1);
            let with_gc = if gc {
                (warps_per_sub * (subs / 2)) / warps.max(1) * 2
            } else {
                0
            };
            if with_gc > 0 {
                (with_gc, true)
            } else {
                // Off, or a block does not fit a half SM: the device turns caching off.
                ((warps_per_sub * subs) / warps.max(1), false)
            }
        }
    }
}

/// Shared memory one block is allocated: its request plus the driver's reservation, rounded
/// up to the allocation unit.
pub fn shared_mem_per_block(arch: &ArchLimits, k: &KernelResources) -> u32 {
    ceil_to(
        k.shared_mem_per_block + arch.shared_mem_reserved_per_block,
        arch.shared_mem_alloc_unit,
    )
}

/// The shared memory per SM a kernel gets (`cudaOccMaxBlocksPerSMSmemLimit`): the chosen
/// carveout if one block fits in it; otherwise, on CC ≥ 7.0, the smallest carveout one block
/// fits in (before 7.0, the largest).
pub fn shared_mem_per_sm(arch: &ArchLimits, k: &KernelResources, cfg: &Config) -> u32 {
    let chosen = cfg.shared_mem_per_sm.unwrap_or(arch.shared_mem_per_sm);
    let per_block = shared_mem_per_block(arch, k);
    if chosen >= per_block {
        chosen
    } else if arch.major >= 7 {
        arch.shared_mem_configs
            .iter()
            .copied()
            .find(|&c| c >= per_block)
            .unwrap_or(arch.shared_mem_per_sm)
    } else {
        arch.shared_mem_per_sm
    }
}

/// The most shared memory one block may have (its limit plus the reservation from CC 8.0;
/// opted in beyond the default limit, as `cudaFuncAttributes` do).
pub fn max_shared_mem_per_block(arch: &ArchLimits) -> u32 {
    arch.max_shared_mem_per_block_optin + arch.shared_mem_reserved_per_block
}

/// Shared memory's bound: ⌊shared memory per SM / per block⌋ (0 if one block does not fit).
pub fn blocks_limited_by_shared_mem(arch: &ArchLimits, k: &KernelResources, cfg: &Config) -> u32 {
    let per_block = shared_mem_per_block(arch, k);
    if per_block > max_shared_mem_per_block(arch) {
        return 0;
    }
    match per_block {
        0 => arch.max_blocks_per_sm,
        _ => shared_mem_per_sm(arch, k, cfg) / per_block,
    }
}

/// Active blocks per SM on compute capability `major.minor` with the default configuration.
pub fn occupancy(major: u8, minor: u8, kernel: &KernelResources) -> Result<Occupancy, InputError> {
    occupancy_with(&arch_limits(major, minor)?, kernel, &Config::default())
}

/// Active blocks per SM, the bound of each limiter, and the limiter that won (ties go to the
/// first of warps, blocks, registers, shared memory). A kernel that cannot run is an error
/// naming the input to change.
pub fn occupancy_with(
    arch: &ArchLimits,
    kernel: &KernelResources,
    cfg: &Config,
) -> Result<Occupancy, InputError> {
    let cc = format!("{}.{}", arch.major, arch.minor);
    if kernel.threads_per_block == 0 || kernel.threads_per_block > arch.max_threads_per_block {
        return Err(InputError::new(
            "threads_per_block",
            format!(
                "must be a whole number from 1 to {} on compute capability {cc}",
                arch.max_threads_per_block
            ),
        ));
    }
    if kernel.registers_per_thread > arch.max_registers_per_thread {
        return Err(InputError::new(
            "registers_per_thread",
            format!(
                "must be a whole number from 0 to {} on compute capability {cc}",
                arch.max_registers_per_thread
            ),
        ));
    }
    let most_smem = max_shared_mem_per_block(arch) - arch.shared_mem_reserved_per_block;
    if shared_mem_per_block(arch, kernel) > max_shared_mem_per_block(arch) {
        return Err(InputError::new(
            "shared_mem_per_block",
            format!(
                "must be from 0 to {} bytes on compute capability {cc}",
                crate::format::grouped(f64::from(most_smem), 0)
            ),
        ));
    }
    if let Some(c) = cfg.shared_mem_per_sm {
        if !arch.shared_mem_configs.contains(&c) {
            let sizes: Vec<String> = arch
                .shared_mem_configs
                .iter()
                .map(|c| (c / KB).to_string())
                .collect();
            return Err(InputError::new(
                "shared_mem_per_sm_kb",
                format!(
                    "must be one of {} KB on compute capability {cc}, or auto",
                    sizes.join(", ")
                ),
            ));
        }
    }
    let gc = cfg.partitioned_gc && arch.partitioned_gc;
    let (mut by_registers, gc) = blocks_limited_by_registers(arch, kernel, gc);
    if (arch.major, arch.minor) == (6, 0) && by_registers > 0 {
        // GP100: the header re-checks the block against 4 sub-partitions (as CC 6.1).
        let gp10x = ArchLimits {
            minor: 1,
            register_sub_partitions: 4,
            ..*arch
        };
        if blocks_limited_by_registers(&gp10x, kernel, gc).0 == 0 {
            by_registers = 0;
        }
    }
    let bounds = [
        (Limiter::Warps, blocks_limited_by_warps(arch, kernel, gc)),
        (Limiter::Blocks, blocks_limited_by_blocks(arch, kernel)),
        (Limiter::Registers, by_registers),
        (
            Limiter::SharedMemory,
            blocks_limited_by_shared_mem(arch, kernel, cfg),
        ),
    ];
    let (limiter, active) = bounds
        .iter()
        .copied()
        .fold((Limiter::Warps, u32::MAX), |best, b| {
            if b.1 < best.1 {
                b
            } else {
                best
            }
        });
    if active == 0 {
        let max_regs = max_registers_per_thread_fitting(arch, kernel);
        return Err(match limiter {
            Limiter::SharedMemory => InputError::new(
                "shared_mem_per_block",
                format!("one block does not fit in the SM's shared memory on compute capability {cc}"),
            ),
            _ => InputError::new(
                "registers_per_thread",
                format!(
                    "a block of {} threads does not fit in the register file on compute capability {cc}: use at most {max_regs} registers per thread",
                    kernel.threads_per_block
                ),
            ),
        });
    }
    let warps_per_block = warps_per_block(arch, kernel);
    let active_warps = active * warps_per_block;
    Ok(Occupancy {
        warps_per_block,
        blocks_limited_by_warps: bounds[0].1,
        blocks_limited_by_blocks: bounds[1].1,
        blocks_limited_by_registers: bounds[2].1,
        blocks_limited_by_shared_mem: bounds[3].1,
        active_blocks_per_sm: active,
        active_warps_per_sm: active_warps,
        max_warps_per_sm: arch.max_warps_per_sm,
        occupancy: f64::from(active_warps) / f64::from(arch.max_warps_per_sm),
        limiter,
        registers_per_block: registers_per_block(arch, kernel),
        shared_mem_per_block: shared_mem_per_block(arch, kernel),
        shared_mem_per_sm: shared_mem_per_sm(arch, kernel, cfg),
        partitioned_gc: gc,
        compute_capability: (arch.major, arch.minor),
        kernel: *kernel,
        config: *cfg,
    })
}

/// The most registers per thread with which one block of this size still fits.
fn max_registers_per_thread_fitting(arch: &ArchLimits, k: &KernelResources) -> u32 {
    (0..=arch.max_registers_per_thread)
        .rev()
        .find(|&r| {
            let k = KernelResources {
                registers_per_thread: r,
                ..*k
            };
            blocks_limited_by_registers(arch, &k, false).0 >= 1
        })
        .unwrap_or(0)
}

/// Which input an occupancy curve varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    ThreadsPerBlock,
    RegistersPerThread,
    SharedMemPerBlock,
}

/// Active warps per SM as one input varies, the others fixed, like NVIDIA's occupancy
/// calculator's charts: threads per block in warps, registers per thread one by one (up to the
/// CC's maximum), shared memory in steps of the allocation unit (up to the block maximum).
/// A point where the kernel cannot run has 0 warps.
pub fn curve(arch: &ArchLimits, k: &KernelResources, cfg: &Config, axis: Axis) -> Vec<(u32, u32)> {
    let xs: Vec<u32> = match axis {
        Axis::ThreadsPerBlock => (1..=arch.max_threads_per_block / arch.threads_per_warp)
            .map(|w| w * arch.threads_per_warp)
            .collect(),
        Axis::RegistersPerThread => (0..=arch.max_registers_per_thread).collect(),
        Axis::SharedMemPerBlock => {
            let step = arch.shared_mem_alloc_unit.max(128);
            let most = max_shared_mem_per_block(arch) - arch.shared_mem_reserved_per_block;
            let n = most / step;
            let stride = n.div_ceil(256).max(1);
            (0..=n).step_by(stride as usize).map(|i| i * step).collect()
        }
    };
    xs.into_iter()
        .map(|x| {
            let at = match axis {
                Axis::ThreadsPerBlock => KernelResources {
                    threads_per_block: x,
                    ..*k
                },
                Axis::RegistersPerThread => KernelResources {
                    registers_per_thread: x,
                    ..*k
                },
                Axis::SharedMemPerBlock => KernelResources {
                    shared_mem_per_block: x,
                    ..*k
                },
            };
            let warps = occupancy_with(arch, &at, cfg).map_or(0, |o| o.active_warps_per_sm);
            (x, warps)
        })
        .collect()
}
