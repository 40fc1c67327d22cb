//! A round of an event (issue 18): its boards' games under one arbiter token, and what the
//! round desk is told about them.
//!
//! The round's arbiter token is the arbiter token of every game of the round (each game is
//! created with it, as `POST /api/games` does with an arbiter's token), so it opens each
//! board's arbiter seat and desk with no change to the seat model; the round itself stores
//! only its hash. The round desk follows every board through one WebSocket
//! (`/api/rounds/{id}/ws`, `ws::round`), which subscribes to each game's published events as
//! a spectator does (it never takes the arbiter's seat from his desk) and reads every event
//! the arbiter may know of: a board's line after each event ([`BoardLine`]) and, for the
//! events that need the arbiter, an alert ([`alert_of`]) whose sentence comes from Fluent.
//! The desk is a to-do list (issue 31): an alert stays open until its case closes
//! ([`closes`]: the touch ruled, the boards reconciled, the player arrived, play gone on, the
//! game over), then it moves to the desk's history with the time it closed. A player's own
//! time request (the talking clock) is routine, not an alert.

use serde::Serialize;
use shakmaty::Color;

use crate::announce::Lang;
use crate::game::{EndReason, Event, Recorded, Seat, Setup};
use crate::server::app::AppState;
use crate::server::wire::{ClockBody, StateBody};
use crate::store::{GameId, StoredRound};

/// What kind of thing needs the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AlertKind {
    /// An assistant reported that the opponent touched a piece (D.2.10.5).
    Touch,
    /// The two boards differ (D.2.9).
    Diverged,
    /// An illegal move completed (7.4/7.5).
    Illegal,
    /// A draw claimed (9.2, 9.3) or a win claimed on time.
    Claim,
    /// A flag fell.
    Flag,
    /// An adjournment called, or the sealed move's envelope closed.
    Adjournment,
    /// The default time (Art. 6.7.1) is over and a player has not arrived.
    Absent,
    /// A visually impaired player's illegal announcement counted under 7.5.
    IllegalAnnounced,
}

impl AlertKind {
    fn key(self) -> &'static str {
        match self {
            AlertKind::Touch => "touch",
            AlertKind::Diverged => "diverged",
            AlertKind::Illegal => "illegal",
            AlertKind::Claim => "claim",
            AlertKind::Flag => "flag",
            AlertKind::Adjournment => "adjournment",
            AlertKind::Absent => "absent",
            AlertKind::IllegalAnnounced => "illegal-announced",
        }
    }
}

/// An alert as the round desk gets it.
#[derive(Clone, Debug, Serialize)]
pub struct Alert {
    /// 1, 2, 3 ... on this connection, in the order the events happened.
    pub n: u64,
    pub board: u32,
    pub game: String,
    /// The event's number in its game.
    pub seq: u64,
    pub kind: AlertKind,
    /// When it happened (server milliseconds, Unix time).
    pub at_ms: u64,
    /// The sentence, naming the board (Fluent `round-alert-<kind>`).
    pub text: String,
    /// Known when the desk connected (shown, not announced).
    pub past: bool,
    /// When its case closed (`None`: still open). An alert raised by the game's end (a win
    /// claimed on time) is closed as it comes.
    pub closed_at_ms: Option<u64>,
}

/// Whether `now` closes the case an alert raised by `raised` opened: the touch ruled, the
/// boards reconciled, the envelope closed (an adjournment called) or opened (an adjourned
/// game), the absent player arrived; a move played after an illegal move, a claim not
/// upheld or a fallen flag (play went on); and every case when the game ends.
pub fn closes(raised: &Event, now: &Event) -> bool {
    if matches!(now, Event::Ended { .. }) {
        return true;
    }
    match raised {
        Event::TouchReported { .. } => matches!(now, Event::TouchRuled { .. }),
        Event::BoardsDiverged { .. } => matches!(now, Event::Reconciled),
        Event::AdjournmentCalled { .. } => matches!(now, Event::Adjourned { .. }),
        Event::Adjourned { .. } => matches!(now, Event::SealOpened { .. }),
        Event::DefaultTimeOver { color } => {
            matches!(now, Event::Arrived { color: c, .. } if c == color)
        }
        Event::IllegalMove { .. }
        | Event::IllegalAnnounced { .. }
        | Event::DrawClaimed { .. }
        | Event::FlagFell { .. } => matches!(now, Event::Moved { .. }),
        _ => true,
    }
}

/// The side a seat plays for (`None` for the arbiter and spectators).
fn side(seat: Seat) -> Option<Color> {
    match seat {
        Seat::White | Seat::WhiteAssistant => Some(Color::White),
        Seat::Black | Seat::BlackAssistant => Some(Color::Black),
        _ => None,
    }
}

/// The alert an event raises on the round desk, if any: its kind and its sentence in `lang`.
pub fn alert_of(
    board: u32,
    setup: &Setup,
    rec: &Recorded,
    lang: Lang,
) -> Option<(AlertKind, String)> {
    let (kind, color, square): (AlertKind, Option<Color>, Option<String>) = match &rec.event {
        Event::TouchReported { color, square, .. } => {
            (AlertKind::Touch, Some(*color), Some(square.to_string()))
        }
        Event::BoardsDiverged { .. } => (AlertKind::Diverged, None, None),
        Event::IllegalMove { color, .. } => (AlertKind::Illegal, Some(*color), None),
        Event::DrawClaimed { by, .. } => (AlertKind::Claim, side(*by), None),
        Event::Ended {
            ending,
            by: Some(by),
        } if ending.reason == EndReason::Timeout && side(*by).is_some() => {
            (AlertKind::Claim, side(*by), None)
        }
        Event::FlagFell { color } => (AlertKind::Flag, Some(*color), None),
        Event::AdjournmentCalled { .. } | Event::Adjourned { .. } => {
            (AlertKind::Adjournment, None, None)
        }
        Event::DefaultTimeOver { color } => (AlertKind::Absent, Some(*color), None),
        Event::IllegalAnnounced { color, .. } => (AlertKind::IllegalAnnounced, Some(*color), None),
        _ => return None,
    };
    let mut args = vec![("board", board.to_string())];
    if let Some(c) = color {
        args.push(("color", if c.is_white() { "white" } else { "black" }.into()));
        args.push(("name", setup.player(c).name.clone()));
    }
    if let Some(s) = square {
        args.push(("square", s));
    }
    if let Event::Adjourned { .. } = rec.event {
        args.push(("step", "adjourned".into()));
    } else if let Event::AdjournmentCalled { .. } = rec.event {
        args.push(("step", "called".into()));
    }
    // What was claimed and how it ended.
    match &rec.event {
        Event::DrawClaimed { kind, correct, .. } => {
            args.push(("claim", kind.key().into()));
            let outcome = if *correct { "correct" } else { "incorrect" };
            args.push(("outcome", outcome.into()));
        }
        Event::Ended { .. } => {
            args.push(("claim", "time".into()));
            args.push(("outcome", "won".into()));
        }
        _ => {}
    }
    let text = crate::words::text(lang, &format!("round-alert-{}", kind.key()), &args);
    Some((kind, text))
}

/// A player as the round desk shows him.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerLine {
    pub name: String,
    pub visually_impaired: bool,
}

/// The last move of a board.
#[derive(Clone, Debug, Serialize)]
pub struct LastMove {
    pub number: u32,
    pub color: &'static str,
    pub san: String,
}

/// One board of the round as its desk shows it.
#[derive(Clone, Debug, Serialize)]
pub struct BoardLine {
    pub board: u32,
    pub game: String,
    pub white: PlayerLine,
    pub black: PlayerLine,
    /// `waiting` (for the arbiter's start), `playing`, `paused`, `over`, or `gone` (a game that never started, removed after its
    /// time).
    pub status: &'static str,
    pub pause_reason: Option<&'static str>,
    pub result: Option<&'static str>,
    pub end_reason: Option<&'static str>,
    /// Read when the line was made (the page runs the running clock on from there).
    pub clock: Option<ClockBody>,
    pub last_move: Option<LastMove>,
    /// The number of the game's last event.
    pub seq: u64,
}

impl BoardLine {
    /// A board from its game's state.
    pub fn of(board: u32, state: &StateBody) -> BoardLine {
        BoardLine {
            board,
            game: state.game.clone(),
            white: PlayerLine {
                name: state.white.name.clone(),
                visually_impaired: state.white.visually_impaired,
            },
            black: PlayerLine {
                name: state.black.name.clone(),
                visually_impaired: state.black.visually_impaired,
            },
            status: state.status,
            pause_reason: state.pause_reason,
            result: state.result,
            end_reason: state.end_reason,
            clock: Some(state.clock),
            last_move: state.moves.last().map(|m| LastMove {
                number: m.number,
                color: m.color,
                san: m.san.clone(),
            }),
            seq: state.seq,
        }
    }

    /// A board whose game is gone.
    pub fn gone(board: u32, game: &GameId) -> BoardLine {
        BoardLine {
            board,
            game: game.to_string(),
            white: PlayerLine {
                name: String::new(),
                visually_impaired: false,
            },
            black: PlayerLine {
                name: String::new(),
                visually_impaired: false,
            },
            status: "gone",
            pause_reason: None,
            result: None,
            end_reason: None,
            clock: None,
            last_move: None,
            seq: 0,
        }
    }
}

/// Every board of a round now.
pub async fn board_lines(app: &AppState, round: &StoredRound) -> Vec<BoardLine> {
    let mut lines = Vec::with_capacity(round.boards.len());
    for (board, game) in &round.boards {
        lines.push(match app.state_of(game).await {
            Some(state) => BoardLine::of(*board, &state),
            None => BoardLine::gone(*board, game),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BoardKind, ClockReading, Player, TimeControl};
    use shakmaty::{ByColor, Square};

    fn rec(event: Event) -> Recorded {
        Recorded {
            seq: 3,
            at_ms: 1000,
            event,
            clock: ClockReading {
                white_ms: 1,
                black_ms: 1,
                running: None,
            },
        }
    }

    #[test]
    fn alerts_name_the_board_and_the_player() {
        let p = |name: &str| Player {
            name: name.to_owned(),
            visually_impaired: false,
            board: BoardKind::Normal,
            assistant: false,
            computer: None,
        };
        let setup = Setup {
            time_control: TimeControl::fischer(900_000, 10_000),
            players: ByColor {
                white: p("Anna"),
                black: p("Ben"),
            },
            languages: [Lang::En; 6],
            profile: Default::default(),
            event: Default::default(),
            start: Default::default(),
        };
        let touch = rec(Event::TouchReported {
            by: Seat::BlackAssistant,
            color: Color::White,
            square: Square::G1,
        });
        let (kind, text) = alert_of(7, &setup, &touch, Lang::En).unwrap();
        assert_eq!(kind, AlertKind::Touch);
        assert!(
            text.contains('7') && text.contains("Anna") && text.contains("g1"),
            "{text}"
        );
        // A time request is routine (issue 31): no alert.
        let time = rec(Event::ClockTold {
            by: Seat::White,
            color: Color::White,
            white_moves: 1,
            black_moves: 1,
        });
        assert!(alert_of(7, &setup, &time, Lang::De).is_none());
        // A claim says what was claimed and how it ended.
        let claim = rec(Event::DrawClaimed {
            by: Seat::Black,
            kind: crate::game::ClaimKind::Repetition,
            uci: None,
            correct: false,
            bonus_ms: 120_000,
            taken_ms: 0,
        });
        let (kind, text) = alert_of(7, &setup, &claim, Lang::En).unwrap();
        assert_eq!(kind, AlertKind::Claim);
        assert_eq!(
            text,
            "Board 7: Black (Ben) claimed a draw by threefold repetition: not correct, play goes on."
        );
        let absent = rec(Event::DefaultTimeOver {
            color: Color::Black,
        });
        let (kind, text) = alert_of(7, &setup, &absent, Lang::En).unwrap();
        assert_eq!(kind, AlertKind::Absent);
        assert!(text.contains('7') && text.contains("Ben"), "{text}");
        let moved = rec(Event::Resumed { by: Seat::Arbiter });
        assert!(alert_of(7, &setup, &moved, Lang::En).is_none());
    }

    /// Issue 31: each alert closes when its case closes, and only then; the game's end
    /// closes them all.
    #[test]
    fn an_alert_closes_when_its_case_closes() {
        use crate::game::{ClaimKind, EndReason, Ending, GameResult};
        let touch = Event::TouchReported {
            by: Seat::BlackAssistant,
            color: Color::White,
            square: Square::G1,
        };
        let absent = Event::DefaultTimeOver {
            color: Color::Black,
        };
        let claim = Event::DrawClaimed {
            by: Seat::Black,
            kind: ClaimKind::FiftyMoves,
            uci: None,
            correct: false,
            bonus_ms: 0,
            taken_ms: 0,
        };
        let moved = Event::Moved {
            by: Seat::White,
            uci: "e2e4".parse().unwrap(),
        };
        let ended = Event::Ended {
            ending: Ending {
                result: GameResult::Draw,
                reason: EndReason::Agreement,
            },
            by: None,
        };
        let ruled = Event::TouchRuled {
            by: Seat::Arbiter,
            upheld: false,
        };
        let arrived = |color| Event::Arrived {
            by: Seat::Black,
            color,
        };
        let resumed = Event::Resumed { by: Seat::Arbiter };
        let cases: [(&Event, &Event, bool); 12] = [
            (&touch, &ruled, true),
            (&touch, &moved, false),
            (&touch, &resumed, false),
            (&touch, &ended, true),
            (&absent, &arrived(Color::Black), true),
            (&absent, &arrived(Color::White), false),
            (&absent, &moved, false),
            (&claim, &moved, true),
            (&claim, &resumed, false),
            (
                &Event::BoardsDiverged { by: None },
                &Event::Reconciled,
                true,
            ),
            (&Event::BoardsDiverged { by: None }, &moved, false),
            (
                &Event::Adjourned { by: Seat::White },
                &Event::SealOpened { by: Seat::Arbiter },
                true,
            ),
        ];
        for (raised, now, closed) in cases {
            assert_eq!(closes(raised, now), closed, "{raised:?} then {now:?}");
        }
    }
}
