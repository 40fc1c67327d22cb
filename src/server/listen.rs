//! The accept loop: every TCP connection under a budget, every HTTP request under timeouts.
//!
//! - **A connection budget** below the file-descriptor limit ([`crate::server::admission::limits::Limits::max_connections`])
//!   and per client address ([`crate::server::admission::limits::Limits::max_connections_per_address`]). A connection
//!   keeps its place as long as its socket is open, a WebSocket's whole life included. One
//!   beyond the budget gets a short answer (`503 server_busy`, or `429 address_busy` for an
//!   address that holds too many) and is closed; the games on the connections already open
//!   go on. Beyond [`OVERFLOW`] such answers at once, a connection is closed unanswered.
//! - **A header timeout** ([`crate::server::admission::limits::Limits::header_timeout`]): a request head must arrive
//!   whole within it, counted from the connection's start or from the end of the previous
//!   answer, so an idle keep-alive connection is closed after it too.
//! - **A head of at most [`MAX_HEAD_BYTES`]**, and no more read ahead (`431` beyond): hyper's
//!   default let an unfinished head hold about 400 KiB (issue 30: 1,500 connections from
//!   three addresses took the server from 16 to 605 MiB).
//! - **A body timeout** ([`crate::server::admission::limits::Limits::body_timeout`]): a request body must arrive whole
//!   within it, counted from the end of the head.
//!
//! Only HTTP/1.1 (and its upgrade to WebSocket) is served: that is what browsers speak to a
//! server without TLS.

use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
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

pub(super) use crate::server::admission::addr::ClientAddr;
use crate::server::admission::addr::{PerKey, Place, address_key};
use crate::server::admission::limits::Limits;
use crate::server::admission::log::LogEvery;
use crate::server::http::ApiError;
use crate::server::render::event::lang_from_accept;
use crate::server::wire::ErrorCode;

/// The largest request head (request line and headers), and the most a connection reads
/// ahead of what it has handled.
pub(super) const MAX_HEAD_BYTES: usize = 16 * 1024;

/// Answers to connections over the budget that may be under way at once.
pub(super) const OVERFLOW: usize = 64;

/// File descriptors kept free beside the connection budget: the database and its journal,
/// recordings, espeak-ng's pipes, the log.
pub(super) const RESERVED_FDS: usize = 256;

/// The connection budget when [`crate::server::admission::limits::Limits::max_connections`] is 0: the process's
/// file-descriptor limit less [`RESERVED_FDS`] (and at most a tenth less), at least 64.
pub(super) fn auto_max_connections() -> usize {
    let soft = fd_limit().unwrap_or(1024);
    soft.saturating_sub(RESERVED_FDS.max(soft / 10)).max(64)
}

/// Raises the process's soft limit on open files to its hard limit (a service manager starts
/// a server at a soft limit of 1,024, where the budget would be 768 connections: two
/// addresses at their share would take them all). For `hamle serve`, once at start: the
/// limit is the whole process's. Returns the soft limit before and after, or why it could not.
pub(super) fn raise_open_files() -> Result<(Option<u64>, Option<u64>), String> {
    #[cfg(unix)]
    {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
        let before = getrlimit(Resource::Nofile);
        let raised = match (before.current, before.maximum) {
            (Some(soft), Some(hard)) if soft < hard => Rlimit {
                current: Some(hard),
                maximum: Some(hard),
            },
            _ => return Ok((before.current, before.current)),
        };
        setrlimit(Resource::Nofile, raised).map_err(|e| e.to_string())?;
        Ok((before.current, getrlimit(Resource::Nofile).current))
    }
    #[cfg(not(unix))]
    {
        Ok((None, None))
    }
}

/// The connection budget's share of one address when the budget is the automatic one: at
/// most a quarter of it, so that however low the file limit, four addresses at least are
/// needed to take every place.
pub(super) fn auto_per_address(configured: usize, budget: usize) -> usize {
    configured.min((budget / 4).max(16))
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
#[derive(Debug, thiserror::Error)]
#[error("the request body did not arrive in time")]
struct BodyTimeout;

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
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    shutdown: CancellationToken,
) {
    let (max, per_address) = match limits.max_connections {
        0 => {
            let max = auto_max_connections();
            (
                max,
                auto_per_address(limits.max_connections_per_address, max),
            )
        }
        n => (n, limits.max_connections_per_address),
    };
    tracing::info!(
        connections = max,
        per_address,
        open_files = fd_limit(),
        "connection budget"
    );
    let budget = Budget {
        server: Arc::new(Semaphore::new(max)),
        addresses: Arc::default(),
        per_address,
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
        .max_header_size(MAX_HEAD_BYTES)
        .max_buf_size(MAX_HEAD_BYTES)
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
            Over::Server => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::ServerBusy),
            Over::Address => (StatusCode::TOO_MANY_REQUESTS, ErrorCode::AddressBusy),
        };
        let mut resp =
            axum::response::IntoResponse::into_response(ApiError::new(lang, status, code));
        let headers = resp.headers_mut();
        headers.insert(
            axum::http::header::RETRY_AFTER,
            axum::http::HeaderValue::from_static("5"),
        );
        headers.insert(
            axum::http::header::CONNECTION,
            axum::http::HeaderValue::from_static("close"),
        );
        for (name, value) in crate::server::admission::headers::security_headers() {
            headers.insert(name, value);
        }
        Ok::<_, std::convert::Infallible>(resp)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout.min(Duration::from_secs(2)))
        .max_header_size(MAX_HEAD_BYTES)
        .max_buf_size(MAX_HEAD_BYTES)
        .keep_alive(false);
    let conn = builder.serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service));
    let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_takes_at_most_a_quarter_of_an_automatic_budget() {
        assert_eq!(auto_per_address(512, 768), 192);
        assert_eq!(auto_per_address(512, 18_000), 512);
        assert_eq!(auto_per_address(512, 64), 16);
    }

    #[test]
    fn the_automatic_budget_stays_below_the_descriptor_limit() {
        let max = auto_max_connections();
        if let Some(limit) = fd_limit() {
            assert!(max < limit || limit < 64 + RESERVED_FDS, "{max} of {limit}");
        }
        assert!(max >= 64);
    }
}
