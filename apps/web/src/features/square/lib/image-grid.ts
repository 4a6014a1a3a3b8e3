/** Columns of a post's image grid: one image large, two and four as a 2×n square, otherwise three. */
export function gridColumns(count: number): 1 | 2 | 3 {
  if (count <= 1) return 1;
  if (count === 2 || count === 4) return 2;
  return 3;
}
