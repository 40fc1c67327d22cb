//! The physical boards on the wire: what happened on one, "I adjust", a touch reported,
//! ruled and released, a board restored.

use shakmaty::{Color, Square};

use super::Renderer;
use crate::game::{BoardOp, Seat};
use crate::server::wire::{EventBody, color_key};

impl Renderer<'_> {
    /// Something done on `board`'s physical board: whether the board now shows the official
    /// game, and whether it shows another move than it should.
    pub(super) fn board(&self, by: Seat, board: Color, op: BoardOp) -> EventBody {
        let (square, to, promotion) = op.parts();
        EventBody::Board {
            by: by.key(),
            board: color_key(board),
            action: op.key(),
            square: square.to_string(),
            to: to.map(|t| t.to_string()),
            promotion: promotion.map(|r| r.char().to_string()),
            matches: self.p.board_matches.unwrap_or(false),
            differs: self.p.board_shows.is_some(),
            text: self.text(),
        }
    }

    /// An electronic board's raw readings (the arbiter's seat only).
    pub(super) fn board_sensed(
        &self,
        by: Seat,
        board: Color,
        readings: &[crate::game::SensorReading],
    ) -> EventBody {
        EventBody::BoardSensed {
            by: by.key(),
            board: color_key(board),
            readings: crate::server::wire::ReadingBody::of(board, readings),
            text: self.text(),
        }
    }

    /// A player said "I adjust".
    pub(super) fn adjusting(&self, by: Seat) -> EventBody {
        EventBody::Adjusting {
            by: by.key(),
            text: self.text(),
        }
    }

    /// The assistant reported the opponent's touch.
    pub(super) fn touch_reported(&self, by: Seat, color: Color, square: Square) -> EventBody {
        EventBody::TouchReported {
            by: by.key(),
            color: color_key(color),
            square: square.to_string(),
            text: self.text(),
        }
    }

    /// The arbiter ruled on a reported touch.
    pub(super) fn touch_ruled(&self, by: Seat, upheld: bool) -> EventBody {
        EventBody::TouchRuled {
            by: by.key(),
            upheld,
            text: self.text(),
        }
    }

    /// The arbiter released a touch as not deliberate.
    pub(super) fn touch_released(&self, by: Seat, color: Color) -> EventBody {
        EventBody::TouchReleased {
            by: by.key(),
            color: color_key(color),
            text: self.text(),
        }
    }

    /// The arbiter set a physical board to the official position.
    pub(super) fn board_restored(&self, by: Seat, board: Color) -> EventBody {
        EventBody::BoardRestored {
            by: by.key(),
            board: color_key(board),
            text: self.text(),
        }
    }
}
