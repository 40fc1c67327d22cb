//! What a seat gets back when it asks a game for something (the session maps each client
//! message straight to a [`crate::table::Order`]): done, the confirmation still missing
//! (resigning, offering and claiming ask for a second step, [`Confirmation`]), or the refusal
//! in the asker's language.

use crate::announce::Lang;
use crate::server::wire::{ErrorCode, RulingPreview};
pub use crate::table::Confirmation;
use crate::table::TableRefusal;
use crate::words;

/// What an accepted action led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acted {
    /// Done; the number of the last event it caused.
    Done(Option<u64>),
    /// Resign, offer, claim, a ruling: asks for the second step. Nothing changed.
    Confirm {
        action: &'static str,
        message: String,
        /// A ruling's consequence, for the arbiter to confirm.
        ruling: Option<RulingPreview>,
    },
}

/// A ruling's consequence on the wire; `replay`: the half-moves an undo plays again.
pub(crate) fn preview(
    ruling: &crate::scoresheet::reconcile::Ruling,
    replay: usize,
) -> RulingPreview {
    RulingPreview {
        branch: ruling.branch.key(),
        ply: ruling.ply as u32,
        take_back: ruling.take_back as u32,
        replay: replay as u32,
        white_ms: ruling.clocks.map(|c| c.white_ms),
        black_ms: ruling.clocks.map(|c| c.black_ms),
    }
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
            message: words::error(lang, code.name(), args),
        }
    }
}

/// A refusal of the table in `lang`.
pub(crate) fn refused(lang: Lang, r: &TableRefusal) -> Refused {
    Refused {
        code: r.code(),
        message: words::refusals::table_refusal(lang, r),
    }
}
