//! What a seat gets back when it asks a game for something (the session maps each client
//! message straight to a [`crate::table::Order`]): done, the confirmation still missing
//! (resigning, offering and claiming ask for a second step: the shell's, not the table's), or
//! the refusal in the asker's language.

use shakmaty::{Chess, Move};

use super::render;
use super::wire::ErrorCode;
use crate::announce::{Lang, Style};
use crate::game::ClaimKind;
use crate::say::Speaker;
use crate::table::{MoveNames, TableRefusal};

/// What an accepted action led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acted {
    /// Done; the number of the last event it caused.
    Done(Option<u64>),
    /// Resign, offer or claim: asks for the second step. Nothing changed.
    Confirm {
        action: &'static str,
        message: String,
    },
}

/// An action refused: a stable code and a sentence in the asker's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub code: &'static str,
    pub message: String,
}

impl Refused {
    pub fn new(lang: Lang, code: ErrorCode, args: &[(&str, String)]) -> Refused {
        Refused {
            code: code.name(),
            message: render::error(lang, code.name(), args),
        }
    }
}

/// The second step an action asks for before it is done; its name on the wire is the
/// action's `type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum Confirmation {
    Resign,
    OfferDraw,
    ClaimDraw(ClaimKind),
}

impl Confirmation {
    /// The action's name on the wire.
    pub fn key(self) -> &'static str {
        self.into()
    }
}

/// A move in a scoresheet's words, for automatic recording.
pub(super) struct SheetWords;

impl MoveNames for SheetWords {
    fn short(&self, lang: Lang, pos: &Chess, m: Move) -> String {
        Speaker::new(lang).say_move(pos, m, Style::Short)
    }
}

/// A refusal of the table in `lang`.
pub(super) fn refused(lang: Lang, r: &TableRefusal) -> Refused {
    let (code, message) = render::table_refusal(lang, r);
    Refused { code, message }
}
