/**
 * Text of `inspect --state`: one section per kind of state, in DEVICE_STATE_KEYS order;
 * without --all only values that differ from a new device's (reference B.4), and a section
 * with none is left out.
 */
import type { DeviceStateDump, LightDump, Rgba, StateAtPoint, StateMap, Xyz } from './state.js';

/** D3DVERTEXTEXTURESAMPLER0: the D3D9 number of vertex sampler 0. */
const VERTEX_SAMPLER0 = 257;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const rgba = (c: Rgba): string => `(${c.r}, ${c.g}, ${c.b}, ${c.a})`;
const xyz = (v: Xyz): string => `(${v.x}, ${v.y}, ${v.z})`;

function stateLines(now: StateMap, def: StateMap, all: boolean): string[] {
  const names = Object.keys(now).filter((k) => all || !same(now[k], def[k]));
  const width = Math.max(0, ...names.map((n) => n.length));
  return names.map((n) => `  ${n.padEnd(width)}  ${now[n]}`);
}

function lightLine(l: LightDump): string {
  return `  light ${l.index}: ${l.enabled ? 'enabled' : 'disabled'}, ${l.type}, diffuse ${rgba(l.diffuse)}, specular ${rgba(l.specular)}, ambient ${rgba(l.ambient)}, `
    + `position ${xyz(l.position)}, direction ${xyz(l.direction)}, range ${l.range}, falloff ${l.falloff}, `
    + `attenuation (${l.attenuation0}, ${l.attenuation1}, ${l.attenuation2}), theta ${l.theta}, phi ${l.phi}`;
}

/** A block (heading, then one line per value; left out when empty) or a one-line section. */
type Section = { heading: string; lines: string[] } | { line: string };

function sections(s: DeviceStateDump, d: DeviceStateDump, all: boolean): Section[] {
  const out: Section[] = [];
  const block = (heading: string, lines: string[]): void => { out.push({ heading, lines }); };
  const line = (text: string): void => { out.push({ line: text }); };
  const keep = <T>(a: T, b: T): boolean => all || !same(a, b);
  block('render states', stateLines(s.renderStates, d.renderStates, all));
  s.samplerStates.forEach((m, i) => block(`sampler ${i}`, stateLines(m, d.samplerStates[i], all)));
  s.vertexSamplerStates.forEach((m, i) => block(`vertex sampler ${i} (${VERTEX_SAMPLER0 + i})`, stateLines(m, d.vertexSamplerStates[i], all)));
  s.textureStageStates.forEach((m, i) => block(`texture stage ${i}`, stateLines(m, d.textureStageStates[i], all)));
  const tf = Object.keys(s.transforms).filter((k) => keep(s.transforms[k], d.transforms[k]));
  block('transforms', tf.flatMap((k) => [`  ${k}`, ...s.transforms[k].map((row) => `    [${row.join(', ')}]`)]));
  const v = s.viewport;
  if (keep(v, d.viewport)) line(`viewport: X ${v.X}, Y ${v.Y}, Width ${v.Width}, Height ${v.Height}, MinZ ${v.MinZ}, MaxZ ${v.MaxZ}`);
  const r = s.scissorRect;
  if (keep(r, d.scissorRect)) line(`scissor rect: left ${r.left}, top ${r.top}, right ${r.right}, bottom ${r.bottom}`);
  if (keep(s.renderTarget0, d.renderTarget0)) line(`render target 0: ${s.renderTarget0 ?? 'NULL'}`);
  if (keep(s.depthStencil, d.depthStencil)) line(`depth-stencil: ${s.depthStencil ?? 'NULL'}`);
  block('textures', [
    ...s.textures.flatMap((t, i) => (keep(t, d.textures[i]) ? [`  stage ${i}: ${t ?? 'NULL'}`] : [])),
    ...s.vertexTextures.flatMap((t, i) => (keep(t, d.vertexTextures[i]) ? [`  vertex sampler ${i} (${VERTEX_SAMPLER0 + i}): ${t ?? 'NULL'}`] : [])),
  ]);
  block('stream sources', s.streamSources.flatMap((x, i) => (keep(x, d.streamSources[i]) ? [`  stream ${i}: ${x.buffer ?? 'NULL'}, offset ${x.offset}, stride ${x.stride}`] : [])));
  if (keep(s.indices, d.indices)) line(`indices: ${s.indices ?? 'NULL'}`);
  if (keep(s.fvf, d.fvf)) line(`FVF: ${s.fvf.flags.join(' | ') || '0'} (${s.fvf.value})`);
  block('lights', s.lights.map(lightLine));
  const m = s.material;
  if (keep(m, d.material)) line(`material: diffuse ${rgba(m.diffuse)}, ambient ${rgba(m.ambient)}, specular ${rgba(m.specular)}, emissive ${rgba(m.emissive)}, power ${m.power}`);
  if (keep(s.currentTexturePalette, d.currentTexturePalette)) line(`current texture palette: ${s.currentTexturePalette}`);
  if (keep(s.nPatchSegments, d.nPatchSegments)) line(`N-patch segments: ${s.nPatchSegments}`);
  return out;
}

/** The text lines of the state at call `call`. */
export function stateText(p: { call: number; frames: number }, at: StateAtPoint, all: boolean): string[] {
  const lines = [`device state at call ${p.call} (${p.frames} frame${p.frames === 1 ? '' : 's'} presented)${all ? ', every value' : ', values that differ from a new device\'s (--all shows every value)'}:`];
  let shown = 0;
  for (const sec of sections(at.state, at.defaults, all)) {
    if ('line' in sec) lines.push(sec.line);
    else if (sec.lines.length) lines.push(`${sec.heading}:`, ...sec.lines);
    else continue;
    shown++;
  }
  if (shown === 0) lines.push('  (every value is at its default)');
  return lines;
}
