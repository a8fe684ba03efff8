/** inspect --history with pixel shaders: each fragment names the shader that ran and what it wrote before fog and blending. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import type { HistoryEvent } from '../../src/inspect/history.js';
import { KILL, MAD } from './debug-traces.js';

async function history(file: string, at: string): Promise<{ events: HistoryEvent[]; text: string[] }> {
  const j = await runCli('inspect', file, '--frame', '0', '--history', at, '--json');
  expect(j.code).toBe(0);
  const t = await runCli('inspect', file, '--frame', '0', '--history', at);
  expect(t.code).toBe(0);
  return { events: JSON.parse(j.out) as HistoryEvent[], text: t.out.trim().split('\n') };
}

describe('inspect --history with pixel shaders', () => {
  it('fragments of shader draws are reported with the shader\'s handle name and its oC0 (fixed-function events have none)', async () => {
    const { events, text } = await history(MAD, '4,2');
    expect(events.map((e) => [e.call, e.event, e.fate, e.pixelShader])).toEqual([
      [2, 'write', null, null], [9, 'fragment', 'written', 'ps'], [13, 'fragment', 'written', 'ps'], [15, 'no fragment', 'culled', 'ps'], [17, 'no fragment', null, 'ps'],
    ]);
    // (4, 2): u = v = 0.25 straight, then oT0 = 0.5·(0.25, 0.25) after the vertex shader
    expect(events[1].shaderOutputs).toEqual({ oC0: [0.75, 1, 0.2, 1] });
    expect(events[2].shaderOutputs).toEqual({ oC0: [0.5, 0.5, 0.2, 1] });
    expect(events[0].shaderOutputs).toBeNull();
    expect(text).toContain('call 9 DrawPrimitiveUP: written: 0xff202020 → 0xffbfff33, source (0.75, 1, 0.2, 1); pixel shader ps: oC0 (0.75, 1, 0.2, 1); depth 1 stored, fragment 0.5');
  });

  it('a fragment texkill discards, and one the alpha test fails after the shader', async () => {
    const killed = (await history(KILL, '4,2')).events.find((e) => e.call === 10)!;
    expect(killed).toMatchObject({ event: 'fragment', fate: 'killed by texkill', before: '0xff202020', after: '0xff202020', shaderOutputs: { oC0: [1, 0, 0, 0.25] } });
    const { events, text } = await history(KILL, '12,2');
    expect(events.find((e) => e.call === 10)).toMatchObject({ fate: 'alpha test failed', source: [1, 0, 0, 0.25] });
    // the fixed-function draw after it: no shader
    expect(events.find((e) => e.call === 12)).toMatchObject({ fate: 'written', pixelShader: null, shaderOutputs: null });
    expect(text).toContain('call 10 DrawPrimitiveUP: alpha test failed: source (1, 0, 0, 0.25); pixel shader ps: oC0 (1, 0, 0, 0.25)');
  });
});
