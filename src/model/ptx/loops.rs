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
/// instruction a branch at `i` jumps to, if it is known and in the function. Loops come out
/// in the order of their headers.
///
/// Cost, for N instructions, B blocks, E back edges and bodies of Σ|body| blocks in all:
/// O(N) for the blocks and edges, O(B · passes) for the dominators (two or three passes on
/// what compilers print), O(B) for the dominator tree's numbering (so "h dominates b" is one
/// comparison), O(E log E) to group the back edges by header, and O(Σ|body| log |body|) for
/// the bodies: one marker vector serves every walk, each loop collects its own blocks and
/// sorts them. Loops one after another cost O(N log N); k loops nested in one another hold
/// k bodies of up to N blocks (O(k · N): the bodies themselves).
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
    // The dominator tree numbered in preorder: h dominates b when b's number falls in h's
    // subtree, [pre[h], pre[h] + size[h]) — one comparison, not a walk up the tree.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for b in 1..n {
        if idom[b] != usize::MAX {
            children[idom[b]].push(b);
        }
    }
    let mut pre = vec![usize::MAX; n];
    let mut size = vec![0usize; n];
    let mut next = 0usize;
    let mut walk = vec![(0usize, 0usize)];
    pre[0] = 0;
    next += 1;
    while let Some(top) = walk.last_mut() {
        let (b, k) = *top;
        if let Some(&c) = children[b].get(k) {
            top.1 += 1;
            pre[c] = next;
            next += 1;
            walk.push((c, 0));
        } else {
            size[b] = next - pre[b];
            walk.pop();
        }
    }
    let dominates = |h: usize, b: usize| {
        pre[h] != usize::MAX
            && pre[b] != usize::MAX
            && pre[h] <= pre[b]
            && pre[b] < pre[h] + size[h]
    };
    // Back edges b → h (h dominates b), grouped by header: one loop each.
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for b in 0..n {
        if idom[b] == usize::MAX {
            continue; // unreachable
        }
        for &h in &succ[b] {
            if dominates(h, b) {
                edges.push((h, b));
            }
        }
    }
    edges.sort_unstable();
    // The body of each loop: its header, and every block reaching one of its back edges
    // without passing the header. `mark[x]` is the last loop (counted from 1) that took x, so
    // one vector serves every walk.
    let mut mark = vec![0usize; n];
    let mut loops = Vec::new();
    let mut work = Vec::new();
    for (stamp, group) in edges.chunk_by(|x, y| x.0 == y.0).enumerate() {
        let stamp = stamp + 1;
        let h = group[0].0;
        let mut members = vec![h];
        mark[h] = stamp;
        let mut branch = 0;
        for &(_, b) in group {
            branch = branch.max(blocks[b].1);
            work.push(b);
            while let Some(x) = work.pop() {
                if mark[x] == stamp {
                    continue;
                }
                mark[x] = stamp;
                members.push(x);
                work.extend(pred[x].iter().copied().filter(|p| idom[*p] != usize::MAX));
            }
        }
        members.sort_unstable();
        let mut body: Vec<(usize, usize)> = Vec::new();
        for b in members {
            let (first, last) = blocks[b];
            match body.last_mut() {
                Some(r) if r.1 + 1 == first => r.1 = last,
                _ => body.push((first, last)),
            }
        }
        loops.push(Natural {
            header: blocks[h].0,
            branch,
            body,
        });
    }
    loops
}
