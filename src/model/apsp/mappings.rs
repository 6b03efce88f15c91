//! Eqs. 14–18 and Sorted: the busiest SM's warps under each mapping.

use super::categories::BlockKind;

/// Eq. 14, *Min*: warps dealt round robin, ignoring block boundaries.
pub fn warps_per_sm_min(warps: u64, sms: u64) -> u64 {
    warps.div_ceil(sms)
}

/// Eq. 15, *Full*: every block counted as full, blocks dealt round robin.
pub fn warps_per_sm_full(blocks: u64, sms: u64, warps_per_block_full: u64) -> u64 {
    blocks_per_sm_full(blocks, sms) * warps_per_block_full
}

/// The blocks eq. 15 puts on the busiest SM: ⌈GridWidth² / #SMs⌉.
pub fn blocks_per_sm_full(blocks: u64, sms: u64) -> u64 {
    blocks.div_ceil(sms)
}

/// Eq. 16 with ⌊ ⌋ (docs/models.md: the printed ⌈ ⌉ makes eq. 17 negative): the blocks of the
/// whole rounds of buckets of #BlocksPerSM_Occ blocks each SM gets.
pub fn blocks_1(blocks: u64, blocks_per_sm_occ: u64, sms: u64) -> u64 {
    blocks / (blocks_per_sm_occ * sms) * blocks_per_sm_occ
}

/// Eq. 17, clamped at 0: the busiest SM's share of the last, partial round.
pub fn blocks_2(blocks: u64, blocks_1: u64, sms: u64, blocks_per_sm_occ: u64) -> u64 {
    blocks.saturating_sub(blocks_1 * sms).min(blocks_per_sm_occ)
}

/// Eq. 18, *Buckets*: (#Blocks_1 + #Blocks_2) full blocks on the busiest SM.
pub fn warps_per_sm_buckets(blocks_1: u64, blocks_2: u64, warps_per_block_full: u64) -> u64 {
    (blocks_1 + blocks_2) * warps_per_block_full
}

/// *Sorted* (§4.4.2, formula omitted in the paper): the blocks, most active warps first, each
/// go to the SM with the fewest accumulated warps; the result is the largest SM load.
///
/// Blocks of one category are identical, so each category is placed at once: handing `k`
/// equal blocks of `w` warps to the least-loaded SM one by one takes the `k` smallest of the
/// loads l + j·w (j ≥ 0) over all SMs, found by bisection on the threshold. Which of several
/// equally loaded SMs takes a block does not change the multiset of loads, so SMs are kept as
/// (load, how many SMs) levels — at most 2⁴ of them for four categories.
pub fn warps_per_sm_sorted(kinds: &[BlockKind], sms: u64) -> u64 {
    let mut kinds: Vec<BlockKind> = kinds
        .iter()
        .copied()
        .filter(|k| k.count > 0 && k.warps > 0)
        .collect();
    crate::small_sort::sort_by_key(&mut kinds, |k| std::cmp::Reverse(k.warps));
    let mut levels: Vec<(u64, u64)> = vec![(0, sms)];
    for kind in kinds {
        levels = place(&levels, kind.count, kind.warps);
    }
    levels.iter().map(|l| l.0).max().unwrap_or(0)
}

/// Entries l + j·w ≤ t over all levels (how many of the greedy's picks cost at most t).
fn picks_up_to(levels: &[(u64, u64)], w: u64, t: u64) -> u64 {
    levels
        .iter()
        .filter(|(l, _)| t >= *l)
        .map(|(l, c)| c.saturating_mul((t - l) / w + 1))
        .fold(0u64, u64::saturating_add)
}

/// Places `k` blocks of `w` warps on the least-loaded SMs, one at a time (see
/// [`warps_per_sm_sorted`]); returns the new levels, sorted and merged.
fn place(levels: &[(u64, u64)], k: u64, w: u64) -> Vec<(u64, u64)> {
    let lo = levels.iter().map(|l| l.0).min().unwrap_or(0);
    // The smallest threshold t with at least k picks ≤ t.
    let (mut a, mut b) = (lo, lo.saturating_add(k.saturating_mul(w)));
    while a < b {
        let mid = a + (b - a) / 2;
        if picks_up_to(levels, w, mid) >= k {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    let t = a;
    let below = if t == 0 {
        0
    } else {
        picks_up_to(levels, w, t - 1)
    };
    let mut at_t = k - below; // picks of exactly t still to give
    let mut next: Vec<(u64, u64)> = Vec::with_capacity(levels.len() * 2);
    for &(l, c) in levels {
        let taken = if t > l { (t - 1 - l) / w + 1 } else { 0 };
        let base = l + taken * w;
        if t >= l && (t - l) % w == 0 && at_t > 0 {
            let extra = at_t.min(c);
            at_t -= extra;
            next.push((base + w, extra));
            if c > extra {
                next.push((base, c - extra));
            }
        } else {
            next.push((base, c));
        }
    }
    next.sort_unstable();
    next.dedup_by(|x, y| {
        if x.0 == y.0 {
            y.1 += x.1;
            true
        } else {
            false
        }
    });
    next
}
