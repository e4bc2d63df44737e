// JSON for files people read in diffs: indented, but any object or array that fits on one line stays on one
// line (a result row, a manifest entry), which keeps run.json about a third of its fully indented size.

const MAX = 110;

export function formatJson(value: unknown): string {
  return `${format(value, '')}\n`;
}

function format(value: unknown, indent: string): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return 'null';
  if (value === null || typeof value !== 'object' || flat.length + indent.length <= MAX) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + format(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner)}`).join(',\n')}\n${indent}}`;
}
