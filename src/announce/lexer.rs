//! Text to tokens: case and diacritic folding, word splitting, vocabulary lookup.
//!
//! A word that is not in the vocabulary but is written notation ("Nf3", "e2e4", "exd5",
//! "0-0") is split into its characters, each looked up as a file, rank, piece letter,
//! capture `x` or castling `O`. Fillers are dropped here.

use arrayvec::ArrayVec;

use super::vocab::{Key, Lexeme, MAX_WORD, Meanings, Vocabulary};
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

/// What one input character becomes after folding.
enum Folded {
    Skip,
    One(u8),
    Two(u8, u8),
    /// A character outside the folded alphabet (no vocabulary word contains it).
    Foreign,
}

fn fold_char(c: char) -> Folded {
    match c {
        'A'..='Z' => Folded::One(c.to_ascii_lowercase() as u8),
        'a'..='z' | '0'..='9' | '-' | '=' | '+' | '#' => Folded::One(c as u8),
        '–' | '—' => Folded::One(b'-'),
        'ä' | 'Ä' | 'à' | 'á' | 'â' | 'À' | 'Á' | 'Â' => Folded::One(b'a'),
        'ö' | 'Ö' | 'ò' | 'ó' | 'ô' | 'Ò' | 'Ó' | 'Ô' => Folded::One(b'o'),
        'ü' | 'Ü' | 'ù' | 'ú' | 'û' | 'Ù' | 'Ú' | 'Û' => Folded::One(b'u'),
        'é' | 'è' | 'ê' | 'É' | 'È' | 'Ê' => Folded::One(b'e'),
        'ı' | 'İ' | 'î' | 'Î' | 'í' | 'Í' => Folded::One(b'i'),
        'ç' | 'Ç' => Folded::One(b'c'),
        'ğ' | 'Ğ' => Folded::One(b'g'),
        'ş' | 'Ş' => Folded::One(b's'),
        'ß' => Folded::Two(b's', b's'),
        // Combining marks (decomposed input: "u\u{308}").
        '\u{300}'..='\u{36f}' => Folded::Skip,
        _ => Folded::Foreign,
    }
}

/// ASCII folded: letters lower-cased, digits and the symbol characters kept, everything else
/// (separators, punctuation, the apostrophe) 0.
const ASCII_FOLD: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = match c {
            b'A'..=b'Z' => c + 32,
            b'a'..=b'z' | b'0'..=b'9' | b'-' | b'=' | b'+' | b'#' => c,
            _ => 0,
        };
        b += 1;
    }
    table
};

/// Lower-cases and removes diacritics the way announcements arrive from keyboards and
/// speech recognisers: ä→a, ß→ss, ç→c, ğ→g, ı/İ→i, ş→s, and so on. Characters outside
/// that alphabet are lower-cased and kept.
pub(crate) fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        match fold_char(c) {
            Folded::Skip => {}
            Folded::One(b) => out.push(b as char),
            Folded::Two(a, b) => {
                out.push(a as char);
                out.push(b as char);
            }
            Folded::Foreign => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// Splits and folds in one pass: the key of every word and symbol of `text`, in order
/// (`None` for a word no vocabulary can hold). Agrees with [`words`] word for word.
fn fold_words(text: &str, keys: &mut ArrayVec<Option<Key>, MAX_WORDS>) -> Result<(), ParseError> {
    let mut buf = [0u8; MAX_WORD];
    let mut n = 0usize;
    let mut in_word = false;
    let mut foreign = false;
    // After an apostrophe inside a word ("f3'e", "f7'yi"), the rest is a Turkish case
    // ending: dropped.
    let mut suffix = false;
    let finish = |keys: &mut ArrayVec<Option<Key>, MAX_WORDS>,
                  buf: &[u8; MAX_WORD],
                  n: usize,
                  foreign: bool|
     -> Result<(), ParseError> {
        let key = if foreign || n > MAX_WORD {
            None
        } else {
            Key::new(&buf[..n])
        };
        keys.try_push(key).map_err(|_| too_long())
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // ASCII, the common case, through a table; anything else through `fold_char`.
        let (c, folded, word_char) = if bytes[i] < 0x80 {
            let b = bytes[i];
            i += 1;
            match ASCII_FOLD[b as usize] {
                0 => (b as char, Folded::Foreign, false),
                f if f.is_ascii_alphanumeric() => (b as char, Folded::One(f), true),
                f => (b as char, Folded::One(f), false),
            }
        } else {
            let c = text[i..].chars().next().expect("a char at a char boundary");
            i += c.len_utf8();
            let folded = fold_char(c);
            let word_char = match folded {
                Folded::One(b) => b.is_ascii_alphanumeric(),
                Folded::Two(..) | Folded::Skip => true,
                Folded::Foreign => is_word_char(c),
            };
            (c, folded, word_char)
        };
        if in_word && is_apostrophe(c) {
            suffix = true;
            continue;
        }
        if word_char && suffix {
            continue;
        }
        if word_char {
            in_word = true;
            match folded {
                Folded::One(b) => {
                    if n < MAX_WORD {
                        buf[n] = b;
                    }
                    n += 1;
                }
                Folded::Two(a, b) => {
                    for x in [a, b] {
                        if n < MAX_WORD {
                            buf[n] = x;
                        }
                        n += 1;
                    }
                }
                Folded::Skip => {}
                Folded::Foreign => foreign = true,
            }
            continue;
        }
        if in_word {
            finish(keys, &buf, n, foreign)?;
            in_word = false;
            foreign = false;
            suffix = false;
            n = 0;
        }
        if is_symbol(c) {
            let Folded::One(b) = folded else {
                unreachable!("symbols fold to one byte")
            };
            finish(keys, &[b; MAX_WORD], 1, false)?;
        }
    }
    if in_word {
        finish(keys, &buf, n, foreign)?;
    }
    Ok(())
}

fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '’' | 'ʼ' | '‘')
}

/// Characters that stand as words of their own.
fn is_symbol(c: char) -> bool {
    matches!(c, '-' | '=' | '+' | '#' | '–' | '—')
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || (!c.is_ascii() && c.is_alphanumeric())
        || ('\u{300}'..='\u{36f}').contains(&c)
}

/// The words and symbols of raw text, in their original spelling.
pub(crate) fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| is_word_char(c) || is_symbol(c))?;
        rest = &rest[start..];
        let first = rest.chars().next()?;
        let len = if is_symbol(first) {
            first.len_utf8()
        } else {
            // A word runs on through apostrophes ("f3'e"): the ending belongs to it.
            rest.find(|c: char| !is_word_char(c) && !is_apostrophe(c))
                .unwrap_or(rest.len())
        };
        let (word, tail) = rest.split_at(len);
        rest = tail;
        Some(word)
    })
}

/// Splits raw text into words and symbols, keeping the original spelling.
#[cfg(test)]
pub(crate) fn split_words(text: &str) -> Vec<&str> {
    words(text).collect()
}

/// The most words (before fillers are dropped) one announcement may have.
const MAX_WORDS: usize = 32;

/// The tokens of one announcement.
pub(crate) type Tokens = ArrayVec<Token, MAX_TOKENS>;

fn error_at(text: &str, kind: ParseErrorKind, index: usize) -> ParseError {
    let word = words(text).nth(index).unwrap_or("");
    ParseError::new(kind, word, index)
}

fn too_long() -> ParseError {
    ParseError::new(ParseErrorKind::TooLong, "", 0)
}

/// Words to tokens in one language, into `tokens` (cleared first).
pub(crate) fn tokenize(lang: Lang, text: &str, tokens: &mut Tokens) -> Result<(), ParseError> {
    tokens.clear();
    if text.len() > MAX_INPUT_BYTES {
        return Err(too_long());
    }
    let vocab = Vocabulary::get(lang);
    let mut keys: ArrayVec<Option<Key>, MAX_WORDS> = ArrayVec::new();
    let mut index: ArrayVec<usize, MAX_WORDS> = ArrayVec::new();
    fold_words(text, &mut keys)?;
    index.extend(0..keys.len());
    // "e.p." arrives as the two words "e" and "p".
    let (e, p, ep) = (Key::new(b"e"), Key::new(b"p"), Key::new(b"ep"));
    let mut i = 0;
    while i + 1 < keys.len() {
        if keys[i] == e && keys[i + 1] == p {
            keys[i] = ep;
            keys.remove(i + 1);
            index.remove(i + 1);
        }
        i += 1;
    }

    let mut i = 0;
    while i < keys.len() {
        if let Some((lexeme, len)) = vocab.phrase(&keys[i..]) {
            tokens
                .try_push(Token {
                    meanings: Meanings::one(lexeme),
                    word: index[i],
                })
                .map_err(|_| too_long())?;
            i += len;
            continue;
        }
        let Some(key) = keys[i] else {
            return Err(error_at(text, ParseErrorKind::UnknownWord, index[i]));
        };
        if let Some(meanings) = vocab.word(&key) {
            if !meanings.is_filler() {
                tokens
                    .try_push(Token {
                        meanings,
                        word: index[i],
                    })
                    .map_err(|_| too_long())?;
            }
        } else if !explode(vocab, key.as_bytes(), index[i], tokens)? {
            return Err(error_at(text, ParseErrorKind::UnknownWord, index[i]));
        }
        i += 1;
    }
    if tokens.is_empty() {
        return Err(ParseError::new(ParseErrorKind::Empty, "", 0));
    }
    Ok(())
}

/// Splits written notation into one token per character. Returns false (and pushes
/// nothing) if any character is not notation.
fn explode(
    vocab: &Vocabulary,
    word: &[u8],
    index: usize,
    tokens: &mut Tokens,
) -> Result<bool, ParseError> {
    if !word.iter().all(|b| b.is_ascii_alphanumeric()) {
        return Ok(false);
    }
    let start = tokens.len();
    let push = |tokens: &mut Tokens, meanings: Meanings| {
        tokens
            .try_push(Token {
                meanings,
                word: index,
            })
            .map_err(|_| too_long())
    };
    // UCI with an English promotion letter ("e7e8q") in every language.
    if word.len() == 5 && is_uci_squares(&word[..4]) {
        let role = match word[4] {
            b'q' => Some(shakmaty::Role::Queen),
            b'r' => Some(shakmaty::Role::Rook),
            b'b' => Some(shakmaty::Role::Bishop),
            b'n' => Some(shakmaty::Role::Knight),
            _ => None,
        };
        if let Some(role) = role {
            for &b in &word[..4] {
                push(
                    tokens,
                    vocab.letter(b).expect("files and ranks are notation"),
                )?;
            }
            push(tokens, Meanings::one(Lexeme::Promote))?;
            push(tokens, Meanings::one(Lexeme::Piece(role)))?;
            return Ok(true);
        }
    }
    for &b in word {
        match vocab.letter(b) {
            Some(meanings) => push(tokens, meanings)?,
            None => {
                tokens.truncate(start);
                return Ok(false);
            }
        }
    }
    Ok(true)
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
    fn one_pass_folding_agrees_with_word_splitting() {
        for text in [
            "Läufer schlägt Felix sieben, Schach!",
            "At fe üç",
            "0-0-0+",
            "e.p. — İKİ  große",
            "Sg1–f3 ш x",
            "u\u{308}c\u{327} ok",
            "At f3'e, Fil f7’yi alır",
        ] {
            let mut keys = ArrayVec::new();
            fold_words(text, &mut keys).unwrap();
            let expected: Vec<Option<String>> = words(text)
                .map(|w| w.split(is_apostrophe).next().unwrap())
                .map(|w| Some(fold(w)).filter(|f| f.is_ascii()))
                .collect();
            let got: Vec<Option<String>> = keys
                .iter()
                .map(|k| k.map(|k| String::from_utf8(k.as_bytes().to_vec()).unwrap()))
                .collect();
            assert_eq!(got, expected, "{text}");
        }
    }

    #[test]
    fn splits_symbols_and_punctuation() {
        assert_eq!(split_words("Sg1-f3!"), vec!["Sg1", "-", "f3"]);
        assert_eq!(split_words("0-0-0+"), vec!["0", "-", "0", "-", "0", "+"]);
        assert_eq!(split_words("  exd6 e.p.  "), vec!["exd6", "e", "p"]);
    }
}
