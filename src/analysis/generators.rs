//! Built-in workloads for AutoMatch (the generators): each runs its loop nest
//! abstractly and produces both streams directly, no text — every load and store goes to the
//! stack-distance analyses (one per line size) and to the ASAP schedule, every floating-point
//! operation to the schedule. Doubles are 8 bytes, 32-bit indices 4; each array starts on its
//! own region of the address space. W_vec cannot come from a trace (the paper used LLVM's
//! vectorizer): each workload carries a default with its reason.

use super::matrix_market::Matrix;
use super::schedule::{Asap, Op, OpsProfile};
use super::stack_distance::StackDistance;

/// A workload and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    /// Heat2D: a 2-D 5-point Jacobi sweep over an n × n grid, `steps` times (a global
    /// synchronization after each step).
    Heat2d { n: u64, steps: u64 },
    /// A 3-D 7-point stencil over an n × n × n grid, `steps` times.
    Stencil3d { n: u64, steps: u64 },
    /// y = A·x for a `rows` × `rows` CSR matrix with `per_row` non-zeros in every row at
    /// pseudo-random columns (`seed`).
    Spmv { rows: u64, per_row: u64, seed: u64 },
    /// Dense LU factorization of an n × n matrix without pivoting (a synchronization after
    /// each pivot step).
    Lu { n: u64 },
    /// Dense matrix multiply C = A·B, n × n.
    Matmul { n: u64 },
}

/// One size of a workload as the page and the worker's messages name it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    pub key: &'static str,
    pub label: &'static str,
    pub default: u64,
    pub min: u64,
    pub max: u64,
}

/// A workload as offered: its id, its name, and its sizes in the order
/// [`Workload::from_spec`] takes them. The maxima keep a run within a few hundred million
/// references and the worker's memory within a few hundred MB.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorkloadSpec {
    pub id: &'static str,
    pub name: &'static str,
    pub params: &'static [Param],
}

const fn param(key: &'static str, label: &'static str, default: u64, min: u64, max: u64) -> Param {
    Param {
        key,
        label,
        default,
        min,
        max,
    }
}

pub const WORKLOADS: &[WorkloadSpec] = &[
    WorkloadSpec {
        id: "heat2d",
        name: "Heat2D: 2-D 5-point Jacobi",
        params: &[
            param("n", "Grid side n", 256, 3, 1024),
            param("steps", "Time steps", 20, 1, 1000),
        ],
    },
    WorkloadSpec {
        id: "stencil3d",
        name: "3-D 7-point stencil",
        params: &[
            param("n", "Grid side n", 48, 3, 128),
            param("steps", "Time steps", 5, 1, 100),
        ],
    },
    WorkloadSpec {
        id: "spmv",
        name: "SpMV, y = A·x (CSR, random columns)",
        params: &[
            param("rows", "Rows", 65_536, 1, 1_000_000),
            param("per_row", "Non-zeros per row", 16, 1, 256),
        ],
    },
    WorkloadSpec {
        id: "lu",
        name: "Dense LU (no pivoting)",
        params: &[param("n", "Matrix side n", 128, 2, 512)],
    },
    WorkloadSpec {
        id: "matmul",
        name: "Matrix multiply C = A·B",
        params: &[param("n", "Matrix side n", 96, 1, 256)],
    },
];

/// What a generator gives: the schedule's profile, the stack distances at each line size, and
/// W_vec's default with its reason.
#[derive(Clone, Debug)]
pub struct Generated {
    pub ops: OpsProfile,
    pub memory: Vec<(u64, StackDistance)>,
    pub w_vec: u64,
    pub w_vec_note: &'static str,
}

struct Run {
    asap: Asap,
    memory: Vec<(u64, StackDistance)>,
}

/// Arrays' base addresses: far apart, 4 KiB aligned.
const fn array(k: u64) -> u64 {
    (k + 1) << 36
}

impl Run {
    /// A run with a stack-distance analysis at each of `line_sizes` (bytes).
    fn new(line_sizes: &[u64]) -> Run {
        let mut sizes = line_sizes.to_vec();
        sizes.sort_unstable();
        sizes.dedup();
        Run {
            asap: Asap::new(),
            memory: sizes
                .into_iter()
                .map(|l| (l, StackDistance::new()))
                .collect(),
        }
    }

    /// SpMV's row `i` of CSR, its non-zeros at positions `p0…` with columns `cols`: each loads its column
    /// index and value (val doubles at array 0, col u32 at 1) and gathers x[col] (array 2);
    /// the products are summed into y[i] (array 3), stored once if the row has any.
    fn spmv_row(&mut self, i: u64, p0: u64, cols: &[u32]) {
        let mut first = true;
        for (k, &col) in cols.iter().enumerate() {
            let (p, col) = (p0 + k as u64, u64::from(col));
            self.ld_index(array(1) + p * 4);
            self.ld(1, array(0) + p * 8);
            self.ld(2, array(2) + col * 8);
            if first {
                self.op(Op::Mul, 0, 1, 2);
                first = false;
            } else {
                self.op(Op::Mul, 3, 1, 2);
                self.op(Op::Add, 0, 0, 3);
            }
        }
        if !first {
            self.st(array(3) + i * 8, 0);
        }
    }

    #[inline]
    fn touch(&mut self, addr: u64) {
        for (l, sd) in &mut self.memory {
            sd.access(addr / *l);
        }
    }
    #[inline]
    fn ld(&mut self, reg: u64, addr: u64) {
        self.touch(addr);
        self.asap.load(reg, addr);
    }
    /// A load of an integer (an index): memory traffic, no place in the schedule.
    #[inline]
    fn ld_index(&mut self, addr: u64) {
        self.touch(addr);
    }
    #[inline]
    fn st(&mut self, addr: u64, reg: u64) {
        self.touch(addr);
        self.asap.store(addr, reg);
    }
    #[inline]
    fn op(&mut self, op: Op, dst: u64, a: u64, b: u64) {
        self.asap.op(op, dst, &[a, b]);
    }
}

/// Heat2D's sweeps.
fn heat2d(r: &mut Run, n: u64, steps: u64, progress: &mut dyn FnMut(f64)) -> (bool, &'static str) {
    for t in 0..steps {
        let (u, v) = (t % 2, 1 - t % 2);
        for i in 1..n.saturating_sub(1) {
            progress((t * n + i) as f64 / (steps * n) as f64);
            for j in 1..n.saturating_sub(1) {
                r.ld(0, grid(n, u, i - 1, j));
                r.ld(1, grid(n, u, i + 1, j));
                r.op(Op::Add, 2, 0, 1);
                r.ld(3, grid(n, u, i, j - 1));
                r.op(Op::Add, 2, 2, 3);
                r.ld(3, grid(n, u, i, j + 1));
                r.op(Op::Add, 2, 2, 3);
                r.op(Op::Mul, 2, 2, C);
                r.st(grid(n, v, i, j), 2);
            }
        }
        r.asap.sync();
    }
    (
        true,
        "the j loop is unit-stride and independent: every operation vectorizes",
    )
}

/// The 3-D stencil's sweeps.
fn stencil3d(
    r: &mut Run,
    n: u64,
    steps: u64,
    progress: &mut dyn FnMut(f64),
) -> (bool, &'static str) {
    for t in 0..steps {
        let (u, v) = (t % 2, 1 - t % 2);
        for i in 1..n.saturating_sub(1) {
            progress((t * n + i) as f64 / (steps * n) as f64);
            for j in 1..n.saturating_sub(1) {
                for k in 1..n.saturating_sub(1) {
                    r.ld(0, grid3(n, u, i, j, k));
                    let neighbours = [
                        (i - 1, j, k),
                        (i + 1, j, k),
                        (i, j - 1, k),
                        (i, j + 1, k),
                        (i, j, k - 1),
                        (i, j, k + 1),
                    ];
                    for (a, b, c) in neighbours {
                        r.ld(1, grid3(n, u, a, b, c));
                        r.op(Op::Add, 0, 0, 1);
                    }
                    r.op(Op::Mul, 0, 0, C);
                    r.st(grid3(n, v, i, j, k), 0);
                }
            }
        }
        r.asap.sync();
    }
    (
        true,
        "the k loop is unit-stride and independent: every operation vectorizes",
    )
}

/// SpMV's rows, at pseudo-random columns.
fn spmv(
    r: &mut Run,
    rows: u64,
    per_row: u64,
    seed: u64,
    progress: &mut dyn FnMut(f64),
) -> (bool, &'static str) {
    let mut state = seed | 1;
    let mut cols = Vec::new();
    for i in 0..rows {
        if i % 1024 == 0 {
            progress(i as f64 / rows as f64);
        }
        cols.clear();
        for _ in 0..per_row {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // rows ≤ 1,000,000 (the spec's maximum): a u32.
            cols.push((state % rows.max(1)) as u32);
        }
        r.spmv_row(i, i * per_row, &cols);
    }
    (false, SPMV_W_VEC)
}

/// LU's pivot steps.
fn lu(r: &mut Run, n: u64, progress: &mut dyn FnMut(f64)) -> (bool, &'static str) {
    for k in 0..n.saturating_sub(1) {
        // The trailing updates shrink: (n−k)² of n³/3.
        let left = (n - k) as f64 / n as f64;
        progress(1.0 - left * left * left);
        r.ld(0, grid(n, 0, k, k));
        for i in k + 1..n {
            r.ld(1, grid(n, 0, i, k));
            r.op(Op::Div, 1, 1, 0);
            r.st(grid(n, 0, i, k), 1);
            for j in k + 1..n {
                r.ld(2, grid(n, 0, k, j));
                r.op(Op::Mul, 3, 1, 2);
                r.ld(4, grid(n, 0, i, j));
                r.op(Op::Sub, 4, 4, 3);
                r.st(grid(n, 0, i, j), 4);
            }
        }
        r.asap.sync();
    }
    (
        false,
        "the j loop's multiply-subtracts vectorize, the divisions do not",
    )
}

/// The matrix multiply's dot products.
fn matmul(r: &mut Run, n: u64, progress: &mut dyn FnMut(f64)) -> (bool, &'static str) {
    for i in 0..n {
        progress(i as f64 / n as f64);
        for j in 0..n {
            for k in 0..n {
                r.ld(1, grid(n, 0, i, k));
                r.ld(2, grid(n, 1, k, j));
                if k == 0 {
                    r.op(Op::Mul, 0, 1, 2);
                } else {
                    r.op(Op::Mul, 3, 1, 2);
                    r.op(Op::Add, 0, 0, 3);
                }
            }
            r.st(grid(n, 2, i, j), 0);
        }
    }
    (
        true,
        "the i-j loops are independent: every operation vectorizes",
    )
}

/// The address of element (i, j) of array `a`, n doubles to a row.
#[inline(always)]
fn grid(n: u64, a: u64, i: u64, j: u64) -> u64 {
    array(a) + (i * n + j) * 8
}

/// The address of element (i, j, k) of the n × n × n array `a`.
#[inline(always)]
fn grid3(n: u64, a: u64, i: u64, j: u64, k: u64) -> u64 {
    grid(n, a, i * n + j, k)
}

/// Registers: a constant (never written, level 0) and scratch.
const C: u64 = 100;

const SPMV_W_VEC: &str = "x is gathered through the column indices: nothing vectorizes";

/// SpMV, y = A·x, on a matrix read from a file ([`Matrix`] with its non-zeros kept): the
/// generator's loop over the matrix's own CSR rows, at each of `line_sizes` (bytes), telling
/// `progress` the fraction done every 1,024 rows. W_vec is 0, as for the generated matrix.
pub fn spmv_on(matrix: &Matrix, line_sizes: &[u64], progress: &mut dyn FnMut(f64)) -> Generated {
    let (row_ptr, cols) = matrix.csr();
    let mut r = Run::new(line_sizes);
    // Every row, the empty ones after the last entry too (the reader caps the rows of a
    // matrix it keeps at MAX_KEPT, so this is O(rows + non-zeros)).
    let rows = (matrix.stats.rows as usize).max(row_ptr.len().saturating_sub(1));
    for i in 0..rows {
        if i % 1024 == 0 {
            progress(i as f64 / rows as f64);
        }
        let (a, b) = match (row_ptr.get(i), row_ptr.get(i + 1)) {
            (Some(&a), Some(&b)) => (a as usize, b as usize),
            _ => (cols.len(), cols.len()),
        };
        r.spmv_row(i as u64, a as u64, &cols[a..b]);
    }
    Generated {
        ops: r.asap.finish(),
        memory: r.memory,
        w_vec: 0,
        w_vec_note: SPMV_W_VEC,
    }
}

impl Workload {
    /// The workload `id` of [`WORKLOADS`] at these sizes (in its `params` order), or a message
    /// naming the size that is out of range.
    pub fn from_spec(id: &str, values: &[f64]) -> Result<Workload, String> {
        let spec = WORKLOADS
            .iter()
            .find(|w| w.id == id)
            .ok_or_else(|| format!("no workload “{}”", crate::format::printable(id)))?;
        let mut v = [0u64; 2];
        for (k, p) in spec.params.iter().enumerate() {
            let x = values.get(k).copied().unwrap_or(f64::NAN);
            if !(x.fract() == 0.0 && x >= p.min as f64 && x <= p.max as f64) {
                return Err(format!(
                    "{}: must be a whole number from {} to {}",
                    p.label,
                    crate::format::grouped(p.min as f64, 0),
                    crate::format::grouped(p.max as f64, 0)
                ));
            }
            v[k] = x as u64;
        }
        Ok(match id {
            "heat2d" => Workload::Heat2d {
                n: v[0],
                steps: v[1],
            },
            "stencil3d" => Workload::Stencil3d {
                n: v[0],
                steps: v[1],
            },
            "spmv" => Workload::Spmv {
                rows: v[0],
                per_row: v[1],
                seed: 1,
            },
            "lu" => Workload::Lu { n: v[0] },
            _ => Workload::Matmul { n: v[0] },
        })
    }

    /// In words, with its sizes.
    pub fn describe(&self) -> String {
        let g = |x: u64| crate::format::grouped(x as f64, 0);
        match *self {
            Workload::Heat2d { n, steps } => {
                format!(
                    "Heat2D, {} × {} grid, {}",
                    g(n),
                    g(n),
                    crate::format::count(steps as f64, "step")
                )
            }
            Workload::Stencil3d { n, steps } => {
                format!(
                    "3-D 7-point stencil, {}³ grid, {}",
                    g(n),
                    crate::format::count(steps as f64, "step")
                )
            }
            Workload::Spmv { rows, per_row, .. } => {
                let c = |x: u64, noun: &str| crate::format::count(x as f64, noun);
                format!("SpMV, {} × {}", c(rows, "row"), c(per_row, "non-zero"))
            }
            Workload::Lu { n } => format!("dense LU, n = {}", g(n)),
            Workload::Matmul { n } => format!("matrix multiply, n = {}", g(n)),
        }
    }

    /// Runs the workload, with a stack-distance analysis at each of `line_sizes` (bytes).
    pub fn generate(self, line_sizes: &[u64]) -> Generated {
        self.generate_with(line_sizes, &mut |_| {})
    }

    /// [`Workload::generate`], telling `progress` the fraction done now and then (once per
    /// row of the outermost loops).
    pub fn generate_with(self, line_sizes: &[u64], progress: &mut dyn FnMut(f64)) -> Generated {
        let mut r = Run::new(line_sizes);
        let (w_vec_all, note): (bool, &'static str) = match self {
            Workload::Heat2d { n, steps } => heat2d(&mut r, n, steps, progress),
            Workload::Stencil3d { n, steps } => stencil3d(&mut r, n, steps, progress),
            Workload::Spmv {
                rows,
                per_row,
                seed,
            } => spmv(&mut r, rows, per_row, seed, progress),
            Workload::Lu { n } => lu(&mut r, n, progress),
            Workload::Matmul { n } => matmul(&mut r, n, progress),
        };
        let ops = r.asap.finish();
        let total: u64 = ops.w.iter().sum();
        let w_vec = match self {
            _ if w_vec_all => total,
            // LU: all but the divisions; SpMV: none.
            Workload::Lu { .. } => ops.w_add + ops.w_mul,
            _ => 0,
        };
        Generated {
            ops,
            memory: r.memory,
            w_vec,
            w_vec_note: note,
        }
    }
}
