//! A client message to the table's [`Order`]: the one mapping the WebSocket session uses, on
//! every node (a node that only follows the game forwards the order it gives to the owner,
//! typed: `docs/scale-out.md`).
//! Text others read back is checked here (one line, no control or direction characters; the
//! arbiter's note on a ruling and his reason for a correction plain text besides, no markup),
//! and a recording named in a scoresheet entry must be the seat's own.

use std::path::Path;

use shakmaty::{Color, Piece, Square};

use crate::announce::Lang;
use crate::game::{ClaimKind, Command, GameResult, Seat};
use crate::scoresheet::Slot;
use crate::scoresheet::desk::{DeskCommand, FixEdit};
use crate::server::recordings;
use crate::server::wire::{BoardMsg, BoardSensedMsg, ClientMsg, ErrorCode, FixAction, RequestId};
use crate::store::GameId;
use crate::table::{Confirmation, Order};

/// What a client message is.
pub enum Mapped {
    /// An order to the game, with the second step it still asks for.
    Order {
        id: RequestId,
        order: Order,
        confirm: Option<Confirmation>,
    },
    /// Refused before it reaches the game (text that is not one line, a recording that is not
    /// the seat's).
    Refuse {
        id: RequestId,
        code: ErrorCode,
        args: Vec<(&'static str, String)>,
    },
    /// Not an order (`hello`, `ping`, `state`, `repeat`, voice, the questions about the
    /// position, a hint, an evaluation): the session answers it.
    NotAnOrder,
}

/// `None` if `text` is one line without control or direction characters; else its refusal.
fn check_text(id: &RequestId, text: &str) -> Option<Mapped> {
    let problem =
        crate::text_check::one_line(text.trim(), crate::scoresheet::MAX_ENTRY_BYTES).err()?;
    Some(Mapped::Refuse {
        id: id.clone(),
        code: ErrorCode::InvalidText,
        args: vec![
            ("field", "text".to_owned()),
            ("problem", problem.key().to_owned()),
        ],
    })
}

/// `None` if the arbiter's `text` in `field` (a note, a reason) is one line of plain text;
/// else its refusal.
fn check_plain(id: &RequestId, field: &str, text: &str) -> Option<Mapped> {
    let problem = crate::text_check::plain(text.trim(), crate::text_check::MAX_NOTE_CHARS).err()?;
    Some(Mapped::Refuse {
        id: id.clone(),
        code: ErrorCode::InvalidText,
        args: vec![
            ("field", field.to_owned()),
            ("problem", problem.key().to_owned()),
        ],
    })
}

/// The order `msg` gives, from `seat` speaking `lang` in `game` (recordings under `data_dir`);
/// an arbiter's ruling with a note carries it ([`Order::Noted`]).
pub fn order_of(msg: ClientMsg, seat: Seat, lang: Lang, data_dir: &Path, game: &GameId) -> Mapped {
    let note = ruling_note(&msg).filter(|n| !n.trim().is_empty());
    match order_without_note(msg, seat, lang, data_dir, game) {
        Mapped::Order { id, order, confirm } => match note {
            None => Mapped::Order { id, order, confirm },
            Some(note) => {
                if let Some(refuse) = check_plain(&id, "note", &note) {
                    return refuse;
                }
                let order = Order::Noted {
                    order: Box::new(order),
                    note,
                };
                Mapped::Order { id, order, confirm }
            }
        },
        other => other,
    }
}

/// The note on an arbiter's ruling, if the message is one and carries one.
fn ruling_note(msg: &ClientMsg) -> Option<String> {
    match msg {
        ClientMsg::SetClock { note, .. }
        | ClientMsg::End { note, .. }
        | ClientMsg::Forfeit { note, .. }
        | ClientMsg::RuleTouch { note, .. }
        | ClientMsg::ReleaseTouch { note, .. }
        | ClientMsg::RestoreBoard { note, .. }
        | ClientMsg::Reconcile { note, .. }
        | ClientMsg::UndoRuling { note, .. } => note.clone(),
        _ => None,
    }
}

/// The order `msg` gives, its note left to [`order_of`].
fn order_without_note(
    msg: ClientMsg,
    seat: Seat,
    lang: Lang,
    data_dir: &Path,
    game: &GameId,
) -> Mapped {
    let play = |c: Command| Order::Play(c);
    // Resign, offer and claim ask for a second step unless sent `"confirmed": true`.
    let unconfirmed = |confirmed: bool, c: Confirmation| (!confirmed).then_some(c);
    let (id, order, confirm) = match msg {
        m @ (ClientMsg::Hello(_)
        | ClientMsg::Ping { .. }
        | ClientMsg::State { .. }
        | ClientMsg::Repeat { .. }
        | ClientMsg::VoiceStart { .. }
        | ClientMsg::VoiceEnd { .. }
        | ClientMsg::VoiceCancel { .. }
        | ClientMsg::VoiceAnswer { .. }
        | ClientMsg::SayCaptured { .. }
        | ClientMsg::LegalMoves { .. }
        | ClientMsg::Material { .. }
        | ClientMsg::BoardStatus(_)
        | ClientMsg::Hint { .. }
        | ClientMsg::Eval { .. }) => {
            drop(m);
            return Mapped::NotAnOrder;
        }
        ClientMsg::Move { id, uci } => (id, Order::Uci(uci), None),
        ClientMsg::Announce { id, text } => (id, Order::Announce { lang, text }, None),
        ClientMsg::RepeatMove { id, text } => (id, Order::Repeat { lang, text }, None),
        ClientMsg::Pause { id } => (id, play(Command::Pause), None),
        ClientMsg::Resume { id } => (id, play(Command::Resume), None),
        ClientMsg::Start { id } => (id, play(Command::Start), None),
        ClientMsg::SetClock {
            id,
            color,
            remaining_ms,
            ..
        } => (id, play(set_clock(color, remaining_ms)), None),
        ClientMsg::End { id, result, .. } => (id, play(Command::End(result)), None),
        ClientMsg::Forfeit {
            id,
            result,
            confirmed,
            ..
        } => (
            id,
            forfeit(result),
            (!confirmed).then_some(Confirmation::Forfeit(result)),
        ),
        ClientMsg::CorrectResult {
            id,
            result,
            forfeit,
            reason,
            confirmed,
        } => return correct_result(id, result, forfeit, reason, confirmed),
        ClientMsg::Board(BoardMsg { id, board, op }) => {
            (id, play(Command::Board { board, op }), None)
        }
        ClientMsg::BoardSensed(BoardSensedMsg {
            id,
            board,
            readings,
        }) => (id, Order::Sensed { board, readings }, None),
        ClientMsg::PressClock { id } => (id, play(Command::PressClock), None),
        ClientMsg::Adjust { id } => (id, play(Command::Adjust), None),
        ClientMsg::Resign { id, confirmed } => {
            let ask = unconfirmed(confirmed, Confirmation::Resign);
            (id, play(Command::Resign), ask)
        }
        ClientMsg::OfferDraw { id, confirmed } => {
            let ask = unconfirmed(confirmed, Confirmation::OfferDraw);
            (id, play(Command::OfferDraw), ask)
        }
        ClientMsg::AcceptDraw { id } => (id, play(Command::AcceptDraw), None),
        ClientMsg::DeclineDraw { id } => (id, play(Command::DeclineDraw), None),
        ClientMsg::ClaimDraw {
            id,
            kind,
            uci,
            text,
            confirmed,
        } => {
            let ask = unconfirmed(confirmed, Confirmation::ClaimDraw(kind));
            (id, claim_draw(kind, uci, text, lang), ask)
        }
        ClientMsg::ClaimTime { id } => (id, play(Command::ClaimTime), None),
        ClientMsg::TakeBack { id } => (id, play(Command::TakeBack), None),
        ClientMsg::ReportTouch { id, square } => (id, play(Command::ReportTouch(square)), None),
        ClientMsg::RuleTouch { id, upheld, .. } => (id, play(Command::RuleTouch(upheld)), None),
        ClientMsg::ReleaseTouch { id, confirmed, .. } => {
            let ask = unconfirmed(confirmed, Confirmation::ReleaseTouch);
            (id, play(Command::ReleaseTouch), ask)
        }
        ClientMsg::RestoreBoard { id, board, .. } => (id, play(Command::RestoreBoard(board)), None),
        ClientMsg::TalkingClock { id } => (id, play(Command::TalkingClock), None),
        ClientMsg::ClockWarnings { id, on } => (id, play(Command::Warnings(on)), None),
        ClientMsg::WriteSheet {
            id,
            number,
            side,
            text,
            draw_offer,
            audio,
        } => {
            let write = Write {
                slot: Slot::new(number.0, side),
                text,
                draw_offer,
                audio,
            };
            return write_sheet(id, write, seat, data_dir, game);
        }
        m @ (ClientMsg::StrikeSheet { .. }
        | ClientMsg::AutoRecord { .. }
        | ClientMsg::CompareBoards { .. }
        | ClientMsg::Reconcile { .. }
        | ClientMsg::UndoRuling { .. }
        | ClientMsg::FixBoard { .. }
        | ClientMsg::CallAdjournment { .. }
        | ClientMsg::SealMove { .. }
        | ClientMsg::SealStopClock { .. }
        | ClientMsg::OpenSealed { .. }) => return desk_order(m),
    };
    Mapped::Order { id, order, confirm }
}

/// The order a message of the desk gives (scoresheets but a written entry, diverging
/// boards, adjournment).
fn desk_order(msg: ClientMsg) -> Mapped {
    let desk = |c: DeskCommand| Order::Desk(c);
    let unconfirmed = |confirmed: bool, c: Confirmation| (!confirmed).then_some(c);
    let (id, order, confirm) = match msg {
        ClientMsg::StrikeSheet { id, number, side } => {
            let slot = Slot::new(number.0, side);
            (id, desk(DeskCommand::Strike { slot }), None)
        }
        ClientMsg::AutoRecord { id, on } => (id, desk(DeskCommand::AutoRecord(on)), None),
        ClientMsg::CompareBoards { id } => (id, desk(DeskCommand::CompareBoards), None),
        ClientMsg::Reconcile {
            id,
            ply,
            confirmed,
            take_back,
            ..
        } => {
            let (rule, ask) = reconcile(ply, confirmed, take_back);
            (id, desk(rule), ask)
        }
        ClientMsg::UndoRuling { id, confirmed, .. } => {
            let ask = unconfirmed(confirmed, Confirmation::UndoRuling);
            (id, desk(DeskCommand::UndoRuling), ask)
        }
        ClientMsg::FixBoard {
            id,
            board,
            action,
            square,
            piece,
        } => (id, desk(fix_board(board, action, square, piece)), None),
        ClientMsg::CallAdjournment { id, resume_at_ms } => {
            let call = DeskCommand::CallAdjournment { resume_at_ms };
            (id, desk(call), None)
        }
        ClientMsg::SealMove { id, text } => {
            if let Some(refuse) = check_text(&id, &text) {
                return refuse;
            }
            (id, desk(DeskCommand::Seal(text)), None)
        }
        ClientMsg::SealStopClock { id } => (id, desk(DeskCommand::StopClock), None),
        ClientMsg::OpenSealed { id } => (id, desk(DeskCommand::OpenSealed), None),
        _ => return Mapped::NotAnOrder,
    };
    Mapped::Order { id, order, confirm }
}

/// The arbiter's forfeit (a game not played).
fn forfeit(result: GameResult) -> Order {
    Order::Play(Command::Forfeit(result))
}

/// The arbiter's correction of the result after the end: his reason required, plain text;
/// shown first unless `confirmed`.
fn correct_result(
    id: RequestId,
    result: GameResult,
    forfeit: bool,
    reason: String,
    confirmed: bool,
) -> Mapped {
    if reason.trim().is_empty() {
        let code = ErrorCode::ReasonRequired;
        return Mapped::Refuse {
            id,
            code,
            args: Vec::new(),
        };
    }
    if let Some(refuse) = check_plain(&id, "reason", &reason) {
        return refuse;
    }
    let order = Order::CorrectResult {
        result,
        forfeit,
        reason,
    };
    let confirm = (!confirmed).then_some(Confirmation::CorrectResult(result));
    Mapped::Order { id, order, confirm }
}

/// The arbiter sets `color`'s remaining time.
fn set_clock(color: Color, remaining_ms: u64) -> Command {
    Command::SetClock {
        color,
        remaining_ms,
    }
}

/// A draw claim, with the move it names (written as `text` in `lang`, or as `uci`).
fn claim_draw(kind: ClaimKind, uci: Option<String>, text: Option<String>, lang: Lang) -> Order {
    Order::ClaimDraw {
        kind,
        uci,
        text: text.map(|t| (lang, t)),
    }
}

/// A scoresheet entry as the client sent it: its recording named by id.
struct Write {
    slot: Slot,
    text: String,
    draw_offer: bool,
    audio: Option<String>,
}

/// An entry written on `seat`'s scoresheet in `game`, or its refusal: its text must be one
/// line, and a recording it names one the seat uploaded (under `data_dir`).
fn write_sheet(id: RequestId, write: Write, seat: Seat, data_dir: &Path, game: &GameId) -> Mapped {
    // Text others read back (the arbiter's export, the envelope): one line,
    // no control or direction characters.
    if let Some(refuse) = check_text(&id, &write.text) {
        return refuse;
    }
    let audio = match write.audio {
        None => None,
        Some(a) => {
            let own = seat
                .side()
                .and_then(|side| recordings::own_audio_ref(data_dir, game, &a, side));
            if own.is_none() {
                let args = vec![("audio", a.chars().take(64).collect::<String>())];
                let code = ErrorCode::UnknownAudio;
                return Mapped::Refuse { id, code, args };
            }
            own
        }
    };
    let write = DeskCommand::Write {
        slot: write.slot,
        text: write.text,
        draw_offer: write.draw_offer,
        audio,
    };
    Mapped::Order {
        id,
        order: Order::Desk(write),
        confirm: None,
    }
}

/// The arbiter's ruling on diverging boards, and the second step it still asks for.
fn reconcile(
    ply: Option<u32>,
    confirmed: bool,
    take_back: Option<u32>,
) -> (DeskCommand, Option<Confirmation>) {
    // A ruling is shown with its consequence first; done only when confirmed
    // with the number of half-moves to take back the arbiter was shown.
    let expect = take_back.filter(|_| confirmed).map(|n| n as usize);
    let rule = DeskCommand::Rule {
        ply: ply.map(|p| p as usize),
        expect,
    };
    let ask = expect.is_none().then_some(Confirmation::Rule);
    (rule, ask)
}

/// The arbiter lifts a piece from `board`'s `square`, or places one there.
fn fix_board(board: Color, action: FixAction, square: Square, piece: Option<Piece>) -> DeskCommand {
    let edit = match action {
        FixAction::Lift => FixEdit::Lift(square),
        FixAction::Place => FixEdit::Place(square, piece),
    };
    DeskCommand::Fix { board, edit }
}
