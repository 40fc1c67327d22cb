//! The words hamle understands, per language.
//!
//! Every entry is written in its natural spelling and stored under its folded key (case and
//! diacritics folded, as the lexer folds what it hears), so "Läufer", "LÄUFER" and "Laufer"
//! land on the same entry; spellings folding can't reach ("laeufer") are listed too.
//! The tables are data, not sentences: what hamle *says* comes from `locales/`, and the
//! round-trip test makes sure everything said there is understood here.

use std::sync::OnceLock;

use shakmaty::{CastlingSide, File, Rank, Role};

use super::Lang;
use super::fold::fold;

/// What a word (or a fixed group of words) can mean in an announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Lexeme {
    /// Words that carry nothing: "bitte", "lütfen", "please", "äh". (First, so that a
    /// fresh token array is all zeros.)
    Filler,
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

/// The words that name each file (a to h) and each rank (1 to 8) in `lang`, as moves take
/// them: the Appendix names, the letter, the language's own letter and number words (NATO
/// words in English, Turkish letter names, Turkish case endings). Folded (lower case); the
/// digits are not listed. The pages' commands take the same words (`feld Eva vier`,
/// `square echo four`).
pub fn square_words(lang: Lang) -> ([Vec<&'static str>; 8], [Vec<&'static str>; 8]) {
    let (files, ranks) = match lang {
        Lang::De => (&DE_FILES, &DE_RANKS),
        Lang::Tr => (&TR_FILES, &TR_RANKS),
        Lang::En => (&EN_FILES, &EN_RANKS),
    };
    let f = std::array::from_fn(|i| {
        FILE_NAMES[i]
            .iter()
            .chain(files[i].iter())
            .copied()
            .collect()
    });
    let r = std::array::from_fn(|i| ranks[i].to_vec());
    (f, r)
}

/// The single words of `lang` beside squares and pieces that a move may be said with: the
/// "to" words ("nach", "auf", "to") and, for each castling side, the castling words
/// ("Rochade", "rok", "castle") and that side's words ("kurze", "große", "uzun", "long"), in
/// their natural spelling. Voice input makes its candidates' forms from these, so it listens
/// for what the parser reads.
pub fn move_words(lang: Lang) -> MoveWords {
    let words = match lang {
        Lang::De => DE_WORDS,
        Lang::Tr => TR_WORDS,
        Lang::En => EN_WORDS,
    };
    let of = |wanted: Lexeme| -> Vec<&'static str> {
        words
            .iter()
            .filter(|(w, l)| *l == wanted && w.chars().all(char::is_alphabetic))
            .map(|(w, _)| *w)
            .collect()
    };
    MoveWords {
        to: of(To),
        castle: of(CastleWord),
        king_side: of(Side(CastlingSide::KingSide)),
        queen_side: of(Side(CastlingSide::QueenSide)),
    }
}

/// See [`move_words`].
#[derive(Clone, Debug)]
pub struct MoveWords {
    pub to: Vec<&'static str>,
    pub castle: Vec<&'static str>,
    pub king_side: Vec<&'static str>,
    pub queen_side: Vec<&'static str>,
}

type WordEntry = (&'static str, Lexeme);

const DE_WORDS: &[WordEntry] = &[
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

const TR_WORDS: &[WordEntry] = &[
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

const EN_WORDS: &[WordEntry] = &[
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

/// The international (English) piece letters a German or Turkish sheet is read with as well
/// (issue 31: an assistant writing `Nc3`, `Bxe5`, `Rd1`, `Qh5`): only in written notation, and
/// only where the letter is not the language's own piece letter. The `K` stays each
/// language's own (in Turkish it is the rook, Kale); `B` is also the b-file and is read as
/// SAN writes it, by its case, as the German `D` is.
const INTERNATIONAL_LETTERS: &[(char, Role)] = &[
    ('q', Role::Queen),
    ('r', Role::Rook),
    ('b', Role::Bishop),
    ('n', Role::Knight),
];

/// At most this many meanings per word.
pub(crate) const MAX_MEANINGS: usize = 3;

/// The meanings of one word: a tiny inline set (unused slots hold `Filler`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Meanings {
    items: [Lexeme; MAX_MEANINGS],
    len: u8,
}

impl Default for Meanings {
    fn default() -> Meanings {
        Meanings {
            items: [Filler; MAX_MEANINGS],
            len: 0,
        }
    }
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
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = lexeme;
            self.len += 1;
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = Lexeme> + '_ {
        self.items[..self.len as usize].iter().copied()
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Meaning `i` (`i < len()`).
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Lexeme {
        debug_assert!(i < self.len());
        self.items[i]
    }

    /// The meanings `keep` accepts; all of them if it accepts none.
    pub(crate) fn only(self, keep: impl Fn(Lexeme) -> bool) -> Meanings {
        let mut kept = Meanings::default();
        for l in self.iter().filter(|&l| keep(l)) {
            kept.push(l);
        }
        if kept.is_empty() { self } else { kept }
    }

    pub(crate) fn is_filler(&self) -> bool {
        self.len == 1 && self.items[0] == Filler
    }
}

/// The longest word (folded, in bytes) the vocabulary can hold.
pub(crate) const MAX_WORD: usize = 16;

/// A folded word as one 128-bit number (its bytes, little-endian, zero-padded): hashed and
/// compared in a few instructions, no allocation. `Key::NONE` (all zero) stands for a word
/// no vocabulary can hold (too long, or with characters outside the folded alphabet).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Key(u128);

impl Key {
    pub(crate) const NONE: Key = Key(0);

    /// The key of an already folded word; `None` if it is too long to be in the vocabulary.
    pub(crate) fn new(folded: &[u8]) -> Option<Key> {
        if folded.is_empty() || folded.len() > MAX_WORD {
            return None;
        }
        let mut bytes = [0u8; MAX_WORD];
        bytes[..folded.len()].copy_from_slice(folded);
        Some(Key(u128::from_le_bytes(bytes)))
    }

    /// The key of a folded word held zero-padded in a buffer (the lexer's hot path).
    #[inline]
    pub(crate) fn from_padded(bytes: [u8; MAX_WORD]) -> Key {
        Key(u128::from_le_bytes(bytes))
    }

    pub(crate) fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The folded word's bytes (zero-padded) and its length.
    pub(crate) fn bytes(self) -> ([u8; MAX_WORD], usize) {
        let len = MAX_WORD - (self.0.leading_zeros() / 8) as usize;
        (self.0.to_le_bytes(), len)
    }

    #[inline]
    fn slot(self) -> usize {
        let lo = self.0 as u64;
        let hi = (self.0 >> 64) as u64;
        let h = (lo ^ hi.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - TABLE_BITS)) as usize
    }
}

/// Slots in the open-addressing word table: 2^TABLE_BITS, well above the word count
/// (`build` asserts at most a quarter is used, so probes stay short).
const TABLE_BITS: u32 = 10;
const TABLE_SIZE: usize = 1 << TABLE_BITS;

/// What the word table holds for one word.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    /// Empty for a word that only starts a phrase ("en" of "en passant").
    pub meanings: Meanings,
    /// A word that is two tokens, a square in written notation ("e4"): the second one's
    /// meanings (empty for every other word).
    pub then: Meanings,
    /// The word may begin a fixed two-word phrase.
    pub starts_phrase: bool,
    /// 1 or 2 for a word that is that many tokens of one meaning each and nothing else to
    /// consider (most words, and squares like "e4"), taken on a fast path; 0 otherwise.
    pub plain_tokens: u8,
    /// The word carries nothing ("bitte", "please").
    pub filler: bool,
}

/// One language's lookup tables, built once.
pub(crate) struct Vocabulary {
    /// Keys and entries of the open-addressing table, side by side (`Key::NONE` = free).
    keys: Box<[Key; TABLE_SIZE]>,
    entries: Box<[Entry; TABLE_SIZE]>,
    /// Fixed two-word phrases.
    phrases: Vec<(Key, Key, Lexeme)>,
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

    /// The table entry of `key`, created empty if it is not there yet.
    fn entry_mut(&mut self, key: Key) -> &mut Entry {
        let mut i = key.slot();
        loop {
            if self.keys[i] == key {
                return &mut self.entries[i];
            }
            if self.keys[i].is_none() {
                self.keys[i] = key;
                return &mut self.entries[i];
            }
            i = (i + 1) % TABLE_SIZE;
        }
    }

    fn insert(&mut self, key: Key, lexeme: Lexeme) {
        let entry = self.entry_mut(key);
        entry.meanings.push(lexeme);
        entry.filler = entry.meanings.is_filler();
    }

    fn build(lang: Lang) -> Vocabulary {
        let (files, ranks, words, phrases, letters) = match lang {
            Lang::De => (&DE_FILES, &DE_RANKS, DE_WORDS, DE_PHRASES, DE_LETTERS),
            Lang::Tr => (&TR_FILES, &TR_RANKS, TR_WORDS, TR_PHRASES, TR_LETTERS),
            Lang::En => (&EN_FILES, &EN_RANKS, EN_WORDS, EN_PHRASES, EN_LETTERS),
        };
        let mut vocab = Vocabulary {
            keys: Box::new([Key::NONE; TABLE_SIZE]),
            entries: Box::new([Entry::default(); TABLE_SIZE]),
            phrases: Vec::new(),
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
        // "e.p." arrives as the two words "e" and "p".
        let common: &[(&[&str], Lexeme)] = &[(&["e", "p"], EnPassant)];
        for (phrase, lexeme) in phrases.iter().chain(common) {
            let [first, second] = phrase[..] else {
                panic!("phrase {phrase:?} is not two words");
            };
            let (first, second) = (Vocabulary::key(first), Vocabulary::key(second));
            vocab.entry_mut(first).starts_phrase = true;
            vocab.phrases.push((first, second, *lexeme));
        }

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
        if lang != Lang::En {
            for (letter, role) in INTERNATIONAL_LETTERS {
                let own = letters.iter().any(|(l, _)| l == letter);
                if !own {
                    vocab.letters[*letter as usize].push(Piece(*role));
                }
            }
        }
        vocab.letters[b'x' as usize].push(Capture);
        vocab.letters[b'o' as usize].push(CastleO);
        vocab.letters[b'0' as usize].push(CastleO);

        let used = vocab.keys.iter().filter(|k| !k.is_none()).count();
        assert!(
            used * 4 <= TABLE_SIZE - 64 * 4,
            "word table too full: {used} words"
        );

        // Squares in written notation ("e4", "D4"), the commonest words of all, straight
        // from the table: a file and a rank, in any case (a piece letter and a rank alone are
        // never a move).
        for (f, file) in FILES.iter().enumerate() {
            for (r, rank) in RANKS.iter().enumerate() {
                let key = Key::new(&[b'a' + f as u8, b'1' + r as u8]).expect("two bytes");
                let entry = vocab.entry_mut(key);
                assert!(entry.meanings.is_empty(), "a square is also a word");
                entry.meanings = Meanings::one(File(*file));
                entry.then = Meanings::one(Rank(*rank));
            }
        }
        for entry in vocab.entries.iter_mut() {
            let plain = entry.meanings.len() == 1 && !entry.filler && !entry.starts_phrase;
            entry.plain_tokens = match entry.then.len() {
                _ if !plain => 0,
                0 => 1,
                1 => 2,
                _ => 0,
            };
        }
        vocab
    }

    /// The table entry of one folded word, if it is a known word or starts a phrase.
    #[inline]
    pub(crate) fn entry(&self, key: Key) -> Option<&Entry> {
        if key.is_none() {
            return None;
        }
        let mut i = key.slot();
        loop {
            let k = self.keys[i];
            if k == key {
                return Some(&self.entries[i]);
            }
            if k.is_none() {
                return None;
            }
            i = (i + 1) % TABLE_SIZE;
        }
    }

    /// The meanings of one folded word, if it is a known word.
    #[cfg(test)]
    pub(crate) fn word(&self, key: Key) -> Option<Meanings> {
        self.entry(key)
            .map(|e| e.meanings)
            .filter(|m| !m.is_empty())
    }

    /// The meanings of one character of written notation.
    pub(crate) fn letter(&self, c: u8) -> Option<Meanings> {
        let m = *self.letters.get(c as usize)?;
        (!m.is_empty()).then_some(m)
    }

    /// The phrase `first second`, if it is one.
    pub(crate) fn phrase(&self, first: Key, second: Key) -> Option<Lexeme> {
        self.phrases
            .iter()
            .find(|(a, b, _)| *a == first && *b == second)
            .map(|(_, _, lexeme)| *lexeme)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_with_several_meanings_keep_them_all() {
        let tr = Vocabulary::get(Lang::Tr);
        let alir = tr.word(Vocabulary::key("alır")).unwrap();
        assert_eq!(alir.iter().collect::<Vec<_>>(), vec![Capture, CaptureAfter]);
        let de = Vocabulary::get(Lang::De);
        let d = de.word(Vocabulary::key("d")).unwrap();
        assert_eq!(
            d.iter().collect::<Vec<_>>(),
            vec![File(shakmaty::File::D), Piece(Role::Queen)]
        );
        assert_eq!(
            de.word(Vocabulary::key("LÄUFER")),
            de.word(Vocabulary::key("laeufer"))
        );
    }

    #[test]
    fn phrase_starts_are_marked_and_phrases_found() {
        for lang in Lang::ALL {
            let v = Vocabulary::get(lang);
            let (en, passant) = (Vocabulary::key("en"), Vocabulary::key("passant"));
            assert!(v.entry(en).unwrap().starts_phrase, "{lang}");
            assert_eq!(v.phrase(en, passant), Some(EnPassant), "{lang}");
            assert_eq!(v.phrase(passant, en), None, "{lang}");
            let e = Vocabulary::key("e");
            assert!(v.entry(e).unwrap().starts_phrase, "{lang}");
            assert_eq!(v.phrase(e, Vocabulary::key("p")), Some(EnPassant));
        }
        assert_eq!(Vocabulary::get(Lang::En).word(Vocabulary::key("en")), None);
    }

    #[test]
    fn keys_give_back_their_bytes() {
        let k = Key::new(b"schachmatt").unwrap();
        let (bytes, len) = k.bytes();
        assert_eq!(&bytes[..len], b"schachmatt");
        let (bytes, len) = Key::new(b"abcdefghijklmnop").unwrap().bytes();
        assert_eq!(&bytes[..len], b"abcdefghijklmnop");
        assert_eq!(Key::new(b"abcdefghijklmnopq"), None);
        assert_eq!(Key::new(b""), None);
    }
}
