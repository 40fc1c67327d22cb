//! Why something was refused, in the asker's language: the table's refusals (the game's, the
//! desk's, words not understood) and the question asked before resigning, offering a draw or
//! claiming one.

use fluent_bundle::FluentValue;

use super::events::result_key;
use super::i18n::Args;
use super::sheet::{Listener, say_ruling};
use super::{Speaker, error, format, sentences, text};
use crate::announce::Lang;
use crate::game::{BoardError, EndReason, Event, Missing, Recorded, Refusal};
use crate::scoresheet::desk::DeskRefusal;
use crate::scoresheet::reconcile::{BranchKind, Ruling};
use crate::table::{Confirmation, TableRefusal};
use shakmaty::Color;

/// What a move still lacks before the clock may be pressed (F4 / D.2.3), one sentence for
/// each missing part, in the order the player makes them.
pub fn missing_parts(lang: Lang, missing: &Missing) -> Vec<String> {
    let sp = Speaker::new(lang);
    let mut parts = Vec::new();
    if missing.behind {
        parts.push(text(lang, "missing-behind", &[]));
    }
    if missing.announcement {
        parts.push(text(lang, "missing-announcement", &[]));
    }
    if let Some(s) = missing.capture {
        parts.push(text(lang, "missing-capture", &[("square", sp.square(s))]));
    }
    if let Some(s) = missing.placement {
        parts.push(text(lang, "missing-placement", &[("square", sp.square(s))]));
    }
    if missing.board_differs {
        parts.push(text(lang, "missing-board", &[]));
    }
    if missing.announcement_differs {
        parts.push(text(lang, "missing-same-move", &[]));
    }
    parts
}

/// A refusal of the game as a sentence in `lang`; `said` is what was said or written, for the
/// messages that repeat it.
pub fn game_refusal(lang: Lang, refusal: &Refusal, said: &str) -> String {
    let sp = Speaker::new(lang);
    let code = refusal.code();
    match refusal {
        Refusal::Board(e) => {
            let (reason, square) = match *e {
                BoardError::NoPiece(s) => ("no_piece", Some(s)),
                BoardError::Occupied(s) => ("occupied", Some(s)),
                BoardError::HandFull => ("hand_full", None),
                BoardError::HandEmpty => ("hand_empty", None),
                BoardError::BadPromotion(s) => ("bad_promotion", Some(s)),
                BoardError::TouchOnTactile => ("touch_on_tactile", None),
                BoardError::OwnPiece(s) => ("own_piece", Some(s)),
            };
            error(
                lang,
                code,
                &[
                    ("reason", reason.to_owned()),
                    ("square", square.map(|s| sp.square(s)).unwrap_or_default()),
                ],
            )
        }
        Refusal::TouchMove { rule, square } => error(
            lang,
            code,
            &[
                ("rule", rule.key().to_owned()),
                ("square", sp.square(*square)),
            ],
        ),
        Refusal::NotMade(missing) => sentences(
            lang,
            std::iter::once(error(lang, code, &[])).chain(missing_parts(lang, missing)),
        ),
        _ => error(lang, code, &[("move", said.to_owned())]),
    }
}

/// A refusal of the desk as a sentence in `lang`.
pub fn desk_refusal(lang: Lang, r: DeskRefusal) -> String {
    let square = r
        .square()
        .map(|s| Speaker::new(lang).square(s))
        .unwrap_or_default();
    let mut a = Args::new();
    a.set("square", square);
    for (name, n) in r.numbers() {
        a.set(name, FluentValue::from(n));
    }
    format(lang, &format!("error-{}", r.code().replace('_', "-")), &a)
}

/// A ruling shown before the arbiter confirms it: what it takes back (or, undoing one, plays
/// again), then the ruling as the arbiter will hear it (the position, the clocks, each
/// board's steps).
pub fn confirm_ruling(lang: Lang, ruling: &Ruling, replay: usize) -> String {
    let mut a = Args::new();
    a.set("take_back", FluentValue::from(ruling.take_back));
    a.set("replay", FluentValue::from(replay));
    a.set(
        "undo",
        if ruling.branch == BranchKind::Undo {
            "yes"
        } else {
            "no"
        },
    );
    let head = format(lang, "confirm-ruling", &a);
    sentences(
        lang,
        std::iter::once(head)
            .chain(say_ruling(lang, ruling, Listener::Arbiter))
            .chain(std::iter::once(text(lang, "confirm-ruling-ask", &[]))),
    )
}

/// A refusal of the table as a sentence in `lang` (its code is [`TableRefusal::code`]).
pub fn table_refusal(lang: Lang, r: &TableRefusal) -> String {
    match r {
        TableRefusal::Play { refusal, said } => game_refusal(lang, refusal, said),
        TableRefusal::Desk(d) => desk_refusal(lang, *d),
        TableRefusal::BadUci(said) => error(lang, "bad_uci", &[("move", said.clone())]),
        TableRefusal::Words { error, pos } => Speaker::new(lang).say_error(pos, error),
    }
}

/// The question before a resignation, a draw offer or a claim, or one of the arbiter's
/// rulings that are shown before they are applied (a touch released, a forfeit, a result
/// corrected); `events`: what the order would do, for what the question names.
pub fn confirm(lang: Lang, c: Confirmation, events: &[Recorded]) -> String {
    match c {
        Confirmation::ReleaseTouch => {
            let color = events.iter().find_map(|e| match e.event {
                Event::TouchReleased { color, .. } => Some(color),
                _ => None,
            });
            text(
                lang,
                "confirm-release-touch",
                &[(
                    "color",
                    super::color_name(lang, color.unwrap_or(Color::White)),
                )],
            )
        }
        Confirmation::Forfeit(result) => text(
            lang,
            "confirm-forfeit",
            &[("result", result_key(result).to_owned())],
        ),
        Confirmation::CorrectResult(result) => {
            let forfeit = events.iter().any(|e| {
                matches!(
                    e.event,
                    Event::ResultCorrected { ending, .. } if ending.reason == EndReason::Forfeit
                )
            });
            text(
                lang,
                "confirm-correct-result",
                &[
                    ("result", result_key(result).to_owned()),
                    ("forfeit", forfeit.to_string()),
                ],
            )
        }
        Confirmation::Resign => text(lang, "confirm-resign", &[]),
        Confirmation::OfferDraw => text(lang, "confirm-offer-draw", &[]),
        Confirmation::ClaimDraw(kind) => text(
            lang,
            "confirm-claim-draw",
            &[("claim", kind.key().to_owned())],
        ),
        Confirmation::Rule | Confirmation::UndoRuling => text(lang, "confirm-ruling-ask", &[]),
    }
}
