use super::*;
use crate::eboard::testing::{Rng, cases, split};

const DATA: &str = include_str!("../../../tests/data/eboard/dgt.txt");

fn side(s: &ClockSide) -> String {
    let mut out = format!("{}:{:02}:{:02}", s.hours, s.minutes, s.seconds);
    for (on, name) in [
        (s.per_move, "+per-move"),
        (s.flag_blocked, "+blocked"),
        (s.flag_shown, "+shown"),
    ] {
        if on {
            out.push_str(name);
        }
    }
    out
}

fn special(s: Special) -> &'static str {
    match s {
        Special::Draw => "draw",
        Special::WhiteWins => "white-wins",
        Special::BlackWins => "black-wins",
    }
}

/// A message as the data file writes it.
fn render(m: &DgtMessage) -> String {
    match m {
        DgtMessage::BoardDump(board) => {
            let mut out = format!("board {}", board.pieces());
            for sq in Square::ALL {
                if let Field::Special(s) = board.get(sq) {
                    out.push_str(&format!(" special {sq} {}", special(s)));
                }
            }
            out
        }
        DgtMessage::FieldUpdate { square, field } => format!(
            "field {square} {}",
            match field {
                Field::Empty => "-".to_owned(),
                Field::Piece(p) => p.char().to_string(),
                Field::Special(s) => special(*s).to_owned(),
            }
        ),
        DgtMessage::ClockTimes(c) => {
            let mut out = format!("clock left {} right {}", side(&c.left), side(&c.right));
            if c.running {
                out.push_str(" running");
            }
            out.push_str(match c.lever {
                Lever::LeftHigh => " lever-left",
                Lever::RightHigh => " lever-right",
            });
            for (on, name) in [
                (c.left_to_move, " left-to-move"),
                (c.right_to_move, " right-to-move"),
                (c.battery_low, " battery-low"),
                (c.no_clock, " no-clock"),
            ] {
                if on {
                    out.push_str(name);
                }
            }
            out
        }
        DgtMessage::ClockAck(a) => {
            let [b0, b1, b2, b3] = a.bytes;
            let mut out = format!("ack {b0:02x} {b1:02x} {b2:02x} {b3:02x}");
            if let Some((main, sub)) = a.version() {
                out.push_str(&format!(" version {main}.{sub}"));
            }
            if let Some(b) = a.button() {
                out.push_str(&format!(" button {}", format!("{b:?}").to_lowercase()));
            }
            out
        }
        DgtMessage::ClockBlank => "clock blank".to_owned(),
        DgtMessage::SerialNumber(s) => format!("serial {s}"),
        DgtMessage::LongSerialNumber(s) => format!("long-serial {s}"),
        DgtMessage::Version { major, minor } => format!("version {major}.{minor}"),
        DgtMessage::BusAddress(a) => format!("bus {a}"),
        DgtMessage::Battery { percent } => format!("battery {percent}"),
        DgtMessage::Skipped { id, len } => format!("skipped {id:02x} len {len}"),
        DgtMessage::Malformed { id, len } => format!("malformed {id:02x} len {len}"),
    }
}

fn decoder_for(settings: &[(String, String)]) -> DgtDecoder {
    let mut orientation = Orientation::Normal;
    for (key, value) in settings {
        match (key.as_str(), value.as_str()) {
            ("orientation", "rotated") => orientation = Orientation::Rotated,
            ("orientation", "normal") => {}
            _ => panic!("unknown setting {key} {value}"),
        }
    }
    DgtDecoder::new(orientation)
}

#[test]
fn the_data_files_streams_decode_as_written() {
    let all = cases(DATA);
    assert!(all.len() >= 20, "{} cases", all.len());
    for case in all {
        let mut decoder = decoder_for(&case.settings);
        let got: Vec<String> = case
            .reads
            .iter()
            .flat_map(|read| decoder.push(read).collect::<Vec<_>>())
            .map(|m| render(&m))
            .collect();
        assert_eq!(got, case.expected, "case {}", case.name);
        assert_eq!(decoder.discarded(), case.discarded, "case {}", case.name);
    }
}

#[test]
fn any_split_of_a_stream_into_reads_gives_the_same_messages() {
    for case in cases(DATA) {
        let whole: Vec<u8> = case.reads.concat();
        let mut once = decoder_for(&case.settings);
        let expected: Vec<DgtMessage> = once.push(&whole).collect();
        for seed in 0..200 {
            let mut decoder = decoder_for(&case.settings);
            let got: Vec<DgtMessage> = split(&whole, seed, 9)
                .into_iter()
                .flat_map(|read| decoder.push(read).collect::<Vec<_>>())
                .collect();
            assert_eq!(got, expected, "case {}, seed {seed}", case.name);
            assert_eq!(decoder.discarded(), once.discarded(), "case {}", case.name);
        }
    }
}

#[test]
fn after_any_noise_the_next_whole_message_is_read() {
    let update = [0x8e, 0x00, 0x05, 0x24, 0x01];
    let pawn_on_e4 = DgtMessage::FieldUpdate {
        square: Square::E4,
        field: Field::Piece(Piece {
            color: Color::White,
            role: Role::Pawn,
        }),
    };
    let mut rng = Rng::new(33);
    for round in 0..2000 {
        let noise: Vec<u8> = (0..rng.below(200)).map(|_| rng.next() as u8).collect();
        let mut decoder = DgtDecoder::default();
        let _ = decoder.push(&noise).count();
        assert!(
            decoder.under_way() <= 3 + DATA_CAPACITY as u64
                || matches!(decoder.state, State::Skip { .. }),
            "round {round}: the decoder holds {} bytes",
            decoder.under_way()
        );
        let got: Vec<DgtMessage> = decoder.push(&update).collect();
        assert_eq!(
            got.last(),
            Some(&pawn_on_e4),
            "round {round}, noise {noise:02x?}"
        );
    }
}

#[test]
fn field_numbers_and_squares_agree_both_ways_in_both_orientations() {
    for orientation in [Orientation::Normal, Orientation::Rotated] {
        for number in 0..64u8 {
            let square = orientation.square(number).expect("on the board");
            assert_eq!(
                orientation.field(square),
                number,
                "{orientation:?} {number}"
            );
        }
        assert_eq!(orientation.square(64), None);
    }
    assert_eq!(Orientation::Normal.square(0), Some(Square::A8));
    assert_eq!(Orientation::Normal.square(57), Some(Square::B1));
    assert_eq!(Orientation::Rotated.square(0), Some(Square::H1));
    assert_eq!(Orientation::Normal.turned(), Orientation::Rotated);
}

#[test]
fn every_piece_code_reads_back_as_itself() {
    for code in 0..16u8 {
        assert_eq!(Field::from_code(code).code(), code);
    }
}

#[test]
fn a_board_turned_round_is_recognised_from_the_initial_position() {
    let mut turned = Board::new();
    turned.rotate_180();
    assert!(DgtBoard::from_board(&turned).shows_start_turned());
    assert!(!DgtBoard::from_board(&Board::new()).shows_start_turned());
}

#[test]
fn a_dump_and_an_update_are_observations_for_the_assembler() {
    let mut decoder = DgtDecoder::default();
    let special_on_d4 = [0x8e, 0x00, 0x05, 0x23, 0x0d];
    let lifted_e2 = [0x8e, 0x00, 0x05, 0x34, 0x00];
    let got: Vec<Option<Observation>> = decoder
        .push(&[special_on_d4, lifted_e2].concat())
        .map(|m| m.observation())
        .collect();
    assert_eq!(
        got,
        [
            Some(Observation::Placed {
                square: Square::D4,
                piece: None
            }),
            Some(Observation::Lifted(Square::E2)),
        ]
    );
    assert_eq!(DgtMessage::ClockBlank.observation(), None);
}

#[test]
fn commands_encode_as_the_description_lists_them() {
    let time = |h, m, s| ClockTime {
        hours: h,
        minutes: m,
        seconds: s,
    };
    let cases: Vec<(DgtCommand, Vec<u8>)> = vec![
        (DgtCommand::Reset, vec![0x40]),
        (DgtCommand::SendClock, vec![0x41]),
        (DgtCommand::SendBoard, vec![0x42]),
        (DgtCommand::SendUpdate, vec![0x43]),
        (DgtCommand::SendUpdateBoard, vec![0x44]),
        (DgtCommand::SendSerialNumber, vec![0x45]),
        (DgtCommand::SendBusAddress, vec![0x46]),
        (DgtCommand::SendTrademark, vec![0x47]),
        (DgtCommand::SendUpdateNice, vec![0x4b]),
        (DgtCommand::SendBatteryStatus, vec![0x4c]),
        (DgtCommand::SendVersion, vec![0x4d]),
        (DgtCommand::SendLongSerialNumber, vec![0x55]),
        (
            DgtCommand::Clock(ClockCommand::EndDisplay),
            vec![0x2b, 0x03, 0x03, 0x03, 0x00],
        ),
        (
            DgtCommand::Clock(ClockCommand::Version),
            vec![0x2b, 0x03, 0x03, 0x09, 0x00],
        ),
        (
            DgtCommand::Clock(ClockCommand::Button),
            vec![0x2b, 0x03, 0x03, 0x08, 0x00],
        ),
        (
            DgtCommand::Clock(ClockCommand::Beep { units: 16 }),
            vec![0x2b, 0x04, 0x03, 0x0b, 0x10, 0x00],
        ),
        (
            DgtCommand::Clock(ClockCommand::SetAndRun {
                left: time(1, 30, 0),
                right: time(0, 5, 7),
                running: Running::Right,
                toggle_on_lever: true,
            }),
            vec![0x2b, 0x0a, 0x03, 0x0a, 1, 30, 0, 0, 5, 7, 0x0a, 0x00],
        ),
        (
            DgtCommand::Clock(ClockCommand::Ascii {
                text: ClockText::new("e4").expect("ASCII"),
                beep: 20,
            }),
            vec![
                0x2b, 0x0c, 0x03, 0x0c, b'e', b'4', b' ', b' ', b' ', b' ', b' ', b' ', 15, 0x00,
            ],
        ),
    ];
    for (command, bytes) in cases {
        assert_eq!(command.encode().as_slice(), bytes.as_slice(), "{command:?}");
    }
    assert_eq!(ClockText::new("too long!"), None);
    assert_eq!(ClockText::new("Läufer"), None);
    assert_eq!(ClockTime::from_millis(5_400_999), Some(time(1, 30, 0)));
    assert_eq!(ClockTime::from_millis(36_000_000), None);
}

#[test]
fn a_lever_press_is_read_from_the_lever_flipping_between_two_readings() {
    // Status byte: 0x01 running, 0x02 the lever high on the right, 0x20 no clock.
    let reading = |status: u8| -> ClockTimes {
        let mut d = DgtDecoder::default();
        let bytes = [0x8d, 0x00, 0x0a, 0x00, 0x10, 0x00, 0x00, 0x10, 0x00, status];
        match d.push(&bytes).collect::<Vec<_>>().as_slice() {
            [DgtMessage::ClockTimes(t)] => *t,
            other => panic!("{other:?}"),
        }
    };
    let mut watch = LeverWatch::default();
    // The first reading only tells where the lever stands.
    assert_eq!(watch.reading(&reading(0x01)), None);
    assert_eq!(watch.reading(&reading(0x01)), None);
    // The left player pressed: the right side is high now.
    assert_eq!(watch.reading(&reading(0x03)), Some(ClockFace::Left));
    assert_eq!(watch.reading(&reading(0x03)), None);
    assert_eq!(watch.reading(&reading(0x01)), Some(ClockFace::Right));
    // No clock connected: nothing, and the lever it names is not remembered.
    assert_eq!(watch.reading(&reading(0x22)), None);
    assert_eq!(watch.reading(&reading(0x01)), None);
    assert_eq!(ClockFace::from_name(" Right"), Some(ClockFace::Right));
    assert_eq!(ClockFace::from_name("middle"), None);
}

/// A DGT 3000 is set to the table's times when a side differs by more than the tolerance or
/// another side runs; otherwise left alone. Each case: the clock's reading (left, right, status
/// byte: 0x01 running, 0x02 the lever high on the right), how long ago it came, the table's
/// times, running side and White's face; and the command expected (or none).
#[test]
fn the_clock_is_set_to_the_tables_times_only_when_it_differs() {
    let reading = |left: (u8, u8), right: (u8, u8), status: u8| -> ClockTimes {
        let bcd = |n: u8| (n / 10) << 4 | (n % 10);
        let mut d = DgtDecoder::default();
        // The clock's bytes: the right side first, then the left (hours, minutes, seconds).
        let bytes = [
            0x8d,
            0x00,
            0x0a,
            0x00,
            bcd(right.0),
            bcd(right.1),
            0x00,
            bcd(left.0),
            bcd(left.1),
            status,
        ];
        match d.push(&bytes).collect::<Vec<_>>().as_slice() {
            [DgtMessage::ClockTimes(t)] => *t,
            other => panic!("{other:?}"),
        }
    };
    let time = |ms: u64| ClockTime::from_millis(ms).expect("a time");
    let set = |left: u64, right: u64, running: Running| {
        Some(ClockCommand::SetAndRun {
            left: time(left),
            right: time(right),
            running,
            toggle_on_lever: true,
        })
    };
    let table = |white_ms, black_ms, running, white| TableClock {
        white_ms,
        black_ms,
        running,
        white,
    };
    let min = |m: u64, s: u64| (m * 60 + s) * 1000;
    let white_left = |w, b, r| table(w, b, r, ClockFace::Left);
    // Status 0x01: running, the lever high on the left: the left side runs.
    let cases: Vec<(ClockTimes, u64, TableClock, Option<ClockCommand>)> = vec![
        // In step: White's 10:00 running on the left.
        (
            reading((10, 0), (10, 0), 0x01),
            0,
            white_left(min(10, 0), min(10, 0), Some(Color::White)),
            None,
        ),
        // The reading came 900 ms ago and the left side ran meanwhile: still in step.
        (
            reading((10, 0), (10, 0), 0x01),
            900,
            white_left(min(9, 59), min(10, 0), Some(Color::White)),
            None,
        ),
        // A press the table refused: the lever went over, the clock runs Black's (right)
        // side while the table still runs White's.
        (
            reading((9, 40), (10, 0), 0x03),
            0,
            white_left(min(9, 40), min(10, 0), Some(Color::White)),
            set(min(9, 40), min(10, 0), Running::Left),
        ),
        // The arbiter set a time at the table: more than the tolerance apart.
        (
            reading((10, 0), (10, 0), 0x01),
            0,
            white_left(min(12, 0), min(10, 0), Some(Color::White)),
            set(min(12, 0), min(10, 0), Running::Left),
        ),
        // White on the right side of the clock: his time is the right one.
        (
            reading((10, 0), (7, 30), 0x03),
            0,
            table(min(7, 30), min(10, 0), Some(Color::White), ClockFace::Right),
            None,
        ),
        (
            reading((10, 0), (10, 0), 0x03),
            0,
            table(min(7, 30), min(10, 0), Some(Color::White), ClockFace::Right),
            set(min(10, 0), min(7, 30), Running::Right),
        ),
        // The table paused: the clock is stopped too.
        (
            reading((10, 0), (10, 0), 0x01),
            0,
            white_left(min(10, 0), min(10, 0), None),
            set(min(10, 0), min(10, 0), Running::Paused),
        ),
        (
            reading((10, 0), (10, 0), 0x00),
            0,
            white_left(min(10, 0), min(10, 0), None),
            None,
        ),
        // No clock connected: nothing to set.
        (
            reading((10, 0), (10, 0), 0x21),
            0,
            white_left(min(3, 0), min(10, 0), Some(Color::White)),
            None,
        ),
    ];
    for (n, (shown, ago, table, want)) in cases.into_iter().enumerate() {
        assert_eq!(
            table.setting(&shown, ago),
            want,
            "case {n}: {shown:?} {table:?}"
        );
    }
    // Within the tolerance, both ways; beyond it, set.
    let shown = reading((10, 0), (10, 0), 0x01);
    let at = |ms| white_left(ms, min(10, 0), Some(Color::White)).setting(&shown, 0);
    assert_eq!(at(min(10, 0) + CLOCK_TOLERANCE_MS), None);
    assert_eq!(at(min(10, 0) - CLOCK_TOLERANCE_MS), None);
    assert!(at(min(10, 0) + CLOCK_TOLERANCE_MS + 1000).is_some());
    // The side marked to move wins over the lever.
    let mut marked = reading((10, 0), (10, 0), 0x01);
    marked.right_to_move = true;
    assert_eq!(shown_running(&marked), Some(ClockFace::Right));
    assert_eq!(ClockFace::Left.other(), ClockFace::Right);
}
