#!/usr/bin/env bash
# Profiles scripts/device/known_kernels.cu with Nsight Compute on a CUDA machine and writes
# the exports warpsight's tests read (tests/fixtures/profiler/known-kernels-h200/). Usage: OUT=dir scripts/device/profile.sh
set -u
cd "$(dirname "$0")"
OUT=${OUT:-/tmp/ws-profile}; mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,memory.total --format=csv > "$OUT/log.txt" 2>&1
ncu --version >> "$OUT/log.txt" 2>&1; nvcc --version >> "$OUT/log.txt" 2>&1
nvcc -O3 -arch=sm_90 -lineinfo -Xptxas -v -o /tmp/known known_kernels.cu >> "$OUT/log.txt" 2>&1 || { cat "$OUT/log.txt"; exit 1; }
nvcc -O3 -arch=sm_90 -ptx -o "$OUT/known_kernels.ptx" known_kernels.cu
/tmp/known
ncu --query-metrics --chip gh100 > /tmp/q.txt 2>&1
ncu --query-metrics-mode suffix --metrics smsp__inst_executed --chip gh100 > /tmp/q2.txt 2>&1
BAR=$(grep -oE '(smsp|sm)__[a-z_]*inst_executed_op_(bar|barrier|sync)[a-z_]*' /tmp/q.txt | sort -u | sed 's/$/.sum/' | paste -sd, -)
echo "barrier candidates: $BAR" | tee -a "$OUT/log.txt"
Q=smsp__inst_executed.sum,smsp__warps_launched.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,dram__bytes.sum,gpu__time_duration.sum,smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,lts__t_bytes.sum,sm__pipe_tensor_cycles_active.sum
[ -n "$BAR" ] && Q="$Q,$BAR"
QALL=$Q
# keep only the metrics this chip's ncu knows (an unknown name fails the whole run)
Q=$(for m in ${Q//,/ }; do grep -qE "(^|[[:space:]])${m%.*}([[:space:]]|$)" /tmp/q.txt && echo "$m" || echo "dropped $m" >&2; done 2>> "$OUT/log.txt" | paste -sd, -)
[ -n "$Q" ] || Q=$QALL
echo "metrics: $Q" >> "$OUT/log.txt"
ncu --clock-control none --csv --metrics "$Q" --section LaunchStats --section Occupancy /tmp/known > "$OUT/h200_quick.csv" 2>> "$OUT/log.txt"
ncu --clock-control none --csv --page raw --metrics "$Q" --section LaunchStats --section Occupancy /tmp/known > "$OUT/h200_quick_raw.csv" 2>> "$OUT/log.txt"
# the command the measured page recommends, exactly as src/analysis/profiler/mod.rs holds it
REC=$(sed -n 's/^pub const NCU_QUICK: &str = "\(.*\)";$/\1/p' ../../src/analysis/profiler/mod.rs)
echo "recommended: $REC" >> "$OUT/log.txt"
${REC/ncu /ncu --clock-control none } /tmp/known > "$OUT/h200_recommended.csv" 2>> "$OUT/log.txt"
timeout 240 ncu --clock-control none --csv --set full /tmp/known > "$OUT/h200_full.csv" 2>> "$OUT/log.txt"
# the same full set as the raw page (the roofline's per-cycle FLOP rates are only there), and
# the quick set with SI-prefixed, rounded units (as older ncu versions print by default)
timeout 240 ncu --clock-control none --csv --page raw --set full /tmp/known > "$OUT/h200_full_raw.csv" 2>> "$OUT/log.txt"
ncu --clock-control none --csv --print-units auto --metrics "$Q" --section LaunchStats --section Occupancy /tmp/known > "$OUT/h200_quick_units_auto.csv" 2>> "$OUT/log.txt"
gzip -9 "$OUT/h200_full.csv" "$OUT/h200_full_raw.csv" "$OUT/h200_recommended.csv"; gzip -9c /tmp/q.txt > "$OUT/query_metrics_gh100.txt.gz"
tail -c 6000 "$OUT/log.txt"; head -c 1500 "$OUT/h200_quick.csv"; ls -la "$OUT"
