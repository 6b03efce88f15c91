//! Three small PTX kernels to start from; their text lives in `examples/<id>.ptx`.

/// A PTX kernel to start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// Short id for links (`vector-add`).
    pub id: &'static str,
    /// Name shown in the picker.
    pub name: &'static str,
    /// The PTX text, as `nvcc -ptx -arch=sm_52` prints it (CUDA 11.8).
    pub ptx: &'static str,
}

/// The examples' ids and names, without their text (the page lists them; the analysis worker
/// holds the text).
pub const EXAMPLE_NAMES: [(&str, &str); 3] = [
    ("vector-add", "Vector add: c[i] = a[i] + b[i]"),
    (
        "matmul-tiled",
        "Tiled matrix multiply (16×16 shared-memory tiles)",
    ),
    ("reduce-shared", "Block sum in shared memory"),
];

/// Three small kernels in the style `nvcc -ptx` prints (written for this project, sm_52,
/// `.version 7.8`): a bounds-checked vector add, a 16×16 shared-memory tiled matrix multiply
/// (a loop over tiles with two `bar.sync` per iteration and an inner loop over k unrolled by 2),
/// and a shared-memory block sum (a loop halving the stride, `bar.sync` in the loop).
pub const EXAMPLES: &[Example] = &[
    Example {
        id: EXAMPLE_NAMES[0].0,
        name: EXAMPLE_NAMES[0].1,
        ptx: VECTOR_ADD,
    },
    Example {
        id: EXAMPLE_NAMES[1].0,
        name: EXAMPLE_NAMES[1].1,
        ptx: MATMUL_TILED,
    },
    Example {
        id: EXAMPLE_NAMES[2].0,
        name: EXAMPLE_NAMES[2].1,
        ptx: REDUCE_SHARED,
    },
];

/// `__global__ void vecAdd(const float* a, const float* b, float* c, int n)
/// { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + b[i]; }`
const VECTOR_ADD: &str = include_str!("examples/vector-add.ptx");

/// `#define TILE 16` — `__global__ void matmulTiled(const float* A, const float* B, float* C,
/// int n)`: per tile t, `As[ty][tx] = A[row*n + t*16 + tx]; Bs[ty][tx] = B[(t*16 + ty)*n + col];
/// __syncthreads(); for k in 0..16 (unrolled by 2) acc += As[ty][k] * Bs[k][tx];
/// __syncthreads();` then `C[row*n + col] = acc`.
const MATMUL_TILED: &str = include_str!("examples/matmul-tiled.ptx");

/// `__global__ void reduceSum(const float* __restrict__ in, float* __restrict__ out, int n)`:
/// `sdata[tid] = i < n ? in[i] : 0; __syncthreads(); for (s = blockDim.x/2; s > 0; s >>= 1)
/// { if (tid < s) sdata[tid] += sdata[tid + s]; __syncthreads(); }
/// if (tid == 0) out[blockIdx.x] = sdata[0];` with `__shared__ float sdata[256]`.
const REDUCE_SHARED: &str = include_str!("examples/reduce-shared.ptx");
