//! The sentences of the arbiter's desk: scoresheet entries written and struck, automatic
//! recording, diverging boards and their ruling, a board fixed, the adjournment (called,
//! sealed, adjourned, opened).

use shakmaty::{ByColor, Color, Piece, Square};

use super::{Teller, ruling_listener, sealed_move_shown, sheet_correction, sheet_slot};
use crate::game::Seat;
use crate::scoresheet::desk::Note;
use crate::scoresheet::reconcile::{Difference, Ruling};
use crate::words::sheet::{
    Against, Whose, say_board_done, say_difference, say_opened, say_ruling, say_still_differs,
    say_stopped,
};
use crate::words::{color_key, color_name, sentences, text};

/// Whose board a seat hears about: a player his own board as "yours", everyone else by colour.
fn whose(seat: Seat, board: Color) -> Whose {
    if seat.side() == Some(board) && !seat.is_assistant() {
        Whose::Yours
    } else {
        Whose::Of(board)
    }
}

impl Teller<'_> {
    /// An entry written on `color`'s scoresheet, by its slot.
    pub(super) fn sheet_written(
        &self,
        color: Color,
        ply: u32,
        entry: &str,
        draw_offer: bool,
        auto: bool,
    ) -> String {
        let lang = self.lang;
        let note = self.note();
        let slot = sheet_slot(note, ply);
        text(
            lang,
            "desk-sheet-written",
            &[
                ("color", color_name(lang, color)),
                ("number", slot.number.to_string()),
                ("side", color_key(slot.color).to_owned()),
                ("entry", entry.to_owned()),
                ("auto", auto.to_string()),
                ("correction", sheet_correction(note).to_string()),
                ("draw", draw_offer.to_string()),
            ],
        )
    }

    /// An entry of `color`'s scoresheet crossed out, by its slot.
    pub(super) fn sheet_struck(&self, color: Color, ply: u32) -> String {
        let lang = self.lang;
        let slot = sheet_slot(self.note(), ply);
        text(
            lang,
            "desk-sheet-struck",
            &[
                ("color", color_name(lang, color)),
                ("number", slot.number.to_string()),
                ("side", color_key(slot.color).to_owned()),
            ],
        )
    }

    /// Automatic recording turned on or off.
    pub(super) fn sheet_auto_record(&self, color: Color, on: bool) -> String {
        text(
            self.lang,
            "desk-auto-record",
            &[
                ("color", color_name(self.lang, color)),
                ("on", on.to_string()),
            ],
        )
    }

    /// The boards differ: the clocks stopped, and every difference, the listener's own board
    /// first.
    pub(super) fn boards_diverged(&self) -> String {
        let empty = ByColor::<Vec<Difference>>::default();
        let differences = match self.note() {
            Some(Note::Diverged { differences }) => differences,
            _ => &empty,
        };
        self.say_differences(differences)
    }

    /// The differences said to the listener: his own board first ("your board"), then the
    /// other.
    fn say_differences(&self, differences: &ByColor<Vec<Difference>>) -> String {
        let (lang, seat) = (self.lang, self.seat);
        let own = seat.side().filter(|_| !seat.is_assistant());
        let order: Vec<Color> = match own {
            Some(c) => vec![c, !c],
            None => Color::ALL.to_vec(),
        };
        let said = order.into_iter().flat_map(|c| {
            differences
                .get(c)
                .iter()
                .map(move |d| say_difference(lang, d, whose(seat, c), Against::Game))
        });
        sentences(lang, std::iter::once(say_stopped(lang)).chain(said))
    }

    /// The arbiter's ruling on diverging boards, as the listener hears it.
    pub(super) fn ruled(&self) -> String {
        match self.note() {
            Some(Note::Ruled(ruling)) => self.say_ruled(ruling),
            _ => String::new(),
        }
    }

    fn say_ruled(&self, ruling: &Ruling) -> String {
        sentences(
            self.lang,
            say_ruling(self.lang, ruling, ruling_listener(self.seat)),
        )
    }

    /// A piece lifted or placed to fix a board, and whether the board is done or how many
    /// squares still differ.
    pub(super) fn board_fixed(&self, board: Color, square: Square, piece: Option<Piece>) -> String {
        let lang = self.lang;
        let remaining = match self.note() {
            Some(Note::Fixed { remaining }) => remaining.len(),
            _ => 0,
        };
        let did = text(
            lang,
            "desk-board-fixed",
            &[
                ("board", color_name(lang, board)),
                (
                    "action",
                    if piece.is_some() { "place" } else { "lift" }.into(),
                ),
                ("square", self.speaker().square(square)),
            ],
        );
        let state = if remaining == 0 {
            say_board_done(lang, whose(self.seat, board))
        } else {
            say_still_differs(lang, remaining)
        };
        sentences(lang, [did, state])
    }

    /// The boards agree again.
    pub(super) fn reconciled(&self) -> String {
        text(self.lang, "desk-reconciled", &[])
    }

    /// The arbiter called the adjournment: who seals.
    pub(super) fn adjournment_called(&self) -> String {
        let sealer = match self.note() {
            Some(Note::Called { sealer }) => *sealer,
            _ => Color::White,
        };
        text(
            self.lang,
            "desk-adjournment-called",
            &[("color", color_name(self.lang, sealer))],
        )
    }

    /// A move sealed: read to the sealer's own side, only named to everyone else.
    pub(super) fn move_sealed(&self, by: Seat, sealed: &str) -> String {
        if sealed_move_shown(self.seat, by) {
            text(self.lang, "desk-sealed-own", &[("move", sealed.to_owned())])
        } else {
            let color = by.side().unwrap_or(Color::White);
            text(
                self.lang,
                "desk-sealed",
                &[("color", color_name(self.lang, color))],
            )
        }
    }

    /// The game is adjourned.
    pub(super) fn adjourned(&self) -> String {
        text(self.lang, "desk-adjourned", &[])
    }

    /// The sealed move opened: what it was and what became of it.
    pub(super) fn seal_opened(&self) -> String {
        match self.note() {
            Some(Note::Opened {
                opened,
                before,
                sealer,
                ..
            }) => say_opened(self.lang, opened, before, *sealer),
            _ => String::new(),
        }
    }
}
