//! The answers to a player's questions about the position (issue 15): the legal moves of a
//! piece or from a square ("züge Springer", "hamleler e iki", "moves e2") and the pieces
//! each side has lost with the material balance ("geschlagen", "alınan taşlar",
//! "captured"). Each is one answer; the moves in the Appendix words of the seat's language
//! (with the captured piece named when the seat chose so).

use fluent_bundle::FluentValue;
use shakmaty::{Chess, Color, Move, Role};

use super::i18n::Args;
use super::speaker::{Speaker, role_key};
use super::{color_key, color_name, format, sentences, text};
use crate::announce::{
    AnnounceError, Lang, LegalMoves, ParseError, ParseErrorKind, Style, Subject,
};
use crate::game::Material;

/// "A, B, C": the language's list of items (message `list-comma`, folded from the left).
fn list(lang: Lang, items: &[String]) -> String {
    items
        .iter()
        .cloned()
        .reduce(|first, second| text(lang, "list-comma", &[("first", first), ("second", second)]))
        .unwrap_or_default()
}

/// A move as the seat hears moves: the Appendix words, with the captured piece if
/// `captured`.
pub fn move_words(lang: Lang, pos: &Chess, m: Move, captured: bool) -> String {
    let speaker = Speaker::new(lang);
    if captured {
        speaker.say_move_captured(pos, m)
    } else {
        speaker.say_move(pos, m, Style::Short)
    }
}

/// Why the words of a legal-moves question name no piece or square.
pub fn subject_error(lang: Lang, pos: &Chess, e: &ParseError) -> String {
    match e.kind {
        ParseErrorKind::Empty | ParseErrorKind::Incomplete => text(lang, "query-moves-which", &[]),
        _ => Speaker::new(lang).say_error(pos, &AnnounceError::NotUnderstood(e.clone())),
    }
}

/// The answer to a legal-moves question about `subject` in `pos`.
pub fn legal_moves(
    lang: Lang,
    pos: &Chess,
    subject: Subject,
    found: &LegalMoves,
    captured: bool,
    only_captures: bool,
) -> String {
    use shakmaty::Position;
    let speaker = Speaker::new(lang);
    let turn = pos.turn();
    let color = color_name(lang, turn);
    let piece = |role: Role| speaker.piece(role);
    match found {
        LegalMoves::Moves(moves) => {
            let said: Vec<String> = moves
                .iter()
                .map(|m| move_words(lang, pos, *m, captured))
                .collect();
            let none = if said.is_empty() { "yes" } else { "no" }.to_owned();
            let captures = if only_captures { "yes" } else { "no" }.to_owned();
            match subject {
                Subject::Piece(role) => text(
                    lang,
                    "query-moves-piece",
                    &[
                        ("color", color),
                        ("role", role_key(role).to_owned()),
                        ("piece", piece(role)),
                        ("none", none),
                        ("captures", captures),
                        ("moves", list(lang, &said)),
                    ],
                ),
                Subject::Square { square, .. } => text(
                    lang,
                    "query-moves-square",
                    &[
                        ("square", speaker.square(square)),
                        ("none", none),
                        ("captures", captures),
                        ("moves", list(lang, &said)),
                    ],
                ),
            }
        }
        LegalMoves::NoSuchPiece(role) => text(
            lang,
            "query-no-such-piece",
            &[
                ("color", color),
                ("role", role_key(*role).to_owned()),
                ("piece", piece(*role)),
            ],
        ),
        LegalMoves::EmptySquare(square) => text(
            lang,
            "query-empty-square",
            &[("square", speaker.square(*square))],
        ),
        LegalMoves::NotToMove(square) => text(
            lang,
            "query-not-to-move",
            &[
                ("square", speaker.square(*square)),
                ("owner", color_name(lang, !turn)),
                ("color", color),
            ],
        ),
        LegalMoves::OtherPiece { square, role } => text(
            lang,
            "query-other-piece",
            &[
                ("square", speaker.square(*square)),
                ("role", role_key(*role).to_owned()),
                ("piece", piece(*role)),
            ],
        ),
    }
}

/// The pieces one side has lost, kinds in the order queen, rook, bishop, knight, pawn:
/// "Dame, 2 Bauern".
fn lost_words(lang: Lang, lost: &[Role]) -> String {
    let speaker = Speaker::new(lang);
    let items: Vec<String> = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ]
    .into_iter()
    .filter_map(|role| {
        let n = lost.iter().filter(|r| **r == role).count();
        (n > 0).then(|| {
            let mut a = Args::new();
            a.set("count", FluentValue::from(n));
            a.set("role", role_key(role));
            a.set("piece", speaker.piece(role));
            format(lang, "query-lost-piece", &a)
        })
    })
    .collect();
    list(lang, &items)
}

/// The answer to "geschlagen" / "captured": what each side has lost, then the balance.
pub fn material(lang: Lang, m: &Material) -> String {
    let mut parts: Vec<String> = Color::ALL
        .into_iter()
        .map(|c| {
            let lost = m.lost.get(c);
            if lost.is_empty() {
                text(lang, "query-lost-none", &[("color", color_name(lang, c))])
            } else {
                text(
                    lang,
                    "query-lost",
                    &[
                        ("color", color_name(lang, c)),
                        ("pieces", lost_words(lang, lost)),
                    ],
                )
            }
        })
        .collect();
    let ahead = match m.balance {
        0 => None,
        b if b > 0 => Some(Color::White),
        _ => Some(Color::Black),
    };
    let mut a = Args::new();
    a.set("side", ahead.map(color_key).unwrap_or("even"));
    a.set(
        "color",
        ahead.map(|c| color_name(lang, c)).unwrap_or_default(),
    );
    a.set("points", FluentValue::from(m.balance.unsigned_abs()));
    parts.push(format(lang, "query-balance", &a));
    sentences(lang, parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::announce::{legal_moves_of, parse_subject};
    use crate::game::material_of;
    use shakmaty::Position;
    use shakmaty::uci::UciMove;

    /// The table-driven cases of `tests/data/queries.txt`: each block is a language, the
    /// moves from the initial position (UCI), a question, and the answer expected.
    #[test]
    fn answers_in_every_language() {
        let data = include_str!("../../tests/data/queries.txt");
        let mut count = 0;
        let mut failures = Vec::new();
        for block in data.split("\n\n") {
            let lines: Vec<&str> = block
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .collect();
            if lines.is_empty() {
                continue;
            }
            let field = |name: &str| {
                lines
                    .iter()
                    .find_map(|l| l.strip_prefix(name).map(str::trim))
                    .unwrap_or_else(|| panic!("{name} missing in {block:?}"))
            };
            let lang: Lang = field("lang:").parse().unwrap();
            let captured = field("captured:") == "yes";
            let mut pos = Chess::default();
            let mut moves = Vec::new();
            for u in field("moves:").split_whitespace() {
                let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
                pos.play_unchecked(m);
                moves.push(m);
            }
            let ask = field("ask:");
            let got = if let Some(q) = ask.strip_prefix("moves") {
                match parse_subject(lang, q) {
                    Ok(s) => legal_moves(lang, &pos, s, &legal_moves_of(&pos, s), captured, false),
                    Err(e) => subject_error(lang, &pos, &e),
                }
            } else if let Some(q) = ask.strip_prefix("captures") {
                match parse_subject(lang, q) {
                    Ok(s) => {
                        let mut found = legal_moves_of(&pos, s);
                        if let LegalMoves::Moves(ms) = &mut found {
                            ms.retain(|m| m.is_capture());
                        }
                        legal_moves(lang, &pos, s, &found, captured, true)
                    }
                    Err(e) => subject_error(lang, &pos, &e),
                }
            } else if ask == "material" {
                material(lang, &material_of(&pos, &moves))
            } else if let Some(u) = ask.strip_prefix("say ") {
                let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
                move_words(lang, &pos, m, captured)
            } else {
                panic!("unknown question {ask:?}")
            };
            if got != field("says:") {
                failures.push(format!("{block}\n   got: {got}"));
            }
            count += 1;
        }
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
        assert!(count >= 20, "only {count} cases");
    }
}
