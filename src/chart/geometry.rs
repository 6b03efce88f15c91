//! The chart's geometry: round tick values on linear and log axes, the frame that maps data
//! to CSS pixels (its left edge sized to the widest y label), thinning of long series, and
//! the SVG paths of lines and bands.

use super::{ChartData, BOTTOM, H, LEFT, RIGHT, TOP};

/// About `count` round tick values covering [lo, hi] (steps of 1, 2 or 5 × 10^k).
pub fn nice_ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) || count == 0 {
        return vec![lo];
    }
    let raw = span / count as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| span / s <= count as f64)
        .unwrap_or(10.0 * mag);
    let mut t = (lo / step).ceil() * step;
    let mut out = Vec::new();
    while t <= hi + step * 1e-9 && out.len() < 64 {
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        t += step;
    }
    out
}

/// Tick values for a log axis over [lo, hi] (lo > 0): 1, 2 and 5 × 10^k, or only the powers
/// of ten when those are too many (every other one, or fewer, when even those are); linear
/// ticks when the range holds fewer than three of 1, 2 and 5 × 10^k (under a decade).
pub fn log_ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    if !(lo > 0.0 && hi > lo) {
        return nice_ticks(lo, hi, count);
    }
    let (k0, k1) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    let pick = |mults: &[f64]| -> Vec<f64> {
        (k0..=k1)
            .flat_map(|k| mults.iter().map(move |m| m * 10f64.powi(k)))
            .filter(|t| *t >= lo * (1.0 - 1e-9) && *t <= hi * (1.0 + 1e-9))
            .collect()
    };
    let all = pick(&[1.0, 2.0, 5.0]);
    if all.len() < 3 {
        return nice_ticks(lo, hi, count);
    }
    if all.len() <= count {
        return all;
    }
    let tens = pick(&[1.0]);
    // Under three powers of ten inside (a range of 2–900): every other or third of 1, 2,
    // 5 × 10^k, so a short axis (the measured page's scatter, 300 px high) keeps as many
    // labels as it has room for, not two.
    let ticks = if tens.len() >= 3 { tens } else { all };
    let step = ticks.len().div_ceil(count.max(1));
    ticks.into_iter().step_by(step).collect()
}

/// The plotting frame for the data, `w` CSS pixels wide.
#[derive(Clone, Copy, PartialEq)]
pub struct Frame {
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
    pub w: f64,
    /// The x axis is logarithmic (every x is then > 0).
    pub log: bool,
    /// The y axis is logarithmic (only y > 0 is drawn).
    pub log_y: bool,
    /// The plot's left edge: room for the y title and the widest y tick label.
    pub left: f64,
}

impl Frame {
    pub fn of(
        data: &ChartData,
        w: f64,
        log: bool,
        log_y: bool,
        format_y: fn(f64) -> String,
    ) -> Option<Frame> {
        let mut xs = (f64::INFINITY, f64::NEG_INFINITY);
        let mut ys = (f64::INFINITY, f64::NEG_INFINITY);
        let mut see = |x: f64, y: f64| {
            if x.is_finite() && y.is_finite() && (!log || x > 0.0) && (!log_y || y > 0.0) {
                xs = (xs.0.min(x), xs.1.max(x));
                ys = (ys.0.min(y), ys.1.max(y));
            }
        };
        for s in &data.series {
            for &(x, y) in &s.points {
                if let Some(y) = y {
                    see(x, y);
                }
            }
        }
        for &(x, lo, hi) in &data.band {
            see(x, lo);
            see(x, hi);
        }
        if !ys.0.is_finite() {
            return None;
        }
        let (mut x0, mut x1) = xs;
        // The axis covers the whole sweep, gaps included.
        if let Some(first) = data.series.first() {
            for &(x, _) in &first.points {
                if x.is_finite() && (!log || x > 0.0) {
                    x0 = x0.min(x);
                    x1 = x1.max(x);
                }
            }
        }
        // Times start at zero so relative differences read honestly (on a log axis, just
        // below the smallest value).
        let (mut y0, mut y1) = if log_y {
            (
                ys.0 / 1.25,
                if ys.1 > ys.0 { ys.1 * 1.25 } else { ys.0 * 2.0 },
            )
        } else {
            let y0 = ys.0.min(0.0);
            (y0, if ys.1 > y0 { ys.1 * 1.05 } else { y0 + 1.0 })
        };
        if x1 <= x0 {
            if log {
                x0 /= 2.0;
                x1 *= 2.0;
            } else {
                x0 -= 1.0;
                x1 += 1.0;
            }
        }
        if y0 == y1 {
            y0 -= 1.0;
            y1 += 1.0;
        }
        let mut frame = Frame {
            x0,
            x1,
            y0,
            y1,
            w,
            log,
            log_y,
            left: LEFT,
        };
        // Room for the widest y tick label (11 px text, about 6.6 px a character) between
        // the rotated y title (x = 14 ± 8) and the axis.
        let widest = frame
            .y_ticks()
            .iter()
            .map(|t| format_y(*t).chars().count())
            .max()
            .unwrap_or(0);
        frame.left = (24.0 + 6.6 * widest as f64 + 10.0).max(48.0).min(w / 3.0);
        Some(frame)
    }
    /// The y axis's tick values.
    pub fn y_ticks(&self) -> Vec<f64> {
        if self.log_y {
            log_ticks(self.y0, self.y1, 5)
        } else {
            nice_ticks(self.y0, self.y1, 5)
        }
    }
    /// x as a fraction of the axis.
    pub fn fx(&self, x: f64) -> f64 {
        if self.log {
            (x.ln() - self.x0.ln()) / (self.x1.ln() - self.x0.ln())
        } else {
            (x - self.x0) / (self.x1 - self.x0)
        }
    }
    /// The x at a fraction of the axis.
    pub fn at_fx(&self, f: f64) -> f64 {
        if self.log {
            (self.x0.ln() + f * (self.x1.ln() - self.x0.ln())).exp()
        } else {
            self.x0 + f * (self.x1 - self.x0)
        }
    }
    pub fn sx(&self, x: f64) -> f64 {
        self.left + self.fx(x) * (self.w - self.left - RIGHT)
    }
    pub fn sy(&self, y: f64) -> f64 {
        let f = if self.log_y {
            // Values at or below 0 have no place on a log axis: drawn at its bottom.
            if y > 0.0 {
                (y.ln() - self.y0.ln()) / (self.y1.ln() - self.y0.ln())
            } else {
                0.0
            }
        } else {
            (y - self.y0) / (self.y1 - self.y0)
        };
        H - BOTTOM - f * (H - TOP - BOTTOM)
    }
}

/// Screen points of a run of values, thinned to first/min/max/last per pixel column.
pub fn thin(frame: &Frame, run: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let pts: Vec<(f64, f64)> = run
        .iter()
        .map(|&(x, y)| (frame.sx(x), frame.sy(y)))
        .collect();
    if pts.len() <= 2 * (frame.w as usize) {
        return pts;
    }
    let mut out = Vec::with_capacity(4 * frame.w as usize);
    let mut i = 0;
    while i < pts.len() {
        let col = pts[i].0.floor();
        let mut j = i;
        let (mut lo, mut hi) = (i, i);
        while j < pts.len() && pts[j].0.floor() == col {
            if pts[j].1 < pts[lo].1 {
                lo = j;
            }
            if pts[j].1 > pts[hi].1 {
                hi = j;
            }
            j += 1;
        }
        let mut keep = vec![i, lo, hi, j - 1];
        keep.sort_unstable();
        keep.dedup();
        out.extend(keep.into_iter().map(|k| pts[k]));
        i = j;
    }
    out
}

/// The SVG path of a series, broken where a point has no value.
pub fn line_path(frame: &Frame, points: &[(f64, Option<f64>)]) -> String {
    let mut d = String::new();
    let mut run: Vec<(f64, f64)> = Vec::new();
    let flush = |run: &mut Vec<(f64, f64)>, d: &mut String| {
        for (k, (x, y)) in thin(frame, run).into_iter().enumerate() {
            let cmd = if k == 0 { 'M' } else { 'L' };
            d.push_str(&format!("{cmd}{x:.1},{y:.1}"));
        }
        run.clear();
    };
    for &(x, y) in points {
        match y {
            Some(y) if y.is_finite() && (!frame.log || x > 0.0) => run.push((x, y)),
            _ => flush(&mut run, &mut d),
        }
    }
    flush(&mut run, &mut d);
    d
}

/// The band's closed outline: the highs left to right, the lows back.
pub fn band_path(frame: &Frame, band: &[(f64, f64, f64)]) -> String {
    if band.is_empty() {
        return String::new();
    }
    let hi: Vec<(f64, f64)> = band.iter().map(|&(x, _, h)| (x, h)).collect();
    let lo: Vec<(f64, f64)> = band.iter().rev().map(|&(x, l, _)| (x, l)).collect();
    let mut d = String::new();
    for (k, (x, y)) in thin(frame, &hi).into_iter().enumerate() {
        d.push_str(&format!("{}{x:.1},{y:.1}", if k == 0 { 'M' } else { 'L' }));
    }
    for (x, y) in thin(frame, &lo) {
        d.push_str(&format!("L{x:.1},{y:.1}"));
    }
    d.push('Z');
    d
}

/// A tooltip line broken at spaces into lines of at most `max` characters.
pub fn wrap(line: &str, max: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for word in line.split(' ') {
        let cur = out.last_mut().map_or(0, |l| l.chars().count());
        if cur > 0 && cur + 1 + word.chars().count() > max {
            out.push(String::new());
        }
        if let Some(l) = out.last_mut() {
            if !l.is_empty() {
                l.push(' ');
            }
            l.push_str(word);
        }
    }
    out
}

/// How many x ticks the plot's width asks for: one per 70 px, from 3 (a phone) to 8.
pub fn x_tick_count(f: &Frame) -> usize {
    ((f.w - f.left - RIGHT) / 70.0).floor().clamp(3.0, 8.0) as usize
}

/// About `count` x tick values (at least 3 where the axis has room for them).
pub fn x_ticks(f: &Frame, count: usize) -> Vec<f64> {
    let ticks = |n: usize| {
        if f.log {
            log_ticks(f.x0, f.x1, n)
        } else {
            nice_ticks(f.x0, f.x1, n)
        }
    };
    let mut t = ticks(count);
    let mut n = count;
    while t.len() < 3 && n < 12 {
        n += 1;
        t = ticks(n);
    }
    t
}

/// The estimated width of one character of 11 px tick text (digits are about 6.1 px).
pub const CHAR_W: f64 = 6.6;

/// One x tick as drawn: its value and position, its label and where the label is anchored.
#[derive(Clone, Debug, PartialEq)]
pub struct XTick {
    pub value: f64,
    /// The tick mark's x, in pixels.
    pub x: f64,
    pub label: String,
    /// The label's x: the tick's, or the drawing's edge for a label that would run off it.
    pub label_x: f64,
    /// `middle`, or `end` / `start` at the right / left edge.
    pub anchor: &'static str,
}

impl XTick {
    /// The label's estimated left and right edges.
    pub fn extent(&self) -> (f64, f64) {
        let width = CHAR_W * self.label.chars().count() as f64;
        match self.anchor {
            "end" => (self.label_x - width, self.label_x),
            "start" => (self.label_x, self.label_x + width),
            _ => (self.label_x - width / 2.0, self.label_x + width / 2.0),
        }
    }
}

/// A grouped number in short form ("100,000" → "100k", "2,500,000" → "2.5M"); other labels
/// as they are.
pub fn compact(label: &str) -> String {
    let digits = label.trim_start_matches('-');
    if !label.contains(',')
        || !digits
            .chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
    {
        return label.to_string();
    }
    let Some(v) = crate::number::parse(&label.replace(',', "")) else {
        return label.to_string();
    };
    let (scale, suffix) = match v.abs() {
        a if a >= 1e12 => (1e12, "T"),
        a if a >= 1e9 => (1e9, "G"),
        a if a >= 1e6 => (1e6, "M"),
        _ => (1e3, "k"),
    };
    format!("{}{suffix}", crate::format::num(v / scale))
}

/// The x axis's ticks as drawn, chosen so their labels fit: about one per 70 px and at least
/// three; fewer when the labels would touch, then the labels in short form ("100k"). A label
/// that would run off either edge of the drawing ends (or starts) there.
pub fn x_axis(f: &Frame, format_x: fn(f64) -> String) -> Vec<XTick> {
    let layout = |values: &[f64], short: bool| -> Vec<XTick> {
        values
            .iter()
            .map(|&value| {
                let x = f.sx(value);
                let full = format_x(value);
                let label = if short { compact(&full) } else { full };
                let half = CHAR_W / 2.0 * label.chars().count() as f64;
                let (label_x, anchor) = if x + half > f.w - 1.0 {
                    (f.w - 1.0, "end")
                } else if x - half < 1.0 {
                    (1.0, "start")
                } else {
                    (x, "middle")
                };
                XTick {
                    value,
                    x,
                    label,
                    label_x,
                    anchor,
                }
            })
            .collect()
    };
    let fits = |ticks: &[XTick]| {
        ticks
            .windows(2)
            .all(|p| p[0].extent().1 + 4.0 <= p[1].extent().0)
    };
    let base = x_ticks(f, x_tick_count(f));
    if base.len() < 3 {
        return layout(&base, false);
    }
    // The other choices: fewer ticks (but three or more), most first.
    let mut choices: Vec<Vec<f64>> = vec![base.clone()];
    for n in (2..=12).rev() {
        let t = if f.log {
            log_ticks(f.x0, f.x1, n)
        } else {
            nice_ticks(f.x0, f.x1, n)
        };
        if t.len() >= 3 && t.len() < base.len() && !choices.contains(&t) {
            choices.push(t);
        }
    }
    crate::small_sort::sort_by_key(&mut choices, |t| std::cmp::Reverse(t.len()));
    for short in [false, true] {
        for values in &choices {
            let ticks = layout(values, short);
            if fits(&ticks) {
                return ticks;
            }
        }
    }
    // Nothing fits: the fewest ticks, in short form.
    layout(choices.last().unwrap_or(&base), true)
}
