//! A seat's link issued again by the arbiter (issue 31): the game only records it, so that the
//! incident record keeps it and every copy of the game knows the seat's new token.

use crate::game::{Decided, Event, Game, Refusal, Seat};

impl Game {
    /// [`Command::IssueLink`](crate::game::Command::IssueLink): any seat the game has but the
    /// arbiter's (the round's token is his, and it is not a seat link), at any time, also
    /// after the end (a player reads his scoresheet and the result).
    pub(in crate::game) fn decide_issue_link(
        &self,
        by: Seat,
        seat: Seat,
        hash: [u8; 32],
        now: u64,
    ) -> Decided {
        if seat == Seat::Arbiter || !self.setup.has_seat(seat) {
            return Err(Refusal::Forbidden);
        }
        let e = Event::SeatLinkIssued { by, seat, hash };
        Ok(vec![(e, self.clock.reading(now))])
    }
}
