/**
 * Seeded randomness: the builtin provider must give the same test for the same input and seed,
 * so nothing here touches Math.random or the clock.
 */
export type Random = () => number;

/** 32-bit FNV-1a over the keys, so a seed plus the request's text picks the stream. */
function hashKeys(keys: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const key of keys) {
    const text = `${String(key)}\u0000`;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast and good enough for shuffling quiz items. */
export function createRandom(...keys: (string | number)[]): Random {
  let state = hashKeys(keys);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates on a copy. */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
