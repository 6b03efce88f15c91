//! The page and its workers share `warpsight::protocol`'s types: what one side writes, the
//! other reads back unchanged. Each message here crosses as the same postcard bytes the
//! browser posts (the e2e tests drive every kind of job there), built from real answers: a
//! matrix read, a generated trace, every PTX example analysed.

use warpsight::analysis::generators::Workload;
use warpsight::analysis::profile::TraceProfile;
use warpsight::analysis::MatrixReader;
use warpsight::model::ptx::{report, CostTable, EXAMPLES};
use warpsight::protocol::{Answer, Envelope, Progress, PtxRequest, Reply, Request};

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
    let bytes = postcard::to_allocvec(value).expect("written");
    postcard::from_bytes(&bytes).expect("read back")
}

#[test]
fn every_request_reads_back_as_written() {
    let requests = [
        Request::Matrix,
        Request::Measured {
            name: "ncu \"run\".csv".into(),
            device: Some("tpu-c2877".into()),
            on: Some("h100".into()),
            baseline: Some(1),
            export: Some("csv".into()),
        },
        Request::Trace {
            lines: vec![32, 64, 128],
        },
        Request::Generate {
            workload: "heat2d".into(),
            values: vec![256.0, 10.0],
            lines: vec![64],
        },
        Request::Ptx(PtxRequest {
            text: ".entry k() { ret; }".into(),
            trips: Some(vec![10, 1]),
            uncoalesced: vec![3],
            costs: CostTable::GTX260.to_flat(),
            kernel: Some("k".into()),
            memory: true,
        }),
        Request::Ptx(PtxRequest::default()),
        Request::PtxExample {
            id: "vecadd".into(),
        },
        Request::Report {
            query: "model=hong-kim&n=8".into(),
        },
        Request::FindDevices {
            query: "rtx 3060".into(),
            model: "hong-kim".into(),
        },
        Request::Devices {
            ids: vec!["tpu-c3682".into(), "a10g".into()],
        },
    ];
    let kinds: Vec<&str> = requests.iter().map(Request::kind).collect();
    assert_eq!(
        kinds,
        [
            "matrix",
            "measured",
            "trace",
            "generate",
            "ptx",
            "ptx",
            "ptx-example",
            "report",
            "find-devices",
            "devices"
        ]
    );
    for (seq, request) in requests.into_iter().enumerate() {
        let e = Envelope {
            seq: seq as u32 + 1,
            request,
        };
        assert_eq!(round_trip(&e), e);
    }
}

#[test]
fn real_answers_read_back_as_written() {
    // A 3 × 3 matrix with an empty row, read whole.
    let mut m = MatrixReader::new();
    m.feed(b"%%MatrixMarket matrix coordinate real general\n3 3 3\n1 1 1.0\n1 3 2.0\n3 2 -1\n")
        .expect("a valid file");
    let stats = m.finish().expect("a valid file");
    // Rows of 2, 0 and 1 entries: the mode of the non-empty ones is 1 (the smaller on a
    // tie), the longest 2.
    assert_eq!(
        (stats.nnz, stats.empty_rows, stats.p_nz_csr, stats.p_nz_ell),
        (3, 1, 1, 2)
    );
    let matrix = Answer::Matrix(stats);
    assert_eq!(round_trip(&matrix), matrix);

    // A generated Heat2D trace: histograms, the schedule's run-length text, W_vec's note.
    let w = Workload::from_spec("heat2d", &[16.0, 2.0]).expect("valid sizes");
    let g = w.generate_with(&[64, 128], &mut |_| {});
    let profile = TraceProfile::generated(w, &g);
    assert_eq!(profile.memory.len(), 2);
    assert!(profile.schedule.is_some() && profile.w_vec_note.is_some());
    let profile = Answer::Profile(profile);
    assert_eq!(round_trip(&profile), profile);

    // Every example kernel's report: loops, memory lines, the analysis with its MLP.
    for e in EXAMPLES {
        let mut r = report(e.ptx, None, &CostTable::GTX260, Some(&[]), &[]);
        assert!(r.analysis.is_some(), "{}", e.id);
        let sent = Answer::Ptx(r.clone());
        // The counts by space travel as the sentence the page shows; the list is the
        // command line's only (not sent).
        let by_space = std::mem::take(&mut r.analysis.as_mut().unwrap().by_space);
        assert!(!by_space.is_empty(), "{}", e.id);
        assert_eq!(round_trip(&sent), Answer::Ptx(r), "{}", e.id);
    }

    // A search's hits: their HTML and each device's card, every value with its source.
    let found = warpsight::devices::catalogue::find_devices("a10", |_| true, 12);
    let devices = Answer::Devices {
        html: warpsight::devices::catalogue::hits_html(&found, "a10"),
        cards: warpsight::devices::catalogue::cards(&found),
    };
    assert_eq!(round_trip(&devices), devices);
}

#[test]
fn progress_says_how_far_a_job_is() {
    // A matrix: entries read of those its size line declares.
    let matrix = Progress {
        entries: 250.0,
        declared: 1000.0,
        bytes: 9e6,
        total: Some(1e7),
        ..Progress::default()
    };
    assert_eq!(matrix.done(), Some(0.25));
    // A plain file: bytes of its size; a compressed one has no size, a generator its own.
    let file = Progress {
        bytes: 3e6,
        total: Some(4e6),
        ..Progress::default()
    };
    assert_eq!(file.done(), Some(0.75));
    let gz = Progress {
        bytes: 3e6,
        ..Progress::default()
    };
    assert_eq!(gz.done(), None);
    let generator = Progress {
        fraction: Some(0.5),
        ..Progress::default()
    };
    assert_eq!(generator.done(), Some(0.5));
    for p in [matrix, file, gz, generator] {
        let r = Reply::Progress(p);
        assert_eq!(round_trip(&r), r);
    }
    for r in [
        Reply::Ready,
        Reply::Failed {
            seq: 7,
            message: "line 3: expected two numbers".into(),
        },
        Reply::Done {
            seq: 2,
            answer: Answer::PtxText("ret;".into()),
        },
    ] {
        assert_eq!(round_trip(&r), r);
    }
}

#[test]
fn the_bytes_are_postcards_and_a_stranger_is_refused() {
    // Ready is the reply enum's variant 0: one byte (the e2e tests' stand-in workers post it).
    assert_eq!(postcard::to_allocvec(&Reply::Ready).unwrap(), [0]);
    // A request: seq 3 as a varint, then Request::PtxExample (variant 5) and its id's length
    // and bytes.
    let e = Envelope {
        seq: 3,
        request: Request::PtxExample { id: "ab".into() },
    };
    assert_eq!(postcard::to_allocvec(&e).unwrap(), [3, 5, 2, b'a', b'b']);
    // Truncated or unknown bytes are an error, never a panic.
    assert!(postcard::from_bytes::<Envelope>(&[3, 5, 9, b'a']).is_err());
    assert!(postcard::from_bytes::<Reply>(&[200]).is_err());
    assert!(postcard::from_bytes::<Reply>(&[]).is_err());
}
