//! Occupancy: the CUDA Best Practices Guide case and one hand computation per architecture
//! family, covering every limiter, and the errors that name a field.

use warpsight::devices;
use warpsight::model::occupancy::{
    arch_limits, curve, occupancy, occupancy_with, Axis, Config, KernelResources, Limiter,
};

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
        (10, 0),
        (12, 0),
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

/// Active blocks per SM of a preset's compute capability.
fn on(device: &str, threads: u32, regs: u32, smem: u32) -> Result<u32, String> {
    let d = devices::find(device).ok_or("no such preset")?;
    let (major, minor) = d.compute_capability.ok_or("not a GPU")?.value;
    occupancy(major, minor, &k(threads, regs, smem))
        .map(|o| o.active_blocks_per_sm)
        .map_err(|e| e.to_string())
}

/// The cases where the previous build disagreed with NVIDIA's `cuda_occupancy.h`.
#[test]
fn agrees_with_cuda_occupancy_h() {
    // CC 8.x and 9.0 allocate shared memory in 128-byte units (with 1 KB reserved per block).
    // H100: (9036 + 1024) → 10112; 233472 / 10112 = 23.
    assert_eq!(on("h100", 32, 21, 9036), Ok(23));
    // A100: (8800 + 1024) → 9856; 167936 / 9856 = 17.
    assert_eq!(on("a100", 64, 32, 8800), Ok(17));
    // RTX 4090: (6671 + 1024) → 7808; 102400 / 7808 = 13.
    assert_eq!(on("rtx4090", 64, 10, 6671), Ok(13));
    // CC 1.x allocates warps in pairs: 3 warps → 4, 24 / 4 = 6; 5 → 6, 32 / 6 = 5.
    assert_eq!(on("8800gtx", 96, 8, 0), Ok(6));
    assert_eq!(on("gtx280", 160, 8, 0), Ok(5));
    // CC 2.x: 21 registers → 672 per warp, in units of 128 → 768; 16384 / 768 = 21 warps per
    // sub-partition × 2 = 42 warps; 9 warps per block → 4.
    assert_eq!(on("c2050", 288, 21, 0), Ok(4));
    // 38 registers → 1216 → 1280 per warp; 25 warps = 32000 ≤ 32768, but the hardware check
    // assumes 26 warps (a multiple of 2 sub-partitions): 33280 > 32768 → does not fit.
    let e = on("m2090", 800, 38, 0).unwrap_err();
    assert!(
        e.starts_with("registers_per_thread: a block of 800 threads does not fit"),
        "{e}"
    );
}

#[test]
fn sub_partitions_and_the_hardware_register_check() {
    let a = |major, minor| arch_limits(major, minor).expect("supported");
    assert_eq!(a(6, 0).register_sub_partitions, 2);
    assert_eq!(a(6, 1).register_sub_partitions, 4);
    assert_eq!(a(2, 0).register_sub_partitions, 2);
    // CC 3.7: 80 registers → 2560 per warp; 25 warps = 64000 ≤ 65536, but the check assumes
    // 28 warps: 71680 > 65536 → 0 blocks.
    assert!(occupancy(3, 7, &k(800, 80, 0)).is_err());
    // The same check on CC 3.2, 5.3 and 6.2, whose blocks may hold 32 K registers:
    // 128 threads × 64 registers = 2048 per warp × 4 = 8192 fits; 1024 threads × 32
    // registers = 1024 per warp × 32 warps = 32768 fits exactly; × 33 threads' worth does not.
    for (major, minor) in [(3, 2), (5, 3), (6, 2)] {
        assert!(
            occupancy(major, minor, &k(1024, 32, 0)).is_ok(),
            "{major}.{minor}"
        );
        assert!(
            occupancy(major, minor, &k(1024, 33, 0)).is_err(),
            "{major}.{minor}"
        );
        // 800 threads (25 warps) × 40 registers (1280 per warp): 32000 allocated, but 28
        // assumed warps need 35840 > 32768.
        assert!(
            occupancy(major, minor, &k(800, 40, 0)).is_err(),
            "{major}.{minor}"
        );
    }
    // CC 6.0 with 2 sub-partitions: 64 registers → 2048 per warp; 32768 per partition → 16
    // warps × 2 = 32; 256 threads = 8 warps → 4 blocks.
    assert_eq!(
        occupancy(6, 0, &k(256, 64, 0)).map(|o| o.active_blocks_per_sm),
        Ok(4)
    );
}

#[test]
fn partitioned_global_caching_on_cc_5_2() {
    // 85 registers → 2720 → 2816 per warp; 16384 / 2816 = 5 warps per sub-partition.
    // Off: 5 × 4 = 20 warps / 4 per block = 5 blocks. On: a block lives in half the SM:
    // (5 × 2) / 4 = 2 per half × 2 = 4 blocks.
    let a = arch_limits(5, 2).expect("5.2");
    assert!(a.partitioned_gc);
    let off = occupancy_with(&a, &k(128, 85, 0), &Config::default()).expect("fits");
    assert_eq!((off.active_blocks_per_sm, off.partitioned_gc), (5, false));
    let on = Config {
        partitioned_gc: true,
        ..Config::default()
    };
    let o = occupancy_with(&a, &k(128, 85, 0), &on).expect("fits");
    assert_eq!((o.active_blocks_per_sm, o.partitioned_gc), (4, true));
    // A block that does not fit half an SM turns caching off (as the header's GC_ON does):
    // 40 registers → 1280 per warp, 12 warps per sub-partition; half an SM holds 24 < 32.
    let big = occupancy_with(&a, &k(1024, 40, 0), &on).expect("fits");
    assert_eq!((big.active_blocks_per_sm, big.partitioned_gc), (1, false));
    // Not offered where the CC does not have it.
    assert!(!arch_limits(6, 0).expect("6.0").partitioned_gc);
    assert!(!arch_limits(7, 0).expect("7.0").partitioned_gc);
    let o = occupancy_with(&arch_limits(7, 0).expect("7.0"), &k(128, 85, 0), &on).expect("fits");
    assert!(!o.partitioned_gc);
}

#[test]
fn shared_memory_carveouts() {
    let a = arch_limits(8, 0).expect("8.0");
    assert_eq!(a.shared_mem_configs.last(), Some(&(164 * 1024)));
    // 20 KB per block (+1 KB reserved = 21504, already a multiple of 128): the default
    // carveout is the largest (164 KB → 7 blocks); a 64 KB carveout gives 3.
    let kernel = k(128, 16, 20 * 1024);
    let default = occupancy_with(&a, &kernel, &Config::default()).expect("fits");
    assert_eq!(default.active_blocks_per_sm, 7);
    let small = Config {
        shared_mem_per_sm: Some(64 * 1024),
        ..Config::default()
    };
    assert_eq!(
        occupancy_with(&a, &kernel, &small).map(|o| o.active_blocks_per_sm),
        Ok(3)
    );
    // A carveout smaller than one block: the driver takes the next size that fits (32 KB → 1).
    let tiny = Config {
        shared_mem_per_sm: Some(8 * 1024),
        ..Config::default()
    };
    let o = occupancy_with(&a, &kernel, &tiny).expect("fits");
    assert_eq!(
        (o.shared_mem_per_sm, o.active_blocks_per_sm),
        (32 * 1024, 1)
    );
    // A size the CC does not have is an error naming the field and the sizes.
    let bad = Config {
        shared_mem_per_sm: Some(50 * 1024),
        ..Config::default()
    };
    let e = occupancy_with(&a, &kernel, &bad).unwrap_err();
    assert_eq!(e.field, "shared_mem_per_sm_kb");
    assert!(
        e.message.contains("0, 8, 16, 32, 64, 100, 132, 164 KB"),
        "{}",
        e.message
    );
    // Fermi: 16 or 48 KB; 20 KB blocks fit 2 in 48 KB, and the 16 KB choice cannot hold one,
    // so the largest is used (before Volta the header falls back to it).
    let f = arch_limits(2, 0).expect("2.0");
    let fermi_small = Config {
        shared_mem_per_sm: Some(16 * 1024),
        ..Config::default()
    };
    assert_eq!(
        occupancy_with(&f, &kernel, &fermi_small).map(|o| o.active_blocks_per_sm),
        Ok(2)
    );
}

/// One hand computation per family, 1.0 to 12.0.
#[test]
fn one_case_per_family() {
    // (major, minor, threads, registers, shared bytes) → (blocks, limiter)
    let cases = [
        // 1.1: 192 threads = 6 warps → 24/6 = 4; regs 10 × 32 × 6 = 1920 → 2048 (unit 256),
        // 8192/2048 = 4; smem 4000 → 4096 (unit 512), 16384/4096 = 4. Warps win the tie.
        (1, 1, 192, 10, 4000, 4, Limiter::Warps),
        // 2.1: 512 threads = 16 warps → 48/16 = 3; 20 regs → 640 per warp (unit 64) →
        // 16384/640 = 25 × 2 = 50/16 = 3. Warps first.
        (2, 1, 512, 20, 0, 3, Limiter::Warps),
        // 3.0: 64 threads = 2 warps → 32; block slots 16.
        (3, 0, 64, 20, 0, 16, Limiter::Blocks),
        // 3.5: 256 threads, 12 KB → 12288 (unit 256); 49152/12288 = 4.
        (3, 5, 256, 32, 12 * 1024, 4, Limiter::SharedMemory),
        // 5.0: 128 threads × 128 regs = 4096 per warp; 16384/4096 = 4 × 4 = 16 warps → 4.
        (5, 0, 128, 128, 0, 4, Limiter::Registers),
        // 6.1: 64 threads, 3 KB → 3072; 98304/3072 = 32 = block slots = 64/2 warp slots
        // (warps are reported first).
        (6, 1, 64, 16, 3 * 1024, 32, Limiter::Warps),
        // 6.1, 4 KB: 98304/4096 = 24 blocks.
        (6, 1, 64, 16, 4 * 1024, 24, Limiter::SharedMemory),
        // 7.5: 1024 threads = 32 warps = every warp slot → 1.
        (7, 5, 1024, 32, 0, 1, Limiter::Warps),
        // 8.6: 128 threads × 64 regs → 2048 per warp → 32 warps → 8 blocks (warps 48/4 = 12).
        (8, 6, 128, 64, 0, 8, Limiter::Registers),
        // 8.7: 256 threads, 40 KB + 1 KB → 41984; 167936/41984 = 4.
        (8, 7, 256, 16, 40 * 1024, 4, Limiter::SharedMemory),
        // 8.9: 32 threads → 48 warp slots, 24 block slots.
        (8, 9, 32, 16, 0, 24, Limiter::Blocks),
        // 9.0: 512 threads × 80 regs → 2560 per warp; 16384/2560 = 6 × 4 = 24 warps / 16 → 1.
        (9, 0, 512, 80, 0, 1, Limiter::Registers),
        // 10.0: 128 threads, 56 KB + 1 KB = 58368 → 228 KB / 58368 = 4.
        (10, 0, 128, 32, 56 * 1024, 4, Limiter::SharedMemory),
        // 12.0: 64 threads (2 warps): 48/2 = 24 = the header's 24 block slots (warps first).
        (12, 0, 64, 32, 0, 24, Limiter::Warps),
    ];
    for (major, minor, t, r, s, blocks, limiter) in cases {
        let o = occupancy(major, minor, &k(t, r, s)).expect("fits");
        assert_eq!(
            (o.active_blocks_per_sm, o.limiter),
            (blocks, limiter),
            "{major}.{minor}"
        );
    }
}

#[test]
fn occupancy_curves_like_the_calculator() {
    let a = arch_limits(7, 0).expect("7.0");
    let kernel = k(128, 37, 0);
    let threads = curve(&a, &kernel, &Config::default(), Axis::ThreadsPerBlock);
    assert_eq!(threads.len(), 32);
    assert_eq!(threads.iter().find(|p| p.0 == 128), Some(&(128, 48)));
    assert_eq!(threads.iter().find(|p| p.0 == 320), Some(&(320, 40)));
    let regs = curve(&a, &kernel, &Config::default(), Axis::RegistersPerThread);
    assert_eq!(regs.len(), 256);
    assert_eq!(regs[32], (32, 64)); // 1024 per warp → 16 warps per partition → full
    let smem = curve(&a, &kernel, &Config::default(), Axis::SharedMemPerBlock);
    assert_eq!(smem[0], (0, 48));
    assert!(smem.iter().all(|p| p.1 <= 64));
}
