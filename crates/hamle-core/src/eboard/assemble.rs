//! One seat's sensor board to table-level intents.
//!
//! The [`Assembler`] of a seat takes the board's [`Observation`]s, each with its time in
//! milliseconds, and judges what the board shows against the game's position once it has
//! settled: unchanged for [`Settings::settle_ms`]. A piece sliding over squares, a piece lifted
//! and put down within one scan of the board, the squares a DGT board reports out of order: the
//! states between last less than the settle time and are never judged. Time comes only from the
//! values passed in: the caller asks again at [`Assembler::deadline`] ([`Assembler::tick`]) or
//! with its next observation, which judges the state before it if that one had settled.
//!
//! A settled board is, against the position (shakmaty's [`Board`] of it and of the position
//! after each legal move; hamle never generates a move itself):
//!
//! - the position: [`Intent::InSync`];
//! - on the seat's turn, the position after exactly one legal move: [`Intent::Placed`] (a
//!   castling made rook first or king first, en passant, a capture whose captured piece went off
//!   before or after, a promotion with its new piece on the square);
//! - on the seat's turn, a promotion whose piece the board does not show (the pawn itself on the
//!   last rank, or an occupancy-only board): [`Intent::PromotionNeeded`];
//! - on the seat's turn, a move under way (each square as in the position, as after some legal
//!   move, or empty, and every piece missing seen lifted since the position):
//!   [`Intent::Touched`] for each piece of the position newly lifted, in the order lifted (D.2.3:
//!   a piece taken out of its hole is touched); before a second piece of his own is touched,
//!   [`Intent::Put`] for the first one if it stands in a new hole already (castling king first,
//!   slowly: the king in its hole, then the rook lifted), so that the table's record, which
//!   holds one piece in the hand, takes both;
//! - anything else (an earlier position, the opponent's last move not yet made on this board, a
//!   knocked-over piece, an illegal move, nonsense): [`Intent::Mismatch`], square by square what
//!   is missing, extra or wrong. Nothing is taken back: the seat is told what to put where.
//!
//! What differs is said against the position, or, once a move was placed in it (released
//! there, Art. 4.6), against the board after that move.
//!
//! A piece put on the board from beside it (a captured piece knocked back in) is no move: a
//! move under way has a piece of the position off its square, and a move's destination that
//! was filled a settle time or more before its piece was lifted holds another piece than the
//! one that moved (so a knight knocked onto e2, then the knight of g1 lifted, is no `Ng1-e2`).
//! A promotion whose piece the board does not show is the move the seat announced, when he
//! announced one from that square to that one ([`Assembler::set_announced`]): not asked again.
//!
//! The table's record of the board may hold a piece in the hand ([`Assembler::set_hand`]): a
//! piece whose lift the table took before this assembler saw it (the board, or its bridge's link
//! to the server, was away meanwhile). Its square empty on the board is that piece lifted, not a
//! piece missing: the move is under way, and the seat is told once that the table holds the piece
//! lifted ([`Intent::Held`]), never to put it back; a mismatch beside it leaves it out.
//!
//! Each judgement is reported once; the same board judged again against the same position says
//! nothing new. A touch is reported once per position.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Piece, Position, Square};

use super::sensed::{Observation, Sensed, SquareSensed};

/// How long a board must stay unchanged before it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    pub settle_ms: u64,
}

impl Default for Settings {
    /// 300 ms: a DGT board scans all squares in 200-250 ms (twice that over Bluetooth, where a
    /// longer settle is wise).
    fn default() -> Self {
        Settings { settle_ms: 300 }
    }
}

/// A piece where another should stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WrongPiece {
    pub square: Square,
    pub found: Piece,
    pub expected: Piece,
}

/// How a board differs from the game, square by square (a1 to h8 in each list).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mismatch {
    /// Empty on the board; this piece belongs there.
    pub missing: Vec<(Square, Piece)>,
    /// A piece on the board where none belongs (`None`: a board that cannot tell which).
    pub extra: Vec<(Square, Option<Piece>)>,
    /// Another piece than the one that belongs there.
    pub wrong: Vec<WrongPiece>,
}

impl Mismatch {
    /// How `sensed` differs from `expected`.
    pub fn between(sensed: &Sensed, expected: &Board) -> Mismatch {
        let mut m = Mismatch::default();
        for square in Square::ALL {
            match (sensed.at(square), expected.piece_at(square)) {
                (SquareSensed::Empty, Some(piece)) => m.missing.push((square, piece)),
                (SquareSensed::Piece(found), None) => m.extra.push((square, Some(found))),
                (SquareSensed::Occupied, None) => m.extra.push((square, None)),
                (SquareSensed::Piece(found), Some(expected)) if found != expected => {
                    m.wrong.push(WrongPiece {
                        square,
                        found,
                        expected,
                    })
                }
                _ => {}
            }
        }
        m
    }

    pub fn is_empty(&self) -> bool {
        self.missing.is_empty() && self.extra.is_empty() && self.wrong.is_empty()
    }
}

/// What the seat's board means for the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Intent {
    /// On the seat's turn, a piece of the position lifted (D.2.3: touched): his own, or his
    /// opponent's (a capture begun by taking the captured piece off).
    Touched { square: Square, piece: Piece },
    /// On the seat's turn, a piece of his touched before now stands on `square`, a new hole,
    /// while his move is still under way; said just before another piece of his is touched
    /// (castling king first, slowly).
    Put { square: Square, piece: Piece },
    /// On the seat's turn, the board shows the position after this legal move.
    Placed(Move),
    /// On the seat's turn, the board shows a pawn's promotion from `from` to `to`, but not the
    /// piece it becomes: it must be named.
    PromotionNeeded { from: Square, to: Square },
    /// The board shows neither the game nor a move of it: what to put right.
    Mismatch(Mismatch),
    /// The board shows the game's position (again).
    InSync,
    /// The table's record holds `piece` lifted from `square` (in the hand), a lift this
    /// assembler did not see, and the board shows the square empty with the move under way:
    /// the seat is told that the table counts the piece as lifted (not to put it back).
    Held { square: Square, piece: Piece },
}

/// A settled board judged against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    InSync,
    Placed(Move),
    Promotion {
        from: Square,
        to: Square,
    },
    UnderWay,
    /// Nothing differs but the piece the table holds in the hand, off its square.
    HandOnly,
    Mismatch(Mismatch),
}

/// Whether `sensed` shows `after` but for the promotion square of `m`, where the mover's pawn
/// itself stands.
fn shows_pawn_on_promotion_square(sensed: &Sensed, after: &Board, m: &Move, mover: Color) -> bool {
    let pawn = Piece {
        color: mover,
        role: shakmaty::Role::Pawn,
    };
    m.is_promotion()
        && sensed.at(m.to()) == SquareSensed::Piece(pawn)
        && Square::ALL
            .into_iter()
            .filter(|sq| *sq != m.to())
            .all(|sq| sensed.at(sq).agrees_with(after.piece_at(sq)))
}

/// Whether every square of `sensed` is empty, as in `before`, or as in `after`.
fn between(sensed: &Sensed, before: &Board, after: &Board) -> bool {
    Square::ALL.into_iter().all(|sq| {
        let s = sensed.at(sq);
        s == SquareSensed::Empty
            || s.agrees_with(before.piece_at(sq))
            || s.agrees_with(after.piece_at(sq))
    })
}

/// The squares and promotion of a move shown without its piece.
fn promotion_squares(moves: &[Move]) -> Option<(Square, Square)> {
    let first = moves.first()?;
    let squares = (first.from()?, first.to());
    moves
        .iter()
        .all(|m| m.is_promotion() && (m.from(), m.to()) == (Some(squares.0), squares.1))
        .then_some(squares)
}

/// What the assembler has seen of the board since the position, beside what it shows.
struct Evidence<'a> {
    /// The squares seen to become empty since the position, with when, oldest first.
    lifted: &'a [(Square, u64)],
    /// When each square last took a new piece (kept across positions while it stays filled).
    filled: &'a [Option<u64>; 64],
    settle_ms: u64,
    /// The move the seat announced in this position, if any.
    announced: Option<Move>,
    /// The move last placed on the board in this position (reported as [`Intent::Placed`]):
    /// released there (Art. 4.6), so what differs is said against the board after it.
    placed: Option<Move>,
    /// The piece the table's record holds in the hand, and the square it was lifted from.
    hand: Option<(Piece, Square)>,
}

impl Evidence<'_> {
    fn lifted_at(&self, square: Square) -> Option<u64> {
        self.lifted
            .iter()
            .find(|(sq, _)| *sq == square)
            .map(|(_, at)| *at)
    }

    /// Whether the piece of `square` was seen lifted, or the table holds it lifted.
    fn was_lifted(&self, square: Square) -> bool {
        self.lifted_at(square).is_some() || self.hand.is_some_and(|(_, from)| from == square)
    }

    /// Whether `m`'s destination took its piece a settle time or more before `m`'s piece left
    /// its square: then what stands there is not the piece that moved.
    fn filled_before_lift(&self, m: &Move, mover: Color) -> bool {
        let (Some(from), to) = (
            m.from(),
            m.castling_side().map_or(m.to(), |side| side.king_to(mover)),
        ) else {
            return false;
        };
        match (self.filled[to.to_usize()], self.lifted_at(from)) {
            (Some(filled), Some(lifted)) => lifted >= filled.saturating_add(self.settle_ms),
            _ => false,
        }
    }
}

/// `sensed` judged against `pos`, for the board of `seat`, with what was seen since the
/// position (a move is under way only if every piece missing was lifted).
fn judge(sensed: &Sensed, pos: &Chess, seat: Color, seen: &Evidence) -> Verdict {
    let before = pos.board();
    if sensed.shows(before) {
        return Verdict::InSync;
    }
    if pos.turn() == seat {
        let mut exact = Vec::new();
        let mut pawn_shown = Vec::new();
        let mut under_way = false;
        let mut knocked_in = false;
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let after = after.board();
            // A board that cannot tell the capturing piece from the captured one shows a
            // capture only if the captured piece was seen to go.
            // (En passant's captured square is empty after it: no question there.)
            let capture_seen = match m {
                Move::Normal {
                    capture: Some(_),
                    to,
                    ..
                } => sensed.at(to) != SquareSensed::Occupied || seen.was_lifted(to),
                _ => true,
            };
            let shown = sensed.shows(after) && capture_seen;
            if shown && seen.filled_before_lift(&m, seat) {
                knocked_in = true;
            } else if shown {
                exact.push(m);
            } else if shows_pawn_on_promotion_square(sensed, after, &m, seat) {
                pawn_shown.push(m);
            } else if !under_way && between(sensed, before, after) {
                under_way = true;
            }
        }
        if let [m] = exact.as_slice() {
            return Verdict::Placed(*m);
        }
        exact.extend(pawn_shown);
        if let Some((from, to)) = promotion_squares(&exact) {
            return match seen.announced.filter(|a| exact.contains(a)) {
                Some(announced) => Verdict::Placed(announced),
                None => Verdict::Promotion { from, to },
            };
        }
        let missing = before.occupied() & !sensed.occupied();
        let all_lifted = missing.into_iter().all(|sq| seen.was_lifted(sq));
        if under_way && !knocked_in && all_lifted && !missing.is_empty() && exact.is_empty() {
            return Verdict::UnderWay;
        }
    }
    let expected = match seen.placed {
        Some(m) => {
            let mut after = pos.clone();
            after.play_unchecked(m);
            after.board().clone()
        }
        None => before.clone(),
    };
    let mut mismatch = Mismatch::between(sensed, &expected);
    // The piece in the table's hand is lifted, not missing: never asked back.
    if let Some((piece, from)) = seen.hand {
        mismatch.missing.retain(|&missing| missing != (from, piece));
    }
    if mismatch.is_empty() {
        // Only the piece in the hand is off the board (on the opponent's turn: his move being
        // made on this board): nothing to put right.
        return Verdict::HandOnly;
    }
    Verdict::Mismatch(mismatch)
}

/// One seat's board observations to [`Intent`]s.
#[derive(Clone, Debug)]
pub struct Assembler {
    /// Whose board it is.
    seat: Color,
    settings: Settings,
    /// What the board shows, once a whole board has been seen.
    sensed: Option<Sensed>,
    /// When it last changed (or when the position it is judged against changed).
    changed_at: u64,
    /// Whether the board as it is now has been judged against the current position.
    judged: bool,
    /// The squares that became empty since the position, with when, oldest first.
    lifted: Vec<(Square, u64)>,
    /// When each square last took a new piece; cleared when it empties.
    filled: [Option<u64>; 64],
    /// The move the seat announced in this position ([`Assembler::set_announced`]).
    announced: Option<Move>,
    /// The move last placed on the board in this position, until the board shows the
    /// position again.
    placed: Option<Move>,
    /// The squares whose touch was reported in this position.
    touched: Bitboard,
    /// The last verdict reported in this position.
    last: Option<Verdict>,
    /// The position judged against: its pieces and the side to move.
    position: Option<(Board, Color)>,
    /// The piece the table's record holds in the hand, and its square ([`Assembler::set_hand`]).
    hand: Option<(Piece, Square)>,
    /// Whether [`Intent::Held`] was reported for [`Assembler::hand`].
    held_said: bool,
}

impl Assembler {
    /// The assembler of `seat`'s board. It knows nothing of the board until a whole board
    /// ([`Observation::Snapshot`]) is observed; lifts and placements before that are ignored.
    pub fn new(seat: Color, settings: Settings) -> Assembler {
        Assembler {
            seat,
            settings,
            sensed: None,
            changed_at: 0,
            judged: true,
            lifted: Vec::new(),
            filled: [None; 64],
            announced: None,
            placed: None,
            touched: Bitboard::EMPTY,
            last: None,
            position: None,
            hand: None,
            held_said: false,
        }
    }

    pub fn seat(&self) -> Color {
        self.seat
    }

    /// What the board shows now (settled or not).
    pub fn sensed(&self) -> Option<&Sensed> {
        self.sensed.as_ref()
    }

    /// When the board as it is now will have settled, if it is still to be judged: call
    /// [`Assembler::tick`] then.
    pub fn deadline(&self) -> Option<u64> {
        (!self.judged && self.sensed.is_some())
            .then(|| self.changed_at.saturating_add(self.settings.settle_ms))
    }

    /// `observation` made at `at`, with `pos` the game's position: what the board before it
    /// meant, if it had settled and was still to be judged, and what it means now if no settle
    /// time is asked for.
    pub fn observe(&mut self, observation: &Observation, at: u64, pos: &Chess) -> Vec<Intent> {
        let mut out = self.tick(at, pos);
        let at = at.max(self.changed_at);
        let changed = match (&mut self.sensed, observation) {
            (None, Observation::Snapshot(whole)) => {
                self.sensed = Some(whole.clone());
                true
            }
            (None, _) => false,
            (Some(sensed), _) => {
                let before = sensed.clone();
                let changed = sensed.apply(observation);
                let touched = match observation {
                    Observation::Lifted(sq) | Observation::Placed { square: sq, .. } => {
                        Bitboard::from_square(*sq)
                    }
                    Observation::Snapshot(_) => Bitboard::FULL,
                };
                for square in touched {
                    let now = sensed.at(square);
                    if now == before.at(square) {
                        continue;
                    }
                    if now == SquareSensed::Empty {
                        self.filled[square.to_usize()] = None;
                        self.lifted.retain(|(sq, _)| *sq != square);
                        self.lifted.push((square, at));
                    } else {
                        self.filled[square.to_usize()] = Some(at);
                    }
                }
                changed
            }
        };
        if changed {
            self.changed_at = at;
            self.judged = false;
        }
        out.extend(self.tick(at, pos));
        out
    }

    /// What the board means now, with `pos` the game's position, as if it had settled: the
    /// player said so (a clock's lever pressed).
    pub fn settle_now(&mut self, pos: &Chess) -> Vec<Intent> {
        let settled = self.changed_at.saturating_add(self.settings.settle_ms);
        self.tick(settled, pos)
    }

    /// The move the seat announced in `pos` (the table's `announced`), or none. A promotion
    /// the board shows without its piece is that move when it goes from the same square to
    /// the same square: the board is judged again at the next [`Assembler::tick`].
    pub fn set_announced(&mut self, announced: Option<Move>, pos: &Chess) {
        self.follow(pos);
        if self.announced == announced {
            return;
        }
        self.announced = announced;
        if matches!(self.last, Some(Verdict::Promotion { .. })) {
            self.judged = false;
        }
    }

    /// The table's record of this board holds `hand` (a piece and the square it was lifted
    /// from), or nothing: read from the table after every event. A lift the assembler did not
    /// see (its board or the server was away) is the table's; the board judged again at the
    /// next [`Assembler::tick`].
    pub fn set_hand(&mut self, hand: Option<(Piece, Square)>, pos: &Chess) {
        self.follow(pos);
        if self.hand == hand {
            return;
        }
        self.hand = hand;
        self.held_said = false;
        self.judged = false;
    }

    /// Judges against `pos` from now on: a new position forgets what was seen since the last
    /// one (lifts, touches, the announcement, the move placed, the last verdict).
    fn follow(&mut self, pos: &Chess) {
        let key = (pos.board().clone(), pos.turn());
        if self.position.as_ref() != Some(&key) {
            self.position = Some(key);
            self.lifted.clear();
            self.announced = None;
            self.placed = None;
            self.touched = Bitboard::EMPTY;
            self.last = None;
            self.judged = false;
        }
    }

    /// At `now`, with `pos` the game's position: what the board means, if it has settled and
    /// has not been judged against `pos` yet. Call it at [`Assembler::deadline`] and whenever
    /// the game's position changes.
    pub fn tick(&mut self, now: u64, pos: &Chess) -> Vec<Intent> {
        self.follow(pos);
        let settled = now >= self.changed_at.saturating_add(self.settings.settle_ms);
        if !settled || self.judged {
            return Vec::new();
        }
        let Some(sensed) = self.sensed.as_ref() else {
            return Vec::new();
        };
        self.judged = true;
        let seen = Evidence {
            lifted: &self.lifted,
            filled: &self.filled,
            settle_ms: self.settings.settle_ms,
            announced: self.announced,
            placed: self.placed,
            hand: self.hand,
        };
        let verdict = judge(sensed, pos, self.seat, &seen);
        let out = match &verdict {
            Verdict::UnderWay => {
                let lifted: Vec<Square> = self.lifted.iter().map(|(sq, _)| *sq).collect();
                // A piece whose placement was reported as a move is on the table's record
                // already: no put for it.
                let put = !matches!(self.last, Some(Verdict::Placed(_)));
                let (mut touches, touched) =
                    touches(&lifted, self.touched, sensed, pos.board(), pos.turn(), put);
                self.touched = touched;
                if let Some(held) = held(self.hand, &self.lifted, &mut self.held_said, sensed) {
                    touches.insert(0, held);
                }
                touches
            }
            Verdict::HandOnly => held(self.hand, &self.lifted, &mut self.held_said, sensed)
                .into_iter()
                .collect(),
            _ if self.last.as_ref() == Some(&verdict) => Vec::new(),
            Verdict::InSync => vec![Intent::InSync],
            Verdict::Placed(m) => vec![Intent::Placed(*m)],
            Verdict::Promotion { from, to } => vec![Intent::PromotionNeeded {
                from: *from,
                to: *to,
            }],
            Verdict::Mismatch(m) => vec![Intent::Mismatch(m.clone())],
        };
        match &verdict {
            Verdict::Placed(m) => self.placed = Some(*m),
            Verdict::InSync => self.placed = None,
            _ => {}
        }
        self.last = Some(verdict);
        out
    }
}

/// [`Intent::Held`], once (`said`), for the piece in the table's `hand` whose lift was not seen
/// (among `lifted`), its square empty on the board.
fn held(
    hand: Option<(Piece, Square)>,
    lifted: &[(Square, u64)],
    said: &mut bool,
    sensed: &Sensed,
) -> Option<Intent> {
    let (piece, square) = hand?;
    let unseen = !lifted.iter().any(|(sq, _)| *sq == square);
    if *said || !unseen || sensed.at(square) != SquareSensed::Empty {
        return None;
    }
    *said = true;
    Some(Intent::Held { square, piece })
}

/// The pieces of `position` newly lifted (not among `touched`), in the order `lifted`, and the
/// squares touched after; before a second piece of the mover's, where the first one stands now
/// if it is in a new hole already ([`Intent::Put`], when `put`).
fn touches(
    lifted: &[Square],
    mut touched: Bitboard,
    sensed: &Sensed,
    position: &Board,
    mover: Color,
    put: bool,
) -> (Vec<Intent>, Bitboard) {
    let mut out = Vec::new();
    for &square in lifted {
        if let Some(piece) = position.piece_at(square)
            && sensed.at(square) == SquareSensed::Empty
            && !touched.contains(square)
        {
            if put
                && piece.color == mover
                && let Some(put) = put_before(lifted, touched, sensed, position, mover)
            {
                out.push(put);
            }
            touched.add(square);
            out.push(Intent::Touched { square, piece });
        }
    }
    (out, touched)
}

/// The last of the mover's pieces touched before, if it has left its square and stands in
/// exactly one new hole (a square empty in `position`, or held by the other side).
fn put_before(
    lifted: &[Square],
    touched: Bitboard,
    sensed: &Sensed,
    position: &Board,
    mover: Color,
) -> Option<Intent> {
    let (from, piece) = lifted.iter().rev().find_map(|sq| {
        let piece = position.piece_at(*sq)?;
        (piece.color == mover && touched.contains(*sq) && sensed.at(*sq) == SquareSensed::Empty)
            .then_some((*sq, piece))
    })?;
    let mut holes = Square::ALL.into_iter().filter(|sq| {
        *sq != from
            && position.piece_at(*sq).is_none_or(|p| p.color != mover)
            && sensed.at(*sq) != SquareSensed::Empty
            && sensed.at(*sq).agrees_with(Some(piece))
            && (sensed.at(*sq) == SquareSensed::Piece(piece) || position.piece_at(*sq).is_none())
    });
    let square = holes.next()?;
    holes
        .next()
        .is_none()
        .then_some(Intent::Put { square, piece })
}

#[cfg(test)]
mod tests;
