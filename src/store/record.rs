//! The stored shape of setups and events (JSON in SQLite columns), kept apart from the
//! domain types so the database format changes only on purpose.

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;
use shakmaty::{ByColor, Color, Piece, Role, Square};

use super::StoreError;
use crate::announce::Lang;
use crate::game::{
    BoardKind, BoardOp, ClaimKind, ClockReading, Edition, EndReason, Ending, Event, EventInfo,
    FlagRule, GameResult, Period, Player, Procedure, Profile, Seat, Setup, StartPosition,
    TimeControl,
};
use crate::scoresheet::reconcile::BranchKind;

#[derive(Serialize, Deserialize)]
struct PlayerRecord {
    name: String,
    visually_impaired: bool,
    board: String,
    assistant: bool,
}

#[derive(Serialize, Deserialize)]
struct PeriodRecord {
    moves: u32,
    base_ms: u64,
    increment_ms: u64,
    delay_ms: u64,
}

/// The rules profile; games stored before profiles existed read as the default.
#[derive(Serialize, Deserialize)]
struct ProfileRecord {
    edition: String,
    procedure: String,
    flag: String,
    illegal_penalty_ms: u64,
    illegal_moves_lose_at: u32,
    false_claim_bonus_ms: u64,
    false_claim_halves: bool,
}

#[derive(Serialize, Deserialize)]
struct SetupRecord {
    base_ms: u64,
    increment_ms: u64,
    #[serde(default)]
    delay_ms: u64,
    #[serde(default)]
    moves: u32,
    #[serde(default)]
    later: Vec<PeriodRecord>,
    white: PlayerRecord,
    black: PlayerRecord,
    /// Language codes in seat order.
    languages: Vec<String>,
    #[serde(default)]
    profile: Option<ProfileRecord>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    event_name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    event_site: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    event_round: String,
    /// The start position's FEN; absent for the initial position (and in games stored before
    /// games could start from a position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start_fen: Option<String>,
}

fn corrupt(what: impl Into<String>) -> StoreError {
    StoreError::Corrupt(what.into())
}

fn player_record(p: &Player) -> PlayerRecord {
    PlayerRecord {
        name: p.name.clone(),
        visually_impaired: p.visually_impaired,
        board: p.board.key().to_owned(),
        assistant: p.assistant,
    }
}

fn player(r: PlayerRecord) -> Result<Player, StoreError> {
    Ok(Player {
        name: r.name,
        visually_impaired: r.visually_impaired,
        board: BoardKind::from_key(&r.board).ok_or_else(|| corrupt(r.board))?,
        assistant: r.assistant,
    })
}

pub fn setup_to_json(s: &Setup) -> String {
    let r = SetupRecord {
        base_ms: s.time_control.base_ms,
        increment_ms: s.time_control.increment_ms,
        delay_ms: s.time_control.delay_ms,
        moves: s.time_control.moves,
        later: s
            .time_control
            .later
            .iter()
            .flatten()
            .map(|p| PeriodRecord {
                moves: p.moves,
                base_ms: p.base_ms,
                increment_ms: p.increment_ms,
                delay_ms: p.delay_ms,
            })
            .collect(),
        white: player_record(&s.players.white),
        black: player_record(&s.players.black),
        languages: s.languages.iter().map(|l| l.code().to_owned()).collect(),
        profile: Some(ProfileRecord {
            edition: s.profile.edition.key().to_owned(),
            procedure: s.profile.procedure.key().to_owned(),
            flag: s.profile.flag.key().to_owned(),
            illegal_penalty_ms: s.profile.illegal_penalty_ms,
            illegal_moves_lose_at: s.profile.illegal_moves_lose_at,
            false_claim_bonus_ms: s.profile.false_claim_bonus_ms,
            false_claim_halves: s.profile.false_claim_halves,
        }),
        event_name: s.event.name.clone(),
        event_site: s.event.site.clone(),
        event_round: s.event.round.clone(),
        start_fen: (!s.start.is_initial()).then(|| s.start.fen().to_owned()),
    };
    serde_json::to_string(&r).expect("setup serialises")
}

pub fn setup_from_json(text: &str) -> Result<Setup, StoreError> {
    let r: SetupRecord = serde_json::from_str(text).map_err(|e| corrupt(format!("setup: {e}")))?;
    let langs: Vec<Lang> = r
        .languages
        .iter()
        .map(|l| l.parse().map_err(|_| corrupt(format!("language {l}"))))
        .collect::<Result<_, _>>()?;
    let languages: [Lang; 6] = langs
        .try_into()
        .map_err(|_| corrupt("setup: expected six languages"))?;
    if r.later.len() >= crate::game::MAX_PERIODS {
        return Err(corrupt("setup: too many periods"));
    }
    let mut later = [None; crate::game::MAX_PERIODS - 1];
    for (slot, p) in later.iter_mut().zip(&r.later) {
        *slot = Some(Period {
            moves: p.moves,
            base_ms: p.base_ms,
            increment_ms: p.increment_ms,
            delay_ms: p.delay_ms,
        });
    }
    let profile = match r.profile {
        None => Profile::default(),
        Some(p) => Profile {
            edition: Edition::from_key(&p.edition).ok_or_else(|| corrupt(p.edition))?,
            procedure: Procedure::from_key(&p.procedure).ok_or_else(|| corrupt(p.procedure))?,
            flag: FlagRule::from_key(&p.flag).ok_or_else(|| corrupt(p.flag))?,
            illegal_penalty_ms: p.illegal_penalty_ms,
            illegal_moves_lose_at: p.illegal_moves_lose_at,
            false_claim_bonus_ms: p.false_claim_bonus_ms,
            false_claim_halves: p.false_claim_halves,
        },
    };
    let start = match r.start_fen {
        None => StartPosition::initial(),
        Some(fen) => StartPosition::from_fen(&fen)
            .map_err(|e| corrupt(format!("setup: start position {fen}: {e}")))?,
    };
    Ok(Setup {
        start,
        time_control: TimeControl {
            base_ms: r.base_ms,
            increment_ms: r.increment_ms,
            delay_ms: r.delay_ms,
            moves: r.moves,
            later,
        },
        profile,
        event: EventInfo {
            name: r.event_name,
            site: r.event_site,
            round: r.event_round,
        },
        players: ByColor {
            white: player(r.white)?,
            black: player(r.black)?,
        },
        languages,
    })
}

#[derive(Serialize, Deserialize)]
struct ClockRecord {
    white_ms: u64,
    black_ms: u64,
    running: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum EventRecord {
    Moved {
        by: String,
        uci: String,
    },
    Paused {
        by: Option<String>,
    },
    Resumed {
        by: String,
    },
    ClockSet {
        by: String,
        color: String,
        remaining_ms: u64,
    },
    Ended {
        result: String,
        reason: String,
        by: Option<String>,
    },
    Board {
        by: String,
        board: String,
        op: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        square: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        promotion: Option<String>,
    },
    Adjusting {
        by: String,
    },
    Announced {
        by: String,
        uci: String,
        correction: bool,
    },
    Repeated {
        by: String,
        uci: String,
        matches: bool,
    },
    IllegalMove {
        by: String,
        color: String,
        from: String,
        to: String,
        count: u32,
        penalty_ms: u64,
    },
    TouchReported {
        by: String,
        color: String,
        square: String,
    },
    TouchRuled {
        by: String,
        upheld: bool,
    },
    BoardRestored {
        by: String,
        board: String,
    },
    DrawOffered {
        by: String,
    },
    DrawDeclined {
        by: String,
    },
    DrawOfferLapsed,
    DrawClaimed {
        by: String,
        claim: String,
        uci: Option<String>,
        correct: bool,
        bonus_ms: u64,
        taken_ms: u64,
    },
    FlagFell {
        color: String,
    },
    ClockTold {
        by: String,
        color: String,
        white_moves: u32,
        black_moves: u32,
    },
    ClockWarnings {
        by: String,
        color: String,
        on: bool,
    },
    ClockWarning {
        color: String,
        remaining_ms: u64,
    },
    SheetWritten {
        by: String,
        color: String,
        ply: u32,
        text: String,
        #[serde(default)]
        draw_offer: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        audio: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        audio_mime: Option<String>,
        #[serde(default)]
        auto: bool,
    },
    SheetStruck {
        by: String,
        color: String,
        ply: u32,
    },
    SheetAutoRecord {
        by: String,
        color: String,
        on: bool,
    },
    BoardsDiverged {
        by: Option<String>,
    },
    Ruled {
        by: String,
        branch: String,
        ply: u32,
    },
    BoardFixed {
        by: String,
        board: String,
        square: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        piece: Option<String>,
    },
    Reconciled,
    AdjournmentCalled {
        by: String,
        resume_at_ms: u64,
    },
    MoveSealed {
        by: String,
        text: String,
    },
    Adjourned {
        by: String,
    },
    SealOpened {
        by: String,
    },
}

#[derive(Serialize, Deserialize)]
struct RecordedRecord {
    #[serde(flatten)]
    event: EventRecord,
    clock: ClockRecord,
}

fn color_key(c: Color) -> String {
    c.fold_wb("white", "black").to_owned()
}

fn color(s: &str) -> Result<Color, StoreError> {
    match s {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(corrupt(format!("colour {s}"))),
    }
}

fn seat(s: &str) -> Result<Seat, StoreError> {
    s.parse().map_err(|_| corrupt(format!("seat {s}")))
}

fn square(s: &str) -> Result<Square, StoreError> {
    s.parse().map_err(|_| corrupt(format!("square {s}")))
}

fn opt_square(s: Option<String>, what: &str) -> Result<Square, StoreError> {
    square(&s.ok_or_else(|| corrupt(format!("board event without {what}")))?)
}

fn role(s: &str) -> Result<Role, StoreError> {
    s.chars()
        .next()
        .and_then(Role::from_char)
        .filter(|_| s.len() == 1)
        .ok_or_else(|| corrupt(format!("piece {s}")))
}

fn uci(s: &str) -> Result<UciMove, StoreError> {
    s.parse::<UciMove>()
        .map_err(|_| corrupt(format!("uci {s}")))
}

fn board_record(by: Seat, board: Color, op: &BoardOp) -> EventRecord {
    let (square, to, promotion) = match *op {
        BoardOp::Lift(sq) | BoardOp::Remove(sq) | BoardOp::Touch(sq) => (sq, None, None),
        BoardOp::Place { square, promotion } => (square, None, promotion),
        BoardOp::Move {
            from,
            to,
            promotion,
        } => (from, Some(to), promotion),
    };
    EventRecord::Board {
        by: by.key().to_owned(),
        board: color_key(board),
        op: op.key().to_owned(),
        square: Some(square.to_string()),
        to: to.map(|t| t.to_string()),
        promotion: promotion.map(|r| r.char().to_string()),
    }
}

/// The `data` column of an event row (everything but the game, number and time).
pub fn event_to_json(event: &Event, clock: &ClockReading) -> String {
    let event = match event {
        Event::Moved { by, uci } => EventRecord::Moved {
            by: by.key().to_owned(),
            uci: uci.to_string(),
        },
        Event::Paused { by } => EventRecord::Paused {
            by: by.map(|s| s.key().to_owned()),
        },
        Event::Resumed { by } => EventRecord::Resumed {
            by: by.key().to_owned(),
        },
        Event::ClockSet {
            by,
            color,
            remaining_ms,
        } => EventRecord::ClockSet {
            by: by.key().to_owned(),
            color: color_key(*color),
            remaining_ms: *remaining_ms,
        },
        Event::Ended { ending, by } => EventRecord::Ended {
            result: ending.result.pgn().to_owned(),
            reason: ending.reason.key().to_owned(),
            by: by.map(|s| s.key().to_owned()),
        },
        Event::Board { by, board, op } => board_record(*by, *board, op),
        Event::Adjusting { by } => EventRecord::Adjusting {
            by: by.key().to_owned(),
        },
        Event::Announced {
            by,
            uci,
            correction,
        } => EventRecord::Announced {
            by: by.key().to_owned(),
            uci: uci.to_string(),
            correction: *correction,
        },
        Event::Repeated { by, uci, matches } => EventRecord::Repeated {
            by: by.key().to_owned(),
            uci: uci.to_string(),
            matches: *matches,
        },
        Event::IllegalMove {
            by,
            color,
            from,
            to,
            count,
            penalty_ms,
        } => EventRecord::IllegalMove {
            by: by.key().to_owned(),
            color: color_key(*color),
            from: from.to_string(),
            to: to.to_string(),
            count: *count,
            penalty_ms: *penalty_ms,
        },
        Event::TouchReported { by, color, square } => EventRecord::TouchReported {
            by: by.key().to_owned(),
            color: color_key(*color),
            square: square.to_string(),
        },
        Event::TouchRuled { by, upheld } => EventRecord::TouchRuled {
            by: by.key().to_owned(),
            upheld: *upheld,
        },
        Event::BoardRestored { by, board } => EventRecord::BoardRestored {
            by: by.key().to_owned(),
            board: color_key(*board),
        },
        Event::DrawOffered { by } => EventRecord::DrawOffered {
            by: by.key().to_owned(),
        },
        Event::DrawDeclined { by } => EventRecord::DrawDeclined {
            by: by.key().to_owned(),
        },
        Event::DrawOfferLapsed => EventRecord::DrawOfferLapsed,
        Event::DrawClaimed {
            by,
            kind,
            uci,
            correct,
            bonus_ms,
            taken_ms,
        } => EventRecord::DrawClaimed {
            by: by.key().to_owned(),
            claim: kind.key().to_owned(),
            uci: uci.as_ref().map(|u| u.to_string()),
            correct: *correct,
            bonus_ms: *bonus_ms,
            taken_ms: *taken_ms,
        },
        Event::FlagFell { color } => EventRecord::FlagFell {
            color: color_key(*color),
        },
        Event::ClockTold {
            by,
            color,
            white_moves,
            black_moves,
        } => EventRecord::ClockTold {
            by: by.key().to_owned(),
            color: color_key(*color),
            white_moves: *white_moves,
            black_moves: *black_moves,
        },
        Event::ClockWarnings { by, color, on } => EventRecord::ClockWarnings {
            by: by.key().to_owned(),
            color: color_key(*color),
            on: *on,
        },
        Event::ClockWarning {
            color,
            remaining_ms,
        } => EventRecord::ClockWarning {
            color: color_key(*color),
            remaining_ms: *remaining_ms,
        },
        Event::SheetWritten {
            by,
            color,
            ply,
            text,
            draw_offer,
            audio,
            audio_mime,
            auto,
        } => EventRecord::SheetWritten {
            by: by.key().to_owned(),
            color: color_key(*color),
            ply: *ply,
            text: text.clone(),
            draw_offer: *draw_offer,
            audio: audio.clone(),
            audio_mime: audio_mime.clone(),
            auto: *auto,
        },
        Event::SheetStruck { by, color, ply } => EventRecord::SheetStruck {
            by: by.key().to_owned(),
            color: color_key(*color),
            ply: *ply,
        },
        Event::SheetAutoRecord { by, color, on } => EventRecord::SheetAutoRecord {
            by: by.key().to_owned(),
            color: color_key(*color),
            on: *on,
        },
        Event::BoardsDiverged { by } => EventRecord::BoardsDiverged {
            by: by.map(|s| s.key().to_owned()),
        },
        Event::Ruled { by, branch, ply } => EventRecord::Ruled {
            by: by.key().to_owned(),
            branch: branch.key().to_owned(),
            ply: *ply,
        },
        Event::BoardFixed {
            by,
            board,
            square,
            piece,
        } => EventRecord::BoardFixed {
            by: by.key().to_owned(),
            board: color_key(*board),
            square: square.to_string(),
            piece: piece.map(|p| p.char().to_string()),
        },
        Event::Reconciled => EventRecord::Reconciled,
        Event::AdjournmentCalled { by, resume_at_ms } => EventRecord::AdjournmentCalled {
            by: by.key().to_owned(),
            resume_at_ms: *resume_at_ms,
        },
        Event::MoveSealed { by, text } => EventRecord::MoveSealed {
            by: by.key().to_owned(),
            text: text.clone(),
        },
        Event::Adjourned { by } => EventRecord::Adjourned {
            by: by.key().to_owned(),
        },
        Event::SealOpened { by } => EventRecord::SealOpened {
            by: by.key().to_owned(),
        },
    };
    let r = RecordedRecord {
        event,
        clock: ClockRecord {
            white_ms: clock.white_ms,
            black_ms: clock.black_ms,
            running: clock.running.map(color_key),
        },
    };
    serde_json::to_string(&r).expect("event serialises")
}

pub fn event_from_json(text: &str) -> Result<(Event, ClockReading), StoreError> {
    let r: RecordedRecord =
        serde_json::from_str(text).map_err(|e| corrupt(format!("event: {e}")))?;
    let event = match r.event {
        EventRecord::Moved { by, uci } => Event::Moved {
            by: seat(&by)?,
            uci: uci
                .parse::<UciMove>()
                .map_err(|_| corrupt(format!("uci {uci}")))?,
        },
        EventRecord::Paused { by } => Event::Paused {
            by: by.as_deref().map(seat).transpose()?,
        },
        EventRecord::Resumed { by } => Event::Resumed { by: seat(&by)? },
        EventRecord::ClockSet {
            by,
            color: c,
            remaining_ms,
        } => Event::ClockSet {
            by: seat(&by)?,
            color: color(&c)?,
            remaining_ms,
        },
        EventRecord::Ended { result, reason, by } => Event::Ended {
            ending: Ending {
                result: GameResult::from_pgn(&result)
                    .ok_or_else(|| corrupt(format!("result {result}")))?,
                reason: EndReason::from_key(&reason)
                    .ok_or_else(|| corrupt(format!("reason {reason}")))?,
            },
            by: by.as_deref().map(seat).transpose()?,
        },
        EventRecord::Board {
            by,
            board,
            op,
            square: sq,
            to,
            promotion,
        } => {
            let promotion = promotion.as_deref().map(role).transpose()?;
            let at = opt_square(sq, "square")?;
            let op = match op.as_str() {
                "lift" => BoardOp::Lift(at),
                "remove" => BoardOp::Remove(at),
                "touch" => BoardOp::Touch(at),
                "place" => BoardOp::Place {
                    square: at,
                    promotion,
                },
                "move" => BoardOp::Move {
                    from: at,
                    to: opt_square(to, "to")?,
                    promotion,
                },
                other => return Err(corrupt(format!("board event {other}"))),
            };
            Event::Board {
                by: seat(&by)?,
                board: color(&board)?,
                op,
            }
        }
        EventRecord::Adjusting { by } => Event::Adjusting { by: seat(&by)? },
        EventRecord::Announced {
            by,
            uci: u,
            correction,
        } => Event::Announced {
            by: seat(&by)?,
            uci: uci(&u)?,
            correction,
        },
        EventRecord::Repeated {
            by,
            uci: u,
            matches,
        } => Event::Repeated {
            by: seat(&by)?,
            uci: uci(&u)?,
            matches,
        },
        EventRecord::IllegalMove {
            by,
            color: c,
            from,
            to,
            count,
            penalty_ms,
        } => Event::IllegalMove {
            by: seat(&by)?,
            color: color(&c)?,
            from: square(&from)?,
            to: square(&to)?,
            count,
            penalty_ms,
        },
        EventRecord::TouchReported {
            by,
            color: c,
            square: sq,
        } => Event::TouchReported {
            by: seat(&by)?,
            color: color(&c)?,
            square: square(&sq)?,
        },
        EventRecord::TouchRuled { by, upheld } => Event::TouchRuled {
            by: seat(&by)?,
            upheld,
        },
        EventRecord::BoardRestored { by, board } => Event::BoardRestored {
            by: seat(&by)?,
            board: color(&board)?,
        },
        EventRecord::DrawOffered { by } => Event::DrawOffered { by: seat(&by)? },
        EventRecord::DrawDeclined { by } => Event::DrawDeclined { by: seat(&by)? },
        EventRecord::DrawOfferLapsed => Event::DrawOfferLapsed,
        EventRecord::DrawClaimed {
            by,
            claim,
            uci: u,
            correct,
            bonus_ms,
            taken_ms,
        } => Event::DrawClaimed {
            by: seat(&by)?,
            kind: ClaimKind::from_key(&claim).ok_or_else(|| corrupt(format!("claim {claim}")))?,
            uci: u.as_deref().map(uci).transpose()?,
            correct,
            bonus_ms,
            taken_ms,
        },
        EventRecord::FlagFell { color: c } => Event::FlagFell { color: color(&c)? },
        EventRecord::ClockTold {
            by,
            color: c,
            white_moves,
            black_moves,
        } => Event::ClockTold {
            by: seat(&by)?,
            color: color(&c)?,
            white_moves,
            black_moves,
        },
        EventRecord::ClockWarnings { by, color: c, on } => Event::ClockWarnings {
            by: seat(&by)?,
            color: color(&c)?,
            on,
        },
        EventRecord::ClockWarning {
            color: c,
            remaining_ms,
        } => Event::ClockWarning {
            color: color(&c)?,
            remaining_ms,
        },
        EventRecord::SheetWritten {
            by,
            color: c,
            ply,
            text,
            draw_offer,
            audio,
            audio_mime,
            auto,
        } => Event::SheetWritten {
            by: seat(&by)?,
            color: color(&c)?,
            ply,
            text,
            draw_offer,
            audio,
            audio_mime,
            auto,
        },
        EventRecord::SheetStruck { by, color: c, ply } => Event::SheetStruck {
            by: seat(&by)?,
            color: color(&c)?,
            ply,
        },
        EventRecord::SheetAutoRecord { by, color: c, on } => Event::SheetAutoRecord {
            by: seat(&by)?,
            color: color(&c)?,
            on,
        },
        EventRecord::BoardsDiverged { by } => Event::BoardsDiverged {
            by: by.as_deref().map(seat).transpose()?,
        },
        EventRecord::Ruled { by, branch, ply } => Event::Ruled {
            by: seat(&by)?,
            branch: BranchKind::from_key(&branch)
                .ok_or_else(|| corrupt(format!("branch {branch}")))?,
            ply,
        },
        EventRecord::BoardFixed {
            by,
            board,
            square: sq,
            piece,
        } => Event::BoardFixed {
            by: seat(&by)?,
            board: color(&board)?,
            square: square(&sq)?,
            piece: piece
                .map(|p| {
                    p.chars()
                        .next()
                        .filter(|_| p.len() == 1)
                        .and_then(Piece::from_char)
                        .ok_or_else(|| corrupt(format!("piece {p}")))
                })
                .transpose()?,
        },
        EventRecord::Reconciled => Event::Reconciled,
        EventRecord::AdjournmentCalled { by, resume_at_ms } => Event::AdjournmentCalled {
            by: seat(&by)?,
            resume_at_ms,
        },
        EventRecord::MoveSealed { by, text } => Event::MoveSealed {
            by: seat(&by)?,
            text,
        },
        EventRecord::Adjourned { by } => Event::Adjourned { by: seat(&by)? },
        EventRecord::SealOpened { by } => Event::SealOpened { by: seat(&by)? },
    };
    let clock = ClockReading {
        white_ms: r.clock.white_ms,
        black_ms: r.clock.black_ms,
        running: r.clock.running.as_deref().map(color).transpose()?,
    };
    Ok((event, clock))
}

#[cfg(test)]
mod appendix_tests {
    use super::*;

    #[test]
    fn every_appendix_event_round_trips() {
        let clock = ClockReading {
            white_ms: 1,
            black_ms: 2,
            running: Some(Color::Black),
        };
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let u = |s: &str| s.parse::<UciMove>().unwrap();
        let events = [
            Event::Board {
                by: Seat::White,
                board: Color::White,
                op: BoardOp::Place {
                    square: sq("h8"),
                    promotion: Some(Role::Knight),
                },
            },
            Event::Board {
                by: Seat::BlackAssistant,
                board: Color::White,
                op: BoardOp::Move {
                    from: sq("e1"),
                    to: sq("g1"),
                    promotion: None,
                },
            },
            Event::Adjusting { by: Seat::White },
            Event::Announced {
                by: Seat::WhiteAssistant,
                uci: u("e2e4"),
                correction: true,
            },
            Event::Repeated {
                by: Seat::Black,
                uci: u("d2d4"),
                matches: false,
            },
            Event::IllegalMove {
                by: Seat::Black,
                color: Color::Black,
                from: sq("g8"),
                to: sq("g6"),
                count: 2,
                penalty_ms: 120_000,
            },
            Event::TouchReported {
                by: Seat::WhiteAssistant,
                color: Color::Black,
                square: sq("g8"),
            },
            Event::TouchRuled {
                by: Seat::Arbiter,
                upheld: true,
            },
            Event::BoardRestored {
                by: Seat::Arbiter,
                board: Color::Black,
            },
            Event::DrawOffered { by: Seat::Black },
            Event::DrawDeclined { by: Seat::White },
            Event::SheetWritten {
                by: Seat::WhiteAssistant,
                color: Color::White,
                ply: 3,
                text: "Springer Felix drei".into(),
                draw_offer: true,
                audio: Some("ab".repeat(32)),
                audio_mime: Some("audio/ogg".into()),
                auto: false,
            },
            Event::SheetWritten {
                by: Seat::Black,
                color: Color::Black,
                ply: 0,
                text: "Piyon e dört".into(),
                draw_offer: false,
                audio: None,
                audio_mime: None,
                auto: true,
            },
            Event::SheetStruck {
                by: Seat::Black,
                color: Color::Black,
                ply: 0,
            },
            Event::SheetAutoRecord {
                by: Seat::White,
                color: Color::White,
                on: true,
            },
            Event::BoardsDiverged { by: None },
            Event::BoardsDiverged {
                by: Some(Seat::Arbiter),
            },
            Event::Ruled {
                by: Seat::Arbiter,
                branch: BranchKind::SheetsDiffer,
                ply: 4,
            },
            Event::BoardFixed {
                by: Seat::Black,
                board: Color::Black,
                square: sq("f3"),
                piece: Some(shakmaty::Piece::from_char('N').unwrap()),
            },
            Event::BoardFixed {
                by: Seat::Black,
                board: Color::Black,
                square: sq("h3"),
                piece: None,
            },
            Event::Reconciled,
            Event::AdjournmentCalled {
                by: Seat::Arbiter,
                resume_at_ms: 1_796_090_400_000,
            },
            Event::MoveSealed {
                by: Seat::WhiteAssistant,
                text: "Springer Cäsar drei".into(),
            },
            Event::Adjourned { by: Seat::White },
            Event::SealOpened { by: Seat::Arbiter },
            Event::DrawOfferLapsed,
            Event::DrawClaimed {
                by: Seat::Black,
                kind: ClaimKind::FiftyMoves,
                uci: Some(u("f6g8")),
                correct: false,
                bonus_ms: 180_000,
                taken_ms: 90_000,
            },
            Event::FlagFell {
                color: Color::White,
            },
            Event::ClockTold {
                by: Seat::White,
                color: Color::White,
                white_moves: 3,
                black_moves: 2,
            },
            Event::ClockWarnings {
                by: Seat::WhiteAssistant,
                color: Color::White,
                on: true,
            },
            Event::ClockWarning {
                color: Color::White,
                remaining_ms: 60_000,
            },
        ];
        for e in events {
            let json = event_to_json(&e, &clock);
            assert_eq!(event_from_json(&json).unwrap(), (e, clock), "{json}");
        }
        for r in EndReason::ALL {
            assert_eq!(EndReason::from_key(r.key()), Some(r));
        }
    }
}

#[cfg(test)]
mod start_tests {
    use super::*;

    /// A setup as stored before games could start from a position (no `start_fen`).
    const OLD_SETUP: &str = r#"{"base_ms":900000,"increment_ms":10000,"white":{"name":"Anna","visually_impaired":true,"board":"tactile","assistant":true},"black":{"name":"Berk","visually_impaired":false,"board":"normal","assistant":false},"languages":["de","tr","de","de","en","de"]}"#;

    #[test]
    fn old_setups_start_from_the_initial_position() {
        let setup = setup_from_json(OLD_SETUP).unwrap();
        assert!(setup.start.is_initial());
        // Written again, an initial start adds nothing to the record.
        assert!(!setup_to_json(&setup).contains("start_fen"));
    }

    #[test]
    fn a_start_position_round_trips_and_a_damaged_one_is_corrupt() {
        let mut setup = setup_from_json(OLD_SETUP).unwrap();
        let fen = "7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 3 40";
        setup.start = StartPosition::from_fen(fen).unwrap();
        let json = setup_to_json(&setup);
        assert!(json.contains(fen), "{json}");
        let back = setup_from_json(&json).unwrap();
        assert_eq!(back, setup);
        assert_eq!(back.start.fen(), fen);
        let damaged = json.replace(fen, "7k/8/8/8/8/8/5PPP/3Q1RK1 x - - 3 40");
        assert!(matches!(
            setup_from_json(&damaged),
            Err(StoreError::Corrupt(_))
        ));
    }
}
