//! The PTX analyzer (Luo & Suda §3.1–3.2): parsing nvcc-style PTX, hand-counted examples,
//! Table 1 lookups, calculate periods and P, loop trip counts, Hong & Kim counts, and
//! malformed input reported as data.

use warpsight::model::ptx::{
    analyze, hong_kim_counts, parse, table_1_cell, task_kind, weights, Class, Column, CostTable,
    Instruction, Operand, Parsed, Space, TaskKind, EXAMPLES,
};

fn example(id: &str) -> Parsed {
    let ex = EXAMPLES
        .iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no example {id}"));
    let parsed = parse(ex.ptx);
    assert!(parsed.errors.is_empty(), "{id}: {:?}", parsed.errors);
    parsed
}

/// (instructions, Class::Compute, global memory, shared ld/st, param ld, sync, branch, exit)
fn census(p: &Parsed) -> (usize, usize, usize, usize, usize, usize, usize, usize) {
    let count = |f: &dyn Fn(&Instruction) -> bool| p.instructions.iter().filter(|i| f(i)).count();
    let space = |i: &Instruction| match i.class {
        Class::Memory { space, .. } => Some(space),
        _ => None,
    };
    (
        p.instructions.len(),
        count(&|i| i.class == Class::Compute),
        count(&|i| space(i) == Some(Space::Global)),
        count(&|i| space(i) == Some(Space::Shared)),
        count(&|i| space(i) == Some(Space::Param)),
        count(&|i| i.class == Class::Sync),
        count(&|i| matches!(i.class, Class::Branch)),
        count(&|i| i.class == Class::Exit),
    )
}

/// The single instruction of a one-line snippet.
fn one(line: &str) -> Instruction {
    let p = parse(line);
    assert!(p.errors.is_empty(), "{line}: {:?}", p.errors);
    assert_eq!(p.instructions.len(), 1, "{line}");
    p.instructions[0].clone()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs().max(1.0)
}

// ----- the examples, counted by hand ------------------------------------------------------------

#[test]
fn examples_are_the_three_promised() {
    let ids: Vec<&str> = EXAMPLES.iter().map(|e| e.id).collect();
    assert_eq!(ids, ["vector-add", "matmul-tiled", "reduce-shared"]);
    for e in EXAMPLES {
        assert!(e.ptx.contains(".version 7."), "{}", e.id);
        assert!(e.ptx.contains(".target sm_52"), "{}", e.id);
        assert!(!e.name.is_empty());
    }
}

#[test]
fn vector_add_hand_count() {
    let p = example("vector-add");
    // 4 ld.param, 3 mov, mad, setp, bra | cvta, mul.wide, add, cvta, add, 2 ld.global, add.f32,
    // cvta, add, st.global | ret  = 22; Class::Compute: 5 + 5 + 3 = 13 (ld.param is Memory/Param).
    assert_eq!(census(&p), (22, 13, 3, 0, 4, 0, 1, 1));
    assert!(p.loops.is_empty()); // the only bra jumps forward (line 37 → 51)
    let bra = &p.instructions[9];
    assert_eq!(bra.line, 37);
    assert_eq!(bra.predicate(), Some("%p1"));
    assert_eq!(bra.class, Class::Branch);
    assert_eq!(bra.branch_target(), Some("$L__BB0_2"));
    let ld = &p.instructions[15];
    assert_eq!(ld.line, 44);
    assert_eq!(ld.opcode(), "ld");
    assert_eq!(ld.modifiers().collect::<Vec<_>>(), ["global", "f32"]);
    assert_eq!(
        ld.operands(),
        [
            Operand::Register("%f1"),
            Operand::Address {
                base: "%rd8",
                offset: 0
            }
        ]
    );
    let param = &p.instructions[0];
    assert_eq!(
        param.class,
        Class::Memory {
            space: Space::Param,
            store: false
        }
    );
    assert_eq!(
        param.operands()[1],
        Operand::Address {
            base: "_Z6vecAddPKfS0_Pfi_param_0",
            offset: 0
        }
    );
    assert_eq!(p.instructions[21].line, 52);
    assert_eq!(p.instructions[21].class, Class::Exit);
}

#[test]
fn matmul_tiled_hand_count() {
    let p = example("matmul-tiled");
    // 68 instructions: 4 ld.param, 3 global (2 ld in the tile loop, 1 st at the end), 6 shared
    // (2 st.shared in the tile loop, 4 ld.shared in the k loop), 2 bar.sync, 3 bra, 1 ret, and
    // 68 − 4 − 3 − 6 − 2 − 3 − 1 = 49 Class::Compute.
    assert_eq!(census(&p), (68, 49, 3, 6, 4, 2, 3, 1));
    assert_eq!(p.loops.len(), 2);
    // Outer first: the tile loop $L__BB0_2 (line 67) closed by the bra on line 100.
    let outer = &p.loops[0];
    assert_eq!(outer.label, "$L__BB0_2");
    assert_eq!((outer.start, outer.end), (32, 61));
    assert_eq!((outer.header_line, outer.branch_line), (67, 100));
    // Inner: the k loop $L__BB0_3 (line 84) closed on line 95.
    let inner = &p.loops[1];
    assert_eq!(inner.label, "$L__BB0_3");
    assert_eq!((inner.start, inner.end), (47, 57));
    assert_eq!((inner.header_line, inner.branch_line), (84, 95));
    // Two bar.sync per tile iteration, both inside the outer loop only.
    let syncs: Vec<usize> = (0..p.instructions.len())
        .filter(|&i| p.instructions[i].class == Class::Sync)
        .collect();
    assert_eq!(syncs, [43, 58]);
    assert!(syncs
        .iter()
        .all(|&i| outer.contains(i) && !inner.contains(i)));
    // `[%r30+4]` and `[%r31+64]` in the k loop.
    assert_eq!(
        p.instructions[51].operands()[1],
        Operand::Address {
            base: "%r31",
            offset: 64
        }
    );
    // mov.f32 %f13, 0f00000000: a hex-float immediate.
    assert_eq!(
        p.instructions[12].operands()[1],
        Operand::Immediate("0f00000000")
    );
}

#[test]
fn reduce_shared_hand_count() {
    let p = example("reduce-shared");
    // 42 instructions: 3 ld.param, 2 global (ld.global.nc in, st.global out), 5 shared (st,
    // 2 ld, st in the loop, ld [sdata]), 2 bar.sync, 5 bra, 1 ret, and
    // 42 − 3 − 2 − 5 − 2 − 5 − 1 = 24 Class::Compute.
    assert_eq!(census(&p), (42, 24, 2, 5, 3, 2, 5, 1));
    assert_eq!(p.loops.len(), 1);
    let lp = &p.loops[0];
    assert_eq!(lp.label, "$L__BB0_3");
    assert_eq!((lp.start, lp.end), (22, 33));
    assert_eq!((lp.header_line, lp.branch_line), (55, 70));
    // The bar.sync on line 67 is in the loop, the one on line 50 before it.
    assert_eq!(p.instructions[30].line, 67);
    assert_eq!(p.instructions[30].class, Class::Sync);
    assert!(lp.contains(30));
    assert_eq!(p.instructions[18].line, 50);
    assert!(!lp.contains(18));
    // ld.global.nc.f32 is a global load; ld.shared.f32 [sdata] addresses a symbol.
    assert_eq!(
        p.instructions[13].modifiers().collect::<Vec<_>>(),
        ["global", "nc", "f32"]
    );
    assert!(p.instructions[13].is_memory_task());
    assert_eq!(
        p.instructions[36].operands()[1],
        Operand::Address {
            base: "_ZZ9reduceSumPKfPfiE5sdata",
            offset: 0
        }
    );
    assert!(!p.instructions[36].is_memory_task());
}

// ----- periods and P ------------------------------------------------------------------------------

#[test]
fn vector_add_periods_and_p() {
    let p = example("vector-add");
    let a = analyze(&p, &CostTable::GTX260, &[]);
    // Task 1 (computation), the bra does not split it:
    //   4 ld.param × 22 (other)          =  88
    //   3 mov × 22                       =  66
    //   mad.lo.s32 regs → mul int_reg    = 136
    //   setp × 22                        =  22
    //   cvta 22 + mul.wide.s32 …, 4 (mul int_const) 44 + add.s64 65 + cvta 22 + add.s64 65 = 218
    //   c1 = 88 + 66 + 136 + 22 + 218    = 530
    // Task 2 (memory): 2 ld.global × 200 → m1 = 400
    // Task 3: add.f32 65 + cvta 22 + add.s64 65 → c2 = 152
    // Task 4: st.global 200 → m2 = 200; ret costs 0.
    assert_eq!(a.periods, [(530.0, 400.0), (152.0, 200.0)]);
    assert_eq!(a.compute_cost, 682.0);
    assert_eq!(a.memory_cost, 600.0);
    // P = 682 / (682 + 600) = 682 / 1282 = 0.53198…
    assert!(close(a.p, 682.0 / 1282.0));
    assert!((a.p - 0.531981).abs() < 1e-6);
    assert_eq!(a.weights, vec![1.0; 22]);
    assert_eq!(a.periods_text(), "530:400,152:200");
}

#[test]
fn leading_memory_and_trailing_compute() {
    let p = parse(
        "ld.global.f32 %f1, [%rd1];\n\
         ld.global.f32 %f2, [%rd1+4];\n\
         add.f32 %f3, %f1, %f2;\n\
         neg.f32 %f4, %f3;\n\
         ret;",
    );
    assert!(p.errors.is_empty());
    let a = analyze(&p, &CostTable::GTX260, &[]);
    // Memory first: period 1 = (0, 400); then add.f32 65 + neg.f32 17 with no memory after.
    assert_eq!(a.periods, [(0.0, 400.0), (82.0, 0.0)]);
    assert!(close(a.p, 82.0 / 482.0));
}

#[test]
fn empty_input_gives_no_periods_and_p_zero() {
    let p = parse("");
    assert!(p.instructions.is_empty() && p.errors.is_empty());
    let a = analyze(&p, &CostTable::GTX260, &[]);
    assert!(a.periods.is_empty());
    assert_eq!(a.p, 0.0);
    assert_eq!(a.periods_text(), "");
}

const LOOP: &str = "mov.u32 %r1, 0;
$L_loop:
ld.global.f32 %f1, [%rd1];
add.f32 %f2, %f2, %f1;
add.s32 %r1, %r1, 1;
setp.lt.s32 %p1, %r1, 10;
@%p1 bra $L_loop;
st.global.f32 [%rd2], %f2;
ret;";

#[test]
fn trip_counts_multiply_a_loops_costs() {
    let p = parse(LOOP);
    assert!(p.errors.is_empty());
    assert_eq!(p.loops.len(), 1);
    assert_eq!((p.loops[0].start, p.loops[0].end), (1, 5));
    assert_eq!((p.loops[0].header_line, p.loops[0].branch_line), (2, 7));

    // Trip count 1 (missing): mov 22 | ld 200 | add.f32 reg 65 + add.s32 const 22 + setp 22
    // = 109 | st 200.
    let once = analyze(&p, &CostTable::GTX260, &[]);
    assert_eq!(once.periods, [(22.0, 200.0), (109.0, 200.0)]);
    assert!(close(once.p, 131.0 / 531.0));

    // Trip count 10: the body (ld, add, add, setp, bra) weighs 10.
    // (22, 200·10 = 2000), (65·10 + 22·10 + 22·10 = 1090, 200).
    let ten = analyze(&p, &CostTable::GTX260, &[10]);
    assert_eq!(ten.weights, [1.0, 10.0, 10.0, 10.0, 10.0, 10.0, 1.0, 1.0]);
    assert_eq!(ten.periods, [(22.0, 2000.0), (1090.0, 200.0)]);
    assert_eq!((ten.compute_cost, ten.memory_cost), (1112.0, 2200.0));
    assert!(close(ten.p, 1112.0 / 3312.0));

    // Trip count 0: the body is skipped; mov then st form one period (22, 200).
    let never = analyze(&p, &CostTable::GTX260, &[0]);
    assert_eq!(never.periods, [(22.0, 200.0)]);
}

#[test]
fn nested_loop_weights_multiply() {
    let p = example("matmul-tiled");
    let w = weights(&p, &[4, 8]);
    assert_eq!(w[31], 1.0); // mov.u32 %r32, 0 before the tile loop
    assert_eq!(w[32], 4.0); // first of the tile loop
    assert_eq!(w[46], 4.0);
    assert_eq!(w[47], 32.0); // k loop: 4 × 8
    assert_eq!(w[57], 32.0);
    assert_eq!(w[58], 4.0); // second bar.sync
    assert_eq!(w[61], 4.0);
    assert_eq!(w[62], 1.0);
    // Extra trip counts are ignored, missing ones are 1.
    assert_eq!(weights(&p, &[4, 8, 99]), w);
    assert_eq!(weights(&p, &[4])[47], 4.0);
}

// ----- Hong & Kim counts --------------------------------------------------------------------------

#[test]
fn hong_kim_counts_vector_add() {
    let p = example("vector-add");
    // 13 compute + 4 ld.param = 17; 3 global; no barrier; bra and ret not counted.
    let c = hong_kim_counts(&p, &[], &[]);
    assert_eq!(
        (
            c.comp_insts,
            c.coal_mem_insts,
            c.uncoal_mem_insts,
            c.synch_insts
        ),
        (17.0, 3.0, 0.0, 0.0)
    );
    // Mark the first ld.global (index 15) uncoalesced.
    let u = hong_kim_counts(&p, &[], &[15]);
    assert_eq!(
        (
            u.comp_insts,
            u.coal_mem_insts,
            u.uncoal_mem_insts,
            u.synch_insts
        ),
        (17.0, 2.0, 1.0, 0.0)
    );
    // A non-memory index and an out-of-range index are ignored.
    assert_eq!(hong_kim_counts(&p, &[], &[0, 999]), c);
}

#[test]
fn hong_kim_counts_matmul_with_trip_counts() {
    let p = example("matmul-tiled");
    // Outside the loops: 31 computation before (0..=31 less the bra) + 4 after, 1 st.global.
    // Tile loop only (×4): 14 computation (incl. 2 st.shared), 2 ld.global, 2 bar.sync.
    // k loop (×32): 4 ld.shared + 2 fma + 3 add + setp = 10.
    // comp = 35 + 14·4 + 10·32 = 411; coal = 1 + 2·4 = 9; synch = 2·4 = 8.
    let c = hong_kim_counts(&p, &[4, 8], &[]);
    assert_eq!(
        (
            c.comp_insts,
            c.coal_mem_insts,
            c.uncoal_mem_insts,
            c.synch_insts
        ),
        (411.0, 9.0, 0.0, 8.0)
    );
    // The A-tile load (index 36) uncoalesced: it moves 4 from coalesced to uncoalesced.
    let u = hong_kim_counts(&p, &[4, 8], &[36]);
    assert_eq!(
        (
            u.comp_insts,
            u.coal_mem_insts,
            u.uncoal_mem_insts,
            u.synch_insts
        ),
        (411.0, 5.0, 4.0, 8.0)
    );
    // Without trip counts: 35 + 14 + 10 = 59, 3 global, 2 barriers.
    let flat = hong_kim_counts(&p, &[], &[]);
    assert_eq!(
        (flat.comp_insts, flat.coal_mem_insts, flat.synch_insts),
        (59.0, 3.0, 2.0)
    );
}

// ----- Table 1 lookups ----------------------------------------------------------------------------

#[test]
fn table_1_cells() {
    let t = CostTable::GTX260;
    let cases = [
        (
            "add.s32 %r1, %r2, 1;",
            22.0,
            Some(("add", Column::IntConst)),
        ),
        (
            "add.s32 %r1, %r2, %r3;",
            65.0,
            Some(("add", Column::IntReg)),
        ),
        (
            "mul.lo.s32 %r1, %r2, %r3;",
            136.0,
            Some(("mul", Column::IntReg)),
        ),
        (
            "mul.lo.s32 %r1, %r2, 3;",
            44.0,
            Some(("mul", Column::IntConst)),
        ),
        (
            "div.rn.f32 %f1, %f2, %f3;",
            783.0,
            Some(("div", Column::FloatReg)),
        ),
        (
            "div.s32 %r1, %r2, 7;",
            728.0,
            Some(("div", Column::IntConst)),
        ),
        ("neg.f32 %f1, %f2;", 17.0, Some(("neg", Column::FloatReg))),
        ("neg.s32 %r1, %r2;", 22.0, Some(("neg", Column::IntReg))),
        (
            "sub.f32 %f1, %f2, 0f3F800000;",
            22.0,
            Some(("sub", Column::FloatConst)),
        ),
        (
            "and.b32 %r1, %r2, 255;",
            64.0,
            Some(("and", Column::IntConst)),
        ),
        (
            "fma.rn.f32 %f1, %f2, %f3, %f4;",
            65.0,
            Some(("mul", Column::FloatReg)),
        ),
        (
            "mad.lo.s32 %r1, %r2, %r3, %r4;",
            136.0,
            Some(("mul", Column::IntReg)),
        ),
        ("mad.wide.s32 %rd1, %r2, 4, %rd3;", 22.0, None),
        ("mov.u32 %r1, %tid.x;", 22.0, None),
        ("setp.ge.s32 %p1, %r1, %r2;", 22.0, None),
        ("ld.global.f32 %f1, [%rd1];", 200.0, None),
        ("st.global.f32 [%rd1], %f1;", 200.0, None),
        ("ld.shared.f32 %f1, [%r1];", 22.0, None),
        ("bar.sync 0;", 22.0, None),
        ("bra $L__BB0_2;", 0.0, None),
        ("ret;", 0.0, None),
    ];
    for (line, cost, cell) in cases {
        let text = if line.starts_with("bra") {
            format!("$L__BB0_2:\n{line}")
        } else {
            line.to_string()
        };
        let ins = one(&text);
        assert_eq!(t.cost(&ins), cost, "{line}");
        assert_eq!(table_1_cell(&ins), cell, "{line}");
    }
}

#[test]
fn table_values_match_the_paper() {
    let t = CostTable::GTX260;
    let row = |op| t.op(op).expect("a Table 1 op");
    assert_eq!(row("mul").get(Column::IntConst), 44.0);
    assert_eq!(row("div").get(Column::FloatConst), 748.0);
    assert_eq!(row("div").get(Column::IntReg), 753.0);
    assert_eq!(row("and").get(Column::FloatReg), 64.0);
    assert_eq!(row("xor").get(Column::IntReg), 62.0);
    assert_eq!(row("not").get(Column::FloatConst), 22.0);
    assert_eq!(t.ld_st, 200.0);
    assert_eq!(t.other, 22.0);
    assert!(t.op("mov").is_none());
}

// ----- parsing details ----------------------------------------------------------------------------

#[test]
fn classification_and_operands() {
    let i = one("@!%p2 ld.global.nc.v2.f32 {%f1, %f2}, [%rd4+8];");
    assert_eq!(i.predicate(), Some("!%p2"));
    assert_eq!(
        i.modifiers().collect::<Vec<_>>(),
        ["global", "nc", "v2", "f32"]
    );
    assert_eq!(
        i.operands(),
        [
            Operand::Register("%f1"),
            Operand::Register("%f2"),
            Operand::Address {
                base: "%rd4",
                offset: 8
            }
        ]
    );
    assert_eq!(
        i.class,
        Class::Memory {
            space: Space::Global,
            store: false
        }
    );

    let st = one("st.shared.f32 [sdata+8], %f1;");
    assert_eq!(
        st.class,
        Class::Memory {
            space: Space::Shared,
            store: true
        }
    );
    assert_eq!(task_kind(&st), Some(TaskKind::Computation));

    let generic = one("ld.f32 %f1, [%rd1+-4];");
    assert_eq!(
        generic.class,
        Class::Memory {
            space: Space::Generic,
            store: false
        }
    );
    assert_eq!(
        generic.operands()[1],
        Operand::Address {
            base: "%rd1",
            offset: -4
        }
    );
    assert_eq!(task_kind(&generic), Some(TaskKind::MemoryAccess));

    let atom = one("atom.global.add.u32 %r1, [%rd1], 1;");
    assert_eq!(
        atom.class,
        Class::Memory {
            space: Space::Global,
            store: true
        }
    );

    let neg = one("mov.s32 %r1, -1;");
    assert_eq!(neg.operands()[1], Operand::Immediate("-1"));
    let dbl = one("mov.f64 %fd1, 0d3FF0000000000000;");
    assert_eq!(dbl.operands()[1], Operand::Immediate("0d3FF0000000000000"));

    assert_eq!(one("bar.sync 0;").class, Class::Sync);
    assert_eq!(one("barrier.sync 0;").class, Class::Sync);
    assert_eq!(one("exit;").class, Class::Exit);
    assert_eq!(one("cvta.to.global.u64 %rd1, %rd2;").class, Class::Compute);
    assert_eq!(
        one("cvta.to.global.u64 %rd1, %rd2;")
            .modifiers()
            .collect::<Vec<_>>(),
        ["to", "global", "u64"]
    );
    assert_eq!(task_kind(&one("ret;")), None);
}

#[test]
fn directives_comments_and_calls_are_understood() {
    let text = r#".version 7.8
.target sm_52
.address_size 64
.global .align 4 .b8 table[8] = {1, 2,
    3, 4, 5, 6, 7, 8};
/* a block comment
   over two lines */
.visible .entry k(
	.param .u64 k_param_0
)
.maxntid 256, 1, 1
{
	.reg .b32 	%r<4>;
	.pragma "nounroll";
	.loc	1 5 3
	mov.u32 	%r1, %tid.x; // trailing comment
	{ // callseq 0, 0
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd1;
	call.uni (retval0), vprintf, (param0, param1);
	} // callseq 0
	ret;
}"#;
    let p = parse(text);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let ops: Vec<&str> = p.instructions.iter().map(|i| i.opcode()).collect();
    assert_eq!(ops, ["mov", "st", "call", "ret"]);
    assert_eq!(p.instructions[0].line, 16);
    assert_eq!(p.instructions[0].text(), "mov.u32 \t%r1, %tid.x;");
    assert_eq!(
        p.instructions[2].operands(),
        [
            Operand::Symbol("(retval0)"),
            Operand::Symbol("vprintf"),
            Operand::Symbol("(param0, param1)")
        ]
    );
}

#[test]
fn labels_are_local_to_their_function() {
    // Both functions use `$L1`: the second's bra must not loop back into the first.
    let text = ".entry a()\n{\n$L1:\nadd.s32 %r1, %r1, 1;\nbra $L1;\n}\n\
                .entry b()\n{\nbra $L1;\n$L1:\nret;\n}";
    let p = parse(text);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    assert_eq!(p.loops.len(), 1);
    assert_eq!((p.loops[0].start, p.loops[0].end), (0, 1));
}

// ----- malformed input ----------------------------------------------------------------------------

#[test]
fn malformed_lines_are_reported_and_skipped() {
    let text = ".version 7.8
.target sm_52
mov.u32 %r1, %tid.x;
add.s32 %r2, %r1, 1;
add.s32 %r3, %r2, %r1
mul.lo.s32 %r4, %r3, 3;
ld.global.f32 %f1, [%rd1];
// a comment
#@!$ garbage here;
st.global.f32 [%rd2], %f1;
ret;";
    let p = parse(text);
    let lines: Vec<usize> = p.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [5, 9]);
    assert!(
        p.errors[0]
            .message
            .starts_with("expected an instruction ending in `;`"),
        "{}",
        p.errors[0].message
    );
    assert!(
        p.errors[1].message.starts_with("expected a PTX opcode"),
        "{}",
        p.errors[1].message
    );
    assert_eq!(
        p.errors[0].to_string(),
        format!("line 5: {}", p.errors[0].message)
    );
    let lines: Vec<usize> = p.instructions.iter().map(|i| i.line).collect();
    assert_eq!(lines, [3, 4, 6, 7, 10, 11]);
    let ops: Vec<&str> = p.instructions.iter().map(|i| i.opcode()).collect();
    assert_eq!(ops, ["mov", "add", "mul", "ld", "st", "ret"]);
}

#[test]
fn each_kind_of_malformed_statement() {
    let cases = [
        ("ld.global.f32 %f1, [%rd1;", "expected balanced brackets"),
        ("@%p1 ;", "expected an opcode after the predicate"),
        ("@ bra $L1;", "expected a predicate register"),
        ("bra;", "expected a label after `bra`"),
        ("bra $nowhere;", "expected the branch target `$nowhere`"),
        ("add..s32 %r1, %r2, %r3;", "expected modifiers"),
        ("add.s32 %r1, , %r3;", "expected an operand between commas"),
        ("ld.global.f32 %f1, [%rd1+x];", "expected an address"),
        ("ld.global.f32 %f1, [];", "expected an address"),
        ("mov.u32 %r1, #5;", "expected an operand"),
        (
            ".f32 ok;\nadd.s32 %r1, %r2",
            "expected an instruction ending in `;`",
        ),
        ("frobnicate.s32 %r1;", "expected a PTX opcode"),
        ("/* never closed\nadd.s32 %r1, %r2, %r3;", "expected `*/`"),
    ];
    for (text, expected) in cases {
        let p = parse(text);
        assert_eq!(p.errors.len(), 1, "{text}: {:?}", p.errors);
        assert!(
            p.errors[0].message.starts_with(expected),
            "{text}: {}",
            p.errors[0].message
        );
    }
    // The branch to an undefined label is reported but kept.
    assert_eq!(parse("bra $nowhere;").instructions.len(), 1);
}

#[test]
fn never_panics_on_odd_input() {
    let odd = [
        "\u{0}\u{ffff}",
        "[[[[",
        "}}}}{{{{",
        "@",
        "@%p1",
        "$L:",
        "$L: $L: bra $L;",
        "ld.global.f32 %f1, [%rd1+99999999999999999999999];",
        "mov.u32 %r1, {%r2, {%r3}};",
        "é; ü; 漢字;",
        ".global .b8 x[2] = {1,\n",
        "\"unterminated ; string",
        "// only a comment",
    ];
    for text in odd {
        let p = parse(text);
        let a = analyze(&p, &CostTable::GTX260, &[u64::MAX, 0]);
        assert!(a.p >= 0.0 && a.p <= 1.0, "{text}");
        let _ = hong_kim_counts(&p, &[u64::MAX], &[usize::MAX]);
    }
    // The duplicate label on one line is an error; the bra still loops back.
    let p = parse("$L: $L: bra $L;");
    assert_eq!(p.errors.len(), 1);
    assert_eq!(p.loops.len(), 1);
}

/// What the panel shows (computed in the analysis worker) is the parser's and the analysis'
/// output, for every example and a malformed text; the cost table survives its flat form.
#[test]
fn the_panel_report_is_the_analysis() {
    use warpsight::model::ptx::{
        analyze, hong_kim_counts, parse, report, CostTable, EXAMPLE_NAMES,
    };
    assert_eq!(
        EXAMPLE_NAMES.map(|e| e.0),
        ["vector-add", "matmul-tiled", "reduce-shared"]
    );
    let mut costs = CostTable::GTX260;
    costs.ld_st = 400.0;
    costs.mul.float_reg = 7.0;
    assert_eq!(CostTable::from_flat(&costs.to_flat()), Some(costs));
    assert_eq!(CostTable::from_flat(&[1.0; 3]), None);
    let mut bad = costs.to_flat();
    bad[5] = -1.0;
    assert_eq!(CostTable::from_flat(&bad), None);
    let garbled =
        "add.s32 %r1, %r2, 4;\nmul.lo.s32 %r3, %r1\nld.global.f32 %f1, [%rd1];\n@@@ garbage";
    for text in EXAMPLES.iter().map(|e| e.ptx).chain([garbled]) {
        let p = parse(text);
        let trips = vec![3; p.loops.len()];
        let r = report(text, None, &costs, Some(&trips), &[1]);
        assert_eq!(r.instructions, p.instructions.len());
        assert_eq!(r.errors, p.errors);
        assert_eq!(
            r.loops.iter().map(|l| l.header_line).collect::<Vec<_>>(),
            p.loops.iter().map(|l| l.header_line).collect::<Vec<_>>()
        );
        let memory: Vec<usize> = (0..p.instructions.len())
            .filter(|&i| p.instructions[i].is_memory_task())
            .collect();
        assert_eq!(r.memory.iter().map(|m| m.index).collect::<Vec<_>>(), memory);
        let a = analyze(&p, &costs, &trips);
        let c = hong_kim_counts(&p, &trips, &[1]);
        let s = r.analysis.unwrap();
        assert_eq!(s.periods_text, a.periods_text());
        assert_eq!(
            (s.p, s.compute_cost, s.memory_cost),
            (a.p, a.compute_cost, a.memory_cost)
        );
        assert_eq!(
            (
                s.comp_insts,
                s.coal_mem_insts,
                s.uncoal_mem_insts,
                s.synch_insts
            ),
            (
                c.comp_insts,
                c.coal_mem_insts,
                c.uncoal_mem_insts,
                c.synch_insts
            )
        );
        // Without trip counts (one is not valid on the page): no analysis.
        assert!(report(text, None, &costs, None, &[]).analysis.is_none());
    }
    assert_eq!(report("", None, &costs, Some(&[]), &[]).analysis, None);
}

/// Issue 16: PTX as compilers print it (snippets written for these tests in nvcc's, NVVM's
/// and inline assembly's styles).
mod compilers {
    use warpsight::model::ptx::{parse, report, Class, CostTable, Space};

    fn ops(text: &str) -> Vec<String> {
        parse(text)
            .instructions
            .iter()
            .map(|i| i.opcode().to_string())
            .collect()
    }

    #[test]
    fn a_statement_ends_at_its_semicolon_not_at_a_newline() {
        // nvcc: an extern declaration ending with `;` on its own line, and a call over seven.
        let text = "
.extern .func  (.param .b32 func_retval0) vprintf
(
	.param .b64 vprintf_param_0,
	.param .b64 vprintf_param_1
)
;
.visible .entry k(
	.param .u64 k_param_0
)
{
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<5>;
	mov.u64 	%rd1, $str;
	cvta.global.u64 	%rd2, %rd1;
	{ // callseq 0, 0
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd2;
	.param .b64 param1;
	st.param.b64 	[param1+0], 0;
	.param .b32 retval0;
	call.uni (retval0),
	vprintf,
	(
	param0,
	param1
	);
	ld.param.b32 	%r1, [retval0+0];
	} // callseq 0
	mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
		{%f1, %f2, %f3, %f4},
		{%r1, %r2, %r3, %r4},
		{%r5, %r6},
		{%f5, %f6, %f7, %f8};
	ret;
}
";
        let p = parse(text);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(
            ops(text),
            ["mov", "cvta", "st", "st", "call", "ld", "mma", "ret"]
        );
        let call = &p.instructions[4];
        assert_eq!(call.line, 22, "a statement keeps its first line");
        let mma = &p.instructions[6];
        assert_eq!((mma.line, mma.operands().len()), (30, 14));
        // A statement that never ends is named at its first line, and the next instruction
        // still counts.
        let p = parse(
            "add.s32 %r1, %r2, 4;\nmul.lo.s32 %r3, %r1\nld.global.f32 %f1, [%rd1];\n@@@ garbage",
        );
        assert_eq!(p.errors.iter().map(|e| e.line).collect::<Vec<_>>(), [2, 4]);
        assert_eq!(p.instructions.len(), 2);
    }

    #[test]
    fn inline_assembly_names_and_scopes() {
        // CUTLASS-style inline assembly: predicates without `%`, the same label in two blocks.
        let text = "
.visible .entry k()
{
	{
	.reg .pred p;
	setp.ne.b32 p, %r1, 0;
	@p ld.global.L2::128B.u16 %rs1, [%rd2];
	}
	{
	.reg .pred p;
	LAB_WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 p, [%r1], %r2;
	@!p bra LAB_WAIT;
	}
	{
	.reg .pred p;
	LAB_WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 p, [%r1], %r2;
	@!p bra LAB_WAIT;
	}
	ret;
}
";
        let p = parse(text);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        let ld = &p.instructions[1];
        assert_eq!(ld.predicate(), Some("p"));
        assert!(ld.is_memory_task());
        // Each block's branch goes to its own label.
        assert_eq!(p.loops.len(), 2);
        assert_eq!(p.loops[0].header_line, 11);
        assert_eq!(p.loops[1].header_line, 17);
        // An indirect call's prototype is a declaration, not a label.
        let p = parse(
            ".visible .func f()\n{\nprototype_0 : .callprototype ()_ (.param .b64 _, .param .b64 _);\ncall (retval0), %rd5, (param0), prototype_0;\nret;\n}",
        );
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(
            ops(
                ".visible .func f()\n{\nprototype_0 : .callprototype ()_ (.param .b64 _);\nret;\n}"
            ),
            ["ret"]
        );
    }

    #[test]
    fn vector_operands_inside_brackets() {
        let p = parse(
            "tex.2d.v4.u32.f32 {%r1,%r2,%r3,%r4}, [tex0, {%f1,%f2,%f3,%f4}];\ncp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r5, %r6}], [%r7];",
        );
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(p.instructions[0].operands().len(), 4 + 1 + 4);
        assert!(p.instructions.iter().all(|i| i.is_memory_task()));
    }

    #[test]
    fn memory_or_computation() {
        let cases = [
            // Asynchronous copies global → shared move device memory; their waits do not.
            ("cp.async.ca.shared.global [%r1], [%rd1], 16;", Some(false)),
            (
                "cp.async.cg.shared.global.L2::128B [%r1], [%rd1], 16, %r2;",
                Some(false),
            ),
            (
                "cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 256;",
                Some(true),
            ),
            ("cp.async.commit_group;", None),
            ("cp.async.wait_group 0;", None),
            ("cp.async.bulk.wait_group.read 0;", None),
            // Texture and surface accesses.
            (
                "tld4.r.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [tex0, {%f5,%f6}];",
                Some(false),
            ),
            (
                "suld.b.2d.v4.b32.trap {%r1,%r2,%r3,%r4}, [surf0, {%r5,%r6}];",
                Some(false),
            ),
            (
                "sust.b.2d.v4.b32.trap [surf0, {%r5,%r6}], {%r1,%r2,%r3,%r4};",
                Some(true),
            ),
            // Warp matrix fragments: global or generic memory, not shared.
            (
                "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1,%r2}, [%rd1], %r9;",
                Some(false),
            ),
            (
                "wmma.store.d.sync.aligned.row.m16n16k16.f32 [%rd2], {%f1,%f2}, %r10;",
                Some(true),
            ),
            (
                "wmma.load.a.sync.aligned.row.m16n16k16.shared.f16 {%r1,%r2}, [%r3], %r9;",
                None,
            ),
            ("prefetch.global.L2 [%rd1];", Some(false)),
            (
                "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1,%r2,%r3,%r4}, [%r5];",
                None,
            ),
        ];
        for (text, memory) in cases {
            let p = parse(text);
            assert!(p.errors.is_empty(), "{text}: {:?}", p.errors);
            let ins = &p.instructions[0];
            match memory {
                Some(store) => {
                    assert!(ins.is_memory_task(), "{text}");
                    assert!(
                        matches!(ins.class, Class::Memory { store: s, .. } if s == store),
                        "{text}"
                    );
                }
                None => assert!(!ins.is_memory_task(), "{text}"),
            }
        }
        assert!(matches!(
            parse("tex.1d.v4.f32.s32 {%f1,%f2,%f3,%f4}, [t, {%r1}];").instructions[0].class,
            Class::Memory {
                space: Space::Tex,
                ..
            }
        ));
        // A warp barrier is not a block barrier.
        assert_eq!(
            parse("bar.warp.sync -1;").instructions[0].class,
            Class::Compute
        );
        assert_eq!(parse("bar.sync 0;").instructions[0].class, Class::Sync);
    }

    #[test]
    fn debug_ptx_is_flagged_and_an_empty_analysis_is_zero() {
        let p = parse(".version 7.8\n.target sm_52, debug\n.address_size 64\n");
        assert!(p.debug);
        assert!(!parse(".version 7.8\n.target sm_52\n").debug);
        let r = report(
            ".target sm_80, debug\nret;",
            None,
            &CostTable::GTX260,
            Some(&[]),
            &[],
        );
        assert!(r.debug);
        let s = r.analysis.unwrap();
        for v in [
            s.p,
            s.compute_cost,
            s.memory_cost,
            s.comp_insts,
            s.synch_insts,
        ] {
            assert_eq!(v.to_string(), "0");
        }
    }
}

/// Loops are natural loops: a backward branch is one only when its target dominates it.
mod natural_loops {
    use warpsight::model::ptx::{parse, EXAMPLES};

    #[test]
    fn a_backward_branch_to_an_earlier_block_is_not_always_a_loop() {
        // A shared exit and an error arm laid out before and after the loop, as compilers
        // lay out blocks: three backward branches, one loop.
        let text = "
.visible .entry k()
{
	setp.lt.s32 %p1, %r1, 0;
	@%p1 bra $L_neg;
	bra.uni $L_body;
$L_exit:
	ret;
$L_body:
	add.s32 %r2, %r2, 1;
	setp.lt.s32 %p2, %r2, 10;
	@%p2 bra $L_body;
	bra.uni $L_exit;
$L_neg:
	neg.s32 %r1, %r1;
	bra.uni $L_exit;
}
";
        let p = parse(text);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(p.loops.len(), 1, "{:?}", p.loops);
        let l = &p.loops[0];
        assert_eq!(
            (l.label.as_str(), l.header_line, l.branch_line),
            ("$L_body", 9, 12)
        );
        // add, setp, @bra: instructions 4..=6.
        assert_eq!(l.body, vec![(4, 6)]);
    }

    #[test]
    fn a_loop_body_laid_out_in_two_places() {
        // The loop's conditional arm is placed after the function's return.
        let text = "
.visible .entry k()
{
$L_head:
	ld.global.f32 %f1, [%rd1];
	setp.gt.f32 %p1, %f1, 0f00000000;
	@%p1 bra $L_side;
$L_latch:
	add.s32 %r1, %r1, 1;
	setp.lt.s32 %p2, %r1, %r9;
	@%p2 bra $L_head;
	ret;
$L_side:
	add.f32 %f2, %f2, %f1;
	bra.uni $L_latch;
}
";
        let p = parse(text);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(p.loops.len(), 1, "{:?}", p.loops);
        let l = &p.loops[0];
        assert_eq!(l.label, "$L_head");
        // ld..@bra (0..=5), then add.f32 and its bra (7..=8); ret (6) is outside.
        assert_eq!(l.body, vec![(0, 5), (7, 8)]);
        assert!(l.contains(7) && !l.contains(6));
    }

    #[test]
    fn nesting_from_the_bodies() {
        let ex = EXAMPLES.iter().find(|e| e.id == "matmul-tiled").unwrap();
        let p = parse(ex.ptx);
        assert_eq!(p.loops.len(), 2);
        assert_eq!(p.loops.iter().map(|l| l.depth).collect::<Vec<_>>(), [0, 1]);
        let (outer, inner) = (&p.loops[0], &p.loops[1]);
        assert!(outer.contains(inner.start) && outer.contains(inner.end));
    }
}

/// One kernel at a time: a file's kernels listed, the chosen one analysed with the `.func`
/// bodies it calls inlined, weak stubs left out.
mod kernels {
    use warpsight::model::ptx::{parse, report, CostTable};

    const FILE: &str = "
.weak .func  (.param .b32 func_retval0) cudaMalloc(
	.param .b64 cudaMalloc_param_0,
	.param .b64 cudaMalloc_param_1
)
{
	.reg .b32 	%r<2>;
	mov.u32 	%r1, 30;
	st.param.b32 	[func_retval0+0], %r1;
	ret;
}
.func  (.param .b32 func_retval0) _Z6squaref(
	.param .b32 _Z6squaref_param_0
)
{
	.reg .f32 	%f<3>;
	ld.param.f32 	%f1, [_Z6squaref_param_0];
	mul.f32 	%f2, %f1, %f1;
	st.param.f32 	[func_retval0+0], %f2;
	ret;
}
.visible .entry first(
	.param .u64 first_param_0
)
{
	.reg .f32 	%f<4>;
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<3>;
	ld.param.u64 	%rd1, [first_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, 0;
$L__BB2_1:
	ld.global.f32 	%f1, [%rd2];
	{ // callseq 0, 0
	.param .b32 param0;
	st.param.f32 	[param0+0], %f1;
	.param .b32 retval0;
	call.uni (retval0),
	_Z6squaref,
	(
	param0
	);
	ld.param.f32 	%f2, [retval0+0];
	} // callseq 0
	st.global.f32 	[%rd2], %f2;
	add.s32 	%r1, %r1, 1;
	setp.lt.s32 	%p1, %r1, 8;
	@%p1 bra 	$L__BB2_1;
	ret;
}
.visible .entry second()
{
	ret;
}
";

    #[test]
    fn each_kernel_on_its_own_with_its_calls_inlined() {
        let p = parse(FILE);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(p.kernels(), ["first", "second"]);
        assert_eq!(p.functions.len(), 4);
        let (k, notes) = p.kernel("first").unwrap();
        // first's 12 instructions and the 4 of _Z6squaref after its call; not cudaMalloc's.
        assert_eq!(k.instructions.len(), 12 + 4);
        let ops: Vec<&str> = k.instructions.iter().map(|i| i.opcode()).collect();
        assert_eq!(&ops[5..10], ["call", "ld", "mul", "st", "ret"]);
        assert!(
            notes
                .iter()
                .any(|n| n.contains("_Z6squaref (line 12) inlined here")),
            "{notes:?}"
        );
        // The loop around the call holds the inlined body.
        assert_eq!(k.loops.len(), 1);
        let mul = ops.iter().position(|o| *o == "mul").unwrap();
        assert!(k.loops[0].contains(mul));
        // The report: the first kernel by default, the second when asked.
        let costs = CostTable::GTX260;
        let r = report(FILE, None, &costs, Some(&[8]), &[]);
        assert_eq!((r.kernel.as_str(), r.kernels.len()), ("first", 2));
        assert_eq!(r.instructions, 16);
        assert_eq!(r.memory.len(), 2, "ld.global and st.global");
        let a = r.analysis.unwrap();
        assert_eq!(a.coal_mem_insts, 16.0, "two per trip, 8 trips");
        let second = report(FILE, Some("second"), &costs, Some(&[]), &[]);
        assert_eq!((second.kernel.as_str(), second.instructions), ("second", 1));
        // A kernel that is not there: the first.
        assert_eq!(
            report(FILE, Some("nope"), &costs, None, &[]).kernel,
            "first"
        );
        // A library function is named as such.
        let (_, notes) = parse(".extern .func (.param .b32 r) vprintf(.param .b64 a);\n.visible .entry k()\n{\ncall.uni (retval0), vprintf, (param0);\nret;\n}").kernel("k").unwrap();
        assert!(
            notes[0].contains("vprintf has no body in this text"),
            "{notes:?}"
        );
    }

    #[test]
    fn the_cli_analyzes_each_kernel() {
        use std::process::Command;
        let dir = std::env::temp_dir().join(format!("warpsight-ptx-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("two.ptx");
        std::fs::write(&file, FILE).unwrap();
        let run = |args: &[&str]| {
            Command::new(env!("CARGO_BIN_EXE_warpsight"))
                .args(["analyze", "ptx", file.to_str().unwrap()])
                .args(args)
                .output()
                .unwrap()
        };
        let out = run(&["--trips", "8"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["errors"], serde_json::json!([]));
        let kernels = v["kernels"].as_array().unwrap();
        assert_eq!(kernels.len(), 2);
        assert_eq!(kernels[0]["name"], "first");
        assert_eq!(kernels[0]["memory_instructions"], 16.0);
        assert_eq!(kernels[0]["loops"][0]["header_line"], 32);
        assert_eq!(kernels[0]["hong_kim"]["coal_mem_insts"], 16.0);
        // The note names the inlined function in C++ (`_Z6squaref` in the PTX).
        assert!(kernels[0]["notes"][0]
            .as_str()
            .unwrap()
            .contains("square(float)"));
        assert_eq!(kernels[0]["cpp_name"], "first");
        assert_eq!(kernels[0]["loads_and_stores_by_space"]["global"], 16.0);
        assert_eq!(kernels[1]["instructions"], 1);
        let one = run(&["--kernel", "second"]);
        let v: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
        assert_eq!(v["kernels"].as_array().unwrap().len(), 1);
        // Bad input: one line naming the option and what is valid, exit 2.
        let bad = run(&["--kernel", "third"]);
        assert_eq!(bad.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&bad.stderr).trim(),
            format!(
                "error: --kernel: “third” is not a kernel of {}; it has first, second",
                file.display()
            )
        );
        let bad = run(&["--trips", "0"]);
        assert_eq!(bad.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&bad.stderr)
            .contains("--trips: “0” must be whole numbers from 1 to 1,000,000,000"));
    }
}

#[test]
fn binary_text_is_one_error_not_a_line_of_mojibake_each() {
    use warpsight::model::ptx::{report, CostTable};
    // A compressed file read as text: replacement characters and control bytes on many lines.
    let text: String = (0..251)
        .map(|i| format!("\u{FFFD}\u{1}x{i}\u{FFFD}\n"))
        .collect();
    let r = report(
        &format!(".version 7.0\n{text}"),
        None,
        &CostTable::GTX260,
        None,
        &[],
    );
    assert_eq!(r.errors.len(), 1);
    assert_eq!(r.errors[0].line, 2);
    assert!(
        r.errors[0].message.starts_with("this is not PTX text"),
        "{}",
        r.errors[0].message
    );
    assert_eq!(r.instructions, 0);
    // Tabs, CRLF and form feeds are text.
    let ok = report(
        ".version 7.0\r\n.target sm_70\t\n\u{c}\n",
        None,
        &CostTable::GTX260,
        None,
        &[],
    );
    assert!(ok
        .errors
        .iter()
        .all(|e| !e.message.starts_with("this is not PTX")));
}

/// MLP from PTX (docs/models.md, "MLP"): loads issued before the first use of any of them.
#[test]
fn mlp_counts_loads_before_their_first_use() {
    use warpsight::model::ptx::mlp;
    // The vector add loads a[i] and b[i] back to back, then adds them.
    assert_eq!(mlp(&example("vector-add"), &[]), 2.0);
    // The tiled matmul stores each tile element to shared memory right after loading it.
    assert_eq!(mlp(&example("matmul-tiled"), &[]), 1.0);
    // A pointer chase: the second load's address is the first load's result.
    let chase =
        parse("ld.global.u64 %rd2, [%rd1];\nld.global.u64 %rd3, [%rd2];\nadd.s64 %rd4, %rd3, 1;\n");
    assert_eq!(mlp(&chase, &[]), 1.0);
    // Three loads, a use of the second, one more load: groups of 3 and 1, 4 loads / 2 groups.
    let mixed = parse(
        "ld.global.f32 %f1, [%rd1];\nld.global.f32 %f2, [%rd2];\nld.global.f32 %f3, [%rd3];\nadd.f32 %f4, %f2, 1.0;\nld.global.f32 %f5, [%rd4];\nst.global.f32 [%rd5], %f5;\n",
    );
    assert_eq!(mlp(&mixed, &[]), 2.0);
    // A vector load writes both its registers; a store is not waited on.
    let vector = parse(
        "ld.global.v2.f32 {%f1, %f2}, [%rd1];\nld.global.f32 %f3, [%rd2];\nst.global.f32 [%rd3], %f9;\nmul.f32 %f4, %f2, %f3;\n",
    );
    assert_eq!(mlp(&vector, &[]), 2.0);
    assert_eq!(mlp(&parse("add.s32 %r1, %r2, 1;\n"), &[]), 1.0);
}

/// Per loop body: a loop with 4 independent loads run 10 times, after one load outside it,
/// gives (1 + 4 × 10) / (1 + 10) loads per group.
#[test]
fn mlp_weighs_loop_bodies_by_their_trip_counts() {
    use warpsight::model::ptx::mlp;
    let text = ".visible .entry k()\n{\nld.global.f32 %f9, [%rd9];\nadd.f32 %f8, %f9, 1.0;\n$L__BB0_1:\nld.global.f32 %f1, [%rd1];\nld.global.f32 %f2, [%rd2];\nld.global.f32 %f3, [%rd3];\nld.global.f32 %f4, [%rd4];\nadd.f32 %f5, %f1, %f2;\nadd.f32 %f6, %f3, %f4;\nsetp.lt.s32 %p1, %r1, 10;\n@%p1 bra $L__BB0_1;\nret;\n}\n";
    let p = parse(text);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    assert_eq!(p.loops.len(), 1);
    assert!(close(mlp(&p, &[10]), 41.0 / 11.0));
    assert_eq!(mlp(&p, &[1]), 2.5); // (1 + 4) / 2
    let c = hong_kim_counts(&p, &[10], &[]);
    assert!(close(c.mlp, 41.0 / 11.0));
    assert_eq!(c.coal_mem_insts, 41.0);
}

/// Issue 35: local, shared and global loads and stores are counted apart, and the summary
/// says what each model takes them as (local: memory, coalesced unless marked; shared and
/// param: computation). Weighted by the loop's trip count, as every count.
#[test]
fn loads_and_stores_are_counted_by_space() {
    use warpsight::model::ptx::{by_space, report, spaces_sentence};
    let text = ".visible .entry k(.param .u64 a)\n{\n\
        ld.param.u64 %rd1, [a];\n\
        $L__BB0_1:\n\
        ld.global.f32 %f1, [%rd1];\n\
        st.local.f32 [%SP+0], %f1;\n\
        ld.local.f32 %f2, [%SP+0];\n\
        st.shared.f32 [%r1], %f2;\n\
        add.s32 %r2, %r2, 1;\n\
        setp.lt.s32 %p1, %r2, 10;\n\
        @%p1 bra $L__BB0_1;\n\
        ret;\n}\n";
    let parsed = parse(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(
        by_space(&parsed, &[10]),
        vec![
            (Space::Global, 10.0),
            (Space::Shared, 10.0),
            (Space::Local, 20.0),
            (Space::Param, 1.0)
        ]
    );
    let r = report(text, None, &CostTable::GTX260, Some(&[10]), &[]);
    let a = r.analysis.unwrap();
    // Hong & Kim: the global and local ones are memory (10 + 20), the shared and param ones
    // computation (10 + 1) with the add and setp (20): 31.
    assert_eq!(a.coal_mem_insts, 30.0);
    assert_eq!(a.comp_insts, 31.0);
    assert_eq!(
        a.spaces,
        "Loads and stores per thread: 10 global, 10 shared, 20 local, 1 param. Local ones are each thread's stack (register spills, arrays), in device memory: both models take them as memory, coalesced unless marked (a warp's accesses to one stack slot are interleaved). Shared, param and const ones stay on chip: both models take them as computation."
    );
    assert_eq!(
        spaces_sentence(&[(Space::Global, 2.0)]),
        "Loads and stores per thread: 2 global."
    );
    assert_eq!(spaces_sentence(&[]), "");
}

/// Issue 35: the kernels of real nvcc PTX (the H200 known kernels) by their C++ names, the
/// PTX names kept for the picker's values; the inlining notes name functions in C++ too.
#[test]
fn kernels_are_named_in_cpp() {
    use std::io::Read;
    use warpsight::model::ptx::{demangled, report};
    let mut text = String::new();
    flate2::read::GzDecoder::new(
        &include_bytes!("fixtures/profiler/known-kernels-h200/known_kernels.ptx.gz")[..],
    )
    .read_to_string(&mut text)
    .unwrap();
    let r = report(&text, None, &CostTable::GTX260, None, &[]);
    assert_eq!(r.kernels[0], "_Z7vec_addPKfS0_Pfi");
    assert_eq!(
        r.names,
        [
            "vec_add(float const*, float const*, float*, int)",
            "strided_copy(float const*, float*, int)",
            "transpose_tiled(float const*, float*)",
            "fma_fp32(float*, float)",
            "fma_fp64(double*, double)",
            "wmma_gemm_16x16(__half const*, __half const*, float*, int)",
        ]
    );
    // The issue's example, and names that are not mangled.
    assert_eq!(
        demangled("_Z12compute_gemmPK6__halfS1_PKfPfff").as_deref(),
        Some("compute_gemm(__half const*, __half const*, float const*, float*, float, float)")
    );
    assert_eq!(demangled("first"), None);
    let text = ".func _Z3addff(.param .b32 a)\n{\nret;\n}\n.visible .entry _Z1kv()\n{\ncall.uni _Z3addff, (p);\nret;\n}\n";
    let r = report(text, None, &CostTable::GTX260, None, &[]);
    assert_eq!(r.names, ["k()"]);
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("add(float, float) (line 1) inlined here")),
        "{:?}",
        r.notes
    );
}

/// An operand is a number only as PTX writes numbers: `1abc` is neither a number nor a name
/// (a name cannot start with a digit), so the line is an error naming it; hex floats need
/// their 8 or 16 digits.
#[test]
fn a_word_starting_with_a_digit_is_not_a_number() {
    for bad in [
        "add.s32 %r1, %r2, 1abc;",
        "mov.f32 %f1, 0f3F80;",
        "mov.s32 %r1, 12x;",
    ] {
        let p = parse(bad);
        assert_eq!(p.errors.len(), 1, "{bad}: {:?}", p.errors);
    }
    for good in [
        "add.s32 %r1, %r2, 0x1F;",
        "mov.f32 %f1, 1.5e-3;",
        "mov.u32 %r1, 10U;",
        "mov.f32 %f1, 0f3F800000;",
    ] {
        one(good);
    }
}
