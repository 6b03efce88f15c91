//! The ASAP schedule of AutoMatch §II-C2, built one operation at a time, and its result.

use super::hash::RunMap;
use crate::field;

/// What an operation trace gives (docs/models.md): the ASAP schedule's D and w_i, W_add,
/// W_mul and S.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpsProfile {
    pub d: u64,
    /// w_i for i = 1..=D.
    pub w: Vec<u64>,
    pub w_add: u64,
    pub w_mul: u64,
    pub s: u64,
}

/// An operation's kind in the ASAP schedule: floating-point operations are scheduled; `add`
/// and `sub` count in W_add, `mul` in W_mul.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Other,
}

/// The ASAP schedule of §II-C2, built one operation at a time (docs/models.md): a
/// floating-point operation's level is 1 + the highest level among its sources; a register
/// holds the level of the operation that last wrote it (0 if none); a load gives its register
/// the level of the value last stored at its address (0 if none); a store gives the address
/// its source's level.
#[derive(Clone, Debug, Default)]
pub struct Asap {
    regs: RunMap<u64>,
    mem: RunMap<u64>,
    profile: OpsProfile,
}

impl Asap {
    pub fn new() -> Asap {
        Asap::default()
    }

    #[inline]
    fn level(&self, reg: u64) -> u64 {
        self.regs.get(&reg).copied().unwrap_or(0)
    }

    /// `dst = op(srcs…)`.
    #[inline]
    pub fn op(&mut self, op: Op, dst: u64, srcs: &[u64]) {
        let mut level = 0;
        for &r in srcs {
            level = level.max(self.level(r));
        }
        let level = level + 1;
        self.regs.insert(dst, level);
        let p = &mut self.profile;
        if level as usize > p.w.len() {
            p.w.resize(level as usize, 0);
        }
        p.w[level as usize - 1] += 1;
        p.d = p.d.max(level);
        match op {
            Op::Add | Op::Sub => p.w_add += 1,
            Op::Mul => p.w_mul += 1,
            Op::Div | Op::Other => {}
        }
    }

    /// `dst = [addr]`.
    #[inline]
    pub fn load(&mut self, dst: u64, addr: u64) {
        let level = self.mem.get(&addr).copied().unwrap_or(0);
        self.regs.insert(dst, level);
    }

    /// `[addr] = src`.
    #[inline]
    pub fn store(&mut self, addr: u64, src: u64) {
        let level = self.level(src);
        self.mem.insert(addr, level);
    }

    /// A global synchronization point.
    pub fn sync(&mut self) {
        self.profile.s += 1;
    }

    pub fn finish(self) -> OpsProfile {
        self.profile
    }
}

/// The work profile in its link form: `w1,w2,…` with runs of equal levels as `w*k`.
pub fn runs_text(w: &[u64]) -> String {
    field::runs_text(&field::runs_of(w.iter().map(|&x| x as f64)))
}
