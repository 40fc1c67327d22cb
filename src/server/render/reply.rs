//! What a seat gets back when it asks a game for something (the session maps each client
//! message straight to a [`crate::table::Order`]): done, the confirmation still missing
//! (resigning, offering and claiming ask for a second step, [`Confirmation`]), or the refusal.
//!
//! The game's task answers in no language ([`Reply`]: typed facts); the answer is said in the
//! asker's language where he is connected ([`said`]), never in the game's task.

use std::borrow::Cow;

use crate::announce::Lang;
use crate::game::Recorded;
use crate::scoresheet::reconcile::Ruling;
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

/// What a game's task answers to an order, in no language: said for the asker by [`said`].
pub type Reply = Result<Outcome, Refusal>;

/// An order the game took.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Done; the number of the last event it caused.
    Done(Option<u64>),
    /// Resign, offer, claim, a ruling: asks for the second step. Nothing changed.
    Confirm(Box<ToConfirm>),
}

/// The second step an order asks for, with what it would do.
#[derive(Clone, Debug)]
pub struct ToConfirm {
    action: Confirmation,
    /// The events the order would cause (decided, not applied), for what the question names.
    events: Vec<Recorded>,
    /// A ruling shown with its consequence before the arbiter confirms it, and the
    /// half-moves an undone ruling plays again.
    ruling: Option<(Ruling, usize)>,
}

/// An order the game refused. Nothing changed.
#[derive(Clone, Debug)]
pub enum Refusal {
    /// The table's rules.
    Table(TableRefusal),
    /// The server's own reasons (a damaged game, a store that failed, the game out of reach).
    Server {
        code: ErrorCode,
        args: Vec<(Cow<'static, str>, String)>,
    },
}

impl Refusal {
    /// A refusal of the server's own, with nothing to name.
    pub fn server(code: ErrorCode) -> Refusal {
        Refusal::Server {
            code,
            args: Vec::new(),
        }
    }

    /// A refusal of the server's own, naming `args`.
    pub fn server_with(code: ErrorCode, args: Vec<(&'static str, String)>) -> Refusal {
        Refusal::Server {
            code,
            args: args
                .into_iter()
                .map(|(k, v)| (Cow::Borrowed(k), v))
                .collect(),
        }
    }
}

impl ToConfirm {
    /// The second step `action` asks for before `events` are done, and the ruling they hold
    /// with the half-moves an undone ruling plays again (an answer read from another node).
    pub(crate) fn new(
        action: Confirmation,
        events: Vec<Recorded>,
        ruling: Option<(Ruling, usize)>,
    ) -> ToConfirm {
        ToConfirm {
            action,
            events,
            ruling,
        }
    }

    pub(crate) fn action(&self) -> Confirmation {
        self.action
    }

    pub(crate) fn events(&self) -> &[Recorded] {
        &self.events
    }

    pub(crate) fn ruling(&self) -> Option<&(Ruling, usize)> {
        self.ruling.as_ref()
    }
}

/// The second step `action` asks for before `events` (decided, not applied) are done, read
/// from the table as it is: a ruling with its consequence. Nothing changed.
pub(crate) fn to_confirm(table: &Table, action: Confirmation, events: Vec<Recorded>) -> Outcome {
    let replay = table.game().undoable().map_or(0, |u| u.moves.len());
    let ruling = matches!(action, Confirmation::Rule | Confirmation::UndoRuling)
        .then(|| table.preview(&events))
        .flatten()
        .map(|r| (r, replay));
    Outcome::Confirm(Box::new(ToConfirm {
        action,
        events,
        ruling,
    }))
}

/// A game's answer said in `lang`: the question a second step asks, a refusal's sentence.
pub fn said(lang: Lang, reply: Reply) -> Result<Acted, Refused> {
    match reply {
        Ok(Outcome::Done(seq)) => Ok(Acted::Done(seq)),
        Ok(Outcome::Confirm(c)) => Ok(confirmation(lang, &c)),
        Err(Refusal::Table(r)) => Err(refused(lang, &r)),
        Err(Refusal::Server { code, args }) => {
            let args: Vec<(&str, String)> = args.iter().map(|(k, v)| (&**k, v.clone())).collect();
            Err(Refused::new(lang, code, &args))
        }
    }
}

/// The question a second step asks in `lang`, and a ruling's consequence on the wire.
fn confirmation(lang: Lang, c: &ToConfirm) -> Acted {
    let message = match &c.ruling {
        Some((r, replay)) => words::refusals::confirm_ruling(lang, r, *replay),
        None => words::refusals::confirm(lang, c.action, &c.events),
    };
    Acted::Confirm {
        action: c.action.key(),
        message,
        ruling: c.ruling.as_ref().map(|(r, replay)| {
            let replay = if r.branch == crate::game::BranchKind::Undo {
                *replay
            } else {
                0
            };
            preview(r, replay)
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
fn refused(lang: Lang, r: &TableRefusal) -> Refused {
    Refused {
        code: r.code(),
        message: words::refusals::table_refusal(lang, r),
    }
}
