//! The server's Ed25519 host key: made once, kept in the data directory with mode 0600, and
//! never replaced behind the operator's back. A key that cannot be read is an error saying what
//! to do, since a new key makes every returning player's SSH client warn of an impostor.

use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey};
use std::io::Write;
use std::path::Path;

/// The key, and whether it was made just now.
pub fn load_or_create(path: &Path) -> Result<(PrivateKey, bool), String> {
    match std::fs::read_to_string(path) {
        Ok(text) => PrivateKey::from_openssh(text.trim_end()).map(|k| (k, false)).map_err(|e| damaged(path, &e)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => create(path).map(|k| (k, true)),
        Err(e) => Err(damaged(path, &e)),
    }
}

fn damaged(path: &Path, e: &dyn std::fmt::Display) -> String {
    format!(
        "the host key {} cannot be read ({e}); it is not replaced on its own, since players' SSH clients would then \
         warn that the server changed: restore it from a backup, or delete it to make a new one (and publish the new \
         fingerprint)",
        path.display()
    )
}

fn create(path: &Path) -> Result<PrivateKey, String> {
    let key =
        PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(|e| format!("making a host key: {e}"))?;
    let text = key.to_openssh(LineEnding::LF).map_err(|e| format!("encoding the host key: {e}"))?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut options = std::fs::OpenOptions::new();
    // create_new: two servers starting at once cannot both write a key.
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    file.write_all(text.as_bytes()).and_then(|()| file.sync_all()).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(key)
}

/// The key's fingerprint as OpenSSH prints it: `SHA256:…`.
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_once_private_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys").join("host_ed25519_key");
        let (key, made) = load_or_create(&path).unwrap();
        assert!(made);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        let (again, made) = load_or_create(&path).unwrap();
        assert!(!made);
        assert_eq!(fingerprint(&again), fingerprint(&key));
        assert!(fingerprint(&key).starts_with("SHA256:"));
        std::fs::write(&path, "not a key").unwrap();
        let e = load_or_create(&path).unwrap_err();
        assert!(e.contains("delete it to make a new one"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "not a key", "a damaged key is left as it is");
    }
}
