//! What a seat gets back when it asks a game for something (the session maps each client
//! message straight to a [`crate::table::Order`]): done, the confirmation still missing
//! (resigning, offering and claiming ask for a second step, [`Confirmation`]), or the refusal
//! in the asker's language.

use crate::announce::Lang;
use crate::game::Recorded;
use crate::server::wire::{ErrorCode, RulingPreview};
pub use crate::table::Confirmation;
use crate::table::{Table, TableRefusal};
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

/// The second step `action` asks for before `events` (decided, not applied) are done: its
/// question in `lang`, and a ruling shown with its consequence before the arbiter confirms
/// it. Nothing changed.
pub(crate) fn confirmation(
    lang: Lang,
    table: &Table,
    action: Confirmation,
    events: &[Recorded],
) -> Acted {
    // A ruling is shown with its consequence before the arbiter confirms it.
    let replay = table.game().undoable().map_or(0, |u| u.moves.len());
    let ruling = matches!(action, Confirmation::Rule | Confirmation::UndoRuling)
        .then(|| table.preview(events))
        .flatten();
    let message = match &ruling {
        Some(r) => words::refusals::confirm_ruling(lang, r, replay),
        None => words::refusals::confirm(lang, action, events),
    };
    Acted::Confirm {
        action: action.key(),
        message,
        ruling: ruling.map(|r| {
            let replay = if r.branch == crate::game::BranchKind::Undo {
                replay
            } else {
                0
            };
            preview(&r, replay)
        }),
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
