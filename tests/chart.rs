//! The charts' geometry and SVG text, natively: tick values, the frame's mapping, the left
//! margin sized to the widest y label (the y title never overlaps it), at least three x ticks
//! on a phone, the last x tick kept inside the drawing, a log y axis, and CSV headers with
//! their units.

use warpsight::chart::geometry::{
    band_path, compact, line_path, log_ticks, nice_ticks, wrap, x_axis, x_tick_count, x_ticks,
    Frame,
};
use warpsight::chart::svg::axes_svg;
use warpsight::chart::{ChartData, Series, BOTTOM, H, RIGHT, TOP};
use warpsight::format;

fn data(points: &[(f64, f64)]) -> ChartData {
    ChartData {
        series: vec![Series {
            name: "predicted time".into(),
            class: "s0",
            points: points.iter().map(|&(x, y)| (x, Some(y))).collect(),
            line: true,
            dots: true,
        }],
        y_unit: "s",
        ..ChartData::default()
    }
}

#[test]
fn ticks_are_round_values() {
    assert_eq!(
        nice_ticks(0.0, 100.0, 5),
        vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
    );
    assert_eq!(
        nice_ticks(32.0, 512.0, 5),
        vec![100.0, 200.0, 300.0, 400.0, 500.0]
    );
    assert_eq!(
        log_ticks(1.0, 10_000.0, 8),
        vec![1.0, 10.0, 100.0, 1000.0, 10_000.0]
    );
    assert_eq!(
        log_ticks(1.0, 100.0, 8),
        vec![1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0]
    );
}

#[test]
fn the_frame_maps_values_to_pixels_and_leaves_room_for_the_y_labels() {
    let d = data(&[(0.0, 0.0), (100.0, 1.0)]);
    let f = Frame::of(&d, 640.0, false, false, format::num).expect("frame");
    // y runs from 0 to 1.05 (5 % headroom); x from 0 to 100 across the plot.
    assert_eq!((f.x0, f.x1, f.y0), (0.0, 100.0, 0.0));
    assert!((f.y1 - 1.05).abs() < 1e-12);
    assert_eq!(f.sx(0.0), f.left);
    assert_eq!(f.sx(100.0), 640.0 - RIGHT);
    assert_eq!(f.sy(0.0), H - BOTTOM);
    assert!((f.sy(1.05) - TOP).abs() < 1e-9);
    // Labels 0, 0.5 and 1 (at most 3 characters): a narrow margin. Long ones ("1,000,000 warps"): the margin
    // grows so the labels end left of the axis and start right of the rotated title (x ≤ 22).
    assert_eq!(
        f.left,
        24.0 + 6.6 * 3.0 + 10.0,
        "\"0.5\" is the widest label"
    );
    let wide = Frame::of(&d, 640.0, false, false, |v| {
        format!("{} warps", format::grouped(v * 1e6, 0))
    })
    .expect("frame");
    let longest = "1,000,000 warps".chars().count() as f64;
    assert!(
        wide.left - 8.0 - 6.6 * longest >= 22.0,
        "left {}",
        wide.left
    );
}

#[test]
fn a_phone_gets_three_x_ticks_and_the_last_label_stays_inside() {
    let d = data(&[(32.0, 1.0), (512.0, 2.0)]);
    // A 300 px chart (a 360 px phone): at least three ticks.
    let f = Frame::of(&d, 300.0, false, false, format::num).expect("frame");
    assert!(x_ticks(&f, 3).len() >= 3, "{:?}", x_ticks(&f, 3));
    // 1–100,000: the last tick's label "100,000" sits at the right edge; it ends there.
    let d = data(&[(1.0, 1.0), (100_000.0, 2.0)]);
    let f = Frame::of(&d, 640.0, false, false, format::num).expect("frame");
    let mut svg = String::new();
    axes_svg(&mut svg, &f, format::num, format::num);
    let last = svg
        .rfind(">100,000<")
        .expect("the last tick is labelled in full");
    let tag = &svg[svg[..last].rfind("<text").expect("its text element")..last];
    assert!(tag.contains(r#"text-anchor="end""#), "{tag}");
    assert!(tag.contains(&format!(r#"x="{}""#, 640.0 - 1.0)), "{tag}");
}

#[test]
fn a_log_y_axis_spreads_a_one_thread_point_from_the_rest() {
    // One point a thousand times the others (a 1-thread block): on a linear axis the rest sit
    // within 1 % of the bottom; on a log axis they spread over the plot.
    let pts: Vec<(f64, f64)> = (1..=64)
        .map(|i| {
            (
                f64::from(i),
                if i == 1 {
                    1000.0
                } else {
                    1.0 + f64::from(i) / 64.0
                },
            )
        })
        .collect();
    let d = data(&pts);
    let lin = Frame::of(&d, 640.0, false, false, format::num).expect("frame");
    let log = Frame::of(&d, 640.0, false, true, format::num).expect("frame");
    let span = |f: &Frame| f.sy(1.0 + 2.0 / 64.0) - f.sy(2.0);
    assert!(span(&lin) < 2.0, "linear: {}", span(&lin));
    assert!(span(&log) > 20.0, "log: {}", span(&log));
    assert!(log.y0 > 0.0 && log.y_ticks().iter().all(|t| *t > 0.0));
}

#[test]
fn csv_headers_carry_the_unit() {
    let d = data(&[(32.0, 1e-6), (64.0, 2e-6)]);
    let csv = d.to_csv("Threads per block (threads)");
    assert_eq!(
        csv.lines().next(),
        Some("Threads per block (threads),predicted time (s)")
    );
    assert_eq!(csv.lines().nth(2), Some("64,2e-6"));
    // One style per magnitude, every digit that round-trips (issue 35: a sweep mixed
    // "0.0000507281875" with "6.3035234375e-5").
    use warpsight::chart::csv_number;
    assert_eq!(csv_number(0.0000507281875), "5.07281875e-5");
    assert_eq!(csv_number(6.3035234375e-5), "6.3035234375e-5");
    assert_eq!(csv_number(256.0), "256");
    assert_eq!(csv_number(0.0), "0");
    for x in [5.5008950781249995e-5, 1.0 / 3.0, 123456.789, 1e300] {
        assert_eq!(csv_number(x).parse::<f64>().unwrap(), x);
    }
}

#[test]
fn more_ticks_by_hand() {
    // 0–1.05: steps of 0.1 or 0.2 give more than 5 ticks, 0.5 gives 3.
    assert_eq!(nice_ticks(0.0, 1.05, 5), vec![0.0, 0.5, 1.0]);
    // 1–2,048 threads: steps of 500.
    assert_eq!(
        nice_ticks(1.0, 2048.0, 5),
        vec![500.0, 1000.0, 1500.0, 2000.0]
    );
    // A flat range or no count: the one value.
    assert_eq!(nice_ticks(3.0, 3.0, 5), vec![3.0]);
    assert_eq!(nice_ticks(0.0, 1.0, 0), vec![0.0]);
    // 0.8–125 on a log axis: 1, 2, 5 × 10^k would be 7 ticks; the powers of ten are 3.
    assert_eq!(log_ticks(0.8, 125.0, 5), vec![1.0, 10.0, 100.0]);
    // 1–10^8 with room for 4: nine powers of ten, every third.
    assert_eq!(log_ticks(1.0, 1e8, 4), vec![1.0, 1e3, 1e6]);
    // 2–90 with room for 3: one power of ten inside; every other of 2, 5, 10, 20, 50.
    assert_eq!(log_ticks(2.0, 90.0, 3), vec![2.0, 10.0, 50.0]);
    // Under a decade, fewer than three of 1, 2, 5 × 10^k inside: linear ticks.
    assert_eq!(log_ticks(6.0, 9.0, 5), vec![6.0, 7.0, 8.0, 9.0]);
    assert_eq!(log_ticks(2.0, 9.0, 4), vec![2.0, 4.0, 6.0, 8.0]);
}

#[test]
fn three_points_make_this_path() {
    // x 0–100 and y 0–1.05 (y labels "0", "0.5", "1": left = 24 + 3 × 6.6 + 10 = 53.8), 640 px
    // wide: the plot spans x 53.8–622 and y 254 (H − BOTTOM) up to 14 (TOP), 240 px.
    let d = data(&[(0.0, 0.0), (50.0, 0.5), (100.0, 1.0)]);
    let f = Frame::of(&d, 640.0, false, false, format::num).expect("frame");
    assert!((f.left - 53.8).abs() < 1e-9);
    // y = 0.5: 254 − 0.5 / 1.05 × 240 = 139.714…; y = 1: 254 − 228.571… = 25.428…
    assert_eq!(
        line_path(&f, &d.series[0].points),
        "M53.8,254.0L337.9,139.7L622.0,25.4"
    );
    // A point without a value breaks the line: two runs of one point each.
    let gap = [(0.0, Some(0.0)), (50.0, None), (100.0, Some(1.0))];
    assert_eq!(line_path(&f, &gap), "M53.8,254.0M622.0,25.4");
    // A band: the highs left to right, then the lows back, closed.
    assert_eq!(
        band_path(&f, &[(0.0, 0.0, 0.5), (100.0, 0.5, 1.0)]),
        "M53.8,139.7L622.0,25.4L622.0,139.7L53.8,254.0Z"
    );
}

#[test]
fn log_axes_map_decades_evenly() {
    // x 1–1,000 on a log axis: 10 is a third of the way, 100 two thirds.
    // y 1–100 on a log axis runs from 1 / 1.25 = 0.8 to 100 × 1.25 = 125, and
    // ln(10 / 0.8) / ln(125 / 0.8) = ln 12.5 / ln 12.5² = ½: y = 10 is halfway up (254 − 120).
    let d = data(&[(1.0, 1.0), (10.0, 10.0), (1000.0, 100.0)]);
    let f = Frame::of(&d, 640.0, true, true, format::num).expect("frame");
    assert_eq!((f.x0, f.x1), (1.0, 1000.0));
    assert!((f.y0 - 0.8).abs() < 1e-12 && (f.y1 - 125.0).abs() < 1e-12);
    let plot = 640.0 - f.left - RIGHT;
    assert!((f.sx(10.0) - (f.left + plot / 3.0)).abs() < 1e-9);
    assert!((f.sx(100.0) - (f.left + 2.0 * plot / 3.0)).abs() < 1e-9);
    assert!((f.sy(10.0) - 134.0).abs() < 1e-9, "{}", f.sy(10.0));
    assert_eq!(f.y_ticks(), vec![1.0, 10.0, 100.0]);
    // Values at or below 0 have no place on a log y axis: they are left out of its range.
    let d = data(&[(1.0, 0.0), (2.0, 4.0), (3.0, 8.0)]);
    let f = Frame::of(&d, 640.0, false, true, format::num).expect("frame");
    assert!((f.y0 - 4.0 / 1.25).abs() < 1e-12 && (f.y1 - 10.0).abs() < 1e-12);
    assert_eq!(f.sy(0.0), H - BOTTOM);
    // On a linear axis the same data starts at 0.
    let f = Frame::of(&d, 640.0, false, false, format::num).expect("frame");
    assert_eq!(f.y0, 0.0);
}

#[test]
fn phones_get_at_least_three_x_ticks() {
    // Chart boxes on 360 and 390 px phones are about 300–330 px wide; on the sweep's
    // 1–2,048 threads, Luo & Suda's 1–48 warps, APSP's 8–1,000 vertices, and log axes.
    for w in [280.0, 300.0, 330.0, 640.0, 1200.0] {
        for (lo, hi, log) in [
            (1.0, 2048.0, false),
            (32.0, 1024.0, false),
            (1.0, 48.0, false),
            (1.0, 32.0, false),
            (8.0, 1000.0, false),
            (1.0, 2048.0, true),
            (1.0, 10_000.0, true),
            (2.0, 9.0, true),
        ] {
            let d = data(&[(lo, 1e-6), (hi, 2e-3)]);
            let f = Frame::of(&d, w, log, false, format::duration).expect("frame");
            let n = x_tick_count(&f);
            assert!((3..=8).contains(&n), "{w} px: {n}");
            let t = x_ticks(&f, n);
            assert!(t.len() >= 3, "{w} px, {lo}–{hi} (log {log}): {t:?}");
            assert!(t.iter().all(|v| *v >= lo && *v <= hi), "{t:?}");
        }
    }
    // One tick per 70 px of plot: 640 px with a 53.8 px margin → 568.2 / 70 → 8.
    let d = data(&[(0.0, 0.0), (100.0, 1.0)]);
    let f = Frame::of(&d, 640.0, false, false, format::num).expect("frame");
    assert_eq!(x_tick_count(&f), 8);
}

#[test]
fn tooltip_lines_wrap_at_spaces() {
    assert_eq!(
        wrap("Threads per block = 256 → 1.2 ms", 20),
        vec!["Threads per block =", "256 → 1.2 ms"]
    );
    // A word longer than the line stays whole.
    assert_eq!(
        wrap("a supercalifragilistic b", 8),
        vec!["a", "supercalifragilistic", "b"]
    );
}

#[test]
fn titles_keep_units_case() {
    // The sweep's and the occupancy charts' titles put the x label mid-sentence.
    assert_eq!(
        format::lower_first("Memory bandwidth (GB/s)"),
        "memory bandwidth (GB/s)"
    );
    assert_eq!(format::lower_first("SMs"), "SMs");
    assert_eq!(format::lower_first("N_act"), "N_act");
    assert_eq!(format::lower_first(""), "");
}

/// The x tick labels of an axes SVG: (left, right) in pixels at 6.6 px a character.
fn x_label_extents(svg: &str) -> Vec<(f64, f64, String)> {
    let mut out = Vec::new();
    for part in svg.split("<text ").skip(1) {
        let attr = |name: &str| {
            let at = part.find(&format!(" {name}=\"")).or_else(|| {
                part.starts_with(&format!("{name}=\""))
                    .then_some(0)
                    .map(|_| usize::MAX)
            });
            let start = match at {
                Some(usize::MAX) => name.len() + 2,
                Some(i) => i + name.len() + 3,
                None => return String::new(),
            };
            part[start..].split('"').next().unwrap_or("").to_string()
        };
        let y: f64 = attr("y").parse().expect("y");
        if y < H - BOTTOM {
            continue; // a y tick
        }
        let x: f64 = attr("x").parse().expect("x");
        let label = part[part.find('>').expect(">") + 1..part.find("</text>").expect("</text>")]
            .to_string();
        let width = 6.6 * label.chars().count() as f64;
        let (l, r) = match attr("text-anchor").as_str() {
            "end" => (x - width, x),
            "start" => (x, x + width),
            _ => (x - width / 2.0, x + width / 2.0),
        };
        out.push((l, r, label));
    }
    out
}

#[test]
fn x_tick_labels_stay_inside_and_apart() {
    for w in [280.0, 300.0, 330.0, 640.0, 1200.0] {
        for (lo, hi, log) in [
            (1.0, 100_000.0, false),
            (1.0, 2048.0, false),
            (32.0, 1024.0, false),
            (1.0, 48.0, false),
            (8.0, 1000.0, false),
            (1.0, 2048.0, true),
            (1.0, 100_000.0, true),
        ] {
            let d = data(&[(lo, 1e-6), (hi, 2e-3)]);
            let f = Frame::of(&d, w, log, false, format::duration).expect("frame");
            let mut svg = String::new();
            axes_svg(&mut svg, &f, format::num, format::duration);
            let labels = x_label_extents(&svg);
            assert!(labels.len() >= 3, "{w} px {lo}–{hi}: {labels:?}");
            for (l, r, text) in &labels {
                assert!(*l >= 0.0 && *r <= w, "{w} px {lo}–{hi}: {text} at {l}–{r}");
            }
            for pair in labels.windows(2) {
                assert!(
                    pair[0].1 + 2.0 <= pair[1].0,
                    "{w} px {lo}–{hi} (log {log}): {:?} and {:?} overlap",
                    pair[0],
                    pair[1]
                );
            }
        }
    }
}

#[test]
fn long_x_labels_shorten_on_a_phone() {
    assert_eq!(compact("100,000"), "100k");
    assert_eq!(compact("2,500,000"), "2.5M");
    assert_eq!(compact("-1,500"), "-1.5k");
    assert_eq!(compact("500"), "500");
    assert_eq!(compact("12 ms"), "12 ms");
    // 1–100,000 in a 280 px chart (y labels like "2.1 ms": left = 73.6): five ticks 38 px
    // apart do not hold "100,000" (46 px), and fewer than five would be two; so "20k"…"100k".
    let d = data(&[(1.0, 1e-6), (100_000.0, 2e-3)]);
    let f = Frame::of(&d, 280.0, false, false, format::duration).expect("frame");
    assert!((f.left - 73.6).abs() < 1e-9, "{}", f.left);
    let labels: Vec<String> = x_axis(&f, format::num)
        .into_iter()
        .map(|t| t.label)
        .collect();
    assert_eq!(labels, ["20k", "40k", "60k", "80k", "100k"]);
    // At 640 px they are whole, the last one ending at the drawing's edge.
    let f = Frame::of(&d, 640.0, false, false, format::duration).expect("frame");
    let ticks = x_axis(&f, format::num);
    let last = ticks.last().expect("ticks");
    assert_eq!(
        (last.label.as_str(), last.anchor, last.label_x),
        ("100,000", "end", 639.0)
    );
    assert!(ticks[..ticks.len() - 1]
        .iter()
        .all(|t| t.anchor == "middle"));
}
