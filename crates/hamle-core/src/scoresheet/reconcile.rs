//! Diverging boards, put right from the two scoresheets (F8 / D.2.9).
//!
//! - [`diff`]: two boards compared square by square.
//! - [`instructions`]: the physical steps that turn one board into another, in an order a
//!   board with securing holes allows (a square is free before a piece goes on it), moving a
//!   piece rather than removing and adding one.
//! - [`BoardWatch`]: follows a player's board edits until his board equals the target.
//! - [`reconcile`]: the appendix's two branches. If the scoresheets agree (with each other and
//!   with the official game), the board that is not the scoresheet position is set right
//!   ([`BranchKind::SheetsAgree`]). If they differ, the game goes back to the last half-move where
//!   both sheets and the official game agree, both boards are set up to that position, and the
//!   clocks return to their readings there ([`BranchKind::SheetsDiffer`]).
//! - [`reconcile_at`]: the arbiter's override, a half-move of his choosing.
//!
//! Every step of a ruling is a typed [`LogEntry`], for the arbiter's view.
//!
//! ```
//! use hamle_core::scoresheet::reconcile::{instructions, apply_steps, Step};
//! use shakmaty::{Board, Color, Piece, Role, Square};
//!
//! let target = Board::new();
//! let mut mine = Board::new();
//! mine.discard_piece_at(Square::G1);
//! mine.set_piece_at(Square::F3, Piece { color: Color::White, role: Role::Knight });
//! let steps = instructions(&mine, &target);
//! assert_eq!(steps, vec![Step::Move {
//!     piece: Piece { color: Color::White, role: Role::Knight },
//!     from: Square::F3,
//!     to: Square::G1,
//! }]);
//! assert_eq!(apply_steps(&mine, &steps).unwrap(), target);
//! ```

use shakmaty::{Board, ByColor, Chess, Color, Move, Piece, Position, Square};

use super::{ClockRecord, Ply, Scoresheet, SheetReading, Stop, clock_at, position_at};

/// One square where two boards differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Difference {
    pub square: Square,
    /// What stands there on the board being checked.
    pub found: Option<Piece>,
    /// What stands there on the reference (the official game, the scoresheet position).
    pub expected: Option<Piece>,
}

/// Every square where `board` differs from `reference`, a1 to h8.
pub fn diff(board: &Board, reference: &Board) -> Vec<Difference> {
    Square::ALL
        .into_iter()
        .filter_map(|square| {
            let found = board.piece_at(square);
            let expected = reference.piece_at(square);
            (found != expected).then_some(Difference {
                square,
                found,
                expected,
            })
        })
        .collect()
}

/// One physical step at a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Lift `piece` from `from` and put it on `to`.
    Move {
        piece: Piece,
        from: Square,
        to: Square,
    },
    /// Take `piece` off the board at `from`; it is not in the target position.
    Remove { piece: Piece, from: Square },
    /// Put `piece` (from the spare pieces) on `to`.
    Add { piece: Piece, to: Square },
    /// Lift `piece` from `from` and lay it beside the board for a moment (pieces that must
    /// change places with each other).
    SetAside { piece: Piece, from: Square },
    /// Put the piece laid beside the board on `to`.
    PutBack { piece: Piece, to: Square },
}

/// The steps that turn `board` into `target`.
///
/// Order: first the pieces that are not wanted anywhere come off; then pieces move, each only
/// onto a free square (pieces that would have to swap places go beside the board for a
/// moment); last, missing pieces are added. A piece is moved rather than removed and added
/// whenever the same piece is wanted elsewhere (the nearest such square first).
pub fn instructions(board: &Board, target: &Board) -> Vec<Step> {
    let differences = diff(board, target);
    // Pieces standing where they do not belong, and squares lacking their piece.
    let mut surplus: Vec<(Square, Piece)> = differences
        .iter()
        .filter_map(|d| d.found.map(|p| (d.square, p)))
        .collect();
    let needs: Vec<(Square, Piece)> = differences
        .iter()
        .filter_map(|d| d.expected.map(|p| (d.square, p)))
        .collect();

    // Match each need with the nearest surplus piece of the same kind.
    let mut moves: Vec<(Piece, Square, Square)> = Vec::new();
    let mut adds: Vec<(Piece, Square)> = Vec::new();
    for &(to, piece) in &needs {
        let best = surplus
            .iter()
            .enumerate()
            .filter(|(_, (_, p))| *p == piece)
            .min_by_key(|(_, (from, _))| (from.distance(to), *from))
            .map(|(i, _)| i);
        match best {
            Some(i) => {
                let (from, _) = surplus.remove(i);
                moves.push((piece, from, to));
            }
            None => adds.push((piece, to)),
        }
    }

    let mut steps = Vec::new();
    let mut now = board.clone();
    for (from, piece) in surplus {
        steps.push(Step::Remove { piece, from });
        now.discard_piece_at(from);
    }

    // Moves: a destination is free, or holds a piece that itself moves away. Chains are done
    // from their free end; a cycle is opened by laying one piece aside.
    let mut pending: Vec<(Piece, Square, Square, bool)> = moves
        .into_iter()
        .map(|(p, from, to)| (p, from, to, false))
        .collect();
    while !pending.is_empty() {
        if let Some(i) = pending
            .iter()
            .position(|&(_, _, to, _)| now.piece_at(to).is_none())
        {
            let (piece, from, to, aside) = pending.remove(i);
            if aside {
                steps.push(Step::PutBack { piece, to });
            } else {
                steps.push(Step::Move { piece, from, to });
                now.discard_piece_at(from);
            }
            now.set_piece_at(to, piece);
        } else {
            let first = pending
                .iter_mut()
                .find(|m| !m.3)
                .expect("a blocked move that is already aside frees nothing");
            steps.push(Step::SetAside {
                piece: first.0,
                from: first.1,
            });
            now.discard_piece_at(first.1);
            first.3 = true;
        }
    }

    for (piece, to) in adds {
        steps.push(Step::Add { piece, to });
    }
    steps
}

/// A step that cannot be done on the board as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepError {
    /// The piece the step names is not on that square.
    NotThere { square: Square, piece: Piece },
    /// The square to put a piece on is taken.
    Occupied { square: Square },
    /// Putting back a piece that was not laid aside.
    NotAside { piece: Piece },
}

/// Plays steps on a board with holes (one piece per square), checking each is possible.
/// Pieces laid aside must all be back at the end.
pub fn apply_steps(board: &Board, steps: &[Step]) -> Result<Board, StepError> {
    let mut board = board.clone();
    let mut aside: Vec<Piece> = Vec::new();
    let take = |board: &mut Board, square: Square, piece: Piece| {
        if board.piece_at(square) == Some(piece) {
            board.discard_piece_at(square);
            Ok(())
        } else {
            Err(StepError::NotThere { square, piece })
        }
    };
    let put = |board: &mut Board, square: Square, piece: Piece| {
        if board.piece_at(square).is_some() {
            Err(StepError::Occupied { square })
        } else {
            board.set_piece_at(square, piece);
            Ok(())
        }
    };
    for step in steps {
        match *step {
            Step::Move { piece, from, to } => {
                take(&mut board, from, piece)?;
                put(&mut board, to, piece)?;
            }
            Step::Remove { piece, from } => take(&mut board, from, piece)?,
            Step::Add { piece, to } => put(&mut board, to, piece)?,
            Step::SetAside { piece, from } => {
                take(&mut board, from, piece)?;
                aside.push(piece);
            }
            Step::PutBack { piece, to } => {
                let i = aside
                    .iter()
                    .position(|p| *p == piece)
                    .ok_or(StepError::NotAside { piece })?;
                aside.remove(i);
                put(&mut board, to, piece)?;
            }
        }
    }
    match aside.first() {
        Some(&piece) => Err(StepError::NotAside { piece }),
        None => Ok(board),
    }
}

/// A physical event on a player's board (a tactile board's report, or a digital board's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardEdit {
    /// A piece taken out of its hole (it is in the hand or beside the board).
    Lift { square: Square },
    /// A piece put into a hole.
    Place { square: Square, piece: Piece },
}

/// An edit that does not fit the board as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EditError {
    /// Lifting from an empty square.
    Empty { square: Square },
    /// Placing into a taken hole.
    Occupied { square: Square },
}

/// Follows one board's edits until it equals the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardWatch {
    board: Board,
    target: Board,
    /// Pieces off the board (lifted, not yet placed).
    off: Vec<Piece>,
}

impl BoardWatch {
    pub fn new(board: Board, target: Board) -> BoardWatch {
        BoardWatch {
            board,
            target,
            off: Vec::new(),
        }
    }

    /// The board as the edits left it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn target(&self) -> &Board {
        &self.target
    }

    /// Applies one edit; a refused edit changes nothing. Returns whether the board now
    /// equals the target.
    pub fn apply(&mut self, edit: BoardEdit) -> Result<bool, EditError> {
        match edit {
            BoardEdit::Lift { square } => {
                let piece = self
                    .board
                    .remove_piece_at(square)
                    .ok_or(EditError::Empty { square })?;
                self.off.push(piece);
            }
            BoardEdit::Place { square, piece } => {
                if self.board.piece_at(square).is_some() {
                    return Err(EditError::Occupied { square });
                }
                if let Some(i) = self.off.iter().position(|p| *p == piece) {
                    self.off.remove(i);
                }
                self.board.set_piece_at(square, piece);
            }
        }
        Ok(self.matches())
    }

    /// Whether the board equals the target.
    pub fn matches(&self) -> bool {
        self.board == self.target
    }

    /// What still differs.
    pub fn remaining(&self) -> Vec<Difference> {
        diff(&self.board, &self.target)
    }
}

/// The edits a player makes when he follows `steps` (for tests and for digital boards that
/// set themselves).
pub fn edits_for(steps: &[Step]) -> Vec<BoardEdit> {
    let mut out = Vec::new();
    for step in steps {
        match *step {
            Step::Move { piece, from, to } => {
                out.push(BoardEdit::Lift { square: from });
                out.push(BoardEdit::Place { square: to, piece });
            }
            Step::Remove { from, .. } | Step::SetAside { from, .. } => {
                out.push(BoardEdit::Lift { square: from })
            }
            Step::Add { piece, to } | Step::PutBack { piece, to } => {
                out.push(BoardEdit::Place { square: to, piece })
            }
        }
    }
    out
}

/// Everything the arbiter decides from.
#[derive(Clone, Copy, Debug)]
pub struct Case<'a> {
    /// The start position of the game.
    pub start: &'a Chess,
    /// The official game's moves.
    pub official: &'a [Move],
    /// The clock readings per ply.
    pub clocks: &'a [ClockRecord],
    /// Each player's scoresheet.
    pub sheets: ByColor<&'a Scoresheet>,
    /// The board in front of each player.
    pub boards: ByColor<&'a Board>,
}

/// Which way the ruling went (defined with the events, in the game).
pub use crate::game::BranchKind;

/// Why the scoresheets count as differing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Disagreement {
    /// The two sheets contradict each other (different moves, or an entry that is not a
    /// legal move); `ply` is the last point where both agree with the game.
    Sheets { ply: Ply },
    /// The sheets do not contradict each other but leave the official game after `ply`.
    Official { ply: Ply },
    /// The sheets agree but lag more than [`MAX_UNWRITTEN_PLIES`] behind the official game.
    Unwritten { written: Ply, official: Ply },
}

/// A player may reply before writing the opponent's move (Art. 8.1): the sheets may lag this
/// many half-moves behind the official game and still confirm it.
pub const MAX_UNWRITTEN_PLIES: usize = 2;

/// One step of a ruling, as the arbiter sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogEntry {
    /// A sheet was read: `moves` legal moves, stopping at `stop`.
    SheetRead {
        color: Color,
        moves: usize,
        stop: Option<Stop>,
    },
    /// Entries after the official game's last move are not part of the game yet.
    SheetBeyondGame {
        color: Color,
        extra: usize,
    },
    /// Both sheets and the official game agree on the first `plies` half-moves.
    Agreement {
        plies: Ply,
        official: Ply,
    },
    Branch(BranchKind),
    Disagreement(Disagreement),
    /// The arbiter chose the ply.
    Override {
        ply: Ply,
    },
    /// A board compared with the target position.
    BoardChecked {
        color: Color,
        differences: Vec<Difference>,
    },
    /// What a player must do at his board.
    Instructions {
        color: Color,
        steps: Vec<Step>,
    },
    /// The official game goes back from `from` plies to `to`.
    TakeBack {
        from: Ply,
        to: Ply,
    },
    /// The clocks return to these readings.
    ClocksRestored(ClockRecord),
    /// No clock reading was kept for this ply; the arbiter sets the clocks.
    ClockRecordMissing {
        ply: Ply,
    },
    /// The arbiter undid his last ruling: `plies` half-moves taken back are played again.
    Undone {
        plies: usize,
    },
}

/// What the arbiter tells the players and does to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub branch: BranchKind,
    /// The half-move whose position both boards must show (the official game's length after
    /// the ruling).
    pub ply: Ply,
    /// That position.
    pub position: Chess,
    /// Each player's steps (empty when his board is right).
    pub steps: ByColor<Vec<Step>>,
    /// Half-moves to take back from the official game (0 in the first branch).
    pub take_back: usize,
    /// The clocks to restore (second branch and override); `None` in the first branch (the
    /// clocks are only stopped) or when no reading was kept.
    pub clocks: Option<ClockRecord>,
    pub log: Vec<LogEntry>,
}

impl Ruling {
    /// The players whose boards must change.
    pub fn boards_to_fix(&self) -> Vec<Color> {
        Color::ALL
            .into_iter()
            .filter(|c| !self.steps.get(*c).is_empty())
            .collect()
    }
}

/// An arbiter's choice that cannot be followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReconcileError {
    /// The chosen ply is beyond the official game.
    PlyBeyondGame { ply: Ply, official: Ply },
}

fn common_prefix(a: &[Move], b: &[Move]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Reads both sheets and logs the reading.
fn read_sheets(case: &Case, log: &mut Vec<LogEntry>) -> ByColor<SheetReading> {
    ByColor::new_with(|color| {
        let reading = case.sheets.get(color).read(case.start);
        log.push(LogEntry::SheetRead {
            color,
            moves: reading.moves.len(),
            stop: reading.stop.clone(),
        });
        reading
    })
}

/// Applies D.2.9 to a case.
pub fn reconcile(case: &Case) -> Ruling {
    let mut log = Vec::new();
    let readings = read_sheets(case, &mut log);
    let official = case.official;
    // Entries beyond the official game are not part of it yet (a move written, not played).
    let read: ByColor<&[Move]> = ByColor::new_with(|color| {
        let moves = &readings.get(color).moves[..];
        if moves.len() > official.len() {
            log.push(LogEntry::SheetBeyondGame {
                color,
                extra: moves.len() - official.len(),
            });
            &moves[..official.len()]
        } else {
            moves
        }
    });
    // Both sheets and the game agree on the first `agreed` half-moves. A sheet that is only
    // shorter (not yet written up) does not disagree; one that names another move, or an
    // entry that is not a legal move, does.
    let agreed = common_prefix(read.white, official).min(common_prefix(read.black, official));
    log.push(LogEntry::Agreement {
        plies: agreed,
        official: official.len(),
    });
    let bad_entry = Color::ALL.into_iter().any(|color| {
        readings.get(color).stop.as_ref().is_some_and(|stop| {
            stop.ply < official.len() && matches!(stop.reason, super::StopReason::NotAMove(_))
        })
    });
    let shorter = read.white.len().min(read.black.len());
    let sheets_contradict = bad_entry || common_prefix(read.white, read.black) < shorter;
    let off_game = Color::ALL
        .into_iter()
        .any(|color| common_prefix(read.get(color), official) < read.get(color).len());
    let disagreement = if sheets_contradict {
        Some(Disagreement::Sheets { ply: agreed })
    } else if off_game {
        Some(Disagreement::Official { ply: agreed })
    } else if official.len() - shorter > MAX_UNWRITTEN_PLIES {
        Some(Disagreement::Unwritten {
            written: shorter,
            official: official.len(),
        })
    } else {
        None
    };

    match disagreement {
        None => {
            // Branch 1: the sheets confirm the official game; fix the boards that differ.
            log.push(LogEntry::Branch(BranchKind::SheetsAgree));
            let position = position_at(case.start, official, official.len());
            let steps = board_steps(case, position.board(), &mut log);
            Ruling {
                branch: BranchKind::SheetsAgree,
                ply: official.len(),
                position,
                steps,
                take_back: 0,
                clocks: None,
                log,
            }
        }
        Some(d) => {
            log.push(LogEntry::Branch(BranchKind::SheetsDiffer));
            log.push(LogEntry::Disagreement(d));
            go_back(case, agreed, BranchKind::SheetsDiffer, log)
        }
    }
}

/// The arbiter's override: both boards and the official game go to the position at `ply`,
/// with the clocks kept for it.
pub fn reconcile_at(case: &Case, ply: Ply) -> Result<Ruling, ReconcileError> {
    if ply > case.official.len() {
        return Err(ReconcileError::PlyBeyondGame {
            ply,
            official: case.official.len(),
        });
    }
    let mut log = Vec::new();
    read_sheets(case, &mut log);
    log.push(LogEntry::Branch(BranchKind::ArbiterOverride));
    log.push(LogEntry::Override { ply });
    Ok(go_back(case, ply, BranchKind::ArbiterOverride, log))
}

/// The arbiter undoes his last ruling: `case.official` is the game with the half-moves taken
/// back played again (`restored` of them), both boards go to its last position, and the
/// clocks to `clocks`, their readings just before the ruling.
pub fn undo_ruling(case: &Case, restored: usize, clocks: ClockRecord) -> Ruling {
    let ply = case.official.len();
    let mut log = vec![
        LogEntry::Branch(BranchKind::Undo),
        LogEntry::Undone { plies: restored },
    ];
    let position = position_at(case.start, case.official, ply);
    let steps = board_steps(case, position.board(), &mut log);
    log.push(LogEntry::ClocksRestored(clocks));
    Ruling {
        branch: BranchKind::Undo,
        ply,
        position,
        steps,
        take_back: 0,
        clocks: Some(clocks),
        log,
    }
}

fn go_back(case: &Case, ply: Ply, branch: BranchKind, mut log: Vec<LogEntry>) -> Ruling {
    let position = position_at(case.start, case.official, ply);
    let take_back = case.official.len() - ply;
    log.push(LogEntry::TakeBack {
        from: case.official.len(),
        to: ply,
    });
    let steps = board_steps(case, position.board(), &mut log);
    let clocks = clock_at(case.clocks, ply);
    log.push(match clocks {
        Some(c) => LogEntry::ClocksRestored(c),
        None => LogEntry::ClockRecordMissing { ply },
    });
    Ruling {
        branch,
        ply,
        position,
        steps,
        take_back,
        clocks,
        log,
    }
}

fn board_steps(case: &Case, target: &Board, log: &mut Vec<LogEntry>) -> ByColor<Vec<Step>> {
    ByColor::new_with(|color| {
        let board = case.boards.get(color);
        log.push(LogEntry::BoardChecked {
            color,
            differences: diff(board, target),
        });
        let steps = instructions(board, target);
        if !steps.is_empty() {
            log.push(LogEntry::Instructions {
                color,
                steps: steps.clone(),
            });
        }
        steps
    })
}
