// fontkit ships no types; the one call used here (core/layout/fonts.ts).
declare module 'fontkit' {
  export function create(data: Buffer): unknown;
}
