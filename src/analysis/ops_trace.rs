//! The operation trace of docs/models.md, read into the ASAP schedule.

use super::lines::{ByLine, Lines};
use super::schedule::{Asap, Op, OpsProfile};
use super::trace::{hex, TraceError};

/// The operation trace: `add|sub|mul|div|other DST SRC…`, `ld DST ADDR`, `st ADDR SRC`,
/// `sync`, `#` comments. Registers are `r<n>`. Time linear in the trace (the ASAP level of
/// each operation from its sources'); memory one line of text (at most
/// [`MAX_LINE`](super::MAX_LINE)), a level per register and address written, and the
/// operations per level.
#[derive(Clone, Debug, Default)]
pub struct OpsReader {
    lines: Lines,
    asap: Asap,
}

impl OpsReader {
    pub fn new() -> OpsReader {
        OpsReader::default()
    }

    fn reg(n: u64, s: &str) -> Result<u64, TraceError> {
        s.strip_prefix('r')
            .and_then(|d| d.parse::<u64>().ok())
            .ok_or_else(|| TraceError {
                line: n,
                message: format!(
                    "expected a register r<n>, not “{}”",
                    crate::format::printable(s)
                ),
            })
    }

    fn read_line(&mut self, n: u64, raw: &[u8]) -> Result<(), TraceError> {
        let text = String::from_utf8_lossy(raw);
        let text = text.split('#').next().unwrap_or_default().trim();
        if text.is_empty() {
            return Ok(());
        }
        let mut words = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty());
        let op = words.next().unwrap_or_default();
        let args: Vec<&str> = words.collect();
        let err = |m: String| TraceError {
            line: n,
            message: m,
        };
        let addr = |s: &str| {
            hex(s.trim_start_matches("0x").as_bytes()).ok_or_else(|| {
                err(format!(
                    "expected a hex address, not “{}”",
                    crate::format::printable(s)
                ))
            })
        };
        let kind = match op {
            "add" => Some(Op::Add),
            "sub" => Some(Op::Sub),
            "mul" => Some(Op::Mul),
            "div" => Some(Op::Div),
            "other" => Some(Op::Other),
            _ => None,
        };
        match (kind, op) {
            (Some(kind), _) => {
                let Some((dst, srcs)) = args.split_first() else {
                    return Err(err(format!("“{op}” needs a destination register")));
                };
                let dst = Self::reg(n, dst)?;
                let srcs = srcs
                    .iter()
                    .map(|s| Self::reg(n, s))
                    .collect::<Result<Vec<u64>, _>>()?;
                self.asap.op(kind, dst, &srcs);
            }
            (None, "ld") => {
                let [dst, a] = args[..] else {
                    return Err(err(
                        "“ld” takes a register and an address: ld r1 7ff0".into()
                    ));
                };
                let dst = Self::reg(n, dst)?;
                self.asap.load(dst, addr(a)?);
            }
            (None, "st") => {
                let [a, src] = args[..] else {
                    return Err(err(
                        "“st” takes an address and a register: st 7ff0 r1".into()
                    ));
                };
                let a = addr(a)?;
                self.asap.store(a, Self::reg(n, src)?);
            }
            (None, "sync") => self.asap.sync(),
            (None, other) => {
                return Err(err(format!(
                    "expected add, sub, mul, div, other, ld, st or sync, not “{}”",
                    crate::format::printable(other)
                )))
            }
        }
        Ok(())
    }

    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), TraceError> {
        self.feed_lines(chunk)
    }

    pub fn finish(mut self) -> Result<OpsProfile, TraceError> {
        self.finish_lines()?;
        Ok(self.asap.finish())
    }
}

impl ByLine for OpsReader {
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
