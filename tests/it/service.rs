//! The systemd unit `docs/hamle.service` (issue 30): hamle started with the unit's own
//! `ExecStart` flags under systemd's default soft file limit (1,024) raises it to the hard limit,
//! says the connection budget it took, serves, and stops cleanly on the unit's `KillSignal`; the
//! unit carries the limits `docs/service.md` promises. Where `systemd-analyze` is installed, it
//! verifies the unit too.

use crate::support::process::Serve;

const UNIT: &str = include_str!("../../docs/hamle.service");

/// The value of `key=` in the unit (the last one, as systemd takes it).
fn setting(key: &str) -> Option<String> {
    UNIT.lines()
        .rev()
        .find_map(|l| l.strip_prefix(&format!("{key}=")))
        .map(str::to_owned)
}

#[tokio::test]
async fn the_units_hamle_starts_under_a_soft_limit_of_1024_raises_it_and_stops_on_sigterm() {
    let exec = setting("ExecStart").expect("the unit has an ExecStart");
    let mut words = exec.split_whitespace();
    assert_eq!(words.next(), Some("/usr/local/bin/hamle"), "{exec}");
    assert_eq!(words.next(), Some("serve"), "{exec}");
    // Its flags, but for where it listens and keeps its data.
    let mut flags = Vec::new();
    let mut rest = words.map(str::to_owned);
    while let Some(flag) = rest.next() {
        match flag.as_str() {
            "--listen" | "--data" => {
                rest.next();
            }
            _ => flags.push(flag),
        }
    }
    let files: u64 = setting("LimitNOFILE")
        .expect("the unit sets LimitNOFILE")
        .parse()
        .unwrap();
    assert!(files >= 4096, "LimitNOFILE={files}");
    assert_eq!(setting("KillSignal").as_deref(), Some("SIGTERM"));
    assert_eq!(setting("StateDirectory").as_deref(), Some("hamle"));

    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let mut serve = Serve::new(&data, root.path().join("serve.log"));
    serve.shell = Some("ulimit -Sn 1024");
    serve.args = flags;
    let server = serve.start().await.unwrap_or_else(|r| panic!("{r:?}"));
    let health = reqwest::get(server.url("/health")).await.unwrap();
    assert_eq!(health.status(), 200);
    let said = server.said();
    let hard = rustix::process::getrlimit(rustix::process::Resource::Nofile).maximum;
    if hard.is_some_and(|h| h > 1024) {
        assert!(said.contains("raised the open-file limit"), "{said}");
    }
    assert!(said.contains("connection budget connections="), "{said}");
    let status = server.stop().await;
    assert!(status.success(), "{status:?}");

    // systemd's own check of the unit, with the binary where the unit expects it.
    let analyze = std::process::Command::new("systemd-analyze")
        .arg("--version")
        .output();
    if analyze.is_ok_and(|o| o.status.success()) {
        let unit = root.path().join("hamle.service");
        let text = UNIT.replace("/usr/local/bin/hamle", env!("CARGO_BIN_EXE_hamle"));
        std::fs::write(&unit, text).unwrap();
        let out = std::process::Command::new("systemd-analyze")
            .arg("verify")
            .arg(&unit)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && said.trim().is_empty(), "{said}");
    }
}
