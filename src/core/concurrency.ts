/**
 * At most `slots` tasks run at once; the others wait their turn, first come first served. A queue
 * already `maxWaiting` long refuses newcomers with `busy()`, so a flood cannot make everyone wait
 * longer and longer without end: the line stays short.
 */
export function concurrencyLimit(slots: number, maxWaiting: number, busy: () => Error) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= slots && waiting.length >= maxWaiting) throw busy();
    if (running < slots) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake the queue.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
