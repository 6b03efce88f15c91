//! CSV, one module for the whole crate: the writer every download uses, and the reader the
//! plan's times and the profiler exports go through (RFC 4180).
//!
//! **Writing** ([`Writer`]): a field is quoted when it holds `,`, `"`, CR or LF, each `"`
//! doubled; fields are joined with `,`. Records end in LF, not RFC 4180's CRLF: the
//! downloads have always ended lines so, every CSV reader takes it, and what reads the
//! files back (this module, the e2e tests) splits on `\n`.
//!
//! **Reading** ([`Splitter`], fed chunks of any size, or [`read`] for a string): RFC 4180
//! with the leniencies real files need:
//! - a field that starts with `"` is quoted: `""` inside it is one `"`, and commas and line
//!   breaks inside it are part of the field (a quoted line break still counts as a physical
//!   line for the line numbers);
//! - a `"` anywhere else is an ordinary character (`==PROF== Profiling "saxpy" - 0: …`), and
//!   so are characters after a closing quote;
//! - records end at `\n` or `\r\n` (an unquoted `\r` right before the `\n` is dropped); a
//!   blank line is a record of one empty field, and a last record needs no line break;
//! - with [`Splitter::with_banners`], a record that starts with `==` (nvprof's `==1234==` and
//!   Nsight Compute's `==PROF==`, `==WARNING==` banners) is a banner: the whole line, quotes
//!   and commas included, is one field, and [`Record::banner`] is set;
//! - a UTF-8 byte order mark at the very start is skipped.
//!
//! Memory: one record at a time, at most [`MAX_RECORD_BYTES`]; a longer record is an error,
//! so a file without line breaks (a binary file) never makes the buffer grow past that. Work
//! is linear in the bytes fed; runs of ordinary bytes are copied in one go.

use std::borrow::Cow;
use std::fmt;

/// Writes CSV records: `Writer::new().field("a").field("b,c").end().finish()` is `a,"b,c"\n`.
#[derive(Clone, Debug, Default)]
pub struct Writer {
    text: String,
    /// A field of the current record was written (the next one needs a comma).
    open: bool,
}

impl Writer {
    pub fn new() -> Writer {
        Writer::default()
    }

    /// One field, quoted when it holds `,`, `"`, CR or LF.
    pub fn field(&mut self, text: &str) -> &mut Writer {
        self.put(text, text.contains([',', '"', '\n', '\r']))
    }

    /// One field, quoted whatever it holds.
    pub fn quoted(&mut self, text: &str) -> &mut Writer {
        self.put(text, true)
    }

    /// A whole record: its fields, then the line end.
    pub fn record<S: AsRef<str>>(&mut self, fields: impl IntoIterator<Item = S>) -> &mut Writer {
        for f in fields {
            self.field(f.as_ref());
        }
        self.end()
    }

    /// Ends the record (LF).
    pub fn end(&mut self) -> &mut Writer {
        self.text.push('\n');
        self.open = false;
        self
    }

    /// The text written.
    pub fn finish(&mut self) -> String {
        self.open = false;
        std::mem::take(&mut self.text)
    }

    fn put(&mut self, text: &str, quote: bool) -> &mut Writer {
        if self.open {
            self.text.push(',');
        }
        self.open = true;
        if quote {
            self.text.push('"');
            self.text.push_str(&text.replace('"', "\"\""));
            self.text.push('"');
        } else {
            self.text.push_str(text);
        }
        self
    }
}

/// Reads `text` whole, calling `on_record` for each record (no banners).
pub fn read<E: From<Error>>(
    text: &str,
    mut on_record: impl FnMut(&Record<'_>) -> Result<(), E>,
) -> Result<(), E> {
    let mut s = Splitter::new();
    s.feed(text.as_bytes(), &mut on_record)?;
    s.finish(&mut on_record)
}

/// A reading error: the physical line (1-based) of the record, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub line: u64,
    pub message: &'static str,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for Error {}

/// For readers whose errors are text: "line 3: a quoted field is not closed …".
impl From<Error> for String {
    fn from(e: Error) -> String {
        e.to_string()
    }
}

/// A record longer than [`MAX_RECORD_BYTES`] (the same words as the crate's other readers).
pub const LONG_RECORD: &str = "longer than 1 MiB (is this a text file?)";
/// A quoted field still open at the end of the input.
pub const UNCLOSED_QUOTE: &str = "a quoted field is not closed before the end of the file";

/// The longest record (raw bytes, quotes included) the splitter holds: 1 MiB.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// At the start of a field (or of a record).
    FieldStart,
    /// Inside an unquoted field.
    Unquoted,
    /// Inside a quoted field.
    Quoted,
    /// Just after a `"` inside a quoted field: `""` or the closing quote.
    QuoteInQuoted,
    /// Inside a banner line: everything up to the line break is one field.
    Banner,
}

/// Splits bytes into records.
#[derive(Debug)]
pub struct Splitter {
    /// The current record's fields, unescaped, one after the other.
    buf: Vec<u8>,
    /// Where each finished field of the current record ends in `buf`.
    ends: Vec<usize>,
    /// The fields handed out: (start, end) in `buf`, or in a plain line itself.
    spans: Vec<(usize, usize)>,
    state: State,
    /// The current record has begun (at least one byte of it was seen).
    started: bool,
    /// The physical line the current record began on (1-based).
    record_line: u64,
    /// Raw bytes of the current record so far, for the length cap.
    record_bytes: usize,
    /// Line breaks seen: the physical lines read so far.
    newlines: u64,
    /// The last byte pushed was an unquoted `\r` (dropped if a `\n` follows).
    cr_last: bool,
    /// Bytes of the byte order mark matched at the very start.
    bom_matched: usize,
    /// The byte order mark is settled (skipped, or not there).
    bom_done: bool,
    /// A record starting with `==` is a banner.
    banners: bool,
}

/// One record: its fields and the physical line it began on.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    /// The physical line (1-based) the record begins on.
    pub line: u64,
    /// A banner line (starts with `==`): one field holding the whole line.
    pub banner: bool,
    buf: &'a [u8],
    /// Each field's (start, end) in `buf`.
    spans: &'a [(usize, usize)],
}

impl<'a> Record<'a> {
    /// The number of fields.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the record has no fields (never, for a record the splitter hands out: a
    /// blank line is one empty field, see [`Record::is_blank`]).
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// A blank line (one empty field).
    pub fn is_blank(&self) -> bool {
        matches!(self.spans, [(start, end)] if start == end)
    }

    /// The bytes of field `i` (empty when there is no such field).
    pub fn bytes(&self, i: usize) -> &'a [u8] {
        match self.spans.get(i) {
            Some(&(start, end)) => &self.buf[start..end],
            None => &[],
        }
    }

    /// Field `i` as text (empty when there is no such field; invalid UTF-8 is replaced).
    pub fn field(&self, i: usize) -> Cow<'a, str> {
        let bytes = self.bytes(i);
        // A profiler's fields are ASCII: checked a word at a time, not through the lossy
        // decoder's chunks (a tenth of reading an nvprof trace).
        if bytes.is_ascii() {
            // SAFETY: ASCII bytes are valid UTF-8.
            return Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) });
        }
        String::from_utf8_lossy(bytes)
    }

    /// All the record's bytes: its fields one after the other, or (a plain line) the line as
    /// it was read.
    pub fn all_bytes(&self) -> &'a [u8] {
        self.buf
    }
}

impl Default for Splitter {
    fn default() -> Self {
        Splitter::new()
    }
}

impl Splitter {
    /// A splitter without banners: every record is CSV.
    pub fn new() -> Splitter {
        Splitter {
            buf: Vec::new(),
            ends: Vec::new(),
            spans: Vec::new(),
            state: State::FieldStart,
            started: false,
            record_line: 0,
            record_bytes: 0,
            newlines: 0,
            cr_last: false,
            bom_matched: 0,
            bom_done: false,
            banners: false,
        }
    }

    /// A splitter that reads a record starting with `==` as a banner (profilers' lines).
    pub fn with_banners() -> Splitter {
        Splitter {
            banners: true,
            ..Splitter::new()
        }
    }

    /// Physical lines read so far (line breaks seen).
    pub fn lines(&self) -> u64 {
        self.newlines
    }

    /// Splits `chunk`, calling `on_record` for each record it completes.
    pub fn feed<E, F>(&mut self, mut chunk: &[u8], on_record: &mut F) -> Result<(), E>
    where
        E: From<Error>,
        F: FnMut(&Record<'_>) -> Result<(), E>,
    {
        if !self.bom_done {
            while let Some(&b) = chunk.first() {
                if b == BOM[self.bom_matched] {
                    self.bom_matched += 1;
                    chunk = &chunk[1..];
                    if self.bom_matched == BOM.len() {
                        self.bom_done = true;
                        break;
                    }
                } else {
                    self.replay_bom(on_record)?;
                    break;
                }
            }
        }
        let mut i = 0;
        while i < chunk.len() {
            let rest = &chunk[i..];
            // The fastest path: a whole plain line at the start of a record, split in place.
            if PLAIN_LINES && self.state == State::FieldStart && !self.started {
                match plain_line(rest, self.banners, &mut self.spans) {
                    Some(n) if n <= MAX_RECORD_BYTES => {
                        self.newlines += 1;
                        let record = Record {
                            line: self.newlines,
                            banner: false,
                            buf: &rest[..n],
                            spans: &self.spans,
                        };
                        let result = on_record(&record);
                        self.spans.clear();
                        result?;
                        i += n;
                        continue;
                    }
                    _ => self.spans.clear(),
                }
            }
            // Fast paths: copy a run of ordinary bytes at once.
            let run = match self.state {
                State::Quoted => rest.iter().position(|&c| c == b'"').unwrap_or(rest.len()),
                State::Unquoted if !self.ends.is_empty() || self.record_bytes >= 2 => rest
                    .iter()
                    .position(|&c| c == b',' || c == b'\n' || c == b'\r')
                    .unwrap_or(rest.len()),
                State::Banner => rest
                    .iter()
                    .position(|&c| c == b'\n' || c == b'\r')
                    .unwrap_or(rest.len()),
                // A field's first byte, when it opens no quote and cannot begin a banner: the
                // field's run at once (a profiler's fields are short: per byte, this was a
                // third of reading an nvprof trace).
                State::FieldStart
                    if rest[0] != b'"'
                        && !(self.banners && self.ends.is_empty() && self.record_bytes < 2) =>
                {
                    rest.iter()
                        .position(|&c| c == b',' || c == b'\n' || c == b'\r')
                        .unwrap_or(rest.len())
                }
                _ => 0,
            };
            if run > 0 {
                self.take_run(&rest[..run])?;
                if self.state == State::FieldStart {
                    self.state = State::Unquoted;
                }
                i += run;
            } else if rest[0] == b',' && matches!(self.state, State::FieldStart | State::Unquoted) {
                // The end of a field, as `byte` reads it.
                self.count(1)?;
                self.end_field();
                self.state = State::FieldStart;
                i += 1;
            } else {
                self.byte(rest[0], on_record)?;
                i += 1;
            }
        }
        Ok(())
    }

    /// Ends the input: a last record without a line break is flushed. A quoted field still
    /// open is an error.
    pub fn finish<E, F>(&mut self, on_record: &mut F) -> Result<(), E>
    where
        E: From<Error>,
        F: FnMut(&Record<'_>) -> Result<(), E>,
    {
        if !self.bom_done {
            self.replay_bom(on_record)?;
        }
        if !self.started {
            return Ok(());
        }
        if self.state == State::Quoted {
            return Err(Error {
                line: self.record_line,
                message: UNCLOSED_QUOTE,
            }
            .into());
        }
        self.end_record(on_record)
    }

    /// The start of the input turned out not to be a byte order mark: process the bytes
    /// that matched it so far as ordinary input.
    fn replay_bom<E, F>(&mut self, on_record: &mut F) -> Result<(), E>
    where
        E: From<Error>,
        F: FnMut(&Record<'_>) -> Result<(), E>,
    {
        self.bom_done = true;
        let matched = self.bom_matched;
        for &b in &BOM[..matched] {
            self.byte(b, on_record)?;
        }
        Ok(())
    }

    /// Counts `n` more raw bytes into the current record, enforcing the cap.
    fn count(&mut self, n: usize) -> Result<(), Error> {
        if !self.started {
            self.started = true;
            self.record_line = self.newlines + 1;
        }
        self.record_bytes += n;
        if self.record_bytes > MAX_RECORD_BYTES {
            return Err(Error {
                line: self.record_line,
                message: LONG_RECORD,
            });
        }
        Ok(())
    }

    /// A run of bytes with no special meaning in the current state.
    fn take_run(&mut self, run: &[u8]) -> Result<(), Error> {
        self.count(run.len())?;
        if self.state == State::Quoted {
            self.newlines += run.iter().filter(|&&c| c == b'\n').count() as u64;
        }
        self.buf.extend_from_slice(run);
        self.cr_last = false;
        Ok(())
    }

    fn push_quoted(&mut self, b: u8) {
        self.buf.push(b);
        self.cr_last = false;
    }

    fn push_unquoted(&mut self, b: u8) {
        self.buf.push(b);
        self.cr_last = b == b'\r';
    }

    fn end_field(&mut self) {
        self.ends.push(self.buf.len());
        self.cr_last = false;
    }

    fn byte<E, F>(&mut self, b: u8, on_record: &mut F) -> Result<(), E>
    where
        E: From<Error>,
        F: FnMut(&Record<'_>) -> Result<(), E>,
    {
        self.count(1)?;
        if b == b'\n' {
            self.newlines += 1;
        }
        match self.state {
            State::Quoted => {
                if b == b'"' {
                    self.state = State::QuoteInQuoted;
                } else {
                    self.push_quoted(b);
                }
            }
            State::QuoteInQuoted => match b {
                b'"' => {
                    self.push_quoted(b'"');
                    self.state = State::Quoted;
                }
                b',' => {
                    self.end_field();
                    self.state = State::FieldStart;
                }
                b'\n' => self.end_record(on_record)?,
                _ => {
                    self.push_unquoted(b);
                    self.state = State::Unquoted;
                }
            },
            State::Banner => {
                if b == b'\n' {
                    self.end_record(on_record)?;
                } else {
                    self.push_unquoted(b);
                }
            }
            State::FieldStart | State::Unquoted => match b {
                b'"' if self.state == State::FieldStart => self.state = State::Quoted,
                b',' => {
                    self.end_field();
                    self.state = State::FieldStart;
                }
                b'\n' => self.end_record(on_record)?,
                _ => {
                    self.push_unquoted(b);
                    self.state = State::Unquoted;
                    if self.banners
                        && self.ends.is_empty()
                        && self.record_bytes == 2
                        && self.buf == b"=="
                    {
                        self.state = State::Banner;
                    }
                }
            },
        }
        Ok(())
    }

    fn end_record<E, F>(&mut self, on_record: &mut F) -> Result<(), E>
    where
        E: From<Error>,
        F: FnMut(&Record<'_>) -> Result<(), E>,
    {
        if self.cr_last {
            self.buf.pop();
        }
        self.ends.push(self.buf.len());
        let mut start = 0;
        for &end in &self.ends {
            self.spans.push((start, end));
            start = end;
        }
        let record = Record {
            line: self.record_line,
            banner: self.state == State::Banner,
            buf: &self.buf,
            spans: &self.spans,
        };
        let result = on_record(&record);
        self.buf.clear();
        self.ends.clear();
        self.spans.clear();
        self.state = State::FieldStart;
        self.started = false;
        self.record_bytes = 0;
        self.cr_last = false;
        result
    }
}

/// Whether the splitter takes [`plain_line`]'s path: in the workers and the CLI, which read
/// profilers' exports of hundreds of megabytes; the page itself reads only small files (the
/// benchmark plan's times), and its bundle is kept without it. Either way the records are the
/// same (`tests/csv.rs`, `plain_lines_split_as_byte_by_byte`).
const PLAIN_LINES: bool = cfg!(not(feature = "web"));

/// Splits the line at the start of `s` in place when it is plain: whole in `s` (its `\n`
/// there), not a banner, and each field either unquoted or quoted with no `""`, no line
/// break inside and a `,` or the line's end right after its closing quote. Pushes each
/// field's span onto `spans` (an unquoted `\r` before the `\n` left out, as the byte-wise
/// path drops it) and gives the bytes the line takes, `\n` included; `None` (with `spans`
/// to be cleared) for any other line, which the byte-wise path then reads. This reads every
/// record of a profiler's export (nvprof's trace quotes its names and devices; Nsight
/// Compute quotes every field) without copying a byte: the nvprof trace of the benchmark
/// splits at about twice the speed (`cargo bench --bench csv`).
#[inline]
fn plain_line(s: &[u8], banners: bool, spans: &mut Vec<(usize, usize)>) -> Option<usize> {
    if banners && s.starts_with(b"==") {
        return None;
    }
    let mut j = 0;
    loop {
        if s.get(j) == Some(&b'"') {
            let open = j + 1;
            let mut k = open;
            while k < s.len() && s[k] != b'"' {
                if s[k] == b'\n' {
                    return None;
                }
                k += 1;
            }
            let close = k;
            match (s.get(k + 1), s.get(k + 2)) {
                (Some(b','), _) => {
                    spans.push((open, close));
                    j = k + 2;
                }
                (Some(b'\n'), _) => {
                    spans.push((open, close));
                    return Some(k + 2);
                }
                (Some(b'\r'), Some(b'\n')) => {
                    spans.push((open, close));
                    return Some(k + 3);
                }
                // `""`, text after the closing quote, or the chunk's end.
                _ => return None,
            }
            continue;
        }
        let start = j;
        while j < s.len() && s[j] != b',' && s[j] != b'\n' {
            j += 1;
        }
        match s.get(j) {
            Some(b',') => {
                spans.push((start, j));
                j += 1;
            }
            Some(_) => {
                let end = if j > start && s[j - 1] == b'\r' {
                    j - 1
                } else {
                    j
                };
                spans.push((start, end));
                return Some(j + 1);
            }
            None => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &[u8], chunk: usize) -> Result<Vec<(u64, bool, Vec<String>)>, Error> {
        let mut out = Vec::new();
        let mut s = Splitter::with_banners();
        let mut f = |r: &Record<'_>| {
            out.push((
                r.line,
                r.banner,
                (0..r.len()).map(|i| r.field(i).into_owned()).collect(),
            ));
            Ok::<(), Error>(())
        };
        for c in text.chunks(chunk) {
            s.feed(c, &mut f)?;
        }
        s.finish(&mut f)?;
        Ok(out)
    }

    #[test]
    fn quotes_and_lines() {
        let text = b"\xEF\xBB\xBF==PROF== \"a\",b\r\n\"x\"\"y\",\"multi\nline\",3\r\n\n4,5";
        for chunk in [1, 2, 3, 5, 100] {
            let got = split(text, chunk).unwrap();
            assert_eq!(
                got,
                vec![
                    (1, true, vec!["==PROF== \"a\",b".to_string()]),
                    (
                        2,
                        false,
                        vec!["x\"y".into(), "multi\nline".into(), "3".into()]
                    ),
                    (4, false, vec!["".into()]),
                    (5, false, vec!["4".into(), "5".into()]),
                ],
                "chunk {chunk}"
            );
        }
    }

    #[test]
    fn unterminated_quote() {
        let err = split(b"a\n\"b\nc", 4).unwrap_err();
        assert_eq!(err.line, 2);
    }
}
