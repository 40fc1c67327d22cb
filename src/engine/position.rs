//! The position an engine is asked about: where the game started and the moves played
//! since (so the engine sees repetitions and the fifty-move count as the game does), with
//! the position they lead to, in which every move the engine names is checked by shakmaty
//! before anyone trusts it.

use std::fmt::Write as _;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

use super::EngineError;

/// A start position and the legal moves played from it.
#[derive(Clone, Debug)]
pub struct EnginePosition {
    start: Fen,
    moves: Vec<UciMove>,
    current: Chess,
}

impl EnginePosition {
    /// `moves` played in order from `start`; the first that is not legal where it is
    /// played is refused ([`EngineError::IllegalGivenMove`]).
    pub fn new(
        start: Chess,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<EnginePosition, EngineError> {
        let fen = Fen::from_position(&start, EnPassantMode::Legal);
        let mut current = start;
        let mut played = Vec::new();
        for m in moves {
            if !current.is_legal(m) {
                return Err(EngineError::IllegalGivenMove {
                    uci: m.to_uci(CastlingMode::Standard).to_string(),
                });
            }
            played.push(m.to_uci(CastlingMode::Standard));
            current.play_unchecked(m);
        }
        Ok(EnginePosition {
            start: fen,
            moves: played,
            current,
        })
    }

    /// A position with no moves before it.
    pub fn at(position: Chess) -> EnginePosition {
        EnginePosition {
            start: Fen::from_position(&position, EnPassantMode::Legal),
            moves: Vec::new(),
            current: position,
        }
    }

    /// The moves played from the start position, in order.
    pub fn moves(&self) -> &[UciMove] {
        &self.moves
    }

    /// The position after the moves: the one the engine moves in.
    pub fn current(&self) -> &Chess {
        &self.current
    }

    /// The same game one move further (`m` legal here, else refused).
    pub fn after(&self, m: Move) -> Result<EnginePosition, EngineError> {
        if !self.current.is_legal(m) {
            return Err(EngineError::IllegalGivenMove {
                uci: m.to_uci(CastlingMode::Standard).to_string(),
            });
        }
        let mut next = self.clone();
        next.moves.push(m.to_uci(CastlingMode::Standard));
        next.current.play_unchecked(m);
        Ok(next)
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.current.legal_moves().is_empty()
    }

    /// The `position fen … moves …` command.
    pub(crate) fn command(&self) -> String {
        let mut command = format!("position fen {}", self.start);
        if !self.moves.is_empty() {
            command.push_str(" moves");
            for m in &self.moves {
                let _ = write!(command, " {m}");
            }
        }
        command
    }

    /// The engine's answer as a legal move of the current position, or `None` if it is
    /// not one (shakmaty decides; hamle generates no moves itself).
    pub(crate) fn legal(&self, answer: UciMove) -> Option<Move> {
        answer.to_move(&self.current).ok()
    }
}
