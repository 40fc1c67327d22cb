//! The stored records of the physical boards: what happened on one (its op by name, the
//! square, a move's destination, a promotion), an electronic board's raw readings, "I adjust",
//! a touch reported and ruled, a board restored.

use shakmaty::{Color, Role, Square};

use super::{EventRecord, N, OpRecord, RecordError};
use crate::game::{BoardOp, Event, Seat, SensorReading};

/// A board op's stored fields: the op by its name, where it happened, a move's destination
/// and a promotion (the cluster's bus writes a forwarded board order with them too).
pub(crate) fn op_fields(op: &BoardOp) -> (OpRecord, Square, Option<Square>, Option<Role>) {
    match *op {
        BoardOp::Lift(sq) => (OpRecord::Lift, sq, None, None),
        BoardOp::Remove(sq) => (OpRecord::Remove, sq, None, None),
        BoardOp::Touch(sq) => (OpRecord::Touch, sq, None, None),
        BoardOp::Place { square, promotion } => (OpRecord::Place, square, None, promotion),
        BoardOp::Move {
            from,
            to,
            promotion,
        } => (OpRecord::Move, from, Some(to), promotion),
    }
}

/// A board event's record: the op by its name, where it happened, a move's destination and a
/// promotion.
fn board_record(by: Seat, board: Color, op: &BoardOp) -> EventRecord {
    let (kind, square, to, promotion) = op_fields(op);
    EventRecord::Board {
        by: N(by),
        board: N(board),
        op: kind,
        square: Some(N(square)),
        to: to.map(N),
        promotion: promotion.map(N),
    }
}

/// A board event's op from its record; an error when the record lacks a square the op needs.
pub(crate) fn board_op(
    op: OpRecord,
    square: Option<N<Square>>,
    to: Option<N<Square>>,
    promotion: Option<N<Role>>,
) -> Result<BoardOp, RecordError> {
    let name = match op {
        OpRecord::Lift => "lift",
        OpRecord::Place => "place",
        OpRecord::Remove => "remove",
        OpRecord::Touch => "touch",
        OpRecord::Move => "move",
    };
    let missing = |field| RecordError::BoardSquare { op: name, field };
    let at = square.ok_or_else(|| missing("square"))?.0;
    let promotion = promotion.map(|r| r.0);
    Ok(match op {
        OpRecord::Lift => BoardOp::Lift(at),
        OpRecord::Remove => BoardOp::Remove(at),
        OpRecord::Touch => BoardOp::Touch(at),
        OpRecord::Place => BoardOp::Place {
            square: at,
            promotion,
        },
        OpRecord::Move => BoardOp::Move {
            from: at,
            to: to.ok_or_else(|| missing("to"))?.0,
            promotion,
        },
    })
}

/// The record of a board event (the others are routed elsewhere by `EventRecord::from`).
pub(super) fn record(event: &Event) -> EventRecord {
    match event.clone() {
        Event::Board { by, board, op } => board_record(by, board, &op),
        Event::BoardSensed {
            by,
            board,
            readings,
        } => EventRecord::BoardSensed {
            by: N(by),
            board: N(board),
            readings: readings
                .iter()
                .map(|r| (r.at_ms, N(r.square), N(r.found)))
                .collect(),
        },
        Event::Adjusting { by } => EventRecord::Adjusting { by: N(by) },
        Event::TouchReported { by, color, square } => EventRecord::TouchReported {
            by: N(by),
            color: N(color),
            square: N(square),
        },
        Event::TouchRuled { by, upheld } => EventRecord::TouchRuled { by: N(by), upheld },
        Event::TouchReleased { by, color } => EventRecord::TouchReleased {
            by: N(by),
            color: N(color),
        },
        Event::BoardRestored { by, board } => EventRecord::BoardRestored {
            by: N(by),
            board: N(board),
        },
        _ => unreachable!("not a board event"),
    }
}

/// The event a board record stores (the others are routed elsewhere by `Event::try_from`).
pub(super) fn event(r: EventRecord) -> Result<Event, RecordError> {
    Ok(match r {
        EventRecord::Board {
            by,
            board,
            op,
            square,
            to,
            promotion,
        } => Event::Board {
            by: by.0,
            board: board.0,
            op: board_op(op, square, to, promotion)?,
        },
        EventRecord::BoardSensed {
            by,
            board,
            readings,
        } => Event::BoardSensed {
            by: by.0,
            board: board.0,
            readings: readings
                .into_iter()
                .map(|(at_ms, square, found)| SensorReading {
                    at_ms,
                    square: square.0,
                    found: found.0,
                })
                .collect(),
        },
        EventRecord::Adjusting { by } => Event::Adjusting { by: by.0 },
        EventRecord::TouchReported { by, color, square } => Event::TouchReported {
            by: by.0,
            color: color.0,
            square: square.0,
        },
        EventRecord::TouchRuled { by, upheld } => Event::TouchRuled { by: by.0, upheld },
        EventRecord::TouchReleased { by, color } => Event::TouchReleased {
            by: by.0,
            color: color.0,
        },
        EventRecord::BoardRestored { by, board } => Event::BoardRestored {
            by: by.0,
            board: board.0,
        },
        _ => unreachable!("not a board record"),
    })
}
