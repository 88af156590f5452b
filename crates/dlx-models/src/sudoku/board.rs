//! The digits each unit of a grid holds, and the presolve that fills forced cells before the encoding.

use super::{find_clash, Clash, Grid, Variant};

/// The digits each unit already holds, one bit a digit, over a grid being filled.
pub(super) struct Board {
    pub(super) n: usize,
    pub(super) diagonal: bool,
    pub(super) full: u64,
    pub(super) cells: Vec<u8>,
    /// The row, column and box of every cell, and bit 0/1 set when it lies
    /// on the main/anti-diagonal of a diagonal sudoku (no division in the loops).
    pub(super) place_of: Vec<[u8; 4]>,
    /// Cell indices of every unit: rows, columns, boxes, then diagonals.
    units: Vec<u16>,
    pub(super) row_used: Vec<u64>,
    pub(super) col_used: Vec<u64>,
    pub(super) box_used: Vec<u64>,
    pub(super) diag_used: [u64; 2],
    /// After [`Board::presolve`], the candidates it left for every blank
    /// (empty before): a subset of [`Board::candidates`].
    pub(super) cand: Vec<u64>,
}

impl Board {
    /// The board of a grid's givens, or the first clash among them.
    pub(super) fn new(grid: &Grid, variant: Variant) -> Result<Board, Clash> {
        let shape = grid.shape();
        let n = shape.size();
        let diagonal = variant == Variant::Diagonal;
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let mut place_of = Vec::with_capacity(n * n);
        let n_units = if diagonal { 3 * n + 2 } else { 3 * n };
        let mut units = vec![0u16; n_units * n];
        let mut box_fill = vec![0usize; n];
        for r in 0..n {
            for c in 0..n {
                let b = (r / br) * br + c / bc;
                let index = r * n + c;
                let mut diag = 0u8;
                if diagonal && r == c {
                    diag |= 1;
                    units[3 * n * n + r] = index as u16;
                }
                if diagonal && r + c == n - 1 {
                    diag |= 2;
                    units[(3 * n + 1) * n + r] = index as u16;
                }
                place_of.push([r as u8, c as u8, b as u8, diag]);
                units[r * n + c] = index as u16;
                units[(n + c) * n + r] = index as u16;
                units[(2 * n + b) * n + box_fill[b]] = index as u16;
                box_fill[b] += 1;
            }
        }
        let mut board = Board {
            n,
            diagonal,
            full: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            cells: vec![0; n * n],
            place_of,
            units,
            row_used: vec![0; n],
            col_used: vec![0; n],
            box_used: vec![0; n],
            diag_used: [0; 2],
            cand: Vec::new(),
        };
        let mut clash = false;
        for (index, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                clash |= board.candidates(index) & (1u64 << (v - 1)) == 0;
                board.place(index, v);
            }
        }
        if clash {
            if let Some(clash) = find_clash(grid, variant) {
                return Err(clash);
            }
        }
        Ok(board)
    }

    /// The digits no filled cell rules out for cell `index` (blank or not).
    #[inline]
    pub(super) fn candidates(&self, index: usize) -> u64 {
        let [r, c, b, diag] = self.place_of[index];
        let mut used = self.row_used[usize::from(r)]
            | self.col_used[usize::from(c)]
            | self.box_used[usize::from(b)];
        if diag != 0 {
            if diag & 1 != 0 {
                used |= self.diag_used[0];
            }
            if diag & 2 != 0 {
                used |= self.diag_used[1];
            }
        }
        self.full & !used
    }

    /// Writes a digit into a cell and marks it used in the cell's units.
    #[inline]
    fn place(&mut self, index: usize, digit: u8) {
        let [r, c, b, diag] = self.place_of[index];
        let bit = 1u64 << (digit - 1);
        self.cells[index] = digit;
        self.row_used[usize::from(r)] |= bit;
        self.col_used[usize::from(c)] |= bit;
        self.box_used[usize::from(b)] |= bit;
        if diag & 1 != 0 {
            self.diag_used[0] |= bit;
        }
        if diag & 2 != 0 {
            self.diag_used[1] |= bit;
        }
    }

    /// The digits a unit already holds.
    fn unit_used(&self, unit: usize) -> u64 {
        let n = self.n;
        match unit / n {
            0 => self.row_used[unit],
            1 => self.col_used[unit - n],
            2 => self.box_used[unit - 2 * n],
            _ if unit == 3 * n => self.diag_used[0],
            _ => self.diag_used[1],
        }
    }

    /// Fills forced cells until none is left: a blank with one candidate
    /// (naked single), or a digit with one place in a unit (hidden single).
    /// Stops early at a contradiction (a blank with no candidate, a digit with
    /// no place), which the encoding then shows as an item with no option.
    ///
    /// Between rounds, locked candidates ("pointing") strike more: when a
    /// digit's places in a box all lie in one row (or column), the rest of
    /// that row (column) cannot hold it. The candidates left are kept for the
    /// encoding, which makes no option of a struck one.
    pub(super) fn presolve(&mut self) {
        let mut cand = Vec::new();
        self.presolve_into(&mut cand);
        self.cand = cand;
    }

    fn presolve_into(&mut self, cand: &mut Vec<u64>) {
        let n = self.n;
        let n_units = self.units.len() / n;
        // The candidates of every blank (0 for a filled cell), kept up to date
        // as cells are filled, and a stack of blanks left with one candidate.
        *cand = (0..self.cells.len())
            .map(|i| {
                if self.cells[i] == 0 {
                    self.candidates(i)
                } else {
                    0
                }
            })
            .collect();
        let mut singles = Vec::new();
        for (index, &c) in cand.iter().enumerate() {
            if self.cells[index] == 0 {
                if c == 0 {
                    return;
                }
                if c & (c - 1) == 0 {
                    singles.push(index);
                }
            }
        }
        loop {
            while let Some(index) = singles.pop() {
                let c = cand[index];
                if self.cells[index] != 0 {
                    continue;
                }
                if c == 0 || !self.assign(index, c, cand, &mut singles) {
                    return;
                }
            }
            let mut progress = false;
            for unit in 0..n_units {
                let cells = &self.units[unit * n..(unit + 1) * n];
                let (mut once, mut twice) = (0u64, 0u64);
                for &index in cells {
                    let c = cand[usize::from(index)];
                    twice |= once & c;
                    once |= c;
                }
                if (once | self.unit_used(unit)) != self.full {
                    return;
                }
                let mut hidden = once & !twice;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let found = self.units[unit * n..(unit + 1) * n]
                        .iter()
                        .map(|&i| usize::from(i))
                        .find(|&i| cand[i] & bit != 0);
                    if let Some(index) = found {
                        if !self.assign(index, bit, cand, &mut singles) {
                            return;
                        }
                        progress = true;
                    }
                }
            }
            if progress || !singles.is_empty() {
                continue;
            }
            match self.pointing(cand, &mut singles) {
                Some(true) => {}
                Some(false) | None => return,
            }
        }
    }

    /// Locked candidates in boxes; `Some(true)` when a candidate was struck,
    /// `None` at a contradiction.
    fn pointing(&self, cand: &mut [u64], singles: &mut Vec<usize>) -> Option<bool> {
        let n = self.n;
        let mut struck = false;
        // The rows and the columns where each digit can go in the box, in one
        // pass over the box's cells.
        let (mut rows, mut cols) = ([0u64; 64], [0u64; 64]);
        for b in 0..n {
            let box_cells = &self.units[(2 * n + b) * n..(2 * n + b + 1) * n];
            rows[..n].fill(0);
            cols[..n].fill(0);
            for &i in box_cells {
                let [r, c, _, _] = self.place_of[usize::from(i)];
                let mut digits = cand[usize::from(i)];
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    rows[d] |= 1 << r;
                    cols[d] |= 1 << c;
                }
            }
            for d in 0..n {
                let bit = 1u64 << d;
                for (lines, unit_base) in [(rows[d], 0), (cols[d], n)] {
                    // No place, or places on more than one line: nothing to strike.
                    if lines == 0 || lines & (lines - 1) != 0 {
                        continue;
                    }
                    let unit = unit_base + lines.trailing_zeros() as usize;
                    for &j in &self.units[unit * n..(unit + 1) * n] {
                        let j = usize::from(j);
                        if usize::from(self.place_of[j][2]) != b && cand[j] & bit != 0 {
                            let after = cand[j] & !bit;
                            cand[j] = after;
                            if after == 0 {
                                return None;
                            }
                            if after & (after - 1) == 0 {
                                singles.push(j);
                            }
                            struck = true;
                        }
                    }
                }
            }
        }
        Some(struck)
    }

    /// Fills a blank with the digit of `bit` and strikes it from the
    /// candidates of the blanks that share a unit; `false` at a contradiction.
    fn assign(
        &mut self,
        index: usize,
        bit: u64,
        cand: &mut [u64],
        singles: &mut Vec<usize>,
    ) -> bool {
        let n = self.n;
        self.place(index, bit.trailing_zeros() as u8 + 1);
        cand[index] = 0;
        let [r, c, b, diag] = self.place_of[index];
        let mut units = [
            usize::from(r),
            n + usize::from(c),
            2 * n + usize::from(b),
            0,
            0,
        ];
        let mut n_units = 3;
        if diag & 1 != 0 {
            units[n_units] = 3 * n;
            n_units += 1;
        }
        if diag & 2 != 0 {
            units[n_units] = 3 * n + 1;
            n_units += 1;
        }
        for &unit in &units[..n_units] {
            for &peer in &self.units[unit * n..(unit + 1) * n] {
                let peer = usize::from(peer);
                let before = cand[peer];
                if before & bit != 0 {
                    let after = before & !bit;
                    cand[peer] = after;
                    if after == 0 {
                        return false;
                    }
                    if after & (after - 1) == 0 {
                        singles.push(peer);
                    }
                }
            }
        }
        true
    }
}
