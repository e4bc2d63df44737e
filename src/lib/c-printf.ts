// C printf's `%.<n>f`, which the shell harnesses print with (via awk): ties round to even. Used where our
// numbers are compared with, or shown like, the numbers those scripts wrote.

/**
 * C printf `%.<digits>f`: like toFixed, but an exact tie rounds to even as glibc does
 * (toFixed rounds ties up, so 0.125 would print 0.13 instead of 0.12).
 */
export function printfFixed(value: number, digits: number): string {
  const fixed = value.toFixed(digits);
  const exact = Math.abs(value).toFixed(Math.min(100, digits + 60));
  const dot = exact.indexOf('.');
  const tail = exact.slice(dot + 1 + digits);
  if (!/^50*$/.test(tail)) return fixed;
  // An exact tie: toFixed rounded away from zero; glibc keeps the even neighbour.
  const down = (Math.abs(value) - 0.5 * 10 ** -digits) * (value < 0 ? -1 : 1);
  const downText = down.toFixed(digits);
  const lastDigit = Number(downText.replace(/[^0-9]/g, '').slice(-1));
  return lastDigit % 2 === 0 ? downText : fixed;
}
