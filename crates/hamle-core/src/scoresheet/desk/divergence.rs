//! Diverging boards (F8 / D.2.9): the arbiter compares the boards (or hamle finds them
//! diverged, [`Desk::follow_up`]), rules on the case (D.2.9's branches by the scoresheets,
//! or the position after a half-move he chooses), may undo his last ruling that took moves
//! back, and the boards are followed edit by edit until both show the ruling's position.
//! The clocks stay stopped for the arbiter until play resumes.

use shakmaty::{ByColor, Color, Piece, Position, Square};

use super::{
    Adjournment, Ask, Decided, Desk, DeskRefusal, FixEdit, Fixing, Note, OpenCase, differences,
    stopped,
};
use crate::game::{BranchKind, ClockReading, Event, Game, Permission, Procedure, Recorded};
use crate::scoresheet::ClockRecord;
use crate::scoresheet::reconcile::{
    BoardEdit, BoardWatch, Case, Disagreement, EditError, LogEntry, ReconcileError, Ruling, diff,
    reconcile, reconcile_at, undo_ruling,
};

impl Desk {
    /// [`DeskCommand::CompareBoards`](super::DeskCommand::CompareBoards): the arbiter finds
    /// the boards diverged; the clocks stop.
    pub(super) fn decide_compare_boards(&self, ask: Ask<'_>) -> Decided {
        ask.arbiter()?;
        if ask.over() {
            return Err(DeskRefusal::GameOver);
        }
        if ask.game.profile().procedure != Procedure::Physical {
            return Err(DeskRefusal::NotPhysical);
        }
        if self.case.is_some() {
            return Err(DeskRefusal::CaseOpen);
        }
        let differences = differences(ask.game);
        if differences.white.is_empty() && differences.black.is_empty() {
            return Err(DeskRefusal::BoardsAgree);
        }
        let e = Event::BoardsDiverged { by: Some(ask.seat) };
        Ok(vec![(e, stopped(ask.reading()))])
    }

    /// [`DeskCommand::Rule`](super::DeskCommand::Rule): the ruling on the open case, by the
    /// scoresheets (refused on empty or lagging ones) or at the half-move `ply`; the clocks
    /// return to their reading there.
    pub(super) fn decide_rule(
        &self,
        ask: Ask<'_>,
        ply: Option<usize>,
        expect: Option<usize>,
    ) -> Decided {
        ask.arbiter()?;
        if ask.over() {
            return Err(DeskRefusal::GameOver);
        }
        if self.case.is_none() {
            return Err(DeskRefusal::NoCase);
        }
        let ruling = self
            .ruling(ask.game, None, ply)
            .map_err(|_| DeskRefusal::PlyBeyondGame)?;
        if ply.is_none() {
            self.may_rule_by_sheets(ask.game, &ruling)?;
        }
        if let Some(n) = expect
            && n != ruling.take_back
        {
            return Err(DeskRefusal::RulingChanged {
                take_back: ruling.take_back.min(u16::MAX as usize) as u16,
            });
        }
        let clock = match ruling.clocks {
            Some(c) => ClockReading {
                white_ms: c.white_ms,
                black_ms: c.black_ms,
                running: None,
            },
            None => stopped(ask.reading()),
        };
        Ok(vec![(
            Event::Ruled {
                by: ask.seat,
                branch: ruling.branch,
                ply: ruling.ply as u32,
            },
            clock,
        )])
    }

    /// [`DeskCommand::UndoRuling`](super::DeskCommand::UndoRuling): the last ruling that took
    /// moves back undone, the clocks as before it.
    pub(super) fn decide_undo_ruling(&self, ask: Ask<'_>) -> Decided {
        ask.arbiter()?;
        if ask.over() {
            return Err(DeskRefusal::GameOver);
        }
        if self.adjournment != Adjournment::None {
            return Err(DeskRefusal::AdjournmentPending);
        }
        let game = ask.game;
        let undo = game.undoable().ok_or(DeskRefusal::NothingToUndo)?;
        Ok(vec![(
            Event::Ruled {
                by: ask.seat,
                branch: BranchKind::Undo,
                ply: (game.moves().len() + undo.moves.len()) as u32,
            },
            undo.clock,
        )])
    }

    /// [`DeskCommand::Fix`](super::DeskCommand::Fix): a piece lifted from or put on a board
    /// being put right after the ruling.
    pub(super) fn decide_fix(&self, ask: Ask<'_>, board: Color, edit: FixEdit) -> Decided {
        if !ask.game.allows(ask.seat, Permission::Board(board)) {
            return Err(DeskRefusal::Forbidden);
        }
        let fixing = self
            .case
            .as_ref()
            .and_then(|c| c.fixing.as_ref())
            .ok_or(DeskRefusal::NotFixing)?;
        let mut watch = fixing.watches.get(board).clone();
        let (square, piece, edit) = match edit {
            FixEdit::Lift(square) => (square, None, BoardEdit::Lift { square }),
            FixEdit::Place(square, named) => {
                let piece = named
                    .or_else(|| fixing.lifted.get(board).last().copied())
                    .ok_or(DeskRefusal::NoPieceLifted)?;
                (square, Some(piece), BoardEdit::Place { square, piece })
            }
        };
        watch.apply(edit).map_err(|e| match e {
            EditError::Empty { square } => DeskRefusal::EmptySquare(square),
            EditError::Occupied { square } => DeskRefusal::Occupied(square),
        })?;
        Ok(vec![(
            Event::BoardFixed {
                by: ask.seat,
                board,
                square,
                piece,
            },
            ask.reading(),
        )])
    }

    /// [`Event::Resumed`]: the clocks run again; the arbiter's hold is over.
    pub(super) fn apply_resumed(&mut self) -> Option<Note> {
        self.held = false;
        None
    }

    /// [`Event::BoardsDiverged`]: a case opens with each board against the official game.
    pub(super) fn apply_boards_diverged(&mut self, game: &Game) -> Option<Note> {
        self.held = true;
        let found = differences(game);
        self.case = Some(OpenCase {
            found: found.clone(),
            fixing: None,
        });
        Some(Note::Diverged { differences: found })
    }

    /// [`Event::Ruled`] with [`BranchKind::Undo`]: the boards are to show the position
    /// before the ruling undone, the moves it took back played again (a case opens if
    /// none is).
    pub(super) fn apply_ruling_undone(&mut self, rec: &Recorded, game: &Game) -> Option<Note> {
        let undo = game.undoable()?;
        let mut official: Vec<shakmaty::Move> = game.moves().iter().map(|m| m.mv).collect();
        official.extend(undo.moves.iter().map(|m| m.mv));
        let case = Case {
            official: &official,
            ..self.case_now(game, &official)
        };
        let clocks = ClockRecord {
            ply: official.len(),
            white_ms: rec.clock.white_ms,
            black_ms: rec.clock.black_ms,
        };
        let ruling = undo_ruling(&case, undo.moves.len(), clocks);
        let target = ruling.position.board().clone();
        let watches =
            ByColor::new_with(|c| BoardWatch::new(game.board(c).board.clone(), target.clone()));
        let fixing = Some(Fixing {
            ruling: ruling.clone(),
            watches,
            lifted: ByColor::default(),
        });
        match &mut self.case {
            Some(case) => case.fixing = fixing,
            None => {
                let found = ByColor::new_with(|c| diff(&game.board(c).board, &target));
                self.case = Some(OpenCase { found, fixing });
            }
        }
        // The clocks stay stopped for the arbiter after the boards are right.
        self.held = true;
        self.rulings.push((rec.seq, ruling.clone()));
        Some(Note::Ruled(Box::new(ruling)))
    }

    /// [`Event::Ruled`]: the ruling on the open case, which the boards are followed towards.
    pub(super) fn apply_ruled(
        &mut self,
        rec: &Recorded,
        game: &Game,
        branch: BranchKind,
        ply: usize,
    ) -> Option<Note> {
        let ruling = match self.ruling(
            game,
            Some(branch),
            Some(ply).filter(|_| branch == BranchKind::ArbiterOverride),
        ) {
            Ok(r) => r,
            Err(_) => return None,
        };
        let target = ruling.position.board().clone();
        let watches =
            ByColor::new_with(|c| BoardWatch::new(game.board(c).board.clone(), target.clone()));
        if let Some(case) = &mut self.case {
            case.fixing = Some(Fixing {
                ruling: ruling.clone(),
                watches,
                lifted: ByColor::default(),
            });
        }
        // Readings after the ruling's ply belong to moves taken back.
        self.rulings.push((rec.seq, ruling.clone()));
        Some(Note::Ruled(Box::new(ruling)))
    }

    /// [`Event::BoardFixed`]: the edit followed on its board; what still differs there.
    pub(super) fn apply_board_fixed(
        &mut self,
        board: Color,
        square: Square,
        piece: Option<Piece>,
    ) -> Option<Note> {
        let f = self.case.as_mut()?.fixing.as_mut()?;
        let watch = f.watches.get_mut(board);
        let lifted = f.lifted.get_mut(board);
        match piece {
            None => {
                if let Some(p) = watch.board().piece_at(square) {
                    lifted.push(p);
                }
                let _ = watch.apply(BoardEdit::Lift { square });
            }
            Some(p) => {
                if let Some(i) = lifted.iter().rposition(|l| *l == p) {
                    lifted.remove(i);
                }
                let _ = watch.apply(BoardEdit::Place { square, piece: p });
            }
        }
        Some(Note::Fixed {
            remaining: watch.remaining(),
        })
    }

    /// [`Event::BoardRestored`]: the arbiter set a board to the official position himself;
    /// it is followed from there.
    pub(super) fn apply_board_restored(&mut self, board: Color, game: &Game) -> Option<Note> {
        if let Some(f) = self.case.as_mut().and_then(|c| c.fixing.as_mut()) {
            let target = f.watches.get(board).target().clone();
            *f.watches.get_mut(board) = BoardWatch::new(game.position().board().clone(), target);
            f.lifted.get_mut(board).clear();
        }
        None
    }

    /// [`Event::Reconciled`]: both boards show the ruling's position; the case is closed.
    pub(super) fn apply_reconciled(&mut self) -> Option<Note> {
        self.case = None;
        None
    }

    /// The case as the arbiter rules on it now.
    fn case_now<'a>(&'a self, game: &'a Game, official: &'a [shakmaty::Move]) -> Case<'a> {
        Case {
            start: game.setup().start.position(),
            official,
            clocks: &self.clocks,
            sheets: ByColor {
                white: &self.sheets.white,
                black: &self.sheets.black,
            },
            boards: ByColor {
                white: &game.board(Color::White).board,
                black: &game.board(Color::Black).board,
            },
        }
    }

    fn ruling(
        &self,
        game: &Game,
        branch: Option<BranchKind>,
        ply: Option<usize>,
    ) -> Result<Ruling, ReconcileError> {
        let official: Vec<shakmaty::Move> = game.moves().iter().map(|m| m.mv).collect();
        let case = self.case_now(game, &official);
        match (branch, ply) {
            (Some(BranchKind::ArbiterOverride), Some(p)) | (None, Some(p)) => {
                reconcile_at(&case, p)
            }
            _ => Ok(reconcile(&case)),
        }
    }

    /// D.2.9 decides by the scoresheets: refused when they hold no move at all, or lag
    /// behind the game (the ruling would take back moves nobody disputes).
    fn may_rule_by_sheets(&self, game: &Game, ruling: &Ruling) -> Result<(), DeskRefusal> {
        if game.moves().is_empty() {
            return Ok(());
        }
        if Color::ALL
            .into_iter()
            .all(|c| self.sheets.get(c).written_plies() == 0)
        {
            return Err(DeskRefusal::SheetsEmpty);
        }
        let short = |n: usize| n.min(u16::MAX as usize) as u16;
        for entry in &ruling.log {
            if let LogEntry::Disagreement(Disagreement::Unwritten { written, official }) = entry {
                return Err(DeskRefusal::SheetsBehind {
                    written: short(*written),
                    official: short(*official),
                });
            }
        }
        Ok(())
    }
}
