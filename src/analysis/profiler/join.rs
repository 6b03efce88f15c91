//! Several files of one run read together: nvprof writes a run's launches and times
//! (`--print-gpu-trace`) and its counters (`--metrics`, `--events`) to separate files, and
//! users run both. Kernels are joined by name on the same device; each file fills what the
//! others lack (the trace the launch and the durations, the metrics file the counters).

use super::{Profile, ProfiledKernel};

impl Profile {
    /// `profiles` joined, in order: a kernel of a later file with the name and device of one
    /// already read fills the values that one lacks (the first file's value wins where both
    /// have one); any other kernel is added. The first file's format names the result;
    /// [`Profile::joined`] lists the others'.
    pub fn join(profiles: Vec<Profile>) -> Option<Profile> {
        let mut all = profiles.into_iter();
        let mut out = all.next()?;
        for p in all {
            out.joined.push(p.format);
            out.joined.extend(p.joined);
            out.skipped_rows += p.skipped_rows;
            out.preamble.extend(p.preamble);
            for k in p.kernels {
                match out.kernels.iter_mut().find(|o| same_kernel(o, &k)) {
                    Some(o) => fill(o, k),
                    None => out.kernels.push(k),
                }
            }
        }
        Some(out)
    }
}

/// The same kernel: the same name and launch where both give one, on the same device where
/// both files name one (Nsight Compute's details page gives only the device's number, "0",
/// where its raw page names it).
fn same_kernel(a: &ProfiledKernel, b: &ProfiledKernel) -> bool {
    let named = |d: &Option<String>| {
        d.as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty() && !d.chars().all(|c| c.is_ascii_digit()))
            .map(str::to_string)
    };
    let agree = |x: Option<[u64; 3]>, y: Option<[u64; 3]>| x.zip(y).is_none_or(|(x, y)| x == y);
    a.name == b.name
        && agree(a.grid, b.grid)
        && agree(a.block, b.block)
        && match (named(&a.device), named(&b.device)) {
            (Some(x), Some(y)) => x == y,
            _ => true,
        }
}

/// What `k` has that `o` lacks.
fn fill(o: &mut ProfiledKernel, k: ProfiledKernel) {
    o.device = o.device.take().or(k.device);
    o.compute_capability = o.compute_capability.or(k.compute_capability);
    o.grid = o.grid.or(k.grid);
    o.block = o.block.or(k.block);
    o.registers_per_thread = o.registers_per_thread.or(k.registers_per_thread);
    o.static_shared_bytes = o.static_shared_bytes.or(k.static_shared_bytes);
    o.dynamic_shared_bytes = o.dynamic_shared_bytes.or(k.dynamic_shared_bytes);
    o.invocations = o.invocations.max(k.invocations);
    if o.durations_s.is_empty() {
        o.durations_s = k.durations_s;
    }
    if o.invalid.is_empty() {
        o.invalid = k.invalid;
    }
    for (key, v) in k.metrics {
        o.metrics.entry(key).or_insert(v);
    }
}
