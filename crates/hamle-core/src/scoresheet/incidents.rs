//! The incident record of a game (issue 18): the events of the numbered log an arbiter's
//! record keeps (rulings, penalties, touch reports, illegal moves, claims, time requests,
//! clock changes, pauses and resumptions, the adjournment, the end; since issue 31 the
//! appendix's events too: a slip of the tongue corrected (D.2.8), a repetition that differed
//! from the announcement (D.2.1), a touch released as not deliberate, the arbiter's notes
//! and a result corrected), each with who and when, how far the official game had come and,
//! for a clock set, the time before it, derived from the stored log so that it survives a
//! reload and a restart. Pure: the sentences are the words layer's
//! (`crate::words::events::incident_line`, `crate::words::report`).
//!
//! A touch report and boards found diverging carry their evidence: the board events of the
//! board in question since the last move (an electronic board's lifts, placements and
//! removals as its bridge reported them, or those reported by hand), at most
//! [`BOARD_EVIDENCE`], the latest; and an electronic board's raw readings since the last move
//! ([`Event::BoardSensed`]: every square that changed, settled or not, to the millisecond), at
//! most [`SENSED_EVIDENCE`] batches, the latest.

use shakmaty::ByColor;

use crate::game::{BranchKind, Event, Recorded, Seat};

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
    /// A ruling or a practice game's take-back: the numbers (`seq`) of the `Moved` events of
    /// the half-moves it took back, in order; an undone ruling: those it played again. Empty
    /// for every other incident.
    pub moves: Vec<u64>,
    /// A clock set: that side's time just before it (the record's "from"), when known.
    pub before_ms: Option<u64>,
    /// A touch report: the `Board` events of the reported side's board since the last move;
    /// boards found diverging: those of both boards; at most [`BOARD_EVIDENCE`], the latest,
    /// in order. Empty for every other incident.
    pub board_events: Vec<u64>,
    /// As `board_events`, the [`Event::BoardSensed`] events (an electronic board's raw
    /// readings) of the same board(s) since the last move, and those recorded up to
    /// [`SENSED_LATE_MS`] after it before the next move, at most [`SENSED_EVIDENCE`], the
    /// latest, in order.
    pub sensed: Vec<u64>,
}

/// The most board events an incident keeps as its evidence.
pub const BOARD_EVIDENCE: usize = 16;

/// The most [`Event::BoardSensed`] events (each up to [`crate::game::MAX_READINGS`] raw
/// readings) an incident keeps as its evidence.
pub const SENSED_EVIDENCE: usize = 8;

/// How long after a touch report or diverging boards an electronic board's raw readings still
/// go with it: a bridge sends them within a second of the first (`crate::game::MAX_READINGS`
/// sooner), so those of the touch reported at once arrive after the report.
pub const SENSED_LATE_MS: u64 = 2_000;

/// Adds `seq` to `kept`, keeping the latest `cap`.
fn keep(kept: &mut Vec<u64>, seq: u64, cap: usize) {
    if kept.len() == cap {
        kept.remove(0);
    }
    kept.push(seq);
}

/// The events since the last move that bear on `event` (those of the reported side's board,
/// or of both), at most `cap`, the latest, in order; `since_move` holds each board's latest.
fn evidence(event: &Event, since_move: &ByColor<Vec<u64>>, cap: usize) -> Vec<u64> {
    let mut found = match event {
        Event::TouchReported { color, .. } => since_move.get(*color).clone(),
        Event::BoardsDiverged { .. } => {
            let mut both: Vec<u64> = since_move.iter().flatten().copied().collect();
            both.sort_unstable();
            both
        }
        _ => return Vec::new(),
    };
    let skip = found.len().saturating_sub(cap);
    found.drain(..skip);
    found
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
            | Event::TakenBack { .. }
            | Event::Reconciled
            | Event::AdjournmentCalled { .. }
            | Event::Adjourned { .. }
            | Event::SealOpened { .. }
            | Event::Started { .. }
            | Event::Arrived { .. }
            | Event::DefaultTimeOver { .. }
            | Event::IllegalAnnounced { .. }
            | Event::SeatLinkIssued { .. }
            | Event::TouchReleased { .. }
            | Event::Noted { .. }
            | Event::ResultCorrected { .. }
            | Event::Announced {
                correction: true,
                ..
            }
            | Event::Repeated { matches: false, .. }
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
        | Event::TakenBack { by, .. }
        | Event::AdjournmentCalled { by, .. }
        | Event::Adjourned { by }
        | Event::SealOpened { by }
        | Event::Started { by }
        | Event::Arrived { by, .. }
        | Event::IllegalAnnounced { by, .. }
        | Event::SeatLinkIssued { by, .. }
        | Event::TouchReleased { by, .. }
        | Event::Noted { by, .. }
        | Event::ResultCorrected { by, .. }
        | Event::Announced { by, .. }
        | Event::Repeated { by, .. } => Some(*by),
        _ => None,
    }
}

/// The incidents of a log, in order.
pub fn incidents<'a>(log: impl IntoIterator<Item = &'a Recorded>) -> Vec<Incident> {
    // The official game as the `Moved` events that made it, and what the last ruling took
    // back (played again if it is undone).
    let mut official: Vec<u64> = Vec::new();
    let mut taken_back: Vec<u64> = Vec::new();
    // The board events since the last move, with their board (bounded: a move clears it,
    // and only the latest are kept).
    let mut since_move: ByColor<Vec<u64>> = ByColor::new_with(|_| Vec::new());
    // The same for the electronic boards' raw readings.
    let mut sensed_since: ByColor<Vec<u64>> = ByColor::new_with(|_| Vec::new());
    // The incidents since the last move that take raw readings recorded after them: their
    // index in `out` and the board they concern (`None`: both).
    let mut open: Vec<(usize, Option<shakmaty::Color>)> = Vec::new();
    let mut out: Vec<Incident> = Vec::new();
    let mut last: Option<&Recorded> = None;
    for rec in log {
        let mut moves = Vec::new();
        match &rec.event {
            Event::Board { board, .. } => {
                keep(since_move.get_mut(*board), rec.seq, BOARD_EVIDENCE);
            }
            Event::BoardSensed { board, .. } => {
                keep(sensed_since.get_mut(*board), rec.seq, SENSED_EVIDENCE);
                for (i, concerns) in &open {
                    let incident = &mut out[*i];
                    let late = rec.at_ms.saturating_sub(incident.at_ms) <= SENSED_LATE_MS;
                    if late && concerns.is_none_or(|c| c == *board) {
                        keep(&mut incident.sensed, rec.seq, SENSED_EVIDENCE);
                    }
                }
            }
            Event::Moved { .. } => {
                open.clear();
                since_move = ByColor::new_with(|_| Vec::new());
                sensed_since = ByColor::new_with(|_| Vec::new());
                official.push(rec.seq);
                // A move played after a ruling: it can no longer be undone.
                taken_back.clear();
            }
            Event::Ruled {
                branch: BranchKind::Undo,
                ..
            } => {
                moves = std::mem::take(&mut taken_back);
                official.extend(moves.iter().copied());
            }
            Event::Ruled { ply: p, .. } => {
                let keep = (*p as usize).min(official.len());
                moves = official.split_off(keep);
                taken_back = moves.clone();
            }
            // A practice game's take-back: no ruling to undo.
            Event::TakenBack { ply: p, .. } => {
                let keep = (*p as usize).min(official.len());
                moves = official.split_off(keep);
                taken_back.clear();
            }
            _ => {}
        }
        match rec.event {
            Event::TouchReported { color, .. } => open.push((out.len(), Some(color))),
            Event::BoardsDiverged { .. } => open.push((out.len(), None)),
            _ => {}
        }
        if is_incident(&rec.event) {
            out.push(Incident {
                seq: rec.seq,
                at_ms: rec.at_ms,
                by: by(&rec.event),
                ply: official.len(),
                private: rec.event.audience().is_some(),
                moves,
                board_events: evidence(&rec.event, &since_move, BOARD_EVIDENCE),
                sensed: evidence(&rec.event, &sensed_since, SENSED_EVIDENCE),
                before_ms: before(last, rec),
            });
        }
        last = Some(rec);
    }
    out
}

/// A clock set: the set side's time just before it, from the clock after the event before
/// (less the time it ran since).
fn before(last: Option<&Recorded>, rec: &Recorded) -> Option<u64> {
    let Event::ClockSet { color, .. } = rec.event else {
        return None;
    };
    let c = last?.clock;
    let ms = color.fold_wb(c.white_ms, c.black_ms);
    let ran = rec.at_ms.saturating_sub(last?.at_ms);
    Some(if c.running == Some(color) {
        ms.saturating_sub(ran)
    } else {
        ms
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ClockReading;
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
        type Seen = (u64, Option<Seat>, usize, bool, Vec<u64>);
        let seen: Vec<Seen> = got
            .iter()
            .map(|i| (i.seq, i.by, i.ply, i.private, i.moves.clone()))
            .collect();
        assert_eq!(
            seen,
            [
                (3, None, 2, false, vec![]),
                // The override took back Black's e7e5 (event 2), the undo played it again.
                (4, Some(Seat::Arbiter), 1, false, vec![2]),
                (5, Some(Seat::WhiteAssistant), 1, true, vec![]),
                (6, Some(Seat::Arbiter), 2, false, vec![2]),
                (7, None, 2, false, vec![]),
            ]
        );
    }

    #[test]
    fn a_ruling_names_every_half_move_it_took_back_and_none_after_a_new_move() {
        let mv = |seq: u64, by: Seat, uci: &str| {
            rec(
                seq,
                Event::Moved {
                    by,
                    uci: uci.parse().unwrap(),
                },
            )
        };
        let ruled = |seq: u64, branch: BranchKind, ply: u32| {
            rec(
                seq,
                Event::Ruled {
                    by: Seat::Arbiter,
                    branch,
                    ply,
                },
            )
        };
        let log = vec![
            mv(1, Seat::White, "e2e4"),
            mv(2, Seat::Black, "e7e5"),
            mv(3, Seat::White, "g1f3"),
            mv(4, Seat::Black, "b8c6"),
            ruled(5, BranchKind::ArbiterOverride, 1),
            // Played on from there: the ruling cannot be undone any more.
            mv(6, Seat::Black, "c7c5"),
            ruled(7, BranchKind::SheetsAgree, 2),
            ruled(8, BranchKind::SheetsDiffer, 0),
        ];
        let got: Vec<(u64, usize, Vec<u64>)> = incidents(&log)
            .into_iter()
            .map(|i| (i.seq, i.ply, i.moves))
            .collect();
        assert_eq!(
            got,
            [
                (5, 1, vec![2, 3, 4]),
                // The sheets agree: nothing taken back.
                (7, 2, vec![]),
                (8, 0, vec![1, 6]),
            ]
        );
    }

    #[test]
    fn a_practice_take_back_names_the_half_moves_it_took_back_and_moves_the_game_back() {
        let mv = |seq: u64, by: Seat, uci: &str| {
            rec(
                seq,
                Event::Moved {
                    by,
                    uci: uci.parse().unwrap(),
                },
            )
        };
        let back = |seq: u64, ply: u32| {
            rec(
                seq,
                Event::TakenBack {
                    by: Seat::White,
                    ply,
                },
            )
        };
        let log = vec![
            mv(1, Seat::White, "e2e4"),
            mv(2, Seat::Black, "e7e5"),
            mv(3, Seat::White, "g1f3"),
            mv(4, Seat::Black, "b8c6"),
            back(5, 2),
            mv(6, Seat::White, "d2d4"),
            back(7, 2),
            rec(8, Event::Paused { by: None }),
        ];
        let got: Vec<(u64, Option<Seat>, usize, Vec<u64>)> = incidents(&log)
            .into_iter()
            .map(|i| (i.seq, i.by, i.ply, i.moves))
            .collect();
        assert_eq!(
            got,
            [
                (5, Some(Seat::White), 2, vec![3, 4]),
                (7, Some(Seat::White), 2, vec![6]),
                (8, None, 2, vec![]),
            ]
        );
    }

    #[test]
    fn a_touch_report_and_diverging_boards_carry_the_board_events_since_the_last_move() {
        use crate::game::BoardOp;
        use shakmaty::Square;
        let board = |seq, board, op| {
            rec(
                seq,
                Event::Board {
                    by: Seat::player(board),
                    board,
                    op,
                },
            )
        };
        let mut log = vec![
            board(1, Color::White, BoardOp::Lift(Square::E2)),
            rec(
                2,
                Event::Moved {
                    by: Seat::White,
                    uci: "e2e4".parse().unwrap(),
                },
            ),
        ];
        // Black's board: twenty events (a piece lifted and put back, again and again), one
        // on White's board between them.
        let mut seq = 3;
        for n in 0..20 {
            let op = if n % 2 == 0 {
                BoardOp::Lift(Square::G8)
            } else {
                BoardOp::Place {
                    square: Square::G8,
                    promotion: None,
                }
            };
            log.push(board(seq, Color::Black, op));
            seq += 1;
            if n == 10 {
                log.push(board(seq, Color::White, BoardOp::Lift(Square::D2)));
                seq += 1;
            }
        }
        log.push(rec(
            seq,
            Event::TouchReported {
                by: Seat::WhiteAssistant,
                color: Color::Black,
                square: Square::G8,
            },
        ));
        log.push(rec(seq + 1, Event::BoardsDiverged { by: None }));
        let got = incidents(&log);
        // The touch report: Black's board only, the latest sixteen, nothing before the move.
        let black: Vec<u64> = (3..=23).filter(|s| *s != 14).collect();
        assert_eq!(got[0].board_events, black[black.len() - BOARD_EVIDENCE..]);
        // Diverging boards: both boards, the latest sixteen in order (White's d2 among them).
        let both: Vec<u64> = (8..=23).collect();
        assert_eq!(got[1].board_events, both);
        assert!(got[1].board_events.contains(&14));
        assert!(got[0].sensed.is_empty() && got[1].sensed.is_empty());
    }

    /// `board`'s raw readings as event `seq` (at `seq` seconds): `square` found empty
    /// `ago_ms` before.
    fn sensed_at(seq: u64, board: Color, square: shakmaty::Square, ago_ms: u64) -> Recorded {
        use crate::game::{SensorReading, SquareReading};
        rec(
            seq,
            Event::BoardSensed {
                by: Seat::player(board),
                board,
                readings: vec![SensorReading {
                    at_ms: seq * 1_000 - ago_ms,
                    square,
                    found: SquareReading::Empty,
                }],
            },
        )
    }

    /// An electronic board's raw readings since the last move go with a touch report (its
    /// side's board) and diverging boards (both), the latest [`SENSED_EVIDENCE`] batches.
    #[test]
    fn a_touch_report_carries_the_raw_readings_since_the_last_move() {
        use shakmaty::Square;
        let sensed = |seq, board| sensed_at(seq, board, Square::G8, 250);
        let mut log = vec![
            sensed(1, Color::White),
            rec(
                2,
                Event::Moved {
                    by: Seat::White,
                    uci: "e2e4".parse().unwrap(),
                },
            ),
        ];
        for seq in 3..=12 {
            log.push(sensed(seq, Color::Black));
        }
        log.push(sensed(13, Color::White));
        log.push(rec(
            14,
            Event::TouchReported {
                by: Seat::WhiteAssistant,
                color: Color::Black,
                square: Square::G8,
            },
        ));
        log.push(rec(15, Event::BoardsDiverged { by: None }));
        let got = incidents(&log);
        assert_eq!(got.len(), 2, "the raw readings are no incidents: {got:?}");
        let black: Vec<u64> = (5..=12).collect();
        assert_eq!(got[0].sensed, black);
        assert!(got[0].board_events.is_empty());
        let both: Vec<u64> = (6..=13).collect();
        assert_eq!(got[1].sensed, both);
    }

    /// A touch reported at once: the touch's raw readings reach the table within a second
    /// after the report; those recorded up to [`SENSED_LATE_MS`] after it, before the next
    /// move, go with it (its side's board; both for diverging boards), later ones do not.
    #[test]
    fn raw_readings_recorded_just_after_a_report_go_with_it() {
        use shakmaty::Square;
        let sensed = |seq, board| sensed_at(seq, board, Square::H8, 900);
        let moved = |seq| {
            rec(
                seq,
                Event::Moved {
                    by: Seat::White,
                    uci: "e2e4".parse().unwrap(),
                },
            )
        };
        let reported = |seq| {
            rec(
                seq,
                Event::TouchReported {
                    by: Seat::WhiteAssistant,
                    color: Color::Black,
                    square: Square::H8,
                },
            )
        };
        let log = vec![
            moved(1),
            sensed(2, Color::Black),
            reported(3),
            rec(4, Event::BoardsDiverged { by: None }),
            // One second after the report: Black's goes with both, White's with the boards.
            sensed(4, Color::Black),
            sensed(5, Color::White),
            // Three seconds after the report, two after the boards diverged.
            sensed(6, Color::Black),
            reported(7),
            moved(8),
            // After the next move: with neither.
            sensed(9, Color::Black),
        ];
        let got = incidents(&log);
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(got[0].sensed, [2, 4], "the touch report");
        assert_eq!(got[1].sensed, [2, 4, 5, 6], "the boards diverging");
        assert_eq!(got[2].sensed, [2, 4, 6], "the second report");
    }

    /// Issue 31, item 7: the report says a clock set "from ... to ...", and keeps the
    /// appendix's events (a slip corrected, a repetition that differed, a touch released, the
    /// arbiter's note), each with its seat.
    #[test]
    fn a_clock_set_keeps_the_time_before_and_the_appendix_events_are_kept() {
        let running = |white_ms, black_ms, running| ClockReading {
            white_ms,
            black_ms,
            running,
        };
        let at = |seq: u64, at_ms: u64, event: Event, clock: ClockReading| Recorded {
            seq,
            at_ms,
            event,
            clock,
        };
        let e4: shakmaty::uci::UciMove = "e2e4".parse().unwrap();
        let log = vec![
            at(
                1,
                1_000,
                Event::Announced {
                    by: Seat::White,
                    uci: e4,
                    correction: true,
                },
                running(60_000, 60_000, Some(Color::White)),
            ),
            at(
                2,
                2_000,
                Event::Repeated {
                    by: Seat::Black,
                    uci: e4,
                    matches: false,
                },
                running(59_000, 60_000, Some(Color::White)),
            ),
            at(
                3,
                3_000,
                Event::Repeated {
                    by: Seat::Black,
                    uci: e4,
                    matches: true,
                },
                running(58_000, 60_000, Some(Color::White)),
            ),
            // White's clock ran 4 s since: it showed 54 s when the arbiter set it.
            at(
                4,
                7_000,
                Event::ClockSet {
                    by: Seat::Arbiter,
                    color: Color::White,
                    remaining_ms: 90_000,
                },
                running(90_000, 60_000, Some(Color::White)),
            ),
            at(
                5,
                8_000,
                Event::TouchReleased {
                    by: Seat::Arbiter,
                    color: Color::White,
                },
                running(89_000, 60_000, Some(Color::White)),
            ),
            at(
                6,
                8_000,
                Event::Noted {
                    by: Seat::Arbiter,
                    text: "sleeve".into(),
                },
                running(89_000, 60_000, Some(Color::White)),
            ),
        ];
        let got: Vec<(u64, Option<Seat>, Option<u64>)> = incidents(&log)
            .iter()
            .map(|i| (i.seq, i.by, i.before_ms))
            .collect();
        assert_eq!(
            got,
            [
                (1, Some(Seat::White), None),
                (2, Some(Seat::Black), None),
                (4, Some(Seat::Arbiter), Some(54_000)),
                (5, Some(Seat::Arbiter), None),
                (6, Some(Seat::Arbiter), None),
            ]
        );
    }
}
