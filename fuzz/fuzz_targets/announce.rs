//! The announcement parser on any bytes, in any language, in any of a few positions:
//! parse, resolve, understand and say_error must never panic.
#![no_main]

use std::sync::OnceLock;

use hamle::announce::{AnnounceError, Lang, Style, parse, understand};
use hamle::say::Speaker;
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// The corpus's named positions (tests/data/positions.tsv: disambiguation, en passant,
/// promotion, castling refused for each reason, a pin, mate) and a few more.
const POSITIONS_TSV: &str = include_str!("../../tests/data/positions.tsv");
const MORE: &[&str] = &[
    "1r2k3/2P5/8/8/8/8/5p2/3K2R1 b - - 0 1",
    "N3k3/8/8/8/8/8/8/N3K2N w - - 0 1",
    "Q7/8/8/5k2/8/8/8/Q3K2Q w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "4k3/8/4K3/8/8/8/8/8 w - - 0 1",
];

fn positions() -> &'static [Chess] {
    static POSITIONS: OnceLock<Vec<Chess>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        POSITIONS_TSV
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split('\t').nth(1))
            .chain(MORE.iter().copied())
            .map(|f| {
                f.trim()
                    .parse::<Fen>()
                    .expect("corpus FEN")
                    .into_position(CastlingMode::Standard)
                    .expect("corpus position")
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let [l, p, rest @ ..] = data else { return };
    let lang = Lang::ALL[usize::from(*l) % Lang::ALL.len()];
    let positions = positions();
    let pos = &positions[usize::from(*p) % positions.len()];
    // Any bytes: valid UTF-8 as it is, anything else as the lossy text a client would send.
    let text = String::from_utf8_lossy(rest);
    let speaker = Speaker::new(lang);
    match parse(lang, &text) {
        Ok(announcement) => {
            if let Ok(m) = announcement.resolve(pos) {
                assert!(pos.is_legal(m), "resolve gave an illegal move");
                // What the server says for a move it accepted.
                speaker.say_move(pos, m, Style::Short);
                speaker.say_move(pos, m, Style::Full);
            }
        }
        Err(e) => {
            speaker.say_error(pos, &AnnounceError::NotUnderstood(e));
        }
    }
    match understand(lang, &text, pos) {
        Ok(m) => assert!(pos.is_legal(m)),
        Err(e) => {
            let said = speaker.say_error(pos, &e);
            assert!(!said.is_empty());
        }
    }
});
