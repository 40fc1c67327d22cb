//! A real server on 127.0.0.1:0 and real WebSocket clients for the server tests; `process`:
//! `hamle serve` as a process of its own.

pub(crate) mod process;

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use hamle::server::{Config, Limits};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tokio_util::sync::CancellationToken;

/// How long any single expected message may take.
pub(crate) const STEP: Duration = Duration::from_secs(5);

pub(crate) struct TestServer {
    pub addr: SocketAddr,
    pub dir: tempfile::TempDir,
    shutdown: CancellationToken,
    task: tokio::task::JoinHandle<()>,
}

impl TestServer {
    pub(crate) async fn start() -> TestServer {
        TestServer::start_with(Limits::default()).await
    }

    pub(crate) async fn start_with(limits: Limits) -> TestServer {
        TestServer::start_in(tempfile::tempdir().unwrap(), limits).await
    }

    /// A server on the data directory `dir` (a restart when another server used it before).
    pub(crate) async fn start_in(dir: tempfile::TempDir, limits: Limits) -> TestServer {
        TestServer::start_configured(dir, limits, |_| {}).await
    }

    /// A server whose configuration `edit` changes first (an engine for the computer
    /// opponent, say).
    pub(crate) async fn start_configured(
        dir: tempfile::TempDir,
        limits: Limits,
        edit: impl FnOnce(&mut Config),
    ) -> TestServer {
        let listener = hamle::server::bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let addr = listener.local_addr().unwrap();
        let shutdown = CancellationToken::new();
        let mut config = config_in(dir.path(), limits).await;
        edit(&mut config);
        let token = shutdown.clone();
        let task = tokio::spawn(async move {
            hamle::server::run(listener, config, token).await.unwrap();
        });
        TestServer {
            addr,
            dir,
            shutdown,
            task,
        }
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub(crate) fn admin_token(&self) -> String {
        let path = hamle::server::admin_token_path(self.dir.path());
        std::fs::read_to_string(path).unwrap().trim().to_owned()
    }

    /// Creates a game and returns the whole answer (id, tokens, state).
    pub(crate) async fn create(&self, body: Value) -> Game {
        create_at(&format!("http://{}", self.addr), body).await
    }

    pub(crate) async fn stop(self) {
        self.stop_keeping_data().await;
    }

    /// Stops the server and hands back its data directory, for a restart.
    pub(crate) async fn stop_keeping_data(self) -> tempfile::TempDir {
        self.shutdown.cancel();
        tokio::time::timeout(STEP, self.task)
            .await
            .expect("server stops in time")
            .unwrap();
        self.dir
    }
}

/// The variable that runs the server tests against PostgreSQL: a URL of a database where
/// the tests may create databases (`scripts/test postgres` sets it, see scripts/pg-temp.sh).
pub(crate) const TEST_STORE: &str = "HAMLE_TEST_STORE";

/// Where a data directory's PostgreSQL database is written down (so a restart on the same
/// directory finds the same games).
const STORE_FILE: &str = "test-store-url";

fn stored_url(dir: &std::path::Path) -> Option<hamle::store::StoreUrl> {
    let url = std::fs::read_to_string(dir.join(STORE_FILE)).ok()?;
    Some(hamle::store::StoreUrl::Postgres(url.trim().to_owned()))
}

/// The server's configuration on the data directory `dir`: its store is SQLite there, or,
/// when `HAMLE_TEST_STORE` names a PostgreSQL server, a database of its own on that server
/// (made the first time, and used again by a server restarted on the same directory).
pub(crate) async fn config_in(dir: &std::path::Path, limits: Limits) -> Config {
    let mut config = Config::new(dir.to_owned());
    config.limits = limits;
    if let Some(url) = stored_url(dir) {
        config.store = url;
    } else if let Ok(admin) = std::env::var(TEST_STORE) {
        let url = tokio::task::spawn_blocking(move || {
            hamle::store::create_test_database(&admin)
                .unwrap_or_else(|e| panic!("{TEST_STORE}: {e}"))
        })
        .await
        .unwrap();
        std::fs::write(dir.join(STORE_FILE), &url).unwrap();
        config.store = hamle::store::StoreUrl::Postgres(url);
    }
    config
}

/// A created game.
#[derive(Clone, Debug)]
pub(crate) struct Game {
    pub id: String,
    pub created: Value,
}

impl Game {
    pub(crate) fn token(&self, seat: &str) -> String {
        self.created["tokens"][seat]
            .as_str()
            .unwrap_or_else(|| panic!("no token for {seat}"))
            .to_owned()
    }
}

pub(crate) async fn create_at(base: &str, body: Value) -> Game {
    let resp = reqwest::Client::new()
        .post(format!("{base}/api/games"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 201);
    let created: Value = resp.json().await.unwrap();
    Game {
        id: created["id"].as_str().unwrap().to_owned(),
        created,
    }
}

/// The state over HTTP with a token.
pub(crate) async fn http_state(base: &str, game: &Game, token: &str) -> Value {
    let resp = reqwest::Client::new()
        .get(format!("{base}/api/games/{}", game.id))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    resp.json().await.unwrap()
}

pub(crate) type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One seat's WebSocket.
pub(crate) struct Client {
    pub ws: Ws,
    pub name: String,
    next_id: u64,
}

impl Client {
    /// Opens the socket without greeting.
    pub(crate) async fn open(addr: &str, game: &Game) -> Ws {
        let url = format!("ws://{addr}/api/games/{}/ws", game.id);
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        ws
    }

    /// A client over an already open socket.
    pub(crate) fn from_ws(ws: Ws, name: &str) -> Client {
        Client {
            ws,
            name: name.to_owned(),
            next_id: 0,
        }
    }

    /// Connects and greets; returns the client and the welcome message.
    pub(crate) async fn connect(
        addr: &str,
        game: &Game,
        seat: &str,
        since: Option<u64>,
    ) -> (Client, Value) {
        let ws = Client::open(addr, game).await;
        let mut c = Client {
            ws,
            name: seat.to_owned(),
            next_id: 0,
        };
        let mut hello = json!({"type": "hello", "v": 1, "token": game.token(seat)});
        if let Some(n) = since {
            hello["since"] = json!(n);
        }
        c.send(hello).await;
        let welcome = c.recv().await;
        assert_eq!(welcome["type"], "welcome", "{seat}: {welcome}");
        assert_eq!(welcome["v"], 1);
        (c, welcome)
    }

    pub(crate) async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }

    pub(crate) async fn send_text(&mut self, text: String) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// The next JSON message (control frames skipped). Panics on close or timeout.
    pub(crate) async fn recv(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(STEP, self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("{}: no message in time", self.name))
                .unwrap_or_else(|| panic!("{}: socket ended", self.name))
                .unwrap_or_else(|e| panic!("{}: {e}", self.name));
            match msg {
                Message::Text(t) => return serde_json::from_str(t.as_str()).unwrap(),
                Message::Ping(_) | Message::Pong(_) => continue,
                other => panic!("{}: unexpected frame {other:?}", self.name),
            }
        }
    }

    /// Reads until the socket closes; returns the close frame's code, the JSON messages
    /// that came before it.
    pub(crate) async fn until_close(&mut self) -> (Option<u16>, Vec<Value>) {
        let mut seen = Vec::new();
        loop {
            let next = tokio::time::timeout(STEP, self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("{}: no close in time", self.name));
            match next {
                None | Some(Err(_)) => return (None, seen),
                Some(Ok(Message::Close(frame))) => {
                    return (frame.map(|f: CloseFrame| u16::from(f.code)), seen);
                }
                Some(Ok(Message::Text(t))) => seen.push(serde_json::from_str(t.as_str()).unwrap()),
                Some(Ok(_)) => {}
            }
        }
    }

    fn fresh_id(&mut self) -> String {
        self.next_id += 1;
        format!("{}-{}", self.name, self.next_id)
    }

    /// Sends a request (an `id` is added) and returns every message up to and including
    /// its answer (`ack`, `error`, `pong` or `state` with that id).
    pub(crate) async fn request(&mut self, mut v: Value) -> Vec<Value> {
        let id = self.fresh_id();
        v["id"] = json!(id);
        self.send(v).await;
        let mut got = Vec::new();
        loop {
            let m = self.recv().await;
            let done = m["type"] != "event" && m["id"] == json!(id);
            got.push(m);
            if done {
                return got;
            }
        }
    }

    /// A request that must be refused with `code`; returns the error message text.
    pub(crate) async fn refused(&mut self, v: Value, code: &str) -> String {
        let got = self.request(v.clone()).await;
        let last = got.last().unwrap();
        assert_eq!(last["type"], "error", "{}: {v} -> {got:?}", self.name);
        assert_eq!(last["code"], code, "{}: {v} -> {last}", self.name);
        // Only events of other seats' earlier actions may come before it.
        for m in &got[..got.len() - 1] {
            assert_eq!(m["type"], "event", "{}: {got:?}", self.name);
        }
        last["message"].as_str().unwrap().to_owned()
    }
}
