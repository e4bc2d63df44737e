// Long series (2 hours of 1-second samples) are averaged into at most `max` points for charts; the full
// series stays in series.json.

export function downsample(rows: Array<Array<number | null>>, max: number): Array<Array<number | null>> {
  if (rows.length <= max) return rows;
  const size = Math.ceil(rows.length / max);
  const out: Array<Array<number | null>> = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const width = chunk[0]!.length;
    const row: Array<number | null> = [];
    for (let j = 0; j < width; j++) {
      const vals = chunk.map((r) => r[j]).filter((v): v is number => v !== null && v !== undefined);
      row.push(vals.length ? vals.reduce((a, b) => a + b, 0) / vals.length : null);
    }
    out.push(row);
  }
  return out;
}
