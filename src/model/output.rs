//! A model's outputs as data: each output is declared once ([`OutputSpec`]) with zero, one or
//! two axes — its variants (APSP's mappings, SpMV's kernel formats) and the devices of an
//! evaluation (Hong & Kim's every-GPU time, SpMV's targets, AutoMatch's architectures) — and
//! evaluated into one [`Out`] whose cells are a number, a word or nothing.
//!
//! [`OutputSpec::cell_name`] is the one place a cell gets its name: `{name}`,
//! `{name}_{variant}`, and with a device, `.{device id}` after it. The CLI's JSON nests the
//! device under the rest (`"time_s_by_device": {"h100": …}`); the worked table, the CSV
//! downloads and the tests write the whole name (`time_s_by_device.h100`).

use std::fmt;

/// One output row: its name, the paper's symbol, equation and unit, and its axes.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct OutputSpec {
    pub name: &'static str,
    pub symbol: &'static str,
    /// "Eq. 10", "Table 1".
    pub equation: &'static str,
    pub unit: &'static str,
    /// One cell per variant, in this order (none: no variant axis).
    pub variants: &'static [&'static str],
    /// One cell per device of the evaluation (the devices are the evaluation's, not the spec's).
    pub per_device: bool,
    /// Computed only when asked (the CLI, the JSON download): [`super::Model::complete`]
    /// fills it; an edit in the page leaves it empty.
    pub on_request: bool,
}

impl OutputSpec {
    pub const fn new(
        name: &'static str,
        symbol: &'static str,
        equation: &'static str,
        unit: &'static str,
    ) -> OutputSpec {
        OutputSpec {
            name,
            symbol,
            equation,
            unit,
            variants: &[],
            per_device: false,
            on_request: false,
        }
    }
    /// One cell per variant.
    pub const fn per(mut self, variants: &'static [&'static str]) -> OutputSpec {
        self.variants = variants;
        self
    }
    /// One cell per device of the evaluation.
    pub const fn per_device(mut self) -> OutputSpec {
        self.per_device = true;
        self
    }
    /// Computed only for the CLI and the JSON download.
    pub const fn on_request(mut self) -> OutputSpec {
        self.on_request = true;
        self
    }

    /// The number of axes: 0, 1 or 2.
    pub fn axes(&self) -> usize {
        usize::from(!self.variants.is_empty()) + usize::from(self.per_device)
    }

    /// The name of one cell (see the module's doc).
    pub fn cell_name(&self, variant: Option<&str>, device: Option<&'static str>) -> CellName {
        CellName {
            key: match variant {
                Some(v) => format!("{}_{v}", self.name),
                None => self.name.to_string(),
            },
            device,
        }
    }

    /// The row label of one cell in the worked table: the symbol, the variant in brackets and
    /// the device's name.
    pub fn cell_label(&self, variant: Option<&str>, device: Option<&str>) -> String {
        let mut label = self.symbol.to_string();
        if let Some(v) = variant {
            label = format!("{label} ({v})");
        }
        if let Some(d) = device {
            let name = crate::devices::find(d).map_or(d, |d| d.name);
            label = format!("{label} on {name}");
        }
        label
    }
}

/// [`OutputSpec::new`], short for the models' output tables.
pub const fn out(
    name: &'static str,
    symbol: &'static str,
    equation: &'static str,
    unit: &'static str,
) -> OutputSpec {
    OutputSpec::new(name, symbol, equation, unit)
}

/// A cell's name: the key (`t_ms_min`) and, on a device axis, the device (`.h100`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellName {
    pub key: String,
    pub device: Option<&'static str>,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.device {
            Some(d) => write!(f, "{}.{d}", self.key),
            None => f.write_str(&self.key),
        }
    }
}

/// One value: a number, a word (an enum's name), or nothing (not defined for these inputs:
/// "—" on the page, `null` in JSON).
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Num(f64),
    Word(&'static str),
    Empty,
}

impl Cell {
    pub fn num(&self) -> Option<f64> {
        match self {
            Cell::Num(x) => Some(*x),
            _ => None,
        }
    }
    fn finite(&self) -> bool {
        !matches!(self, Cell::Num(x) if !x.is_finite())
    }
}

impl From<Option<f64>> for Cell {
    fn from(v: Option<f64>) -> Cell {
        v.map_or(Cell::Empty, Cell::Num)
    }
}

/// An output's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    /// The cells over the spec's axes, variant-major: `cells[v · devices.len() + d]`. No
    /// variant axis counts as one variant, no device axis as one device (`devices` empty).
    Cells {
        devices: Vec<&'static str>,
        cells: Vec<Cell>,
    },
    /// A list, e.g. one value per calculate period.
    List(Vec<f64>),
}

impl Out {
    /// A number, no axis.
    pub fn num(x: f64) -> Out {
        Out::one(Cell::Num(x))
    }
    /// Nothing, no axis.
    pub fn null() -> Out {
        Out::one(Cell::Empty)
    }
    /// A word, no axis.
    pub fn word(w: &'static str) -> Out {
        Out::one(Cell::Word(w))
    }
    /// A number or nothing, no axis.
    pub fn opt(x: Option<f64>) -> Out {
        Out::one(x.into())
    }
    fn one(cell: Cell) -> Out {
        Out::Cells {
            devices: Vec::new(),
            cells: vec![cell],
        }
    }
    /// One cell per variant, in the spec's order.
    pub fn by_variant(cells: impl IntoIterator<Item = Cell>) -> Out {
        Out::Cells {
            devices: Vec::new(),
            cells: cells.into_iter().collect(),
        }
    }
    /// One cell per device.
    pub fn by_device(cells: impl IntoIterator<Item = (&'static str, Cell)>) -> Out {
        let (devices, cells) = cells.into_iter().unzip();
        Out::Cells { devices, cells }
    }
    /// Variants × devices, variant-major.
    pub fn grid(devices: Vec<&'static str>, cells: Vec<Cell>) -> Out {
        Out::Cells { devices, cells }
    }
    /// Not computed (an [`OutputSpec::on_request`] output before [`super::Model::complete`]).
    pub fn pending() -> Out {
        Out::Cells {
            devices: Vec::new(),
            cells: Vec::new(),
        }
    }

    /// The single cell of an output without axes.
    pub fn cell(&self) -> Option<&Cell> {
        match self {
            Out::Cells { devices, cells } if devices.is_empty() && cells.len() == 1 => {
                cells.first()
            }
            _ => None,
        }
    }

    /// Every cell with its variant and device, variant-major (nothing for a list).
    pub fn cells<'a>(
        &'a self,
        spec: &'a OutputSpec,
    ) -> impl Iterator<Item = (Option<&'static str>, Option<&'static str>, &'a Cell)> + 'a {
        let (devices, cells): (&[&'static str], &[Cell]) = match self {
            Out::Cells { devices, cells } => (devices, cells),
            Out::List(_) => (&[], &[]),
        };
        let per = devices.len().max(1);
        cells.iter().enumerate().map(move |(i, c)| {
            let variant = spec.variants.get(i / per).copied();
            let device = devices.get(i % per).copied();
            (variant, device, c)
        })
    }

    /// True when the value has the spec's shape: one cell per variant (or one) times one per
    /// device (or one, without a device axis); a pending output has none.
    pub fn fits(&self, spec: &OutputSpec) -> bool {
        match self {
            Out::List(_) => spec.axes() == 0,
            Out::Cells { devices, cells } => {
                let variants = spec.variants.len().max(1);
                (spec.on_request && cells.is_empty())
                    || (if spec.per_device {
                        cells.len() == variants * devices.len()
                    } else {
                        devices.is_empty() && cells.len() == variants
                    })
            }
        }
    }

    pub fn all_finite(&self) -> bool {
        match self {
            Out::Cells { cells, .. } => cells.iter().all(Cell::finite),
            Out::List(xs) => xs.iter().all(|x| x.is_finite()),
        }
    }
}
