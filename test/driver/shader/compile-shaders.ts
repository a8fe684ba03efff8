/**
 * Shaders for the compiled-path tests and bench: whole programs of the kinds applications ship
 * (lighting, skinning, loops, divergent flow control), written for the equivalence test to reach
 * every branch of the generator.
 */
import { LIT_TEXTURED_PS20 } from '../../../bench/shader.js';

/** Three nested rep loops: 255³ iterations at most, far past MAX_EXECUTED. */
export const NESTED_REP_VS30 = `vs_3_0
dcl_position v0
dcl_position o0
mov r0, c0
rep i0
rep i1
rep i2
add r0, r0, v0
mul r1, r0, c1
add r0, r0, r1
endrep
endrep
endrep
mov o0, r0`;

export const SHADERS: readonly string[] = [
  LIT_TEXTURED_PS20,
  // transform and vertex lighting with every matrix form, scalar ops and a0
  `vs_1_1
dcl_position v0
dcl_normal v1
dcl_texcoord v2
m4x4 oPos, v0, c0
m3x3 r0.xyz, v1, c4
m3x2 r5.xy, v1, c4
m4x3 r6.xyz, v0, c0
m3x4 r7, v1, c0
dp3 r1.x, r0, r0
rsq r1.x, r1.x
mul r0.xyz, r0, r1.x
dp3 r2.x, r0, c8
max r2.x, r2.x, c9.x
lit r3, r2
mov a0.x, c9.y
mov r11, c11
mad oD0, c10[a0.x], r3.y, r11
expp r4, v2.x
logp r8, v2.y
exp r9, v2.z
log r10, v2.w
dst r11, r4, r8
add oT0, r4, r8
add oT1, r9, r10
slt r4, v2, c9
sge r8, v2, c9
frc r9, v2
rcp r10.x, r9.y
add oT2, r11, r4
add oT3, r8, r9
mov oT4, r10
mov oT5, r5
mov oT6, r6
mov oT7, r7
mov oFog, r1.x
mov oPts, r2.x
mov oD1, -r0.zyxw`,
  // vs_2_0: mova rounding, relative constants in and out of range, loops with aL, rep, if b
  `vs_2_0
defi i1, 3, 2, 2, 0
def c20, 0.5, -1.5, 2.5, 100
dcl_position v0
dcl_blendindices v1
dcl_blendweight v2
mova a0, v1
mov r0, c0[a0.x]
add r0, r0, c4[a0.y]
add r0, r0, c250[a0.z]
mul r1, c20[a0.w], v2.x
mov r2, c0
loop aL, i0
add r2, r2, c0[aL]
mad r2, r2, c20.x, v0
endloop
loop aL, i1
add r2, r2, c1[aL]
endloop
rep i2
sgn r3, r2, r4, r5
add r2, r2, r3
endrep
if b0
mul r2, r2, c20.y
else
add r2, r2, c20.z
endif
if !b1
sincos r6.xy, r2.x, c21, c22
endif
abs r7, r2
crs r8.xyz, r2, r1
nrm r9, r0
pow r10, r7.x, c20.x
lrp r11, v2, r2, r1
mov oPos, r0
mov oD0, r1
mov oD1, r2
mov oT0, r6
mov oT1, r8
mov oT2, r9
add oT3, r10, r11`,
  // vs_2_x: divergent if_comp, break_comp, predicates, breakp, nested loops
  `vs_2_x
def c30, 0, 1, 2, 0.25
dcl_position v0
dcl_texcoord v1
mov r0, c30.x
rep i0
add r0, r0, v1
break_gt r0.x, v0.x
if_lt r0.y, v0.y
add r1, r0, c30.y
rep i1
add r1, r1, c30.w
break_ge r1.z, c1.z
endrep
else
mul r1, r0, c30.z
endif
endrep
setp_le p0, r0, v0
(p0) add r2, r0, r1
(!p0.y) mov r3, v1
rep i2
breakp p0.x
add r2, r2, c30.w
endrep
if p0.z
mov r4, c3
endif
mov oPos, r0
mov oT0, r1
mov oT1, r2
mov oT2, r3
mov oT3, r4`,
  // vs_3_0: relative inputs and outputs through aL, texldl, sincos
  `vs_3_0
defi i0, 3, 0, 1, 0
dcl_position v0
dcl_texcoord0 v1
dcl_texcoord1 v2
dcl_texcoord2 v3
dcl_2d s0
dcl_position o0
dcl_texcoord0 o1
dcl_texcoord1 o2
dcl_texcoord2 o3
dcl_texcoord3 o4
mov o0, v0
loop aL, i0
add o1[aL], v1[aL], c2[aL]
endloop
texldl r0, v1, s0
sincos r1.xy, v2.x
mov o4, r0
add o4.zw, r1.xyxy, c0`,
  // ps_2_0: texldp, texldb, texkill, cmp, dp2add, cube and volume samplers
  `ps_2_0
def c5, -0.5, 0.5, 1, 0
dcl t0
dcl t1
dcl v0
dcl_2d s0
dcl_cube s1
dcl_volume s2
texldp r0, t0, s0
texldb r1, t1, s1
texld r2, t1, s2
add r3, t0, c5.x
texkill r3
cmp r4, r3, r0, r1
dp2add r5, r4, r2, c5.y
mad_sat r6, r5.x, v0, -r2
min r7, r6, r0
max r8, r7, -r1
exp r9.x, r8.w
log r9.y, r8.z
rcp r9.z, r8.x
rsq r9.w, r8.y
mov oC0, r9
mov oC1, r6
mov oDepth, r5.x`,
  // ps_2_x: derivatives, texldd, divergent if_comp with a texld inside, predicated writes
  `ps_2_x
def c6, 0, 1, 0.5, 2
dcl t0
dcl t1
dcl_2d s0
dsx r0, t0
dsy r1, t0
texldd r2, t0, s0, r0, r1
if_gt t1.x, c6.z
texld r3, t1, s0
add r3, r3, r2
else
mul r3, r2, c6.w
endif
setp_ne p0, r3, c6.x
(p0) mov r4, r3
(!p0) mov r4, t1
dsx r5, r4
mov oC0, r4
mov oC1, r5`,
  // ps_3_0: vPos, vFace, loop with break_comp, relative input v0[aL], oC0..oC3
  `ps_3_0
defi i0, 4, 0, 1, 0
def c7, 0, 1, 0.5, 8
dcl_texcoord0 v0
dcl_texcoord1 v1
dcl_texcoord2 v2
dcl_texcoord3 v3
dcl vPos.xy
dcl vFace
dcl_2d s0
mov r0, c7.x
loop aL, i0
add r0, r0, v0[aL]
break_ge r0.x, c7.w
endloop
if_lt vFace, c7.x
mov r0.w, -r0.w
endif
mad r1, vPos.xyxy, c7.z, r0
texld r2, r1, s0
mov oC0, r0
mov oC1, r1
mov oC2, r2
add oC3, r1, r2`,
  // vs_3_0: nested rep whose worst case passes MAX_EXECUTED (runs with large counts go to the interpreter)
  NESTED_REP_VS30,
  // ps_1_1: tex, texcoord, modifiers, shifts, co-issue, cnd on r0.a
  `ps_1_1
def c0, 0.5, 0.25, -0.75, 1
def c2, 2, -3, 0.125, 0.6
tex t0
tex t1
texcoord t2
mul r0, t0, v0
mad_x2 r1, t1_bx2, c0, -v1
dp3_sat r1.w, t0_bx2, t1
lrp r0.rgb, r1.a, r0, c1
+mul_d2 r0.a, t2.a, v0.a
sub_x4 r1.rgb, 1-r0, t2_bias
+add_sat r1.a, r0.a, c2.w
cnd r0, r0.a, r1, t2`,
  // ps_1_4: texcrd, texld with _dz in the second phase, cmp, texkill
  `ps_1_4
def c0, 0.5, 0.25, -0.75, 1
texcrd r0.rgb, t0
texld r1, t1
texkill t2
phase
texld r2, r0_dz
mul r3, r1, r2
cmp r0, r3_bias, r1, c0
+mov_x2 r0.a, r2.b
add_d4 r0.rgb, r0, r3`,
];
