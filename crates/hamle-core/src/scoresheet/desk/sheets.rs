//! The players' scoresheets at the desk (Art. 8.1, F6 / D.2.7): an entry written or
//! corrected, crossed out, and automatic recording of one's own accepted announcements
//! chosen or stopped. Each is checked on a copy of the sheet before it becomes an event.

use super::{Ask, Decided, Desk, Note};
use crate::game::{Event, Recorded};
use crate::scoresheet::{AudioRef, Revision, SheetError, Slot, Source};

impl Desk {
    /// [`DeskCommand::Write`](super::DeskCommand::Write): an entry of the asking side's
    /// sheet, written or corrected.
    pub(super) fn decide_write(
        &self,
        ask: Ask<'_>,
        slot: Slot,
        text: String,
        draw_offer: bool,
        audio: Option<AudioRef>,
    ) -> Decided {
        let color = ask.sheet_side()?;
        let mut check = self.sheets.get(color).clone();
        let ply = self.numbering.ply(slot).ok_or(SheetError::NoSuchSlot)?;
        let mut writing = Revision::text(text.trim(), ask.now);
        writing.draw_offer = draw_offer;
        writing.audio = audio.clone();
        if writing.is_struck() {
            return Err(SheetError::NoSuchSlot.into());
        }
        check.may_revise(slot)?;
        check.write(slot, writing)?;
        Ok(vec![(
            Event::SheetWritten {
                by: ask.seat,
                color,
                ply: ply as u32,
                text: text.trim().to_owned(),
                draw_offer,
                audio: audio.as_ref().map(|a| a.id.clone()),
                audio_mime: audio.map(|a| a.mime),
                auto: false,
            },
            ask.reading(),
        )])
    }

    /// [`DeskCommand::Strike`](super::DeskCommand::Strike): an entry of the asking side's
    /// sheet crossed out.
    pub(super) fn decide_strike(&self, ask: Ask<'_>, slot: Slot) -> Decided {
        let color = ask.sheet_side()?;
        let mut check = self.sheets.get(color).clone();
        let ply = self.numbering.ply(slot).ok_or(SheetError::NoSuchSlot)?;
        if check.entry(slot).and_then(|e| e.current()).is_none() {
            return Err(SheetError::NothingToStrike(slot).into());
        }
        check.may_revise(slot)?;
        check.strike(slot, ask.now)?;
        Ok(vec![(
            Event::SheetStruck {
                by: ask.seat,
                color,
                ply: ply as u32,
            },
            ask.reading(),
        )])
    }

    /// [`DeskCommand::AutoRecord`](super::DeskCommand::AutoRecord): the asking side's
    /// automatic recording on or off.
    pub(super) fn decide_auto_record(&self, ask: Ask<'_>, on: bool) -> Decided {
        let color = ask.sheet_side()?;
        Ok(vec![(
            Event::SheetAutoRecord {
                by: ask.seat,
                color,
                on,
            },
            ask.reading(),
        )])
    }

    /// A scoresheet's event ([`Event::SheetWritten`], [`Event::SheetStruck`],
    /// [`Event::SheetAutoRecord`]) written on its side's sheet; any other event leaves the
    /// sheets as they are.
    pub(super) fn apply_to_sheet(&mut self, rec: &Recorded) -> Option<Note> {
        match &rec.event {
            Event::SheetWritten {
                color,
                ply,
                text,
                draw_offer,
                audio,
                audio_mime,
                auto,
                ..
            } => {
                let slot = self.numbering.slot(*ply as usize);
                let sheet = self.sheets.get_mut(*color);
                let correction = sheet.entry(slot).is_some();
                let revision = Revision {
                    text: text.clone(),
                    draw_offer: *draw_offer,
                    audio: audio.as_ref().map(|id| AudioRef {
                        id: id.clone(),
                        mime: audio_mime.clone().unwrap_or_default(),
                    }),
                    source: if *auto { Source::Auto } else { Source::Written },
                    at_ms: rec.at_ms,
                };
                // Decided against this sheet, so it fits; a damaged log changes nothing.
                let _ = sheet.write(slot, revision);
                Some(Note::Written { slot, correction })
            }
            Event::SheetStruck { color, ply, .. } => {
                let slot = self.numbering.slot(*ply as usize);
                let _ = self.sheets.get_mut(*color).strike(slot, rec.at_ms);
                Some(Note::Struck { slot })
            }
            Event::SheetAutoRecord { color, on, .. } => {
                self.sheets.get_mut(*color).set_auto_record(*on);
                None
            }
            _ => None,
        }
    }
}
