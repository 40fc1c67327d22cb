//! Words for scoresheets, rulings and adjournment, through Fluent (`locales/<lang>/scoresheet.ftl`),
//! and a scoresheet as text (the text export and, through liblouis, the BRF).
//!
//! The pure core decides what is said ([`Step`], [`Difference`], [`Ruling`], [`LogEntry`]);
//! this module says it in a language. German needs the accusative by gender ("den weißen
//! Springer", "die weiße Dame", "den Bauern"), Turkish the case endings on squares ("fe
//! üçten", "ge bire"): the messages choose them by selectors.
//!
//! ```
//! use hamle::announce::Lang;
//! use hamle::scoresheet::reconcile::Step;
//! use hamle::words::sheet::say_step;
//! use shakmaty::{Color, Piece, Role, Square};
//!
//! let knight = Piece { color: Color::White, role: Role::Knight };
//! let step = Step::Move { piece: knight, from: Square::F3, to: Square::G1 };
//! assert_eq!(
//!     say_step(Lang::De, &step),
//!     "Nimm den weißen Springer von Felix drei, setze ihn auf Gustav eins."
//! );
//! assert_eq!(say_step(Lang::Tr, &step), "Lütfen beyaz atı fe üçten alın ve ge bire koyun.");
//! assert_eq!(say_step(Lang::En, &step), "Lift the white knight from f3 and put it on g1.");
//! ```

use fluent_bundle::FluentValue;
use shakmaty::{Chess, Color, Piece, Position, Square};

use super::i18n::{Args, Messages};
use super::speaker::{Speaker, role_key};
use crate::announce::{AnnounceError, Lang, Style};
use crate::scoresheet::adjourn::Opened;
use crate::scoresheet::reconcile::{BranchKind, Difference, Disagreement, LogEntry, Ruling, Step};
use crate::scoresheet::{ClockRecord, Entry, Ply, Scoresheet, Slot, StopReason};

fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn format(lang: Lang, id: &str, args: &Args) -> String {
    Messages::global().format(lang, id, Some(args))
}

fn args<'a>(pairs: &[(&'a str, String)]) -> Args<'a> {
    let mut a = Args::new();
    for (k, v) in pairs {
        a.set(*k, v.clone());
    }
    a
}

/// A piece in one grammatical form: `the` (definite object), `a` (indefinite object), `one`
/// (indefinite subject).
/// A piece in the form (`the`, `a`) a sentence needs ("den weißen Bauern", "beyaz piyonu").
pub(crate) fn piece_phrase(lang: Lang, piece: Piece, form: &str) -> String {
    self::piece(lang, piece, form)
}

fn piece(lang: Lang, piece: Piece, form: &str) -> String {
    format(
        lang,
        "sheet-piece",
        &args(&[
            ("form", form.to_owned()),
            ("color", color_key(piece.color).to_owned()),
            ("role", role_key(piece.role).to_owned()),
        ]),
    )
}

/// A square as the message `id` (`sheet-square-from`, `-to`, `-at`) inflects it.
pub(crate) fn square(lang: Lang, id: &str, square: Square) -> String {
    let speaker = Speaker::new(lang);
    let mut a = Args::new();
    a.set("file", speaker.file(square.file()));
    a.set("rank", FluentValue::from(u32::from(square.rank()) + 1));
    a.set("rank_name", speaker.rank(square.rank()));
    format(lang, id, &a)
}

/// The name of a side ("Weiß", "Beyaz", "White").
pub fn color_name(lang: Lang, color: Color) -> String {
    format(
        lang,
        "sheet-color",
        &args(&[("color", color_key(color).to_owned())]),
    )
}

/// Remaining time in minutes and seconds (rounded down to the second).
pub fn clock_time(lang: Lang, ms: u64) -> String {
    let secs = ms / 1000;
    let mut a = Args::new();
    a.set("minutes", FluentValue::from(secs / 60));
    a.set("seconds", FluentValue::from(secs % 60));
    format(lang, "sheet-clock-time", &a)
}

/// "die Stellung nach dem 12. Zug von Schwarz", "the starting position": `position` is the
/// position after `ply` half-moves of the game; the move before it is numbered as the
/// position says (a game set up from a FEN keeps the FEN's move numbers).
pub fn position_after(lang: Lang, ply: Ply, position: &Chess) -> String {
    let mut a = Args::new();
    a.set("ply", FluentValue::from(ply));
    if ply > 0 {
        let slot = last_move(position);
        a.set("number", FluentValue::from(slot.number));
        a.set("color", color_key(slot.color));
    } else {
        a.set("number", FluentValue::from(0));
        a.set("color", "white");
    }
    format(lang, "sheet-position-after", &a)
}

/// The slot of the move that led to `position`.
fn last_move(position: &Chess) -> Slot {
    let mover = !position.turn();
    let number = position.fullmoves().get();
    Slot::new(
        match mover {
            Color::Black => number.saturating_sub(1).max(1),
            Color::White => number,
        },
        mover,
    )
}

/// One step at the board, as an instruction to the player.
pub fn say_step(lang: Lang, step: &Step) -> String {
    let (id, p, from, to) = match *step {
        Step::Move { piece, from, to } => ("step-move", piece, Some(from), Some(to)),
        Step::Remove { piece, from } => ("step-remove", piece, Some(from), None),
        Step::Add { piece, to } => ("step-add", piece, None, Some(to)),
        Step::SetAside { piece, from } => ("step-set-aside", piece, Some(from), None),
        Step::PutBack { piece, to } => ("step-put-back", piece, None, Some(to)),
    };
    let mut a = Args::new();
    a.set("piece", piece(lang, p, "the"));
    a.set("piece_a", piece(lang, p, "a"));
    a.set("role", role_key(p.role));
    a.set("color", color_key(p.color));
    a.set(
        "from",
        from.map(|s| square(lang, "sheet-square-from", s))
            .unwrap_or_default(),
    );
    a.set(
        "to",
        to.map(|s| square(lang, "sheet-square-to", s))
            .unwrap_or_default(),
    );
    format(lang, id, &a)
}

/// Whose board a sentence talks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Whose {
    /// The listener's own board.
    Yours,
    /// A named side's board (for the arbiter and the other player).
    Of(Color),
}

impl Whose {
    pub(crate) fn key(self) -> &'static str {
        match self {
            Whose::Yours => "yours",
            Whose::Of(c) => color_key(c),
        }
    }
}

/// What a board is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Against {
    /// The official game.
    Game,
    /// The opponent's board.
    Opponent,
    /// The scoresheet position.
    Sheet,
}

/// One difference, square by square: "Auf Felix drei: auf Ihrem Brett ein weißer Springer,
/// in der Partie leer."
pub fn say_difference(lang: Lang, d: &Difference, whose: Whose, against: Against) -> String {
    let on = |p: Option<Piece>| match p {
        Some(p) => piece(lang, p, "one"),
        None => Messages::global().text(lang, "reconcile-empty"),
    };
    let mut a = Args::new();
    a.set("square", square(lang, "sheet-square-at", d.square));
    a.set("whose", whose.key());
    a.set("found", on(d.found));
    a.set(
        "against",
        match against {
            Against::Game => "game",
            Against::Opponent => "opponent",
            Against::Sheet => "sheet",
        },
    );
    a.set("expected", on(d.expected));
    format(lang, "reconcile-difference", &a)
}

/// The clocks stopped because the boards differ.
pub fn say_stopped(lang: Lang) -> String {
    Messages::global().text(lang, "reconcile-stopped")
}

/// "Zurück auf die Stellung nach dem 12. Zug von Weiß. Uhren: Weiß ..., Schwarz ...".
pub fn say_restore(lang: Lang, ply: Ply, position: &Chess, clocks: Option<ClockRecord>) -> String {
    let mut a = Args::new();
    a.set("position", position_after(lang, ply, position));
    match clocks {
        Some(c) => {
            a.set("white_time", clock_time(lang, c.white_ms));
            a.set("black_time", clock_time(lang, c.black_ms));
            format(lang, "reconcile-restore", &a)
        }
        None => format(lang, "reconcile-restore-no-clock", &a),
    }
}

fn whose_msg(lang: Lang, id: &str, whose: Whose, count: usize) -> String {
    let mut a = Args::new();
    a.set("whose", whose.key());
    a.set("count", FluentValue::from(count));
    format(lang, id, &a)
}

/// The board matches the target now.
pub fn say_board_done(lang: Lang, whose: Whose) -> String {
    whose_msg(lang, "reconcile-board-done", whose, 0)
}

/// How many squares still differ while a player follows the steps.
pub fn say_still_differs(lang: Lang, count: usize) -> String {
    let mut a = Args::new();
    a.set("count", FluentValue::from(count));
    format(lang, "reconcile-still-differs", &a)
}

/// Who hears a ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Listener {
    Player(Color),
    /// A player's assistant: his player's board by its colour (he works on both boards),
    /// with its steps.
    Assistant(Color),
    Arbiter,
}

/// A ruling in sentences for one listener: which branch, the position and clocks restored
/// (second branch and override), and for a player his own steps in order; the arbiter hears
/// the state of both boards.
pub fn say_ruling(lang: Lang, ruling: &Ruling, listener: Listener) -> Vec<String> {
    let m = Messages::global();
    let mut out = Vec::new();
    match ruling.branch {
        BranchKind::SheetsAgree => out.push(m.text(lang, "reconcile-sheets-agree")),
        BranchKind::SheetsDiffer => out.push(m.text(lang, "reconcile-sheets-differ")),
        BranchKind::ArbiterOverride => {}
        BranchKind::Undo => out.push(m.text(lang, "reconcile-undone")),
    }
    if ruling.branch != BranchKind::SheetsAgree {
        out.push(say_restore(
            lang,
            ruling.ply,
            &ruling.position,
            ruling.clocks,
        ));
    }
    let colors: Vec<Color> = match listener {
        Listener::Player(c) | Listener::Assistant(c) => vec![c],
        Listener::Arbiter => Color::ALL.to_vec(),
    };
    for color in colors {
        let whose = match listener {
            Listener::Player(_) => Whose::Yours,
            Listener::Assistant(_) | Listener::Arbiter => Whose::Of(color),
        };
        let steps = ruling.steps.get(color);
        if steps.is_empty() {
            out.push(whose_msg(lang, "reconcile-board-right", whose, 0));
        } else {
            out.push(whose_msg(lang, "reconcile-board-fix", whose, steps.len()));
            if let Listener::Player(_) | Listener::Assistant(_) = listener {
                out.extend(steps.iter().map(|s| say_step(lang, s)));
            }
        }
    }
    out
}

/// One log entry in words, for the arbiter.
pub fn say_log(lang: Lang, entry: &LogEntry) -> String {
    let mut a = Args::new();
    let id = match entry {
        LogEntry::SheetRead { color, moves, stop } => {
            a.set("color", color_name(lang, *color));
            a.set("moves", FluentValue::from(*moves));
            let (kind, text) = match stop {
                None => ("none", String::new()),
                Some(s) => match s.reason {
                    StopReason::Missing => ("missing", String::new()),
                    StopReason::NotAMove(_) => ("move", s.text.clone()),
                },
            };
            a.set("stop", kind);
            a.set("text", text);
            "log-sheet-read"
        }
        LogEntry::SheetBeyondGame { color, extra } => {
            a.set("color", color_name(lang, *color));
            a.set("extra", FluentValue::from(*extra));
            "log-sheet-beyond-game"
        }
        LogEntry::Agreement { plies, official } => {
            a.set("plies", FluentValue::from(*plies));
            a.set("official", FluentValue::from(*official));
            "log-agreement"
        }
        LogEntry::Branch(kind) => {
            a.set(
                "branch",
                match kind {
                    BranchKind::SheetsAgree => "agree",
                    BranchKind::SheetsDiffer => "differ",
                    BranchKind::ArbiterOverride => "override",
                    BranchKind::Undo => "undo",
                },
            );
            "log-branch"
        }
        LogEntry::Disagreement(d) => {
            let (kind, ply, official) = match *d {
                Disagreement::Sheets { ply } => ("sheets", ply, 0),
                Disagreement::Official { ply } => ("official", ply, 0),
                Disagreement::Unwritten { written, official } => ("unwritten", written, official),
            };
            a.set("kind", kind);
            a.set("ply", FluentValue::from(ply));
            a.set("official", FluentValue::from(official));
            "log-disagreement"
        }
        LogEntry::Override { ply } => {
            a.set("ply", FluentValue::from(*ply));
            "log-override"
        }
        LogEntry::BoardChecked { color, differences } => {
            a.set("color", color_name(lang, *color));
            a.set("count", FluentValue::from(differences.len()));
            "log-board-checked"
        }
        LogEntry::Instructions { color, steps } => {
            a.set("color", color_name(lang, *color));
            a.set("count", FluentValue::from(steps.len()));
            "log-instructions"
        }
        LogEntry::TakeBack { from, to } => {
            a.set("from", FluentValue::from(*from));
            a.set("to", FluentValue::from(*to));
            "log-take-back"
        }
        LogEntry::ClocksRestored(c) => {
            a.set("ply", FluentValue::from(c.ply));
            a.set("white_time", clock_time(lang, c.white_ms));
            a.set("black_time", clock_time(lang, c.black_ms));
            "log-clocks-restored"
        }
        LogEntry::ClockRecordMissing { ply } => {
            a.set("ply", FluentValue::from(*ply));
            "log-clock-missing"
        }
        LogEntry::Undone { plies } => {
            a.set("plies", FluentValue::from(*plies));
            "log-undone"
        }
    };
    format(lang, id, &a)
}

/// An opened sealed move in words: the move said in full, or why the sealer loses.
pub fn say_opened(lang: Lang, opened: &Opened, before: &Chess, sealer: Color) -> String {
    let mut a = Args::new();
    a.set("color", color_name(lang, sealer));
    match opened {
        Opened::Played { mv, .. } => {
            a.set(
                "move",
                Speaker::new(lang).say_move(before, *mv, Style::Full),
            );
            format(lang, "adjourn-opened", &a)
        }
        Opened::Loses { error, .. } => {
            a.set(
                "reason",
                match error {
                    None => "missing",
                    Some(AnnounceError::Ambiguous(_)) => "ambiguous",
                    Some(AnnounceError::Illegal(_)) => "illegal",
                    Some(AnnounceError::NotUnderstood(_)) => "unclear",
                },
            );
            format(lang, "adjourn-loses", &a)
        }
    }
}

/// Player names for the text export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    pub white: String,
    pub black: String,
}

fn entry_text(lang: Lang, entry: Option<&Entry>) -> String {
    let mut a = Args::new();
    match entry {
        None => a.set("state", "missing"),
        Some(e) => match e.current() {
            None => a.set("state", "struck"),
            Some(rev) => {
                a.set("state", "written");
                a.set("text", rev.text.trim().to_owned());
                a.set("draw", if rev.draw_offer { "yes" } else { "no" });
                a.set("audio", if rev.audio.is_some() { "yes" } else { "no" });
                let before = e.history()[..e.history().len() - 1]
                    .iter()
                    .rev()
                    .find(|r| !r.is_struck() && r.text.trim() != rev.text.trim());
                match before {
                    Some(b) => {
                        a.set("corrected", "yes");
                        a.set("before", b.text.trim().to_owned());
                    }
                    None => {
                        a.set("corrected", "no");
                        a.set("before", "");
                    }
                }
            }
        },
    }
    format(lang, "sheet-entry", &a)
}

/// The scoresheet as text lines in its own language: a title, the players, then one line
/// per move number ("12. Springer Felix drei (=), Dame David eins").
pub fn sheet_lines(sheet: &Scoresheet, names: &Names) -> Vec<String> {
    let lang = sheet.lang;
    let name = match sheet.owner {
        Color::White => &names.white,
        Color::Black => &names.black,
    };
    let mut out = vec![
        format(
            lang,
            "sheet-title",
            &args(&[
                ("name", name.clone()),
                ("color", color_key(sheet.owner).to_owned()),
            ]),
        ),
        format(
            lang,
            "sheet-players",
            &args(&[
                ("white", names.white.clone()),
                ("black", names.black.clone()),
            ]),
        ),
    ];
    let entries: Vec<(Slot, Option<&Entry>)> = sheet.entries().collect();
    let mut i = 0;
    while let Some((slot, entry)) = entries.get(i) {
        let mut a = Args::new();
        a.set("number", FluentValue::from(slot.number));
        if slot.color == Color::Black {
            // A game set up with Black to move begins with Black's half of a line.
            a.set("black", entry_text(lang, *entry));
            out.push(format(lang, "sheet-line-black", &a));
            i += 1;
            continue;
        }
        a.set("white", entry_text(lang, *entry));
        match entries.get(i + 1) {
            Some((_, black)) => {
                a.set("black", entry_text(lang, *black));
                out.push(format(lang, "sheet-line", &a));
                i += 2;
            }
            None => {
                out.push(format(lang, "sheet-line-white", &a));
                i += 1;
            }
        }
    }
    out
}

/// The scoresheet as one text (lines joined by newlines, ending in one).
pub fn sheet_text(sheet: &Scoresheet, names: &Names) -> String {
    let mut text = sheet_lines(sheet, names).join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests;
