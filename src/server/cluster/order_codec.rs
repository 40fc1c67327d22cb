//! A follower's order as it goes to the game's owner over NATS (`docs/scale-out.md`): the
//! table's [`Order`] and the second step it asks for ([`Confirmation`]), typed, one serde
//! record per shape, mapped once each way. The core stays free of serde: the records live
//! here, and every value the store names already (a seat, a colour, a square, a piece, a
//! result, a claim, a language, a board op) goes by the store's own name for it
//! ([`crate::store::Named`]).
//!
//! A move goes as UCI and is resolved again against the owner's position when the order is
//! read ([`OrderRecord::order`]): a move that is no longer legal there (the game went on
//! while the order travelled) is refused as the table refuses an illegal move.

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Piece, Role, Square};

use crate::announce::Lang;
use crate::game::{ClaimKind, Command, GameResult, Refusal, Seat, SquareReading};
use crate::scoresheet::desk::{DeskCommand, FixEdit};
use crate::scoresheet::{AudioRef, Slot};
use crate::store::{N, OpRecord, RecordError, board_op, op_fields};
use crate::table::{Confirmation, Order, Table, TableRefusal};

/// An [`Order`] on the bus, tagged by `type`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum OrderRecord {
    Uci {
        uci: String,
    },
    Announce {
        lang: N<Lang>,
        text: String,
    },
    Repeat {
        lang: N<Lang>,
        text: String,
    },
    ClaimDraw {
        claim: N<ClaimKind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        uci: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<(N<Lang>, String)>,
    },
    Play {
        command: CommandRecord,
    },
    Desk {
        command: DeskRecord,
    },
    CorrectResult {
        result: N<GameResult>,
        forfeit: bool,
        reason: String,
    },
    Noted {
        order: Box<OrderRecord>,
        note: String,
    },
    Sensed {
        board: N<Color>,
        readings: Vec<(u64, N<Square>, N<SquareReading>)>,
    },
}

/// A [`Command`] on the bus, tagged by `kind`; a move by its UCI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum CommandRecord {
    Move {
        uci: N<UciMove>,
    },
    Announce {
        uci: N<UciMove>,
    },
    Board {
        board: N<Color>,
        op: OpRecord,
        square: N<Square>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<N<Square>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        promotion: Option<N<Role>>,
    },
    PressClock,
    Repeat {
        uci: N<UciMove>,
    },
    Adjust,
    Pause,
    Resume,
    SetClock {
        color: N<Color>,
        remaining_ms: u64,
    },
    End {
        result: N<GameResult>,
    },
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw {
        claim: N<ClaimKind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<N<UciMove>>,
    },
    ClaimTime,
    ReportTouch {
        square: N<Square>,
    },
    RuleTouch {
        upheld: bool,
    },
    ReleaseTouch,
    Forfeit {
        result: N<GameResult>,
    },
    RestoreBoard {
        board: N<Color>,
    },
    TalkingClock,
    Start,
    Arrive,
    IllegalAnnouncement {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        uci: Option<N<UciMove>>,
    },
    Warnings {
        on: bool,
    },
    TakeBack,
    IssueLink {
        seat: N<Seat>,
        hash: N<[u8; 32]>,
    },
}

/// A [`DeskCommand`] on the bus, tagged by `kind`; a slot by its move number and colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum DeskRecord {
    Write {
        number: u32,
        color: N<Color>,
        text: String,
        draw_offer: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        audio: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        audio_mime: Option<String>,
    },
    Strike {
        number: u32,
        color: N<Color>,
    },
    AutoRecord {
        on: bool,
    },
    CompareBoards,
    Rule {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<usize>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        expect: Option<usize>,
    },
    UndoRuling,
    FixLift {
        board: N<Color>,
        square: N<Square>,
    },
    FixPlace {
        board: N<Color>,
        square: N<Square>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        piece: Option<N<Piece>>,
    },
    CallAdjournment {
        resume_at_ms: u64,
    },
    Seal {
        text: String,
    },
    StopClock,
    OpenSealed,
}

/// A [`Confirmation`] on the bus, tagged by `action` (its name on the wire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub(crate) enum ConfirmationRecord {
    Resign,
    OfferDraw,
    ClaimDraw {
        claim: N<ClaimKind>,
    },
    /// A ruling on diverging boards (`reconcile` on the wire).
    #[serde(rename = "reconcile")]
    Rule,
    UndoRuling,
    ReleaseTouch,
    Forfeit {
        result: N<GameResult>,
    },
    CorrectResult {
        result: N<GameResult>,
    },
}

fn uci_of(m: &Move) -> N<UciMove> {
    N(m.to_uci(CastlingMode::Standard))
}

impl From<&Order> for OrderRecord {
    fn from(order: &Order) -> OrderRecord {
        match order {
            Order::Uci(uci) => OrderRecord::Uci { uci: uci.clone() },
            Order::Announce { lang, text } => OrderRecord::Announce {
                lang: N(*lang),
                text: text.clone(),
            },
            Order::Repeat { lang, text } => OrderRecord::Repeat {
                lang: N(*lang),
                text: text.clone(),
            },
            Order::ClaimDraw { kind, uci, text } => OrderRecord::ClaimDraw {
                claim: N(*kind),
                uci: uci.clone(),
                text: text.as_ref().map(|(l, t)| (N(*l), t.clone())),
            },
            Order::Play(c) => OrderRecord::Play { command: c.into() },
            Order::Desk(c) => OrderRecord::Desk { command: c.into() },
            Order::CorrectResult {
                result,
                forfeit,
                reason,
            } => OrderRecord::CorrectResult {
                result: N(*result),
                forfeit: *forfeit,
                reason: reason.clone(),
            },
            Order::Noted { order, note } => OrderRecord::Noted {
                order: Box::new(order.as_ref().into()),
                note: note.clone(),
            },
            Order::Sensed { board, readings } => OrderRecord::Sensed {
                board: N(*board),
                readings: readings
                    .iter()
                    .map(|(ago, sq, found)| (*ago, N(*sq), N(*found)))
                    .collect(),
            },
        }
    }
}

impl OrderRecord {
    /// The order, its moves resolved in the owner's `table` as it is now: a move that is not
    /// legal there is refused as the table refuses an illegal move; a board op without a
    /// square it needs does not read.
    pub(crate) fn order(self, table: &Table) -> Result<Result<Order, TableRefusal>, RecordError> {
        Ok(Ok(match self {
            OrderRecord::Uci { uci } => Order::Uci(uci),
            OrderRecord::Announce { lang, text } => Order::Announce { lang: lang.0, text },
            OrderRecord::Repeat { lang, text } => Order::Repeat { lang: lang.0, text },
            OrderRecord::ClaimDraw { claim, uci, text } => Order::ClaimDraw {
                kind: claim.0,
                uci,
                text: text.map(|(l, t)| (l.0, t)),
            },
            OrderRecord::Play { command } => match command.command(table)? {
                Ok(c) => Order::Play(c),
                Err(refused) => return Ok(Err(refused)),
            },
            OrderRecord::Desk { command } => Order::Desk(command.into()),
            OrderRecord::CorrectResult {
                result,
                forfeit,
                reason,
            } => Order::CorrectResult {
                result: result.0,
                forfeit,
                reason,
            },
            OrderRecord::Noted { order, note } => match order.order(table)? {
                Ok(order) => Order::Noted {
                    order: Box::new(order),
                    note,
                },
                Err(refused) => return Ok(Err(refused)),
            },
            OrderRecord::Sensed { board, readings } => Order::Sensed {
                board: board.0,
                readings: readings
                    .into_iter()
                    .map(|(ago, sq, found)| (ago, sq.0, found.0))
                    .collect(),
            },
        }))
    }
}

impl From<&Command> for CommandRecord {
    fn from(c: &Command) -> CommandRecord {
        use CommandRecord as R;
        match c {
            Command::Move(m) => R::Move { uci: uci_of(m) },
            Command::Announce(m) => R::Announce { uci: uci_of(m) },
            Command::Board { board, op } => {
                let (op, square, to, promotion) = op_fields(op);
                R::Board {
                    board: N(*board),
                    op,
                    square: N(square),
                    to: to.map(N),
                    promotion: promotion.map(N),
                }
            }
            Command::PressClock => R::PressClock,
            Command::Repeat(m) => R::Repeat { uci: uci_of(m) },
            Command::Adjust => R::Adjust,
            Command::Pause => R::Pause,
            Command::Resume => R::Resume,
            Command::SetClock {
                color,
                remaining_ms,
            } => R::SetClock {
                color: N(*color),
                remaining_ms: *remaining_ms,
            },
            Command::End(result) => R::End { result: N(*result) },
            Command::Resign => R::Resign,
            Command::OfferDraw => R::OfferDraw,
            Command::AcceptDraw => R::AcceptDraw,
            Command::DeclineDraw => R::DeclineDraw,
            Command::ClaimDraw { kind, with } => R::ClaimDraw {
                claim: N(*kind),
                with: with.as_ref().map(uci_of),
            },
            Command::ClaimTime => R::ClaimTime,
            Command::ReportTouch(square) => R::ReportTouch { square: N(*square) },
            Command::RuleTouch(upheld) => R::RuleTouch { upheld: *upheld },
            Command::ReleaseTouch => R::ReleaseTouch,
            Command::Forfeit(result) => R::Forfeit { result: N(*result) },
            Command::RestoreBoard(board) => R::RestoreBoard { board: N(*board) },
            Command::TalkingClock => R::TalkingClock,
            Command::Start => R::Start,
            Command::Arrive => R::Arrive,
            Command::IllegalAnnouncement(uci) => R::IllegalAnnouncement { uci: uci.map(N) },
            Command::Warnings(on) => R::Warnings { on: *on },
            Command::TakeBack => R::TakeBack,
            Command::IssueLink { seat, hash } => R::IssueLink {
                seat: N(*seat),
                hash: N(*hash),
            },
        }
    }
}

/// `uci` as a move in `pos`, or the table's refusal of an illegal move.
fn resolve(uci: N<UciMove>, pos: Option<&Chess>) -> Result<Move, TableRefusal> {
    let illegal = || TableRefusal::Play {
        refusal: Refusal::IllegalMove,
        said: uci.0.to_string(),
    };
    pos.and_then(|pos| uci.0.to_move(pos).ok())
        .ok_or_else(illegal)
}

impl CommandRecord {
    /// The command, its move resolved in `table`'s position (a repetition's in the position
    /// the announced move was made in).
    pub(crate) fn command(
        self,
        table: &Table,
    ) -> Result<Result<Command, TableRefusal>, RecordError> {
        use CommandRecord as R;
        let game = table.game();
        let now = || Some(game.position());
        let moved = |uci, make: fn(Move) -> Command| resolve(uci, now()).map(make);
        Ok(match self {
            R::Move { uci } => moved(uci, Command::Move),
            R::Announce { uci } => moved(uci, Command::Announce),
            R::Repeat { uci } => {
                resolve(uci, game.repeat_position().map(|(pos, _)| pos)).map(Command::Repeat)
            }
            R::ClaimDraw { claim, with } => match with {
                None => Ok(Command::ClaimDraw {
                    kind: claim.0,
                    with: None,
                }),
                Some(uci) => resolve(uci, now()).map(|m| Command::ClaimDraw {
                    kind: claim.0,
                    with: Some(m),
                }),
            },
            R::Board {
                board,
                op,
                square,
                to,
                promotion,
            } => Ok(Command::Board {
                board: board.0,
                op: board_op(op, Some(square), to, promotion)?,
            }),
            R::PressClock => Ok(Command::PressClock),
            R::Adjust => Ok(Command::Adjust),
            R::Pause => Ok(Command::Pause),
            R::Resume => Ok(Command::Resume),
            R::SetClock {
                color,
                remaining_ms,
            } => Ok(Command::SetClock {
                color: color.0,
                remaining_ms,
            }),
            R::End { result } => Ok(Command::End(result.0)),
            R::Resign => Ok(Command::Resign),
            R::OfferDraw => Ok(Command::OfferDraw),
            R::AcceptDraw => Ok(Command::AcceptDraw),
            R::DeclineDraw => Ok(Command::DeclineDraw),
            R::ClaimTime => Ok(Command::ClaimTime),
            R::ReportTouch { square } => Ok(Command::ReportTouch(square.0)),
            R::RuleTouch { upheld } => Ok(Command::RuleTouch(upheld)),
            R::ReleaseTouch => Ok(Command::ReleaseTouch),
            R::Forfeit { result } => Ok(Command::Forfeit(result.0)),
            R::RestoreBoard { board } => Ok(Command::RestoreBoard(board.0)),
            R::TalkingClock => Ok(Command::TalkingClock),
            R::Start => Ok(Command::Start),
            R::Arrive => Ok(Command::Arrive),
            R::IllegalAnnouncement { uci } => Ok(Command::IllegalAnnouncement(uci.map(|u| u.0))),
            R::Warnings { on } => Ok(Command::Warnings(on)),
            R::TakeBack => Ok(Command::TakeBack),
            R::IssueLink { seat, hash } => Ok(Command::IssueLink {
                seat: seat.0,
                hash: hash.0,
            }),
        })
    }
}

impl From<&DeskCommand> for DeskRecord {
    fn from(c: &DeskCommand) -> DeskRecord {
        use DeskRecord as R;
        match c {
            DeskCommand::Write {
                slot,
                text,
                draw_offer,
                audio,
            } => R::Write {
                number: slot.number,
                color: N(slot.color),
                text: text.clone(),
                draw_offer: *draw_offer,
                audio: audio.as_ref().map(|a| a.id.clone()),
                audio_mime: audio.as_ref().map(|a| a.mime.clone()),
            },
            DeskCommand::Strike { slot } => R::Strike {
                number: slot.number,
                color: N(slot.color),
            },
            DeskCommand::AutoRecord(on) => R::AutoRecord { on: *on },
            DeskCommand::CompareBoards => R::CompareBoards,
            DeskCommand::Rule { ply, expect } => R::Rule {
                ply: *ply,
                expect: *expect,
            },
            DeskCommand::UndoRuling => R::UndoRuling,
            DeskCommand::Fix { board, edit } => match *edit {
                FixEdit::Lift(square) => R::FixLift {
                    board: N(*board),
                    square: N(square),
                },
                FixEdit::Place(square, piece) => R::FixPlace {
                    board: N(*board),
                    square: N(square),
                    piece: piece.map(N),
                },
            },
            DeskCommand::CallAdjournment { resume_at_ms } => R::CallAdjournment {
                resume_at_ms: *resume_at_ms,
            },
            DeskCommand::Seal(text) => R::Seal { text: text.clone() },
            DeskCommand::StopClock => R::StopClock,
            DeskCommand::OpenSealed => R::OpenSealed,
        }
    }
}

impl From<DeskRecord> for DeskCommand {
    fn from(r: DeskRecord) -> DeskCommand {
        use DeskRecord as R;
        match r {
            R::Write {
                number,
                color,
                text,
                draw_offer,
                audio,
                audio_mime,
            } => DeskCommand::Write {
                slot: Slot::new(number, color.0),
                text,
                draw_offer,
                audio: audio.map(|id| AudioRef {
                    id,
                    mime: audio_mime.unwrap_or_default(),
                }),
            },
            R::Strike { number, color } => DeskCommand::Strike {
                slot: Slot::new(number, color.0),
            },
            R::AutoRecord { on } => DeskCommand::AutoRecord(on),
            R::CompareBoards => DeskCommand::CompareBoards,
            R::Rule { ply, expect } => DeskCommand::Rule { ply, expect },
            R::UndoRuling => DeskCommand::UndoRuling,
            R::FixLift { board, square } => DeskCommand::Fix {
                board: board.0,
                edit: FixEdit::Lift(square.0),
            },
            R::FixPlace {
                board,
                square,
                piece,
            } => DeskCommand::Fix {
                board: board.0,
                edit: FixEdit::Place(square.0, piece.map(|p| p.0)),
            },
            R::CallAdjournment { resume_at_ms } => DeskCommand::CallAdjournment { resume_at_ms },
            R::Seal { text } => DeskCommand::Seal(text),
            R::StopClock => DeskCommand::StopClock,
            R::OpenSealed => DeskCommand::OpenSealed,
        }
    }
}

impl From<Confirmation> for ConfirmationRecord {
    fn from(c: Confirmation) -> ConfirmationRecord {
        use ConfirmationRecord as R;
        match c {
            Confirmation::Resign => R::Resign,
            Confirmation::OfferDraw => R::OfferDraw,
            Confirmation::ClaimDraw(kind) => R::ClaimDraw { claim: N(kind) },
            Confirmation::Rule => R::Rule,
            Confirmation::UndoRuling => R::UndoRuling,
            Confirmation::ReleaseTouch => R::ReleaseTouch,
            Confirmation::Forfeit(result) => R::Forfeit { result: N(result) },
            Confirmation::CorrectResult(result) => R::CorrectResult { result: N(result) },
        }
    }
}

impl From<ConfirmationRecord> for Confirmation {
    fn from(r: ConfirmationRecord) -> Confirmation {
        use ConfirmationRecord as R;
        match r {
            R::Resign => Confirmation::Resign,
            R::OfferDraw => Confirmation::OfferDraw,
            R::ClaimDraw { claim } => Confirmation::ClaimDraw(claim.0),
            R::Rule => Confirmation::Rule,
            R::UndoRuling => Confirmation::UndoRuling,
            R::ReleaseTouch => Confirmation::ReleaseTouch,
            R::Forfeit { result } => Confirmation::Forfeit(result.0),
            R::CorrectResult { result } => Confirmation::CorrectResult(result.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use shakmaty::ByColor;

    use super::*;
    use crate::game::{BoardKind, BoardOp, Player, Setup, TimeControl};
    use crate::words::SheetWords;

    /// A digital game between two sighted players.
    fn setup() -> Setup {
        let p = |name: &str| Player {
            name: name.to_owned(),
            visually_impaired: false,
            board: BoardKind::Normal,
            assistant: false,
            computer: None,
        };
        Setup {
            time_control: TimeControl::fischer(900_000, 0),
            players: ByColor {
                white: p("Ayşe"),
                black: p("Jörg"),
            },
            languages: [Lang::Tr, Lang::De, Lang::Tr, Lang::De, Lang::En, Lang::En],
            profile: Default::default(),
            event: Default::default(),
            start: Default::default(),
        }
    }

    /// The game after 1. e4: Black to move, and 1. e4 is the move a repetition repeats.
    fn after_e4() -> Table {
        let mut table = Table::new(setup(), Arc::new(SheetWords));
        let events = table
            .decide(Seat::White, Order::Uci("e2e4".into()), 1_000)
            .expect("1. e4");
        for e in &events {
            table.apply(e).expect("applies");
        }
        table
    }

    fn mv(pos: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
    }

    /// Which command it is: every one has its number, and the table of the test below holds
    /// each (a new command does not compile here until it has one, and fails the test until
    /// the table holds it).
    fn command_number(c: &Command) -> usize {
        match c {
            Command::Move(_) => 0,
            Command::Announce(_) => 1,
            Command::Board { .. } => 2,
            Command::PressClock => 3,
            Command::Repeat(_) => 4,
            Command::Adjust => 5,
            Command::Pause => 6,
            Command::Resume => 7,
            Command::SetClock { .. } => 8,
            Command::End(_) => 9,
            Command::Resign => 10,
            Command::OfferDraw => 11,
            Command::AcceptDraw => 12,
            Command::DeclineDraw => 13,
            Command::ClaimDraw { .. } => 14,
            Command::ClaimTime => 15,
            Command::ReportTouch(_) => 16,
            Command::RuleTouch(_) => 17,
            Command::ReleaseTouch => 18,
            Command::Forfeit(_) => 19,
            Command::RestoreBoard(_) => 20,
            Command::TalkingClock => 21,
            Command::Start => 22,
            Command::Arrive => 23,
            Command::IllegalAnnouncement(_) => 24,
            Command::Warnings(_) => 25,
            Command::TakeBack => 26,
            Command::IssueLink { .. } => 27,
        }
    }
    const COMMANDS: usize = 28;

    /// The same for the desk's commands.
    fn desk_number(c: &DeskCommand) -> usize {
        match c {
            DeskCommand::Write { .. } => 0,
            DeskCommand::Strike { .. } => 1,
            DeskCommand::AutoRecord(_) => 2,
            DeskCommand::CompareBoards => 3,
            DeskCommand::Rule { .. } => 4,
            DeskCommand::UndoRuling => 5,
            DeskCommand::Fix {
                edit: FixEdit::Lift(_),
                ..
            } => 6,
            DeskCommand::Fix {
                edit: FixEdit::Place(..),
                ..
            } => 7,
            DeskCommand::CallAdjournment { .. } => 8,
            DeskCommand::Seal(_) => 9,
            DeskCommand::StopClock => 10,
            DeskCommand::OpenSealed => 11,
        }
    }
    const DESK_COMMANDS: usize = 12;

    /// And for the orders.
    fn order_number(o: &Order) -> usize {
        match o {
            Order::Uci(_) => 0,
            Order::Announce { .. } => 1,
            Order::Repeat { .. } => 2,
            Order::ClaimDraw { .. } => 3,
            Order::Play(_) => 4,
            Order::Desk(_) => 5,
            Order::CorrectResult { .. } => 6,
            Order::Noted { .. } => 7,
            Order::Sensed { .. } => 8,
        }
    }
    const ORDERS: usize = 9;

    fn orders(table: &Table) -> Vec<Order> {
        let game = table.game();
        let now = game.position();
        let (before, _) = game.repeat_position().unwrap();
        let commands = vec![
            Command::Move(mv(now, "e7e5")),
            Command::Announce(mv(now, "g8f6")),
            Command::Board {
                board: Color::White,
                op: BoardOp::Lift(Square::E2),
            },
            Command::Board {
                board: Color::Black,
                op: BoardOp::Place {
                    square: Square::A8,
                    promotion: Some(Role::Queen),
                },
            },
            Command::Board {
                board: Color::Black,
                op: BoardOp::Remove(Square::D5),
            },
            Command::Board {
                board: Color::White,
                op: BoardOp::Touch(Square::G1),
            },
            Command::Board {
                board: Color::White,
                op: BoardOp::Move {
                    from: Square::E7,
                    to: Square::E8,
                    promotion: Some(Role::Knight),
                },
            },
            Command::PressClock,
            Command::Repeat(mv(before, "e2e4")),
            Command::Adjust,
            Command::Pause,
            Command::Resume,
            Command::SetClock {
                color: Color::Black,
                remaining_ms: 123_456,
            },
            Command::End(GameResult::Draw),
            Command::Resign,
            Command::OfferDraw,
            Command::AcceptDraw,
            Command::DeclineDraw,
            Command::ClaimDraw {
                kind: ClaimKind::Repetition,
                with: None,
            },
            Command::ClaimDraw {
                kind: ClaimKind::FiftyMoves,
                with: Some(mv(now, "e7e6")),
            },
            Command::ClaimTime,
            Command::ReportTouch(Square::H7),
            Command::RuleTouch(true),
            Command::ReleaseTouch,
            Command::Forfeit(GameResult::DoubleForfeit),
            Command::RestoreBoard(Color::Black),
            Command::TalkingClock,
            Command::Start,
            Command::Arrive,
            Command::IllegalAnnouncement(None),
            Command::IllegalAnnouncement(Some("a7a1".parse().unwrap())),
            Command::Warnings(false),
            Command::TakeBack,
            Command::IssueLink {
                seat: Seat::assistant(Color::White),
                hash: [0xab; 32],
            },
        ];
        let desk = vec![
            DeskCommand::Write {
                slot: Slot::new(1, Color::White),
                text: "e4".into(),
                draw_offer: true,
                audio: Some(AudioRef {
                    id: "r1".into(),
                    mime: "audio/ogg".into(),
                }),
            },
            DeskCommand::Write {
                slot: Slot::new(1, Color::Black),
                text: "Sf6".into(),
                draw_offer: false,
                audio: None,
            },
            DeskCommand::Strike {
                slot: Slot::new(3, Color::Black),
            },
            DeskCommand::AutoRecord(true),
            DeskCommand::CompareBoards,
            DeskCommand::Rule {
                ply: Some(4),
                expect: Some(2),
            },
            DeskCommand::Rule {
                ply: None,
                expect: None,
            },
            DeskCommand::UndoRuling,
            DeskCommand::Fix {
                board: Color::White,
                edit: FixEdit::Lift(Square::B1),
            },
            DeskCommand::Fix {
                board: Color::Black,
                edit: FixEdit::Place(Square::C3, Some(Piece::from_char('N').unwrap())),
            },
            DeskCommand::Fix {
                board: Color::Black,
                edit: FixEdit::Place(Square::C3, None),
            },
            DeskCommand::CallAdjournment {
                resume_at_ms: 1_800_000_000_000,
            },
            DeskCommand::Seal("Nf3".into()),
            DeskCommand::StopClock,
            DeskCommand::OpenSealed,
        ];
        let mut orders = vec![
            Order::Uci("e7e5".into()),
            Order::Announce {
                lang: Lang::Tr,
                text: "at f altı".into(),
            },
            Order::Repeat {
                lang: Lang::De,
                text: "e2 e4".into(),
            },
            Order::ClaimDraw {
                kind: ClaimKind::Repetition,
                uci: Some("g8f6".into()),
                text: None,
            },
            Order::ClaimDraw {
                kind: ClaimKind::FiftyMoves,
                uci: None,
                text: Some((Lang::En, "knight f6".into())),
            },
            Order::CorrectResult {
                result: GameResult::BlackWins,
                forfeit: true,
                reason: "wrong result sheet".into(),
            },
            Order::Noted {
                order: Box::new(Order::Play(Command::SetClock {
                    color: Color::White,
                    remaining_ms: 60_000,
                })),
                note: "clock broke".into(),
            },
            Order::Sensed {
                board: Color::White,
                readings: vec![
                    (0, Square::E2, SquareReading::Empty),
                    (5, Square::E4, SquareReading::Occupied),
                    (
                        9,
                        Square::D1,
                        SquareReading::Piece(Piece::from_char('Q').unwrap()),
                    ),
                ],
            },
        ];
        orders.extend(commands.into_iter().map(Order::Play));
        orders.extend(desk.into_iter().map(Order::Desk));
        orders
    }

    #[test]
    fn every_order_goes_over_the_bus_and_back_unchanged() {
        let table = after_e4();
        let orders = orders(&table);
        let (mut seen, mut commands, mut desk) =
            ([false; ORDERS], [false; COMMANDS], [false; DESK_COMMANDS]);
        for order in orders {
            seen[order_number(&order)] = true;
            match &order {
                Order::Play(c) => commands[command_number(c)] = true,
                Order::Desk(c) => desk[desk_number(c)] = true,
                _ => {}
            }
            let json = serde_json::to_string(&OrderRecord::from(&order)).unwrap();
            let back: OrderRecord = serde_json::from_str(&json).unwrap();
            let back = back.order(&table).unwrap().unwrap_or_else(|r| {
                panic!("{json}: refused {r:?}");
            });
            assert_eq!(back, order, "{json}");
        }
        assert!(seen.iter().all(|s| *s), "orders: {seen:?}");
        assert!(commands.iter().all(|s| *s), "commands: {commands:?}");
        assert!(desk.iter().all(|s| *s), "desk commands: {desk:?}");
    }

    #[test]
    fn every_second_step_goes_over_the_bus_and_back_unchanged() {
        let all = [
            Confirmation::Resign,
            Confirmation::OfferDraw,
            Confirmation::ClaimDraw(ClaimKind::Repetition),
            Confirmation::ClaimDraw(ClaimKind::FiftyMoves),
            Confirmation::Rule,
            Confirmation::UndoRuling,
            Confirmation::ReleaseTouch,
            Confirmation::Forfeit(GameResult::WhiteWins),
            Confirmation::CorrectResult(GameResult::DoubleForfeit),
        ];
        for c in all {
            let json = serde_json::to_string(&ConfirmationRecord::from(c)).unwrap();
            // Named as the wire names the action.
            assert!(
                json.contains(&format!(r#""action":"{}""#, c.key())),
                "{json}"
            );
            let back: ConfirmationRecord = serde_json::from_str(&json).unwrap();
            assert_eq!(Confirmation::from(back), c, "{json}");
        }
    }

    #[test]
    fn a_move_that_is_no_longer_legal_where_it_arrives_is_refused_as_an_illegal_move() {
        // White's 1. e4, sent again after it was played (or decided on a stale copy): in the
        // owner's position it is no move at all.
        let start = Chess::default();
        let table = after_e4();
        for order in [
            Order::Play(Command::Move(mv(&start, "e2e4"))),
            Order::Play(Command::Announce(mv(&start, "d2d4"))),
            Order::Play(Command::ClaimDraw {
                kind: ClaimKind::Repetition,
                with: Some(mv(&start, "g1f3")),
            }),
            Order::Noted {
                order: Box::new(Order::Play(Command::Move(mv(&start, "b1c3")))),
                note: "n".into(),
            },
        ] {
            let json = serde_json::to_string(&OrderRecord::from(&order)).unwrap();
            let back: OrderRecord = serde_json::from_str(&json).unwrap();
            let refused = back.order(&table).unwrap().unwrap_err();
            assert!(
                matches!(
                    &refused,
                    TableRefusal::Play {
                        refusal: Refusal::IllegalMove,
                        said,
                    } if said.len() == 4
                ),
                "{json}: {refused:?}"
            );
        }
        // A repetition is resolved where the repeated move was made: with no move made yet,
        // there is none.
        let fresh = Table::new(setup(), Arc::new(SheetWords));
        assert!(fresh.game().repeat_position().is_none());
        let repeat = Order::Play(Command::Repeat(mv(&start, "e2e4")));
        let back = OrderRecord::from(&repeat).order(&fresh).unwrap();
        assert!(back.is_err(), "{back:?}");
    }

    #[test]
    fn a_board_move_without_its_destination_does_not_read() {
        let json = r#"{"type":"play","command":{"kind":"board","board":"white","op":"move","square":"e2"}}"#;
        let r: OrderRecord = serde_json::from_str(json).unwrap();
        assert!(r.order(&after_e4()).is_err());
    }
}
