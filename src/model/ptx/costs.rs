//! Instruction costs: the paper's Table 1 (GTX 260, GPU clocks) as data, a device's own
//! costs, and the price of one instruction.

use super::parsed::{Class, Instruction};

/// The ops Table 1 prices, in its row order.
pub const TABLE_1_OPS: [&str; 11] = [
    "add", "sub", "mul", "div", "neg", "min", "max", "and", "or", "xor", "not",
];

/// A column of Table 1: integer or float type, an immediate ("const") operand or registers only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Column {
    /// Integer type with an immediate operand.
    IntConst,
    /// Integer type, registers only.
    IntReg,
    /// Float type with an immediate operand.
    FloatConst,
    /// Float type, registers only.
    FloatReg,
}

impl Column {
    /// The column heading as Table 1 prints it (`"int_const"`).
    pub fn name(self) -> &'static str {
        match self {
            Column::IntConst => "int_const",
            Column::IntReg => "int_reg",
            Column::FloatConst => "float_const",
            Column::FloatReg => "float_reg",
        }
    }
}

/// One row of Table 1: an op's cost in each column (GPU clocks).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct OpCost {
    /// Integer type with an immediate operand.
    pub int_const: f64,
    /// Integer type, registers only.
    pub int_reg: f64,
    /// Float type with an immediate operand.
    pub float_const: f64,
    /// Float type, registers only.
    pub float_reg: f64,
}

impl OpCost {
    const fn new(int_const: f64, int_reg: f64, float_const: f64, float_reg: f64) -> OpCost {
        OpCost {
            int_const,
            int_reg,
            float_const,
            float_reg,
        }
    }

    /// The cost in `column`.
    pub fn get(&self, column: Column) -> f64 {
        match column {
            Column::IntConst => self.int_const,
            Column::IntReg => self.int_reg,
            Column::FloatConst => self.float_const,
            Column::FloatReg => self.float_reg,
        }
    }
}

/// Instruction costs in GPU clocks: Table 1's eleven ops, its `ld/st`, and `other`, the cost of
/// the computation instructions Table 1 does not list.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct CostTable {
    /// `add` row.
    pub add: OpCost,
    /// `sub` row.
    pub sub: OpCost,
    /// `mul` row (also prices `mad` and `fma`, except `mad.wide`).
    pub mul: OpCost,
    /// `div` row.
    pub div: OpCost,
    /// `neg` row.
    pub neg: OpCost,
    /// `min` row.
    pub min: OpCost,
    /// `max` row.
    pub max: OpCost,
    /// `and` row.
    pub and: OpCost,
    /// `or` row.
    pub or: OpCost,
    /// `xor` row.
    pub xor: OpCost,
    /// `not` row.
    pub not: OpCost,
    /// One memory access task instruction (a global/local/generic/texture load or store).
    pub ld_st: f64,
    /// Any other computation: `mov`, `cvt`, `cvta`, `setp`, `selp`, `shl`, `shr`, `mad.wide`,
    /// `rcp`, `sqrt`, `ex2`, …, shared/param/const loads and stores, and barriers.
    pub other: f64,
}

impl CostTable {
    /// Table 1 of the paper (GTX 260, GPU clocks). `other` = 22, the cheapest Table 1 cell, is
    /// our assumption: the paper prices only the ops it lists.
    pub const GTX260: CostTable = CostTable {
        add: OpCost::new(22.0, 65.0, 22.0, 65.0),
        sub: OpCost::new(22.0, 65.0, 22.0, 65.0),
        mul: OpCost::new(44.0, 136.0, 22.0, 65.0),
        div: OpCost::new(728.0, 753.0, 748.0, 783.0),
        neg: OpCost::new(22.0, 22.0, 17.0, 17.0),
        min: OpCost::new(62.0, 62.0, 62.0, 62.0),
        max: OpCost::new(62.0, 62.0, 62.0, 62.0),
        and: OpCost::new(64.0, 64.0, 64.0, 64.0),
        or: OpCost::new(62.0, 62.0, 62.0, 62.0),
        xor: OpCost::new(62.0, 62.0, 62.0, 62.0),
        not: OpCost::new(22.0, 22.0, 22.0, 22.0),
        ld_st: 200.0,
        other: 22.0,
    };

    /// The same cost in every cell of Table 1's classes but `mul` and `div` (a microbenchmark
    /// measures an op's latency, not Table 1's immediate and register columns apart):
    /// `alu` for add, sub, neg, min, max and the logic ops, `other` for what Table 1 lists not.
    const fn uniform(
        alu: f64,
        mul_int: f64,
        mul_float: f64,
        div_int: f64,
        div_float: f64,
    ) -> CostTable {
        let same = OpCost::new(alu, alu, alu, alu);
        CostTable {
            add: same,
            sub: same,
            mul: OpCost::new(mul_int, mul_int, mul_float, mul_float),
            div: OpCost::new(div_int, div_int, div_float, div_float),
            neg: same,
            min: same,
            max: same,
            and: same,
            or: same,
            xor: same,
            not: same,
            ld_st: 200.0,
            other: alu,
        }
    }

    /// Table 1's classes on a compute capability, from published latency microbenchmarks
    /// (docs/devices.md, "Instruction costs"), with the source in words; `None` on CC 1.x,
    /// whose costs are the paper's own (the GTX 260's Table 1). Each op's dependent-issue
    /// latency fills both its immediate and its register column; `neg`, `sub`, `or` and `xor`,
    /// which the sources group with `add` and `and`, take their group's. `ld_st` is the
    /// device's memory latency, set by [`CostTable::for_device`].
    pub fn of_architecture(cc: (u8, u8)) -> Option<(CostTable, &'static str)> {
        const ARAFA: &str = "measured by Arafa et al., \"Low Overhead Instruction Latency Characterization for NVIDIA GPGPUs\", IEEE HPEC 2019, Table IV (PTX, -O3)";
        Some(match cc {
            (1, _) => return None,
            (2, _) => (
                CostTable { ld_st: 200.0, ..CostTable::GTX260 },
                "assumed as the GTX 260's Table 1 (Luo & Suda): no published per-op table for Fermi, whose SM runs at a hot clock as the GT200's does",
            ),
            (3, _) => (CostTable::uniform(9.0, 9.0, 9.0, 149.0, 418.0), ARAFA),
            (5, _) => (CostTable::uniform(6.0, 13.0, 6.0, 150.0, 450.0), ARAFA),
            (6, _) => (CostTable::uniform(6.0, 13.0, 6.0, 153.0, 408.0), ARAFA),
            (7, 0) | (7, 2) => (CostTable::uniform(4.0, 4.0, 4.0, 127.0, 201.0), ARAFA),
            (7, _) => (CostTable::uniform(4.0, 4.0, 4.0, 119.0, 227.0), ARAFA),
            (8, 0) => (
                CostTable::uniform(4.0, 3.0, 4.0, 66.0, 525.0),
                "measured by Abdelkhalik et al., \"Demystifying the Nvidia Ampere Architecture through Microbenchmarking\", 2022 (A100: add.u32 4, mul.lo.u32 3, mad.rn.f32 4 cycles dependent, Table II; div 66 and div.rn.f32 525, Table V); the other ops as add",
            ),
            _ => (
                CostTable::uniform(4.0, 4.0, 4.0, 66.0, 525.0),
                "measured by Jarmusch et al., \"Dissecting the NVIDIA Blackwell Architecture with Microbenchmarks\", 2025 (INT32 mad and FP32 fma take 4 cycles on an H100 and an RTX 5080); the other ops as add, and divides as the A100's (Abdelkhalik et al., 2022): no newer per-op table",
            ),
        })
    }

    /// The costs on a device: its record's own (the GTX 260's Table 1), else its compute
    /// capability's ([`CostTable::of_architecture`]) with `ld_st` its memory latency (Luo &
    /// Suda's `t_mem`, else Hong & Kim's Mem_LD), with the source in words.
    pub fn for_device(device: &crate::devices::Device) -> Option<(CostTable, String)> {
        if let Some(own) = CostTable::of_device(device) {
            return Some((own, "Luo & Suda, Table 1".to_string()));
        }
        let (mut table, source) = CostTable::of_architecture(device.compute_capability?.value)?;
        if let Some(lat) = device
            .constant("t_mem")
            .or_else(|| device.constant("mem_ld"))
        {
            table.ld_st = lat.value;
        }
        Some((table, source.to_string()))
    }

    /// The costs a device record carries (`ptx_<op>_<column>`, `ptx_ld_st`), or `None` when
    /// it carries none (every GPU but the GTX260: its costs must be typed in).
    pub fn of_device(device: &crate::devices::Device) -> Option<CostTable> {
        let get = |key: String| device.constant(&key).map(|c| c.value);
        let mut table = CostTable::GTX260;
        let mut found = false;
        for op in TABLE_1_OPS {
            let Some(row) = table.row_mut(op) else {
                continue;
            };
            for (col, slot) in [
                ("int_const", &mut row.int_const),
                ("int_reg", &mut row.int_reg),
                ("float_const", &mut row.float_const),
                ("float_reg", &mut row.float_reg),
            ] {
                if let Some(v) = get(format!("ptx_{op}_{col}")) {
                    *slot = v;
                    found = true;
                }
            }
        }
        if let Some(v) = get("ptx_ld_st".to_string()) {
            table.ld_st = v;
            found = true;
        }
        found.then_some(table)
    }

    /// The table as numbers: each of [`TABLE_1_OPS`]' four cells in [`Column`] order, then
    /// `ld_st` and `other` (how the page hands it to the analysis worker).
    pub fn to_flat(&self) -> Vec<f64> {
        let mut v = Vec::with_capacity(TABLE_1_OPS.len() * 4 + 2);
        for op in TABLE_1_OPS {
            if let Some(r) = self.op(op) {
                v.extend([r.int_const, r.int_reg, r.float_const, r.float_reg]);
            }
        }
        v.extend([self.ld_st, self.other]);
        v
    }

    /// The table [`CostTable::to_flat`] wrote; `None` unless every number is there and ≥ 0.
    pub fn from_flat(v: &[f64]) -> Option<CostTable> {
        if v.len() != TABLE_1_OPS.len() * 4 + 2 || v.iter().any(|x| !(*x >= 0.0 && x.is_finite())) {
            return None;
        }
        let mut t = CostTable::GTX260;
        for (k, op) in TABLE_1_OPS.iter().enumerate() {
            let r = t.row_mut(op)?;
            [r.int_const, r.int_reg, r.float_const, r.float_reg] =
                [v[4 * k], v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]];
        }
        let n = TABLE_1_OPS.len() * 4;
        (t.ld_st, t.other) = (v[n], v[n + 1]);
        Some(t)
    }

    /// The row of one of [`TABLE_1_OPS`], to change it.
    pub fn row_mut(&mut self, name: &str) -> Option<&mut OpCost> {
        Some(match name {
            "add" => &mut self.add,
            "sub" => &mut self.sub,
            "mul" => &mut self.mul,
            "div" => &mut self.div,
            "neg" => &mut self.neg,
            "min" => &mut self.min,
            "max" => &mut self.max,
            "and" => &mut self.and,
            "or" => &mut self.or,
            "xor" => &mut self.xor,
            "not" => &mut self.not,
            _ => return None,
        })
    }

    /// The row for one of [`TABLE_1_OPS`]; `None` for any other name.
    pub fn op(&self, name: &str) -> Option<OpCost> {
        let row = match name {
            "add" => self.add,
            "sub" => self.sub,
            "mul" => self.mul,
            "div" => self.div,
            "neg" => self.neg,
            "min" => self.min,
            "max" => self.max,
            "and" => self.and,
            "or" => self.or,
            "xor" => self.xor,
            "not" => self.not,
            _ => return None,
        };
        Some(row)
    }

    /// The cost of one execution of `ins`, in GPU clocks:
    /// - `bra`, `ret`, `exit`: 0 (they belong to no task);
    /// - a memory access task (global/local/texture/generic `ld`, `ldu`, `st`, `atom`, `red`):
    ///   `ld_st`;
    /// - a Table 1 op (see [`table_1_cell`]): its cell;
    /// - anything else (other computation, shared/param/const loads and stores, barriers):
    ///   `other`.
    pub fn cost(&self, ins: &Instruction) -> f64 {
        match &ins.class {
            Class::Branch | Class::Exit => 0.0,
            Class::Memory { .. } if ins.is_memory_task() => self.ld_st,
            Class::Memory { .. } | Class::Sync => self.other,
            Class::Compute => match table_1_cell(ins) {
                Some((op, column)) => self.op(op).map_or(self.other, |row| row.get(column)),
                None => self.other,
            },
        }
    }
}

/// The Table 1 row and column that price `ins`, or `None` when Table 1 does not list it.
/// The row is the opcode (`add sub mul div neg min max and or xor not`; `mad` and `fma` take
/// the `mul` row, except `mad.wide`). The column is float when a type modifier is a float type
/// (f16/f32/f64 and their x2/bf16 forms), otherwise int; const when any operand is an
/// immediate, otherwise reg.
pub fn table_1_cell(ins: &Instruction) -> Option<(&'static str, Column)> {
    if ins.class != Class::Compute {
        return None;
    }
    let op = match ins.opcode() {
        "mad" if ins.modifiers().any(|m| m == "wide") => return None,
        "mad" | "fma" => "mul",
        other => TABLE_1_OPS.iter().copied().find(|&op| op == other)?,
    };
    let column = match (ins.is_float(), ins.has_immediate()) {
        (false, true) => Column::IntConst,
        (false, false) => Column::IntReg,
        (true, true) => Column::FloatConst,
        (true, false) => Column::FloatReg,
    };
    Some((op, column))
}
