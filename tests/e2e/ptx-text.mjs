// A long kernel for the PTX benchmarks, as nvcc prints one: about `lines` lines, a loop every
// 47 lines (8 global loads and 32 FMAs, then a call to a device function), ~90 loops and
// ~720 global loads at 5,000 lines.
export function ptx(lines) {
  const out = ['.version 7.8', '.target sm_52', '.address_size 64',
    '.func (.param .b32 func_retval0) helper(.param .b32 helper_param_0)', '{',
    '\t.reg .f32 %f<4>;', '\tld.param.f32 %f1, [helper_param_0];', '\tmul.f32 %f2, %f1, %f1;',
    '\tst.param.f32 [func_retval0+0], %f2;', '\tret;', '}',
    '.visible .entry big(.param .u64 big_param_0)', '{', '\t.reg .f32 %f<9>;', '\t.reg .b32 %r<9>;',
    '\t.reg .b64 %rd<9>;', '\t.reg .pred %p<9>;', '\tld.param.u64 %rd1, [big_param_0];'];
  let k = 0;
  while (out.length < lines - 20) {
    out.push(`$L__BB0_${k}:`);
    for (let j = 0; j < 40; j++) {
      out.push(j % 5 === 0 ? `\tld.global.f32 %f${j % 8}, [%rd1+${4 * j}];` : `\tfma.rn.f32 %f${j % 8}, %f1, %f2, %f3;`);
    }
    out.push('\t{', '\t.param .b32 param0;', '\tst.param.f32 [param0+0], %f1;', '\t.param .b32 retval0;',
      '\tcall.uni (retval0),', '\thelper,', '\t(', '\tparam0', '\t);', '\tld.param.f32 %f4, [retval0+0];', '\t}');
    out.push(`\tadd.s32 %r1, %r1, 1;`, `\tsetp.lt.s32 %p1, %r1, 16;`, `\t@%p1 bra $L__BB0_${k};`);
    k++;
  }
  out.push('\tret;', '}');
  return out.join('\n') + '\n';
}

/** The two texts a benchmark alternates, so each run is a new analysis with the same loops:
 * the kernel, and the kernel one instruction longer. */
export function texts(lines) {
  const text = ptx(lines);
  return [text, text.replace('\tret;\n}\n', '\tadd.s32 %r2, %r2, 1;\n\tret;\n}\n')];
}
