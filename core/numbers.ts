// Numbers as spreadsheets show them: at most 15 significant digits, so float noise
// (0.1 + 0.2 = 0.30000000000000004) never reaches a reply.

export function significant15(x: number): number {
  return Number.isFinite(x) && !Number.isInteger(x) ? Number(x.toPrecision(15)) : x;
}
