//! The custom device: a GPU whose every value the user types (compute capability, SMs, cores
//! per SM, clock, bandwidth), carried in the share link as `custom_*` keys. Model constants
//! such as Hong & Kim's Mem_LD are the models' own inputs, typed in the form as for any device.
//!
//! Records are `&'static` everywhere else, so each distinct custom record is allocated once
//! and kept (one small record per distinct set of values a session types).

use std::sync::{Mutex, OnceLock};

use super::{Constants, Device, DeviceKind, Source, Sourced};
use crate::field::{Choice, Field, InputError, Value};

/// The id `device=custom`.
pub const ID: &str = "custom";

/// The custom device's values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Custom {
    pub compute_capability: (u8, u8),
    pub sms: u32,
    pub cores_per_sm: u32,
    pub clock_ghz: f64,
    pub mem_bandwidth_gbs: f64,
}

const CCS: &[Choice] = &[
    Choice {
        id: "1.0",
        label: "1.0",
    },
    Choice {
        id: "1.1",
        label: "1.1",
    },
    Choice {
        id: "1.2",
        label: "1.2",
    },
    Choice {
        id: "1.3",
        label: "1.3",
    },
    Choice {
        id: "2.0",
        label: "2.0",
    },
    Choice {
        id: "2.1",
        label: "2.1",
    },
    Choice {
        id: "3.0",
        label: "3.0",
    },
    Choice {
        id: "3.2",
        label: "3.2",
    },
    Choice {
        id: "3.5",
        label: "3.5",
    },
    Choice {
        id: "3.7",
        label: "3.7",
    },
    Choice {
        id: "5.0",
        label: "5.0",
    },
    Choice {
        id: "5.2",
        label: "5.2",
    },
    Choice {
        id: "5.3",
        label: "5.3",
    },
    Choice {
        id: "6.0",
        label: "6.0",
    },
    Choice {
        id: "6.1",
        label: "6.1",
    },
    Choice {
        id: "6.2",
        label: "6.2",
    },
    Choice {
        id: "7.0",
        label: "7.0",
    },
    Choice {
        id: "7.2",
        label: "7.2",
    },
    Choice {
        id: "7.5",
        label: "7.5",
    },
    Choice {
        id: "8.0",
        label: "8.0",
    },
    Choice {
        id: "8.6",
        label: "8.6",
    },
    Choice {
        id: "8.7",
        label: "8.7",
    },
    Choice {
        id: "8.9",
        label: "8.9",
    },
    Choice {
        id: "9.0",
        label: "9.0",
    },
    Choice {
        id: "10.0",
        label: "10.0",
    },
    Choice {
        id: "12.0",
        label: "12.0",
    },
];

const GROUP: &str = "Custom device";

/// The custom device's values as fields: their link keys, ranges and text forms.
/// The device record's key a custom field sets (`custom_clock_ghz` → `clock_ghz`), for the
/// model fields that take their default from it.
pub fn device_key(field: &str) -> Option<&'static str> {
    match field {
        "custom_sms" => Some("sms"),
        "custom_cores_per_sm" => Some("cores_per_sm"),
        "custom_clock_ghz" => Some("clock_ghz"),
        "custom_bandwidth_gbs" => Some("mem_bandwidth_gbs"),
        _ => None,
    }
}

pub const FIELDS: &[Field] = &[
    Field::choice("custom_cc", "", "Compute capability", CCS, "8.6").group(GROUP),
    Field::number("custom_sms", "", "SMs", "SMs", 1.0, 1024.0, true, 82.0).group(GROUP),
    Field::number(
        "custom_cores_per_sm",
        "",
        "Cores per SM",
        "cores",
        1.0,
        1024.0,
        true,
        128.0,
    )
    .group(GROUP),
    Field::number(
        "custom_clock_ghz",
        "",
        "SM clock",
        "GHz",
        0.01,
        10.0,
        false,
        1.695,
    )
    .group(GROUP),
    Field::number(
        "custom_bandwidth_gbs",
        "",
        "Memory bandwidth",
        "GB/s",
        0.1,
        100_000.0,
        false,
        936.0,
    )
    .group(GROUP),
];

fn word(cc: (u8, u8)) -> &'static str {
    let text = format!("{}.{}", cc.0, cc.1);
    CCS.iter().find(|c| c.id == text).map_or("8.6", |c| c.id)
}

impl Custom {
    /// A custom device starting from a preset's values.
    pub fn of(d: &Device) -> Custom {
        Custom {
            compute_capability: d.compute_capability.map_or((8, 6), |c| c.value),
            sms: d.sms.value,
            cores_per_sm: d.cores_per_sm.value,
            clock_ghz: d.clock_ghz.value,
            mem_bandwidth_gbs: d.mem_bandwidth_gbs.value,
        }
    }

    /// Each value under its link key.
    pub fn values(&self) -> [Value; 5] {
        [
            Value::Word(word(self.compute_capability)),
            Value::Num(f64::from(self.sms)),
            Value::Num(f64::from(self.cores_per_sm)),
            Value::Num(self.clock_ghz),
            Value::Num(self.mem_bandwidth_gbs),
        ]
    }

    /// Sets a value by its link key from checked text; the error names the key and range.
    pub fn set(&mut self, key: &str, text: &str) -> Result<(), InputError> {
        let field = FIELDS
            .iter()
            .find(|f| f.name == key)
            .ok_or_else(|| InputError::new(key, "not a value of the custom device"))?;
        match (key, field.parse(text)?) {
            ("custom_cc", Value::Word(w)) => {
                let (a, b) = w.split_once('.').unwrap_or(("8", "6"));
                self.compute_capability = (a.parse().unwrap_or(8), b.parse().unwrap_or(6));
            }
            ("custom_sms", Value::Num(v)) => self.sms = v as u32,
            ("custom_cores_per_sm", Value::Num(v)) => self.cores_per_sm = v as u32,
            ("custom_clock_ghz", Value::Num(v)) => self.clock_ghz = v,
            ("custom_bandwidth_gbs", Value::Num(v)) => self.mem_bandwidth_gbs = v,
            _ => {}
        }
        Ok(())
    }

    /// The device record for these values (the same record for the same values).
    pub fn device(&self) -> &'static Device {
        type Key = ((u8, u8), u32, u32, u64, u64);
        // A list, not a map: one record per distinct set of values typed (a map's code costs the
        // page's bundle more than the scan).
        static RECORDS: OnceLock<Mutex<Vec<(Key, &'static Device)>>> = OnceLock::new();
        let key = (
            self.compute_capability,
            self.sms,
            self.cores_per_sm,
            self.clock_ghz.to_bits(),
            self.mem_bandwidth_gbs.to_bits(),
        );
        let make = || -> &'static Device {
            Box::leak(Box::new(Device {
                id: ID,
                name: "Custom device",
                kind: DeviceKind::Gpu,
                compute_capability: Some(yours(self.compute_capability)),
                sms: yours(self.sms),
                cores_per_sm: yours(self.cores_per_sm),
                clock_ghz: yours(self.clock_ghz),
                mem_bandwidth_gbs: yours(self.mem_bandwidth_gbs),
                constants: NO_CONSTANTS,
            }))
        };
        match RECORDS.get_or_init(Default::default).lock() {
            Ok(mut list) => match list.iter().find(|r| r.0 == key) {
                Some(r) => r.1,
                None => {
                    let d = make();
                    list.push((key, d));
                    d
                }
            },
            Err(_) => make(),
        }
    }
}

const NO_CONSTANTS: &[Constants] = &[];

const fn yours<T>(value: T) -> Sourced<T> {
    Sourced {
        value,
        source: Source::User("your value"),
    }
}

/// The custom values of a device record (`None` for a preset).
pub fn of_record(d: &Device) -> Option<Custom> {
    (d.id == ID).then(|| Custom::of(d))
}
