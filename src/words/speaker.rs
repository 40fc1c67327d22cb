//! Words for moves and reasons, through Fluent.
//!
//! [`crate::announce::describe`] decides what is said; this module says it in a language.
//! Small parts (a file name, a square, a piece) are messages of their own, and each sentence
//! message places them; Rust never glues words together.

use shakmaty::{CastlingSide, Chess, File, Move, Rank, Role, Square};

use crate::announce::{
    AnnounceError, IllegalReason, Lang, MoveDescription, MoveShape, Origin, ParseErrorKind, Style,
    Suffix, describe,
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

fn args<'a>(pairs: &[(&'a str, String)]) -> Args<'a> {
    let mut a = Args::new();
    for (k, v) in pairs {
        a.set(*k, v.clone());
    }
    a
}

/// Says things in one language.
#[derive(Clone, Copy)]
pub struct Speaker {
    pub lang: Lang,
    messages: &'static Messages,
}

impl Speaker {
    pub fn new(lang: Lang) -> Speaker {
        Speaker {
            lang,
            messages: Messages::global(),
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
        self.msg("file-name", &[("file", file.char().to_string())])
    }

    pub fn rank(&self, rank: Rank) -> String {
        let mut a = Args::new();
        a.set("rank", u32::from(rank) + 1);
        self.messages.format(self.lang, "rank-name", Some(&a))
    }

    pub fn square(&self, square: Square) -> String {
        self.msg(
            "square-name",
            &[
                ("file", self.file(square.file())),
                ("rank", self.rank(square.rank())),
            ],
        )
    }

    pub fn piece(&self, role: Role) -> String {
        self.msg("piece-name", &[("role", role_key(role).to_owned())])
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
        let body = match d.shape {
            MoveShape::Castle(side) => {
                self.msg("move-castle", &[("side", side_key(side).to_owned())])
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
                let mut body = self.msg(
                    "move-normal",
                    &[
                        ("style", style.to_owned()),
                        ("role", role_key(role).to_owned()),
                        ("piece", self.piece(role)),
                        (
                            "has_origin",
                            if origin == Origin::None { "no" } else { "yes" }.to_owned(),
                        ),
                        ("origin", origin_text),
                        ("to", square(to)),
                        (
                            "capture",
                            if capture.is_some() { "yes" } else { "no" }.to_owned(),
                        ),
                        (
                            "captured",
                            capture.map(|r| self.piece(r)).unwrap_or_default(),
                        ),
                        (
                            "captured_role",
                            capture.map(role_key).unwrap_or("none").to_owned(),
                        ),
                    ],
                );
                if let Some(p) = promotion {
                    body = self.msg(
                        "move-promotion",
                        &[
                            ("style", style.to_owned()),
                            ("move", body),
                            ("piece", self.piece(p)),
                            ("role", role_key(p).to_owned()),
                        ],
                    );
                }
                if en_passant {
                    body = self.msg("move-en-passant", &[("move", body)]);
                }
                body
            }
        };
        let suffix = match d.suffix {
            Suffix::None => "none",
            Suffix::Check => "check",
            Suffix::Mate => "mate",
        };
        self.msg(
            "move-suffix",
            &[("move", body), ("suffix", suffix.to_owned())],
        )
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
