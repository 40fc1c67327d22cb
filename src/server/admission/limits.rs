//! The limits that protect the server from its clients (`hamle serve`'s flags set them):
//! message and body sizes, rates, connections per game and per address, unstarted games,
//! recordings, time-outs. Plain values, read by admission and by every layer above it.

use std::time::Duration;

/// Limits that protect the server from its clients.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest WebSocket message or frame accepted (bytes).
    pub max_message_bytes: usize,
    /// Largest HTTP request body (bytes).
    pub max_body_bytes: usize,
    /// Time a new WebSocket connection has to send its `hello`.
    pub hello_timeout: Duration,
    /// Messages a connection may send at once...
    pub burst: u32,
    /// ...and per second after that.
    pub per_second: f64,
    /// Messages dropped in a row before the connection is closed (1008).
    pub flood_strikes: u32,
    /// Spectators a game may have connected at once (`too_many_spectators`, 4429 beyond).
    /// Seats (players, assistants, arbiter) are never counted: they always get in.
    pub max_spectators_per_game: usize,
    /// Spectator connections one client address may hold at once, over all games.
    pub max_spectators_per_address: usize,
    /// WebSockets of a game waiting for their `hello` at once; one more closes the one that
    /// has waited longest (`too_many_connections`, 4429).
    pub max_ungreeted_per_game: usize,
    /// WebSockets one client address may have waiting for their `hello`, over all games
    /// (`address_busy`, 4429 beyond).
    pub max_ungreeted_per_address: usize,
    /// A connection the server has heard nothing from for this long is pinged...
    pub ping_interval: Duration,
    /// ...and closed (4408) after this long without any frame, a pong included. Also the
    /// longest a send may wait for a client that does not read.
    pub idle_timeout: Duration,
    /// Whether each game's task waits for its store writes on tokio's blocking pool rather
    /// than awaiting the store's own writer thread. Only for tests under tokio's paused clock
    /// (`#[tokio::test(start_paused = true)]`): a task on the blocking pool keeps the paused
    /// clock from jumping ahead while a write is on its way to the disk (a wait on the
    /// writer thread looks like an idle runtime), so every time in a scripted game is exact.
    /// Off by default: under load it would hold a blocking thread per game being written.
    pub store_writes_on_blocking_pool: bool,
    /// Time a client has to send a whole HTTP request head, counted from the connection's
    /// start or from the end of the previous answer (so it also closes an idle keep-alive
    /// connection).
    pub header_timeout: Duration,
    /// Time a client has to send a whole HTTP request body, from the end of its head.
    pub body_timeout: Duration,
    /// TCP connections the server holds at once (HTTP and WebSocket); one more gets `503
    /// server_busy`. 0: the file-descriptor limit less a reserve (see `listen`).
    pub max_connections: usize,
    /// TCP connections one client address (an IPv6 /64) holds at once; one more gets `429
    /// address_busy`.
    pub max_connections_per_address: usize,
    /// Games one client address may create at once...
    pub games_burst: u32,
    /// ...and per minute after that (`429 too_many_games` beyond). 0: no limit.
    pub games_per_minute: u32,
    /// Games without a move created without a token the server holds at once (`503
    /// too_many_unstarted_games` beyond): an arbiter's token (a round's) and the admin token
    /// are neither held to it nor counted.
    pub max_unstarted_games: usize,
    /// Games without a move one client address holds at once, whoever creates them but the
    /// admin token (`429 address_unstarted_games` beyond).
    pub max_unstarted_games_per_address: usize,
    /// A game without a move is removed (with its recordings) this long after its creation.
    pub unstarted_game_ttl: Duration,
    /// Only the admin token (or an arbiter's) creates games (`401 unauthorized` otherwise).
    pub require_token: bool,
    /// Bytes of recordings the server holds, all games together (`507 recordings_full`
    /// beyond).
    pub max_recording_bytes: u64,
    /// Bytes of recordings uploaded from one client address (an IPv6 /64) the server holds
    /// (`429 address_recordings_full` beyond).
    pub max_recording_bytes_per_address: u64,
    /// Bytes the data directory's file system keeps free: no recording is taken that would
    /// leave less (`507 low_disk_space`), so that the moves always have their room.
    pub recordings_reserve_bytes: u64,
    /// A game with no connection, no request and no running clock leaves memory after this
    /// long (it is loaded again from the store when it is next needed).
    pub evict_after: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 4096,
            max_body_bytes: 16 * 1024,
            hello_timeout: Duration::from_secs(10),
            burst: 20,
            per_second: 10.0,
            flood_strikes: 50,
            max_spectators_per_game: 64,
            max_spectators_per_address: 16,
            max_ungreeted_per_game: 16,
            max_ungreeted_per_address: 64,
            ping_interval: Duration::from_secs(20),
            idle_timeout: Duration::from_secs(60),
            store_writes_on_blocking_pool: false,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            max_connections: 0,
            max_connections_per_address: 512,
            games_burst: 60,
            games_per_minute: 60,
            max_unstarted_games: 1000,
            max_unstarted_games_per_address: 100,
            unstarted_game_ttl: Duration::from_secs(48 * 3600),
            require_token: false,
            max_recording_bytes: 4 << 30,
            max_recording_bytes_per_address: 256 << 20,
            recordings_reserve_bytes: 1 << 30,
            evict_after: Duration::from_secs(300),
        }
    }
}
