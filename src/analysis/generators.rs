//! Built-in workloads for AutoMatch (the generators): each runs its loop nest
//! abstractly and produces both streams directly, no text — every load and store goes to the
//! stack-distance analyses (one per line size) and to the ASAP schedule, every floating-point
//! operation to the schedule. Doubles are 8 bytes, 32-bit indices 4; each array starts on its
//! own region of the address space. W_vec cannot come from a trace (the paper used LLVM's
//! vectorizer): each workload carries a default with its reason.

use super::stack_distance::{Asap, Op, OpsProfile, StackDistance};

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
    fn touch(&mut self, addr: u64) {
        for (l, sd) in &mut self.memory {
            sd.access(addr / *l);
        }
    }
    fn ld(&mut self, reg: u64, addr: u64) {
        self.touch(addr);
        self.asap.load(reg, addr);
    }
    /// A load of an integer (an index): memory traffic, no place in the schedule.
    fn ld_index(&mut self, addr: u64) {
        self.touch(addr);
    }
    fn st(&mut self, addr: u64, reg: u64) {
        self.touch(addr);
        self.asap.store(addr, reg);
    }
    fn op(&mut self, op: Op, dst: u64, a: u64, b: u64) {
        self.asap.op(op, dst, &[a, b]);
    }
}

/// Registers: a constant (never written, level 0) and scratch.
const C: u64 = 100;

impl Workload {
    /// Runs the workload, with a stack-distance analysis at each of `line_sizes` (bytes).
    pub fn generate(self, line_sizes: &[u64]) -> Generated {
        let mut sizes = line_sizes.to_vec();
        sizes.sort_unstable();
        sizes.dedup();
        let mut r = Run {
            asap: Asap::new(),
            memory: sizes
                .into_iter()
                .map(|l| (l, StackDistance::new()))
                .collect(),
        };
        let (w_vec_all, note): (bool, &'static str) = match self {
            Workload::Heat2d { n, steps } => {
                let at = |a: u64, i: u64, j: u64| array(a) + (i * n + j) * 8;
                for t in 0..steps {
                    let (u, v) = (t % 2, 1 - t % 2);
                    for i in 1..n.saturating_sub(1) {
                        for j in 1..n.saturating_sub(1) {
                            r.ld(0, at(u, i - 1, j));
                            r.ld(1, at(u, i + 1, j));
                            r.op(Op::Add, 2, 0, 1);
                            r.ld(3, at(u, i, j - 1));
                            r.op(Op::Add, 2, 2, 3);
                            r.ld(3, at(u, i, j + 1));
                            r.op(Op::Add, 2, 2, 3);
                            r.op(Op::Mul, 2, 2, C);
                            r.st(at(v, i, j), 2);
                        }
                    }
                    r.asap.sync();
                }
                (
                    true,
                    "the j loop is unit-stride and independent: every operation vectorizes",
                )
            }
            Workload::Stencil3d { n, steps } => {
                let at = |a: u64, i: u64, j: u64, k: u64| array(a) + ((i * n + j) * n + k) * 8;
                for t in 0..steps {
                    let (u, v) = (t % 2, 1 - t % 2);
                    for i in 1..n.saturating_sub(1) {
                        for j in 1..n.saturating_sub(1) {
                            for k in 1..n.saturating_sub(1) {
                                r.ld(0, at(u, i, j, k));
                                let neighbours = [
                                    (i - 1, j, k),
                                    (i + 1, j, k),
                                    (i, j - 1, k),
                                    (i, j + 1, k),
                                    (i, j, k - 1),
                                    (i, j, k + 1),
                                ];
                                for (a, b, c) in neighbours {
                                    r.ld(1, at(u, a, b, c));
                                    r.op(Op::Add, 0, 0, 1);
                                }
                                r.op(Op::Mul, 0, 0, C);
                                r.st(at(v, i, j, k), 0);
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
            Workload::Spmv {
                rows,
                per_row,
                seed,
            } => {
                // val (doubles) at 0, col (u32) at 1, x at 2, y at 3.
                let mut state = seed | 1;
                for i in 0..rows {
                    for k in 0..per_row {
                        let p = i * per_row + k;
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        let col = state % rows.max(1);
                        r.ld_index(array(1) + p * 4);
                        r.ld(1, array(0) + p * 8);
                        r.ld(2, array(2) + col * 8);
                        if k == 0 {
                            r.op(Op::Mul, 0, 1, 2);
                        } else {
                            r.op(Op::Mul, 3, 1, 2);
                            r.op(Op::Add, 0, 0, 3);
                        }
                    }
                    if per_row > 0 {
                        r.st(array(3) + i * 8, 0);
                    }
                }
                (
                    false,
                    "x is gathered through the column indices: nothing vectorizes",
                )
            }
            Workload::Lu { n } => {
                let at = |i: u64, j: u64| array(0) + (i * n + j) * 8;
                for k in 0..n.saturating_sub(1) {
                    r.ld(0, at(k, k));
                    for i in k + 1..n {
                        r.ld(1, at(i, k));
                        r.op(Op::Div, 1, 1, 0);
                        r.st(at(i, k), 1);
                        for j in k + 1..n {
                            r.ld(2, at(k, j));
                            r.op(Op::Mul, 3, 1, 2);
                            r.ld(4, at(i, j));
                            r.op(Op::Sub, 4, 4, 3);
                            r.st(at(i, j), 4);
                        }
                    }
                    r.asap.sync();
                }
                (
                    false,
                    "the j loop's multiply-subtracts vectorize, the divisions do not",
                )
            }
            Workload::Matmul { n } => {
                let at = |a: u64, i: u64, j: u64| array(a) + (i * n + j) * 8;
                for i in 0..n {
                    for j in 0..n {
                        for k in 0..n {
                            r.ld(1, at(0, i, k));
                            r.ld(2, at(1, k, j));
                            if k == 0 {
                                r.op(Op::Mul, 0, 1, 2);
                            } else {
                                r.op(Op::Mul, 3, 1, 2);
                                r.op(Op::Add, 0, 0, 3);
                            }
                        }
                        r.st(at(2, i, j), 0);
                    }
                }
                (
                    true,
                    "the i-j loops are independent: every operation vectorizes",
                )
            }
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
