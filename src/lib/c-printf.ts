// C printf's `%.<n>f`, which the shell harnesses print with (via awk): ties round to even. Used where our
// numbers are compared with, or shown like, the numbers those scripts wrote.

/**
 * C printf `%.<digits>f`: like toFixed, but an exact tie rounds to even as glibc does
 * (toFixed rounds ties up, so 0.125 would print 0.13 instead of 0.12).
 */
export function printfFixed(value: number, digits: number): string {
  const fixed = value.toFixed(digits);
  // Most values are nowhere near a tie: their scaled fraction is far from one half by more than the rounding
  // of the product (under 2e-7 below 1e9), so the exact expansion below (60 more digits: most of the cost of a
  // table cell) cannot find one.
  const scaled = Math.abs(value) * 10 ** digits;
  if (scaled < 1e9 && Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) return fixed;
  return exactTie(value, digits) ? evenNeighbour(value, digits, fixed) : fixed;
}

/** Whether `value` lies exactly halfway between two numbers of `digits` decimals. */
function exactTie(value: number, digits: number): boolean {
  const exact = Math.abs(value).toFixed(Math.min(100, digits + 60));
  const tail = exact.slice(exact.indexOf('.') + 1 + digits);
  return /^50*$/.test(tail);
}

/** At an exact tie toFixed rounded away from zero (`fixed`); glibc keeps the even neighbour. */
function evenNeighbour(value: number, digits: number, fixed: string): string {
  const down = (Math.abs(value) - 0.5 * 10 ** -digits) * (value < 0 ? -1 : 1);
  const downText = down.toFixed(digits);
  const lastDigit = Number(downText.replace(/[^0-9]/g, '').slice(-1));
  return lastDigit % 2 === 0 ? downText : fixed;
}
