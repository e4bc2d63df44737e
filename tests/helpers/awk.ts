// The mytools harness computes its averages with grep and awk; running those exact commands on a fixture
// gives an independent expected value for our harness-compatible code.
import { execFileSync } from 'node:child_process';

export function sh(script: string, input: string): string {
  return execFileSync('bash', ['-c', script], { input, encoding: 'utf8' }).trim();
}
