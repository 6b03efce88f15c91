//! Occupancy: the CUDA Best Practices Guide case and one hand computation per architecture
//! family, covering every limiter, and the errors that name a field.

use warpsight::model::occupancy::{arch_limits, occupancy, KernelResources, Limiter};

fn k(threads: u32, regs: u32, smem: u32) -> KernelResources {
    KernelResources {
        threads_per_block: threads,
        registers_per_thread: regs,
        shared_mem_per_block: smem,
    }
}

/// (active blocks, active warps, limiter)
fn occ(major: u8, minor: u8, kernel: KernelResources) -> (u32, u32, Limiter, f64) {
    let o = occupancy(major, minor, &kernel).expect("valid kernel");
    (
        o.active_blocks_per_sm,
        o.active_warps_per_sm,
        o.limiter,
        o.occupancy,
    )
}

#[test]
fn best_practices_guide_cc_7_0_37_registers() {
    // 37 × 32 = 1184 → 1280 registers per warp (unit 256); 16384 per scheduler partition
    // → 12 warps × 4 = 48 warps. 128 threads = 4 warps → 12 blocks, 48/64 = 75 %.
    assert_eq!(occ(7, 0, k(128, 37, 0)), (12, 48, Limiter::Registers, 0.75));
    // 320 threads = 10 warps → 4 blocks, 40/64 = 62.5 % ("63 %").
    assert_eq!(occ(7, 0, k(320, 37, 0)), (4, 40, Limiter::Registers, 0.625));
}

#[test]
fn tesla_cc_1_0_hong_kim_example() {
    // 128 threads = 4 warps; 4 × 32 × 12 = 1536 registers per block; 8192 / 1536 = 5 blocks
    // (warps allow 24/4 = 6, shared memory 16384/2048 = 8): the paper's 5 active blocks.
    let (b, w, l, o) = occ(1, 0, k(128, 12, 2048));
    assert_eq!((b, w, l), (5, 20, Limiter::Registers));
    assert_eq!(o, 20.0 / 24.0);
}

#[test]
fn tesla_cc_1_0_mat_tiled_table_5() {
    // Table 5 Mat.(tiled): 18 registers, 3960 B shared memory; 256 threads = 8 warps.
    // Registers 8 × 32 × 18 = 4608 → 8192/4608 = 1; warps 24/8 = 3; smem ⌈3960⌉512 = 4096
    // → 4. One block: 8/24 warps.
    let o = occupancy(1, 0, &k(256, 18, 3960)).expect("fits");
    assert_eq!(o.blocks_limited_by_registers, 1);
    assert_eq!(o.blocks_limited_by_warps, 3);
    assert_eq!(o.blocks_limited_by_shared_mem, 4);
    assert_eq!(o.blocks_limited_by_blocks, 8);
    assert_eq!((o.active_blocks_per_sm, o.limiter), (1, Limiter::Registers));
}

#[test]
fn tesla_cc_1_3_warps_win_ties() {
    // 256 threads = 8 warps: warps 32/8 = 4; registers 8 × 32 × 16 = 4096 (unit 512)
    // → 16384/4096 = 4. A tie: warps are reported first. Full occupancy.
    assert_eq!(occ(1, 3, k(256, 16, 0)), (4, 32, Limiter::Warps, 1.0));
}

#[test]
fn fermi_cc_2_0() {
    // 192 threads = 6 warps; 21 × 32 = 672 → 704 (unit 64); 16384 per half → 23 warps × 2
    // = 46 → 7 blocks = 42 warps of 48.
    assert_eq!(occ(2, 0, k(192, 21, 0)), (7, 42, Limiter::Registers, 0.875));
}

#[test]
fn kepler_cc_3_5_block_slots() {
    // 64 threads = 2 warps, 16 registers: warps allow 32 blocks, registers 64; 16 block slots.
    assert_eq!(occ(3, 5, k(64, 16, 0)), (16, 32, Limiter::Blocks, 0.5));
}

#[test]
fn maxwell_cc_5_2_shared_memory() {
    // 20 KB per block (unit 256): 96 KB / 20 KB = 4 blocks of 8 warps = 32/64.
    assert_eq!(
        occ(5, 2, k(256, 32, 20 * 1024)),
        (4, 32, Limiter::SharedMemory, 0.5)
    );
}

#[test]
fn pascal_cc_6_0_and_6_1() {
    // 1024 threads = 32 warps, 64 registers: 2048 per warp → 8 per partition → 32 warps
    // → 1 block (warps would allow 2).
    assert_eq!(occ(6, 0, k(1024, 64, 0)), (1, 32, Limiter::Registers, 0.5));
    // 48 KB of shared memory on 96 KB → 2 blocks of 4 warps.
    assert_eq!(
        occ(6, 1, k(128, 0, 48 * 1024)),
        (2, 8, Limiter::SharedMemory, 0.125)
    );
}

#[test]
fn turing_cc_7_5_warps() {
    // 32 warps per SM: 128 threads → 8 blocks (registers allow 16, blocks 16).
    assert_eq!(occ(7, 5, k(128, 32, 0)), (8, 32, Limiter::Warps, 1.0));
}

#[test]
fn ampere_reserves_1_kb_per_block() {
    // CC 8.6, 48 KB per block: (48 + 1) KB each, 100 KB per SM → 2 blocks.
    assert_eq!(occ(8, 6, k(128, 0, 48 * 1024)).0, 2);
    // 50 KB: (50 + 1) × 2 = 102 KB > 100 KB → 1 block; without the reservation it would be 2.
    assert_eq!(
        occ(8, 6, k(128, 0, 50 * 1024)),
        (1, 4, Limiter::SharedMemory, 4.0 / 48.0)
    );
    // CC 8.0: 164 KB per SM, 40 KB + 1 KB per block → 4 blocks.
    assert_eq!(occ(8, 0, k(128, 0, 40 * 1024)).0, 4);
    let a = arch_limits(8, 0).expect("8.0");
    assert_eq!(a.shared_mem_reserved_per_block, 1024);
    assert_eq!(
        arch_limits(7, 5)
            .expect("7.5")
            .shared_mem_reserved_per_block,
        0
    );
}

#[test]
fn ada_cc_8_9_block_slots() {
    // 24 block slots, 48 warps: 32-thread blocks → 24 blocks, 24/48 warps.
    assert_eq!(occ(8, 9, k(32, 32, 0)), (24, 24, Limiter::Blocks, 0.5));
}

#[test]
fn hopper_cc_9_0_shared_memory() {
    // 228 KB per SM; 100 KB + 1 KB per block → 2 blocks of 8 warps = 16/64.
    assert_eq!(
        occ(9, 0, k(256, 0, 100 * 1024)),
        (2, 16, Limiter::SharedMemory, 0.25)
    );
}

#[test]
fn errors_name_the_field_and_range() {
    let e = occupancy(7, 0, &k(0, 32, 0)).unwrap_err();
    assert_eq!(e.field, "threads_per_block");
    assert_eq!(
        e.message,
        "must be a whole number from 1 to 1024 on compute capability 7.0"
    );
    assert_eq!(
        occupancy(7, 0, &k(2048, 32, 0)).unwrap_err().field,
        "threads_per_block"
    );
    assert_eq!(
        occupancy(1, 0, &k(1024, 8, 0)).unwrap_err().field,
        "threads_per_block"
    );
    assert_eq!(
        occupancy(7, 0, &k(128, 300, 0)).unwrap_err().field,
        "registers_per_thread"
    );
    assert_eq!(
        occupancy(4, 0, &k(128, 32, 0)).unwrap_err().field,
        "compute_capability"
    );
    assert_eq!(
        occupancy(7, 5, &k(128, 0, 65 * 1024)).unwrap_err().field,
        "shared_mem_per_block"
    );
    // 512 threads on CC 1.0 fit only with ≤ 16 registers: 16 warps × 32 × 16 = 8192.
    let e = occupancy(1, 0, &k(512, 60, 0)).unwrap_err();
    assert_eq!(e.field, "registers_per_thread");
    assert!(
        e.message.ends_with("use at most 16 registers per thread"),
        "{}",
        e.message
    );
    assert!(occupancy(1, 0, &k(512, 16, 0)).is_ok());
}

#[test]
fn every_supported_capability_has_sane_limits() {
    for (major, minor) in [
        (1, 0),
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 0),
        (2, 1),
        (3, 0),
        (3, 2),
        (3, 5),
        (3, 7),
        (5, 0),
        (5, 2),
        (5, 3),
        (6, 0),
        (6, 1),
        (6, 2),
        (7, 0),
        (7, 2),
        (7, 5),
        (8, 0),
        (8, 6),
        (8, 7),
        (8, 9),
        (9, 0),
    ] {
        let a = arch_limits(major, minor).expect("supported");
        assert!(
            a.max_warps_per_sm * 32 >= a.max_threads_per_block,
            "{major}.{minor}"
        );
        assert!(
            a.max_shared_mem_per_block <= a.shared_mem_per_sm,
            "{major}.{minor}"
        );
        // The smallest kernel always fits.
        let o = occupancy(major, minor, &k(32, 16, 0)).expect("fits");
        assert!(o.active_blocks_per_sm >= 1 && o.occupancy <= 1.0);
    }
}
