//! Text to tokens: case and diacritic folding, word splitting, vocabulary lookup.
//!
//! A word that is not in the vocabulary but is written notation ("Nf3", "e2e4", "exd5",
//! "0-0") is split into its characters, each looked up as a file, rank, piece letter,
//! capture `x` or castling `O`. Fillers are dropped here.
//!
//! Words are case-blind, written notation is not: SAN writes piece letters as capitals and
//! files in lowercase, and where a language's piece letter is also a file (German `d`,
//! Turkish `a` and `f`, English `b`) the case tells them apart. Folding loses the case, so
//! [`explode`] reads the capitals back from the word as written ([`capitals`]), only when
//! one of its letters has both meanings: nothing is added to the paths other words take.

use arrayvec::ArrayVec;

pub(crate) use super::fold::fold;
use super::fold::{Folded, fold_char};
use super::vocab::{Entry, Key, Lexeme, MAX_WORD, Meanings, Vocabulary};
use super::{Lang, ParseError, ParseErrorKind};

/// The longest input accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 256;
/// The most tokens one announcement may have.
pub const MAX_TOKENS: usize = 24;

/// The tokens of one announcement, in order: each token's first meaning and the word it
/// came from, plus every meaning of the few tokens that have several (German "d": the
/// d-file or the queen).
#[derive(Clone, Debug)]
pub(crate) struct Tokens {
    first: ArrayVec<Lexeme, MAX_TOKENS>,
    words: [u8; MAX_TOKENS],
    /// The tokens with more than one meaning: (token index, all its meanings).
    pub ambiguous: ArrayVec<(u8, Meanings), MAX_TOKENS>,
}

impl Tokens {
    pub(crate) fn new() -> Tokens {
        Tokens {
            first: ArrayVec::new(),
            words: [0; MAX_TOKENS],
            ambiguous: ArrayVec::new(),
        }
    }

    fn clear(&mut self) {
        self.first.clear();
        self.ambiguous.clear();
    }

    /// The first meaning of every token.
    pub(crate) fn first(&self) -> &[Lexeme] {
        &self.first
    }

    /// The meanings of every token, one chosen per token, and the ambiguous tokens with all
    /// of theirs: for trying combinations in place.
    pub(crate) fn choices(&mut self) -> (&mut [Lexeme], &[(u8, Meanings)]) {
        (&mut self.first, &self.ambiguous)
    }

    /// Index (0-based) of the input word token `i` came from.
    pub(crate) fn word(&self, i: usize) -> usize {
        usize::from(self.words[i])
    }

    pub(crate) fn len(&self) -> usize {
        self.first.len()
    }

    fn is_empty(&self) -> bool {
        self.first.is_empty()
    }

    #[inline]
    fn push(&mut self, meanings: Meanings, word: usize) -> Result<(), WordError> {
        let at = self.first.len();
        self.push_one(meanings.get(0), word)?;
        if meanings.len() > 1 {
            self.ambiguous.push((at as u8, meanings));
        }
        Ok(())
    }

    /// A token with one meaning.
    #[inline(always)]
    fn push_one(&mut self, lexeme: Lexeme, word: usize) -> Result<(), WordError> {
        let at = self.first.len();
        self.first
            .try_push(lexeme)
            .map_err(|_| WordError::TooLong)?;
        // Word indices stay below MAX_WORDS, which fits a byte.
        self.words[at] = word as u8;
        Ok(())
    }

    /// Drops every token from `len` on.
    fn truncate(&mut self, len: usize) {
        self.first.truncate(len);
        self.ambiguous.retain(|(at, _)| usize::from(*at) < len);
    }
}

/// Where folded words go, one at a time: looked up at once and turned into tokens.
struct Sink<'v, 't> {
    vocab: &'v Vocabulary,
    tokens: &'t mut Tokens,
    /// The text the words come from.
    text: &'t str,
    /// Index of the next word.
    index: usize,
    /// A word that may begin a two-word phrase ("en passant", "e.p."), waiting for the
    /// next word.
    pending: Option<(Key, &'v Entry)>,
}

/// What [`fold_words`] hands its words to.
trait WordSink {
    /// The next word's key.
    fn word(&mut self, key: Key) -> Result<(), WordError>;
}

impl WordSink for Sink<'_, '_> {
    #[inline(always)]
    fn word(&mut self, key: Key) -> Result<(), WordError> {
        let index = self.index;
        if index >= MAX_WORDS {
            return Err(WordError::TooLong);
        }
        self.index += 1;
        let entry = self.vocab.entry(key);
        if let Some(entry) = entry
            && entry.plain_tokens > 0
            && self.pending.is_none()
        {
            self.tokens.push_one(entry.meanings.get(0), index)?;
            if entry.plain_tokens == 2 {
                self.tokens.push_one(entry.then.get(0), index)?;
            }
            return Ok(());
        }
        if let Some((first, first_entry)) = self.pending.take() {
            if let Some(lexeme) = self.vocab.phrase(first, key) {
                return self.tokens.push(Meanings::one(lexeme), index - 1);
            }
            add_word(
                self.vocab,
                first,
                Some(first_entry),
                index - 1,
                self.text,
                self.tokens,
            )?;
        }
        match entry {
            Some(entry) if entry.starts_phrase => {
                self.pending = Some((key, entry));
                Ok(())
            }
            entry => add_word(self.vocab, key, entry, index, self.text, self.tokens),
        }
    }
}

impl Sink<'_, '_> {
    /// After the last word: a phrase start that found no second word is a word alone.
    fn end(&mut self) -> Result<(), WordError> {
        match self.pending.take() {
            Some((key, entry)) => add_word(
                self.vocab,
                key,
                Some(entry),
                self.index - 1,
                self.text,
                self.tokens,
            ),
            None => Ok(()),
        }
    }
}

/// The class of a byte that separates words.
const SEPARATOR: u8 = 0;
/// The ASCII apostrophe (a Turkish case ending follows inside a word: "f3'e").
const APOSTROPHE: u8 = 1;
/// A byte of a non-ASCII character: folded on the slow path.
const NON_ASCII: u8 = 2;
/// Flag on a character that stands as a word of its own ("-", "=", "+", "#").
const SYMBOL: u8 = 0x80;

/// Every byte classified in one lookup: a word character folded (letters lower-cased,
/// digits kept; always in `b'0'..SYMBOL`), a symbol (its byte | `SYMBOL`), the apostrophe,
/// a byte of a non-ASCII character, or a separator (spaces, punctuation).
const BYTE_CLASS: [u8; 256] = {
    let mut table = [SEPARATOR; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = match c {
            b'A'..=b'Z' => c + 32,
            b'a'..=b'z' | b'0'..=b'9' => c,
            b'-' | b'=' | b'+' | b'#' => c | SYMBOL,
            b'\'' => APOSTROPHE,
            0x80..=0xff => NON_ASCII,
            _ => SEPARATOR,
        };
        b += 1;
    }
    table
};

/// Whether a `BYTE_CLASS` value is a word character.
#[inline(always)]
fn is_word_class(class: u8) -> bool {
    class.wrapping_sub(b'0') < SYMBOL - b'0'
}

/// The word being folded by [`fold_words`].
struct WordBuf {
    bytes: [u8; MAX_WORD],
    len: usize,
    in_word: bool,
    /// A character outside the folded alphabet was seen: no vocabulary word can match.
    foreign: bool,
    /// After an apostrophe inside a word ("f3'e", "f7'yi") the rest is a Turkish case
    /// ending: dropped.
    suffix: bool,
}

impl WordBuf {
    fn new() -> WordBuf {
        WordBuf {
            bytes: [0; MAX_WORD],
            len: 0,
            in_word: false,
            foreign: false,
            suffix: false,
        }
    }

    #[inline(always)]
    fn push(&mut self, folded: u8) {
        if self.suffix {
            return;
        }
        self.in_word = true;
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = folded;
        }
        self.len += 1;
    }

    /// A character that belongs to the word but adds no byte (a combining mark) or makes it
    /// unmatchable (`foreign`).
    fn mark(&mut self, foreign: bool) {
        if !self.suffix {
            self.in_word = true;
            self.foreign |= foreign;
        }
    }

    /// Ends the current word, if any, pushing its key.
    #[inline]
    fn finish(&mut self, sink: &mut impl WordSink) -> Result<(), WordError> {
        if !self.in_word {
            return Ok(());
        }
        let key = if self.foreign || self.len == 0 || self.len > MAX_WORD {
            Key::NONE
        } else {
            Key::from_padded(self.bytes)
        };
        *self = WordBuf::new();
        sink.word(key)
    }
}

/// Two-byte UTF-8 letters that fold to one ASCII letter (ä, ç, ğ, ı, ş, é, ...), by lead
/// byte 0xC3-0xC5 and continuation byte; 0 for any other character.
const FOLD_TWO_BYTES: [u8; 3 * 64] = {
    let mut table = [0u8; 3 * 64];
    let mut k = 0;
    while k < 3 * 64 {
        // Lead byte 0xC3 + k / 64 carries the code point bits 0xC0 + (k / 64) * 0x40.
        let code = 0xC0 + k as u32;
        if let Some(c) = char::from_u32(code)
            && let Folded::One(f) = fold_char(c)
            && f.is_ascii_alphanumeric()
        {
            table[k] = f;
        }
        k += 1;
    }
    table
};

/// The ASCII letter a two-byte character at the start of `bytes` folds to, if any.
#[inline(always)]
fn fold_two_bytes(bytes: &[u8]) -> Option<u8> {
    let (&lead, &next) = (bytes.first()?, bytes.get(1)?);
    let row = lead.wrapping_sub(0xC3);
    if row >= 3 || next & 0xC0 != 0x80 {
        return None;
    }
    let f = FOLD_TWO_BYTES[usize::from(row) * 64 + usize::from(next & 0x3F)];
    (f != 0).then_some(f)
}

/// Splits and folds in one pass: the key of every word and symbol of `text`, in order
/// (`Key::NONE` for a word no vocabulary can hold). Agrees with [`words`] word for word.
///
/// A word of ASCII letters, digits and common two-byte letters ending at a space, a
/// symbol or the end is folded on a fast path; anything else (an apostrophe, a combining
/// mark, "ß", a character outside the alphabet) goes through [`fold_unit`].
fn fold_words(text: &str, sink: &mut impl WordSink) -> Result<(), WordError> {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let padded = Padded::new(bytes);
    let mut i = 0;
    while i < n {
        let class = BYTE_CLASS[bytes[i] as usize];
        if class == SEPARATOR {
            i += 1;
            continue;
        }
        if class & SYMBOL != 0 {
            sink.word(Key::from_padded(symbol_key(class & !SYMBOL)))?;
            i += 1;
            continue;
        }
        let start = i;
        // Plain ASCII letters and digits, the common case: find the end, then fold the
        // word at once (their folded form is the byte | 0x20).
        while i < n && is_word_class(BYTE_CLASS[bytes[i] as usize]) {
            i += 1;
        }
        let after = bytes.get(i).map_or(SEPARATOR, |&b| BYTE_CLASS[b as usize]);
        if i > start && (after == SEPARATOR || after & SYMBOL != 0) {
            sink.word(padded.ascii_key(start, i))?;
            continue;
        }
        // With two-byte letters (ä, ç, ş, ...): byte by byte.
        i = start;
        let mut buf = [0u8; MAX_WORD];
        let mut len = 0;
        let mut class = BYTE_CLASS[bytes[i] as usize];
        loop {
            if is_word_class(class) {
                i += 1;
            } else if let Some(f) = fold_two_bytes(&bytes[i..]) {
                class = f;
                i += 2;
            } else {
                break;
            }
            // A word longer than MAX_WORD has no key: its bytes may be overwritten.
            buf[len % MAX_WORD] = class;
            len += 1;
            class = bytes.get(i).map_or(SEPARATOR, |&b| BYTE_CLASS[b as usize]);
        }
        if len > 0 && (class == SEPARATOR || class & SYMBOL != 0) {
            // The word ended cleanly (a symbol is taken on the next round).
            let key = if len > MAX_WORD {
                Key::NONE
            } else {
                Key::from_padded(buf)
            };
            sink.word(key)?;
            continue;
        }
        i = fold_unit(text, start, sink)?;
    }
    Ok(())
}

/// The text being folded, with its last 16 bytes also in a zero-padded copy, so that
/// every word can be read 16 bytes at a time.
struct Padded<'a> {
    bytes: &'a [u8],
    /// Where `tail` starts in `bytes`.
    tail_start: usize,
    tail: [u8; 2 * MAX_WORD],
}

impl<'a> Padded<'a> {
    fn new(bytes: &'a [u8]) -> Padded<'a> {
        let tail_start = bytes.len().saturating_sub(MAX_WORD);
        let mut tail = [0u8; 2 * MAX_WORD];
        match bytes.get(tail_start..tail_start + MAX_WORD) {
            Some(last) => tail[..MAX_WORD].copy_from_slice(last),
            None => tail[..bytes.len()].copy_from_slice(bytes),
        }
        Padded {
            bytes,
            tail_start,
            tail,
        }
    }

    /// The key of the ASCII word `start..end` (letters and digits only).
    #[inline(always)]
    fn ascii_key(&self, start: usize, end: usize) -> Key {
        /// The low `len` bytes set, for every `len` a key can have.
        const MASKS: [u128; MAX_WORD + 1] = {
            let mut masks = [0u128; MAX_WORD + 1];
            let mut len = 1;
            while len <= MAX_WORD {
                masks[len] = (masks[len - 1] << 8) | 0xFF;
                len += 1;
            }
            masks
        };
        let len = end - start;
        if len > MAX_WORD {
            return Key::NONE;
        }
        let window = match self.bytes.get(start..start + MAX_WORD) {
            Some(window) => window,
            None => &self.tail[start - self.tail_start..][..MAX_WORD],
        };
        let word = u128::from_le_bytes(window.try_into().expect("16 bytes"));
        // Lower case: letters get 0x20, digits have it already.
        let folded = word | u128::from_le_bytes([0x20; MAX_WORD]);
        Key::from_padded((folded & MASKS[len]).to_le_bytes())
    }
}

/// The general case of [`fold_words`]: folds one word (or one symbol or separator)
/// starting at byte `i`, character by character, and returns where the next one starts.
fn fold_unit(text: &str, mut i: usize, sink: &mut impl WordSink) -> Result<usize, WordError> {
    let bytes = text.as_bytes();
    let mut word = WordBuf::new();
    while i < bytes.len() {
        let (c, folded) = if bytes[i] < 0x80 {
            let c = bytes[i] as char;
            let class = BYTE_CLASS[bytes[i] as usize];
            let folded = if is_word_class(class) {
                Folded::One(class)
            } else {
                fold_char(c)
            };
            (c, folded)
        } else {
            let c = text[i..].chars().next().expect("a char at a char boundary");
            (c, fold_char(c))
        };
        if word.in_word && is_apostrophe(c) {
            word.suffix = true;
            i += c.len_utf8();
            continue;
        }
        match folded {
            Folded::One(f) if f.is_ascii_alphanumeric() => word.push(f),
            Folded::Two(a, b) => {
                word.push(a);
                word.push(b);
            }
            Folded::Skip => word.mark(false),
            Folded::Foreign if is_word_char(c) => word.mark(true),
            // The end of the word: a separator or a symbol, taken by the caller.
            _ if word.in_word => break,
            Folded::One(f) if is_symbol(c) => {
                // Dashes: symbols of their own ("–" is "-").
                sink.word(Key::from_padded(symbol_key(f)))?;
                return Ok(i + c.len_utf8());
            }
            _ => return Ok(i + c.len_utf8()),
        }
        i += c.len_utf8();
    }
    word.finish(sink)?;
    Ok(i)
}

fn symbol_key(b: u8) -> [u8; MAX_WORD] {
    let mut bytes = [0; MAX_WORD];
    bytes[0] = b;
    bytes
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
    let mut sink = Sink {
        vocab: Vocabulary::get(lang),
        tokens,
        text,
        index: 0,
        pending: None,
    };
    let result = fold_words(text, &mut sink).and_then(|()| sink.end());
    match result {
        Ok(()) if tokens.is_empty() => Err(ParseError::new(ParseErrorKind::Empty, "", 0)),
        Ok(()) => Ok(()),
        Err(WordError::TooLong) => Err(too_long()),
        Err(WordError::Unknown(index)) => Err(error_at(text, ParseErrorKind::UnknownWord, index)),
    }
}

/// Why a word stopped tokenizing (turned into a [`ParseError`] with the text at hand).
enum WordError {
    TooLong,
    Unknown(usize),
}

/// One word (not part of a phrase) to its tokens: its meanings, nothing for a filler, or
/// written notation split into characters. `index` is the word's index among the words and
/// symbols of `text`.
#[inline(always)]
fn add_word(
    vocab: &Vocabulary,
    key: Key,
    entry: Option<&Entry>,
    index: usize,
    text: &str,
    tokens: &mut Tokens,
) -> Result<(), WordError> {
    if let Some(entry) = entry
        && !entry.meanings.is_empty()
    {
        if entry.filler {
            return Ok(());
        }
        tokens.push(entry.meanings, index)?;
        if !entry.then.is_empty() {
            tokens.push(entry.then, index)?;
        }
        return Ok(());
    }
    let (bytes, len) = key.bytes();
    if key.is_none() || !explode(vocab, &bytes[..len], index, text, tokens)? {
        return Err(WordError::Unknown(index));
    }
    Ok(())
}

/// Splits written notation into one token per character. Returns false (and pushes
/// nothing) if any character is not notation.
///
/// A letter that is both a file and the language's piece letter (German `d`, Turkish `a`
/// and `f`, English `b`) is read as SAN writes it when the word has a lowercase letter: a
/// capital is the piece ("Dd4", "Axd4", "Bb5", "e8D"), a lowercase letter with more notation
/// after it is the file ("dxe5", the second d of "Dd4", "bxc6", "d1d3"). A lowercase letter
/// at the end ("e8d"), and every letter of a word written all in capitals ("DXE5": caps
/// lock tells nothing), keep both meanings: the grammar and the position decide.
#[inline(never)]
fn explode(
    vocab: &Vocabulary,
    word: &[u8],
    index: usize,
    text: &str,
    tokens: &mut Tokens,
) -> Result<bool, WordError> {
    if !word.iter().all(|b| b.is_ascii_alphanumeric()) {
        return Ok(false);
    }
    let start = tokens.len();
    let push = |tokens: &mut Tokens, meanings: Meanings| tokens.push(meanings, index);
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
            // Two squares: files and ranks only.
            for &b in &word[..4] {
                let coordinate = if b.is_ascii_digit() {
                    Lexeme::Rank(shakmaty::Rank::new(u32::from(b - b'1')))
                } else {
                    Lexeme::File(shakmaty::File::new(u32::from(b - b'a')))
                };
                push(tokens, Meanings::one(coordinate))?;
            }
            push(tokens, Meanings::one(Lexeme::Promote))?;
            push(tokens, Meanings::one(Lexeme::Piece(role)))?;
            return Ok(true);
        }
    }
    // Which letters were capitals (bit k for letter k), read back from the word as written
    // only when a letter has two meanings; `None` for a word with no lowercase letter, which
    // says nothing by its case.
    let mut case = None;
    for (k, &b) in word.iter().enumerate() {
        match vocab.letter(b) {
            Some(meanings) if meanings.len() > 1 => {
                let upper = *case.get_or_insert_with(|| {
                    let upper = capitals(words(text).nth(index).unwrap_or(""), word.len());
                    let lowercase = (0..word.len())
                        .any(|i| word[i].is_ascii_lowercase() && (upper >> i) & 1 == 0);
                    lowercase.then_some(upper)
                });
                let meanings = if let Some(upper) = upper
                    && (upper >> k) & 1 == 1
                {
                    meanings.only(|l| matches!(l, Lexeme::Piece(_)))
                } else if upper.is_some() && k + 1 < word.len() {
                    meanings.only(|l| matches!(l, Lexeme::File(_)))
                } else {
                    meanings
                };
                push(tokens, meanings)?
            }
            Some(meanings) => push(tokens, meanings)?,
            None => {
                tokens.truncate(start);
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Which of the first `len` folded letters of `word` (as written) are capitals: bit `k` for
/// the `k`-th. Follows the folding character by character (ä → a, ß → ss, combining marks →
/// nothing), so that bit `k` belongs to byte `k` of the word's key.
fn capitals(word: &str, len: usize) -> u32 {
    let mut upper = 0u32;
    let mut k = 0;
    for c in word.chars() {
        if k >= len {
            break;
        }
        let n = match fold_char(c) {
            Folded::One(f) if f.is_ascii_alphanumeric() => 1,
            Folded::Two(..) => 2,
            _ => 0,
        };
        if n > 0 && c.is_uppercase() {
            upper |= ((1 << n) - 1) << k;
        }
        k += n;
    }
    upper
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

    impl WordSink for Vec<Key> {
        fn word(&mut self, key: Key) -> Result<(), WordError> {
            self.push(key);
            Ok(())
        }
    }

    #[test]
    fn folds_german_and_turkish_marks() {
        assert_eq!(fold("Läufer"), "laufer");
        assert_eq!(fold("GROßE"), "grosse");
        assert_eq!(fold("İKİ"), "iki");
        assert_eq!(fold("üç"), "uc");
        assert_eq!(fold("Şah"), "sah");
        assert_eq!(fold("u\u{308}c\u{327}"), "uc");
    }

    /// The one-pass folding against the plain definition: split into words, drop a
    /// Turkish ending after an apostrophe, fold; no key for words outside the alphabet,
    /// empty or longer than a key.
    fn assert_folds_like_words(text: &str) {
        let mut keys = Vec::new();
        assert!(fold_words(text, &mut keys).is_ok(), "{text:?}");
        let expected: Vec<Option<String>> = words(text)
            .map(|w| w.split(is_apostrophe).next().unwrap())
            .map(|w| Some(fold(w)).filter(|f| f.is_ascii() && (1..=MAX_WORD).contains(&f.len())))
            .collect();
        let got: Vec<Option<String>> = keys
            .iter()
            .map(|k| {
                let (bytes, len) = k.bytes();
                (!k.is_none()).then(|| String::from_utf8(bytes[..len].to_vec()).unwrap())
            })
            .collect();
        assert_eq!(got, expected, "{text:?}");
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
            "Springer Gustav eins nach Felix drei",
            "Schachmattschachmatt Dame",
            "abcdefghijklmnop abcdefghijklmnopq",
            "SCHLÄGT",
            "ü",
        ] {
            assert_folds_like_words(text);
        }
    }

    #[test]
    fn one_pass_folding_agrees_on_random_text() {
        // Pieces that reach every path: plain ASCII words (short, 16 and 17 bytes long),
        // two-byte letters, "ß", combining marks, foreign letters, apostrophes, dashes,
        // symbols and punctuation, at the start, middle and end of short and long texts.
        const PIECES: &[&str] = &[
            "a",
            "Z",
            "9",
            "e4",
            "Felix",
            "ä",
            "Ü",
            "ç",
            "ş",
            "İ",
            "ı",
            "ß",
            "é",
            "ñ",
            " ",
            "  ",
            ",",
            ".",
            "-",
            "–",
            "+",
            "'",
            "’",
            "\u{308}",
            "ш",
            "x",
            "abcdefghijklmnop",
            "abcdefghijklmnopq",
            "schlägt",
            "üç",
        ];
        let mut next = crate::announce::below(0x2545_F491_4F6C_DD1D);
        for _ in 0..20_000 {
            let text: String = (0..1 + next(12))
                .map(|_| PIECES[next(PIECES.len())])
                .collect();
            assert_folds_like_words(&text);
        }
    }

    /// Every token's meanings, in order.
    fn meanings(lang: Lang, text: &str) -> Vec<Vec<Lexeme>> {
        let mut tokens = Tokens::new();
        tokenize(lang, text, &mut tokens).unwrap();
        (0..tokens.len())
            .map(|i| {
                match tokens
                    .ambiguous
                    .iter()
                    .find(|(at, _)| usize::from(*at) == i)
                {
                    Some((_, m)) => m.iter().collect(),
                    None => vec![tokens.first()[i]],
                }
            })
            .collect()
    }

    #[test]
    fn written_notation_reads_capitals_as_pieces_and_lowercase_as_files() {
        use Lexeme::{Capture, File, Piece, Rank};
        use shakmaty::{File as F, Rank as R, Role};
        let one = |l: Lexeme| vec![l];
        let both = |f: F, r: Role| vec![File(f), Piece(r)];
        let cases: &[(Lang, &str, Vec<Vec<Lexeme>>)] = &[
            (
                Lang::De,
                "Dd4",
                vec![
                    one(Piece(Role::Queen)),
                    one(File(F::D)),
                    one(Rank(R::Fourth)),
                ],
            ),
            (
                Lang::De,
                "dxe5",
                vec![
                    one(File(F::D)),
                    one(Capture),
                    one(File(F::E)),
                    one(Rank(R::Fifth)),
                ],
            ),
            // A square is a square in any case; a word keeps both meanings.
            (Lang::De, "D4", vec![one(File(F::D)), one(Rank(R::Fourth))]),
            (Lang::De, "D", vec![both(F::D, Role::Queen)]),
            (Lang::De, "d", vec![both(F::D, Role::Queen)]),
            // A lowercase letter at the end, and a word all in capitals: both meanings.
            (
                Lang::De,
                "e8d",
                vec![
                    one(File(F::E)),
                    one(Rank(R::Eighth)),
                    both(F::D, Role::Queen),
                ],
            ),
            (
                Lang::De,
                "DXE5",
                vec![
                    both(F::D, Role::Queen),
                    one(Capture),
                    one(File(F::E)),
                    one(Rank(R::Fifth)),
                ],
            ),
            (
                Lang::Tr,
                "Axd4",
                vec![
                    one(Piece(Role::Knight)),
                    one(Capture),
                    one(File(F::D)),
                    one(Rank(R::Fourth)),
                ],
            ),
            (
                Lang::Tr,
                "Fb5",
                vec![
                    one(Piece(Role::Bishop)),
                    one(File(F::B)),
                    one(Rank(R::Fifth)),
                ],
            ),
            (
                Lang::Tr,
                "af3",
                vec![one(File(F::A)), one(File(F::F)), one(Rank(R::Third))],
            ),
            (
                Lang::Tr,
                "Şf1",
                vec![one(Piece(Role::King)), one(File(F::F)), one(Rank(R::First))],
            ),
            (
                Lang::En,
                "Bb5",
                vec![
                    one(Piece(Role::Bishop)),
                    one(File(F::B)),
                    one(Rank(R::Fifth)),
                ],
            ),
            (
                Lang::En,
                "bxc6",
                vec![
                    one(File(F::B)),
                    one(Capture),
                    one(File(F::C)),
                    one(Rank(R::Sixth)),
                ],
            ),
            (Lang::En, "b4", vec![one(File(F::B)), one(Rank(R::Fourth))]),
            // Letters that are only files or only pieces do not look at the case.
            (Lang::En, "E4", vec![one(File(F::E)), one(Rank(R::Fourth))]),
            (
                Lang::En,
                "nf3",
                vec![
                    one(Piece(Role::Knight)),
                    one(File(F::F)),
                    one(Rank(R::Third)),
                ],
            ),
        ];
        for (lang, text, expected) in cases {
            assert_eq!(&meanings(*lang, text), expected, "{lang} {text:?}");
        }
    }

    #[test]
    fn capitals_follow_the_folding() {
        assert_eq!(capitals("Dd4", 3), 0b001);
        assert_eq!(capitals("dXe5", 4), 0b0010);
        assert_eq!(capitals("ÄbC", 3), 0b101);
        assert_eq!(capitals("Şe2", 3), 0b001);
        // ß folds to two letters, a combining mark to none.
        assert_eq!(capitals("ßD", 3), 0b100);
        assert_eq!(capitals("u\u{308}B", 2), 0b10);
        // Only the first `len` letters count (the rest of a word after an apostrophe).
        assert_eq!(capitals("Ab'C", 2), 0b01);
    }

    #[test]
    fn splits_symbols_and_punctuation() {
        assert_eq!(split_words("Sg1-f3!"), vec!["Sg1", "-", "f3"]);
        assert_eq!(split_words("0-0-0+"), vec!["0", "-", "0", "-", "0", "+"]);
        assert_eq!(split_words("  exd6 e.p.  "), vec!["exd6", "e", "p"]);
    }
}
