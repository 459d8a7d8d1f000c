/**
 * Classical item statistics over a matrix of item scores (one row per attempt, one column per
 * question, 1 right and 0 wrong or unanswered). Pure functions, no database: the unit test computes
 * every figure by hand on a small matrix and compares.
 */

/** The share of the top and of the bottom scorers the upper/lower index compares (Kelley's 27%). */
export const UPPER_LOWER_FRACTION = 0.27;

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Each attempt's total score (the sum of its row). */
export const totals = (matrix: number[][]): number[] => matrix.map((row) => row.reduce((s, x) => s + x, 0));

/** The share of attempts that got the item right; null without attempts. */
export function facility(item: number[]): number | null {
  return item.length ? mean(item) : null;
}

/**
 * Pearson's correlation of two equally long lists; null when either does not vary (everyone right,
 * everyone wrong, everyone the same rest score), where a correlation has no meaning.
 */
export function correlation(xs: number[], ys: number[]): number | null {
  if (xs.length !== ys.length || xs.length < 2) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // Sums of squares this small are rounding noise, not variation.
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * The corrected point-biserial: the correlation of the item's score with the rest score (the total
 * without this item), so the item does not correlate with itself. Above about 0.2 the item separates
 * stronger from weaker students; near 0 it does not; below 0 the weaker ones do better on it.
 */
export function pointBiserialCorrected(item: number[], total: number[]): number | null {
  return correlation(
    item,
    total.map((t, i) => t - item[i]!),
  );
}

/**
 * The upper/lower index: the item's facility among the top 27% of attempts by total score minus its
 * facility among the bottom 27% (at least one attempt in each group). Attempts with equal totals keep
 * their order (earlier attempts first), so the result is the same every time. Null below two attempts.
 */
export function upperLowerIndex(item: number[], total: number[], fraction = UPPER_LOWER_FRACTION): number | null {
  const n = item.length;
  if (n < 2 || total.length !== n) return null;
  const group = Math.min(Math.floor(n / 2), Math.max(1, Math.round(n * fraction)));
  const order = item.map((_, i) => i).sort((a, b) => total[b]! - total[a]! || a - b);
  const share = (indexes: number[]) => mean(indexes.map((i) => item[i]!));
  return share(order.slice(0, group)) - share(order.slice(n - group));
}

/** A column of the matrix. */
export const column = (matrix: number[][], j: number): number[] => matrix.map((row) => row[j] ?? 0);
