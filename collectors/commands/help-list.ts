// A list in a command's --help: a label, then its text wrapped under itself at 100 columns. The lists of
// benchmarks come from the registry (each folder's `help`), so a benchmark's line is written in its folder.

const WIDTH = 100;

/** Words of `text` in lines of at most `width` characters (a longer word has a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Rows as `  <label padded to labelWidth> <text wrapped>`, the text's other lines under its first. */
export function helpList(rows: ReadonlyArray<readonly [string, string]>, labelWidth: number, indent = 2): string {
  const pad = ' '.repeat(indent + labelWidth + 1);
  return rows
    .flatMap(([label, text]) =>
      wrapWords(text, WIDTH - pad.length).map((l, i) =>
        i ? pad + l : `${' '.repeat(indent)}${label.padEnd(labelWidth)} ${l}`,
      ),
    )
    .join('\n');
}
