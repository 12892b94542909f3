// Misspelt searches, as people type them: one slip per query (a letter dropped, two swapped, a
// neighbouring key hit instead, a letter doubled), from a seeded random source so runs compare.
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** The letters next to `letter` on a QWERTY keyboard (same row). */
function neighbours(letter) {
  const lower = letter.toLowerCase();
  for (const row of KEYBOARD_ROWS) {
    const at = row.indexOf(lower);
    if (at >= 0) return [row[at - 1], row[at + 1]].filter(Boolean);
  }
  return [];
}

/** A small deterministic random source (mulberry32): answers numbers in [0, 1). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `word` with one slip somewhere among its letters (never the first: people get that right). */
export function misspell(word, random) {
  const letters = [...word].map((character, index) => ({ character, index })).filter((l) => /[a-z]/i.test(l.character));
  const candidates = letters.filter((l) => l.index > 0);
  if (candidates.length < 2) return word;
  const { index } = candidates[Math.floor(random() * candidates.length)];
  const kind = Math.floor(random() * 4);
  if (kind === 0) return word.slice(0, index) + word.slice(index + 1);
  if (kind === 1 && index + 1 < word.length) return word.slice(0, index) + word[index + 1] + word[index] + word.slice(index + 2);
  if (kind === 2) {
    const options = neighbours(word[index]);
    if (options.length) return word.slice(0, index) + options[Math.floor(random() * options.length)] + word.slice(index + 1);
  }
  return word.slice(0, index) + word[index] + word.slice(index);
}
