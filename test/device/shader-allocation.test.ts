/**
 * A pixel shader draw allocates next to nothing per pixel: the generated code hands a texture
 * sample its numbers in an array (shader/types.ts SAMPLE_ARG), where as arguments of a call V8
 * does not inline each would be a heap number per pixel (about 32 bytes a pixel before).
 */
import { Session } from 'node:inspector/promises';
import { describe, expect, it } from 'vitest';
import { modulateScene } from '../../bench/shader-draw.js';
import { leastAllocated } from '../heap-sampling.js';

const SIZE = 128;
/** draws before counting, for V8 to optimise the shader and the sampler */
const WARMUP = 300;
const COUNTED = 40;
/**
 * bytes a pixel: what a draw allocates for itself (about 20 KB: the linked inputs, the stages and
 * the span path are built per draw) comes to about 1.3 a pixel here; a boxed number per pixel
 * would add 12 to 16
 */
const BOUND = 6;

describe('a ps_2_0 texld draw allocates next to nothing per pixel', () => {
  it(`a ${SIZE}×${SIZE} bilinear MODULATE quad through the shader span path`, async () => {
    const scene = modulateScene(SIZE, SIZE, true);
    for (let i = 0; i < WARMUP; i++) scene.draw();
    const session = new Session();
    session.connect();
    try {
      const least = await leastAllocated(session, () => { for (let i = 0; i < COUNTED; i++) scene.draw(); });
      expect(least / (COUNTED * SIZE * SIZE)).toBeLessThan(BOUND);
    } finally {
      session.disconnect();
    }
  });
});
