//! The WebSocket upgrade, made here rather than by axum's `WebSocketUpgrade`, so that every
//! byte a client sends passes a frame watch ([`Watched`]) on its way to tungstenite.
//!
//! tungstenite 0.29 bounds a message's bytes (`max_message_size`) and a frame's, but not how
//! many frames a fragmented message has nor how long it takes: a client sending one empty
//! continuation frame after another kept a message open for ever, never reached the
//! connection's rate limit (no message ever came out) and burnt most of a core (issue 30). The
//! watch reads the frame headers as they pass and fails the connection when an unfinished
//! message has more than [`MAX_FRAGMENTS`] frames or is older than [`MAX_MESSAGE_TIME`]: the
//! connection then ends with `message_unfinished` (close 1008). Browsers never fragment the
//! small messages of this protocol.
//!
//! [`Socket`] is the socket as the rest of `ws` knows it: a `Stream` and `Sink` of axum's
//! WebSocket messages, as axum's own `WebSocket` is.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::FromRequestParts;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use futures_util::{Sink, Stream};
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Instant;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::{self as ts};
use tokio_util::task::TaskTracker;

/// Frames one message may have (its first and every continuation frame).
pub const MAX_FRAGMENTS: u32 = 64;
/// The longest a fragmented message may take, from its first frame to its last.
pub const MAX_MESSAGE_TIME: Duration = Duration::from_secs(5);

/// The text of the I/O error the watch fails a connection with (found again in
/// `connection::next_text`).
pub const UNFINISHED: &str = "a WebSocket message that does not end";

/// Why a request is no WebSocket upgrade: its status and text.
#[derive(Debug)]
pub struct NotUpgrade(&'static str);

impl NotUpgrade {
    pub fn status(&self) -> StatusCode {
        StatusCode::BAD_REQUEST
    }

    pub fn body_text(&self) -> String {
        self.0.to_owned()
    }
}

impl axum::response::IntoResponse for NotUpgrade {
    fn into_response(self) -> Response {
        (self.status(), self.0).into_response()
    }
}

/// A request to upgrade to a WebSocket (HTTP/1.1), checked as axum checks it.
pub struct Upgrade {
    key: HeaderValue,
    on_upgrade: hyper::upgrade::OnUpgrade,
    config: WebSocketConfig,
}

fn header_is(headers: &HeaderMap, name: HeaderName, value: &str) -> bool {
    headers
        .get(name)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(value.as_bytes()))
}

impl<S: Send + Sync> FromRequestParts<S> for Upgrade {
    type Rejection = NotUpgrade;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Upgrade, NotUpgrade> {
        if parts.method != Method::GET {
            return Err(NotUpgrade("a WebSocket upgrade is a GET request"));
        }
        let connection_upgrade = parts
            .headers
            .get(header::CONNECTION)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.to_ascii_lowercase().contains("upgrade"));
        if !connection_upgrade || !header_is(&parts.headers, header::UPGRADE, "websocket") {
            return Err(NotUpgrade(
                "`Connection: upgrade` and `Upgrade: websocket` expected",
            ));
        }
        if !header_is(&parts.headers, header::SEC_WEBSOCKET_VERSION, "13") {
            return Err(NotUpgrade("`Sec-WebSocket-Version: 13` expected"));
        }
        let key = parts
            .headers
            .get(header::SEC_WEBSOCKET_KEY)
            .cloned()
            .ok_or(NotUpgrade("`Sec-WebSocket-Key` missing"))?;
        let on_upgrade = parts
            .extensions
            .remove::<hyper::upgrade::OnUpgrade>()
            .ok_or(NotUpgrade("this connection cannot be upgraded"))?;
        Ok(Upgrade {
            key,
            on_upgrade,
            config: WebSocketConfig::default(),
        })
    }
}

impl Upgrade {
    /// The largest message and the largest frame (bytes).
    pub fn max_message_size(mut self, bytes: usize) -> Upgrade {
        self.config = self
            .config
            .max_message_size(Some(bytes))
            .max_frame_size(Some(bytes));
        self
    }

    /// tungstenite's buffers: read in chunks of `read`, write each message at once when
    /// `write` is 0, and hold at most `max_write` for a reader that does not keep up.
    pub fn buffers(mut self, read: usize, write: usize, max_write: usize) -> Upgrade {
        self.config = self
            .config
            .read_buffer_size(read)
            .write_buffer_size(write)
            .max_write_buffer_size(max_write);
        self
    }

    /// The `101 Switching Protocols` answer; `callback` gets the socket once the connection
    /// is upgraded (on a task of its own, as axum's does).
    /// The `101` answer; the socket goes to `callback` on a task of `tracker` (the server's:
    /// shutdown waits for every connection to close).
    pub fn on_upgrade<C, F>(self, tracker: &TaskTracker, callback: C) -> Response
    where
        C: FnOnce(Socket) -> F + Send + 'static,
        F: Future<Output = ()> + Send + 'static,
    {
        let Upgrade {
            key,
            on_upgrade,
            config,
        } = self;
        tracker.spawn(async move {
            let Ok(upgraded) = on_upgrade.await else {
                return;
            };
            let io = Watched::new(TokioIo::new(upgraded));
            let inner = WebSocketStream::from_raw_socket(io, Role::Server, Some(config)).await;
            callback(Socket { inner }).await;
        });
        let accept = ts::handshake::derive_accept_key(key.as_bytes());
        let mut response = Response::new(axum::body::Body::empty());
        *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
        let headers = response.headers_mut();
        headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
        headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
        if let Ok(v) = HeaderValue::from_str(&accept) {
            headers.insert(header::SEC_WEBSOCKET_ACCEPT, v);
        }
        response
    }
}

/// Where the watch is in the client's byte stream.
#[derive(Debug)]
enum At {
    /// In a frame's header: the bytes read of it so far.
    Header { got: [u8; 14], len: usize },
    /// In a frame's payload: bytes still to pass.
    Payload(u64),
}

/// The client's bytes, watched frame by frame (see the module's documentation).
pub struct Watched<T> {
    io: T,
    at: At,
    /// The unfinished message: when its first frame came, and its frames so far.
    open: Option<(Instant, u32)>,
    failed: bool,
}

impl<T> Watched<T> {
    pub fn new(io: T) -> Watched<T> {
        Watched {
            io,
            at: At::Header {
                got: [0; 14],
                len: 0,
            },
            open: None,
            failed: false,
        }
    }

    /// Passes `bytes` through the watch; false once a message has gone on too long.
    fn watch(&mut self, mut bytes: &[u8], now: Instant) -> bool {
        while !bytes.is_empty() {
            match &mut self.at {
                At::Payload(left) => {
                    let n = (*left).min(bytes.len() as u64);
                    *left -= n;
                    bytes = &bytes[n as usize..];
                    if *left == 0 {
                        self.at = At::Header {
                            got: [0; 14],
                            len: 0,
                        };
                    }
                }
                At::Header { got, len } => {
                    got[*len] = bytes[0];
                    *len += 1;
                    bytes = &bytes[1..];
                    let (have, b) = (*len, *got);
                    let Some(payload) = header_done(&b[..have]) else {
                        continue;
                    };
                    self.at = if payload == 0 {
                        At::Header {
                            got: [0; 14],
                            len: 0,
                        }
                    } else {
                        At::Payload(payload)
                    };
                    if !self.frame(b[0], now) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// A frame whose first header byte is `b0` has begun.
    fn frame(&mut self, b0: u8, now: Instant) -> bool {
        let fin = b0 & 0x80 != 0;
        match b0 & 0x0f {
            // A text or binary frame: a message begins (and ends, if it is final).
            1 | 2 => self.open = (!fin).then_some((now, 1)),
            // A continuation: one more frame of the message under way.
            0 => {
                if let Some((_, frames)) = &mut self.open {
                    *frames += 1;
                }
                if fin {
                    self.open = None;
                }
            }
            // Control frames may come between the fragments of a message.
            _ => {}
        }
        match self.open {
            Some((since, frames)) => {
                frames <= MAX_FRAGMENTS && now.duration_since(since) <= MAX_MESSAGE_TIME
            }
            None => true,
        }
    }
}

/// The payload length of a frame whose header is `h` so far, once the header is whole.
fn header_done(h: &[u8]) -> Option<u64> {
    if h.len() < 2 {
        return None;
    }
    let masked = h[1] & 0x80 != 0;
    let mask = if masked { 4 } else { 0 };
    let (ext, len) = match h[1] & 0x7f {
        126 => (2, None),
        127 => (8, None),
        n => (0, Some(u64::from(n))),
    };
    if h.len() < 2 + ext + mask {
        return None;
    }
    let len = len.unwrap_or_else(|| {
        h[2..2 + ext]
            .iter()
            .fold(0u64, |acc, b| (acc << 8) | u64::from(*b))
    });
    Some(len)
}

impl<T: AsyncRead + Unpin> AsyncRead for Watched<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.failed {
            return Poll::Ready(Err(io::Error::new(io::ErrorKind::InvalidData, UNFINISHED)));
        }
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.io).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = polled {
            let now = Instant::now();
            if !this.watch(&buf.filled()[before..], now) {
                // What came before the frame past the bound (a whole message, perhaps) is
                // still read; the next read fails the connection.
                this.failed = true;
            }
        }
        polled
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Watched<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}

/// An upgraded, watched WebSocket: a `Stream` and `Sink` of axum's messages.
pub struct Socket {
    inner: WebSocketStream<Watched<TokioIo<hyper::upgrade::Upgraded>>>,
}

fn text_in(t: ts::Utf8Bytes) -> Utf8Bytes {
    // Valid UTF-8 already; the conversion checks it again, which cannot fail.
    Utf8Bytes::try_from(axum::body::Bytes::from(t)).unwrap_or_default()
}

fn text_out(t: Utf8Bytes) -> ts::Utf8Bytes {
    ts::Utf8Bytes::try_from(axum::body::Bytes::from(t)).unwrap_or_default()
}

fn from_ts(m: ts::Message) -> Option<Message> {
    Some(match m {
        ts::Message::Text(t) => Message::Text(text_in(t)),
        ts::Message::Binary(b) => Message::Binary(b),
        ts::Message::Ping(b) => Message::Ping(b),
        ts::Message::Pong(b) => Message::Pong(b),
        ts::Message::Close(frame) => Message::Close(frame.map(|f| CloseFrame {
            code: f.code.into(),
            reason: text_in(f.reason),
        })),
        ts::Message::Frame(_) => return None,
    })
}

fn to_ts(m: Message) -> ts::Message {
    match m {
        Message::Text(t) => ts::Message::Text(text_out(t)),
        Message::Binary(b) => ts::Message::Binary(b),
        Message::Ping(b) => ts::Message::Ping(b),
        Message::Pong(b) => ts::Message::Pong(b),
        Message::Close(frame) => ts::Message::Close(frame.map(|f| ts::protocol::CloseFrame {
            code: f.code.into(),
            reason: text_out(f.reason),
        })),
    }
}

impl Stream for Socket {
    type Item = Result<Message, axum::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        loop {
            match Pin::new(&mut self.inner).poll_next(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(None) => return Poll::Ready(None),
                Poll::Ready(Some(Err(e))) => return Poll::Ready(Some(Err(axum::Error::new(e)))),
                Poll::Ready(Some(Ok(m))) => {
                    if let Some(m) = from_ts(m) {
                        return Poll::Ready(Some(Ok(m)));
                    }
                }
            }
        }
    }
}

impl Sink<Message> for Socket {
    type Error = axum::Error;

    fn poll_ready(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Pin::new(&mut self.inner)
            .poll_ready(cx)
            .map_err(axum::Error::new)
    }

    fn start_send(mut self: Pin<&mut Self>, item: Message) -> Result<(), Self::Error> {
        Pin::new(&mut self.inner)
            .start_send(to_ts(item))
            .map_err(axum::Error::new)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Pin::new(&mut self.inner)
            .poll_flush(cx)
            .map_err(axum::Error::new)
    }

    fn poll_close(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Pin::new(&mut self.inner)
            .poll_close(cx)
            .map_err(axum::Error::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A masked frame header (mask 0) with `b0` and a payload of `len` bytes, and the payload.
    fn frame(b0: u8, len: usize) -> Vec<u8> {
        let mut f = vec![b0];
        if len < 126 {
            f.push(0x80 | len as u8);
        } else {
            f.push(0x80 | 126);
            f.extend_from_slice(&(len as u16).to_be_bytes());
        }
        f.extend_from_slice(&[0; 4]);
        f.extend(std::iter::repeat_n(b'x', len));
        f
    }

    #[test]
    fn whole_messages_and_a_few_fragments_pass_an_endless_message_does_not() {
        let now = Instant::now();
        let mut w = Watched::new(());
        // Whole text messages, a ping, a long binary one, in pieces of any size.
        let mut bytes = frame(0x81, 10);
        bytes.extend(frame(0x89, 4));
        bytes.extend(frame(0x82, 3000));
        for piece in bytes.chunks(7) {
            assert!(w.watch(piece, now));
        }
        assert!(w.open.is_none());
        // A message in three fragments, a pong between them.
        let mut bytes = frame(0x01, 5);
        bytes.extend(frame(0x8a, 0));
        bytes.extend(frame(0x00, 5));
        bytes.extend(frame(0x80, 5));
        assert!(w.watch(&bytes, now));
        assert!(w.open.is_none());
        // Empty continuation frames without end: failed at the frame past the bound.
        assert!(w.watch(&frame(0x01, 0), now));
        for _ in 1..MAX_FRAGMENTS {
            assert!(w.watch(&frame(0x00, 0), now));
        }
        assert!(!w.watch(&frame(0x00, 0), now));
        // Or at the first frame after its time, a control frame too.
        let mut w = Watched::new(());
        assert!(w.watch(&frame(0x01, 0), now));
        assert!(w.watch(&frame(0x00, 0), now + MAX_MESSAGE_TIME));
        let later = now + MAX_MESSAGE_TIME + Duration::from_millis(1);
        assert!(!w.watch(&frame(0x8a, 0), later));
    }
}
