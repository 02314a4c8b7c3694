import { describe, expect, it } from 'vitest';
import { EMPTY_OBJECTS } from './objects';
import { tweakCost } from './cost';

const rect = { id: 'r', x: 0.1, y: 0.1, width: 0.2, height: 0.2, color: '#f00', strokeWidth: 2 };
const picture = { id: 'p', src: 'blob:p', name: 'tree.png', x: 400, y: 300, width: 200, height: 200, rotation: 0 };

describe('tweakCost: what the server will charge', () => {
  it('an inpaint of drawn areas: one credit per variation', () => {
    expect(tweakCost({ ...EMPTY_OBJECTS, rectangleObjects: [rect], prompt: 'olive trees', variations: 2 }, 'generate')).toEqual({ total: 2, steps: 'Inpaint 2' });
  });

  it('an outpaint of an expanded frame: one credit per variation', () => {
    expect(tweakCost({ ...EMPTY_OBJECTS, prompt: '', variations: 2 }, 'generate')).toEqual({ total: 2, steps: 'Outpaint 2' });
    expect(tweakCost({ ...EMPTY_OBJECTS, prompt: 'sky', variations: 1 }, 'outpaint')).toEqual({ total: 1, steps: 'Outpaint 1' });
  });

  it('an outpaint followed by the inpaint of drawn areas (the pipeline): both steps', () => {
    expect(tweakCost({ ...EMPTY_OBJECTS, rectangleObjects: [rect], prompt: 'olive trees', variations: 2 }, 'outpaint')).toEqual({ total: 4, steps: 'Outpaint 2 + inpaint 2' });
    // Without a prompt no inpaint follows.
    expect(tweakCost({ ...EMPTY_OBJECTS, rectangleObjects: [rect], prompt: '  ', variations: 2 }, 'outpaint').total).toBe(2);
  });

  it('placing pictures costs 1, plus the inpaint that follows when areas are drawn and a prompt given', () => {
    expect(tweakCost({ ...EMPTY_OBJECTS, addedImages: [picture], prompt: '', variations: 2 }, 'generate')).toEqual({ total: 1, steps: 'Place image 1' });
    expect(tweakCost({ ...EMPTY_OBJECTS, addedImages: [picture], brushObjects: [{ id: 'b', path: [0, 0, 1, 1], bounds: { x: 0, y: 0, width: 1, height: 1 }, color: '#f00', strokeWidth: 60 }], prompt: 'planter', variations: 2 }, 'generate')).toEqual({
      total: 3,
      steps: 'Place image 1 + inpaint 2',
    });
  });
});
