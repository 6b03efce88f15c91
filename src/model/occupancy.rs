//! Occupancy: how many blocks of a kernel one SM holds at once, and which resource limits it.
//!
//! Shaped like NVIDIA's `cuda_occupancy.h`: one small function per limiter (warps, blocks,
//! registers, shared memory), each returning its own bound, and [`occupancy`] taking the
//! minimum and naming the limiter that won. Per-architecture limits follow the CUDA C
//! Programming Guide's "Compute Capabilities" table and the CUDA Occupancy Calculator.

use super::InputError;

/// Registers are allocated per warp (CC ≥ 2.0) or per block (CC 1.x).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RegisterGranularity {
    Warp,
    Block,
}

/// One compute capability's limits (CUDA C Programming Guide, "Compute Capabilities").
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ArchLimits {
    pub threads_per_warp: u32,
    pub max_threads_per_block: u32,
    pub max_warps_per_sm: u32,
    pub max_blocks_per_sm: u32,
    pub registers_per_sm: u32,
    pub max_registers_per_block: u32,
    pub max_registers_per_thread: u32,
    /// Registers are handed out in multiples of this.
    pub register_alloc_unit: u32,
    pub register_granularity: RegisterGranularity,
    /// CC 1.x: a block's warps are rounded up to a multiple of this for register allocation.
    pub warp_alloc_granularity: u32,
    /// Register-file partitions (warp schedulers) per SM; a warp's registers live in one.
    pub register_sub_partitions: u32,
    /// Shared memory per SM in the largest carveout.
    pub shared_mem_per_sm: u32,
    pub max_shared_mem_per_block: u32,
    pub shared_mem_alloc_unit: u32,
    /// Shared memory the system reserves per block (1 KB from CC 8.0 on).
    pub shared_mem_reserved_per_block: u32,
}

const KB: u32 = 1024;

/// The limits of compute capability `major.minor` (1.0 – 9.0).
pub fn arch_limits(major: u8, minor: u8) -> Result<ArchLimits, InputError> {
    // (max warps/SM, max blocks/SM, regs/SM, max regs/block, max regs/thread,
    //  smem/SM, max smem/block)
    let (warps, blocks, regs, regs_block, regs_thread, smem, smem_block) = match (major, minor) {
        (1, 0) | (1, 1) => (24, 8, 8 * KB, 8 * KB, 124, 16 * KB, 16 * KB),
        (1, 2) | (1, 3) => (32, 8, 16 * KB, 16 * KB, 124, 16 * KB, 16 * KB),
        (2, 0) | (2, 1) => (48, 8, 32 * KB, 32 * KB, 63, 48 * KB, 48 * KB),
        (3, 0) => (64, 16, 64 * KB, 64 * KB, 63, 48 * KB, 48 * KB),
        (3, 2) => (64, 16, 64 * KB, 32 * KB, 255, 48 * KB, 48 * KB),
        (3, 5) => (64, 16, 64 * KB, 64 * KB, 255, 48 * KB, 48 * KB),
        (3, 7) => (64, 16, 128 * KB, 64 * KB, 255, 112 * KB, 48 * KB),
        (5, 0) => (64, 32, 64 * KB, 64 * KB, 255, 64 * KB, 48 * KB),
        (5, 2) => (64, 32, 64 * KB, 64 * KB, 255, 96 * KB, 48 * KB),
        (5, 3) => (64, 32, 64 * KB, 32 * KB, 255, 64 * KB, 48 * KB),
        (6, 0) => (64, 32, 64 * KB, 64 * KB, 255, 64 * KB, 48 * KB),
        (6, 1) => (64, 32, 64 * KB, 64 * KB, 255, 96 * KB, 48 * KB),
        (6, 2) => (64, 32, 64 * KB, 32 * KB, 255, 64 * KB, 48 * KB),
        (7, 0) | (7, 2) => (64, 32, 64 * KB, 64 * KB, 255, 96 * KB, 96 * KB),
        (7, 5) => (32, 16, 64 * KB, 64 * KB, 255, 64 * KB, 64 * KB),
        (8, 0) => (64, 32, 64 * KB, 64 * KB, 255, 164 * KB, 163 * KB),
        (8, 6) => (48, 16, 64 * KB, 64 * KB, 255, 100 * KB, 99 * KB),
        (8, 7) => (48, 16, 64 * KB, 64 * KB, 255, 164 * KB, 163 * KB),
        (8, 9) => (48, 24, 64 * KB, 64 * KB, 255, 100 * KB, 99 * KB),
        (9, 0) => (64, 32, 64 * KB, 64 * KB, 255, 228 * KB, 227 * KB),
        _ => {
            return Err(InputError::new(
                "compute_capability",
                format!(
                    "{major}.{minor} is not supported: use 1.0–1.3, 2.0, 2.1, 3.0, 3.2, 3.5, 3.7, 5.0–5.3, 6.0–6.2, 7.0, 7.2, 7.5, 8.0, 8.6, 8.7, 8.9 or 9.0"
                ),
            ))
        }
    };
    let tesla = major == 1;
    Ok(ArchLimits {
        threads_per_warp: 32,
        max_threads_per_block: if tesla { 512 } else { 1024 },
        max_warps_per_sm: warps,
        max_blocks_per_sm: blocks,
        registers_per_sm: regs,
        max_registers_per_block: regs_block,
        max_registers_per_thread: regs_thread,
        register_alloc_unit: match (major, minor) {
            (1, 0) | (1, 1) => 256,
            (1, _) => 512,
            (2, _) => 64,
            _ => 256,
        },
        register_granularity: if tesla {
            RegisterGranularity::Block
        } else {
            RegisterGranularity::Warp
        },
        warp_alloc_granularity: if tesla { 2 } else { 1 },
        register_sub_partitions: match major {
            1 => 1,
            2 => 2,
            _ => 4,
        },
        shared_mem_per_sm: smem,
        max_shared_mem_per_block: smem_block,
        shared_mem_alloc_unit: match major {
            1 => 512,
            2 => 128,
            _ => 256,
        },
        shared_mem_reserved_per_block: if major >= 8 { KB } else { 0 },
    })
}

/// What a block of the kernel asks of an SM.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct KernelResources {
    pub threads_per_block: u32,
    /// 0 means "not known": registers then do not limit.
    pub registers_per_thread: u32,
    /// Bytes of static + dynamic shared memory per block.
    pub shared_mem_per_block: u32,
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
}

fn ceil_to(x: u32, unit: u32) -> u32 {
    x.div_ceil(unit.max(1)) * unit.max(1)
}

pub fn warps_per_block(arch: &ArchLimits, k: &KernelResources) -> u32 {
    k.threads_per_block.div_ceil(arch.threads_per_warp)
}

/// Warp slots: ⌊max warps per SM / warps per block⌋.
pub fn blocks_limited_by_warps(arch: &ArchLimits, k: &KernelResources) -> u32 {
    arch.max_warps_per_sm / warps_per_block(arch, k).max(1)
}

/// Block slots: the SM's maximum resident blocks.
pub fn blocks_limited_by_blocks(arch: &ArchLimits, _k: &KernelResources) -> u32 {
    arch.max_blocks_per_sm
}

/// Registers one block is allocated (CC 1.x: per block; later: per warp, summed).
pub fn registers_per_block(arch: &ArchLimits, k: &KernelResources) -> u32 {
    let warps = warps_per_block(arch, k);
    match arch.register_granularity {
        RegisterGranularity::Block => ceil_to(
            ceil_to(warps, arch.warp_alloc_granularity)
                * arch.threads_per_warp
                * k.registers_per_thread,
            arch.register_alloc_unit,
        ),
        RegisterGranularity::Warp => registers_per_warp(arch, k) * warps,
    }
}

/// Registers one warp is allocated: ⌈registers × 32, allocation unit⌉ (CC ≥ 2.0).
pub fn registers_per_warp(arch: &ArchLimits, k: &KernelResources) -> u32 {
    ceil_to(
        k.registers_per_thread * arch.threads_per_warp,
        arch.register_alloc_unit,
    )
}

/// The register file's bound (`cudaOccMaxBlocksPerSMRegsLimit`): 0 if one block exceeds the
/// per-block register limit. From CC 2.0 the file is split among the warp schedulers, and a
/// warp's registers must fit in one partition.
pub fn blocks_limited_by_registers(arch: &ArchLimits, k: &KernelResources) -> u32 {
    if k.registers_per_thread == 0 {
        return arch.max_blocks_per_sm;
    }
    if registers_per_block(arch, k) > arch.max_registers_per_block {
        return 0;
    }
    match arch.register_granularity {
        RegisterGranularity::Block => arch.registers_per_sm / registers_per_block(arch, k).max(1),
        RegisterGranularity::Warp => {
            let per_partition = arch.registers_per_sm / arch.register_sub_partitions;
            let warps =
                (per_partition / registers_per_warp(arch, k).max(1)) * arch.register_sub_partitions;
            warps / warps_per_block(arch, k).max(1)
        }
    }
}

/// Shared memory a block takes: its request plus the system reservation, rounded up.
pub fn shared_mem_per_block(arch: &ArchLimits, k: &KernelResources) -> u32 {
    ceil_to(
        k.shared_mem_per_block + arch.shared_mem_reserved_per_block,
        arch.shared_mem_alloc_unit,
    )
}

/// Shared memory's bound: ⌊shared memory per SM / per block⌋.
pub fn blocks_limited_by_shared_mem(arch: &ArchLimits, k: &KernelResources) -> u32 {
    match shared_mem_per_block(arch, k) {
        0 => arch.max_blocks_per_sm,
        per_block => arch.shared_mem_per_sm / per_block,
    }
}

/// Active blocks per SM for `kernel` on compute capability `major.minor`, the bound of each
/// limiter, and the limiter that won (ties go to the first of warps, blocks, registers,
/// shared memory).
pub fn occupancy(major: u8, minor: u8, kernel: &KernelResources) -> Result<Occupancy, InputError> {
    let arch = arch_limits(major, minor)?;
    let cc = format!("{major}.{minor}");
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
    if kernel.shared_mem_per_block > arch.max_shared_mem_per_block {
        return Err(InputError::new(
            "shared_mem_per_block",
            format!(
                "must be from 0 to {} bytes on compute capability {cc}",
                arch.max_shared_mem_per_block
            ),
        ));
    }
    let bounds = [
        (Limiter::Warps, blocks_limited_by_warps(&arch, kernel)),
        (Limiter::Blocks, blocks_limited_by_blocks(&arch, kernel)),
        (
            Limiter::Registers,
            blocks_limited_by_registers(&arch, kernel),
        ),
        (
            Limiter::SharedMemory,
            blocks_limited_by_shared_mem(&arch, kernel),
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
        let max_regs = max_registers_per_thread_fitting(&arch, kernel);
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
    let warps_per_block = warps_per_block(&arch, kernel);
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
            blocks_limited_by_registers(arch, &k) >= 1
        })
        .unwrap_or(0)
}
