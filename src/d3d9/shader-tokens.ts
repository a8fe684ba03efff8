/**
 * What CreateVertexShader and CreatePixelShader check of a token stream before the shader code
 * itself is read (that comes with the shader reader): a version token of the right kind and a
 * version replay9 accepts, then instructions up to the end token, within a bounded length. The
 * limits of the constant registers the Set/Get*ShaderConstant* calls accept are here too.
 */

export type ShaderKind = 'vertex' | 'pixel';

/** The end token that closes every shader. */
export const SHADER_END_TOKEN = 0x0000ffff;
/** The longest stream accepted, in DWORDs (a trace is untrusted); SM3's 32768-slot shaders with comments fit. */
export const MAX_SHADER_DWORDS = 1 << 18;

/**
 * The versions accepted: vs_1_1, vs_2_0, vs_2_x, vs_3_0 and ps_1_1 … ps_1_4, ps_2_0, ps_2_x, ps_3_0.
 * Windows refuses a version above D3DCAPS9.VertexShaderVersion/PixelShaderVersion, which say 3.0.
 */
const VERSIONS: Readonly<Record<ShaderKind, ReadonlySet<number>>> = {
  vertex: new Set([0x0101, 0x0200, 0x0201, 0x0300]),
  pixel: new Set([0x0101, 0x0102, 0x0103, 0x0104, 0x0200, 0x0201, 0x0300]),
};
const KIND_BITS: Readonly<Record<ShaderKind, number>> = { vertex: 0xfffe, pixel: 0xffff };

const OP_COMMENT = 0xfffe;
const OP_DEF = 0x51;

/** The token at DWORD `i` of `b` (little-endian, as D3D9 stores DWORDs). */
function word(b: Uint8Array, i: number): number {
  const o = i * 4;
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
}

/**
 * The length in bytes of the token stream at the start of `b`, through its end token, or undefined
 * when it is not one replay9 accepts (wrong kind or version, no end token within the bound).
 * Instructions are stepped over so a literal or a comment holding 0x0000FFFF does not end the
 * stream: comments by their length, SM2+ instructions by their length field, SM1 instructions by
 * their parameter tokens (bit 31 set) and def by its fixed four literals.
 */
export function shaderStreamBytes(b: Uint8Array, kind: ShaderKind): number | undefined {
  const words = Math.min(Math.floor(b.length / 4), MAX_SHADER_DWORDS);
  if (words < 2) return undefined;
  const version = word(b, 0);
  if (version >>> 16 !== KIND_BITS[kind] || !VERSIONS[kind].has(version & 0xffff)) return undefined;
  const sm2 = (version & 0xff00) >= 0x0200;
  let i = 1;
  while (i < words) {
    const t = word(b, i);
    if (t === SHADER_END_TOKEN) return (i + 1) * 4;
    const op = t & 0xffff;
    if (op === OP_COMMENT) i += 1 + ((t >>> 16) & 0x7fff);
    else if (sm2) i += 1 + ((t >>> 24) & 0xf);
    else if (op === OP_DEF) i += 6;
    else {
      i++;
      while (i < words && word(b, i) >>> 31 === 1) i++;
    }
  }
  return undefined;
}

/** How many constant registers of each type a shader stage has (Set/Get*ShaderConstant* validate against these). */
export interface ConstantLimits { f: number; i: number; b: number }

/**
 * The register counts Windows validates: a vertex shader has 256 float, 16 integer and 16 boolean
 * constants on a hardware-processing device (vs_3_0's registers; Wine device.c
 * test_vertex_shader_constant: MaxVertexShaderConst − 1 is accepted, MaxVertexShaderConst and a
 * count running past it are not); software vertex processing (SOFTWARE or MIXED devices) has the
 * vs_3_sw sets, 8192 float and 2048 integer and boolean. A pixel shader has 224 float (ps_3_0),
 * 16 integer and 16 boolean constants whatever the device.
 */
export function constantLimits(kind: ShaderKind, softwareVertexProcessing: boolean): ConstantLimits {
  if (kind === 'pixel') return { f: 224, i: 16, b: 16 };
  return softwareVertexProcessing ? { f: 8192, i: 2048, b: 2048 } : { f: 256, i: 16, b: 16 };
}
