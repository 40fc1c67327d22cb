//! What every connection gets of an event: the record and the words said about it (each move
//! in both styles and with the piece it captured; what an announcement, a repetition or a board
//! named), read from the game just before and just after the event applies. The sentences are
//! made lazily, in a language the first time a listener of that language asks ([`Said`]), and
//! kept: a node makes only its connected listeners' languages, once per event.

use std::sync::{Arc, OnceLock};

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role};

use super::Speaker;
use crate::announce::{Lang, PerLang, Style};
use crate::game::{BoardOp, Event, Game, Recorded};
use crate::scoresheet::desk::Note;

/// One move in one language: short (as announced), full, and short with the piece it captures.
#[derive(Debug)]
struct Forms {
    short: Box<str>,
    full: Box<str>,
    /// `None` when it is the short form (a move that captures nothing: most moves).
    captured: Option<Box<str>>,
}

/// What is said about one move (in the position before it), in each language the first time
/// a listener of that language asks, then kept. One pointer wide: an event holds up to five
/// (its move, and what an announcement, a repetition or a board named), most of them absent,
/// and each absent one cost the whole position inline (about 1 KiB an event in all).
#[derive(Debug)]
pub struct Said(Box<SaidParts>);

#[derive(Debug)]
struct SaidParts {
    before: Chess,
    mv: Move,
    forms: PerLang<OnceLock<Box<Forms>>>,
}

impl Said {
    pub fn new(before: &Chess, mv: Move) -> Said {
        Said(Box::new(SaidParts {
            before: before.clone(),
            mv,
            forms: Default::default(),
        }))
    }

    fn forms(&self, lang: Lang) -> &Forms {
        let parts = &*self.0;
        parts.forms[lang].get_or_init(|| {
            let speaker = Speaker::new(lang);
            let short = speaker.say_move(&parts.before, parts.mv, Style::Short);
            let captured = speaker.say_move_captured(&parts.before, parts.mv);
            Box::new(Forms {
                captured: (captured != short).then(|| captured.into()),
                short: short.into(),
                full: speaker
                    .say_move(&parts.before, parts.mv, Style::Full)
                    .into(),
            })
        })
    }

    /// The move as announced (the Appendix's short words).
    pub fn short(&self, lang: Lang) -> &str {
        &self.forms(lang).short
    }

    /// The move in full words.
    pub fn full(&self, lang: Lang) -> &str {
        &self.forms(lang).full
    }

    /// The short words with the piece captured named (the short words when the move
    /// captures nothing; issue 15's per-seat choice).
    pub fn captured(&self, lang: Lang) -> &str {
        let forms = self.forms(lang);
        forms.captured.as_deref().unwrap_or(&forms.short)
    }
}

/// A move as every client hears it.
#[derive(Debug)]
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
    /// The move in words, in each language as it is asked for.
    pub said: Said,
}

/// A half-move a practice game's take-back took back: its number, its side, its words.
#[derive(Debug)]
pub struct TakenMove {
    pub number: u32,
    pub color: Color,
    pub said: Said,
}

/// What a practice game's take-back did: the half-moves it took back, in order, and the
/// position the game went back to (its FEN and side to move).
#[derive(Debug)]
pub struct TakeBackWords {
    pub moves: Vec<TakenMove>,
    pub fen: String,
    pub turn: Color,
}

/// An event as published: the record and, for a move, its words.
#[derive(Debug)]
pub struct Published {
    pub rec: Recorded,
    /// A move's words: there for every `Moved` event and only for one ([`Published::of`] is
    /// the only way to make a `Published`, outside tests).
    mv: Option<MoveWords>,
    /// The move an announcement, repetition or claim named.
    pub heard: Option<Said>,
    /// The move a repetition or a board should have shown, when it did not.
    pub expected: Option<Said>,
    /// A board event: the kind of piece it concerns.
    pub piece: Option<Role>,
    /// A board event: whether that board now shows the official game.
    pub board_matches: Option<bool>,
    /// A board event: the legal move the board shows instead of the one it should.
    pub board_shows: Option<Said>,
    /// A desk event (scoresheets, diverging boards, adjournment): what it meant.
    pub note: Option<Arc<Note>>,
    /// An announcement made while the announcer's own board does not show the opponent's
    /// last move yet ([`Game::behind`]): that move (said in full words), which he makes first.
    pub behind: Option<Said>,
    /// A take-back: what it took back.
    pub taken: Option<Box<TakeBackWords>>,
}

impl Published {
    /// An event as published, read from `game` just before it applies: a move with its words
    /// (a move that is not legal there does not replay), any other event with none; what else
    /// is said about it is added around its application ([`notes_before`], [`notes_after`]).
    pub fn of(game: &Game, rec: Recorded) -> Result<Published, crate::game::ReplayError> {
        let mv = words(game, &rec)?;
        Ok(Published::with(rec, mv))
    }

    fn with(rec: Recorded, mv: Option<MoveWords>) -> Published {
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
            taken: None,
        }
    }

    /// A test's event with the move words it gives (a `Moved` event must have them).
    #[cfg(test)]
    pub(crate) fn for_test(rec: Recorded, mv: Option<MoveWords>) -> Published {
        assert_eq!(
            matches!(rec.event, Event::Moved { .. }),
            mv.is_some(),
            "a move has its words, nothing else has"
        );
        Published::with(rec, mv)
    }

    /// A move's words (`None`: not a move).
    pub fn move_words(&self) -> Option<&MoveWords> {
        self.mv.as_ref()
    }
}

/// What a non-move event needs said, read from the game before it applies.
pub fn notes_before(game: &Game, rec: &Recorded, p: &mut Published) {
    match &rec.event {
        Event::Announced { uci, .. } => {
            if let Ok(m) = uci.to_move(game.position()) {
                p.heard = Some(Said::new(game.position(), m));
            }
            if let (Some(last), Some((before, _))) = (game.behind(), game.previous()) {
                p.behind = Some(Said::new(before, last));
            }
        }
        Event::Repeated { uci, matches, .. } => {
            if let Some((pos, expected)) = game.repeat_position()
                && let Ok(m) = uci.to_move(pos)
            {
                p.heard = Some(Said::new(pos, m));
                if !matches {
                    p.expected = Some(Said::new(pos, expected));
                }
            }
        }
        Event::DrawClaimed { uci: Some(u), .. } => {
            if let Ok(m) = u.to_move(game.position()) {
                p.heard = Some(Said::new(game.position(), m));
            }
        }
        Event::TakenBack { ply, .. } => {
            let mut pos = game.setup().start.position().clone();
            let mut taken = TakeBackWords {
                moves: Vec::new(),
                fen: String::new(),
                turn: pos.turn(),
            };
            for (i, played) in game.moves().iter().enumerate() {
                if i == *ply as usize {
                    taken.fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
                    taken.turn = pos.turn();
                }
                if i >= *ply as usize {
                    taken.moves.push(TakenMove {
                        number: pos.fullmoves().get(),
                        color: pos.turn(),
                        said: Said::new(&pos, played.mv),
                    });
                }
                pos.play_unchecked(played.mv);
            }
            p.taken = Some(Box::new(taken));
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
        p.board_shows = Some(Said::new(before, shown));
        p.expected = Some(Said::new(before, m));
    }
}

/// A move event's words: its number, SAN, the position after it, and the move to be said.
/// `None` for any other event.
fn words(game: &Game, rec: &Recorded) -> Result<Option<MoveWords>, crate::game::ReplayError> {
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
    Ok(Some(MoveWords {
        ply: game.moves().len() + 1,
        number: pos.fullmoves().get(),
        color: pos.turn(),
        uci: uci.to_string(),
        san: SanPlus::from_move(pos.clone(), m).to_string(),
        fen: Fen::from_position(&after, EnPassantMode::Legal).to_string(),
        said: Said::new(pos, m),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci_move(pos: &Chess, uci: &str) -> Move {
        uci.parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(pos)
            .unwrap()
    }

    #[test]
    fn a_move_is_said_in_a_language_when_asked_and_kept() {
        let start = Chess::default();
        let m = uci_move(&start, "g1f3");
        let said = Said::new(&start, m);
        assert!(
            said.0.forms.iter().all(|f| f.get().is_none()),
            "made eagerly"
        );
        assert_eq!(said.short(Lang::De), "Springer Felix drei");
        assert!(said.0.forms[Lang::Tr].get().is_none());
        assert!(said.0.forms[Lang::En].get().is_none());
        let first: *const str = said.short(Lang::De);
        assert!(std::ptr::eq(first, said.short(Lang::De)), "made again");
        for lang in Lang::ALL {
            let speaker = Speaker::new(lang);
            assert_eq!(said.short(lang), speaker.say_move(&start, m, Style::Short));
            assert_eq!(said.full(lang), speaker.say_move(&start, m, Style::Full));
            assert_eq!(said.captured(lang), speaker.say_move_captured(&start, m));
            // A move that captures nothing keeps its short words once.
            assert!(said.0.forms[lang].get().unwrap().captured.is_none());
        }
        // A capture keeps the words that name the piece it takes.
        let fen: shakmaty::fen::Fen =
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
                .parse()
                .unwrap();
        let pos: Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
        let takes = uci_move(&pos, "e4d5");
        let said = Said::new(&pos, takes);
        for lang in Lang::ALL {
            let speaker = Speaker::new(lang);
            assert_eq!(said.captured(lang), speaker.say_move_captured(&pos, takes));
            assert_ne!(said.captured(lang), said.short(lang));
        }
        assert_eq!(said.captured(Lang::En), "pawn e takes pawn d5");
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;

    /// Every event is kept as published for the whole game (reconnecting clients, the
    /// arbiter's desk): 1,240 bytes inline when each of the four words it may hold besides
    /// its move's held a whole position, absent or not; 320 with those boxed, 272 with a
    /// take-back's words boxed too.
    #[test]
    fn an_event_as_published_holds_only_pointers_to_the_words_it_may_say() {
        assert_eq!(size_of::<Option<Said>>(), size_of::<usize>());
        assert!(size_of::<Published>() <= 272, "{}", size_of::<Published>());
    }
}
