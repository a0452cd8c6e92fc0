//! A room's code: six letters, read aloud or typed as an SSH user name (`ssh CODE@host`).
//!
//! The letters leave out those easily misread (I, L and O beside 1 and 0, B, G, S and Q beside
//! 8, 6, 5 and O, U beside V, V beside Y in many fonts, Z beside 2), so sixteen remain: four
//! random bits each, 24 bits a code, drawn from the thread's generator (a CSPRNG seeded by the
//! operating system), so one code tells nothing about the next.

use std::fmt;

/// The letters a code is made of.
pub const ALPHABET: &[u8; 16] = b"ACDEFHJKMNPRTWXY";
/// Letters in a code.
pub const CODE_LEN: usize = 6;

/// A room's code: [`CODE_LEN`] letters of [`ALPHABET`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code([u8; CODE_LEN]);

impl Code {
    /// A fresh code from the operating system's randomness.
    pub fn random() -> Code {
        Code::from_bits(rand::random::<u32>())
    }

    /// The code of the low 24 bits of `bits`, four bits a letter.
    pub fn from_bits(bits: u32) -> Code {
        let mut letters = [0u8; CODE_LEN];
        for (i, l) in letters.iter_mut().enumerate() {
            *l = ALPHABET[(bits >> (4 * i) & 0xf) as usize];
        }
        Code(letters)
    }

    /// A code as someone typed it: any case, spaces and dashes around or between the letters
    /// ignored. `None` when it is not a code.
    pub fn parse(text: &str) -> Option<Code> {
        let mut letters = [0u8; CODE_LEN];
        let mut n = 0;
        for c in text.chars().filter(|c| !matches!(c, ' ' | '-')) {
            let up = c.to_ascii_uppercase();
            if n == CODE_LEN || !up.is_ascii() || !ALPHABET.contains(&(up as u8)) {
                return None;
            }
            letters[n] = up as u8;
            n += 1;
        }
        (n == CODE_LEN).then_some(Code(letters))
    }

    /// The code's letters, upper case.
    pub fn as_str(&self) -> &str {
        // Only letters of the alphabet are ever stored.
        std::str::from_utf8(&self.0).expect("a code is ASCII letters")
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_read_back_in_any_case_and_others_are_refused() {
        let c = Code::from_bits(0x00ab_cdef);
        assert_eq!(c.as_str().len(), CODE_LEN);
        assert_eq!(Code::parse(c.as_str()), Some(c));
        assert_eq!(Code::parse(&c.as_str().to_lowercase()), Some(c));
        assert_eq!(Code::parse(&format!(" {}-{} ", &c.as_str()[..3], &c.as_str()[3..])), Some(c));
        for bad in ["", "race", "ACDEF", "ACDEFHJ", "ACDEFI", "ACDEF0", "ACDEFé", "ACD EF"] {
            assert_eq!(Code::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn no_misread_letters_and_every_bit_pattern_its_own_code() {
        for l in b"ILOBGSQUVZ0123456789" {
            assert!(!ALPHABET.contains(l), "{}", *l as char);
        }
        let distinct: HashSet<u8> = ALPHABET.iter().copied().collect();
        assert_eq!(distinct.len(), 16);
        let codes: HashSet<Code> = (0..4096u32).map(|b| Code::from_bits(b * 4093)).collect();
        assert_eq!(codes.len(), 4096);
    }

    #[test]
    fn random_codes_are_not_in_sequence() {
        // 200 fresh codes out of 16^6: all different, and not one letter apart in a row.
        let codes: Vec<Code> = (0..200).map(|_| Code::random()).collect();
        let distinct: HashSet<&Code> = codes.iter().collect();
        assert!(distinct.len() >= 199);
        let near = codes.windows(2).filter(|w| w[0].0.iter().zip(w[1].0).filter(|(a, b)| *a != b).count() <= 1);
        assert!(near.count() <= 1);
    }
}
