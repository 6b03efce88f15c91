//! Loops as natural loops (Aho, Lam, Sethi & Ullman, §9.6): the function's control-flow graph
//! of basic blocks, its dominators (Cooper, Harvey & Kennedy's iterative algorithm), and for
//! each back edge — a branch to a block that dominates it — the blocks that reach the branch
//! without passing through that header. A backward branch to a block laid out earlier that
//! does not dominate it (a shared exit, a jump between arms) is not a loop.

use super::parsed::{Class, Instruction};

/// A natural loop: its header, the branch that closes it (the last back edge to the header,
/// when several do), and its body as sorted, disjoint, inclusive instruction ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Natural {
    pub header: usize,
    pub branch: usize,
    pub body: Vec<(usize, usize)>,
}

/// Whether control can go on to the next instruction after `ins`.
fn falls_through(ins: &Instruction) -> bool {
    let conditional = ins.predicate.is_some();
    match ins.class {
        Class::Branch { .. } | Class::Exit => conditional,
        _ => true,
    }
}

/// The natural loops of the function whose instructions are `lo..=hi`; `target(i)` is the
/// instruction a branch at `i` jumps to, if it is known and in the function.
pub fn natural_loops(
    instructions: &[Instruction],
    lo: usize,
    hi: usize,
    target: &dyn Fn(usize) -> Option<usize>,
) -> Vec<Natural> {
    if lo > hi || hi >= instructions.len() {
        return Vec::new();
    }
    let inside = |t: usize| (lo..=hi).contains(&t);
    // Leaders: the entry, every branch target, every instruction after a branch or an exit.
    let mut leader = vec![false; hi - lo + 2];
    leader[0] = true;
    for i in lo..=hi {
        let ins = &instructions[i];
        if matches!(ins.class, Class::Branch { .. } | Class::Exit) {
            leader[i + 1 - lo] = true;
        }
        if let Some(t) = target(i).filter(|t| inside(*t)) {
            leader[t - lo] = true;
        }
    }
    // Blocks as (first, last) instruction indices; block_of[i - lo] is i's block.
    let mut blocks: Vec<(usize, usize)> = Vec::new();
    let mut block_of = vec![0usize; hi - lo + 1];
    for i in lo..=hi {
        if leader[i - lo] || blocks.is_empty() {
            blocks.push((i, i));
        }
        let b = blocks.len() - 1;
        blocks[b].1 = i;
        block_of[i - lo] = b;
    }
    let n = blocks.len();
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, &(_, last)) in blocks.iter().enumerate() {
        let ins = &instructions[last];
        let mut to = Vec::new();
        if let Some(t) = target(last).filter(|t| inside(*t)) {
            to.push(block_of[t - lo]);
        }
        if falls_through(ins) && last < hi {
            to.push(b + 1);
        }
        for s in to {
            if !succ[b].contains(&s) {
                succ[b].push(s);
                pred[s].push(b);
            }
        }
    }
    // Reverse postorder from the entry (iterative DFS).
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    while let Some(top) = stack.last_mut() {
        let (b, k) = *top;
        if let Some(&s) = succ[b].get(k) {
            top.1 += 1;
            if !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            order.push(b);
            stack.pop();
        }
    }
    order.reverse();
    let mut rpo = vec![usize::MAX; n];
    for (k, &b) in order.iter().enumerate() {
        rpo[b] = k;
    }
    // Immediate dominators (Cooper, Harvey & Kennedy).
    let mut idom = vec![usize::MAX; n];
    idom[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new = usize::MAX;
            for &p in &pred[b] {
                if idom[p] == usize::MAX {
                    continue;
                }
                new = if new == usize::MAX {
                    p
                } else {
                    let (mut x, mut y) = (p, new);
                    while x != y {
                        while rpo[x] > rpo[y] {
                            x = idom[x];
                        }
                        while rpo[y] > rpo[x] {
                            y = idom[y];
                        }
                    }
                    x
                };
            }
            if new != usize::MAX && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    let dominates = |h: usize, mut b: usize| loop {
        if b == h {
            return true;
        }
        if b == 0 || idom[b] == usize::MAX {
            return false;
        }
        b = idom[b];
    };
    // Back edges b → h (h dominates b), merged by header.
    let mut loops: Vec<(usize, usize, Vec<bool>)> = Vec::new();
    for b in 0..n {
        if idom[b] == usize::MAX {
            continue; // unreachable
        }
        for &h in &succ[b] {
            if !dominates(h, b) {
                continue;
            }
            let branch = blocks[b].1;
            let k = match loops.iter().position(|l| l.0 == h) {
                Some(k) => k,
                None => {
                    loops.push((h, branch, vec![false; n]));
                    loops.len() - 1
                }
            };
            let entry = &mut loops[k];
            entry.1 = entry.1.max(branch);
            // The body: h, and every block reaching b without passing h.
            entry.2[h] = true;
            let mut work = vec![b];
            while let Some(x) = work.pop() {
                if entry.2[x] {
                    continue;
                }
                entry.2[x] = true;
                work.extend(pred[x].iter().copied().filter(|p| idom[*p] != usize::MAX));
            }
        }
    }
    loops
        .into_iter()
        .map(|(h, branch, member)| {
            let mut body: Vec<(usize, usize)> = Vec::new();
            for (b, &(first, last)) in blocks.iter().enumerate() {
                if !member[b] {
                    continue;
                }
                match body.last_mut() {
                    Some(r) if r.1 + 1 == first => r.1 = last,
                    _ => body.push((first, last)),
                }
            }
            Natural {
                header: blocks[h].0,
                branch,
                body,
            }
        })
        .collect()
}
