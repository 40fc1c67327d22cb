//! BRF export through liblouis: the exact cells for a short game, the North American ASCII
//! Braille mapping, page layout, and the error when `lou_translate` is missing.
//!
//! Needs Debian's `liblouis-bin` and `liblouis-data`.

use hamle::announce::Lang;
use hamle::braille::{
    BrailleError, CELLS_PER_LINE, LINES_PER_PAGE, NA_ASCII, Translator, brf_from_cells,
    scoresheet_brf, unicode_cells, wrap,
};
use hamle::scoresheet::{Scoresheet, Slot, Writing};
use hamle::words::sheet::Names;
use shakmaty::Color;

fn sheet(owner: Color, lang: Lang, texts: &[&str]) -> Scoresheet {
    let mut s = Scoresheet::new(owner, lang);
    for (ply, t) in texts.iter().enumerate() {
        s.write(Slot::of_ply(ply), Writing::text(*t, 0)).unwrap();
    }
    s
}

fn names() -> Names {
    Names {
        white: "Anna".into(),
        black: "Ben".into(),
    }
}

#[test]
fn german_short_game_exact_cells() {
    let mut s = sheet(Color::White, Lang::De, &["e4", "e5", "Sf3", "Sc6"]);
    s.write(Slot::of_ply(2), Writing::text("Sf3", 0).with_draw_offer())
        .unwrap();
    let brf = scoresheet_brf(&Translator::default(), &s, &names()).unwrap();
    // Cells worked out from de-g0.utb (German Basisschrift), written as NA ASCII Braille:
    //   number sign 3456 = '#', digits are letters a-j after it: 1 = a (1) = 'A',
    //   3 = c (14) = 'C', 4 = d (145) = 'D', 5 = e (15) = 'E', 6 = f (124) = 'F';
    //   German period: dot 3 = '\'', comma: dot 2 = '1', colon: dots 25 = '3';
    //   ß: dots 2346 = '!', parentheses: dots 2356 = '7'; no capital signs in German.
    let expected = "PARTIEFORMULAR VON ANNA 7WEI!7\r\n\
                    WEI!3 ANNA' SCHWARZ3 BEN'\r\n\
                    #A' E#D1 E#E\r\n\
                    #B' SF#C 7@771 SC#F\r\n";
    assert_eq!(brf, expected);
    // The same cells as dots, for the move lines.
    let line = brf.lines().nth(2).unwrap();
    let dots: Vec<u8> = line
        .bytes()
        .map(|b| NA_ASCII.iter().position(|&c| c == b).unwrap() as u8)
        .collect();
    // ⠼⠁⠄⠀⠑⠼⠙⠂⠀⠑⠼⠑
    assert_eq!(
        dots,
        [
            0b111100, 0b000001, 0b000100, 0, 0b010001, 0b111100, 0b011001, 0b000010, 0, 0b010001,
            0b111100, 0b010001
        ]
    );
}

#[test]
fn turkish_letters_use_the_turkish_braille_code() {
    let s = sheet(Color::Black, Lang::Tr, &["e4", "e5", "At fe üç"]);
    let names = Names {
        white: "Anna".into(),
        black: "Can Yılmaz".into(),
    };
    let brf = scoresheet_brf(&Translator::default(), &s, &names).unwrap();
    let lines: Vec<&str> = brf.lines().collect();
    // Capital sign dot 6 = ','; ı 35 = '9'; â 345 = '>'; ğ 126 = '<'; ü 1256 = '\\';
    // ç 16 = '*'; period after a digit: dots 256 = '4'.
    assert_eq!(lines[0], ",CAN ,Y9LMAZ HAMLE K><9D9 \"<,SIYAH\">");
    assert_eq!(lines[2], "#A4 E#D1 E#E");
    assert_eq!(lines[3], "#B4 ,AT FE \\*");
}

#[test]
fn english_uses_unified_english_braille() {
    let s = sheet(Color::White, Lang::En, &["e4", "e5", "Nf3", "Nc6"]);
    let brf = scoresheet_brf(&Translator::default(), &s, &names()).unwrap();
    let lines: Vec<&str> = brf.lines().collect();
    assert_eq!(lines[0], ",SCORESHEET OF ,ANNA \"<,WHITE\">");
    assert_eq!(lines[2], "#A4 E#D1 E#E");
    assert_eq!(lines[3], "#B4 ,NF#C1 ,NC#F");
}

#[test]
fn na_ascii_matches_liblouis_brf_display_table() {
    let all: String = (0..64u32)
        .map(|i| char::from_u32(0x2800 + i).unwrap())
        .collect();
    let out = std::process::Command::new("lou_translate")
        .args(["--forward", "en-us-brf.dis,braille-patterns.cti"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(format!("{all}\n").as_bytes())?;
            child.wait_with_output()
        })
        .expect("lou_translate runs (install liblouis-bin liblouis-data)");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim_end_matches('\n').as_bytes(), &NA_ASCII[..]);
}

#[test]
fn long_lines_wrap_at_blanks_and_pages_break() {
    // 30 words of 5 cells: wrapped at blank cells, never past 40 cells.
    let word = [1u8, 3, 9, 25, 17];
    let mut cells = Vec::new();
    for i in 0..30 {
        if i > 0 {
            cells.push(0);
        }
        cells.extend_from_slice(&word);
    }
    let rows = wrap(&cells);
    assert!(rows.iter().all(|r| r.len() <= CELLS_PER_LINE));
    assert!(
        rows.iter()
            .all(|r| r.first() != Some(&0) && r.last() != Some(&0))
    );
    assert_eq!(rows[0].len(), 6 * 5 + 5); // six words and the five blanks between them
    // A word longer than a line is cut.
    assert_eq!(
        wrap(&[1; 90]).iter().map(Vec::len).collect::<Vec<_>>(),
        [40, 40, 10]
    );
    // 60 lines: three pages with form feeds between them.
    let brf = brf_from_cells(&vec![vec![1u8, 2]; 60]);
    let pages: Vec<&str> = brf.split('\u{c}').collect();
    assert_eq!(pages.len(), 3);
    assert_eq!(pages[0].lines().count(), LINES_PER_PAGE);
    assert_eq!(pages[2].lines().count(), 10);
    assert!(brf.starts_with("A1\r\n"));
}

#[test]
fn a_long_game_fits_the_page_layout() {
    let texts: Vec<String> = (0..120)
        .map(|i| {
            if i % 2 == 0 {
                "Springer Felix drei".into()
            } else {
                "Springer Cäsar sechs".into()
            }
        })
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let s = sheet(Color::White, Lang::De, &refs);
    let brf = scoresheet_brf(&Translator::default(), &s, &names()).unwrap();
    for page in brf.split('\u{c}') {
        assert!(page.lines().count() <= LINES_PER_PAGE);
        for line in page.lines() {
            assert!(line.len() <= CELLS_PER_LINE, "{line:?}");
            assert!(line.bytes().all(|b| NA_ASCII.contains(&b)), "{line:?}");
        }
    }
    assert!(brf.contains('\u{c}'));
}

#[test]
fn missing_lou_translate_is_said_in_each_language() {
    let t = Translator::with_program("/nonexistent/hamle-test/lou_translate");
    let err = t.brf(Lang::De, &["e4".into()]).unwrap_err();
    assert!(matches!(err, BrailleError::Missing));
    assert_eq!(err.code(), "braille_missing");
    assert!(err.say(Lang::De).contains("lou_translate"));
    assert!(err.say(Lang::De).contains("liblouis-bin"));
    assert!(err.say(Lang::Tr).contains("liblouis"));
    assert!(err.say(Lang::En).starts_with("The Braille export needs"));
}

#[test]
fn eight_dot_output_is_refused() {
    assert!(unicode_cells("\u{2841}").is_err());
    assert!(unicode_cells("x").is_err());
    assert_eq!(unicode_cells("\u{283c}\u{2801}").unwrap(), [60, 1]);
}

/// Issue 30: a backslash in a player's name made both sheets' BRF answer 500 (`lou_translate`
/// refused "invalid escape sequence") and turned "Anna\x0042" into "ANNAB". Any name goes
/// through as it is written.
#[tokio::test]
async fn names_with_backslashes_reach_the_brf_as_they_are() {
    use crate::support::TestServer;
    let server = TestServer::start().await;
    let game = server
        .create(serde_json::json!({
            "white": {"name": "Anna\\x0042"},
            "black": {"name": "C:\\b\\"},
            "languages": {"white": "en", "black": "en"}
        }))
        .await;
    let http = reqwest::Client::new();
    for seat in ["white", "black"] {
        let resp = http
            .get(server.url(&format!("/api/games/{}/sheets/{seat}/brf", game.id)))
            .bearer_auth(game.token(seat))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200, "{seat}: {:?}", resp.text().await);
        let brf = resp.text().await.unwrap();
        // UEB: capital sign `,`, backslash ⠸⠡ (`_*`), number sign `#`, 0 0 4 2 = `JJDB`.
        assert!(brf.contains(",ANNA_*X#JJDB"), "{seat}: {brf}");
        assert!(!brf.contains(",ANNA,B"), "{seat}: {brf}");
        assert!(brf.contains(",C3_*B_*"), "{seat}: {brf}");
    }
    server.stop().await;
}
