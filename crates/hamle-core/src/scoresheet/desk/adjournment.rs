//! Adjournment (Appendix A) at the desk: the arbiter calls it, the player to move writes
//! (or rewrites) his sealed move and stops the clock, which closes the envelope; at the
//! resumption the arbiter opens it, and the sealed move is played (or, if it cannot be, its
//! sealer loses).

use shakmaty::{ByColor, Color};

use super::{Adjournment, Ask, Decided, Desk, DeskRefusal, Note, SheetErrorKind, stopped};
use crate::game::{
    EndReason, Ending, Event, Game, GameResult, Permission, Procedure, Recorded, Seat,
};
use crate::scoresheet::ClockRecord;
use crate::scoresheet::adjourn::{Opened, Sealing, Session};

impl Desk {
    /// [`DeskCommand::CallAdjournment`](super::DeskCommand::CallAdjournment): the session
    /// ends; play resumes at `resume_at_ms`.
    pub(super) fn decide_call_adjournment(&self, ask: Ask<'_>, resume_at_ms: u64) -> Decided {
        ask.arbiter()?;
        if ask.over() {
            return Err(DeskRefusal::GameOver);
        }
        if self.adjournment != Adjournment::None {
            return Err(DeskRefusal::AdjournmentPending);
        }
        if self.case.is_some() {
            return Err(DeskRefusal::CaseOpen);
        }
        Ok(vec![(
            Event::AdjournmentCalled {
                by: ask.seat,
                resume_at_ms,
            },
            ask.reading(),
        )])
    }

    /// [`DeskCommand::Seal`](super::DeskCommand::Seal): the sealer writes his sealed move.
    pub(super) fn decide_seal(&self, ask: Ask<'_>, text: String) -> Decided {
        let Adjournment::Called { sealer, .. } = &self.adjournment else {
            return Err(DeskRefusal::NoAdjournment);
        };
        self.may_seal(ask.game, ask.seat, *sealer)?;
        let text = text.trim().to_owned();
        if text.len() > crate::scoresheet::MAX_ENTRY_BYTES {
            return Err(DeskRefusal::Sheet(SheetErrorKind::EntryTooLong));
        }
        Ok(vec![(
            Event::MoveSealed { by: ask.seat, text },
            ask.reading(),
        )])
    }

    /// [`DeskCommand::StopClock`](super::DeskCommand::StopClock): the sealer stops the clock
    /// with his sealed move written; the envelope closes.
    pub(super) fn decide_stop_clock(&self, ask: Ask<'_>) -> Decided {
        let Adjournment::Called { sealer, sealed, .. } = &self.adjournment else {
            return Err(DeskRefusal::NoAdjournment);
        };
        self.may_seal(ask.game, ask.seat, *sealer)?;
        if sealed.is_none() {
            return Err(DeskRefusal::NothingSealed);
        }
        let e = Event::Adjourned { by: ask.seat };
        Ok(vec![(e, stopped(ask.reading()))])
    }

    /// [`DeskCommand::OpenSealed`](super::DeskCommand::OpenSealed): the envelope opened; the
    /// sealed move played (the boards set to it, play resumed, unless it ends the game), or
    /// the sealer loses.
    pub(super) fn decide_open_sealed(&self, ask: Ask<'_>) -> Decided {
        ask.arbiter()?;
        let Adjournment::Adjourned(envelope) = &self.adjournment else {
            return Err(DeskRefusal::NotAdjourned);
        };
        if ask.over() {
            return Err(DeskRefusal::GameOver);
        }
        let (game, seat, now) = (ask.game, ask.seat, ask.now);
        let reading = ask.reading();
        let mut out = vec![(Event::SealOpened { by: seat }, stopped(reading))];
        let sealer = envelope.sealer;
        match envelope.open(game.position()) {
            Opened::Played { mv, .. } => {
                let played = game.completion(Seat::player(sealer), mv, now);
                let ended = played.iter().any(|(e, _)| matches!(e, Event::Ended { .. }));
                let last = played.last().map(|(_, c)| *c).unwrap_or(reading);
                out.extend(played);
                if !ended {
                    if game.profile().procedure == Procedure::Physical {
                        for board in Color::ALL {
                            out.push((Event::BoardRestored { by: seat, board }, last));
                        }
                    }
                    out.push((Event::Resumed { by: seat }, last));
                }
            }
            Opened::Loses { loser, .. } => {
                let ending = Ending {
                    result: GameResult::win_for(!loser),
                    reason: EndReason::Arbiter,
                };
                out.push((
                    Event::Ended {
                        ending,
                        by: Some(seat),
                    },
                    stopped(reading),
                ));
            }
        }
        Ok(out)
    }

    /// [`Event::AdjournmentCalled`]: the side to move seals.
    pub(super) fn apply_adjournment_called(
        &mut self,
        resume_at_ms: u64,
        game: &Game,
    ) -> Option<Note> {
        self.adjournment = Adjournment::Called {
            resume_at_ms,
            sealer: game.turn(),
            sealed: None,
        };
        Some(Note::Called {
            sealer: game.turn(),
        })
    }

    /// [`Event::MoveSealed`]: the sealed move as written last.
    pub(super) fn apply_move_sealed(&mut self, text: &str) -> Option<Note> {
        if let Adjournment::Called { sealed, .. } = &mut self.adjournment {
            *sealed = Some(text.to_owned());
        }
        None
    }

    /// [`Event::Adjourned`]: the envelope closed, with the session's clocks and time used.
    pub(super) fn apply_adjourned(&mut self, rec: &Recorded, game: &Game) -> Option<Note> {
        let Adjournment::Called {
            resume_at_ms,
            sealer,
            sealed,
        } = std::mem::take(&mut self.adjournment)
        else {
            return None;
        };
        let setup = game.setup();
        let session = Session {
            players: ByColor::new_with(|c| setup.player(c).name.clone()),
            clocks: ClockRecord {
                ply: game.moves().len(),
                white_ms: rec.clock.white_ms,
                black_ms: rec.clock.black_ms,
            },
            used_ms: self.used_ms,
            draw_offer: game.offer(),
            resume_at_ms,
        };
        let moves: Vec<shakmaty::Move> = game.moves().iter().map(|m| m.mv).collect();
        let lang = setup.language(Seat::player(sealer));
        let Ok(mut sealing) = Sealing::begin(game.position(), &moves, lang, session) else {
            return None;
        };
        if let Some(text) = sealed {
            let _ = sealing.write(text);
        }
        let envelope = Box::new(sealing.stop_clock());
        self.adjournment = Adjournment::Adjourned(envelope.clone());
        Some(Note::Adjourned(envelope))
    }

    /// [`Event::SealOpened`]: the envelope opened against the position before the sealed
    /// move; it is kept as the last one opened.
    pub(super) fn apply_seal_opened(&mut self, game: &Game) -> Option<Note> {
        let Adjournment::Adjourned(envelope) = std::mem::take(&mut self.adjournment) else {
            return None;
        };
        let opened = envelope.open(game.position());
        let sealer = envelope.sealer;
        let sealed = envelope.sealed.clone();
        self.opened = Some(envelope);
        Some(Note::Opened {
            opened,
            before: Box::new(game.position().clone()),
            sealer,
            sealed,
        })
    }

    fn may_seal(&self, game: &Game, seat: Seat, sealer: Color) -> Result<(), DeskRefusal> {
        if seat.side() != Some(sealer) {
            return Err(DeskRefusal::NotSealer);
        }
        if !game.allows(seat, Permission::Seal(sealer)) {
            return Err(DeskRefusal::Forbidden);
        }
        Ok(())
    }
}
