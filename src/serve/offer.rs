//! What the server offers, in words, for a client that asked for something it does not do:
//! `ssh host COMMAND` runs no command, and is told instead how to connect (a refusal alone
//! left OpenSSH's "exec request failed on channel 0", which says nothing of floodit).

/// The answer to `ssh host COMMAND`: what floodit offers over SSH, by the user name to connect
/// as. `HOST` stands for the host and port the player used, which the server cannot know (a
/// name, a proxy or a forwarded port may stand in front of it). Lines end in `eol`: `"\r\n"`
/// when the client asked for a terminal (its own is then raw), else `"\n"`.
pub fn exec_answer(eol: &str) -> String {
    let lines = [
        "floodit: this server runs no commands; it plays Flood-It in your terminal.",
        "Connect without a command, to the same host and port:",
        "  ssh HOST             the daily puzzle and its leaderboard, earlier days, more",
        "  ssh race@HOST        make a race room on a new board; its code lets others in",
        "  ssh CODE@HOST        join the race room CODE",
        "  ssh watch-CODE@HOST  watch the race room CODE",
        "An SSH key keeps your results and saved games; without one you play as a guest.",
    ];
    lines.iter().map(|l| format!("{l}{eol}")).collect()
}

/// The exit status `ssh host COMMAND` ends with: not 0, since no command ran.
pub const EXEC_STATUS: u32 = 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exec_answer_names_every_way_in_and_ends_its_lines_as_asked() {
        let raw = exec_answer("\r\n");
        for way in ["ssh HOST ", "race@HOST", "CODE@HOST", "watch-CODE@HOST", "runs no commands"] {
            assert!(raw.contains(way), "{way}: {raw}");
        }
        assert_eq!(raw.matches("\r\n").count(), raw.lines().count());
        assert!(!exec_answer("\n").contains('\r'));
        // Every line fits an 80-column terminal.
        assert!(raw.lines().all(|l| l.chars().count() <= 80), "{raw}");
    }
}
