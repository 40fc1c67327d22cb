//! The phrases of the voice fixtures (`tests/data/voice/`): seeded positions from
//! `hamle::sample`, one move of each said in one of the forms hamle understands, the spoken
//! commands, and things that are neither (a move that is not legal in the position, a
//! sentence), which hamle must refuse; one JSON object a line. `voice/make_fixtures.py`
//! turns them into WAV files with espeak-ng.
//!
//!     cargo run --example voice_fixtures > phrases.jsonl            # tests/data/voice/
//!     cargo run --example voice_fixtures heldout > heldout.jsonl    # tests/data/voice/heldout/
//!
//! The held-out set (issue 32) has positions, phrases and sentences of its own, and about
//! half of its moves (a third of its phrases) in forms hamle does not say itself;
//! `make_fixtures.py --heldout` says it with voices and noise nothing was fitted on.
//!
//! The candidates' forms have grown since the first fixtures were made (issue 32's grammar
//! forms), so for some of the fitted set's first phrases this now chooses another form than
//! the one recorded; `make_fixtures.py` keeps the line and the files of every phrase already
//! in a manifest, and only adds the new ones.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position, Role, Square};

use hamle::announce::{Lang, Style, understand};
use hamle::voice::{Intent, VoiceCommand, candidates, command_candidates};
use hamle::words::speaker::Speaker;

/// What one set of fixtures holds, per language.
struct Set {
    moves: usize,
    commands: usize,
    /// Moves said in a form hamle does not say itself, at least this share of them.
    other_forms: f64,
    /// The seeds of the positions and of the choices.
    seed: u64,
    /// The sentences said (neither a move nor a command), per language de, tr, en.
    sentences: [&'static [&'static str]; 3],
    /// Moves named that are not legal in their position.
    illegal: usize,
    /// Commands after those (in positions of their own): the fitted set's first twelve
    /// were too few to fit anything on (two of each).
    late_commands: usize,
}

const FITTED: Set = Set {
    moves: 110,
    commands: 12,
    other_forms: 0.3,
    seed: 0,
    sentences: [
        &[
            "Können Sie bitte das Fenster zumachen?",
            "Ich glaube, ich habe mich verzählt.",
            "Wo ist denn der Schiedsrichter?",
            "Heute ist es ziemlich warm hier drin.",
        ],
        &[
            "Pencereyi kapatır mısınız lütfen?",
            "Sanırım yanlış saydım.",
            "Hakem nerede acaba?",
            "Bugün burası oldukça sıcak.",
        ],
        &[
            "Could you close the window, please?",
            "I think I miscounted.",
            "Where is the arbiter?",
            "It is rather warm in here today.",
        ],
    ],
    illegal: 4,
    late_commands: 18,
};

const HELDOUT: Set = Set {
    moves: 42,
    commands: 18,
    other_forms: 0.55,
    seed: 5000,
    sentences: [
        &[
            "Ich hätte gern noch einen Kaffee.",
            "Wie spät ist es eigentlich?",
            "Mein Handy hat gerade geklingelt.",
        ],
        &[
            "Bir çay daha alabilir miyim?",
            "Saat kaç acaba?",
            "Telefonum az önce çaldı.",
        ],
        &[
            "I would like another coffee.",
            "What time is it, by the way?",
            "My phone just rang.",
        ],
    ],
    illegal: 3,
    late_commands: 0,
};

/// What hamle itself says for a move: its short and full forms.
fn hamle_says(pos: &Chess, m: shakmaty::Move, lang: Lang) -> Vec<String> {
    let speaker = Speaker::new(lang);
    [Style::Short, Style::Full]
        .into_iter()
        .map(|s| speaker.say_move(pos, m, s))
        .collect()
}

/// A move of a piece of the side to move, named in hamle's words, to a square none of its
/// pieces of that kind can go to (nor an own piece stands on): not a legal move.
fn illegal_move(pos: &Chess, lang: Lang, rng: &mut StdRng) -> Option<String> {
    let speaker = Speaker::new(lang);
    let ours = pos.board().by_color(pos.turn());
    let roles: Vec<Role> = [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ]
    .into_iter()
    .filter(|r| !(ours & pos.board().by_role(*r)).is_empty())
    .collect();
    if roles.is_empty() {
        return None;
    }
    for _ in 0..50 {
        let role = roles[rng.random_range(0..roles.len())];
        let to = Square::new(rng.random_range(0..64));
        if ours.contains(to) {
            continue;
        }
        let text = format!("{} {}", speaker.piece(role), speaker.square(to));
        if understand(lang, &text, pos).is_err() {
            return Some(text);
        }
    }
    None
}

fn line(id: String, lang: Lang, pos: &Chess, key: &str, text: &str, kind: &str) {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let line = serde_json::json!({
        "id": id,
        "lang": lang.code(),
        "fen": fen,
        "expect": key,
        "text": text,
        "kind": kind,
        "legal": pos.legal_moves().len(),
    });
    println!("{line}");
}

fn main() {
    let heldout = std::env::args().nth(1).as_deref() == Some("heldout");
    let set = if heldout { &HELDOUT } else { &FITTED };
    for (n, lang) in Lang::ALL.into_iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(set.seed + 1700 + n as u64);
        let positions =
            hamle::sample::random_positions(set.seed + 2000 + n as u64, set.moves + set.commands);
        for (i, pos) in positions.iter().enumerate() {
            let id = format!("{}-{:03}", lang.code(), i);
            if i < set.moves {
                let cands = candidates(pos, lang);
                let special: Vec<usize> = cands
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| match c.intent {
                        Intent::Move(m) => m.is_castle() || m.is_en_passant() || m.is_promotion(),
                        Intent::Command(_) => false,
                    })
                    .map(|(i, _)| i)
                    .collect();
                let pick = if !special.is_empty() && rng.random_bool(0.5) {
                    special[rng.random_range(0..special.len())]
                } else {
                    rng.random_range(0..cands.len())
                };
                let c = &cands[pick];
                let Intent::Move(m) = c.intent else {
                    unreachable!("moves first")
                };
                // The fitted set: mostly hamle's own short form, else any other. The held-out
                // set: at least `other_forms` of the moves in a form hamle never says (its
                // short and full forms excluded), where the move has one.
                let (form, kind) = if heldout {
                    let own = hamle_says(pos, m, lang);
                    let others: Vec<&String> =
                        c.forms.iter().filter(|f| !own.contains(f)).collect();
                    if !others.is_empty() && rng.random_bool(set.other_forms) {
                        (others[rng.random_range(0..others.len())], "other_form")
                    } else {
                        (&c.forms[0], "own_form")
                    }
                } else if c.forms.len() > 1 && rng.random_bool(set.other_forms) {
                    (&c.forms[rng.random_range(1..c.forms.len())], "form")
                } else {
                    (&c.forms[0], "own_form")
                };
                line(id, lang, pos, &c.uci().expect("a move"), form, kind);
            } else {
                let cmds = command_candidates(lang, &VoiceCommand::ALL);
                let c = &cmds[(i - set.moves) % cmds.len()];
                let Intent::Command(cmd) = c.intent else {
                    unreachable!()
                };
                let key = format!("cmd:{}", cmd.key());
                line(id, lang, pos, &key, &c.forms[0], "command");
            }
        }
    }
    // Neither a move nor a command: refused, never asked about (issue 32); and the late
    // commands. After every language's moves and commands, in positions and with choices of
    // their own, so that the phrases above (and the files made of them) stay as they were.
    for (n, lang) in Lang::ALL.into_iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(set.seed + 4000 + n as u64);
        let sentences = set.sentences[n];
        let others = hamle::sample::random_positions(
            set.seed + 3000 + n as u64,
            set.illegal + sentences.len() + set.late_commands,
        );
        let cmds = command_candidates(lang, &VoiceCommand::ALL);
        let mut at = set.moves + set.commands;
        for (k, pos) in others.iter().enumerate() {
            let id = format!("{}-{:03}", lang.code(), at);
            if k < set.illegal {
                let Some(text) = illegal_move(pos, lang, &mut rng) else {
                    continue;
                };
                line(id, lang, pos, "none", &text, "illegal");
            } else if k < set.illegal + sentences.len() {
                line(
                    id,
                    lang,
                    pos,
                    "none",
                    sentences[k - set.illegal],
                    "sentence",
                );
            } else {
                let c = &cmds[(k - set.illegal - sentences.len()) % cmds.len()];
                let Intent::Command(cmd) = c.intent else {
                    unreachable!()
                };
                let key = format!("cmd:{}", cmd.key());
                line(id, lang, pos, &key, &c.forms[0], "command");
            }
            at += 1;
        }
    }
}
