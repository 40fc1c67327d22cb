//! What each seat hears.
//!
//! [`spoken_to`] is the one place that decides what is *spoken* to a seat (issue 6, FIDE Laws
//! appendix for visually impaired players, D.2.10.4): the moves it did not make itself, as
//! soon as they are made; the answers to its own requests (refusals and their reasons; time,
//! move count and board queries once the protocol has them); notices that change the game's
//! state (pause, resume); the end of the game. **Never the time or the move count unasked**:
//! a `clock_set` event says a time and is not spoken, and so is every event kind this
//! function does not list.
//!
//! Two outputs use it:
//! - rendered audio for a WebSocket client that greets with `"audio": true`
//!   ([`crate::server::audio::rendered`]);
//! - the machine's own voice for one seat (`hamle serve --speak SEAT`,
//!   [`crate::server::audio::local_voice`]).
//!
//! To make a new answer heard (e.g. the talking clock), pass its sentence as
//! [`Heard::Answer`] (or an opted-in flag warning as [`Heard::Warning`]) from the connection
//! that asked; to make a new event kind heard, add an arm to the match in `event_words`.

use crate::announce::Lang;
use crate::game::{Event, Seat};
use crate::speech::{Kind, TextOutput, Utterance};
use crate::words::Published;
use crate::words::events::text_for;

/// Something a seat may hear.
#[derive(Clone, Copy, Debug)]
pub enum Heard<'a> {
    /// A game event. Every seat receives every event; [`spoken_to`] decides who hears it.
    Event(&'a Published),
    /// This seat's own action was refused; the sentence (already in the seat's language)
    /// says why.
    Refused(&'a str),
    /// The answer to this seat's own question (time, move count, a board query), already in
    /// words.
    Answer(&'a str),
    /// A warning this seat opted into (its flag is about to fall), already in words.
    Warning(&'a str),
    /// What its side's electronic board needs or says (issue 33: lost, back, what differs, a
    /// refused board event), already in words. Said like a notice.
    Board(&'a str),
}

/// What is spoken to `seat`, listening in `lang`, of what it `heard`; `None`: nothing.
pub fn spoken_to(seat: Seat, lang: Lang, heard: Heard<'_>) -> Option<Utterance> {
    let (kind, text) = match heard {
        Heard::Refused(text) => (Kind::Refusal, text.to_owned()),
        Heard::Answer(text) => (Kind::Answer, text.to_owned()),
        Heard::Warning(text) => (Kind::Warning, text.to_owned()),
        Heard::Board(text) => (Kind::Notice, text.to_owned()),
        Heard::Event(p) => event_words(seat, lang, p)?,
    };
    let text = TextOutput::clean(&text);
    if text.trim().is_empty() {
        return None;
    }
    Some(Utterance::new(lang, kind, text))
}

fn event_words(seat: Seat, lang: Lang, p: &Published) -> Option<(Kind, String)> {
    let event = &p.rec.event;
    // An event private to the other side (its talking clock) is not even shown.
    if !event.visible_to(seat) {
        return None;
    }
    let kind = match event {
        // The moves this seat did not make: the opponent's, and, for a player, the ones his
        // assistant made for him (and the other way round). Said as announced (Appendix
        // style).
        Event::Moved { by, .. } => {
            if *by == seat {
                return None;
            }
            p.move_words()?;
            Kind::Move
        }
        Event::Ended { .. } => Kind::GameEnd,
        // What changes the game for everyone, said to all but the seat that did it.
        Event::Paused { by } if *by != Some(seat) => Kind::Notice,
        Event::Resumed { by } | Event::DrawOffered { by } | Event::DrawDeclined { by }
            if *by != seat =>
        {
            Kind::Notice
        }
        // Rulings: the claimer hears whether his claim was right, like everyone else.
        Event::FlagFell { .. } | Event::IllegalMove { .. } | Event::DrawClaimed { .. } => {
            Kind::Notice
        }
        // The talking clock: the time and the move counts only to the seat that asked.
        Event::ClockTold { by, .. } | Event::ClockWarnings { by, .. } if *by == seat => {
            Kind::Answer
        }
        // A time warning the side opted into (the event is private to that side).
        Event::ClockWarning { .. } => Kind::Warning,
        // Silent: `clock_set` says a time (never unasked); a seat's own pause, resume, offer
        // or clock request is not said back to it (nor another seat's clock answer); what
        // happens on the physical boards (announcements, repetitions, touches, pieces lifted
        // and placed) is heard at the table; and an event kind not listed here is silent
        // until someone decides otherwise.
        _ => return None,
    };
    Some((kind, text_for(seat, lang, p)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ClockReading, EndReason, Ending, GameResult, Recorded};
    use crate::words::MoveWords;
    use crate::words::published::Said;
    use shakmaty::Color;

    fn clock() -> ClockReading {
        ClockReading {
            white_ms: 600_000,
            black_ms: 600_000,
            running: None,
        }
    }

    fn published(event: Event) -> Published {
        let mv = match &event {
            Event::Moved { uci, .. } => Some(MoveWords {
                ply: 1,
                number: 1,
                color: Color::White,
                uci: uci.to_string(),
                san: "e4".into(),
                fen: String::new(),
                said: {
                    let start = shakmaty::Chess::default();
                    let m = uci.to_move(&start).unwrap();
                    Said::new(&start, m)
                },
            }),
            _ => None,
        };
        Published::for_test(
            Recorded {
                seq: 1,
                at_ms: 0,
                event,
                clock: clock(),
            },
            mv,
        )
    }

    fn moved(by: Seat) -> Published {
        published(Event::Moved {
            by,
            uci: "e2e4".parse().unwrap(),
        })
    }

    fn heard(seat: Seat, lang: Lang, p: &Published) -> Option<(Kind, String)> {
        spoken_to(seat, lang, Heard::Event(p)).map(|u| {
            assert_eq!(u.lang, lang);
            (u.kind, u.text)
        })
    }

    #[test]
    fn the_opponents_move_is_spoken_in_the_listeners_language() {
        let p = moved(Seat::White);
        assert_eq!(
            heard(Seat::Black, Lang::Tr, &p),
            Some((Kind::Move, "Piyon e dört".into()))
        );
        assert_eq!(
            heard(Seat::BlackAssistant, Lang::En, &p),
            Some((Kind::Move, "pawn e4".into()))
        );
        for seat in [Seat::Arbiter, Seat::Spectator] {
            assert_eq!(
                heard(seat, Lang::De, &p),
                Some((Kind::Move, "Bauer Eva vier".into()))
            );
        }
    }

    #[test]
    fn a_seat_does_not_hear_its_own_move_but_hears_its_partners() {
        assert_eq!(heard(Seat::White, Lang::De, &moved(Seat::White)), None);
        assert_eq!(
            heard(Seat::White, Lang::De, &moved(Seat::WhiteAssistant)),
            Some((Kind::Move, "Bauer Eva vier".into()))
        );
        assert_eq!(
            heard(Seat::WhiteAssistant, Lang::De, &moved(Seat::White)),
            Some((Kind::Move, "Bauer Eva vier".into()))
        );
        assert_eq!(
            heard(Seat::WhiteAssistant, Lang::De, &moved(Seat::WhiteAssistant)),
            None
        );
    }

    #[test]
    fn never_the_time_unasked() {
        let p = published(Event::ClockSet {
            by: Seat::Arbiter,
            color: Color::Black,
            remaining_ms: 120_000,
        });
        for seat in Seat::ALL {
            for lang in Lang::ALL {
                assert_eq!(heard(seat, lang, &p), None, "{seat} {lang}");
            }
        }
    }

    #[test]
    fn game_end_is_spoken_to_everyone() {
        let p = published(Event::Ended {
            ending: Ending {
                result: GameResult::WhiteWins,
                reason: EndReason::Checkmate,
            },
            by: None,
        });
        for seat in Seat::ALL {
            let (kind, text) = heard(seat, Lang::En, &p).unwrap();
            assert_eq!(kind, Kind::GameEnd);
            assert_eq!(text, "Game over: checkmate. White wins.");
        }
        let (_, de) = heard(Seat::Black, Lang::De, &p).unwrap();
        assert_eq!(de, "Partie beendet: Schachmatt. Weiß gewinnt.");
    }

    #[test]
    fn pause_and_resume_are_notices_for_all_but_who_gave_them() {
        let paused = published(Event::Paused {
            by: Some(Seat::Arbiter),
        });
        let resumed = published(Event::Resumed { by: Seat::Arbiter });
        for p in [&paused, &resumed] {
            assert_eq!(heard(Seat::Arbiter, Lang::En, p), None);
            let (kind, _) = heard(Seat::White, Lang::En, p).unwrap();
            assert_eq!(kind, Kind::Notice);
        }
        assert_eq!(
            heard(Seat::Black, Lang::En, &resumed).unwrap().1,
            "The game goes on."
        );
        // After a restart nobody paused it: everyone hears it.
        let restart = published(Event::Paused { by: None });
        assert!(heard(Seat::Arbiter, Lang::En, &restart).is_some());
    }

    #[test]
    fn the_talking_clock_answers_only_who_asked() {
        let told = published(Event::ClockTold {
            by: Seat::White,
            color: Color::White,
            white_moves: 12,
            black_moves: 11,
        });
        let (kind, text) = heard(Seat::White, Lang::En, &told).unwrap();
        assert_eq!(kind, Kind::Answer);
        assert!(text.contains("10 minutes"), "{text}");
        for seat in [
            Seat::WhiteAssistant,
            Seat::Black,
            Seat::BlackAssistant,
            Seat::Arbiter,
            Seat::Spectator,
        ] {
            assert_eq!(heard(seat, Lang::En, &told), None, "{seat}");
        }
        let on = published(Event::ClockWarnings {
            by: Seat::Black,
            color: Color::Black,
            on: true,
        });
        assert_eq!(heard(Seat::Black, Lang::En, &on).unwrap().0, Kind::Answer);
        assert_eq!(heard(Seat::White, Lang::En, &on), None);
    }

    #[test]
    fn opted_in_warnings_go_to_their_side_only() {
        let warning = published(Event::ClockWarning {
            color: Color::Black,
            remaining_ms: 60_000,
        });
        for seat in [Seat::Black, Seat::BlackAssistant] {
            let (kind, text) = heard(seat, Lang::De, &warning).unwrap();
            assert_eq!(kind, Kind::Warning);
            assert!(!text.is_empty());
        }
        for seat in [
            Seat::White,
            Seat::WhiteAssistant,
            Seat::Arbiter,
            Seat::Spectator,
        ] {
            assert_eq!(heard(seat, Lang::De, &warning), None, "{seat}");
        }
    }

    #[test]
    fn a_draw_offer_is_said_to_all_but_who_made_it() {
        let offer = published(Event::DrawOffered { by: Seat::White });
        assert_eq!(heard(Seat::White, Lang::En, &offer), None);
        let (kind, text) = heard(Seat::Black, Lang::En, &offer).unwrap();
        assert_eq!(kind, Kind::Notice);
        assert!(text.contains("draw"), "{text}");
    }

    #[test]
    fn own_answers_and_refusals() {
        let u = spoken_to(
            Seat::White,
            Lang::De,
            Heard::Refused("Sie sind nicht am Zug."),
        )
        .unwrap();
        assert_eq!(
            u,
            Utterance::new(Lang::De, Kind::Refusal, "Sie sind nicht am Zug.")
        );
        let u = spoken_to(Seat::Black, Lang::En, Heard::Answer("Five minutes.")).unwrap();
        assert_eq!(u.kind, Kind::Answer);
        let u = spoken_to(Seat::Black, Lang::En, Heard::Warning("Ten seconds.")).unwrap();
        assert_eq!(u.kind, Kind::Warning);
        assert_eq!(spoken_to(Seat::Black, Lang::En, Heard::Answer("  ")), None);
        // Isolation marks never reach a voice.
        let u = spoken_to(
            Seat::White,
            Lang::En,
            Heard::Refused("\u{2068}knight\u{2069} f3"),
        )
        .unwrap();
        assert_eq!(u.text, "knight f3");
    }
}
