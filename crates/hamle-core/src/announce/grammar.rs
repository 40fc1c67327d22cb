//! Tokens to readings: the shape of an announcement, with no position.
//!
//! A token may mean several things (in German "d" is the d-file or the queen's letter; in
//! Turkish "şah" is the king at the start and check at the end). The grammar tries every
//! combination of meanings (there are few: most words mean one thing) and keeps each one that
//! forms a move. Which reading is meant is decided later, against the position.

use shakmaty::{CastlingSide, Role, Square};

use super::lexer::Tokens;
use super::vocab::{Lexeme, Meanings};
use super::{Announcement, Claim, ParseError, ParseErrorKind, Reading};

/// Upper bound on meaning combinations tried for one announcement.
const MAX_COMBINATIONS: usize = 1024;

pub(crate) fn parse_tokens(
    tokens: &mut Tokens,
    text: &str,
    announcement: &mut Announcement,
) -> Result<(), ParseError> {
    announcement.readings.clear();
    announcement.claim = None;
    let mut furthest = 0usize;
    let mut keep = |announcement: &mut Announcement, parsed| match parsed {
        Ok((reading, claim)) => {
            if !announcement.readings.contains(&reading) {
                // More distinct readings than fit cannot all be meant; keep the first.
                let _ = announcement.readings.try_push(reading);
            }
            if announcement.claim.is_none() {
                announcement.claim = claim;
            }
        }
        Err(at) => furthest = furthest.max(at),
    };
    if tokens.ambiguous.is_empty() {
        // Most announcements: every word means one thing.
        keep(announcement, parse_sequence(tokens.first()));
    } else {
        let total = tokens
            .ambiguous
            .iter()
            .try_fold(1usize, |acc, (_, m)| acc.checked_mul(m.len()))
            .filter(|&n| n <= MAX_COMBINATIONS)
            .ok_or_else(|| ParseError::new(ParseErrorKind::TooLong, "", 0))?;
        // The combinations are tried in place, in the tokens' first meanings.
        let (lexemes, ambiguous) = tokens.choices();
        let choose = |lexemes: &mut [Lexeme], combination: usize| {
            let mut rest = combination;
            for (at, meanings) in ambiguous {
                let n = meanings.len();
                lexemes[usize::from(*at)] = meanings.get(rest % n);
                rest /= n;
            }
        };
        // Combinations that cannot form a move are parsed only if nothing else does, for
        // the error (which word did not fit). The result is the same, with less work.
        let mut deferred = false;
        for combination in 0..total {
            choose(lexemes, combination);
            if cannot_form_a_move(lexemes, ambiguous) {
                deferred = true;
            } else {
                keep(announcement, parse_sequence(lexemes));
            }
        }
        if deferred && announcement.readings.is_empty() {
            for combination in 0..total {
                choose(lexemes, combination);
                if cannot_form_a_move(lexemes, ambiguous) {
                    keep(announcement, parse_sequence(lexemes));
                }
            }
        }
    }
    if announcement.readings.is_empty() {
        if furthest >= tokens.len() {
            return Err(ParseError::new(
                ParseErrorKind::Incomplete,
                "",
                tokens.len(),
            ));
        }
        let index = tokens.word(furthest);
        let word = super::lexer::words(text).nth(index).unwrap_or("");
        return Err(ParseError::new(ParseErrorKind::UnexpectedWord, word, index));
    }
    Ok(())
}

/// A quick test of the meanings chosen for ambiguous words: true only if
/// [`parse_sequence`] would surely fail. "alır" read as a capture before the destination
/// with no square after it, or as a capture after the destination with a square after it;
/// "şah" read as check with more words after it, or as the king as the last word; a
/// letter read as a piece, after the first word, right before a rank.
fn cannot_form_a_move(lex: &[Lexeme], ambiguous: &[(u8, Meanings)]) -> bool {
    use Lexeme::*;
    ambiguous.iter().any(|(at, _)| {
        let at = usize::from(*at);
        let after = &lex[at + 1..];
        match lex[at] {
            // The destination square must follow a capture word, unless en passant does.
            Capture => !after.iter().any(|l| matches!(l, File(_) | EnPassant)),
            // After it only the promotion and trailing words may come.
            CaptureAfter => after.iter().any(|l| matches!(l, File(_) | Rank(_))),
            // Only trailing words may follow check and mate.
            Check | Mate => after.iter().any(|l| !matches!(l, Check | Mate | EnPassant)),
            // A king is never the last word of a move.
            Piece(Role::King) if after.is_empty() => true,
            // After the first word a piece is the captured or promoted one, never followed
            // by a rank ("a üç": the a-file, not the knight's letter).
            Piece(_) => at > 0 && matches!(after.first(), Some(Rank(_))),
            _ => false,
        }
    })
}

/// Parses one sequence of meanings. On failure returns the index of the first token that
/// does not fit (the length of the sequence if it ended too early).
fn parse_sequence(lex: &[Lexeme]) -> Result<(Reading, Option<Claim>), usize> {
    // Trailing check/mate and en passant words.
    let mut end = lex.len();
    let mut claim = None;
    let mut en_passant = false;
    while end > 0 {
        match lex[end - 1] {
            Lexeme::Check if claim.is_none() => claim = Some(Claim::Check),
            Lexeme::Mate if claim.is_none() || claim == Some(Claim::Mate) => {
                claim = Some(Claim::Mate)
            }
            // "Schach matt": the mate word came last and the check word before it.
            Lexeme::Check if claim == Some(Claim::Mate) => {}
            Lexeme::EnPassant if !en_passant => en_passant = true,
            _ => break,
        }
        end -= 1;
    }
    let body = &lex[..end];
    // "en passant", "Bauer schlägt en passant": the en passant capture, whichever it is.
    if en_passant
        && matches!(
            body,
            [] | [Lexeme::Capture]
                | [Lexeme::Piece(Role::Pawn)]
                | [Lexeme::Piece(Role::Pawn), Lexeme::Capture]
        )
    {
        return Ok((Reading::EnPassant, claim));
    }
    if body.is_empty() {
        return Err(0);
    }
    if let Some(side) = parse_castle(body)? {
        if en_passant {
            return Err(end);
        }
        return Ok((Reading::Castle(side), claim));
    }
    parse_normal(body, en_passant).map(|r| (r, claim))
}

/// Castling forms: a complete phrase, side + word in either order, or O-O / O-O-O.
/// `Ok(None)` if the body is not castling at all.
fn parse_castle(body: &[Lexeme]) -> Result<Option<Option<CastlingSide>>, usize> {
    use Lexeme::*;
    match body {
        [Side(side), CastleWord] | [CastleWord, Side(side)] => return Ok(Some(Some(*side))),
        [CastleWord] => return Ok(Some(None)),
        _ => {}
    }
    if !matches!(body.first(), Some(CastleO)) {
        return Ok(None);
    }
    let mut os = 0;
    let mut expect_o = true;
    for (i, l) in body.iter().enumerate() {
        match l {
            CastleO => {
                os += 1;
                expect_o = false;
            }
            To if !expect_o => expect_o = true,
            _ => return Err(i),
        }
    }
    match (os, expect_o) {
        (2, false) => Ok(Some(Some(CastlingSide::KingSide))),
        (3, false) => Ok(Some(Some(CastlingSide::QueenSide))),
        _ => Err(body.len()),
    }
}

/// A coordinate as said, in one byte: a file as 0-7, a rank as 8-15.
const RANK: u8 = 8;

fn parse_normal(body: &[Lexeme], mut en_passant: bool) -> Result<Reading, usize> {
    use Lexeme::*;
    let mut i = 0;
    let mut role = None;
    if let Some(Piece(r)) = body.first() {
        role = Some(*r);
        i = 1;
    }

    let mut coords = [0u8; 4];
    let mut n_coords = 0;
    let mut separator_at = None; // coordinate count when a capture/to word came
    let mut capture = false;
    let mut captured = None;
    while i < body.len() {
        match body[i] {
            File(_) | Rank(_) if n_coords == 4 => return Err(i),
            File(f) => {
                coords[n_coords] = u32::from(f) as u8;
                n_coords += 1;
            }
            Rank(r) => {
                coords[n_coords] = RANK + u32::from(r) as u8;
                n_coords += 1;
            }
            // "schlägt auf f7", "nimmt auf e5": a "to" word right after the capture word.
            To if i > 0 && body[i - 1] == Capture => {}
            Capture | To if separator_at.is_some() => return Err(i),
            Capture => {
                capture = true;
                separator_at = Some(n_coords);
                // "schlägt Bauer Felix sieben": the piece that is taken.
                if let (Some(Piece(p)), Some(File(_))) = (body.get(i + 1), body.get(i + 2)) {
                    captured = Some(*p);
                    i += 1;
                }
            }
            To => separator_at = Some(n_coords),
            // Turkish word order, the capture word after the destination: "At e beşi alır".
            CaptureAfter if separator_at.is_none() && n_coords >= 2 => {
                capture = true;
                i += 1;
                break;
            }
            EnPassant if !en_passant && n_coords > 0 => en_passant = true,
            Promote | Piece(_) => break,
            _ => return Err(i),
        }
        i += 1;
    }

    let file = |c: u8| shakmaty::File::new(u32::from(c));
    let rank = |c: u8| shakmaty::Rank::new(u32::from(c - RANK));
    // The destination: the last two coordinates, a file and a rank.
    let (origin, to) = match coords[..n_coords] {
        [.., f, r] if f < RANK && r >= RANK => (
            &coords[..n_coords - 2],
            Square::from_coords(file(f), rank(r)),
        ),
        _ => return Err(i.min(body.len())),
    };
    let (from_file, from_rank) = match *origin {
        [] => (None, None),
        [f] if f < RANK => (Some(file(f)), None),
        [r] => (None, Some(rank(r))),
        [f, r] if f < RANK && r >= RANK => (Some(file(f)), Some(rank(r))),
        _ => return Err(1),
    };
    if let Some(at) = separator_at
        && at != origin.len()
    {
        return Err(i.min(body.len()));
    }

    // Promotion: words and exactly one piece, in any order after the destination.
    let mut promotion = None;
    let mut promote_word = false;
    while i < body.len() {
        match body[i] {
            Promote => promote_word = true,
            Piece(r) if promotion.is_none() && !matches!(r, Role::King | Role::Pawn) => {
                promotion = Some(r)
            }
            EnPassant if !en_passant => en_passant = true,
            _ => return Err(i),
        }
        i += 1;
    }
    if promote_word && promotion.is_none() {
        return Err(body.len());
    }

    Ok(Reading::Normal {
        role,
        from_file,
        from_rank,
        capture,
        captured,
        to,
        promotion,
        en_passant,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::announce::Lang;
    use crate::announce::lexer::tokenize;

    /// The plain definition: every combination of meanings parsed, in order, nothing
    /// skipped.
    fn parse_every_combination(tokens: &Tokens, text: &str) -> Result<Announcement, ParseError> {
        let mut announcement = Announcement::default();
        let mut furthest = 0usize;
        let mut lexemes: Vec<Lexeme> = tokens.first().to_vec();
        let total: usize = tokens.ambiguous.iter().map(|(_, m)| m.len()).product();
        for combination in 0..total {
            let mut rest = combination;
            for (at, meanings) in &tokens.ambiguous {
                lexemes[usize::from(*at)] = meanings.get(rest % meanings.len());
                rest /= meanings.len();
            }
            match parse_sequence(&lexemes) {
                Ok((reading, claim)) => {
                    if !announcement.readings.contains(&reading) {
                        let _ = announcement.readings.try_push(reading);
                    }
                    if announcement.claim.is_none() {
                        announcement.claim = claim;
                    }
                }
                Err(at) => furthest = furthest.max(at),
            }
        }
        if announcement.readings.is_empty() {
            if furthest >= tokens.len() {
                return Err(ParseError::new(
                    ParseErrorKind::Incomplete,
                    "",
                    tokens.len(),
                ));
            }
            let index = tokens.word(furthest);
            let word = super::super::lexer::words(text).nth(index).unwrap_or("");
            return Err(ParseError::new(ParseErrorKind::UnexpectedWord, word, index));
        }
        Ok(announcement)
    }

    #[test]
    fn skipping_hopeless_combinations_changes_nothing() {
        // Words with several meanings (Turkish "a", "f", "alır", "şah"; German "d"; English
        // "b") among the words around them, in random order, so
        // that most phrases fail somewhere and the error position is compared too.
        let words: [(Lang, &[&str]); 3] = [
            (
                Lang::Tr,
                &[
                    "a",
                    "f",
                    "alır",
                    "şah",
                    "mat",
                    "At",
                    "Fil",
                    "Piyon",
                    "Vezir",
                    "e",
                    "fe",
                    "üç",
                    "dört",
                    "beşi",
                    "yedi",
                    "sekiz",
                    "geçerken",
                    "kısa",
                    "rok",
                    "terfi",
                ],
            ),
            (
                Lang::De,
                &[
                    "d", "Dame", "Bauer", "schlägt", "nach", "David", "Felix", "fünf", "acht",
                    "Schach", "matt", "e", "p", "wird", "Springer",
                ],
            ),
            (
                Lang::En,
                &[
                    "b", "b4", "bishop", "takes", "to", "e4", "c5", "check", "mate", "queen",
                    "promotes", "en", "passant", "king", "castles", "short",
                ],
            ),
        ];
        let mut next = crate::announce::below(0x9E37_79B9_7F4A_7C15);
        let mut ambiguous = 0;
        for (lang, vocabulary) in words {
            for _ in 0..20_000 {
                let text = (0..1 + next(6))
                    .map(|_| vocabulary[next(vocabulary.len())])
                    .collect::<Vec<_>>()
                    .join(" ");
                let mut tokens = Tokens::new();
                if tokenize(lang, &text, &mut tokens).is_err() {
                    continue;
                }
                ambiguous += usize::from(!tokens.ambiguous.is_empty());
                let mut announcement = Announcement::default();
                let expected = parse_every_combination(&tokens, &text);
                let got =
                    parse_tokens(&mut tokens, &text, &mut announcement).map(|()| announcement);
                assert_eq!(got, expected, "{lang} {text:?}");
            }
        }
        assert!(
            ambiguous > 10_000,
            "only {ambiguous} phrases with several meanings"
        );
    }
}
