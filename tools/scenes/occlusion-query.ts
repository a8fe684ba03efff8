/**
 * Occlusion culling with D3DQUERYTYPE_OCCLUSION. A grey wall (z 0.3) fills the left half of a
 * 128×64 target; four 16×16 boxes are tested against it with colour and depth writes off, each in
 * its own query: A behind the wall (0 samples), B half behind its edge (8 × 16 = 128), C in front
 * of it (256), D in the open (256). The scene reads each count back (GetData) and decides from it:
 * a box with samples is drawn in colour (B shows only its visible half; A is culled and never
 * drawn), and a bar under each box shows its count (width count / 16 pixels; red for 0, yellow for
 * part, green for all). An EVENT query is issued at the end and polled once (signalled at once).
 */
import { D3DCLEAR, D3DCMP, D3DCULL, D3DFMT, D3DFVF, D3DGETDATA, D3DISSUE, D3DPT, D3DQUERYTYPE, D3DRS } from '../../src/index.js';
import type { Direct3D9, IDirect3DDevice9, Scene } from '../../src/index.js';
import { createDevice, rhwQuad } from './lib.js';

const W = 128;
const H = 64;
const BOX = 16;

interface Box { name: string; x: number; y: number; z: number; color: number }

const BOXES: readonly Box[] = [
  { name: 'behind', x: 16, y: 8, z: 0.6, color: 0xff3060ff },
  { name: 'edge', x: 56, y: 8, z: 0.6, color: 0xffff60c0 },
  { name: 'front', x: 24, y: 32, z: 0.1, color: 0xff30d0ff },
  { name: 'open', x: 96, y: 8, z: 0.6, color: 0xffc0a0ff },
];

function quad(dev: IDirect3DDevice9, x0: number, y0: number, x1: number, y1: number, z: number, color: number): void {
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, rhwQuad(x0, y0, x1, y1, z, color), 20);
}

const scene: Scene = (d3d: Direct3D9, ctx) => {
  const dev = createDevice(d3d, ctx, W, H, D3DFMT.D24S8);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  // does the device have occlusion queries? (a NULL ppQuery creates nothing)
  if (dev.CreateQuery(D3DQUERYTYPE.OCCLUSION, null).hr !== 0) throw new Error('occlusion queries are not supported');

  const queries = BOXES.map((b) => {
    ctx.name(`q_${b.name}`);
    return dev.CreateQuery(D3DQUERYTYPE.OCCLUSION).query!;
  });

  dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff181820, 1, 0);
  dev.BeginScene();
  quad(dev, 0, 0, W / 2, H, 0.3, 0xff707070);

  // the test pass: boxes rasterized against the depth buffer, writing nothing
  dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0);
  dev.SetRenderState(D3DRS.ZWRITEENABLE, 0);
  BOXES.forEach((b, i) => {
    queries[i].Issue(D3DISSUE.BEGIN);
    quad(dev, b.x, b.y, b.x + BOX, b.y + BOX, b.z, b.color);
    queries[i].Issue(D3DISSUE.END);
  });
  dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0xf);
  dev.SetRenderState(D3DRS.ZWRITEENABLE, 1);

  const counts = queries.map((q) => {
    const r = q.GetData(4, D3DGETDATA.FLUSH);
    if (r.hr !== 0 || !r.data) throw new Error(`GetData answered 0x${(r.hr >>> 0).toString(16)}`);
    return new DataView(r.data.buffer, r.data.byteOffset, 4).getUint32(0, true);
  });

  // the draw pass: only the boxes the queries saw
  BOXES.forEach((b, i) => {
    if (counts[i] > 0) quad(dev, b.x, b.y, b.x + BOX, b.y + BOX, b.z, b.color);
  });
  // a bar under each box: its count in pixels of width (count / 16), coloured by how much was seen
  dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
  BOXES.forEach((b, i) => {
    const n = counts[i];
    const color = n === 0 ? 0xffff2020 : n < BOX * BOX ? 0xffffd020 : 0xff20e040;
    const y = b.y + BOX + 2;
    quad(dev, b.x, y, b.x + BOX, y + 4, 0, 0xff000000);
    quad(dev, b.x, y, b.x + Math.max(1, n / BOX), y + 4, 0, color);
  });
  dev.EndScene();

  ctx.name('done');
  const done = dev.CreateQuery(D3DQUERYTYPE.EVENT).query!;
  done.Issue(D3DISSUE.END);
  done.GetData(4, D3DGETDATA.FLUSH);
  dev.Present(null, null, null, null);

  for (const o of [done, ...queries, dev]) o.Release();
};
export default scene;
