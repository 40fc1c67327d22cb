//! The words hamle understands, per language.
//!
//! Every entry is written in its natural spelling; [`Vocabulary::lookup`] folds case and
//! diacritics on both sides, so "Läufer", "laeufer" and "LAUFER" all land on the same entry.
//! The tables are data, not sentences: what hamle *says* comes from `locales/`, and the
//! round-trip test makes sure everything said there is understood here.

use std::sync::OnceLock;

use shakmaty::{CastlingSide, File, Rank, Role};

use super::Lang;
use super::lexer::fold;

/// What a word (or a fixed group of words) can mean in an announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Lexeme {
    File(File),
    Rank(Rank),
    Piece(Role),
    /// "schlägt", "alır", "takes", "x".
    Capture,
    /// A capture word after the destination, in Turkish word order: "At e beşi alır".
    CaptureAfter,
    /// "nach", "auf", "to", "-".
    To,
    /// "wird", "Umwandlung in", "terfi", "promotes to", "=".
    Promote,
    EnPassant,
    Check,
    Mate,
    /// A castling word that still needs a side: "Rochade", "rok", "castle".
    CastleWord,
    /// A side that needs a castling word: "kurze", "kısa", "short", "kingside".
    Side(CastlingSide),
    /// The `O` or `0` of `O-O`.
    CastleO,
    /// Words that carry nothing: "bitte", "lütfen", "please", "äh".
    Filler,
}

use Lexeme::*;

const FILES: [File; 8] = [
    File::A,
    File::B,
    File::C,
    File::D,
    File::E,
    File::F,
    File::G,
    File::H,
];
const RANKS: [Rank; 8] = [
    Rank::First,
    Rank::Second,
    Rank::Third,
    Rank::Fourth,
    Rank::Fifth,
    Rank::Sixth,
    Rank::Seventh,
    Rank::Eighth,
];

/// The Appendix D file names, used in every language.
const FILE_NAMES: [&[&str]; 8] = [
    &["anna", "a"],
    &["bella", "b"],
    &["cäsar", "caesar", "cesar", "zäsar", "zaesar", "c"],
    &["david", "d"],
    &["eva", "e"],
    &["felix", "f"],
    &["gustav", "g"],
    &["hektor", "hector", "h"],
];

const DE_FILES: [&[&str]; 8] = [
    &[],
    &["be", "beh"],
    &["ce", "tse", "zeh", "ze"],
    &["de", "deh"],
    &["eh"],
    &["ef"],
    &["ge", "geh"],
    &["ha"],
];
const TR_FILES: [&[&str]; 8] = [
    &[],
    &["be"],
    &["ce", "je"],
    &["de"],
    &[],
    &["fe"],
    &["ge"],
    &["he", "haş"],
];
const EN_FILES: [&[&str]; 8] = [
    &["alfa", "alpha"],
    &["bravo", "be", "bee"],
    &["charlie", "see", "sea", "cee"],
    &["delta", "dee"],
    &["echo"],
    &["foxtrot", "ef", "eff"],
    &["golf", "gee"],
    &["hotel", "aitch"],
];

const DE_RANKS: [&[&str]; 8] = [
    &["eins", "ein"],
    &["zwei", "zwo"],
    &["drei"],
    &["vier"],
    &["fünf", "fuenf"],
    &["sechs"],
    &["sieben"],
    &["acht"],
];
/// With the case endings a square takes in a sentence: dative ("fe üçe", to f3), accusative
/// ("e beşi alır", takes e5) and ablative ("ge birden", from g1).
const TR_RANKS: [&[&str]; 8] = [
    &["bir", "bire", "biri", "birden"],
    &["iki", "ikiye", "ikiyi", "ikiden"],
    &["üç", "üçe", "üçü", "üçten"],
    &["dört", "dörde", "dördü", "dörtten"],
    &["beş", "beşe", "beşi", "beşten"],
    &["altı", "altıya", "altıyı", "altıdan"],
    &["yedi", "yediye", "yediyi", "yediden"],
    &["sekiz", "sekize", "sekizi", "sekizden"],
];
const EN_RANKS: [&[&str]; 8] = [
    &["one", "won"],
    &["two", "too"],
    &["three", "tree"],
    &["four", "for", "fore"],
    &["five"],
    &["six"],
    &["seven"],
    &["eight", "ate"],
];

type Entry = (&'static str, Lexeme);

const DE_WORDS: &[Entry] = &[
    ("könig", Piece(Role::King)),
    ("koenig", Piece(Role::King)),
    ("dame", Piece(Role::Queen)),
    ("turm", Piece(Role::Rook)),
    ("läufer", Piece(Role::Bishop)),
    ("laeufer", Piece(Role::Bishop)),
    ("springer", Piece(Role::Knight)),
    ("pferd", Piece(Role::Knight)),
    ("bauer", Piece(Role::Pawn)),
    ("bauern", Piece(Role::Pawn)),
    ("schlägt", Capture),
    ("schlaegt", Capture),
    ("nimmt", Capture),
    ("mal", Capture),
    ("nach", To),
    ("auf", To),
    ("wird", Promote),
    ("umwandlung", Promote),
    ("in", Promote),
    ("zu", Promote),
    ("schach", Check),
    ("matt", Mate),
    ("schachmatt", Mate),
    ("rochade", CastleWord),
    ("rochiere", CastleWord),
    ("rochieren", CastleWord),
    ("rochiert", CastleWord),
    ("kurze", Side(CastlingSide::KingSide)),
    ("kurz", Side(CastlingSide::KingSide)),
    ("kleine", Side(CastlingSide::KingSide)),
    ("lange", Side(CastlingSide::QueenSide)),
    ("lang", Side(CastlingSide::QueenSide)),
    ("große", Side(CastlingSide::QueenSide)),
    ("grosse", Side(CastlingSide::QueenSide)),
    ("ep", EnPassant),
    ("bitte", Filler),
    ("von", Filler),
    ("und", Filler),
    ("äh", Filler),
    ("ähm", Filler),
    ("öhm", Filler),
    ("hm", Filler),
    ("also", Filler),
    ("ich", Filler),
    ("spiele", Filler),
    ("ziehe", Filler),
    ("zug", Filler),
    ("mit", Filler),
    ("dem", Filler),
    ("den", Filler),
    ("der", Filler),
    ("jetzt", Filler),
    ("danke", Filler),
];

const TR_WORDS: &[Entry] = &[
    ("şah", Piece(Role::King)),
    ("şah", Check),
    ("vezir", Piece(Role::Queen)),
    ("veziri", Piece(Role::Queen)),
    ("kale", Piece(Role::Rook)),
    ("kaleyi", Piece(Role::Rook)),
    ("fil", Piece(Role::Bishop)),
    ("fili", Piece(Role::Bishop)),
    ("at", Piece(Role::Knight)),
    ("atı", Piece(Role::Knight)),
    ("piyon", Piece(Role::Pawn)),
    ("piyonu", Piece(Role::Pawn)),
    ("alır", Capture),
    ("alıyor", Capture),
    ("yer", Capture),
    ("alır", CaptureAfter),
    ("alıyor", CaptureAfter),
    ("yer", CaptureAfter),
    ("terfi", Promote),
    ("çıkar", Promote),
    ("olur", Promote),
    ("mat", Mate),
    ("rok", CastleWord),
    ("kısa", Side(CastlingSide::KingSide)),
    ("küçük", Side(CastlingSide::KingSide)),
    ("uzun", Side(CastlingSide::QueenSide)),
    ("büyük", Side(CastlingSide::QueenSide)),
    ("geçerken", EnPassant),
    ("ep", EnPassant),
    ("lütfen", Filler),
    ("ve", Filler),
    ("yapıyorum", Filler),
    ("atıyorum", Filler),
    // Case endings typed after an apostrophe: "Fil f7'yi alır", "At g1'den".
    ("yi", Filler),
    ("yı", Filler),
    ("i", Filler),
    ("ı", Filler),
    ("u", Filler),
    ("ü", Filler),
    ("ye", Filler),
    ("ya", Filler),
    ("den", Filler),
    ("dan", Filler),
    ("ten", Filler),
    ("tan", Filler),
    ("şey", Filler),
    ("ee", Filler),
    ("eee", Filler),
    ("hmm", Filler),
    ("ıı", Filler),
    ("oynuyorum", Filler),
    ("oynadım", Filler),
    ("hamle", Filler),
    ("hamlem", Filler),
    ("şimdi", Filler),
    ("tamam", Filler),
];

const EN_WORDS: &[Entry] = &[
    ("king", Piece(Role::King)),
    ("queen", Piece(Role::Queen)),
    ("rook", Piece(Role::Rook)),
    ("bishop", Piece(Role::Bishop)),
    ("knight", Piece(Role::Knight)),
    ("night", Piece(Role::Knight)),
    ("horse", Piece(Role::Knight)),
    ("pawn", Piece(Role::Pawn)),
    ("takes", Capture),
    ("take", Capture),
    ("captures", Capture),
    ("capture", Capture),
    ("to", To),
    ("promotes", Promote),
    ("promote", Promote),
    ("promoting", Promote),
    ("equals", Promote),
    ("becomes", Promote),
    ("check", Check),
    ("checkmate", Mate),
    ("mate", Mate),
    ("castle", CastleWord),
    ("castles", CastleWord),
    ("castling", CastleWord),
    ("short", Side(CastlingSide::KingSide)),
    ("kingside", Side(CastlingSide::KingSide)),
    ("long", Side(CastlingSide::QueenSide)),
    ("queenside", Side(CastlingSide::QueenSide)),
    ("ep", EnPassant),
    ("please", Filler),
    ("from", Filler),
    ("and", Filler),
    ("uh", Filler),
    ("um", Filler),
    ("er", Filler),
    ("erm", Filler),
    ("hmm", Filler),
    ("the", Filler),
    ("my", Filler),
    ("i", Filler),
    ("play", Filler),
    ("move", Filler),
    ("on", Filler),
    ("now", Filler),
    ("okay", Filler),
    ("ok", Filler),
];

/// Fixed groups of words, matched before single words (longest first).
const DE_PHRASES: &[(&[&str], Lexeme)] = &[
    (&["en", "passant"], EnPassant),
    (&["schach", "matt"], Mate),
    (&["umwandlung", "in"], Promote),
];
const TR_PHRASES: &[(&[&str], Lexeme)] = &[
    (&["geçerken", "alma"], EnPassant),
    // "rok atmak", to castle: "kısa rok at".
    (&["rok", "at"], CastleWord),
    (&["geçerken", "alır"], EnPassant),
    (&["en", "passant"], EnPassant),
    (&["şah", "çek"], Check),
    (&["şah", "çeker"], Check),
    (&["şah", "mat"], Mate),
];
const EN_PHRASES: &[(&[&str], Lexeme)] = &[
    (&["en", "passant"], EnPassant),
    (&["promotes", "to"], Promote),
    (&["promote", "to"], Promote),
    (&["promoting", "to"], Promote),
    (&["king", "side"], Side(CastlingSide::KingSide)),
    (&["queen", "side"], Side(CastlingSide::QueenSide)),
];

/// Letters of the written (SAN) piece names in each language.
const DE_LETTERS: &[(char, Role)] = &[
    ('k', Role::King),
    ('d', Role::Queen),
    ('t', Role::Rook),
    ('l', Role::Bishop),
    ('s', Role::Knight),
];
const TR_LETTERS: &[(char, Role)] = &[
    ('s', Role::King), // Ş, folded
    ('v', Role::Queen),
    ('k', Role::Rook),
    ('f', Role::Bishop),
    ('a', Role::Knight),
];
const EN_LETTERS: &[(char, Role)] = &[
    ('k', Role::King),
    ('q', Role::Queen),
    ('r', Role::Rook),
    ('b', Role::Bishop),
    ('n', Role::Knight),
];

/// At most this many meanings per word.
pub(crate) const MAX_MEANINGS: usize = 3;

/// The meanings of one word: a tiny inline set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Meanings {
    items: [Option<Lexeme>; MAX_MEANINGS],
}

impl Meanings {
    pub(crate) fn one(lexeme: Lexeme) -> Meanings {
        let mut m = Meanings::default();
        m.push(lexeme);
        m
    }

    pub(crate) fn push(&mut self, lexeme: Lexeme) {
        if self.iter().any(|l| l == lexeme) {
            return;
        }
        if let Some(slot) = self.items.iter_mut().find(|s| s.is_none()) {
            *slot = Some(lexeme);
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = Lexeme> + '_ {
        self.items.iter().flatten().copied()
    }

    pub(crate) fn len(&self) -> usize {
        self.items.iter().flatten().count()
    }

    pub(crate) fn get(&self, i: usize) -> Lexeme {
        self.iter().nth(i).expect("meaning index in range")
    }

    pub(crate) fn is_filler(&self) -> bool {
        self.len() == 1 && self.get(0) == Filler
    }
}

/// The longest word (folded, in bytes) the vocabulary can hold.
pub(crate) const MAX_WORD: usize = 16;

/// A folded word as a fixed-size key: cheap to hash and compare, no allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Key {
    bytes: [u8; MAX_WORD],
}

impl Key {
    /// The key of an already folded word; `None` if it is too long to be in the vocabulary.
    pub(crate) fn new(folded: &[u8]) -> Option<Key> {
        if folded.is_empty() || folded.len() > MAX_WORD {
            return None;
        }
        let mut bytes = [0u8; MAX_WORD];
        bytes[..folded.len()].copy_from_slice(folded);
        Some(Key { bytes })
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        let len = self.bytes.iter().position(|&b| b == 0).unwrap_or(MAX_WORD);
        &self.bytes[..len]
    }

    fn hash(&self) -> usize {
        let lo = u64::from_le_bytes(self.bytes[..8].try_into().expect("8 bytes"));
        let hi = u64::from_le_bytes(self.bytes[8..].try_into().expect("8 bytes"));
        let h = (lo ^ hi.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 40) as usize
    }
}

/// Slots in the open-addressing word table (a power of two, well above the word count).
const TABLE_SIZE: usize = 1024;

/// One language's lookup tables, built once.
pub(crate) struct Vocabulary {
    table: Box<[Option<(Key, Meanings)>]>,
    phrases: Vec<(Vec<Key>, Lexeme)>,
    phrase_starts: Vec<Key>,
    letters: [Meanings; 128],
}

impl Vocabulary {
    pub(crate) fn get(lang: Lang) -> &'static Vocabulary {
        static DE: OnceLock<Vocabulary> = OnceLock::new();
        static TR: OnceLock<Vocabulary> = OnceLock::new();
        static EN: OnceLock<Vocabulary> = OnceLock::new();
        match lang {
            Lang::De => DE.get_or_init(|| Vocabulary::build(Lang::De)),
            Lang::Tr => TR.get_or_init(|| Vocabulary::build(Lang::Tr)),
            Lang::En => EN.get_or_init(|| Vocabulary::build(Lang::En)),
        }
    }

    fn key(word: &str) -> Key {
        let folded = fold(word);
        Key::new(folded.as_bytes())
            .unwrap_or_else(|| panic!("vocabulary word {word:?} is longer than {MAX_WORD} bytes"))
    }

    fn insert(&mut self, key: Key, lexeme: Lexeme) {
        let mut i = key.hash() % TABLE_SIZE;
        loop {
            match &mut self.table[i] {
                Some((k, meanings)) if *k == key => {
                    meanings.push(lexeme);
                    return;
                }
                Some(_) => i = (i + 1) % TABLE_SIZE,
                slot @ None => {
                    *slot = Some((key, Meanings::one(lexeme)));
                    return;
                }
            }
        }
    }

    fn build(lang: Lang) -> Vocabulary {
        let (files, ranks, words, phrases, letters) = match lang {
            Lang::De => (&DE_FILES, &DE_RANKS, DE_WORDS, DE_PHRASES, DE_LETTERS),
            Lang::Tr => (&TR_FILES, &TR_RANKS, TR_WORDS, TR_PHRASES, TR_LETTERS),
            Lang::En => (&EN_FILES, &EN_RANKS, EN_WORDS, EN_PHRASES, EN_LETTERS),
        };
        let mut vocab = Vocabulary {
            table: vec![None; TABLE_SIZE].into_boxed_slice(),
            phrases: Vec::new(),
            phrase_starts: Vec::new(),
            letters: [Meanings::default(); 128],
        };
        let mut add = |word: &str, lexeme: Lexeme| {
            vocab.insert(Vocabulary::key(word), lexeme);
        };
        for (i, names) in FILE_NAMES.iter().chain(files.iter()).enumerate() {
            for name in names.iter() {
                add(name, File(FILES[i % 8]));
            }
        }
        for (i, names) in ranks.iter().enumerate() {
            for name in names.iter() {
                add(name, Rank(RANKS[i]));
            }
        }
        for (word, lexeme) in words {
            add(word, *lexeme);
        }
        for (letter, role) in letters {
            add(&letter.to_string(), Piece(*role));
        }
        add("x", Capture);
        add("-", To);
        add("=", Promote);
        add("+", Check);
        add("#", Mate);
        for (phrase, lexeme) in phrases {
            let keys: Vec<Key> = phrase.iter().map(|w| Vocabulary::key(w)).collect();
            if !vocab.phrase_starts.contains(&keys[0]) {
                vocab.phrase_starts.push(keys[0]);
            }
            vocab.phrases.push((keys, *lexeme));
        }
        vocab
            .phrases
            .sort_by_key(|(words, _)| std::cmp::Reverse(words.len()));

        // Single characters of written notation ("Nf3", "e2e4", "0-0"): files, ranks, the
        // language's piece letters, x for captures, o/0 for castling.
        for (i, file) in FILES.iter().enumerate() {
            vocab.letters[b'a' as usize + i].push(File(*file));
        }
        for (i, rank) in RANKS.iter().enumerate() {
            vocab.letters[b'1' as usize + i].push(Rank(*rank));
        }
        for (letter, role) in letters {
            vocab.letters[*letter as usize].push(Piece(*role));
        }
        vocab.letters[b'x' as usize].push(Capture);
        vocab.letters[b'o' as usize].push(CastleO);
        vocab.letters[b'0' as usize].push(CastleO);
        vocab
    }

    /// The meanings of one folded word, if it is a known word.
    pub(crate) fn word(&self, key: &Key) -> Option<Meanings> {
        let mut i = key.hash() % TABLE_SIZE;
        loop {
            match &self.table[i] {
                Some((k, meanings)) if k == key => return Some(*meanings),
                Some(_) => i = (i + 1) % TABLE_SIZE,
                None => return None,
            }
        }
    }

    /// The meanings of one character of written notation.
    pub(crate) fn letter(&self, c: u8) -> Option<Meanings> {
        let m = *self.letters.get(c as usize)?;
        (m.len() > 0).then_some(m)
    }

    /// The longest fixed phrase starting at `words[0]`, with its length in words.
    pub(crate) fn phrase(&self, words: &[Option<Key>]) -> Option<(Lexeme, usize)> {
        let first = words.first().copied().flatten()?;
        if !self.phrase_starts.contains(&first) {
            return None;
        }
        self.phrases.iter().find_map(|(phrase, lexeme)| {
            (phrase.len() <= words.len() && phrase.iter().zip(words).all(|(p, w)| Some(*p) == *w))
                .then_some((*lexeme, phrase.len()))
        })
    }
}
