use super::*;
use crate::eboard::testing::{Rng, cases, split};

const DATA: &str = include_str!("../../../tests/data/eboard/chessnut.txt");

/// A frame as the data file writes it.
fn render(frame: &ChessnutFrame) -> String {
    match frame {
        ChessnutFrame::Position(board) => format!("position {board}"),
        ChessnutFrame::Battery { percent, charging } => {
            format!(
                "battery {percent}{}",
                if *charging { " charging" } else { "" }
            )
        }
        ChessnutFrame::Skipped { kind, len } => format!("skipped {kind:02x} len {len}"),
    }
}

/// The frames of a case's reads: `in` lines as stream reads, `packet` lines as whole reports.
fn decode(
    decoder: &mut ChessnutDecoder,
    case: &crate::eboard::testing::Case,
) -> Vec<ChessnutFrame> {
    let packets = case.settings.iter().filter(|(k, _)| k == "packet");
    if case.reads.is_empty() {
        packets
            .flat_map(|(_, hex)| {
                decoder
                    .push_packet(&crate::eboard::testing::hex(hex))
                    .collect::<Vec<_>>()
            })
            .collect()
    } else {
        assert_eq!(
            packets.count(),
            0,
            "case {}: in and packet lines mixed",
            case.name
        );
        case.reads
            .iter()
            .flat_map(|read| decoder.push(read).collect::<Vec<_>>())
            .collect()
    }
}

#[test]
fn the_data_files_streams_decode_as_written() {
    let all = cases(DATA);
    assert!(all.len() >= 14, "{} cases", all.len());
    for case in all {
        let mut decoder = ChessnutDecoder::default();
        let got: Vec<String> = decode(&mut decoder, &case).iter().map(render).collect();
        assert_eq!(got, case.expected, "case {}", case.name);
        assert_eq!(decoder.discarded(), case.discarded, "case {}", case.name);
    }
}

#[test]
fn any_split_of_a_stream_into_reads_gives_the_same_frames() {
    for case in cases(DATA).into_iter().filter(|c| !c.reads.is_empty()) {
        let whole: Vec<u8> = case.reads.concat();
        let mut once = ChessnutDecoder::default();
        let expected: Vec<ChessnutFrame> = once.push(&whole).collect();
        for seed in 0..200 {
            let mut decoder = ChessnutDecoder::default();
            let got: Vec<ChessnutFrame> = split(&whole, seed, 11)
                .into_iter()
                .flat_map(|read| decoder.push(read).collect::<Vec<_>>())
                .collect();
            assert_eq!(got, expected, "case {}, seed {seed}", case.name);
            assert_eq!(decoder.discarded(), once.discarded(), "case {}", case.name);
        }
    }
}

#[test]
fn every_position_reads_back_from_its_report() {
    let mut rng = Rng::new(7);
    for round in 0..500 {
        let mut board = Board::empty();
        for square in Square::ALL {
            let code = rng.below(13) as u8;
            if let Ok(Some(p)) = piece(code) {
                board.set_piece_at(square, p);
            }
        }
        let mut decoder = ChessnutDecoder::default();
        let got: Vec<ChessnutFrame> = decoder.push(&position_report(&board)).collect();
        assert_eq!(got, [ChessnutFrame::Position(board)], "round {round}");
    }
}

#[test]
fn after_any_noise_a_report_in_the_next_packet_is_read() {
    let report = position_report(&Board::new());
    let mut rng = Rng::new(33);
    for round in 0..2000 {
        let noise: Vec<u8> = (0..rng.below(120)).map(|_| rng.next() as u8).collect();
        let mut decoder = ChessnutDecoder::default();
        let _ = decoder.push_packet(&noise).count();
        let got: Vec<ChessnutFrame> = decoder.push_packet(&report).collect();
        assert_eq!(
            got.last(),
            Some(&ChessnutFrame::Position(Board::new())),
            "round {round}, noise {noise:02x?}"
        );
    }
}

#[test]
fn a_report_is_an_observation_for_the_assembler() {
    let frame = ChessnutFrame::Position(Board::new());
    assert_eq!(
        frame.observation(),
        Some(Observation::Snapshot(Sensed::pieces(Board::new())))
    );
    let battery = ChessnutFrame::Battery {
        percent: 50,
        charging: false,
    };
    assert_eq!(battery.observation(), None);
}

#[test]
fn commands_encode_as_the_published_api_lists_them() {
    let e2_e4 = Bitboard::from(Square::E2) | Bitboard::from(Square::E4);
    let a8_h1 = Bitboard::from(Square::A8) | Bitboard::from(Square::H1);
    let cases: Vec<(ChessnutCommand, Vec<u8>)> = vec![
        (ChessnutCommand::RealtimeMode, vec![0x21, 0x01, 0x00]),
        (ChessnutCommand::UploadMode, vec![0x21, 0x01, 0x01]),
        (ChessnutCommand::BatteryLevel, vec![0x29, 0x01, 0x00]),
        (
            ChessnutCommand::Leds(e2_e4),
            vec![0x0a, 0x08, 0, 0, 0, 0, 0x08, 0, 0x08, 0],
        ),
        (
            ChessnutCommand::Leds(a8_h1),
            vec![0x0a, 0x08, 0x80, 0, 0, 0, 0, 0, 0, 0x01],
        ),
    ];
    for (command, bytes) in cases {
        assert_eq!(command.encode().as_slice(), bytes.as_slice(), "{command:?}");
    }
}

#[test]
fn after_any_noise_in_a_stream_the_second_of_two_reports_is_read() {
    let report = position_report(&Board::new());
    let mut rng = Rng::new(34);
    for round in 0..2000 {
        let noise: Vec<u8> = (0..rng.below(120)).map(|_| rng.next() as u8).collect();
        let mut decoder = ChessnutDecoder::default();
        let got: Vec<ChessnutFrame> = decoder
            .push(&[noise.as_slice(), &report, &report].concat())
            .collect();
        assert_eq!(
            got.last(),
            Some(&ChessnutFrame::Position(Board::new())),
            "round {round}, noise {noise:02x?}"
        );
    }
}
