//! Launches grouped as the readers hand them over: by device, kernel name and launch
//! configuration, each group's values kept for their medians.

use std::collections::HashMap;

use super::*;

/// A map with a fast hash, seeded per process (`foldhash`).
type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

/// One launch (or, for nvprof's `--metrics`/`--events`, one kernel's row of averages).
#[derive(Clone, Debug, Default)]
pub(crate) struct Launch {
    pub name: String,
    pub device: Option<String>,
    pub compute_capability: Option<(u8, u8)>,
    pub grid: Option<[u64; 3]>,
    pub block: Option<[u64; 3]>,
    pub invocations: u64,
    pub slots: Slots,
    /// Figures refused (`read_slot`): line and valid range.
    pub invalid: Vec<String>,
}

impl Launch {
    /// Empties the launch for reuse (keeping the name's allocation).
    pub fn reset(&mut self) {
        self.name.clear();
        self.device = None;
        self.compute_capability = None;
        self.grid = None;
        self.block = None;
        self.invocations = 0;
        self.slots = Slots::default();
        self.invalid.clear();
    }
}

/// What identifies a group: device, name and launch configuration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct GroupKey {
    device: Option<u32>,
    name: u32,
    grid: Option<[u64; 3]>,
    block: Option<[u64; 3]>,
    /// Registers, static and dynamic shared memory, as bits (`None`: not given).
    resources: [Option<u64>; 3],
}

/// One group's invocations.
#[derive(Debug)]
struct Group {
    key: GroupKey,
    compute_capability: Option<(u8, u8)>,
    invocations: u64,
    /// Each value the invocations gave, with its canonical key's index, in file order (the
    /// launch's resources, constant over a group, are in the key instead). One list, not a
    /// list per key: a group of one launch then holds its few values, not 33 empty lists (a
    /// file of 200,000 distinct kernels took 13 × its size to read, 1.7 KB a kernel).
    values: Vec<(u8, f64)>,
    invalid: Vec<String>,
}

/// Launches grouped as they arrive.
#[derive(Debug, Default)]
pub(crate) struct Collector {
    strings: Vec<String>,
    string_ids: FastMap<String, u32>,
    groups: Vec<Group>,
    index: FastMap<GroupKey, usize>,
    pub skipped: u64,
    /// The lines before the table that are not banners (`Profile::preamble`).
    pub preamble: Vec<String>,
}

/// The canonical keys held in the group key rather than per invocation.
const RESOURCES: [Slot; 3] = [Slot::Registers, Slot::StaticShared, Slot::DynamicShared];

impl Collector {
    fn intern(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.string_ids.get(s) {
            return id;
        }
        let id = self.strings.len() as u32;
        self.strings.push(s.to_string());
        self.string_ids.insert(s.to_string(), id);
        id
    }

    /// Adds one launch to its group.
    pub fn add(&mut self, launch: &Launch) {
        let values = launch.slots.canonical();
        let total = |slot: Slot| {
            let v = values[slot as usize];
            (v >= 1.0 && v.fract() == 0.0 && v < 1e18).then_some([v as u64, 1, 1])
        };
        let key = GroupKey {
            device: launch.device.as_deref().map(|d| self.intern(d)),
            name: self.intern(&launch.name),
            grid: launch.grid.or_else(|| total(Slot::GridSize)),
            block: launch.block.or_else(|| total(Slot::BlockSize)),
            resources: RESOURCES.map(|s| {
                let v = values[s as usize];
                (!v.is_nan()).then(|| v.to_bits())
            }),
        };
        // The key is cloned only for a new group (most rows are another launch of one).
        let g = match self.index.get(&key) {
            Some(&g) => g,
            None => {
                self.index.insert(key.clone(), self.groups.len());
                self.groups.push(Group {
                    key,
                    compute_capability: launch.compute_capability,
                    invocations: 0,
                    values: Vec::new(),
                    invalid: Vec::new(),
                });
                self.groups.len() - 1
            }
        };
        let group = &mut self.groups[g];
        group.invocations = group.invocations.saturating_add(launch.invocations);
        if group.compute_capability.is_none() {
            group.compute_capability = launch.compute_capability;
        }
        for note in &launch.invalid {
            if group.invalid.len() < MAX_INVALID {
                group.invalid.push(note.clone());
            }
        }
        for (k, &v) in values.iter().enumerate() {
            if !v.is_nan() && !RESOURCES.iter().any(|&s| s as usize == k) {
                group.values.push((k as u8, v));
            }
        }
    }

    /// The groups as kernels, in first-seen order.
    pub(super) fn into_kernels(self) -> Vec<ProfiledKernel> {
        // The lookups go first: with many distinct kernels they are a third of what is held.
        let Collector {
            strings,
            string_ids,
            groups,
            index,
            ..
        } = self;
        drop((string_ids, index));
        groups
            .into_iter()
            .map(|mut g| {
                // By key, each key's values still in file order (a counting sort: the keys are
                // the slots, a few dozen).
                counting_sort_by_slot(&mut g.values);
                let mut metrics = BTreeMap::new();
                let mut durations_s = Vec::new();
                for run in g.values.chunk_by(|a, b| a.0 == b.0) {
                    let k = run[0].0 as usize;
                    let values: Vec<f64> = run.iter().map(|&(_, v)| v).collect();
                    if let Some(m) = median(&values) {
                        metrics.insert(KEYS[k], m);
                    }
                    if k == Slot::Duration as usize {
                        durations_s = values;
                    }
                }
                let resources = g.key.resources.map(|r| r.map(f64::from_bits));
                for (slot, value) in RESOURCES.iter().zip(resources) {
                    if let Some(v) = value {
                        metrics.insert(KEYS[*slot as usize], v);
                    }
                }
                let product = |d: [u64; 3]| d[0] as f64 * d[1] as f64 * d[2] as f64;
                if let Some(block) = g.key.block {
                    metrics.entry("block_size").or_insert(product(block));
                }
                if let Some(grid) = g.key.grid {
                    metrics.entry("grid_size").or_insert(product(grid));
                }
                ProfiledKernel {
                    name: strings[g.key.name as usize].clone(),
                    device: g.key.device.map(|d| strings[d as usize].clone()),
                    compute_capability: g.compute_capability,
                    grid: g.key.grid,
                    block: g.key.block,
                    registers_per_thread: resources[0],
                    static_shared_bytes: resources[1],
                    dynamic_shared_bytes: resources[2],
                    invocations: g.invocations,
                    durations_s,
                    metrics,
                    invalid: g.invalid,
                }
            })
            .collect()
    }
}

/// Sorts (slot, value) pairs by slot, stably, in linear time.
fn counting_sort_by_slot(values: &mut Vec<(u8, f64)>) {
    let mut starts = [0usize; 257];
    for &(k, _) in values.iter() {
        starts[k as usize + 1] += 1;
    }
    for k in 0..256 {
        starts[k + 1] += starts[k];
    }
    let mut sorted = vec![(0u8, 0.0); values.len()];
    for &(k, v) in values.iter() {
        sorted[starts[k as usize]] = (k, v);
        starts[k as usize] += 1;
    }
    *values = sorted;
}

/// The median (the mean of the two middle values when their number is even), by selection:
/// linear time, not a sort.
pub(crate) fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    let n = v.len();
    let (left, &mut upper, _) = v.select_nth_unstable_by(n / 2, f64::total_cmp);
    Some(if n % 2 == 1 {
        upper
    } else {
        let lower = left.iter().copied().max_by(f64::total_cmp).unwrap_or(upper);
        (lower + upper) / 2.0
    })
}

#[cfg(test)]
mod tests {
    use super::{counting_sort_by_slot, median};

    #[test]
    fn median_by_selection() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[7.0, 7.0]), Some(7.0));
        // Against a sort, on a run with repeats.
        let v: Vec<f64> = (0..101).map(|i| f64::from((i * 37) % 11)).collect();
        let mut s = v.clone();
        s.sort_by(f64::total_cmp);
        assert_eq!(median(&v), Some(s[50]));
        assert_eq!(
            median(&v[..100]),
            Some((s_of(&v[..100])[49] + s_of(&v[..100])[50]) / 2.0)
        );
    }

    fn s_of(v: &[f64]) -> Vec<f64> {
        let mut s = v.to_vec();
        s.sort_by(f64::total_cmp);
        s
    }

    #[test]
    fn counting_sort_is_stable() {
        let mut v = vec![(3, 1.0), (1, 2.0), (3, 3.0), (0, 4.0), (1, 5.0), (255, 6.0)];
        counting_sort_by_slot(&mut v);
        assert_eq!(
            v,
            vec![(0, 4.0), (1, 2.0), (1, 5.0), (3, 1.0), (3, 3.0), (255, 6.0)]
        );
    }
}
