//! Opening only regular files. A path in the data directory or inside a results file may name a
//! FIFO (opening it for reading waits for a writer forever), a device such as `/dev/zero` (endless
//! bytes) or a directory: each is refused at once with an error that says what it is.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// Opens `path` with `options` (which must not be blocking on a FIFO: `O_NONBLOCK` is added), and
/// keeps it only if it is a regular file (symbolic links are followed: `fstat` of what was opened).
pub fn open(path: &Path, options: &OpenOptions) -> io::Result<File> {
    let mut options = options.clone();
    options.custom_flags(libc::O_NONBLOCK);
    let file = options.open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        return Ok(file);
    }
    Err(io::Error::other(format!("not a regular file ({})", kind_name(kind))))
}

/// Opens `path` for reading if it is a regular file.
pub fn open_read(path: &Path) -> io::Result<File> {
    open(path, OpenOptions::new().read(true))
}

/// The whole of the regular file at `path`, if it holds at most `max` bytes.
pub fn read_bounded(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = open_read(path)?;
    let len = file.metadata()?.len();
    if len > max {
        return Err(too_large(len, max));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    // The file may grow after the check: the read stops one byte past the bound.
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64, max));
    }
    Ok(bytes)
}

fn too_large(len: u64, max: u64) -> io::Error {
    io::Error::other(format!("{len} bytes or more, over the limit of {max}"))
}

/// What a file that is not a regular one is, for messages.
pub fn kind_name(kind: std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

/// Whether `path` is something other than a regular file or a directory (a FIFO, a device, a
/// socket), without opening it: what it is, if so. A missing path is `None`.
pub fn special(path: &Path) -> Option<&'static str> {
    let kind = std::fs::metadata(path).ok()?.file_type();
    (!kind.is_file() && !kind.is_dir()).then(|| kind_name(kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn fifo(dir: &Path) -> std::path::PathBuf {
        let path = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&path).status().expect("mkfifo runs");
        assert!(made.success());
        path
    }

    #[test]
    fn a_fifo_is_refused_at_once() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = fifo(dir.path());
        let start = Instant::now();
        let err = read_bounded(&path, 100).expect_err("a FIFO is not read");
        assert!(err.to_string().contains("a FIFO"), "{err}");
        assert!(start.elapsed() < Duration::from_secs(2));
        assert_eq!(special(&path), Some("a FIFO"));
        let write = open(&path, OpenOptions::new().write(true).create(true));
        assert!(write.is_err(), "nor opened for writing");
    }

    #[test]
    fn devices_directories_and_large_files_are_refused() {
        let err = read_bounded(Path::new("/dev/zero"), 1 << 20).expect_err("a device is not read");
        assert!(err.to_string().contains("character device"), "{err}");
        let dir = tempfile::tempdir().expect("a temporary directory");
        assert!(read_bounded(dir.path(), 100).is_err());
        let file = dir.path().join("f");
        std::fs::write(&file, [7u8; 101]).expect("written");
        assert!(read_bounded(&file, 100).expect_err("too large").to_string().contains("over the limit of 100"));
        assert_eq!(read_bounded(&file, 101).expect("read").len(), 101);
        assert_eq!(special(&file), None);
    }
}
