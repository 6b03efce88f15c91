//! Each compute capability's hardware: threads, warps, blocks, registers and shared memory
//! per SM, and the allocation rules NVIDIA's `cuda_occupancy.h` applies (hardware data, as the
//! presets are; `crate::model::occupancy` computes occupancy from it).

use crate::field::InputError;

/// Registers are allocated per block (CC 1.x) or per warp (CC ≥ 2.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RegisterGranularity {
    Warp,
    Block,
}

/// One compute capability's properties and allocation rules.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ArchLimits {
    pub major: u8,
    pub minor: u8,
    pub threads_per_warp: u32,
    pub max_threads_per_block: u32,
    pub max_warps_per_sm: u32,
    pub max_blocks_per_sm: u32,
    pub registers_per_sm: u32,
    pub max_registers_per_block: u32,
    pub max_registers_per_thread: u32,
    pub register_granularity: RegisterGranularity,
    /// CC 1.x: a block's warps are allocated in pairs.
    pub warp_alloc_granularity: u32,
    /// Register-file partitions (warp schedulers) per SM; a warp's registers live in one.
    pub register_sub_partitions: u32,
    /// Shared memory per SM in the largest configuration.
    pub shared_mem_per_sm: u32,
    /// Shared memory a block may use without opting in, and with (CC ≥ 7.0).
    pub max_shared_mem_per_block: u32,
    pub max_shared_mem_per_block_optin: u32,
    pub shared_mem_alloc_unit: u32,
    /// Shared memory the driver reserves per block (1 KB from CC 8.0 on).
    pub shared_mem_reserved_per_block: u32,
    /// The shared-memory sizes per SM the L1/shared split (carveout) can take, smallest first.
    pub shared_mem_configs: &'static [u32],
    /// Partitioned global caching can be turned on (CC 5.2, 5.3, 6.1, 6.2).
    pub partitioned_gc: bool,
}

const KB: u32 = 1024;

/// Carveouts: Fermi 16 or 48 KB; Kepler 16, 32 or 48 KB (3.7: 80, 96, 112); Volta and later,
/// the sizes of `cudaOccAlignUpShmemSizeVoltaPlus`.
const FERMI: &[u32] = &[16 * KB, 48 * KB];
const KEPLER: &[u32] = &[16 * KB, 32 * KB, 48 * KB];
const KEPLER_37: &[u32] = &[80 * KB, 96 * KB, 112 * KB];
const VOLTA: &[u32] = &[0, 8 * KB, 16 * KB, 32 * KB, 64 * KB, 96 * KB];
const TURING: &[u32] = &[32 * KB, 64 * KB];
const GA100: &[u32] = &[
    0,
    8 * KB,
    16 * KB,
    32 * KB,
    64 * KB,
    100 * KB,
    132 * KB,
    164 * KB,
];
const GA10X: &[u32] = &[0, 8 * KB, 16 * KB, 32 * KB, 64 * KB, 100 * KB];
const HOPPER: &[u32] = &[
    0,
    8 * KB,
    16 * KB,
    32 * KB,
    64 * KB,
    100 * KB,
    132 * KB,
    164 * KB,
    196 * KB,
    228 * KB,
];

/// The compute capabilities supported, for messages.
pub const SUPPORTED: &str = "1.0–1.3, 2.0, 2.1, 3.0, 3.2, 3.5, 3.7, 5.0, 5.2, 5.3, 6.0–6.2, 7.0, 7.2, 7.5, 8.0, 8.6, 8.7, 8.9, 9.0, 10.0 or 12.0";

/// The properties of compute capability `major.minor`.
pub fn arch_limits(major: u8, minor: u8) -> Result<ArchLimits, InputError> {
    // (max warps/SM, max blocks/SM, regs/SM, max regs/block, max regs/thread, smem/SM,
    //  max smem/block, opt-in smem/block, carveouts)
    #[rustfmt::skip]
    let (warps, blocks, regs, regs_block, regs_thread, smem, smem_block, optin, configs): (u32, u32, u32, u32, u32, u32, u32, u32, &'static [u32]) = match (major, minor) {
        (1, 0) | (1, 1) => (24, 8, 8 * KB, 8 * KB, 124, 16 * KB, 16 * KB, 16 * KB, &[16 * KB]),
        (1, 2) | (1, 3) => (32, 8, 16 * KB, 16 * KB, 124, 16 * KB, 16 * KB, 16 * KB, &[16 * KB]),
        (2, 0) | (2, 1) => (48, 8, 32 * KB, 32 * KB, 63, 48 * KB, 48 * KB, 48 * KB, FERMI),
        (3, 0) => (64, 16, 64 * KB, 64 * KB, 63, 48 * KB, 48 * KB, 48 * KB, KEPLER),
        (3, 2) => (64, 16, 64 * KB, 32 * KB, 255, 48 * KB, 48 * KB, 48 * KB, KEPLER),
        (3, 5) => (64, 16, 64 * KB, 64 * KB, 255, 48 * KB, 48 * KB, 48 * KB, KEPLER),
        (3, 7) => (64, 16, 128 * KB, 64 * KB, 255, 112 * KB, 48 * KB, 48 * KB, KEPLER_37),
        (5, 0) => (64, 32, 64 * KB, 64 * KB, 255, 64 * KB, 48 * KB, 48 * KB, &[64 * KB]),
        (5, 2) => (64, 32, 64 * KB, 64 * KB, 255, 96 * KB, 48 * KB, 48 * KB, &[96 * KB]),
        (5, 3) => (64, 32, 64 * KB, 32 * KB, 255, 64 * KB, 48 * KB, 48 * KB, &[64 * KB]),
        (6, 0) => (64, 32, 64 * KB, 64 * KB, 255, 64 * KB, 48 * KB, 48 * KB, &[64 * KB]),
        (6, 1) => (64, 32, 64 * KB, 64 * KB, 255, 96 * KB, 48 * KB, 48 * KB, &[96 * KB]),
        (6, 2) => (64, 32, 64 * KB, 32 * KB, 255, 64 * KB, 48 * KB, 48 * KB, &[64 * KB]),
        (7, 0) | (7, 2) => (64, 32, 64 * KB, 64 * KB, 255, 96 * KB, 48 * KB, 96 * KB, VOLTA),
        (7, 5) => (32, 16, 64 * KB, 64 * KB, 255, 64 * KB, 48 * KB, 64 * KB, TURING),
        (8, 0) => (64, 32, 64 * KB, 64 * KB, 255, 164 * KB, 48 * KB, 163 * KB, GA100),
        (8, 6) => (48, 16, 64 * KB, 64 * KB, 255, 100 * KB, 48 * KB, 99 * KB, GA10X),
        (8, 7) => (48, 16, 64 * KB, 64 * KB, 255, 164 * KB, 48 * KB, 163 * KB, GA100),
        (8, 9) => (48, 24, 64 * KB, 64 * KB, 255, 100 * KB, 48 * KB, 99 * KB, GA10X),
        (9, 0) => (64, 32, 64 * KB, 64 * KB, 255, 228 * KB, 48 * KB, 227 * KB, HOPPER),
        (10, 0) => (64, 32, 64 * KB, 64 * KB, 255, 228 * KB, 48 * KB, 227 * KB, HOPPER),
        // cuda_occupancy.h (12.8, 13.5) caps CC 12 at 24 blocks per SM.
        (12, 0) => (48, 24, 64 * KB, 64 * KB, 255, 100 * KB, 48 * KB, 99 * KB, GA10X),
        _ => {
            return Err(InputError::new(
                "compute_capability",
                format!("{major}.{minor} is not supported: use {SUPPORTED}"),
            ))
        }
    };
    let tesla = major == 1;
    Ok(ArchLimits {
        major,
        minor,
        threads_per_warp: 32,
        max_threads_per_block: if tesla { 512 } else { 1024 },
        max_warps_per_sm: warps,
        max_blocks_per_sm: blocks,
        registers_per_sm: regs,
        max_registers_per_block: regs_block,
        max_registers_per_thread: regs_thread,
        register_granularity: if tesla {
            RegisterGranularity::Block
        } else {
            RegisterGranularity::Warp
        },
        warp_alloc_granularity: if tesla { 2 } else { 1 },
        register_sub_partitions: match (major, minor) {
            (1, _) => 1,
            (2, _) | (6, 0) => 2,
            _ => 4,
        },
        shared_mem_per_sm: smem,
        max_shared_mem_per_block: smem_block,
        max_shared_mem_per_block_optin: optin,
        shared_mem_alloc_unit: match major {
            1 => 512,
            2 => 128,
            3..=7 => 256,
            _ => 128,
        },
        shared_mem_reserved_per_block: if major >= 8 { KB } else { 0 },
        shared_mem_configs: configs,
        partitioned_gc: matches!((major, minor), (5, 2) | (5, 3) | (6, 1) | (6, 2)),
    })
}

/// The architecture a compute capability belongs to, as NVIDIA names it ("Hopper" for 9.0);
/// `None` for a capability no GPU has.
pub fn architecture(cc: (u8, u8)) -> Option<&'static str> {
    Some(match cc {
        (1, _) => "Tesla",
        (2, _) => "Fermi",
        (3, _) => "Kepler",
        (5, _) => "Maxwell",
        (6, _) => "Pascal",
        (7, 0) | (7, 2) => "Volta",
        (7, 5) => "Turing",
        (8, 9) => "Ada Lovelace",
        (8, _) => "Ampere",
        (9, _) => "Hopper",
        (10, _) | (11, _) | (12, _) => "Blackwell",
        _ => return None,
    })
}

/// "compute capability 9.0 (Hopper)".
pub fn describe_capability(cc: (u8, u8)) -> String {
    match architecture(cc) {
        Some(a) => format!("compute capability {}.{} ({a})", cc.0, cc.1),
        None => format!("compute capability {}.{}", cc.0, cc.1),
    }
}
