//! The accept loop: every TCP connection under a budget, every HTTP request under timeouts.
//!
//! - **A connection budget** below the file-descriptor limit ([`super::Limits::max_connections`])
//!   and per client address ([`super::Limits::max_connections_per_address`]). A connection
//!   keeps its place as long as its socket is open, a WebSocket's whole life included. One
//!   beyond the budget gets a short answer (`503 server_busy`, or `429 address_busy` for an
//!   address that holds too many) and is closed; the games on the connections already open
//!   go on. Beyond [`OVERFLOW`] such answers at once, a connection is closed unanswered.
//! - **A header timeout** ([`super::Limits::header_timeout`]): a request head must arrive
//!   whole within it, counted from the connection's start or from the end of the previous
//!   answer, so an idle keep-alive connection is closed after it too.
//! - **A body timeout** ([`super::Limits::body_timeout`]): a request body must arrive whole
//!   within it, counted from the end of the head.
//!
//! Only HTTP/1.1 (and its upgrade to WebSocket) is served: that is what browsers speak to a
//! server without TLS.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{Request, StatusCode};
use hyper::body::{Frame, Incoming};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

use super::Limits;
use super::http::error;
use super::render::lang_from_accept;

/// Answers to connections over the budget that may be under way at once.
pub const OVERFLOW: usize = 64;

/// File descriptors kept free beside the connection budget: the database and its journal,
/// recordings, espeak-ng's pipes, the log.
pub const RESERVED_FDS: usize = 256;

/// The connection budget when [`super::Limits::max_connections`] is 0: the process's
/// file-descriptor limit less [`RESERVED_FDS`] (and at most a tenth less), at least 64.
pub fn auto_max_connections() -> usize {
    let soft = fd_limit().unwrap_or(1024);
    soft.saturating_sub(RESERVED_FDS.max(soft / 10)).max(64)
}

/// The soft limit on open files, if it has one.
fn fd_limit() -> Option<usize> {
    #[cfg(unix)]
    {
        let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile);
        limit.current.and_then(|n| usize::try_from(n).ok())
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The address a connection came from, for the handlers (limits per address).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientAddr(pub Option<IpAddr>);

impl ClientAddr {
    /// The key its limits are counted under: the address itself for IPv4, its /64 network
    /// for IPv6 (one host has a whole /64 to choose from).
    pub fn key(self) -> Option<IpAddr> {
        self.0.map(address_key)
    }
}

/// The key an address is counted under (see [`ClientAddr::key`]).
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(bits.into())
            }
        },
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientAddr, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<ClientAddr>()
            .copied()
            .unwrap_or(ClientAddr(None)))
    }
}

/// Counts of something per key (connections per address, per game ...), each place given
/// back when its [`Place`] is dropped.
pub struct PerKey<K: std::hash::Hash + Eq + Clone> {
    counts: Mutex<HashMap<K, usize>>,
}

impl<K: std::hash::Hash + Eq + Clone> Default for PerKey<K> {
    fn default() -> Self {
        PerKey {
            counts: Mutex::new(HashMap::new()),
        }
    }
}

/// One place in a [`PerKey`] count.
pub struct Place<K: std::hash::Hash + Eq + Clone> {
    counts: Arc<PerKey<K>>,
    key: K,
}

impl<K: std::hash::Hash + Eq + Clone> PerKey<K> {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, usize>> {
        // Plain counters: a panic elsewhere cannot leave them half-changed.
        self.counts.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place under `key`, unless it has `max` already.
    pub fn take(self: &Arc<Self>, key: &K, max: usize) -> Option<Place<K>> {
        let mut counts = self.lock();
        let n = counts.entry(key.clone()).or_default();
        if *n >= max {
            if *n == 0 {
                counts.remove(key);
            }
            return None;
        }
        *n += 1;
        Some(Place {
            counts: Arc::clone(self),
            key: key.clone(),
        })
    }

    /// The places `key` holds now.
    #[cfg(test)]
    pub fn count(&self, key: &K) -> usize {
        self.lock().get(key).copied().unwrap_or(0)
    }
}

impl<K: std::hash::Hash + Eq + Clone> Drop for Place<K> {
    fn drop(&mut self) {
        let mut counts = self.counts.lock();
        if let Some(n) = counts.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

/// Why a connection was not let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Over {
    /// The whole server's budget is taken.
    Server,
    /// This address holds its share already.
    Address,
}

/// A connection's place in the budget.
struct Budgeted {
    _server: OwnedSemaphorePermit,
    _address: Option<Place<IpAddr>>,
}

struct Budget {
    server: Arc<Semaphore>,
    addresses: Arc<PerKey<IpAddr>>,
    per_address: usize,
}

impl Budget {
    fn take(&self, ip: IpAddr) -> Result<Budgeted, Over> {
        let address = self
            .addresses
            .take(&address_key(ip), self.per_address)
            .ok_or(Over::Address)?;
        let server = Arc::clone(&self.server)
            .try_acquire_owned()
            .map_err(|_| Over::Server)?;
        Ok(Budgeted {
            _server: server,
            _address: Some(address),
        })
    }
}

/// A TCP stream holding its place in the budget for as long as it is open (through a
/// WebSocket upgrade, which takes the stream along).
struct Held {
    tcp: TcpStream,
    _place: Budgeted,
}

impl AsyncRead for Held {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Held {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// A request body that must arrive whole before a deadline.
struct Deadline {
    inner: Incoming,
    sleep: Pin<Box<Sleep>>,
}

/// The body did not arrive in time.
#[derive(Debug)]
struct BodyTimeout;

impl std::fmt::Display for BodyTimeout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the request body did not arrive in time")
    }
}

impl std::error::Error for BodyTimeout {}

impl http_body::Body for Deadline {
    type Data = axum::body::Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = self.get_mut();
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        match this.sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(BodyTimeout)))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// Serves `router` on `listener` until `shutdown` is cancelled, then lets every request
/// under way finish and returns. (WebSockets are closed by their own tasks.)
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    shutdown: CancellationToken,
) {
    let max = match limits.max_connections {
        0 => auto_max_connections(),
        n => n,
    };
    tracing::info!(
        connections = max,
        per_address = limits.max_connections_per_address,
        "connection budget"
    );
    let budget = Budget {
        server: Arc::new(Semaphore::new(max)),
        addresses: Arc::default(),
        per_address: limits.max_connections_per_address,
    };
    let overflow = Arc::new(Semaphore::new(OVERFLOW));
    let conns = TaskTracker::new();
    let mut refused = LogEvery::new(Duration::from_secs(10));
    loop {
        let accepted = tokio::select! {
            _ = shutdown.cancelled() => break,
            a = listener.accept() => a,
        };
        let (tcp, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of file descriptors (or another passing error): wait a moment rather
                // than spin; the connections already open go on.
                if refused.due() {
                    tracing::warn!(
                        "accept: {e} ({} more since the last report)",
                        refused.take()
                    );
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // No Nagle: an event and the acknowledgement after it are small writes that must not
        // wait for the peer's delayed ACK.
        let _ = tcp.set_nodelay(true);
        match budget.take(peer.ip()) {
            Ok(place) => {
                let io = Held { tcp, _place: place };
                conns.spawn(connection(
                    io,
                    peer,
                    router.clone(),
                    limits.clone(),
                    shutdown.clone(),
                ));
            }
            Err(over) => {
                if refused.due() {
                    tracing::warn!(
                        %peer,
                        "connection refused: {over:?} over budget ({} more since the last report)",
                        refused.take()
                    );
                }
                if let Ok(permit) = Arc::clone(&overflow).try_acquire_owned() {
                    conns.spawn(refuse(tcp, over, limits.clone(), permit));
                }
                // Beyond that: closed unanswered (the stream is dropped here).
            }
        }
    }
    conns.close();
    conns.wait().await;
}

/// One connection, served until it closes (or, at shutdown, until its request is answered).
async fn connection(
    io: Held,
    peer: SocketAddr,
    router: Router,
    limits: Limits,
    shutdown: CancellationToken,
) {
    let body_timeout = limits.body_timeout;
    let service = router.map_request(move |req: Request<Incoming>| {
        let mut req = req.map(|inner| {
            Body::new(Deadline {
                inner,
                sleep: Box::pin(tokio::time::sleep_until(Instant::now() + body_timeout)),
            })
        });
        req.extensions_mut().insert(ClientAddr(Some(peer.ip())));
        req
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let conn = builder
        .serve_connection(TokioIo::new(io), TowerToHyperService::new(service))
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        _ = shutdown.cancelled() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// A connection over the budget: one short answer in the request's language, then closed.
async fn refuse(tcp: TcpStream, over: Over, limits: Limits, _permit: OwnedSemaphorePermit) {
    let service = tower::service_fn(move |req: Request<Incoming>| async move {
        let lang = lang_from_accept(
            req.headers()
                .get(axum::http::header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok()),
        );
        let (status, code) = match over {
            Over::Server => (StatusCode::SERVICE_UNAVAILABLE, "server_busy"),
            Over::Address => (StatusCode::TOO_MANY_REQUESTS, "address_busy"),
        };
        let mut resp = error(lang, status, code, &[], None);
        let headers = resp.headers_mut();
        headers.insert(
            axum::http::header::RETRY_AFTER,
            axum::http::HeaderValue::from_static("5"),
        );
        headers.insert(
            axum::http::header::CONNECTION,
            axum::http::HeaderValue::from_static("close"),
        );
        for (name, value) in super::headers::security_headers() {
            headers.insert(name, value);
        }
        Ok::<_, std::convert::Infallible>(resp)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout.min(Duration::from_secs(2)))
        .keep_alive(false);
    let conn = builder.serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service));
    let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
}

/// Rate-limited logging: at most one line per period, with the count of the others.
pub struct LogEvery {
    period: Duration,
    last: Option<Instant>,
    skipped: u64,
}

impl LogEvery {
    pub fn new(period: Duration) -> LogEvery {
        LogEvery {
            period,
            last: None,
            skipped: 0,
        }
    }

    /// Whether a line may be written now; if not, it is counted.
    pub fn due(&mut self) -> bool {
        let now = Instant::now();
        if self
            .last
            .is_none_or(|t| now.duration_since(t) >= self.period)
        {
            self.last = Some(now);
            true
        } else {
            self.skipped += 1;
            false
        }
    }

    /// The lines skipped since the last one written (and starts counting again).
    pub fn take(&mut self) -> u64 {
        std::mem::take(&mut self.skipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_counted_per_key_and_given_back() {
        let counts: Arc<PerKey<u8>> = Arc::default();
        let a = counts.take(&1, 2).unwrap();
        let b = counts.take(&1, 2).unwrap();
        assert!(counts.take(&1, 2).is_none());
        let other = counts.take(&2, 2).unwrap();
        assert_eq!(counts.count(&1), 2);
        drop(a);
        assert_eq!(counts.count(&1), 1);
        drop((b, other));
        assert!(counts.lock().is_empty());
        // A key with no place at all leaves nothing behind.
        assert!(counts.take(&3, 0).is_none());
        assert!(counts.lock().is_empty());
    }

    #[test]
    fn ipv6_addresses_count_by_their_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(address_key(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn the_automatic_budget_stays_below_the_descriptor_limit() {
        let max = auto_max_connections();
        if let Some(limit) = fd_limit() {
            assert!(max < limit || limit < 64 + RESERVED_FDS, "{max} of {limit}");
        }
        assert!(max >= 64);
    }

    #[tokio::test(start_paused = true)]
    async fn repeated_lines_are_logged_once_a_period() {
        let mut log = LogEvery::new(Duration::from_secs(10));
        assert!(log.due());
        assert!(!log.due());
        assert!(!log.due());
        tokio::time::advance(Duration::from_secs(10)).await;
        assert!(log.due());
        assert_eq!(log.take(), 2);
        assert_eq!(log.take(), 0);
    }
}
