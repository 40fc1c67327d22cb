//! Fixtures for scoresheet tests: a game's moves from UCI, a sheet written with texts, a case of
//! diverging boards. Built for this crate's tests and, with the `fixtures` feature, for the
//! server crate's tests of the sheet's words (`words::sheet`); never in a release build.

use shakmaty::{Board, ByColor, Chess, Color, Move, Position};

use super::reconcile::Case;
use super::{ClockRecord, Numbering, Scoresheet, Writing, position_at};
use crate::announce::Lang;

/// A game's moves from their UCI notation, played from the initial position.
pub fn uci_moves(ucis: &[&str]) -> Vec<Move> {
    let mut pos = Chess::default();
    ucis.iter()
        .map(|u| {
            let m = u
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
            m
        })
        .collect()
}

/// A scoresheet of `owner` in `lang` with one text per ply.
pub fn sheet(owner: Color, lang: Lang, texts: &[&str]) -> Scoresheet {
    let mut s = Scoresheet::new(owner, lang);
    for (ply, t) in texts.iter().enumerate() {
        s.write(Numbering::INITIAL.slot(ply), Writing::text(*t, ply as u64))
            .unwrap();
    }
    s
}

/// A case of diverging boards: the official moves, two sheets, two boards and the clocks.
pub struct Fixture {
    pub start: Chess,
    pub official: Vec<Move>,
    pub clocks: Vec<ClockRecord>,
    pub sheets: ByColor<Scoresheet>,
    pub boards: ByColor<Board>,
}

impl Fixture {
    pub fn case(&self) -> Case<'_> {
        Case {
            start: &self.start,
            official: &self.official,
            clocks: &self.clocks,
            sheets: ByColor {
                white: &self.sheets.white,
                black: &self.sheets.black,
            },
            boards: ByColor {
                white: &self.boards.white,
                black: &self.boards.black,
            },
        }
    }
}

pub fn fixture(white: &[&str], black: &[&str], official: &[&str]) -> Fixture {
    let official = uci_moves(official);
    let start = Chess::default();
    let end = position_at(&start, &official, official.len());
    let clocks = (0..=official.len())
        .map(|ply| ClockRecord {
            ply,
            white_ms: 600_000 - ply as u64 * 1000,
            black_ms: 600_000 - ply as u64 * 2000,
        })
        .collect();
    Fixture {
        start,
        official,
        clocks,
        sheets: ByColor {
            white: sheet(Color::White, Lang::De, white),
            black: sheet(Color::Black, Lang::En, black),
        },
        boards: ByColor {
            white: end.board().clone(),
            black: end.board().clone(),
        },
    }
}
