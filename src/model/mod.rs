//! The papers' models, as pure functions: typed inputs in, every intermediate value out.
//!
//! Nothing here knows about the web. Each engine returns `Result<_, InputError>`; an
//! `InputError` names the input (by its MODELS.md name) and says what range is valid.

pub mod hong_kim;
pub mod occupancy;
pub mod scenario;

use std::fmt;

/// An input the model cannot use: which field, and what would be valid.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct InputError {
    /// The MODELS.md name of the offending input (also its form field id and query key).
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

/// A reading of an equation the paper prints ambiguously, as data the UI lists beside the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReadingNote {
    pub id: &'static str,
    pub text: &'static str,
}

/// One numeric input of a model: its MODELS.md name, the paper's symbol, and its valid range.
///
/// The same table drives validation in the engines, the form in the UI, the share-link keys
/// and the CLI, so a field's name and range are written once.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct FieldSpec {
    pub name: &'static str,
    /// The paper's symbol, e.g. `#Uncoal_Mem_insts`.
    pub symbol: &'static str,
    /// A short label for the form.
    pub label: &'static str,
    pub unit: &'static str,
    pub min: f64,
    pub max: f64,
    /// Whole numbers only.
    pub integer: bool,
}

impl FieldSpec {
    /// "must be a whole number from 1 to 1024" / "must be a number from 0.01 to 10".
    pub fn range_text(&self) -> String {
        let kind = if self.integer {
            "a whole number"
        } else {
            "a number"
        };
        format!(
            "must be {kind} from {} to {}",
            format_bound(self.min),
            format_bound(self.max)
        )
    }

    /// Checks a value against this field's range.
    pub fn check(&self, value: f64) -> Result<f64, InputError> {
        let whole_ok = !self.integer || value.fract() == 0.0;
        if value.is_finite() && value >= self.min && value <= self.max && whole_ok {
            Ok(value)
        } else {
            Err(InputError::new(self.name, self.range_text()))
        }
    }

    /// Parses user text (form field, query value, CLI) and checks the range.
    pub fn parse(&self, text: &str) -> Result<f64, InputError> {
        let t = text.trim();
        match t.parse::<f64>() {
            Ok(v) if !t.is_empty() => self.check(v),
            _ => Err(InputError::new(self.name, self.range_text())),
        }
    }
}

fn format_bound(v: f64) -> String {
    if v.fract() == 0.0 {
        crate::format::grouped(v, 0)
    } else {
        format!("{v}")
    }
}
