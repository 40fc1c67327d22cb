//! Parse + resolve per phrase, against shakmaty's own SAN parse + resolve on the same
//! positions and moves (the floor).
//!
//! `cargo bench --bench announce`. Each iteration handles one batch of 1,000 (position,
//! move) pairs; divide by 1,000 for the time per phrase.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hamle::announce::{Lang, Style, parse};
use hamle::sample::random_positions;
use hamle::words::speaker::Speaker;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::san::San;
use shakmaty::{Chess, Position};

const BATCH: usize = 1_000;

fn cases() -> Vec<(Chess, shakmaty::Move)> {
    let mut rng = StdRng::seed_from_u64(7);
    random_positions(42, BATCH)
        .into_iter()
        .map(|pos| {
            let legal = pos.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            (pos, m)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let cases = cases();
    let san: Vec<(Chess, String)> = cases
        .iter()
        .map(|(p, m)| (p.clone(), San::from_move(p, *m).to_string()))
        .collect();
    let mut group = c.benchmark_group("per_1000_phrases");
    group.bench_function("shakmaty_san_floor", |b| {
        b.iter(|| {
            for (pos, text) in &san {
                let san = San::from_ascii(text.as_bytes()).unwrap();
                black_box(san.to_move(pos).unwrap());
            }
        })
    });
    for lang in Lang::ALL {
        for style in [Style::Short, Style::Full] {
            let speaker = Speaker::new(lang);
            let phrases: Vec<(Chess, String)> = cases
                .iter()
                .map(|(p, m)| (p.clone(), speaker.say_move(p, *m, style)))
                .collect();
            let name = format!("hamle_{lang}_{style:?}").to_lowercase();
            group.bench_function(format!("{name}_parse_only"), |b| {
                b.iter(|| {
                    for (_, text) in &phrases {
                        black_box(parse(lang, text).unwrap());
                    }
                })
            });
            group.bench_function(name, |b| {
                b.iter(|| {
                    for (pos, text) in &phrases {
                        let a = parse(lang, text).unwrap();
                        black_box(a.resolve(pos).unwrap());
                    }
                })
            });
        }
    }
    // Written notation through hamle's parser (German letters), for comparison with the floor.
    let german_san: Vec<(Chess, String)> = cases
        .iter()
        .map(|(p, m)| {
            let s = San::from_move(p, *m).to_string();
            let de: String = s
                .chars()
                .map(|c| match c {
                    'Q' => 'D',
                    'R' => 'T',
                    'B' => 'L',
                    'N' => 'S',
                    other => other,
                })
                .collect();
            (p.clone(), de)
        })
        .collect();
    group.bench_function("hamle_de_san_letters", |b| {
        b.iter(|| {
            for (pos, text) in &german_san {
                black_box(parse(Lang::De, text).unwrap().resolve(pos).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
