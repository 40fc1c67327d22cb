//! Text to tokens: case and diacritic folding, word splitting, vocabulary lookup.
//!
//! A word that is not in the vocabulary but is written notation ("Nf3", "e2e4", "exd5",
//! "0-0") is split into its characters, each looked up as a file, rank, piece letter,
//! capture `x` or castling `O`. Fillers are dropped here.

use super::vocab::{Lexeme, Meanings, Vocabulary};
use super::{Lang, ParseError, ParseErrorKind};

/// The longest input accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 256;
/// The most tokens one announcement may have.
pub const MAX_TOKENS: usize = 24;

/// One unit of an announcement with every meaning it may have.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    pub meanings: Meanings,
    /// Index (0-based) of the word of the input this token came from.
    pub word: usize,
}

/// Lower-cases and removes diacritics the way announcements arrive from keyboards and
/// speech recognisers: ä→a, ß→ss, ç→c, ğ→g, ı/İ→i, ş→s, and so on.
pub(crate) fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    fold_into(word, &mut out);
    out
}

fn fold_into(word: &str, out: &mut String) {
    for c in word.chars() {
        match c {
            'A'..='Z' => out.push(c.to_ascii_lowercase()),
            'a'..='z' | '0'..='9' => out.push(c),
            'ä' | 'Ä' | 'à' | 'á' | 'â' | 'À' | 'Á' | 'Â' => out.push('a'),
            'ö' | 'Ö' | 'ò' | 'ó' | 'ô' | 'Ò' | 'Ó' | 'Ô' => out.push('o'),
            'ü' | 'Ü' | 'ù' | 'ú' | 'û' | 'Ù' | 'Ú' | 'Û' => out.push('u'),
            'é' | 'è' | 'ê' | 'É' | 'È' | 'Ê' => out.push('e'),
            'ı' | 'İ' | 'î' | 'Î' | 'í' | 'Í' => out.push('i'),
            'ç' | 'Ç' => out.push('c'),
            'ğ' | 'Ğ' => out.push('g'),
            'ş' | 'Ş' => out.push('s'),
            'ß' => out.push_str("ss"),
            // Combining marks (decomposed input: "u\u{308}").
            '\u{300}'..='\u{36f}' => {}
            other => {
                for l in other.to_lowercase() {
                    out.push(l);
                }
            }
        }
    }
}

/// Characters that stand as words of their own.
fn is_symbol(c: char) -> bool {
    matches!(c, '-' | '=' | '+' | '#' | '–' | '—')
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || ('\u{300}'..='\u{36f}').contains(&c)
}

/// Splits raw text into words and symbols, keeping the original spelling.
pub(crate) fn split_words(text: &str) -> Vec<&str> {
    let mut words = Vec::with_capacity(8);
    let mut start = None;
    for (i, c) in text.char_indices() {
        if is_word_char(c) {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            words.push(&text[s..i]);
        }
        if is_symbol(c) {
            words.push(&text[i..i + c.len_utf8()]);
        }
    }
    if let Some(s) = start {
        words.push(&text[s..]);
    }
    words
}

/// Words to tokens in one language.
pub(crate) fn tokenize(lang: Lang, text: &str) -> Result<Vec<Token>, ParseError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ParseError::new(ParseErrorKind::TooLong, "", 0));
    }
    let vocab = Vocabulary::get(lang);
    let raw = split_words(text);
    let mut folded: Vec<String> = raw
        .iter()
        .map(|w| match *w {
            "–" | "—" => "-".to_owned(),
            w => fold(w),
        })
        .collect();
    // "e.p." arrives as the two words "e" and "p".
    for i in 0..folded.len().saturating_sub(1) {
        if folded[i] == "e" && folded[i + 1] == "p" {
            folded[i] = "ep".to_owned();
            folded[i + 1].clear();
        }
    }

    let mut tokens = Vec::with_capacity(folded.len() + 4);
    let mut i = 0;
    while i < folded.len() {
        if folded[i].is_empty() {
            i += 1;
            continue;
        }
        if let Some((lexeme, len)) = vocab.phrase(&folded[i..]) {
            tokens.push(Token {
                meanings: Meanings::one(lexeme),
                word: i,
            });
            i += len;
            continue;
        }
        let word = folded[i].as_str();
        if let Some(meanings) = vocab.word(word) {
            if !meanings.is_filler() {
                tokens.push(Token { meanings, word: i });
            }
        } else if !explode(vocab, word, i, &mut tokens) {
            return Err(ParseError::new(ParseErrorKind::UnknownWord, raw[i], i));
        }
        if tokens.len() > MAX_TOKENS {
            return Err(ParseError::new(ParseErrorKind::TooLong, "", 0));
        }
        i += 1;
    }
    if tokens.is_empty() {
        return Err(ParseError::new(ParseErrorKind::Empty, "", 0));
    }
    Ok(tokens)
}

/// Splits written notation into one token per character. Returns false (and pushes
/// nothing) if any character is not notation.
fn explode(vocab: &Vocabulary, word: &str, index: usize, tokens: &mut Vec<Token>) -> bool {
    let bytes = word.as_bytes();
    if !bytes.iter().all(|b| b.is_ascii_alphanumeric()) {
        return false;
    }
    // UCI with an English promotion letter ("e7e8q") in every language.
    if bytes.len() == 5 && is_uci_squares(&bytes[..4]) {
        let role = match bytes[4] {
            b'q' => Some(shakmaty::Role::Queen),
            b'r' => Some(shakmaty::Role::Rook),
            b'b' => Some(shakmaty::Role::Bishop),
            b'n' => Some(shakmaty::Role::Knight),
            _ => None,
        };
        if let Some(role) = role {
            let start = tokens.len();
            if explode(vocab, &word[..4], index, tokens) {
                tokens.push(Token {
                    meanings: Meanings::one(Lexeme::Promote),
                    word: index,
                });
                tokens.push(Token {
                    meanings: Meanings::one(Lexeme::Piece(role)),
                    word: index,
                });
                return true;
            }
            tokens.truncate(start);
        }
    }
    let start = tokens.len();
    for &b in bytes {
        match vocab.letter(b) {
            Some(meanings) => tokens.push(Token {
                meanings,
                word: index,
            }),
            None => {
                tokens.truncate(start);
                return false;
            }
        }
    }
    true
}

fn is_uci_squares(b: &[u8]) -> bool {
    (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_german_and_turkish_marks() {
        assert_eq!(fold("Läufer"), "laufer");
        assert_eq!(fold("GROßE"), "grosse");
        assert_eq!(fold("İKİ"), "iki");
        assert_eq!(fold("üç"), "uc");
        assert_eq!(fold("Şah"), "sah");
        assert_eq!(fold("u\u{308}c\u{327}"), "uc");
    }

    #[test]
    fn splits_symbols_and_punctuation() {
        assert_eq!(split_words("Sg1-f3!"), vec!["Sg1", "-", "f3"]);
        assert_eq!(split_words("0-0-0+"), vec!["0", "-", "0", "-", "0", "+"]);
        assert_eq!(split_words("  exd6 e.p.  "), vec!["exd6", "e", "p"]);
    }
}
