//! The field kinds the last two models need, declared as data and proven here on a small model
//! of the test's own: a list of devices (`devices=i5-2400,k20x`), a tuple (`e_tar_ell=slope,
//! intercept`: one row of two numbers, `,` between them) and an optional number (`nnz`).

use warpsight::devices;
use warpsight::link::{to_query, ShareState};
use warpsight::model::{
    nothing_to_complete, out, Column, Detail, DeviceKinds, Devices, Evaluation, Field, InputError,
    Kind, Model, Out, OutputSpec, Params, Scope, Value,
};

const LINE: &[Column] = &[
    Column {
        name: "slope",
        unit: "ms",
        min: -1e6,
        max: 1e6,
        integer: false,
    },
    Column {
        name: "intercept",
        unit: "ms",
        min: -1e6,
        max: 1e6,
        integer: false,
    },
];

static FIELDS: &[Field] = &[
    Field::devices("devices", "Devices", 1, 5, &["i5-2400", "k20x"]),
    Field::tuple(
        "e_tar_ell",
        "E_Tar_ELL",
        "ELL time line",
        LINE,
        &[0.011, 0.062],
    ),
    Field::number("nnz", "NNZ", "Non-zeros", "", 1.0, 1e12, true, 0.0).optional(),
];

const KINDS: [&str; 2] = ["csr", "ell"];
static OUTPUTS: &[OutputSpec] = &[out("t_ms", "T", "Eq. 1", "ms").per(&KINDS).per_device()];

/// t_ms(kind, device) = slope · (device's SMs or cores) + intercept, + nnz if given.
fn evaluate(p: &Params, device: &'static devices::Device) -> Result<Evaluation, InputError> {
    let list = p.devices("devices", device)?;
    let Some(Value::Tuple(line)) = p.get("e_tar_ell") else {
        unreachable!("checked")
    };
    let extra = p.num("nnz").unwrap_or(0.0);
    let mut cells = Vec::new();
    for k in 0..KINDS.len() {
        for d in &list {
            cells.push(warpsight::model::Cell::Num(
                line[0] * (d.sms.value as f64) * (k + 1) as f64 + line[1] + extra,
            ));
        }
    }
    Ok(Evaluation {
        inputs: p.values().to_vec(),
        derived: Vec::new(),
        outputs: vec![Out::grid(list.iter().map(|d| d.id).collect(), cells)],
        occupancy: None,
        notes: Vec::new(),
        extra: Default::default(),
        detail: Detail::default(),
    })
}

static TEST_MODEL: Model = Model {
    id: "shapes",
    title: "Shapes",
    citation: "",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: &[],
    examples: &[],
    devices: Devices::Listed(DeviceKinds::Any),
    default_device: "k20x",
    sweep: None,
    aliases: &[],
    glossary: &[],
    scope: Scope {
        newest_cc: (3, 5),
        paper_gpus: "",
        leaves_out: "",
    },
    validated: false,
    derive: warpsight::model::derives_nothing,
    evaluate,
    complete: nothing_to_complete,
};

#[test]
fn a_tuple_is_one_row_of_numbers_written_with_commas() {
    let f = &FIELDS[1];
    assert_eq!(f.parse("0.011,0.062"), Ok(Value::Tuple(vec![0.011, 0.062])));
    assert_eq!(f.parse(" 2, -3 "), Ok(Value::Tuple(vec![2.0, -3.0])));
    assert_eq!(f.text(&Value::Tuple(vec![0.011, 0.062])), "0.011,0.062");
    let err = f.parse("1").expect_err("one number");
    assert_eq!(err.field, "e_tar_ell");
    assert!(err.message.contains("`slope,intercept`"), "{}", err.message);
    assert!(f.parse("1,2,3").is_err());
    assert!(f.parse("1,abc").is_err());
    assert!(f.parse("").is_err(), "not optional");
}

#[test]
fn a_device_list_holds_ids_once_each_and_the_model_checks_them() {
    let f = &FIELDS[0];
    assert_eq!(f.kind, Kind::Devices { min: 1, max: 5 });
    assert_eq!(
        f.parse("i5-2400, K20X"),
        Ok(Value::Devices(vec!["i5-2400".into(), "k20x".into()]))
    );
    assert!(f.parse("k20x,k20x").is_err(), "twice");
    assert!(f.parse("").is_err(), "at least one");
    assert!(f.parse("a,b,c,d,e,f").is_err(), "at most five");
    assert!(f.parse("<b>").is_err(), "not an id");

    let d = devices::find("k20x").expect("preset");
    let mut p = Params::defaults(&TEST_MODEL, d);
    let list = p.devices("devices", d).expect("presets");
    assert_eq!(
        list.iter().map(|d| d.id).collect::<Vec<_>>(),
        ["i5-2400", "k20x"]
    );
    p.set("devices", f.parse("k20x,nope").expect("syntax"));
    let err = (TEST_MODEL.evaluate)(&p, d).expect_err("unknown id");
    assert_eq!(err.field, "devices");
    assert!(err
        .message
        .starts_with("“nope” is not a device this model takes; valid: "));
    assert!(err.message.contains("i5-2400") && err.message.contains("h100"));
}

#[test]
fn an_optional_number_may_be_empty_and_a_link_leaves_it_out() {
    let f = &FIELDS[2];
    assert_eq!(f.parse(""), Ok(Value::Absent));
    assert_eq!(f.parse("  "), Ok(Value::Absent));
    assert_eq!(f.parse("1000"), Ok(Value::Num(1000.0)));
    assert!(f.parse("auto").is_err());
    assert!(f.range_text().ends_with(", or empty"), "{}", f.range_text());
    assert_eq!(f.text(&Value::Absent), "");

    let d = devices::find("k20x").expect("preset");
    let state = ShareState {
        model: &TEST_MODEL,
        device: d,
        params: Params::defaults(&TEST_MODEL, d),
        sweep: None,
        embed: false,
        measured: None,
    };
    // No single device (the list names them), no empty nnz; the tuple keeps its comma.
    assert_eq!(
        to_query(&state),
        "v=1&model=shapes&devices=i5-2400,k20x&e_tar_ell=0.011,0.062"
    );
    let mut p = state.params.clone();
    p.set("nnz", Value::Num(5.0));
    let e = (TEST_MODEL.evaluate)(&p, d).expect("valid");
    let i5 = devices::find("i5-2400").expect("preset");
    // slope · SMs · (kind + 1) + intercept + nnz, per kind × device.
    assert_eq!(
        e.number(&TEST_MODEL, "t_ms_ell.i5-2400"),
        Some(0.011 * i5.sms.value as f64 * 2.0 + 0.062 + 5.0)
    );
    assert_eq!(
        e.number(&TEST_MODEL, "t_ms_csr.k20x"),
        Some(0.011 * d.sms.value as f64 + 0.062 + 5.0)
    );
    assert!(e.outputs[0].fits(&OUTPUTS[0]));
    let doc = warpsight::report::evaluation_json(&state, &e);
    assert_eq!(
        doc["outputs"]["t_ms_csr"]["k20x"].as_f64(),
        Some(0.011 * d.sms.value as f64 + 0.062 + 5.0)
    );
    assert_eq!(doc["inputs"]["nnz"].as_f64(), Some(5.0));
    assert_eq!(
        doc["inputs"]["devices"],
        serde_json::json!(["i5-2400", "k20x"])
    );
}

#[test]
fn a_decimal_comma_gets_a_hint_and_auto_takes_any_case() {
    let f = Field::number("freq_ghz", "Freq", "Clock", "GHz", 0.01, 10.0, false, 1.0);
    let e = f.parse("1,5").expect_err("a comma is not a decimal point");
    assert_eq!(
        e.message,
        "must be a number from 0.01 to 10; write decimals with a point (1.5)"
    );
    // Digit grouping is not a decimal comma: no hint.
    let big = Field::number("blocks", "", "Blocks", "", 1.0, 1e7, true, 1.0);
    assert_eq!(big.parse("2,048"), Ok(Value::Num(2048.0)));
    assert_eq!(
        big.parse("2,0488").expect_err("bad grouping").message,
        "must be a whole number from 1 to 10,000,000; write decimals with a point (2.0488)"
    );
    let auto = Field::number("active_sms", "", "Active SMs", "", 1.0, 1e3, true, 1.0).auto();
    assert_eq!(auto.parse("Auto"), Ok(Value::Auto));
    assert_eq!(auto.parse(" AUTO "), Ok(Value::Auto));
}

#[test]
fn a_bad_row_names_its_row_and_column_and_blank_rows_are_skipped() {
    let periods = warpsight::registry::find("luo-suda")
        .and_then(|m| m.field("periods"))
        .expect("periods");
    // A row just added in the form (blank) does not count and is not an error.
    assert_eq!(
        periods.parse("136:400,:"),
        Ok(Value::Rows(vec![vec![136.0, 400.0]]))
    );
    let e = periods.parse("136:400,87:abc").expect_err("a bad cell");
    assert_eq!(e.field, "periods");
    assert!(
        e.message
            .starts_with("row 2, m: must be a number from 0 to "),
        "{}",
        e.message
    );
    let e = periods.parse("136:400,87").expect_err("half a row");
    assert_eq!(e.message, "row 2 must have 2 numbers (c and m), not 1");
    let e = periods.parse("").expect_err("no rows");
    assert_eq!(e.message, "needs at least 1 row");
}

#[test]
fn runs_are_levels_written_with_repeats() {
    use warpsight::field::Field;
    const W: Field = Field::runs(
        "w",
        "w_i",
        "Work per level",
        0.0,
        1e12,
        1000,
        &[(5000.0, 3), (12.0, 1)],
    );
    assert_eq!(
        W.parse("5000*3,12"),
        Ok(Value::Runs(vec![(5000.0, 3), (12.0, 1)]))
    );
    // Equal neighbours merge; spaces and newlines separate too.
    assert_eq!(
        W.parse("7 7\n7*2, 1"),
        Ok(Value::Runs(vec![(7.0, 4), (1.0, 1)]))
    );
    assert_eq!(W.text(&W.default.value()), "5000*3,12");
    assert_eq!(W.text(&Value::Runs(vec![(1.5e9, 1)])), "1500000000");
    for bad in ["", "5000*0", "5000*x", "-1", "2.5", "1*1001", "abc"] {
        let e = W.parse(bad).expect_err(bad);
        assert_eq!(e.field, "w");
        assert_eq!(
            e.message,
            "must be whole numbers from 0 to 1,000,000,000,000 separated by commas, `w*k` for k equal levels (1 to 1,000 levels)",
            "{bad}"
        );
    }
    assert!(W.parse("1*1000").is_ok());
}

/// `warpsight::number::parse` reads what `str::parse::<f64>` reads, to the bit, and refuses
/// what it refuses (but "inf" and "nan", which no field takes).
#[test]
fn numbers_read_as_the_standard_library_reads_them() {
    use proptest::prelude::*;
    use warpsight::number::parse;
    for t in [
        "0",
        "-0",
        "1",
        "0.1",
        "1.",
        ".5",
        "+2.5e-3",
        "1e22",
        "1e23",
        "123456789012345678",
        "1234567890123456789012",
        "9007199254740993",
        "0.30000000000000004",
        "5e-324",
        "1e308",
        "1e309",
        "2.2250738585072014e-308",
        "000123.4500",
        "1E5",
        "7e+0",
    ] {
        let ours = parse(t).map(f64::to_bits);
        assert_eq!(ours, t.parse::<f64>().ok().map(f64::to_bits), "{t}");
    }
    for t in [
        "", ".", "-", "e5", "1e", "1e+", "1.2.3", "1 ", " 1", "1_0", "0x10", "--1", "1e5.5", "inf",
        "nan",
    ] {
        assert_eq!(parse(t), None, "{t}");
    }
    proptest!(|(m in 0u64..u64::MAX, e in -40i32..40, digits in 0usize..22)| {
        let text = format!("{}e{e}", &m.to_string()[..digits.min(m.to_string().len()).max(1)]);
        prop_assert_eq!(parse(&text).map(f64::to_bits), text.parse::<f64>().ok().map(f64::to_bits), "{}", text);
    });
    proptest!(|(x in proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO)| {
        for text in [x.to_string(), format!("{x:e}"), format!("{x:.3}")] {
            prop_assert_eq!(parse(&text).map(f64::to_bits), text.parse::<f64>().ok().map(f64::to_bits), "{}", text);
        }
    });
}
