/** Text as plain words: accents, case and punctuation aside, so «Flúter auricular.» and "flutter auricular" compare. */
export function plainWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
