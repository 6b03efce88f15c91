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
    let conditional = ins.predicate().is_some();
    match ins.class {
        Class::Branch | Class::Exit => conditional,
        _ => true,
    }
}

/// The natural loops of the function whose instructions are `lo..=hi`; `target(i)` is the
/// instruction a branch at `i` jumps to, if it is known and in the function. Loops come out
/// in the order of their headers.
///
/// Cost, for N instructions, B blocks, E back edges and R body ranges in all: O(N) for the
/// blocks and edges, O(B · passes) for the dominators (two or three passes on what compilers
/// print), O(B) for the dominator tree's numbering (so "h dominates b" is one comparison),
/// O(E log E) to group the back edges by header, and about O((B + E + R) log B) for the
/// bodies: loops are walked innermost first, each block is walked by the innermost loop
/// holding it, and an outer loop takes an inner one whole (its header and its ranges, through
/// a union-find), not block by block. One marker vector serves every walk. So k loops nested
/// in one another cost O(k log k), not the O(k²) of walking each body.
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
    // A loop needs a back edge, so a branch to itself or to an instruction before it: without
    // one (straight-line code, a chain of forward branches) there is none, and no blocks are
    // built.
    if !(lo..=hi).any(|i| target(i).is_some_and(|t| inside(t) && t <= i)) {
        return Vec::new();
    }
    let graph = Graph::of(instructions, lo, hi, target);
    let (order, rpo) = reverse_postorder(&graph.succ);
    let idom = immediate_dominators(&graph.pred, &order, &rpo);
    let (pre, size) = dominator_preorder(&idom);
    let edges = back_edges(&graph.succ, &idom, &pre, &size);
    let mut loops = loop_bodies(&graph, &idom, &edges);
    loops.sort_unstable_by_key(|l| l.header);
    loops
}

/// A function's control-flow graph: its basic blocks as (first, last) instruction indices,
/// and each block's successors and predecessors.
struct Graph {
    blocks: Vec<(usize, usize)>,
    succ: Vec<Vec<usize>>,
    pred: Vec<Vec<usize>>,
}

impl Graph {
    /// The basic blocks of `lo..=hi` and the edges between them.
    fn of(
        instructions: &[Instruction],
        lo: usize,
        hi: usize,
        target: &dyn Fn(usize) -> Option<usize>,
    ) -> Graph {
        let inside = |t: usize| (lo..=hi).contains(&t);
        // Leaders: the entry, every branch target, every instruction after a branch or an exit.
        let mut leader = vec![false; hi - lo + 2];
        leader[0] = true;
        for i in lo..=hi {
            let ins = &instructions[i];
            if matches!(ins.class, Class::Branch | Class::Exit) {
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
        Graph { blocks, succ, pred }
    }
}

/// The blocks reachable from the entry in reverse postorder, and each block's number in it
/// (`usize::MAX` where unreachable).
fn reverse_postorder(succ: &[Vec<usize>]) -> (Vec<usize>, Vec<usize>) {
    let n = succ.len();
    // Iterative DFS.
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
    (order, rpo)
}

/// Immediate dominators (Cooper, Harvey & Kennedy); `usize::MAX` where unreachable.
fn immediate_dominators(pred: &[Vec<usize>], order: &[usize], rpo: &[usize]) -> Vec<usize> {
    let n = pred.len();
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
    idom
}

/// The dominator tree numbered in preorder, and each subtree's size: h dominates b when b's
/// number falls in h's subtree, [pre[h], pre[h] + size[h]) — one comparison, not a walk up
/// the tree.
fn dominator_preorder(idom: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let n = idom.len();
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
    (pre, size)
}

/// Back edges b → h (h dominates b), innermost headers first.
fn back_edges(
    succ: &[Vec<usize>],
    idom: &[usize],
    pre: &[usize],
    size: &[usize],
) -> Vec<(usize, usize)> {
    let n = succ.len();
    let dominates = |h: usize, b: usize| {
        pre[h] != usize::MAX
            && pre[b] != usize::MAX
            && pre[h] <= pre[b]
            && pre[b] < pre[h] + size[h]
    };
    // Grouped by header: one loop each.
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
    // Innermost headers first: an inner loop's header is dominated by the outer one's, so it
    // comes later in the dominator tree's preorder.
    edges.sort_unstable_by_key(|&(h, b)| (std::cmp::Reverse(pre[h]), b));
    edges
}

/// The loops of the back edges (sorted innermost header first), each with its body.
fn loop_bodies(graph: &Graph, idom: &[usize], edges: &[(usize, usize)]) -> Vec<Natural> {
    let Graph { blocks, pred, .. } = graph;
    let n = blocks.len();
    // The body of each loop: its header, and every block reaching one of its back edges
    // without passing the header. A loop found before (nested in this one) is taken whole:
    // `up` leads from each of its blocks to its header (union-find), the walk goes on from
    // that header's predecessors only (the only way into a loop is through its header), and
    // its ranges join this loop's. `mark[x]` is the last loop (counted from 1) that took x, so
    // one vector serves every walk.
    let mut up: Vec<usize> = (0..n).collect();
    let find = |up: &mut Vec<usize>, x: usize| {
        let mut r = x;
        while up[r] != r {
            r = up[r];
        }
        let mut y = x;
        while up[y] != r {
            let next = up[y];
            up[y] = r;
            y = next;
        }
        r
    };
    let mut loop_at = vec![usize::MAX; n];
    let mut mark = vec![0usize; n];
    let mut loops: Vec<Natural> = Vec::new();
    let mut work = Vec::new();
    for (stamp, group) in edges.chunk_by(|x, y| x.0 == y.0).enumerate() {
        let stamp = stamp + 1;
        let h = group[0].0;
        let mut own = vec![h];
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        let mut taken = Vec::new();
        mark[h] = stamp;
        let mut branch = 0;
        for &(_, b) in group {
            branch = branch.max(blocks[b].1);
            work.push(b);
            while let Some(x) = work.pop() {
                let r = find(&mut up, x);
                if mark[r] == stamp {
                    continue;
                }
                mark[r] = stamp;
                taken.push(r);
                match loop_at[r] {
                    usize::MAX => own.push(r),
                    inner => ranges.extend_from_slice(&loops[inner].body),
                }
                work.extend(pred[r].iter().copied().filter(|p| idom[*p] != usize::MAX));
            }
        }
        for r in taken {
            up[r] = h;
        }
        ranges.extend(own.iter().map(|&b| blocks[b]));
        ranges.sort_unstable();
        let mut body: Vec<(usize, usize)> = Vec::new();
        for (first, last) in ranges {
            match body.last_mut() {
                Some(r) if r.1 + 1 >= first => r.1 = r.1.max(last),
                _ => body.push((first, last)),
            }
        }
        loop_at[h] = loops.len();
        loops.push(Natural {
            header: blocks[h].0,
            branch,
            body,
        });
    }
    loops
}
