//! What the two trace readers share (Lackey's and the operation trace): their error and the
//! numbers they read.

use super::LONG_LINE;

/// A line of a trace that cannot be read: its number and what was expected.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceError {
    pub line: u64,
    pub message: String,
}

impl std::fmt::Display for TraceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl TraceError {
    /// Line `line` is longer than [`MAX_LINE`](super::MAX_LINE).
    pub(super) fn too_long(line: u64) -> TraceError {
        TraceError {
            line,
            message: LONG_LINE.to_string(),
        }
    }
}

#[inline]
pub(super) fn decimal(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 19 {
        return None;
    }
    let mut v = 0u64;
    for &b in s {
        if !b.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u64::from(b - b'0');
    }
    Some(v)
}

#[inline]
pub(super) fn hex(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 16 {
        return None;
    }
    let mut v = 0u64;
    for &b in s {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => return None,
        };
        v = v << 4 | u64::from(d);
    }
    Some(v)
}
