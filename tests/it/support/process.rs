//! `hamle serve` as a process of its own (the real binary), for what only a process shows: a
//! lock held for its life, its file limits, its exit status and what it says on stderr.

use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// A running `hamle serve`.
#[derive(Debug)]
pub(crate) struct Served {
    pub child: Child,
    /// `127.0.0.1:<port>`.
    pub addr: String,
    pub pid: u32,
    /// Its stderr.
    pub log: PathBuf,
}

/// A `hamle serve` that stopped before it listened.
#[derive(Debug)]
pub(crate) struct Refused {
    pub status: ExitStatus,
    /// What it said on stderr.
    pub said: String,
}

/// How to start one.
pub(crate) struct Serve<'a> {
    /// Its data directory.
    pub data: &'a Path,
    /// More arguments after `serve --listen 127.0.0.1:0 --data <data>`.
    pub args: Vec<String>,
    /// Shell commands run before it (`sh -c '<shell>; exec hamle serve …'`), e.g. a `ulimit`.
    pub shell: Option<&'a str>,
    /// `LANG` (the operator's language).
    pub lang: &'a str,
    /// Where its stderr goes.
    pub log: PathBuf,
}

impl<'a> Serve<'a> {
    pub(crate) fn new(data: &'a Path, log: PathBuf) -> Serve<'a> {
        Serve {
            data,
            args: Vec::new(),
            shell: None,
            lang: "en_GB.UTF-8",
            log,
        }
    }

    /// Starts it and waits for its address, or for its end if it stops first.
    pub(crate) async fn start(self) -> Result<Served, Refused> {
        let bin = env!("CARGO_BIN_EXE_hamle");
        let mut command = match self.shell {
            Some(shell) => {
                let mut c = Command::new("sh");
                c.arg("-c")
                    .arg(format!("{shell}; exec \"$0\" \"$@\""))
                    .arg(bin);
                c
            }
            None => Command::new(bin),
        };
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(self.data)
            .args(&self.args)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", self.lang)
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&self.log).unwrap())
            .kill_on_drop(true);
        let mut child = command.spawn().unwrap();
        let pid = child.id().unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        let first = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
            .await
            .expect("hamle serve says its address or stops within 30 s")
            .unwrap();
        let Some(line) = first else {
            let status = tokio::time::timeout(Duration::from_secs(10), child.wait())
                .await
                .expect("hamle serve ends once its output has")
                .unwrap();
            let said = std::fs::read_to_string(&self.log).unwrap_or_default();
            return Err(Refused { status, said });
        };
        let addr = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .trim_end_matches(['.', ','])
            .to_owned();
        // Keep reading stdout so the server never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(Served {
            child,
            addr,
            pid,
            log: self.log,
        })
    }
}

impl Served {
    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// What it said on stderr so far.
    pub(crate) fn said(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGTERM, and its exit status once it has stopped.
    pub(crate) async fn stop(mut self) -> ExitStatus {
        let ok = std::process::Command::new("kill")
            .args(["-TERM", &self.pid.to_string()])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill -TERM {}", self.pid);
        tokio::time::timeout(Duration::from_secs(15), self.child.wait())
            .await
            .expect("hamle serve stops on SIGTERM")
            .unwrap()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
        if std::thread::panicking() {
            eprintln!("--- {} ---\n{}", self.log.display(), self.said());
        }
    }
}
