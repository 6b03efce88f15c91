// Kernels whose counters can be worked out by hand, profiled with Nsight Compute to give
// warpsight a real export of a known workload (scripts/device/profile.sh; the CSVs it
// writes are in tests/fixtures/profiler/known-kernels-h200/). Each kernel's expected counts are in its comment.
#include <cstdio>
#include <cuda_fp16.h>
#include <mma.h>

constexpr int N = 1 << 24;          // 16,777,216 elements
constexpr int T = 4096;             // transpose side
constexpr int TILE = 32;
constexpr int LOOP = 4096;          // FMAs per thread in the compute kernels

// 16 Mi threads, 2 loads + 1 store of 4 B each: 201,326,592 bytes of DRAM traffic and
// one FADD per thread, 16,777,216 FP32 FLOPs.
__global__ void vec_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// Reads with a stride of 32 floats: every warp-wide load touches 32 sectors.
__global__ void strided_copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 32) out[i] = in[(size_t)i * 32];
}

// Tiled transpose through shared memory: one __syncthreads per block (4 warps stage 8
// rows each), 4096 x 4096 floats = 134,217,728 bytes moved.
__global__ void transpose_tiled(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * T + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8) out[(y + j) * T + x] = tile[threadIdx.x][threadIdx.y + j];
}

// 1 Mi threads x 4096 FMAs x 2 = 8,589,934,592 FP32 FLOPs; compute-bound.
__global__ void fma_fp32(float *out, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = i * 1e-7f, b = s;
#pragma unroll 16
  for (int k = 0; k < LOOP; ++k) a = fmaf(a, b, 0.5f);
  out[i] = a;
}

// 1 Mi threads x 1024 DFMAs x 2 = 2,147,483,648 FP64 FLOPs.
__global__ void fma_fp64(double *out, double s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double a = i * 1e-7, b = s;
#pragma unroll 16
  for (int k = 0; k < LOOP / 4; ++k) a = fma(a, b, 0.5);
  out[i] = a;
}

// A tensor-core kernel (wmma): beyond the 2009-2012 models' scope.
__global__ void wmma_gemm_16x16(const half *a, const half *b, float *c, int tiles) {
  using namespace nvcuda;
  int t = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (t >= tiles) return;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  for (int k = 0; k < 64; ++k) {
    wmma::load_matrix_sync(fa, a + (size_t)t * 256, 16);
    wmma::load_matrix_sync(fb, b + (size_t)t * 256, 16);
    wmma::mma_sync(fc, fa, fb, fc);
  }
  wmma::store_matrix_sync(c + (size_t)t * 256, fc, 16, wmma::mem_row_major);
}

int main() {
  float *a, *b, *c;
  double *d;
  half *ha, *hb;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&b, N * sizeof(float));
  cudaMalloc(&c, N * sizeof(float));
  cudaMalloc(&d, (1 << 20) * sizeof(double));
  int tiles = 1 << 14;
  cudaMalloc(&ha, (size_t)tiles * 256 * sizeof(half));
  cudaMalloc(&hb, (size_t)tiles * 256 * sizeof(half));
  cudaMemset(a, 0, N * sizeof(float));
  cudaMemset(b, 0, N * sizeof(float));
  cudaMemset(ha, 0, (size_t)tiles * 256 * sizeof(half));
  cudaMemset(hb, 0, (size_t)tiles * 256 * sizeof(half));
  vec_add<<<N / 256, 256>>>(a, b, c, N);
  strided_copy<<<N / 32 / 256, 256>>>(a, c, N);
  transpose_tiled<<<dim3(T / TILE, T / TILE), dim3(TILE, 8)>>>(a, c);
  fma_fp32<<<(1 << 20) / 256, 256>>>(c, 0.999f);
  fma_fp64<<<(1 << 20) / 256, 256>>>(d, 0.999);
  wmma_gemm_16x16<<<tiles / 4, 128>>>(ha, hb, c, tiles);
  cudaError_t e = cudaDeviceSynchronize();
  printf("known_kernels: %s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
