// Version ordering: 8.0.9 < 8.0.10 < 8.4.0; 19beta1 < 19; missing versions last.

function parts(v: string): { nums: number[]; pre?: { kind: number; n: number } } {
  const m = /^([\d.]+)(alpha|beta|rc)?(\d*)$/.exec(v);
  if (!m) return { nums: [] };
  const kinds: Record<string, number> = { alpha: 0, beta: 1, rc: 2 };
  return {
    nums: m[1]!.split('.').filter(Boolean).map(Number),
    pre: m[2] ? { kind: kinds[m[2]]!, n: Number(m[3] || 0) } : undefined,
  };
}

export function compareVersions(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre && !y.pre) return -1;
  if (!x.pre && y.pre) return 1;
  if (x.pre && y.pre) return x.pre.kind - y.pre.kind || x.pre.n - y.pre.n;
  return 0;
}
