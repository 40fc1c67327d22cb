//! The `hamle` command line: `parse`, `say`, `replay`, `board` (an electronic board's bridge)
//! and (with no subcommand) `serve`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

use crate::announce::{Lang, Style, understand};
use crate::words::speaker::Speaker;

/// hamle: chess by voice, screen reader and tactile board, for blind and visually impaired
/// players (FIDE Laws, appendix for visually impaired players).
#[derive(Parser, Debug)]
#[command(name = "hamle", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

// Parsed once at start; the serve variant carries every server option.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Understand one announcement: prints the move's UCI and SAN, or the reason on stderr.
    Parse {
        /// Language of the announcement: de, tr or en.
        #[arg(long, value_parser = parse_lang)]
        lang: Lang,
        /// Position (FEN); the start position if omitted.
        #[arg(long)]
        fen: Option<String>,
        /// The announcement, e.g. "Springer Felix drei".
        phrase: String,
    },
    /// Say a move (UCI or SAN) in words.
    Say {
        #[arg(long, value_parser = parse_lang)]
        lang: Lang,
        /// short (Appendix style) or full (origin, destination, captured piece).
        #[arg(long, default_value = "short", value_parser = parse_style)]
        style: Style,
        #[arg(long)]
        fen: Option<String>,
        /// The move, in UCI (g1f3) or SAN (Nf3).
        #[arg(name = "MOVE")]
        mv: String,
        /// Also say it through this machine's voice (needs a build with
        /// `--features system-voice`; see docs/speech.md).
        #[arg(long)]
        speak: bool,
        /// Also render it with espeak-ng into this WAV file.
        #[arg(long, value_name = "FILE")]
        wav: Option<std::path::PathBuf>,
    },
    /// Read one announcement a line from stdin and play them; print each move and the
    /// final FEN.
    Replay {
        #[arg(long, value_parser = parse_lang)]
        lang: Lang,
        #[arg(long)]
        fen: Option<String>,
    },
    /// Link a player's electronic board (DGT, Chessnut) to his seat (docs/eboard.md): lifts
    /// are touches, placements are moves made on his board, and his page says what the board
    /// needs. Runs on the player's machine until Ctrl-C.
    Board {
        /// The board's port: /dev/ttyACM0 (a DGT board on USB), /dev/rfcomm0 (Bluetooth),
        /// COM3 (Windows), /dev/hidraw3 (a Chessnut board).
        #[arg(long, value_name = "PATH", required_unless_present = "livechess")]
        port: Option<std::path::PathBuf>,
        /// Read the board from DGT LiveChess instead of a port: its WebSocket address,
        /// ws://127.0.0.1:1982/api/v1.0 where it runs on this machine.
        #[arg(long, value_name = "URL", conflicts_with_all = ["port", "kind", "clock"],
              value_parser = parse_livechess)]
        livechess: Option<String>,
        /// With --livechess: the board's serial number (default: the first active board).
        #[arg(long, value_name = "NR", requires = "livechess")]
        serial: Option<String>,
        /// The kind of board: dgt or chessnut.
        #[arg(long, default_value = "dgt", value_parser = parse_kind)]
        kind: crate::bridge::Kind,
        /// Milliseconds the board must stay unchanged before it counts (sliding pieces, a
        /// piece lifted and put back at once); more over Bluetooth.
        #[arg(long, value_name = "MS", default_value_t = 300, value_parser = parse_settle)]
        settle_ms: u64,
        /// The side of the DGT 3000 clock (connected to the board) whose lever this player
        /// presses, seen from the front: left or right (default: left for White, right for
        /// Black). His lever pressed is his clock press at the table.
        #[arg(long, value_name = "SIDE", value_parser = parse_clock)]
        clock: Option<crate::eboard::dgt::ClockFace>,
        /// The player's seat link, in quotes (from the lobby or the round desk):
        /// "http://host:7878/vi?lang=de#game=…&token=…".
        #[arg(value_name = "SEAT_LINK", value_parser = parse_link)]
        link: crate::bridge::link::SeatLink,
    },
    /// Run the play server (the default when no command is given). Stops on Ctrl-C or
    /// SIGTERM.
    Serve {
        /// Address to listen on (port 0 picks a free port; the first line printed names it).
        #[arg(long, default_value = DEFAULT_LISTEN)]
        listen: std::net::SocketAddr,
        /// Directory of the game database and the admin token [default: the user's data
        /// directory, e.g. ~/.local/share/hamle].
        #[arg(long)]
        data: Option<std::path::PathBuf>,
        /// Where the games are kept: `sqlite:PATH` (a SQLite file), or
        /// `postgres://user@host:port/database` (PostgreSQL; see docs/scale-out.md)
        /// [default: hamle.sqlite3 in the data directory].
        #[arg(long, value_name = "URL", env = "HAMLE_STORE", value_parser = parse_store)]
        store: Option<crate::store::StoreUrl>,
        /// This node's name in the store's leases (one name per running server sharing a
        /// PostgreSQL store).
        #[arg(long, value_name = "NAME", default_value = crate::server::DEFAULT_NODE, value_parser = parse_node)]
        node: String,
        /// Say what this seat hears through this machine's own voice: white, black,
        /// white_assistant, black_assistant, arbiter or spectator (needs a build with
        /// `--features system-voice`; see docs/speech.md).
        #[arg(long, value_name = "SEAT", value_parser = parse_seat)]
        speak: Option<crate::game::Seat>,
        /// The voice's language: de, tr or en [default: de].
        #[arg(long, value_name = "LANG", value_parser = parse_lang, requires = "speak")]
        speak_lang: Option<Lang>,
        /// Speaking rate from 0 (slowest) to 2 (fastest); 1 is the voice's normal rate.
        #[arg(long, value_name = "R", value_parser = parse_rate, requires = "speak")]
        speak_rate: Option<f32>,
        /// Volume from 0 (quietest) to 1 (loudest).
        #[arg(long, value_name = "V", value_parser = parse_volume, requires = "speak")]
        speak_volume: Option<f32>,
        /// The game to speak [default: the newest game, then each game created after it].
        #[arg(long, value_name = "ID", value_parser = parse_game_id, requires = "speak")]
        speak_game: Option<crate::store::GameId>,
        #[command(flatten)]
        limits: LimitArgs,
        #[command(flatten)]
        cluster: ClusterArgs,
        /// Voice input: the speech recogniser's model directory (Whisper for CTranslate2;
        /// `scripts/voice-setup` installs one; see docs/voice.md). Without it, no voice input.
        #[arg(long, value_name = "DIR", env = "HAMLE_VOICE_MODEL")]
        voice_model: Option<std::path::PathBuf>,
        /// The Python with ctranslate2, numpy and tokenizers for the recogniser.
        #[arg(
            long,
            value_name = "PATH",
            env = "HAMLE_VOICE_PYTHON",
            default_value = "python3",
            requires = "voice_model"
        )]
        voice_python: std::path::PathBuf,
        /// Recogniser processes: utterances recognised at once (more wait in a short queue).
        #[arg(long, value_name = "N", default_value_t = 1, requires = "voice_model")]
        voice_workers: usize,
        #[command(flatten)]
        engine: EngineArgs,
    },
}

/// The computer opponent (issue 34): a UCI engine the server runs.
#[derive(clap::Args, Debug, Clone)]
pub struct EngineArgs {
    /// The UCI chess engine games against the computer are played with [default: Stockfish,
    /// if installed: /usr/games/stockfish or stockfish on the PATH].
    #[arg(long, value_name = "PATH", env = "HAMLE_ENGINE")]
    engine: Option<std::path::PathBuf>,
    /// No games against the computer, even with Stockfish installed.
    #[arg(long, conflicts_with = "engine")]
    no_engine: bool,
    /// Engine processes at most at once (a request waits up to 5 s for one).
    #[arg(long, value_name = "N", default_value_t = 2)]
    engines: usize,
    /// The longest the engine may think for any move, hint or evaluation (seconds).
    #[arg(long, value_name = "S", default_value_t = 5)]
    engine_max_think: u64,
}

impl Default for EngineArgs {
    /// As `hamle serve` without engine options.
    fn default() -> EngineArgs {
        EngineArgs {
            engine: None,
            no_engine: false,
            engines: 2,
            engine_max_think: 5,
        }
    }
}

impl EngineArgs {
    /// The engines' configuration, or `None` for no computer opponent.
    pub fn config(&self) -> Option<crate::engine::EngineConfig> {
        if self.no_engine {
            return None;
        }
        let program = self.engine.clone().or_else(installed_stockfish)?;
        Some(crate::engine::EngineConfig {
            max_engines: self.engines.max(1),
            max_think: std::time::Duration::from_secs(self.engine_max_think.max(1)),
            ..crate::engine::EngineConfig::new(program)
        })
    }
}

/// The distribution's Stockfish (Debian installs it in /usr/games), or one on the `PATH`.
fn installed_stockfish() -> Option<std::path::PathBuf> {
    let debian = std::path::PathBuf::from("/usr/games/stockfish");
    if debian.is_file() {
        return Some(debian);
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join("stockfish"))
        .find(|p| p.is_file())
}

/// One node of several (docs/scale-out.md): the nodes share the store and talk over NATS.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct ClusterArgs {
    /// The NATS server the nodes talk over, e.g. nats://127.0.0.1:4222 [default: a single
    /// node, no bus]. Each node names itself with `--node`, unique among the nodes.
    #[arg(long, value_name = "URL")]
    pub bus: Option<String>,
    /// Milliseconds a game's lease lasts: another node takes over a silent owner's games
    /// this long after its last renewal [default: 3000].
    #[arg(long, value_name = "MS", requires = "bus")]
    pub lease_ms: Option<u64>,
}

impl ClusterArgs {
    pub fn options(self, node: &str) -> Option<crate::server::ClusterOptions> {
        Some(crate::server::ClusterOptions {
            bus: self.bus?,
            node: node.to_owned(),
            lease: std::time::Duration::from_millis(self.lease_ms.unwrap_or(3000).max(100)),
        })
    }
}

/// The limits that protect the server from its clients (docs/protocol.md, "Limits"); each
/// left out keeps its default.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct LimitArgs {
    /// Only the admin token (or an arbiter's token) may create games.
    #[arg(long)]
    pub require_token: bool,
    /// TCP connections held at once [default: the file-descriptor limit less a reserve].
    #[arg(long, value_name = "N")]
    pub max_connections: Option<usize>,
    /// TCP connections one client address holds at once [default: 512].
    #[arg(long, value_name = "N")]
    pub max_connections_per_address: Option<usize>,
    /// Seconds to send a whole request head, also the idle keep-alive time [default: 10].
    #[arg(long, value_name = "S")]
    pub header_timeout: Option<u64>,
    /// Seconds to send a whole request body [default: 30].
    #[arg(long, value_name = "S")]
    pub body_timeout: Option<u64>,
    /// Games one address may create at once [default: 60]...
    #[arg(long, value_name = "N")]
    pub games_burst: Option<u32>,
    /// ...and per minute after that; 0: no limit [default: 60].
    #[arg(long, value_name = "N")]
    pub games_per_minute: Option<u32>,
    /// Games without a move held at once [default: 1000].
    #[arg(long, value_name = "N")]
    pub max_unstarted_games: Option<usize>,
    /// Games without a move one address holds at once (the admin token is not counted)
    /// [default: 100].
    #[arg(long, value_name = "N")]
    pub max_unstarted_games_per_address: Option<usize>,
    /// Hours after which a game without a move is removed [default: 48].
    #[arg(long, value_name = "H")]
    pub unstarted_game_hours: Option<u64>,
    /// Spectators of one game at once [default: 64].
    #[arg(long, value_name = "N")]
    pub max_spectators_per_game: Option<usize>,
    /// Spectator connections of one address at once, over all games [default: 16].
    #[arg(long, value_name = "N")]
    pub max_spectators_per_address: Option<usize>,
    /// WebSockets of one address waiting for their hello at once [default: 64].
    #[arg(long, value_name = "N")]
    pub max_ungreeted_per_address: Option<usize>,
    /// MiB of recordings the server holds, all games together [default: 4096].
    #[arg(long, value_name = "MIB")]
    pub max_recordings_mib: Option<u64>,
    /// MiB of recordings uploaded from one address [default: 256].
    #[arg(long, value_name = "MIB")]
    pub max_recordings_mib_per_address: Option<u64>,
    /// MiB the data directory's disk keeps free: no recording is taken beyond [default: 1024].
    #[arg(long, value_name = "MIB")]
    pub recordings_reserve_mib: Option<u64>,
}

impl LimitArgs {
    /// The server's limits: the defaults, with what was given.
    pub fn limits(&self) -> crate::server::Limits {
        let mut l = crate::server::Limits::default();
        let secs = std::time::Duration::from_secs;
        l.require_token = self.require_token;
        if let Some(n) = self.max_connections {
            l.max_connections = n;
        }
        if let Some(n) = self.max_connections_per_address {
            l.max_connections_per_address = n;
        }
        if let Some(s) = self.header_timeout {
            l.header_timeout = secs(s.max(1));
        }
        if let Some(s) = self.body_timeout {
            l.body_timeout = secs(s.max(1));
        }
        if let Some(n) = self.games_burst {
            l.games_burst = n;
        }
        if let Some(n) = self.games_per_minute {
            l.games_per_minute = n;
        }
        if let Some(n) = self.max_unstarted_games {
            l.max_unstarted_games = n;
        }
        if let Some(n) = self.max_unstarted_games_per_address {
            l.max_unstarted_games_per_address = n;
        }
        if let Some(h) = self.unstarted_game_hours {
            l.unstarted_game_ttl = secs(h.saturating_mul(3600));
        }
        if let Some(n) = self.max_spectators_per_game {
            l.max_spectators_per_game = n;
        }
        if let Some(n) = self.max_spectators_per_address {
            l.max_spectators_per_address = n;
        }
        if let Some(n) = self.max_ungreeted_per_address {
            l.max_ungreeted_per_address = n;
        }
        let mib = |n: u64| n.saturating_mul(1 << 20);
        if let Some(n) = self.max_recordings_mib {
            l.max_recording_bytes = mib(n);
        }
        if let Some(n) = self.max_recordings_mib_per_address {
            l.max_recording_bytes_per_address = mib(n);
        }
        if let Some(n) = self.recordings_reserve_mib {
            l.recordings_reserve_bytes = mib(n);
        }
        l
    }
}

/// Where `hamle serve` listens by default.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:7878";

fn parse_lang(s: &str) -> Result<Lang, String> {
    s.parse()
        .map_err(|e: crate::announce::UnknownLang| e.to_string())
}

fn parse_style(s: &str) -> Result<Style, String> {
    s.parse()
}

/// A `--speak-*` value's error, in the operator's language.
fn bad_speak_value(id: &str, value: &str) -> String {
    Speaker::new(crate::server::operator_lang()).message(id, &[("value", value.to_owned())])
}

fn parse_store(s: &str) -> Result<crate::store::StoreUrl, String> {
    s.parse()
        .map_err(|_| bad_speak_value("serve-bad-store", ""))
}

fn parse_node(s: &str) -> Result<String, String> {
    let ok = (1..=64).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
    if ok {
        Ok(s.to_owned())
    } else {
        Err(bad_speak_value("serve-bad-node", s))
    }
}

fn parse_seat(s: &str) -> Result<crate::game::Seat, String> {
    s.parse().map_err(|_| bad_speak_value("speech-bad-seat", s))
}

fn parse_fraction(s: &str, max: f32, id: &str) -> Result<f32, String> {
    s.trim()
        .parse::<f32>()
        .ok()
        .filter(|v| (0.0..=max).contains(v))
        .ok_or_else(|| bad_speak_value(id, s))
}

fn parse_rate(s: &str) -> Result<f32, String> {
    parse_fraction(s, 2.0, "speech-bad-rate")
}

fn parse_volume(s: &str) -> Result<f32, String> {
    parse_fraction(s, 1.0, "speech-bad-volume")
}

fn parse_kind(s: &str) -> Result<crate::bridge::Kind, String> {
    s.parse().map_err(|_| bad_speak_value("bridge-bad-kind", s))
}

fn parse_livechess(s: &str) -> Result<String, String> {
    crate::bridge::livechess::LiveChess::parse(s, None)
        .map(|lc| lc.url)
        .ok_or_else(|| bad_speak_value("bridge-bad-livechess", s))
}

fn parse_clock(s: &str) -> Result<crate::eboard::dgt::ClockFace, String> {
    crate::eboard::dgt::ClockFace::from_name(s)
        .ok_or_else(|| bad_speak_value("bridge-bad-clock", s))
}

fn parse_settle(s: &str) -> Result<u64, String> {
    s.trim()
        .parse::<u64>()
        .ok()
        .filter(|ms| *ms <= 5000)
        .ok_or_else(|| bad_speak_value("bridge-bad-settle", s))
}

fn parse_link(s: &str) -> Result<crate::bridge::link::SeatLink, String> {
    crate::bridge::link::SeatLink::parse(s).map_err(|_| {
        Speaker::new(crate::server::operator_lang())
            .message("bridge-bad-link", &[("link", s.to_owned())])
    })
}

fn parse_game_id(s: &str) -> Result<crate::store::GameId, String> {
    crate::store::GameId::parse(s.trim()).ok_or_else(|| bad_speak_value("speech-bad-game", s))
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Parse { lang, fen, phrase }) => run_parse(lang, fen.as_deref(), &phrase),
        Some(Command::Say {
            lang,
            style,
            fen,
            mv,
            speak,
            wav,
        }) => run_say(lang, style, fen.as_deref(), &mv, speak, wav.as_deref()),
        Some(Command::Replay { lang, fen }) => run_replay(lang, fen.as_deref()),
        Some(Command::Board {
            port,
            livechess,
            serial,
            kind,
            settle_ms,
            clock,
            link,
        }) => {
            let livechess = match livechess {
                Some(url) => match crate::bridge::livechess::LiveChess::parse(&url, serial) {
                    Some(lc) => Some(lc),
                    None => return fail(&bad_speak_value("bridge-bad-livechess", &url)),
                },
                None => None,
            };
            run_board(crate::bridge::Options {
                port: port.unwrap_or_default(),
                kind,
                settle_ms,
                clock,
                lang: link.lang.unwrap_or_else(crate::server::operator_lang),
                link,
                livechess,
            })
        }
        Some(Command::Serve {
            listen,
            data,
            store,
            node,
            speak,
            speak_lang,
            speak_rate,
            speak_volume,
            speak_game,
            limits,
            cluster,
            voice_model,
            voice_python,
            voice_workers,
            engine,
        }) => {
            let speak = speak.map(|seat| crate::server::SpeakOptions {
                seat,
                lang: speak_lang.unwrap_or(Lang::De),
                rate: speak_rate,
                volume: speak_volume,
                game: speak_game,
            });
            let voice = voice_model.map(|model| crate::voice::WorkerOptions {
                workers: voice_workers.max(1),
                ..crate::voice::WorkerOptions::new(voice_python, model)
            });
            let cluster = cluster.options(&node);
            let store = crate::server::StoreOptions {
                url: store.unwrap_or_default(),
                node,
            };
            crate::server::serve_command(
                listen,
                data,
                store,
                speak,
                limits.limits(),
                crate::server::Services {
                    voice,
                    cluster,
                    engine: engine.config(),
                },
            )
        }
        None => crate::server::serve_command(
            DEFAULT_LISTEN.parse().expect("valid default address"),
            None,
            crate::server::StoreOptions::default(),
            None,
            crate::server::Limits::default(),
            crate::server::Services {
                engine: EngineArgs::default().config(),
                ..crate::server::Services::default()
            },
        ),
    }
}

/// A position from an optional FEN (the start position when `None`).
pub fn position_from_fen(fen: Option<&str>) -> Result<Chess, String> {
    let Some(fen) = fen else {
        return Ok(Chess::default());
    };
    let fen: Fen = fen
        .trim()
        .parse()
        .map_err(|e| format!("invalid FEN: {e}"))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| format!("impossible position: {e}"))
}

/// UCI and SAN of a legal move, space separated.
pub fn uci_and_san(pos: &Chess, m: Move) -> String {
    format!(
        "{} {}",
        m.to_uci(CastlingMode::Standard),
        SanPlus::from_move(pos.clone(), m)
    )
}

fn fail(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::FAILURE
}

fn fail_fen(lang: Lang, detail: &str) -> ExitCode {
    fail(&Speaker::new(lang).message("cli-bad-fen", &[("detail", detail.to_owned())]))
}

fn run_parse(lang: Lang, fen: Option<&str>, phrase: &str) -> ExitCode {
    let pos = match position_from_fen(fen) {
        Ok(p) => p,
        Err(e) => return fail_fen(lang, &e),
    };
    match understand(lang, phrase, &pos) {
        Ok(m) => {
            println!("{}", uci_and_san(&pos, m));
            ExitCode::SUCCESS
        }
        Err(e) => fail(&Speaker::new(lang).say_error(&pos, &e)),
    }
}

/// A move given as UCI or (English) SAN.
pub fn move_from_notation(pos: &Chess, text: &str) -> Option<Move> {
    let text = text.trim();
    if let Ok(uci) = text.parse::<UciMove>()
        && let Ok(m) = uci.to_move(pos)
    {
        return Some(m);
    }
    let san: San = text.parse::<SanPlus>().ok()?.san;
    san.to_move(pos).ok()
}

fn run_say(
    lang: Lang,
    style: Style,
    fen: Option<&str>,
    mv: &str,
    speak: bool,
    wav: Option<&std::path::Path>,
) -> ExitCode {
    let pos = match position_from_fen(fen) {
        Ok(p) => p,
        Err(e) => return fail_fen(lang, &e),
    };
    match move_from_notation(&pos, mv) {
        Some(m) => {
            let text = Speaker::new(lang).say_move(&pos, m, style);
            println!("{text}");
            let utterance = crate::speech::Utterance::new(lang, crate::speech::Kind::Move, text);
            if let Some(path) = wav
                && let Err(e) = crate::speech::write_wav(&utterance, path)
            {
                return fail(&e.message(lang));
            }
            if speak && let Err(e) = crate::speech::speak_and_wait(&utterance) {
                return fail(&e.message(lang));
            }
            ExitCode::SUCCESS
        }
        None => fail(&Speaker::new(lang).message("cli-not-a-move", &[("move", mv.to_owned())])),
    }
}

/// `hamle board`: the bridge until Ctrl-C (or SIGTERM), its lines on stdout; a failure if the
/// server refuses it.
fn run_board(opts: crate::bridge::Options) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&e.to_string()),
    };
    runtime.block_on(async move {
        let shutdown = tokio_util::sync::CancellationToken::new();
        tokio::spawn(crate::server::cancel_on_signal(shutdown.clone()));
        let (say, mut lines) = tokio::sync::mpsc::unbounded_channel();
        let printer = tokio::spawn(async move {
            while let Some(line) = lines.recv().await {
                println!("{line}");
            }
        });
        let ended = crate::bridge::run(opts, shutdown, say).await;
        let _ = printer.await;
        match ended {
            crate::bridge::Ended::Stopped => ExitCode::SUCCESS,
            crate::bridge::Ended::Refused(_) => ExitCode::FAILURE,
        }
    })
}

fn run_replay(lang: Lang, fen: Option<&str>) -> ExitCode {
    let mut pos = match position_from_fen(fen) {
        Ok(p) => p,
        Err(e) => return fail_fen(lang, &e),
    };
    let speaker = Speaker::new(lang);
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                return fail(&speaker.message(
                    "cli-line",
                    &[
                        ("line", (number + 1).to_string()),
                        ("reason", e.to_string()),
                    ],
                ));
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        match understand(lang, &line, &pos) {
            Ok(m) => {
                let words = speaker.say_move(&pos, m, Style::Short);
                let _ = writeln!(out, "{} {}", uci_and_san(&pos, m), words);
                pos.play_unchecked(m);
            }
            Err(e) => {
                let _ = out.flush();
                return fail(&speaker.message(
                    "cli-line",
                    &[
                        ("line", (number + 1).to_string()),
                        ("reason", speaker.say_error(&pos, &e)),
                    ],
                ));
            }
        }
    }
    let _ = writeln!(out, "{}", Fen::from_position(&pos, EnPassantMode::Legal));
    ExitCode::SUCCESS
}
