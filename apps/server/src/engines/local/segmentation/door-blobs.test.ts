import { describe, expect, it } from 'vitest';
import type { Blob } from './blobs.js';
import { doorBlobs } from './door-blobs.js';

const W = 100;
const H = 80;
/** Wall from row 10 to row 69, ground below. */
const wall = Uint8Array.from({ length: W * H }, (_, i) => (i >= 10 * W && i < 70 * W ? 1 : 0));
const blob = (id: number, box: Blob['box']): Blob => ({ id, area: (box[2] - box[0] + 1) * (box[3] - box[1] + 1), box });

describe('doors among the window-like blobs', () => {
  it('takes tall blobs standing at the foot of the wall, not windows above it nor squat openings', () => {
    const door = blob(0, [10, 40, 19, 69]); // 10 × 30, on the ground
    const nearFoot = blob(1, [30, 38, 39, 67]); // 2 px of plinth under it
    const tallWindow = blob(2, [50, 15, 59, 44]); // tall, but a storey above the ground
    const shopWindow = blob(3, [70, 50, 89, 69]); // on the ground, but wide
    const found = doorBlobs([door, nearFoot, tallWindow, shopWindow], wall, W, H, { tall: 1.5, standsOn: 0.15 });
    expect(found.map((b) => b.id)).toEqual([0, 1]);
  });
});
