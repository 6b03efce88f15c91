//! Just enough of the tar format to stream the matrix out of a SuiteSparse archive
//! (`name/name.mtx`, beside `name/name_b.mtx` and the like): 512-byte headers, octal sizes,
//! data padded to 512 bytes, GNU long names.
//!
//! Time linear in the archive's bytes; memory one 512-byte header and a GNU long name (at most
//! [`MAX_LONG_NAME`]) besides the matrix reader's own.

use super::matrix_market::{Matrix, MtxError, MtxReader};

const BLOCK: usize = 512;

/// The longest GNU long name (`L` member) read: a name is at most a few KB (Linux's PATH_MAX
/// is 4,096), and the member's text is held whole until its file's header.
pub const MAX_LONG_NAME: u64 = 1 << 16;

enum State {
    /// Collecting a 512-byte header.
    Header,
    /// Inside a member's data: `left` bytes, then `pad` bytes of padding.
    Data {
        left: u64,
        pad: u64,
        use_it: bool,
        long_name: bool,
    },
}

pub struct TarMatrix {
    state: State,
    buf: Vec<u8>,
    long_name: Option<Vec<u8>>,
    next_name: Option<String>,
    reader: Option<MtxReader>,
    done: Option<Result<Matrix, MtxError>>,
    /// Keep the matrix's non-zeros ([`MtxReader::keeping`]).
    keep: bool,
    members: Vec<String>,
    ended: bool,
}

/// The member SuiteSparse puts the matrix in: `dir/dir.mtx`, or a lone `name.mtx`.
fn is_matrix(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".mtx") else {
        return false;
    };
    match stem.rsplit_once('/') {
        Some((dir, file)) => dir.rsplit('/').next() == Some(file),
        None => true,
    }
}

fn octal(field: &[u8]) -> Option<u64> {
    let text = std::str::from_utf8(field).ok()?;
    let t = text.trim_matches(|c: char| c == '\0' || c == ' ');
    if t.is_empty() {
        return Some(0);
    }
    u64::from_str_radix(t, 8).ok()
}

fn text(field: &[u8]) -> String {
    let end = field.iter().position(|&b| b == 0).unwrap_or(field.len());
    String::from_utf8_lossy(&field[..end]).into_owned()
}

impl TarMatrix {
    /// A reader that keeps the matrix's non-zeros.
    pub fn keeping() -> TarMatrix {
        TarMatrix {
            keep: true,
            ..TarMatrix::new()
        }
    }

    pub fn new() -> TarMatrix {
        TarMatrix {
            state: State::Header,
            buf: Vec::new(),
            long_name: None,
            next_name: None,
            reader: None,
            done: None,
            keep: false,
            members: Vec::new(),
            ended: false,
        }
    }

    pub fn entries(&self) -> (u64, u64) {
        self.reader.as_ref().map_or((0, 0), MtxReader::entries)
    }

    pub fn feed(&mut self, mut chunk: &[u8]) -> Result<(), MtxError> {
        while !chunk.is_empty() && !self.ended {
            match &mut self.state {
                State::Header => {
                    let take = (BLOCK - self.buf.len()).min(chunk.len());
                    self.buf.extend_from_slice(&chunk[..take]);
                    chunk = &chunk[take..];
                    if self.buf.len() == BLOCK {
                        let header = std::mem::take(&mut self.buf);
                        self.header(&header)?;
                    }
                }
                State::Data {
                    left,
                    pad,
                    use_it,
                    long_name,
                } => {
                    if *left > 0 {
                        let take = (*left).min(chunk.len() as u64) as usize;
                        if *long_name {
                            self.long_name
                                .get_or_insert_with(Vec::new)
                                .extend_from_slice(&chunk[..take]);
                        } else if *use_it {
                            if let Some(r) = self.reader.as_mut() {
                                r.feed(&chunk[..take])?;
                            }
                        }
                        *left -= take as u64;
                        chunk = &chunk[take..];
                        if *left == 0 && *use_it && !*long_name {
                            if let Some(r) = self.reader.take() {
                                self.done = Some(r.finish_matrix());
                            }
                        }
                    } else if *pad > 0 {
                        let take = (*pad).min(chunk.len() as u64) as usize;
                        *pad -= take as u64;
                        chunk = &chunk[take..];
                    }
                    if let State::Data {
                        left: 0, pad: 0, ..
                    } = self.state
                    {
                        self.state = State::Header;
                    }
                }
            }
        }
        Ok(())
    }

    fn header(&mut self, h: &[u8]) -> Result<(), MtxError> {
        if h.iter().all(|&b| b == 0) {
            self.ended = true;
            return Ok(());
        }
        let bad = || MtxError {
            line: 0,
            message: "the tar archive is damaged (a header's size is not a number)".into(),
        };
        let size = octal(&h[124..136]).ok_or_else(bad)?;
        let kind = h[156];
        let pad = (BLOCK as u64 - size % BLOCK as u64) % BLOCK as u64;
        let name = match self.long_name.take() {
            Some(long) => text(&long),
            None => {
                let prefix = if &h[257..262] == b"ustar" {
                    text(&h[345..500])
                } else {
                    String::new()
                };
                let name = text(&h[..100]);
                if prefix.is_empty() {
                    name
                } else {
                    format!("{prefix}/{name}")
                }
            }
        };
        let long_name = kind == b'L';
        if long_name && size > MAX_LONG_NAME {
            return Err(MtxError {
                line: 0,
                message: format!(
                    "the tar archive is damaged: a long name of {} bytes (names are at most {})",
                    crate::format::grouped(size as f64, 0),
                    crate::format::grouped(MAX_LONG_NAME as f64, 0)
                ),
            });
        }
        let file = kind == b'0' || kind == 0;
        if file && name.ends_with(".mtx") {
            self.members.push(name.clone());
        }
        let use_it = file && self.done.is_none() && self.reader.is_none() && is_matrix(&name);
        if use_it {
            self.reader = Some(if self.keep {
                MtxReader::keeping()
            } else {
                MtxReader::new()
            });
            self.next_name = Some(name);
            if size == 0 {
                if let Some(r) = self.reader.take() {
                    self.done = Some(r.finish_matrix());
                }
            }
        }
        self.state = if size == 0 && pad == 0 {
            State::Header
        } else {
            State::Data {
                left: size,
                pad,
                use_it,
                long_name,
            }
        };
        Ok(())
    }

    pub fn finish(self) -> Result<Matrix, MtxError> {
        match (self.done, self.reader) {
            (Some(result), _) => result.map_err(|e| MtxError {
                line: e.line,
                message: format!(
                    "{} (in {})",
                    e.message,
                    self.next_name.as_deref().unwrap_or("the archive")
                ),
            }),
            (None, Some(_)) => Err(MtxError {
                line: 0,
                message: format!(
                    "the archive ends inside {} (truncated?)",
                    self.next_name.as_deref().unwrap_or("the matrix")
                ),
            }),
            (None, None) => Err(MtxError {
                line: 0,
                message: if self.members.is_empty() {
                    "the tar archive holds no .mtx file".to_string()
                } else {
                    format!(
                        "no matrix named like its folder (name/name.mtx) in the archive; it holds {}",
                        self.members.join(", ")
                    )
                },
            }),
        }
    }
}
