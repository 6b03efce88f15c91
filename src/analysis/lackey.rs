//! Valgrind Lackey's memory trace, read into stack distances at several line sizes.

use super::lines::{find, ByLine, Lines};
use super::stack_distance::StackDistance;
use super::trace::{decimal, hex, TraceError};

/// The largest access a Lackey line may give (bytes): AVX-512 moves 64, `rep movs` lines
/// stay far below; a larger one is not Lackey's, and would loop over its lines.
pub const MAX_ACCESS_BYTES: u64 = 4096;

/// Valgrind Lackey's memory trace (`--tool=lackey --trace-mem=yes`): ` L addr,size`,
/// ` S addr,size`, ` M addr,size` (a load then a store) and `I  addr,size` (skipped), hex
/// addresses; Valgrind's own `==pid==` lines and blank lines are skipped. One stack-distance
/// analysis per line size. Time O(references × log distinct lines) per line size; memory one
/// line of text (at most [`MAX_LINE`](super::MAX_LINE)) and O(distinct lines) per line size.
#[derive(Clone, Debug)]
pub struct LackeyReader {
    lines: Lines,
    /// (line size in bytes, its analysis).
    pub by_line_size: Vec<(u64, StackDistance)>,
}

impl LackeyReader {
    /// An analysis at each of these line sizes (bytes, powers of two).
    pub fn new(line_sizes: &[u64]) -> LackeyReader {
        let mut sizes: Vec<u64> = line_sizes.to_vec();
        sizes.sort_unstable();
        sizes.dedup();
        LackeyReader {
            lines: Lines::default(),
            by_line_size: sizes
                .into_iter()
                .map(|l| (l, StackDistance::new()))
                .collect(),
        }
    }

    #[inline]
    fn read_line(&mut self, n: u64, raw: &[u8]) -> Result<(), TraceError> {
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let err = |m: &str| TraceError {
            line: n,
            message: m.to_string(),
        };
        let t = line.trim_ascii_start();
        if t.is_empty() || t.starts_with(b"==") || t.starts_with(b"--") {
            return Ok(());
        }
        let (kind, rest) = (t[0], &t[1..]);
        let times = match kind {
            b'I' => return Ok(()),
            b'L' | b'S' => 1,
            b'M' => 2,
            _ => {
                return Err(err(
                    "expected a Lackey line: “ L addr,size”, “ S addr,size”, “ M addr,size” or “I  addr,size”",
                ))
            }
        };
        let rest = rest.trim_ascii();
        let (addr, bytes) = match find(rest, b',') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &b""[..]),
        };
        let addr = hex(addr).ok_or_else(|| err("expected a hex address before the comma"))?;
        // The access's size (decimal, as Lackey prints it; 1 when absent): an access that
        // straddles two lines touches both.
        let bytes = if bytes.is_empty() {
            1
        } else {
            decimal(bytes)
                .filter(|b| (1..=MAX_ACCESS_BYTES).contains(b))
                .ok_or_else(|| {
                    err("expected the access's size after the comma: bytes, from 1 to 4,096")
                })?
        };
        let last = addr.saturating_add(bytes - 1);
        for (size, sd) in &mut self.by_line_size {
            // A shift for the usual power-of-two sizes: a 64-bit division costs as much as
            // the rest of the line's parsing.
            let (first, end) = if size.is_power_of_two() {
                let shift = size.trailing_zeros();
                (addr >> shift, last >> shift)
            } else {
                (addr / *size, last / *size)
            };
            for l in first..=end {
                for _ in 0..times {
                    sd.access(l);
                }
            }
        }
        Ok(())
    }

    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), TraceError> {
        self.feed_lines(chunk)
    }

    pub fn finish(mut self) -> Result<LackeyReader, TraceError> {
        self.finish_lines()?;
        Ok(self)
    }

    /// The analysis at a line size given to [`LackeyReader::new`].
    pub fn at(&self, line_size: u64) -> Option<&StackDistance> {
        self.by_line_size
            .iter()
            .find(|(l, _)| *l == line_size)
            .map(|(_, s)| s)
    }
}

impl ByLine for LackeyReader {
    type Error = TraceError;
    fn lines(&mut self) -> &mut Lines {
        &mut self.lines
    }
    #[inline]
    fn line(&mut self, n: u64, raw: &[u8]) -> Result<(), TraceError> {
        self.read_line(n, raw)
    }
    fn too_long(n: u64) -> TraceError {
        TraceError::too_long(n)
    }
}
