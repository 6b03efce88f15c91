//! Benchmark (not a test): the PTX analyzer natively on the 5,000-line file of
//! `tests/e2e/bench-ptx.mjs` (a kernel of ~90 loops, each calling a device function, as nvcc
//! prints them): parsing, the kernel with its calls inlined, and the whole report the panel
//! shows, each timed over repeated runs. Run: `cargo bench --bench ptx`.

use std::time::Instant;

use warpsight::model::ptx::{parse, report, CostTable};

/// The same text as bench-ptx.mjs's `ptx(5000)`.
fn ptx(lines: usize) -> String {
    let mut out: Vec<String> = [
        ".version 7.8",
        ".target sm_52",
        ".address_size 64",
        ".func (.param .b32 func_retval0) helper(.param .b32 helper_param_0)",
        "{",
        "\t.reg .f32 %f<4>;",
        "\tld.param.f32 %f1, [helper_param_0];",
        "\tmul.f32 %f2, %f1, %f1;",
        "\tst.param.f32 [func_retval0+0], %f2;",
        "\tret;",
        "}",
        ".visible .entry big(.param .u64 big_param_0)",
        "{",
        "\t.reg .f32 %f<9>;",
        "\t.reg .b32 %r<9>;",
        "\t.reg .b64 %rd<9>;",
        "\t.reg .pred %p<9>;",
        "\tld.param.u64 %rd1, [big_param_0];",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut k = 0;
    while out.len() < lines - 20 {
        out.push(format!("$L__BB0_{k}:"));
        for j in 0..40 {
            out.push(if j % 5 == 0 {
                format!("\tld.global.f32 %f{}, [%rd1+{}];", j % 8, 4 * j)
            } else {
                format!("\tfma.rn.f32 %f{}, %f1, %f2, %f3;", j % 8)
            });
        }
        for s in [
            "\t{",
            "\t.param .b32 param0;",
            "\tst.param.f32 [param0+0], %f1;",
            "\t.param .b32 retval0;",
            "\tcall.uni (retval0),",
            "\thelper,",
            "\t(",
            "\tparam0",
            "\t);",
            "\tld.param.f32 %f4, [retval0+0];",
            "\t}",
        ] {
            out.push(s.to_string());
        }
        out.push("\tadd.s32 %r1, %r1, 1;".to_string());
        out.push("\tsetp.lt.s32 %p1, %r1, 16;".to_string());
        out.push(format!("\t@%p1 bra $L__BB0_{k};"));
        k += 1;
    }
    out.push("\tret;".to_string());
    out.push("}".to_string());
    out.join("\n") + "\n"
}

fn time(name: &str, runs: usize, mut f: impl FnMut() -> usize) {
    let start = Instant::now();
    let mut n = 0;
    for _ in 0..runs {
        n = f();
    }
    let ms = start.elapsed().as_secs_f64() * 1e3 / runs as f64;
    println!("{name}: {ms:.2} ms ({n})");
}

fn main() {
    let text = ptx(5000);
    println!("{} lines, {} bytes", text.lines().count(), text.len());
    time("parse", 20, || parse(&text).instructions.len());
    let parsed = parse(&text);
    time("kernel with calls inlined", 20, || {
        parsed.kernel("big").map_or(0, |k| k.0.instructions.len())
    });
    let trips = vec![16u64; 200];
    time("report (what the worker answers)", 20, || {
        report(&text, None, &CostTable::GTX260, Some(&trips), &[]).instructions
    });
    time("report as JSON", 20, || {
        let r = report(&text, None, &CostTable::GTX260, Some(&trips), &[]);
        serde_json::to_string(&r).map_or(0, |s| s.len())
    });
}
