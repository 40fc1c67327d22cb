//! How a game ends, on the wire: a draw offered, declined, lapsed or claimed, the end
//! itself, the arbiter's correction of the result after it, and his note on a ruling.

use shakmaty::uci::UciMove;

use super::Renderer;
use crate::game::{ClaimKind, Ending, Seat};
use crate::server::wire::EventBody;

impl Renderer<'_> {
    /// The game is over: the result and why.
    pub(super) fn ended(&self, ending: Ending, by: Option<Seat>) -> EventBody {
        EventBody::End {
            by: by.map(|s| s.key()),
            result: ending.result.pgn(),
            reason: ending.reason.key(),
            text: self.text(),
        }
    }

    /// The arbiter's note on his ruling.
    pub(super) fn noted(&self, by: Seat, note: &str) -> EventBody {
        EventBody::Note {
            by: by.key(),
            note: note.to_owned(),
            text: self.text(),
        }
    }

    /// The arbiter corrected the result after the end.
    pub(super) fn result_corrected(&self, by: Seat, ending: Ending, because: &str) -> EventBody {
        EventBody::ResultCorrected {
            by: by.key(),
            result: ending.result.pgn(),
            reason: ending.reason.key(),
            because: because.to_owned(),
            text: self.text(),
        }
    }

    /// A draw offered.
    pub(super) fn draw_offered(&self, by: Seat) -> EventBody {
        EventBody::DrawOffer {
            by: by.key(),
            text: self.text(),
        }
    }

    /// A draw offer declined.
    pub(super) fn draw_declined(&self, by: Seat) -> EventBody {
        EventBody::DrawDeclined {
            by: by.key(),
            text: self.text(),
        }
    }

    /// The standing draw offer lapsed.
    pub(super) fn draw_offer_lapsed(&self) -> EventBody {
        EventBody::DrawOfferLapsed { text: self.text() }
    }

    /// A draw claim: the move it named, whether it was correct, the time added and taken.
    pub(super) fn draw_claimed(
        &self,
        by: Seat,
        kind: ClaimKind,
        uci: Option<&UciMove>,
        correct: bool,
        bonus_ms: u64,
        taken_ms: u64,
    ) -> EventBody {
        EventBody::DrawClaim {
            by: by.key(),
            claim: kind.key(),
            uci: uci.map(|u| u.to_string()),
            correct,
            bonus_ms,
            taken_ms,
            text: self.text(),
        }
    }
}
