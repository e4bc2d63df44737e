// `benchsite-monitors.json`: how often vmstat and iostat sampled beside the steps of a `benchsite run`. np.sh
// always samples every 5 s; a spec may choose another interval, and the files themselves do not say.
export const MONITORS_FILE = 'benchsite-monitors.json';

export function monitorsFileText(intervalSeconds: number): string {
  return `${JSON.stringify({ intervalSeconds, vmstat: `vmstat ${intervalSeconds}`, iostat: `iostat -y -kx ${intervalSeconds}` }, null, 2)}\n`;
}

/** The sampling interval in a monitors file; undefined when the file does not say. */
export function monitorIntervalOf(text: string): number | undefined {
  try {
    const v = (JSON.parse(text) as { intervalSeconds?: unknown }).intervalSeconds;
    return typeof v === 'number' && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}
