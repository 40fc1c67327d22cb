//! The words of scoresheets, rulings and adjournment, in every language.

use shakmaty::{ByColor, Chess, Color, Piece, Position, Square};

use super::*;
use crate::announce::{AnnounceError, Lang};
use crate::scoresheet::adjourn::{Opened, Sealing, Session};
use crate::scoresheet::fixtures::{fixture, sheet, uci_moves};
use crate::scoresheet::reconcile::{Difference, Step, reconcile};
use crate::scoresheet::{AudioRef, ClockRecord, Numbering, Writing, position_at};

fn piece(c: char) -> Piece {
    Piece::from_char(c).expect("piece letter")
}

fn session() -> Session {
    Session {
        players: ByColor {
            white: "Anna".into(),
            black: "Can".into(),
        },
        clocks: ClockRecord {
            ply: 0,
            white_ms: 1_800_000,
            black_ms: 1_500_000,
        },
        used_ms: ByColor {
            white: 3_600_000,
            black: 3_900_000,
        },
        draw_offer: Some(Color::White),
        resume_at_ms: 1_700_000_000_000,
    }
}

#[test]
fn steps_in_words() {
    let sq = |f: Square, t: Square, c: char| Step::Move {
        piece: piece(c),
        from: f,
        to: t,
    };
    // (step, German, Turkish, English)
    let cases = [
        (
            sq(Square::F3, Square::G1, 'N'),
            "Nimm den weißen Springer von Felix drei, setze ihn auf Gustav eins.",
            "Lütfen beyaz atı fe üçten alın ve ge bire koyun.",
            "Lift the white knight from f3 and put it on g1.",
        ),
        (
            sq(Square::D8, Square::H4, 'q'),
            "Nimm die schwarze Dame von David acht, setze sie auf Hektor vier.",
            "Lütfen siyah veziri de sekizden alın ve he dörde koyun.",
            "Lift the black queen from d8 and put it on h4.",
        ),
        (
            sq(Square::E2, Square::E4, 'P'),
            "Nimm den weißen Bauern von Eva zwei, setze ihn auf Eva vier.",
            "Lütfen beyaz piyonu e ikiden alın ve e dörde koyun.",
            "Lift the white pawn from e2 and put it on e4.",
        ),
        (
            sq(Square::A6, Square::C5, 'r'),
            "Nimm den schwarzen Turm von Anna sechs, setze ihn auf Cäsar fünf.",
            "Lütfen siyah kaleyi a altıdan alın ve ce beşe koyun.",
            "Lift the black rook from a6 and put it on c5.",
        ),
        (
            sq(Square::B7, Square::H7, 'B'),
            "Nimm den weißen Läufer von Bella sieben, setze ihn auf Hektor sieben.",
            "Lütfen beyaz fili be yediden alın ve he yediye koyun.",
            "Lift the white bishop from b7 and put it on h7.",
        ),
        (
            sq(Square::E1, Square::G1, 'K'),
            "Nimm den weißen König von Eva eins, setze ihn auf Gustav eins.",
            "Lütfen beyaz şahı e birden alın ve ge bire koyun.",
            "Lift the white king from e1 and put it on g1.",
        ),
        (
            Step::Remove {
                piece: piece('p'),
                from: Square::E5,
            },
            "Nimm den schwarzen Bauern von Eva fünf vom Brett.",
            "Lütfen siyah piyonu e beşten alın ve tahtadan kaldırın.",
            "Take the black pawn on e5 off the board.",
        ),
        (
            Step::Add {
                piece: piece('Q'),
                to: Square::D1,
            },
            "Setze eine weiße Dame auf David eins.",
            "Lütfen de bire bir beyaz vezir koyun.",
            "Put a white queen on d1.",
        ),
        (
            Step::Add {
                piece: piece('n'),
                to: Square::C6,
            },
            "Setze einen schwarzen Springer auf Cäsar sechs.",
            "Lütfen ce altıya bir siyah at koyun.",
            "Put a black knight on c6.",
        ),
        (
            Step::SetAside {
                piece: piece('B'),
                from: Square::F3,
            },
            "Nimm den weißen Läufer von Felix drei und lege ihn neben das Brett.",
            "Lütfen beyaz fili fe üçten alın ve tahtanın yanına koyun.",
            "Lift the white bishop from f3 and lay it beside the board.",
        ),
        (
            Step::PutBack {
                piece: piece('Q'),
                to: Square::G1,
            },
            "Setze die weiße Dame, die du neben das Brett gelegt hast, auf Gustav eins.",
            "Lütfen tahtanın yanına koyduğunuz beyaz veziri ge bire koyun.",
            "Put the white queen from beside the board on g1.",
        ),
    ];
    for (step, de, tr, en) in cases {
        assert_eq!(say_step(Lang::De, &step), de);
        assert_eq!(say_step(Lang::Tr, &step), tr);
        assert_eq!(say_step(Lang::En, &step), en);
    }
}

#[test]
fn differences_in_words() {
    let d = Difference {
        square: Square::F3,
        found: Some(piece('N')),
        expected: None,
    };
    let cases = [
        (
            Lang::De,
            Whose::Yours,
            Against::Game,
            "Auf Felix drei: auf Ihrem Brett ein weißer Springer, in der Partie leer.",
        ),
        (
            Lang::De,
            Whose::Of(Color::Black),
            Against::Opponent,
            "Auf Felix drei: auf dem Brett von Schwarz ein weißer Springer, auf dem Brett des Gegners leer.",
        ),
        (
            Lang::Tr,
            Whose::Yours,
            Against::Game,
            "Kare fe üç: sizin tahtanızda bir beyaz at, oyunda boş.",
        ),
        (
            Lang::En,
            Whose::Yours,
            Against::Sheet,
            "On f3: on your board a white knight, by the scoresheet empty.",
        ),
    ];
    for (lang, whose, against, expected) in cases {
        assert_eq!(say_difference(lang, &d, whose, against), expected);
    }
    let q = Difference {
        square: Square::D1,
        found: None,
        expected: Some(piece('q')),
    };
    assert_eq!(
        say_difference(Lang::De, &q, Whose::Yours, Against::Game),
        "Auf David eins: auf Ihrem Brett leer, in der Partie eine schwarze Dame."
    );
}

#[test]
fn sheet_as_text() {
    let mut s = sheet(
        Color::White,
        Lang::De,
        &["Bauer Eva vier", "Bauer Eva fünf", "Springer Felix drei"],
    );
    s.write(
        Numbering::INITIAL.slot(2),
        Writing::text("Sf3", 5).with_draw_offer(),
    )
    .unwrap();
    let names = Names {
        white: "Anna Blum".into(),
        black: "Can Yılmaz".into(),
    };
    assert_eq!(
        sheet_text(&s, &names),
        "Partieformular von Anna Blum (Weiß)\n\
         Weiß: Anna Blum. Schwarz: Can Yılmaz.\n\
         1. Bauer Eva vier, Bauer Eva fünf\n\
         2. Sf3 (=) (berichtigt, vorher Springer Felix drei)\n"
    );
    let mut s = sheet(Color::Black, Lang::Tr, &["e4"]);
    s.write(
        Numbering::INITIAL.slot(2),
        Writing::text("At fe üç", 0).with_audio(AudioRef {
            id: "a".into(),
            mime: "audio/wav".into(),
        }),
    )
    .unwrap();
    assert_eq!(
        sheet_text(&s, &names),
        "Can Yılmaz hamle kâğıdı (Siyah)\n\
         Beyaz: Anna Blum. Siyah: Can Yılmaz.\n\
         1. e4, (boş)\n\
         2. At fe üç (ses kaydı)\n"
    );
}

#[test]
fn rulings_in_words() {
    let mut f = fixture(
        &["e4", "e5", "Sf3"],
        &["e4", "e5", "Nf3"],
        &["e2e4", "e7e5", "g1f3"],
    );
    // Black played the white knight to h3 on his board.
    f.boards.black.discard_piece_at(Square::F3);
    f.boards.black.set_piece_at(Square::H3, piece('N'));
    let ruling = reconcile(&f.case());
    assert_eq!(
        say_ruling(Lang::De, &ruling, Listener::Player(Color::Black)),
        vec![
            "Die Partieformulare stimmen überein.",
            "Ihr Brett wird berichtigt, Schritt für Schritt.",
            "Nimm den weißen Springer von Hektor drei, setze ihn auf Felix drei.",
        ]
    );
    assert_eq!(
        say_ruling(Lang::En, &ruling, Listener::Player(Color::White)),
        vec!["The scoresheets agree.", "Your board is right."]
    );
    // The assistant works on both boards: his player's board is named, with its steps.
    assert_eq!(
        say_ruling(Lang::En, &ruling, Listener::Assistant(Color::Black)),
        vec![
            "The scoresheets agree.",
            "Black's board is being put right: one step.",
            "Lift the white knight from h3 and put it on f3.",
        ]
    );

    // White wrote and played Nc3 at ply 2; Black's sheet and the game say Nf3.
    let mut f = fixture(
        &["e4", "e5", "Sc3", "Sc6"],
        &["e4", "e5", "Nf3", "Nc6"],
        &["e2e4", "e7e5", "g1f3", "b8c6"],
    );
    f.boards.white = position_at(&f.start, &uci_moves(&["e2e4", "e7e5", "b1c3", "b8c6"]), 4)
        .board()
        .clone();
    let ruling = reconcile(&f.case());
    assert_eq!(
        say_restore(Lang::De, ruling.ply, &ruling.position, ruling.clocks),
        "Zurück auf die Stellung nach dem 1. Zug von Schwarz. Uhren: Weiß 9 Minuten und 58 Sekunden, Schwarz 9 Minuten und 56 Sekunden. Der Schiedsrichter kann sie noch anpassen."
    );
    assert_eq!(
        say_restore(Lang::Tr, ruling.ply, &ruling.position, ruling.clocks),
        "Geri dönülen konum: Siyahın 1. hamlesinden sonraki konum. Saatler: Beyaz 9 dakika 58 saniye, Siyah 9 dakika 56 saniye. Hakem bunları yine de ayarlayabilir."
    );
    assert_eq!(
        say_restore(Lang::En, 0, &Chess::default(), None),
        "Back to the starting position. No clock reading was kept for this position; the arbiter sets the clocks."
    );
    // Every log entry can be said in every language.
    for lang in Lang::ALL {
        for entry in &ruling.log {
            let text = say_log(lang, entry);
            assert!(!text.is_empty() && !text.contains("log-"), "{text}");
        }
    }
}

/// A game set up from a FEN, taken back to its start: the starting position and its clocks.
#[test]
fn a_set_up_start_restored_in_words() {
    let start: Chess = "7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let clocks = ClockRecord {
        ply: 0,
        white_ms: 60_000,
        black_ms: 60_000,
    };
    assert_eq!(
        say_restore(Lang::En, 0, &start, Some(clocks)),
        "Back to the starting position. Clocks: White one minute, Black one minute. The arbiter may still adjust them."
    );
}

#[test]
fn opened_sealed_moves_in_words() {
    let moves = uci_moves(&["e2e4", "e7e5", "g1f3"]);
    let pos = position_at(&Chess::default(), &moves, 3);
    let mut sealing = Sealing::begin(&pos, &moves, Lang::De, session()).unwrap();
    sealing.write("Springer Cäsar sechs").unwrap();
    let envelope = sealing.stop_clock();
    let resumed = envelope.resume().unwrap();
    let opened = envelope.open(&resumed.position);
    assert_eq!(
        say_opened(Lang::En, &opened, &pos, Color::Black),
        "Black's sealed move: knight b8 to c6."
    );
    // Ambiguous, illegal, not understood and missing sealed moves lose.
    let ambiguous_pos = position_at(
        &Chess::default(),
        &uci_moves(&["d2d4", "d7d5", "g1f3", "g8f6", "c1f4", "c8f5"]),
        6,
    );
    let cases: [(Option<&str>, &Chess, &str); 4] = [
        (Some("Springer David zwei"), &ambiguous_pos, "ambiguous"),
        (Some("König Eva drei"), &pos, "illegal"),
        (Some("Blumenkohl"), &pos, "unclear"),
        (None, &pos, "missing"),
    ];
    for (text, at, reason) in cases {
        let mut sealing = Sealing::begin(at, &[], Lang::De, session()).unwrap();
        if let Some(t) = text {
            sealing.write(t).unwrap();
        }
        let opened = sealing.stop_clock().open(at);
        let Opened::Loses { error, .. } = &opened else {
            panic!("{reason}: {opened:?}")
        };
        let code = match error {
            None => "missing",
            Some(AnnounceError::Ambiguous(_)) => "ambiguous",
            Some(AnnounceError::Illegal(_)) => "illegal",
            Some(AnnounceError::NotUnderstood(_)) => "unclear",
        };
        assert_eq!(code, reason);
        let said = say_opened(Lang::De, &opened, at, at.turn());
        assert!(said.contains("verliert"), "{said}");
    }
}
