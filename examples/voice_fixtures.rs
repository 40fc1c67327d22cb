//! The phrases of the voice fixtures (`tests/data/voice/`): seeded positions from
//! `hamle::sample`, one move of each said in one of the forms hamle understands, and the
//! spoken commands; one JSON object a line. `voice/make_fixtures.py` turns them into WAV
//! files with espeak-ng. Run: `cargo run --example voice_fixtures > phrases.jsonl`.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

use hamle::announce::Lang;
use hamle::voice::{Intent, VoiceCommand, candidates, command_candidates};

/// Moves per language (each in one position).
const MOVES: usize = 110;
/// Commands per language, each in a position of its own too.
const COMMANDS: usize = 12;

fn main() {
    for (n, lang) in Lang::ALL.into_iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(1700 + n as u64);
        let positions = hamle::sample::random_positions(2000 + n as u64, MOVES + COMMANDS);
        for (i, pos) in positions.iter().enumerate() {
            let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
            let (key, text) = if i < MOVES {
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
                // Mostly hamle's own short form, as Appendix players say it; else another.
                let form = if c.forms.len() > 1 && rng.random_bool(0.3) {
                    &c.forms[rng.random_range(1..c.forms.len())]
                } else {
                    &c.forms[0]
                };
                (c.uci().expect("a move"), form.clone())
            } else {
                let cmds = command_candidates(lang, &VoiceCommand::ALL);
                let c = &cmds[(i - MOVES) % cmds.len()];
                let Intent::Command(cmd) = c.intent else {
                    unreachable!()
                };
                (format!("cmd:{}", cmd.key()), c.forms[0].clone())
            };
            let line = serde_json::json!({
                "id": format!("{}-{:03}", lang.code(), i),
                "lang": lang.code(),
                "fen": fen,
                "expect": key,
                "text": text,
                "legal": pos.legal_moves().len(),
            });
            println!("{line}");
        }
    }
}
