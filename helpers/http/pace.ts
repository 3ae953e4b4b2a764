/**
 * MAX_RPS: spaces this process's requests at least `intervalMs` apart. Each worker process gets an equal share of
 * the budget (the runner divides it by CONCURRENCY), so the target sees at most MAX_RPS in all.
 */
let nextSlot = 0;

export async function pace(intervalMs: number): Promise<void> {
  if (intervalMs <= 0) return;
  const now = Date.now();
  const at = Math.max(now, nextSlot);
  nextSlot = at + intervalMs;
  if (at > now) await new Promise((r) => setTimeout(r, at - now));
}
