//! A file's kernels compared in parts: on the processor's cores natively, in one part in the
//! browser's worker (issue 58: 200,000 kernels within 3 s natively).

use super::{KernelReport, Tally};

/// What one part of a file's kernels gives: its listed reports in order, its tallies, and
/// what it leaves unlisted.
#[derive(Default)]
pub(super) struct Part {
    pub tallies: Vec<Tally>,
    pub kernels: Vec<KernelReport>,
    pub unlisted: usize,
    pub unlisted_invocations: u64,
}

/// Kernels per part below which a file is compared in one: a thread costs more than it
/// saves on a small file.
#[cfg(not(target_arch = "wasm32"))]
const PART_KERNELS: usize = 20_000;

/// `run` on the jobs, in parts on the processor's cores natively (a file of 200,000 kernels
/// in at most half the time on two), in one part in the browser's worker; the parts in order.
pub(super) fn in_parts<J: Sync, P: Send>(jobs: &[J], run: impl Fn(&[J]) -> P + Sync) -> Vec<P> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
        let parts = cores.min(jobs.len() / PART_KERNELS).max(1);
        if parts > 1 {
            let size = jobs.len().div_ceil(parts);
            return std::thread::scope(|scope| {
                let run = &run;
                let handles: Vec<_> = jobs
                    .chunks(size)
                    .map(|chunk| scope.spawn(move || run(chunk)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            });
        }
    }
    vec![run(jobs)]
}
