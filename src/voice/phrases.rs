//! What the player can say in a position: the candidates the recogniser scores.
//!
//! Every legal move in every form hamle understands and says (the Appendix words, the
//! short and the full style, with and without the check word, the spelling alphabets and
//! letters, castling, promotion, en passant), all produced by hamle's own saying code
//! ([`Speaker`]) and each checked to parse back to its move; and the spoken commands. The
//! first form of a candidate is what hamle says for it (the short style).

use shakmaty::{CastlingMode, CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

use crate::announce::{Lang, MoveWords, Style, describe, move_words, understand};
use crate::words::speaker::Speaker;

/// A spoken command (the page's typed commands of the same name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoiceCommand {
    Time,
    Draw,
    Resign,
    Repeat,
    Yes,
    No,
}

impl VoiceCommand {
    pub const ALL: [VoiceCommand; 6] = [
        VoiceCommand::Time,
        VoiceCommand::Draw,
        VoiceCommand::Resign,
        VoiceCommand::Repeat,
        VoiceCommand::Yes,
        VoiceCommand::No,
    ];

    /// The name on the wire: `time`, `draw`, `resign`, `repeat`, `yes`, `no`.
    pub fn key(self) -> &'static str {
        match self {
            VoiceCommand::Time => "time",
            VoiceCommand::Draw => "draw",
            VoiceCommand::Resign => "resign",
            VoiceCommand::Repeat => "repeat",
            VoiceCommand::Yes => "yes",
            VoiceCommand::No => "no",
        }
    }

    /// The page's command words for it (`web.ftl`), also accepted as spoken forms.
    fn typed_words(self) -> &'static str {
        match self {
            VoiceCommand::Time => "web-cmd-time",
            VoiceCommand::Draw => "web-cmd-draw",
            VoiceCommand::Resign => "web-cmd-resign",
            VoiceCommand::Repeat => "web-cmd-again",
            VoiceCommand::Yes => "web-cmd-yes",
            VoiceCommand::No => "voice-word-no",
        }
    }
}

/// What a candidate means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intent {
    Move(Move),
    Command(VoiceCommand),
}

/// One thing the player may have said, with the forms it can be said in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub intent: Intent,
    /// What hamle says for it (the first of `forms`).
    pub text: String,
    /// Every form, the first being `text`; no two alike.
    pub forms: Vec<String>,
    /// The forms that name only the move's destination (a pawn's push by its square alone:
    /// "e4", "Felix vier", "e dört"), scored as a group of their own: a move that wins by one
    /// of them is asked about, never played at once (issue 32: "knight c5", not legal there,
    /// was heard as "c5" and played as the pawn's move at p = 0.908).
    pub bare: Vec<String>,
    /// A move's rivals: hamle's own form of the same piece going to a square next to its
    /// destination (a rank or a file away) where it cannot go ("Läufer Hektor zwei" beside
    /// "Läufer Hektor drei"). Only the best candidate's are scored; a move whose rival is
    /// heard nearly as well is asked about, never played at once (issue 32: a move that is
    /// not legal, a word from a legal one, was heard as that one at p 0.83, and "bishop to
    /// e3" as "bishop d3" at 0.80).
    pub rivals: Vec<String>,
}

impl Candidate {
    /// The move in UCI, for a move.
    pub fn uci(&self) -> Option<String> {
        match self.intent {
            Intent::Move(m) => Some(m.to_uci(CastlingMode::Standard).to_string()),
            Intent::Command(_) => None,
        }
    }
}

/// The NATO spelling alphabet's file words (English).
const NATO: [&str; 8] = [
    "alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
];

/// English rank words (hamle writes English ranks as digits; players say them).
const EN_RANKS: [&str; 8] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight",
];

fn letter(file: File) -> String {
    file.char().to_ascii_uppercase().to_string()
}

fn digit(rank: Rank) -> String {
    (u32::from(rank) + 1).to_string()
}

/// Other ways of naming the squares than hamle's own (which is the first form): a file word,
/// a rank word and a square word.
struct Naming {
    file: Box<dyn Fn(File) -> String>,
    rank: Box<dyn Fn(Rank) -> String>,
    square: Box<dyn Fn(Square) -> String>,
}

impl Naming {
    /// Squares as two spoken words, the file's and the rank's ("foxtrot three"). (These are
    /// what the recogniser listens for, never said to anyone.)
    fn words(
        file: impl Fn(File) -> String + Copy + 'static,
        rank: impl Fn(Rank) -> String + Copy + 'static,
    ) -> Naming {
        Naming {
            file: Box::new(file),
            rank: Box::new(rank),
            square: Box::new(move |s: Square| format!("{} {}", file(s.file()), rank(s.rank()))),
        }
    }

    /// Letter and digit, as written: "F3".
    fn written() -> Naming {
        Naming {
            file: Box::new(letter),
            rank: Box::new(digit),
            square: Box::new(|s: Square| format!("{}{}", letter(s.file()), digit(s.rank()))),
        }
    }
}

fn namings(lang: Lang) -> Vec<Naming> {
    let own = Speaker::new(lang);
    let appendix = Speaker::new(Lang::De);
    let rank_word = move |r: Rank| own.rank(r);
    match lang {
        // "Springer F drei", "Springer F3"
        Lang::De => vec![Naming::words(letter, rank_word), Naming::written()],
        // The Appendix names ("At Felix üç"), letters and digits ("At F3")
        Lang::Tr => vec![
            Naming::words(move |f| appendix.file(f), rank_word),
            Naming::written(),
        ],
        // "knight foxtrot three", "knight F three"
        Lang::En => {
            let spoken = |r: Rank| EN_RANKS[usize::from(r)].to_owned();
            vec![
                Naming::words(|f: File| NATO[usize::from(f)].to_owned(), spoken),
                Naming::words(letter, spoken),
            ]
        }
    }
}

fn push_form(forms: &mut Vec<String>, lang: Lang, pos: &Chess, m: Move, form: String) {
    let form = form.trim().to_owned();
    if form.is_empty() || forms.contains(&form) {
        return;
    }
    if understand(lang, &form, pos).ok() == Some(m) {
        forms.push(form);
    }
}

/// The text before the check or mate word: "Dame Hektor fünf, Schach" -> "Dame Hektor fünf".
fn without_suffix(speaker: &Speaker, pos: &Chess, m: Move, style: Style) -> Option<String> {
    let mut d = describe(pos, m, style);
    if d.suffix == crate::announce::Suffix::None {
        return None;
    }
    d.suffix = crate::announce::Suffix::None;
    Some(speaker.describe(&d))
}

/// Every legal move of `pos` as a candidate, in board order of shakmaty's move list.
pub fn candidates(pos: &Chess, lang: Lang) -> Vec<Candidate> {
    let speaker = Speaker::new(lang);
    let namings = namings(lang);
    let words = move_words(lang);
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let text = speaker.say_move(pos, m, Style::Short);
            let mut forms = vec![text.clone()];
            for style in [Style::Short, Style::Full] {
                push_form(&mut forms, lang, pos, m, speaker.say_move(pos, m, style));
                if let Some(bare) = without_suffix(&speaker, pos, m, style) {
                    push_form(&mut forms, lang, pos, m, bare);
                }
            }
            let d = describe(pos, m, Style::Short);
            for naming in &namings {
                let form = speaker.describe_named(
                    &d,
                    naming.file.as_ref(),
                    naming.rank.as_ref(),
                    naming.square.as_ref(),
                );
                push_form(&mut forms, lang, pos, m, form);
            }
            grammar_forms(&mut forms, lang, pos, m, &speaker, &words);
            let mut bare = Vec::new();
            if m.role() == Role::Pawn && !m.is_capture() && m.promotion().is_none() {
                push_form(&mut bare, lang, pos, m, speaker.square(m.to()));
            }
            forms.retain(|f| !bare.contains(f));
            Candidate {
                intent: Intent::Move(m),
                text,
                forms,
                bare,
                rivals: rivals(&speaker, lang, pos, m),
            }
        })
        .collect()
}

/// The rivals of move `m` ([`Candidate::rivals`]): its short form with the destination a rank
/// or a file away, where none of the player's moves goes by those words (the parser finds no
/// legal move in them). Castling, promotions and en passant have none.
fn rivals(speaker: &Speaker, lang: Lang, pos: &Chess, m: Move) -> Vec<String> {
    let mut d = describe(pos, m, Style::Short);
    d.suffix = crate::announce::Suffix::None;
    let crate::announce::MoveShape::Normal {
        promotion: None,
        en_passant: false,
        ..
    } = d.shape
    else {
        return Vec::new();
    };
    let to = m.to();
    let near = [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .filter_map(|(df, dr)| to.offset(df + 8 * dr).filter(|s| s.distance(to) == 1));
    let mut rivals = Vec::new();
    for square in near {
        if let crate::announce::MoveShape::Normal { to, .. } = &mut d.shape {
            *to = square;
        }
        let form = speaker.describe(&d);
        if understand(lang, &form, pos).is_err() && !rivals.contains(&form) {
            rivals.push(form);
        }
    }
    rivals
}

/// The forms the typed parser reads that hamle itself does not say (issue 32): castling by
/// the language's castling and side words ("große Rochade", "uzun rok", "long castle"), a
/// "to" word before the destination ("Dame nach Anna eins", "king to echo two"), and a pawn
/// push said by its destination alone ("Felix vier", "e dört": kept apart, as the
/// candidate's `bare` forms, by [`candidates`]). The words are the parser's own
/// (`announce::move_words`), and each form is kept only if the parser reads it back as this
/// move, so the two cannot disagree. (What the recogniser listens for, never said to anyone.)
fn grammar_forms(
    forms: &mut Vec<String>,
    lang: Lang,
    pos: &Chess,
    m: Move,
    speaker: &Speaker,
    words: &MoveWords,
) {
    if let Some(side) = m.castling_side() {
        let sides = match side {
            CastlingSide::KingSide => &words.king_side,
            CastlingSide::QueenSide => &words.queen_side,
        };
        for s in sides {
            for c in &words.castle {
                push_form(forms, lang, pos, m, format!("{s} {c}"));
                push_form(forms, lang, pos, m, format!("{c} {s}"));
            }
        }
        return;
    }
    // In hamle's own square words only: each other naming would multiply the forms the
    // recogniser scores, and the players who say "nach" or a destination alone say the
    // squares as hamle does. (A pawn's push by its square alone: [`candidates`].)
    if m.role() == Role::Pawn {
        return;
    }
    if !m.is_capture() {
        let d = describe(pos, m, Style::Short);
        let file = |f: File| speaker.file(f);
        let rank = |r: Rank| speaker.rank(r);
        for to in &words.to {
            let to_square = |sq: Square| format!("{to} {}", speaker.square(sq));
            push_form(
                forms,
                lang,
                pos,
                m,
                speaker.describe_named(&d, &file, &rank, &to_square),
            );
        }
    }
}

/// The spoken commands `which`, in `lang`.
pub fn command_candidates(lang: Lang, which: &[VoiceCommand]) -> Vec<Candidate> {
    let speaker = Speaker::new(lang);
    which
        .iter()
        .map(|&c| {
            let text = speaker.message(&format!("voice-word-{}", c.key()), &[]);
            let mut forms = vec![text.clone()];
            for w in speaker.message(c.typed_words(), &[]).split_whitespace() {
                let folded = w.to_lowercase();
                // Single letters ("j", "y") are for typing, not for speaking.
                if folded.chars().count() > 1 && !forms.iter().any(|f| f.to_lowercase() == folded) {
                    forms.push(w.to_owned());
                }
            }
            Candidate {
                intent: Intent::Command(c),
                text,
                forms,
                bare: Vec::new(),
                rivals: Vec::new(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_parses_back_to_its_move_and_the_first_is_what_hamle_says() {
        for (i, pos) in crate::sample::random_positions(17, 150).iter().enumerate() {
            let lang = Lang::ALL[i % 3];
            let cands = candidates(pos, lang);
            assert_eq!(cands.len(), pos.legal_moves().len());
            for c in &cands {
                let Intent::Move(m) = c.intent else { panic!() };
                assert_eq!(c.text, Speaker::new(lang).say_move(pos, m, Style::Short));
                assert_eq!(c.forms[0], c.text);
                for f in &c.forms {
                    assert_eq!(understand(lang, f, pos).ok(), Some(m), "{lang} {f}");
                }
            }
        }
    }

    /// Issue 32: the forms the trial said that the typed parser reads and the candidates did
    /// not have.
    #[test]
    fn every_form_the_parser_reads_for_castling_to_and_a_destination_is_listened_for() {
        let has = |fen: &str, lang: Lang, text: &str, form: &str| {
            let pos: Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            let all = candidates(&pos, lang);
            let c = all.iter().find(|c| c.text == text).unwrap_or_else(|| {
                panic!(
                    "{text}: {:?}",
                    all.iter().map(|c| &c.text).collect::<Vec<_>>()
                )
            });
            assert!(
                c.forms
                    .iter()
                    .chain(&c.bare)
                    .any(|f| f.eq_ignore_ascii_case(form)),
                "{text} ({lang:?}): {form:?} not in {:?} {:?}",
                c.forms,
                c.bare
            );
        };
        let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        has(castles, Lang::De, "Lange Rochade", "große Rochade");
        has(castles, Lang::De, "Kurze Rochade", "kleine Rochade");
        has(castles, Lang::En, "Castles queenside", "long castle");
        has(castles, Lang::Tr, "Uzun rok", "büyük rok");
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        has(
            start,
            Lang::De,
            "Springer Felix drei",
            "Springer nach Felix drei",
        );
        has(start, Lang::En, "knight f3", "knight to f3");
        has(start, Lang::De, "Bauer Felix vier", "Felix vier");
        has(start, Lang::Tr, "Piyon e dört", "e dört");
        has(start, Lang::En, "pawn e4", "e4");
        // Every form of every candidate reads back as its move (push_form's check).
        let pos = Chess::default();
        for lang in Lang::ALL {
            for c in candidates(&pos, lang) {
                let Intent::Move(m) = c.intent else { continue };
                for f in c.forms.iter().chain(&c.bare) {
                    assert_eq!(understand(lang, f, &pos).ok(), Some(m), "{f}");
                }
            }
        }
        // The destination alone is a form of its own, in no other group: a pawn's push
        // only, never a piece's move or a capture.
        let start: Chess = Chess::default();
        for lang in Lang::ALL {
            for c in candidates(&start, lang) {
                let Intent::Move(m) = c.intent else { continue };
                let square = Speaker::new(lang).square(m.to());
                assert!(!c.forms.contains(&square), "{lang:?} {:?}", c.forms);
                let pushed = m.role() == Role::Pawn && !m.is_capture();
                assert_eq!(c.bare, if pushed { vec![square] } else { vec![] });
            }
        }
    }

    #[test]
    fn moves_come_in_several_forms() {
        let pos = Chess::default();
        let de = candidates(&pos, Lang::De);
        let nf3 = de.iter().find(|c| c.text == "Springer Felix drei").unwrap();
        assert!(
            nf3.forms
                .contains(&"Springer Gustav eins nach Felix drei".to_owned())
        );
        assert!(nf3.forms.contains(&"Springer F drei".to_owned()));
        assert!(nf3.forms.contains(&"Springer F3".to_owned()));
        let en = candidates(&pos, Lang::En);
        let nf3 = en.iter().find(|c| c.text == "knight f3").unwrap();
        assert!(
            nf3.forms.contains(&"knight foxtrot three".to_owned()),
            "{:?}",
            nf3.forms
        );
        let tr = candidates(&pos, Lang::Tr);
        let nf3 = tr.iter().find(|c| c.text == "At fe üç").unwrap();
        assert!(
            nf3.forms.contains(&"At Felix üç".to_owned()),
            "{:?}",
            nf3.forms
        );
    }

    #[test]
    fn commands_have_their_words() {
        let de = command_candidates(Lang::De, &VoiceCommand::ALL);
        assert_eq!(de.len(), 6);
        let yes = de
            .iter()
            .find(|c| c.intent == Intent::Command(VoiceCommand::Yes));
        assert_eq!(yes.unwrap().forms, vec!["Ja".to_owned()]);
        let time = de
            .iter()
            .find(|c| c.intent == Intent::Command(VoiceCommand::Time));
        assert_eq!(
            time.unwrap().forms,
            vec!["Zeit".to_owned(), "uhr".to_owned()]
        );
    }
}
