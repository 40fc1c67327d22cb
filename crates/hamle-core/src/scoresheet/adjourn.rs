//! Adjournment (Appendix A; the assistant's formalities, D.2.10.6).
//!
//! At the end of a session the player to move writes his move on his scoresheet unseen: that is
//! the sealed move ([`Sealing`]). He may change it until he stops the clock; stopping the
//! clock closes the [`Envelope`], which records the players, the position, the time each has
//! used and has left, who sealed, the move number, a pending draw offer and when play
//! resumes. On resumption ([`Envelope::resume`]) the position and clocks are restored; the
//! sealed move is opened ([`Envelope::open`]) with the replying player present. A sealed move
//! that is not exactly one legal move (not understood, ambiguous, illegal, or missing) loses.
//!
//! ```
//! use hamle_core::announce::Lang;
//! use hamle_core::scoresheet::ClockRecord;
//! use hamle_core::scoresheet::adjourn::{Opened, Sealing, Session};
//! use shakmaty::{ByColor, Chess, Color};
//!
//! let session = Session {
//!     players: ByColor { white: "Anna".into(), black: "Can".into() },
//!     clocks: ClockRecord { ply: 0, white_ms: 5_400_000, black_ms: 5_400_000 },
//!     used_ms: ByColor { white: 0, black: 0 },
//!     draw_offer: None,
//!     resume_at_ms: 0,
//! };
//! let mut sealing = Sealing::begin(&Chess::default(), &[], Lang::De, session).unwrap();
//! sealing.write("Springer Gustav drei").unwrap(); // changed his mind
//! sealing.write("Springer Felix drei").unwrap();
//! let envelope = sealing.stop_clock();
//! let resumed = envelope.resume().unwrap();
//! assert_eq!(resumed.position, Chess::default());
//! match envelope.open(&resumed.position) {
//!     Opened::Played { .. } => {}
//!     Opened::Loses { .. } => unreachable!(),
//! }
//! ```

use shakmaty::fen::Fen;
use shakmaty::{ByColor, CastlingMode, Chess, Color, EnPassantMode, Move, Position};

use super::{ClockRecord, MAX_ENTRY_BYTES, Ply};
use crate::announce::{AnnounceError, Lang, understand};

/// What the envelope records about the session, besides the sealed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// The players' names.
    pub players: ByColor<String>,
    /// The clocks' remaining time when the session ends.
    pub clocks: ClockRecord,
    /// Time each player has used.
    pub used_ms: ByColor<u64>,
    /// A draw offer still standing, and by whom.
    pub draw_offer: Option<Color>,
    /// When play resumes (milliseconds since the Unix epoch, set by the organiser).
    pub resume_at_ms: u64,
}

/// Why a sealing cannot happen or change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdjournError {
    /// The game is over: nobody has a move to seal.
    GameOver,
    /// The sealed move is longer than a scoresheet entry may be.
    TooLong,
    /// The envelope's position does not read back (a damaged record).
    BadPosition(String),
}

/// A sealed move being written: it can change until the clock is stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sealing {
    fen: String,
    ply: Ply,
    /// The number of the move being sealed (the position's own, so a game set up from a FEN
    /// keeps its numbering).
    move_number: u32,
    sealer: Color,
    lang: Lang,
    text: Option<String>,
    session: Session,
}

impl Sealing {
    /// The player to move in `position` (reached by `moves` from the start) begins to seal,
    /// writing in `lang`.
    pub fn begin(
        position: &Chess,
        moves: &[Move],
        lang: Lang,
        session: Session,
    ) -> Result<Sealing, AdjournError> {
        if position.is_game_over() {
            return Err(AdjournError::GameOver);
        }
        Ok(Sealing {
            fen: Fen::from_position(position, EnPassantMode::Legal).to_string(),
            ply: moves.len(),
            move_number: position.fullmoves().get(),
            sealer: position.turn(),
            lang,
            text: None,
            session,
        })
    }

    /// Writes (or rewrites) the sealed move. Nobody sees it until it is opened.
    pub fn write(&mut self, text: impl Into<String>) -> Result<(), AdjournError> {
        let text = text.into();
        if text.len() > MAX_ENTRY_BYTES {
            return Err(AdjournError::TooLong);
        }
        self.text = Some(text);
        Ok(())
    }

    /// Who seals.
    pub fn sealer(&self) -> Color {
        self.sealer
    }

    /// The sealer stops the clock: the envelope is closed and nothing in it changes again.
    pub fn stop_clock(self) -> Envelope {
        Envelope {
            players: self.session.players,
            fen: self.fen,
            ply: self.ply,
            move_number: self.move_number,
            sealer: self.sealer,
            sealer_lang: self.lang,
            sealed: self.text,
            clocks: ClockRecord {
                ply: self.ply,
                ..self.session.clocks
            },
            used_ms: self.session.used_ms,
            draw_offer: self.session.draw_offer,
            resume_at_ms: self.session.resume_at_ms,
        }
    }
}

/// The sealed envelope (Appendix A).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    pub players: ByColor<String>,
    /// The position at adjournment.
    pub fen: String,
    /// Half-moves played before it.
    pub ply: Ply,
    /// The number of the sealed move.
    pub move_number: u32,
    pub sealer: Color,
    /// The language the sealed move is written in.
    pub sealer_lang: Lang,
    /// The sealed move as written (`None`: nothing was written).
    pub sealed: Option<String>,
    /// Remaining time at adjournment.
    pub clocks: ClockRecord,
    /// Time used by each player.
    pub used_ms: ByColor<u64>,
    pub draw_offer: Option<Color>,
    pub resume_at_ms: u64,
}

/// The game as it resumes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumption {
    pub position: Chess,
    /// The clocks to restore; the sealer's clock starts once the move is opened and played.
    pub clocks: ClockRecord,
    /// The player to reply, who must be present for the opening.
    pub replier: Color,
    pub draw_offer: Option<Color>,
}

/// The sealed move, opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opened {
    /// The move is made on the board; the replier's clock starts.
    Played { mv: Move, position: Chess },
    /// The sealer loses: his sealed move is missing (`None`), not understood, ambiguous or
    /// illegal.
    Loses {
        loser: Color,
        error: Option<AnnounceError>,
    },
}

impl Envelope {
    /// Restores the position and clocks.
    pub fn resume(&self) -> Result<Resumption, AdjournError> {
        let position = self.position()?;
        Ok(Resumption {
            position,
            clocks: self.clocks,
            replier: !self.sealer,
            draw_offer: self.draw_offer,
        })
    }

    fn position(&self) -> Result<Chess, AdjournError> {
        let bad = |e: String| AdjournError::BadPosition(e);
        let fen: Fen = self.fen.parse().map_err(|e| bad(format!("{e}")))?;
        fen.into_position(CastlingMode::Standard)
            .map_err(|e| bad(format!("{e}")))
    }

    /// Opens the sealed move against the resumed position, reading it in the sealer's
    /// language.
    pub fn open(&self, position: &Chess) -> Opened {
        let loses = |error| Opened::Loses {
            loser: self.sealer,
            error,
        };
        let Some(text) = &self.sealed else {
            return loses(None);
        };
        match understand(self.sealer_lang, text, position) {
            Ok(mv) => {
                let mut position = position.clone();
                position.play_unchecked(mv);
                Opened::Played { mv, position }
            }
            Err(e) => loses(Some(e)),
        }
    }
}
