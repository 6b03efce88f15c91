//! Hostile PTX texts (issue 25), generated rather than committed: shared by
//! `tests/hostile_ptx.rs` (which asserts their bounds) and `examples/ptx_hostile.rs` (which
//! prints their time and peak memory).

#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts the bytes allocated now and the most ever at once (each binary that includes these
/// cases declares it its `#[global_allocator]`).
pub struct Counting;
static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

/// `f`'s result and the most bytes held at once while it ran, beyond what was held before.
pub fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = NOW.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed).saturating_sub(base))
}

/// `.func` f1 calls f2 `calls` times, f2 calls f3 `calls` times, … `levels` deep, and one
/// `.entry` calls f1 once: inlining every call makes `calls^levels` copies (20 and 8: a
/// 3.4 KB text).
pub fn nested_calls(levels: usize, calls: usize) -> String {
    let mut s = String::from(".version 7.0\n.target sm_70\n.address_size 64\n");
    for f in (1..=levels).rev() {
        s += &format!(".func f{f}()\n{{\n");
        if f < levels {
            for _ in 0..calls {
                s += &format!("call f{};\n", f + 1);
            }
        } else {
            s += "add.s32 %r1, %r1, 1;\n";
        }
        s += "ret;\n}\n";
    }
    s += ".visible .entry k()\n{\ncall f1;\nret;\n}\n";
    s
}

/// One kernel with `n` loops one after the other (40,000: about 2 MB).
pub fn many_loops(n: usize) -> String {
    let mut s = String::from(".version 7.0\n.target sm_70\n.visible .entry k()\n{\n");
    for k in 0..n {
        s += &format!("L{k}:\nadd.s32 %r1, %r1, 1;\n@%p1 bra L{k};\n");
    }
    s += "ret;\n}\n";
    s
}

/// One kernel with `n` loops, each inside the one before.
pub fn nested_loops(n: usize) -> String {
    let mut s = String::from(".version 7.0\n.target sm_70\n.visible .entry k()\n{\n");
    for k in 0..n {
        s += &format!("L{k}:\nadd.s32 %r1, %r1, 1;\n");
    }
    for k in (0..n).rev() {
        s += &format!("@%p1 bra L{k};\n");
    }
    s += "ret;\n}\n";
    s
}

/// `ret;` repeated on one line to `bytes` bytes.
pub fn statements_on_one_line(bytes: usize) -> String {
    format!(
        ".visible .entry k()\n{{\n{}\n}}\n",
        "ret;".repeat(bytes / 4)
    )
}

/// `n` short instructions, one a line (262,144: about 3 MB), as a long straight-line kernel
/// is written.
pub fn short_instructions(n: usize) -> String {
    let mut s = String::from(".version 7.0\n.target sm_70\n.visible .entry k()\n{\n");
    for k in 0..n {
        s += &format!("add.s32 %r{}, 1;\n", k % 8);
    }
    s += "}\n";
    s
}

/// `n` labels on one line before one `ret;`.
pub fn labels_on_one_line(n: usize) -> String {
    let labels: String = (0..n).map(|k| format!("L{k}: ")).collect();
    format!(".visible .entry k()\n{{\n{labels}ret;\n}}\n")
}

/// A statement missing its `;`, then `n` lines with none.
pub fn unterminated_statement(n: usize) -> String {
    let mut s = String::from(".visible .entry k()\n{\nmov.u32 %r1, 0\n");
    for _ in 0..n {
        s += ".b8 0, 1, 2, 3\n";
    }
    s += "ret;\n}\n";
    s
}

/// A `.func` whose loop runs `trips` times, called `calls` times by one kernel.
pub fn func_loop_called(calls: usize) -> String {
    let mut s = String::from(
        ".version 7.0\n.target sm_70\n.func f2()\n{\nmov.u32 %r1, 0;\n$L__f2_1:\nld.global.f32 %f1, [%rd1];\nadd.s32 %r1, %r1, 1;\nsetp.lt.s32 %p1, %r1, 8;\n@%p1 bra $L__f2_1;\nret;\n}\n.visible .entry k()\n{\n",
    );
    for _ in 0..calls {
        s += "call f2;\n";
    }
    s += "ret;\n}\n";
    s
}

/// `n` lines that cannot be read: one error each.
pub fn bad_lines(n: usize) -> String {
    "@@@ x\n".repeat(n)
}

/// `n` small kernels, each with a loop.
pub fn many_kernels(n: usize) -> String {
    let mut s = String::from(".version 7.0\n.target sm_70\n");
    for k in 0..n {
        s += &format!(
            ".visible .entry k{k}()\n{{\nL1:\nadd.s32 %r1, %r1, 1;\n@%p1 bra L1;\nret;\n}}\n"
        );
    }
    s
}
