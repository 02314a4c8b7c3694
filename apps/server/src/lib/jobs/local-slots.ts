/** A counting semaphore within one process: `acquire` resolves, in arrival order, when one of `size` places is free. */
export class LocalSlots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Places free now. */
  get available(): number {
    return this.free;
  }

  /** Takes a place; true when it had to wait for one. */
  async acquire(): Promise<boolean> {
    if (this.free > 0) {
      this.free--;
      return false;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return true;
  }

  /** Gives a place back (to the longest waiter, if any). */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
