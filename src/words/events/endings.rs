//! The sentences of how a game ends: a draw offered, declined, lapsed or claimed, the end
//! itself, the arbiter's correction of the result after it, and his note on a ruling.

use shakmaty::Color;

use super::Teller;
use crate::game::{ClaimKind, Ending, GameResult, Seat};
use crate::words::{clock_time, color_name, seat_name, text};

/// A result's key in the messages.
pub fn result_key(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "white",
        GameResult::BlackWins => "black",
        GameResult::Draw => "draw",
        GameResult::DoubleForfeit => "double_forfeit",
    }
}

impl Teller<'_> {
    /// The game is over: why, and the result.
    pub(super) fn ended(&self, ending: Ending) -> String {
        text(
            self.lang,
            "event-end",
            &[
                ("reason", ending.reason.key().to_owned()),
                ("result", result_key(ending.result).to_owned()),
            ],
        )
    }

    /// The arbiter's note on his ruling.
    pub(super) fn noted(&self, note: &str) -> String {
        text(self.lang, "event-note", &[("note", note.to_owned())])
    }

    /// The arbiter corrected the result after the end: the new end, and his reason.
    pub(super) fn result_corrected(&self, ending: Ending, because: &str) -> String {
        text(
            self.lang,
            "event-result-corrected",
            &[("end", self.ended(ending)), ("because", because.to_owned())],
        )
    }

    /// A draw offered.
    pub(super) fn draw_offered(&self, by: Seat) -> String {
        text(
            self.lang,
            "event-draw-offered",
            &[("seat", seat_name(self.lang, by))],
        )
    }

    /// A draw offer declined.
    pub(super) fn draw_declined(&self, by: Seat) -> String {
        text(
            self.lang,
            "event-draw-declined",
            &[("seat", seat_name(self.lang, by))],
        )
    }

    /// The standing draw offer lapsed.
    pub(super) fn draw_offer_lapsed(&self) -> String {
        text(self.lang, "event-draw-offer-lapsed", &[])
    }

    /// A draw claim: the claim, the move it named (`with_move`: it named one), whether it
    /// was correct, and the time added to the opponent or taken from the claimant.
    pub(super) fn draw_claimed(
        &self,
        by: Seat,
        kind: ClaimKind,
        with_move: bool,
        correct: bool,
        bonus_ms: u64,
        taken_ms: u64,
    ) -> String {
        let lang = self.lang;
        text(
            lang,
            "event-draw-claimed",
            &[
                ("seat", seat_name(lang, by)),
                ("claim", kind.key().to_owned()),
                ("move", self.said(&self.p.heard).unwrap_or_default()),
                ("with", with_move.to_string()),
                ("penalty", (taken_ms > 0).to_string()),
                ("correct", correct.to_string()),
                (
                    "opponent",
                    color_name(lang, !by.side().unwrap_or(Color::White)),
                ),
                ("bonus", clock_time(lang, bonus_ms)),
                ("taken", clock_time(lang, taken_ms)),
            ],
        )
    }
}
