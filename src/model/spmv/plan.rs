//! The benchmark plan (§3 (2), §4.1.1, §4.2.1, §4.3.1) and the least-squares fits that turn
//! a target's measured benchmark times into its coefficients.
//!
//! Every benchmark matrix has R = S·I rows (S the kernel's strip size on the target, I its
//! strips) and the same number P_NZ_BM of non-zeros in each row, below §3's global-memory
//! bound. The plan's strips are I0 = 1, I1 = 2, I2 = 4, so the matrices of I0 strips are the
//! ones with the fewest strips: M1 is M0 and T10–T12 are T0_Tar_0..2.

use super::{s_coo, s_csr, s_ell, Kernel, Limits, Sizes};

/// The strips of the plan: I0, I1, I2.
pub const STRIPS: [u64; 3] = [1, 2, 4];

/// The precision of the matrix values (§3 (2): float, or double likewise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    Single,
    Double,
}

impl Precision {
    pub fn bytes(self) -> u64 {
        match self {
            Precision::Single => 4,
            Precision::Double => 8,
        }
    }
}

const INT: u64 = 4;

/// §3 (2): the largest P_NZ_BM whose matrix of `rows` rows fits the global memory `gm` bytes:
/// CSR 4(R+1) + (4 + v)·R·P < G_M, ELL (4 + v)·R·P < G_M, COO (8 + v)·R·P < G_M (v the value's
/// bytes). Zero when not even one non-zero per row fits.
pub fn max_p_nz(kernel: Kernel, rows: u64, gm: u64, precision: Precision) -> u64 {
    let v = precision.bytes();
    let (fixed, per) = match kernel {
        Kernel::Csr => (INT * (rows + 1), INT + v),
        Kernel::Ell | Kernel::Hyb => (0, INT + v),
        Kernel::Coo => (0, 2 * INT + v),
    };
    let room = gm.saturating_sub(fixed);
    let unit = per * rows;
    if unit == 0 || room == 0 {
        return 0;
    }
    // The strict bound: the largest P with unit·P < room.
    (room - 1) / unit
}

/// One benchmark matrix of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct Bench {
    /// `csr-m0`, `ell-c`, …: the CSV's key.
    pub id: &'static str,
    pub kernel: Kernel,
    /// What its time estimates.
    pub role: &'static str,
    pub strips: u64,
    pub rows: u64,
    pub columns: u64,
    pub p_nz: u64,
    pub bytes: u64,
}

impl Bench {
    pub fn nnz(&self) -> u64 {
        self.rows * self.p_nz
    }
}

/// The P_NZ_BM of the five CSR matrices of I0 strips: X00, one between it and the target's
/// threshold, X01, and two above (the reference's threshold X02 among them when it is higher).
fn csr_widths(x: &Sizes) -> [u64; 5] {
    let [x00, x01, x02] = x.x0.map(|v| v as u64);
    let a = (x00 + x01) / 2;
    if x01 < x02 {
        [x00, a, x01, (x01 + x02) / 2, x02]
    } else {
        [x00, a, x01, x01 + x01 / 2, 2 * x01]
    }
}

/// The plan for a target: nine CSR, five ELL and three COO matrices (HYB reuses them).
pub fn plan(
    limits: &Limits,
    x: &Sizes,
    gm_bytes: u64,
    precision: Precision,
) -> Result<Vec<Bench>, String> {
    let s = |k: Kernel| -> u64 {
        (match k {
            Kernel::Csr => s_csr(limits),
            Kernel::Ell | Kernel::Hyb => s_ell(limits),
            Kernel::Coo => s_coo(limits),
        }) as u64
    };
    let [i0, i1, i2] = STRIPS;
    let w = csr_widths(x);
    let x1 = x.x1 as u64;
    let (x00, x01) = (x.x0[0] as u64, x.x0[1] as u64);
    let specs: [(&'static str, Kernel, &'static str, u64, u64); 17] = [
        (
            "csr-m0",
            Kernel::Csr,
            "M0: C1 (LT) and C2 (LT); T0_Tar_0 = T10",
            i0,
            w[0],
        ),
        ("csr-a", Kernel::Csr, "C1 (LT)", i0, w[1]),
        (
            "csr-n0",
            Kernel::Csr,
            "N0 (target's threshold): C1 (LT and RT), C2 (RT); T0_Tar_1 = T11",
            i0,
            w[2],
        ),
        ("csr-b", Kernel::Csr, "C1 (RT)", i0, w[3]),
        (
            "csr-n1",
            Kernel::Csr,
            "C1 (RT); T0_Tar_2 = T12 when at the reference's threshold",
            i0,
            w[4],
        ),
        ("csr-m0-i1", Kernel::Csr, "C2 (LT)", i1, x00),
        ("csr-m0-i2", Kernel::Csr, "C2 (LT)", i2, x00),
        ("csr-n0-i1", Kernel::Csr, "C2 (RT)", i1, x01),
        ("csr-n0-i2", Kernel::Csr, "C2 (RT)", i2, x01),
        ("ell-m2", Kernel::Ell, "M2: C (ELL) and E (ELL)", i0, x1),
        ("ell-b", Kernel::Ell, "C (ELL)", i0, 2 * x1),
        ("ell-c", Kernel::Ell, "C (ELL)", i0, 4 * x1),
        ("ell-m2-i1", Kernel::Ell, "E (ELL)", i1, x1),
        ("ell-m2-i2", Kernel::Ell, "E (ELL)", i2, x1),
        ("coo-1", Kernel::Coo, "C (COO); T1", i0, 1),
        ("coo-2", Kernel::Coo, "C (COO)", i1, 1),
        ("coo-3", Kernel::Coo, "C (COO)", i2, 1),
    ];
    let mut out = Vec::with_capacity(specs.len());
    for (id, kernel, role, strips, p_nz) in specs {
        let rows = s(kernel) * strips;
        let most = max_p_nz(kernel, rows, gm_bytes, precision);
        if p_nz == 0 || p_nz > most {
            return Err(format!(
                "{id}: {p_nz} non-zeros in each of {rows} rows do not fit {} GiB of global memory (at most {most} per row)",
                crate::format::significant(gm_bytes as f64 / 1_073_741_824.0, 4),
            ));
        }
        let v = precision.bytes();
        let bytes = match kernel {
            Kernel::Csr => INT * (rows + 1) + (INT + v) * rows * p_nz,
            Kernel::Ell | Kernel::Hyb => (INT + v) * rows * p_nz,
            Kernel::Coo => (2 * INT + v) * rows * p_nz,
        };
        out.push(Bench {
            id,
            kernel,
            role,
            strips,
            rows,
            // §3 (2): C > P_NZ_BM; square where the rows allow it.
            columns: rows.max(p_nz + 1),
            p_nz,
            bytes,
        });
    }
    Ok(out)
}

/// The plan as CSV, with an empty `time_ms` column for the user's measurements (the role
/// always quoted, as the plan has always been written).
pub fn plan_csv(plan: &[Bench]) -> String {
    let mut w = crate::csv::Writer::new();
    w.record([
        "id",
        "kernel",
        "strips",
        "rows",
        "columns",
        "nnz_per_row",
        "nnz",
        "bytes",
        "role",
        "time_ms",
    ]);
    for b in plan {
        w.field(b.id).field(b.kernel.id());
        for n in [b.strips, b.rows, b.columns, b.p_nz, b.nnz(), b.bytes] {
            w.field(&n.to_string());
        }
        w.quoted(b.role).field("").end();
    }
    w.finish()
}

/// Measured times as the user gives them: the plan's CSV with its `time_ms` column filled
/// (read by [`crate::csv`]: quoted fields, `""`, CRLF), or lines `id time` (spaces, tabs,
/// commas or colons between). A time is in ms, or carries its
/// unit (`81 µs`, `0.081 ms`, `8.1e-5 s`; see [`parse_ms`]). Errors name the line.
pub fn parse_times(text: &str) -> Result<Vec<(String, f64)>, String> {
    let mut out = Vec::new();
    let mut time_col: Option<usize> = None;
    crate::csv::read(text, |r| {
        let n = r.line;
        let cells: Vec<String> = (0..r.len())
            .map(|i| r.field(i).trim().to_string())
            .collect();
        // The line as the user wrote it, for the lines that are not the plan's CSV.
        let line = cells.join(",");
        if line.trim().is_empty() {
            return Ok(());
        }
        if cells[0] == "id" {
            time_col = cells.iter().position(|c| c == "time_ms");
            if time_col.is_none() {
                return Err(format!("line {n}: the header has no time_ms column"));
            }
            return Ok(());
        }
        let (id, time) = match time_col {
            Some(c) => (cells[0].clone(), cells.get(c).cloned().unwrap_or_default()),
            None => {
                // The id, then everything after it is the time ("0.081 ms" has a space).
                let sep = |c: char| c.is_whitespace() || c == ',' || c == ':' || c == ';';
                let line = line.trim();
                let (id, rest) = line.split_once(sep).unwrap_or((line, ""));
                let rest = rest.trim_start_matches(sep).trim();
                if id.is_empty() || rest.is_empty() {
                    return Err(format!(
                        "line {n}: expected a benchmark id and its time in ms (e.g. “csr-m0 0.081”)"
                    ));
                }
                (id.to_string(), rest.to_string())
            }
        };
        if time.trim().is_empty() {
            return Ok(()); // a row of the plan not measured yet
        }
        let t = parse_ms(&time).map_err(|why| format!("line {n}: the time of {id} {why}"))?;
        out.push((id, t));
        Ok(())
    })?;
    Ok(out)
}

/// A measured time in ms: a number above 0, in ms unless it ends in a unit (`ms`, `µs` or `us`,
/// `ns`, `s`). A comma is refused with the form to write, as "0,081" could be 81 or 0.081.
/// The error completes "the time of csr-m0 …".
pub fn parse_ms(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let (number, factor) = [
        ("ms", 1.0),
        ("µs", 1e-3),
        ("μs", 1e-3),
        ("us", 1e-3),
        ("ns", 1e-6),
        ("s", 1e3),
    ]
    .iter()
    .find_map(|&(unit, f)| lower.strip_suffix(unit).map(|n| (n.trim(), f)))
    .unwrap_or((lower.as_str(), 1.0));
    if number.contains(',') {
        return Err(format!(
            "must be written with a decimal point, not a comma: “{}”",
            t.replace(',', ".")
        ));
    }
    crate::field::parse_number(number)
        .filter(|v| *v > 0.0)
        .map(|v| v * factor)
        .filter(|v| v.is_finite() && *v > 0.0)
        .ok_or_else(|| {
            format!("must be a time above 0, in ms (0.081) or with its unit (81 µs, 0.081 ms, 8.1e-5 s), not “{t}”")
        })
}

/// A least-squares line through points, with R² and each point's residual.
#[derive(Clone, Debug, PartialEq)]
pub struct LineFit {
    pub slope: f64,
    pub intercept: f64,
    /// 1 − SS_res/SS_tot (1 when the points lie on the line).
    pub r2: f64,
    /// (x, y, y − fitted) per point.
    pub points: Vec<(f64, f64, f64)>,
}

impl LineFit {
    /// The fitted line's value at `x`.
    pub fn at(&self, x: f64) -> f64 {
        self.slope * x + self.intercept
    }
}

/// Ordinary least squares; None with fewer than two distinct x.
pub fn least_squares(points: &[(f64, f64)]) -> Option<LineFit> {
    let n = points.len() as f64;
    if points.len() < 2 {
        return None;
    }
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if sxx == 0.0 {
        return None;
    }
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let slope = sxy / sxx;
    let intercept = my - slope * mx;
    let res: Vec<(f64, f64, f64)> = points
        .iter()
        .map(|&(x, y)| (x, y, y - (slope * x + intercept)))
        .collect();
    let ss_res: f64 = res.iter().map(|r| r.2 * r.2).sum();
    let ss_tot: f64 = points.iter().map(|p| (p.1 - my).powi(2)).sum();
    let r2 = if ss_tot == 0.0 {
        1.0
    } else {
        1.0 - ss_res / ss_tot
    };
    Some(LineFit {
        slope,
        intercept,
        r2,
        points: res,
    })
}

/// One relationship of §4 fitted from the plan's times.
#[derive(Clone, Debug, PartialEq)]
pub struct Relationship {
    /// The field it gives (`c1_tar_csr_lt`, `e_tar_ell`, …).
    pub field: &'static str,
    /// Whether x is the strips I (else the non-zeros per row P_NZ).
    pub over_strips: bool,
    /// "time against non-zeros per row at I0 strips".
    pub over: &'static str,
    pub fit: LineFit,
}

/// What the times give: each relationship whose points are all measured, and the single
/// times (T0_Tar_k, T1k, T1) read directly.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Fitted {
    pub lines: Vec<Relationship>,
    /// (field, value in ms).
    pub times: Vec<(&'static str, f64)>,
    /// Benchmarks still without a time.
    pub missing: Vec<&'static str>,
}

impl Fitted {
    /// The fields to set, as the form's texts.
    pub fn texts(&self) -> Vec<(&'static str, String)> {
        let mut out: Vec<(&'static str, String)> = self
            .lines
            .iter()
            .map(|r| {
                let text = if r.field == "e_tar_ell" {
                    format!(
                        "{},{}",
                        crate::format::exact(r.fit.slope),
                        crate::format::exact(r.fit.intercept)
                    )
                } else {
                    crate::format::exact(r.fit.slope)
                };
                (r.field, text)
            })
            .collect();
        out.extend(
            self.times
                .iter()
                .map(|(f, v)| (*f, crate::format::exact(*v))),
        );
        out
    }
}

/// Fits §4's relationships from measured times (ids not in the plan are an error); `x` are
/// the sizes the plan was made with.
pub fn fit(plan: &[Bench], x: &Sizes, times: &[(String, f64)]) -> Result<Fitted, String> {
    for (id, _) in times {
        if !plan.iter().any(|b| b.id == id) {
            return Err(format!("“{id}” is not a benchmark of this plan"));
        }
    }
    let time = |id: &str| times.iter().rev().find(|(i, _)| i == id).map(|(_, t)| *t);
    let bench = |id: &str| plan.iter().find(|b| b.id == id);
    let mut fitted = Fitted {
        missing: plan
            .iter()
            .filter(|b| time(b.id).is_none())
            .map(|b| b.id)
            .collect(),
        ..Fitted::default()
    };
    let by_width = |ids: &[&str]| -> Option<Vec<(f64, f64)>> {
        ids.iter()
            .map(|id| Some((bench(id)?.p_nz as f64, time(id)?)))
            .collect()
    };
    let by_strips = |ids: &[&str]| -> Option<Vec<(f64, f64)>> {
        ids.iter()
            .map(|id| Some((bench(id)?.strips as f64, time(id)?)))
            .collect()
    };
    type Points = Option<Vec<(f64, f64)>>;
    let relationships: [(&'static str, &'static str, Points); 7] = [
        (
            "c1_tar_csr_lt",
            "CSR time against non-zeros per row (≤ threshold)",
            by_width(&["csr-m0", "csr-a", "csr-n0"]),
        ),
        (
            "c1_tar_csr_rt",
            "CSR time against non-zeros per row (≥ threshold)",
            by_width(&["csr-n0", "csr-b", "csr-n1"]),
        ),
        (
            "c2_tar_csr_lt",
            "CSR time against strips at X00",
            by_strips(&["csr-m0", "csr-m0-i1", "csr-m0-i2"]),
        ),
        (
            "c2_tar_csr_rt",
            "CSR time against strips at X01",
            by_strips(&["csr-n0", "csr-n0-i1", "csr-n0-i2"]),
        ),
        (
            "c_tar_ell",
            "ELL time against non-zeros per row",
            by_width(&["ell-m2", "ell-b", "ell-c"]),
        ),
        (
            "e_tar_ell",
            "ELL time against strips at X1",
            by_strips(&["ell-m2", "ell-m2-i1", "ell-m2-i2"]),
        ),
        (
            "c_tar_coo",
            "COO time against strips",
            by_strips(&["coo-1", "coo-2", "coo-3"]),
        ),
    ];
    for (field, over, points) in relationships {
        if let Some(fit) = points.as_deref().and_then(least_squares) {
            fitted.lines.push(Relationship {
                field,
                over_strips: over.contains("strips"),
                over,
                fit,
            });
        }
    }
    for (field, id) in [
        ("t0_tar_0", "csr-m0"),
        ("t10", "csr-m0"),
        ("t0_tar_1", "csr-n0"),
        ("t11", "csr-n0"),
        ("t1", "coo-1"),
    ] {
        if let Some(t) = time(id) {
            fitted.times.push((field, t));
        }
    }
    // T0_Tar_2 and T12 belong to N1 at the reference's threshold: csr-n1 when it is there,
    // csr-n0 when the target's threshold is the reference's (then N1 is N0).
    let n1 = if x.x0[1] < x.x0[2] {
        "csr-n1"
    } else {
        "csr-n0"
    };
    if let Some(t) = time(n1) {
        fitted.times.push(("t0_tar_2", t));
        fitted.times.push(("t12", t));
    }
    Ok(fitted)
}
