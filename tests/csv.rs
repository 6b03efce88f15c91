//! The CSV module (src/csv.rs): RFC 4180's cases read and written, round trips whole and fed
//! in chunks of every size, and the files built on it: the SpMV plan (written as it always
//! was, read with `""` and line breaks in quoted fields) and the charts' downloads.

use proptest::prelude::*;
use warpsight::chart::{ChartData, Series};
use warpsight::csv::{self, Error, Splitter, Writer};
use warpsight::devices;
use warpsight::model::spmv::{self, plan};

/// Every record of `text`, fed in chunks of `chunk` bytes.
fn records_in_chunks(text: &[u8], chunk: usize) -> Result<Vec<Vec<String>>, Error> {
    let mut out = Vec::new();
    let mut s = Splitter::new();
    let mut f = |r: &csv::Record<'_>| {
        out.push((0..r.len()).map(|i| r.field(i).into_owned()).collect());
        Ok::<(), Error>(())
    };
    for c in text.chunks(chunk.max(1)) {
        s.feed(c, &mut f)?;
    }
    s.finish(&mut f)?;
    Ok(out)
}

/// Every record of `text`, read whole.
fn records(text: &str) -> Result<Vec<Vec<String>>, Error> {
    let mut out = Vec::new();
    csv::read(text, |r| {
        out.push((0..r.len()).map(|i| r.field(i).into_owned()).collect());
        Ok::<(), Error>(())
    })?;
    Ok(out)
}

fn rows(rows: &[&[&str]]) -> Vec<Vec<String>> {
    rows.iter()
        .map(|r| r.iter().map(|f| f.to_string()).collect())
        .collect()
}

#[test]
fn the_writer_quotes_only_what_needs_it_and_doubles_quotes() {
    let mut w = Writer::new();
    w.record([
        "plain",
        "a,b",
        "say \"hi\"",
        "two\nlines",
        "cr\rhere",
        "",
        " spaced ",
    ]);
    w.field("x").quoted("always").field("").end();
    assert_eq!(
        w.finish(),
        "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\rhere\",, spaced \nx,\"always\",\n"
    );
    // A record of one empty field is an empty line; no fields at all too.
    assert_eq!(Writer::new().record([""]).end().finish(), "\n\n");
}

#[test]
fn rfc_4180_cases_read() {
    // Quoted fields with an embedded comma, CRLF and `""`; CRLF line ends; empty fields; a
    // trailing line break makes no extra record.
    let text = "a,\"b,c\",\"d\r\ne\",\"f\"\"g\"\r\n,,\r\n\"\",x\r\n";
    let want = rows(&[&["a", "b,c", "d\r\ne", "f\"g"], &["", "", ""], &["", "x"]]);
    assert_eq!(records(text).unwrap(), want);
    // The same with LF line ends, and without the last line break.
    let lf = text.replace("\r\n", "\n");
    let lf = lf.trim_end_matches('\n');
    assert_eq!(
        records(lf).unwrap(),
        rows(&[&["a", "b,c", "d\ne", "f\"g"], &["", "", ""], &["", "x"]])
    );
    // In chunks of every size, the same records.
    for chunk in 1..=text.len() {
        assert_eq!(
            records_in_chunks(text.as_bytes(), chunk).unwrap(),
            want,
            "chunk {chunk}"
        );
    }
}

#[test]
fn blank_lines_bom_and_lenient_quotes() {
    // A blank line is one empty field; a byte order mark is skipped; a quote inside an
    // unquoted field, or after a closing quote, is an ordinary character.
    assert_eq!(
        records("\u{feff}id,v\n\nab\"c,\"q\"r\n").unwrap(),
        rows(&[&["id", "v"], &[""], &["ab\"c", "qr"]])
    );
    assert_eq!(records("").unwrap(), Vec::<Vec<String>>::new());
    assert_eq!(records("\n").unwrap(), rows(&[&[""]]));
}

#[test]
fn banners_only_when_asked() {
    let text = b"==PROF== \"saxpy\", 0\na,b\n";
    let mut plain = Vec::new();
    csv::read(std::str::from_utf8(text).unwrap(), |r| {
        plain.push((r.banner, r.len()));
        Ok::<(), Error>(())
    })
    .unwrap();
    assert_eq!(plain, [(false, 2), (false, 2)]);
    let mut banners = Vec::new();
    let mut s = Splitter::with_banners();
    let mut f = |r: &csv::Record<'_>| {
        banners.push((r.banner, r.field(0).into_owned()));
        Ok::<(), Error>(())
    };
    s.feed(text, &mut f).unwrap();
    s.finish(&mut f).unwrap();
    assert_eq!(
        banners,
        [
            (true, "==PROF== \"saxpy\", 0".to_string()),
            (false, "a".to_string())
        ]
    );
}

#[test]
fn errors_name_the_record_line() {
    let e = records("a\nb,\"open\nstill open").unwrap_err();
    assert_eq!(
        e,
        Error {
            line: 2,
            message: csv::UNCLOSED_QUOTE
        }
    );
    assert_eq!(
        e.to_string(),
        "line 2: a quoted field is not closed before the end of the file"
    );
    // A record past the cap: the crate's words for a long line.
    let long = format!("x\n{}", "y".repeat(csv::MAX_RECORD_BYTES + 1));
    let e = records_in_chunks(long.as_bytes(), 4096).unwrap_err();
    assert_eq!(e.line, 2);
    assert_eq!(e.message, warpsight::analysis::LONG_LINE);
}

proptest! {
    /// Whatever the fields hold, written then read gives them back, whole or in chunks.
    #[test]
    fn written_records_read_back(
        records_in in prop::collection::vec(
            prop::collection::vec("[a,\"\r\n é]{0,6}", 1..5),
            0..6,
        ),
        chunk in 1usize..9,
    ) {
        let mut w = Writer::new();
        for r in &records_in {
            w.record(r);
        }
        let text = w.finish();
        prop_assert_eq!(&records(&text).unwrap(), &records_in);
        prop_assert_eq!(&records_in_chunks(text.as_bytes(), chunk).unwrap(), &records_in);
    }

    /// Any bytes split as whole lines in place (the splitter's plain-line path, taken when a
    /// chunk holds a whole line) give what the byte-wise path gives (one byte per chunk never
    /// holds a line but an empty one): the same records, line numbers, banners and errors.
    #[test]
    fn plain_lines_split_as_byte_by_byte(
        text in prop::collection::vec(prop::sample::select(b",\"\r\n=a ".to_vec()), 0..60),
    ) {
        let split = |chunk: usize| {
            let mut out = Vec::new();
            let mut s = Splitter::with_banners();
            let mut f = |r: &csv::Record<'_>| {
                let fields: Vec<Vec<u8>> = (0..r.len()).map(|i| r.bytes(i).to_vec()).collect();
                out.push((r.line, r.banner, fields));
                Ok::<(), Error>(())
            };
            let result = text
                .chunks(chunk)
                .try_for_each(|c| s.feed(c, &mut f))
                .and_then(|()| s.finish(&mut f));
            (out, result)
        };
        prop_assert_eq!(split(1), split(1 << 20));
    }
}

fn gtx295_plan() -> Vec<plan::Bench> {
    let limits = spmv::limits_of(devices::find("gtx295").expect("preset"))
        .expect("limits")
        .0;
    let x = spmv::Sizes {
        x0: [1.0, 512.0, 1024.0],
        x1: 4.0,
    };
    plan::plan(&limits, &x, 1 << 30, plan::Precision::Single).unwrap()
}

#[test]
fn the_plan_is_written_as_before_and_reads_back() {
    let p = gtx295_plan();
    // The plan's CSV as it was written before the CSV module: byte for byte.
    let mut old =
        String::from("id,kernel,strips,rows,columns,nnz_per_row,nnz,bytes,role,time_ms\n");
    for b in &p {
        old.push_str(&format!(
            "{},{},{},{},{},{},{},{},\"{}\",\n",
            b.id,
            b.kernel.id(),
            b.strips,
            b.rows,
            b.columns,
            b.p_nz,
            b.nnz(),
            b.bytes,
            b.role
        ));
    }
    let text = plan::plan_csv(&p);
    assert_eq!(text, old);
    // Read back: every role whole, commas and all, and the time column empty.
    let got = records(&text).unwrap();
    assert_eq!(got.len(), p.len() + 1);
    for (b, r) in p.iter().zip(&got[1..]) {
        assert_eq!(r.len(), 10);
        assert_eq!(
            (r[0].as_str(), r[8].as_str(), r[9].as_str()),
            (b.id, b.role, "")
        );
    }
}

#[test]
fn the_plan_reader_takes_quotes_doubled_and_line_breaks_in_fields() {
    // A spreadsheet's save: CRLF, a byte order mark, a role with `""` and a line break in it,
    // a quoted id and time.
    let text = "\u{feff}id,kernel,role,time_ms\r\n\
                csr-m0,csr,\"M0: \"\"C1\"\" (LT),\r\nand C2\",0.081\r\n\
                \"coo-1\",coo,\"C (COO); T1\",\"81 µs\"\r\n\
                ell-b,ell,\"say \"\"\"\"\",\r\n";
    assert_eq!(
        plan::parse_times(text).unwrap(),
        vec![("csr-m0".to_string(), 0.081), ("coo-1".to_string(), 0.081)]
    );
    // A bad time after a two-line field names the line its record starts on.
    let bad = "id,role,time_ms\n\"a\nb\",x,\ncsr-m0,\"r\"\"\",fast\n";
    assert_eq!(
        plan::parse_times(bad).unwrap_err(),
        "line 4: the time of csr-m0 must be a time above 0, in ms (0.081) or with its unit (81 µs, 0.081 ms, 8.1e-5 s), not “fast”"
    );
    // A quote left open is said, with its line.
    assert_eq!(
        plan::parse_times("id,time_ms\ncsr-m0,\"0.081\n").unwrap_err(),
        "line 2: a quoted field is not closed before the end of the file"
    );
}

#[test]
fn chart_downloads_quote_their_headers_only() {
    let series = |name: &str, class| Series {
        name: name.into(),
        class,
        points: vec![(1.0, Some(0.5)), (2.0, None)],
        line: true,
        dots: false,
    };
    let d = ChartData {
        series: vec![series("time, \"best\"", "s0"), series("other", "s1")],
        band: vec![(1.0, 0.25, 0.75)],
        y_unit: "ms",
        ..ChartData::default()
    };
    assert_eq!(
        d.to_csv("x, the label"),
        "\"x, the label\",\"time, \"\"best\"\" (ms)\",other (ms),min (ms),max (ms)\n\
         1,0.5,0.5,0.25,0.75\n\
         2,,,,\n"
    );
    assert_eq!(
        ChartData::default().to_csv("x"),
        "x\n",
        "no series: the header only"
    );
}
