//! Whatever hamle says, it understands: every legal move in many positions, said in every
//! language and both styles, parses back to the same move. And typed SAN with each
//! language's piece letters names the move SAN names.

use hamle::announce::{Lang, Style, understand};
use hamle::sample::random_positions;
use hamle::words::speaker::Speaker;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

/// Positions built for disambiguation: two knights on one file, rooks on one rank and file,
/// three queens (square disambiguation), promotions with capture, both castlings.
const HAND_PICKED: &[&str] = &[
    "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1",
    "4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "1k6/8/8/8/R7/8/8/R3K3 w - - 0 1",
    "4k3/8/8/Q7/8/8/Q6Q/4K3 w - - 0 1",
    "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
    "2n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/2N1N3/8/2N1N3/8/4K3 w - - 0 1",
];

#[derive(Default)]
struct Coverage {
    moves: usize,
    castle_kingside: usize,
    castle_queenside: usize,
    en_passant: usize,
    promotion: usize,
    under_promotion: usize,
    file_disambiguation: usize,
    rank_disambiguation: usize,
    square_disambiguation: usize,
}

impl Coverage {
    fn count(&mut self, pos: &Chess, m: Move) {
        self.moves += 1;
        if let Move::Castle { king, rook } = m {
            if rook.file() > king.file() {
                self.castle_kingside += 1;
            } else {
                self.castle_queenside += 1;
            }
        }
        self.en_passant += usize::from(m.is_en_passant());
        self.promotion += usize::from(m.is_promotion());
        self.under_promotion +=
            usize::from(m.promotion().is_some_and(|r| r != shakmaty::Role::Queen));
        if m.role() != shakmaty::Role::Pawn
            && let San::Normal { file, rank, .. } = San::disambiguate(m, &pos.legal_moves())
        {
            match (file, rank) {
                (Some(_), Some(_)) => self.square_disambiguation += 1,
                (Some(_), None) => self.file_disambiguation += 1,
                (None, Some(_)) => self.rank_disambiguation += 1,
                (None, None) => {}
            }
        }
    }
}

/// Checks every legal move of `pos`; returns the failures as readable lines.
fn check_position(pos: &Chess, speakers: &[Speaker; 3], failures: &mut Vec<String>) {
    for m in pos.legal_moves() {
        for speaker in speakers {
            // The Appendix style, the full style, and the Appendix style with the captured
            // piece named (issue 15's per-seat choice).
            for style in [Some(Style::Short), Some(Style::Full), None] {
                let words = match style {
                    Some(style) => speaker.say_move(pos, m, style),
                    None => speaker.say_move_captured(pos, m),
                };
                if words.contains(['\u{2068}', '\u{2069}']) {
                    failures.push(format!("isolation marks in {words:?}"));
                }
                let back = understand(speaker.lang, &words, pos);
                if back.as_ref() != Ok(&m) {
                    failures.push(format!(
                        "{} {:?} {} {:?}: {:?} -> {:?}",
                        speaker.lang,
                        style,
                        Fen::from_position(pos, EnPassantMode::Legal),
                        m.to_uci(CastlingMode::Standard).to_string(),
                        words,
                        back
                    ));
                }
            }
        }
    }
}

#[test]
fn every_move_said_in_every_language_parses_back() {
    let mut positions = random_positions(0x0068_616d_6c65, 10_000);
    for fen in HAND_PICKED {
        let fen: Fen = fen.parse().unwrap();
        positions.push(fen.into_position(CastlingMode::Standard).unwrap());
    }
    let mut coverage = Coverage::default();
    for pos in &positions {
        for m in pos.legal_moves() {
            coverage.count(pos, m);
        }
    }

    let speakers = Lang::ALL.map(Speaker::new);
    let halves = positions.split_at(positions.len() / 2);
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles = [halves.0, halves.1].map(|chunk| {
            s.spawn(move || {
                let mut failures = Vec::new();
                for pos in chunk {
                    check_position(pos, &speakers, &mut failures);
                }
                failures
            })
        });
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });

    assert!(
        failures.is_empty(),
        "{} of {} moves x 9 did not round-trip; first ones:\n{}",
        failures.len(),
        coverage.moves,
        failures[..failures.len().min(40)].join("\n")
    );
    assert!(positions.len() >= 10_000);
    // The sample must really contain every kind of move the issue names.
    assert!(
        coverage.castle_kingside >= 50,
        "kingside castlings: {}",
        coverage.castle_kingside
    );
    assert!(
        coverage.castle_queenside >= 50,
        "queenside castlings: {}",
        coverage.castle_queenside
    );
    assert!(
        coverage.en_passant >= 50,
        "en passant: {}",
        coverage.en_passant
    );
    assert!(
        coverage.promotion >= 200,
        "promotions: {}",
        coverage.promotion
    );
    assert!(
        coverage.under_promotion >= 150,
        "under-promotions: {}",
        coverage.under_promotion
    );
    assert!(
        coverage.file_disambiguation >= 100,
        "file: {}",
        coverage.file_disambiguation
    );
    assert!(
        coverage.rank_disambiguation >= 20,
        "rank: {}",
        coverage.rank_disambiguation
    );
    assert!(
        coverage.square_disambiguation >= 1,
        "square: {}",
        coverage.square_disambiguation
    );
    eprintln!(
        "round trip: {} positions, {} moves, x3 languages x2 styles; castles {}/{}, e.p. {}, promotions {} ({} under), disambiguation file {} rank {} square {}",
        positions.len(),
        coverage.moves,
        coverage.castle_kingside,
        coverage.castle_queenside,
        coverage.en_passant,
        coverage.promotion,
        coverage.under_promotion,
        coverage.file_disambiguation,
        coverage.rank_disambiguation,
        coverage.square_disambiguation
    );
}

/// SAN with the piece letters of `lang` (German K D T L S, Turkish Ş V K F A, English as is).
fn san_in(lang: Lang, san: &str) -> String {
    let letters: [char; 5] = match lang {
        Lang::De => ['K', 'D', 'T', 'L', 'S'],
        Lang::Tr => ['Ş', 'V', 'K', 'F', 'A'],
        Lang::En => ['K', 'Q', 'R', 'B', 'N'],
    };
    san.chars()
        .map(|c| match c {
            'K' => letters[0],
            'Q' => letters[1],
            'R' => letters[2],
            'B' => letters[3],
            'N' => letters[4],
            other => other,
        })
        .collect()
}

/// Typed SAN is read as SAN writes it: a capital is a piece and a lowercase letter a file,
/// also where the language's piece letter is a file letter (German D, Turkish A and F,
/// English B), so "Dxe5" is never taken for the d-pawn's capture nor "bxc6" for the bishop's.
#[test]
fn every_move_written_in_san_with_each_languages_letters_is_that_move() {
    let mut positions = random_positions(0x5341_4e00, 4_000);
    for fen in HAND_PICKED {
        let fen: Fen = fen.parse().unwrap();
        positions.push(fen.into_position(CastlingMode::Standard).unwrap());
    }
    let mut failures = Vec::new();
    let mut moves = 0;
    for pos in &positions {
        for m in pos.legal_moves() {
            moves += 1;
            let san = SanPlus::from_move(pos.clone(), m).to_string();
            for lang in Lang::ALL {
                let written = san_in(lang, &san);
                let back = understand(lang, &written, pos);
                if back.as_ref() != Ok(&m) {
                    failures.push(format!(
                        "{lang} {} {written:?}: {back:?}",
                        Fen::from_position(pos, EnPassantMode::Legal)
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {moves} moves x 3 did not parse back from SAN; first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
    assert!(moves > 100_000, "only {moves} moves");
}
