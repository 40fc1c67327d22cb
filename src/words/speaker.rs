//! Words for moves and reasons, through Fluent.
//!
//! [`crate::announce::describe`] decides what is said; this module says it in a language.
//! Small parts (a file name, a square, a piece) are messages of their own, and each sentence
//! message places them; Rust never glues words together.

use std::sync::OnceLock;

use shakmaty::{CastlingSide, Chess, File, Move, Rank, Role, Square};

use crate::announce::{
    AnnounceError, IllegalReason, Lang, MoveDescription, MoveShape, Origin, ParseErrorKind,
    PerLang, Style, Suffix, describe,
};
use crate::words::i18n::{Args, Messages};

/// The Fluent selector key of a piece kind.
pub fn role_key(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

fn side_key(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

/// The names of the board's parts in one language (every file, rank, square and piece), each
/// formatted once from its Fluent message: a move's sentence names two to four of them, and a
/// square alone was three messages formatted anew for every move (issue 29: the words were a
/// tenth of the server's CPU a move).
struct Parts {
    files: [String; 8],
    ranks: [String; 8],
    squares: [String; 64],
    pieces: [String; 6],
}

impl Parts {
    fn of(messages: &Messages, lang: Lang) -> Parts {
        let file = |file: File| {
            let mut a = Args::new();
            a.set("file", file.char().to_string());
            messages.format(lang, "file-name", Some(&a))
        };
        let rank = |rank: Rank| {
            let mut a = Args::new();
            a.set("rank", u32::from(rank) + 1);
            messages.format(lang, "rank-name", Some(&a))
        };
        let files = File::ALL.map(file);
        let ranks = Rank::ALL.map(rank);
        let squares = Square::ALL.map(|square| {
            let mut a = Args::new();
            a.set("file", files[square.file() as usize].as_str());
            a.set("rank", ranks[square.rank() as usize].as_str());
            messages.format(lang, "square-name", Some(&a))
        });
        let pieces = Role::ALL.map(|role| {
            let mut a = Args::new();
            a.set("role", role_key(role));
            messages.format(lang, "piece-name", Some(&a))
        });
        Parts {
            files,
            ranks,
            squares,
            pieces,
        }
    }

    /// Every language's, formatted on first use.
    fn global() -> &'static PerLang<Parts> {
        static PARTS: OnceLock<PerLang<Parts>> = OnceLock::new();
        PARTS.get_or_init(|| PerLang::new(|lang| Parts::of(Messages::global(), lang)))
    }

    fn piece(&self, role: Role) -> &str {
        &self.pieces[role as usize - 1]
    }
}

fn args<'a>(pairs: &'a [(&'a str, String)]) -> Args<'a> {
    let mut a = Args::with_capacity(pairs.len());
    for (k, v) in pairs {
        a.set(*k, v.as_str());
    }
    a
}

/// Says things in one language.
#[derive(Clone, Copy)]
pub struct Speaker {
    pub lang: Lang,
    messages: &'static Messages,
    parts: &'static Parts,
}

impl Speaker {
    pub fn new(lang: Lang) -> Speaker {
        Speaker {
            lang,
            messages: Messages::global(),
            parts: &Parts::global()[lang],
        }
    }

    fn msg(&self, id: &str, pairs: &[(&str, String)]) -> String {
        self.messages.format(self.lang, id, Some(&args(pairs)))
    }

    /// A message by id with string arguments.
    pub fn message(&self, id: &str, pairs: &[(&str, String)]) -> String {
        self.msg(id, pairs)
    }

    pub fn file(&self, file: File) -> String {
        self.parts.files[file as usize].clone()
    }

    pub fn rank(&self, rank: Rank) -> String {
        self.parts.ranks[rank as usize].clone()
    }

    pub fn square(&self, square: Square) -> String {
        self.parts.squares[square as usize].clone()
    }

    pub fn piece(&self, role: Role) -> String {
        self.parts.piece(role).to_owned()
    }

    /// A legal move `m` in `pos`, in `style`.
    pub fn say_move(&self, pos: &Chess, m: Move, style: Style) -> String {
        self.describe(&describe(pos, m, style))
    }

    /// A legal move `m` in `pos` in the Appendix style with the piece it captures named
    /// ("König schlägt Dame David acht"): the per-seat choice of issue 15. A move that
    /// captures nothing is said as in [`Style::Short`].
    pub fn say_move_captured(&self, pos: &Chess, m: Move) -> String {
        let d = describe(pos, m, Style::Short);
        self.describe_keyed(
            &d,
            "captured",
            &|file| self.file(file),
            &|rank| self.rank(rank),
            &|square| self.square(square),
        )
    }

    /// Words for a move description.
    pub fn describe(&self, d: &MoveDescription) -> String {
        self.describe_named(
            d,
            &|file| self.file(file),
            &|rank| self.rank(rank),
            &|square| self.square(square),
        )
    }

    /// [`Speaker::describe`] with other words for the files and ranks (the spelling alphabets
    /// and letters hamle also understands, for the speech recogniser's candidates).
    pub fn describe_named(
        &self,
        d: &MoveDescription,
        file_word: &dyn Fn(File) -> String,
        rank_word: &dyn Fn(Rank) -> String,
        square: &dyn Fn(Square) -> String,
    ) -> String {
        let style = match d.style {
            Style::Short => "short",
            Style::Full => "full",
        };
        self.describe_keyed(d, style, file_word, rank_word, square)
    }

    /// The words of `d` with `style` as the Fluent selector of `move-normal` (`short`,
    /// `full` or `captured`).
    fn describe_keyed(
        &self,
        d: &MoveDescription,
        style: &str,
        file_word: &dyn Fn(File) -> String,
        rank_word: &dyn Fn(Rank) -> String,
        square: &dyn Fn(Square) -> String,
    ) -> String {
        let format = |id: &str, a: &Args| self.messages.format(self.lang, id, Some(a));
        let body = match d.shape {
            MoveShape::Castle(side) => {
                let mut a = Args::with_capacity(1);
                a.set("side", side_key(side));
                format("move-castle", &a)
            }
            MoveShape::Normal {
                role,
                origin,
                to,
                capture,
                promotion,
                en_passant,
            } => {
                let origin_text = match origin {
                    Origin::None => String::new(),
                    Origin::File(f) => file_word(f),
                    Origin::Rank(r) => rank_word(r),
                    Origin::Square(s) => square(s),
                };
                let yes_no = |b: bool| if b { "yes" } else { "no" };
                let mut a = Args::with_capacity(9);
                a.set("style", style);
                a.set("role", role_key(role));
                a.set("piece", self.parts.piece(role));
                a.set("has_origin", yes_no(origin != Origin::None));
                a.set("origin", origin_text);
                a.set("to", square(to));
                a.set("capture", yes_no(capture.is_some()));
                a.set("captured", capture.map_or("", |r| self.parts.piece(r)));
                a.set("captured_role", capture.map_or("none", role_key));
                let mut body = format("move-normal", &a);
                if let Some(p) = promotion {
                    let mut a = Args::with_capacity(4);
                    a.set("style", style);
                    a.set("move", body);
                    a.set("piece", self.parts.piece(p));
                    a.set("role", role_key(p));
                    body = format("move-promotion", &a);
                }
                if en_passant {
                    let mut a = Args::with_capacity(1);
                    a.set("move", body);
                    body = format("move-en-passant", &a);
                }
                body
            }
        };
        let suffix = match d.suffix {
            Suffix::None => "none",
            Suffix::Check => "check",
            Suffix::Mate => "mate",
        };
        let mut a = Args::with_capacity(2);
        a.set("move", body);
        a.set("suffix", suffix);
        format("move-suffix", &a)
    }

    /// "A, B oder C" from Fluent's list patterns.
    pub fn list_or(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => {
                let head = init
                    .iter()
                    .cloned()
                    .reduce(|a, b| self.msg("list-comma", &[("first", a), ("second", b)]))
                    .unwrap_or_default();
                self.msg("list-or", &[("first", head), ("last", last.clone())])
            }
        }
    }

    /// The reason an announcement was refused, in words; `pos` is the position it was
    /// resolved against (for naming ambiguous candidates).
    pub fn say_error(&self, pos: &Chess, error: &AnnounceError) -> String {
        match error {
            AnnounceError::NotUnderstood(e) => {
                let id = match e.kind {
                    ParseErrorKind::Empty => "parse-empty",
                    ParseErrorKind::UnknownWord => "parse-unknown-word",
                    ParseErrorKind::UnexpectedWord => "parse-unexpected-word",
                    ParseErrorKind::Incomplete => "parse-incomplete",
                    ParseErrorKind::TooLong => "parse-too-long",
                };
                self.msg(
                    id,
                    &[
                        ("word", e.word.clone()),
                        ("position", (e.index + 1).to_string()),
                    ],
                )
            }
            AnnounceError::Illegal(reason) => self.say_illegal(reason),
            AnnounceError::Ambiguous(candidates) => self.say_ambiguous(pos, candidates),
        }
    }

    fn say_ambiguous(&self, pos: &Chess, candidates: &[Move]) -> String {
        let role = candidates[0].role();
        if candidates
            .iter()
            .all(|m| m.role() == role && !m.is_castle())
        {
            // "Welcher Springer: Bella eins oder Felix eins?"
            let squares: Vec<String> = candidates
                .iter()
                .map(|m| self.square(m.from().expect("no drops")))
                .collect();
            let mut same_origin = squares.clone();
            same_origin.dedup();
            if same_origin.len() == squares.len() {
                return self.msg(
                    "ambiguous-piece",
                    &[
                        ("role", role_key(role).to_owned()),
                        ("piece", self.piece(role)),
                        ("squares", self.list_or(&squares)),
                    ],
                );
            }
        }
        let moves: Vec<String> = candidates
            .iter()
            .map(|m| self.say_move(pos, *m, Style::Full))
            .collect();
        self.msg("ambiguous-move", &[("moves", self.list_or(&moves))])
    }

    /// An illegal-move reason in words.
    pub fn say_illegal(&self, reason: &IllegalReason) -> String {
        use IllegalReason::*;
        match *reason {
            CannotReach { role, to } => self.msg(
                "illegal-cannot-reach",
                &[
                    ("role", role_key(role).to_owned()),
                    ("piece", self.piece(role)),
                    ("square", self.square(to)),
                ],
            ),
            NoPieceOnSquare { role, square } => self.msg(
                "illegal-no-piece-on-square",
                &[
                    ("role", role.map(role_key).unwrap_or("any").to_owned()),
                    ("piece", role.map(|r| self.piece(r)).unwrap_or_default()),
                    ("square", self.square(square)),
                ],
            ),
            OwnPieceOnSquare { square } => {
                self.msg("illegal-own-piece", &[("square", self.square(square))])
            }
            KingInCheck { in_check_now } => self.msg(
                "illegal-king-in-check",
                &[("now", if in_check_now { "yes" } else { "no" }.to_owned())],
            ),
            NothingToCapture { square } => self.msg(
                "illegal-nothing-to-capture",
                &[("square", self.square(square))],
            ),
            WrongCapturedPiece {
                said,
                actual,
                square,
            } => self.msg(
                "illegal-wrong-captured",
                &[
                    ("said_role", role_key(said).to_owned()),
                    ("said", self.piece(said)),
                    (
                        "actual_role",
                        actual.map(role_key).unwrap_or("none").to_owned(),
                    ),
                    ("actual", actual.map(|r| self.piece(r)).unwrap_or_default()),
                    ("square", self.square(square)),
                ],
            ),
            NotEnPassant => self.msg("illegal-not-en-passant", &[]),
            NoEnPassant => self.msg("illegal-no-en-passant", &[]),
            PromotionMissing => self.msg("illegal-promotion-missing", &[]),
            NoPromotion => self.msg("illegal-no-promotion", &[]),
            CastlingRightsLost { side } => self.msg(
                "illegal-castling-rights-lost",
                &[("side", side_key(side).to_owned())],
            ),
            CastlingBlocked { side } => self.msg(
                "illegal-castling-blocked",
                &[("side", side_key(side).to_owned())],
            ),
            CastlingOutOfCheck { side } => self.msg(
                "illegal-castling-out-of-check",
                &[("side", side_key(side).to_owned())],
            ),
            CastlingThroughCheck { side, square } => self.msg(
                "illegal-castling-through-check",
                &[
                    ("side", side_key(side).to_owned()),
                    ("square", self.square(square)),
                ],
            ),
            CastlingIntoCheck { side } => self.msg(
                "illegal-castling-into-check",
                &[("side", side_key(side).to_owned())],
            ),
            NoLegalMoves => self.msg("illegal-no-legal-moves", &[]),
        }
    }
}
