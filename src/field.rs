//! A model's inputs as data (a leaf module: the models and the custom device's form use it,
//! and it uses neither): what each field is called, what it accepts, where its default
//! comes from, and its text form (the same text in the form, the share link and the CLI).

use std::fmt;

use crate::format;

/// An input the model cannot use: which field, and what would be valid.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct InputError {
    /// The docs/models.md name of the offending input (also its form field id and query key).
    pub field: String,
    /// What is wrong and what is valid, e.g. "must be a whole number from 1 to 1024".
    pub message: String,
}

impl InputError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for InputError {}

/// One option of a choice field: the word written in links, and a label for the form.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Choice {
    pub id: &'static str,
    pub label: &'static str,
}

/// One column of a list field: each row holds one number per column.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Column {
    pub name: &'static str,
    pub unit: &'static str,
    pub min: f64,
    pub max: f64,
    pub integer: bool,
}

/// What a field accepts.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Kind {
    /// A number in `[min, max]`, whole if `integer`.
    Number { min: f64, max: f64, integer: bool },
    /// One word out of `options`.
    Choice { options: &'static [Choice] },
    /// Rows of numbers, written `a:b,c:d` (`:` between columns, `,` between rows).
    Rows {
        columns: &'static [Column],
        min_rows: usize,
        max_rows: usize,
    },
    /// One row of numbers, one per column, written `a,b` (`e_tar_ell=slope,intercept`).
    Tuple { columns: &'static [Column] },
    /// Whole numbers in `[min, max]`, one a level, with runs: `w=5000*3,12` is three levels of
    /// 5000 and one of 12 (AutoMatch's work profile); at most `max_levels` levels.
    Runs { min: f64, max: f64, max_levels: u64 },
    /// A list of device ids, written `a,b,c` (`devices=i5-2400,k20x`): `min` to `max` of them,
    /// no id twice. Which ids are devices the model takes is the model's check
    /// (`crate::model::Params::devices`), as this module knows no devices.
    Devices { min: usize, max: usize },
}

/// A field's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Derived from the device and the other inputs (fields flagged `auto`).
    Auto,
    Num(f64),
    /// One of a choice field's option ids.
    Word(&'static str),
    Rows(Vec<Vec<f64>>),
    /// A tuple field's numbers.
    Tuple(Vec<f64>),
    /// A runs field's levels: (value, how many consecutive levels have it), equal neighbours
    /// merged.
    Runs(Vec<(f64, u64)>),
    /// A device list's ids, as written.
    Devices(Vec<String>),
    /// An optional field left empty (not given).
    Absent,
}

impl Value {
    pub fn num(&self) -> Option<f64> {
        match self {
            Value::Num(v) => Some(*v),
            _ => None,
        }
    }
}

/// A field's default before any device applies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DefaultValue {
    Auto,
    Absent,
    Num(f64),
    Word(&'static str),
    Rows(&'static [&'static [f64]]),
    Tuple(&'static [f64]),
    Runs(&'static [(f64, u64)]),
    Devices(&'static [&'static str]),
}

impl DefaultValue {
    pub fn value(&self) -> Value {
        match *self {
            DefaultValue::Auto => Value::Auto,
            DefaultValue::Absent => Value::Absent,
            DefaultValue::Tuple(xs) => Value::Tuple(xs.to_vec()),
            DefaultValue::Runs(runs) => Value::Runs(runs.to_vec()),
            DefaultValue::Devices(ids) => {
                Value::Devices(ids.iter().map(|d| d.to_string()).collect())
            }
            DefaultValue::Num(v) => Value::Num(v),
            DefaultValue::Word(w) => Value::Word(w),
            DefaultValue::Rows(rows) => Value::Rows(rows.iter().map(|r| r.to_vec()).collect()),
        }
    }
}

/// One input of a model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Field {
    /// The docs/models.md name: form field id, link key, CLI JSON key.
    pub name: &'static str,
    /// The paper's symbol, e.g. `#Uncoal_Mem_insts` ("" if the paper has none).
    pub symbol: &'static str,
    pub label: &'static str,
    pub unit: &'static str,
    /// The form's group heading.
    pub group: &'static str,
    pub kind: Kind,
    pub default: DefaultValue,
    /// Accepts `auto`: derived from the device and the other inputs unless set.
    pub auto: bool,
    /// May be left empty ([`Value::Absent`]; a link leaves its key out).
    pub optional: bool,
    /// The device record's key whose value is this field's default, if any.
    pub device: Option<&'static str>,
    /// Offered as the x axis of a sweep.
    pub sweepable: bool,
    /// Where the default comes from ("Table 5", "your kernel").
    pub source: &'static str,
}

impl Field {
    /// A number field; refine it with the `const fn` setters below.
    #[allow(clippy::too_many_arguments)]
    pub const fn number(
        name: &'static str,
        symbol: &'static str,
        label: &'static str,
        unit: &'static str,
        min: f64,
        max: f64,
        integer: bool,
        default: f64,
    ) -> Field {
        Field {
            name,
            symbol,
            label,
            unit,
            group: "",
            kind: Kind::Number { min, max, integer },
            default: DefaultValue::Num(default),
            auto: false,
            optional: false,
            device: None,
            sweepable: false,
            source: "",
        }
    }

    pub const fn choice(
        name: &'static str,
        symbol: &'static str,
        label: &'static str,
        options: &'static [Choice],
        default: &'static str,
    ) -> Field {
        Field {
            name,
            symbol,
            label,
            unit: "",
            group: "",
            kind: Kind::Choice { options },
            default: DefaultValue::Word(default),
            auto: false,
            optional: false,
            device: None,
            sweepable: false,
            source: "",
        }
    }

    pub const fn rows(
        name: &'static str,
        symbol: &'static str,
        label: &'static str,
        columns: &'static [Column],
        min_rows: usize,
        max_rows: usize,
        default: &'static [&'static [f64]],
    ) -> Field {
        Field {
            name,
            symbol,
            label,
            unit: "",
            group: "",
            kind: Kind::Rows {
                columns,
                min_rows,
                max_rows,
            },
            default: DefaultValue::Rows(default),
            auto: false,
            optional: false,
            device: None,
            sweepable: false,
            source: "",
        }
    }

    /// One row of numbers written `a,b`.
    pub const fn tuple(
        name: &'static str,
        symbol: &'static str,
        label: &'static str,
        columns: &'static [Column],
        default: &'static [f64],
    ) -> Field {
        Field {
            kind: Kind::Tuple { columns },
            default: DefaultValue::Tuple(default),
            ..Field::choice(name, symbol, label, &[], "")
        }
    }

    /// Levels of whole numbers in `[min, max]` written with runs (`5000*3,12`).
    pub const fn runs(
        name: &'static str,
        symbol: &'static str,
        label: &'static str,
        min: f64,
        max: f64,
        max_levels: u64,
        default: &'static [(f64, u64)],
    ) -> Field {
        Field {
            kind: Kind::Runs {
                min,
                max,
                max_levels,
            },
            default: DefaultValue::Runs(default),
            ..Field::choice(name, symbol, label, &[], "")
        }
    }

    /// A list of `min` to `max` device ids.
    pub const fn devices(
        name: &'static str,
        label: &'static str,
        min: usize,
        max: usize,
        default: &'static [&'static str],
    ) -> Field {
        Field {
            kind: Kind::Devices { min, max },
            default: DefaultValue::Devices(default),
            ..Field::choice(name, "", label, &[], "")
        }
    }

    pub const fn group(mut self, group: &'static str) -> Field {
        self.group = group;
        self
    }
    /// Derived unless set: the default becomes `auto`.
    pub const fn auto(mut self) -> Field {
        self.auto = true;
        self.default = DefaultValue::Auto;
        self
    }
    /// May be `auto` (derived), though its default stays a number: links without it keep
    /// meaning that number.
    pub const fn or_auto(mut self) -> Field {
        self.auto = true;
        self
    }
    /// May be left empty: the default becomes [`Value::Absent`].
    pub const fn optional(mut self) -> Field {
        self.optional = true;
        self.default = DefaultValue::Absent;
        self
    }
    pub const fn from_device(mut self, key: &'static str) -> Field {
        self.device = Some(key);
        self
    }
    pub const fn sweepable(mut self) -> Field {
        self.sweepable = true;
        self
    }
    pub const fn source(mut self, source: &'static str) -> Field {
        self.source = source;
        self
    }

    /// `(min, max, integer)` for number fields.
    pub fn range(&self) -> Option<(f64, f64, bool)> {
        match self.kind {
            Kind::Number { min, max, integer } => Some((min, max, integer)),
            _ => None,
        }
    }

    /// What is valid, as the inline message says it: "must be a whole number from 1 to 1,024".
    pub fn range_text(&self) -> String {
        let text = match self.kind {
            Kind::Number { min, max, integer } => number_range(min, max, integer),
            Kind::Choice { options } => {
                let ids: Vec<&str> = options.iter().map(|o| o.id).collect();
                format!("must be one of {}", ids.join(", "))
            }
            Kind::Rows {
                columns,
                min_rows,
                max_rows,
            } => {
                let (form, cols) = columns_text(columns);
                let count = if min_rows == 0 {
                    format!("up to {max_rows} rows")
                } else {
                    format!("{min_rows} to {max_rows} rows")
                };
                format!(
                    "must be {count} `{}` separated by commas; {}",
                    form.join(":"),
                    cols.join(", ")
                )
            }
            Kind::Tuple { columns } => {
                let (form, cols) = columns_text(columns);
                format!("must be `{}`: {}", form.join(","), cols.join(", "))
            }
            Kind::Runs {
                min,
                max,
                max_levels,
            } => format!(
                "must be whole numbers from {} to {} separated by commas, `w*k` for k equal levels (1 to {} levels)",
                format::grouped(min, 0),
                format::grouped(max, 0),
                format::grouped(max_levels as f64, 0)
            ),
            Kind::Devices { min, max } => {
                let count = if min == max {
                    format!("{min}")
                } else {
                    format!("{min} to {max}")
                };
                format!("must be {count} device ids separated by commas, each once")
            }
        };
        if self.auto {
            format!("{text}, or auto")
        } else if self.optional {
            format!("{text}, or empty")
        } else {
            text
        }
    }

    fn error(&self) -> InputError {
        InputError::new(self.name, self.range_text())
    }

    /// Checks a number against this field, as [`Field::check`] does (the engines' hot path).
    #[inline]
    pub fn check_num(&self, v: f64) -> Result<(), InputError> {
        match self.kind {
            Kind::Number { min, max, integer } if in_range(v, min, max, integer) => Ok(()),
            _ => Err(self.error()),
        }
    }

    /// Checks a value against this field.
    pub fn check(&self, value: &Value) -> Result<(), InputError> {
        let ok = match (value, self.kind) {
            (Value::Auto, _) => self.auto,
            (Value::Absent, _) => self.optional,
            (Value::Tuple(xs), Kind::Tuple { columns }) => {
                xs.len() == columns.len()
                    && xs
                        .iter()
                        .zip(columns)
                        .all(|(v, c)| in_range(*v, c.min, c.max, c.integer))
            }
            (Value::Devices(ids), Kind::Devices { min, max }) => {
                (min..=max).contains(&ids.len())
                    && ids
                        .iter()
                        .enumerate()
                        .all(|(i, id)| is_id(id) && !ids[..i].contains(id))
            }
            (
                Value::Runs(runs),
                Kind::Runs {
                    min,
                    max,
                    max_levels,
                },
            ) => {
                let levels: u64 = runs.iter().map(|r| r.1).sum();
                (1..=max_levels).contains(&levels)
                    && runs
                        .iter()
                        .all(|(v, n)| *n >= 1 && in_range(*v, min, max, true))
            }
            (Value::Num(v), Kind::Number { min, max, integer }) => in_range(*v, min, max, integer),
            (Value::Word(w), Kind::Choice { options }) => options.iter().any(|o| o.id == *w),
            (
                Value::Rows(rows),
                Kind::Rows {
                    columns,
                    min_rows,
                    max_rows,
                },
            ) => {
                (min_rows..=max_rows).contains(&rows.len())
                    && rows.iter().all(|r| {
                        r.len() == columns.len()
                            && r.iter()
                                .zip(columns)
                                .all(|(v, c)| in_range(*v, c.min, c.max, c.integer))
                    })
            }
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(self.error())
        }
    }

    /// Parses text from the form, a link or the CLI, and checks it. For `auto` fields, `auto`
    /// and the empty text mean [`Value::Auto`].
    pub fn parse(&self, text: &str) -> Result<Value, InputError> {
        let t = text.trim();
        if self.auto && (t.is_empty() || t.eq_ignore_ascii_case("auto")) {
            return Ok(Value::Auto);
        }
        if self.optional && t.is_empty() {
            return Ok(Value::Absent);
        }
        let value = match self.kind {
            Kind::Number { .. } => Value::Num(parse_number(t).ok_or_else(|| {
                let mut e = self.error();
                if decimal_comma(t) {
                    e.message.push_str(&format!(
                        "; write decimals with a point ({})",
                        t.replace(',', ".")
                    ));
                }
                e
            })?),
            Kind::Choice { options } => Value::Word(
                options
                    .iter()
                    .find(|o| o.id == t)
                    .map(|o| o.id)
                    .ok_or_else(|| self.error())?,
            ),
            Kind::Rows {
                columns,
                min_rows,
                max_rows,
            } => self.parse_rows(t, columns, min_rows, max_rows)?,
            Kind::Tuple { .. } => {
                let mut xs = Vec::new();
                for cell in t.split([',', ' ', '\t', ';']).filter(|c| !c.is_empty()) {
                    xs.push(parse_number(cell).ok_or_else(|| self.error())?);
                }
                Value::Tuple(xs)
            }
            Kind::Runs { max_levels, .. } => self.parse_runs(t, max_levels)?,
            Kind::Devices { .. } => Value::Devices(
                t.split([',', ' ', '\n', ';'])
                    .map(|id| id.trim().to_ascii_lowercase())
                    .filter(|id| !id.is_empty())
                    .collect(),
            ),
        };
        self.check(&value)?;
        Ok(value)
    }

    /// A `rows` value: rows split at `,`, newlines or `;`, cells at `:`, spaces or tabs.
    fn parse_rows(
        &self,
        t: &str,
        columns: &[Column],
        min_rows: usize,
        max_rows: usize,
    ) -> Result<Value, InputError> {
        // Errors name the row and column (`row 2, m_i: …`); rows left entirely blank
        // (a row just added in the form) are skipped.
        let mut rows = Vec::new();
        for row in t.split([',', '\n', ';']).map(str::trim) {
            let cells: Vec<&str> = row
                .split([':', ' ', '\t'])
                .filter(|c| !c.is_empty())
                .collect();
            if cells.is_empty() {
                continue;
            }
            let at = rows.len() + 1;
            if cells.len() != columns.len() {
                let names: Vec<&str> = columns.iter().map(|c| c.name).collect();
                return Err(InputError::new(
                    self.name,
                    format!(
                        "row {at} must have {} numbers ({}), not {}",
                        columns.len(),
                        names.join(" and "),
                        cells.len()
                    ),
                ));
            }
            let mut parsed = Vec::with_capacity(cells.len());
            for (cell, c) in cells.iter().zip(columns) {
                match parse_number(cell) {
                    Some(v) if in_range(v, c.min, c.max, c.integer) => parsed.push(v),
                    _ => {
                        return Err(InputError::new(
                            self.name,
                            format!(
                                "row {at}, {}: {}",
                                c.name,
                                number_range(c.min, c.max, c.integer)
                            ),
                        ))
                    }
                }
            }
            rows.push(parsed);
        }
        if !(min_rows..=max_rows).contains(&rows.len()) {
            let count = if min_rows == 0 {
                format!("at most {max_rows} rows")
            } else if rows.is_empty() {
                format!(
                    "at least {min_rows} row{}",
                    if min_rows == 1 { "" } else { "s" }
                )
            } else {
                format!("{min_rows} to {max_rows} rows")
            };
            return Err(InputError::new(self.name, format!("needs {count}")));
        }
        Ok(Value::Rows(rows))
    }

    /// A `runs` value: `v*n` cells (n repeats of v; `v` alone is one), adjacent equal values
    /// merged, at most `max_levels` in all.
    fn parse_runs(&self, t: &str, max_levels: u64) -> Result<Value, InputError> {
        let mut runs: Vec<(f64, u64)> = Vec::new();
        let mut levels = 0u64;
        for cell in t
            .split([',', ' ', '\t', '\n', ';'])
            .filter(|c| !c.is_empty())
        {
            let (v, n) = match cell.split_once('*') {
                Some((v, n)) => (v, n.trim().parse::<u64>().ok().filter(|n| *n >= 1)),
                None => (cell, Some(1)),
            };
            let (Some(v), Some(n)) = (parse_number(v.trim()), n) else {
                return Err(self.error());
            };
            levels = levels.saturating_add(n);
            if levels > max_levels {
                return Err(self.error());
            }
            match runs.last_mut() {
                Some(last) if last.0 == v => last.1 += n,
                _ => runs.push((v, n)),
            }
        }
        Ok(Value::Runs(runs))
    }

    /// The value's text: shortest round-trip numbers, `auto`, the choice's id, `a:b,c:d`.
    pub fn text(&self, value: &Value) -> String {
        match value {
            Value::Auto => "auto".to_string(),
            Value::Absent => String::new(),
            Value::Tuple(xs) => xs
                .iter()
                .map(|v| format::exact(*v))
                .collect::<Vec<_>>()
                .join(","),
            Value::Runs(runs) => runs_text(runs),
            Value::Devices(ids) => ids.join(","),
            Value::Num(v) => format::exact(*v),
            Value::Word(w) => (*w).to_string(),
            Value::Rows(rows) => rows
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|v| format::exact(*v))
                        .collect::<Vec<_>>()
                        .join(":")
                })
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

/// Run-length encoding: values in order, equal neighbours merged into (value, how many) runs;
/// [`runs_text`] prints them.
pub fn runs_of(values: impl IntoIterator<Item = f64>) -> Vec<(f64, u64)> {
    let mut runs: Vec<(f64, u64)> = Vec::new();
    for v in values {
        match runs.last_mut() {
            Some((w, n)) if *w == v => *n += 1,
            _ => runs.push((v, 1)),
        }
    }
    runs
}

/// Levels in the link form: `5000*3,12` for three levels of 5000, then one of 12.
pub fn runs_text(runs: &[(f64, u64)]) -> String {
    runs.iter()
        .map(|&(v, n)| {
            if n == 1 {
                format::exact(v)
            } else {
                format!("{}*{n}", format::exact(v))
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// `1,5`: a decimal comma (not digit grouping, which has three digits after each comma).
fn decimal_comma(t: &str) -> bool {
    match t.split_once(',') {
        Some((int, frac)) => {
            !int.trim_start_matches('-').is_empty()
                && int
                    .trim_start_matches('-')
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                && !frac.is_empty()
                && frac.len() != 3
                && frac.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// A device id as presets write them: lowercase letters, digits, `-`, `_`, `.`; at most 40.
fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 40
        && id.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_' | b'.')
        })
}

/// A list's or tuple's columns in words: their names (the written form) and each one's range.
fn columns_text(columns: &[Column]) -> (Vec<&'static str>, Vec<String>) {
    let form = columns.iter().map(|c| c.name).collect();
    let cols = columns
        .iter()
        .map(|c| format!("{} {}", c.name, number_range(c.min, c.max, c.integer)))
        .collect();
    (form, cols)
}

/// The largest whole number a field takes, 2^53 = 9,007,199,254,740,992: inputs are f64, which
/// holds every whole number up to it exactly and only every second one above it (2^53 + 1 would
/// silently become 2^53), so whole-number fields stop there and say so.
pub const MAX_WHOLE: f64 = 9_007_199_254_740_992.0;

/// `v` in `[min, max]` (finite bounds, so NaN and ±∞ fail), and whole if `integer` (at most
/// [`MAX_WHOLE`] in size). The round trip through i64 is exact there and cheaper than `fract`
/// on every target.
#[inline]
fn in_range(v: f64, min: f64, max: f64, integer: bool) -> bool {
    v >= min && v <= max && (!integer || (v.abs() <= MAX_WHOLE && v == (v as i64) as f64))
}

/// "must be a whole number from 1 to 1,024" / "must be a number from 0.01 to 10".
pub fn number_range(min: f64, max: f64, integer: bool) -> String {
    let kind = if integer {
        "a whole number"
    } else {
        "a number"
    };
    format!(
        "must be {kind} from {} to {}",
        format::bound(min),
        format::bound(max)
    )
}

/// A decimal number as people write it: digits, one point, an optional exponent. Rejects
/// `inf`, `NaN`, hex, `1_000` and anything but ASCII; `-0` reads as 0.
pub fn parse_number(text: &str) -> Option<f64> {
    let t = text.trim();
    // Digit grouping as the messages write it ("2,048", "1,000,000"): commas every three digits.
    let ungrouped;
    let t = if t.contains(',') {
        let (int, frac) = t.split_once('.').map_or((t, None), |(a, b)| (a, Some(b)));
        let digits = int.trim_start_matches('-');
        let groups: Vec<&str> = digits.split(',').collect();
        let grouped = groups.len() > 1
            && (1..=3).contains(&groups[0].len())
            && groups[1..].iter().all(|g| g.len() == 3)
            && groups.iter().all(|g| g.bytes().all(|b| b.is_ascii_digit()));
        if !grouped {
            return None;
        }
        ungrouped = match frac {
            Some(f) => format!("{}.{f}", int.replace(',', "")),
            None => int.replace(',', ""),
        };
        ungrouped.as_str()
    } else {
        t
    };
    let ok = !t.is_empty()
        && t.len() <= 64
        && t.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
        && t.bytes().any(|b| b.is_ascii_digit());
    if !ok {
        return None;
    }
    let v = crate::number::parse(t)?;
    // `-0` and `0` are the same input; keep one text for it.
    v.is_finite().then_some(v + 0.0)
}
