//! The golden database: a database written by the release before typed store records
//! (`tests/data/store/v2/`, see its README) loads with this code and plays on.

#[path = "server/support.rs"]
#[allow(dead_code)]
mod support;

#[path = "store_golden/generate.rs"]
mod generate;

/// Writes a new golden database into `$HAMLE_GOLDEN_OUT` (see `store_golden/generate.rs`).
#[tokio::test(flavor = "multi_thread")]
#[ignore = "writes a golden database; run by hand for a new release"]
async fn write_a_golden_database() {
    let out = std::env::var("HAMLE_GOLDEN_OUT").expect("HAMLE_GOLDEN_OUT: where to write");
    generate::write(std::path::Path::new(&out)).await;
}
