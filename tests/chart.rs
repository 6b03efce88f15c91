//! The charts' geometry and SVG text, natively: tick values, the frame's mapping, the left
//! margin sized to the widest y label (the y title never overlaps it), at least three x ticks
//! on a phone, the last x tick kept inside the drawing, a log y axis, and CSV headers with
//! their units.

use warpsight::chart::geometry::{log_ticks, nice_ticks, x_ticks, Frame};
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
    // Labels up to "0.2" (3 characters): a narrow margin. Long ones ("1,000,000 warps"): the margin
    // grows so the labels end left of the axis and start right of the rotated title (x ≤ 22).
    assert_eq!(
        f.left,
        24.0 + 6.6 * 3.0 + 10.0,
        "\"0.2\" is the widest label"
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
    assert_eq!(csv.lines().nth(2), Some("64,0.000002"));
}
