//! A round's pairings, read from the two texts an arbiter brings (pure: no I/O, no Fluent):
//!
//! - **the pairings list**, one board a line, seven fields separated by `;`:
//!   `board;white name;white FIDE id;white options;black name;black FIDE id;black options`
//!   (the FIDE ids and options may be empty; blank lines and lines starting with `#` are
//!   skipped);
//! - **a TRF file** (FIDE TRF16): its `012` (event name) and `022` (site) lines, its player
//!   lines `001` (starting rank, name, FIDE id and, for the round read, the opponent's starting
//!   rank and the colour), and hamle's own extension lines `XVI <starting rank> <options>`,
//!   which other programs ignore. Every other line is skipped. The boards are numbered in the
//!   order of the better (lower) starting rank of each pair; byes (no opponent) get no board.
//!
//! A player's options are words separated by spaces: `vi` (visually impaired: a tactile
//! board unless `normal` is given), `assistant`, `tactile`, `normal`, and a language `de`,
//! `tr` or `en`. Every problem is a [`PairingError`]: what is wrong, and the line (1-based).

use crate::announce::Lang;
use crate::game::BoardKind;
use shakmaty::ByColor;

/// The longest name accepted (characters), as for a single game.
pub const MAX_NAME_CHARS: usize = 100;
/// The most boards one round may have.
pub const MAX_BOARDS: usize = 250;

/// One player of a pairing.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Paired {
    pub name: String,
    /// The FIDE id (digits), if given.
    pub fide_id: Option<String>,
    pub visually_impaired: bool,
    pub assistant: bool,
    /// The board in front of him (`None`: tactile for a visually impaired player, else normal).
    pub board: Option<BoardKind>,
    /// His language (and his assistant's); `None`: the round's.
    pub lang: Option<Lang>,
}

/// One board of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub board: u32,
    pub white: Paired,
    pub black: Paired,
}

/// What a pairings text gives.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Pairings {
    /// The event's name and site (a TRF file's `012` and `022` lines).
    pub event: Option<String>,
    pub site: Option<String>,
    /// The boards, by board number.
    pub boards: Vec<Pairing>,
}

/// What is wrong with a line (or the whole text, `line` 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingError {
    pub line: usize,
    pub problem: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No board at all.
    Empty,
    /// More than [`MAX_BOARDS`].
    TooMany,
    /// A list line without seven fields (how many it has).
    Fields(usize),
    /// A board number that is not a whole number from 1 to [`MAX_BOARDS`].
    Board,
    /// A board number given twice.
    DuplicateBoard(u32),
    /// An empty, too long or not one-line name.
    Name,
    /// A FIDE id that is not 1 to 12 digits.
    FideId,
    /// An option word hamle does not know.
    Option(String),
    /// A `001` line whose starting rank is not a number.
    StartRank,
    /// A starting rank given twice.
    DuplicateRank(u32),
    /// An opponent's starting rank with no `001` line, or a colour other than `w`, `b`, `-`.
    Opponent,
    /// The opponent's line does not pair him back, with the other colour.
    Mismatch,
    /// An `XVI` line for a starting rank that has no `001` line.
    UnknownRank,
    /// The same player on two boards.
    PlayerTwice,
    /// A sighted player with an assistant against a visually impaired one with his own: one
    /// assistant at the board (F9 / D.2.10), as `POST /api/games` has it.
    Assistant,
}

impl Problem {
    /// The stable name of the problem (`error-pairings-<key>` is its sentence).
    pub fn key(&self) -> &'static str {
        match self {
            Problem::Empty => "empty",
            Problem::TooMany => "too-many",
            Problem::Fields(_) => "fields",
            Problem::Board => "board",
            Problem::DuplicateBoard(_) => "duplicate-board",
            Problem::Name => "name",
            Problem::FideId => "fide-id",
            Problem::Option(_) => "option",
            Problem::StartRank => "start-rank",
            Problem::DuplicateRank(_) => "duplicate-rank",
            Problem::Opponent => "opponent",
            Problem::Mismatch => "mismatch",
            Problem::UnknownRank => "unknown-rank",
            Problem::PlayerTwice => "player-twice",
            Problem::Assistant => "assistant",
        }
    }
}

fn err(line: usize, problem: Problem) -> PairingError {
    PairingError { line, problem }
}

/// A name: trimmed, one line of at most [`MAX_NAME_CHARS`], not empty.
fn name(line: usize, s: &str) -> Result<String, PairingError> {
    let s = s.trim();
    if s.is_empty() || crate::text_check::one_line(s, MAX_NAME_CHARS).is_err() {
        return Err(err(line, Problem::Name));
    }
    Ok(s.to_owned())
}

fn fide_id(line: usize, s: &str) -> Result<Option<String>, PairingError> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(None);
    }
    if s.len() > 12 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(line, Problem::FideId));
    }
    Ok(Some(s.to_owned()))
}

/// Applies the option words of `s` to `p`.
fn options(line: usize, s: &str, p: &mut Paired) -> Result<(), PairingError> {
    for word in s.split_whitespace() {
        match word.to_ascii_lowercase().as_str() {
            "vi" => p.visually_impaired = true,
            "assistant" => p.assistant = true,
            "tactile" => p.board = Some(BoardKind::Tactile),
            "normal" => p.board = Some(BoardKind::Normal),
            other => match other.parse::<Lang>() {
                Ok(lang) => p.lang = Some(lang),
                Err(_) => {
                    let shown: String = word.chars().take(20).collect();
                    return Err(err(line, Problem::Option(shown)));
                }
            },
        }
    }
    Ok(())
}

/// The lines that carry something, numbered from 1.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
}

/// Reads a pairings list (see the module's documentation).
pub fn parse_list(text: &str) -> Result<Pairings, PairingError> {
    let mut boards: Vec<(usize, Pairing)> = Vec::new();
    for (n, line) in lines(text) {
        let fields: Vec<&str> = line.split(';').collect();
        if fields.len() != 7 {
            return Err(err(n, Problem::Fields(fields.len())));
        }
        let board = board_number(n, fields[0])?;
        let mut white = Paired {
            name: name(n, fields[1])?,
            fide_id: fide_id(n, fields[2])?,
            ..Paired::default()
        };
        options(n, fields[3], &mut white)?;
        let mut black = Paired {
            name: name(n, fields[4])?,
            fide_id: fide_id(n, fields[5])?,
            ..Paired::default()
        };
        options(n, fields[6], &mut black)?;
        boards.push((
            n,
            Pairing {
                board,
                white,
                black,
            },
        ));
    }
    finish(Pairings::default(), boards)
}

fn board_number(line: usize, s: &str) -> Result<u32, PairingError> {
    match s.trim().parse::<u32>() {
        Ok(b) if (1..=MAX_BOARDS as u32).contains(&b) => Ok(b),
        _ => Err(err(line, Problem::Board)),
    }
}

/// Checks the boards as a whole and sorts them by board number.
fn finish(
    mut pairings: Pairings,
    mut boards: Vec<(usize, Pairing)>,
) -> Result<Pairings, PairingError> {
    if boards.is_empty() {
        return Err(err(0, Problem::Empty));
    }
    if boards.len() > MAX_BOARDS {
        return Err(err(boards[MAX_BOARDS].0, Problem::TooMany));
    }
    let mut seen_boards = std::collections::BTreeSet::new();
    let mut seen_players = std::collections::BTreeSet::new();
    for (n, p) in &boards {
        if !seen_boards.insert(p.board) {
            return Err(err(*n, Problem::DuplicateBoard(p.board)));
        }
        let sides = ByColor {
            white: &p.white,
            black: &p.black,
        };
        if crate::game::assistant_refused(
            sides.map(|s| s.visually_impaired),
            sides.map(|s| s.assistant),
        )
        .is_some()
        {
            return Err(err(*n, Problem::Assistant));
        }
        for player in [&p.white, &p.black] {
            // A player is known by his FIDE id, or by his name when he has none.
            let key = match &player.fide_id {
                Some(id) => format!("id:{id}"),
                None => format!("name:{}", player.name.to_lowercase()),
            };
            if !seen_players.insert(key) {
                return Err(err(*n, Problem::PlayerTwice));
            }
        }
    }
    boards.sort_by_key(|(_, p)| p.board);
    pairings.boards = boards.into_iter().map(|(_, p)| p).collect();
    Ok(pairings)
}

/// Characters `from..=to` (1-based columns) of a line, trimmed; empty past its end.
fn cols(line: &str, from: usize, to: usize) -> &str {
    let start = line
        .char_indices()
        .nth(from - 1)
        .map_or(line.len(), |(i, _)| i);
    let end = line.char_indices().nth(to).map_or(line.len(), |(i, _)| i);
    line.get(start..end.max(start)).unwrap_or("").trim()
}

/// One `001` line as read.
struct TrfPlayer {
    line: usize,
    rank: u32,
    player: Paired,
    /// The opponent's starting rank and the colour in the round read (`None`: no game).
    opponent: Option<(u32, char)>,
}

/// Reads round `round` (1-based) of a TRF16 file (see the module's documentation).
pub fn parse_trf(text: &str, round: u32) -> Result<Pairings, PairingError> {
    let mut pairings = Pairings::default();
    let mut players: Vec<TrfPlayer> = Vec::new();
    let mut extensions: Vec<(usize, u32, &str)> = Vec::new();
    let round_col = 92 + 10 * (round.max(1) as usize - 1);
    for (n, line) in lines(text) {
        let code = line.get(..3).unwrap_or("");
        match code {
            "012" => pairings.event = Some(name(n, line.get(3..).unwrap_or(""))?),
            "022" => pairings.site = Some(name(n, line.get(3..).unwrap_or(""))?),
            "001" => {
                let rank = cols(line, 5, 8)
                    .parse::<u32>()
                    .ok()
                    .filter(|r| *r > 0)
                    .ok_or_else(|| err(n, Problem::StartRank))?;
                if players.iter().any(|p| p.rank == rank) {
                    return Err(err(n, Problem::DuplicateRank(rank)));
                }
                let player = Paired {
                    name: name(n, cols(line, 15, 47))?,
                    fide_id: fide_id(n, cols(line, 58, 68))?,
                    ..Paired::default()
                };
                let opp = cols(line, round_col, round_col + 3);
                let colour = cols(line, round_col + 5, round_col + 5);
                let opponent = match (opp, colour) {
                    ("" | "0000", _) | (_, "" | "-") => None,
                    (o, c @ ("w" | "b")) => {
                        let o = o.parse::<u32>().map_err(|_| err(n, Problem::Opponent))?;
                        (o > 0).then(|| (o, c.chars().next().unwrap_or('w')))
                    }
                    _ => return Err(err(n, Problem::Opponent)),
                };
                players.push(TrfPlayer {
                    line: n,
                    rank,
                    player,
                    opponent,
                });
            }
            "XVI" => {
                let rest = line.get(3..).unwrap_or("").trim_start();
                let (rank, words) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                let rank = rank
                    .parse::<u32>()
                    .map_err(|_| err(n, Problem::StartRank))?;
                extensions.push((n, rank, words));
            }
            _ => {}
        }
    }
    for (n, rank, words) in extensions {
        let p = players
            .iter_mut()
            .find(|p| p.rank == rank)
            .ok_or_else(|| err(n, Problem::UnknownRank))?;
        options(n, words, &mut p.player)?;
    }
    // Each pair once, from its white player; the black player's line must agree.
    let mut pairs: Vec<(usize, u32, Pairing)> = Vec::new();
    for p in &players {
        let Some((opp, colour)) = p.opponent else {
            continue;
        };
        let other = players
            .iter()
            .find(|o| o.rank == opp)
            .ok_or_else(|| err(p.line, Problem::Opponent))?;
        let back = if colour == 'w' { 'b' } else { 'w' };
        if other.opponent != Some((p.rank, back)) {
            return Err(err(p.line, Problem::Mismatch));
        }
        if colour == 'w' {
            pairs.push((
                p.line,
                p.rank.min(other.rank),
                Pairing {
                    board: 0,
                    white: p.player.clone(),
                    black: other.player.clone(),
                },
            ));
        }
    }
    pairs.sort_by_key(|(_, best, _)| *best);
    let boards = pairs
        .into_iter()
        .enumerate()
        .map(|(i, (line, _, mut p))| {
            p.board = i as u32 + 1;
            (line, p)
        })
        .collect();
    finish(pairings, boards)
}

/// Checks boards given one by one (the JSON API): each entry's number (1-based) is its
/// `line`.
pub fn check(boards: Vec<Pairing>) -> Result<Pairings, PairingError> {
    let mut numbered = Vec::with_capacity(boards.len());
    for (i, mut p) in boards.into_iter().enumerate() {
        let n = i + 1;
        if !(1..=MAX_BOARDS as u32).contains(&p.board) {
            return Err(err(n, Problem::Board));
        }
        for side in [&mut p.white, &mut p.black] {
            side.name = name(n, &side.name)?;
            if let Some(id) = side.fide_id.take() {
                side.fide_id = fide_id(n, &id)?;
            }
        }
        numbered.push((n, p));
    }
    finish(Pairings::default(), numbered)
}
