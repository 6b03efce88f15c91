//! Eqs. 6–13: warps per thread-block category.

/// #WarpsPerBlock(x)_Dev: `x` warps rounded up to a multiple of WarpGranularity (docs/models.md's
/// reading of the argument of eqs. 7, 9, 11 and 13: each row of a block starts a new warp).
pub fn warps_per_block_dev(warps: u64, warp_granularity: u64) -> u64 {
    warps.div_ceil(warp_granularity) * warp_granularity
}

/// Eq. 7: warps of a full block, ⌈BlockSize / #ThreadsPerWarp⌉ per row, BlockSize rows.
pub fn warps_per_block_full(block_size: u64, threads_per_warp: u64, granularity: u64) -> u64 {
    warps_per_block_dev(
        block_size.div_ceil(threads_per_warp) * block_size,
        granularity,
    )
}

/// Eq. 8: active warps in the ⌊n / BlockSize⌋² full blocks.
pub fn warps_full(n: u64, block_size: u64, warps_per_block_full: u64) -> u64 {
    (n / block_size).pow(2) * warps_per_block_full
}

/// Eq. 9: warps of a right block: (n mod BlockSize) active threads on each of BlockSize rows.
pub fn warps_per_block_right(n: u64, block_size: u64, threads_per_warp: u64, g: u64) -> u64 {
    warps_per_block_dev((n % block_size).div_ceil(threads_per_warp) * block_size, g)
}

/// Eq. 10: active warps in the ⌈n / BlockSize⌉ − 1 right blocks.
pub fn warps_right(n: u64, block_size: u64, warps_per_block_right: u64) -> u64 {
    (grid_width(n, block_size) - 1) * warps_per_block_right
}

/// Eq. 11: warps of a bottom block: (n mod BlockSize) rows of BlockSize active threads.
pub fn warps_per_block_bottom(n: u64, block_size: u64, threads_per_warp: u64, g: u64) -> u64 {
    warps_per_block_dev(block_size.div_ceil(threads_per_warp) * (n % block_size), g)
}

/// Eq. 12: active warps in the ⌈n / BlockSize⌉ − 1 bottom blocks.
pub fn warps_bottom(n: u64, block_size: u64, warps_per_block_bottom: u64) -> u64 {
    (grid_width(n, block_size) - 1) * warps_per_block_bottom
}

/// Eq. 13: warps of the last block: (n mod BlockSize) rows of (n mod BlockSize) threads.
pub fn warps_last(n: u64, block_size: u64, threads_per_warp: u64, g: u64) -> u64 {
    let r = n % block_size;
    warps_per_block_dev(r.div_ceil(threads_per_warp) * r, g)
}

/// GridWidth = ⌈n / BlockSize⌉ (§3.3): the grid is GridWidth × GridWidth blocks.
pub fn grid_width(n: u64, block_size: u64) -> u64 {
    n.div_ceil(block_size)
}

/// The blocks of one category: how many, and the active warps of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockKind {
    pub count: u64,
    pub warps: u64,
}

/// The four categories of §4.3 (full, right, bottom, last); eq. 6's #Warps is their sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Categories {
    pub full: BlockKind,
    pub right: BlockKind,
    pub bottom: BlockKind,
    pub last: BlockKind,
    /// Eqs. 8, 10 and 12: the active warps of all full, right and bottom blocks.
    pub warps_full: u64,
    pub warps_right: u64,
    pub warps_bottom: u64,
}

impl Categories {
    pub fn of(n: u64, block_size: u64, threads_per_warp: u64, g: u64) -> Categories {
        let q = n / block_size;
        let partial = !n.is_multiple_of(block_size);
        let edge = if partial {
            grid_width(n, block_size) - 1
        } else {
            0
        };
        let (full, right, bottom) = (
            warps_per_block_full(block_size, threads_per_warp, g),
            warps_per_block_right(n, block_size, threads_per_warp, g),
            warps_per_block_bottom(n, block_size, threads_per_warp, g),
        );
        Categories {
            full: BlockKind {
                count: q * q,
                warps: full,
            },
            right: BlockKind {
                count: edge,
                warps: right,
            },
            bottom: BlockKind {
                count: edge,
                warps: bottom,
            },
            last: BlockKind {
                count: u64::from(partial),
                warps: warps_last(n, block_size, threads_per_warp, g),
            },
            warps_full: warps_full(n, block_size, full),
            warps_right: warps_right(n, block_size, right),
            warps_bottom: warps_bottom(n, block_size, bottom),
        }
    }

    pub fn all(&self) -> [BlockKind; 4] {
        [self.full, self.right, self.bottom, self.last]
    }

    /// Eq. 6: #Warps = #Warps_Full + #Warps_Right + #Warps_Bottom + #Warps_Last (eqs. 8, 10,
    /// 12; the last block, when there is one, is eq. 13's).
    pub fn warps(&self) -> u64 {
        self.warps_full + self.warps_right + self.warps_bottom + self.last.count * self.last.warps
    }

    /// All blocks of the grid, GridWidth².
    pub fn blocks(&self) -> u64 {
        self.all().iter().map(|k| k.count).sum()
    }
}
