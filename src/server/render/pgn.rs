//! A game as PGN (the Seven Tag Roster plus time control and termination), with the clock
//! after every move as a `{[%clk h:mm:ss]}` comment. A game set up from a position carries
//! it in the `SetUp` and `FEN` tags, and its moves keep the position's numbers.

use crate::game::{EventInfo, StartPosition};
use crate::server::wire::StateBody;

/// A remaining time as `h:mm:ss` (rounded down to the second).
pub fn clk(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Year, month, day of a Unix day number (Howard Hinnant's civil-from-days).
pub(crate) fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

fn quoted(s: &str) -> String {
    let clean: String = s
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    if clean.is_empty() {
        "?".to_owned()
    } else {
        clean
    }
}

/// The PGN `Termination` tag of a game that ended for `end_reason` (its wire name).
fn termination(end_reason: Option<&str>) -> &'static str {
    match end_reason {
        None => "unterminated",
        Some("timeout") | Some("timeout_draw") => "time forfeit",
        Some("arbiter") => "adjudication",
        // A game not played (issue 31): as lichess writes a game a player never started; the
        // result stays `1-0`, `0-1` or, for a double forfeit, `0-0` (lichess's broadcasts).
        Some("forfeit") => "forfeit",
        // A loss by illegal moves (7.5.5) is an infraction of the rules, not a normal end.
        Some("illegal_moves") => "rules infraction",
        Some(_) => "normal",
    }
}

/// A round's game (issue 31): `Round` as round.board ("3.1"), as lichess broadcasts and the
/// pairing programs write it, and after the roster the `Board` and each player's FIDE id.
fn round_tags(event: &EventInfo, tags: &mut Vec<(&'static str, String)>) {
    let Some(board) = event.board else {
        return;
    };
    if !event.round.is_empty()
        && let Some((_, round)) = tags.iter_mut().find(|(k, _)| *k == "Round")
    {
        *round = format!("{}.{board}", quoted(&event.round));
    }
    tags.push(("Board", board.to_string()));
    for (tag, id) in [
        ("WhiteFideId", &event.fide_ids.white),
        ("BlackFideId", &event.fide_ids.black),
    ] {
        if let Some(id) = id {
            tags.push((tag, quoted(id)));
        }
    }
}

/// The PGN text of a game state, with the event's headers and, for each move that has one,
/// the mover's remaining time after it (`clocks[i]` for half-move `i + 1`), and the comments
/// (the incident record, issue 18), each after the half-move it follows (`0`: before the
/// first; beyond the game, as after a ruling took moves back: after the last).
pub fn pgn(
    state: &StateBody,
    event: &EventInfo,
    clocks: &[Option<u64>],
    comments: &[(usize, String)],
) -> String {
    let (y, m, d) = civil((state.created_ms / 86_400_000) as i64);
    let result = state.result.unwrap_or("*");
    let termination = termination(state.end_reason);
    let mut out = String::new();
    let mut tags = vec![
        ("Event", quoted(&event.name)),
        ("Site", quoted(&event.site)),
        ("Date", format!("{y:04}.{m:02}.{d:02}")),
        (
            "Round",
            if event.round.is_empty() {
                "-".to_owned()
            } else {
                quoted(&event.round)
            },
        ),
        ("White", quoted(&state.white.name)),
        ("Black", quoted(&state.black.name)),
        ("Result", result.to_owned()),
        ("TimeControl", state.time_control.pgn.clone()),
        ("Termination", termination.to_owned()),
        ("HamleGame", state.game.clone()),
    ];
    round_tags(event, &mut tags);
    if state.start_fen != StartPosition::initial().fen() {
        // After the Seven Tag Roster, as the PGN standard orders the SetUp and FEN tags.
        tags.insert(7, ("SetUp", "1".to_owned()));
        tags.insert(8, ("FEN", state.start_fen.clone()));
    }
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    out.push('\n');
    let mut line = String::new();
    let mut push = |token: String, out: &mut String| {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    };
    let last = state.moves.len();
    let comment = |text: &str| format!("{{{}}}", text.replace('{', "(").replace('}', ")"));
    let mut commented = false;
    for (_, text) in comments.iter().filter(|(ply, _)| *ply == 0) {
        push(comment(text), &mut out);
        commented = true;
    }
    for mv in &state.moves {
        if mv.color == "white" {
            push(format!("{}.", mv.number), &mut out);
        } else if mv.ply == 1 || commented {
            // A game set up with Black to move begins "37... Kg8"; after a comment, Black's
            // move is numbered again.
            push(format!("{}...", mv.number), &mut out);
        }
        push(mv.san.clone(), &mut out);
        commented = false;
        if let Some(Some(ms)) = clocks.get(mv.ply - 1) {
            push(format!("{{[%clk {}]}}", clk(*ms)), &mut out);
        }
        let here = |ply: usize| ply.min(last) == mv.ply && ply > 0;
        for (_, text) in comments.iter().filter(|(ply, _)| here(*ply)) {
            push(comment(text), &mut out);
            commented = true;
        }
    }
    if last == 0 {
        // No move: every comment was said before the (absent) first move.
        for (_, text) in comments.iter().filter(|(ply, _)| *ply > 0) {
            push(comment(text), &mut out);
        }
    }
    push(result.to_owned(), &mut out);
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::{civil, clk, termination};

    #[test]
    fn terminations() {
        assert_eq!(termination(None), "unterminated");
        assert_eq!(termination(Some("illegal_moves")), "rules infraction");
        assert_eq!(termination(Some("timeout")), "time forfeit");
        assert_eq!(termination(Some("arbiter")), "adjudication");
        assert_eq!(termination(Some("forfeit")), "forfeit");
        assert_eq!(termination(Some("checkmate")), "normal");
    }

    #[test]
    fn clock_comments() {
        assert_eq!(clk(5_398_000), "1:29:58");
        assert_eq!(clk(59_999), "0:00:59");
        assert_eq!(clk(36_000_000), "10:00:00");
    }

    #[test]
    fn dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(19_723), (2024, 1, 1));
        assert_eq!(civil(20_513), (2026, 3, 1));
    }
}
