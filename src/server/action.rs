//! What a seat asks a game for, before the table understands it, and what it gets back: the
//! shell's side of [`crate::table::Order`] (the confirmation of resigning, offering and
//! claiming lives here, not in the table), and the refusal in the asker's language.

use shakmaty::{Color, Square};

use crate::announce::Lang;
use crate::game::{BoardOp, ClaimKind, Command, GameResult};
use crate::scoresheet::desk::DeskCommand;
pub use crate::table::Confirmation;
use crate::table::{Order, TableRefusal};
use crate::words;

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

/// What a seat asks for, before it is understood.
#[derive(Clone, Debug)]
pub enum Action {
    Uci(String),
    Announce(String),
    Pause,
    Resume,
    SetClock {
        color: Color,
        remaining_ms: u64,
    },
    End(GameResult),
    Board {
        board: Color,
        op: BoardOp,
    },
    PressClock,
    Repeat(String),
    Adjust,
    Resign {
        confirmed: bool,
    },
    OfferDraw {
        confirmed: bool,
    },
    AcceptDraw,
    DeclineDraw,
    ClaimDraw {
        kind: ClaimKind,
        uci: Option<String>,
        text: Option<String>,
        confirmed: bool,
    },
    ClaimTime,
    ReportTouch(Square),
    RuleTouch(bool),
    RestoreBoard(Color),
    TalkingClock,
    Warnings(bool),
    /// Scoresheets, diverging boards, adjournment.
    Desk(DeskCommand),
}

/// An action refused: a stable code and a sentence in the asker's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub code: &'static str,
    pub message: String,
}

impl Refused {
    pub fn new(lang: Lang, code: &'static str, args: &[(&str, String)]) -> Refused {
        Refused {
            code,
            message: words::error(lang, code, args),
        }
    }
}

/// What the table is asked, and the confirmation still missing (resign, offer, claim).
pub(super) fn order_of(lang: Lang, action: Action) -> (Order, Option<Confirmation>) {
    let unconfirmed = |confirmed: bool, c: Confirmation| (!confirmed).then_some(c);
    let order = |c: Command| Order::Play(c);
    match action {
        Action::Uci(text) => (Order::Uci(text), None),
        Action::Announce(text) => (Order::Announce { lang, text }, None),
        Action::Repeat(text) => (Order::Repeat { lang, text }, None),
        Action::Pause => (order(Command::Pause), None),
        Action::Resume => (order(Command::Resume), None),
        Action::SetClock {
            color,
            remaining_ms,
        } => (
            order(Command::SetClock {
                color,
                remaining_ms,
            }),
            None,
        ),
        Action::End(result) => (order(Command::End(result)), None),
        Action::Board { board, op } => (order(Command::Board { board, op }), None),
        Action::PressClock => (order(Command::PressClock), None),
        Action::Adjust => (order(Command::Adjust), None),
        Action::Resign { confirmed } => (
            order(Command::Resign),
            unconfirmed(confirmed, Confirmation::Resign),
        ),
        Action::OfferDraw { confirmed } => (
            order(Command::OfferDraw),
            unconfirmed(confirmed, Confirmation::OfferDraw),
        ),
        Action::AcceptDraw => (order(Command::AcceptDraw), None),
        Action::DeclineDraw => (order(Command::DeclineDraw), None),
        Action::ClaimDraw {
            kind,
            uci,
            text,
            confirmed,
        } => (
            Order::ClaimDraw {
                kind,
                uci,
                text: text.map(|t| (lang, t)),
            },
            unconfirmed(confirmed, Confirmation::ClaimDraw(kind)),
        ),
        Action::ClaimTime => (order(Command::ClaimTime), None),
        Action::ReportTouch(sq) => (order(Command::ReportTouch(sq)), None),
        Action::RuleTouch(upheld) => (order(Command::RuleTouch(upheld)), None),
        Action::RestoreBoard(board) => (order(Command::RestoreBoard(board)), None),
        Action::TalkingClock => (order(Command::TalkingClock), None),
        Action::Warnings(on) => (order(Command::Warnings(on)), None),
        Action::Desk(cmd) => (Order::Desk(cmd), None),
    }
}

/// A refusal of the table in `lang`.
pub(super) fn refused(lang: Lang, r: &TableRefusal) -> Refused {
    Refused {
        code: r.code(),
        message: words::refusals::table_refusal(lang, r),
    }
}
