/** Where `index` sits in the ascending list `indices`, or -1 when it is not there (binary search). */
export function positionIn(indices: readonly number[], index: number): number {
  if (index < 0) return -1;
  let lo = 0;
  let hi = indices.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = indices[mid]!;
    if (v === index) return mid;
    if (v < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
