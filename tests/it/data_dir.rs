//! One server per data directory (issue 30, item 1), on real `hamle serve` processes: a second
//! server started on a directory another one serves refuses to start and names the first;
//! the first goes on as if nothing had happened. (The nodes of a cluster sharing one
//! directory: `cluster.rs`.)

use serde_json::json;

use crate::support::process::{Serve, Served};
use crate::support::{self, Client};

async fn serve(data: &std::path::Path, log: &str, lang: &str, args: &[&str]) -> Served {
    let mut s = Serve::new(data, data.parent().unwrap().join(log));
    s.lang = lang;
    s.args = args.iter().map(|a| a.to_string()).collect();
    s.start().await.unwrap_or_else(|r| panic!("{r:?}"))
}

#[tokio::test]
async fn a_second_server_on_the_same_data_directory_refuses_to_start_and_the_first_goes_on() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let first = serve(&data, "first.log", "en_GB.UTF-8", &[]).await;
    let base = first.url("");
    let game = support::create_at(&base, json!({})).await;
    let (mut white, _) = Client::connect(&first.addr, &game, "white", Some(0)).await;
    let (mut black, _) = Client::connect(&first.addr, &game, "black", Some(0)).await;
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");

    // The second (a deploy that starts the new version before stopping the old one): it
    // stops at once, says why in the operator's language, and names the first process.
    let mut second = Serve::new(&data, root.path().join("second.log"));
    second.lang = "de_DE.UTF-8";
    let refused = match second.start().await {
        Err(refused) => refused,
        Ok(served) => panic!(
            "a second server listens on {} beside the first",
            served.addr
        ),
    };
    assert!(!refused.status.success(), "{refused:?}");
    let said = &refused.said;
    assert!(
        said.contains(&format!("Prozess {}", first.pid)),
        "the refusal names the first process: {said}"
    );
    assert!(said.contains("UTC"), "and when it started: {said}");
    assert!(said.contains(&data.display().to_string()), "{said}");
    // Nothing wedged: the game goes on, a spectator comes in, the log has no gap.
    let got = black.request(json!({"type": "move", "uci": "e7e5"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let (mut spectator, welcome) = Client::connect(&first.addr, &game, "spectator", None).await;
    assert_eq!(welcome["seq"], 2, "{welcome}");
    let got = white.request(json!({"type": "move", "uci": "g1f3"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    loop {
        let seen = spectator.recv().await;
        if seen["type"] == "event" {
            assert_eq!(seen["seq"], 3, "{seen}");
            break;
        }
    }
    drop((white, black, spectator));

    // Once the first has stopped, the directory is free again, and the game is all there.
    let log = first.log.clone();
    assert!(first.stop().await.success());
    assert!(
        !std::fs::read_to_string(log).unwrap().contains("ERROR"),
        "the first server met no error"
    );
    let again = serve(&data, "again.log", "en_GB.UTF-8", &[]).await;
    let state = support::http_state(&again.url(""), &game, &game.token("white")).await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 3, "{state}");
    assert_eq!(state["damaged"], json!(null), "{state}");
    again.stop().await;
}

/// A store file named with `--store sqlite:PATH` is the games too: two servers with data
/// directories of their own on one store file are refused the same way.
#[tokio::test]
async fn two_data_directories_on_one_store_file_are_one_server() {
    let root = tempfile::tempdir().unwrap();
    let store = format!("sqlite:{}", root.path().join("games.sqlite3").display());
    let a = root.path().join("a");
    let b = root.path().join("b");
    let first = serve(&a, "a.log", "en_GB.UTF-8", &["--store", &store]).await;
    let mut second = Serve::new(&b, root.path().join("b.log"));
    second.args = vec!["--store".into(), store.clone()];
    let refused = second
        .start()
        .await
        .expect_err("a second server on the store file");
    assert!(
        refused.said.contains(&format!("process {}", first.pid)),
        "{}",
        refused.said
    );
    assert!(refused.said.contains("games.sqlite3"), "{}", refused.said);
    first.stop().await;
}
