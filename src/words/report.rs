//! The arbiter's report (issue 31, item 7): a game's incident record as a report he signs: a
//! header (the event, site, round, board, the players, the date, the time zone: UTC, the
//! result), then one line per incident with its time, the move number and who was to move,
//! who did it and what it says (a clock set "from ... to ...", an illegal announcement with the
//! move said, his notes, every appendix event), and a line for his signature. A round's
//! record is its boards' reports in board order. Pure words: the server gives the values.

use shakmaty::{Chess, Color, Position};

use super::events::{incident_said, utc_time};
use super::{Published, seat_name, text};
use crate::announce::Lang;
use crate::game::{Ending, EventInfo};
use crate::scoresheet::incidents::Incident;

/// Where the game stood at an incident: the move number and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePosition {
    pub number: u32,
    pub to_move: Color,
}

/// The move number and the side to move after `ply` half-moves of a game that started in
/// `start` (its own move number and side to move: a set-up position counts on from there).
pub fn move_position(start: &Chess, ply: usize) -> MovePosition {
    let first = start.fullmoves().get();
    let ply = ply as u32;
    let white_first = start.turn() == Color::White;
    // Half-moves counted as if from White's move of the start's number.
    let from_white = ply + u32::from(!white_first);
    MovePosition {
        number: first + from_white / 2,
        to_move: if from_white.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        },
    }
}

/// What the report's header says about the game.
#[derive(Clone, Debug)]
pub struct ReportHeader<'a> {
    pub event: &'a EventInfo,
    /// The board of a round's game (unknown for a game outside a round).
    pub board: Option<u32>,
    pub white: &'a str,
    pub black: &'a str,
    /// The day the game was created (UTC), `yyyy-mm-dd`.
    pub date: String,
    /// How the game ended, if it did.
    pub ending: Option<Ending>,
}

/// One line of the report: "14:03:22 UTC · move 12, White to move · The arbiter: ...".
pub fn report_line(
    lang: Lang,
    p: &Published,
    incident: &Incident,
    moves: &[&Published],
    at: MovePosition,
) -> String {
    let said = incident_said(lang, p, moves, incident.before_ms);
    let who = match incident.by {
        Some(seat) => seat_name(lang, seat),
        None => text(lang, "report-hamle", &[]),
    };
    text(
        lang,
        "report-line",
        &[
            ("time", utc_time(p.rec.at_ms)),
            ("number", at.number.to_string()),
            ("color", super::color_key(at.to_move).to_owned()),
            ("who", who),
            ("text", said),
        ],
    )
}

/// The report of one game: the header, the lines (made by [`report_line`]), the signature.
pub fn report(lang: Lang, h: &ReportHeader, lines: &[String]) -> String {
    let mut out = Vec::new();
    out.push(text(
        lang,
        "incident-title",
        &[("white", h.white.to_owned()), ("black", h.black.to_owned())],
    ));
    out.push(text(lang, "report-kind", &[]));
    let field = |id: &str, value: &str| {
        (!value.is_empty()).then(|| text(lang, id, &[("value", value.to_owned())]))
    };
    out.extend(field("report-event", &h.event.name));
    out.extend(field("report-site", &h.event.site));
    out.extend(field("report-round", &h.event.round));
    out.extend(
        h.board
            .map(|b| text(lang, "report-board", &[("value", b.to_string())])),
    );
    out.push(text(
        lang,
        "report-players",
        &[("white", h.white.to_owned()), ("black", h.black.to_owned())],
    ));
    out.push(text(lang, "report-date", &[("value", h.date.clone())]));
    out.push(text(lang, "report-zone", &[]));
    out.push(match h.ending {
        Some(ending) => text(
            lang,
            "report-result",
            &[
                ("result", ending.result.pgn().to_owned()),
                ("end", ended(lang, ending)),
            ],
        ),
        None => text(lang, "report-in-play", &[]),
    });
    out.push(String::new());
    if lines.is_empty() {
        out.push(text(lang, "incident-none", &[]));
    }
    out.extend(lines.iter().cloned());
    out.push(String::new());
    out.push(text(lang, "report-signature", &[]));
    let mut s = out.join("\n");
    s.push('\n');
    s
}

/// The end of a game as the event says it ("Game over: checkmate. White wins.").
fn ended(lang: Lang, ending: Ending) -> String {
    text(
        lang,
        "event-end",
        &[
            ("reason", ending.reason.key().to_owned()),
            (
                "result",
                super::events::result_key(ending.result).to_owned(),
            ),
        ],
    )
}

/// A round's record: its title, then every board's report (in board order, as given).
pub fn round_report(lang: Lang, event: &EventInfo, reports: &[String]) -> String {
    let mut out = text(
        lang,
        "report-round-title",
        &[
            ("event", event.name.clone()),
            ("round", event.round.clone()),
            ("boards", reports.len().to_string()),
        ],
    );
    out.push('\n');
    for r in reports {
        out.push('\n');
        out.push_str(&"=".repeat(72));
        out.push('\n');
        out.push_str(r);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    #[test]
    fn move_numbers_count_from_the_start_position() {
        let initial = Chess::default();
        let at = |ply| {
            let p = move_position(&initial, ply);
            (p.number, p.to_move)
        };
        assert_eq!(at(0), (1, Color::White));
        assert_eq!(at(1), (1, Color::Black));
        assert_eq!(at(2), (2, Color::White));
        assert_eq!(at(23), (12, Color::Black));
        // A position set up with Black to move at move 37.
        let set: Chess = "6k1/8/8/8/8/8/8/6K1 b - - 0 37"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let p = move_position(&set, 0);
        assert_eq!((p.number, p.to_move), (37, Color::Black));
        let p = move_position(&set, 1);
        assert_eq!((p.number, p.to_move), (38, Color::White));
    }
}
