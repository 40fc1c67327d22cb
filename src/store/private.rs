//! The data directory is the operator's alone: the directory `0700`, the database, its
//! journal and the recordings `0600` (on Unix), whatever the umask. Games hold token hashes,
//! names and scoresheets; another user of the machine has no business reading them.

use std::io;
use std::path::Path;

/// Creates `dir` (and its parents) if needed and makes it `0700`.
pub fn create_dir(dir: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)?;
    set_mode(dir, 0o700)
}

/// Creates `path` empty if it does not exist, and makes it `0600` either way.
pub fn create_file(path: &Path) -> io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?;
    set_mode(path, 0o600)
}

/// A new file at `path` (replacing one there), `0600`, open for writing.
pub fn new_file(path: &Path) -> io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let file = options.open(path)?;
    set_mode(path, 0o600)?;
    Ok(file)
}

/// Makes `path` `0600` if it exists (a journal left by an older hamle).
pub fn restrict(path: &Path) -> io::Result<()> {
    match set_mode(path, 0o600) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_path: &Path, _mode: u32) -> io::Result<()> {
    Ok(())
}
