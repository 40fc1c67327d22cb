//! The announcement corpus: phrases as players and speech recognisers produce them, in
//! German, Turkish and English, each with the move or the refusal a blind player expects.
//!
//! The data lives in `tests/data/` (format in `tests/data/README.md`):
//!
//! - `positions.tsv`: `name<TAB>FEN`, the named positions;
//! - `corpus_de.tsv`, `corpus_tr.tsv`, `corpus_en.tsv`: `position<TAB>phrase<TAB>expected`,
//!   where `position` is a name from `positions.tsv` or a FEN, and `expected` is a UCI move
//!   (`g1f3`, `e7e8n`, `e1g1` for castling) or a refusal: `!not_understood[:kind]`,
//!   `!ambiguous[:uci,uci,...]`, `!illegal:reason`.
//!
//! Every expectation was worked out by hand, by chess reasoning; none comes from hamle. The
//! test checks the corpus against the rules first (an expected move must be legal, every
//! ambiguous candidate must be legal), then runs every phrase through
//! [`hamle::announce::understand`], and reports every line that differs before failing.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use hamle::announce::{AnnounceError, IllegalReason, Lang, ParseErrorKind, understand};
use hamle::words::speaker::Speaker;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position};

/// At least this many phrases per language.
const MIN_LINES: usize = 150;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Lines that carry data: not empty, not a `#` comment. With 1-based line numbers.
fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
}

fn parse_fen(fen: &str) -> Result<Chess, String> {
    let fen: Fen = fen.parse().map_err(|e| format!("bad FEN {fen:?}: {e}"))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| format!("illegal position: {e}"))
}

fn load_positions() -> HashMap<String, Chess> {
    let path = data_dir().join("positions.tsv");
    let text = std::fs::read_to_string(&path).expect("tests/data/positions.tsv");
    let mut positions = HashMap::new();
    for (line, row) in data_lines(&text) {
        let (name, fen) = row
            .split_once('\t')
            .unwrap_or_else(|| panic!("positions.tsv:{line}: expected name<TAB>FEN"));
        let pos = parse_fen(fen).unwrap_or_else(|e| panic!("positions.tsv:{line}: {e}"));
        assert!(
            positions.insert(name.to_owned(), pos).is_none(),
            "positions.tsv:{line}: position {name:?} defined twice"
        );
    }
    positions
}

fn uci(m: &Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

fn kind_name(kind: ParseErrorKind) -> &'static str {
    match kind {
        ParseErrorKind::Empty => "empty",
        ParseErrorKind::UnknownWord => "unknown_word",
        ParseErrorKind::UnexpectedWord => "unexpected_word",
        ParseErrorKind::Incomplete => "incomplete",
        ParseErrorKind::TooLong => "too_long",
    }
}

fn reason_name(reason: &IllegalReason) -> &'static str {
    reason.code()
}

const REASONS: &[&str] = &[
    "cannot_reach",
    "no_piece_on_square",
    "own_piece_on_square",
    "king_in_check",
    "nothing_to_capture",
    "wrong_captured_piece",
    "not_en_passant",
    "no_en_passant",
    "promotion_missing",
    "no_promotion",
    "castling_rights_lost",
    "castling_blocked",
    "castling_out_of_check",
    "castling_through_check",
    "castling_into_check",
    "no_legal_moves",
];

const KINDS: &[&str] = &[
    "empty",
    "unknown_word",
    "unexpected_word",
    "incomplete",
    "too_long",
];

/// What a corpus line expects.
#[derive(Debug)]
enum Expected {
    Move(String),
    NotUnderstood(Option<String>),
    /// The candidate moves in UCI, if the line lists them.
    Ambiguous(Option<BTreeSet<String>>),
    Illegal(String),
}

impl Expected {
    fn parse(s: &str, pos: &Chess) -> Result<Expected, String> {
        let legal: BTreeSet<String> = pos.legal_moves().iter().map(uci).collect();
        let Some(refusal) = s.strip_prefix('!') else {
            return if legal.contains(s) {
                Ok(Expected::Move(s.to_owned()))
            } else {
                Err(format!("expected move {s:?} is not legal in the position"))
            };
        };
        let (what, detail) = match refusal.split_once(':') {
            Some((w, d)) => (w, Some(d)),
            None => (refusal, None),
        };
        match (what, detail) {
            ("not_understood", None) => Ok(Expected::NotUnderstood(None)),
            ("not_understood", Some(k)) if KINDS.contains(&k) => {
                Ok(Expected::NotUnderstood(Some(k.to_owned())))
            }
            ("ambiguous", None) => Ok(Expected::Ambiguous(None)),
            ("ambiguous", Some(list)) => {
                let set: BTreeSet<String> = list.split(',').map(|u| u.trim().to_owned()).collect();
                if set.len() < 2 {
                    return Err(format!("ambiguous needs two candidates or more: {s:?}"));
                }
                if let Some(bad) = set.iter().find(|u| !legal.contains(*u)) {
                    return Err(format!("ambiguous candidate {bad:?} is not legal"));
                }
                Ok(Expected::Ambiguous(Some(set)))
            }
            ("illegal", Some(r)) if REASONS.contains(&r) => Ok(Expected::Illegal(r.to_owned())),
            _ => Err(format!("unknown expectation {s:?}")),
        }
    }

    fn matches(&self, got: &Result<Move, AnnounceError>) -> bool {
        match (self, got) {
            (Expected::Move(want), Ok(m)) => *want == uci(m),
            (Expected::NotUnderstood(kind), Err(AnnounceError::NotUnderstood(e))) => {
                kind.as_deref().is_none_or(|k| k == kind_name(e.kind))
            }
            (Expected::Ambiguous(want), Err(AnnounceError::Ambiguous(c))) => {
                let got: BTreeSet<String> = c.iter().map(uci).collect();
                want.as_ref().is_none_or(|w| *w == got)
            }
            (Expected::Illegal(want), Err(AnnounceError::Illegal(r))) => want == reason_name(r),
            _ => false,
        }
    }
}

fn describe(got: &Result<Move, AnnounceError>) -> String {
    match got {
        Ok(m) => uci(m),
        Err(AnnounceError::NotUnderstood(e)) => format!(
            "!not_understood:{} (word {} {:?})",
            kind_name(e.kind),
            e.index + 1,
            e.word
        ),
        Err(AnnounceError::Ambiguous(c)) => {
            format!(
                "!ambiguous:{}",
                c.iter().map(uci).collect::<Vec<_>>().join(",")
            )
        }
        Err(AnnounceError::Illegal(r)) => format!("!illegal:{} ({r:?})", reason_name(r)),
    }
}

#[test]
fn corpus_phrases_resolve_as_a_player_expects() {
    let positions = load_positions();
    let mut failures = String::new();
    let mut corpus_errors = String::new();
    let mut counts = Vec::new();
    let mut total = 0;

    for lang in Lang::ALL {
        let file = format!("corpus_{}.tsv", lang.code());
        let text = std::fs::read_to_string(data_dir().join(&file))
            .unwrap_or_else(|e| panic!("tests/data/{file}: {e}"));
        let speaker = Speaker::new(lang);
        let mut n = 0;
        for (line, row) in data_lines(&text) {
            let fields: Vec<&str> = row.split('\t').collect();
            let [position, phrase, expected] = fields[..] else {
                writeln!(
                    corpus_errors,
                    "{file}:{line}: expected 3 tab-separated fields"
                )
                .unwrap();
                continue;
            };
            let pos = match positions.get(position) {
                Some(p) => p.clone(),
                None if position.contains('/') => match parse_fen(position) {
                    Ok(p) => p,
                    Err(e) => {
                        writeln!(corpus_errors, "{file}:{line}: {e}").unwrap();
                        continue;
                    }
                },
                None => {
                    writeln!(
                        corpus_errors,
                        "{file}:{line}: unknown position {position:?}"
                    )
                    .unwrap();
                    continue;
                }
            };
            let expected = match Expected::parse(expected, &pos) {
                Ok(e) => e,
                Err(e) => {
                    writeln!(corpus_errors, "{file}:{line}: {e}").unwrap();
                    continue;
                }
            };
            n += 1;

            let got = understand(lang, phrase, &pos);
            if !expected.matches(&got) {
                writeln!(
                    failures,
                    "{file}:{line}: [{position}] {phrase:?}\n    expected {expected:?}\n    got      {}",
                    describe(&got)
                )
                .unwrap();
            }
            if let Err(err) = &got {
                let said = speaker.say_error(&pos, err);
                if said.trim().is_empty() || said.contains(['\u{2068}', '\u{2069}']) {
                    writeln!(
                        failures,
                        "{file}:{line}: {phrase:?}: refusal said as {said:?} (empty or with isolation marks)"
                    )
                    .unwrap();
                }
            }
        }
        counts.push((lang, n));
        total += n;
    }

    assert!(
        corpus_errors.is_empty(),
        "the corpus itself is wrong:\n{corpus_errors}"
    );
    for (lang, n) in &counts {
        assert!(
            *n >= MIN_LINES,
            "{lang}: only {n} phrases, want at least {MIN_LINES}"
        );
    }
    let failed =
        failures.matches("\n    expected").count() + failures.matches("refusal said").count();
    assert!(
        failures.is_empty(),
        "{failed} of {total} corpus lines failed:\n{failures}"
    );
}
