import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENUM_TABLES } from '../../src/d3d9/index.js';
import { COMMANDS } from '../../src/trace/commands.js';
import { SCHEMA } from '../../src/trace/generated/schema-spec.js';
import { HANDLERS } from '../../src/replay/handlers.js';
import { generate, GENERATED_DIR } from '../../tools/gen-schema.js';

const hasFlatc = (() => {
  try {
    execFileSync('flatc', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

describe('the schema and the code generated from it', () => {
  it.skipIf(!hasFlatc)('committed generated code is what `npm run schema` makes now', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay9-schema-'));
    try {
      for (const name of generate(dir)) {
        expect(readFileSync(join(dir, name), 'utf8'), `src/trace/generated/${name} is stale: run npm run schema`).toBe(readFileSync(join(GENERATED_DIR, name), 'utf8'));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names only constant types that the vocabulary defines', () => {
    const missing: string[] = [];
    const check = (r9: string | undefined, where: string): void => {
      const m = /^(?:enum|flags|state) (\w+)$/.exec(r9 ?? '');
      if (m && !(m[1] in ENUM_TABLES)) missing.push(`${where}: ${m[1]}`);
    };
    for (const t of SCHEMA.tables) for (const f of t.fields) check(f.r9, `${t.name}.${f.name}`);
    for (const s of SCHEMA.structs) for (const f of s.fields) check(f.r9, `${s.name}.${f.name}`);
    expect(missing).toEqual([]);
  });

  it('has a replay handler for every command and no other', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual(COMMANDS.slice(1).map((c) => c.name).sort());
  });

  it('records the interface, method and created kind of each command', () => {
    const cr = COMMANDS.find((c) => c?.name === 'CreateRenderTarget')!;
    expect([cr.iface, cr.method, cr.creates, cr.selfKind]).toEqual(['IDirect3DDevice9', 'CreateRenderTarget', 'Surface', 'Device']);
    const rel = COMMANDS.find((c) => c?.name === 'Release')!;
    expect(rel.iface).toBe('*');
    const lock = COMMANDS.find((c) => c?.name === 'TextureLockRect')!;
    expect([lock.iface, lock.method]).toEqual(['IDirect3DTexture9', 'LockRect']);
  });
});
