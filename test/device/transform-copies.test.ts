/**
 * SetTransform stores a copy of the application's matrix (SetTransform docs: the device keeps the
 * matrix, not the pointer), reused when a matrix with the same values is set again. Whatever reads
 * a stored matrix (GetTransform, state blocks, snapshots, MultiplyTransform) must hand out copies
 * and never write the stored one: each read here is changed by the test and the device must not see it.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { ObjectCapture, restoreObjects } from '../../src/device/snapshot.js';
import { D3DSBT, D3DTS, D3D_OK } from '../../src/d3d9/index.js';
import type { D3DMATRIX, IDirect3DStateBlock9 } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

const device = (): Device => Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: 16, BackBufferHeight: 16 }).device as Device;
const scaled = (k: number): D3DMATRIX => ({
  _11: k, _12: 0, _13: 0, _14: 0, _21: 0, _22: k, _23: 0, _24: 0, _31: 0, _32: 0, _33: k, _34: 0, _41: 0.5, _42: -0.25, _43: 0, _44: 1,
});

describe('stored matrices are never written through a read', () => {
  it('GetTransform hands out a copy: changing it changes nothing, and setting it back by value reads the same', () => {
    const dev = device();
    dev.SetTransform(D3DTS.WORLD, scaled(2));
    const got = dev.GetTransform(D3DTS.WORLD).matrix!;
    got._11 = 9;
    expect(dev.GetTransform(D3DTS.WORLD).matrix!._11).toBe(2);
    dev.SetTransform(D3DTS.WORLD, got);
    expect(dev.GetTransform(D3DTS.WORLD).matrix!._11).toBe(9);
    dev.SetTransform(D3DTS.WORLD, scaled(2));
    expect(dev.GetTransform(D3DTS.WORLD).matrix).toEqual(scaled(2));
  });

  it('a state block keeps its matrix while the device sets the same and other values, and applies it', () => {
    const dev = device();
    dev.SetTransform(D3DTS.VIEW, scaled(2));
    const sb = dev.CreateStateBlock(D3DSBT.ALL).stateBlock as IDirect3DStateBlock9;
    dev.SetTransform(D3DTS.VIEW, scaled(2));
    dev.MultiplyTransform(D3DTS.VIEW, scaled(3));
    expect(dev.GetTransform(D3DTS.VIEW).matrix!._11).toBe(6);
    expect(sb.Apply()).toBe(D3D_OK);
    expect(dev.GetTransform(D3DTS.VIEW).matrix).toEqual(scaled(2));
    dev.MultiplyTransform(D3DTS.VIEW, scaled(3));
    expect(sb.Capture()).toBe(D3D_OK);
    dev.SetTransform(D3DTS.VIEW, scaled(2));
    expect(sb.Apply()).toBe(D3D_OK);
    expect(dev.GetTransform(D3DTS.VIEW).matrix!._11).toBe(6);
  });

  it('a snapshot restores the matrices set, and the restored device stores its own copies', () => {
    const dev = device();
    dev.SetTransform(D3DTS.PROJECTION, scaled(4));
    const cap = new ObjectCapture();
    cap.ref(dev);
    cap.finish();
    const back = restoreObjects(cap.objects)[0] as Device;
    dev.SetTransform(D3DTS.PROJECTION, scaled(5));
    expect(back.GetTransform(D3DTS.PROJECTION).matrix).toEqual(scaled(4));
    back.SetTransform(D3DTS.PROJECTION, scaled(4));
    back.MultiplyTransform(D3DTS.PROJECTION, scaled(2));
    expect([back.GetTransform(D3DTS.PROJECTION).matrix!._11, dev.GetTransform(D3DTS.PROJECTION).matrix!._11]).toEqual([8, 5]);
  });
});
