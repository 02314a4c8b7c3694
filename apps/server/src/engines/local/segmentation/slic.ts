/** SLIC superpixels on a Lab working image (colour + position), with connected labels. */
export function slic(L: Float32Array, A: Float32Array, B: Float32Array, w: number, h: number, k: number, grad: Float32Array) {
  const n = w * h;
  const S = Math.max(4, Math.round(Math.sqrt(n / k)));
  const cx: number[] = [];
  const cy: number[] = [];
  const cl: number[] = [];
  const ca: number[] = [];
  const cb: number[] = [];
  for (let y = Math.floor(S / 2); y < h; y += S) {
    for (let x = Math.floor(S / 2); x < w; x += S) {
      // Move the seed to the lowest gradient in its 3x3 neighbourhood.
      let bx = x;
      let by = y;
      let bg = Infinity;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = Math.min(w - 1, Math.max(0, x + dx));
          const yy = Math.min(h - 1, Math.max(0, y + dy));
          const g = grad[yy * w + xx];
          if (g < bg) {
            bg = g;
            bx = xx;
            by = yy;
          }
        }
      const i = by * w + bx;
      cx.push(bx);
      cy.push(by);
      cl.push(L[i]);
      ca.push(A[i]);
      cb.push(B[i]);
    }
  }
  const K = cx.length;
  const labels = new Int32Array(n).fill(-1);
  const dist = new Float32Array(n);
  const m = 12;
  const wS = (m * m) / (S * S);
  for (let iter = 0; iter < 6; iter++) {
    dist.fill(Infinity);
    for (let c = 0; c < K; c++) {
      const x0 = Math.max(0, Math.round(cx[c] - S));
      const x1 = Math.min(w - 1, Math.round(cx[c] + S));
      const y0 = Math.max(0, Math.round(cy[c] - S));
      const y1 = Math.min(h - 1, Math.round(cy[c] + S));
      const l = cl[c];
      const a = ca[c];
      const b = cb[c];
      const px = cx[c];
      const py = cy[c];
      for (let y = y0; y <= y1; y++) {
        const dy = y - py;
        let i = y * w + x0;
        for (let x = x0; x <= x1; x++, i++) {
          const dl = L[i] - l;
          const da = A[i] - a;
          const db = B[i] - b;
          const dx = x - px;
          const d = dl * dl + da * da + db * db + (dx * dx + dy * dy) * wS;
          if (d < dist[i]) {
            dist[i] = d;
            labels[i] = c;
          }
        }
      }
    }
    const sx = new Float64Array(K);
    const sy = new Float64Array(K);
    const sl = new Float64Array(K);
    const sa = new Float64Array(K);
    const sb = new Float64Array(K);
    const cnt = new Float64Array(K);
    for (let y = 0, i = 0; y < h; y++)
      for (let x = 0; x < w; x++, i++) {
        const c = labels[i];
        if (c < 0) continue;
        sx[c] += x;
        sy[c] += y;
        sl[c] += L[i];
        sa[c] += A[i];
        sb[c] += B[i];
        cnt[c]++;
      }
    for (let c = 0; c < K; c++) {
      if (cnt[c] === 0) continue;
      cx[c] = sx[c] / cnt[c];
      cy[c] = sy[c] / cnt[c];
      cl[c] = sl[c] / cnt[c];
      ca[c] = sa[c] / cnt[c];
      cb[c] = sb[c] / cnt[c];
    }
  }
  // Connectivity: relabel connected components; absorb tiny ones into a neighbour.
  const out = new Int32Array(n).fill(-1);
  const minSize = Math.max(4, Math.floor((S * S) / 4));
  const stack: number[] = [];
  const comp: number[] = [];
  let next = 0;
  for (let start = 0; start < n; start++) {
    if (out[start] >= 0) continue;
    const lab = labels[start];
    comp.length = 0;
    stack.push(start);
    out[start] = next;
    let neighbour = -1;
    while (stack.length) {
      const i = stack.pop()!;
      comp.push(i);
      const x = i % w;
      const y = (i - x) / w;
      for (let q = 0; q < 4; q++) {
        const j = q === 0 ? (x > 0 ? i - 1 : -1) : q === 1 ? (x < w - 1 ? i + 1 : -1) : q === 2 ? (y > 0 ? i - w : -1) : y < h - 1 ? i + w : -1;
        if (j < 0) continue;
        if (out[j] < 0 && labels[j] === lab) {
          out[j] = next;
          stack.push(j);
        } else if (out[j] >= 0 && out[j] !== next) neighbour = out[j];
      }
    }
    if (comp.length < minSize && neighbour >= 0) {
      for (const i of comp) out[i] = neighbour;
    } else next++;
  }
  return { labels: out, count: next };
}

