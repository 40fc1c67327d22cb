//! The incident record of a game (issue 18): the events of the numbered log an arbiter's
//! record keeps (rulings, penalties, touch reports, illegal moves, claims, time requests,
//! clock changes, pauses and resumptions, the adjournment, the end), each with who and when
//! and how far the official game had come, derived from the stored log so that it survives a
//! reload and a restart. Pure: the sentences are the words layer's
//! (`crate::words::events::incident_line`).

use crate::game::{Event, Recorded, Seat};

/// One incident: an event of the log, with the official game's length after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incident {
    /// The event's number in the log.
    pub seq: u64,
    pub at_ms: u64,
    /// Who did it (`None`: hamle itself, a flag fall, the boards found diverging).
    pub by: Option<Seat>,
    /// Half-moves in the official game after the event (where a PGN comment goes).
    pub ply: usize,
    /// Private to one side's seats (a time request): kept out of the PGN.
    pub private: bool,
}

/// Whether the incident record keeps `event`.
pub fn is_incident(event: &Event) -> bool {
    matches!(
        event,
        Event::Paused { .. }
            | Event::Resumed { .. }
            | Event::ClockSet { .. }
            | Event::Ended { .. }
            | Event::IllegalMove { .. }
            | Event::TouchReported { .. }
            | Event::TouchRuled { .. }
            | Event::BoardRestored { .. }
            | Event::DrawClaimed { .. }
            | Event::FlagFell { .. }
            | Event::ClockTold { .. }
            | Event::BoardsDiverged { .. }
            | Event::Ruled { .. }
            | Event::Reconciled
            | Event::AdjournmentCalled { .. }
            | Event::Adjourned { .. }
            | Event::SealOpened { .. }
            | Event::Started { .. }
            | Event::Arrived { .. }
            | Event::DefaultTimeOver { .. }
            | Event::IllegalAnnounced { .. }
    )
}

/// Who caused an incident, when a seat did.
pub fn by(event: &Event) -> Option<Seat> {
    match event {
        Event::Paused { by } | Event::BoardsDiverged { by } | Event::Ended { by, .. } => *by,
        Event::Resumed { by }
        | Event::ClockSet { by, .. }
        | Event::IllegalMove { by, .. }
        | Event::TouchReported { by, .. }
        | Event::TouchRuled { by, .. }
        | Event::BoardRestored { by, .. }
        | Event::DrawClaimed { by, .. }
        | Event::ClockTold { by, .. }
        | Event::Ruled { by, .. }
        | Event::AdjournmentCalled { by, .. }
        | Event::Adjourned { by }
        | Event::SealOpened { by }
        | Event::Started { by }
        | Event::Arrived { by, .. }
        | Event::IllegalAnnounced { by, .. } => Some(*by),
        _ => None,
    }
}

/// The incidents of a log, in order.
pub fn incidents<'a>(log: impl IntoIterator<Item = &'a Recorded>) -> Vec<Incident> {
    let mut ply = 0usize;
    let mut out = Vec::new();
    for rec in log {
        match &rec.event {
            Event::Moved { .. } => ply += 1,
            Event::Ruled { ply: p, .. } => ply = *p as usize,
            _ => {}
        }
        if is_incident(&rec.event) {
            out.push(Incident {
                seq: rec.seq,
                at_ms: rec.at_ms,
                by: by(&rec.event),
                ply,
                private: rec.event.audience().is_some(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BranchKind, ClockReading};
    use shakmaty::Color;

    fn rec(seq: u64, event: Event) -> Recorded {
        Recorded {
            seq,
            at_ms: seq * 1_000,
            event,
            clock: ClockReading {
                white_ms: 1,
                black_ms: 1,
                running: None,
            },
        }
    }

    #[test]
    fn the_record_keeps_incidents_with_who_and_the_game_after_them() {
        let log = vec![
            rec(
                1,
                Event::Moved {
                    by: Seat::White,
                    uci: "e2e4".parse().unwrap(),
                },
            ),
            rec(
                2,
                Event::Moved {
                    by: Seat::Black,
                    uci: "e7e5".parse().unwrap(),
                },
            ),
            rec(3, Event::BoardsDiverged { by: None }),
            rec(
                4,
                Event::Ruled {
                    by: Seat::Arbiter,
                    branch: BranchKind::ArbiterOverride,
                    ply: 1,
                },
            ),
            rec(
                5,
                Event::ClockTold {
                    by: Seat::WhiteAssistant,
                    color: Color::White,
                    white_moves: 1,
                    black_moves: 0,
                },
            ),
            rec(
                6,
                Event::Ruled {
                    by: Seat::Arbiter,
                    branch: BranchKind::Undo,
                    ply: 2,
                },
            ),
            rec(7, Event::Reconciled),
        ];
        let got = incidents(&log);
        let seen: Vec<(u64, Option<Seat>, usize, bool)> = got
            .iter()
            .map(|i| (i.seq, i.by, i.ply, i.private))
            .collect();
        assert_eq!(
            seen,
            [
                (3, None, 2, false),
                (4, Some(Seat::Arbiter), 1, false),
                (5, Some(Seat::WhiteAssistant), 1, true),
                (6, Some(Seat::Arbiter), 2, false),
                (7, None, 2, false),
            ]
        );
    }
}
