//! The board's port, on a thread of its own: open it, send the board its start sequence, read
//! its bytes and decode them (the core's [`DgtDecoder`] and [`ChessnutDecoder`]) into
//! [`Observation`]s, each stamped with the moment its bytes arrived; and when the port goes
//! away (the cable pulled, the board switched off, a Bluetooth link gone silent), say so and
//! open it again, waiting longer each time ([`Backoff`]).
//!
//! - A DGT board: a serial port at 9600 baud, 8 data bits, no parity, one stop bit (crate
//!   `serialport`; a USB board's `ttyACM` ignores the speed). The start sequence is the "nice"
//!   update mode (field updates, and a connected clock's readings when they change: the board
//!   relays no clock in its board-only update mode), the version, and the whole board. A DGT board says nothing while
//!   nothing moves: after [`QUIET`] without a byte the bridge asks for the whole board again
//!   (which also catches a lost field update), and a board that has not answered for
//!   [`SILENT`] is lost. A board dump of the initial position turned round means the board
//!   lies the other way: it is read turned from then on.
//! - A DGT 3000 clock connected to a DGT board: its readings come through the board
//!   ([`PortEvent::Clock`]); a lever pressed is [`PortEvent::Lever`] with the clock's side
//!   ([`LeverWatch`]). What the bridge has for the board or its clock ([`PortWriter`], a
//!   set-and-run with the table's times) is written between two reads.
//! - A Chessnut board: its path is read as a byte stream after the realtime mode command: a
//!   `hidraw` device as a file, one USB report per read ([`ChessnutDecoder::push_packet`]);
//!   anything else as a serial port in raw mode (a serial bridge), a stream (`push`).
//!   Chessnut's Bluetooth (GATT) is not read here.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::mpsc::UnboundedSender;

use super::Kind;
use super::backoff::Backoff;
use crate::eboard::Observation;
use crate::eboard::chessnut::{ChessnutCommand, ChessnutDecoder};
use crate::eboard::dgt::{
    ClockFace, ClockTimes, DgtCommand, DgtDecoder, DgtMessage, LeverWatch, Orientation,
};

/// A DGT board silent this long is asked for the whole board.
pub const QUIET: Duration = Duration::from_secs(5);
/// A board silent this long after being asked is lost.
pub const SILENT: Duration = Duration::from_secs(12);
/// How long one read waits (and so how soon the thread sees that it must stop).
const READ_WAIT: Duration = Duration::from_millis(50);

/// What the port's thread reports.
#[derive(Clone, Debug, PartialEq)]
pub enum PortEvent {
    /// The port is open and the start sequence sent.
    Opened,
    /// The board answered for the first time since the port opened.
    Answered,
    /// What the board showed, and when its bytes arrived.
    Observed(Instant, Observation),
    /// The board lies the other way round: read turned from now on.
    Turned,
    /// The lever of this side of the clock was pressed (a DGT 3000 through the board).
    Lever(ClockFace),
    /// The clock's reading (a DGT 3000 through the board), and when it arrived.
    Clock(Instant, ClockTimes),
    /// The port went away; the next attempt follows after `retry`.
    Lost { reason: Reason, retry: Duration },
    /// The port could not be opened; the next attempt follows after `retry`.
    Failed { reason: Reason, retry: Duration },
}

/// Why a port failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The operating system's words.
    Io(String),
    /// The board stopped answering ([`SILENT`]).
    Silent,
}

/// A board's byte stream to observations.
enum Decoder {
    Dgt {
        decoder: DgtDecoder,
        /// A DGT 3000 through the board: its lever presses.
        lever: LeverWatch,
    },
    Chessnut {
        decoder: ChessnutDecoder,
        /// Each read is one whole report (a `hidraw` device).
        packets: bool,
    },
}

/// What one read meant.
#[derive(Default)]
struct Decoded {
    observations: Vec<Observation>,
    /// Any message at all: the board is there.
    heard: bool,
    /// The board lies the other way than it was read.
    turned: bool,
    /// The clock's levers pressed (a DGT 3000 through the board).
    presses: Vec<ClockFace>,
    /// The clock's readings (a DGT 3000 through the board).
    clocks: Vec<ClockTimes>,
}

impl Decoder {
    fn new(kind: Kind, path: &Path) -> Decoder {
        match kind {
            Kind::Dgt => Decoder::Dgt {
                decoder: DgtDecoder::new(Orientation::Normal),
                lever: LeverWatch::default(),
            },
            Kind::Chessnut => Decoder::Chessnut {
                decoder: ChessnutDecoder::default(),
                packets: is_hidraw(path),
            },
        }
    }

    /// The bytes that start the board talking.
    fn start(&self) -> Vec<u8> {
        match self {
            Decoder::Dgt { .. } => [
                DgtCommand::SendUpdateNice,
                DgtCommand::SendVersion,
                DgtCommand::SendBoard,
            ]
            .iter()
            .flat_map(|c| c.encode())
            .collect(),
            Decoder::Chessnut { .. } => ChessnutCommand::RealtimeMode.encode().to_vec(),
        }
    }

    /// What to send a board that has been quiet for [`QUIET`] (none for a Chessnut board,
    /// which reports every change by itself).
    fn probe(&self) -> Option<Vec<u8>> {
        match self {
            Decoder::Dgt { .. } => Some(DgtCommand::SendBoard.encode().to_vec()),
            Decoder::Chessnut { .. } => None,
        }
    }

    fn push(&mut self, bytes: &[u8]) -> Decoded {
        let mut out = Decoded::default();
        match self {
            Decoder::Dgt { decoder: d, lever } => {
                for m in d.push(bytes) {
                    out.heard = true;
                    match &m {
                        DgtMessage::BoardDump(board) if board.shows_start_turned() => {
                            d.set_orientation(d.orientation().turned());
                            out.turned = true;
                            continue;
                        }
                        DgtMessage::ClockTimes(times) => {
                            out.presses.extend(lever.reading(times));
                            if !times.no_clock {
                                out.clocks.push(*times);
                            }
                        }
                        _ => {}
                    }
                    out.observations.extend(m.observation());
                }
            }
            Decoder::Chessnut { decoder, packets } => {
                let frames = if *packets {
                    decoder.push_packet(bytes)
                } else {
                    decoder.push(bytes)
                };
                for f in frames {
                    out.heard = true;
                    out.observations.extend(f.observation());
                }
            }
        }
        out
    }
}

fn is_hidraw(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("hidraw"))
}

/// An open port.
trait Port: Read + Write + Send {}
impl<T: Read + Write + Send> Port for T {}

/// A device file read with a timeout (a Chessnut board's `hidraw`), through `poll`.
struct Polled(std::fs::File);

impl Read for Polled {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        use rustix::event::{PollFd, PollFlags, Timespec, poll};
        let mut fds = [PollFd::new(&self.0, PollFlags::IN)];
        let wait = Timespec {
            tv_sec: 0,
            tv_nsec: i64::from(READ_WAIT.subsec_nanos()),
        };
        let ready = poll(&mut fds, Some(&wait)).map_err(std::io::Error::from)?;
        if ready == 0 {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        let revents = fds[0].revents();
        if revents.intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL)
            && !revents.contains(PollFlags::IN)
        {
            return Err(std::io::ErrorKind::BrokenPipe.into());
        }
        self.0.read(buf)
    }
}

impl Write for Polled {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

fn open(kind: Kind, path: &Path) -> Result<Box<dyn Port>, Reason> {
    match kind {
        // A Chessnut board's USB device is read as a file; a serial port (a Bluetooth serial
        // bridge, a test's pty) as a serial port, in raw mode.
        Kind::Chessnut if is_hidraw(path) => std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map(|f| Box::new(Polled(f)) as Box<dyn Port>)
            .map_err(|e| Reason::Io(e.to_string())),
        Kind::Dgt | Kind::Chessnut => serialport::new(path.to_string_lossy(), 9600)
            .data_bits(serialport::DataBits::Eight)
            .parity(serialport::Parity::None)
            .stop_bits(serialport::StopBits::One)
            .flow_control(serialport::FlowControl::None)
            .timeout(READ_WAIT)
            .open()
            .map(|p| Box::new(p) as Box<dyn Port>)
            .map_err(|e| Reason::Io(e.to_string())),
    }
}

/// The port's thread: it runs until `stop` is set or nobody listens to `events`.
pub struct PortThread {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
    writer: PortWriter,
}

/// Bytes for the board (a command, a clock message), written by the port's thread between two
/// reads; what is given while the port is closed is dropped (it was meant for that board).
#[derive(Clone, Debug)]
pub struct PortWriter(std::sync::mpsc::Sender<Vec<u8>>);

impl PortWriter {
    pub fn write(&self, bytes: Vec<u8>) {
        // The thread gone: nothing to write to.
        let _gone = self.0.send(bytes);
    }
}

impl PortThread {
    /// Starts reading `kind`'s board at `path`.
    pub fn spawn(kind: Kind, path: PathBuf, events: UnboundedSender<PortEvent>) -> PortThread {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (writer, outgoing) = std::sync::mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("hamle-board-port".into())
            .spawn(move || run(kind, &path, &flag, &events, &outgoing))
            .expect("a thread for the board's port");
        PortThread {
            stop,
            thread: Some(thread),
            writer: PortWriter(writer),
        }
    }

    /// What writes to the board.
    pub fn writer(&self) -> PortWriter {
        self.writer.clone()
    }
}

impl Drop for PortThread {
    /// Stops the thread and waits for it (at most one read's wait, or one backoff step).
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Sleeps `wait`, in steps short enough to stop soon; `false` if it must stop.
fn pause(wait: Duration, stop: &AtomicBool) -> bool {
    let until = Instant::now() + wait;
    while Instant::now() < until {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        std::thread::sleep(READ_WAIT.min(until.saturating_duration_since(Instant::now())));
    }
    !stop.load(Ordering::Relaxed)
}

fn run(
    kind: Kind,
    path: &Path,
    stop: &AtomicBool,
    events: &UnboundedSender<PortEvent>,
    outgoing: &std::sync::mpsc::Receiver<Vec<u8>>,
) {
    let mut backoff = Backoff::standard();
    while !stop.load(Ordering::Relaxed) {
        // What was meant for the board before this opening is not for it now.
        while outgoing.try_recv().is_ok() {}
        let mut port = match open(kind, path) {
            Ok(p) => p,
            Err(reason) => {
                let retry = backoff.failed();
                if events.send(PortEvent::Failed { reason, retry }).is_err() || !pause(retry, stop)
                {
                    return;
                }
                continue;
            }
        };
        let mut decoder = Decoder::new(kind, path);
        let reason = match port.write_all(&decoder.start()) {
            Ok(()) => {
                if events.send(PortEvent::Opened).is_err() {
                    return;
                }
                match read(
                    &mut *port,
                    &mut decoder,
                    stop,
                    events,
                    outgoing,
                    &mut backoff,
                ) {
                    Some(reason) => reason,
                    None => return,
                }
            }
            Err(e) => Reason::Io(e.to_string()),
        };
        drop(port);
        let retry = backoff.failed();
        if events.send(PortEvent::Lost { reason, retry }).is_err() || !pause(retry, stop) {
            return;
        }
    }
}

/// Reads the open port until it fails (the reason) or the thread must stop (`None`).
fn read(
    port: &mut dyn Port,
    decoder: &mut Decoder,
    stop: &AtomicBool,
    events: &UnboundedSender<PortEvent>,
    outgoing: &std::sync::mpsc::Receiver<Vec<u8>>,
    backoff: &mut Backoff,
) -> Option<Reason> {
    let io = |e: std::io::Error| Some(Reason::Io(e.to_string()));
    let mut buf = [0u8; 256];
    let mut answered = false;
    let mut heard = Instant::now();
    let mut probed = false;
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        while let Ok(bytes) = outgoing.try_recv() {
            if let Err(e) = port.write_all(&bytes) {
                return io(e);
            }
        }
        let quiet = heard.elapsed();
        if quiet >= SILENT {
            return Some(Reason::Silent);
        }
        if quiet >= QUIET
            && !probed
            && let Some(probe) = decoder.probe()
        {
            probed = true;
            if let Err(e) = port.write_all(&probe) {
                return io(e);
            }
        }
        let n = match port.read(&mut buf) {
            Ok(0) => return io(std::io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => continue,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return io(e),
        };
        let at = Instant::now();
        let decoded = decoder.push(&buf[..n]);
        if decoded.heard {
            heard = at;
            probed = false;
            if !answered {
                answered = true;
                backoff.succeeded();
                if events.send(PortEvent::Answered).is_err() {
                    return None;
                }
            }
        }
        if decoded.turned {
            if events.send(PortEvent::Turned).is_err() {
                return None;
            }
            if let Some(probe) = decoder.probe()
                && let Err(e) = port.write_all(&probe)
            {
                return io(e);
            }
        }
        for o in decoded.observations {
            if events.send(PortEvent::Observed(at, o)).is_err() {
                return None;
            }
        }
        // A press before the reading that shows it: the bridge decides the press first.
        for face in decoded.presses {
            if events.send(PortEvent::Lever(face)).is_err() {
                return None;
            }
        }
        for times in decoded.clocks {
            if events.send(PortEvent::Clock(at, times)).is_err() {
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eboard::dgt::{DgtBoard, id};
    use shakmaty::{Board, Square};

    fn dump(board: &Board, orientation: Orientation) -> Vec<u8> {
        let fields = DgtBoard::from_board(board);
        let mut out = vec![id::BOARD_DUMP | 0x80, 0, 67];
        out.extend((0..64u8).map(|n| {
            let square = orientation.square(n).expect("a field");
            fields.get(square).code()
        }));
        out
    }

    #[test]
    fn a_dgt_board_is_started_probed_and_read_turned_when_it_lies_the_other_way() {
        let path = Path::new("/dev/ttyACM0");
        let mut d = Decoder::new(Kind::Dgt, path);
        // Field updates and the clock's readings (0x4b, not the board-only 0x44), the
        // version, the whole board.
        assert_eq!(d.start(), [0x4b, 0x4d, 0x42]);
        assert_eq!(d.probe(), Some(vec![0x42]));
        // The initial position as a board lying the other way sends it.
        let turned = d.push(&dump(&Board::new(), Orientation::Rotated));
        assert!(turned.turned && turned.heard && turned.observations.is_empty());
        let again = d.push(&dump(&Board::new(), Orientation::Rotated));
        assert!(!again.turned);
        match again.observations.as_slice() {
            [Observation::Snapshot(s)] => assert_eq!(s.board(), Some(&Board::new())),
            other => panic!("{other:?}"),
        }
        // A field update after it is read turned too: field 0 is h1 now.
        let lifted = d.push(&[0x8e, 0x00, 0x05, 0x00, 0x00]);
        assert_eq!(lifted.observations, [Observation::Lifted(Square::H1)]);
    }

    #[test]
    fn a_chessnut_board_reads_packets_from_hidraw_and_a_stream_elsewhere() {
        let report = crate::eboard::chessnut::position_report(&Board::new());
        let mut hid = Decoder::new(Kind::Chessnut, Path::new("/dev/hidraw3"));
        assert_eq!(hid.start(), [0x21, 0x01, 0x00]);
        assert_eq!(hid.probe(), None);
        // A report cut after its position still counts as one report.
        assert_eq!(hid.push(&report[..34]).observations.len(), 1);
        let mut stream = Decoder::new(Kind::Chessnut, Path::new("/dev/ttyUSB0"));
        assert!(stream.push(&report[..20]).observations.is_empty());
        assert_eq!(stream.push(&report[20..]).observations.len(), 1);
    }
}
