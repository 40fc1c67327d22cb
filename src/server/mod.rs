//! The play server: HTTP to create and inspect games, a WebSocket per seat to play them.
//!
//! - [`run`] serves on an already bound listener until the shutdown token is cancelled.
//! - `actor`: one task owns each game; connections talk to it through a `GameHandle`.
//! - `ws`: one WebSocket connection; `http`: the HTTP routes; `wire`: the JSON.
//! - `recordings`: recordings of scoresheet entries on the disk; `addr`: where a connection
//!   comes from; `listen`: the accept loop.
//! - `opponent`: the computer opponent's seat in a game against the computer (issue 34).
//! - The store ([`crate::store`]) holds every accepted action before it is acknowledged.
//!
//! The protocol is documented in `docs/protocol.md`.

pub mod admission;
pub mod app;
pub mod audio;
pub mod boards;
pub mod cluster;
mod command;
mod data_lock;
pub mod engines;
pub use data_lock::{Holder, InUse};
pub mod host;
pub mod http;
mod listen;
pub mod opponent;
mod recordings;
pub mod render;
pub mod rounds;
mod unstarted;
pub mod web;
pub mod wire;
pub mod ws;

use std::io;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::{TcpListener, TcpSocket};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::store::StoreError;
use host::hub::Hub;
use host::server_clock::ServerClock;

pub use admission::auth::admin_token_path;
pub use admission::limits::Limits;
pub use app::AppState;
use app::Inner;
pub use audio::SpeechConfig;
pub use audio::local_voice::{LocalSpeech, SpeakOptions, Voice};
pub use audio::spoken::{Heard, spoken_to};
pub use command::{Services, StoreOptions, cancel_on_signal, operator_lang, serve_command};
pub use recordings::{
    MAX_RECORDING_BYTES_PER_GAME, MAX_RECORDINGS_PER_GAME, MAX_RECORDINGS_PER_SHEET,
};

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the SQLite database (unless `store` names another), the admin token and the
    /// recordings live.
    pub data_dir: PathBuf,
    pub limits: Limits,
    /// The games' store (`--store`): SQLite in `data_dir` by default, or PostgreSQL.
    pub store: crate::store::StoreUrl,
    /// This node's name in the store's leases (`--node`).
    pub node: String,
    /// The computer opponent's engines (`--engine`; `None`: no games against the computer).
    pub engine: Option<crate::engine::EngineConfig>,
}

impl Config {
    pub fn new(data_dir: PathBuf) -> Config {
        Config {
            data_dir,
            limits: Limits::default(),
            store: crate::store::StoreUrl::default(),
            node: DEFAULT_NODE.to_owned(),
            engine: None,
        }
    }
}

/// The node's name when `--node` is not given.
pub const DEFAULT_NODE: &str = "local";

/// The default data directory: `<user data dir>/hamle` (e.g. `~/.local/share/hamle`).
pub fn default_data_dir() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("hamle")
}

/// Binds a listening socket with a deep accept backlog.
pub fn bind(addr: SocketAddr) -> io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(4096)
}

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Another process serves the data directory (`data_lock`).
    #[error(transparent)]
    InUse(#[from] data_lock::InUse),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Another running node of the cluster has this node's name.
    #[error("a node named {0} is already running in this cluster")]
    NodeNameInUse(String),
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Connects to NATS; `owners` are the leases every node sees ([`crate::store::cluster_owners`]).
async fn join_cluster(
    options: ClusterOptions,
    owners: Arc<dyn crate::store::Owners>,
    tracker: &TaskTracker,
    shutdown: &CancellationToken,
) -> Result<cluster::bus::Cluster, ServeError> {
    // Each connection to the bus (the first, and every one after an outage) is counted: the
    // followers read what they missed from the store.
    let (connected, bus_back) = tokio::sync::watch::channel(0u64);
    let client = async_nats::ConnectOptions::new()
        .name(format!("hamle {}", options.node))
        // Back within half a second of the bus's return (the default waits up to 4 s).
        .reconnect_delay_callback(|attempts| {
            std::time::Duration::from_millis((50 * attempts as u64).min(500))
        })
        .event_callback(move |event| {
            if matches!(event, async_nats::Event::Connected) {
                connected.send_modify(|n| *n += 1);
            }
            std::future::ready(())
        })
        .connect(options.bus.as_str())
        .await
        .map_err(|e| ServeError::Io(io::Error::other(format!("{}: {e}", options.bus))))?;
    // Two processes under one name would each take the other's leases for their previous
    // process's (`release_all`) and both serve its games: a running node answers to its name.
    if cluster::bus::name_in_use(&client, &options.node).await {
        return Err(ServeError::NodeNameInUse(options.node));
    }
    let named = cluster::bus::answer_to_name(&client, &options.node)
        .await
        .map_err(|e| ServeError::Io(io::Error::other(format!("{}: {e}", options.bus))))?;
    // Until the server stops (its shutdown waits for every tracked task).
    let stop = shutdown.clone();
    tracker.spawn(async move {
        tokio::select! {
            _ = stop.cancelled() => {}
            _ = named => {}
        }
    });
    tracing::info!(node = %options.node, bus = %options.bus, "joined the cluster");
    Ok(cluster::bus::Cluster::new(
        client,
        owners,
        options.lease,
        bus_back,
    ))
}

/// Every route: the games' ([`http::routes`]), the rounds' and the pages', a localised 404
/// for any other path, and the security headers on every answer.
fn router(app: AppState) -> axum::Router {
    let routes = http::routes(&app)
        .merge(rounds::routes())
        .merge(web::routes())
        .fallback(http::unknown);
    admission::headers::secure(routes).with_state(app)
}

/// Serves until `shutdown` is cancelled, then closes every connection (1001), stops every
/// game task and returns.
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: CancellationToken,
) -> Result<(), ServeError> {
    run_with_speech(listener, config, SpeechConfig::default(), shutdown).await
}

/// [`run`], with rendered audio from `speech.espeak` and, if `speech.local` is set, the
/// machine's own voice speaking for one seat (see `docs/speech.md`).
pub async fn run_with_speech(
    listener: TcpListener,
    config: Config,
    speech: SpeechConfig,
    shutdown: CancellationToken,
) -> Result<(), ServeError> {
    run_node(listener, config, speech, None, shutdown, || ()).await
}

/// How a node joins a cluster (`hamle serve --bus ... --node ...`, `docs/scale-out.md`).
#[derive(Clone, Debug)]
pub struct ClusterOptions {
    /// The NATS server, e.g. `nats://127.0.0.1:4222`.
    pub bus: String,
    /// This node's name, unique in the cluster.
    pub node: String,
    /// How long a game's lease lasts; another node takes a silent owner's games this long
    /// after its last renewal.
    pub lease: Duration,
}

/// [`run_with_speech`], as one node of a cluster when `cluster` is set: games are shared
/// with the other nodes through the store (PostgreSQL, or a SQLite file the nodes on one
/// machine share) and NATS. `ready` is called once the store is open and the node has
/// joined its cluster, just before the first connection is taken (`hamle serve` prints its
/// address then, so that whoever waits for it finds the server able to answer).
pub async fn run_node(
    listener: TcpListener,
    config: Config,
    speech: SpeechConfig,
    cluster: Option<ClusterOptions>,
    shutdown: CancellationToken,
    ready: impl FnOnce(),
) -> Result<(), ServeError> {
    let dir = config.data_dir.clone();
    // A node of a cluster is named by its cluster options (the same `--node` on the command
    // line), in its leases whatever the store.
    let node = cluster.as_ref().map_or(&config.node, |c| &c.node).clone();
    let url = config.store.clone();
    let clustered = cluster.is_some();
    // One server per data directory (or one process per node name among a cluster's nodes),
    // for the whole run: taken before anything in it is opened.
    let data_lock = lock_data(&dir, clustered.then(|| node.clone()), &url).await?;
    let (store, owners, admin) = tokio::task::spawn_blocking(move || {
        let opened = crate::store::open(&url, &dir, &node).map_err(ServeError::Store)?;
        // A cluster's leases and command ids are the ones every node sees.
        let owners = clustered
            .then(|| crate::store::cluster_owners(&url, &dir, &node, &opened))
            .transpose()?;
        let admin = admission::auth::load_or_create_admin_token(&dir).map_err(ServeError::Io)?;
        Ok::<_, ServeError>((opened.store, owners, admin))
    })
    .await
    .map_err(|e| ServeError::Io(io::Error::other(e)))??;
    // Every task the server starts (shutdown waits for them).
    let tracker = TaskTracker::new();
    let cluster = match (cluster, owners) {
        (Some(options), Some(owners)) => Some(Arc::new(
            join_cluster(options, owners, &tracker, &shutdown).await?,
        )),
        _ => None,
    };
    // The leases this node's name holds are its previous process's: no process of it serves
    // those games now, so they go at once (the other nodes take them over at the next order;
    // this node claims again, with the next epoch, what it loads).
    if let Some(cluster) = &cluster {
        let released = cluster
            .owners
            .release_all()
            .await
            .map_err(|e| ServeError::Io(io::Error::other(format!("the leases: {e}"))))?;
        if released > 0 {
            tracing::info!(
                released,
                "let go the games this node held before it started"
            );
        }
    }
    // The recordings already on the disk count against their quotas.
    let tally = recordings_on_disk(&config).await?;
    let leases = cluster.clone();
    // In a cluster a board's notices go to the other nodes' connections too.
    let boards = cluster.as_ref().map_or_else(boards::Boards::default, |c| {
        boards::Boards::on_bus(c.client.clone(), tracker.clone())
    });
    // The engine is tried when the first game against the computer is asked for: a program
    // that is no engine is said then, and games against it are refused with that reason.
    let opponents = config.engine.clone().map(|engine| {
        Arc::new(engines::Opponents::new(crate::engine::EnginePool::new(
            engine,
        )))
    });
    let clock = ServerClock::start();
    // Nothing is loaded here: each game comes into memory when it is first needed.
    let hub = Hub::new(
        Arc::clone(&store),
        clock,
        &config.limits,
        shutdown.clone(),
        tracker.clone(),
        cluster,
    );
    let app = AppState(Arc::new(Inner {
        hub,
        store: Arc::clone(&store),
        limits: Arc::new(config.limits.clone()),
        clock,
        admin,
        door: Arc::default(),
        creation: admission::creation::Creation::new(&config.limits),
        shutdown: shutdown.clone(),
        tracker,
        speech: audio::ServerSpeech::new(speech),
        data_dir: config.data_dir.clone(),
        uploads: Arc::new(tokio::sync::Mutex::new(tally)),
        opponents,
        boards,
    }));
    // A game against the computer loaded from the store: its seat plays again (issue 34).
    // The hook holds the server's state weakly: the hub is part of it.
    let weak = Arc::downgrade(&app.0);
    app.hub().set_on_load(Box::new(move |handle| {
        if let Some(inner) = weak.upgrade() {
            opponent::resume(&AppState(inner), handle);
        }
    }));
    app.0
        .tracker
        .spawn(boards::follow_bus(app.boards().clone(), shutdown.clone()));
    match &config.store {
        crate::store::StoreUrl::DataDir => {
            tracing::info!("store opened at {}", config.data_dir.display())
        }
        other => tracing::info!(node = %config.node, "store opened: {other}"),
    }
    count_unstarted(&app).await;

    follow_local_voice(&app, &shutdown).await?;

    app.0.tracker.spawn(unstarted::sweeper(
        app.clone(),
        admission::creation::sweep_period(&config.limits),
    ));
    let router = router(app.clone());
    ready();
    listen::serve(listener, router, &config.limits, shutdown.clone()).await;
    shutdown.cancel();
    app.0.tracker.close();
    app.0.tracker.wait().await;
    // The engine seats' tasks have ended: the idle engines quit.
    if let Some(opponents) = app.opponents() {
        opponents.pool().shutdown().await;
    }
    // A clean stop lets this node's games go: the other nodes take them over at once.
    if let Some(cluster) = leases
        && let Err(e) = cluster.owners.release_all().await
    {
        tracing::warn!("could not let the games go: {e}");
    }
    drop(data_lock);
    Ok(())
}

/// `hamle serve --speak`: the machine's own voice follows the game it names (which must
/// exist) or the newest one, on the server's tracker.
async fn follow_local_voice(
    app: &AppState,
    shutdown: &CancellationToken,
) -> Result<(), ServeError> {
    let Some(listening) = app.0.speech.local.clone() else {
        return Ok(());
    };
    let first = match listening.fixed_game() {
        Some(id) => {
            let Some(game) = app.game(id).await else {
                shutdown.cancel();
                app.0.tracker.close();
                app.0.tracker.wait().await;
                return Err(ServeError::Io(io::Error::other(listening.no_such_game(id))));
            };
            Some(game)
        }
        None => app.newest_game().await,
    };
    let follow = audio::local_voice::follow(app.shutdown(), first, listening);
    app.0.tracker.spawn(follow);
    Ok(())
}

/// The data directory's lock (and the SQLite file's, when the store is one elsewhere), for
/// `node` among a cluster's nodes: the second server on either stops here.
async fn lock_data(
    dir: &std::path::Path,
    node: Option<String>,
    store: &crate::store::StoreUrl,
) -> Result<data_lock::DataLock, ServeError> {
    let (dir, store) = (dir.to_owned(), store.clone());
    tokio::task::spawn_blocking(move || {
        let lock = data_lock::take(&dir, node.as_deref())?;
        match &store {
            crate::store::StoreUrl::Sqlite(path) => {
                Ok(lock.and(data_lock::take_file(path, node.as_deref())?))
            }
            _ => Ok(lock),
        }
    })
    .await
    .map_err(|e| ServeError::Io(io::Error::other(e)))?
    .map_err(|e| match e {
        data_lock::LockError::InUse(in_use) => ServeError::InUse(in_use),
        data_lock::LockError::Io(e) => ServeError::Io(e),
    })
}

/// The recordings already on the disk, counted against their quotas (and logged).
async fn recordings_on_disk(config: &Config) -> Result<recordings::Tally, ServeError> {
    let dir = config.data_dir.clone();
    let tally = tokio::task::spawn_blocking(move || recordings::Tally::of_disk(&dir))
        .await
        .map_err(|e| ServeError::Io(io::Error::other(e)))?;
    tracing::info!(
        mib = tally.total() >> 20,
        max_mib = config.limits.max_recording_bytes >> 20,
        per_address_mib = config.limits.max_recording_bytes_per_address >> 20,
        reserve_mib = config.limits.recordings_reserve_bytes >> 20,
        "recordings"
    );
    Ok(tally)
}

/// Games that never started, counted from their stored summaries (none is loaded).
async fn count_unstarted(app: &AppState) {
    let store = Arc::clone(&app.0.store);
    match tokio::task::spawn_blocking(move || store.unstarted_games()).await {
        Ok(Ok(games)) => {
            for (id, created_ms) in games {
                app.0.creation.created(&id, created_ms);
            }
        }
        other => tracing::error!("could not count the games never started: {other:?}"),
    }
}
