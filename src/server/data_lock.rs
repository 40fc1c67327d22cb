//! One server per data directory (issue 30): a lock on `<data dir>/hamle.lock`, held for as
//! long as the server runs, with the holder's process id and start time written in it.
//!
//! Two servers on one data directory wedge its games (each writes the same game's events with
//! the same numbers), so the second is refused at start, naming the first. An OS file lock
//! (`flock` on Unix, through [`std::fs::File::try_lock`]) goes with the process: a server that
//! is killed leaves no stale lock behind, only the text in the file, which the next holder
//! writes over.
//!
//! The nodes of a cluster (`--bus`) may share a data directory on one machine (their SQLite
//! file, `docs/scale-out.md`). Each takes the directory's lock *shared* and a lock of its own
//! node name, `hamle-node-<name>.lock`, exclusive: the nodes start beside each other, but not
//! two processes with the same node name, and not a server without `--bus` beside them (it
//! takes the directory's lock exclusive), nor a node beside such a server.

use std::fs::{File, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::announce::Lang;

/// The lock files of one place: `<dir>/<base>.lock`, and `<dir>/<base>-node-<name>.lock` per
/// cluster node.
struct Place<'a> {
    dir: &'a Path,
    base: String,
}

impl Place<'_> {
    fn lock(&self) -> PathBuf {
        self.dir.join(format!("{}.lock", self.base))
    }

    fn node_prefix(&self) -> String {
        format!("{}-node-", self.base)
    }

    fn node_lock(&self, node: &str) -> PathBuf {
        self.dir.join(format!("{}{node}.lock", self.node_prefix()))
    }
}

/// The locks a running server holds; released when dropped (and when the process ends).
#[derive(Debug)]
pub(crate) struct DataLock {
    _files: Vec<File>,
}

/// Who holds a data directory, as its lock file says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holder {
    pub pid: Option<u32>,
    /// Unix seconds.
    pub started: Option<u64>,
    /// The node name, for a node of a cluster.
    pub node: Option<String>,
}

/// The data directory is served by another process.
#[derive(Debug)]
pub struct InUse {
    pub dir: PathBuf,
    pub holder: Holder,
}

impl InUse {
    /// The refusal, in `lang`, naming the other process.
    pub fn message(&self, lang: Lang) -> String {
        let dir = ("dir", self.dir.display().to_string());
        let (Some(pid), started) = (self.holder.pid, self.holder.started) else {
            return crate::words::text(lang, "serve-data-in-use-unknown", &[dir]);
        };
        let started = started.map_or_else(|| "?".to_owned(), utc);
        let mut args = vec![dir, ("pid", pid.to_string()), ("started", started)];
        match &self.holder.node {
            Some(node) => {
                args.push(("node", node.clone()));
                crate::words::text(lang, "serve-data-in-use-node", &args)
            }
            None => crate::words::text(lang, "serve-data-in-use", &args),
        }
    }
}

impl std::fmt::Display for InUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for InUse {}

/// Why the lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LockError {
    #[error(transparent)]
    InUse(#[from] InUse),
    #[error("the data directory's lock: {0}")]
    Io(#[from] io::Error),
}

/// Unix seconds as `YYYY-MM-DD HH:MM:SS UTC`.
fn utc(secs: u64) -> String {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let (y, m, d) = crate::server::render::pgn::civil(days);
    let s = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC",
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

fn open(path: &Path) -> io::Result<File> {
    crate::store::private::create_file(path)?;
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
}

/// What a lock file says (the holder writes it right after taking the lock: a reader that
/// finds it still empty looks again a few times).
fn holder_of(path: &Path) -> Holder {
    for _ in 0..20 {
        let mut text = String::new();
        if let Ok(mut f) = File::open(path) {
            let _ = f.read_to_string(&mut text);
        }
        let holder = parse(&text);
        if holder.pid.is_some() {
            return holder;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    Holder::default()
}

fn parse(text: &str) -> Holder {
    let mut holder = Holder::default();
    for line in text.lines() {
        match line.split_once(' ') {
            Some(("pid", v)) => holder.pid = v.trim().parse().ok(),
            Some(("started", v)) => holder.started = v.trim().parse().ok(),
            Some(("node", v)) => holder.node = Some(v.trim().to_owned()),
            _ => {}
        }
    }
    holder
}

/// Writes this process into a lock file it holds.
fn write_holder(mut file: &File, node: Option<&str>) -> io::Result<()> {
    let started = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut text = format!("pid {}\nstarted {started}\n", std::process::id());
    if let Some(node) = node {
        text.push_str(&format!("node {node}\n"));
    }
    file.set_len(0)?;
    file.write_all(text.as_bytes())?;
    file.flush()
}

/// A node of a cluster that holds the directory now (for a server without `--bus` that was
/// refused while the directory's lock file names nobody).
fn a_running_node(place: &Place<'_>) -> Holder {
    let prefix = place.node_prefix();
    let Ok(entries) = std::fs::read_dir(place.dir) else {
        return Holder::default();
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !(name.starts_with(&prefix) && name.ends_with(".lock")) {
            continue;
        }
        let Ok(file) = File::open(entry.path()) else {
            continue;
        };
        if matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock)) {
            return holder_of(&entry.path());
        }
    }
    Holder::default()
}

/// Takes the data directory `dir` for this process: alone (`node` is `None`), or as the
/// cluster node `node` beside the other nodes. Creates the directory if needed.
pub(crate) fn take(dir: &Path, node: Option<&str>) -> Result<DataLock, LockError> {
    crate::store::private::create_dir(dir)?;
    take_place(
        &Place {
            dir,
            base: "hamle".to_owned(),
        },
        dir,
        node,
    )
}

/// Takes a SQLite store file that lies outside the data directory (`--store sqlite:PATH`) the
/// same way, through `<PATH>-serve.lock` beside it: two servers with data directories of their
/// own on one store file are two servers on the same games.
pub(crate) fn take_file(path: &Path, node: Option<&str>) -> Result<DataLock, LockError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map_or_else(|| "store".into(), |n| n.to_string_lossy().into_owned());
    take_place(
        &Place {
            dir,
            base: format!("{name}-serve"),
        },
        path,
        node,
    )
}

fn take_place(place: &Place<'_>, named: &Path, node: Option<&str>) -> Result<DataLock, LockError> {
    let in_use = |holder| InUse {
        dir: named.to_owned(),
        holder,
    };
    let path = place.lock();
    let file = open(&path)?;
    let taken = match node {
        None => file.try_lock(),
        Some(_) => file.try_lock_shared(),
    };
    match taken {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            let mut holder = holder_of(&path);
            if holder.pid.is_none() && node.is_none() {
                holder = a_running_node(place);
            }
            return Err(in_use(holder).into());
        }
        Err(TryLockError::Error(e)) => return Err(e.into()),
    }
    let Some(node) = node else {
        write_holder(&file, None)?;
        return Ok(DataLock { _files: vec![file] });
    };
    // Shared among the nodes: what a former server without `--bus` wrote goes (no one can
    // hold the lock exclusive now).
    file.set_len(0)?;
    let own_path = place.node_lock(node);
    let own = open(&own_path)?;
    match own.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            let mut holder = holder_of(&own_path);
            holder.node.get_or_insert_with(|| node.to_owned());
            return Err(in_use(holder).into());
        }
        Err(TryLockError::Error(e)) => return Err(e.into()),
    }
    write_holder(&own, Some(node))?;
    Ok(DataLock {
        _files: vec![file, own],
    })
}

impl DataLock {
    /// Both locks held as one.
    pub(crate) fn and(mut self, other: DataLock) -> DataLock {
        self._files.extend(other._files);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Takes a lock this process has just let go of. The kernel releases it when every copy
    /// of its descriptor is closed, and a child that another test is starting holds a copy
    /// from its fork until its exec: a moment, during which the lock is still taken.
    fn retaken(take: impl Fn() -> Result<DataLock, LockError>) -> DataLock {
        let until = std::time::Instant::now() + Duration::from_secs(5);
        loop {
            match take() {
                Err(LockError::InUse(e))
                    if e.holder.pid == Some(std::process::id())
                        && std::time::Instant::now() < until =>
                {
                    std::thread::sleep(Duration::from_millis(10));
                }
                taken => return taken.unwrap(),
            }
        }
    }

    #[test]
    fn one_server_alone_or_nodes_of_distinct_names() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let alone = take(d, None).unwrap();
        let Err(LockError::InUse(in_use)) = take(d, None) else {
            panic!("a second server took the directory")
        };
        assert_eq!(in_use.holder.pid, Some(std::process::id()));
        assert!(in_use.holder.started.is_some());
        let said = in_use.message(Lang::En);
        assert!(said.contains(&std::process::id().to_string()), "{said}");
        assert!(matches!(take(d, Some("n1")), Err(LockError::InUse(_))));
        drop(alone);

        let n1 = retaken(|| take(d, Some("n1")));
        let _n2 = take(d, Some("n2")).unwrap();
        let Err(LockError::InUse(same)) = take(d, Some("n1")) else {
            panic!("two processes took the node name n1")
        };
        assert_eq!(same.holder.node.as_deref(), Some("n1"));
        let Err(LockError::InUse(beside)) = take(d, None) else {
            panic!("a server without a cluster took the nodes' directory")
        };
        assert!(beside.holder.node.is_some(), "{beside:?}");
        assert_eq!(beside.holder.pid, Some(std::process::id()));
        drop(n1);
        let _again = retaken(|| take(d, Some("n1")));
    }

    #[test]
    fn a_store_file_outside_the_data_directory_is_one_servers_too() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("games.sqlite3");
        let first = take_file(&file, None).unwrap();
        let Err(LockError::InUse(in_use)) = take_file(&file, None) else {
            panic!("a second server took the store file")
        };
        assert_eq!(in_use.dir, file);
        // The data directory beside it is another place.
        let _data = take(dir.path(), None).unwrap();
        drop(first);
        let _n1 = retaken(|| take_file(&file, Some("n1")));
        let _n2 = take_file(&file, Some("n2")).unwrap();
    }

    #[test]
    fn times_are_said_in_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(1_796_003_922), "2026-11-30 01:58:42 UTC");
    }
}
