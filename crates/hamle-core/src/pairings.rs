//! A round's pairings, read from the two texts an arbiter brings (pure: no I/O, no Fluent):
//!
//! - **the pairings list**, one board a line, seven fields separated by `;`:
//!   `board;white name;white FIDE id;white options;black name;black FIDE id;black options`
//!   (the FIDE ids and options may be empty; blank lines and lines starting with `#` are
//!   skipped);
//! - **a TRF file** (FIDE TRF16): its `012` (event name) and `022` (site) lines, its player
//!   lines `001` (starting rank, name, FIDE id and, for the round read, the opponent's starting
//!   rank and the colour), and hamle's own extension lines `XVI <starting rank> <options>`,
//!   which other programs ignore. Every other line is skipped. The boards are numbered as
//!   FIDE's general handling rules for Swiss tournaments (C.04.2) and the pairing programs
//!   (Swiss-Manager, Vega) number them: by the higher score of the pair, then the sum of the
//!   pair's scores, then the starting rank of the pair's higher-ranked player (the higher
//!   score, else the lower starting rank); the scores are those before the round read, from
//!   the earlier rounds' result codes. A player without an opponent in the round gets no
//!   board: he is one of the round's [`Bye`]s, with the code the file gives him. Every player
//!   keeps his starting rank and FIDE id, so that the round's results go back by them
//!   ([`trf_results`]).
//!
//! A pairings list keeps the board numbers it gives.
//!
//! The round's results go back to the pairing program as a TRF fragment ([`trf_results`]:
//! the `001` lines of the round's players with the round's columns) and as a plain list
//! ([`csv_results`]).
//!
//! A player's options are words separated by spaces: `vi` (visually impaired: a tactile
//! board unless `normal` is given), `assistant`, `tactile`, `normal`, and a language `de`,
//! `tr` or `en`. Every problem is a [`PairingError`]: what is wrong, and the line (1-based).

use crate::announce::Lang;
use crate::game::{BoardKind, EndReason, Ending, GameResult};
use shakmaty::{ByColor, Color};

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
    /// The starting rank (a TRF file's `001` line); `None` from a pairings list.
    pub rank: Option<u32>,
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
    /// The players of a TRF file without a game in the round read, by starting rank.
    pub byes: Vec<Bye>,
}

/// A player without a game in the round (a TRF file's `0000` or `-` in the round's columns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bye {
    pub rank: u32,
    pub name: String,
    pub fide_id: Option<String>,
    pub kind: ByeKind,
}

/// TRF16's bye codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeKind {
    /// `H`: a half-point bye.
    Half,
    /// `F`: a full-point bye.
    Full,
    /// `U`: the pairing-allocated bye (the player the system left unpaired).
    PairingAllocated,
    /// `Z` (or blank): a zero-point bye, a known absence or a player not paired.
    Zero,
}

impl ByeKind {
    /// The code of a TRF file's result column (case-insensitive; blank is `Z`).
    pub fn from_code(code: &str) -> Option<ByeKind> {
        match code.to_ascii_uppercase().as_str() {
            "H" => Some(ByeKind::Half),
            "F" => Some(ByeKind::Full),
            "U" => Some(ByeKind::PairingAllocated),
            "Z" | "" => Some(ByeKind::Zero),
            _ => None,
        }
    }

    /// The TRF16 code.
    pub fn code(self) -> char {
        match self {
            ByeKind::Half => 'H',
            ByeKind::Full => 'F',
            ByeKind::PairingAllocated => 'U',
            ByeKind::Zero => 'Z',
        }
    }
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
    /// A player without an opponent whose result is not a bye code (`H`, `F`, `U`, `Z`).
    Bye,
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
            Problem::Bye => "bye",
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
    /// Without an opponent: the bye's code in the round read.
    bye: ByeKind,
    /// Half-points before the round read.
    score: u32,
}

/// The first column of round `round`'s three fields (opponent, colour, result).
fn round_column(round: u32) -> usize {
    92 + 10 * (round.max(1) as usize - 1)
}

/// Half-points a TRF16 result code gives: a win (`1`, `+`, `W`) and a full-point or
/// pairing-allocated bye (`F`, `U`) one point, a draw (`=`, `D`) and a half-point bye (`H`)
/// a half, anything else nothing.
fn half_points(code: &str) -> u32 {
    match code.to_ascii_uppercase().as_str() {
        "1" | "+" | "W" | "F" | "U" => 2,
        "=" | "D" | "H" => 1,
        _ => 0,
    }
}

/// Reads round `round` (1-based) of a TRF16 file (see the module's documentation).
pub fn parse_trf(text: &str, round: u32) -> Result<Pairings, PairingError> {
    let mut pairings = Pairings::default();
    let mut players: Vec<TrfPlayer> = Vec::new();
    let mut extensions: Vec<(usize, u32, &str)> = Vec::new();
    let round_col = round_column(round);
    for (n, line) in lines(text) {
        let code = line.get(..3).unwrap_or("");
        match code {
            "012" => pairings.event = Some(name(n, line.get(3..).unwrap_or(""))?),
            "022" => pairings.site = Some(name(n, line.get(3..).unwrap_or(""))?),
            "001" => players.push(trf_player(n, line, round, round_col, &players)?),
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
    let mut pairs: Vec<(usize, BoardOrder, Pairing)> = Vec::new();
    for p in &players {
        let Some((opp, colour)) = p.opponent else {
            pairings.byes.push(Bye {
                rank: p.rank,
                name: p.player.name.clone(),
                fide_id: p.player.fide_id.clone(),
                kind: p.bye,
            });
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
                BoardOrder::of([(p.score, p.rank), (other.score, other.rank)]),
                Pairing {
                    board: 0,
                    white: p.player.clone(),
                    black: other.player.clone(),
                },
            ));
        }
    }
    pairs.sort_by_key(|(_, order, _)| *order);
    pairings.byes.sort_by_key(|b| b.rank);
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

/// One `001` line: its starting rank (not one of `seen`'s), name, FIDE id, the score before
/// `round` and what the round's columns (from `round_col`) say.
fn trf_player(
    n: usize,
    line: &str,
    round: u32,
    round_col: usize,
    seen: &[TrfPlayer],
) -> Result<TrfPlayer, PairingError> {
    let rank = cols(line, 5, 8)
        .parse::<u32>()
        .ok()
        .filter(|r| *r > 0)
        .ok_or_else(|| err(n, Problem::StartRank))?;
    if seen.iter().any(|p| p.rank == rank) {
        return Err(err(n, Problem::DuplicateRank(rank)));
    }
    let player = Paired {
        name: name(n, cols(line, 15, 47))?,
        fide_id: fide_id(n, cols(line, 58, 68))?,
        rank: Some(rank),
        ..Paired::default()
    };
    let opp = cols(line, round_col, round_col + 3);
    let colour = cols(line, round_col + 5, round_col + 5);
    let result = cols(line, round_col + 7, round_col + 7);
    let opponent = match (opp, colour) {
        ("" | "0000", _) | (_, "" | "-") => None,
        (o, c @ ("w" | "b")) => {
            let o = o.parse::<u32>().map_err(|_| err(n, Problem::Opponent))?;
            (o > 0).then(|| (o, c.chars().next().unwrap_or('w')))
        }
        _ => return Err(err(n, Problem::Opponent)),
    };
    let bye = if opponent.is_some() {
        ByeKind::Zero
    } else {
        ByeKind::from_code(result).ok_or_else(|| err(n, Problem::Bye))?
    };
    let score = (1..round)
        .map(|r| {
            let c = round_column(r) + 7;
            half_points(cols(line, c, c))
        })
        .sum();
    Ok(TrfPlayer {
        line: n,
        rank,
        player,
        opponent,
        bye,
        score,
    })
}

/// Where a pair's board comes in C.04.2's order: the higher score first, then the higher
/// sum of both scores, then the better (lower) starting rank of the pair's higher-ranked
/// player (the one with the higher score; with equal scores, the lower starting rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct BoardOrder {
    higher_score: std::cmp::Reverse<u32>,
    sum: std::cmp::Reverse<u32>,
    top_rank: u32,
}

impl BoardOrder {
    /// The order of a pair, each player as (half-points, starting rank).
    fn of(pair: [(u32, u32); 2]) -> BoardOrder {
        let [a, b] = pair;
        // The higher-ranked player: the higher score, then the lower starting rank.
        let top = if (std::cmp::Reverse(a.0), a.1) <= (std::cmp::Reverse(b.0), b.1) {
            a
        } else {
            b
        };
        BoardOrder {
            higher_score: std::cmp::Reverse(a.0.max(b.0)),
            sum: std::cmp::Reverse(a.0 + b.0),
            top_rank: top.1,
        }
    }
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

/// How a board's finished game counts for the pairing program (TRF16's result codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// A game in which each side made a move: `1`, `=`, `0`.
    Played(GameResult),
    /// A game that lasted less than one move (a side never moved): `W`, `D`, `L`, not rated.
    Unrated(GameResult),
    /// A game not played: the arbiter declared a forfeit ([`EndReason::Forfeit`]); the
    /// winner's `+`, the loser's `-`; a double forfeit (`winner: None`) both `-`.
    Forfeit { winner: Option<Color> },
}

impl Counted {
    /// How a game that ended so after `plies` half-moves counts.
    pub fn of(ending: Ending, plies: usize) -> Counted {
        match (ending.reason, ending.result) {
            (EndReason::Forfeit, GameResult::WhiteWins) => Counted::Forfeit {
                winner: Some(Color::White),
            },
            (EndReason::Forfeit, GameResult::BlackWins) => Counted::Forfeit {
                winner: Some(Color::Black),
            },
            (_, GameResult::DoubleForfeit) => Counted::Forfeit { winner: None },
            (_, result) if plies >= 2 => Counted::Played(result),
            (_, result) => Counted::Unrated(result),
        }
    }

    /// The TRF16 result code of `color`'s player.
    pub fn code(self, color: Color) -> char {
        let points = |r: GameResult| r.half_points(color);
        match self {
            Counted::Played(r) => match points(r) {
                2 => '1',
                1 => '=',
                _ => '0',
            },
            Counted::Unrated(r) => match points(r) {
                2 => 'W',
                1 => 'D',
                _ => 'L',
            },
            Counted::Forfeit { winner } => {
                if winner == Some(color) {
                    '+'
                } else {
                    '-'
                }
            }
        }
    }

    /// The result in a plain list: `1-0`, `0-1`, `1/2-1/2`; a forfeit `1F-0F`, `0F-1F`, a
    /// double forfeit `0F-0F` (as Vega writes them; no leading `+` or `-`, which a
    /// spreadsheet would take for a formula).
    pub fn listed(self) -> &'static str {
        match self {
            Counted::Played(r) | Counted::Unrated(r) => r.pgn(),
            Counted::Forfeit {
                winner: Some(Color::White),
            } => "1F-0F",
            Counted::Forfeit {
                winner: Some(Color::Black),
            } => "0F-1F",
            Counted::Forfeit { winner: None } => "0F-0F",
        }
    }
}

/// One board of a round with its result (`None`: the game is not over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardResult {
    pub board: u32,
    pub white: Paired,
    pub black: Paired,
    pub counted: Option<Counted>,
}

/// A player of the round without a starting rank: the round was not read from a TRF file,
/// and its results cannot go back as TRF lines (the board named).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoStartingRank {
    pub board: u32,
}

/// Writes `text` into `line` from 1-based column `from`, at most `width` characters.
fn put(line: &mut Vec<char>, from: usize, width: usize, text: &str) {
    let end = from - 1 + width;
    if line.len() < end {
        line.resize(end, ' ');
    }
    for (i, c) in text.chars().take(width).enumerate() {
        line[from - 1 + i] = c;
    }
}

/// One `001` line: starting rank, name, FIDE id, and round `round`'s opponent, colour and
/// result; the other columns blank.
fn result_line(
    rank: u32,
    name: &str,
    fide: Option<&str>,
    round: u32,
    (opponent, colour, result): (u32, char, char),
) -> String {
    let mut line = Vec::new();
    put(&mut line, 1, 3, "001");
    put(&mut line, 5, 4, &format!("{rank:>4}"));
    put(&mut line, 15, 33, name);
    if let Some(id) = fide {
        put(&mut line, 58, 11, &format!("{id:>11}"));
    }
    let col = round_column(round);
    put(&mut line, col, 4, &format!("{opponent:04}"));
    put(&mut line, col + 5, 1, &colour.to_string());
    put(&mut line, col + 7, 1, &result.to_string());
    let text: String = line.into_iter().collect();
    text.trim_end().to_owned()
}

/// The round's results as a TRF16 fragment for the pairing program: the event's `012` and
/// `022` lines (when known), then one `001` line per player, by starting rank, with his
/// starting rank, name and FIDE id and round `round`'s three columns (the opponent's starting
/// rank, the colour, the result code; a bye `0000 -` and its code). Earlier rounds' columns,
/// the rating, points and rank are left blank: the fragment carries this round only. A game
/// not over is left out (both players' lines): TRF16 has no code for a game still in play,
/// and a blank result would read as a zero-point bye. Lines end in CR LF.
pub fn trf_results(
    event: &str,
    site: &str,
    round: u32,
    boards: &[BoardResult],
    byes: &[Bye],
) -> Result<String, NoStartingRank> {
    let mut lines: Vec<(u32, String)> = Vec::new();
    for b in boards {
        let (Some(white), Some(black)) = (b.white.rank, b.black.rank) else {
            return Err(NoStartingRank { board: b.board });
        };
        let Some(counted) = b.counted else {
            continue;
        };
        for (me, rank, other, colour) in [
            (&b.white, white, black, Color::White),
            (&b.black, black, white, Color::Black),
        ] {
            let triple = (other, colour.char(), counted.code(colour));
            let line = result_line(rank, &me.name, me.fide_id.as_deref(), round, triple);
            lines.push((rank, line));
        }
    }
    for bye in byes {
        let triple = (0, '-', bye.kind.code());
        let line = result_line(bye.rank, &bye.name, bye.fide_id.as_deref(), round, triple);
        lines.push((bye.rank, line));
    }
    lines.sort_by_key(|(rank, _)| *rank);
    let mut out = String::new();
    for (code, text) in [("012", event), ("022", site)] {
        if !text.trim().is_empty() {
            out.push_str(&format!("{code} {}\r\n", text.trim()));
        }
    }
    for (_, line) in lines {
        out.push_str(&line);
        out.push_str("\r\n");
    }
    Ok(out)
}

/// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a text a
/// spreadsheet would take for a formula (`=`, `+`, `-`, `@` first) gets a `'` before it.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    if s.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// The round's results as a plain list, one board a line by board number:
/// `board,white,black,result` (the result as [`Counted::listed`] writes it, `*` for a game
/// not over, as PGN has it). Lines end in CR LF.
pub fn csv_results(boards: &[BoardResult]) -> String {
    let mut out = String::from("board,white,black,result\r\n");
    let mut sorted: Vec<&BoardResult> = boards.iter().collect();
    sorted.sort_by_key(|b| b.board);
    for b in sorted {
        let result = b.counted.map_or("*", Counted::listed);
        out.push_str(&format!(
            "{},{},{},{}\r\n",
            b.board,
            csv_field(&b.white.name),
            csv_field(&b.black.name),
            result
        ));
    }
    out
}
