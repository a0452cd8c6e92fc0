//! Turning a connection away in words the client shows. Closing the socket at once leaves a
//! player's OpenSSH with `kex_exchange_identification: read: Connection reset by peer` (the
//! client's own identification is unread, so the close resets the connection), and a line of
//! text before the SSH identification is shown only at debug level. So the server speaks just
//! enough SSH to say why: its identification, then a disconnect message, which OpenSSH prints
//! (`Received disconnect from HOST port PORT:12: floodit: ...`). Before any key exchange the
//! transport has no cipher and no MAC (RFC 4253, sections 6 and 11.1), so the message is a few
//! bytes written by hand: no key exchange is spent on a connection being refused. Then it reads
//! what the client sends until the client closes (a few seconds at most), so that closing does
//! not reset the connection and cut the message.

use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The identification sent to a connection being turned away.
const IDENTIFICATION: &[u8] = b"SSH-2.0-floodit\r\n";
/// SSH_MSG_DISCONNECT, and the reason code SSH_DISCONNECT_TOO_MANY_CONNECTIONS (RFC 4253, 11.1).
const MSG_DISCONNECT: u8 = 1;
pub const TOO_MANY_CONNECTIONS: u32 = 12;
/// How long a refused client may take to read the message and close.
const LINGER: Duration = Duration::from_secs(5);
/// The most a refused client's bytes are read (and dropped) meanwhile.
const READ_MOST: usize = 64 * 1024;
/// The longest reason sent (OpenSSH shows at most 400 characters).
const REASON_MOST: usize = 200;

/// The bytes that tell an SSH client why it is turned away: a line for a person reading the
/// raw stream (clients skip lines before the identification), the identification, and an
/// unencrypted SSH_MSG_DISCONNECT packet with `code` and `reason`.
pub fn farewell(reason: &str, code: u32) -> Vec<u8> {
    let reason: String = reason.chars().filter(|c| !c.is_control()).take(REASON_MOST).collect();
    let mut payload = vec![MSG_DISCONNECT];
    payload.extend_from_slice(&code.to_be_bytes());
    let text = reason.as_bytes();
    // At most 200 characters of at most 4 bytes: the length fits in a u32.
    payload.extend_from_slice(&(text.len() as u32).to_be_bytes());
    payload.extend_from_slice(text);
    payload.extend_from_slice(&0u32.to_be_bytes()); // no language tag
    // packet_length (4) + padding_length (1) + payload + padding is a multiple of 8, with at
    // least 4 bytes of padding.
    let unpadded = 4 + 1 + payload.len();
    let padding = 4 + (8 - (unpadded + 4) % 8) % 8;
    let packet_length = (1 + payload.len() + padding) as u32;
    let mut out = format!("{reason}\r\n").into_bytes();
    out.extend_from_slice(IDENTIFICATION);
    out.extend_from_slice(&packet_length.to_be_bytes());
    out.push(padding as u8);
    out.extend_from_slice(&payload);
    out.extend(std::iter::repeat_n(0u8, padding));
    out
}

/// Tells the client on `stream` why it is turned away, then waits (a few seconds at most) for
/// it to close.
pub async fn turn_away(mut stream: tokio::net::TcpStream, reason: &str) {
    if stream.write_all(&farewell(reason, TOO_MANY_CONNECTIONS)).await.is_err() {
        return;
    }
    let _ = stream.shutdown().await;
    let mut buf = [0u8; 4096];
    let mut read = 0;
    let _ = tokio::time::timeout(LINGER, async {
        while read < READ_MOST {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n,
            }
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_disconnect_packet_is_well_formed_and_padded_to_eight() {
        let out = farewell("floodit: 5 sessions\nfrom here", TOO_MANY_CONNECTIONS);
        let text = b"floodit: 5 sessionsfrom here";
        let id = out.windows(IDENTIFICATION.len()).position(|w| w == IDENTIFICATION).unwrap();
        assert_eq!(&out[..id], [text.as_slice(), b"\r\n"].concat(), "a line for people first");
        let packet = &out[id + IDENTIFICATION.len()..];
        let len = u32::from_be_bytes(packet[..4].try_into().unwrap()) as usize;
        assert_eq!(packet.len(), 4 + len);
        assert_eq!(packet.len() % 8, 0);
        let padding = packet[4] as usize;
        assert!(padding >= 4);
        let payload = &packet[5..packet.len() - padding];
        assert_eq!(payload[0], MSG_DISCONNECT);
        assert_eq!(u32::from_be_bytes(payload[1..5].try_into().unwrap()), TOO_MANY_CONNECTIONS);
        let n = u32::from_be_bytes(payload[5..9].try_into().unwrap()) as usize;
        assert_eq!(&payload[9..9 + n], text, "control characters dropped");
        assert_eq!(&payload[9 + n..], [0, 0, 0, 0], "an empty language tag");
        for reason in ["", "x", "a somewhat longer reason", &"é".repeat(300)] {
            let out = farewell(reason, 11);
            let id = out.windows(IDENTIFICATION.len()).position(|w| w == IDENTIFICATION).unwrap();
            assert_eq!((out.len() - id - IDENTIFICATION.len()) % 8, 0, "{reason:?}");
        }
    }
}
