//! Moves and what is said about them on the wire: a move made, an announcement, a
//! repetition, an illegal move, an illegal announcement and a practice game's take-back.

use shakmaty::uci::UciMove;
use shakmaty::{Color, Square};

use super::Renderer;
use crate::game::Seat;
use crate::server::wire::{EventBody, TakenBackMove, color_key};

impl Renderer<'_> {
    /// A move with its words (`short` naming the piece it captures when the connection asks
    /// for it).
    pub(super) fn moved(&self, by: Seat, uci: &UciMove) -> EventBody {
        let lang = self.lang;
        let Some(mv) = self.p.move_words() else {
            // Not reached: a `Published` move has its words (`Published::of`, the only way to
            // make one). Say nothing rather than fail a live game.
            return EventBody::Move {
                by: by.key(),
                color: color_key(by.side().unwrap_or(Color::White)),
                ply: 0,
                number: 0,
                uci: uci.to_string(),
                san: String::new(),
                fen: String::new(),
                turn: color_key(!by.side().unwrap_or(Color::White)),
                short: String::new(),
                full: String::new(),
            };
        };
        let short = if self.captured {
            mv.said.captured(lang)
        } else {
            mv.said.short(lang)
        };
        let (short, full) = (short.to_owned(), mv.said.full(lang).to_owned());
        EventBody::Move {
            by: by.key(),
            color: color_key(mv.color),
            ply: mv.ply,
            number: mv.number,
            uci: mv.uci.clone(),
            san: mv.san.clone(),
            fen: mv.fen.clone(),
            turn: color_key(!mv.color),
            short,
            full,
        }
    }

    /// An announcement, with the move heard in the listener's language.
    pub(super) fn announced(&self, by: Seat, uci: &UciMove, correction: bool) -> EventBody {
        EventBody::Announce {
            by: by.key(),
            uci: uci.to_string(),
            correction,
            said: self.heard(),
            text: self.text(),
        }
    }

    /// An announcement repeated, with the move heard in the listener's language.
    pub(super) fn repeated(&self, by: Seat, uci: &UciMove, matches: bool) -> EventBody {
        EventBody::Repeat {
            by: by.key(),
            uci: uci.to_string(),
            matches,
            said: self.heard(),
            text: self.text(),
        }
    }

    /// An illegal move on a physical board.
    pub(super) fn illegal_move(
        &self,
        by: Seat,
        color: Color,
        from: Square,
        to: Square,
        count: u32,
        penalty_ms: u64,
    ) -> EventBody {
        EventBody::IllegalMove {
            by: by.key(),
            color: color_key(color),
            from: from.to_string(),
            to: to.to_string(),
            count,
            penalty_ms,
            text: self.text(),
        }
    }

    /// An illegal announcement counted under 7.5.
    pub(super) fn illegal_announced(
        &self,
        by: Seat,
        color: Color,
        uci: Option<&UciMove>,
        count: u32,
        penalty_ms: u64,
    ) -> EventBody {
        EventBody::IllegalAnnounced {
            by: by.key(),
            color: color_key(color),
            uci: uci.map(|u| u.to_string()),
            count,
            penalty_ms,
            text: self.text(),
        }
    }

    /// The move an announcement, a repetition or a claim named, said short in the listener's
    /// language.
    fn heard(&self) -> String {
        self.p
            .heard
            .as_ref()
            .map(|w| w.short(self.lang).to_owned())
            .unwrap_or_default()
    }

    /// A practice game's take-back: the position it went back to and the half-moves it took
    /// back, in the listener's words.
    pub(super) fn taken_back(&self, by: Seat, ply: u32) -> EventBody {
        let lang = self.lang;
        let taken = self.p.taken.as_ref();
        EventBody::TakenBack {
            by: by.key(),
            ply,
            fen: taken.map(|t| t.fen.clone()).unwrap_or_default(),
            turn: color_key(taken.map_or(Color::White, |t| t.turn)),
            taken_back: taken
                .into_iter()
                .flat_map(|t| &t.moves)
                .map(|m| TakenBackMove {
                    number: m.number,
                    color: color_key(m.color),
                    said: m.said.short(lang).to_owned(),
                })
                .collect(),
            text: self.text(),
        }
    }
}
