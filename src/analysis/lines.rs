//! Splitting a stream fed in chunks of any size into lines, each at most [`MAX_LINE`] bytes:
//! the one splitter of the text readers (Matrix Market, Lackey and operation traces).

use super::MAX_LINE;

/// A reader of one line at a time, fed chunks of any size (the Matrix Market reader and the
/// trace readers).
pub(super) trait ByLine {
    type Error;
    fn lines(&mut self) -> &mut Lines;
    fn line(&mut self, n: u64, raw: &[u8]) -> Result<(), Self::Error>;
    /// The error for line `n`, longer than [`MAX_LINE`].
    fn too_long(n: u64) -> Self::Error;

    #[inline]
    fn feed_lines(&mut self, chunk: &[u8]) -> Result<(), Self::Error> {
        let mut lines = std::mem::take(self.lines());
        let r = lines.feed(chunk, |n, l| self.line(n, l), Self::too_long);
        *self.lines() = lines;
        r
    }

    /// The last line, if the stream did not end with a newline.
    fn finish_lines(&mut self) -> Result<(), Self::Error> {
        let mut lines = std::mem::take(self.lines());
        lines.finish(|n, l| self.line(n, l))
    }
}

/// Splits a stream into lines across chunk boundaries.
#[derive(Clone, Debug, Default)]
pub(super) struct Lines {
    partial: Vec<u8>,
    number: u64,
}

impl Lines {
    /// Calls `each(number, line)` for every whole line of `chunk` (with what was left over). A
    /// line longer than [`MAX_LINE`] is an error (`long(number)`), held no further.
    #[inline]
    pub(super) fn feed<E>(
        &mut self,
        chunk: &[u8],
        mut each: impl FnMut(u64, &[u8]) -> Result<(), E>,
        long: impl Fn(u64) -> E,
    ) -> Result<(), E> {
        let mut rest = chunk;
        while let Some(i) = find(rest, b'\n') {
            self.number += 1;
            if self.partial.len() + i > MAX_LINE {
                return Err(long(self.number));
            }
            if self.partial.is_empty() {
                each(self.number, &rest[..i])?;
            } else {
                self.partial.extend_from_slice(&rest[..i]);
                let line = std::mem::take(&mut self.partial);
                each(self.number, &line)?;
            }
            rest = &rest[i + 1..];
        }
        if self.partial.len() + rest.len() > MAX_LINE {
            return Err(long(self.number + 1));
        }
        self.partial.extend_from_slice(rest);
        Ok(())
    }

    /// Whether no partial line waits for the next chunk.
    #[inline(always)]
    pub(super) fn at_line_start(&self) -> bool {
        self.partial.is_empty()
    }

    /// Counts a whole line read without [`Lines::feed`] (a reader's own fast path, from a line
    /// start): its number.
    #[inline(always)]
    pub(super) fn count_line(&mut self) -> u64 {
        self.number += 1;
        self.number
    }

    pub(super) fn finish<E>(
        &mut self,
        each: impl FnOnce(u64, &[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        if self.partial.is_empty() {
            return Ok(());
        }
        self.number += 1;
        let line = std::mem::take(&mut self.partial);
        each(self.number, &line)
    }
}

/// The first `byte` in `s`, eight bytes at a time (a `u64` is one register in wasm as
/// natively; the `memchr` crate's portable path steps by `usize`, four bytes in wasm32).
#[inline(always)]
pub(super) fn find(s: &[u8], byte: u8) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let pattern = ONES * u64::from(byte);
    let mut i = 0;
    while i + 8 <= s.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&s[i..i + 8]);
        // A zero byte of `x` is a match; the lowest flagged byte is the first zero (a borrow
        // can only flag bytes above it).
        let x = u64::from_le_bytes(word) ^ pattern;
        let flagged = x.wrapping_sub(ONES) & !x & HIGH;
        if flagged != 0 {
            return Some(i + (flagged.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    while i < s.len() {
        if s[i] == byte {
            return Some(i);
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::find;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn find_is_the_first_position(s in proptest::collection::vec(prop_oneof![Just(b'\n'), Just(0x8a_u8), Just(0x0b_u8), any::<u8>()], 0..40), byte in prop_oneof![Just(b'\n'), Just(b','), any::<u8>()]) {
            prop_assert_eq!(find(&s, byte), s.iter().position(|&b| b == byte));
        }
    }
}
