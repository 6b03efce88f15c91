//! warpsight's occupancy of each launch beside the profiler's own figures, and where the two
//! disagree.

use super::*;

/// Occupancy percentages closer than this count as agreeing (the profiler prints two
/// decimals).
const PCT_TOLERANCE: f64 = 0.5;

impl OccupancyFigures {
    /// Each figure as a disagreement names it and as the page labels it, its value, and how
    /// far two values may be apart and agree (warps and block limits must be equal).
    pub fn figures(&self) -> [(&'static str, &'static str, Option<f64>, f64); 6] {
        [
            (
                "theoretical occupancy (%)",
                "Theoretical occupancy (%)",
                self.occupancy_pct,
                PCT_TOLERANCE,
            ),
            (
                "theoretical active warps per SM",
                "Active warps per SM",
                self.active_warps,
                0.5,
            ),
            (
                "block limit registers",
                "Block limit: registers",
                self.limit_registers,
                0.5,
            ),
            (
                "block limit shared memory",
                "Block limit: shared memory",
                self.limit_shared_mem,
                0.5,
            ),
            (
                "block limit warps",
                "Block limit: warps",
                self.limit_warps,
                0.5,
            ),
            (
                "block limit SM (blocks)",
                "Block limit: SM (blocks)",
                self.limit_blocks,
                0.5,
            ),
        ]
    }
}

/// warpsight's occupancy of the launch on the device (with the shared memory carveout the
/// profiler reports, where it does), beside the profiler's.
pub(super) fn check_occupancy(
    k: &ProfiledKernel,
    launch: Option<&Launch>,
    device: Option<&'static Device>,
) -> OccupancyCheck {
    let theirs = OccupancyFigures {
        occupancy_pct: k.metric("theoretical_occupancy_pct"),
        active_warps: k.metric("theoretical_active_warps"),
        limit_registers: k.metric("limit_registers"),
        limit_shared_mem: k.metric("limit_shared_mem"),
        limit_warps: k.metric("limit_warps"),
        limit_blocks: k.metric("limit_blocks"),
    };
    let profiler = (theirs != OccupancyFigures::default()).then_some(theirs);
    let mut check = OccupancyCheck {
        profiler,
        ..OccupancyCheck::default()
    };
    // Occupancy needs only the compute capability: the device's, else the file's own.
    let cc = device
        .and_then(|d| d.compute_capability.map(|c| c.value))
        .or(if device.is_none() {
            k.compute_capability
        } else {
            None
        });
    let (Some(l), Some(cc)) = (launch, cc) else {
        if launch.is_none() || device.is_none() {
            check.error = Some(
                if launch.is_none() {
                    "the file gives no launch dimensions for this kernel"
                } else {
                    "needs the GPU"
                }
                .to_string(),
            );
        }
        return check;
    };
    let fits = |x: f64| x >= 0.0 && x <= f64::from(u32::MAX);
    if !(fits(l.threads_per_block) && fits(l.registers_per_thread) && fits(l.shared_mem_per_block))
    {
        check.error = Some("the launch's sizes are out of range".into());
        return check;
    }
    let kernel = KernelResources {
        threads_per_block: l.threads_per_block as u32,
        registers_per_thread: l.registers_per_thread.round() as u32,
        shared_mem_per_block: l.shared_mem_per_block.round() as u32,
    };
    let config = Config {
        // Nsight Compute prints the carveout in kilobytes of 1000 bytes, to two decimals
        // ("32.77 Kbyte"); carveouts are whole KiB.
        shared_mem_per_sm: k
            .metric("shared_mem_config_bytes")
            .filter(|b| *b > 0.0 && fits(*b))
            .map(|b| ((b / 1024.0).round() * 1024.0) as u32),
        ..Config::default()
    };
    let occ = occupancy::arch_limits(cc.0, cc.1)
        .and_then(|arch| occupancy::occupancy_with(&arch, &kernel, &config));
    let o = match occ {
        Ok(o) => o,
        Err(e) => {
            check.error = Some(format!("{}: {}", e.field, e.message));
            return check;
        }
    };
    let ours = OccupancyFigures {
        occupancy_pct: Some(o.occupancy * 100.0),
        active_warps: Some(f64::from(o.active_warps_per_sm)),
        limit_registers: Some(f64::from(o.blocks_limited_by_registers)),
        limit_shared_mem: Some(f64::from(o.blocks_limited_by_shared_mem)),
        limit_warps: Some(f64::from(o.blocks_limited_by_warps)),
        limit_blocks: Some(f64::from(o.blocks_limited_by_blocks)),
    };
    if let Some(p) = &check.profiler {
        let mut compared = 0;
        for ((what, _, a, tol), (_, _, b, _)) in ours.figures().into_iter().zip(p.figures()) {
            if let (Some(a), Some(b)) = (a, b) {
                compared += 1;
                if differs(a, b, tol) {
                    check.disagreements.push(format!(
                        "{what}: warpsight {}, profiler {}",
                        crate::format::significant(a, 4),
                        crate::format::significant(b, 4)
                    ));
                }
            }
        }
        check.agree = (compared > 0).then_some(check.disagreements.is_empty());
    }
    check.ours = Some(ours);
    check
}
