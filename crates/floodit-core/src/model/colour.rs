//! Colours are small integers `0..k`; sets of colours are one machine word.

use std::fmt;

/// A colour index, `0..MAX_COLOURS`.
pub type Colour = u8;

/// The largest palette floodit supports. Keys, glyphs and IDs give each colour one character
/// (`0-9` then `a-z`), and colour sets fit in a `u64`.
pub const MAX_COLOURS: usize = 36;

/// The character that names a colour in IDs, key hints and glyph fallbacks: `0-9`, then `a-z`.
pub fn colour_char(c: Colour) -> char {
    char::from_digit(u32::from(c), 36).unwrap_or('?')
}

/// Inverse of [`colour_char`], case-insensitive.
pub fn colour_from_char(ch: char) -> Option<Colour> {
    let d = ch.to_digit(36)?;
    Some(d as Colour)
}

/// A set of colours as a bitmask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ColourSet(pub u64);

impl ColourSet {
    /// The set of no colours.
    pub const EMPTY: ColourSet = ColourSet(0);

    /// The set holding only `c`.
    pub fn single(c: Colour) -> Self {
        ColourSet(1u64 << c)
    }
    /// All colours `0..k`.
    pub fn all(k: usize) -> Self {
        if k >= 64 { ColourSet(u64::MAX) } else { ColourSet((1u64 << k) - 1) }
    }
    /// True when `c` is in the set.
    pub fn contains(self, c: Colour) -> bool {
        self.0 >> c & 1 == 1
    }
    /// Adds `c`.
    pub fn insert(&mut self, c: Colour) {
        self.0 |= 1u64 << c;
    }
    /// Removes `c`.
    pub fn remove(&mut self, c: Colour) {
        self.0 &= !(1u64 << c);
    }
    /// Number of colours in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// True when the set has no colours.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The colours in either set.
    pub fn union(self, o: ColourSet) -> ColourSet {
        ColourSet(self.0 | o.0)
    }
    /// The colours of `self` that are not in `o`.
    pub fn minus(self, o: ColourSet) -> ColourSet {
        ColourSet(self.0 & !o.0)
    }
    /// The colours, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Colour> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let c = bits.trailing_zeros() as Colour;
            bits &= bits - 1;
            Some(c)
        })
    }
}

impl fmt::Debug for ColourSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Colour> for ColourSet {
    fn from_iter<I: IntoIterator<Item = Colour>>(iter: I) -> Self {
        let mut s = ColourSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chars_round_trip() {
        for c in 0..MAX_COLOURS as Colour {
            assert_eq!(colour_from_char(colour_char(c)), Some(c));
        }
        assert_eq!(colour_char(10), 'a');
        assert_eq!(colour_from_char('-'), None);
    }

    #[test]
    fn set_ops() {
        let s: ColourSet = [0, 3, 5].into_iter().collect();
        assert_eq!(s.len(), 3);
        assert!(s.contains(3) && !s.contains(2));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 3, 5]);
        assert_eq!(s.minus(ColourSet::single(3)).len(), 2);
        assert_eq!(ColourSet::all(4).0, 0b1111);
    }
}
