/**
 * The repetition cost of a fill: how much of it already copies from (about) the same source
 * offset. A coherent copy is what carries a wall's courses or a meadow's grain into the hole, but
 * one offset covering a large part of a wide fill is a cloned object (a second tower beside the
 * first). Each match pays for the share of the fill its offset already covers beyond a free
 * share, so large parts of the fill come from several places and no distinctive piece twice.
 */

/** The share of the fill one offset may cover before it costs anything. */
const FREE_SHARE = 0.02;

export class OffsetUse {
  private readonly counts: Int32Array;
  private readonly cols: number;
  private readonly bin: number;
  private readonly span: number;

  /**
   * `weight`: the cost of an offset covering the whole fill; offsets are counted in bins of about
   * 1/64 of the long side, and an offset's use is the count of its bin and the eight around it.
   */
  constructor(
    private readonly w: number,
    private readonly h: number,
    private readonly weight: number,
    private readonly total: number,
  ) {
    this.bin = Math.max(2, Math.round(Math.max(w, h) / 64));
    this.span = Math.ceil(Math.max(w, h) / this.bin) + 2;
    this.cols = 2 * this.span + 1;
    this.counts = new Int32Array(this.cols * this.cols);
  }

  private binOf(tx: number, ty: number, sx: number, sy: number): number {
    const bx = Math.floor((sx - tx) / this.bin) + this.span;
    const by = Math.floor((sy - ty) / this.bin) + this.span;
    return by * this.cols + bx;
  }

  add(tx: number, ty: number, sx: number, sy: number, n: number): void {
    this.counts[this.binOf(tx, ty, sx, sy)] += n;
  }

  /** The cost of the target at (tx, ty) copying from (sx, sy). */
  cost(tx: number, ty: number, sx: number, sy: number): number {
    const b = this.binOf(tx, ty, sx, sy);
    let n = 0;
    for (let dy = -this.cols; dy <= this.cols; dy += this.cols) for (let dx = -1; dx <= 1; dx++) n += this.counts[b + dy + dx] ?? 0;
    return this.weight * Math.max(0, n / this.total - FREE_SHARE);
  }
}
