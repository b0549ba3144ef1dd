// Which containers of a cloud-init merge's result the merge itself made, and may change in place.
/**
 * The containers merges created, which belong to the result alone and may be changed in place by
 * the next part instead of copied: copying the whole result for every part made merging N parts
 * O(N²). Changes made in place are logged so that a part cloud-init abandons can be rolled back.
 * Containers that came from a document (or that a JSON patch may have shared) are never owned.
 */
export class MergeOwnership {
  // A Set, not a WeakSet: it lives for one render, and a WeakSet costs more to add to and to collect.
  private readonly owned = new Set<object>()
  private undo: (() => void)[] = []

  own<T extends object>(value: T): T {
    this.owned.add(value)
    return value
  }

  has(value: object): boolean {
    return this.owned.has(value)
  }

  record(step: () => void): void {
    this.undo.push(step)
  }

  /** Keeps the in-place changes of the part merged last. */
  commit(): void {
    this.undo = []
  }

  /** Reverts the in-place changes since the last commit. */
  rollback(): void {
    for (let i = this.undo.length - 1; i >= 0; i--) this.undo[i]!()
    this.undo = []
  }
}
