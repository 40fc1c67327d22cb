//! What every connection gets of an event: the record and the words said about it, made
//! once when the event is published (each move in every language and both styles; what an
//! announcement, a repetition or a board named), read from the game just before and just
//! after the event applies.

use std::sync::Arc;

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role};

use super::Speaker;
use crate::announce::{Lang, Style};
use crate::game::{BoardOp, Event, Game, Recorded};
use crate::scoresheet::desk::Note;

/// A move as every client hears it.
#[derive(Clone, Debug)]
pub struct MoveWords {
    pub ply: usize,
    /// The move number as on a scoresheet (the position's own: a game set up from a FEN
    /// keeps the FEN's numbering).
    pub number: u32,
    pub color: Color,
    pub uci: String,
    pub san: String,
    /// The position after the move.
    pub fen: String,
    /// `[short, full]` for each language, indexed by `Lang as usize`.
    pub said: [[String; 2]; 3],
    /// The Appendix style with the piece captured named, for each language (the short
    /// words when the move captures nothing; issue 15's per-seat choice).
    pub captured: [String; 3],
}

/// An event as published: the record and, for a move, its words.
#[derive(Clone, Debug)]
pub struct Published {
    pub rec: Recorded,
    pub mv: Option<MoveWords>,
    /// The move an announcement, repetition or claim named, said short in each language
    /// (indexed by `Lang as usize`).
    pub heard: Option<[String; 3]>,
    /// The move a repetition or a board should have shown, when it did not.
    pub expected: Option<[String; 3]>,
    /// A board event: the kind of piece it concerns.
    pub piece: Option<Role>,
    /// A board event: whether that board now shows the official game.
    pub board_matches: Option<bool>,
    /// A board event: the legal move the board shows instead of the one it should.
    pub board_shows: Option<[String; 3]>,
    /// A desk event (scoresheets, diverging boards, adjournment): what it meant.
    pub note: Option<Arc<Note>>,
    /// An announcement made while the announcer's own board does not show the opponent's
    /// last move yet ([`Game::behind`]): that move in full words, which he makes first.
    pub behind: Option<[String; 3]>,
}

impl Published {
    /// An event with its move words (if a move) and no other notes.
    pub fn new(rec: Recorded, mv: Option<MoveWords>) -> Published {
        Published {
            rec,
            mv,
            heard: None,
            expected: None,
            piece: None,
            board_matches: None,
            board_shows: None,
            note: None,
            behind: None,
        }
    }
}

/// A move said short in every language.
pub fn say3(pos: &Chess, m: Move) -> [String; 3] {
    Lang::ALL.map(|lang| Speaker::new(lang).say_move(pos, m, Style::Short))
}

/// What a non-move event needs said, read from the game before it applies.
pub fn notes_before(game: &Game, rec: &Recorded, p: &mut Published) {
    match &rec.event {
        Event::Announced { uci, .. } => {
            if let Ok(m) = uci.to_move(game.position()) {
                p.heard = Some(say3(game.position(), m));
            }
            if let (Some(last), Some((before, _))) = (game.behind(), game.previous()) {
                p.behind = Some(
                    Lang::ALL.map(|lang| Speaker::new(lang).say_move(before, last, Style::Full)),
                );
            }
        }
        Event::Repeated { uci, matches, .. } => {
            if let Some((pos, expected)) = game.repeat_position()
                && let Ok(m) = uci.to_move(pos)
            {
                p.heard = Some(say3(pos, m));
                if !matches {
                    p.expected = Some(say3(pos, expected));
                }
            }
        }
        Event::DrawClaimed { uci: Some(u), .. } => {
            if let Ok(m) = u.to_move(game.position()) {
                p.heard = Some(say3(game.position(), m));
            }
        }
        Event::Board { board, op, .. } => {
            let b = game.board(*board);
            p.piece = match *op {
                BoardOp::Place { promotion, .. } => {
                    promotion.or(b.hand.map(|(piece, _)| piece.role))
                }
                BoardOp::Lift(sq) | BoardOp::Remove(sq) | BoardOp::Touch(sq) => {
                    b.board.piece_at(sq).map(|piece| piece.role)
                }
                BoardOp::Move { from, .. } => b.board.piece_at(from).map(|piece| piece.role),
            };
        }
        _ => {}
    }
}

/// What a board event shows, read from the game after it applied: whether the board matches
/// the official game, and a move other than the one it should show.
pub fn notes_after(game: &Game, rec: &Recorded, p: &mut Published) {
    let Event::Board { board, .. } = &rec.event else {
        return;
    };
    let b = game.board(*board);
    p.board_matches = Some(b.matches(game.position()));
    // The board of the side to move should come to show the opponent's last move; the
    // other board the announced move.
    let target = if *board == game.turn() {
        game.previous()
    } else {
        game.ply().announced.map(|(m, _)| (game.position(), m))
    };
    if let Some((before, m)) = target
        && let Some(shown) = b.shows_move(before)
        && shown != m
    {
        p.board_shows = Some(say3(before, shown));
        p.expected = Some(say3(before, m));
    }
}

/// A move event's words: its number, SAN, the position after it, and the move said in every
/// language and both styles. `None` for any other event.
pub fn words(game: &Game, rec: &Recorded) -> Result<Option<MoveWords>, crate::game::ReplayError> {
    let Event::Moved { uci, .. } = &rec.event else {
        return Ok(None);
    };
    let pos = game.position();
    let m = uci.to_move(pos).map_err(|_| crate::game::ReplayError {
        seq: rec.seq,
        reason: format!("illegal move {uci}"),
    })?;
    let mut after = pos.clone();
    after.play_unchecked(m);
    let said = Lang::ALL.map(|lang| {
        let speaker = Speaker::new(lang);
        [
            speaker.say_move(pos, m, Style::Short),
            speaker.say_move(pos, m, Style::Full),
        ]
    });
    let captured = Lang::ALL.map(|lang| Speaker::new(lang).say_move_captured(pos, m));
    Ok(Some(MoveWords {
        ply: game.moves().len() + 1,
        number: pos.fullmoves().get(),
        color: pos.turn(),
        uci: uci.to_string(),
        san: SanPlus::from_move(pos.clone(), m).to_string(),
        fen: Fen::from_position(&after, EnPassantMode::Legal).to_string(),
        said,
        captured,
    }))
}
