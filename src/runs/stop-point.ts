// For the kill tests only: BENCHSITE_STOP_AT=<name>[:<n>] makes the process kill itself (SIGKILL, as a crash or
// `kill -9` would) the n-th time (default 1st) it reaches the point of that name, so each point between two
// writes can be tested. Unset, a stop point costs one look at the environment.
let seen: Map<string, number> | undefined;

export function stopPoint(name: string): void {
  const want = process.env.BENCHSITE_STOP_AT;
  if (!want) return;
  const [at, nth = '1'] = want.split(':');
  if (at !== name) return;
  seen ??= new Map();
  const n = (seen.get(name) ?? 0) + 1;
  seen.set(name, n);
  if (n === Number(nth)) process.kill(process.pid, 'SIGKILL');
}
