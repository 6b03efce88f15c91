//! Charts as data and as SVG text, pure Rust (tested natively): the points a chart draws and
//! their CSV ([`ChartData`]), the geometry (nice ticks, linear or log axes, the frame that maps
//! values to pixels, thinning, paths: [`geometry`]) and the SVG markup of the axes and the
//! plot ([`svg`]). The interactive component (hover, keys, downloads) is `ui::chart`.

pub mod geometry;
pub mod svg;

/// The drawing's width before its box is measured.
pub const W0: f64 = 640.0;
pub const H: f64 = 300.0;
pub const LEFT: f64 = 72.0;
pub const RIGHT: f64 = 18.0;
pub const TOP: f64 = 14.0;
pub const BOTTOM: f64 = 46.0;

/// One line (or set of dots) of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    /// CSS class for its colour: `s0`…`s3`, `measured`.
    pub class: &'static str,
    /// Sorted by x; `None` where the model rejects the input (drawn as a gap).
    pub points: Vec<(f64, Option<f64>)>,
    pub line: bool,
    pub dots: bool,
}

/// Everything a chart draws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartData {
    /// The first series' x values are the ones hover and the arrow keys walk.
    pub series: Vec<Series>,
    /// A shaded band: (x, low, high).
    pub band: Vec<(f64, f64, f64)>,
    /// Marked x positions with what happens there.
    pub events: Vec<(f64, String)>,
    /// The legend's words for the marks ("jump", "regime change").
    pub event_label: &'static str,
    /// Why the first series has gaps (the model's reason at the first missing point).
    pub gap_reason: Option<String>,
    /// The unit of the y values as the CSV holds them ("s", "ms", "warps"): the CSV's
    /// column headers say it.
    pub y_unit: &'static str,
}

impl ChartData {
    /// The gaps of the first series: x ranges (from, to) with no value, from halfway to the
    /// previous valid point to halfway to the next one (or the edge).
    fn gaps(&self) -> Vec<(f64, f64)> {
        let Some(first) = self.series.first() else {
            return Vec::new();
        };
        let p = &first.points;
        let mut out = Vec::new();
        let mut i = 0;
        while i < p.len() {
            if p[i].1.is_some() {
                i += 1;
                continue;
            }
            let start = i;
            while i < p.len() && p[i].1.is_none() {
                i += 1;
            }
            let lo = if start == 0 {
                p[0].0
            } else {
                (p[start - 1].0 + p[start].0) / 2.0
            };
            let hi = if i == p.len() {
                p[i - 1].0
            } else {
                (p[i - 1].0 + p[i].0) / 2.0
            };
            out.push((lo, hi));
        }
        out
    }

    /// The points as CSV: the x label and each series' name (with the y unit) as the header, one row per x of
    /// the first series; an empty cell where a series has no value.
    pub fn to_csv(&self, x_label: &str) -> String {
        let exact = csv_number;
        let mut w = crate::csv::Writer::new();
        let unit = |name: &str| {
            if self.y_unit.is_empty() {
                name.to_string()
            } else {
                format!("{name} ({})", self.y_unit)
            }
        };
        w.field(x_label);
        for s in &self.series {
            w.field(&unit(&s.name));
        }
        if !self.band.is_empty() {
            w.field(&unit("min")).field(&unit("max"));
        }
        w.end();
        let Some(first) = self.series.first() else {
            return w.finish();
        };
        for &(x, _) in &first.points {
            w.field(&exact(x));
            for s in &self.series {
                w.field(&value_at(s, x).map(exact).unwrap_or_default());
            }
            if !self.band.is_empty() {
                match self.band.iter().find(|b| b.0 == x) {
                    Some(&(_, lo, hi)) => w.field(&exact(lo)).field(&exact(hi)),
                    None => w.field("").field(""),
                };
            }
            w.end();
        }
        w.finish()
    }
}

/// A number for the CSV: the shortest text that reads back to the same f64, in one style by
/// magnitude (plain from 10⁻³ to 10¹⁵, else with an exponent), so a column of times reads
/// 5.07281875e-5, 6.3035234375e-5…, never some plain and some not.
pub fn csv_number(x: f64) -> String {
    if x == 0.0 || (1e-3..1e15).contains(&x.abs()) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

/// The value of a series at exactly `x`, if it has one.
pub fn value_at(s: &Series, x: f64) -> Option<f64> {
    let i = s.points.partition_point(|p| p.0 < x);
    s.points.get(i).filter(|p| p.0 == x).and_then(|p| p.1)
}
